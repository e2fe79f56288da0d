"""tutor.ui without a browser: the widget's content and the error boundary (fast, no server)."""

from __future__ import annotations

import html
import logging
import re

import ipywidgets as widgets
from wording import said

from tutor.engine.cards import Card
from tutor.engine.messages import many
from tutor.ui import safe, trump_ladder
from tutor.ui.g55.ranking import explanation, ladder_html
from tutor.ui.style import style_html


def chips(html: str) -> list[str]:
    return re.findall(r'class="tt-chip"[^>]*aria-label="([^"]+)"', html)


def spoken(*cards: str) -> list[str]:
    """The chips' names of ``cards`` ("5S"...), as a screen reader says them."""
    return [Card.parse(c).spoken for c in cards]


def ladder_line(best: list[str], rest: str) -> str:
    """The ladder's line: how many trumps, the top three one by one, then the rest."""
    n = len(best) + len(rest.split())
    return said.n("{n} trump: {best}, then {rest}.", "{n} trumps: {best}, then {rest}.", n,
                  best=many([said("the {card}", card=c) for c in best], "sequence"), rest=rest)


def sorry(problem: str) -> str:
    """The boundary's message for a callback that raised ``problem``, escaped."""
    return said("Sorry, that did not work: {problem}", problem=html.escape(problem))


def test_spades_ladder_has_14_chips_in_order():
    names = chips(ladder_html("S"))
    assert len(names) == 14
    assert names[:4] == spoken("5S", "JS", "AH", "AS")
    assert explanation("S") == ladder_line(["5♠", "J♠", "A♥"], "A♠ K♠ Q♠ 2♠ 3♠ 4♠ 6♠ 7♠ 8♠ 9♠ 10♠")


def test_hearts_ladder_has_13_chips_and_red_faces():
    page = ladder_html("H")
    assert chips(page)[0] == Card.parse("5H").spoken
    assert len(chips(page)) == 13
    assert page.count("tt-face tt-red") == 13 and "tt-face tt-black" not in page
    assert explanation("H") == ladder_line(["5♥", "J♥", "A♥"], "K♥ Q♥ 10♥ 9♥ 8♥ 7♥ 6♥ 4♥ 3♥ 2♥")


def test_widget_follows_the_picker():
    box = trump_ladder("♣")
    assert isinstance(box, widgets.Widget)
    style, picker, ladder, explain, message = box.children  # the stylesheet's carrier first
    assert style.value == style_html() and "<style" not in ladder.value
    assert picker.value == "C" and chips(ladder.value)[0] == Card.parse("5C").spoken
    picker.value = "D"
    assert chips(ladder.value)[0] == Card.parse("5D").spoken
    line = ladder_line(["5♦", "J♦", "A♥"], "A♦ K♦ Q♦ 10♦ 9♦ 8♦ 7♦ 6♦ 4♦ 3♦ 2♦")
    assert line in html.unescape(explain.value) and message.value == ""


def test_boundary_shows_a_short_message_and_logs(caplog):
    out = widgets.HTML()

    def broken(x):
        raise KeyError("no such <suit>")

    with caplog.at_level(logging.ERROR, logger="tutor.ui"):
        assert safe(broken, out)(1) is None
    assert sorry(str(KeyError("no such <suit>"))) in out.value
    assert "&lt;suit&gt;" in out.value and "Traceback" not in out.value
    assert caplog.records and caplog.records[0].name == "tutor.ui"
    assert caplog.records[0].exc_info is not None
    assert safe(lambda x: x + 1, out)(1) == 2
    assert out.value == ""


def test_an_error_line_is_no_widget_until_a_callback_fails(caplog):
    """A composite's error line (boundary.ErrorLine) costs the page nothing while it is
    empty; the first failure puts it where it was placed, the next success clears it."""
    from tutor.ui.boundary import ErrorLine

    first, last = widgets.HTML("first"), widgets.HTML("last")
    box = widgets.VBox([first, last])
    line = ErrorLine("tt-x-error").place(box, after=first)
    ok = safe(lambda: "done", line)
    assert ok() == "done" and line.widget is None and line.value == ""
    assert box.children == (first, last)

    def broken():
        raise ValueError("no <card> there")

    with caplog.at_level(logging.ERROR, logger="tutor.ui"):
        safe(broken, line)()
    assert box.children == (first, line.widget, last)
    assert sorry("no <card> there") in line.value and "&lt;card&gt;" in line.value
    assert 'role="alert"' in line.value and "tt-x-error" in line.widget._dom_classes
    ok()
    assert line.value == "" and box.children == (first, line.widget, last)  # kept, emptied
    with caplog.at_level(logging.ERROR, logger="tutor.ui"):
        safe(broken, line)()
    assert box.children.count(line.widget) == 1

    unplaced = ErrorLine()  # a bug of the tutor's: logged, never raised at the learner
    with caplog.at_level(logging.ERROR, logger="tutor.ui"):
        safe(broken, unplaced)()
    assert "never placed" in caplog.text
