"""House-rule settings: a game declares a table of :class:`Setting`; :func:`build` checks input.

An unknown setting name, or a value outside those listed, is an :class:`InputError`.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Callable, Mapping

from .errors import InputError
from .messages import msg, render
from .text import SNIPPET, quoted, visible


@dataclass(frozen=True)
class Setting:
    name: str
    default: Any
    rule: str
    doc: str
    choices: tuple | None = None  # the allowed values, or None when ``check`` decides
    check: Callable[[Any], Any] | None = None  # returns the normalised value or raises
    describe: str = ""  # human text of allowed values when ``choices`` is None

    def normalise(self, value):
        if self.check is not None:
            return self.check(value)
        for choice in self.choices or ():
            # bool is an int in Python: compare with type so True != 1
            if type(choice) is type(value) and choice == value:
                return choice
            if isinstance(choice, tuple) and isinstance(value, (list, tuple)) \
                    and tuple(value) == choice:
                return choice
        allowed = ", ".join(_show(c) for c in self.choices or ())
        shown = _show(value) if isinstance(value, (str, int, float, tuple, type(None))) \
            else quoted(value)
        raise InputError(render(msg("{value} is not a value of {name} (allowed: {allowed})",
                                    value=visible(shown, SNIPPET), name=self.name,
                                    allowed=allowed)),
                         f"setting {self.name!r}")


def _show(v) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, tuple):
        return "[" + ",".join(_show(x) for x in v) + "]"
    return str(v)


class Settings(Mapping):
    """An immutable, validated set of house-rule values (every setting present)."""

    def __init__(self, table: Mapping[str, Setting], values: Mapping[str, Any]):
        self._table = table
        self._values = MappingProxyType(dict(values))
        self._key = tuple(sorted((k, _freeze(v)) for k, v in self._values.items()))

    def __getitem__(self, k):
        return self._values[k]

    def __iter__(self):
        return iter(self._values)

    def __len__(self):
        return len(self._values)

    def __getattr__(self, k):
        try:
            return self._values[k]
        except KeyError:
            raise AttributeError(k) from None

    def __hash__(self):
        return hash(self._key)

    def __eq__(self, other):
        return isinstance(other, Settings) and self._key == other._key

    def __repr__(self):
        return f"Settings({self.changed()})"

    def changed(self) -> dict:
        """Only the values that differ from the defaults."""
        return {k: v for k, v in self._values.items() if self._table[k].default != v}

    def replace(self, **changes) -> "Settings":
        return build(self._table, {**self._values, **changes})


def _freeze(v):
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    return v


def build(table: Mapping[str, Setting], overrides: Mapping[str, Any] | None = None) -> Settings:
    """Defaults from ``table`` with ``overrides`` applied and checked."""
    values = {name: s.default for name, s in table.items()}
    if overrides is None:
        overrides = {}
    if isinstance(overrides, Settings):
        overrides = dict(overrides)
    if not isinstance(overrides, Mapping):
        raise InputError(render(msg("house rules must be a mapping of name to value, got {text}",
                                    text=quoted(overrides))))
    for name, value in overrides.items():
        if name not in table:
            known = ", ".join(sorted(table))
            raise InputError(render(msg("unknown house rule {name} (known: {known})",
                                        name=quoted(name), known=known)), "rules")
        values[name] = table[name].normalise(value)
    return Settings(table, values)
