"""The line format shared by the games' position notations.

Every line is ``key: value``; ``#`` starts a comment; blank lines are ignored.  ``hand N:``
lines give the hands by seat and ``trick:`` lines the tricks in play order; a game may have
other keys by seat (55's ``exchange N:``), each at most once per seat; every other key appears
at most once.  Errors name the line (and, through the card parser, the card).
"""

from __future__ import annotations

import json

from .cards import Card, parse_cards
from .errors import InputError
from .messages import msg, nmsg, render
from .text import ascii_lower, quoted, read_int

MAX_RULE_DEPTH = 8  # brackets inside brackets in a rule's value (teams=[[0, 2], [1, 3]] has 2)


def split_rules(text: str) -> list[str]:
    """``a=1 b=[[0, 2], [1, 3]]`` -> tokens, spaces inside brackets kept."""
    out, cur, depth = [], "", 0
    for ch in text:
        if ch.isspace() and depth == 0:
            if cur:
                out.append(cur)
            cur = ""
            continue
        depth += ch in "[{"
        depth -= ch in "]}"
        cur += ch
    if cur:
        out.append(cur)
    return out


def format_rules(rules) -> str:
    """``(("target_score", 110), ("teams", ((0, 2), (1, 3))))`` -> ``target_score=110 ...``."""
    def text(v):
        if isinstance(v, str):
            return v
        if type(v) is int:  # most rules: what JSON writes of a whole number (no round trip)
            return repr(v)
        if type(v) is bool:
            return "true" if v else "false"
        return json.dumps(json.loads(json.dumps(v)), separators=(",", ":"))
    return " ".join(f"{k}={text(v)}" for k, v in rules)


def header(game: str, pos) -> list[str]:
    """The first lines of a position's text: game, players, dealer and rules."""
    out = [f"game: {game}", f"players: {pos.players}", f"dealer: {pos.dealer_seat}"]
    if pos.rules:
        out.append("rules: " + format_rules(pos.rules))
    return out


def nesting(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` in a JSON text (brackets in strings skipped)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def rule_value(text: str, where: str):
    """The value of one ``name=value`` rule: JSON (``110``, ``[[0, 2], [1, 3]]``, ``true``) or
    a bare word (``five_only``).  Deeper nesting than any rule needs is an :class:`InputError`
    (Python's JSON reader would run out of stack on it)."""
    if nesting(text) > MAX_RULE_DEPTH:
        raise InputError(render(nmsg("the rules are nested too deeply (at most {n} level of "
                                     "brackets)", "the rules are nested too deeply (at most {n} "
                                     "levels of brackets)", MAX_RULE_DEPTH)), where)
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text  # a bare word such as five_only
    except RecursionError:
        raise InputError(render(msg("the rules are nested too deeply")), where) from None


def to_int(text: str, where: str) -> int:
    """A number of the notation: the ASCII digits 0-9 only (``int`` also reads ``４``, ``٤``)."""
    return read_int(text, where)


class Lines:
    """A position text split into its lines, each remembered with its line number."""

    def __init__(self, text: str, game: str, keys: tuple[str, ...],
                 seat_keys: tuple[str, ...] = ()):
        if not isinstance(text, str):
            raise InputError(render(msg("a position is text")))
        self.game = game
        self.keys = ("game",) + keys
        self.seat_keys = seat_keys  # keys given by seat, like "hand N": "exchange N"
        self.fields: dict[str, tuple[int, str]] = {}
        self.hands: dict[int, tuple[int, str]] = {}
        self.by_seat: dict[str, dict[int, tuple[int, str]]] = {k: {} for k in seat_keys}
        self.tricks: list[tuple[int, str]] = []
        for no, line in enumerate(text.splitlines(), 1):
            body = line.split("#", 1)[0].strip()
            if not body:
                continue
            where = f"line {no}"
            if ":" not in body:
                raise InputError(render(msg("expected 'key: value', got {text}",
                                            text=quoted(body))), where)
            key, value = (p.strip() for p in body.split(":", 1))
            key = " ".join(ascii_lower(key).split())
            if key.startswith("hand "):
                seat = to_int(key[5:], where)
                if seat in self.hands:
                    raise InputError(render(msg("hand {seat} is given twice (first on line "
                                                "{line})", seat=seat,
                                                line=self.hands[seat][0])), where)
                self.hands[seat] = (no, value)
            elif key.split(" ")[0] in seat_keys and " " in key:
                name, number = key.split(" ", 1)
                seat = to_int(number, where)
                if seat in self.by_seat[name]:
                    raise InputError(render(msg("{key} {seat} is given twice (first on line "
                                                "{line})", key=name, seat=seat,
                                                line=self.by_seat[name][seat][0])), where)
                self.by_seat[name][seat] = (no, value)
            elif key == "trick":
                self.tricks.append((no, value))
            elif key in self.keys:
                if key in self.fields:
                    raise InputError(render(msg("{key} is given twice (first on line {line})",
                                                key=quoted(key), line=self.fields[key][0])),
                                     where)
                self.fields[key] = (no, value)
            else:
                known = ", ".join(self.keys[:3] + ("hand N",) + self.keys[3:] + ("trick",) +
                                  tuple(f"{k} N" for k in seat_keys))
                raise InputError(render(msg("unknown key {key} (known: {known})",
                                            key=quoted(key), known=known)), where)
        if "game" in self.fields and self.fields["game"][1].strip() != game:
            raise InputError(render(msg("this is the notation of {game}, not {text}", game=game,
                                        text=quoted(self.fields["game"][1]))), self.at("game"))

    def at(self, key: str) -> str:
        return f"line {self.fields[key][0]} ({key})"

    def get(self, key: str) -> str | None:
        return self.fields[key][1] if key in self.fields else None

    def int(self, key: str) -> int | None:
        return to_int(self.fields[key][1], self.at(key)) if key in self.fields else None

    def ints(self, key: str) -> tuple[int, ...] | None:
        if key not in self.fields:
            return None
        return tuple(to_int(x, self.at(key)) for x in self.fields[key][1].split())

    def cards(self, key: str) -> tuple[Card, ...] | None:
        if key not in self.fields:
            return None
        return tuple(parse_cards(self.fields[key][1], where=self.at(key)))

    def words(self, key: str) -> tuple[str, ...]:
        return tuple(self.fields[key][1].split()) if key in self.fields else ()

    def players(self) -> int:
        """The player count (``players:`` or the number of hands), every hand checked."""
        if not self.hands:
            raise InputError(render(msg("a position needs the hands: 'hand 0: ...' and so on")))
        n = self.int("players") if "players" in self.fields else len(self.hands)
        for seat, (no, _) in sorted(self.hands.items()):
            if not 0 <= seat < n:
                raise InputError(render(nmsg("hand {seat} is not a seat: with {n} player the "
                                             "seats are 0 to {last}",
                                             "hand {seat} is not a seat: with {n} players the "
                                             "seats are 0 to {last}", n, seat=seat,
                                             last=n - 1)), f"line {no}")
        missing = sorted(set(range(n)) - set(self.hands))
        if missing:
            raise InputError(render(msg("hand {seat} is missing: give one 'hand N:' line per "
                                        "seat, 0 to {last}", seat=missing[0], last=n - 1)))
        return n

    def hand_cards(self, n: int) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(parse_cards(self.hands[s][1],
                                       where=f"line {self.hands[s][0]} (hand {s})"))
                     for s in range(n))

    def trick_cards(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(parse_cards(v, where=f"line {no} (trick {i})"))
                     for i, (no, v) in enumerate(self.tricks, 1))

    def rules(self) -> tuple[tuple[str, object], ...]:
        out = []
        where = self.at("rules") if "rules" in self.fields else "rules"
        for tok in split_rules(self.get("rules") or ""):
            if "=" not in tok:
                raise InputError(render(msg("{text} is not name=value", text=quoted(tok))),
                                 where)
            k, v = tok.split("=", 1)
            out.append((k, rule_value(v, where)))
        return tuple(out)

    def locate(self, e: InputError) -> InputError:
        """An error found while checking the position, with the line it comes from."""
        if not e.where or e.where.startswith("line "):  # located already
            return e
        w = e.where.split(",")[0]
        if w.startswith("hand "):
            seat = int(w.split()[1])
            line = f"line {self.hands[seat][0]}" if seat in self.hands else "hands"
        elif w.split(" ")[0] in self.seat_keys and w.split(" ")[-1].isdigit():
            name, seat = w.split(" ")[0], int(w.split(" ")[-1])
            given = self.by_seat[name]
            line = f"line {given[seat][0]}" if seat in given else "position"
        elif w.startswith("trick "):
            i = int(w.split()[1])
            line = f"line {self.tricks[i - 1][0]}" if 0 < i <= len(self.tricks) else "tricks"
        else:
            key = w.split()[0]
            key = {"setting": "rules", "teams": "rules", "call": "calls"}.get(key, key)
            line = f"line {self.fields[key][0]}" if key in self.fields else "position"
        return e.at(line)
