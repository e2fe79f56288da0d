"""The learner's own data, on the start page: export it to a file, import it in another browser
(merged, the newer of each item kept), or forget it all.  Everything stays between the
learner's browser and this page's kernel (:mod:`tutor.ui.memory`)."""

from __future__ import annotations

import base64

from ..engine.messages import msg, nmsg, num, render
from ..teach import progress
from . import widgets
from .aria import Pressable, Toggle
from .boundary import ErrorLine, safe
from .html import part
from .memory import memory
from .style import message_html, style_widgets

FILE_NAME = "trick-tutor-progress.json"
TEMPLATE = "mydata.html.j2"  # the export link (tutor/ui/templates)
COMMON = "widgets_common.html.j2"  # a muted line


class MyData(widgets.VBox):
    """Export (a download link made from what is kept), import (a file), forget (twice)."""

    def __init__(self):
        self.export_link = widgets.HTML()
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=False,
                                         description=render(msg("Import a file")),
                                         tooltip=render(msg("Read progress exported from "
                                                            "another browser")),
                                         layout=widgets.look(width="auto"))
        self.upload.add_class("tt-import")
        self.forget_button = Pressable(description=render(msg("Forget my progress")),
                                       tooltip=render(msg("Delete everything this browser "
                                                          "keeps for the tutor")),
                                       classes=("tt-forget",),
                                       layout=widgets.look(width="auto"))
        self.confirm_button = Pressable(description=render(msg("Yes, forget everything")),
                                        tooltip=render(msg("Delete it now: this cannot be "
                                                           "undone")),
                                        button_style="danger", classes=("tt-forget-yes",),
                                        layout=widgets.Layout(width="auto", display="none"))
        self.four = Toggle(description=render(msg("Four-colour deck")),
                           tooltip=render(msg("A colour per suit on every page: spades black, "
                                              "hearts red, diamonds blue, clubs green")),
                           layout=widgets.look(width="auto"))
        self.four.add_class("tt-four-toggle")
        self.message = widgets.HTML()
        self.message.add_class("tt-mydata-message")
        self.error = ErrorLine()
        row = widgets.HBox([self.export_link, self.upload, self.forget_button,
                            self.confirm_button],
                           layout=widgets.look(flex_flow="row wrap", align_items="center"))
        row.add_class("tt-row")
        intro = widgets.HTML(part(COMMON, "muted", words=msg(
            "Your progress is kept in this browser only. Export it to a file to move it to "
            "another browser (import it there), or forget it.")))
        look = widgets.HTML(part(COMMON, "muted", words=msg(
            "How the cards look, on every page: diamonds blue and clubs green tell the four "
            "suits apart at a glance.")))
        super().__init__([*style_widgets(), intro, row, look, self.four, self.message],
                         layout=widgets.look(width="100%"))
        self.error.place(self, after=self.message)
        self.add_class("tt-app")
        self.add_class("tt-mydata")
        self.upload.observe(safe(self._uploaded, self.error), names="value")
        self.forget_button.on_click(safe(lambda _b: self.ask_to_forget(), self.error))
        self.confirm_button.on_click(safe(lambda _b: self.forget(), self.error))
        self.four.observe(safe(lambda ch: self.set_four_colour(ch["new"]), self.error),
                          names="value")
        memory().when_ready(self._draw, watch=True)
        if hasattr(memory(), "on_file"):  # the browser reads a file chosen to import
            memory().on_file(self.file_chosen)
        self._draw_link(memory())

    def _draw(self, m) -> None:
        self._draw_link(m)
        on = bool((m.get("settings") or {}).get("four_colour", False))
        if self.four.value != on:
            self.four.value = on

    def set_four_colour(self, on: bool) -> None:
        """The learner's setting: a colour per suit on every page (memory.js applies it)."""
        m = memory()
        if bool((m.get("settings") or {}).get("four_colour", False)) != on:
            m.put("settings", {**(m.get("settings") or {}), "four_colour": bool(on)})

    def _draw_link(self, m) -> None:
        """A download link of what is kept (made in the kernel: the browser only saves it)."""
        data = base64.b64encode(progress.dump(m.items).encode("utf-8")).decode("ascii")
        count = len(m.items)
        self.export_link.value = part(TEMPLATE, "export_link", file=FILE_NAME, data=data,
                                      words=msg("Export my progress"),
                                      count=nmsg("({n} item)", "({n} items)", count))

    def file_chosen(self, name: str, text: str | None, size: int) -> None:
        """A file the learner chose to import, read by the browser (memory.js); ``text`` None:
        not sent, too big to send (``size`` bytes)."""
        if text is not None:
            self.import_text(text, name)
        elif size > progress.MAX_TEXT:
            self.message.value = message_html(msg(
                "Nothing was imported: {name} is {size} bytes, too big to be progress saved by "
                "the tutor (a file holds at most {most}).", name=name, size=num(size),
                most=num(progress.MAX_TEXT)), "bad")
        else:  # small, but not text the tutor writes (it would not fit in a message)
            self.message.value = message_html(msg(
                "Nothing was imported: {name} is not progress saved by the tutor.", name=name),
                "bad")

    def import_text(self, text: str, name: str | None = None) -> None:
        """Merge the progress in ``text`` (an exported file, ``name``: "the file" if not
        given) into what is kept."""
        if name is None:
            name = render(msg("the file"))
        if len(text) > progress.MAX_TEXT:
            self.message.value = message_html(msg(
                "Nothing was imported: {name} is {size} characters, too big to be progress "
                "saved by the tutor (a file holds at most {most}).", name=name,
                size=num(len(text)), most=num(progress.MAX_TEXT)), "bad")
            return
        loaded = progress.load(text)
        if not loaded.items:
            problem = loaded.problem or msg("the file holds no progress")
            self.message.value = message_html(msg("Nothing was imported: {problem}.",
                                                  problem=problem), "bad")
            return
        try:
            memory().take(loaded.items)
        except ValueError as too_big:
            self.message.value = message_html(msg("Nothing was imported: {problem}.",
                                                  problem=str(too_big)), "bad")
            return
        n = len(loaded.items)
        self.message.value = message_html(
            nmsg("Imported {n} item: the newer of each kept ({problem}).",
                 "Imported {n} items: the newer of each kept ({problem}).", n,
                 problem=loaded.problem) if loaded.dropped else
            nmsg("Imported {n} item: the newer of each kept.",
                 "Imported {n} items: the newer of each kept.", n), "ok")

    def _uploaded(self, change) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0]
        try:
            text = bytes(f["content"]).decode("utf-8")
        except UnicodeDecodeError:
            self.message.value = message_html(msg(
                "Nothing was imported: {name} is not a text file.", name=f["name"]), "bad")
            return
        finally:
            self.upload.value = ()  # the same file may be chosen again
        self.import_text(text, str(f["name"])[:80])

    def ask_to_forget(self) -> None:
        self.confirm_button.layout.display = None
        self.message.value = message_html(
            msg("This deletes your progress and reviews from this browser. Sure?"), "info")
        self.confirm_button.take_focus()

    def forget(self) -> None:
        memory().reset()
        self.confirm_button.layout.display = "none"
        self.message.value = message_html(msg("Forgotten: this browser keeps nothing of "
                                              "your progress now."), "ok")
        self.forget_button.take_focus()


def my_data() -> MyData:
    """The start page's "Your progress" tools: export, import, forget, and the learner's
    settings (a four-colour deck)."""
    return MyData()

