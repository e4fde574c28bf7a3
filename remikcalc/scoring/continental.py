"""Deal scoring for continental rummy: going out with 15 cards in runs, and what losers pay.

A continental player goes out only by laying all 15 cards at once as runs (there are no sets)
in one of three patterns: five runs of 3, three runs of 4 and one of 3, or one run of 5, one
of 4 and two of 3. Jokers are wild, and so are deuces under ``wild_deuces`` (a deuce may still
be played as itself). The winner's entry holds the 15 cards he went out with, grouped with
``|`` to fix the runs or ungrouped to let remikcalc find them (an exact search over every way
to split the cards, wild cards included). Every loser still holds the 15 cards dealt.

Payment, each loser to the winner (docs/RULES.md §8):

- ``per_card`` (the seed): 1 per natural card and ``joker_value`` (2) per joker in his hand.
- ``chips`` (preset ``bicycle``): 1 for going out, 1 per deuce and ``joker_value`` (2) per
  joker used as wild in the winner's runs, +10 when no wild card was used, +10 when all 15
  cards are one suit (every natural card; jokers and wild deuces stand in that suit), and +7
  for going out on the first turn or +10 on the first turn before drawing (``no_draw``
  implies the first turn; the two do not stack). The other bonuses add up.

A deal entered as counts gives what each loser pays instead of the cards (the winner's
count is 0, or left out): checked against what the payment rule can make a loser pay (per
card 15 + one more for each joker; under chips the same for every loser, the first-turn
bonuses included), then paid exactly as from the cards.

The outcome is always ``out`` (``--how one_go`` is accepted and means the same, since every
continental out is all 15 cards at once); there is no draw, the discard pile is turned over.

Which deuces are wild: in runs typed with ``|`` a deuce standing in its own place is itself
(not wild); for ungrouped cards remikcalc lays them out the way that pays the winner most
(under ``per_card`` the payment does not depend on it, and the plainest way is shown).

Continental settles by the sum of the deals' payments,
:class:`~remikcalc.scoring.tally.PaymentTally`, which it shares with boat (so that one lives in
``scoring/tally.py``).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal

from remikcalc.base.errors import DealError, MeldError
from remikcalc.base.i18n import N_, _
from remikcalc.cards.notation import JOKER, SUITS, Card, Suit
from remikcalc.cards.text import cards_text
from remikcalc.rules.ruleset import Rules
from remikcalc.scoring.common import (
    check_deal_cards,
    check_went_out_count,
    counted,
    find_winner,
    loser_hands,
    player_detail,
)
from remikcalc.scoring.deal import Deal, Hand
from remikcalc.scoring.details import DealDetails, MeldDetail, PlayerDetail
from remikcalc.scoring.result import DealResult, Payment
from remikcalc.scoring.why import Why
from remikcalc.search.melds import classify_meld, meld_reason, run_geometry

__all__ = ["PATTERNS", "Run", "Split", "caught_cost", "find_split", "score_continental"]

# Run lengths of the three ways to go out, longest first.
PATTERNS: tuple[tuple[int, ...], ...] = ((3, 3, 3, 3, 3), (4, 4, 4, 3), (5, 4, 3, 3))
# (the English names are also the JSON's ``pattern``; people read them translated)
PATTERN_NAMES: dict[tuple[int, ...], str] = {
    (3, 3, 3, 3, 3): N_("5 runs of 3"),
    (4, 4, 4, 3): N_("3 runs of 4 + 1 of 3"),
    (5, 4, 3, 3): N_("1 run of 5 + 1 of 4 + 2 of 3"),
}
NO_WILD_BONUS = 10
ONE_SUIT_BONUS = 10
FIRST_TURN_BONUS = 7
NO_DRAW_BONUS = 10


@dataclass(frozen=True, slots=True)
class Run:
    """One run as laid: ``cards[i]`` is the natural card at ``ranks[i]``, or None for a wild."""

    suit: Suit
    ranks: tuple[int, ...]
    cards: tuple[Card | None, ...]

    def stands_for(self, i: int) -> Card:
        return Card.of(self.ranks[i], self.suit)


@dataclass(frozen=True, slots=True)
class Split:
    """A way the winner's cards go out: runs, wild cards used, and whether all are one suit."""

    pattern: tuple[int, ...]
    runs: tuple[Run, ...]
    jokers: int
    wild_deuces: tuple[Card, ...]
    suit: Suit | None

    @property
    def wilds(self) -> int:
        return self.jokers + len(self.wild_deuces)

    def laid(self) -> list[tuple[list[Card], list[tuple[int, Card]]]]:
        """Each run with the physical wild cards placed: (cards, [(position, stands for)])."""
        pool = [JOKER] * self.jokers + list(self.wild_deuces)
        out = []
        for run in self.runs:
            cards: list[Card] = []
            subs: list[tuple[int, Card]] = []
            for i, card in enumerate(run.cards):
                if card is None:
                    cards.append(pool.pop(0))
                    subs.append((i, run.stands_for(i)))
                else:
                    cards.append(card)
            out.append((cards, subs))
        return out


# --- the exact search --------------------------------------------------------------------------


def _runs_through(
    card: Card,
    length: int,
    rest: Counter[Card],
    wilds: int,
    no_wild_at: frozenset[Card],
    rules: Rules,
) -> Iterator[tuple[Run, Counter[Card], int]]:
    """Every run of ``length`` holding natural ``card``: (run, naturals used besides it, wilds)."""
    suit = card.suit
    for ranks in run_geometry(rules).windows[length]:
        if card.rank not in ranks:
            continue
        options: list[list[Card | None]] = []
        for rank in ranks:
            natural = Card.of(rank, suit)
            if rank == card.rank:
                options.append([card])
                continue
            slot: list[Card | None] = [natural] if rest[natural] else []
            if natural not in no_wild_at:
                slot.append(None)
            options.append(slot)
        for choice in itertools.product(*options):
            n_wild = choice.count(None)
            if n_wild > wilds:
                continue
            if rules.jokers_minority and 2 * n_wild >= length:
                continue
            used = Counter(
                c for c, r in zip(choice, ranks, strict=True) if c is not None and r != card.rank
            )
            yield Run(suit, ranks, tuple(choice)), used, n_wild


def _search(
    naturals: tuple[Card, ...],
    lengths: tuple[int, ...],
    wilds: int,
    no_wild_at: frozenset[Card],
    rules: Rules,
) -> tuple[Run, ...] | None:
    """Runs of exactly ``lengths`` that use every natural card and all ``wilds``, or None.

    The lowest natural card left must be in some run as itself: try every run through it,
    recurse on the rest, and remember the positions that failed.
    """
    failed: set[tuple[tuple[Card, ...], tuple[int, ...], int]] = set()

    def go(cards: tuple[Card, ...], todo: tuple[int, ...], w: int) -> tuple[Run, ...] | None:
        if not cards:
            return () if not todo and w == 0 else None
        if not todo or sum(todo) != len(cards) + w or (cards, todo, w) in failed:
            return None
        card, rest = cards[0], Counter(cards[1:])
        for length in sorted(set(todo), reverse=True):
            left = list(todo)
            left.remove(length)
            for run, used, n_wild in _runs_through(card, length, rest, w, no_wild_at, rules):
                remaining = tuple(sorted((rest - used).elements()))
                found = go(remaining, tuple(left), w - n_wild)
                if found is not None:
                    return (run, *found)
        failed.add((cards, todo, w))
        return None

    return go(tuple(sorted(naturals)), lengths, wilds)


def find_splits(
    cards: Sequence[Card], rules: Rules, patterns: Sequence[tuple[int, ...]] = PATTERNS
) -> Iterator[Split]:
    """Every essentially different way ``cards`` go out in one of ``patterns``.

    "Different" means: which deuces are wild, and which pattern. Under ``wild_deuces`` each
    deuce is either itself or wild; a wild never stands for a deuce of a suit whose deuce is
    wild (that would just be the natural deuce, counted as wild).
    """
    jokers = sum(1 for c in cards if c.is_joker)
    naturals = [c for c in cards if not c.is_joker]
    deuces: dict[Suit, int] = {}
    if rules.wild_deuces:
        for c in naturals:
            if c.rank == 2:
                deuces[c.suit] = deuces.get(c.suit, 0) + 1
    suits = [s for s in SUITS if s in deuces]
    for counts in itertools.product(*(range(deuces[s] + 1) for s in suits)):
        wild = [Card.of(2, s) for s, n in zip(suits, counts, strict=True) for _ in range(n)]
        rest = Counter(naturals) - Counter(wild)
        left = tuple(sorted(rest.elements()))
        no_wild_at = frozenset(Card.of(2, s) for s, n in zip(suits, counts, strict=True) if n)
        kinds = {c.suit for c in left}
        suit = next(iter(kinds)) if len(kinds) == 1 else None
        for pattern in patterns:
            runs = _search(left, pattern, jokers + len(wild), no_wild_at, rules)
            if runs is not None:
                yield Split(pattern, runs, jokers, tuple(wild), suit)


def find_split(cards: Sequence[Card], rules: Rules) -> Split | None:
    """A way ``cards`` go out with the fewest wild deuces, or None."""
    return min(find_splits(cards, rules), key=lambda s: len(s.wild_deuces), default=None)


# --- payments --------------------------------------------------------------------------------


def chips(split: Split, rules: Rules, deal: Deal) -> tuple[int, list[Why]]:
    """What each loser pays under ``payment: chips``, and the terms."""
    terms = [Why(N_("{n} for going out"), n=1)]
    if split.wild_deuces:
        terms.append(Why(N_("{n} for wild deuces"), n=len(split.wild_deuces)))
    if split.jokers:
        value = split.jokers * rules.joker_value
        terms.append(
            Why.ngettext(
                "{value} for {n} joker",
                "{value} for {n} jokers",
                split.jokers,
                value=value,
                n=split.jokers,
            )
        )
    total = 1 + len(split.wild_deuces) + split.jokers * rules.joker_value
    if split.wilds == 0:
        total += NO_WILD_BONUS
        terms.append(Why(N_("{n} for no wild card"), n=NO_WILD_BONUS))
    if split.suit is not None:
        total += ONE_SUIT_BONUS
        terms.append(Why(N_("{n} for all one suit"), n=ONE_SUIT_BONUS))
    if deal.no_draw:
        total += NO_DRAW_BONUS
        terms.append(Why(N_("{n} for going out on the first turn before drawing"), n=NO_DRAW_BONUS))
    elif deal.first_turn:
        total += FIRST_TURN_BONUS
        terms.append(Why(N_("{n} for going out on the first turn"), n=FIRST_TURN_BONUS))
    return total, terms


def per_card(hand: Hand, rules: Rules) -> tuple[int, Why]:
    """What a loser pays under ``payment: per_card``: 1 per natural, ``joker_value`` per joker."""
    jokers = sum(1 for c in hand.cards if c.is_joker)
    naturals = len(hand.cards) - jokers
    paid = naturals + jokers * rules.joker_value
    text = Why.ngettext("{n} card × 1", "{n} cards × 1", naturals, n=naturals)
    if jokers:
        more = Why.ngettext(
            "{n} joker × {value}", "{n} jokers × {value}", jokers, n=jokers, value=rules.joker_value
        )
        text = Why("{cards} + {jokers}", cards=text, jokers=more)  # no words to translate
    return paid, text


def caught_cost(rules: Rules, cards: Sequence[Card]) -> tuple[int, Why] | None:
    """What ``cards`` cost their holder if another player goes out now, and how that is
    counted (``FamilySpec.caught_cost``): the payment rule's, not the cards' value; None under
    ``chips``, where the winner's melds, not these cards, say what is paid.

    >>> from remikcalc.cards.notation import parse_cards
    >>> from remikcalc.rules.variants import get_rules
    >>> caught_cost(get_rules("continental"), parse_cards("9C JK 2H"))
    (4, '2 cards × 1 + 1 joker × 2')
    >>> caught_cost(get_rules("continental", "bicycle"), parse_cards("9C JK 2H")) is None
    True
    """
    if rules.payment == "chips":
        return None
    return per_card(Hand(tuple(cards)), rules)


# --- scoring ---------------------------------------------------------------------------------


def _split_of_groups(winner: str, groups: Sequence[tuple[Card, ...]], rules: Rules) -> Split:
    """The winner's runs as typed; in each, a deuce that can be itself is not wild."""
    lengths = tuple(sorted((len(g) for g in groups), reverse=True))
    if lengths not in PATTERNS:
        raise DealError(
            _("{winner}'s runs have {lengths} cards; one goes out with {patterns}").format(
                winner=winner,
                lengths=" + ".join(str(n) for n in lengths),
                patterns=_patterns_text(),
            ),
            code="not_a_pattern",
            field="hands",
            player=winner,
        )
    readings: list[Split] = []
    for group in groups:
        found = list(find_splits(group, rules, [(len(group),)]))
        if not found:
            raise MeldError(
                _("{winner}'s runs: {problem}").format(winner=winner, problem=_why(group, rules)),
                code="not_a_meld",
                field="hands",
                player=winner,
                cards=tuple(map(str, group)),
            )
        readings.append(min(found, key=lambda s: len(s.wild_deuces)))
    suits = {s.suit for s in readings}
    return Split(
        pattern=lengths,
        runs=tuple(s.runs[0] for s in readings),
        jokers=sum(s.jokers for s in readings),
        wild_deuces=tuple(c for s in readings for c in s.wild_deuces),
        suit=suits.pop() if len(suits) == 1 and None not in suits else None,
    )


def _why(group: Sequence[Card], rules: Rules) -> str:
    """Why a typed group is not a run: the meld rules' own reason where they give one."""
    try:
        classify_meld(group, rules)
    except MeldError as exc:
        return meld_reason(group, exc)
    return _("{cards} is not a run: {rule}").format(cards=cards_text(group), rule=_run_rule(rules))


def _run_rule(rules: Rules) -> str:
    """The run rule in words (the ace's place as its rule value: ``low``, ``high``, ...)."""
    ace = rules.ace_runs.replace("_", " ")
    if rules.wild_deuces:
        if rules.jokers_minority:
            rule = _(
                "a run is cards of one suit in sequence, jokers and deuces wild, ace {ace}, "
                "with more natural cards than wild"
            )
        else:
            rule = _(
                "a run is cards of one suit in sequence, jokers and deuces wild, ace {ace}, "
                "with a natural card"
            )
    elif rules.jokers_minority:
        rule = _(
            "a run is cards of one suit in sequence, jokers wild, ace {ace}, "
            "with more natural cards than wild"
        )
    else:
        rule = _(
            "a run is cards of one suit in sequence, jokers wild, ace {ace}, with a natural card"
        )
    return rule.format(ace=ace)


def _patterns_text() -> str:
    a, b, c = (_(name) for name in PATTERN_NAMES.values())
    return _("{a}, {b} or {c}").format(a=a, b=b, c=c)


def _plus(terms: Sequence[Why]) -> Why:
    """'1 for going out + 10 for no wild card', each term in the sentence's language."""
    joined = terms[0]
    for term in terms[1:]:
        joined = Why("{first} + {term}", first=joined, term=term)  # no words to translate
    return joined


def _winner(rules: Rules, deal: Deal) -> str:
    """The winner, the deal's inputs checked."""
    if rules.hand_size != 15:
        raise DealError(
            _("continental goes out with 15 cards; hand_size={size} has no patterns").format(
                size=rules.hand_size
            ),
            code="rules_clash",
            field="rules",
            details={"key": "hand_size"},
        )
    check_deal_cards(rules, deal)
    if deal.melded:
        raise DealError(
            _("melds on the table are not scored in {variant}").format(variant=rules.variant),
            code="input_not_taken",
            field="melded",
            details={"variant": rules.variant},
        )
    chips_payment = rules.payment == "chips"
    if (deal.first_turn or deal.no_draw) and not chips_payment:
        raise DealError(
            _("first-turn bonuses are paid only with payment=chips (preset bicycle)"),
            code="input_not_taken",
            field="first_turn" if deal.first_turn else "no_draw",
        )
    winner, _how = find_winner(rules, deal, infer=False)
    assert winner is not None
    return winner


def _went_out(rules: Rules, deal: Deal, winner: str) -> Hand:
    """The 15 cards the winner laid down, checked."""
    went_out = deal.hands.get(winner)
    if went_out is None or not went_out.cards:
        raise DealError(
            _(
                "{winner} went out: type the 15 cards {winner} laid down, "
                'e.g. {winner}="3H 4H 5H | ..."'
            ).format(winner=winner),
            code="no_hand",
            field="hands",
            player=winner,
        )
    if len(went_out.cards) != rules.hand_size:
        raise DealError(
            _(
                "{winner} went out with {n} cards; a continental player goes out with all {size}"
            ).format(winner=winner, n=len(went_out.cards), size=rules.hand_size),
            code="hand_size",
            field="hands",
            player=winner,
            details={"n": len(went_out.cards), "size": rules.hand_size},
        )
    return went_out


def score_continental(rules: Rules, deal: Deal) -> DealResult:
    """Score one continental deal: check the winner's runs, then what each loser pays."""
    winner = _winner(rules, deal)
    chips_payment = rules.payment == "chips"
    if deal.counts is not None:
        points, reasons = _counted(rules, deal, winner, chips_payment)
        return _paid(deal, winner, points, reasons, DealDetails(payment=rules.payment))
    went_out = _went_out(rules, deal, winner)
    # Nobody melds before going out, so every loser still holds the cards dealt.
    hands = loser_hands(
        rules, deal, winner, max_cards=None, exact=rules.hand_size, required=not chips_payment
    )
    if went_out.groups is not None:
        split = _split_of_groups(winner, went_out.groups, rules)
    else:
        splits = list(find_splits(went_out.cards, rules))
        if not splits:
            raise DealError(
                _(
                    "{winner} cannot go out with {cards}: the cards do not split into {patterns} "
                    "({rule})"
                ).format(
                    winner=winner,
                    cards=cards_text(went_out.cards),
                    patterns=_patterns_text(),
                    rule=_run_rule(rules),
                ),
                code="not_a_pattern",
                field="hands",
                player=winner,
                cards=tuple(map(str, went_out.cards)),
            )
        # Laid out by remikcalc: the way that pays the winner most (chips), else the plainest.
        split = min(
            splits,
            key=lambda s: (-chips(s, rules, deal)[0] if chips_payment else 0, len(s.wild_deuces)),
        )
    reasons = [
        Why(
            N_("{winner} went out with {pattern}"),
            winner=winner,
            pattern=Why(PATTERN_NAMES[split.pattern]),
        )
    ]
    points = {p: 0 for p in deal.players}
    if chips_payment:
        each, terms = chips(split, rules, deal)
        reasons.append(Why(N_("each loser pays {terms} = {each}"), terms=_plus(terms), each=each))
        for loser in (p for p in deal.players if p != winner):
            points[loser] = each
    else:
        for loser, hand in hands.items():
            paid, text = per_card(hand, rules)
            points[loser] = paid
            reasons.append(
                Why(N_("{loser} pays {terms} = {paid}"), loser=loser, terms=text, paid=paid)
            )
    players = {
        p: _winner_detail(went_out, split)
        if p == winner
        else player_detail(rules, hands.get(p), points[p])
        for p in deal.players
    }
    details = DealDetails(players, payment=rules.payment, pattern=PATTERN_NAMES[split.pattern])
    return _paid(deal, winner, points, reasons, details)


def _paid(
    deal: Deal, winner: str, points: dict[str, int], reasons: list[Why], details: DealDetails
) -> DealResult:
    """The deal from what each loser pays the winner (``points``), from the cards or the
    counts: the payments, and the scores they make (winner +sum, each loser −his)."""
    payments = tuple(Payment(p, winner, Decimal(points[p])) for p in deal.players if p != winner)
    total = sum(points.values())
    scores = {p: total if p == winner else -points[p] for p in deal.players}
    return DealResult(
        outcome="out",
        closer=winner,
        winner=winner,
        points=points,
        scores=scores,
        payments=payments,
        reasons=tuple(reasons),
        details=details,
    )


def _counted(
    rules: Rules, deal: Deal, winner: str, chips_payment: bool
) -> tuple[dict[str, int], list[Why]]:
    """What each loser pays, given as his count (the winner's is 0, or left out), checked
    against what the payment rule can make a loser pay; and the sentences saying so."""
    check_went_out_count(deal, winner)
    points = {p: 0 for p in deal.players}
    reasons = [Why(N_("{name} went out"), name=winner)]
    for loser in (p for p in deal.players if p != winner):
        points[loser] = counted(rules, deal, loser, bounded=False)
        reasons.append(Why(N_("{loser} pays {paid}"), loser=loser, paid=points[loser]))
    losers = {p: n for p, n in points.items() if p != winner}
    if chips_payment:
        _check_chips(rules, deal, losers)
    else:
        _check_per_card(rules, losers)
    return points, reasons


def _count_refused(message: str, name: str | None, *, code: str, **details: int) -> DealError:
    return DealError(message, code=code, field="counts", player=name, details=details)


def _check_chips(rules: Rules, deal: Deal, paid: dict[str, int]) -> None:
    """Under chips every loser pays the same (the winner's melds say what), at least 1 for
    going out (and a first-turn bonus when the deal says so), at most what 15 wild cards,
    one suit and the bonuses could make."""
    bonus = NO_DRAW_BONUS if deal.no_draw else FIRST_TURN_BONUS if deal.first_turn else 0
    least = 1 + bonus
    most = 1 + max(rules.joker_value, 1) * rules.hand_size + NO_WILD_BONUS + ONE_SUIT_BONUS + bonus
    first = next(iter(paid))
    for name, count in paid.items():
        if count != paid[first]:
            raise _count_refused(
                _(
                    "under chips every loser pays the winner the same, but {first} pays "
                    "{paid} and {name} pays {count}"
                ).format(first=first, paid=paid[first], name=name, count=count),
                name,
                code="count_impossible",
                count=count,
            )
        if count < least:
            message = (
                _("{name} cannot pay {count}: a loser pays at least {least} for going out")
                if not bonus
                else _(
                    "{name} cannot pay {count}: a loser pays at least {least}, going out on "
                    "the first turn included"
                )
            )
            raise _count_refused(
                message.format(name=name, count=count, least=least),
                name,
                code="count_too_low",
                count=count,
                least=least,
            )
        if count > most:
            raise _count_refused(
                _("{name} cannot pay {count}: under chips a loser pays at most {most}").format(
                    name=name, count=count, most=most
                ),
                name,
                code="count_too_high",
                count=count,
                most=most,
            )


def _check_per_card(rules: Rules, paid: dict[str, int]) -> None:
    """Per card, a loser still holds the 15 cards dealt and pays 1 for each and
    ``joker_value`` for a joker: 15 + (joker_value − 1) × his jokers, and the losers
    together hold no more jokers than the packs."""
    n, value = rules.hand_size, rules.joker_value
    most_jokers = min(rules.jokers, n)
    payable: dict[int, int] = {}  # what a loser can pay -> the fewest jokers that pay it
    for j in range(most_jokers + 1):
        payable.setdefault(n + j * (value - 1), j)
    jokers = 0
    for name, count in paid.items():
        if count not in payable:
            least, most = min(payable), max(payable)
            message = (
                _("{name} cannot pay {count}: a loser's {n} cards pay {least}").format(
                    name=name, count=count, n=n, least=least
                )
                if least == most
                else _(
                    "{name} cannot pay {count}: a loser's {n} cards pay 1 each and a joker "
                    "{value}, {least} to {most} in all"
                ).format(name=name, count=count, n=n, value=value, least=least, most=most)
            )
            numbers = {"count": count, "least": least, "most": most}
            if count < least:
                raise _count_refused(message, name, code="count_too_low", **numbers)
            if count > most:
                raise _count_refused(message, name, code="count_too_high", **numbers)
            raise _count_refused(message, name, code="count_impossible", **numbers)
        jokers += payable[count]
    if jokers > rules.jokers:
        raise _count_refused(
            _(
                "the losers' counts pay for {n} jokers, but the {variant} pack has only {jokers}"
            ).format(n=jokers, variant=rules.variant, jokers=rules.jokers),
            None,
            code="count_impossible",
            jokers=jokers,
        )


def _winner_detail(hand: Hand, split: Split) -> PlayerDetail:
    """The winner's runs as laid, each wild card (joker or deuce) with what it stands for."""
    melds = []
    for cards, subs in split.laid():
        stands: list[Card | None] = [None] * len(cards)
        for pos, card in subs:
            stands[pos] = card
        melds.append(MeldDetail(tuple(cards), tuple(stands)))
    return PlayerDetail(hand=hand, melds=tuple(melds), count=0, wilds="jokers_and_deuces")
