"""Deal scoring for the going-out games: rummy and polish remik, boat rummy, remibrydż.

A deal ends when one player goes out (lays down his last cards). Every other player counts
all the cards still in his hand: melds he holds but has not laid count too, because melds
only score once they are on the table (docs/RULES.md §0.3). Then, by family:

- ``rummy`` (rummy, polish) and ``remibrydz``: the winner scores the sum of the losers'
  counts and each loser scores minus his own; going out in one go multiplies both sides by
  ``one_go_multiplier``. When the stock runs out (a draw) nobody wins and every player scores
  minus his own hand.
- ``boat``: each loser pays the winner the winner's plus points (typed for the deal, the
  rummy premium included) plus his own count, counted with the pair rule. Boat has no draw:
  the discard pile is turned over when the stock runs out.

A deal entered as counts gives each loser's count instead of his hand (boat's with the pair
rule already applied) and is scored from there exactly as the hands would be: the same
collection, one-go multiplier, stock-out and boat payments.

Hand sizes: the winner holds nothing (his hand is left out or empty; without a closer
the one player with no hand typed is the winner). Every loser holds at least one card; in
rummy, polish and remibrydż at most ``hand_size + 1`` (a hand shrinks as its owner melds);
a boat hand has no upper bound, since a boat player may take two cards in one turn.

The helpers that find the winner and check the losers' hands live in ``scoring/common.py``,
shared with the other going-out families (rummy 500, continental).

Settlement: rummy, polish and remibrydż settle by :class:`MeanTally` (here); boat by
:class:`~remikcalc.scoring.tally.PaymentTally`, which continental shares and which therefore
lives in ``scoring/tally.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

from remikcalc.base.errors import DealError
from remikcalc.base.i18n import N_, _
from remikcalc.cards.notation import Card
from remikcalc.rules.families import OutcomeCode
from remikcalc.rules.ruleset import Rules
from remikcalc.scoring.common import (
    check_deal_cards,
    check_went_out,
    check_went_out_count,
    find_winner,
    loser_counts,
    loser_hands,
    meld_groups,
    player_detail,
)
from remikcalc.scoring.deal import Deal
from remikcalc.scoring.details import DealDetails
from remikcalc.scoring.result import DealResult, Payment
from remikcalc.scoring.tally import TargetTally
from remikcalc.scoring.why import Cards, Num, Signed, Why
from remikcalc.search.melds import hand_value

__all__ = ["MeanTally", "score_boat", "score_going_out"]

_RANK_WORDS = {"A": N_("ace"), "T": N_("ten"), "J": N_("jack"), "Q": N_("queen"), "K": N_("king")}


def _count(rules: Rules, cards: Sequence[Card]) -> int:
    return int(hand_value(tuple(cards), rules))


def _pair_notes(name: str, rules: Rules, cards: Sequence[Card]) -> list[Why]:
    """'pair rule: Kirill's 9C 9D count as one 9' for every rank held more than once."""
    if not rules.pair_rule:
        return []
    notes: list[Why] = []
    naturals = [c for c in cards if not c.is_joker]
    for rank in sorted({c.rank for c in naturals}):
        same = [c for c in naturals if c.rank == rank]
        if len(same) > 1:
            word = _RANK_WORDS.get(rank.code)
            notes.append(
                Why(
                    N_("pair rule: {name}'s {cards} count as one {word}"),
                    name=name,
                    cards=Cards(same),
                    word=rank.code if word is None else Why(word),
                )
            )
    return notes


# --- the families --------------------------------------------------------------------------------


def score_going_out(rules: Rules, deal: Deal) -> DealResult:
    """Score a deal of rummy, polish remik or remibrydż (see the module doc)."""
    return _score(rules, deal, boat=False)


def score_boat(rules: Rules, deal: Deal) -> DealResult:
    """Score a deal of boat rummy: the losers pay the winner (see the module doc)."""
    return _score(rules, deal, boat=True)


def _score(rules: Rules, deal: Deal, *, boat: bool) -> DealResult:
    check_deal_cards(rules, deal)
    if deal.melded:
        raise DealError(
            _("melds on the table are not scored in {variant}").format(variant=rules.variant),
            code="input_not_taken",
            field="melded",
            details={"variant": rules.variant},
        )
    winner, outcome = find_winner(rules, deal)
    reasons: list[str] = []
    if deal.counts is not None:  # the losers' counts as the table counted them
        if winner is not None:
            check_went_out_count(deal, winner)
        counts = loser_counts(rules, deal, winner)
        details = DealDetails()
    else:
        counts, details = _hand_counts_of(rules, deal, winner, boat, reasons)
    if winner is None:
        return _draw(rules, deal, counts, reasons, details)
    points = {p: counts.get(p, 0) for p in deal.players}
    if boat:
        return _boat(rules, deal, winner, outcome, points, reasons, details)
    return _collect(rules, deal, winner, outcome, points, reasons, details)


def _hand_counts_of(
    rules: Rules, deal: Deal, winner: str | None, boat: bool, reasons: list[str]
) -> tuple[dict[str, int], DealDetails]:
    """Each loser's count from his hand (the pair rule's notes added to ``reasons``), and
    the hands' details."""
    if winner is not None:
        check_went_out(deal, winner)
    # Boat lets a player take two cards in a turn, so a boat hand may grow past the deal.
    hands = loser_hands(rules, deal, winner, max_cards=None if boat else rules.hand_size + 1)
    counts: dict[str, int] = {}
    for name, hand in hands.items():
        if hand.groups is not None:
            meld_groups(rules, name, hand.groups)  # typed groups must be legal melds
        counts[name] = _count(rules, hand.cards)
        reasons.extend(_pair_notes(name, rules, hand.cards))
    details = DealDetails(
        {p: player_detail(rules, hands.get(p), counts.get(p, 0)) for p in deal.players}
    )
    return counts, details


def _hand_counts(name: str, count: int) -> Why:
    return Why(N_("{name}'s hand counts {count}"), name=name, count=count)


def _draw(
    rules: Rules,
    deal: Deal,
    counts: Mapping[str, int],
    reasons: list[str],
    details: DealDetails,
) -> DealResult:
    stock_out = N_("the stock ran out: no winner, every player scores minus their own hand")
    reasons.append(Why(stock_out))
    reasons.extend(_hand_counts(p, counts[p]) for p in deal.players)
    return DealResult(
        outcome="draw",
        closer=None,
        winner=None,
        points={p: counts[p] for p in deal.players},
        scores={p: -counts[p] for p in deal.players},
        reasons=tuple(reasons),
        details=details,
    )


def _collect(
    rules: Rules,
    deal: Deal,
    winner: str,
    outcome: OutcomeCode,
    points: dict[str, int],
    reasons: list[str],
    details: DealDetails,
) -> DealResult:
    """Rummy, polish, remibrydż: the winner collects the losers' counts from the sheet."""
    losers = [p for p in deal.players if p != winner]
    total = sum(points[p] for p in losers)
    reasons.extend(_hand_counts(p, points[p]) for p in losers)
    terms = " + ".join(str(points[p]) for p in losers)
    reasons.append(
        Why(
            N_("{winner} went out and collects {terms} = {total}"),
            winner=winner,
            terms=terms,
            total=total,
        )
        if len(losers) > 1
        else Why(N_("{winner} went out and collects {total}"), winner=winner, total=total)
    )
    factor = 1
    if outcome == "one_go":
        factor = rules.one_go_multiplier
        won = total * factor
        reasons.append(
            Why(N_("one go doubles the deal: {winner} +{won}"), winner=winner, won=won)
            if factor == 2
            else Why(
                N_("one go multiplies by {factor} the deal: {winner} +{won}"),
                factor=factor,
                winner=winner,
                won=won,
            )
        )
        details = replace(details, multiplier=factor)
    scores = {p: (total if p == winner else -points[p]) * factor for p in deal.players}
    return DealResult(
        outcome=outcome,
        closer=winner,
        winner=winner,
        points=points,
        scores=scores,
        reasons=tuple(reasons),
        details=details,
    )


def _boat(
    rules: Rules,
    deal: Deal,
    winner: str,
    outcome: OutcomeCode,
    points: dict[str, int],
    reasons: list[str],
    details: DealDetails,
) -> DealResult:
    """Boat: each loser pays the winner's plus points and his own count."""
    plus = deal.plus or 0
    if plus < 0:
        raise DealError(
            _("plus points cannot be negative (got {plus})").format(plus=plus),
            code="out_of_range",
            field="plus",
            details={"value": plus, "low": 0},
        )
    details = replace(details, plus=plus)
    if outcome == "one_go":
        reasons.append(Why(N_("one go: the rummy premium is already in the winner's plus points")))
    payments: list[Payment] = []
    scores = {p: 0 for p in deal.players}
    for loser in (p for p in deal.players if p != winner):
        paid = plus + points[loser]
        reasons.append(
            Why(
                N_("{loser} pays {plus} + {count} = {paid}"),
                loser=loser,
                plus=plus,
                count=points[loser],
                paid=paid,
            )
        )
        payments.append(Payment(loser, winner, Decimal(paid)))
        scores[loser] = -paid
        scores[winner] += paid
    return DealResult(
        outcome=outcome,
        closer=winner,
        winner=winner,
        points=points,
        scores=scores,
        payments=tuple(payments),
        reasons=tuple(reasons),
        details=details,
    )


# --- the tally of rummy, polish and remibrydż (boat's is tally.PaymentTally) -----------------


class MeanTally(TargetTally):
    """Rummy, polish remik, remibrydż: each total minus the mean of all totals."""

    def _mean(self) -> Fraction:
        return Fraction(sum(self.totals.values()), len(self.players))

    def game_net(self) -> dict[str, Fraction]:
        mean = self._mean()
        return {p: t - mean for p, t in self.totals.items()}

    def game_reasons(self) -> tuple[str, ...]:
        """Each player's net against the mean: "Piotr -2, mean -16: +14"."""
        mean = self._mean()
        line = N_("{name} {total}, mean {mean}: {net}")
        return tuple(
            Why(line, name=p, total=Num(t), mean=Num(mean), net=Signed(t - mean))
            for p, t in self.totals.items()
        )

    def net_reasons(self) -> tuple[str, ...]:
        if not self.game_deals:
            return ()
        heading = Why(N_("each net is the total against the mean of all totals"))
        return (heading, *self.game_reasons())
