"""Random damage to a position's text, shared by the 55 and 56 notation property tests."""

from __future__ import annotations

from hypothesis import strategies as st


def edits(alphabet: str):
    """Up to four edits: (where, how many characters to cut, what to insert)."""
    return st.lists(st.tuples(st.integers(0, 10**4), st.integers(0, 6),
                              st.text(alphabet=alphabet, max_size=4)), min_size=1, max_size=4)


def apply_edits(text: str, changes) -> str:
    for at, cut, insert in changes:
        at %= len(text) + 1
        text = text[:at] + insert + text[at + cut:]
    return text
