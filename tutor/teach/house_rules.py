"""House rules in a learner's words: never a setting's name or a Python value ("renege_mode =
none", "plain_ace_high = True").  Each house rule a question, an example or a widget shows is
said as the rules text says it; a setting without words of its own is said by its rule ID and
its description from the game's settings table."""

from __future__ import annotations

from ..games import g55, g56

# 55: the house rules the lessons and questions set, in the words of the rules text.
WORDS_55 = {
    ("renege_mode", "none"): "nobody may renege: on a trump lead every trump, the 5, the J "
                             "and the A♥ included, must answer",
    ("renege_mode", "five_only"): "only the 5 of trumps may renege; the J and the A♥ are "
                                  "ordinary trumps",
    ("renege_mode", "highest_in_trick"): "a top trump may renege only if it ranks above every "
                                         "trump already in the trick, not just the led card",
    ("ah_lead_forces_hearts", True): "when the A♥ is led, a player who need not play a trump "
                                     "must play a heart or a trump if they hold a heart",
    ("plain_ace_high", True): "the ace is high in every plain suit (A K Q J ...)",
}


def house_words(setting: str, value, n: int) -> str:
    """The house rule in plain words (no full stop)."""
    if setting == "pass_is_final":
        return ("a player who has passed may not bid again in this auction (doubles and "
                "redoubles stay allowed)")
    if setting == "partner_overcall_min":
        return f"over your own team's bid, a new bid must be at least {value}"
    if setting == "allow_plus_nt":
        return "Plus N No-trumps (such as +1NT, Plus One No-trumps) may be bid"
    if value == "force_last_nondealer":
        return (f"if the first {n - 2} calls are all passes, seat {n - 2} (the dealer's left) "
                "may not pass and must bid")
    return "seat 0 may not pass with the first call of the auction: it must bid"


def _value(v) -> str:
    if v is True:
        return "on"
    if v is False:
        return "off"
    if v is None:
        return "none"
    if isinstance(v, (list, tuple)):
        return ", ".join(_value(x) for x in v)
    return str(v).replace("_", " ")


def words(game: str, name: str, value, n: int = 4) -> str:
    """The house rule ``name = value`` of ``game`` in plain words, with no final stop."""
    if game == "56":
        if name in ("pass_is_final", "partner_overcall_min", "allow_plus_nt") or \
                name == "all_pass" and value in ("force_last_nondealer", "force_first_bidder"):
            return house_words(name, value, n)
        table = g56.SETTINGS
    else:
        if (name, value) in WORDS_55:
            return WORDS_55[(name, value)]
        table = g55.SETTINGS
    setting = table.get(name)
    if setting is None:
        return f"a house rule ({_value(name)}: {_value(value)})"
    doc = setting.doc.rstrip(".")
    return f"{doc[:1].lower()}{doc[1:]}: {_value(value)} ({setting.rule})"


def sentence(game: str, rules: dict, n: int = 4) -> str:
    """``House rule: ... .`` for every rule of ``rules`` (empty when there are none)."""
    if not rules:
        return ""
    parts = [words(game, k, v, n) for k, v in rules.items()]
    return ("House rule: " if len(parts) == 1 else "House rules: ") + "; ".join(parts) + "."
