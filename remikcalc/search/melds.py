"""Melds: what a legal set or run is under given rules, and what a meld is worth.

A meld is a *set* (cards of one rank) or a *run* (consecutive cards of one suit). Jokers, and
in continental's ``bicycle`` preset the deuces, are wild: they stand for a card the meld needs.
:func:`classify_meld` decides whether a group of cards is legal and, when it is, chooses what
each wild card stands for; the error it raises otherwise is a sentence meant for the user.

>>> from remikcalc.cards.notation import parse_cards
>>> from remikcalc.rules.variants import get_rules
>>> meld = classify_meld(parse_cards("7S JK 9S"), get_rules("bridge"))
>>> meld.kind, [str(c) for c in meld.stands_for if c is not None]
('run', ['8S'])
>>> meld.value(get_rules("bridge"))
24
>>> classify_meld(parse_cards("7H 8H 10C"), get_rules("gin"))
Traceback (most recent call last):
  ...
remikcalc.base.errors.MeldError: 7H 8H TC is not a run: the cards are not all of one suit
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations

from remikcalc.base.errors import MeldError
from remikcalc.base.i18n import _, ngettext
from remikcalc.cards.notation import CARDS, Card, format_cards
from remikcalc.rules.ruleset import AceRuns, Rules

__all__ = [
    "Meld",
    "RunGeometry",
    "can_meld",
    "classify_meld",
    "counted_cards",
    "hand_value",
    "meld_key",
    "meld_reason",
    "run_geometry",
    "split_groups",
]

JOKER_INDEX = 52
MAX_RUN = 13


@dataclass(frozen=True, slots=True)
class Meld:
    """A legal meld as laid: runs low to high (wild cards in their places), sets in suit order.

    ``stands_for[i]`` is the natural card that ``cards[i]`` stands for when it is used as a
    wild card (a joker, or a deuce in the continental ``bicycle`` preset), else ``None``.
    """

    kind: str
    cards: tuple[Card, ...]
    stands_for: tuple[Card | None, ...]

    def value(self, rules: Rules) -> int:
        """The meld's value, wild cards counted as the cards they stand for.

        An ace is worth ``rules.ace_low_value`` at the low end of a run (A-2-3) and
        ``rules.ace_value`` anywhere else (a set of aces, Q-K-A, K-A-2).
        """
        total = 0
        for i, (card, sub) in enumerate(zip(self.cards, self.stands_for, strict=True)):
            real = card if sub is None else sub
            if real % 13 == 0:
                low_end = self.kind == "run" and i == 0
                total += rules.ace_low_value if low_end else rules.ace_value
            else:
                total += rules.card_value(real)
        return total

    @property
    def wild_count(self) -> int:
        """How many cards of the meld are used as wild cards."""
        return sum(1 for sub in self.stands_for if sub is not None)

    @property
    def naturals(self) -> tuple[Card, ...]:
        """The cards used as themselves."""
        return tuple(c for c, sub in zip(self.cards, self.stands_for, strict=True) if sub is None)

    def __str__(self) -> str:
        return format_cards(self.cards)


# --- hand values -----------------------------------------------------------------------------


def counted_cards(cards: Iterable[Card], rules: Rules, seen: int = 0) -> list[Card]:
    """The cards of a hand that count: all of them, or under ``rules.pair_rule`` every joker
    and the first card of each rank (boat: of several cards of one rank only one counts).

    ``seen`` is a mask of rank indexes (bit ``card % 13``) already counted elsewhere.
    """
    if not rules.pair_rule:
        return list(cards)
    counted: list[Card] = []
    for c in cards:
        if c == JOKER_INDEX:
            counted.append(c)
        elif not seen >> (c % 13) & 1:
            seen |= 1 << (c % 13)
            counted.append(c)
    return counted


def hand_value(cards: Iterable[Card], rules: Rules, seen: int = 0) -> int:
    """Value of cards left in a hand; with ``rules.pair_rule`` each rank counts once.

    ``seen``: ranks already counted (see :func:`counted_cards`).

    >>> from remikcalc.cards.notation import parse_cards
    >>> from remikcalc.rules.variants import get_rules
    >>> hand_value(parse_cards("9C 7H 9D QD"), get_rules("boat"))
    26
    """
    if not rules.pair_rule:
        return sum(rules.card_value(c) for c in cards)
    return sum(rules.card_value(c) for c in counted_cards(cards, rules, seen))


def meld_key(meld: Meld) -> tuple[int, ...]:
    """Canonical order of melds in an arrangement: by lowest natural card, then size."""
    naturals = [c for c, s in zip(meld.cards, meld.stands_for, strict=True) if s is None]
    return (min(naturals), len(meld.cards), *meld.cards)


# --- run geometry ----------------------------------------------------------------------------
#
# Runs are windows over a line of positions. Position k holds rank ((k - 1) % 13) + 1, so 1 is
# the low ace, 14 the high ace and, for ``around``, positions past 14 wrap to 2, 3, ...


@dataclass(frozen=True, slots=True)
class RunGeometry:
    """Where a run may lie under one ``ace_runs`` setting (low, high, low_or_high, around).

    The one place that reads ``ace_runs`` for run shapes; get it with :func:`run_geometry`.

    - ``line``: the positions a run may use, low to high (for ``around`` 1..25, so that a run
      of up to 13 cards may start at any rank and wrap past the king);
    - ``wraps``: K-A-2 is a run (``around``);
    - ``orders``: the rank indexes (ace = 0) along the line, one tuple per end the ace may
      take, the low end first: ``(0, 1, .., 12)`` and/or ``(1, .., 12, 0)``;
    - ``starts[n]``: the start positions of a run of ``n`` cards, each window once;
    - ``windows[n]``: the ranks (1 = ace .. 13 = king) of each such run, in order.
    """

    ace_runs: AceRuns
    line: tuple[int, ...]
    wraps: bool
    orders: tuple[tuple[int, ...], ...]
    starts: tuple[tuple[int, ...], ...]
    windows: tuple[tuple[tuple[int, ...], ...], ...]


_LOW = tuple(range(13))
_HIGH = (*range(1, 13), 0)


@cache
def _run_geometry(ace_runs: AceRuns) -> RunGeometry:
    first, last = {"low": (1, 13), "high": (2, 14), "low_or_high": (1, 14), "around": (1, 25)}[
        ace_runs
    ]
    wraps = ace_runs == "around"
    orders = {"low": (_LOW,), "high": (_HIGH,), "low_or_high": (_LOW, _HIGH)}.get(ace_runs, (_LOW,))
    starts: list[tuple[int, ...]] = [()]
    for length in range(1, MAX_RUN + 1):
        starts.append(tuple(range(1, 14)) if wraps else tuple(range(first, last - length + 2)))
    windows = tuple(
        tuple(tuple(position_rank(p) + 1 for p in range(s, s + n)) for s in starts[n])
        for n in range(MAX_RUN + 1)
    )
    line = tuple(range(first, last + 1))
    return RunGeometry(ace_runs, line, wraps, orders, tuple(starts), windows)


def run_geometry(rules: Rules) -> RunGeometry:
    """The run geometry of ``rules.ace_runs`` (built once per setting)."""
    return _run_geometry(rules.ace_runs)


def position_rank(position: int) -> int:
    """Rank index 0..12 (ace = 0) at a run position."""
    return (position - 1) % 13


def best_run_window(ranks: frozenset[int], length: int, rules: Rules) -> tuple[int, int] | None:
    """Best (value, start) window of ``length`` holding every rank index in ``ranks``."""
    return _best_run_window(
        ranks, length, rules.ace_runs, rules.ace_value, rules.ace_low_value, rules.court_value
    )


@lru_cache(maxsize=1 << 16)
def _best_run_window(
    ranks: frozenset[int],
    length: int,
    ace_runs: AceRuns,
    ace_value: int,
    ace_low_value: int,
    court_value: int,
) -> tuple[int, int] | None:
    """:func:`best_run_window` by the only rules it reads (remembered: legality checks ask
    for the same few windows again and again)."""
    best: tuple[int, int] | None = None
    if not 1 <= length <= MAX_RUN:
        return None
    values = [ace_value] + [r + 1 if r < 9 else court_value for r in range(1, 13)]
    for start in _run_geometry(ace_runs).starts[length]:
        window = [position_rank(start + k) for k in range(length)]
        if not ranks.issubset(window):
            continue
        value = sum(values[rank0] for rank0 in window)
        if window[0] == 0:  # an ace at the low end counts as melded low
            value += ace_low_value - ace_value
        if best is None or value > best[0]:
            best = (value, start)
    return best


def set_value(rules: Rules, rank0: int, size: int) -> int:
    """Value of a set of ``size`` cards of rank index ``rank0``."""
    return size * (rules.ace_value if rank0 == 0 else rules.card_value(rank0))


def set_capacity(rules: Rules) -> int:
    """Most cards a set may hold under the rules (wild cards included)."""
    if rules.set_distinct_suits:
        return min(rules.set_max, 4)
    return min(rules.set_max, 4 * rules.decks)


# --- building melds from naturals and wild cards ----------------------------------------------


def build_set(naturals: Sequence[Card], wilds: Sequence[Card], rules: Rules) -> Meld | None:
    """The set made of ``naturals`` (one rank) and ``wilds``, or None if not legal."""
    if not naturals:
        return None
    rank0 = naturals[0] % 13
    size = len(naturals) + len(wilds)
    if not rules.sets_allowed or not rules.set_min <= size <= set_capacity(rules):
        return None
    if any(c % 13 != rank0 for c in naturals):
        return None
    per_suit = Counter(c // 13 for c in naturals)
    limit = 1 if rules.set_distinct_suits else rules.decks
    if any(n > limit for n in per_suit.values()):
        return None
    placed: list[tuple[int, int, Card, Card | None]] = [(c, 0, c, None) for c in naturals]
    for wild in wilds:
        suit = min(range(4), key=lambda s: (per_suit[s], s))
        if per_suit[suit] >= limit:
            return None
        per_suit[suit] += 1
        stand = CARDS[suit * 13 + rank0]
        placed.append((stand, 1, wild, stand))
    placed.sort(key=lambda t: (t[0], t[1], t[2]))
    return Meld("set", tuple(t[2] for t in placed), tuple(t[3] for t in placed))


def build_run(naturals: Sequence[Card], wilds: Sequence[Card], rules: Rules) -> Meld | None:
    """The best-valued run made of ``naturals`` (one suit) and ``wilds``, or None."""
    if not naturals:
        return None
    suit = naturals[0] // 13
    ranks = frozenset(c % 13 for c in naturals)
    if any(c // 13 != suit for c in naturals) or len(ranks) != len(naturals):
        return None
    length = len(naturals) + len(wilds)
    if length < rules.run_min:
        return None
    found = best_run_window(ranks, length, rules)
    if found is None:
        return None
    start = found[1]
    by_rank = {c % 13: c for c in naturals}
    spare = iter(wilds)
    cards: list[Card] = []
    stands: list[Card | None] = []
    for k in range(length):
        rank0 = position_rank(start + k)
        if rank0 in by_rank:
            cards.append(by_rank[rank0])
            stands.append(None)
        else:
            cards.append(next(spare))
            stands.append(CARDS[suit * 13 + rank0])
    return Meld("run", tuple(cards), tuple(stands))


def _is_deuce(card: int) -> bool:
    return card != JOKER_INDEX and card % 13 == 1


def _readings(cards: Sequence[Card], rules: Rules) -> list[tuple[int, int, int, Meld]]:
    """Every legal reading as (wild deuces used, -value, kind order, meld)."""
    jokers = [c for c in cards if c == JOKER_INDEX]
    if jokers and not rules.wild_jokers:
        return []
    others = sorted(c for c in cards if c != JOKER_INDEX)
    deuces = [c for c in others if _is_deuce(c)] if rules.wild_deuces else []
    found: list[tuple[int, int, int, Meld]] = []
    for k in range(len(deuces) + 1):
        for wild_deuces in combinations(deuces, k):
            naturals = list(others)
            for d in wild_deuces:
                naturals.remove(d)
            wilds = [*wild_deuces, *jokers]
            if not naturals:
                continue
            if rules.jokers_minority and len(naturals) <= len(wilds):
                continue
            for order, build in enumerate((build_set, build_run)):
                meld = build(naturals, wilds, rules)
                if meld is not None:
                    found.append((k, -meld.value(rules), order, meld))
        if found:
            break
    return found


def classify_meld(cards: Sequence[Card], rules: Rules) -> Meld:
    """The meld these cards form under ``rules``, or :class:`MeldError` saying why not.

    When the wild cards can be read in several ways, the reading of highest value is chosen
    (a set before a run on equal value, then the lowest run); deuces (``wild_deuces``) are
    read as themselves whenever that gives a legal meld.
    """
    cards = [CARDS[c] for c in cards]
    readings = _readings(cards, rules)
    if readings:
        return min(readings, key=lambda r: r[:3])[3]
    raise MeldError(_why_not(cards, rules), code="not_a_meld", cards=tuple(map(str, cards)))


def can_meld(cards: Sequence[Card], rules: Rules) -> bool:
    """True when :func:`classify_meld` accepts the cards."""
    return bool(_readings([CARDS[c] for c in cards], rules))


def split_groups(
    groups: Iterable[Sequence[Card]],
    rules: Rules,
    refusal: Callable[[int, Sequence[Card], MeldError], str],
    smallest: int = 3,
    meld_inside: Callable[[Sequence[Card]], Meld | None] | None = None,
) -> tuple[list[Meld], list[Card]]:
    """Split typed (``|``-grouped) cards into melds and single cards.

    A group of at least ``smallest`` cards must be a legal meld; an illegal one raises
    :class:`MeldError` with ``refusal(number, group, error)`` (groups numbered from 1).
    Smaller groups are single cards, in the order typed.

    With ``meld_inside`` (a hand, not melds laid on the table), the last of several groups
    may be the hand's unmatched cards (``AS 2S 3S | 7H 7D 7C | KD 4C 9H``): when it is not a
    legal meld it is taken as single cards, unless ``meld_inside`` finds a meld among them
    (a meld mistyped, or left unmelded: refused, naming it).
    """
    melds: list[Meld] = []
    singles: list[Card] = []
    typed = [tuple(group) for group in groups]
    for number, group in enumerate(typed, 1):
        if len(group) < smallest:
            singles.extend(CARDS[c] for c in group)
            continue
        try:
            melds.append(classify_meld(group, rules))
        except MeldError as exc:
            last = number == len(typed) and number > 1
            if meld_inside is None:
                raise exc.retold(refusal(number, group, exc)) from None
            if not last:
                hint = _("; unmatched cards go together in the last group, after the melds")
                raise exc.retold(refusal(number, group, exc) + hint) from None
            inside = meld_inside(group)
            if inside is not None:
                hint = _(
                    "; as the last group they would be unmatched cards, but {meld} among them "
                    "is a meld: put it in a group of its own"
                ).format(meld=_shown(inside.cards))
                raise exc.retold(refusal(number, group, exc) + hint) from None
            singles.extend(CARDS[c] for c in group)
    return melds, singles


# --- explaining a refusal --------------------------------------------------------------------


def _shown(cards: Sequence[Card]) -> str:
    """Cards named in a refusal, in the players' notation (``cardtext``)."""
    from remikcalc.cards.text import cards_text

    return cards_text([CARDS[c] for c in cards])


def _why_not(cards: Sequence[Card], rules: Rules) -> str:
    text = _shown(cards)
    jokers = sum(1 for c in cards if c == JOKER_INDEX)
    naturals = sorted(c for c in cards if c != JOKER_INDEX)
    smallest = min(rules.set_min, rules.run_min) if rules.sets_allowed else rules.run_min
    if not cards:
        return _("an empty group is not a meld")
    if len(cards) < smallest:
        return ngettext(
            "{cards} is not a meld: a meld needs at least {n} card",
            "{cards} is not a meld: a meld needs at least {n} cards",
            smallest,
        ).format(cards=text, n=smallest)
    if jokers and not rules.wild_jokers:
        return _(
            "{cards} is not a meld: jokers are not wild in {variant} (wild_jokers=false)"
        ).format(cards=text, variant=rules.variant)
    if not naturals:
        return _("{cards} is not a meld: a meld needs at least one natural card").format(cards=text)
    if rules.jokers_minority and len(naturals) <= jokers:
        return _(
            "{cards} is not a meld: too many jokers: a meld needs more natural cards than "
            "jokers (jokers_minority)"
        ).format(cards=text)
    ranks = {c % 13 for c in naturals}
    suits = {c // 13 for c in naturals}
    if len(ranks) == 1 and (len(suits) > 1 or rules.sets_allowed):
        return _("{cards} is not a set: {why}").format(
            cards=text, why=_why_not_set(naturals, jokers, rules)
        )
    return _("{cards} is not a run: {why}").format(
        cards=text, why=_why_not_run(naturals, jokers, rules)
    )


def _why_not_set(naturals: list[Card], jokers: int, rules: Rules) -> str:
    size = len(naturals) + jokers
    if not rules.sets_allowed:
        return _("sets are not allowed in {variant} (sets_allowed=false)").format(
            variant=rules.variant
        )
    if size < rules.set_min:
        return ngettext(
            "a set needs at least {n} card", "a set needs at least {n} cards", rules.set_min
        ).format(n=rules.set_min)
    counts = Counter(naturals)
    if rules.set_distinct_suits:
        twice = [c for c, n in sorted(counts.items()) if n > 1]
        if twice:
            return _(
                "{card} appears twice; the cards of a set must be of different suits"
                " (set_distinct_suits)"
            ).format(card=_shown(twice[:1]))
    else:
        over = [c for c, n in sorted(counts.items()) if n > rules.decks]
        if over:
            return ngettext(
                "{card} appears more often than the {n} pack allows",
                "{card} appears more often than the {n} packs allow",
                rules.decks,
            ).format(card=_shown(over[:1]), n=rules.decks)
    if size > set_capacity(rules):
        if rules.set_distinct_suits and size > 4 and rules.set_max >= 4:
            return _("a set of different suits has at most 4 cards")
        capacity = set_capacity(rules)
        return ngettext(
            "a set has at most {n} card", "a set has at most {n} cards", capacity
        ).format(n=capacity)
    return _("the cards do not make a set under these rules")


def _ace_shape(ranks: set[int]) -> str | None:
    """How the ace would have to sit: 'low', 'high' or 'around'; None when no ace."""
    if 0 not in ranks:
        return None
    others = ranks - {0}
    if not others:
        return None
    near_low = any(r <= 5 for r in others)
    near_high = any(r >= 7 for r in others)
    if near_low and near_high:
        return "around"
    return "high" if near_high else "low"


def _why_not_run(naturals: list[Card], jokers: int, rules: Rules) -> str:
    if len({c // 13 for c in naturals}) > 1:
        return _("the cards are not all of one suit")
    counts = Counter(naturals)
    twice = [c for c, n in sorted(counts.items()) if n > 1]
    if twice:
        return _("{card} appears twice; a run cannot hold the same card twice").format(
            card=_shown(twice[:1])
        )
    size = len(naturals) + jokers
    if size < rules.run_min:
        return ngettext(
            "a run needs at least {n} card", "a run needs at least {n} cards", rules.run_min
        ).format(n=rules.run_min)
    if size > MAX_RUN:
        return ngettext(
            "a run has at most {n} card", "a run has at most {n} cards", MAX_RUN
        ).format(n=MAX_RUN)
    ranks = {c % 13 for c in naturals}
    shape = _ace_shape(ranks)
    allowed: dict[str, tuple[AceRuns, ...]] = {
        "low": ("low", "low_or_high", "around"),
        "high": ("high", "low_or_high", "around"),
        "around": ("around",),
    }
    around = rules.replace(ace_runs="around")
    fits_around = best_run_window(frozenset(ranks), size, around) is not None
    if shape is not None and rules.ace_runs not in allowed[shape] and fits_around:
        example = {"low": "A-2-3", "high": "Q-K-A", "around": "K-A-2"}[shape]
        return _("{example} runs are not allowed (ace_runs={setting})").format(
            example=example, setting=rules.ace_runs
        )
    if shape == "around" and rules.ace_runs == "low_or_high":
        return _("the ace may end a run low or high, never both (ace_runs=low_or_high)")
    order = sorted(ranks)
    if 0 in ranks and rules.ace_runs == "high":  # the ace above the king: J-Q-K-A
        order = sorted((r if r else 13) for r in ranks)
    span = order[-1] - order[0] + 1
    missing = span - len(ranks)
    suit = naturals[0] // 13
    gaps = [
        _shown([CARDS[suit * 13 + r % 13]])
        for r in range(order[0], order[0] + span)
        if r % 13 not in ranks
    ]
    if missing > jokers:
        if gaps:
            listed = ", ".join(gaps)
        else:
            listed = ngettext("{n} card", "{n} cards", missing).format(n=missing)
        if jokers == 0:
            return _(
                "the ranks are not consecutive: missing {listed}, and no joker to fill the gap"
            ).format(listed=listed)
        return ngettext(
            "the ranks are not consecutive: missing {listed}, and only {n} joker to fill the gap",
            "the ranks are not consecutive: missing {listed}, and only {n} jokers to fill the gap",
            jokers,
        ).format(listed=listed, n=jokers)
    return _("the cards cannot be placed in one run under these rules")


def meld_reason(group: Sequence[Card], exc: MeldError) -> str:
    """The refusal of a group, naming its cards when the reason does not already."""
    text = _shown(group)
    if text in str(exc):
        return str(exc)
    return _("{cards} is not a meld: {why}").format(cards=text, why=exc)
