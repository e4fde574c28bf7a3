"""Deal scoring for remik bridge (docs/RULES.md §3).

A deal ends when one player closes. What he closes with is read from his hand (or stated with
``how`` and then checked against the hand):

- ``full_colour``: all 10 cards of one suit in one unbroken run (jokers wild) - bonus 40;
- ``colour``: all 10 cards of one suit (jokers may stand in) - 25;
- ``figures``: all 10 cards jacks, queens and kings (jokers may stand in) - 25;
- ``remik``: all 10 cards melded - 10;
- ``knock``: what is left unmatched counts at most ``knock_limit`` (5).

A deal entered as counts gives each player's unmatched value instead of his cards; the
closing is then ``how`` (with none, a closer counting 0 shows a remik and 1 to the knock
limit knocks), and everything after is the same.

Only the highest bonus applies. Every other player adds the value of his unmatched cards to his
total (nobody lays off in bridge); a knocker adds his own count, a closer with a remik or a
special adds nothing and has the bonus subtracted. Stakes move at once: for a special or remik
each other player pays the closer its stake; for a knock each pays ``knock_stake`` to the
knocker and, with ``knock_pool``, as much into the pool. A drawn deal scores and pays nothing.

The family's settlement is here too: :class:`BridgeTally` keeps the pool (the entry stakes,
the knocks' pool payments, re-entries), puts a player out at ``elimination_at`` and pays the
pool to the last one in; the next deal then starts a new game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any

from remikcalc.base.errors import DealError, SettleError
from remikcalc.base.i18n import N_, _
from remikcalc.base.money import Transfer
from remikcalc.cards.notation import Card, Rank, Suit
from remikcalc.rules.dealinput import name_key
from remikcalc.rules.families import OutcomeCode
from remikcalc.rules.ruleset import Rules
from remikcalc.scoring.common import (
    check_players,
    counted,
    draw_result,
    hand_details,
    require_hands,
    typed_discards,
)
from remikcalc.scoring.deal import Deal, Hand
from remikcalc.scoring.details import DealDetails, Knocking, PlayerDetail
from remikcalc.scoring.result import POOL, DealResult, Payment
from remikcalc.scoring.tally import GameResult, Reentry, Tally, sum_nets
from remikcalc.scoring.why import Cards, Num, Outcome, Why, joined
from remikcalc.search import Arrangement, arrangement_from_groups, best_arrangement
from remikcalc.search.melds import can_meld, classify_meld

__all__ = [
    "CLOSINGS",
    "BridgeTally",
    "closing_payments",
    "closings_shown",
    "points_payments",
    "score_bridge",
]

# --- the closer's best option -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Option:
    """One way the closer's hand (after a discard) can close, and what it is worth to him."""

    closing: OutcomeCode
    arrangement: Arrangement
    shown: tuple[OutcomeCode, ...]
    score: int  # what it adds to the closer's total (knock: own count; special: -bonus)
    stake: Decimal


def _option(
    rules: Rules, arrangement: Arrangement, cards: Sequence[Card], typed: bool = False
) -> _Option:
    shown = closings_shown(cards, arrangement, rules)
    if shown:
        best = shown[0]
        if best == "full_colour" and not typed:  # show it as the one run it is
            run = classify_meld(tuple(cards), rules)
            arrangement = arrangement._replace(melds=(run,), deadwood=(), points=0)
        return _Option(
            best, arrangement, tuple(shown), -closing_bonus(rules, best), closing_stake(rules, best)
        )
    return _Option("knock", arrangement, (), arrangement.points, rules.knock_stake)


def _options(rules: Rules, hand: Hand) -> list[_Option]:
    """Every arrangement and discard worth considering for the closer."""
    cards = list(hand.cards)
    eleven = len(cards) == rules.hand_size + 1
    if hand.groups is not None:
        if not eleven:
            return [_option(rules, arrangement_from_groups(hand.groups, rules), cards, True)]
        found = []
        for arranged in typed_discards(hand.groups, rules):
            rest = list(cards)
            assert arranged.discard is not None
            rest.remove(arranged.discard)
            found.append(_option(rules, arranged, rest, True))
        return found
    if not eleven:
        return [_option(rules, best_arrangement(tuple(cards), rules), cards)]
    found = []
    for discard in sorted(set(cards)):
        rest = list(cards)
        rest.remove(discard)
        arranged = best_arrangement(tuple(rest), rules)._replace(discard=discard)
        found.append(_option(rules, arranged, rest))
    return found


def _closer_option(rules: Rules, closer: str, hand: Hand, how: OutcomeCode | None) -> _Option:
    options = sorted(_options(rules, hand), key=lambda o: (o.score, -o.stake))
    if how is None or how == "knock":
        best = options[0]
        if best.closing == "knock":
            _check_knock(rules, closer, best.arrangement.points, "closer")
        return best
    fitting = [o for o in options if how in o.shown]
    if not fitting:
        best = options[0]
        rest = list(hand.cards)
        if best.arrangement.discard is not None:
            rest.remove(best.arrangement.discard)
        raise DealError(
            not_shown(closer, how, rest, best.arrangement, rules).text(),
            code="claim_not_shown",
            field="how",
            player=closer,
            details={"how": how},
        )
    return fitting[0]


def _check_knock(rules: Rules, closer: str, k: int, field: str) -> None:
    """A knock with ``k`` unmatched is within the knock limit (hands and counts)."""
    if rules.knock_limit is None:
        raise DealError(
            _(
                "{closer} has {k} unmatched, and knocking is not played under these rules "
                "(knock_limit none): only a remik or a special closes"
            ).format(closer=closer, k=k),
            code="no_knocking",
            field=field,
            player=closer,
            details={"deadwood": k},
        )
    if k > rules.knock_limit:
        raise DealError(
            _("{closer} knocked with {k} in deadwood, but the knock limit is {limit}").format(
                closer=closer, k=k, limit=rules.knock_limit
            ),
            code="over_knock_limit",
            field=field,
            player=closer,
            details={"deadwood": k, "limit": rules.knock_limit},
        )


def _counted_closing(rules: Rules, deal: Deal, closer: str) -> tuple[OutcomeCode, int]:
    """The closing of a deal entered as counts and the closer's count: ``how`` decides; with
    none (or a knock), a closer counting 0 closed with a remik and 1 to the knock limit
    knocked (over it is refused). A remik or special adds nothing, so its closer counts 0."""
    assert deal.counts is not None
    if deal.how in CLOSINGS:
        count = deal.counts.get(closer)
        if count:
            raise DealError(
                _(
                    "{closer} closed with {closing}: nothing of {closer}'s hand is added, so "
                    "{closer}'s count is 0, not {count}; leave it out"
                ).format(closer=closer, closing=closing_name(deal.how).text(), count=count),
                code="closer_has_count",
                field="counts",
                player=closer,
                details={"count": count},
            )
        return deal.how, 0
    k = counted(rules, deal, closer)
    if k == 0:
        return "remik", 0
    _check_knock(rules, closer, k, "counts")
    return "knock", k


# --- scoring ----------------------------------------------------------------------------------


def _arrange_other(rules: Rules, hand: Hand) -> Arrangement:
    if hand.groups is not None:
        return arrangement_from_groups(hand.groups, rules)
    return best_arrangement(tuple(hand.cards), rules)


def score_bridge(rules: Rules, deal: Deal) -> DealResult:
    """Score one remik bridge deal among its active players. Raises DealError for a bad deal."""
    check_players(rules, deal)
    allowed = ("knock", *CLOSINGS)
    if deal.how is not None and deal.how not in allowed:
        raise DealError(
            _("a bridge deal closes by {closings} (or draw), not {how}").format(
                closings=", ".join(allowed), how=deal.how
            ),
            code="not_an_outcome",
            field="how",
            details={"how": deal.how},
        )
    if deal.draw:
        why = Why(N_("draw: nobody closed; nobody scores and no stakes move"))
        return draw_result(rules, deal, why)
    closer = deal.closer
    if closer is None:
        raise DealError(
            _("who closed? name the closer, or say that the stock ran out (a drawn deal)"),
            code="no_closer",
            field="closer",
            details={"closing": "closed", "draw": True},
        )
    if deal.counts is not None:
        closing, count = _counted_closing(rules, deal, closer)
        points = {p: count if p == closer else counted(rules, deal, p) for p in deal.players}
        shown = () if closing == "knock" else (closing,)
        return _scored(rules, deal, closer, (closing, shown), points, [], {})
    require_hands(rules, deal, deal.players)
    best = _closer_option(rules, closer, deal.hands[closer], deal.how)
    return _result(rules, deal, closer, best)


def _result(rules: Rules, deal: Deal, closer: str, best: _Option) -> DealResult:
    """The deal from the hands: the closer's best option, the others' unmatched cards."""
    reasons: list[str] = []
    arrangement = best.arrangement
    if arrangement.discard is not None:
        reasons.append(
            Why(N_("{closer} discards {card}"), closer=closer, card=Cards((arrangement.discard,)))
        )
    points: dict[str, int] = {closer: arrangement.points if best.closing == "knock" else 0}
    players: dict[str, PlayerDetail] = {}
    shown = hand_details(
        deal.hands[closer],
        arrangement.melds,
        arrangement.deadwood,
        points[closer],
        discard=arrangement.discard,
    )
    players[closer] = replace(shown, closing=best.closing)
    for name in (p for p in deal.players if p != closer):
        hand = deal.hands[name]
        arranged = _arrange_other(rules, hand)
        points[name] = arranged.points
        players[name] = hand_details(hand, arranged.melds, arranged.deadwood, arranged.points)
    return _scored(rules, deal, closer, (best.closing, best.shown), points, reasons, players)


def _scored(
    rules: Rules,
    deal: Deal,
    closer: str,
    closing: tuple[OutcomeCode, tuple[OutcomeCode, ...]],
    points: dict[str, int],
    reasons: list[str],
    players: dict[str, PlayerDetail],
) -> DealResult:
    """The deal from the closing and each player's count, whether from the hands or entered
    as counts: ``closing`` the closer's closing and every closing his hand shows (highest
    first), ``points`` each active player's count (the closer's: his own on a knock, 0
    otherwise), ``reasons`` how it was played so far, ``players`` the hands' details ({} for
    counts)."""
    closed, shown = closing
    scores: dict[str, int] = {}
    if closed == "knock":
        scores[closer] = points[closer]
        reasons.append(
            Why(
                N_("{closer} knocks with {points} (limit {limit}) and adds {points}"),
                closer=closer,
                points=points[closer],
                limit=rules.knock_limit,
            )
        )
    else:
        bonus = closing_bonus(rules, closed)
        scores[closer] = -bonus
        reasons.append(
            Why(
                N_(
                    "{closer} closes with {closing}: no unmatched cards are added, "
                    "the {bonus} bonus is subtracted"
                ),
                closer=closer,
                closing=closing_name(closed),
                bonus=bonus,
            )
        )
        lower = [closing_name(c) for c in shown[1:]]
        if lower:
            reasons.append(
                Why(
                    N_("the hand also shows {closings}; only the highest bonus counts"),
                    closings=and_words(lower),
                )
            )
        if deal.how is not None and deal.how != closed:
            reasons.append(
                Why(N_("stated as {how}, but the hand shows more"), how=Outcome(deal.how))
            )
    for name in (p for p in deal.players if p != closer):
        scores[name] = points[name]
        reasons.append(Why(N_("{name} adds {points} unmatched"), name=name, points=points[name]))
    payments = closing_payments(rules, closer, closed, deal.players)
    reasons.append(_stake_reason(rules, closer, closed))
    details = DealDetails(
        players={p: players[p] for p in deal.players if p in players},
        closing=closed,
        bonus=closing_bonus(rules, closed),
        knocking=Knocking(rules.knock_limit),
    )
    return DealResult(
        outcome=closed,
        closer=closer,
        winner=closer,
        points={p: points[p] for p in deal.players},
        scores={p: scores[p] for p in deal.players},
        payments=payments,
        reasons=tuple(reasons),
        details=details,
    )


def _stake_reason(rules: Rules, closer: str, closing: OutcomeCode) -> Why:
    """What the stakes of the closing do, as a sentence."""
    amount = closing_stake(rules, closing)
    stake = _stakes(amount)
    what = Why(N_("the knock")) if closing == "knock" else closing_name(closing)
    if not amount:
        return Why(N_("no stakes move for {what} ({key}=0)"), what=what, key=f"{closing}_stake")
    if closing == "knock" and rules.knock_pool:
        return Why(
            N_("each other player pays {closer} {stake} and {amount} into the pool for {what}"),
            closer=closer,
            stake=stake,
            amount=Num(amount),
            what=what,
        )
    return Why(
        N_("each other player pays {closer} {stake} for {what}"),
        closer=closer,
        stake=stake,
        what=what,
    )


def _stakes(amount: Decimal) -> Why:
    """'1 stake', '2 stakes', '0.5 stake', '1.5 stakes' (what each other player pays)."""
    if amount == amount.to_integral_value():
        n = int(amount)
        return Why.ngettext("{amount} stake", "{amount} stakes", n, amount=Num(n))
    if amount <= 1:
        return Why(N_("{fraction} stake"), fraction=Num(amount))
    return Why(N_("{fraction} stakes"), fraction=Num(amount))


def closing_payments(
    rules: Rules, closer: str, closing: str, players: Sequence[str]
) -> tuple[Payment, ...]:
    """The stakes of a bridge closing (docs/RULES.md §3): each other player pays the closer the
    closing's stake, and on a knock also ``knock_stake`` into the pool (``knock_pool``).

    The one place bridge stakes are worked out, for deals typed as hands and as points alike.
    A stake of 0 (a house rule) moves nothing, so it writes no payment.
    """
    if closing not in CLOSING_NAMES:
        raise DealError(
            _("a remik bridge deal cannot end by {closing}; use one of {closings}").format(
                closing=closing, closings=", ".join(CLOSING_NAMES)
            ),
            code="not_an_outcome",
            field="how",
            details={"how": closing},
        )
    stake = closing_stake(rules, closing)
    out: list[Payment] = []
    for name in players:
        if name == closer:
            continue
        if stake:
            out.append(Payment(name, closer, stake))
        if closing == "knock" and rules.knock_pool and rules.knock_stake:
            out.append(Payment(name, POOL, rules.knock_stake))
    return tuple(out)


def points_payments(
    rules: Rules,
    scores: Mapping[str, int],
    closer: str | None,
    how: OutcomeCode | None,
    winner: str | None,
) -> tuple[OutcomeCode | None, tuple[Payment, ...]]:
    """A bridge deal entered as points: the closing (stated, or read from the closer's points)
    and its stakes."""
    if closer is None:
        return how, ()
    closing = how or _closing_of_points(rules, scores[closer])
    return closing, closing_payments(rules, closer, closing, list(scores))


def _closing_of_points(rules: Rules, closer_score: int) -> OutcomeCode:
    """The closing a bridge closer's points show: a knock adds, a remik or pattern subtracts."""
    if closer_score >= 0:
        return "knock"
    for closing in CLOSINGS:
        if closer_score == -closing_bonus(rules, closing):
            return closing
    raise DealError(
        _(
            "the closer's {score} points match no closing bonus; say how the deal "
            "ended (how: remik, colour, figures or full_colour)"
        ).format(score=closer_score),
        code="no_closing_matches",
        field="scores",
        details={"score": closer_score},
    )


# --- the tally: the pool, elimination and re-entry -------------------------------------------


class BridgeTally(Tally):
    """Remik bridge: stakes, the pool, elimination and re-entry; after the last player in takes
    the pool, the next deal starts a new game (everyone in again, a new entry stake each)."""

    eliminates = True
    has_pool = True

    def __init__(self, rules: Rules, players: Sequence[str]) -> None:
        super().__init__(rules, players)
        self.done: list[GameResult] = []
        self._start_game()

    def _start_game(self) -> None:
        rules = self.rules
        entry = Fraction(rules.entry_stake)
        self.totals = dict.fromkeys(self.players, 0)
        self.balance = dict.fromkeys(self.players, -entry)
        self._pool = entry * len(self.players)
        self.entry_payments = tuple(Payment(p, POOL, rules.entry_stake) for p in self.players)
        self.out: dict[str, int] = {}  # eliminated player -> deal that put him out
        self.reentries = dict.fromkeys(self.players, 0)
        self.paid_in = dict.fromkeys(self.players, entry)
        self.last: tuple[str, ...] = ()
        self.payout: dict[str, Fraction] = {}
        self.wins = dict.fromkeys(self.players, 0)

    def _next_game(self) -> None:
        self.done.append(self._game_result())
        self._start_game()

    def _game_result(self) -> GameResult:
        reasons: tuple[str, ...] = ()
        if self.last:
            paid = sum(self.payout.values(), Fraction(0))
            # the verb agrees with how many share the pool (one form in English)
            reasons = (
                Why.ngettext(
                    "{names} took the pool (stakes: {amount})",
                    "{names} took the pool (stakes: {amount})",
                    len(self.last),
                    names=joined(self.last, commas=False),
                    amount=Num(paid),
                ),
            )
        winner = self.last[0] if len(self.last) == 1 else None
        return GameResult(
            dict(self.totals), dict(self.wins), self.finished, winner, dict(self.balance), reasons
        )

    @property
    def game_number(self) -> int:
        return len(self.done) + 1

    def eliminated(self) -> tuple[str, ...]:
        return tuple(p for p in self.players if p in self.out)

    def still_in(self) -> tuple[str, ...]:
        """The players not out of the running (or just finished) game."""
        return tuple(p for p in self.players if p not in self.out)

    def active(self) -> tuple[str, ...]:
        if self.last:  # the game is over: everyone plays the next one
            return self.players
        return self.still_in()

    def check_playing(self, names: Sequence[str | None]) -> None:
        """A player who is out does not play until he re-enters."""
        active = self.active()
        for name in names:
            if name is None:
                continue
            folded = [p for p in self.out if name_key(p) == name_key(name)]
            if folded and name not in active:
                p = folded[0]
                raise DealError(
                    _(
                        "{name} is out (total {total}, out at {limit}) and does not play; "
                        "re-enter {name} first"
                    ).format(name=p, total=self.totals[p], limit=self.rules.elimination_at),
                    code="player_out",
                    field="hands",
                    player=p,
                    details={"total": self.totals[p], "limit": self.rules.elimination_at},
                )

    @property
    def finished(self) -> bool:
        return bool(self.last)

    @property
    def winner(self) -> str | None:
        """The last finished game's sole winner (also while the next game runs)."""
        if self.last:
            return self.last[0] if len(self.last) == 1 else None
        return self.done[-1].winner if self.done else None

    def _enter(self, result: DealResult) -> None:
        super()._enter(result)
        if result.winner in self.wins:
            self.wins[result.winner] += 1
        for pay in result.payments:
            self._pay(pay.payer, pay.payee, Fraction(pay.amount))
        still_in = self.active()
        gone = [p for p in still_in if self.totals[p] >= self.rules.elimination_at]
        for p in gone:
            self.out[p] = self.deals + 1
        remaining = self.active()
        if len(remaining) == 1:
            self._finish(remaining)
        elif not remaining:  # everyone left went out at once: the lowest total is last
            low = min(self.totals[p] for p in gone)
            self._finish(tuple(p for p in gone if self.totals[p] == low))

    def _pay(self, payer: str, payee: str, amount: Fraction) -> None:
        self.balance[payer] -= amount
        if payee == POOL:
            self._pool += amount
            self.paid_in[payer] += amount
        else:
            self.balance[payee] += amount

    def _finish(self, last: tuple[str, ...]) -> None:
        self.last = last
        share = self._pool / len(last)
        for p in last:
            self.balance[p] += share
            self.payout[p] = share
        self._pool = Fraction(0)

    def _reenter(self, player: str) -> Reentry:
        if player not in self.players:
            raise SettleError(
                _("{player} is not a player of this game").format(player=player),
                code="unknown_player",
                field="reenter",
                player=player,
            )
        if self.last:
            raise SettleError(
                _(
                    "{player} cannot re-enter: the game is over ({names} took the pool); the next "
                    "deal starts a new game with everyone in"
                ).format(player=player, names=joined(self.last, commas=False).text()),
                code="game_over",
                field="reenter",
                player=player,
            )
        if player not in self.out:
            raise SettleError(
                _("{player} cannot re-enter while still in the game (total {total})").format(
                    player=player, total=self.totals[player]
                ),
                code="not_out",
                field="reenter",
                player=player,
                details={"total": self.totals[player]},
            )
        still_in = self.active()
        if len(still_in) < 2:
            raise SettleError(
                _("{player} cannot re-enter: fewer than two players are still in").format(
                    player=player
                ),
                code="too_few_in",
                field="reenter",
                player=player,
            )
        cost = self.rules.reentry_cost
        self._pay(player, POOL, Fraction(cost))
        restart = max(self.totals[p] for p in still_in)
        self.totals[player] = restart
        del self.out[player]
        self.reentries[player] += 1
        return Reentry(player, restart, (Payment(player, POOL, cost),))

    def net(self) -> dict[str, Fraction]:
        return sum_nets(self.players, [*(g.net for g in self.done), self.balance])

    def pool(self) -> Fraction:
        return self._pool

    def pool_taken(self) -> dict[str, Fraction]:
        return dict(self.payout) if self.last else {}

    @property
    def limit(self) -> int:
        """The total that puts a player out (``elimination_at``)."""
        return self.rules.elimination_at

    def left(self) -> dict[str, int]:
        return {p: self.limit - self.totals[p] for p in self.still_in()}

    def extra(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "in": list(self.still_in()),
            "eliminated": [p for p in self.players if p in self.out],
            "reentries": dict(self.reentries),
            "entry_payments": self.entry_payments,
            "paid_in": dict(self.paid_in),
        }
        if self.payout:
            out["payout"] = [Transfer(POOL, p, v) for p, v in self.payout.items()]
        out["games"] = [*self.done, self._game_result()]
        return out


# --- the closings and what a hand shows (docs/RULES.md §3) ---------------------------------

# closings from the highest bonus down; knock is the fallback
CLOSINGS: tuple[OutcomeCode, ...] = ("full_colour", "colour", "figures", "remik")
CLOSING_NAMES = {
    "full_colour": N_("a full colour"),
    "colour": N_("a colour"),
    "figures": N_("figures"),
    "remik": N_("a remik"),
    "knock": N_("a knock"),
}
_SUIT_NAMES = {
    Suit.CLUBS: N_("clubs"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.HEARTS: N_("hearts"),
    Suit.SPADES: N_("spades"),
}
_COURTS = (Rank.JACK, Rank.QUEEN, Rank.KING)


def closing_bonus(rules: Rules, closing: str) -> int:
    """The rule key ``<closing>_bonus`` (remik_bonus, colour_bonus, ...); 0 for a knock."""
    bonus: int = getattr(rules, f"{closing}_bonus") if closing in CLOSINGS else 0
    return bonus


def closing_stake(rules: Rules, closing: str) -> Decimal:
    """The rule key ``<closing>_stake``: what each other player pays the closer."""
    stake: Decimal = getattr(rules, f"{closing}_stake")
    return stake


def closing_name(closing: str) -> Why:
    return Why(CLOSING_NAMES[closing])


def and_words(words: Sequence[Why]) -> Why:
    """'clubs, hearts and spades', in the language of the sentence it goes in."""
    return words[0] if len(words) == 1 else joined(words)


def suits_of(cards: Sequence[Card]) -> list[Suit]:
    return sorted({c.suit for c in cards if not c.is_joker}, key=lambda s: s.order)


def is_colour(cards: Sequence[Card]) -> bool:
    return len(suits_of(cards)) == 1


def is_figures(cards: Sequence[Card]) -> bool:
    naturals = [c for c in cards if not c.is_joker]
    return bool(naturals) and all(c.rank in _COURTS for c in naturals)


def is_full_colour(cards: Sequence[Card], rules: Rules) -> bool:
    if not is_colour(cards) or not can_meld(tuple(cards), rules):
        return False
    return classify_meld(tuple(cards), rules).kind == "run"


def closings_shown(
    cards: Sequence[Card], arrangement: Arrangement, rules: Rules
) -> list[OutcomeCode]:
    """The special closings a 10-card hand shows, highest bonus first (ties: colour first)."""
    shown: list[OutcomeCode] = []
    if is_full_colour(cards, rules):
        shown.append("full_colour")
    if is_colour(cards):
        shown.append("colour")
    if is_figures(cards):
        shown.append("figures")
    if not arrangement.deadwood:
        shown.append("remik")
    order = {name: i for i, name in enumerate(CLOSINGS)}
    return sorted(
        shown, key=lambda c: (-closing_bonus(rules, c), -closing_stake(rules, c), order[c])
    )


def not_shown(
    closer: str, claim: str, cards: Sequence[Card], arrangement: Arrangement, rules: Rules
) -> Why:
    """Why the hand does not show the claimed closing, as a sentence."""
    fields = dict(closer=closer, closing=closing_name(claim))
    suits = suits_of(cards)
    if claim in ("colour", "full_colour") and len(suits) > 1:
        return Why(
            N_("{closer} claims {closing}, but the hand holds {suits}"),
            suits=and_words([Why(_SUIT_NAMES[s]) for s in suits]),
            **fields,
        )
    if claim == "full_colour" and suits:  # (a hand of jokers alone names no suit)
        return Why(
            N_("{closer} claims {closing}, but the hand is not one unbroken run of {suit}"),
            suit=Why(_SUIT_NAMES[suits[0]]),
            **fields,
        )
    if claim == "figures":
        low = Cards(c for c in cards if not c.is_joker and c.rank not in _COURTS)
        return Why(
            N_(
                "{closer} claims {closing}, but the hand holds {cards} "
                "(figures are J, Q and K only)"
            ),
            cards=low,
            **fields,
        )
    if claim == "remik":
        return Why(
            N_("{closer} claims {closing}, but {points} is left unmatched ({cards})"),
            points=arrangement.points,
            cards=Cards(arrangement.deadwood),
            **fields,
        )
    return Why(N_("{closer} claims {closing}, but the hand does not show it"), **fields)
