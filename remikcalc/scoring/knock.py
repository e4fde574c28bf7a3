"""Deal scoring for the knock games: gin (every preset) and oklahoma.

``score_knock(rules, deal)`` is a pure function from a finished deal to a :class:`DealResult`.
Worked through in this order (docs/RULES.md §1-2):

1. the knocker's arrangement: as typed when grouped with ``|``; otherwise every arrangement
   with the least deadwood is a candidate (an 11-card hand also chooses its discard);
2. the outcome: nothing unmatched is gin (all 11 cards melded is big gin where the preset
   plays it), otherwise a knock, which must be within the knock limit (oklahoma: the up-card's
   value; an ace up-card allows only gin);
3. the defender's best melds and lay-offs against each candidate (none against gin); among
   equal candidates the knocker takes the one that leaves the defender the highest count;
4. the deal score: knock D - K; undercut K - D + bonus (a tie is an undercut unless
   ``undercut_on_tie`` is off, when the knock scores 0); gin D + bonus; big gin D + bonus;
   an oklahoma spade up-card doubles it, bonuses included.

A deal entered as counts skips steps 1 and 3: the knocker's count K and the defender's count
D after his lay-offs are given, K is held to the same limit (0 is gin; big gin is stated, as
no count shows it), and step 4 is the same function for both.

The family's settlement is here too: :class:`KnockTally` plays games to ``game_target`` (game
bonus, boxes, shutout), one after another, or Hollywood's three columns (:class:`KnockGame`
is one game or column).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from remikcalc.base.errors import DealError, SettleError
from remikcalc.base.i18n import N_, _
from remikcalc.cards.notation import JOKER, Card, Rank, Suit
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
from remikcalc.scoring.details import DealDetails, Knocking, Layoff
from remikcalc.scoring.result import DealResult
from remikcalc.scoring.tally import GameResult, Tally, pairwise_net, target_winner, tie_note
from remikcalc.scoring.why import Cards, Operand, Why
from remikcalc.search import Arrangement, arrangement_from_groups
from remikcalc.search.knock import Budget
from remikcalc.search.knock.knocker import least_arrangements
from remikcalc.search.knock.layoff import Defence, best_defence

__all__ = ["KnockGame", "KnockTally", "score_knock"]

_KNOCK_OUTCOMES = ("knock", "gin", "big_gin", "undercut")


# --- the knocker ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Closing:
    """The knocker's candidate arrangements (all with the same count) and whether big gin."""

    candidates: tuple[Arrangement, ...]
    big_gin: bool

    @property
    def points(self) -> int:
        return self.candidates[0].points


def _with_discard(arrangement: Arrangement, discard: Card) -> Arrangement:
    return Arrangement(
        melds=tuple(arrangement.melds),
        deadwood=tuple(arrangement.deadwood),
        points=arrangement.points,
        discard=discard,
    )


def _typed_closing(hand: Hand, rules: Rules, big_gin_ok: bool) -> _Closing:
    assert hand.groups is not None
    fixed = arrangement_from_groups(hand.groups, rules)
    if len(hand.cards) == rules.hand_size:
        return _Closing((fixed,), False)
    if big_gin_ok and not fixed.deadwood:
        return _Closing((fixed,), True)
    options = typed_discards(hand.groups, rules)
    least = min(a.points for a in options)
    return _Closing(tuple(a for a in options if a.points == least), False)


def _searched_closing(hand: Hand, rules: Rules, big_gin_ok: bool, budget: Budget) -> _Closing:
    # a gin needs one arrangement (nothing is laid off against it): one_gin
    cards = tuple(hand.cards)
    if len(cards) == rules.hand_size:
        found = least_arrangements(cards, rules, one_gin=True, budget=budget)
        return _Closing(tuple(found), False)
    if big_gin_ok:
        whole = least_arrangements(cards, rules, one_gin=True, budget=budget)
        if whole[0].points == 0:
            return _Closing(tuple(whole), True)
    best: list[Arrangement] = []
    for discard in sorted(set(cards)):
        rest = list(cards)
        rest.remove(discard)
        found = least_arrangements(rest, rules, one_gin=True, budget=budget)
        if not best or found[0].points < best[0].points:
            best = [_with_discard(a, discard) for a in found]
        elif found[0].points == best[0].points:
            best += [_with_discard(a, discard) for a in found]
    return _Closing(tuple(best), False)


def _closing(rules: Rules, hand: Hand, how: OutcomeCode | None, budget: Budget) -> _Closing:
    eleven = len(hand.cards) == rules.hand_size + 1
    big_gin_ok = eleven and rules.big_gin_bonus is not None and how in (None, "big_gin")
    if hand.groups is not None:
        return _typed_closing(hand, rules, big_gin_ok)
    return _searched_closing(hand, rules, big_gin_ok, budget)


# --- scoring ----------------------------------------------------------------------------------


def _outcome(
    closing: _Closing, how: OutcomeCode | None, closer: str, limit: KnockLimit
) -> OutcomeCode:
    k = closing.points
    if closing.big_gin:
        return "big_gin"
    if k == 0:
        return "gin"
    if how in ("gin", "big_gin"):
        from remikcalc.cards.text import cards_text

        dead = cards_text(closing.candidates[0].deadwood)
        claim = (
            _("{closer} claims gin, but {k} is unmatched ({dead})")
            if how == "gin"
            else _("{closer} claims big gin, but {k} is unmatched ({dead})")
        )
        raise DealError(
            claim.format(closer=closer, k=k, dead=dead),
            code="claim_not_shown",
            field="how",
            player=closer,
            cards=tuple(map(str, closing.candidates[0].deadwood)),
            details={"how": how, "deadwood": k},
        )
    _check_knock(k, closer, limit, "closer")
    return "knock"


def _check_knock(k: int, closer: str, limit: KnockLimit, field: str) -> None:
    """A knock with ``k`` in deadwood is within the deal's knock limit (hands and counts)."""
    if limit.value is None:
        raise DealError(
            _("{why} ({closer} has {k} in deadwood)").format(
                why=limit.why_none, closer=closer, k=k
            ),
            code="no_knocking",
            field=field,
            player=closer,
            details={"deadwood": k},
        )
    if k > limit.value:
        raise DealError(
            _("{closer} knocked with {k} in deadwood, but the knock limit is {limit}").format(
                closer=closer, k=k, limit=limit.value
            ),
            code="over_knock_limit",
            field=field,
            player=closer,
            details={"deadwood": k, "limit": limit.value},
        )


def _knocker_count(rules: Rules, deal: Deal, closer: str, limit: KnockLimit) -> int:
    """The knocker's count in a deal entered as counts (0 where gin is claimed and it is left
    out), checked as a hand is: gin at 0, else a knock within the limit."""
    assert deal.counts is not None
    if deal.how in ("gin", "big_gin") and closer not in deal.counts:
        return 0
    k = counted(rules, deal, closer)
    if k and deal.how in ("gin", "big_gin"):
        claim = (
            _("{closer} claims gin, but counts {k}")
            if deal.how == "gin"
            else _("{closer} claims big gin, but counts {k}")
        )
        raise DealError(
            claim.format(closer=closer, k=k),
            code="claim_not_shown",
            field="counts",
            player=closer,
            details={"count": k},
        )
    if k:
        _check_knock(k, closer, limit, "counts")
    return k


def _defend(
    closing: _Closing, outcome: OutcomeCode, hand: Hand, rules: Rules, budget: Budget
) -> tuple[Arrangement, Defence]:
    """The defender's answer, and the knocker's arrangement that makes it worst for him."""
    layoffs = outcome == "knock"
    chosen: tuple[Arrangement, Defence] | None = None
    for arrangement in closing.candidates if layoffs else closing.candidates[:1]:
        melds = tuple(arrangement.melds)
        defence = best_defence(
            hand.cards, melds, rules, groups=hand.groups, layoffs=layoffs, budget=budget
        )
        if chosen is None or defence.points > chosen[1].points:
            chosen = (arrangement, defence)
    assert chosen is not None
    return chosen


def _no_jokers(rules: Rules, deal: Deal) -> None:
    for name, hand in deal.hands.items():
        if JOKER in hand.cards:
            raise DealError(
                _("{name}'s hand holds a joker, but {variant} is played without jokers").format(
                    name=name, variant=rules.variant
                ),
                code="no_jokers",
                field="hands",
                player=name,
                cards=(str(JOKER),),
                details={"variant": rules.variant},
            )


def score_knock(rules: Rules, deal: Deal) -> DealResult:
    """Score one gin or oklahoma deal (docs/RULES.md §1-2). Raises DealError for a bad deal."""
    check_players(rules, deal)
    _no_jokers(rules, deal)
    if deal.how is not None and deal.how not in _KNOCK_OUTCOMES:
        message = (
            _("a {variant} deal ends by knock, gin, big_gin or draw, not {how}")
            if rules.big_gin_bonus is not None
            else _("a {variant} deal ends by knock, gin or draw, not {how}")
        )
        raise DealError(
            message.format(variant=rules.variant, how=deal.how),
            code="not_an_outcome",
            field="how",
            details={"how": deal.how},
        )
    if deal.draw:
        return draw_result(
            rules, deal, Why(N_("draw: the stock ran out before anyone knocked; nobody scores"))
        )
    closer = deal.closer
    if closer is None:
        raise DealError(
            _("who knocked? name the closer, or say that the stock ran out (a drawn deal)"),
            code="no_closer",
            field="closer",
            details={"closing": "knocked", "draw": True},
        )
    defender = next(p for p in deal.players if p != closer)
    if deal.counts is None:
        require_hands(rules, deal, deal.players)
    if deal.how == "big_gin" and rules.big_gin_bonus is None:
        raise DealError(
            _("big gin is not played under these rules; set big_gin_bonus (preset modern: 31)"),
            code="no_big_gin",
            field="how",
        )
    if deal.counts is not None:
        return _score_counts(rules, deal, closer, defender)
    if deal.how == "big_gin" and len(deal.hands[closer].cards) != rules.hand_size + 1:
        raise DealError(
            _("big gin needs all {n} of {closer}'s cards melded").format(
                n=rules.hand_size + 1, closer=closer
            ),
            code="hand_size",
            field="hands",
            player=closer,
            details={"n": len(deal.hands[closer].cards), "size": rules.hand_size + 1},
        )
    limit = knock_limit(rules, deal)
    budget = Budget()  # the knocker's search and the defender's share one step limit
    closing = _closing(rules, deal.hands[closer], deal.how, budget)
    if deal.how == "big_gin" and not closing.big_gin:
        raise DealError(
            _("{closer} claims big gin, but not all {n} cards meld").format(
                closer=closer, n=rules.hand_size + 1
            ),
            code="claim_not_shown",
            field="how",
            player=closer,
            details={"how": "big_gin"},
        )
    outcome = _outcome(closing, deal.how, closer, limit)
    arrangement, defence = _defend(closing, outcome, deal.hands[defender], rules, budget)
    reasons = _play_reasons(deal, closer, defender, outcome, arrangement, defence, limit)
    details = _details(deal, closer, defender, outcome, arrangement, defence, limit)
    counts = (arrangement.points, defence.points, bool(defence.layoffs))
    return _result(rules, deal, (closer, defender), outcome, counts, limit, reasons, details)


def _score_counts(rules: Rules, deal: Deal, closer: str, defender: str) -> DealResult:
    """A deal entered as counts: the knocker's deadwood K and the defender's D after his
    lay-offs, scored as hands that count those values (docs/RULES.md §1.4): K = 0 is gin
    (big gin when stated: a count cannot show it), else a knock within the deal's limit."""
    limit = knock_limit(rules, deal)
    k = _knocker_count(rules, deal, closer, limit)
    d = counted(rules, deal, defender)
    outcome: OutcomeCode = ("big_gin" if deal.how == "big_gin" else "gin") if k == 0 else "knock"
    reasons: list[Why] = list(limit.reasons) if outcome == "knock" else []
    if limit.double_reason is not None:
        reasons.append(limit.double_reason)
    if deal.how == "knock" and outcome == "gin":
        reasons.append(
            Why(N_("{closer}'s knock leaves nothing unmatched: it is gin"), closer=closer)
        )
    details = DealDetails(knocking=Knocking(limit.value, upcard=deal.upcard, doubled=limit.doubled))
    return _result(rules, deal, (closer, defender), outcome, (k, d, False), limit, reasons, details)


def _grouped_layoffs(defence: Defence) -> list[tuple[list[Card], tuple[Card, ...]]]:
    """The defender's lay-offs, one entry per knocker meld they went onto."""
    grouped: dict[int, tuple[list[Card], tuple[Card, ...]]] = {}
    for lay in defence.layoffs:
        grouped.setdefault(lay.onto, ([], lay.meld))[0].append(lay.card)
    return list(grouped.values())


def _scored(
    rules: Rules,
    closer: str,
    defender: str,
    outcome: OutcomeCode,
    k: int,
    d: int,
    laid_off: bool,
    limit: KnockLimit,
) -> tuple[OutcomeCode, str | None, int, Why]:
    """Who scores what (before an up-card's doubling), the outcome (a knock may turn out an
    undercut), and the sentence saying so; ``k`` and ``d`` are the knocker's and the
    defender's counts, ``laid_off``: the defender laid cards off (the sentence says so)."""
    scorer: str | None
    if outcome == "big_gin":
        bonus = rules.big_gin_bonus or 0
        scorer, score = closer, d + bonus
        why = Why(
            N_("big gin: {closer} scores {d} + {bonus} bonus = {score}"),
            closer=closer,
            d=d,
            bonus=bonus,
            score=score,
        )
    elif outcome == "gin":
        scorer, score = closer, d + rules.gin_bonus
        why = Why(
            N_("gin: {closer} scores {d} + {bonus} bonus = {score}"),
            closer=closer,
            d=d,
            bonus=rules.gin_bonus,
            score=score,
        )
    elif d > k:
        scorer, score = closer, d - k
        message = (
            N_(
                "knock: {closer} has {k} (limit {limit}), {defender} has {d} after lay-offs; "
                "{closer} scores {d} - {k} = {score}"
            )
            if laid_off
            else N_(
                "knock: {closer} has {k} (limit {limit}), {defender} has {d}; "
                "{closer} scores {d} - {k} = {score}"
            )
        )
        why = Why(
            message, closer=closer, k=k, limit=limit.value, defender=defender, d=d, score=score
        )
    elif d < k or rules.undercut_on_tie:
        outcome = "undercut"
        scorer, score = defender, k - d + rules.undercut_bonus
        message = (
            N_(
                "undercut (a tie counts as an undercut): {defender} has {d}, {closer} knocked "
                "with {k}; {defender} scores {k} - {d} + {bonus} bonus = {score}"
            )
            if d == k
            else N_(
                "undercut: {defender} has {d}, {closer} knocked with {k}; {defender} scores "
                "{k} - {d} + {bonus} bonus = {score}"
            )
        )
        why = Why(
            message,
            defender=defender,
            d=d,
            closer=closer,
            k=k,
            bonus=rules.undercut_bonus,
            score=score,
        )
    else:
        scorer, score = None, 0
        why = Why(N_("tie at {k}: not an undercut under these rules (undercut_on_tie off)"), k=k)
    return outcome, scorer, score, why


def _result(
    rules: Rules,
    deal: Deal,
    seats: tuple[str, str],
    outcome: OutcomeCode,
    counts: tuple[int, int, bool],
    limit: KnockLimit,
    reasons: list[Why],
    details: DealDetails,
) -> DealResult:
    """The deal's score from the two counts, whether they come from the hands or were
    entered as counts: ``seats`` the knocker and the defender, ``counts`` the knocker's
    deadwood, the defender's after his lay-offs and whether he laid off; ``reasons`` how the
    deal was played, to which the score's sentence is added."""
    closer, defender = seats
    k, d, laid_off = counts
    outcome, scorer, score, why = _scored(rules, closer, defender, outcome, k, d, laid_off, limit)
    reasons.append(why)
    if limit.doubled and score:
        reasons.append(
            Why(
                N_("spade up-card doubles the deal: {score} × 2 = {doubled}"),
                score=score,
                doubled=score * 2,
            )
        )
        score *= 2
    if deal.how == "undercut" and outcome != "undercut":
        raise DealError(
            _("the deal was given as an undercut, but {defender} does not undercut").format(
                defender=defender
            ),
            code="claim_not_shown",
            field="how",
            player=defender,
            details={"how": "undercut"},
        )
    return DealResult(
        outcome=outcome,
        closer=closer,
        winner=scorer,
        points={p: (k if p == closer else d) for p in deal.players},
        scores={p: (score if p == scorer else 0) for p in deal.players},
        reasons=tuple(reasons),
        details=details,
    )


def _play_reasons(
    deal: Deal,
    closer: str,
    defender: str,
    outcome: str,
    arrangement: Arrangement,
    defence: Defence,
    limit: KnockLimit,
) -> list[Why]:
    """How the deal was played, before its score: the knock limit, the discard, a knock that
    is gin, the defender's lay-offs."""
    reasons: list[Why] = list(limit.reasons) if outcome == "knock" else []
    if limit.double_reason is not None:
        reasons.append(limit.double_reason)
    if arrangement.discard is not None:
        reasons.append(
            Why(N_("{closer} discards {card}"), closer=closer, card=Cards((arrangement.discard,)))
        )
    if deal.how == "knock" and outcome == "gin":
        reasons.append(
            Why(N_("{closer}'s knock leaves nothing unmatched: it is gin"), closer=closer)
        )
    for cards, onto in _grouped_layoffs(defence):
        reasons.append(
            Why(
                N_("{defender} laid off {cards} on {onto}"),
                defender=defender,
                cards=Cards(cards),
                onto=Cards(onto),
            )
        )
    return reasons


def _details(
    deal: Deal,
    closer: str,
    defender: str,
    outcome: str,
    arrangement: Arrangement,
    defence: Defence,
    limit: KnockLimit,
) -> DealDetails:
    """Both hands as the deal leaves them (the defender's lay-offs after a knock)."""
    defended = hand_details(deal.hands[defender], defence.melds, defence.deadwood, defence.points)
    if outcome in ("knock", "undercut"):
        layoffs = tuple(Layoff(lay.card, tuple(lay.meld)) for lay in defence.layoffs)
        defended = replace(defended, layoffs=layoffs, count_before_layoffs=defence.points_before)
    players = {
        closer: hand_details(
            deal.hands[closer],
            arrangement.melds,
            arrangement.deadwood,
            arrangement.points,
            discard=arrangement.discard,
        ),
        defender: defended,
    }
    return DealDetails(
        players={p: players[p] for p in deal.players},
        knocking=Knocking(limit.value, upcard=deal.upcard, doubled=limit.doubled),
    )


# --- the tally: games to the target, or Hollywood columns ------------------------------------


@dataclass(slots=True)
class KnockGame:
    """One game of gin or oklahoma (or one Hollywood column)."""

    players: tuple[str, ...]
    target: int | None
    totals: dict[str, int] = field(default_factory=dict)
    wins: dict[str, int] = field(default_factory=dict)
    winner: str | None = None
    deals: int = 0

    def __post_init__(self) -> None:
        self.totals = dict.fromkeys(self.players, 0)
        self.wins = dict.fromkeys(self.players, 0)

    @property
    def finished(self) -> bool:
        return self.winner is not None

    def enter(self, scores: Mapping[str, int], winner: str | None) -> None:
        self.deals += 1
        for name, score in scores.items():
            self.totals[name] += score
        if winner is not None:
            self.wins[winner] += 1
        self.winner = target_winner(self.totals, self.target)

    def settle(self, rules: Rules) -> tuple[dict[str, Fraction], list[Why]]:
        """Net points of this game and the sentences explaining them."""
        if self.winner is None:
            net = pairwise_net(self.totals)
            return net, [Why(N_("game not finished: the point difference, without bonuses"))]
        w = self.winner
        net = dict.fromkeys(self.players, Fraction(0))
        notes = []
        for loser in self.players:
            if loser == w:
                continue
            shutout = self.wins[loser] == 0 and rules.shutout != "none"
            double_bonus = shutout and rules.shutout == "game_bonus_double"
            bonus = rules.game_bonus * (2 if double_bonus else 1)
            boxes = self.wins[w] - self.wins[loser]
            amount = self.totals[w] + bonus + rules.box_bonus * boxes - self.totals[loser]
            line = Why(
                N_("{won} + game {bonus} + boxes {box} × {times} − {lost} = {amount}"),
                won=self.totals[w],
                bonus=bonus,
                box=rules.box_bonus,
                times=Operand(boxes),
                lost=Operand(self.totals[loser]),
                amount=amount,
            )
            if shutout and rules.shutout == "double":
                amount *= 2
                line = Why(
                    N_("{line}, doubled for the shutout: {amount}"), line=line, amount=amount
                )
            if len(self.players) > 2:
                line = Why(N_("from {loser}: {line}"), loser=loser, line=line)
            notes.append(line)
            net[w] += amount
            net[loser] -= amount
        return net, notes

    def result(self, rules: Rules) -> GameResult:
        net, notes = self.settle(rules)
        return GameResult(
            dict(self.totals), dict(self.wins), self.finished, self.winner, net, tuple(notes)
        )


class KnockTally(Tally):
    """Gin and oklahoma: games to the target, one after another, or Hollywood columns."""

    COLUMNS = 3

    def __init__(self, rules: Rules, players: Sequence[str]) -> None:
        super().__init__(rules, players)
        self.hollywood = rules.scoring == "hollywood"
        count = self.COLUMNS if self.hollywood else 1
        self.games = [KnockGame(self.players, rules.game_target) for _ in range(count)]
        self.won = dict.fromkeys(self.players, 0)

    def closed(self) -> str | None:
        if self.hollywood and all(g.finished for g in self.games):
            return _("all three Hollywood columns are won; start a new sheet")
        return None

    @property
    def game_number(self) -> int:
        return 1 if self.hollywood else len(self.games)

    def _next_game(self) -> None:
        self.games.append(KnockGame(self.players, self.rules.game_target))

    def _enter(self, result: DealResult) -> None:
        scorers = [p for p, s in result.scores.items() if s]
        if any(s < 0 for s in result.scores.values()) or len(scorers) > 1:
            raise SettleError(
                _("in gin and oklahoma a deal scores for one player only, and never below 0"),
                code="bad_scores",
                field="scores",
            )
        winner = result.winner
        if winner is None and scorers:
            winner = scorers[0]
        if not self.hollywood:
            self.games[-1].enter(result.scores, winner)
        elif winner is not None:
            self.won[winner] += 1
            still_open = [g for g in self.games if not g.finished]
            for game in still_open[: self.won[winner]]:
                game.enter(result.scores, winner)
        self.totals = dict(self.games[0 if self.hollywood else -1].totals)

    @property
    def finished(self) -> bool:
        if not self.hollywood:  # a game starts only once the one before it is over
            return self.games[-1].finished
        return all(g.finished for g in self.games)

    @property
    def winner(self) -> str | None:
        if not self.hollywood:  # the last finished game's, even while the next one runs
            return next((g.winner for g in reversed(self.games) if g.finished), None)
        if not self.finished:
            return None
        columns = [g.winner for g in self.games]
        return max(self.players, key=lambda p: (columns.count(p), -self.players.index(p)))

    def net(self) -> dict[str, Fraction]:
        net = dict.fromkeys(self.players, Fraction(0))
        for game in self.games:
            for p, v in game.settle(self.rules)[0].items():
                net[p] += v
        return net

    def left(self) -> dict[str, int]:
        target = self.rules.game_target
        game = next((g for g in self.games if not g.finished), None)
        if target is None or game is None or tie_note(game.totals, target) is not None:
            return {}
        return {p: target - game.totals[p] for p in self.players}

    def note(self) -> str | None:
        target = self.rules.game_target
        game = next((g for g in self.games if not g.finished), None)
        if target is None or game is None or not game.deals:
            return None
        return tie_note(game.totals, target)

    def extra(self) -> dict[str, Any]:
        key = "columns" if self.hollywood else "games"
        return {key: [g.result(self.rules) for g in self.games]}

    def columns(self) -> tuple[GameResult, ...]:
        if not self.hollywood:
            return ()
        return tuple(g.result(self.rules) for g in self.games)

    def sheet_games(self) -> tuple[GameResult, ...]:
        return tuple(g.result(self.rules) for g in self.games)


# --- the knock limit: the house's, or the oklahoma up-card's (docs/RULES.md §1-2) -------------


@dataclass(frozen=True, slots=True)
class KnockLimit:
    """The knock limit of one deal and how it was set."""

    value: int | None  # None: only gin may close
    doubled: bool
    reasons: tuple[Why, ...]  # how the limit was set
    why_none: str  # why no knock is allowed, when value is None (for an error: translated)
    double_reason: Why | None = None


def knock_limit(rules: Rules, deal: Deal) -> KnockLimit:
    """The deal's knock limit: the house's, or the oklahoma up-card's value (an ace: gin
    only; a spade may double the deal), a lower house limit still applying."""
    if not rules.upcard_knock:
        if rules.knock_limit is None:
            return KnockLimit(None, False, (), _("knocking is not played here (knock_limit none)"))
        return KnockLimit(rules.knock_limit, False, (), "")
    up = deal.upcard
    if up is None:
        raise DealError(
            _("{variant}: the up-card sets the knock limit; give the deal's up-card").format(
                variant=rules.variant
            ),
            code="no_upcard",
            field="upcard",
            details={"variant": rules.variant},
        )
    doubled = rules.spade_double and up.suit is Suit.SPADES
    reasons: list[Why] = []
    card = Cards((up,))
    if up.rank is Rank.ACE:
        reasons.append(Why(N_("up-card {card}: an ace, so only gin may close"), card=card))
        value: int | None = None
    else:
        value = rules.card_value(up)
        reasons.append(
            Why(N_("up-card {card} sets the knock limit to {value}"), card=card, value=value)
        )
        if rules.knock_limit is None or rules.knock_limit < value:
            # a house limit below the up-card's value still applies (none: only gin)
            value = rules.knock_limit
            if value is None:
                reasons.append(Why(N_("the house knock limit (none) is lower and applies")))
            else:
                reasons.append(
                    Why(N_("the house knock limit ({value}) is lower and applies"), value=value)
                )
    double = (
        Why(N_("up-card {card} is a spade: the deal's score is doubled"), card=card)
        if doubled
        else None
    )
    why = (
        _("knock on an ace up-card: only gin may close")
        if up.rank is Rank.ACE
        else _("knocking is not played here (knock_limit none): only gin may close")
    )
    return KnockLimit(value, doubled, tuple(reasons), why, double)
