"""Every rule ID the rules text defines is in the shipped rulebook and the learner's reference
(issue #11, item 15): a clause ID in bold starts a paragraph (``**56-PASS.** ...``), but an ID
can also be defined in bold inside one ("There are four kinds of call (**56-CALLS**): ...")."""

from __future__ import annotations

import re

import pytest

from tutor.engine.rulebook import rule_text, rules
from tutor.teach.reference import entry

GAMES = ["55", "56"]
BOLD_ID = re.compile(r"\*\*(5[56]-[A-Z0-9-]+?)\.?\*\*")


def _spec_ids(text: str, game: str) -> list[str]:
    """Every rule ID of ``game`` written in bold anywhere in ``text``, in order, once each."""
    return list(dict.fromkeys(i for i in BOLD_ID.findall(text) if i.startswith(f"{game}-")))


@pytest.mark.parametrize("game", GAMES)
def test_every_bold_rule_id_of_the_spec_is_in_the_rulebook_with_its_text(shared, game):
    ids = _spec_ids(shared("rules", f"{game}.md").read_text(encoding="utf-8"), game)
    assert len(ids) >= 40
    missing = [i for i in ids if i not in rules(game)]
    assert not missing, f"rule IDs of {game}.md missing from the rulebook: {missing}"
    assert all(rules(game)[i].strip() for i in ids)


@pytest.mark.parametrize("game", GAMES)
def test_every_bold_rule_id_of_the_spec_has_a_reference_entry(shared, game):
    ids = _spec_ids(shared("rules", f"{game}.md").read_text(encoding="utf-8"), game)
    missing = []
    for i in ids:
        try:
            entry(i)
        except KeyError:
            missing.append(i)
    assert not missing, f"rule IDs of {game}.md without a reference entry: {missing}"


def test_56_calls_is_defined_inside_the_auction_paragraph():
    text = rule_text("56-CALLS")
    assert text == "There are four kinds of call: *pass*, *bid*, *double* and *redouble*."
    order = list(rules("56"))
    assert order.index("56-AUCTION") + 1 == order.index("56-CALLS") == order.index("56-PASS") - 1
    # the paragraph that holds it keeps its whole text
    assert rule_text("56-AUCTION").endswith("*double* and *redouble*.")
    assert entry("56-CALLS").rule_text == text


def test_a_bold_id_inside_a_paragraph_defines_it_unless_it_is_defined_elsewhere():
    from tutor.engine.rulebook import clauses

    text = ("Intro naming **99-B** as an example.\n\n"
            "**99-A.** First clause. It has two kinds\nof thing (**99-SUB**): x and y. More.\n\n"
            "**99-B.** Second clause, which refers to **99-A** again.\n\n"
            "## Heading\n\nA sentence defines **99-LAST**\n")
    found = clauses(text, "99")
    assert list(found) == ["99-A", "99-SUB", "99-B", "99-LAST"]
    assert found["99-SUB"] == "It has two kinds of thing: x and y."
    assert found["99-A"].startswith("First clause.") and found["99-A"].endswith("More.")
    assert found["99-B"] == "Second clause, which refers to **99-A** again."
    assert found["99-LAST"] == "A sentence defines **99-LAST**"
    # an ID defined by a paragraph of its own elsewhere is only a reference where it is named
    assert clauses(text, "99", defined={"99-SUB"}).keys() == {"99-A", "99-B", "99-LAST"}
