"""Deal scoring for rummy 500: every player scores his own melds minus his own hand.

Each player types the melds he laid during the deal (``melded``, grouped with ``|``) and the
cards left in his hand. A group of three or more must be a legal meld and scores its value
(jokers as the cards they stand for; an ace 1 low in A-2-3, else ``ace_value``); a smaller
group is a lay-off onto someone's meld and scores card by card (a laid-off ace 15). The cards
left in hand score minus, card by card. The deal's winner is the player who went out; a
stock-out (draw) has none, but every player still scores melds minus hand. Doubling for one
go is not part of rummy 500: the deal score is each player's own, so nothing is multiplied.

The family's settlement is here too: :class:`Rummy500Tally` (at the target the winner collects
each opponent's difference).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from remikcalc.base.i18n import N_
from remikcalc.cards.notation import Card
from remikcalc.rules.ruleset import Rules
from remikcalc.scoring.common import (
    check_deal_cards,
    check_went_out,
    find_winner,
    loser_hands,
    meld_groups,
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
    if winner is not None:
        check_went_out(deal, winner)
    # A rummy 500 player may take the whole discard pile, so hand sizes are not bounded.
    hands = loser_hands(rules, deal, winner, max_cards=None)
    points: dict[str, int] = {}
    scores: dict[str, int] = {}
    reasons: list[str] = []
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
        points[name] = count
        scores[name] = melded - count
        reasons.append(_sentence(name, meld_values, layoffs, layoff_value, count, scores[name]))
        players[name] = replace(
            player_detail(rules, hand, count),
            melds=tuple(MeldDetail.of(m) for m in melds),  # stand-ins not shown (wilds "none")
            meld_values=tuple(meld_values),
            laid_off=tuple(layoffs),
            melded=melded,
        )
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
        details=DealDetails(players),
    )


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
