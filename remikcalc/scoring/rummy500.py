"""Deal scoring for rummy 500: every player scores his own melds minus his own hand.

Each player types the melds he laid during the deal (``melded``, grouped with ``|``) and the
cards left in his hand. A group of three or more must be a legal meld and scores its value
(jokers as the cards they stand for; an ace 1 low in A-2-3, else ``ace_value``); a smaller
group is a lay-off onto someone's meld and scores card by card (a laid-off ace 15). The cards
left in hand score minus, card by card. The deal's winner is the player who went out; a
stock-out (draw) has none, but every player still scores melds minus hand. Doubling for one
go is not part of rummy 500: the deal score is each player's own, so nothing is multiplied.
A deal entered as counts gives each player's hand count (``counts``) and the value he melded
and laid off (``melded_value``) instead, and is scored the same way.

The family's settlement is here too: :class:`Rummy500Tally` (at the target the winner collects
each opponent's difference).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from remikcalc.base.errors import DealError
from remikcalc.base.i18n import N_, _
from remikcalc.cards.notation import Card
from remikcalc.rules.ruleset import Rules
from remikcalc.scoring.common import (
    check_deal_cards,
    check_went_out,
    check_went_out_count,
    find_winner,
    loser_counts,
    loser_hands,
    meld_groups,
    pack_value,
    player_detail,
)
from remikcalc.scoring.deal import Deal
from remikcalc.scoring.details import DealDetails, MeldDetail, PlayerDetail
from remikcalc.scoring.result import DealResult
from remikcalc.scoring.tally import TargetTally, pairwise_net
from remikcalc.scoring.why import Cards, Operand, Why
from remikcalc.search.melds import hand_value

__all__ = ["Rummy500Tally", "score_rummy500"]


def score_rummy500(rules: Rules, deal: Deal) -> DealResult:
    """Score one rummy 500 deal: melded value − hand value for every player."""
    check_deal_cards(rules, deal)
    winner, outcome = find_winner(rules, deal)
    if deal.counts is not None:
        rows = _counted(rules, deal, winner)
        details = DealDetails()
    else:
        rows, players = _from_cards(rules, deal, winner)
        details = DealDetails(players)
    points = {name: count for name, (_melded, count, _why) in rows.items()}
    scores = {name: melded - count for name, (melded, count, _why) in rows.items()}
    reasons: list[str] = [why for _melded, _count, why in rows.values()]
    if outcome == "one_go":
        reasons.append(
            Why(N_("{winner} went out in one go; rummy 500 doubles nothing"), winner=winner)
        )
    if outcome == "draw":
        reasons.insert(
            0, Why(N_("the stock ran out: no winner; melds still score, hands still count"))
        )
    return DealResult(
        outcome=outcome,
        closer=winner,
        winner=winner,
        points=points,
        scores=scores,
        reasons=tuple(reasons),
        details=details,
    )


#: each player's melded value, his hand's count and the sentence saying his score
_Row = tuple[int, int, Why]


def _from_cards(
    rules: Rules, deal: Deal, winner: str | None
) -> tuple[dict[str, _Row], dict[str, PlayerDetail]]:
    """Each player's row from the melds he laid and the cards left in his hand, and the
    details of both."""
    if winner is not None:
        check_went_out(deal, winner)
    # A rummy 500 player may take the whole discard pile, so hand sizes are not bounded.
    hands = loser_hands(rules, deal, winner, max_cards=None)
    rows: dict[str, _Row] = {}
    players: dict[str, PlayerDetail] = {}
    for name in deal.players:
        melds, layoffs = meld_groups(rules, name, deal.melded.get(name, ()), "melds")
        meld_values = [m.value(rules) for m in melds]
        layoff_value = sum(rules.card_value(c) for c in layoffs)
        melded = sum(meld_values) + layoff_value
        hand = hands.get(name)
        if hand is not None and hand.groups is not None:
            meld_groups(rules, name, hand.groups)
        count = int(hand_value(hand.cards, rules)) if hand is not None else 0
        why = _sentence(name, meld_values, layoffs, layoff_value, count, melded - count)
        rows[name] = (melded, count, why)
        players[name] = replace(
            player_detail(rules, hand, count),
            melds=tuple(MeldDetail.of(m) for m in melds),  # stand-ins not shown (wilds "none")
            meld_values=tuple(meld_values),
            laid_off=tuple(layoffs),
            melded=melded,
        )
    return rows, players


def _counted(rules: Rules, deal: Deal, winner: str | None) -> dict[str, _Row]:
    """Each player's row from the counts: his hand's count (the winner's 0, or left out)
    and the value he melded and laid off (``melded_value``, 0 when not given), which no
    hand can exceed the pack's whole value."""
    if winner is not None:
        check_went_out_count(deal, winner)
    counts = loser_counts(rules, deal, winner)
    most = pack_value(rules)
    rows: dict[str, _Row] = {}
    for name in deal.players:
        melded = deal.melded_value.get(name, 0)
        if melded > most:
            raise DealError(
                _(
                    "{name} cannot have melded {value}: every card of the {variant} pack "
                    "together is worth {most}"
                ).format(name=name, value=melded, variant=rules.variant, most=most),
                code="melded_value_too_high",
                field="melded_value",
                player=name,
                details={"value": melded, "most": most},
            )
        count = counts.get(name, 0)
        why = Why(
            N_("{name} scores {score}: melded {melded}, hand {count}"),
            name=name,
            score=melded - count,
            melded=melded,
            count=count,
        )
        rows[name] = (melded, count, why)
    return rows


def _sentence(
    name: str,
    meld_values: list[int],
    layoffs: list[Card],
    layoff_value: int,
    count: int,
    score: int,
) -> Why:
    """'Anna scores 48: melds 6 + 35, laid off 7C (7), hand 0'."""
    values = " + ".join(str(v) for v in meld_values)
    fields = dict(name=name, score=score, values=values, count=count)
    if layoffs:
        fields.update(cards=Cards(layoffs), value=layoff_value)
        if meld_values:
            return Why(
                N_(
                    "{name} scores {score}: melds {values}, laid off {cards} ({value}), "
                    "hand {count}"
                ),
                **fields,
            )
        return Why(
            N_("{name} scores {score}: no melds, laid off {cards} ({value}), hand {count}"),
            **fields,
        )
    if meld_values:
        return Why(N_("{name} scores {score}: melds {values}, hand {count}"), **fields)
    return Why(N_("{name} scores {score}: no melds, hand {count}"), **fields)


# --- the tally: at the target the winner collects the differences ----------------------------


class Rummy500Tally(TargetTally):
    """Rummy 500: at the target the winner collects each opponent's difference.

    An unfinished game settles every pair's point difference (n × (total − mean)).
    """

    def game_net(self) -> dict[str, Fraction]:
        w = self.current_winner()
        if w is None:
            return pairwise_net(self.totals)
        net = {p: Fraction(t - self.totals[w]) for p, t in self.totals.items()}
        net[w] = -sum((v for p, v in net.items() if p != w), Fraction(0))
        return net

    def game_reasons(self) -> tuple[str, ...]:
        w = self.current_winner()
        if w is None:
            return (Why(N_("game not finished: each pair settles its point difference")),)
        top = self.totals[w]
        return tuple(
            Why(
                N_("{winner} collects {top} − {total} = {paid} from {player}"),
                winner=w,
                top=top,
                total=Operand(t),
                paid=top - t,
                player=p,
            )
            for p, t in self.totals.items()
            if p != w
        )
