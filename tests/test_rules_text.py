"""The rules text the project ships covers every rule ID the engine can report (that it is
the shared spec: tests/test_spec_copies.py)."""

from __future__ import annotations

import re
from pathlib import Path

from tutor.engine.rulebook import rule_text, rules

PKG = Path(__file__).resolve().parent.parent / "tutor"


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
