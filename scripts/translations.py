"""Translating the tutor: a language's catalog in chunks a translator can work through, merged
back into ``tutor/locale/<lang>/LC_MESSAGES/tutor.po``, and the checks every catalog must pass.

    python scripts/translations.py todo fr DIR [--size 250]  # what fr lacks, as DIR/todo/*.json
    python scripts/translations.py merge fr DIR [--po PATH]  # DIR/done/*.json into the catalog
    python scripts/translations.py check fr [--po PATH]      # what is wrong or missing, by message
    python scripts/translations.py glossary fr [--po PATH] [--glossary PATH]  # the terms kept

A chunk is a JSON list of messages: ``{"i", "key", "context", "id", "plural", "notes",
"where"}``; its translation, ``DIR/done/<same name>.json``, is a list of ``{"i", "str"}``
(``i`` the message's number in the chunk, or ``key`` its key): ``str`` a string, or for a
plural a list of the language's forms (``"forms"`` in the chunk says how many and which
numbers take which, by CLDR).  What the checks ask of every translation (:func:`problems`):

* every ``{placeholder}`` of the English kept, none added (the code fills them by name);
* the same HTML tags and entities, the same markdown links' targets, `code`, rule IDs
  (``55-RENEGE``) and card notation (``J♠``, ``10♥``) as the English;
* a markdown heading stays a heading of the same level, a list item a list item, a line break
  where the English has a paragraph break;
* nothing empty, nothing fuzzy, every plural form filled.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LOCALE = REPO / "tutor" / "locale"
TEMPLATE = LOCALE / "tutor.pot"

_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_TAG = re.compile(r"</?[A-Za-z][^<>]*>")
_ENTITY = re.compile(r"&#?\w+;")
_LINK_TARGET = re.compile(r"\]\(([^()]*)\)")
_CODE = re.compile(r"`[^`]+`")
# a rule ID or a card in notation, beside any word of any script (Japanese has no spaces)
_RULE_ID = re.compile(r"(?<![A-Za-z0-9-])5[56]-[A-Z][A-Z0-9-]*[A-Z0-9](?![A-Za-z0-9-])")
_CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9AKQJ])[♠♥♦♣]")
_HEADING = re.compile(r"^(#{1,6}) ")
_ITEM = re.compile(r"^(\s*)(?:[-*+]|\d+\.) ")


def read(path: Path):
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f)


def key(message) -> str:
    ident = message.id if isinstance(message.id, str) else message.id[0]
    return f"{message.context}\x04{ident}" if message.context else ident


def _tags(text: str) -> Counter:
    # a tag's attributes may hold words (title="..."), compared by the tag's name only
    return Counter(re.match(r"</?([A-Za-z][\w-]*)", t).group(0) for t in _TAG.findall(text))


def _shape(text: str) -> list[str]:
    """The markdown shape: each line's heading or list marker, and where paragraphs break."""
    out = []
    for line in text.split("\n"):
        if m := _HEADING.match(line):
            out.append(m.group(1))
        elif m := _ITEM.match(line):
            out.append("item")
        elif not line.strip():
            out.append("")
    return out


def problems(english: str, translated: str) -> list[str]:
    """What is wrong with ``translated`` as the translation of ``english`` (empty: nothing)."""
    found = []
    if not any(ch.isalpha() for ch in english):
        # a separator (", ", the space between two sentences): the language's own, which may
        # be no space at all (Japanese: a zero-width space, U+200B, as gettext takes an empty
        # translation for none)
        return [] if translated else ["empty"]
    if not translated.strip():
        return ["empty"]
    for name, pattern in (("placeholders", _PLACEHOLDER), ("entities", _ENTITY),
                          ("link targets", _LINK_TARGET), ("code", _CODE),
                          ("rule IDs", _RULE_ID), ("card notation", _CARD)):
        a, b = Counter(pattern.findall(english)), Counter(pattern.findall(translated))
        if name in ("placeholders", "rule IDs", "card notation", "code", "link targets"):
            a, b = set(a), set(b)  # a name may be said twice in one language, once in another
        if a != b:
            found.append(f"{name}: English has {sorted(a)}, translation {sorted(b)}")
    if _tags(english) != _tags(translated):
        found.append(f"HTML tags: English has {sorted(_tags(english).elements())}, "
                     f"translation {sorted(_tags(translated).elements())}")
    if [s for s in _shape(english) if s] != [s for s in _shape(translated) if s]:
        found.append("markdown: headings and list items differ from the English")
    if english.count("\n\n") != translated.count("\n\n"):
        found.append("markdown: the English has a different number of paragraph breaks")
    if english.strip() != english and english[:1].isspace() != translated[:1].isspace():
        found.append("the English starts with a space or line break and the translation not "
                     "(or the other way)")
    if english[-1:].isspace() != translated[-1:].isspace():
        found.append("the English ends with a space or line break and the translation not "
                     "(or the other way)")
    return found


def _forms(lang: str) -> list[str]:
    """Which numbers each plural form of ``lang`` takes, by CLDR (examples)."""
    from babel.messages.catalog import Catalog
    from babel.messages.plurals import get_plural

    count = Catalog(locale=lang.replace("-", "_")).num_plurals
    expr = get_plural(lang.replace("-", "_")).plural_expr
    expr = expr.replace("||", " or ").replace("&&", " and ").replace("!", " not ") \
        .replace(" not =", " !=")
    examples: dict[int, list[int]] = {}
    for n in (0, 1, 2, 3, 5, 11, 21, 100, 1000000):
        form = eval(_ternary(expr), {"n": n})  # noqa: S307 (CLDR's expression, from Babel)
        examples.setdefault(int(form), []).append(n)
    return [f"form {i}: n = {', '.join(map(str, examples.get(i, [])))}" for i in range(count)]


def _ternary(expr: str) -> str:
    """A C ternary chain ``a ? b : c ? d : e`` as Python."""
    expr = expr.strip()
    depth = 0
    for i, ch in enumerate(expr):
        depth += ch == "("
        depth -= ch == ")"
        if ch == "?" and depth == 0:
            j, d = i + 1, 0
            while j < len(expr):
                d += expr[j] == "?"
                if expr[j] == ":":
                    if d == 0:
                        break
                    d -= 1
                j += 1
            return (f"(({_ternary(expr[i + 1:j])}) if ({expr[:i]}) else "
                    f"({_ternary(expr[j + 1:])}))")
    if expr.startswith("(") and expr.endswith(")") and _balanced(expr[1:-1]):
        return f"({_ternary(expr[1:-1])})"
    return expr


def _balanced(s: str) -> bool:
    depth = 0
    for ch in s:
        depth += (ch == "(") - (ch == ")")
        if depth < 0:
            return False
    return depth == 0


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "tutor.po"


def check(lang: str, po: Path | None = None) -> dict[str, list[str]]:
    """Every message of the template that ``lang``'s catalog lacks or gets wrong, by key."""
    from babel.messages.catalog import Catalog

    template, catalog = read(TEMPLATE), read(po or po_path(lang))
    count = Catalog(locale=lang.replace("-", "_")).num_plurals
    have = {key(m): m for m in catalog if m.id}
    out: dict[str, list[str]] = {}
    for m in template:
        if not m.id:
            continue
        t = have.get(key(m))
        if t is None or not t.string or (isinstance(t.string, tuple) and not all(t.string)):
            out[key(m)] = ["not translated"]
            continue
        if t.fuzzy:
            out[key(m)] = ["fuzzy"]
            continue
        if isinstance(m.id, str):
            got = problems(m.id, t.string)
        else:
            strings = t.string if isinstance(t.string, tuple) else (t.string,)
            got = [] if len(strings) == count else [f"{len(strings)} plural forms, not {count}"]
            for i, s in enumerate(strings):
                got += [f"form {i}: {p}" for p in problems(m.id[min(i, 1) if count > 1 else 1],
                                                              s)]
        if got:
            out[key(m)] = got
    return out


def todo(lang: str, directory: Path, size: int = 250, po: Path | None = None) -> int:
    """Write the messages ``lang`` lacks (or gets wrong) as chunks in ``directory/todo``."""
    template = read(TEMPLATE)
    path = po or po_path(lang)
    if any((directory / "done").glob("*.json")):
        raise SystemExit(f"{directory / 'done'} has translations of the chunks in "
                         f"{directory / 'todo'}: merge them, then take a new directory")
    missing = check(lang, path) if path.exists() else None
    done: dict = {}
    entries = []
    for m in template:
        if not m.id or (missing is not None and key(m) not in missing):
            continue
        if key(m) in done and missing is None:
            english = m.id if isinstance(m.id, str) else m.id
            if not _entry_problems(english, done[key(m)], lang):
                continue
        entry = {"i": len(entries), "key": key(m), "context": m.context,
                 "id": m.id if isinstance(m.id, str) else m.id[0],
                 "plural": None if isinstance(m.id, str) else m.id[1],
                 "notes": [c for c in m.auto_comments], "where": [loc[0] for loc in m.locations]}
        if entry["plural"] is not None:
            entry["forms"] = _forms(lang)
        if missing is not None and missing.get(key(m)) not in (None, ["not translated"]):
            entry["problems"] = missing[key(m)]
        entries.append(entry)
    out = directory / "todo"
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.json"):
        old.unlink()
    for i in range(0, len(entries), size):
        (out / f"{i // size:03d}.json").write_text(
            json.dumps(entries[i:i + size], ensure_ascii=False, indent=1), encoding="utf-8")
    return len(entries)


def _done(directory: Path) -> dict[str, object]:
    """The translations in ``directory/done``: each entry names its message by ``key``, or by
    ``i``, its number in the chunk of the same name in ``directory/todo``."""
    got = {}
    for path in sorted((directory / "done").glob("*.json")):
        chunk = directory / "todo" / path.name
        keys = {e["i"]: e["key"] for e in json.loads(chunk.read_text(encoding="utf-8"))} \
            if chunk.exists() else {}
        try:
            entries = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as e:
            raise SystemExit(f"{path}: not JSON ({e})") from None
        for entry in entries:
            k = entry.get("key") or keys.get(entry.get("i"))
            if k is None:
                raise SystemExit(f"{path}: an entry names no message of {chunk}: {entry}")
            if entry.get("str"):
                got[k] = entry["str"]
    return got


def _entry_problems(english, translated, lang: str) -> list[str]:
    if isinstance(english, str):
        return problems(english, translated) if isinstance(translated, str) else ["not a string"]
    if not isinstance(translated, list):
        return ["a plural needs a list of forms"]
    from babel.messages.catalog import Catalog

    count = Catalog(locale=lang.replace("-", "_")).num_plurals
    got = [] if len(translated) == count else [f"{len(translated)} forms, not {count}"]
    for i, s in enumerate(translated):
        got += problems(english[min(i, 1) if count > 1 else 1], s)
    return got


def merge(lang: str, directory: Path, po: Path | None = None) -> tuple[int, dict]:
    """Every translation in ``directory/done`` into ``lang``'s catalog (made from the template
    if it has none); returns how many went in and the ones refused, with why."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    path = po or po_path(lang)
    template = read(TEMPLATE)
    old = {key(m): m.string for m in read(path) if m.id} if path.exists() else {}
    done = _done(directory)
    catalog = Catalog(locale=lang.replace("-", "_"), domain="tutor", project="Trick Tutor",
                      copyright_holder="Trick Tutor", msgid_bugs_address="-",
                      language_team=f"Trick Tutor {lang}")
    taken, refused = 0, {}
    for m in template:
        if not m.id:
            continue
        string = old.get(key(m)) or ("" if isinstance(m.id, str) else ())
        new = done.get(key(m))
        if new is not None:
            bad = _entry_problems(m.id, new, lang)
            if bad:
                refused[key(m)] = bad
            else:
                string = new if isinstance(new, str) else tuple(new)
                taken += 1
        catalog.add(m.id, string, locations=m.locations, flags=m.flags - {"fuzzy"},
                    auto_comments=m.auto_comments, context=m.context)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=100, sort_by_file=False)
    return taken, refused


def glossary_path(lang: str) -> Path:
    return LOCALE / lang / "glossary.toml"


def read_glossary(path: Path) -> list[dict]:
    """A language's glossary (``tutor/locale/<lang>/glossary.toml``): a ``[[term]]`` table per
    card player's term, with

    * ``en`` -- the English term, a regular expression matched on whole words, any case, in the
      English message (``"tricks?"``);
    * ``say`` -- the term in the language, as a glossary shows it;
    * ``match`` -- what a translation of a message with the English term must contain, at least
      one of them, any case (stems, so that inflected forms count: ``["pli"]``);
    * ``source`` -- where the term comes from; ``sure`` -- ``"yes"`` or ``"check"`` (a term a
      reviewer should look at first); ``note`` -- why, if there was a choice;
    * ``except`` -- messages (the start of their English) where the English word is not the card
      player's term ("follow" in "the following").
    """
    import tomllib

    with path.open("rb") as f:
        data = tomllib.load(f)
    return data.get("term", [])


def glossary_misses(lang: str, po: Path | None = None,
                    glossary: Path | None = None) -> list[tuple[str, str, str]]:
    """Every translated message whose English has a glossary term and whose translation has
    none of the term's forms: ``(term, English, translation)``."""
    terms = read_glossary(glossary or glossary_path(lang))
    catalog = read(po or po_path(lang))
    misses = []
    for m in catalog:
        if not m.id or not m.string:
            continue
        pairs = [(m.id, m.string)] if isinstance(m.id, str) else list(zip(
            [m.id[0]] + [m.id[1]] * (len(m.string) - 1), m.string))
        for english, translated in pairs:
            if not translated:
                continue
            for term in terms:
                if not re.search(rf"\b(?:{term['en']})\b", english, re.IGNORECASE):
                    continue
                if any(english.startswith(e) for e in term.get("except", [])):
                    continue
                if not any(f.lower() in translated.lower() for f in term["match"]):
                    misses.append((term["en"], english, translated))
    return misses


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("todo", "merge", "check", "glossary"):
        p = sub.add_parser(name)
        p.add_argument("lang")
        if name in ("todo", "merge"):
            p.add_argument("directory", type=Path)
        p.add_argument("--po", type=Path)
        if name == "todo":
            p.add_argument("--size", type=int, default=250)
        if name == "glossary":
            p.add_argument("--glossary", type=Path)
    args = parser.parse_args(argv)
    if args.command == "todo":
        n = todo(args.lang, args.directory, args.size, args.po)
        print(f"{n} messages to translate, in {args.directory / 'todo'}")
    elif args.command == "merge":
        taken, refused = merge(args.lang, args.directory, args.po)
        print(f"{taken} translations merged into {args.po or po_path(args.lang)}")
        for k, why in refused.items():
            print(f"refused: {k[:70]!r}: {'; '.join(why)}")
        return 1 if refused else 0
    elif args.command == "glossary":
        misses = glossary_misses(args.lang, args.po, args.glossary)
        for term, english, translated in misses[:300]:
            print(f"{term}: {english[:80]!r}\n    -> {translated[:80]!r}")
        print(f"{len(misses)} translations miss a glossary term")
        return 1 if misses else 0
    else:
        found = check(args.lang, args.po)
        for k, why in list(found.items())[:200]:
            print(f"{k[:70]!r}: {'; '.join(why)}")
        print(f"{len(found)} messages not translated or with a problem")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
