"""Cards drawn as inline SVG made here (no network, no card art): crisp at any zoom.

``card_svg(card, size, four_colour, state)`` draws a face: the rank and a suit pip in two
corners, a big pip in the middle, a rounded white card with a thin border and a soft shadow.
The SVG carries the spoken name (``role="img"``, ``aria-label``; no ``<title>``, which a
browser would give as a description saying the name again).  ``back_svg`` draws a face-down
card; ``backs_html`` a seat's face-down cards, named once for the seat ("seat 2: five cards
face down").  ``card_css`` gives the same faces as CSS backgrounds for the card
buttons of the hand and the quiz (an ipywidgets Button holds text only); ``deck_css`` gives
every face of the deck in both colour schemes, the static file ``tutor-cards.css`` that the
Voila template links once (``python -m tutor.ui.cards --css`` writes it; tutor.ui.style
carries it outside Voila).
"""

from __future__ import annotations

from urllib.parse import quote

from ..engine.cards import SUIT_SYMBOL, Card, parse_card, standard_deck
from ..engine.messages import N_, Many, Msg, msg, nmsg, render
from .style import CARDS_SHEET, esc

SIZES = {"small": (40, 56), "normal": (64, 90), "large": (100, 140)}
STATES = (None, "legal", "illegal", "selected", "dim")
FONT = "'DejaVu Sans', 'Segoe UI', Arial, sans-serif"

# Two colours (red hearts and diamonds, black spades and clubs) or four for colour-blind
# learners: spades black, hearts red, diamonds blue, clubs green.
COLOURS = {False: {"S": "#1a1a1a", "H": "#c8102e", "D": "#c8102e", "C": "#1a1a1a"},
           True: {"S": "#1a1a1a", "H": "#c8102e", "D": "#1a55c4", "C": "#127a35"}}
FOUR_COLOUR_SUITS = tuple(s for s in "SHDC" if COLOURS[True][s] != COLOURS[False][s])
COLOUR_CLASS = {"#1a1a1a": "tt-s-black", "#c8102e": "tt-s-red", "#1a55c4": "tt-s-blue",
                "#127a35": "tt-s-green"}

# Suit pips drawn in a 100 x 100 box (paths, so no font is needed for the symbols).
PIPS = {
    "H": '<path d="M50 92C30 74 2 56 2 30C2 14 14 3 28 3C38 3 46 9 50 19C54 9 62 3 72 3'
         'C86 3 98 14 98 30C98 56 70 74 50 92Z"/>',
    "D": '<path d="M50 2L88 50L50 98L12 50Z"/>',
    "S": '<path d="M50 3C38 22 4 40 4 63C4 78 15 88 28 88C37 88 43 84 47 78C46 88 41 95 32 98'
         'H68C59 95 54 88 53 78C57 84 63 88 72 88C85 88 96 78 96 63C96 40 62 22 50 3Z"/>',
    "C": '<circle cx="50" cy="27" r="22"/><circle cx="25" cy="62" r="22"/>'
         '<circle cx="75" cy="62" r="22"/><circle cx="50" cy="55" r="12"/>'
         '<path d="M46 58C46 78 41 90 31 98H69C59 90 54 78 54 58Z"/>',
}

STATE_STROKE = {"legal": "#1b7f3b", "illegal": "#b3261e", "selected": "#0b57d0"}
STATE_WORDS = {"legal": N_("allowed"), "illegal": N_("not allowed"),
               "selected": N_("selected"), "dim": N_("dimmed")}
# The numbers a learner reads in words ("five cards face down"): Babel spells no number out,
# so each word is a message of its own.
COUNT_WORDS = (N_("no"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"),
               N_("seven"), N_("eight"), N_("nine"), N_("ten"), N_("eleven"), N_("twelve"),
               N_("thirteen"))


def worded_html(message: Msg, **parts: str) -> str:
    """``message`` in HTML: its text as written (a translator's text, which may hold tags:
    ``<b>Next trick</b>``), each of its parameters worded and escaped, and the HTML ``parts``
    (a card's chip...) in place of the parameters of those names, as they are: one sentence
    in one message, wherever the language puts its parts."""
    params = tuple((k, esc(render(v))) for k, v in message.params) + tuple(parts.items())
    return render(Msg(message.id, params, message.plural, message.n, message.context))


def said(text) -> str:
    """Text made elsewhere, in the current language: a message worded, or a constant marked
    for the catalog (``N_``) looked up in it (any other text comes back as it is)."""
    return render(text if isinstance(text, (Msg, Many)) else msg(str(text)))


def named(name: str, state: str) -> str:
    """A name with the words of a state said after it: "ten of hearts, allowed" (``state``
    the message id of the words)."""
    return render(msg("{name}, {state}", name=name, state=msg(state)))


def as_card(card) -> Card:
    return card if isinstance(card, Card) else parse_card(str(card))


def suit_colour(card, four_colour: bool = False) -> str:
    return COLOURS[bool(four_colour)][as_card(card).suit]


def colour_class(card, four_colour: bool = False) -> str:
    return COLOUR_CLASS[suit_colour(card, four_colour)]


def _pip(suit: str, x: float, y: float, size: float, colour: str, flip: bool = False,
         ink: str = "") -> str:
    s = size / 100
    rot = " rotate(180 50 50)" if flip else ""
    return (f'<g transform="translate({x:g} {y:g}) scale({s:g}){rot}" fill="{colour}"{ink}>'
            f"{PIPS[suit]}</g>")


def _face(card: Card, colour: str, inline: bool = False) -> str:
    """The drawing of a face in the 100 x 140 box (no outer svg).  ``inline``: in the page
    (not a button's background), each coloured part carries its suit's class, which the
    learner's four-colour setting repaints (``.tt-four-colour``: see ``deck_css``)."""
    rank, suit = card.rank, card.suit
    ink = f' class="tt-ink-{suit.lower()}"' if inline else ""
    line = f' class="tt-line-{suit.lower()}"' if inline else ""
    ten = len(rank) == 2
    fs = 19 if ten else 23
    corner = (f'<text x="14" y="26" text-anchor="middle" font-size="{fs}" '
              f'font-weight="700" font-family="{FONT}" fill="{colour}"{ink} '
              f'letter-spacing="{-2 if ten else 0}">{rank}</text>'
              + _pip(suit, 7, 31, 14, colour, ink=ink))
    parts = [corner, f'<g transform="rotate(180 50 70)">{corner}</g>']
    if rank in ("J", "Q", "K"):
        parts.append(f'<rect x="22" y="33" width="56" height="74" rx="5" fill="none" '
                     f'stroke="{colour}"{line} stroke-opacity=".45" stroke-width="1.5"/>')
        parts.append(f'<text x="50" y="60" text-anchor="middle" font-size="20" font-weight="700" '
                     f'font-family="{FONT}" fill="{colour}"{ink} fill-opacity=".9">{rank}</text>')
        parts.append(_pip(suit, 35, 66, 30, colour, ink=ink))
    else:
        big = 56 if rank == "A" else 44
        parts.append(_pip(suit, 50 - big / 2, 70 - big / 2, big, colour, ink=ink))
    return "".join(parts)


def card_svg(card, size: str = "normal", four_colour: bool = False, state: str | None = None,
             label: str | None = None) -> str:
    """One card face as an inline ``<svg>``.

    ``size``: ``small``, ``normal`` or ``large`` (projector); ``four_colour``: a colour per
    suit; ``state``: ``None``, ``legal``, ``illegal``, ``selected`` or ``dim`` (drawn as a
    coloured border with a tick or a cross, or faded; said after the name: "ten of hearts,
    allowed").  ``label`` replaces the spoken name.
    """
    card = as_card(card)
    if size not in SIZES:
        raise ValueError(f"size must be one of {', '.join(SIZES)}, not {size!r}")
    if state not in STATES:
        raise ValueError(f"state must be one of {STATES}, not {state!r}")
    w, h = SIZES[size]
    colour = suit_colour(card, four_colour)
    name = label or card.spoken
    if state:
        name = named(name, STATE_WORDS[state])
    stroke, width = STATE_STROKE.get(state, "#8a8a8a"), 5 if state in STATE_STROKE else 1.5
    inset = width / 2 + 0.5
    rect = (f'<rect x="{inset:g}" y="{inset:g}" width="{100 - 2 * inset:g}" '
            f'height="{140 - 2 * inset:g}" rx="8" fill="#fff" stroke="{stroke}" '
            f'stroke-width="{width:g}"/>')
    badge = ""
    if state in ("legal", "illegal"):
        mark = ('<path d="M-5 0L-1.5 4L5.5 -4" fill="none" stroke="#fff" stroke-width="2.6" '
                'stroke-linecap="round" stroke-linejoin="round"/>' if state == "legal" else
                '<path d="M-4 -4L4 4M4 -4L-4 4" stroke="#fff" stroke-width="2.6" '
                'stroke-linecap="round"/>')
        badge = (f'<g transform="translate(84 17)"><circle r="11" fill="{stroke}"/>{mark}</g>')
    opacity = ' opacity="0.45"' if state == "dim" else ""
    cls = "tt-card" + (f" tt-card-{state}" if state else "")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" viewBox="0 0 100 140" '
            f'width="{w}" height="{h}" role="img" aria-label="{esc(name)}"{opacity}>'
            f"{rect}{_face(card, colour, inline=True)}{badge}</svg>")


def _back_picture() -> str:
    """The inside of a card's back: a blue back with a lattice, inside a white margin."""
    lines = "".join(f"M{x} 10L{x + 120} 130M{x + 120} 10L{x} 130" for x in range(-110, 91, 10))
    return ('<rect x="1" y="1" width="98" height="138" rx="8" fill="#fff" stroke="#8a8a8a" '
            'stroke-width="1.5"/><svg x="8" y="8" width="84" height="124" viewBox="8 8 84 124">'
            '<rect x="8" y="8" width="84" height="124" rx="5" fill="#1f4f8f"/>'
            f'<path d="{lines}" stroke="#6f9bd1" stroke-width="1.2" opacity=".75"/></svg>'
            '<rect x="8" y="8" width="84" height="124" rx="5" fill="none" stroke="#163a69" '
            'stroke-width="1.5"/>')


FACE_DOWN = msg("a face-down card")


def back_svg(size: str = "normal", label: str | Msg | None = FACE_DOWN) -> str:
    """A face-down card as an SVG picture.  ``label=None``: hidden from screen readers."""
    w, h = SIZES[size]
    name = f'role="img" aria-label="{esc(render(label))}"' if label else 'aria-hidden="true"'
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="tt-card tt-card-back" '
            f'viewBox="0 0 100 140" width="{w}" height="{h}" {name}>{_back_picture()}</svg>')


def back_span(size: str = "normal") -> str:
    """One of a seat's face-down cards, hidden from screen readers (``backs_html`` names them
    together): an empty element painted by ``tutor-cards.css`` (the back is drawn once per
    page, not once per card: a six-player table has 40 of them)."""
    return f'<span class="tt-card tt-card-back tt-back-{size}" aria-hidden="true"></span>'


def card_chip(card, four_colour: bool = False) -> str:
    """A small text chip (``10♥`` in the suit's colour) for lists and sentences."""
    card = as_card(card)
    return (f'<span class="tt-chip {colour_class(card, four_colour)} '
            f'tt-suit-{card.suit.lower()}" role="img" '
            f'aria-label="{esc(card.spoken)}" title="{esc(card.spoken)}">'
            f'<span aria-hidden="true">{esc(card.rank + SUIT_SYMBOL[card.suit])}</span></span>')


def chips_html(cards, four_colour: bool = False, label: str | None = None) -> str:
    """A hand as small text chips, wrapping: a seat at a table's side on a phone, where a fan
    of faces would be a column of cards as tall as the screen (the page shows one of the two,
    so a screen reader meets the hand once)."""
    chips = "".join(card_chip(c, four_colour) for c in cards)
    aria = f' role="group" aria-label="{esc(label)}"' if label else ""
    return f'<div class="tt-chips"{aria}>{chips}</div>'


def cards_html(cards, size: str = "normal", four_colour: bool = False, fan: bool = False,
               label: str | None = None, states=None) -> str:
    """A row of faces (``fan``: overlapping, as a hand is held).  ``states`` is a list of
    per-card states or ``None``."""
    states = states or [None] * len(cards)
    faces = "".join(card_svg(c, size, four_colour, s) for c, s in zip(cards, states))
    cls = "tt-fan" if fan else "tt-cards"
    aria = f' role="group" aria-label="{esc(label)}"' if label else ""
    return f'<div class="{cls}"{aria}>{faces}</div>'


def number_words(count: int) -> str:
    """``five``, ``no`` (in figures past thirteen)."""
    return render(msg(COUNT_WORDS[count])) if 0 <= count < len(COUNT_WORDS) else str(count)


def count_words(count: int) -> str:
    """``five cards``, ``one card`` (in figures past thirteen)."""
    return render(nmsg("{number} card", "{number} cards", count, number=number_words(count)))


def backs_html(count: int, size: str = "normal", label: str | None = None) -> str:
    """``count`` face-down cards in a fan: one picture named once, ``label`` or "five cards
    face down" (the backs themselves are hidden from screen readers)."""
    faces = back_span(size) * count
    name = label or render(nmsg("{number} card face down", "{number} cards face down", count,
                                number=number_words(count)))
    return f'<div class="tt-fan tt-backs" role="img" aria-label="{esc(name)}">{faces}</div>'


# -- faces as CSS backgrounds, for card buttons ----------------------------------------------------
def card_class(card, four_colour: bool = False) -> str:
    """The CSS class that paints this card's face on a ``tt-cardbtn`` button."""
    card = as_card(card)
    return f"tt-cb-{card.suit.lower()}{card.rank.lower()}" + ("-4" if four_colour else "")


def _data_uri(svg: str) -> str:
    return "data:image/svg+xml," + quote(svg, safe="=:/'(),.-")


def _button_face(card: Card, four_colour: bool) -> tuple[str, str]:
    """(selector, declaration) of the rule painting ``card``'s face on its button."""
    colour = suit_colour(card, four_colour)
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140">'
           '<rect x="1" y="1" width="98" height="138" rx="8" fill="#fff" stroke="#8a8a8a" '
           f'stroke-width="1.5"/>{_face(card, colour)}</svg>')
    return (f".tt-app .jupyter-button.{card_class(card, four_colour)}",
            f'background-image:url("{_data_uri(svg)}") !important')


def card_css(cards, four_colour: bool = False) -> str:
    """CSS rules painting the faces of ``cards`` on their buttons (see ``card_class``)."""
    rules = (_button_face(card, four_colour) for card in dict.fromkeys(as_card(c) for c in cards))
    return "\n".join(f"{selector}{{{face}}}" for selector, face in rules)


def deck_css() -> str:
    """The faces of every card of the deck on their buttons, two colours and four: the text of
    ``tutor-cards.css``.  A face drawn the same in both schemes (spades, hearts) is one rule
    with both classes."""
    faces: dict[str, list[str]] = {}  # declaration -> selectors
    for four_colour in (False, True):
        for card in standard_deck():
            selector, face = _button_face(card, four_colour)
            faces.setdefault(face, []).append(selector)
            if four_colour and card.suit in FOUR_COLOUR_SUITS:  # the learner's setting
                faces[face].append(f".tt-four-colour .tt-app .jupyter-button.{card_class(card)}")
    rules = "\n".join(f"{', '.join(selectors)}{{{face}}}" for face, selectors in faces.items())
    # the learner's four-colour setting (a class on the page's root, set by memory.js) also
    # repaints the chips and the inline pictures of the suits that change
    for suit in FOUR_COLOUR_SUITS:
        colour, s = COLOURS[True][suit], suit.lower()
        rules += (f"\n.tt-four-colour .tt-ink-{s}{{fill:{colour}}}"
                  f".tt-four-colour .tt-line-{s}{{stroke:{colour}}}"
                  f".tt-four-colour .tt-chip.tt-suit-{s}{{color:{colour}}}")
    back = _data_uri('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140">'
                     f"{_back_picture()}</svg>")
    # the backs of backs_html; sizes without specificity (:where), so that tutor.css's rules
    # for narrow screens still size them
    backs = "\n".join(f":where(.tt-back-{size}){{width:{w}px;height:{h}px}}"
                      for size, (w, h) in SIZES.items())
    return ("/* Trick Tutor: the card faces of the card buttons (tutor.ui.cards.card_class),\n"
            "   every card in two colours and four, and the backs of face-down cards.  Made by\n"
            "   tutor.ui.cards.deck_css: do not edit, run make cards-css\n"
            "   (python -m tutor.ui.cards --css > this file). */\n"
            f"{rules}\n"
            f'span.tt-card-back{{background:url("{back}") center/100% 100% no-repeat}}\n'
            f"{backs}\n")


def main(argv: list[str] | None = None) -> None:
    import argparse
    import sys

    parser = argparse.ArgumentParser(prog="python -m tutor.ui.cards",
                                     description="Write the card faces' stylesheet.")
    parser.add_argument("--css", action="store_true", required=True,
                        help=f"write {CARDS_SHEET} (every card face) to standard output")
    parser.parse_args(argv)
    sys.stdout.write(deck_css())


if __name__ == "__main__":
    main()
