"""The teacher's board says whose turn it is now, not when the position was loaded (issue #36):
projector mode shows the banner above the table while the teacher steps through a hand."""

from __future__ import annotations

import html

from tutor.ui.board import teachers_board
from tutor.ui.table import phase_words


def test_the_banner_follows_the_turn():
    b = teachers_board()
    b.presenting.value = True
    first = phase_words(b.state)
    assert first in html.unescape(b.load_message.value)
    b.auto_play()
    now = phase_words(b.state)
    assert now != first
    assert now in html.unescape(b.load_message.value)
    assert first not in html.unescape(b.load_message.value)
    b.undo()
    assert first in html.unescape(b.load_message.value)
