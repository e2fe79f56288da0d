"""Shared look of the widgets: one stylesheet (``style_html``), the rule box, small helpers.

Every top-level widget puts ``style_widget()`` first: the same ``<style>`` block may appear
several times on a page, which is harmless.  Classes all start with ``tt-``.
"""

from __future__ import annotations

import html
import re

import ipywidgets as widgets

from ..engine.rulebook import rule_text

CSS = """
.tt-app { max-width: 100%; box-sizing: border-box; color: #1a1a1a; line-height: 1.45; }
.tt-app .widget-html-content { line-height: 1.45; }
/* a widget of width 100% plus its 2px margins would stick out: keep every one inside */
.tt-app .widget-html, .tt-app .widget-dropdown, .tt-app .widget-box,
.jupyter-widgets.tt-page-header, .jupyter-widgets.tt-lesson-map {
  max-width: calc(100% - 4px) !important; }
.tt-app * { box-sizing: border-box; }
.tt-app p { margin: 0.3em 0; }
.tt-muted { color: #555; }
.tt-error, .tt-msg-bad { color: #a40000; }
.tt-msg { padding: 6px 10px; margin: 4px 0; border-radius: 6px; line-height: 1.45;
          max-width: 60em; overflow-wrap: anywhere; }
.tt-msg-ok { background: #e8f5e9; border-left: 5px solid #1b7f3b; color: #0f3d1d; }
.tt-msg-bad { background: #fdecea; border-left: 5px solid #b3261e; color: #5c0f0a; }
.tt-msg-info { background: #eef3fb; border-left: 5px solid #1f5fa8; color: #0d2a4d; }
.tt-msg-hint { background: #fff8dc; border-left: 5px solid #b8860b; color: #4a3700; }
.tt-rule { margin: 4px 0; padding: 6px 10px; border: 1px solid #c9d3e0; border-radius: 6px;
           background: #fafcff; line-height: 1.45; max-width: 60em; overflow-wrap: anywhere; }
.tt-rule-id { display: inline-block; font: 600 0.85em/1.3 "DejaVu Sans Mono", monospace;
              background: #1f5fa8; color: #fff; border-radius: 4px; padding: 1px 6px;
              margin-right: 6px; white-space: nowrap; }
.tt-rule table { border-collapse: collapse; margin: 4px 0; font-size: 0.92em; }
.tt-rule td, .tt-rule th { border: 1px solid #c9d3e0; padding: 2px 6px; text-align: left; }
.tt-rule details summary { cursor: pointer; color: #1f5fa8; }
.tt-title { font-size: 1.15em; font-weight: 600; margin: 2px 0 4px; }
.tt-label { font-size: 0.8em; font-weight: 600; text-transform: uppercase; letter-spacing: .05em;
            color: #555; margin: 6px 0 2px; }
.tt-badge { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 0.85em;
            font-weight: 600; background: #e8edf3; color: #1a1a1a; margin: 0 4px 2px 0;
            white-space: nowrap; }
.tt-badge-red { background: #c8102e; color: #fff; }
.tt-badge-black { background: #222; color: #fff; }
.tt-badge-turn { background: #1f5fa8; color: #fff; }
.tt-badge-gold { background: #b8860b; color: #fff; }
.tt-cards { display: flex; flex-wrap: wrap; gap: 6px; align-items: flex-end; }
.tt-card { display: inline-block; vertical-align: bottom; flex: none;
           filter: drop-shadow(0 1px 1.5px rgba(0,0,0,.35)); }
.tt-fan { display: flex; flex-wrap: wrap; align-items: flex-end; row-gap: 6px;
          padding-left: 30px; }
.tt-fan > .tt-card { margin-left: -30px; }
.tt-large .tt-fan { padding-left: 44px; }
.tt-large .tt-fan > .tt-card { margin-left: -44px; }
.tt-chip { display: inline-flex; align-items: center; justify-content: center; min-width: 2.4em;
           padding: 1px 5px; border: 1px solid #999; border-radius: 5px; background: #fff;
           font: 600 1em/1.35 "DejaVu Sans", "Segoe UI Symbol", sans-serif; white-space: nowrap;
           box-shadow: 0 1px 1px rgba(0,0,0,.15); }
.tt-s-red { color: #c8102e; } .tt-s-black { color: #1a1a1a; }
.tt-s-blue { color: #1a55c4; } .tt-s-green { color: #127a35; }

/* buttons that look like cards: the SVG face is the background (see cards.card_css) */
.tt-app .jupyter-button.tt-cardbtn, .tt-app .widget-button.tt-cardbtn {
  width: 64px !important; height: 90px !important; min-width: 0 !important; padding: 0 !important;
  margin: 10px 4px 4px 0 !important; flex: none;
  border: 0 !important; border-radius: 6px !important; background-color: #fff !important;
  background-repeat: no-repeat !important; background-position: center !important;
  background-size: 100% 100% !important; color: transparent !important; font-size: 1px;
  box-shadow: 0 1px 3px rgba(0,0,0,.4) !important; position: relative; overflow: visible;
  transition: transform .08s ease-out; }
.tt-large .jupyter-button.tt-cardbtn, .tt-large .widget-button.tt-cardbtn {
  width: 100px !important; height: 140px !important; border-radius: 9px !important; }
.tt-app .jupyter-button.tt-cardbtn:hover:enabled { transform: translateY(-4px); }
.tt-app .jupyter-button.tt-cardbtn:focus-visible { outline: 3px solid #0b57d0 !important;
  outline-offset: 3px; }
.tt-app .jupyter-button.tt-cardbtn:disabled { opacity: 1; cursor: default; }
.tt-cardbtn::after { position: absolute; top: 3px; right: 3px; width: 22px; height: 22px;
  border-radius: 11px; color: #fff; font: 700 14px/22px "DejaVu Sans", sans-serif;
  text-align: center; box-shadow: 0 1px 2px rgba(0,0,0,.4); }
.tt-app .jupyter-button.tt-cardbtn.tt-legal { box-shadow: 0 0 0 3px #1b7f3b !important; }
.tt-cardbtn.tt-legal::after { content: "✓"; background: #1b7f3b; }
.tt-app .jupyter-button.tt-cardbtn.tt-dim { opacity: .45; }
.tt-app .jupyter-button.tt-cardbtn.tt-selected {
  box-shadow: 0 0 0 3px #0b57d0, 0 6px 10px rgba(0,0,0,.3) !important;
  transform: translateY(-8px); }
.tt-app .jupyter-button.tt-cardbtn.tt-illegal { box-shadow: 0 0 0 3px #b3261e !important; }
.tt-cardbtn.tt-illegal::after { content: "✕"; background: #b3261e; }
.tt-app .jupyter-button.tt-cardbtn.tt-hinted { box-shadow: 0 0 0 3px #b8860b !important; }
.tt-cardbtn.tt-hinted::after { content: "★"; background: #b8860b; }
.tt-app .jupyter-button.tt-cardbtn.tt-right { box-shadow: 0 0 0 3px #1b7f3b !important; }
.tt-cardbtn.tt-right::after { content: "✓"; background: #1b7f3b; }
.tt-app .jupyter-button.tt-cardbtn.tt-wrong { box-shadow: 0 0 0 3px #b3261e !important; }
.tt-cardbtn.tt-wrong::after { content: "✕"; background: #b3261e; }
.tt-app .jupyter-button.tt-cardbtn.tt-missed { box-shadow: 0 0 0 3px #1b7f3b !important;
  outline: 3px dashed #1b7f3b; outline-offset: 3px; }
.tt-cardbtn.tt-missed::after { content: "+"; background: #1b7f3b; }

/* toggle buttons (game, trumps): the chosen one stands out */
.tt-app .widget-toggle-button { width: auto; min-width: 4.5em; margin: 2px 4px 2px 0; }
.tt-app .widget-toggle-button.mod-active, .tt-app .jupyter-button.widget-toggle-button.mod-active {
  background: #1f5fa8; color: #fff; }
.tt-app .widget-toggle-buttons > .widget-label { margin-right: 8px; }

/* selected and marked: the mark's ring inside, the blue selection ring outside */
.tt-app .jupyter-button.tt-cardbtn.tt-selected.tt-hinted {
  box-shadow: 0 0 0 3px #b8860b, 0 0 0 6px #0b57d0 !important; }
.tt-app .jupyter-button.tt-cardbtn.tt-selected.tt-legal {
  box-shadow: 0 0 0 3px #1b7f3b, 0 0 0 6px #0b57d0 !important; }
.tt-app .jupyter-button.tt-cardbtn.tt-selected.tt-illegal {
  box-shadow: 0 0 0 3px #b3261e, 0 0 0 6px #0b57d0 !important; }
.tt-app .jupyter-button.tt-cardbtn.tt-selected.tt-right {
  box-shadow: 0 0 0 3px #1b7f3b, 0 0 0 6px #0b57d0 !important; }
.tt-app .jupyter-button.tt-cardbtn.tt-selected.tt-wrong {
  box-shadow: 0 0 0 3px #b3261e, 0 0 0 6px #0b57d0 !important; }

/* ordinary choice buttons (calls, scores) */
.tt-app .jupyter-button.tt-choice { min-width: 5.5em; width: auto; height: auto;
  min-height: 36px; padding: 4px 12px; margin: 2px 6px 4px 0; font-size: 1em;
  border: 2px solid #8a9bb0 !important; border-radius: 6px; background: #fff; }
.tt-app .jupyter-button.tt-choice:disabled { opacity: 1; cursor: default; }
.tt-app .jupyter-button.tt-choice.tt-selected { background: #0b57d0 !important; color: #fff;
  border-color: #0b57d0 !important; }
.tt-app .jupyter-button.tt-choice.tt-hinted { border-color: #b8860b !important;
  box-shadow: 0 0 0 2px #b8860b; }
.tt-app .jupyter-button.tt-choice.tt-right { border-color: #1b7f3b !important;
  box-shadow: 0 0 0 2px #1b7f3b; }
.tt-app .jupyter-button.tt-choice.tt-wrong { border-color: #b3261e !important;
  box-shadow: 0 0 0 2px #b3261e; }
.tt-app .jupyter-button.tt-choice.tt-missed { border: 2px dashed #1b7f3b !important; }
.tt-app .jupyter-button.tt-action { width: auto; min-width: 7em; height: auto;
  min-height: 34px; padding: 4px 14px; margin: 4px 8px 4px 0; font-size: 1em; }
.tt-app .jupyter-button:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
.tt-row { display: flex; flex-wrap: wrap; gap: 4px 8px; align-items: center; }
.tt-app .widget-hbox.tt-row, .tt-app .widget-box.tt-row { flex-wrap: wrap; }
.tt-cardrow { flex-wrap: wrap !important; align-items: flex-end; padding: 6px 0 4px 2px; }

/* the table */
.tt-table { display: grid; grid-template-columns: minmax(0, auto) minmax(0, 1fr) minmax(0, auto);
  grid-template-areas: "top top top" "left center right" "bottom bottom bottom";
  gap: 10px; padding: 12px; border-radius: 18px; background: #2f7a4d;
  box-shadow: inset 0 0 0 4px #245f3c; max-width: 100%; }
.tt-area { display: flex; gap: 10px; min-width: 0; }
.tt-area-top, .tt-area-bottom { grid-column: 1 / -1; justify-content: center; flex-wrap: wrap; }
.tt-area-top { grid-area: top; } .tt-area-bottom { grid-area: bottom; }
.tt-area-left { grid-area: left; flex-direction: column-reverse; justify-content: center; }
.tt-area-right { grid-area: right; flex-direction: column; justify-content: center; }
.tt-center { grid-area: center; display: flex; flex-direction: column; align-items: center;
  justify-content: center; gap: 6px; min-height: 150px; padding: 10px; border-radius: 14px;
  background: rgba(255,255,255,.1); color: #fff; text-align: center; }
.tt-seat { background: #fdfdfb; border-radius: 10px; padding: 6px 8px 8px; min-width: 110px;
  max-width: 100%; box-shadow: 0 1px 3px rgba(0,0,0,.35); border-top: 6px solid #8a9bb0; }
.tt-seat-red { border-top-color: #c8102e; } .tt-seat-black { border-top-color: #222; }
.tt-seat-turn { box-shadow: 0 0 0 4px #ffd54a, 0 1px 3px rgba(0,0,0,.35); }
.tt-seat-name { font-weight: 700; margin-bottom: 4px; }
.tt-seat-meta { font-size: .85em; color: #444; margin-top: 4px; }
.tt-trick { display: flex; flex-wrap: wrap; justify-content: center; gap: 8px; }
.tt-played { display: flex; flex-direction: column; align-items: center; gap: 3px;
  font-size: .85em; color: #fff; }
.tt-played-won .tt-card { filter: drop-shadow(0 0 4px #ffd54a) drop-shadow(0 0 2px #ffd54a); }
.tt-center .tt-why { background: #fff; color: #1a1a1a; border-radius: 8px; padding: 6px 10px;
  text-align: left; max-width: 36em; line-height: 1.4; }
.tt-center-title { font-weight: 700; }
.tt-large .tt-seat, .tt-large .tt-center { font-size: 1.2em; }
.tt-large .widget-html-content { font-size: 18px; }
.tt-large .jupyter-button.tt-action, .tt-large .widget-dropdown select,
.tt-large .widget-label, .tt-large .widget-toggle-button { font-size: 17px; }
.tt-why ul { margin: 2px 0 4px; padding-left: 1.2em; }

/* lists of cards by rank (the explorer) */
.tt-columns { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
.tt-column { border: 1px solid #c9d3e0; border-radius: 8px; padding: 6px 8px; background: #fff;
  min-width: 9.5em; }
.tt-column-trump { border: 2px solid #b8860b; background: #fffaf0; }
.tt-column h4 { margin: 0 0 4px; font-size: 1em; }
.tt-column ol { margin: 0; padding: 0; list-style: none; }
.tt-column li { display: flex; align-items: center; gap: 6px; padding: 1px 0; }
.tt-pos { display: inline-block; min-width: 1.6em; text-align: right; color: #555;
  font-size: .85em; }
.tt-pts { color: #555; font-size: .85em; }
.tt-verdict { font-size: 1.1em; }

/* the lesson map and page header */
.tt-app .jupyter-button.tt-choice-long { white-space: normal; text-align: left; max-width: 100%;
  height: auto; line-height: 1.35; padding: 6px 10px; }
.tt-track { margin: 6px 0 14px; }
.tt-track-title { font-size: 1.25em; margin: 8px 0 0; }
.tt-map { display: grid; grid-template-columns: repeat(auto-fill, minmax(230px, 1fr)); gap: 12px;
  margin: 6px 0 10px; }
.tt-map a.tt-tile { display: block; padding: 12px 14px; border: 1px solid #c9d3e0;
  border-radius: 10px; background: #fff; color: #1a1a1a; text-decoration: none;
  box-shadow: 0 1px 2px rgba(0,0,0,.12); }
.tt-map a.tt-tile:hover, .tt-map a.tt-tile:focus-visible { border-color: #1f5fa8;
  box-shadow: 0 0 0 3px rgba(31,95,168,.3); }
.tt-tile-summary { display: block; margin-bottom: 6px; }
.tt-tile-title { display: block; font-size: 1.1em; font-weight: 700; color: #1f5fa8;
  margin-bottom: 4px; }
.tt-header { display: flex; flex-wrap: wrap; gap: 6px 16px; align-items: baseline;
  padding: 6px 0 8px; border-bottom: 1px solid #d5dde8; margin-bottom: 6px; }
.tt-header a { color: #1f5fa8; font-weight: 600; text-decoration: none; }
.tt-header a:hover, .tt-header a:focus-visible { text-decoration: underline; }
.tt-header .tt-header-title { font-size: 1.6em; font-weight: 700; margin: 0; line-height: 1.2;
  flex-basis: 100%; order: 1; }
.tt-header > a { order: 0; } .tt-header > .tt-muted { order: 2; }

/* the quiz */
.tt-quiz-top { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 4px 12px;
  align-items: baseline; }
.tt-score { font-weight: 700; font-size: 1.1em; }
.tt-prompt { font-size: 1.15em; font-weight: 600; margin: 6px 0; line-height: 1.4; }
.tt-context { display: flex; flex-wrap: wrap; gap: 10px 18px; align-items: flex-start;
  margin: 4px 0; }
.tt-context-box { min-width: 0; }
.tt-tricklist { display: flex; flex-direction: column; gap: 4px; }
.tt-trickline { display: flex; flex-wrap: wrap; align-items: center; gap: 4px; }
.tt-calls { display: flex; flex-wrap: wrap; gap: 4px; }
.tt-app textarea { font-family: "DejaVu Sans Mono", monospace; font-size: .95em; }

@media (max-width: 640px) {
  .tt-column { min-width: 0; }
  .tt-column .tt-muted { display: none; }
  .tt-table { grid-template-columns: minmax(0, 1fr); padding: 8px;
    grid-template-areas: "top" "left" "center" "right" "bottom"; }
  .tt-area-top, .tt-area-bottom { grid-column: auto; }
  .tt-area-left, .tt-area-right { flex-direction: row; flex-wrap: wrap; justify-content: center; }
  .tt-fan { padding-left: 34px; }
  .tt-fan > .tt-card { width: 46px; height: 65px; margin-left: -24px; }
  .tt-large .tt-fan > .tt-card { width: 56px; height: 78px; margin-left: -28px; }
  .tt-seat { min-width: 0; }
  .tt-trick .tt-card { width: 52px; height: 73px; }
  .tt-app .jupyter-button.tt-cardbtn { width: 52px !important; height: 73px !important; }
  .tt-large .jupyter-button.tt-cardbtn { width: 64px !important; height: 90px !important; }
}
"""


def style_html() -> str:
    return f"<style>{CSS}</style>"


def style_widget() -> widgets.HTML:
    """An HTML widget carrying the stylesheet (put it first in a top-level widget)."""
    return widgets.HTML(style_html(), layout=widgets.Layout(height="0px", margin="0"))


def esc(text) -> str:
    return html.escape(str(text), quote=True)


def message_html(text: str, kind: str = "info") -> str:
    """A short message box: ``kind`` is ok, bad, info or hint.  ``text`` is escaped."""
    role = ' role="alert"' if kind == "bad" else ' role="status"'
    return f'<div class="tt-msg tt-msg-{kind}"{role}>{esc(text)}</div>'


# -- the rules ------------------------------------------------------------------------------------
def rule_words(rule: str) -> tuple[str, str]:
    """(title, text) of a rule: the learner's wording if the teaching layer has it, else the
    spec's clause (title = the ID)."""
    try:
        from ..teach.reference import entry  # optional: the learner's rules reference
        e = entry(rule)
        return e.title, e.text
    except (ImportError, KeyError, AttributeError):
        pass
    try:
        return rule, rule_text(rule)
    except (KeyError, IndexError):
        return rule, ""


_BOLD = re.compile(r"\*\*(.+?)\*\*")
_BULLET = re.compile(r"^([-*]|\d+\.) ")


def markdown_html(text: str) -> str:
    """The little markdown of the rules text: paragraphs, **bold**, `code`, tables, lists."""
    out: list[str] = []
    blocks = re.split(r"\n\s*\n", text.strip())
    for block in blocks:
        lines = [ln.strip() for ln in block.splitlines() if ln.strip()]
        if not lines:
            continue
        if all(ln.startswith("|") for ln in lines):
            rows = [ln.strip("|").split("|") for ln in lines
                    if not re.fullmatch(r"\|?[\s:|-]+\|?", ln)]
            body = "".join("<tr>" + "".join(f"<td>{_inline(c.strip())}</td>" for c in r)
                           + "</tr>" for r in rows)
            out.append(f"<table>{body}</table>")
        elif all(re.match(r"[-*] |\d+\. ", ln) for ln in lines):
            items = "".join(f"<li>{_inline(_BULLET.sub('', ln))}</li>" for ln in lines)
            out.append(f"<ul>{items}</ul>")
        else:
            out.append(f"<p>{_inline(' '.join(lines))}</p>")
    return "".join(out)


def _inline(text: str) -> str:
    t = esc(text)
    t = _BOLD.sub(r"<b>\1</b>", t)
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", t)


def rule_html(rule: str, title: str | None = None, text: str | None = None,
              open_text: bool = True) -> str:
    """A rule box: the rule ID, its title and its text (folded when ``open_text`` is False)."""
    if not rule:
        return ""
    t, x = rule_words(rule)
    title = t if title is None else title
    text = x if text is None else text
    head = f'<span class="tt-rule-id">{esc(rule)}</span>'
    if title and title != rule:
        head += f"<b>{esc(title)}</b>"
    if not text:
        return f'<div class="tt-rule">{head}</div>'
    body = markdown_html(text)
    if open_text:
        return f'<div class="tt-rule">{head}{body}</div>'
    return (f'<div class="tt-rule">{head}<details><summary>The rule\'s text</summary>'
            f"{body}</details></div>")


def narration_html(lines, prefix: str = "tt") -> str:
    """What happened in a hand, folded: ``<details class="{prefix}-narration">`` with the
    lines numbered in ``<ol class="{prefix}-narration-list">``."""
    items = "".join(f"<li>{esc(t)}</li>" for t in lines)
    return (f'<details class="{prefix}-narration"><summary class="tt-label">What happened '
            f'({len(lines)})</summary><ol class="{prefix}-narration-list">{items}</ol>'
            "</details>")


def button(text: str, tip: str, *classes: str, style: str = "") -> widgets.Button:
    """A button sized to its label, with a tooltip and these classes."""
    b = widgets.Button(description=text, tooltip=tip, button_style=style,
                       layout=widgets.Layout(width="auto"))
    for c in classes:
        b.add_class(c)
    return b


def action_button(text: str, tip: str, style: str = "") -> widgets.Button:
    """A button of the widgets' action rows (Check, Hint, Start again...)."""
    return button(text, tip, "tt-action", style=style)


def add_classes(widget, *names: str):
    for n in names:
        widget.add_class(n)
    return widget
