"""The rules text the project ships: identical to the shared spec, and covering every rule ID
the engine can report."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.engine.rulebook import rule_text, rules

PKG = Path(__file__).resolve().parent.parent / "tutor"


@pytest.mark.parametrize("game", ["55", "56"])
def test_shipped_rules_are_the_spec(shared, game):
    assert (PKG / "rules" / f"{game}.md").read_text(encoding="utf-8") == \
        shared("rules", f"{game}.md").read_text(encoding="utf-8")


def test_every_rule_id_the_engine_reports_has_a_text():
    reported = set()
    for f in list((PKG / "engine").rglob("*.py")) + list((PKG / "games").rglob("*.py")):
        reported |= set(re.findall(r"[\"'](5[56]-[A-Z0-9-]+)[\"']", f.read_text("utf-8")))
    assert reported, "the scan found no rule IDs"
    missing = sorted(r for r in reported if r not in rules(r[:2]))
    assert not missing, missing


def test_rule_text_is_the_clause():
    assert rule_text("55-RENEGE").startswith("The top three have the privilege of reneging")
    assert "A♥" in rule_text("55-AH")
    assert "## " not in rule_text("55-NEXT-DEALER")
    assert len(rules("55")) >= 49
    assert rule_text("56-IDENTICAL").startswith("Of two identical cards")
    assert len(rules("56")) >= 40
