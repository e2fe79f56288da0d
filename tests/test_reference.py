"""The learner's rules reference (tutor/teach/reference/*.md): one entry per rule ID of the
rules text, each with a title, a text and an example, and none for an ID the rules do not have."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from tutor.engine.rulebook import rules
from tutor.teach.reference import anchor, entries, entry, entry_markdown, parse

PKG = Path(__file__).resolve().parent.parent / "tutor"
GAMES = ["55", "56"]


def _raw_ids(game: str) -> list[str]:
    text = (PKG / "teach" / "reference" / f"{game}.md").read_text(encoding="utf-8")
    return re.findall(r"^## +(\d\d-[A-Z0-9-]+):", text, re.M)


@pytest.mark.parametrize("game", GAMES)
def test_one_entry_per_rule_id(game):
    counts = Counter(_raw_ids(game))
    spec = list(rules(game))
    missing = [r for r in spec if counts[r] == 0]
    twice = [r for r, k in counts.items() if k > 1]
    unknown = [r for r in counts if r not in rules(game)]
    assert not missing, f"rule IDs without an entry: {missing}"
    assert not twice, f"rule IDs with more than one entry: {twice}"
    assert not unknown, f"entries for IDs the rules text does not have: {unknown}"
    assert [e.id for e in entries(game)] == spec, "entries are in the order of the rules text"


@pytest.mark.parametrize("game", GAMES)
def test_every_entry_is_complete(game):
    text = (PKG / "teach" / "reference" / f"{game}.md").read_text(encoding="utf-8")
    # every heading's block has exactly one "Example:" line
    blocks = re.split(r"^## ", text, flags=re.M)[1:]
    for block in blocks:
        assert len(re.findall(r"^Example:", block, re.M)) == 1, block.splitlines()[0]
    for e in entries(game):
        assert e.id.startswith(f"{game}-")
        assert e.title.strip() and e.text.strip() and e.example.strip(), e.id
        assert not e.example.startswith("Example"), e.id
        assert "Example:" not in e.text, e.id
        assert e.rule_text == rules(game)[e.id], e.id


@pytest.mark.parametrize("game", GAMES)
def test_titles_are_unique(game):
    counts = Counter(e.title.casefold() for e in entries(game))
    assert not [t for t, k in counts.items() if k > 1]


@pytest.mark.parametrize("game", GAMES)
def test_no_todo(game):
    for e in entries(game):
        for part in (e.title, e.text, e.example):
            assert "TODO" not in part.upper() and "XXX" not in part and "TBD" not in part, e.id


def test_every_rule_id_the_engine_reports_has_an_entry():
    reported = set()
    for f in list((PKG / "engine").rglob("*.py")) + list((PKG / "games").rglob("*.py")):
        reported |= set(re.findall(r"[\"'](5[56]-[A-Z0-9-]+)[\"']", f.read_text("utf-8")))
    assert reported, "the scan found no rule IDs"
    missing = []
    for rule_id in sorted(reported):
        try:
            entry(rule_id)
        except KeyError:
            missing.append(rule_id)
    assert not missing, missing


@pytest.mark.parametrize("bad", ["55-NO-SUCH-RULE", "56-RENEGE", "57-DECK", "RENEGE", ""])
def test_unknown_id_is_a_key_error(bad):
    with pytest.raises(KeyError, match="no rules-reference entry"):
        entry(bad)
    with pytest.raises(KeyError):
        anchor(bad)


def test_unknown_game():
    with pytest.raises(KeyError, match="57"):
        entries("57")


def test_rule_text_is_the_spec_clause():
    e = entry("55-RENEGE")
    assert e.rule_text.startswith("The top three have the privilege of reneging")
    assert e.title == "Keeping back a top trump"
    assert entry("56-IDENTICAL").rule_text.startswith("Of two identical cards")
    assert entry("56-PASS-FINAL").rule_text


def test_markdown_and_anchor():
    md = entry_markdown("55-RENEGE")
    e = entry("55-RENEGE")
    assert md.startswith("**55-RENEGE: Keeping back a top trump**")
    assert e.text in md and e.example in md and "Example:" in md
    assert anchor("55-RENEGE") == "rule-55-RENEGE"
    assert anchor("56-PASS-FINAL") == "rule-56-PASS-FINAL"
    assert re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]*", anchor("56-D-COT"))


def test_parse_rejects_a_duplicate_and_a_missing_example():
    one = "## 55-DECK: The pack\n\nOne pack.\n\nExample: The 5♠.\n"
    with pytest.raises(ValueError, match="two entries"):
        parse(one + "\n" + one, "55")
    with pytest.raises(ValueError, match="Example"):
        parse("## 55-DECK: The pack\n\nOne pack.\n", "55")


def test_entries_use_suit_symbols_not_letters():
    # examples are written on real cards with the Unicode suits (10♥, A♥), not "AH" or "10S"
    letters = re.compile(r"\b(?:10|[2-9JQKA])[SHDC]\b")
    allowed = {"56-STYLE", "56-D-SPOKEN"}  # these quote the written call styles (30S, 30D)
    for game in GAMES:
        for e in entries(game):
            if e.id not in allowed:
                assert not letters.search(e.text + " " + e.example), e.id


def test_rule_text_of_a_clause_named_inside_another():
    # 55-decisions.md wraps a line so that it starts with "**55-BID-ORDER**;": a reference
    # inside 55-D-TURN, not a new clause
    assert entry("55-BID-ORDER").rule_text.startswith("Bidding starts with seat 0")
    assert "55-BID-OUT" in entry("55-D-TURN").rule_text
