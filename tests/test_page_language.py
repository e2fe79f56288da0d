"""The page's language (issue #38, #40): which language a request gets, and the lessons' prose
(the notebooks' markdown cells) worded through the catalog block by block."""

from __future__ import annotations

import json
from pathlib import Path

from tutor.teach import i18n, prose

LESSONS = Path(__file__).resolve().parents[1] / "lessons"


def test_accept_language_is_read_most_wanted_first():
    assert i18n.accepted("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.95") == ["fr-CH", "de", "fr", "en"]
    # refused (q=0), malformed and wildcard entries are left out; equal q keep their order
    assert i18n.accepted("sv;q=0, <script>, *;q=0.5, ja;q=x, ca, ml") == ["ca", "ml"]
    assert i18n.accepted(None) == [] and i18n.accepted("") == []


def _catalogs(tmp_path: Path, *langs: str) -> Path:
    for lang in langs:
        folder = tmp_path / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        (folder / "tutor.po").write_text('msgid ""\nmsgstr ""\n', encoding="utf-8")
    return tmp_path


def test_the_link_then_the_browsers_choice_then_its_languages_then_english(tmp_path):
    have = _catalogs(tmp_path, "fr", "sv")
    assert i18n.choose("sv", "fr", "fr", directory=have) == "sv"  # ?lang= wins
    assert i18n.choose(None, "fr", "sv", directory=have) == "fr"  # then the cookie
    assert i18n.choose("xx", "zz", "de, sv-FI;q=0.8, fr;q=0.5", directory=have) == "sv"
    assert i18n.choose(None, None, "de, ja", directory=have) == "en"
    assert i18n.choose("FR", directory=have) == "fr"  # as the tutor spells it
    # the pseudo-language only by name, never from a browser's languages
    assert i18n.choose("en_xa", directory=have) == i18n.PSEUDO
    assert i18n.choose(None, None, "en-XA", directory=have) == "en"


def test_a_kernel_speaks_the_language_the_server_chose(monkeypatch):
    from tutor.engine.messages import msg, render

    monkeypatch.setenv(i18n.ENVIRONMENT, i18n.PSEUDO)
    try:
        assert i18n.use_environment() == i18n.PSEUDO
        assert render(msg("Seat {seat} plays {card}.", seat=1, card="7♠")).startswith("[")
        monkeypatch.setenv(i18n.ENVIRONMENT, "no such language")
        assert i18n.use_environment() == i18n.ENGLISH
        assert render(msg("Seat {seat} plays {card}.", seat=1, card="7♠")) == "Seat 1 plays 7♠."
    finally:
        i18n.use(i18n.ENGLISH)


MARKDOWN = """## A heading

A paragraph with a [link to the rule](../../rules/55.md#55-renege), `code` and **bold**,
on two lines.

- an item
  that goes on
- 2. another

```
x = 1

y = 2
```"""


def test_markdown_is_cut_into_blocks_and_code_is_not_prose():
    got = prose.blocks(MARKDOWN)
    assert [b.split("\n")[0] for b, _ in got] == ["## A heading", "A paragraph with a [link to "
                                                  "the rule](../../rules/55.md#55-renege), "
                                                  "`code` and **bold**,", "- an item", "```"]
    assert [p for _, p in got] == [True, True, True, False]
    assert got[-1][0].endswith("y = 2\n```")  # the blank line inside the fence kept


def test_english_prose_is_the_notebooks_own():
    for path in sorted(LESSONS.rglob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                source = "".join(cell["source"])
                assert prose.worded(source, i18n.translations(i18n.ENGLISH)) == source.strip()


def test_the_pseudo_language_keeps_the_markdown():
    got = prose.worded(MARKDOWN, i18n.translations(i18n.PSEUDO))
    lines = got.split("\n")
    assert lines[0].startswith("## [") and lines[0].endswith("]")
    assert "](../../rules/55.md#55-renege)" in got and "`code`" in got  # targets, code kept
    assert "\n- [" in got and "\n  [" in got  # list items and their next lines
    assert got.endswith("```\nx = 1\n\ny = 2\n```")  # code as it was
    assert "link" not in got.replace("55-renege", "")  # every word went through


def test_a_catalogs_translation_replaces_a_whole_block(tmp_path):
    import gettext

    class French(gettext.NullTranslations):
        def gettext(self, message):
            return {"## A heading": "## Un titre"}.get(message, message)

    got = prose.worded(MARKDOWN, French())
    assert got.startswith("## Un titre\n\nA paragraph")  # a block it lacks stays English


def test_the_kernel_reads_the_language_the_server_names():
    """tutor.ui reads the page's language from the variable the server sets (the name is
    spelled there without importing i18n, which the static site's kernel cannot import)."""
    source = (Path(__file__).resolve().parents[1] / "tutor" / "ui" / "__init__.py").read_text()
    assert f'"{i18n.ENVIRONMENT}" in _os.environ' in source
