"""The :class:`Rules` type: every rule key of docs/RULES.md as one frozen, validated field, the
closed sets of values some keys take, what each key means (:data:`RULE_DOCS`), the checks
a set of rules must pass (a value out of bounds, rules that do not go together), and which
keys change how a set of rules scores (:func:`used_keys`: what ``remikcalc rules`` and the
score pad show).

The variants and presets that build a ``Rules`` are in :mod:`remikcalc.rules.variants`; a
house rule's ``KEY=VALUE`` text is turned into a typed value in
:mod:`remikcalc.rules.overrides`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal, get_args

from remikcalc.base.errors import RulesError
from remikcalc.base.i18n import N_, _, ngettext
from remikcalc.rules.families import Family, FamilySpec, family_spec
from remikcalc.rules.variant_words import VariantKey

__all__ = [
    "ACE_RUNS",
    "DECIMAL_RULE_MAX",
    "DECIMAL_RULE_PLACES",
    "PAYMENTS",
    "RULE_DOCS",
    "SCORINGS",
    "SHUTOUTS",
    "AceRuns",
    "PaymentRule",
    "Rules",
    "Scoring",
    "Shutout",
    "decimal_rule_problem",
    "used_keys",
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

CHOICES: dict[str, tuple[str, ...]] = {
    "ace_runs": ACE_RUNS,
    "shutout": SHUTOUTS,
    "scoring": SCORINGS,
    "payment": PAYMENTS,
}
# Keys that say what a variant is rather than how a house plays it. Whether melds still in a
# hand count is what separates the knock games from the going-out games (docs/RULES.md §0.3), so
# it follows the family; changing it would need another scoring family, not a house rule.
# How many may play is the variant's too: a sheet's players are checked against the
# variant's own range (and its table by number of players), and the knock scorers are for
# two players only, so a house players_max was accepted and changed nothing.
FIXED = {"variant", "family", "melds_in_hand_count", "players_min", "players_max"}


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
    def bad(key: str, why: str, code: str = "bad_rule_value") -> RulesError:
        return RulesError(
            _("rule {key}={value}: {why}").format(key=key, value=getattr(r, key), why=why),
            code=code,
            field="rules",
            details={"key": key},
        )

    for key, choices in CHOICES.items():
        if getattr(r, key) not in choices:
            raise bad(key, _("must be one of {choices}").format(choices=", ".join(choices)))
    if not 2 <= r.players_min <= r.players_max <= 16:
        raise bad(
            "players_max",
            _("players must satisfy 2 <= players_min <= players_max <= 16"),
            code="rules_clash",
        )
    if not 1 <= r.decks <= 8:
        raise bad("decks", _("must be between {low} and {high}").format(low=1, high=8))
    if not 0 <= r.jokers <= 16:
        raise bad("jokers", _("must be between {low} and {high}").format(low=0, high=16))
    if not isinstance(r.family, Family):
        raise bad("family", _("must be one of {choices}").format(choices=", ".join(Family)))
    spec = family_spec(r.family)
    if r.wild_jokers is False and r.jokers and not spec.tame_jokers:
        raise bad("jokers", _("jokers in the pack need wild_jokers=true"), code="rules_clash")
    if r.scoring == "hollywood" and not spec.hollywood:
        raise bad(
            "scoring",
            _("Hollywood scoring is for gin and oklahoma, not {variant}").format(variant=r.variant),
            code="rules_clash",
        )
    if not 1 <= r.hand_size <= 20:
        raise bad("hand_size", _("must be between {low} and {high}").format(low=1, high=20))
    if not 2 <= r.set_min <= r.set_max:
        raise bad("set_min", _("need 2 <= set_min <= set_max"), code="rules_clash")
    if r.set_distinct_suits and r.set_max > 4:
        raise bad("set_max", _("a set of distinct suits has at most 4 cards"), code="rules_clash")
    if r.set_max > 4 * r.decks + r.jokers:
        raise bad("set_max", _("larger than the pack allows"), code="rules_clash")
    if not 2 <= r.run_min <= 13:
        raise bad("run_min", _("must be between {low} and {high}").format(low=2, high=13))
    for key in (
        "ace_value",
        "ace_low_value",
        "court_value",
        "joker_value",
        "gin_bonus",
        "undercut_bonus",
        "game_bonus",
        "box_bonus",
        "remik_bonus",
        "colour_bonus",
        "figures_bonus",
        "full_colour_bonus",
        "elimination_at",
    ):
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
    for key in (
        "remik_stake",
        "colour_stake",
        "figures_stake",
        "full_colour_stake",
        "knock_stake",
        "entry_stake",
        "reentry_cost",
    ):
        problem = decimal_rule_problem(getattr(r, key))
        if problem is not None:
            raise bad(key, problem)


# --- which rule keys a variant reads ------------------------------------------------------------

#: keys every variant reads: the pack, what a meld is, what a card is worth
COMMON_KEYS = frozenset(
    {
        "variant",
        "family",
        "players_min",
        "players_max",
        "decks",
        "jokers",
        "hand_size",
        "sets_allowed",
        "set_min",
        "set_max",
        "set_distinct_suits",
        "run_min",
        "ace_runs",
        "ace_value",
        "ace_low_value",
        "court_value",
        "melds_in_hand_count",
    }
)
#: keys read only where jokers can be in play (``jokers`` above 0, or ``wild_jokers`` on)
JOKER_KEYS = frozenset({"wild_jokers", "jokers_minority", "joker_value"})
#: read only when the rule that turns them on is on (oklahoma's up-card, in a family that takes
#: an up-card); each family's own keys are its spec's ``rule_keys``
UPCARD_KEYS = frozenset({"upcard_knock", "spade_double"})


def used_keys(rules: Rules, overridden: Iterable[str] = ()) -> frozenset[str]:
    """The rule keys that change how ``rules`` score: those every variant reads, its
    family's (``FamilySpec.rule_keys``), the joker keys where jokers can be in play, the
    up-card keys where they are on, and every key given as a house rule (``overridden``)."""
    keys = set(COMMON_KEYS | rules.spec.rule_keys) | set(overridden)
    if rules.jokers or rules.wild_jokers:
        keys |= JOKER_KEYS
    if "upcard" in rules.spec.inputs and (rules.upcard_knock or rules.spade_double):
        keys |= UPCARD_KEYS
    if rules.wild_deuces:
        keys.add("wild_deuces")
    if rules.pair_rule:
        keys.add("pair_rule")
    return frozenset(keys)
