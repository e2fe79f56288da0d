"""The ``tutor`` command."""

from __future__ import annotations

import argparse
import sys

from .engine.messages import msg, render


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tutor",
                                     description=render(msg("Trick Tutor: rules of 55 and 56")))
    sub = parser.add_subparsers(dest="command", required=True)
    p_cases = sub.add_parser("cases",
                             help=render(msg("answer rule cases (JSON files, see the README)")))
    p_cases.add_argument("files", nargs="+", metavar="FILE")
    args = parser.parse_args(argv)
    if args.command == "cases":
        from .cases import run_files

        _, failed = run_files(args.files)
        return 1 if failed else 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
