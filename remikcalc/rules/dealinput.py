"""One description of what is typed for a deal, used by every place that reads or writes one.

:class:`DealInput` holds a deal's inputs as text and numbers, exactly as typed (hands are not
parsed here). :data:`FIELDS` describes each input once: its key (the attribute, the sheet key
and, with dashes, the command-line option), what kind of value it holds, its range, and its
help text. The CLI options, the terminal prompts, the sheet reader and the sheet writer loop
over :data:`FIELDS`; :func:`remikcalc.scoring.deal.check_input` checks a deal's input against
the rules, wherever it was typed or read.

>>> FIELD["plus"].kind, FIELD["plus"].high
(<Kind.COUNT: 'count'>, 1000000)
>>> DealInput(scores={"Anna": 25}).points_only
True
>>> DealInput(counts={"Vera": 23}, closer="Anna").by_counts
True
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from remikcalc.base.errors import DealError
from remikcalc.base.i18n import N_, _, current
from remikcalc.rules.families import OPTIONAL_INPUTS, OUTCOMES, Family, OutcomeCode

if TYPE_CHECKING:
    from remikcalc.rules.ruleset import Rules

__all__ = [
    "FIELD",
    "FIELDS",
    "COUNT_LIMIT",
    "SCORE_LIMIT",
    "DealInput",
    "InputField",
    "Kind",
    "count_meaning",
    "name_key",
    "normal_outcome",
    "outcome_from_words",
    "outcome_text",
    "outcomes_help",
    "range_problem",
    "scores_meaning",
    "sign_doubts",
    "stated_outcomes",
    "takes",
    "typed_words",
]

_OUTCOME_CODES: dict[str, OutcomeCode] = {code: code for code in OUTCOMES}

# How people call each outcome (translated with outcome_text); the sheet and JSON keep the code.
_OUTCOME_WORDS = {
    "knock": N_("knock"),
    "gin": N_("gin"),
    "big_gin": N_("big gin"),
    "undercut": N_("undercut"),
    "out": N_("out"),
    "one_go": N_("out in one go"),
    "remik": N_("remik"),
    "colour": N_("colour"),
    "figures": N_("figures"),
    "full_colour": N_("full colour"),
    "draw": N_("draw"),
}


def outcome_text(how: str) -> str:
    """An outcome's name for people, in the current language (``big_gin`` -> "big gin")."""
    return _(_OUTCOME_WORDS.get(how, how))


# What a table of the language also types for an outcome, beside its code, its English name
# and its name in the language (outcome_text, the one shown): Polish players call a stock-out
# "remis" (strictly a tie, a word the output never uses for it: docs/DECISIONS.md) or say
# "stos" for short.
_ALSO_TYPED: dict[str, dict[str, tuple[str, ...]]] = {
    "pl": {"draw": ("remis", "stos", "wyczerpanie", "stos się wyczerpał")},
}


def typed_words(how: str) -> tuple[str, ...]:
    """Every word understood for the outcome ``how`` in the language spoken (``--how`` and
    the closer's question of ``add``): its code, its English name, its name in the language,
    and what players of the language also type for it.

    >>> from remikcalc.base.i18n import in_language
    >>> with in_language("pl"):
    ...     typed_words("draw")
    ('draw', 'wyczerpanie stosu', 'remis', 'stos', 'wyczerpanie', 'stos się wyczerpał')
    >>> typed_words("big_gin")
    ('big_gin', 'big gin')
    """
    also = _ALSO_TYPED.get(current(), {}).get(how, ())
    return tuple(dict.fromkeys((how, _OUTCOME_WORDS.get(how, how), outcome_text(how), *also)))


#: the largest points-only score (either sign): far above any real deal, and small enough
#: that totals over thousands of deals stay exact and readable.
SCORE_LIMIT = 10**9
#: the largest count (or melded value) a sheet or a command takes; each family then holds a
#: count to what its pack can put in one hand (scoring/common.py: count_bound)
COUNT_LIMIT = 10**6


class Kind(StrEnum):
    """What kind of value an input holds."""

    PLAYER = "player"  # a player's name
    OUTCOME = "outcome"  # one of OUTCOMES
    FLAG = "flag"  # true or false
    CARD = "card"  # one card, as typed
    COUNT = "count"  # a whole number in a range
    CARDS = "cards"  # per player: cards as typed, melds grouped with |
    POINTS = "points"  # per player: a whole number in a range


@dataclass(frozen=True, slots=True)
class InputField:
    """One deal input: its key, kind, range and the words that describe it."""

    name: str
    kind: Kind
    help: str  # marked with N_(): translated where it is shown
    what: str  # how an error message names it: "plus points", "an up-card" (N_() too)
    low: int = 0
    high: int = 0
    metavar: str = ""
    #: the refusal outside the variants that take it (N_(); fields {takers} and {variant})
    refused: str = N_("{what} are only an input in {takers}, not in {variant}")
    short: str = ""  # a one-letter option beside the long one (-c)
    prompt: str = ""  # the question ``add`` asks on a terminal when the rules need it (N_())
    #: a rule key that must be true as well as the family taking the input (oklahoma's
    #: up-card sets the knock limit only with upcard_knock).
    needs: str = ""
    #: the command-line option when it is not the key with dashes (``--count`` for ``counts``:
    #: given once per player)
    long: str = ""
    #: the codes of this input's own refusals, by reason (``negative``, ``too_high``,
    #: ``not_whole``); an input without them is refused with the reason's common code
    codes: Mapping[str, str] = field(default_factory=dict)

    def code(self, reason: str, common: str) -> str:
        """The code of a refusal of this input for ``reason``: its own, else ``common``."""
        return self.codes.get(reason, common)

    @property
    def option(self) -> str:
        """The command-line option (``--first-turn``); hands are ``NAME=CARDS`` arguments."""
        return self.long or "--" + self.name.replace("_", "-")

    @property
    def optional(self) -> bool:
        """Only some families take this input (see :attr:`FamilySpec.inputs`)."""
        return self.name in OPTIONAL_INPUTS

    @property
    def per_player(self) -> bool:
        return self.kind in (Kind.CARDS, Kind.POINTS)


# The order is the order the sheet writer uses for a deal's keys.
FIELDS: tuple[InputField, ...] = (
    InputField(
        "closer",
        Kind.PLAYER,
        N_("Who ended the deal (knocked, went out)."),
        N_("the closer"),
        metavar="NAME",
        short="-c",
    ),
    InputField(
        "how",
        Kind.OUTCOME,
        N_(
            "How the deal ended, when the hands do not show it, in English or in the "
            "words of --lang ({outcomes})."
        ),
        N_("the outcome"),
        metavar="OUTCOME",
    ),
    InputField("draw", Kind.FLAG, N_("The stock ran out: no winner."), N_("a draw")),
    InputField(
        "first_turn",
        Kind.FLAG,
        N_("Continental chips: out on first turn."),
        N_("first-turn bonuses"),
        refused=N_("first-turn bonuses are only an input in {takers}, not in {variant}"),
    ),
    InputField(
        "no_draw",
        Kind.FLAG,
        N_("Continental chips: out before drawing."),
        N_("no-draw bonuses"),
        refused=N_("no-draw bonuses are only an input in {takers}, not in {variant}"),
    ),
    InputField(
        "upcard",
        Kind.CARD,
        N_("Oklahoma: the deal's first up-card."),
        N_("an up-card"),
        metavar="CARD",
        prompt=N_("The deal's up-card"),
        needs="upcard_knock",
        refused=N_("an up-card only matters in {takers}, not in {variant}"),
    ),
    InputField(
        "plus",
        Kind.COUNT,
        N_("Boat: the winner's plus points."),
        N_("plus points"),
        low=0,
        high=10**6,
        metavar="N",
        prompt=N_("The winner's plus points"),
        refused=N_("plus points are only an input in {takers}, not in {variant}"),
    ),
    InputField(
        "scores",
        Kind.POINTS,
        N_("A deal entered as points only; repeatable."),
        N_("points-only scores"),
        low=-SCORE_LIMIT,
        high=SCORE_LIMIT,
        metavar="NAME=N",
        long="--score",
    ),
    InputField(
        "counts",
        Kind.POINTS,
        N_(
            "A deal entered as counts: what is left in the player's hand, as the table "
            "counted it (a closer who went out may be left out); repeatable."
        ),
        N_("the count"),
        low=0,
        high=COUNT_LIMIT,
        metavar="NAME=N",
        long="--count",
        codes={
            "negative": "count_negative",
            "too_high": "count_too_high",
            "not_whole": "count_not_whole",
        },
    ),
    InputField(
        "melded_value",
        Kind.POINTS,
        N_("Rummy 500, with counts: the value a player melded and laid off this deal; repeatable."),
        N_("the melded value"),
        low=0,
        high=COUNT_LIMIT,
        metavar="NAME=N",
        codes={
            "negative": "melded_value_negative",
            "too_high": "melded_value_too_high",
            "not_whole": "melded_value_not_whole",
        },
        refused=N_("melded values are only an input in {takers}, not in {variant}"),
    ),
    InputField(
        "hands",
        Kind.CARDS,
        N_("Each player's cards left in hand."),
        N_("hands"),
        metavar="NAME=CARDS",
    ),
    InputField(
        "melded",
        Kind.CARDS,
        N_("Rummy 500: the melds a player laid this deal, grouped with |. Repeatable."),
        N_("melds on the table"),
        metavar="NAME=MELDS",
        refused=N_("melds on the table are only scored in {takers}, not in {variant}"),
    ),
)
FIELD: dict[str, InputField] = {f.name: f for f in FIELDS}
assert "{outcomes}" in FIELD["how"].help, "--how's help lists each variant's outcomes"


@dataclass(frozen=True, slots=True, kw_only=True)
class DealInput:
    """A deal as typed: hands as text, or each player's count (``counts``, and in rummy 500
    ``melded_value``), or points only (``scores``), plus the other inputs."""

    hands: Mapping[str, str] = field(default_factory=dict)
    closer: str | None = None
    how: str | None = None
    draw: bool = False
    upcard: str | None = None
    plus: int | None = None
    melded: Mapping[str, str] = field(default_factory=dict)
    first_turn: bool = False
    no_draw: bool = False
    scores: Mapping[str, int] | None = None
    counts: Mapping[str, int] | None = None
    melded_value: Mapping[str, int] | None = None

    @property
    def points_only(self) -> bool:
        """The deal was entered as each player's points, not as hands."""
        return self.scores is not None

    @property
    def by_counts(self) -> bool:
        """The deal was entered as each player's count (what the table counted), not as hands."""
        return self.counts is not None

    @property
    def empty(self) -> bool:
        """Nothing that makes a deal: no hands, melds, counts, scores, nor a draw."""
        return not (
            self.hands
            or self.melded
            or self.scores is not None
            or self.counts is not None
            or self.draw
        )

    def describe(self, *, translated: bool = False) -> str:
        """A few words naming the deal: ``gin by Anna``, ``points``, ``draw`` (in English
        for JSON; ``translated`` for people, in the current language)."""
        tr = _ if translated else str
        if self.draw:
            return outcome_text("draw") if translated else "draw"
        if self.how:
            what = outcome_text(self.how) if translated else self.how
        else:
            what = tr(N_("points") if self.points_only else N_("deal"))
        if not self.closer:
            return what
        return tr(N_("{what} by {closer}")).format(what=what, closer=self.closer)


def name_key(name: str) -> str:
    """How two spellings of a player's name compare: case and Unicode composition ignored.

    >>> name_key("Zoë") == name_key("ZOE\u0308"), name_key("Anna") == name_key("Ania")
    (True, False)
    """
    return unicodedata.normalize("NFC", unicodedata.normalize("NFD", name).casefold())


def normal_outcome(text: str) -> OutcomeCode:
    """An outcome as written on the sheet (``big-gin`` -> ``big_gin``), or DealError."""
    how = text.strip().lower().replace("-", "_")
    code = _OUTCOME_CODES.get(how)
    if code is None:
        import difflib  # only for a refusal (not loaded at start-up)

        close = difflib.get_close_matches(how, OUTCOMES, n=1)
        message = _("unknown outcome {text!r}; outcomes: {outcomes}").format(
            text=text, outcomes=", ".join(OUTCOMES)
        )
        if close:
            message += _("; did you mean {guess}?").format(guess=close[0])
        raise DealError(message, code="unknown_outcome", field="how", details={"text": text})
    return code


def _folded(text: str) -> str:
    """An outcome as a person may type it, compared ignoring case, spaces, hyphens and
    underscores (and ё typed as е): ``Big-Gin`` and ``big gin`` are ``biggin``."""
    folded = unicodedata.normalize("NFC", text).casefold().replace("ё", "е")
    return "".join(ch for ch in folded if ch not in " -_\u00a0")


def outcome_from_words(text: str) -> OutcomeCode:
    """An outcome as a person types it for ``--how``: its code (``one_go``), its English name
    (``out in one go``) or its name in the language spoken (``z ręki``, ``за один приём``),
    ignoring case, spaces and hyphens. DealError for anything else, naming the outcomes.

    >>> outcome_from_words("Big Gin"), outcome_from_words("one-go")
    ('big_gin', 'one_go')
    """
    folded = _folded(text)
    words: dict[str, OutcomeCode] = {}
    for code in OUTCOMES:
        for word in typed_words(code):
            words.setdefault(_folded(word), code)
    found = words.get(folded)
    if found is not None:
        return found
    import difflib  # only for a refusal

    names = [outcome_text(code) for code in OUTCOMES]
    message = _("unknown outcome {text!r}; outcomes: {outcomes}").format(
        text=text, outcomes=", ".join(names)
    )
    close = difflib.get_close_matches(folded, list(words), n=1)
    if close:
        message += _("; did you mean {guess}?").format(guess=outcome_text(words[close[0]]))
    raise DealError(message, code="unknown_outcome", field="how", details={"text": text})


def outcomes_help() -> str:
    """Each variant's outcomes in the words of the language spoken, the variants that share
    them together (what ``--how``'s help lists): "gin, oklahoma: knock, gin, ...; ..."."""
    from remikcalc.rules.variant_words import variant_word
    from remikcalc.rules.variants import VARIANTS

    groups: dict[tuple[str, ...], list[str]] = {}
    for v in VARIANTS:
        groups.setdefault(v.rules.spec.outcomes, []).append(variant_word(v.name))
    return "; ".join(
        f"{', '.join(names)}: {', '.join(outcome_text(code) for code in outcomes)}"
        for outcomes, names in groups.items()
    )


def takes(rules: Rules, key: str) -> bool:
    """Whether a deal under ``rules`` takes the input ``key`` (every family takes the
    inputs that are not optional)."""
    f = FIELD[key]
    if not f.optional:
        return True
    return key in rules.spec.inputs and (not f.needs or bool(getattr(rules, f.needs)))


def stated_outcomes(rules: Rules) -> tuple[OutcomeCode, ...]:
    """The outcomes a deal under ``rules`` may be stated to end by (``how``), for a form to
    offer, beside going out, one go (where :attr:`FamilySpec.one_go_counts`) and a draw:
    the plain closing first, big gin only where it has a bonus.

    >>> from remikcalc.rules.variants import get_rules
    >>> stated_outcomes(get_rules("gin")), stated_outcomes(get_rules("gin", "modern"))[-2:]
    (('knock', 'gin', 'undercut'), ('big_gin', 'undercut'))
    >>> stated_outcomes(get_rules("rummy"))
    ()
    """
    codes = (c for c in rules.spec.outcomes if c not in ("out", "one_go", "draw"))
    return tuple(c for c in codes if c != "big_gin" or rules.big_gin_bonus is not None)


def range_problem(f: InputField, what: str, value: int) -> str | None:
    """A sentence saying why ``value`` is out of the field's range, or None.

    >>> range_problem(FIELD["plus"], "plus points", -5)
    'plus points cannot be negative (got -5)'
    """
    if f.low <= value <= f.high:
        return None
    if f.low == 0 and value < 0:
        return _("{what} cannot be negative (got {value})").format(what=what, value=value)
    return _("{what}: {value} is out of range ({low} to {high})").format(
        what=what, value=value, low=f.low, high=f.high
    )


# What each family's count is (docs/RULES.md §0.7), and what a deal's final score means in it
# (its sign above all), in a sentence for a page that asks for either; the words are said
# here, beside the outcomes', because only rules/ may tell one family from another.
_COUNT_MEANS: dict[Family, str] = {
    Family.KNOCK: N_("The knocker's unmatched points, and the other player's after laying off."),
    Family.BRIDGE: N_("Each player's points outside melds; a closer who showed a remik has none."),
    Family.RUMMY: N_(
        "Each loser's whole hand, melds still held included; whoever went out has none."
    ),
    Family.REMIBRYDZ: N_(
        "Each loser's whole hand, melds still held included; whoever went out has none."
    ),
    Family.BOAT: N_(
        "Each loser's whole hand, melds still held included; whoever went out has none."
    ),
    Family.CONTINENTAL: N_(
        "What each loser pays under this sheet's payment rule; whoever went out has none."
    ),
    Family.RUMMY500: N_(
        "The points of the cards left in each hand, and what each player melded and laid "
        "off this deal."
    ),
}
_SCORES_MEAN: dict[Family, str] = {
    Family.KNOCK: N_("The deal's score goes to the player who scored it; the other gets nothing."),
    Family.BRIDGE: N_(
        "Penalties: what each player adds to their total, so higher is worse; a closing's "
        "bonus is a minus."
    ),
    Family.RUMMY: N_("The winner's gain is positive; each loser's points are negative."),
    Family.REMIBRYDZ: N_("The winner's gain is positive; each loser's points are negative."),
    Family.BOAT: N_("The winner gets plus the sum; each loser minus what they pay."),
    Family.CONTINENTAL: N_("The winner gets plus the sum; each loser minus what they pay."),
    Family.RUMMY500: N_("Each player's melded points minus the points left in their hand."),
}


def count_meaning(rules: Rules) -> str:
    """What a player's count is under ``rules``, in the language spoken (docs/RULES.md §0.7).

    >>> from remikcalc.rules.variants import get_rules
    >>> count_meaning(get_rules("gin"))
    "The knocker's unmatched points, and the other player's after laying off."
    """
    if rules.pair_rule:  # boat's: several cards of a rank count as one
        return _(
            "Each loser's hand, each rank counted once (the pair rule); whoever went out has none."
        )
    return _(_COUNT_MEANS[rules.family])


#: how each family writes a deal's final scores (a deal entered as points), for the check
#: that catches a deal typed the wrong way round: ``winner`` (the player who went out gains,
#: the others lose), ``penalties`` (points added to a total, higher worse; only a closer's
#: bonus is a minus), ``scorer`` (one player scores, nobody loses points), None (either sign)
_SCORE_SIGNS: dict[Family, str | None] = {
    Family.KNOCK: "scorer",
    Family.BRIDGE: "penalties",
    Family.RUMMY: "winner",
    Family.REMIBRYDZ: "winner",
    Family.BOAT: "winner",
    Family.CONTINENTAL: "winner",
    Family.RUMMY500: None,
}


def sign_doubts(rules: Rules, entry: DealInput) -> tuple[str, ...]:
    """The players whose final score (a deal entered as points) has the sign the variant
    never gives it: a loser who gains where the winner collects, a minus for a player who did
    not close in remik bridge, a minus in gin. Scores are taken as given; this is what a
    front end asks the players to look at again before saving (a Polish table once typed the
    losers' counts as gains, and the money went the wrong way round).

    >>> from remikcalc.rules.variants import get_rules
    >>> sign_doubts(get_rules("polish"), DealInput(closer="Anna", scores={"Anna": 64, "Vera": 23}))
    ('Vera',)
    """
    scores = entry.scores or {}
    kind = _SCORE_SIGNS[rules.family]
    closer = entry.closer
    if kind == "winner":
        if closer is None and not entry.draw:  # the winner not named: at most one gains
            gains = tuple(p for p, v in scores.items() if v > 0)
            return gains if len(gains) > 1 else ()
        return tuple(p for p, v in scores.items() if (v < 0 if p == closer else v > 0))
    if kind == "penalties":
        return tuple(p for p, v in scores.items() if v < 0 and p != closer)
    if kind == "scorer":
        return tuple(p for p, v in scores.items() if v < 0)
    return ()


def scores_meaning(rules: Rules) -> str:
    """What a deal's final scores mean under ``rules`` (a deal entered as points: its sign
    convention above all), in the language spoken.

    >>> from remikcalc.rules.variants import get_rules
    >>> scores_meaning(get_rules("polish"))
    "The winner's gain is positive; each loser's points are negative."
    """
    return _(_SCORES_MEAN[rules.family])
