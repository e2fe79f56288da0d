"""The bid explainer: type a 56 auction (or build it with buttons) and see, call by call, what
each call conventionally shows (56-CONV) and what the auction has told about each team's hands.

Everything it says comes from :mod:`tutor.teach.g56.bidding` (which asks the engine): a call the
rules forbid is named with its position and rule, the last good table stays, and the trouble is
logged.  Builders return the widget; the notebook displays it.
"""

from __future__ import annotations

from contextlib import ExitStack

from ...engine.cards import SUIT_SYMBOL, SUIT_WORDS, SUITS
from ...engine.errors import InputError
from ...engine.messages import N_, msg, nmsg, render
from ...games.g56.auction import STYLE_NAME, Auction56
from ...games.g56.tables import MAX_BID, MIN_BID, PLAYERS
from ...teach.g56.bidding import (
    MAX_AUCTION,
    BidRow,
    auction_status,
    explain,
    read_auction,
    split_calls,
    team_summaries,
)
from .. import widgets
from ..aria import ButtonRow, Choices, Live, Pressable, RowButton
from ..boundary import ErrorLine, log, safe
from ..cards import said, worded_html
from ..html import Markup, part
from ..style import action_button, message_html, rule_html, style_widgets

# the six styles of the builder: (style, what the buttons name: the four suits or no trumps)
BUILDER_STYLES = (("number_suit", SUITS), ("suit_number", SUITS), ("number_nt", ("NT",)),
                  ("number_noes", ("NT",)), ("plus_suit", SUITS), ("plus_noes", ("NT",)))
# the calls that are no bid, as their buttons say them
CALL_WORDS = {"pass": N_("Pass"), "double": N_("Double"), "redouble": N_("Redouble")}
# what the box says of the auction typed when it cannot be read (after the reason)
KEPT_WORDS = {"table": N_("{error} The table still shows the last auction that could be read."),
              "box": N_("{error} The box shows the last auction that could be read again."),
              "emptied": N_("{error} The box was emptied.")}
TEMPLATE = "bidding56.html.j2"  # the explainer's HTML


EXAMPLE = "28S pass +2H pass 32NT double"  # an auction as the box reads it: notation


def written_call(style: str, denomination: str, level: int, standing: int | None) -> str | None:
    """The written form of a bid of ``style`` reaching ``level`` (``30S``, ``S30``, ``30NT``,
    ``30NOES``, ``+2S``, ``+2NOES``); ``None`` for a Plus call with no standing bid below
    ``level``."""
    d = denomination
    if style.startswith("plus"):
        if standing is None or level <= standing:
            return None
        n = level - standing
        return f"+{n}NOES" if style == "plus_noes" else f"+{n}{d}"
    return {"number_suit": f"{level}{d}", "suit_number": f"{d}{level}",
            "number_nt": f"{level}NT", "number_noes": f"{level}NOES"}[style]


def button_label(style: str, denomination: str, level: int, standing: int | None) -> str:
    """What a builder button shows: ``30♠``, ``♠30``, ``30 NT``, ``30 Noes``, ``+2♠``..."""
    sym = SUIT_SYMBOL.get(denomination, "")
    if style.startswith("plus"):
        n = "N" if standing is None or level <= standing else str(level - standing)
        return render(msg("+{n} Noes", n=n)) if style == "plus_noes" else f"+{n}{sym}"
    if style == "number_nt":
        return render(msg("{level} NT", level=level))
    if style == "number_noes":
        return render(msg("{level} Noes", level=level))
    return {"number_suit": f"{level}{sym}", "suit_number": f"{sym}{level}"}[style]


def rows_html(rows: list[BidRow]) -> str:
    """The explained calls as a table (a list of cards on a phone)."""
    return part(
        TEMPLATE, "calls",
        empty=msg("No calls yet: type an auction above or build it with the buttons."),
        heads={"seat": msg("Seat"), "team": msg("Team"), "shows": msg("What it shows")},
        call=msg("Call"), meaning=msg("Meaning"),
        rows=[{"number": r.index + 1, "team": r.team, "seat": msg("Seat {seat}", seat=r.seat),
               "team_words": msg("Team {team}", team=r.team), "spoken": r.spoken,
               "call": r.call, "gist": r.gist, "style": _style(r)} for r in rows])


def _style(r: BidRow):
    """The style a bid is made in ("Number Suit, 30, Honours"); None for no bid."""
    if not r.style_name:
        return None
    if r.honours:
        return msg("{style}, {level}, Honours", style=msg(r.style_name), level=r.level)
    return msg("{style}, {level}", style=msg(r.style_name), level=r.level)


def summary_html(summary: tuple[str, str]) -> str:
    """Each team's summary (:func:`tutor.teach.g56.bidding.team_summaries`), one line each."""
    return part(TEMPLATE, "summary", title=msg("What the auction has shown"), lines=summary)


class BidExplainer(widgets.VBox):
    """Type or build a 56 auction; see what every call shows."""

    def __init__(self, text: str = "", players: int = 6):
        if isinstance(players, bool) or players not in PLAYERS:
            raise InputError(render(msg("56 is for 4, 6 or 8 players, not {players} (56-PLAYERS)",
                                        players=repr(players))), "players")
        self.auction: Auction56 | None = None
        self.rows: list[BidRow] = []
        self._quiet = False
        self.players_pick = Choices(
            options=[(render(nmsg("{n} player", "{n} players", n)), n) for n in PLAYERS],
            value=players, description=render(msg("Players:")),
            layout=widgets.look(display="flex", flex_flow="row wrap"))
        # the placeholder is an auction as the box reads it (its calls are the notation's)
        self.text = widgets.Text(value=str(text), placeholder=EXAMPLE,
                                 description=render(msg("Auction:")), continuous_update=False,
                                 style={"description_width": "auto"},
                                 layout=widgets.look(width="auto"))
        self.text.add_class("tt-bid-text")
        self.explain_button = self._button(render(msg("Explain")),
                                           render(msg("Explain the auction typed")), "primary")
        self.undo_button = self._button(render(msg("Undo")), render(msg("Take back the last call")))
        self.clear_button = self._button(render(msg("Clear")), render(msg("Start a new auction")))
        typed = widgets.HBox([self.text, self.explain_button, self.undo_button,
                              self.clear_button],
                             layout=widgets.look(flex_flow="row wrap", width="100%"),
                             _dom_classes=("tt-row",))
        self.call_buttons = {k: self._small(render(msg(CALL_WORDS[k])),
                                            render(msg("Add: {call}", call=k)))
                             for k in ("pass", "double", "redouble")}
        self.level = widgets.Dropdown(options=[(str(n), n) for n in range(MIN_BID, MAX_BID + 1)],
                                      value=MIN_BID, description=render(msg("Bid to:")),
                                      style={"description_width": "auto"},
                                      layout=widgets.look(width="auto"))
        self.level.add_class("tt-bid-level")
        self.bid_buttons: dict[tuple[str, str], RowButton] = {}
        self._bid_rows: list[ButtonRow] = []
        style_rows = []
        for style, denoms in BUILDER_STYLES:
            name = said(STYLE_NAME[style])
            bids = ButtonRow(group_name=name)  # one widget for the row's buttons
            shown = bids.show([{"label": "", "classes": ("tt-bid-btn", "tt-bid-red")
                                if d in ("H", "D") else ("tt-bid-btn",)} for d in denoms])
            self.bid_buttons.update({(style, d): b for d, b in zip(denoms, shown)})
            self._bid_rows.append(bids)
            label = widgets.HTML(part(TEMPLATE, "row_label", name=name))
            row = widgets.HBox([label, bids],
                               layout=widgets.look(flex_flow="row wrap", align_items="center"),
                               _dom_classes=("tt-row",))
            style_rows.append(row)
        plain = widgets.HBox(list(self.call_buttons.values()) + [self.level],
                             layout=widgets.look(flex_flow="row wrap", align_items="center"),
                             _dom_classes=("tt-row",))
        self.builder = widgets.VBox(
            [widgets.HTML(part(TEMPLATE, "label", words=msg("Build the auction"))), plain]
            + style_rows,
            layout=widgets.look(width="auto"))
        self.builder.add_class("tt-bid-builder")
        self.message = widgets.HTML()
        self.status = widgets.HTML()
        self.table = widgets.HTML(layout=widgets.look(max_width="100%"))
        self.summary = widgets.HTML(layout=widgets.look(max_width="100%"))
        self.error = ErrorLine()
        how = msg("Type the calls of a 56 auction, such as {example} or in words (<i>thirty "
                  "spades, plus two hearts</i>), or build it with the buttons. Seat 0, on the "
                  "dealer's right, calls first; the dealer is the last seat.")
        intro = part(TEMPLATE, "intro", title=msg("What does the bidding say?"),
                     how=Markup(worded_html(how, example=part(TEMPLATE, "code", text=EXAMPLE))))
        super().__init__([
            *style_widgets(),
            widgets.HTML(intro),
            self.players_pick, typed, self.message, self.status, self.table, self.summary,
            self.builder, Live().watch(self.message)],
            layout=widgets.look(width="100%"),
                         _dom_classes=("tt-app", "tt-bid"))
        self.error.place(self, after=self.builder)
        # every callback behind the error boundary
        self.text.observe(safe(self._typed, self.error), names="value")
        self.players_pick.observe(safe(lambda ch: self.show(self.text.value), self.error),
                                  names="value")
        self.level.observe(safe(lambda ch: self._label_buttons(), self.error), names="value")
        self.explain_button.on_click(safe(lambda _b: self.show(self.text.value), self.error))
        self.undo_button.on_click(safe(lambda _b: self.undo(), self.error))
        self.clear_button.on_click(safe(lambda _b: self.set_text(""), self.error))
        for kind, b in self.call_buttons.items():
            b.on_click(safe(lambda _b, k=kind: self.add(k), self.error))
        for (style, d), b in self.bid_buttons.items():
            b.on_click(safe(lambda _b, s=style, d=d: self.add_bid(s, d), self.error))
        safe(self.show, self.error)(self.text.value)

    _button = staticmethod(action_button)

    @staticmethod
    def _small(text: str, tip: str) -> widgets.Button:
        b = Pressable(description=text, tooltip=tip, classes=("tt-bid-btn",),
                      layout=widgets.look(width="auto"))
        return b

    @property
    def players(self) -> int:
        return self.players_pick.value

    # -- reading and drawing -------------------------------------------------------------------
    def show(self, text: str) -> bool:
        """Explain ``text``; on bad input say why (the table drawn before stays) and log it.
        True when the auction was read."""
        try:
            auction, _ = read_auction(text, self.players)
        except InputError as e:
            size = len(text) if isinstance(text, str) else None
            # the length, never the text: a paste may be of any size (the message quotes a
            # short snippet at most)
            log.warning("bid explainer: %s (an auction of %s characters, %s players)", e, size,
                        self.players)
            rule = getattr(e, "rule", None)
            kept = "table" if self.auction is not None and self.rows else None
            if size is not None and size > MAX_AUCTION:
                # not kept in the box (nor sent back to the page): the last auction read is
                last = " ".join(r.call for r in self.rows)
                self._quiet = True
                try:
                    self.text.value = last
                finally:
                    self._quiet = False
                kept = "box" if last else "emptied"
            said_ = render(msg(KEPT_WORDS[kept], error=str(e))) if kept else str(e)
            self.message.value = (message_html(said_, "bad")
                                  + (rule_html(rule, open_text=False) if rule else ""))
            return False
        self.auction = auction
        self.rows = explain(auction)
        self.message.value = ""
        self.table.value = rows_html(self.rows)
        summary = self.rows[-1].summary if self.rows else team_summaries([], auction)
        self.summary.value = summary_html(summary)
        self.status.value = part(TEMPLATE, "status", words=auction_status(auction))
        low, _ = auction.bid_range()
        if low is not None and self.level.value < low:
            self._quiet = True
            try:
                self.level.value = low
            finally:
                self._quiet = False
        self._label_buttons()
        return True

    def _typed(self, change) -> None:
        if not self._quiet:
            self.show(change["new"])

    def set_text(self, text: str) -> bool:
        """Put ``text`` in the box and explain it."""
        self._quiet = True
        try:
            self.text.value = text
        finally:
            self._quiet = False
        return self.show(text)

    def _standing(self) -> int | None:
        a = self.auction
        return a.high if a is not None and a.high_seat is not None else None

    def _label_buttons(self) -> None:
        level, standing = self.level.value, self._standing()
        with ExitStack() as held:  # each row's buttons change in one message
            for row in self._bid_rows:
                held.enter_context(row.hold_sync())
            for (style, d), b in self.bid_buttons.items():
                b.description = button_label(style, d, level, standing)
                call = written_call(style, d, level, standing)
                b.disabled = call is None
                name = said(STYLE_NAME[style])
                what = name if d == "NT" else \
                    render(msg("{style}, {suit}", style=name, suit=SUIT_WORDS[d]))
                b.tooltip = render(
                    msg("Add {call} ({what})", call=call, what=what) if call else
                    msg("{what}: a Plus call needs a standing bid below {level}", what=what,
                        level=level))

    # -- building --------------------------------------------------------------------------------
    def add(self, call: str) -> bool:
        """Append ``call`` (written) to the auction typed.  If the result cannot be read, the
        message says why and the text is left as it was."""
        old = self.text.value
        calls = split_calls(old)
        wordy = "," in old or any(" " in c for c in calls)
        new = (old.rstrip().rstrip(",") + (", " if wordy else " ") + call) if calls else call
        if not self.show(new):
            return False
        self._quiet = True
        try:
            self.text.value = new
        finally:
            self._quiet = False
        return True

    def add_bid(self, style: str, denomination: str) -> bool:
        call = written_call(style, denomination, self.level.value, self._standing())
        if call is None:
            self.message.value = message_html(render(msg(
                "A Plus call adds to a standing bid: choose a level above it (56-PLUS)."
            )), "info")
            return False
        return self.add(call)

    def undo(self) -> bool:
        calls = split_calls(self.text.value)
        if not calls:
            return self.show("")
        sep = ", " if "," in self.text.value or any(" " in c for c in calls) else " "
        return self.set_text(sep.join(calls[:-1]))


def bid_explainer(text: str = "", players: int = 6) -> widgets.Widget:
    """The bid explainer for ``players`` (4, 6 or 8), starting with the auction ``text``."""
    return BidExplainer(text, players)
