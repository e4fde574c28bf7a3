"""Helpers shared by several scoring families, so that no family imports another.

- the knock and bridge families (fixed hand sizes, a closer who may hold one card more):
  :func:`check_players`, :func:`require_hands`, :func:`check_groups` (typed ``|`` groups must
  be melds), :func:`typed_discards`, :func:`hand_details`, :func:`draw_result`;
- the going-out families (rummy, boat, remibrydż, rummy 500, continental):
  :func:`check_deal_cards`, :func:`find_winner`, :func:`check_went_out`, :func:`loser_hands`,
  :func:`meld_groups`, :func:`player_detail`;
- a deal entered as counts (every family): :func:`count_bound`, :func:`least_card`,
  :func:`check_count`, :func:`counted`, and for the going-out families
  :func:`check_went_out_count` and :func:`loser_counts` (the counts' own
  :func:`loser_hands`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from remikcalc.base.errors import DealError, MeldError
from remikcalc.base.i18n import _, ngettext
from remikcalc.cards.notation import Card, check_pack
from remikcalc.rules.families import OutcomeCode
from remikcalc.rules.ruleset import Rules
from remikcalc.scoring.deal import Deal, Hand
from remikcalc.scoring.details import DealDetails, MeldDetail, PlayerDetail
from remikcalc.scoring.result import DealResult
from remikcalc.search.melds import Meld, classify_meld, counted_cards, meld_reason, split_groups

if TYPE_CHECKING:
    from remikcalc.search import Arrangement

# The knock and bridge helpers import the arrangement search (search, layoff) when called,
# so that the going-out families, which never arrange a hand, do not load it.

__all__ = [
    "GOING_OUT",
    "check_deal_cards",
    "check_groups",
    "check_players",
    "check_count",
    "check_went_out",
    "check_went_out_count",
    "count_bound",
    "counted",
    "draw_result",
    "find_winner",
    "hand_details",
    "least_card",
    "loser_counts",
    "loser_hands",
    "meld_groups",
    "pack_value",
    "player_detail",
    "require_hands",
    "typed_discards",
]

GOING_OUT: tuple[OutcomeCode, ...] = ("out", "one_go")


# --- the knock and bridge families ------------------------------------------------------------


def hand_details(
    hand: Hand,
    melds: Sequence[Meld],
    deadwood: Sequence[Card],
    points: int,
    *,
    discard: Card | None = None,
) -> PlayerDetail:
    """One arranged hand of a knock or bridge deal; its wild cards listed as ``jokers``."""
    return PlayerDetail(
        hand=hand,
        melds=tuple(MeldDetail.of(m) for m in melds),
        deadwood=tuple(deadwood),
        count=points,
        wilds="jokers",
        discard=discard,
    )


def require_hands(rules: Rules, deal: Deal, players: Sequence[str]) -> None:
    """Every player has a hand of ``hand_size`` cards (the closer may hold one more); the
    message names the variant, which declines itself (``{game.loc}`` in the catalogues)."""
    size = rules.hand_size
    for name in players:
        hand = deal.hands.get(name)
        if hand is None:
            raise DealError(
                _("hand missing for {name}: type {name}=CARDS").format(name=name),
                code="no_hand",
                field="hands",
                player=name,
            )
        n = len(hand.cards)
        allowed = (size, size + 1) if name == deal.closer else (size,)
        if n not in allowed:
            raise DealError(
                ngettext(
                    "{name} has {n} card; {game} hands hold {size} "
                    "({more} for the closer before discarding)",
                    "{name} has {n} cards; {game} hands hold {size} "
                    "({more} for the closer before discarding)",
                    n,
                ).format(name=name, n=n, game=rules.variant, size=size, more=size + 1),
                code="hand_size",
                field="hands",
                player=name,
                details={"n": n, "size": size},
            )
    check_pack(
        [c for name in players for c in deal.hands[name].cards],
        decks=rules.decks,
        jokers=rules.jokers,
        variant=rules.variant,
    )
    check_groups(rules, deal, players)


def check_groups(rules: Rules, deal: Deal, players: Sequence[str]) -> None:
    """Every typed group of three or more is a legal meld; the error names whose hand it is."""
    from remikcalc.search import arrangement_from_groups

    for name in players:
        hand = deal.hands.get(name)
        if hand is None or hand.groups is None:
            continue
        try:
            arrangement_from_groups(hand.groups, rules)
        except MeldError as exc:
            message = _("{name}'s hand, {problem}").format(name=name, problem=exc)
            raise exc.retold(message, field="hands", player=name) from None


def check_players(rules: Rules, deal: Deal) -> None:
    """The deal's players fit the variant, and the closer and hands belong to them."""
    n = len(deal.players)
    problem = rules.players_problem(n)
    if problem is not None:
        raise DealError(problem, code="player_count", field="players", details={"players": n})
    if deal.closer is not None and deal.closer not in deal.players:
        raise DealError(
            _("the closer {closer!r} is not a player of this deal (players: {players})").format(
                closer=deal.closer, players=", ".join(deal.players)
            ),
            code="unknown_player",
            field="closer",
            player=deal.closer,
        )
    for name in deal.hands:
        if name not in deal.players:
            raise DealError(
                _("a hand is given for {name!r}, who is not a player of this deal").format(
                    name=name
                ),
                code="unknown_player",
                field="hands",
                player=name,
            )


def typed_discards(groups: Sequence[Sequence[Card]], rules: Rules) -> list[Arrangement]:
    """Every discard that keeps a typed (``|``-grouped) arrangement of a hand one card over.

    Any unmatched card may go; a melded card only if its meld stays legal without it.
    """
    from remikcalc.search import Arrangement, arrangement_from_groups
    from remikcalc.search.knock import count

    fixed = arrangement_from_groups(groups, rules)
    melds = tuple(fixed.melds)
    options: list[Arrangement] = []
    for card in dict.fromkeys(fixed.deadwood):
        dead = list(fixed.deadwood)
        dead.remove(card)
        options.append(
            Arrangement(melds=melds, deadwood=tuple(dead), points=count(dead, rules), discard=card)
        )
    for i, meld in enumerate(melds):
        for j, card in enumerate(meld.cards):
            rest = meld.cards[:j] + meld.cards[j + 1 :]
            try:
                smaller = classify_meld(rest, rules)
            except MeldError:
                continue
            options.append(
                Arrangement(
                    melds=(*melds[:i], smaller, *melds[i + 1 :]),
                    deadwood=tuple(fixed.deadwood),
                    points=fixed.points,
                    discard=card,
                )
            )
    return options


def draw_result(rules: Rules, deal: Deal, reason: str) -> DealResult:
    """A drawn deal: nobody scores or pays; the hands typed (optional) are shown arranged,
    the counts given (optional) are its points."""
    from remikcalc.search import arrangement_from_groups, best_arrangement

    players: dict[str, PlayerDetail] = {}
    check_groups(rules, deal, deal.players)
    for name in deal.players:
        hand = deal.hands.get(name)
        if hand is None:
            continue
        n = len(hand.cards)
        if n not in (rules.hand_size, rules.hand_size + 1):
            raise DealError(
                ngettext(
                    "{name} has {n} card; {game} hands hold {size}",
                    "{name} has {n} cards; {game} hands hold {size}",
                    n,
                ).format(name=name, n=n, game=rules.variant, size=rules.hand_size),
                code="hand_size",
                field="hands",
                player=name,
                details={"n": n, "size": rules.hand_size},
            )
        if hand.groups is not None:
            arranged = arrangement_from_groups(hand.groups, rules)
        else:
            arranged = best_arrangement(hand.cards, rules, discard=n > rules.hand_size)
        players[name] = hand_details(
            hand, arranged.melds, arranged.deadwood, arranged.points, discard=arranged.discard
        )
    check_pack(
        [c for h in deal.hands.values() for c in h.cards],
        decks=rules.decks,
        jokers=rules.jokers,
        variant=rules.variant,
    )
    counts = {p: check_count(rules, p, n) for p, n in (deal.counts or {}).items()}
    return DealResult(
        outcome="draw",
        closer=None,
        winner=None,
        points={p: counts.get(p, 0) for p in deal.players},
        scores={p: 0 for p in deal.players},
        reasons=(reason,),
        details=DealDetails(players),
    )


# --- the going-out families -------------------------------------------------------------------


def check_deal_cards(rules: Rules, deal: Deal) -> None:
    """Every hand belongs to a player, and all cards of the deal fit in the packs.

    ``build_deal`` checks the packs already; this repeats it (it is cheap) so that a ``Deal``
    built by other means is held to the same rules.
    """
    for name in (*deal.hands, *deal.melded):
        if name not in deal.players:
            raise DealError(
                _("{name!r} is not a player of this deal; players: {players}").format(
                    name=name, players=", ".join(deal.players)
                ),
                code="unknown_player",
                field="hands" if name in deal.hands else "melded",
                player=name,
            )
    everything = [c for h in deal.hands.values() for c in h.cards]
    everything += [c for groups in deal.melded.values() for g in groups for c in g]
    check_pack(everything, decks=rules.decks, jokers=rules.jokers, variant=rules.variant)


def find_winner(
    rules: Rules,
    deal: Deal,
    *,
    outcomes: Sequence[OutcomeCode] = GOING_OUT,
    infer: bool = True,
) -> tuple[str | None, OutcomeCode]:
    """The player who went out (``None`` on a draw) and the deal's outcome.

    Without ``--closer`` the winner is the one player whose hand is left out or empty
    (``infer``); anything else is ambiguous and an error. Whether the stock may run out is
    the family's (:attr:`~remikcalc.rules.families.FamilySpec.draw_allowed`).
    """
    draw_allowed = rules.spec.draw_allowed
    if deal.draw:
        if not draw_allowed:
            raise DealError(
                _(
                    "{variant} has no drawn deals: when the stock runs out the discard pile "
                    "is turned over and play goes on until a player goes out"
                ).format(variant=rules.variant),
                code="no_draws",
                field="draw",
                details={"variant": rules.variant},
            )
        return None, "draw"
    how = deal.how or "out"
    if how not in outcomes:
        raise DealError(
            _("a {variant} deal ends with a player going out ({outcomes}), not by {how}").format(
                variant=rules.variant, outcomes=_(" or ").join(outcomes), how=how
            ),
            code="not_an_outcome",
            field="how",
            details={"how": how},
        )
    winner = deal.closer
    if winner is None:
        if deal.counts is not None:  # by counts: the one player who counts nothing
            empty = [p for p in deal.players if not deal.counts.get(p)]
        else:
            empty = [p for p in deal.players if p not in deal.hands or not deal.hands[p].cards]
        if not infer or len(empty) != 1:
            raise DealError(
                _("who went out? name the winner, or say that the stock ran out (a drawn deal)")
                if draw_allowed
                else _("who went out? name the winner"),
                code="no_closer",
                field="closer",
                details={"closing": "went_out", "draw": draw_allowed},
            )
        winner = empty[0]
    if winner not in deal.players:
        raise DealError(
            _("the closer {closer!r} is not a player of this deal").format(closer=winner),
            code="unknown_player",
            field="closer",
            player=winner,
        )
    return winner, how


def check_went_out(deal: Deal, winner: str) -> None:
    """A player who went out holds no cards: his hand is empty or left out."""
    hand = deal.hands.get(winner)
    if hand is not None and hand.cards:
        n = len(hand.cards)
        raise DealError(
            ngettext(
                "{winner} went out but {n} card is typed for {winner}; "
                "leave the winner's hand out (or name the right closer)",
                "{winner} went out but {n} cards are typed for {winner}; "
                "leave the winner's hand out (or name the right closer)",
                n,
            ).format(winner=winner, n=n),
            code="winner_has_cards",
            field="hands",
            player=winner,
            cards=tuple(map(str, hand.cards)),
            details={"n": n},
        )


def loser_hands(
    rules: Rules,
    deal: Deal,
    winner: str | None,
    *,
    max_cards: int | None,
    exact: int | None = None,
    required: bool = True,
) -> dict[str, Hand]:
    """The hand of every player but the winner, in seating order, checked for presence and size.

    Each must be typed (unless not ``required``) and hold at least one card (only the winner
    goes out); ``max_cards`` and ``exact`` bound its size where the variant fixes it.
    """
    hands: dict[str, Hand] = {}
    for name in deal.players:
        if name == winner:
            continue
        hand = deal.hands.get(name)
        if hand is None and not required:
            continue
        if hand is None:
            raise DealError(
                _(
                    '{name}\'s hand is missing: type the cards left in it, e.g. {name}="9C 7H QD"'
                ).format(name=name),
                code="no_hand",
                field="hands",
                player=name,
            )
        n = len(hand.cards)
        if n == 0:
            raise DealError(
                _(
                    "{name}'s hand is empty, but only {winner} went out; type the cards left in it"
                ).format(name=name, winner=winner)
                if winner
                else _(
                    "{name}'s hand is empty, but nobody went out in a drawn deal; type the "
                    "cards left in it"
                ).format(name=name),
                code="empty_hand",
                field="hands",
                player=name,
            )
        if exact is not None and n != exact:
            raise DealError(
                ngettext(
                    "{name} holds {n} card, but in {variant} every loser still holds the "
                    "{exact} cards dealt when the deal ends",
                    "{name} holds {n} cards, but in {variant} every loser still holds the "
                    "{exact} cards dealt when the deal ends",
                    n,
                ).format(name=name, n=n, variant=rules.variant, exact=exact),
                code="hand_size",
                field="hands",
                player=name,
                details={"n": n, "size": exact},
            )
        if max_cards is not None and n > max_cards:
            raise DealError(
                _(
                    "{name} holds {n} cards, but a {variant} hand holds at most "
                    "{most} ({size} dealt + 1 drawn)"
                ).format(
                    name=name, n=n, variant=rules.variant, most=max_cards, size=rules.hand_size
                ),
                code="hand_size",
                field="hands",
                player=name,
                details={"n": n, "most": max_cards},
            )
        hands[name] = hand
    return hands


def meld_groups(
    rules: Rules, owner: str, groups: Sequence[tuple[Card, ...]], what: str = "hand"
) -> tuple[list[Meld], list[Card]]:
    """Split typed groups into legal melds (3+ cards, checked) and single cards (smaller groups).

    An illegal group of three or more is an error naming the player and the reason; in a hand
    (not melds laid, ``what="melds"``) the last group may hold the unmatched cards.
    """
    from remikcalc.search import meld_inside

    message = _("{owner}'s melds: {problem}") if what == "melds" else _("{owner}'s hand: {problem}")
    return split_groups(
        groups,
        rules,
        lambda _n, group, exc: message.format(owner=owner, problem=meld_reason(group, exc)),
        meld_inside=None if what == "melds" else lambda cards: meld_inside(cards, rules),
    )


def player_detail(rules: Rules, hand: Hand | None, count: int) -> PlayerDetail:
    """The detail of a hand that counts card by card.

    ``melds`` is empty (melds held in hand are not laid, so they count); ``deadwood`` is every
    card held, and under the pair rule ``counted`` lists the cards that count.
    """
    if hand is None or not hand.cards:
        return PlayerDetail(hand=Hand(()), melds=(), count=0)
    counted = tuple(counted_cards(hand.cards, rules)) if rules.pair_rule else None
    return PlayerDetail(
        hand=hand, melds=(), deadwood=tuple(hand.cards), count=count, counted=counted
    )


# --- a deal entered as counts -------------------------------------------------------------------


def _card_values(rules: Rules) -> list[int]:
    """What each card the packs hold counts in a hand, jokers included; under the pair rule
    each rank once (a hand counts a rank once, however many cards of it it holds)."""
    ranks = range(13) if rules.pair_rule else range(52)
    copies = 1 if rules.pair_rule else rules.decks
    values = [rules.card_value(card) for card in ranks for _ in range(copies)]
    return values + [rules.joker_value] * rules.jokers


def count_bound(rules: Rules) -> tuple[int, int]:
    """The most one hand can count under ``rules``, and of how many cards: the ``hand_size``
    + 1 highest values among the cards the packs hold (a hand that may grow past the deal,
    ``FamilySpec.hand_grows``: 2 × ``hand_size`` + 2, as the meld search takes), jokers
    included, each rank once under the pair rule. No hand can count more; a real one seldom
    comes near.

    >>> from remikcalc.rules.variants import get_rules
    >>> count_bound(get_rules("gin")), count_bound(get_rules("boat"))
    ((110, 11), (95, 22))
    """
    n = 2 * rules.hand_size + 2 if rules.spec.hand_grows else rules.hand_size + 1
    return sum(sorted(_card_values(rules), reverse=True)[:n]), n


def pack_value(rules: Rules) -> int:
    """What every card of the packs is worth together, as a card in hand (no player can meld
    more in one deal: rummy 500's melded value).

    >>> from remikcalc.rules.variants import get_rules
    >>> pack_value(get_rules("rummy500"))
    396
    """
    return sum(rules.card_value(card) for card in range(52)) * rules.decks + (
        rules.joker_value * rules.jokers
    )


def least_card(rules: Rules) -> int:
    """What the lowest card counts in a hand (a hand holding cards counts at least this)."""
    return min(v for v in _card_values(rules) if v > 0)


def check_count(rules: Rules, name: str, count: int) -> int:
    """``count`` for ``name``, or the refusal of a count no hand of the variant can give
    (``count_too_high``, with the bound of :func:`count_bound`)."""
    most, n = count_bound(rules)
    if count > most:
        raise DealError(
            ngettext(
                "{name} cannot count {count}: the {n} highest card a {variant} hand can "
                "hold count {most}",
                "{name} cannot count {count}: the {n} highest cards a {variant} hand can "
                "hold count {most}",
                n,
            ).format(name=name, count=count, n=n, variant=rules.variant, most=most),
            code="count_too_high",
            field="counts",
            player=name,
            details={"count": count, "most": most},
        )
    return count


def counted(rules: Rules, deal: Deal, name: str, *, bounded: bool = True) -> int:
    """The count given for ``name`` in a deal entered as counts, checked against
    :func:`count_bound` (unless not ``bounded``: continental counts what is paid, not a
    hand's value); ``count_missing`` when none is given."""
    assert deal.counts is not None
    count = deal.counts.get(name)
    if count is None:
        raise DealError(
            _("{name}'s count is missing: give what is left in {name}'s hand").format(name=name),
            code="count_missing",
            field="counts",
            player=name,
        )
    return check_count(rules, name, count) if bounded else count


def check_went_out_count(deal: Deal, winner: str) -> None:
    """A player who went out holds nothing: his count is 0 or left out."""
    count = (deal.counts or {}).get(winner)
    if count:
        raise DealError(
            _(
                "{winner} went out, so {winner}'s count is 0, not {count}; leave it out "
                "(or name the right closer)"
            ).format(winner=winner, count=count),
            code="closer_has_count",
            field="counts",
            player=winner,
            details={"count": count},
        )


def loser_counts(rules: Rules, deal: Deal, winner: str | None) -> dict[str, int]:
    """The count of every player but the winner, in seating order (the counts' own
    :func:`loser_hands`): each given, within :func:`count_bound`, and above 0 (only the
    winner goes out: a hand left with cards counts at least its lowest card)."""
    least = least_card(rules)
    counts: dict[str, int] = {}
    for name in deal.players:
        if name == winner:
            continue
        count = counted(rules, deal, name)
        if count < least:
            message = (
                _(
                    "{name} counts {count}, but only {winner} went out: the cards left in a "
                    "hand count at least {least}"
                )
                if winner
                else _(
                    "{name} counts {count}, but nobody went out in a drawn deal: the cards "
                    "left in a hand count at least {least}"
                )
            )
            raise DealError(
                message.format(name=name, count=count, winner=winner, least=least),
                code="count_too_low",
                field="counts",
                player=name,
                details={"count": count, "least": least},
            )
        counts[name] = count
    return counts
