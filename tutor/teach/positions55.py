"""The positions of the 55 lessons' worked examples and house-rule comparisons, in the 55
notation (``tutor.games.g55.notation``); ``tutor.teach.content.validate`` checks them all."""

from __future__ import annotations

POSITIONS_55: dict[str, str] = {
    "plain": """\
game: 55
players: 4
dealer: 3
hand 0: 2H 5S 8D KS
hand 1: 7C QS 10D 4H
hand 2: AC 10C 7H 4S QD
hand 3: 6C 8H 2S JH 9S
calls: pass pass 20 pass
trump: D
trick: 9C 3C
""",
    "trumps": """\
game: 55
players: 4
dealer: 3
hand 0: KD 3S 9H 4D
hand 1: QD 2S 5H 6S
hand 2: JC 10C KH 3D 8S
hand 3: 9C 2D 6H QS 7D
calls: pass pass 20 pass
trump: C
trick: AC AH
""",
    "follow": """\
game: 55
players: 4
dealer: 3
hand 0: 4D 9C JD 7C
hand 1: KS 2S 6H QD 3C
hand 2: 10S 5D 8C AD 2C
hand 3: QS 4C 9D KD 3D
calls: pass 15 pass pass
trump: H
trick: 8S
""",
    "void": """\
game: 55
players: 4
dealer: 3
hand 0: AC 3H 2S 6D
hand 1: KS 8H 7D 10C
hand 2: 7C 4H 9S 2C QH
hand 3: 3D 8C 6S 10H 5C
calls: pass pass 20 pass
trump: S
trick: JD KD
""",
    "five-led": """\
game: 55
players: 4
dealer: 3
hand 0: 3D KD 8S QH
hand 1: JD 8C KS 3H 9C
hand 2: 7S 4C 10H QC 6S
hand 3: 2H 9S AC JS KH
calls: 25 pass pass pass
trump: D
trick: 5D
""",
    "higher-played": """\
game: 55
players: 4
dealer: 3
hand 0: KC 2D 7C 5S
hand 1: QD AS 3S 8C
hand 2: JH 10S 6C KD 2S
hand 3: 7D 3C QS 9D 8S
calls: pass pass 20 pass
trump: H
trick: 4H 5H
""",
    "who-wins": """\
game: 55
players: 4
dealer: 3
hand 0: 6S 8C QC 7H
hand 1: 2C 9C 10C 5C
hand 2: 5D QS 4C 8H 10D
hand 3: 3S 7C 9H JC 2H
calls: pass pass 20 pass
trump: D
trick: KS AH
""",
    "auction-dealer": """\
game: 55
players: 4
dealer: 3
hand 0: 7S QC 2D 9H 4C
hand 1: KS 8D 6C 3H JS
hand 2: 10C 2S 5C QD 7D
hand 3: 5H JH AH KH 9C
calls: 15 20 pass
""",
    "auction-held": """\
game: 55
players: 4
dealer: 3
hand 0: 7S QC 2D 9H 4C
hand 1: 5S JS AS KS 9C
hand 2: 10C 2S 5C QD 7D
hand 3: 5H JH KH 8D 3H
calls: pass 20 pass hold
""",
    "ah-lead": """\
game: 55
players: 4
dealer: 3
hand 0: 10D 4S 7C AS
hand 1: 7H 2H KS 9D 4D
hand 2: 6C 10S 5D JS 3H
hand 3: KD QS 8H 2D 9S
calls: pass pass 20 pass
trump: C
trick: AH
""",
    "ace-high": """\
game: 55
players: 4
dealer: 3
hand 0: 2D 7S QH 4D
hand 1: 6S 8D 10H 5C
hand 2: 9S 2S JD 6H
hand 3: 3D KD 7H 10S
calls: pass pass 20 pass
trump: H
trick: KC AC 3C 9C
""",
    "min-hold": """\
game: 55
players: 4
dealer: 3
hand 0: 7S QC 2D 9H 4C
hand 1: KS 8D 6C 3H JS
hand 2: 10C 2S 5C QD 7D
hand 3: 5H JH AH KH 9C
calls: 10 pass pass
""",
    "dealer-raise": """\
game: 55
players: 4
dealer: 3
hand 0: 5S JS AS KS 9C
hand 1: KD 8D 6C 3H 7S
hand 2: 10C 2S 5C QD 7D
hand 3: 5H JH AH KH 2C
calls: 20 pass pass
""",
    "reentry": """\
game: 55
players: 4
dealer: 3
hand 0: 7S QC 2D 9H 4C
hand 1: 5S JS AS KS 9C
hand 2: 10C 2S 5C QD 7D
hand 3: 5H JH KH 8D 3H
calls: 15 20 pass hold
""",
    "first-lead": """\
game: 55
players: 4
dealer: 3
hand 0: 7S QC 2D 9H 4C
hand 1: KD 8D 6C 3H 8H
hand 2: 5S JS AS KS 9C
hand 3: 10C 2S 5C QD 7D
calls: pass pass 20 pass
trump: S
""",
    "score-made": """\
game: 55
players: 4
dealer: 3
hand 0:
hand 1: AC
hand 2:
hand 3:
kitty: KC 5H KH 3S 5D
calls: pass pass 20 pass
discards: 5H 3S 8H QS QC
trump: D
trick: 10S KS 9D 2S
trick: 5D 7C 9C 4D
trick: JD 3C 3H 8C
trick: KC AS 6H 2C
trick: KH JH 10H
""",
    "sixty-failed": """\
game: 55
players: 4
dealer: 3
hand 0:
hand 1:
hand 2:
hand 3: 6S
kitty: 5H 3C 4S 2D AS
calls: pass pass 60 pass
discards: 2D 3D 4S 3C AS
trump: H
trick: KS JS 3H 8H
trick: KD 7H 4D 10H
trick: 5H 9H AH 7D
trick: QC 8C KC 2C
trick: 5C 8D 6H
""",
    "renege-keep": """\
game: 55
players: 3
dealer: 2
hand 0: KD 2C 9H 3H
hand 1: 5S AH QC 4D 6H
hand 2: AS 9S 8D 10C JD
calls: pass 15 pass
trump: S
trick: 7S
""",
    "ah-not-heart": """\
game: 55
players: 4
dealer: 3
hand 0: 3D 7S QC 4H
hand 1: AH 5C 8C 2S 9D
hand 2: 10S QD 2H 6C JC
hand 3: 3C 4S 9S 7D KS
calls: pass pass 20 pass
trump: D
trick: KH
""",
}
