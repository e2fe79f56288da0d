"""House rules in a learner's words: never a setting's name or a Python value ("renege_mode =
none", "plain_ace_high = True").  Each house rule a question, an example or a widget shows is
said as the rules text says it; a setting without words of its own is said by its rule ID and
its description from the game's settings table."""

from __future__ import annotations

from ..engine.messages import many, msg, nmsg, pmsg, render
from ..games.registry import find_game

# each game's teaching module registers the words of its house rules: fn(name, value, n) -> the
# words, or None for a rule it has no words of its own for
_WORDS: dict = {}


def register_words(game: str, fn) -> None:
    _WORDS[game] = fn


def _value(v) -> str:
    """A setting's value in words: on, off, none; a number as it is; a name of a choice with
    spaces (a rule with words of its own says its choices better)."""
    if v is True:
        return render(pmsg("a house rule's value", "on"))
    if v is False:
        return render(pmsg("a house rule's value", "off"))
    if v is None:
        return render(pmsg("a house rule's value", "none"))
    if isinstance(v, (list, tuple)):
        return render(many((_value(x) for x in v), "sequence"))
    return str(v).replace("_", " ")


def words(game: str, name: str, value, n: int = 4) -> str:
    """The house rule ``name = value`` of ``game`` in plain words, with no final stop."""
    own = _WORDS.get(game)
    said = own(name, value, n) if own is not None else None
    if said is not None:
        return said
    setting = find_game(game).settings.get(name)
    if setting is None:
        return render(msg("a house rule ({name}: {value})", name=_value(name),
                          value=_value(value)))
    doc = render(msg(setting.doc)).rstrip(".")
    return render(msg("{setting}: {value} ({rule})", setting=f"{doc[:1].lower()}{doc[1:]}",
                      value=_value(value), rule=setting.rule))


def sentence(game: str, rules: dict, n: int = 4) -> str:
    """``House rule: ... .`` for every rule of ``rules`` (empty when there are none)."""
    if not rules:
        return ""
    parts = [words(game, k, v, n) for k, v in rules.items()]
    return render(nmsg("House rule: {rules}.", "House rules: {rules}.", len(parts),
                       rules=many(parts, "clauses")))
