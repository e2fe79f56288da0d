"""The card value type, its notation and dealing (issue: cards and positions)."""

import copy
import pickle
import random

import pytest

from tutor.engine.cards import (
    ALL_CARDS,
    Card,
    format_cards,
    parse_card,
    parse_cards,
    parse_suit,
    standard_deck,
)
from tutor.engine.errors import InputError
from tutor.games.g55 import Game55


@pytest.mark.parametrize("text", ["10H", "TH", "10♥", "th", "10h", " 10H ", "T♡", "10♥\ufe0f"])
def test_ten_of_hearts_in_every_spelling(text):
    card = parse_card(text)
    assert card is Card("10", "H")
    assert str(card) == "10H"
    assert card.unicode == "10♥"
    assert card.spoken == "ten of hearts"


def test_every_card_round_trips_in_all_three_forms():
    assert len(ALL_CARDS) == 52 and len(set(ALL_CARDS)) == 52
    for c in ALL_CARDS:
        assert parse_card(str(c)) is c
        assert parse_card(c.unicode) is c
        assert f"{c}" == c.text and f"{c:u}" == c.unicode and f"{c:s}" == c.spoken


def test_cards_are_immutable_interned_values():
    c = Card("A", "H")
    assert copy.deepcopy(c) is c and pickle.loads(pickle.dumps(c)) is c
    with pytest.raises(AttributeError):
        c.rank = "K"
    assert hash(c) == hash(parse_card("AH"))
    assert c.is_red and not Card("A", "S").is_red


@pytest.mark.parametrize("bad, words", [
    ("1X", ["'1X'", "'X' is not a suit"]),
    ("11H", ["'11'", "not a rank"]),
    ("HA", ["rank comes first", "AH"]),
    ("", ["rank then a suit"]),
    ("10", ["'10'"]),
])
def test_bad_card_names_the_token(bad, words):
    with pytest.raises(InputError) as e:
        parse_card(bad)
    for w in words:
        assert w in str(e.value)


def test_bad_card_in_a_list_says_where():
    with pytest.raises(InputError) as e:
        parse_cards("KD 3D 1X QC")
    assert "card 3 (column 7)" in str(e.value) and "'1X'" in str(e.value)
    with pytest.raises(InputError) as e:
        parse_cards(["KD", "HA"], where="hand 2")
    assert str(e.value).startswith("hand 2, card 2")


def test_suits_and_lists():
    assert parse_suit("♠") == "S" and parse_suit("d") == "D"
    with pytest.raises(InputError):
        parse_suit("NT")
    assert format_cards(parse_cards("10H KS"), "unicode") == "10♥ K♠"
    assert format_cards(parse_cards("10H KS"), "spoken") == "ten of hearts, king of spades"


def test_55_DEAL_the_same_seed_gives_the_same_deal():
    """55-DEAL / 55-UNDEALT: dealing takes an injected random.Random."""
    a, b = Game55(5).new_game(random.Random(7)), Game55(5).new_game(random.Random(7))
    assert a.history == b.history and a.hands == b.hands and a.dealer == b.dealer
    c = Game55(5).new_game(random.Random(8))
    assert c.history != a.history
    dealt = [x for h in a.hands for x in h] + a.kitty + a.stock
    assert sorted(dealt) == standard_deck() and len(a.stock) == 22


def test_55_DECK_one_pack():
    assert len(standard_deck()) == 52 and len(set(standard_deck())) == 52
