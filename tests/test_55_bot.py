"""The 55 bot: always legal, sensible (no random nonsense), deterministic."""

import random

from tutor.engine.cards import parse_cards
from tutor.engine.state import Play
from tutor.games.g55 import Game55
from tutor.games.g55.bot import best_suit, choose, hand_value
from tutor.games.g55.notation import parse_position, position_to_state


def test_bots_play_whole_games_legally_and_deterministically():
    for n in (2, 3, 4, 5, 6):
        a = Game55(n).new_game(random.Random(n))
        b = Game55(n).new_game(random.Random(n))
        rng = random.Random(1)
        for _ in range(400):
            if a.is_terminal:
                break
            if a.is_chance:
                outcome = a.chance(rng)
                b.play(outcome)
                continue
            action = choose(a)
            assert action == choose(b)
            a.play(action)  # checked: the bot's choice is legal
            b.play(action)


def test_bot_bids_on_top_trumps_and_names_that_suit():
    strong = parse_cards("5S JS AH AS 9D")
    assert best_suit(strong)[0] == "S" and hand_value(strong, "S") >= 20
    weak = parse_cards("2H 3D 4C 6D 7H")
    assert hand_value(weak, "S") < 10


def test_bot_wins_cheaply_and_keeps_top_trumps():
    pos = parse_position("""\
players: 3
dealer: 2
hand 0: 9C 3H 7H 8H
hand 1: 5S 2S KD 6H 10H
hand 2: AS 9S 8D 10C JD
calls: pass 15 pass
discards: 2C 3S 4S 6S 8S
kitty: 2C 3S 4S 6S 8S
trump: S
trick: 4D
""")
    state = position_to_state(pos)
    # seat 1 can win with the 2S or the 5S (or follow with KD): the K♦ wins cheaply
    assert choose(state) == Play(1, parse_cards("KD")[0])
