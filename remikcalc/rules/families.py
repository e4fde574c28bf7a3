"""The scoring families, registered once: everything that differs from one family to another.

A *variant* (gin, polish remik, ...) is data: a default :class:`~remikcalc.rules.variants.Rules`
plus presets. A *family* is the behaviour a variant's rules are scored and settled by. Seven
families cover the nine variants; each is one :class:`Family` member and one
:class:`FamilySpec` in :data:`REGISTRY`, and code outside the family modules asks the spec
(``"plus" in rules.spec.inputs``; :func:`remikcalc.rules.dealinput.takes` adds what the rules say)
instead of comparing names.

The scorer, the tally, the points-only payments and a caught hand's cost are named as
``"module:attribute"`` and imported on first use, so that a command loads only the family code
it runs (``hand`` loads none, but continental's caught-hand cost) and this module stays at the
bottom of the import graph. Each family's scorer and tally live in one module,
``remikcalc/scoring/<family>.py``; what several families share is in ``scoring/common.py`` (deal
helpers) and ``scoring/tally.py`` (the tally base, and the payment tally of boat and
continental).

>>> "plus" in family_spec(Family.BOAT).inputs, "plus" in family_spec("knock").inputs
(True, False)
>>> family_spec("rummy500").closer_went_out, family_spec("bridge").ends_at
(True, 'elimination_at')
>>> family_spec("knock").deal_passes, family_spec("rummy").deal_passes
('winner', 'left')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import import_module
from typing import Any, Literal, get_args

__all__ = [
    "BRIDGE_ONLY",
    "CONTINENTAL_ONLY",
    "GOING_OUT_ONLY",
    "KNOCK_ONLY",
    "OPTIONAL_INPUTS",
    "OUTCOMES",
    "REGISTRY",
    "Closing",
    "DealPassing",
    "DrawScores",
    "Family",
    "FamilySpec",
    "OutcomeCode",
    "Unit",
    "family_spec",
    "load",
]

#: how a deal ended, as ``--how`` and the sheet's ``how:`` take it and as a result's outcome
#: says it: stored, compared and written (sheets, JSON) as the string itself
OutcomeCode = Literal[
    "knock",
    "gin",
    "big_gin",
    "undercut",
    "out",
    "one_go",
    "remik",
    "colour",
    "figures",
    "full_colour",
    "draw",
]
OUTCOMES: tuple[OutcomeCode, ...] = get_args(OutcomeCode)
#: what a drawn deal entered as points may score (:attr:`FamilySpec.draw_scores`)
DrawScores = Literal["none", "penalties", "any"]
#: what one unit of a session's net is called when money is attached (:attr:`FamilySpec.unit`)
Unit = Literal["point", "stake"]
#: what the closer of a deal does, in the words that ask who it was (:attr:`FamilySpec.closing`)
Closing = Literal["knocked", "closed", "went_out"]
#: who deals the next deal (:attr:`FamilySpec.deal_passes`)
DealPassing = Literal["left", "winner"]


class Family(StrEnum):
    """A scoring family; its value is the name used in ``rules`` output and documents."""

    KNOCK = "knock"
    BRIDGE = "bridge"
    RUMMY = "rummy"
    BOAT = "boat"
    RUMMY500 = "rummy500"
    CONTINENTAL = "continental"
    REMIBRYDZ = "remibrydz"


# Deal inputs that only some families take; every family takes hands, closer, how, draw,
# counts and points-only scores (see remikcalc.rules.dealinput).
OPTIONAL_INPUTS: tuple[str, ...] = (
    "upcard",
    "plus",
    "melded",
    "melded_value",
    "first_turn",
    "no_draw",
)


@dataclass(frozen=True, slots=True, kw_only=True)
class FamilySpec:
    """One scoring family: how its deals are typed, scored, read as points and settled."""

    family: Family
    #: the outcomes a deal of this family can end with (what its scorer produces and takes as
    #: ``how``), in the order ``--how``'s help lists them; ``draw`` where ``draw_allowed``.
    #: The one list that ``--how``, its help, :func:`~remikcalc.scoring.deal.check_input`
    #: (deals typed and read from a sheet) and completion go by.
    outcomes: tuple[OutcomeCode, ...]
    #: ``module:function`` scoring a :class:`~remikcalc.scoring.result.Deal` (rules, deal).
    scorer: str
    #: ``module:class`` of the :class:`~remikcalc.scoring.tally.Tally` that settles a session
    #: (in the family's module, or ``scoring/tally.py`` for one that families share).
    tally: str
    #: the optional deal inputs (:data:`OPTIONAL_INPUTS`) this family takes; others are refused.
    inputs: frozenset[str] = frozenset()
    #: a deal may end with the stock run out and nobody closing.
    draw_allowed: bool = True
    #: what a drawn deal may score when entered as points: ``none`` (nobody scores: the knock
    #: games and bridge), ``penalties`` (each player minus their own hand: nothing above 0)
    #: or ``any`` (rummy 500: melds laid still score).
    draw_scores: DrawScores = "none"
    #: the closer went out: his hand is empty (or left out) and is not asked for.
    closer_went_out: bool = False
    #: in a deal entered as points, the closer is the deal's winner (all but the knock games,
    #: where a defender can undercut the closer).
    closer_wins: bool = True
    #: a deal entered as points must name its closer (bridge: the closing sets the stakes).
    points_need_closer: bool = False
    #: ``module:function`` reading a deal entered as points: its outcome and payments
    #: (see :func:`remikcalc.scoring.points.score_points`); None when points make no payments.
    points_payments: str | None = None
    #: going out in one go (``how: one_go``) multiplies the deal by ``one_go_multiplier``, so
    #: ``add`` on a terminal asks whether the closer did.
    one_go_counts: bool = False
    #: Hollywood scoring (three columns at once) can be played.
    hollywood: bool = False
    #: jokers may be in the pack without being wild (continental: a joker is a card to pay).
    tame_jokers: bool = False
    #: what one unit of a session's net is called when money is attached: point or stake.
    unit: Unit = "point"
    #: a hand may grow past the deal (picking up the discard pile: boat, rummy 500), so the
    #: meld search takes up to 2 x hand_size + 2 cards instead of hand_size + 1.
    hand_grows: bool = False

    #: what the closer does, for the pages that ask who it was: ``knocked`` (the knock games),
    #: ``closed`` (bridge: a knock or a closing with a bonus) or ``went_out``.
    closing: Closing = "went_out"
    #: a deal's score may be below zero (a loser's minus, a bridge closing's bonus); in the
    #: knock games a deal scores its winner only, from zero up.
    negative_scores: bool = True

    #: a caught hand counts every card, melds too (the going-out games: only melds laid on
    #: the table score), or only its unmatched cards (the knock games, bridge), docs/RULES.md §0.3.
    melds_in_hand_count: bool = True

    #: the rule key whose value ends a game (``game_target``; bridge: ``elimination_at``), or
    #: None; a game ends only when the rules give that key a value. The deal after a finished
    #: game starts the next game on the same sheet.
    ends_at: str | None = "game_target"
    #: the deal scores are penalties (bridge): a lower score is the better deal.
    low_wins: bool = False

    #: who deals the next deal (docs/RULES.md, "Who deals"): ``left``, the next player in
    #: seating order who plays it (players who are out skipped), or ``winner`` (gin and
    #: oklahoma: the deal's winner; a deal nobody won is dealt again by the same dealer).
    deal_passes: DealPassing = "left"
    #: the dealer takes this many cards more than the others (bridge: 1, so 11, and discards
    #: the extra one first).
    dealer_extra_cards: int = 0

    #: the rule keys this family's scorer and tally read (and the opening analysis, for
    #: ``first_meld_min``), beyond those every variant reads: what ``remikcalc rules`` shows.
    rule_keys: frozenset[str] = frozenset()
    #: ``module:function`` giving what a hand costs its holder when another player goes out
    #: now, where the family counts that its own way (continental pays by its payment rule):
    #: ``(rules, cards) -> (count, reason) | None``, None when the hand alone does not say
    #: (continental's chips are counted from the winner's melds). None here: the hand's value,
    #: every card counted (see ``remikcalc.render.hand.caught_text``).
    caught_cost: str | None = None
    #: the house-rule keys this family does not honour: no score, tally or analysis of its
    #: deals reads them, so setting one (to anything but the variant's own value) is refused
    #: (``Variant.rules_for``) instead of silently changing nothing. Every other key is read;
    #: ``tests/test_rule_keys.py`` holds both, key by key, and DECISIONS.md says why.
    refused: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        unknown = self.inputs - set(OPTIONAL_INPUTS)
        if unknown:
            raise ValueError(f"{self.family}: unknown optional inputs {sorted(unknown)}")
        if ("draw" in self.outcomes) != self.draw_allowed:
            raise ValueError(f"{self.family}: draw among the outcomes, but not draw_allowed")
        if self.ends_at is not None and self.ends_at not in self.rule_keys:
            raise ValueError(f"{self.family}: ends_at {self.ends_at} is not among its rule keys")


@cache
def load(ref: str) -> Any:
    """The object a ``module:attribute`` reference names, imported on first use.

    The scoring and settlement layers resolve their own references (``score_deal``,
    ``make_tally``), so this module imports nothing above it.
    """
    module, _, name = ref.partition(":")
    return getattr(import_module(module), name)


# The keys one family's play owns (refused by the families that do not play it)
#: gin and oklahoma: the up-card, the bonuses, the game and its boxes, Hollywood
KNOCK_ONLY = frozenset(
    {
        "upcard_knock",
        "spade_double",
        "gin_bonus",
        "big_gin_bonus",
        "undercut_bonus",
        "undercut_on_tie",
        "game_bonus",
        "box_bonus",
        "shutout",
        "scoring",
    }
)
#: remik bridge: the closings' bonuses and stakes, the pool, elimination and re-entry
BRIDGE_ONLY = frozenset(
    {
        "remik_bonus",
        "colour_bonus",
        "figures_bonus",
        "full_colour_bonus",
        "remik_stake",
        "colour_stake",
        "figures_stake",
        "full_colour_stake",
        "knock_stake",
        "knock_pool",
        "entry_stake",
        "elimination_at",
        "reentry_cost",
    }
)
#: rummy, polish and remibrydż: going out in one go, and the first meld's least value
GOING_OUT_ONLY = frozenset({"one_go_multiplier", "first_meld_min"})
#: continental's payment rule
CONTINENTAL_ONLY = frozenset({"payment"})

_GOING_OUT = "remikcalc.scoring.goingout:score_going_out"
_MEAN = "remikcalc.scoring.goingout:MeanTally"
_PAYMENT = "remikcalc.scoring.tally:PaymentTally"
_BALANCE = "remikcalc.scoring.points:balance_payments"
_GOING_OUT_OUTCOMES: tuple[OutcomeCode, ...] = ("out", "one_go")
_GOING_OUT_KEYS = frozenset({"one_go_multiplier", "first_meld_min", "game_target"})

_SPECS = (
    FamilySpec(
        family=Family.KNOCK,
        refused=BRIDGE_ONLY
        | GOING_OUT_ONLY
        | CONTINENTAL_ONLY
        | {
            "jokers",
            "wild_jokers",
            "joker_value",
            "pair_rule",
            "ace_low_value",
        },
        scorer="remikcalc.scoring.knock:score_knock",
        tally="remikcalc.scoring.knock:KnockTally",
        outcomes=("knock", "gin", "big_gin", "undercut", "draw"),
        inputs=frozenset({"upcard"}),
        melds_in_hand_count=False,
        closer_wins=False,
        closing="knocked",
        negative_scores=False,
        hollywood=True,
        deal_passes="winner",
        # and, where they are on, upcard_knock and spade_double (rules/ruleset.py: UPCARD_KEYS)
        rule_keys=frozenset(
            {
                "knock_limit",
                "gin_bonus",
                "big_gin_bonus",
                "undercut_bonus",
                "undercut_on_tie",
                "game_target",
                "game_bonus",
                "box_bonus",
                "shutout",
                "scoring",
            }
        ),
    ),
    FamilySpec(
        family=Family.BRIDGE,
        refused=KNOCK_ONLY
        | GOING_OUT_ONLY
        | CONTINENTAL_ONLY
        | {"game_target", "pair_rule", "ace_low_value"},
        scorer="remikcalc.scoring.bridge:score_bridge",
        tally="remikcalc.scoring.bridge:BridgeTally",
        outcomes=("knock", "remik", "colour", "figures", "full_colour", "draw"),
        melds_in_hand_count=False,
        points_need_closer=True,
        points_payments="remikcalc.scoring.bridge:points_payments",
        closing="closed",
        unit="stake",
        ends_at="elimination_at",
        low_wins=True,
        dealer_extra_cards=1,
        rule_keys=frozenset(
            {
                "knock_limit",
                "remik_bonus",
                "colour_bonus",
                "figures_bonus",
                "full_colour_bonus",
                "remik_stake",
                "colour_stake",
                "figures_stake",
                "full_colour_stake",
                "knock_stake",
                "knock_pool",
                "entry_stake",
                "elimination_at",
                "reentry_cost",
            }
        ),
    ),
    FamilySpec(
        family=Family.RUMMY,
        refused=KNOCK_ONLY | BRIDGE_ONLY | CONTINENTAL_ONLY | {"knock_limit"},
        scorer=_GOING_OUT,
        tally=_MEAN,
        outcomes=(*_GOING_OUT_OUTCOMES, "draw"),
        draw_scores="penalties",
        closer_went_out=True,
        one_go_counts=True,
        rule_keys=_GOING_OUT_KEYS,
    ),
    FamilySpec(
        family=Family.REMIBRYDZ,
        refused=KNOCK_ONLY | BRIDGE_ONLY | CONTINENTAL_ONLY | {"knock_limit"},
        scorer=_GOING_OUT,
        tally=_MEAN,
        outcomes=(*_GOING_OUT_OUTCOMES, "draw"),
        draw_scores="penalties",
        closer_went_out=True,
        one_go_counts=True,
        rule_keys=_GOING_OUT_KEYS,
    ),
    FamilySpec(
        family=Family.BOAT,
        refused=KNOCK_ONLY
        | BRIDGE_ONLY
        | GOING_OUT_ONLY
        | CONTINENTAL_ONLY
        | {"knock_limit", "ace_low_value"},
        scorer="remikcalc.scoring.goingout:score_boat",
        tally=_PAYMENT,
        outcomes=_GOING_OUT_OUTCOMES,
        inputs=frozenset({"plus"}),
        draw_allowed=False,
        closer_went_out=True,
        points_payments=_BALANCE,
        hand_grows=True,
        rule_keys=frozenset({"pair_rule", "game_target"}),
    ),
    FamilySpec(
        family=Family.RUMMY500,
        refused=KNOCK_ONLY | BRIDGE_ONLY | GOING_OUT_ONLY | CONTINENTAL_ONLY | {"knock_limit"},
        scorer="remikcalc.scoring.rummy500:score_rummy500",
        tally="remikcalc.scoring.rummy500:Rummy500Tally",
        outcomes=(*_GOING_OUT_OUTCOMES, "draw"),
        inputs=frozenset({"melded", "melded_value"}),
        draw_scores="any",
        closer_went_out=True,
        hand_grows=True,
        rule_keys=frozenset({"game_target"}),
    ),
    FamilySpec(
        family=Family.CONTINENTAL,
        refused=KNOCK_ONLY
        | BRIDGE_ONLY
        | GOING_OUT_ONLY
        | {
            "knock_limit",
            "pair_rule",
            "ace_value",
            "ace_low_value",
            "court_value",
            "sets_allowed",
            "set_min",
            "set_max",
            "set_distinct_suits",
            "run_min",
            "hand_size",
            "wild_jokers",
        },
        scorer="remikcalc.scoring.continental:score_continental",
        tally=_PAYMENT,
        outcomes=_GOING_OUT_OUTCOMES,
        inputs=frozenset({"first_turn", "no_draw"}),
        draw_allowed=False,
        points_payments=_BALANCE,
        tame_jokers=True,
        rule_keys=frozenset({"payment", "wild_deuces", "game_target"}),
        caught_cost="remikcalc.scoring.continental:caught_cost",
    ),
)
REGISTRY: dict[Family, FamilySpec] = {spec.family: spec for spec in _SPECS}


def family_spec(family: Family | str) -> FamilySpec:
    """The registered spec of a family (``Family`` member or its name)."""
    try:
        return REGISTRY[family]  # type: ignore[index]  # a name hashes as its Family does
    except KeyError:
        return REGISTRY[Family(family)]  # raises ValueError for a name that is none
