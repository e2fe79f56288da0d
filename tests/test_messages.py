"""Messages keyed where they are made, worded where they are shown (issue #38): the engine's
refusals carry a message id and parameters, worded in the current language; the pseudo-language
shows every message that came through a catalog, and a catalog (.po) is read without a compiled
file."""

from __future__ import annotations

import pytest

from tutor.engine.errors import IllegalAction, InputError
from tutor.engine.messages import (
    Msg,
    many,
    msg,
    nmsg,
    render,
    reset_translator,
    sentences,
    set_translator,
)
from tutor.engine.state import Play
from tutor.games.registry import load_position
from tutor.teach import i18n

# 55, hearts trumps, the bidder (seat 0) led the 9♥, seat 1 to play (tests/data/textbook.toml)
TURN = """game: 55
players: 4
dealer: 3
hand 0: 10H QH AC KD
hand 1: 5H 2C 3C 4S 6S
hand 2: 7H 8C 9C 2D 3D
hand 3: JH 7C 2S 3S 4D
kitty: 8S 9S 10S KS QS
calls: 20 pass pass pass
discards: 8S 9S 10S KS QS
trump: H
trick: 9H
"""


def refusal(state, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        state.play(action)
    return e.value


def test_a_message_is_its_id_and_parameters_worded_in_english():
    m = msg("It is seat {turn}'s turn to play, not seat {seat}'s.", turn=2, seat=0)
    assert str(m) == render(m) == "It is seat 2's turn to play, not seat 0's."
    assert m.args == {"turn": 2, "seat": 0}
    assert [render(nmsg("{n} card", "{n} cards", k)) for k in (0, 1, 2)] == \
        ["0 cards", "1 card", "2 cards"]
    inner = msg("You hold {what}.", what=msg("the {card}", card="10♥"))
    assert render(inner) == "You hold the 10♥."
    assert render("10♥") == "10♥"  # text already worded stays as it is


def test_the_engine_says_why_with_a_code_a_rule_and_a_message_id():
    s = load_position(TURN)
    wrong = next(seat for seat in range(3) if seat != s.to_act)
    e = refusal(s, Play(wrong, s.hands[wrong][0]))
    assert e.reason == "not_your_turn" and e.rule.startswith("55-")
    assert isinstance(e.msg, Msg) and e.msg.args == {"turn": s.to_act, "seat": wrong}
    assert e.message == f"It is seat {s.to_act}'s turn to play, not seat {wrong}'s."
    with i18n.language(i18n.PSEUDO):
        worded = e.message
    assert worded.startswith("[") and worded.endswith("]") and str(s.to_act) in worded
    assert "{" not in worded and worded != e.message
    assert e.message.startswith("It is seat")  # English again outside the block


def test_the_pseudo_language_keeps_placeholders_tags_and_entities():
    text = i18n.pseudo("Seat {seat} plays <b>{card}</b> &amp; wins")
    assert text.startswith("[") and text.endswith("]")
    assert "{seat}" in text and "<b>{card}</b>" in text and "&amp;" in text
    assert "Sé" in text or "Šé" in text  # accented
    visible = len("Seat  plays  & wins")  # the words, without placeholders and tags
    assert text.count("·") >= 0.3 * visible


def test_a_catalog_is_read_from_its_po_file(tmp_path):
    po = tmp_path / "fr" / "LC_MESSAGES" / "tutor.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                  '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
                  'msgid "It is seat {turn}\'s turn to play, not seat {seat}\'s."\n'
                  'msgstr "C\'est au tour du siège {turn} de jouer, pas du siège {seat}."\n\n'
                  'msgid "{n} card"\nmsgid_plural "{n} cards"\n'
                  'msgstr[0] "{n} carte"\nmsgstr[1] "{n} cartes"\n', encoding="utf-8")
    assert i18n.languages(tmp_path) == ["en", "fr", i18n.PSEUDO]
    with i18n.language("fr", tmp_path):
        assert render(msg("It is seat {turn}'s turn to play, not seat {seat}'s.", turn=1,
                          seat=2)) == "C'est au tour du siège 1 de jouer, pas du siège 2."
        # French plural rules: 0 and 1 are singular
        assert [render(nmsg("{n} card", "{n} cards", k)) for k in (0, 1, 2)] == \
            ["0 carte", "1 carte", "2 cartes"]
        assert render(msg("Not in the catalog.")) == "Not in the catalog."  # English fallback
    with pytest.raises(InputError, match="no language 'xx'"):
        i18n.translations("xx", tmp_path)


def test_the_catalog_template_holds_every_message_of_the_code(tmp_path):
    """tutor/locale/tutor.pot is what `make messages` extracts from the code now: a message
    added without `make messages` would be missing from every language."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
    import messages

    now = messages.ids(messages.extract(tmp_path / "tutor.pot"))
    assert now == messages.ids(messages.TEMPLATE)
    assert "It is seat {turn}'s turn to play, not seat {seat}'s." in now
    assert "Trumps: {suit}" in now  # a msg(...) inside an f-string (tutor/ui/quiz.py)


def test_the_extractor_finds_a_message_wherever_it_is_called():
    """scripts/babel_ast.py reads the syntax tree: a message inside an f-string's braces, a
    plural, a context and a constant marked N_ are found; a call of a variable is not."""
    import io
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
    import babel_ast

    code = b"""
x = f'<b>{esc(render(msg("Inside an f-string {n}", n=2)))}</b>'
y = nmsg("{n} card", "{n} cards", 3)
z = pmsg("suit", "hearts")
W = N_("A constant")
v = msg(W)
"""
    found = [(name, args) for _, name, args, _ in babel_ast.extract(
        io.BytesIO(code), ["msg", "nmsg", "pmsg", "N_"], [], {})]
    assert found == [("msg", "Inside an f-string {n}"), ("nmsg", ("{n} card", "{n} cards", None)),
                     ("pmsg", ("suit", "hearts")), ("N_", "A constant")]
    # a context that is not a literal would lose its context in the template: refused
    with pytest.raises(ValueError, match="line 2: pmsg's context"):
        list(babel_ast.extract(io.BytesIO(b'C = "suit"\npmsg(C, "hearts")\n'), ["pmsg"], [], {}))


# -- the games' refusals: codes and parameters, worded at the edge -----------------------------
FOLLOW = """game: 55
players: 3
dealer: 2
hand 0: 10H QH AC KD
hand 1: 5C 2C 4D 4S 6S
hand 2: 7H 8C 9C 2D 3D
kitty: 8S 9S 10S KS QS
calls: 20 pass pass
discards: 8S 9S 10S KS QS
trump: S
trick: QD
"""


def test_a_refusal_is_a_reason_then_the_legal_cards_each_a_message():
    s = load_position(FOLLOW)  # diamonds led, spades trumps: seat 1 holds the 4♦
    e = refusal(s, Play(1, next(c for c in s.hands[1] if str(c) == "2C")))
    assert (e.reason, e.rule) == ("must_follow_suit", "55-FOLLOW-PLAIN")
    assert e.msg.id == "You hold {suit}, so you must play {a_suit} or a trump; {card} is neither."
    args = e.msg.args
    assert (args["suit"].id, args["suit"].context) == ("diamonds", "suit")
    assert args["a_suit"].id == "a diamond" and args["card"] == "2♣"
    assert e.legal.id == "Legal: {cards}."
    assert e.reason_text == "You hold diamonds, so you must play a diamond or a trump; 2♣ is " \
                            "neither."
    assert e.message.startswith(e.reason_text + " Legal: ")
    assert set(e.message.removeprefix(e.reason_text + " Legal: ").rstrip(".").split()) == \
        {c.unicode for c in e.alternatives}


def test_lists_are_said_as_the_language_says_them(tmp_path):
    from tutor.engine.messages import many, pmsg

    m = msg("Bid {bids}.", bids=many(["10", "15", "20"], "or"))
    cards = msg("You hold {cards}.", cards=many(["J♥", "A♥"]))
    assert (render(m), render(cards)) == ("Bid 10, 15 or 20.", "You hold J♥ and A♥.")
    with i18n.language("en"):  # Babel's en_GB: no comma before "and"
        assert render(many(["5♦", "J♦", "A♥"])) == "5♦, J♦ and A♥"
    po = tmp_path / "sv" / "LC_MESSAGES" / "tutor.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgctxt "suit"\nmsgid "hearts"\nmsgstr "hjärter"\n\n'
                  'msgid "You hold {cards}."\nmsgstr "Du har {cards}."\n', encoding="utf-8")
    with i18n.language("sv", tmp_path):
        assert render(cards) == "Du har J♥ och A♥."
        assert render(pmsg("suit", "hearts")) == "hjärter"
        assert render(msg("hearts")) == "hearts"  # the context tells them apart
    with pytest.raises(ValueError):
        many(["a"], "nor")



def test_a_refusal_is_said_as_the_engines_own_sentence_never_cut_or_recased():
    """A question says why an action is refused with the engine's sentence as it is, a
    sentence of its own after "X is not allowed (rule)." (a house rule's refusal from its rule:
    "House rule: ..."), so no language's words are cut or re-cased to fit in another sentence:
    in the pseudo-language each message stays whole in its brackets."""
    import tutor.teach  # noqa: F401  (the games' teaching)
    from tutor.engine.messages import HOUSE_RULE
    from tutor.games.g56.auction import Auction56
    from tutor.games.g56.game import Game56
    from tutor.teach.i18n import PSEUDO, language, pseudo
    from tutor.teach.questions import not_allowed

    a = Auction56(4, 3, Game56(4, {"pass_is_final": True}).settings)
    for call in ("pass", "28S", "pass", "pass"):
        a.call(call)
    bad = a.check("29S", 0)
    assert bad.rule == "56-PASS-FINAL" and bad.msg.id == HOUSE_RULE
    assert bad.message == "House rule: a player who has passed may not bid again."
    assert not_allowed("29S", bad) == ("29S is not allowed (56-PASS-FINAL). House rule: a "
                                       "player who has passed may not bid again.")
    with language(PSEUDO):
        said = not_allowed("29S", bad)
    # three messages, each whole: the frame, the house rule's, the rule's own words
    assert said.count("[") == 3, said
    assert pseudo("a player who has passed may not bid again.") in said, said
    assert pseudo("House rule: {rule}").split("{rule}")[0] in said, said


def test_text_kept_once_worded_is_worded_again_in_another_language_or_naming():
    """Events and a 56 call's meaning keep their words once made (a view reads them all); a
    view read in another language, or with the seats named otherwise, words them again."""
    import random

    from tutor.engine.messages import SeatName, seats_named
    from tutor.engine.state import Event
    from tutor.games.registry import find_game

    state = find_game("56").game(players=4).new_game(random.Random(3))
    while state.is_chance:
        state.chance(random.Random(3))
    for _ in range(3):
        state.play(state.legal_actions()[0])
    english = state.view(0)
    assert len(english["meanings"]) == 3 and english["events"]
    with i18n.language(i18n.PSEUDO):
        pseudo = state.view(0)
    assert all(p != e for p, e in zip(pseudo["meanings"], english["meanings"], strict=True))
    assert pseudo["events"] != english["events"]
    assert state.view(0) == english  # and back, as first worded

    event = Event("x", msg("{seat} plays.", seat=SeatName(1)))
    assert event.text == "seat 1 plays."
    with seats_named(lambda seat, owner: "your partner"):
        assert event.text == "your partner plays."
    assert event.text == "seat 1 plays."


def test_an_input_errors_place_is_worded_in_the_pages_language():
    """Where bad input is (a line, a card, a column, an action, a call) is said in the page's
    language; the notation's own keys, which a learner types ("hand 2", "trick 3"), stay."""
    from tutor.engine.errors import InputError
    from tutor.teach.i18n import PSEUDO, language, pseudo

    e = InputError("XX is not a card", "line 4 (hand 2), card 3 (column 5)")
    assert str(e) == "line 4 (hand 2), card 3 (column 5): XX is not a card"
    assert e.where == "line 4 (hand 2), card 3 (column 5)"  # the code's fixed form
    with language(PSEUDO):
        said = str(e)
    for place in ("line {n}", "card {n}", "column {n}"):
        assert pseudo(place).split("{n}")[0] in said, said
    assert "(hand 2)" in said and "line 4" not in said, said
    assert str(InputError("no position")) == "no position"


def test_sentences_and_sequences_are_joined_as_the_language_joins_them():
    """Sentences one after another and a list with no "and" take their separators from the
    catalog (Japanese puts no space between sentences and writes "、" between items); the
    pseudo-language keeps a separator, which has no letter, as it is."""
    from tutor.teach.i18n import PSEUDO, language, pseudo

    assert sentences(msg("Right!"), "", msg("Well done.")) == "Right! Well done."
    assert render(many(["J♠", "9♠", "A♠"], "sequence")) == "J♠, 9♠, A♠"
    assert pseudo(", ") == ", " and pseudo(" ") == " "

    class Japanese:
        def gettext(self, m):
            return m

        def pgettext(self, context, m):
            return {" ": "", ", ": "、"}.get(m, m)

    token = set_translator(Japanese())
    try:
        assert sentences("右です。", "よくできました。") == "右です。よくできました。"
        assert render(many(["a", "b", "c"], "sequence")) == "a、b、c"
        assert render(many(["a", "", "b"], "clauses")) == "a; b"  # no separator given: "; "
    finally:
        reset_translator(token)
    with language(PSEUDO):
        assert sentences(msg("Right!"), msg("Well done.")) == \
            f"{pseudo('Right!')} {pseudo('Well done.')}"


def test_clauses_and_a_possessive_are_whole_messages_of_the_language():
    """Clauses of one sentence are joined with the catalog's separator ("; " in English, none
    with a space in Japanese); something of a seat's is said whole, "your ..." for the reader's
    own seat (:func:`seats_named`'s ``you``), "seat 2's ..." otherwise."""
    from tutor.engine.messages import Yours, pmsg, seats_named

    assert render(many([msg("a"), msg("b")], "clauses")) == "a; b"
    assert render(many([], "clauses")) == ""

    class Japanese:
        def gettext(self, m):
            return m

        def pgettext(self, context, m):
            return {"; ": "、"}.get(m, m)

    token = set_translator(Japanese())
    try:
        assert render(many(["a", "b"], "clauses")) == "a、b"
    finally:
        reset_translator(token)
    whose = Yours(2, pmsg("the call that won the auction, the learner's", "your {call}",
                          call="Thirty Spades"),
                  pmsg("the call that won the auction, a seat's", "seat {seat}'s {call}", seat=2,
                       call="Thirty Spades"))
    assert render(msg("{x} stands.", x=whose)) == "seat 2's Thirty Spades stands."
    with seats_named(lambda seat, owner: f"seat {seat}", you=2):
        assert render(msg("{x} stands.", x=whose)) == "your Thirty Spades stands."
    with seats_named(lambda seat, owner: f"seat {seat}", you=1):
        assert str(whose) == "seat 2's Thirty Spades"


# -- numbers (issue: numbers, lists and suit names are formatted by the locale) -----------------
NUMBERS = [0, 0.0, -0.0, 1, -1, 2.5, -2.5, 0.37, -0.37, 0.125, 0.375, 2.675, 1.005, -0.004,
           0.004, 0.05, 0.15, 0.25, 9.995, 12.345, 999.5, 999.95, 1000, -1000, 1234.5678,
           -98765.4321, 1e9, 123456789, -123456789, 10 ** 20 + 1, 3.14159, 0.999, 55.55]


@pytest.mark.parametrize("lang", [None, "en", i18n.PSEUDO])
def test_english_numbers_are_pythons_format_exactly(lang):
    """A number in a message in English (no translator; Babel's ``en_GB``; the
    pseudo-language) is what the f-strings gave before: ``f"{x:,.2f}"``, ``f"{x:+.2f}"``,
    ``f"{n:,}"`` (an integer exact however big), rounded as they round."""
    import random
    from contextlib import nullcontext

    from tutor.engine.messages import num

    rng = random.Random(56)
    values = NUMBERS + [rng.uniform(-2000, 2000) for _ in range(300)] + \
        [round(rng.uniform(-5, 5), 3) for _ in range(300)] + [rng.randrange(-10 ** 7, 10 ** 7)
                                                               for _ in range(100)]
    with i18n.language(lang) if lang else nullcontext():
        for x in values:
            for digits in (0, 1, 2, 3) if isinstance(x, float) else (1, 2, 3):
                assert render(num(x, digits)) == f"{x:,.{digits}f}", (x, digits)
                assert render(num(x, digits, sign=True)) == f"{x:+,.{digits}f}", (x, digits)
            if isinstance(x, int):
                assert render(num(x)) == f"{x:,}" and render(num(x, sign=True)) == f"{x:+,}"
        assert [render(num(x, d, s)) for x, d, s in [(2.5, 1, False), (0.37, 2, True),
                                                       (-0.37, 2, True), (1000, 0, False)]] \
            == ["2.5", "+0.37", "-0.37", "1,000"]
        assert render(num(float("nan"), 1)) == "nan"


def test_numbers_are_written_as_each_language_writes_them():
    """The decimal sign, the groups of digits and the minus of the language (CLDR's, with
    Babel), the same digits as English's; in a message, a message in a message, a list."""
    from tutor.engine.messages import Num, num

    nnbsp, nbsp, minus = "\u202f", "\xa0", "\u2212"
    said = {  # 2.5, +0.37, -0.37, 1000, -1234.5 with a sign, 100000
        "fr": ["2,5", "+0,37", "-0,37", f"1{nnbsp}000", f"-1{nnbsp}234,5", f"100{nnbsp}000"],
        "sv": ["2,5", "+0,37", f"{minus}0,37", f"1{nbsp}000", f"{minus}1{nbsp}234,5",
               f"100{nbsp}000"],
        "ca": ["2,5", "+0,37", "-0,37", "1.000", "-1.234,5", "100.000"],
        "ja": ["2.5", "+0.37", "-0.37", "1,000", "-1,234.5", "100,000"],
        "ml": ["2.5", "+0.37", "-0.37", "1,000", "-1,234.5", "1,00,000"],  # lakhs
    }
    numbers = [num(2.5, 1), num(0.37, 2, True), num(-0.37, 2, True), num(1000),
               num(-1234.5, 1, sign=True), num(100000)]
    for lang, words in said.items():
        with i18n.language(lang):
            assert [render(n) for n in numbers] == words, lang
            assert [str(n) for n in numbers] == words
            assert render(num(2.675, 2)) == render(num(2.67, 2))  # rounded as English rounds
            inner = msg("{value} {unit}", value=num(-0.37, 2, sign=True), unit="x")
            assert render(msg("{a}", a=inner)) == f"{words[2]} x"
            assert words[0] in render(many([num(2.5, 1), "b"]))
    with i18n.language("sv"):  # a coach's line from the catalog
        line = msg("it came to {value} {unit} on average", value=num(-0.37, 2, sign=True),
                   unit="poäng")
        assert render(line) == f"det blev i snitt {minus}0,37 poäng"
    with i18n.language("fr"):
        points = msg("your side takes {points} hand points on average", points=num(12.5, 1))
        assert render(points) == "votre camp fait en moyenne 12,5 points de donne"
    assert num(2.5, 1) == Num(2.5, 1, False) and hash(num(1)) == hash(Num(1))
    with pytest.raises(ValueError):
        num(1.0, -1)


def test_a_percentage_is_written_as_each_language_writes_one():
    """The coach's shares: English "94%" as before; the language's own space before the sign
    where CLDR puts one (French, Swedish, Catalan), none in Japanese and Malayalam."""
    from tutor.teach.coach import percent

    nbsp = "\xa0"
    said = {"en": "94%", "en-XA": "94%", "fr": f"94{nbsp}%", "sv": f"94{nbsp}%",
            "ca": f"94{nbsp}%", "ja": "94%", "ml": "94%"}
    for lang, words in said.items():
        with i18n.language(lang):
            assert render(percent(0.94)) == words, lang
            assert render(percent(0.004)) == words.replace("94", "0"), lang
            assert render(percent(1)) == words.replace("94", "100"), lang
    assert render(percent(0.125)) == "12%"  # rounded as round() rounds, as before (half to even)
