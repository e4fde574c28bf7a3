"""Variants as data: one frozen :class:`Rules` type, presets, a registry with aliases.

Every rule key of RULES.md is a field of :class:`Rules`; a variant is a default ``Rules`` plus
named presets (partial overrides) and a table of pack and hand size by number of players.
House rules come in as ``KEY=VALUE`` strings and are parsed and validated here, so a bad key
or value never reaches the scoring code.

>>> get_rules("джин").knock_limit
10
>>> get_rules("gin", preset="pagat").undercut_bonus
10
>>> get_rules("bridge", overrides=["knock_limit=7"]).knock_limit
7
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any, Literal, get_args

from remikcalc.base.errors import RulesError
from remikcalc.base.i18n import N_, _, ngettext
from remikcalc.rules.families import Family, FamilySpec, family_spec

__all__ = [
    "ACE_RUNS",
    "PAYMENTS",
    "RULE_DOCS",
    "SCORINGS",
    "SHUTOUTS",
    "VARIANTS",
    "AceRuns",
    "PaymentRule",
    "Rules",
    "Scoring",
    "Shutout",
    "Variant",
    "find_variant",
    "get_rules",
    "parse_override",
    "variant_word",
]

# The rule keys with a closed set of values: each value is stored, compared and written (in
# sheets, JSON, `rules`) as the string itself; the type lets mypy check every comparison.
#: where an ace may stand in a run (``ace_runs``)
AceRuns = Literal["low", "high", "low_or_high", "around"]
#: what a loser who won no hand costs (``shutout``, the knock games)
Shutout = Literal["none", "game_bonus_double", "double"]
#: one column, or Hollywood's three at once (``scoring``, gin and oklahoma)
Scoring = Literal["standard", "hollywood"]
#: how a continental deal is paid (``payment``)
PaymentRule = Literal["per_card", "chips"]

ACE_RUNS: tuple[AceRuns, ...] = get_args(AceRuns)
SHUTOUTS: tuple[Shutout, ...] = get_args(Shutout)
SCORINGS: tuple[Scoring, ...] = get_args(Scoring)
PAYMENTS: tuple[PaymentRule, ...] = get_args(PaymentRule)


@dataclass(frozen=True, kw_only=True, slots=True)
class Rules:
    """Every rule that scoring depends on. Immutable; build variations with :meth:`replace`."""

    variant: str = "gin"
    family: Family = Family.KNOCK
    # players and pack
    players_min: int = 2
    players_max: int = 2
    decks: int = 1
    jokers: int = 0
    hand_size: int = 10
    # melds
    sets_allowed: bool = True
    set_min: int = 3
    set_max: int = 4
    set_distinct_suits: bool = True
    run_min: int = 3
    ace_runs: AceRuns = "low"
    wild_jokers: bool = False
    jokers_minority: bool = False
    wild_deuces: bool = False
    # values
    ace_value: int = 1
    ace_low_value: int = 1
    court_value: int = 10
    joker_value: int = 0
    # from the family: false in the knock games and bridge, where melds still in a caught hand
    # count 0 and only the unmatched cards count
    melds_in_hand_count: bool = True
    pair_rule: bool = False
    # knock games
    knock_limit: int | None = 10
    upcard_knock: bool = False
    spade_double: bool = False
    gin_bonus: int = 25
    big_gin_bonus: int | None = None
    undercut_bonus: int = 25
    undercut_on_tie: bool = True
    game_target: int | None = 100
    game_bonus: int = 100
    box_bonus: int = 25
    shutout: Shutout = "none"
    scoring: Scoring = "standard"
    # bridge closings, bonuses and stakes
    remik_bonus: int = 10
    colour_bonus: int = 25
    figures_bonus: int = 25
    full_colour_bonus: int = 40
    remik_stake: Decimal = Decimal(1)
    colour_stake: Decimal = Decimal(2)
    figures_stake: Decimal = Decimal(2)
    full_colour_stake: Decimal = Decimal(4)
    knock_stake: Decimal = Decimal("0.5")
    knock_pool: bool = True
    entry_stake: Decimal = Decimal(1)
    elimination_at: int = 100
    reentry_cost: Decimal = Decimal(3)
    # going-out games
    one_go_multiplier: int = 2
    first_meld_min: int | None = None
    payment: PaymentRule = "per_card"

    def replace(self, **changes: Any) -> Rules:
        """A copy with some keys changed, validated."""
        return dataclasses.replace(self, **changes)

    def __post_init__(self) -> None:
        # the family may be given by name; whether melds in a hand count follows from it
        if not isinstance(self.family, Family) and self.family in tuple(Family):
            object.__setattr__(self, "family", Family(self.family))
        if isinstance(self.family, Family):
            object.__setattr__(self, "melds_in_hand_count", self.spec.melds_in_hand_count)
        if isinstance(self.variant, str) and not isinstance(self.variant, VariantKey):
            # declinable in a translation's "{variant.loc}"; still the key everywhere else
            object.__setattr__(self, "variant", VariantKey(self.variant))
        _validate(self)

    @property
    def spec(self) -> FamilySpec:
        """The scoring family's behaviour (see :mod:`remikcalc.rules.families`)."""
        return family_spec(self.family)

    def card_value(self, card: int) -> int:
        """Value of a card left in a hand (no pair rule)."""
        if card == 52:
            return self.joker_value
        rank = card % 13 + 1
        if rank == 1:
            return self.ace_value
        return rank if rank < 10 else self.court_value

    def players_problem(self, players: int) -> str | None:
        """Why ``players`` players cannot play these rules, or None when they can."""
        lo, hi = self.players_min, self.players_max
        if lo <= players <= hi:
            return None
        if lo == hi:
            return ngettext(
                "{variant} is played by {seats} player, not {players}",
                "{variant} is played by {seats} players, not {players}",
                lo,
            ).format(variant=self.variant, seats=lo, players=players)
        return ngettext(
            "{variant} is played by {lo} to {hi} player, not {players}",
            "{variant} is played by {lo} to {hi} players, not {players}",
            hi,
        ).format(variant=self.variant, lo=lo, hi=hi, players=players)

    def as_dict(self) -> dict[str, Any]:
        """Every rule key and its value, as ``remikcalc rules`` shows them."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}


#: how a heading or a sentence for people names a variant: in English its key (what ``-v``
#: takes and a sheet stores), in Polish and Russian the players' own name for the game
VARIANT_WORDS: dict[str, str] = {
    "gin": N_("gin"),
    "oklahoma": N_("oklahoma"),
    "bridge": N_("bridge"),
    "rummy": N_("rummy"),
    "boat": N_("boat"),
    "rummy500": N_("rummy500"),
    "polish": N_("polish"),
    "continental": N_("continental"),
    "remibrydz": N_("remibrydz"),
}


def variant_word(key: str) -> str:
    """The variant ``key`` named for people in the language spoken (:data:`VARIANT_WORDS`)."""
    return _(VARIANT_WORDS.get(key, key))


#: the name of each variant in the cases a Polish or Russian sentence puts it in, beside
#: :data:`VARIANT_WORDS` (the nominative): ``gen`` (genitive: "w talii remika polskiego",
#: "в колоде ремик-бриджа"), ``dat``, ``acc`` (accusative: "gra się w gina", "в лодочный рамми
#: играют"), ``ins`` (instrumental) and ``loc`` (locative / prepositional: "w remiku polskim",
#: "в ремик-бридже"). English has no cases: every form is the key.
VARIANT_CASES: dict[str, dict[str, dict[str, str]]] = {
    "pl": {
        "gin": dict(gen="gina", dat="ginowi", acc="gina", ins="ginem", loc="ginie"),
        "oklahoma": dict(
            gen="oklahomy", dat="oklahomie", acc="oklahomę", ins="oklahomą", loc="oklahomie"
        ),
        "bridge": dict(
            gen="remika brydżowego",
            dat="remikowi brydżowemu",
            acc="remika brydżowego",
            ins="remikiem brydżowym",
            loc="remiku brydżowym",
        ),
        "rummy": dict(
            gen="remika tradycyjnego",
            dat="remikowi tradycyjnemu",
            acc="remika tradycyjnego",
            ins="remikiem tradycyjnym",
            loc="remiku tradycyjnym",
        ),
        "boat": dict(gen="łódki", dat="łódce", acc="łódkę", ins="łódką", loc="łódce"),
        "rummy500": dict(
            gen="remika 500",
            dat="remikowi 500",
            acc="remika 500",
            ins="remikiem 500",
            loc="remiku 500",
        ),
        "polish": dict(
            gen="remika polskiego",
            dat="remikowi polskiemu",
            acc="remika polskiego",
            ins="remikiem polskim",
            loc="remiku polskim",
        ),
        "continental": dict(
            gen="remika kontynentalnego",
            dat="remikowi kontynentalnemu",
            acc="remika kontynentalnego",
            ins="remikiem kontynentalnym",
            loc="remiku kontynentalnym",
        ),
        "remibrydz": dict(
            gen="remibrydża",
            dat="remibrydżowi",
            acc="remibrydża",
            ins="remibrydżem",
            loc="remibrydżu",
        ),
    },
    "ru": {
        "gin": dict(gen="джина", dat="джину", acc="джин", ins="джином", loc="джине"),
        "oklahoma": dict(
            gen="оклахомы", dat="оклахоме", acc="оклахому", ins="оклахомой", loc="оклахоме"
        ),
        "bridge": dict(
            gen="ремик-бриджа",
            dat="ремик-бриджу",
            acc="ремик-бридж",
            ins="ремик-бриджем",
            loc="ремик-бридже",
        ),
        "rummy": dict(gen="рамми", dat="рамми", acc="рамми", ins="рамми", loc="рамми"),
        "boat": dict(
            gen="лодочного рамми",
            dat="лодочному рамми",
            acc="лодочный рамми",
            ins="лодочным рамми",
            loc="лодочном рамми",
        ),
        "rummy500": dict(
            gen="ремика 500", dat="ремику 500", acc="ремик 500", ins="ремиком 500", loc="ремике 500"
        ),
        "polish": dict(
            gen="польского ремика",
            dat="польскому ремику",
            acc="польский ремик",
            ins="польским ремиком",
            loc="польском ремике",
        ),
        "continental": dict(
            gen="континентального рамми",
            dat="континентальному рамми",
            acc="континентальный рамми",
            ins="континентальным рамми",
            loc="континентальном рамми",
        ),
        "remibrydz": dict(
            gen="ремибриджа", dat="ремибриджу", acc="ремибридж", ins="ремибриджем", loc="ремибридже"
        ),
    },
}


class VariantKey(str):
    """A variant's key (``polish``: what ``-v`` takes, JSON and sheets write, and what English
    sentences say) that also names the variant for people in the case a Polish or Russian
    sentence needs: a translation writes ``{variant.loc}`` ("w remiku polskim", "в польском
    ремике"), ``{variant.gen}``, ``{variant.acc}``, ``{variant.dat}``, ``{variant.ins}`` or
    ``{variant.word}`` (the nominative) where the message has ``{variant}``. ``Rules.variant``
    is one, so every message given ``variant=rules.variant`` can be declined in its
    translation.

    >>> from remikcalc.base.i18n import language
    >>> key = VariantKey("polish")
    >>> with language("pl"):
    ...     "w {variant.loc}, gra w {variant.acc}".format(variant=key)
    'w remiku polskim, gra w remika polskiego'
    >>> key == "polish", "{variant.loc}".format(variant=key)
    (True, 'polish')
    """

    __slots__ = ()

    def _case(self, case: str) -> str:
        from remikcalc.base.i18n import current

        forms = VARIANT_CASES.get(current(), {}).get(str(self))
        if forms is None:
            return variant_word(self)
        return forms[case]

    @property
    def word(self) -> str:
        return variant_word(self)

    @property
    def gen(self) -> str:
        return self._case("gen")

    @property
    def dat(self) -> str:
        return self._case("dat")

    @property
    def acc(self) -> str:
        return self._case("acc")

    @property
    def ins(self) -> str:
        return self._case("ins")

    @property
    def loc(self) -> str:
        return self._case("loc")

    def __str__(self) -> str:
        return str.__str__(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (VariantKey, (str.__str__(self),))


RULE_DOCS: dict[str, str] = {
    "variant": N_("the variant these rules belong to (not overridable)"),
    "family": N_("the scoring family (not overridable)"),
    "players_min": N_("fewest players"),
    "players_max": N_("most players"),
    "decks": N_("52-card packs in play: a card may appear at most this many times"),
    "jokers": N_("jokers in the pack"),
    "hand_size": N_("cards dealt to each player (for the number of players in the sheet)"),
    "sets_allowed": N_("sets (same rank) are melds; false only in continental"),
    "set_min": N_("fewest cards in a set"),
    "set_max": N_("most cards in a set"),
    "set_distinct_suits": N_("the cards of a set must be of different suits"),
    "run_min": N_("fewest cards in a run"),
    "ace_runs": N_("where an ace may stand in a run: low, high, low_or_high, around"),
    "wild_jokers": N_("jokers stand for any card in a meld"),
    "jokers_minority": N_("a meld needs more natural cards than jokers"),
    "wild_deuces": N_("deuces are wild as well (continental bicycle chips)"),
    "ace_value": N_("value of an ace left in hand (and melded high)"),
    "ace_low_value": N_("value of an ace melded low in A-2-3"),
    "court_value": N_("value of a ten, jack, queen or king"),
    "joker_value": N_("value of a joker left in hand"),
    "melds_in_hand_count": N_(
        "melds still in a caught hand count like any card: true in the going-out games, "
        "false in the knock games (only unmatched cards count); set by the family, "
        "not overridable"
    ),
    "pair_rule": N_("boat: of several cards of one rank left in hand only one counts"),
    "knock_limit": N_("most deadwood a player may knock with; 'none' for no knocking"),
    "upcard_knock": N_("oklahoma: the deal's up-card sets the knock limit"),
    "spade_double": N_("oklahoma: a spade up-card doubles the deal's scores"),
    "gin_bonus": N_("bonus for gin"),
    "big_gin_bonus": N_("bonus for big gin (all 11 cards melded); 'none' when not played"),
    "undercut_bonus": N_("bonus to a defender who undercuts"),
    "undercut_on_tie": N_("a tie after lay-offs counts as an undercut"),
    "game_target": N_("total that ends a game; 'none' for no target"),
    "game_bonus": N_("bonus for winning a game"),
    "box_bonus": N_("bonus per hand won in excess of the loser's"),
    "shutout": N_("loser won no hand: none, game_bonus_double, double"),
    "scoring": N_("standard, or hollywood (three columns at once)"),
    "remik_bonus": N_("bridge: points subtracted for closing with a remik"),
    "colour_bonus": N_("bridge: points subtracted for a colour"),
    "figures_bonus": N_("bridge: points subtracted for figures"),
    "full_colour_bonus": N_("bridge: points subtracted for a full colour"),
    "remik_stake": N_("bridge: stakes each other player pays for a remik"),
    "colour_stake": N_("bridge: stakes each other player pays for a colour"),
    "figures_stake": N_("bridge: stakes each other player pays for figures"),
    "full_colour_stake": N_("bridge: stakes each other player pays for a full colour"),
    "knock_stake": N_("bridge: stake each other player pays the knocker"),
    "knock_pool": N_("bridge: each other player also pays knock_stake into the pool on a knock"),
    "entry_stake": N_("bridge: stakes each player puts into the pool before play"),
    "elimination_at": N_("bridge: a total at or above this puts a player out"),
    "reentry_cost": N_("bridge: stakes paid into the pool to re-enter"),
    "one_go_multiplier": N_("going out in one go multiplies the deal by this"),
    "first_meld_min": N_("least value of a player's first meld; 'none' for no minimum"),
    "payment": N_("continental: per_card or chips"),
}

_CHOICES: dict[str, tuple[str, ...]] = {
    "ace_runs": ACE_RUNS,
    "shutout": SHUTOUTS,
    "scoring": SCORINGS,
    "payment": PAYMENTS,
}
# Keys that say what a variant is rather than how a house plays it. Whether melds still in a
# hand count is what separates the knock games from the going-out games (RULES.md §0.3), so
# it follows the family; changing it would need another scoring family, not a house rule.
# How many may play is the variant's too: a sheet's players are checked against the
# variant's own range (and its table by number of players), and the knock scorers are for
# two players only, so a house players_max was accepted and changed nothing.
_FIXED = {"variant", "family", "melds_in_hand_count", "players_min", "players_max"}


#: the largest value of a decimal rule (a stake), and its most decimals
DECIMAL_RULE_MAX = 1_000_000
DECIMAL_RULE_PLACES = 8


def decimal_rule_problem(value: object) -> str | None:
    """Why ``value`` cannot be a decimal rule (a stake), or None.

    Bounded so that money arithmetic stays exact and small: ``1e5000`` used to be accepted
    and to crash every later command.

    >>> decimal_rule_problem(Decimal("0.5")), decimal_rule_problem(Decimal("1e5000"))
    (None, 'must be a decimal number from 0 to 1000000 with at most 8 decimals')
    """
    why = _("must be a decimal number from 0 to {most} with at most {places} decimals").format(
        most=DECIMAL_RULE_MAX, places=DECIMAL_RULE_PLACES
    )
    if not isinstance(value, Decimal) or not value.is_finite():
        return why
    if not 0 <= value <= DECIMAL_RULE_MAX:
        return why
    exponent = value.normalize().as_tuple().exponent
    if isinstance(exponent, int) and exponent < -DECIMAL_RULE_PLACES:
        return why
    return None


def _validate(r: Rules) -> None:
    def bad(key: str, why: str) -> RulesError:
        return RulesError(
            _("rule {key}={value}: {why}").format(key=key, value=getattr(r, key), why=why)
        )

    for key, choices in _CHOICES.items():
        if getattr(r, key) not in choices:
            raise bad(key, _("must be one of {choices}").format(choices=", ".join(choices)))
    if not 2 <= r.players_min <= r.players_max <= 16:
        raise bad("players_max", _("players must satisfy 2 <= players_min <= players_max <= 16"))
    if not 1 <= r.decks <= 8:
        raise bad("decks", _("must be between {low} and {high}").format(low=1, high=8))
    if not 0 <= r.jokers <= 16:
        raise bad("jokers", _("must be between {low} and {high}").format(low=0, high=16))
    if not isinstance(r.family, Family):
        raise bad("family", _("must be one of {choices}").format(choices=", ".join(Family)))
    spec = family_spec(r.family)
    if r.wild_jokers is False and r.jokers and not spec.tame_jokers:
        raise bad("jokers", _("jokers in the pack need wild_jokers=true"))
    if r.scoring == "hollywood" and not spec.hollywood:
        raise bad(
            "scoring",
            _("Hollywood scoring is for gin and oklahoma, not {variant}").format(variant=r.variant),
        )
    if not 1 <= r.hand_size <= 20:
        raise bad("hand_size", _("must be between {low} and {high}").format(low=1, high=20))
    if not 2 <= r.set_min <= r.set_max:
        raise bad("set_min", _("need 2 <= set_min <= set_max"))
    if r.set_distinct_suits and r.set_max > 4:
        raise bad("set_max", _("a set of distinct suits has at most 4 cards"))
    if r.set_max > 4 * r.decks + r.jokers:
        raise bad("set_max", _("larger than the pack allows"))
    if not 2 <= r.run_min <= 13:
        raise bad("run_min", _("must be between {low} and {high}").format(low=2, high=13))
    for key in ("ace_value", "ace_low_value", "court_value", "joker_value", "gin_bonus",
                "undercut_bonus", "game_bonus", "box_bonus", "remik_bonus", "colour_bonus",
                "figures_bonus", "full_colour_bonus", "elimination_at"):  # fmt: skip
        if not 0 <= getattr(r, key) <= 10_000:
            raise bad(key, _("must be between {low} and {high}").format(low=0, high=10000))
    for key in ("knock_limit", "big_gin_bonus", "game_target", "first_meld_min"):
        value = getattr(r, key)
        if value is not None and not 0 <= value <= 100_000:
            raise bad(
                key, _("must be between {low} and {high}, or none").format(low=0, high=100000)
            )
    if r.game_target is not None and r.game_target < 1:
        raise bad("game_target", _("must be at least 1, or none"))
    if not 1 <= r.one_go_multiplier <= 100:
        raise bad(
            "one_go_multiplier", _("must be between {low} and {high}").format(low=1, high=100)
        )
    for key in ("remik_stake", "colour_stake", "figures_stake", "full_colour_stake",
                "knock_stake", "entry_stake", "reentry_cost"):  # fmt: skip
        problem = decimal_rule_problem(getattr(r, key))
        if problem is not None:
            raise bad(key, problem)


# --- parsing KEY=VALUE ------------------------------------------------------------------------

_TRUE = {"true", "yes", "on", "1", "y", "t"}
_FALSE = {"false", "no", "off", "0", "n", "f"}
_NONE = {"none", "off", "no", "null", "-"}


def _field_types() -> dict[str, str]:
    return {f.name: str(f.type) for f in dataclasses.fields(Rules)}


def parse_value(key: str, text: str) -> Any:
    """Convert one override value to the key's type, or raise :class:`RulesError`."""
    types = _field_types()
    kind = types[key]
    value = text.strip()
    low = value.lower()
    if kind == "bool":
        if low in _TRUE:
            return True
        if low in _FALSE:
            return False
        raise RulesError(
            _("rule {key}: {text} is not true or false").format(key=key, text=repr(text))
        )
    if kind == "int | None" and low in _NONE:
        return None
    if kind.startswith("int"):
        try:
            return int(value, 10)
        except ValueError:
            raise RulesError(
                _("rule {key}: {text} is not a whole number").format(key=key, text=repr(text))
            ) from None
    if kind == "Decimal":
        try:
            number = Decimal(value.replace(",", "."))
        except InvalidOperation:
            raise RulesError(
                _("rule {key}: {text} is not a decimal number").format(key=key, text=repr(text))
            ) from None
        if not number.is_finite():
            raise RulesError(
                _("rule {key}: {text} is not a decimal number").format(key=key, text=repr(text))
            )
        problem = decimal_rule_problem(number)
        if problem is not None:
            raise RulesError(
                _("rule {key}={value}: {why}").format(key=key, value=text.strip(), why=problem)
            )
        return number
    choices = _CHOICES.get(key)
    if choices is not None and low not in choices:
        import difflib  # only for a refusal: 1 ms of every start otherwise

        close = difflib.get_close_matches(low, choices, n=1)
        message = (
            _("rule {key}: {text} is not one of {choices}; did you mean {close}?")
            if close
            else _("rule {key}: {text} is not one of {choices}")
        )
        raise RulesError(
            message.format(
                key=key,
                text=repr(text),
                choices=", ".join(choices),
                close=close[0] if close else "",
            )
        )
    return low


def parse_override(item: str) -> tuple[str, Any]:
    """Parse ``KEY=VALUE`` (also ``KEY:VALUE``) into a typed pair."""
    sep = "=" if "=" in item else ":" if ":" in item else None
    if sep is None:
        raise RulesError(_("rule override {item} must look like KEY=VALUE").format(item=repr(item)))
    key, _sep, text = item.partition(sep)
    key = key.strip().lower().replace("-", "_")
    return key, _typed(key, text)


def _typed(key: str, text: Any) -> Any:
    types = _field_types()
    if key not in types:
        import difflib

        close = difflib.get_close_matches(key, list(types), n=3)
        message = (
            _("unknown rule key {key}; did you mean {close}?")
            if close
            else _("unknown rule key {key}; see `remikcalc rules VARIANT`")
        )
        raise RulesError(message.format(key=repr(key), close=_(" or ").join(close)))
    if key in _FIXED:
        raise RulesError(
            _(
                "rule {key} is fixed by the variant and cannot be overridden; "
                "choose another variant instead"
            ).format(key=key)
        )
    if isinstance(text, str):
        return parse_value(key, text)
    return _coerce(key, text)


def _coerce(key: str, value: Any) -> Any:
    """Check a value that already has a Python type (from a YAML sheet)."""
    kind = _field_types()[key]
    if value is None and kind == "int | None":
        return None
    if kind == "bool" and isinstance(value, bool):
        return value
    if kind.startswith("int") and isinstance(value, int) and not isinstance(value, bool):
        return value
    if kind == "Decimal" and isinstance(value, int | Decimal) and not isinstance(value, bool):
        return Decimal(value)
    return parse_value(key, str(value))


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
                    )
                )
            changes.update(self.presets[key])
        typed: dict[str, Any] = {}
        if isinstance(overrides, Mapping):
            for key, value in overrides.items():
                norm = str(key).strip().lower().replace("-", "_")
                typed[norm] = _typed(norm, value)
        else:
            for item in overrides:
                key, value = parse_override(item)
                typed[key] = value
        if players is not None:
            problem = self.rules.players_problem(players)
            if problem is not None:
                raise RulesError(problem)
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
                        "it), so it cannot be set; see `remikcalc rules {variant}`"
                    ).format(key=key, variant=self.name)
                )
        return rules


def _v(name: str, title: str, aliases: tuple[str, ...], **kw: Any) -> Variant:
    rules_kw = kw.pop("rules")
    return Variant(name=name, title=title, aliases=aliases, rules=Rules(variant=name, **rules_kw),
                   **kw)  # fmt: skip


_GIN_PRESETS: dict[str, dict[str, Any]] = {
    "ru": dict(gin_bonus=25, undercut_bonus=25, box_bonus=25, game_bonus=100,
               undercut_on_tie=True, shutout="none", big_gin_bonus=None),
    "pagat": dict(gin_bonus=20, undercut_bonus=10, box_bonus=20, game_bonus=100,
                  shutout="game_bonus_double", big_gin_bonus=None),
    "modern": dict(gin_bonus=25, big_gin_bonus=31, undercut_bonus=25, box_bonus=25,
                   game_bonus=100, shutout="double"),
    "bicycle": dict(gin_bonus=20, undercut_bonus=10, box_bonus=20, game_bonus=100,
                    shutout="none", big_gin_bonus=None),
}  # fmt: skip

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
    _v("gin", N_("Gin rummy (ремик джин)"),
       ("gin-rummy", "gin_rummy", "ginrummy", "джин", "ремик-джин", "джин-рамми", "remik-gin"),
       rules=_GIN_RULES, presets=_GIN_PRESETS, default_preset="ru"),
    _v("oklahoma", N_("Oklahoma gin (ремик оклахома)"),
       ("oklahoma-gin", "оклахома", "ремик-оклахома"),
       rules={**_GIN_RULES, "upcard_knock": True, "spade_double": True, "game_target": 150},
       presets=_GIN_PRESETS, default_preset="ru",
       note=N_("presets set bonuses only; the game target stays 150")),
    _v("bridge", N_("Remik bridge (ремик бридж, порядковый рамми)"),
       ("remik-bridge", "remikbridge", "ремик-бридж", "бридж", "порядковый-рамми",
        "remik-brydżowy", "remik-brydzowy", "brydżowy"),
       rules=dict(family=Family.BRIDGE, players_min=2, players_max=6, decks=2, jokers=4,
                  hand_size=10, wild_jokers=True, ace_runs="low_or_high", joker_value=20,
                  knock_limit=5, game_target=None)),
    _v("rummy", N_("Traditional rummy (рамми, ремик)"),
       ("traditional", "rummy-traditional", "рамми", "ремик", "remik", "рамми-традиционный",
        "remik-tradycyjny", "tradycyjny"),
       rules=dict(family=Family.RUMMY, players_min=2, players_max=6, hand_size=10,
                  knock_limit=None, game_target=None),
       by_players=((2, 2, 1, 0, 10), (3, 4, 1, 0, 7), (5, 6, 1, 0, 6))),
    _v("boat", N_("Boat rummy (рамми лодочный)"),
       ("boat-rummy", "лодочный", "рамми-лодочный", "лодка", "łódka", "lodka"),
       rules=dict(family=Family.BOAT, players_min=2, players_max=6, hand_size=10,
                  ace_runs="around", ace_value=11,
                  pair_rule=True, knock_limit=None, game_target=None),
       by_players=((2, 2, 1, 0, 10), (3, 4, 1, 0, 7), (5, 6, 1, 0, 6))),
    _v("rummy500", N_("Rummy 500 (ремик пятьсот)"),
       ("500", "rummy-500", "500-rummy", "пятьсот", "ремик-пятьсот", "рамми-500", "remik-500"),
       rules=dict(family=Family.RUMMY500, players_min=2, players_max=8, hand_size=13,
                  ace_runs="low_or_high", ace_value=15,
                  ace_low_value=1, wild_jokers=True, joker_value=15, knock_limit=None,
                  game_target=500),
       by_players=((2, 2, 1, 0, 13), (3, 4, 1, 0, 7), (5, 8, 2, 0, 7)),
       note=N_("no jokers by default; --rule jokers=2 plays with two wild jokers worth 15")),
    _v("polish", N_("Polish remik (ремик польский)"),
       ("polish-remik", "remik-polski", "польский", "ремик-польский", "польский-ремик", "polski"),
       rules=dict(family=Family.RUMMY, players_min=2, players_max=3, jokers=2, hand_size=14,
                  wild_jokers=True, jokers_minority=True, joker_value=20,
                  knock_limit=None, game_target=None)),
    _v("continental", N_("Continental rummy (рамми континентальный)"),
       ("континентальный", "рамми-континентальный", "континенталь", "remik-kontynentalny",
        "kontynentalny"),
       rules=dict(family=Family.CONTINENTAL, players_min=2, players_max=12, decks=2, jokers=2,
                  hand_size=15, sets_allowed=False, wild_jokers=True, ace_runs="low_or_high",
                  joker_value=2, knock_limit=None,
                  game_target=None, payment="per_card"),
       presets={"seed": {}, "bicycle": dict(payment="chips", wild_deuces=True)},
       by_players=((2, 5, 2, 2, 15), (6, 8, 3, 3, 15), (9, 12, 4, 4, 15))),
    _v("remibrydz", N_("Remibrydż (Polish remik with 110 cards)"),
       ("remibrydż", "remi-brydz", "remi-brydż", "ремибридж", "реми-бридж", "remibridge"),
       rules=dict(family=Family.REMIBRYDZ, players_min=2, players_max=6, decks=2, jokers=6,
                  hand_size=13, wild_jokers=True, ace_runs="low_or_high", ace_value=11,
                  ace_low_value=1, joker_value=20,
                  knock_limit=None, game_target=None, first_meld_min=30),
       presets={"small": dict(decks=1, jokers=3), "no_minimum": dict(first_meld_min=None),
                "no_jokers": dict(jokers=0, wild_jokers=False), "around": dict(ace_runs="around")}),
)  # fmt: skip


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
                name=repr(name), close=_(" or ").join(names),
                known=", ".join(v.name for v in VARIANTS),
            )
        )  # fmt: skip
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
