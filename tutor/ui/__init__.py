"""Widgets for the lessons (ipywidgets 8).  Builders return a widget; the notebook displays it.

``tutor.ui`` may import ``tutor.teach``, ``tutor.games`` and ``tutor.engine``; never the
reverse.  Generic widgets sit here; what only one game shows sits in its package (``g55``,
``g56``).  Every callback goes through :func:`safe`: a failure shows a short message.  A redraw
updates its widgets in place or replaces them with :func:`tutor.ui.lifecycle.set_children`,
which closes the old ones (a widget left open keeps its comm and its view for the session).

Imported in a kernel, it also guards the kernel: the browser may talk to the tutor's widgets
and create none of its own (:mod:`tutor.ui.kernel_guard`).
"""

import os as _os

from . import kernel_guard
from .board import teachers_board
from .boundary import safe
from .cards import back_svg, card_svg
from .classroom import class_join, class_teacher
from .example import house_rules, lesson_footer, worked_example
from .explorer import ranking_explorer
from .g55 import guided_hand, plain_ladder, trump_ladder, trump_ladders
from .g56 import bid_explainer, guided_hand_56, seating_56
from .hand import hand_widget
from .mydata import my_data
from .nav import language_menu, lesson_map, page_header
from .pages import site_language as _site_language
from .practice import practice_widget
from .quiz import exercise_widget, quiz_widget
from .review import review_widget
from .table import table_widget

kernel_guard.install()
if "TUTOR_LANG" in _os.environ:  # i18n.ENVIRONMENT: the language the server chose for this
    # page's kernel
    from ..teach.i18n import use_environment

    use_environment()
elif _site_language():  # the static site: the language its folder names (English's pages
    # import no catalog, nor Babel, but for the start page's choice of languages)
    from ..teach import i18n as _i18n

    _i18n.use(_i18n.choose(_site_language()))

__all__ = ["safe", "trump_ladder", "card_svg", "back_svg", "hand_widget", "table_widget",
           "ranking_explorer", "quiz_widget", "exercise_widget", "teachers_board",
           "language_menu", "lesson_map", "page_header", "guided_hand", "worked_example",
           "house_rules",
           "lesson_footer", "plain_ladder", "trump_ladders", "bid_explainer", "guided_hand_56",
           "seating_56", "review_widget", "my_data",
           "practice_widget", "class_teacher", "class_join"]
