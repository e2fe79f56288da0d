"""The static site in every language of the tutor (``make site``: build.sh runs each step, with
the tutor's source copy first on ``sys.path``).

- ``catalogs SRC``: the tutor's catalogs compiled (``tutor/locale/<lang>/LC_MESSAGES/tutor.mo``,
  as :func:`tutor.teach.i18n.translations` compiles a ``.po``), the ``.po`` and ``.pot`` files
  dropped: the site's wheel carries the ``.mo`` files alone (zipped, about the size of the
  ``.po`` files, and read by the kernel with no ``.po`` parser);
- ``notebooks CONTENT``: each notebook of the site's contents (a copy of ``lessons/``) copied
  into a folder per language but English (``fr/55/04-renege.ipynb``, a page
  ``voici/render/fr/55/04-renege.html``; English's pages stay where they are), its markdown
  worded in the language (:func:`tutor.teach.prose.worded`, as the server words it), and its
  metadata ``tutor`` for the site's template: the language (``<html lang>``), the page's path in
  its language, the site's languages, and the template's words
  (:func:`tutor.teach.prose.template_words`).  The page's kernel learns its language from its
  folder (:func:`tutor.ui.pages.site_language`);
- ``babel WHEEL_DIR``: Babel's wheel with only the locale data the tutor reads (its own
  languages' ``.dat`` files and those they inherit from, found by doing what the tutor does
  with Babel and noting the data it read): 0.7 MB, where the data of every language of CLDR
  made it 11 MB.

    python languages.py catalogs SRC | notebooks CONTENT | babel WHEEL_DIR
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import sys
import zipfile
from pathlib import Path, PurePosixPath

from tutor.engine.messages import many, render
from tutor.teach import i18n, prose


def site_languages() -> list[str]:
    """The languages of the site: English and every language with a catalog (not the
    pseudo-language, a developer's check)."""
    return [lang for lang in i18n.languages() if lang != i18n.PSEUDO]


def catalogs(src: Path) -> None:
    locale = src / "tutor" / "locale"
    for po in sorted(locale.glob(f"*/LC_MESSAGES/{i18n.DOMAIN}.po")):
        po.with_suffix(".mo").write_bytes(i18n.compiled(po, po.parent.parent.name))
        po.unlink()
    for pot in locale.glob("*.pot"):
        pot.unlink()
    print(f"languages: catalogs {', '.join(site_languages()[1:])} compiled")


def notebooks(content: Path) -> None:
    langs = site_languages()
    pages = sorted(p.relative_to(content) for p in content.rglob("*.ipynb"))
    taken = [lang for lang in langs if (content / lang).exists()]
    if taken:
        sys.exit(f"languages: the lessons have a folder named as a language: {taken}")
    english = {page: json.loads((content / page).read_text(encoding="utf-8")) for page in pages}
    for lang in langs:
        words = i18n.translations(lang)
        with i18n.language(lang):
            template = prose.template_words()
        for page, nb in english.items():
            nb = json.loads(json.dumps(nb))
            if lang != i18n.ENGLISH:
                for cell in nb["cells"]:
                    if cell["cell_type"] == "markdown":
                        source = cell["source"]
                        text = source if isinstance(source, str) else "".join(source)
                        cell["source"] = prose.worded(text, words)
                if nb["metadata"].get("title"):  # the browser's tab
                    nb["metadata"]["title"] = prose.page_title(nb["metadata"]["title"], words)
            nb["metadata"]["tutor"] = {"lang": lang, "page": PurePosixPath(page).with_suffix(
                "").as_posix(), "languages": langs, **template}
            out = content / page if lang == i18n.ENGLISH else content / lang / page
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"languages: {len(pages)} pages in {', '.join(langs)}")


def babel_files() -> set[str]:
    """The names of Babel's locale data files that the tutor reads: for each of its languages
    the catalog, the language's own name and its lists, with the data each inherits from
    (English's lists were read when :mod:`tutor.teach.i18n` was imported).  Babel keeps every
    locale it has read in ``babel.localedata._cache`` (Babel is pinned: requirements-build.txt)."""
    from babel import localedata

    for lang in site_languages():
        i18n.own_name(lang)
        with i18n.language(lang):
            render(many(["a", "b", "c"]))
            render(many(["a", "b"], "or"))
    return {f"{name}.dat" for name in localedata._cache}


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def babel_wheel(folder: Path) -> None:
    import babel

    wheel = next(folder.glob("babel-*.whl"))
    version = wheel.name.split("-")[1]
    if version != babel.__version__:
        sys.exit(f"languages: {wheel.name} is not the Babel this build runs ({babel.__version__})"
                 ": requirements-pyodide.txt and requirements-build.txt must pin the same")
    keep = babel_files()
    trimmed = wheel.with_suffix(".tmp")
    with zipfile.ZipFile(wheel) as old, zipfile.ZipFile(trimmed, "w", zipfile.ZIP_DEFLATED) as new:
        names = old.namelist()
        record = next(n for n in names if n.endswith(".dist-info/RECORD"))
        kept = [n for n in names if n != record
                and not (n.startswith("babel/locale-data/") and n.endswith(".dat")
                         and PurePosixPath(n).name not in keep)]
        dropped = len(names) - 1 - len(kept)
        missing = keep - {PurePosixPath(n).name for n in kept}
        if missing:
            sys.exit(f"languages: {wheel.name} has no {sorted(missing)}")
        lines = []
        for name in kept:
            data = old.read(name)
            new.writestr(old.getinfo(name), data, zipfile.ZIP_DEFLATED)
            lines.append(record_line(name, data))
        new.writestr(old.getinfo(record), "\n".join([*lines, f"{record},,"]) + "\n",
                     zipfile.ZIP_DEFLATED)
    before = wheel.stat().st_size
    trimmed.replace(wheel)
    print(f"languages: {wheel.name}: {dropped} locale data files dropped, kept "
          f"{', '.join(sorted(keep))}; {before:,} -> {wheel.stat().st_size:,} bytes")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("step", choices=["catalogs", "notebooks", "babel"])
    ap.add_argument("path", type=Path)
    a = ap.parse_args()
    {"catalogs": catalogs, "notebooks": notebooks, "babel": babel_wheel}[a.step](a.path)


if __name__ == "__main__":
    main()
