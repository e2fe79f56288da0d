"""The practice page: the learner picks the game, the topic (a kind of question) and the level
(one idea at a time, any position, mixed: :mod:`tutor.teach.practice`), and gets unlimited
questions of it; every answer also schedules its review (:mod:`tutor.ui.review`)."""

from __future__ import annotations

from ..engine.messages import msg, render
from ..games.registry import game_names
from ..teach import practice
from . import widgets
from .aria import Choices
from .boundary import ErrorLine, safe
from .html import part
from .lifecycle import set_children
from .quiz import QuizWidget
from .style import style_widgets


class PracticeWidget(widgets.VBox):
    """Game, topic and level, and a quiz of them (a new quiz when one of them changes)."""

    def __init__(self, game: str | None = None):
        games = list(game_names())
        self.game_choice = Choices(options=[(render(msg("Game {game}", game=g)), g)
                                            for g in games],
                                   value=game if game in games else games[0],
                                   group_name="Game", layout=widgets.look(width="auto"))
        self.game_choice.add_class("tt-practice-game")
        self.topic = widgets.Dropdown(description="Topic", options=[],
                                      style={"description_width": "3.5em"},
                                      layout=widgets.look(width="26em", max_width="100%"))
        self.topic.add_class("tt-practice-topic")
        self.level = Choices(options=[], group_name="Level", layout=widgets.look(width="auto"))
        self.level.add_class("tt-practice-level")
        # what the level chosen asks, in a line under the pickers (issue #39: "Mixed" said)
        self.level_note = widgets.HTML(_dom_classes=("tt-practice-level-note",))
        self.error = ErrorLine()
        self.quiz_box = widgets.VBox(layout=widgets.look(width="100%"))
        self.quiz: QuizWidget | None = None
        pickers = widgets.HBox([self.game_choice, self.topic, self.level],
                               layout=widgets.look(flex_flow="row wrap", align_items="center"),
                               _dom_classes=("tt-row",))
        super().__init__([*style_widgets(), pickers, self.level_note, self.quiz_box],
                         layout=widgets.look(width="100%"),
                         _dom_classes=("tt-app", "tt-practice"))
        self.error.place(self, after=pickers)
        self._drawing = False
        self._topics()
        self._levels()
        self._new_quiz()
        self.game_choice.observe(safe(lambda _c: self._changed("game"), self.error),
                                 names="value")
        self.topic.observe(safe(lambda _c: self._changed("topic"), self.error), names="value")
        self.level.observe(safe(lambda _c: self._changed("level"), self.error), names="value")

    @property
    def game(self) -> str:
        return str(self.game_choice.value)

    def _topics(self) -> None:
        options = [(t.title, t.base) for t in practice.topics(self.game)]
        keep = self.topic.value if self.topic.value in {b for _, b in options} else options[0][1]
        self.topic.options = options
        self.topic.value = keep

    def _levels(self) -> None:
        topic = next(t for t in practice.topics(self.game) if t.base == self.topic.value)
        options = [(practice.level_words(name), name) for name in topic.levels]
        keep = self.level.value if self.level.value in topic.levels else options[0][1]
        self.level.options = options
        self.level.value = keep
        self.level.layout = widgets.look(width="auto", display=None if len(options) > 1
                                         else "none")
        self._level_note()

    def _level_note(self) -> None:
        if self.level.value in practice.LEVEL_NOTES and len(self.level.options) > 1:
            self.level_note.value = part("widgets_common.html.j2", "muted", tag="p",
                                         words=msg(practice.LEVEL_NOTES[self.level.value]))
        else:
            self.level_note.value = ""

    def _changed(self, what: str) -> None:
        if self._drawing:  # a picker set while another is redrawn: one new quiz, at the end
            return
        self._drawing = True
        try:
            if what == "game":
                self._topics()
            if what in ("game", "topic"):
                self._levels()
            self._level_note()
        finally:
            self._drawing = False
        self._new_quiz()

    def _new_quiz(self) -> None:
        kinds = practice.kinds_for(self.game, self.topic.value, self.level.value)
        self.quiz = QuizWidget(kinds, self.game)
        set_children(self.quiz_box, [self.quiz])


def practice_widget(game: str | None = None) -> PracticeWidget:
    """The practice page's quiz, by game, topic and level."""
    return PracticeWidget(game)
