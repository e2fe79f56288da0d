"""The positions of the 56 lessons' worked examples and house-rule comparisons, in the 56
notation (``tutor.games.g56.notation``); ``tutor.teach.content.validate`` checks them all."""

from __future__ import annotations

POSITIONS_56: dict[str, str] = {
    "follow": """\
game: 56
players: 4
dealer: 3
tables: 12 12
hand 0: AC 10D 10C 10H 9D 10C QD JS 10S 10D 9S
hand 1: QS QH AS AC KC QS AH JC JH 9D JS
hand 2: 9C KH 10H KC KH 10S 9C KS 9H 9H
hand 3: KD AS QH AD 9S QC KD KS JD AH
calls: pass pass 28H pass pass pass
trick: JD AD JH QD
trick: JC QC
""",
    "void": """\
game: 56
players: 6
dealer: 5
tables: 12 12
hand 0: QD KS 9D 10S AD QC AC
hand 1: KC KC KH AH AD QD KH
hand 2: JC AS 10D QS 10H 9C AC
hand 3: 10C 10C 10H 9H JH 9C
hand 4: JD JC 9H JD 9D AH
hand 5: KD 9S 10D QC QS KS
calls: pass pass pass pass 30D pass pass pass pass pass
trick: JS AS 10S KD 9S JS
trick: JH QH QH
""",
    "twin": """\
game: 56
players: 6
dealer: 5
tables: 12 12
hand 0: 10D JH KS 10S AS QC
hand 1: JC 9H AC QH JD
hand 2: 9C QC 10C 9S 10H
hand 3: 10C AC 9D 9D AS
hand 4: AH 9C KD KC AD
hand 5: KS KC 10H KH AH
calls: pass 28H pass pass pass pass pass
trick: JS JS 9S QS 10S QS
trick: QD JD QD 10D KD AD
trick: JH KH JC QH 9H
""",
    "auction-open": """\
game: 56
players: 6
dealer: 5
tables: 12 12
hand 0: 9S 10H JD JS 10D QS AD QD
hand 1: AC QC AD JD QH QD KD JH
hand 2: 9H KS AC QC KH JC AH 9C
hand 3: KC QS JC QH 9D 9D KC JH
hand 4: 10C 10S 10D KH 9C 9S 9H AH
hand 5: 10C 10S 10H KS KD AS AS JS
""",
    "double": """\
game: 56
players: 6
dealer: 5
tables: 12 12
hand 0: 9S 10H JD JS 10D QS AD QD
hand 1: AC QC AD JD QH QD KD JH
hand 2: 9H KS AC QC KH JC AH 9C
hand 3: KC QS JC QH 9D 9D KC JH
hand 4: 10C 10S 10D KH 9C 9S 9H AH
hand 5: 10C 10S 10H KS KD AS AS JS
calls: 28D
""",
    "partner": """\
game: 56
players: 6
dealer: 5
tables: 12 12
hand 0: 9S 10H JD JS 10D QS AD QD
hand 1: AC QC AD JD QH QD KD JH
hand 2: 9H KS AC QC KH JC AH 9C
hand 3: KC QS JC QH 9D 9D KC JH
hand 4: 10C 10S 10D KH 9C 9S 9H AH
hand 5: 10C 10S 10H KS KD AS AS JS
calls: 28D pass
""",
    "pass-back": """\
game: 56
players: 6
dealer: 5
tables: 12 12
hand 0: AC 10D 10C 10H KH 10S JC 9C
hand 1: QS QH AS AD 9S QC QC QD
hand 2: 9C KH 10H KC JS 10S 10D 9S
hand 3: KD AS QH AD JC JH 9D JS
hand 4: 9D JD 10C QD JH KS 9H 9H
hand 5: AC KC QS AH KD KS JD AH
calls: pass pass pass pass 28D pass
""",
    "all-pass": """\
game: 56
players: 6
dealer: 5
tables: 12 12
hand 0: AC 10D 10C 10H KH 10S JC 9C
hand 1: QS QH AS AD 9S QC QC QD
hand 2: 9C KH 10H KC JS 10S 10D 9S
hand 3: KD AS QH AD JC JH 9D JS
hand 4: 9D JD 10C QD JH KS 9H 9H
hand 5: AC KC QS AH KD KS JD AH
calls: pass pass pass pass
""",
    "score": """\
game: 56
players: 6
dealer: 5
tables: 12 12
hand 0: AD
hand 1:
hand 2:
hand 3:
hand 4:
hand 5:
calls: 30S pass pass pass pass pass
trick: JS QH KS QS 9S KS
trick: JD QD JC 9D 10D KD
trick: QS QC QC QH 10S AS
trick: 10S 9S KD KH KC 9H
trick: QD AD AH 9D KH JS
trick: 10H 10H JH 9H JH AH
trick: JD AC JC 10C 10C 10D
trick: AC 9C KC 9C AS
""",
    "score-redbl": """\
game: 56
players: 6
dealer: 5
tables: 12 12
hand 0: AD
hand 1:
hand 2:
hand 3:
hand 4:
hand 5:
calls: 28S double redouble
trick: JS QH KS QS 9S KS
trick: JD QD JC 9D 10D KD
trick: QS QC QC QH 10S AS
trick: 10S 9S KD KH KC 9H
trick: QD AD AH 9D KH JS
trick: 10H 10H JH 9H JH AH
trick: JD AC JC 10C 10C 10D
trick: AC 9C KC 9C AS
""",
    "score-48": """\
game: 56
players: 6
dealer: 5
tables: 12 12
hand 0: AD
hand 1:
hand 2:
hand 3:
hand 4:
hand 5:
calls: 48S pass pass pass pass pass
trick: JS QH KS QS 9S KS
trick: JD QD JC 9D 10D KD
trick: QS QC QC QH 10S AS
trick: 10S 9S KD KH KC 9H
trick: QD AD AH 9D KH JS
trick: 10H 10H JH 9H JH AH
trick: JD AC JC 10C 10C 10D
trick: AC 9C KC 9C AS
""",
}

# The redoubled hand again with Red down to 8 tables: what it owes is all it holds (56-ELIM).
POSITIONS_56["score-redbl-low"] = POSITIONS_56["score-redbl"].replace("tables: 12 12",
                                                                      "tables: 8 16")
