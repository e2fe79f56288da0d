"""The message catalog: ``tutor/locale/tutor.pot`` extracted from the code, then every
language's ``tutor/locale/<lang>/LC_MESSAGES/tutor.po`` updated from it (``make messages``).

The message ids are the English text marked in the code with ``msg(...)``, ``nmsg(singular,
plural, n)`` and ``N_(...)`` (tutor/engine/messages.py); ``babel.cfg`` names the files.  A new
language: ``pybabel init -i tutor/locale/tutor.pot -d tutor/locale -D tutor -l fr``, then
translate its ``tutor.po``.

    python scripts/messages.py            # extract and update
    python scripts/messages.py --check    # exit 1 if the template is not what the code has
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LOCALE = REPO / "tutor" / "locale"
TEMPLATE = LOCALE / "tutor.pot"
KEYWORDS = ["msg", "nmsg:1,2", "pmsg:1c,2", "N_"]


def pybabel(*args: str) -> None:
    exe = Path(sys.executable).with_name("pybabel")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(  # babel.cfg's extractor: babel_ast
        p for p in (str(REPO / "scripts"), os.environ.get("PYTHONPATH")) if p))
    subprocess.run([str(exe), *args], cwd=REPO, check=True, capture_output=True, text=True,
                   env=env)


def extract(out: Path = TEMPLATE) -> Path:
    keywords = [a for k in KEYWORDS for a in ("-k", k)]
    pybabel("extract", "-F", "babel.cfg", *keywords, "--add-location=file", "--sort-by-file",
            "--project=Trick Tutor", "--copyright-holder=Trick Tutor",
            "--msgid-bugs-address=-", "-o", str(out), ".")
    return out


def ids(path: Path) -> set[str]:
    """The message ids of a catalog (a plural by its singular)."""
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}


def update() -> list[str]:
    langs = sorted(p.parent.parent.name for p in LOCALE.glob("*/LC_MESSAGES/tutor.po"))
    for lang in langs:
        pybabel("update", "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", "tutor", "-l", lang)
    return langs


def main(argv: list[str]) -> int:
    if argv == ["--check"]:
        with tempfile.TemporaryDirectory() as tmp:
            now = ids(extract(Path(tmp) / "tutor.pot"))
        kept = ids(TEMPLATE)
        if now != kept:
            print(f"tutor/locale/tutor.pot is not the code's: {len(now - kept)} new, "
                  f"{len(kept - now)} gone; run make messages")
            return 1
        return 0
    extract()
    langs = update()
    print(f"wrote {TEMPLATE.relative_to(REPO)} ({len(ids(TEMPLATE))} messages); updated: "
          f"{', '.join(langs) or 'no language yet'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
