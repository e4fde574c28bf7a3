"""Deals entered as counts (issue 24, item 1; docs/INTERFACE.md, "Deals entered as counts").

At a table each player counts what is left in his hand and says one number. A deal given as
those counts is scored by the variant's own rules exactly as a deal whose hands count them:
the property below deals random hands for every variant, scores them, gives the counts they
came to as a counts deal, and requires the same outcome, winner, scores, payments and, over
several deals in a row, the same totals, games, eliminations and settlement. Then the seeds'
worked examples typed as counts, what a count that cannot be is refused with (typed, the file
byte for byte unchanged, in English and Polish), and what the sheet and the command line say.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import remikcalc
from remikcalc.base.errors import DealError, RemikcalcError, SheetError
from remikcalc.cards.notation import JOKER, SUITS, Card, format_cards
from remikcalc.rules.ruleset import Rules
from remikcalc.scoring.continental import PATTERNS
from remikcalc.scoring.result import DealResult
from remikcalc.session import DealEntry, Replay, Sheet
from remikcalc.session.replay import start
from remikcalc.settle import settle
from remikcalc.sheet import dump_sheet, load_sheet, sheet_from_text
from tests.clirun import fails, ok

# --- random deals of every variant, dealt from a real pack ---------------------------------------


class Pack:
    """The variant's packs shuffled; melds and hands are taken from it, so no deal holds a
    card more often than the packs do."""

    def __init__(self, rules: Rules, rnd: random.Random) -> None:
        self.rnd = rnd
        self.cards = [Card(i) for i in range(52)] * rules.decks + [JOKER] * rules.jokers
        rnd.shuffle(self.cards)

    def take(self, n: int) -> list[Card]:
        taken, self.cards = self.cards[:n], self.cards[n:]
        return taken

    def _taken(self, cards: list[Card]) -> bool:
        if Counter(cards) - Counter(self.cards):
            return False
        for card in cards:
            self.cards.remove(card)
        return True

    def meld(self, kind: str, length: int) -> list[Card]:
        """A run (ace low or high) or a set of ``length`` from the pack, or [] if none came."""
        for _ in range(40):
            if kind == "run":
                suit = self.rnd.choice(SUITS)
                first = self.rnd.randint(1, 15 - length)  # 14 is the ace above the king
                cards = [Card.of((r - 1) % 13 + 1, suit) for r in range(first, first + length)]
            else:
                rank = self.rnd.randint(1, 13)
                cards = [Card.of(rank, s) for s in self.rnd.sample(SUITS, min(length, 4))]
            if self._taken(cards):
                return cards
        return []

    def low(self, n: int, most: int = 4) -> list[Card]:
        """``n`` cards of low rank (the knocker's deadwood), else any."""
        low = [c for c in self.cards if not c.is_joker and c.rank <= most][:n]
        self._taken(low)
        return low + self.take(n - len(low))

    def suited(self, n: int) -> list[Card]:
        """``n`` cards of one suit (a bridge colour), or [] if the pack has not so many."""
        suit = self.rnd.choice(SUITS)
        cards = [c for c in self.cards if not c.is_joker and c.suit is suit][:n]
        return cards if len(cards) == n and self._taken(cards) else []


def text(cards: list[Card]) -> str:
    return format_cards(cards)


def melded_hand(pack: Pack, size: int, melds: int, low: int = 4) -> list[Card]:
    """A hand of ``size`` built around up to ``melds`` melds, filled with cards of rank
    ``low`` or less."""
    hand: list[Card] = []
    for _ in range(melds):
        kind = pack.rnd.choice(["run", "set"])
        meld = pack.meld(kind, pack.rnd.choice([3, 3, 4]))
        if len(hand) + len(meld) <= size:
            hand += meld
        else:
            pack.cards += meld
    return hand + pack.low(size - len(hand), low)


def knock_deal(rules: Rules, players: tuple[str, ...], rnd: random.Random) -> DealEntry:
    """Gin and oklahoma: a knocker built around melds (now and then holding 11 cards), a
    defender dealt at random, the up-card of oklahoma; a draw now and then."""
    pack = Pack(rules, rnd)
    up = text([Card(rnd.randrange(52))]) if rules.upcard_knock else None
    if rnd.random() < 0.08:
        return DealEntry(draw=True, upcard=up)
    closer = rnd.choice(players)
    size = rules.hand_size + (1 if rnd.random() < 0.25 else 0)
    hands = {closer: text(melded_hand(pack, size, rnd.choice([2, 3]), rnd.randint(2, 5)))}
    for p in players:  # the defender now and then near the knocker's count: an undercut
        if p != closer:
            near = rnd.random() < 0.4
            cards = melded_hand(pack, rules.hand_size, 3) if near else pack.take(rules.hand_size)
            hands[p] = text(cards)
    how = rnd.choice([None, None, None, "knock"])
    return DealEntry(closer=closer, how=how, upcard=up, hands=hands)


def bridge_deal(rules: Rules, players: tuple[str, ...], rnd: random.Random) -> DealEntry:
    """Remik bridge among the players still in: a knocker, a remik or a colour (stated),
    the others dealt at random (jokers and all); a draw now and then."""
    pack = Pack(rules, rnd)
    if rnd.random() < 0.05:
        return DealEntry(draw=True)
    closer = rnd.choice(players)
    how = None
    if rnd.random() < 0.15 and (colour := pack.suited(rules.hand_size)):
        hand, how = colour, "colour"
    else:
        hand = melded_hand(pack, rules.hand_size, 3)
        how = rnd.choice([None, None, "knock"])
    hands = {closer: text(hand)}
    for p in players:
        if p != closer:
            hands[p] = text(pack.take(rules.hand_size))
    return DealEntry(closer=closer, how=how, hands=hands)


def going_out_deal(rules: Rules, players: tuple[str, ...], rnd: random.Random) -> DealEntry:
    """Rummy, polish, remibrydż and boat: the losers' hands dealt at random, the winner out
    (named, or left to be found: the one with no hand), one go now and then, boat's plus
    points; a stock-out where the family has one."""
    pack = Pack(rules, rnd)
    grows = rules.spec.hand_grows
    most = rules.hand_size + (4 if grows else 1)
    if rules.spec.draw_allowed and rnd.random() < 0.1:
        return DealEntry(
            draw=True, hands={p: text(pack.take(rnd.randint(1, most))) for p in players}
        )
    winner = rnd.choice(players)
    hands = {p: text(pack.take(rnd.randint(1, most))) for p in players if p != winner}
    plus = rnd.randint(0, 120) if "plus" in rules.spec.inputs else None
    how = rnd.choice([None, None, "one_go"])
    closer = None if rnd.random() < 0.25 else winner
    return DealEntry(closer=closer, how=how, hands=hands, plus=plus)


def rummy500_deal(rules: Rules, players: tuple[str, ...], rnd: random.Random) -> DealEntry:
    """Rummy 500: melds (and a lay-off now and then) laid by some players, the hands left,
    the winner out; a stock-out now and then."""
    pack = Pack(rules, rnd)
    melded: dict[str, str] = {}
    for p in players:
        groups = [pack.meld(rnd.choice(["run", "set"]), 3) for _ in range(rnd.randint(0, 2))]
        groups = [g for g in groups if g]
        if rnd.random() < 0.3:
            groups.append(pack.take(1))
        if groups:
            melded[p] = " | ".join(text(g) for g in groups)
    drawn = rnd.random() < 0.1
    winner = None if drawn else rnd.choice(players)
    hands = {p: text(pack.take(rnd.randint(1, 8))) for p in players if p != winner}
    return DealEntry(closer=winner, draw=drawn, hands=hands, melded=melded)


def continental_deal(rules: Rules, players: tuple[str, ...], rnd: random.Random) -> DealEntry:
    """Continental: the winner's 15 cards made of a pattern's runs (a joker standing in now
    and then), the losers' 15 dealt at random; the first-turn bonuses under chips."""
    pack = Pack(rules, rnd)
    winner = rnd.choice(players)
    runs = [pack.meld("run", n) for n in rnd.choice(PATTERNS)]
    if JOKER in pack.cards and rnd.random() < 0.5:
        run = rnd.choice(runs)
        i = rnd.randrange(len(run))
        pack.cards.append(run[i])
        pack.cards.remove(JOKER)
        run[i] = JOKER
    hands = {winner: " | ".join(text(r) for r in runs)}
    for p in players:
        if p != winner:
            hands[p] = text(pack.take(rules.hand_size))
    chips = rules.payment == "chips"
    first = chips and rnd.random() < 0.3
    return DealEntry(
        closer=winner, hands=hands, first_turn=first, no_draw=first and rnd.random() < 0.5
    )


#: each variant (and the presets that change what is scored): its sheet's settings, the
#: players, and the deal maker
CASES: dict[str, tuple[str, str | None, dict[str, str], tuple[str, ...], Any]] = {
    "gin ru": ("gin", "ru", {}, ("Anna", "Boris"), knock_deal),
    "gin pagat": ("gin", "pagat", {}, ("Anna", "Boris"), knock_deal),
    "gin modern": ("gin", "modern", {}, ("Anna", "Boris"), knock_deal),
    "gin bicycle": ("gin", "bicycle", {}, ("Anna", "Boris"), knock_deal),
    "gin hollywood": ("gin", "ru", {"scoring": "hollywood"}, ("Anna", "Boris"), knock_deal),
    "oklahoma": ("oklahoma", None, {}, ("Anna", "Boris"), knock_deal),
    "bridge": ("bridge", None, {}, ("Anna", "Boris", "Carl", "Dora"), bridge_deal),
    "rummy": ("rummy", None, {}, ("Anna", "Boris", "Carl"), going_out_deal),
    "polish": ("polish", None, {}, ("Anna", "Vera", "Gleb"), going_out_deal),
    "remibrydz": ("remibrydz", None, {}, ("Anna", "Boris", "Carl"), going_out_deal),
    "remibrydz small": ("remibrydz", "small", {}, ("Anna", "Boris"), going_out_deal),
    "boat": ("boat", None, {}, ("Valery", "Kirill", "Mikhail", "Nikolai"), going_out_deal),
    "rummy500": ("rummy500", None, {}, ("Anna", "Boris", "Carl"), rummy500_deal),
    "continental": ("continental", None, {}, ("Anna", "Boris", "Carl"), continental_deal),
    "continental chips": ("continental", "bicycle", {}, ("Anna", "Boris"), continental_deal),
}


def sheet_of(case: str) -> Sheet:
    variant, preset, rules, players, _deal = CASES[case]
    return Sheet(
        variant=variant, players=players, preset=preset, rules=rules, stake=Decimal("0.10")
    )


def dealt(state: Replay, case: str, rnd: random.Random) -> tuple[DealEntry, DealResult]:
    """A random deal that scores (the makers aim at legal deals; a knock over the limit or
    a hand that does not show the closing stated is dealt again) and its result."""
    make = CASES[case][4]
    for _ in range(60):
        entry = make(state.rules, state.tally.active(), rnd)
        try:
            _canonical, step = state.fork().apply(entry)
        except RemikcalcError:
            continue
        assert isinstance(step.result, DealResult)
        return entry, step.result
    raise AssertionError(f"{case}: no scoring deal in 60 tries")


_SPECIALS = ("colour", "figures", "full_colour")


def as_counts(rules: Rules, entry: DealEntry, result: DealResult, rnd: random.Random) -> DealEntry:
    """The deal as a table that counted it says it: each player's count (the hands' own
    points), the closer's 0 left out where the rules allow, and what no count can show
    stated (a big gin, a bridge special); rummy 500's melded values."""
    how = entry.how
    if result.outcome == "big_gin" or result.outcome in _SPECIALS:
        how = result.outcome
    counts = dict(result.points)
    closer = result.closer
    said = how in (*_SPECIALS, "remik", "gin", "big_gin")  # the closing says it: 0
    may_leave_out = rules.spec.closing == "went_out" or said
    if closer is not None and counts.get(closer) == 0 and may_leave_out and rnd.random() < 0.5:
        del counts[closer]
    melded_value = None
    if "melded" in rules.spec.inputs:
        assert result.details is not None
        values = {p: d.melded for p, d in result.details.players.items() if d.melded}
        melded_value = values or None
    return DealEntry(
        counts=counts,
        closer=entry.closer,
        how=how,
        draw=entry.draw,
        upcard=entry.upcard,
        plus=entry.plus,
        first_turn=entry.first_turn,
        no_draw=entry.no_draw,
        melded_value=melded_value,
    )


def same_deal(by_cards: DealResult, by_counts: DealResult) -> None:
    assert by_counts.outcome == by_cards.outcome
    assert by_counts.closer == by_cards.closer
    assert by_counts.winner == by_cards.winner
    assert by_counts.points == by_cards.points
    assert by_counts.scores == by_cards.scores
    assert by_counts.payments == by_cards.payments
    assert not any("points only" in reason for reason in by_counts.reasons)


def same_sheet(by_cards: Replay, by_counts: Replay) -> None:
    a, b = by_cards.tally, by_counts.tally
    assert (b.totals, b.finished, b.winner, b.eliminated()) == (
        a.totals,
        a.finished,
        a.winner,
        a.eliminated(),
    )
    assert [s.game for s in by_counts.steps] == [s.game for s in by_cards.steps]
    cards, counts = settle(by_cards), settle(by_counts)
    assert counts.net == cards.net and counts.pool == cards.pool
    assert counts.money == cards.money and counts.transfers == cards.transfers


def play(case: str, seed: int, deals: int) -> None:
    """``deals`` random deals in a row, by cards on one sheet and by counts on another."""
    rnd = random.Random(seed)
    by_cards, by_counts = start(sheet_of(case)), start(sheet_of(case))
    for _ in range(deals):
        if by_cards.tally.closed() is not None:  # Hollywood's three columns are won
            break
        entry, result = dealt(by_cards, case, rnd)
        counted = as_counts(by_cards.rules, entry, result, rnd)
        by_cards.apply(entry)
        _canonical, step = by_counts.apply(counted)
        assert isinstance(step.result, DealResult)
        same_deal(result, step.result)
        assert step.totals == by_cards.steps[-1].totals
    same_sheet(by_cards, by_counts)
    # and the counts deals written to a sheet read back the same
    again = sheet_from_text(dump_sheet(by_counts.sheet))
    assert again.entries == by_counts.sheet.entries


@pytest.mark.parametrize("case", list(CASES))
def test_every_variant_scores_a_deal_by_counts_as_by_its_cards(case: str) -> None:
    for seed in range(2):
        play(case, seed, deals=5)


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(list(CASES)), st.integers(0, 2**32 - 1), st.integers(1, 12))
def test_property_random_deals_by_counts_settle_as_by_cards(case: str, seed: int, n: int) -> None:
    play(case, seed, deals=n)


# --- the seeds' worked examples, by counts --------------------------------------------------------


def example(name: str) -> Path:
    from importlib.resources import files

    return Path(str(files("remikcalc") / "examples" / name))


def checked_by_counts(tmp_path: Path, name: str, entries: list[DealEntry]) -> dict[str, Any]:
    """The bundled example ``name`` with its deals given as counts: ``check`` holds the
    settlement against the example's own ``expect``; the settle JSON is returned."""
    sheet = load_sheet(str(example(name)))
    path = tmp_path / Path(name).name
    path.write_text(dump_sheet(sheet.with_entries(entries)), encoding="utf-8")
    ok("check", str(path))
    data: dict[str, Any] = json.loads(ok("settle", str(path), "--json").output)
    return data


def test_the_boat_seed_by_counts_pays_114_99_and_96(tmp_path: Path) -> None:
    # seed 001: plus 88; Kirill's 9C 7H 9D QD count 26 under the pair rule, Mikhail's AH AS
    # 11, Nikolai's 8S 8; each pays 88 + his count: 114, 99, 96; Valery +309.
    deal = DealEntry(closer="Valery", plus=88, counts={"Kirill": 26, "Mikhail": 11, "Nikolai": 8})
    data = checked_by_counts(tmp_path, "boat/seed-114-99-96.yaml", [deal])
    (only,) = data["deals"]
    assert [(p["from"], p["amount"]) for p in only["payments"]] == [
        ("Kirill", "114"),
        ("Mikhail", "99"),
        ("Nikolai", "96"),
    ]
    assert only["points"] == {"Valery": 0, "Kirill": 26, "Mikhail": 11, "Nikolai": 8}
    assert "Kirill pays 88 + 26 = 114" in only["reasons"]


def test_the_gin_seed_236_by_counts(tmp_path: Path) -> None:
    # seed 002's seven deals as the table counted them (the example's _work): Anna knocks 5
    # against 17 (+12); knocks 8, Boris has 3 after lay-offs: an undercut, 8 - 3 + 25 = 30;
    # gin against 20 (+45); Boris knocks 2 against 12 (+10); then 4/18, 1/14 and 3/20 (+14,
    # +13, +17). Anna 101 in five hands, Boris 40 in two: 101 + 100 + 25 × 3 − 40 = 236,
    # 23.60 PLN at 0.10 a point.
    said = [("Anna", 5, 17), ("Anna", 8, 3), ("Anna", 0, 20), ("Boris", 2, 12)]
    said += [("Anna", 4, 18), ("Anna", 1, 14), ("Anna", 3, 20)]
    entries = [
        DealEntry(closer=closer, counts={closer: k, "Boris" if closer == "Anna" else "Anna": d})
        for closer, k, d in said
    ]
    data = checked_by_counts(tmp_path, "gin/ru-seed-236.yaml", entries)
    assert data["net"] == {"Anna": "236", "Boris": "-236"}
    assert data["transfers"] == [{"from": "Boris", "to": "Anna", "amount": "23.60"}]
    assert [d["outcome"] for d in data["deals"]][:3] == ["knock", "undercut", "gin"]


@pytest.fixture
def polish(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    ok("new", "p.yaml", "-v", "polish", "--players", "Anna,Vera,Gleb", "--stake", "0.05")
    return tmp_path / "p.yaml"


def test_the_polish_table_of_the_evening_collects_for_the_winner(polish: Path) -> None:
    # EVENING.md B1: Vera 23, Gleb 41 left in hand, Anna went out: Anna collects 23 + 41 = 64.
    # Money at 0.05 a point: the totals against their mean (0): +3.20, -1.15, -2.05.
    added = ok("add", "p.yaml", "--closer", "Anna", "--count", "Vera=23", "--count", "Gleb=41")
    assert added.output.startswith(
        "Deal 1: Anna went out; Anna wins the deal\n\n"
        "player    count    score\n"
        "--------  -------  -------\n"
        "Anna      0        64\n"
        "Vera      23       -23\n"
        "Gleb      41       -41\n\n"
        "Why:\n"
        "  - Vera's hand counts 23\n"
        "  - Gleb's hand counts 41\n"
        "  - Anna went out and collects 23 + 41 = 64\n\n"
        "Totals: Anna 64, Vera -23, Gleb -41\n"
    )
    assert "Money so far: Anna +3.20, Vera -1.15, Gleb -2.05" in added.output
    assert polish.read_text(encoding="utf-8").endswith(
        "deals:\n  - closer: Anna\n    counts: {Vera: 23, Gleb: 41}\n"
    )
    data = json.loads(ok("settle", "p.yaml", "--json").output)
    assert data["deals"][0]["points"] == {"Anna": 0, "Vera": 23, "Gleb": 41}
    assert data["deals"][0]["scores"] == {"Anna": 64, "Vera": -23, "Gleb": -41}
    assert data["money"] == {"Anna": "3.20", "Vera": "-1.15", "Gleb": "-2.05"}


def test_the_polish_table_in_polish(polish: Path) -> None:
    added = ok(
        "add", "p.yaml", "--closer", "Anna", "--count", "Vera=23", "--count", "Gleb=41", lang="pl"
    )
    assert added.output.startswith("Rozdanie 1: Anna zamyka rozdanie; wygrywa Anna\n")
    assert "  - Anna zamyka i zbiera 23 + 41 = 64\n" in added.output


# --- counts that cannot be: refused, typed, the file unchanged ------------------------------------

#: the sheets the refusals are tried on: variant, preset, players, entries before
SHEETS: dict[str, tuple[str, str | None, list[str], list[dict[str, Any]]]] = {
    "polish": ("polish", None, ["Anna", "Vera", "Gleb"], []),
    "gin": ("gin", None, ["Anna", "Boris"], []),
    "oklahoma": ("oklahoma", None, ["Anna", "Boris"], []),
    # Boris adds 100 against Anna's remik: he is out of the game
    "bridge": (
        "bridge",
        None,
        ["Anna", "Boris", "Carl"],
        [{"closer": "Anna", "counts": {"Anna": 0, "Boris": 100, "Carl": 10}}],
    ),
    "rummy500": ("rummy500", None, ["Anna", "Boris"], []),
    "continental": ("continental", None, ["Anna", "Boris", "Carl"], []),
    "chips": ("continental", "bicycle", ["Anna", "Boris", "Carl"], []),
}

# sheet, the entry, code, player, what the message says (English; the file is unchanged)
REFUSALS: list[tuple[str, dict[str, Any], str, str | None, str]] = [
    (
        "polish",
        {"closer": "Anna", "counts": {"Vera": -3, "Gleb": 41}},
        "count_negative",
        "Vera",
        "the count for Vera cannot be negative (got -3)",
    ),
    (
        "polish",
        {"closer": "Anna", "counts": {"Vera": 500, "Gleb": 41}},
        "count_too_high",
        "Vera",
        "Vera cannot count 500: the 15 highest cards a polish hand can hold count 170",
    ),
    (
        "polish",
        {"closer": "Anna", "counts": {"Vera": 0, "Gleb": 41}},
        "count_too_low",
        "Vera",
        "Vera counts 0, but only Anna went out: the cards left in a hand count at least 1",
    ),
    (
        "polish",
        {"closer": "Anna", "counts": {"Vera": 23}},
        "count_missing",
        "Gleb",
        "Gleb's count is missing: give what is left in Gleb's hand",
    ),
    (
        "polish",
        {"closer": "Anna", "counts": {"Anna": 5, "Vera": 23, "Gleb": 41}},
        "closer_has_count",
        "Anna",
        "Anna went out, so Anna's count is 0, not 5; leave it out (or name the right closer)",
    ),
    (
        "polish",
        {"closer": "Anna", "counts": {"Vera": 23, "Zed": 4}},
        "unknown_player",
        "Zed",
        "player 'Zed' is not a player of this deal",
    ),
    (
        "polish",
        {"closer": "Anna", "counts": {"Vera": 23}, "hands": {"Gleb": "KC QD"}},
        "mixed_deal",
        None,
        "a deal gives hands, or counts, or scores: never two of them",
    ),
    (
        "gin",
        {"closer": "Anna", "counts": {"Anna": 11, "Boris": 30}},
        "over_knock_limit",
        "Anna",
        "Anna knocked with 11 in deadwood, but the knock limit is 10",
    ),
    (
        "gin",
        {"closer": "Anna", "how": "gin", "counts": {"Anna": 4, "Boris": 30}},
        "claim_not_shown",
        "Anna",
        "Anna claims gin, but counts 4",
    ),
    (
        "oklahoma",
        {"closer": "Anna", "upcard": "3S", "counts": {"Anna": 5, "Boris": 30}},
        "over_knock_limit",
        "Anna",
        "Anna knocked with 5 in deadwood, but the knock limit is 3",
    ),
    (
        "bridge",
        {"closer": "Anna", "counts": {"Anna": 6, "Carl": 30}},
        "over_knock_limit",
        "Anna",
        "Anna knocked with 6 in deadwood, but the knock limit is 5",
    ),
    (
        "bridge",
        {"closer": "Anna", "how": "colour", "counts": {"Anna": 7, "Carl": 30}},
        "closer_has_count",
        "Anna",
        "Anna closed with a colour: nothing of Anna's hand is added, so Anna's count is 0, "
        "not 7; leave it out",
    ),
    (
        "bridge",
        {"closer": "Anna", "counts": {"Anna": 3, "Boris": 5, "Carl": 4}},
        "player_out",
        "Boris",
        "Boris is out (total 100, out at 100) and does not play",
    ),
    (
        "rummy500",
        {"closer": "Anna", "counts": {"Boris": 20}, "melded_value": {"Anna": 500}},
        "melded_value_too_high",
        "Anna",
        "Anna cannot have melded 500: every card of the rummy500 pack together is worth 396",
    ),
    (
        "rummy500",
        {"closer": "Anna", "hands": {"Boris": "KC"}, "melded_value": {"Anna": 30}},
        "melded_value_without_counts",
        None,
        "melded values go with a deal entered as counts",
    ),
    (
        "continental",
        {"closer": "Anna", "counts": {"Boris": 14, "Carl": 15}},
        "count_too_low",
        "Boris",
        "Boris cannot pay 14: a loser's 15 cards pay 1 each and a joker 2, 15 to 17 in all",
    ),
    (
        "continental",
        {"closer": "Anna", "counts": {"Boris": 17, "Carl": 17}},
        "count_impossible",
        None,
        "the losers' counts pay for 4 jokers, but the continental pack has only 2",
    ),
    (
        "chips",
        {"closer": "Anna", "counts": {"Boris": 3, "Carl": 4}},
        "count_impossible",
        "Carl",
        "under chips every loser pays the winner the same, but Boris pays 3 and Carl pays 4",
    ),
    (
        "chips",
        {"closer": "Anna", "first_turn": True, "counts": {"Boris": 3, "Carl": 3}},
        "count_too_low",
        "Boris",
        "Boris cannot pay 3: a loser pays at least 8, going out on the first turn included",
    ),
]


def sheet_for(tmp_path: Path, name: str) -> remikcalc.SheetFile:
    variant, preset, players, before = SHEETS[name]
    book = remikcalc.new_sheet(
        tmp_path / f"{name}.yaml", variant=variant, players=players, preset=preset
    )
    for entry in before:
        book.add(entry)
    return book


def command_line(entry: dict[str, Any]) -> list[str]:
    """The ``add`` options that give ``entry``."""
    args: list[str] = []
    for key, value in entry.items():
        if key in ("counts", "melded_value"):
            option = "--count" if key == "counts" else "--melded-value"
            args += [a for p, n in value.items() for a in (option, f"{p}={n}")]
        elif key == "hands":
            args += [f"{p}={cards}" for p, cards in value.items()]
        elif value is True:
            args.append("--" + key.replace("_", "-"))
        else:
            args += ["--" + key, str(value)]
    return args


@pytest.mark.parametrize(("name", "entry", "code", "player", "said"), REFUSALS)
def test_a_count_that_cannot_be_is_refused_typed_and_the_file_is_unchanged(
    tmp_path: Path, name: str, entry: dict[str, Any], code: str, player: str | None, said: str
) -> None:
    book = sheet_for(tmp_path, name)
    before = Path(book.path).read_bytes()
    with pytest.raises(RemikcalcError) as refused:
        book.add(entry)
    error = refused.value
    assert (error.code, error.player) == (code, player), str(error)
    assert error.field in ("counts", "melded_value"), error.field
    assert said in str(error)
    assert Path(book.path).read_bytes() == before
    result = fails("add", book.path, *command_line(entry))
    assert said in result.output and f"{book.path} is unchanged." in result.output
    assert Path(book.path).read_bytes() == before


def test_counts_that_are_no_whole_numbers_are_refused_typed(tmp_path: Path) -> None:
    book = sheet_for(tmp_path, "polish")
    before = Path(book.path).read_bytes()
    result = fails("add", book.path, "--closer", "Anna", "--count", "Vera=2.5", "--count", "Gleb=4")
    assert "--count Vera=2.5: '2.5' is not a whole number" in result.output
    for typed in (2.5, "2.5", "many"):
        with pytest.raises(SheetError) as refused:
            book.add({"closer": "Anna", "counts": {"Vera": typed, "Gleb": 4}})
        error = refused.value
        assert (error.code, error.field, error.player) == ("count_not_whole", "counts", "Vera")
        assert "counts.Vera" in str(error)
    assert Path(book.path).read_bytes() == before
    # a sheet file with such a count does not load, and says where
    Path(book.path).write_text(
        before.decode() + "  - closer: Anna\n    counts: {Vera: -1, Gleb: 4}\n", encoding="utf-8"
    )
    result = fails("show", book.path)
    assert "counts.Vera: the count for Vera cannot be negative (got -1)" in result.output


def test_a_count_given_twice_is_refused(tmp_path: Path) -> None:
    book = sheet_for(tmp_path, "polish")
    with pytest.raises(DealError) as refused:
        book.add({"closer": "Anna", "counts": {"Vera": 23, "vera": 24, "Gleb": 4}})
    assert (refused.value.code, refused.value.player) == ("given_twice", "Vera")


def test_counts_with_points_and_melded_values_elsewhere_are_refused(tmp_path: Path) -> None:
    book = sheet_for(tmp_path, "polish")
    with pytest.raises(DealError, match="never two of them"):
        book.add({"counts": {"Vera": 23}, "scores": {"Anna": 23}})
    with pytest.raises(DealError, match="melded values are only an input in rummy500"):
        book.add({"closer": "Anna", "counts": {"Vera": 3, "Gleb": 4}, "melded_value": {"Anna": 9}})


@pytest.mark.parametrize(
    ("name", "entry", "said"),
    [
        (
            "polish",
            {"closer": "Anna", "counts": {"Vera": -3, "Gleb": 41}},
            "punkty na ręce (Vera): wartość nie może być ujemna (podano -3)",
        ),
        (
            "polish",
            {"closer": "Anna", "counts": {"Vera": 23}},
            "nie podano punktów na ręce gracza Gleb: podaj wartość kart, które zostały na ręce",
        ),
        (
            "polish",
            {"closer": "Anna", "counts": {"Anna": 5, "Vera": 23, "Gleb": 41}},
            "Anna zamyka rozdanie, więc ma na ręce 0, nie 5; pomiń te punkty (albo podaj "
            "właściwego zamykającego)",
        ),
        (
            "polish",
            {"closer": "Anna", "counts": {"Vera": 500, "Gleb": 41}},
            "Vera nie może mieć 500 na ręce: 15 najwyższych kart, jakie może trzymać ręka w "
            "remiku polskim, to razem 170",
        ),
        (
            "bridge",
            {"closer": "Anna", "how": "colour", "counts": {"Anna": 7, "Carl": 30}},
            "Anna zamyka: kolor; z ręki nic się nie dolicza, więc Anna ma 0, nie 7; pomiń te "
            "punkty",
        ),
        (
            "continental",
            {"closer": "Anna", "counts": {"Boris": 17, "Carl": 17}},
            "w płatnościach przegranych jest jokerów: 4, a talia remika kontynentalnego ma ich "
            "tylko 2",
        ),
    ],
)
def test_the_refusals_in_polish(
    tmp_path: Path, name: str, entry: dict[str, Any], said: str
) -> None:
    book = sheet_for(tmp_path, name)
    before = Path(book.path).read_bytes()
    result = fails("add", book.path, *command_line(entry), lang="pl")
    assert said in result.output, result.output
    assert Path(book.path).read_bytes() == before


# --- what the sheet, the command line and the JSON say -------------------------------------------


def test_show_and_the_json_say_who_went_out_for_counts_and_points_with_a_closer(
    polish: Path,
) -> None:
    # EVENING.md B16: a deal with its closer known says what the closer did, whether it was
    # given as counts or as final points; a points deal without a closer stays "points only".
    ok("add", "p.yaml", "--closer", "Anna", "--count", "Vera=23", "--count", "Gleb=41")
    ok("add", "p.yaml", "--closer", "Vera", "--score", "Anna=-30", "--score", "Vera=42",
       "--score", "Gleb=-12")  # fmt: skip
    ok("add", "p.yaml", "--score", "Anna=5", "--score", "Gleb=-5")
    shown = ok("show", "p.yaml").output
    assert "1    Anna went out  Anna +64, Vera -23, Gleb -41" in shown
    assert "2    Vera went out  Anna -30, Vera +42, Gleb -12" in shown
    assert "3    points only    Anna +5, Gleb -5" in shown
    rows = json.loads(ok("show", "p.yaml", "--json").output)["rows"]
    assert [r["entry"] for r in rows] == ["Anna went out", "Vera went out", "points only"]
    deals = json.loads(ok("settle", "p.yaml", "--json").output)["deals"]
    assert [d["outcome"] for d in deals] == ["out", "out", "scores"]
    assert deals[1]["reasons"] == ["entered as points only"]  # its numbers taken as given
    assert "how:" not in polish.read_text(encoding="utf-8")  # the sheet keeps what was typed
    pl = ok("show", "p.yaml", lang="pl").output
    assert "Anna zamyka rozdanie" in pl and "Vera zamyka rozdanie" in pl


def test_a_knock_game_points_deal_says_who_knocked_and_who_undercut(tmp_path: Path) -> None:
    book = remikcalc.new_sheet(tmp_path / "g.yaml", variant="gin", players=["Anna", "Boris"])
    book.add({"closer": "Anna", "scores": {"Anna": 12}})
    book.add({"closer": "Anna", "scores": {"Boris": 30}})
    rows = json.loads(ok("show", book.path, "--json").output)["rows"]
    assert [r["entry"] for r in rows] == ["Anna knocked", "Boris undercuts Anna"]


def test_add_prints_a_counts_deal_with_its_reasons_and_the_json_points_are_the_counts(
    tmp_path: Path,
) -> None:
    # Oklahoma, up-card 7S: the knock limit is 7 and a spade doubles. Anna knocks with 5,
    # Boris has 17 after his lay-offs: 17 - 5 = 12, doubled 24.
    ok("new", str(tmp_path / "o.yaml"), "-v", "oklahoma", "--players", "Anna,Boris")
    args = ["--closer", "Anna", "--upcard", "7S", "--count", "Anna=5", "--count", "Boris=17"]
    result = ok("add", str(tmp_path / "o.yaml"), *args)
    assert result.output.startswith(
        "Deal 1: Anna knocked; Anna wins the deal\n\n"
        "player    count    score\n"
        "--------  -------  -------\n"
        "Anna      5        24\n"
        "Boris     17       0\n\n"
        "Why:\n"
        "  - up-card 7S sets the knock limit to 7\n"
        "  - up-card 7S is a spade: the deal's score is doubled\n"
        "  - knock: Anna has 5 (limit 7), Boris has 17; Anna scores 17 - 5 = 12\n"
        "  - spade up-card doubles the deal: 12 × 2 = 24\n"
    )
    undone = ok("undo", str(tmp_path / "o.yaml"), "--json")
    data = json.loads(ok("add", str(tmp_path / "o.yaml"), *args, "--json").output)["added"]
    assert data["points"] == {"Anna": 5, "Boris": 17} and data["scores"] == {"Anna": 24, "Boris": 0}
    assert (data["outcome"], data["winner"], data["payments"]) == ("knock", "Anna", [])
    assert json.loads(undone.output)["add_again"] == (
        f"remikcalc add {tmp_path / 'o.yaml'} --closer Anna --upcard 7S --count Anna=5 "
        "--count Boris=17"
    )


def test_round_scores_counts_and_says_why(tmp_path: Path) -> None:
    # bridge: Anna closes with 0 and no how: a remik (-10, 1 stake from each); Boris adds 23,
    # Carl 41.
    result = ok(
        "round", "bridge", "--closer", "Anna", "--count", "Anna=0", "--count", "Boris=23",
        "--count", "Carl=41", "--json",
    )  # fmt: skip
    deal = json.loads(result.output)
    assert (deal["outcome"], deal["scores"]) == ("remik", {"Anna": -10, "Boris": 23, "Carl": 41})
    assert deal["details"] == {"players": {}, "closing": "remik", "bonus": 10, "knock_limit": 5}
    assert [p["amount"] for p in deal["payments"]] == ["1", "1"]


def test_edit_changes_one_count_and_keeps_the_rest(polish: Path) -> None:
    ok("add", "p.yaml", "--closer", "Anna", "--how", "one_go", "--count", "Vera=23",
       "--count", "Gleb=41")  # fmt: skip
    result = ok("edit", "p.yaml", "1", "--count", "vera=32")
    # one go doubles: Anna (32 + 41) × 2 = 146
    assert "Totals: Anna 146, Vera -64, Gleb -82" in result.output
    (entry,) = load_sheet("p.yaml").entries
    assert entry == DealEntry(closer="Anna", how="one_go", counts={"Vera": 32, "Gleb": 41})
    # cards given over counts replace the deal whole (Anna, with no hand, went out)
    ok("edit", "p.yaml", "1", "Vera=KC QD", "Gleb=2C")
    (entry,) = load_sheet("p.yaml").entries
    assert entry == DealEntry(hands={"Vera": "KC QD", "Gleb": "2C"})


def test_undo_prints_the_line_that_puts_a_counts_deal_back(polish: Path) -> None:
    before = polish.read_bytes()
    ok("add", "p.yaml", "--closer", "Anna", "--count", "Vera=23", "--count", "Gleb=41")
    added = polish.read_bytes()
    said = ok("undo", "p.yaml").output.splitlines()
    line = next(s for s in said if s.startswith("To put it back: "))
    assert (
        line == "To put it back: remikcalc add p.yaml --closer Anna --count Vera=23 --count Gleb=41"
    )
    assert polish.read_bytes() == before
    import shlex

    ok(*shlex.split(line.removeprefix("To put it back: remikcalc ")))
    assert polish.read_bytes() == added


def test_rename_renames_the_counts_and_melded_values(tmp_path: Path) -> None:
    book = remikcalc.new_sheet(tmp_path / "r.yaml", variant="rummy500", players=["Anna", "Boris"])
    book.add({"closer": "Anna", "counts": {"Boris": 20}, "melded_value": {"Anna": 45, "Boris": 9}})
    book.rename("Boris", "Borys")
    (entry,) = load_sheet(book.path).entries
    assert isinstance(entry, DealEntry)
    assert entry.counts == {"Borys": 20} and entry.melded_value == {"Anna": 45, "Borys": 9}
    # rummy 500: Anna 45 melded, 0 in hand: +45; Borys 9 - 20 = -11
    assert book.replay().tally.totals == {"Anna": 45, "Borys": -11}


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from remikcalc.commands import prompts

    monkeypatch.setattr(prompts, "interactive", lambda: True)


@pytest.mark.usefixtures("terminal")
def test_a_counts_deal_can_be_answered_on_a_terminal(polish: Path) -> None:
    result = ok("add", "p.yaml", input="counts\nAnna\n23\n41\n\n")
    assert (
        "Who closed the deal (knocked, went out)? (Anna, Vera, Gleb, draw): Anna\n"
        "Vera's count (the points left in hand): 23\n"
        "Gleb's count (the points left in hand): 41\n"
        "Did Anna go out in one go? [y/N]: \n"
        "Deal 1: Anna went out; Anna wins the deal\n"
    ) in result.output
    (entry,) = load_sheet("p.yaml").entries
    assert entry == DealEntry(closer="Anna", counts={"Vera": 23, "Gleb": 41})
    # Anna's 0 is refused, and the deal asked again whole
    answers = "na ręce\nVera\n0\n5\nt\nVera\n5\n9\nt\n"
    result = ok("add", "p.yaml", input=answers, lang="pl")
    assert "Punkty na ręce gracza Anna: 0\n" in result.output
    assert "Błąd: Anna: na ręce 0, a zamyka tylko Vera" in result.output
    assert load_sheet("p.yaml").entries[-1] == DealEntry(
        closer="Vera", how="one_go", counts={"Anna": 5, "Gleb": 9}
    )


def test_the_python_api_and_the_pads_json_api_take_counts(tmp_path: Path) -> None:
    from tests.padkit import join, make_pad

    book = remikcalc.new_sheet(
        tmp_path / "b.yaml", variant="boat", players=["Valery", "Kirill", "Mikhail", "Nikolai"]
    )
    seed = {"closer": "Valery", "plus": 88, "counts": {"Kirill": 26, "Mikhail": 11, "Nikolai": 8}}
    written = book.add(seed)
    assert written.step is not None and written.step.totals["Valery"] == 309
    phone = join(*make_pad(tmp_path))
    sheet_id = phone.sheet_id("b.yaml")
    version = phone.get(f"/api/sheets/{sheet_id}").json()["version"]
    body = {"version": version, "entry": {**seed, "closer": "Kirill", "counts": {
        "Valery": 10, "Mikhail": 11, "Nikolai": 8}}}  # fmt: skip
    answer = phone.api("POST", f"/api/sheets/{sheet_id}/entries", body)
    assert answer.status_code == 201, answer.text
    assert answer.json()["deal"]["scores"]["Kirill"] == 98 + 99 + 96
    before = Path(book.path).read_bytes()
    version = answer.json()["version"]
    bad = {"version": version, "entry": {"closer": "Kirill", "counts": {"Valery": -1}}}
    refused = phone.api("POST", f"/api/sheets/{sheet_id}/entries", bad)
    assert refused.status_code == 422
    assert Path(book.path).read_bytes() == before


def test_stats_count_a_counts_deal_as_one_with_hands(polish: Path) -> None:
    # the counts are what each loser was caught with, and the closer's going out is his
    ok("add", "p.yaml", "--closer", "Anna", "--count", "Vera=23", "--count", "Gleb=41")
    players = json.loads(ok("stats", "p.yaml", "--json").output)["players"]
    assert players["Anna"]["outcomes"] == {"out": 1} and players["Anna"]["won"] == 1
    assert (players["Vera"]["worst_caught"], players["Gleb"]["worst_caught"]) == (23, 41)
