"""A deal's input checked and built: the one home of the checks every deal passes, typed on
the command line or the pad, or read from a sheet.

:func:`check_input` checks what the input alone tells (ranges, which family takes which input,
combinations that cannot be: a drawn deal with a closer, points together with hands);
:func:`build_deal` then matches names to the players, parses the cards and checks the pack
across all hands and melds of the deal at once, so one physical card cannot be in two places,
and gives the :class:`Deal` (of :class:`Hand` s) the family's scorer reads. Parsing errors are
prefixed with the player's name. What each family checks beyond this is in its scorer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from remikcalc.base.errors import CardError, DealError
from remikcalc.base.i18n import _
from remikcalc.cards.notation import (
    Card,
    check_pack,
    format_cards,
    is_grouped,
    parse_card,
    parse_groups,
)
from remikcalc.rules.dealinput import (
    FIELDS,
    DealInput,
    InputField,
    Kind,
    name_key,
    normal_outcome,
    range_problem,
    takes,
)
from remikcalc.rules.families import OutcomeCode
from remikcalc.rules.ruleset import Rules

__all__ = ["Deal", "Hand", "build_deal", "check_input", "parse_hand", "player_named"]


@dataclass(frozen=True, slots=True)
class Hand:
    """The cards one player typed for a deal.

    ``groups`` is set when the player grouped the cards with ``|`` (the arrangement is then
    fixed as typed); ``cards`` is always the flat tuple in input order.
    """

    cards: tuple[Card, ...]
    groups: tuple[tuple[Card, ...], ...] | None = None

    def __str__(self) -> str:
        if self.groups is not None:
            return " | ".join(format_cards(g) for g in self.groups)
        return format_cards(self.cards)


@dataclass(frozen=True, slots=True)
class Deal:
    """One finished deal, as typed; parsed and checked against the pack by ``build_deal``.

    ``players`` are the players taking part in this deal, in seating order (in bridge, the
    players still in the game). ``hands`` may lack the winner of a going-out game.
    """

    players: tuple[str, ...]
    hands: Mapping[str, Hand]
    closer: str | None = None
    how: OutcomeCode | None = None
    draw: bool = False
    upcard: Card | None = None
    plus: int | None = None
    melded: Mapping[str, tuple[tuple[Card, ...], ...]] = field(default_factory=dict)
    first_turn: bool = False
    no_draw: bool = False
    #: a deal entered as counts (no hands): each player's count, as the table counted it
    counts: Mapping[str, int] | None = None
    #: rummy 500 with counts: the value each player melded and laid off this deal
    melded_value: Mapping[str, int] = field(default_factory=dict)


def player_named(
    name: str, players: Sequence[str], what: str = "player", *, scope: str = "deal"
) -> str:
    """Return the player called ``name`` (exact, then case-insensitive) or raise DealError.

    ``what`` ("player" or "closer") and ``scope`` ("deal" or "sheet") choose the sentence."""
    if name in players:
        return name
    folded = [p for p in players if name_key(p) == name_key(name)]
    if len(folded) == 1:
        return folded[0]
    import difflib  # only for a refusal (not loaded at start-up)

    by_key = {p.casefold(): p for p in players}  # a typo is a typo in any case: anan, ANAN
    close = [by_key[k] for k in difflib.get_close_matches(name.casefold(), list(by_key), n=1)]
    sentences = {
        ("player", "deal"): _("player {name!r} is not a player of this deal"),
        ("closer", "deal"): _("closer {name!r} is not a player of this deal"),
        ("player", "sheet"): _("player {name!r} is not a player of this sheet"),
        ("closer", "sheet"): _("closer {name!r} is not a player of this sheet"),
    }
    sentence = sentences[what, scope].format(name=name)
    if close:
        hint = _("{sentence}; did you mean {name}?").format(sentence=sentence, name=close[0])
    else:
        hint = _("{sentence}; players: {players}").format(
            sentence=sentence, players=", ".join(players)
        )
    raise DealError(
        hint,
        code="unknown_player",
        field="closer" if what == "closer" else None,
        player=name,
        details={"scope": scope},
    )


def parse_hand(text: str, owner: str | None = None) -> Hand:
    """Parse one player's cards; a ``|`` in the text fixes the arrangement."""
    try:
        groups = parse_groups(text)
    except CardError as exc:
        if owner is None:
            raise
        message = _("{owner}'s hand: {problem}").format(owner=owner, problem=exc)
        raise exc.retold(message, field="hands", player=owner) from None
    cards = tuple(c for g in groups for c in g)
    return Hand(cards=cards, groups=groups if is_grouped(text) else None)


def build_deal(
    rules: Rules,
    players: Sequence[str],
    entry: DealInput | None = None,
    /,
    **inputs: Any,
) -> Deal:
    """Parse and check a deal's inputs (a :class:`DealInput`, or its fields as keywords).

    The checks every input passes (:func:`check_input`) run first; then
    names are matched to the players, cards parsed and the pack checked across the whole deal.
    Family-specific checks happen in the scoring.
    """
    if entry is None:
        entry = DealInput(**inputs)
    check_input(entry, rules)
    seen: dict[str, str] = {}
    for name in players:  # names are matched ignoring case, so A and a are one player
        first = seen.get(name_key(name))
        if first == name:
            raise DealError(
                _("a player is named twice"), code="player_twice", field="players", player=name
            )
        if first is not None:
            raise DealError(
                _("{name} is named twice (as {first}: names are matched ignoring case)").format(
                    name=name, first=first
                ),
                code="player_twice",
                field="players",
                player=name,
            )
        seen[name_key(name)] = name
    parsed: dict[str, Hand] = {}
    for name, text in entry.hands.items():
        player = player_named(name, players)
        if player in parsed:
            raise DealError(
                _("{player}'s hand is given twice").format(player=player),
                code="given_twice",
                field="hands",
                player=player,
            )
        parsed[player] = parse_hand(text, player)
    melds: dict[str, tuple[tuple[Card, ...], ...]] = {}
    for name, text in entry.melded.items():
        player = player_named(name, players)
        try:
            melds[player] = parse_groups(text)
        except CardError as exc:
            message = _("{owner}'s melds: {problem}").format(owner=player, problem=exc)
            raise exc.retold(message, field="melded", player=player) from None
    counts = None if entry.counts is None else _per_player(entry.counts, players, "counts")
    melded_value = _per_player(entry.melded_value or {}, players, "melded_value")
    closer = None if entry.closer is None else player_named(entry.closer, players, "closer")
    how = None if entry.how is None else normal_outcome(entry.how)
    if entry.draw and how not in (None, "draw"):
        raise DealError(
            _("a drawn deal cannot also end by {how}").format(how=how),
            code="draw_with_outcome",
            field="how",
            details={"how": how},
        )
    up: Card | None = None
    if entry.upcard is not None:
        try:
            up = parse_card(entry.upcard)
        except CardError as exc:
            raise exc.retold(exc.message, field="upcard") from None
        if up.is_joker:
            raise DealError(
                _("the up-card cannot be a joker"),
                code="joker_upcard",
                field="upcard",
                cards=(str(up),),
            )
    everything = [c for h in parsed.values() for c in h.cards]
    everything += [c for groups in melds.values() for g in groups for c in g]
    check_pack(everything, decks=rules.decks, jokers=rules.jokers, variant=rules.variant)
    return Deal(
        players=tuple(players),
        hands=parsed,
        closer=closer,
        how=None if how == "draw" else how,
        draw=entry.draw or how == "draw",
        upcard=up,
        plus=entry.plus,
        melded=melds,
        first_turn=entry.first_turn,
        no_draw=entry.no_draw,
        counts=counts,
        melded_value=melded_value,
    )


def _per_player(given: Mapping[str, int], players: Sequence[str], key: str) -> dict[str, int]:
    """Each player's number (``counts``, ``melded_value``) under the player's name as the
    deal spells it; a name that is no player of the deal, or a player given twice, refused."""
    out: dict[str, int] = {}
    for name, value in given.items():
        try:
            player = player_named(name, players)
        except DealError as exc:
            raise DealError(str(exc), code="unknown_player", field=key, player=name) from None
        if player in out:
            raise DealError(
                _("{player} is given twice").format(player=player),
                code="given_twice",
                field=key,
                player=player,
            )
        out[player] = value
    return out


# --- what the input alone tells -----------------------------------------------------------------


def _outcome_problem(how: str, rules: Rules) -> DealError | None:
    """Why ``how`` is not an outcome of the rules' family (``FamilySpec.outcomes``), or None."""
    try:
        code = normal_outcome(how)
    except DealError as exc:
        return exc
    outcomes = rules.spec.outcomes
    if code in outcomes or code == "draw":  # a draw where there is none: said below
        return None
    return DealError(
        _("{variant} has no outcome {how}; its outcomes: {outcomes}").format(
            variant=rules.variant, how=code, outcomes=", ".join(outcomes)
        ),
        code="not_an_outcome",
        field="how",
        details={"how": code},
    )


def _takers(key: str) -> str:
    """The variants whose default rules take an optional input, for messages."""
    from remikcalc.rules.variants import VARIANTS

    names = [v.name for v in VARIANTS if takes(v.rules, key)]
    if len(names) < 2:
        return "".join(names)
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def _check_range(f: InputField, what: str, value: int, player: str | None = None) -> None:
    problem = range_problem(f, what, value)
    if problem is not None:
        raise DealError(
            problem,
            code=f.code("negative" if value < 0 else "too_high", "out_of_range"),
            field=f.name,
            player=player,
            details={"value": value, "low": f.low, "high": f.high},
        )


#: :func:`_checked_fields` of the rules last asked, by the rules' id (the rules kept with it)
_CHECKED: dict[int, tuple[Rules, tuple[tuple[InputField, bool], ...]]] = {}


def _checked_fields(rules: Rules) -> tuple[tuple[InputField, bool], ...]:
    """The fields :func:`check_input` looks at under ``rules`` (in their order), each with
    whether the rules refuse it: the ones refused and the ones with a range; any other passes
    whatever it holds. Worked out once for each rules (replaying a sheet checks every deal)."""
    kept = _CHECKED.get(id(rules))
    if kept is not None and kept[0] is rules:
        return kept[1]
    refused = {f.name: not takes(rules, f.name) for f in FIELDS}
    fields = tuple(
        (f, refused[f.name])
        for f in FIELDS
        if refused[f.name] or f.kind in (Kind.COUNT, Kind.POINTS)
    )
    if len(_CHECKED) >= 64:
        _CHECKED.clear()
    _CHECKED[id(rules)] = (rules, fields)
    return fields


def check_input(entry: DealInput, rules: Rules) -> None:
    """The checks every deal passes, typed or read from a sheet; raises DealError.

    Player names and cards are checked where the players and the pack are known (building the
    deal); this checks what the input alone tells: ranges, which family takes which input, and
    combinations that cannot be.
    """
    for f, refused in _checked_fields(rules):
        value = getattr(entry, f.name)
        if refused and value not in (None, False, {}):
            why = _(f.refused).format(what=_(f.what), takers=_takers(f.name), variant=rules.variant)
            raise DealError(
                why,
                code="input_not_taken",
                field=f.name,
                details={"takers": _takers(f.name), "variant": rules.variant},
            )
        # the words of a refusal are only made for a value out of range (range_problem)
        if f.kind is Kind.COUNT and value is not None and not f.low <= value <= f.high:
            _check_range(f, _(f.what), value)
        if f.kind is Kind.POINTS and value is not None:
            for name, points in value.items():
                if not f.low <= points <= f.high:
                    what = _("{what} for {name}").format(what=_(f.what), name=name)
                    _check_range(f, what, points, name)
    if entry.how is not None and (problem := _outcome_problem(entry.how, rules)) is not None:
        raise problem
    drawn = entry.draw or (entry.how is not None and normal_outcome(entry.how) == "draw")
    if drawn and entry.closer is not None:
        raise DealError(
            _("a drawn deal (stock ran out) has no closer"),
            code="draw_with_closer",
            field="closer",
            player=entry.closer,
        )
    if drawn and not rules.spec.draw_allowed:
        raise DealError(
            _(
                "{variant} has no drawn deals: when the stock runs out the discard pile "
                "is turned over and play goes on until a player goes out"
            ).format(variant=rules.variant),
            code="no_draws",
            field="draw",
            details={"variant": rules.variant},
        )
    if drawn and entry.scores:
        _check_draw_scores(entry.scores, rules)
    if entry.counts is not None and (entry.hands or entry.melded or entry.scores is not None):
        raise DealError(
            _("a deal gives hands, or counts, or scores: never two of them"),
            code="mixed_deal",
            field="counts",
        )
    if entry.melded_value is not None and entry.counts is None:
        raise DealError(
            _(
                "melded values go with a deal entered as counts; a deal entered as hands "
                "gives the melds laid instead"
            ),
            code="melded_value_without_counts",
            field="melded_value",
        )
    if entry.points_only and (entry.hands or entry.melded or entry.upcard or entry.plus):
        raise DealError(
            _(
                "a deal entered as points (scores) cannot also have hands, melds, "
                "an up-card or plus points"
            ),
            code="points_with_cards",
            field="scores",
        )


def _check_draw_scores(scores: Mapping[str, int], rules: Rules) -> None:
    """A drawn deal entered as points scores what a draw can: nothing in the knock games and
    bridge, 0 or less where each player counts their own hand (``FamilySpec.draw_scores``)."""
    allowed = rules.spec.draw_scores
    for name, score in scores.items():
        if allowed == "none" and score != 0:
            raise DealError(
                _("a drawn deal scores nothing in {variant}, not {score} for {name}").format(
                    variant=rules.variant, score=f"{score:+d}", name=name
                ),
                code="draw_scores",
                field="scores",
                player=name,
            )
        if allowed == "penalties" and score > 0:
            raise DealError(
                _(
                    "in a drawn {variant} deal every player scores minus their own hand, "
                    "not {score} for {name}"
                ).format(variant=rules.variant, score=f"{score:+d}", name=name),
                code="draw_scores",
                field="scores",
                player=name,
            )
