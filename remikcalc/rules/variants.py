"""Variants as data: one frozen :class:`Rules` type, presets, a registry with aliases.

Every rule key of docs/RULES.md is a field of :class:`Rules`; a variant is a default ``Rules`` plus
named presets (partial overrides) and a table of pack and hand size by number of players.
House rules come in as ``KEY=VALUE`` strings and are parsed (:mod:`remikcalc.rules.overrides`)
and validated (:mod:`remikcalc.rules.ruleset`) before any ``Rules`` is made, so a bad key or
value never reaches the scoring code. ``Rules`` and its value types, ``RULE_DOCS``,
``parse_override`` and ``variant_word`` can be imported from here as from their own modules.

>>> get_rules("джин").knock_limit
10
>>> get_rules("gin", preset="pagat").undercut_bonus
10
>>> get_rules("bridge", overrides=["knock_limit=7"]).knock_limit
7
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from remikcalc.base.errors import RulesError
from remikcalc.base.i18n import N_, _
from remikcalc.rules.families import Family
from remikcalc.rules.overrides import parse_override, typed_value
from remikcalc.rules.overrides import parse_value as parse_value
from remikcalc.rules.ruleset import CHOICES as CHOICES
from remikcalc.rules.ruleset import DECIMAL_RULE_MAX as DECIMAL_RULE_MAX
from remikcalc.rules.ruleset import DECIMAL_RULE_PLACES as DECIMAL_RULE_PLACES
from remikcalc.rules.ruleset import FIXED as FIXED
from remikcalc.rules.ruleset import (
    Rules,
)
from remikcalc.rules.ruleset import decimal_rule_problem as decimal_rule_problem
from remikcalc.rules.variant_words import VARIANT_CASES as VARIANT_CASES
from remikcalc.rules.variant_words import VARIANT_WORDS as VARIANT_WORDS
from remikcalc.rules.variant_words import VariantKey as VariantKey

__all__ = [
    "VARIANTS",
    "Variant",
    "find_variant",
    "get_rules",
]

# --- variants and registry --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Variant:
    """A variant: default rules, presets, aliases, and the table by number of players."""

    name: str
    title: str
    rules: Rules
    aliases: tuple[str, ...] = ()
    presets: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    default_preset: str | None = None
    # (players_from, players_to, decks, jokers, hand_size); empty = the rules as they are
    by_players: tuple[tuple[int, int, int, int, int], ...] = ()
    note: str = ""

    def rules_for(
        self,
        preset: str | None = None,
        overrides: Iterable[str] | Mapping[str, Any] = (),
        players: int | None = None,
    ) -> Rules:
        """The rules for a preset, house overrides and (optionally) a number of players.

        The player table sets ``decks``, ``jokers`` and ``hand_size`` unless overridden.
        """
        changes: dict[str, Any] = {}
        chosen = preset if preset is not None else self.default_preset
        if chosen is not None:
            key = chosen.strip().lower()
            if key not in self.presets:
                known = ", ".join(self.presets) or _("none")
                raise RulesError(
                    _("unknown preset {preset} for {variant}; presets: {known}").format(
                        preset=repr(chosen), variant=self.name, known=known
                    ),
                    code="unknown_preset",
                    field="preset",
                    details={"preset": chosen, "variant": self.name},
                )
            changes.update(self.presets[key])
        typed: dict[str, Any] = {}
        if isinstance(overrides, Mapping):
            for key, value in overrides.items():
                norm = str(key).strip().lower().replace("-", "_")
                typed[norm] = typed_value(norm, value)
        else:
            for item in overrides:
                key, value = parse_override(item)
                typed[key] = value
        if players is not None:
            problem = self.rules.players_problem(players)
            if problem is not None:
                raise RulesError(
                    problem, code="player_count", field="players", details={"players": players}
                )
            for lo, hi, decks, jokers, size in self.by_players:
                if lo <= players <= hi:
                    changes.update(decks=decks, jokers=jokers, hand_size=size)
        base = self.rules.replace(**changes)  # the variant's own rules, before the house's
        if not typed:
            return base
        rules = base.replace(**typed)  # rules that do not go together are said first
        refused = base.spec.refused
        for key, value in typed.items():
            if key in refused and value != getattr(base, key):
                raise RulesError(
                    _(
                        "rule {key}: {variant} does not play it (no {variant} score reads "
                        "it), so it cannot be set"
                    ).format(key=key, variant=self.name),
                    code="rule_not_played",
                    field="rules",
                    details={"key": key, "variant": self.name},
                )
        return rules


def _v(name: str, title: str, aliases: tuple[str, ...], **kw: Any) -> Variant:
    rules_kw = kw.pop("rules")
    return Variant(
        name=name, title=title, aliases=aliases, rules=Rules(variant=name, **rules_kw), **kw
    )


_GIN_PRESETS: dict[str, dict[str, Any]] = {
    "ru": dict(
        gin_bonus=25,
        undercut_bonus=25,
        box_bonus=25,
        game_bonus=100,
        undercut_on_tie=True,
        shutout="none",
        big_gin_bonus=None,
    ),
    "pagat": dict(
        gin_bonus=20,
        undercut_bonus=10,
        box_bonus=20,
        game_bonus=100,
        shutout="game_bonus_double",
        big_gin_bonus=None,
    ),
    "modern": dict(
        gin_bonus=25,
        big_gin_bonus=31,
        undercut_bonus=25,
        box_bonus=25,
        game_bonus=100,
        shutout="double",
    ),
    "bicycle": dict(
        gin_bonus=20,
        undercut_bonus=10,
        box_bonus=20,
        game_bonus=100,
        shutout="none",
        big_gin_bonus=None,
    ),
}

_GIN_RULES: dict[str, Any] = dict(
    family=Family.KNOCK,
    players_min=2,
    players_max=2,
    decks=1,
    jokers=0,
    hand_size=10,
    ace_runs="low",
    knock_limit=10,
)

VARIANTS: tuple[Variant, ...] = (
    _v(
        "gin",
        N_("Gin rummy"),
        ("gin-rummy", "gin_rummy", "ginrummy", "джин", "ремик-джин", "джин-рамми", "remik-gin"),
        rules=_GIN_RULES,
        presets=_GIN_PRESETS,
        default_preset="ru",
    ),
    _v(
        "oklahoma",
        N_("Oklahoma gin"),
        ("oklahoma-gin", "оклахома", "ремик-оклахома"),
        rules={**_GIN_RULES, "upcard_knock": True, "spade_double": True, "game_target": 150},
        presets=_GIN_PRESETS,
        default_preset="ru",
        note=N_("presets set bonuses only; the game target stays 150"),
    ),
    _v(
        "bridge",
        N_("Remik bridge"),
        (
            "remik-bridge",
            "remikbridge",
            "ремик-бридж",
            "бридж",
            "порядковый-рамми",
            "remik-brydżowy",
            "remik-brydzowy",
            "brydżowy",
        ),
        rules=dict(
            family=Family.BRIDGE,
            players_min=2,
            players_max=6,
            decks=2,
            jokers=4,
            hand_size=10,
            wild_jokers=True,
            ace_runs="low_or_high",
            joker_value=20,
            knock_limit=5,
            game_target=None,
        ),
    ),
    _v(
        "rummy",
        N_("Traditional rummy"),
        (
            "traditional",
            "rummy-traditional",
            "рамми",
            "ремик",
            "remik",
            "рамми-традиционный",
            "remik-tradycyjny",
            "tradycyjny",
        ),
        rules=dict(
            family=Family.RUMMY,
            players_min=2,
            players_max=6,
            hand_size=10,
            knock_limit=None,
            game_target=None,
        ),
        by_players=((2, 2, 1, 0, 10), (3, 4, 1, 0, 7), (5, 6, 1, 0, 6)),
    ),
    _v(
        "boat",
        N_("Boat rummy"),
        ("boat-rummy", "лодочный", "рамми-лодочный", "лодка", "łódka", "lodka"),
        rules=dict(
            family=Family.BOAT,
            players_min=2,
            players_max=6,
            hand_size=10,
            ace_runs="around",
            ace_value=11,
            pair_rule=True,
            knock_limit=None,
            game_target=None,
        ),
        by_players=((2, 2, 1, 0, 10), (3, 4, 1, 0, 7), (5, 6, 1, 0, 6)),
    ),
    _v(
        "rummy500",
        N_("Rummy 500"),
        ("500", "rummy-500", "500-rummy", "пятьсот", "ремик-пятьсот", "рамми-500", "remik-500"),
        rules=dict(
            family=Family.RUMMY500,
            players_min=2,
            players_max=8,
            hand_size=13,
            ace_runs="low_or_high",
            ace_value=15,
            ace_low_value=1,
            wild_jokers=True,
            joker_value=15,
            knock_limit=None,
            game_target=500,
        ),
        by_players=((2, 2, 1, 0, 13), (3, 4, 1, 0, 7), (5, 8, 2, 0, 7)),
        note=N_(
            "no jokers by default; the house rule jokers=2 plays with two wild jokers worth 15"
        ),
    ),
    _v(
        "polish",
        N_("Polish remik"),
        ("polish-remik", "remik-polski", "польский", "ремик-польский", "польский-ремик", "polski"),
        rules=dict(
            family=Family.RUMMY,
            players_min=2,
            players_max=3,
            jokers=2,
            hand_size=14,
            wild_jokers=True,
            jokers_minority=True,
            joker_value=20,
            knock_limit=None,
            game_target=None,
        ),
    ),
    _v(
        "continental",
        N_("Continental rummy"),
        (
            "континентальный",
            "рамми-континентальный",
            "континенталь",
            "remik-kontynentalny",
            "kontynentalny",
        ),
        rules=dict(
            family=Family.CONTINENTAL,
            players_min=2,
            players_max=12,
            decks=2,
            jokers=2,
            hand_size=15,
            sets_allowed=False,
            wild_jokers=True,
            ace_runs="low_or_high",
            joker_value=2,
            knock_limit=None,
            game_target=None,
            payment="per_card",
        ),
        presets={"seed": {}, "bicycle": dict(payment="chips", wild_deuces=True)},
        by_players=((2, 5, 2, 2, 15), (6, 8, 3, 3, 15), (9, 12, 4, 4, 15)),
    ),
    _v(
        "remibrydz",
        N_("Remibrydż (Polish remik with 110 cards)"),
        ("remibrydż", "remi-brydz", "remi-brydż", "ремибридж", "реми-бридж", "remibridge"),
        rules=dict(
            family=Family.REMIBRYDZ,
            players_min=2,
            players_max=6,
            decks=2,
            jokers=6,
            hand_size=13,
            wild_jokers=True,
            ace_runs="low_or_high",
            ace_value=11,
            ace_low_value=1,
            joker_value=20,
            knock_limit=None,
            game_target=None,
            first_meld_min=30,
        ),
        presets={
            "small": dict(decks=1, jokers=3),
            "no_minimum": dict(first_meld_min=None),
            "no_jokers": dict(jokers=0, wild_jokers=False),
            "around": dict(ace_runs="around"),
        },
    ),
)


def _norm(name: str) -> str:
    text = unicodedata.normalize("NFC", name).strip().casefold()
    return text.replace("_", "-").replace(" ", "-")


_REGISTRY: dict[str, Variant] = {}
for _variant in VARIANTS:
    for _alias in (_variant.name, *_variant.aliases):
        _REGISTRY[_norm(_alias)] = _variant


def find_variant(name: str) -> Variant:
    """Look a variant up by name or alias (English, Russian, Polish; any case)."""
    found = _REGISTRY.get(_norm(name))
    if found is None:
        import difflib

        close = difflib.get_close_matches(_norm(name), list(_REGISTRY), n=3, cutoff=0.6)
        message = (
            _("unknown variant {name}; did you mean {close}?")
            if close
            else _("unknown variant {name}; known variants: {known}")
        )
        names = dict.fromkeys(_REGISTRY[c].name for c in close)
        raise RulesError(
            message.format(
                name=repr(name),
                close=_(" or ").join(names),
                known=", ".join(v.name for v in VARIANTS),
            ),
            code="unknown_variant",
            field="variant",
            details={"name": name},
        )
    return found


# Rules without house overrides, by the (variant, preset, players) typed: a Rules is frozen,
# so one object serves every call. Building and validating one costs about 20 us, more than
# the search of a gin hand, and the search's per-rule-set caches are found by identity.
_PLAIN: dict[tuple[str, str | None, int | None], Rules] = {}
_PLAIN_MAX = 512  # spellings of names and presets are few; a bound all the same


def get_rules(
    variant: str = "gin",
    preset: str | None = None,
    overrides: Iterable[str] | Mapping[str, Any] = (),
    players: int | None = None,
) -> Rules:
    """Rules for a variant name or alias, with an optional preset and house overrides.

    Without overrides the same :class:`Rules` object is returned for the same arguments.

    >>> get_rules("gin") is get_rules("gin")
    True
    """
    if overrides == () or (isinstance(overrides, list | dict) and not overrides):
        key = (variant, preset, players)
        found = _PLAIN.get(key)
        if found is None:
            found = find_variant(variant).rules_for(preset, (), players)
            if len(_PLAIN) >= _PLAIN_MAX:
                _PLAIN.clear()
            _PLAIN[key] = found
        return found
    return find_variant(variant).rules_for(preset, overrides, players)
