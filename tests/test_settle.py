"""Settlement arithmetic, worked by hand, on hand-made deal results (docs/RULES.md §1-§10)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from remikcalc.base.errors import DealError, SettleError
from remikcalc.base.money import (
    currency_decimals,
    decimal_text,
    fewest_transfers,
    greedy_transfers,
    parse_amount,
    round_spread,
)
from remikcalc.rules.families import Family, OutcomeCode
from remikcalc.rules.variants import VARIANTS as ALL_VARIANTS
from remikcalc.rules.variants import get_rules
from remikcalc.scoring.bridge import BridgeTally, closing_payments
from remikcalc.scoring.goingout import MeanTally
from remikcalc.scoring.knock import KnockTally
from remikcalc.scoring.result import DealResult, Payment
from remikcalc.scoring.rummy500 import Rummy500Tally
from remikcalc.scoring.tally import PaymentTally, make_tally
from remikcalc.session import Replay
from remikcalc.sheet import Entry

AB = ("Anna", "Boris")
ABC = ("Anna", "Boris", "Carl")


def won(winner: str, points: int, players: tuple[str, ...] = AB) -> DealResult:
    """A knock-game deal won by ``winner`` for ``points``."""
    scores = dict.fromkeys(players, 0)
    scores[winner] = points
    return DealResult("knock", winner, winner, {}, scores)


def draw(players: tuple[str, ...] = AB) -> DealResult:
    return DealResult("draw", None, None, {}, dict.fromkeys(players, 0))


def gin_tally(preset: str = "ru", **rules: object) -> KnockTally:
    tally = make_tally(get_rules("gin", preset, {k: str(v) for k, v in rules.items()}), AB)
    assert isinstance(tally, KnockTally)
    return tally


# --- money: amounts, rounding, transfers ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1.5", "1.5"),
        ("1,5", "1.5"),
        ("0.10", "0.10"),
        ("3", "3"),
        (" 2 ", "2"),
        (".5", "0.5"),
        ("+1", "1"),
        ("0", "0"),
    ],
)
def test_stake_typed_with_point_or_comma_is_exact(text: str, value: str) -> None:
    assert parse_amount(text) == Decimal(value)
    assert str(parse_amount(text)) == value


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("-1", "negative"),
        ("abc", "not a decimal"),
        ("1e3", "not a decimal"),
        ("", "not a decimal"),
        ("NaN", "not a decimal"),
        ("1,000.50", "not a decimal"),
        ("0.125", "more decimals"),
        ("Infinity", "not a decimal"),
    ],
)
def test_bad_stakes_are_refused_with_a_reason(text: str, why: str) -> None:
    with pytest.raises(SettleError, match=why):
        parse_amount(text, decimals=2)


def test_minor_unit_follows_the_currency() -> None:
    assert currency_decimals("PLN") == 2
    assert currency_decimals("jpy") == 0
    assert currency_decimals("KWD") == 3
    assert parse_amount("0.125", decimals=currency_decimals("KWD")) == Decimal("0.125")
    with pytest.raises(SettleError, match="whole units"):
        parse_amount("1.5", decimals=currency_decimals("JPY"))


def test_decimal_text_is_exact_or_none() -> None:
    assert decimal_text(Fraction(236)) == "236"
    assert decimal_text(Fraction(-1, 2)) == "-0.5"
    assert decimal_text(Fraction(3, 8)) == "0.375"
    assert decimal_text(Fraction(0)) == "0"
    assert decimal_text(Fraction(1, 3)) is None


def test_rounding_half_up_once_with_the_remainder_spread() -> None:
    # 1/3 of 10.00 each: 3.333.. rounds to 3.33 three times = 9.99, and -10 stays -10.00:
    # one cent too little; it goes to the first of the equal remainders (Anna).
    third = Fraction(10, 3)
    money = round_spread({"Anna": third, "Boris": third, "Carl": third, "Dora": Fraction(-10)}, 2)
    assert money == {
        "Anna": Decimal("3.34"),
        "Boris": Decimal("3.33"),
        "Carl": Decimal("3.33"),
        "Dora": Decimal("-10.00"),
    }
    # ties go away from zero: 0.125 -> 0.13, -0.125 -> -0.13 (still zero-sum)
    assert round_spread({"A": Fraction(1, 8), "B": Fraction(-1, 8)}, 2) == {
        "A": Decimal("0.13"),
        "B": Decimal("-0.13"),
    }
    # 0.125 + 0.125 - 0.25: 0.13 + 0.13 - 0.25 is a cent over; it is taken back from the
    # first of the two rounded up by the same half cent
    assert round_spread({"A": Fraction(1, 8), "B": Fraction(1, 8), "C": Fraction(-1, 4)}, 2) == {
        "A": Decimal("0.12"),
        "B": Decimal("0.13"),
        "C": Decimal("-0.25"),
    }
    assert round_spread({"A": Fraction(5, 2)}, 0) == {"A": Decimal("3")}


def test_fewest_transfers_beats_greedy_where_groups_exist() -> None:
    # +4 +3 +2 -5 -4: greedy pays -5 -> +4, then -4 -> +3, then two -1s: 4 transfers.
    # Split {+4, -4} and {+3, +2, -5}: 1 + 2 = 3 transfers.
    balances = {
        "A": Fraction(4),
        "B": Fraction(3),
        "C": Fraction(2),
        "D": Fraction(-5),
        "E": Fraction(-4),
    }
    assert len(greedy_transfers(balances)) == 4
    best = fewest_transfers(balances)
    assert [(t.payer, t.payee, t.amount) for t in best] == [
        ("D", "B", Fraction(3)),
        ("D", "C", Fraction(2)),
        ("E", "A", Fraction(4)),
    ]


def test_transfers_of_an_unbalanced_settlement_are_refused() -> None:
    with pytest.raises(SettleError):
        fewest_transfers({"A": Fraction(1), "B": Fraction(-2)})


amounts = st.lists(st.integers(-500, 500), min_size=1, max_size=9)


@given(amounts, st.integers(0, 3))
@settings(max_examples=150, deadline=None)
def test_transfers_square_every_balance_and_never_exceed_greedy(values: list[int], d: int) -> None:
    values.append(-sum(values))
    balances = {f"P{i}": Fraction(v, 10**d) for i, v in enumerate(values)}
    transfers = fewest_transfers(balances)
    left = dict(balances)
    for t in transfers:
        assert t.amount > 0
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    assert all(v == 0 for v in left.values())
    assert len(transfers) <= len(greedy_transfers(balances))
    assert len(transfers) <= max(0, sum(1 for v in values if v) - 1)
    assert transfers == fewest_transfers(balances)  # deterministic


def _most_zero_sum_groups(values: list[int]) -> int:
    """Brute force: the most groups a zero-sum list of non-zero values splits into."""
    if not values:
        return 0
    first, rest = values[0], values[1:]
    best = 0
    for mask in range(1 << len(rest)):
        group = [v for i, v in enumerate(rest) if mask >> i & 1]
        if first + sum(group) == 0:
            left = [v for i, v in enumerate(rest) if not mask >> i & 1]
            best = max(best, 1 + _most_zero_sum_groups(left))
    return best


@given(st.lists(st.integers(-6, 6).filter(bool), min_size=1, max_size=7))
@settings(max_examples=150, deadline=None)
def test_fewest_transfers_is_the_exact_minimum(values: list[int]) -> None:
    if sum(values):
        values.append(-sum(values))
    # n parties need exactly n − g transfers, g = the most zero-sum groups (brute force)
    expected = len(values) - _most_zero_sum_groups(values)
    balances = {f"P{i}": Fraction(v) for i, v in enumerate(values)}
    assert len(fewest_transfers(balances)) == expected


@pytest.mark.slow
@given(
    st.lists(
        st.fractions(min_value=-1000, max_value=1000, max_denominator=60), min_size=1, max_size=12
    ),
    st.integers(0, 3),
)
@settings(max_examples=150, deadline=None)
def test_money_rounding_keeps_the_sum_and_moves_each_by_under_a_unit(
    values: list[Fraction], places: int
) -> None:
    values.append(-sum(values, Fraction(0)))
    rounded = round_spread({f"P{i}": v for i, v in enumerate(values)}, places)
    assert sum(rounded.values(), Decimal(0)) == 0
    for i, v in enumerate(values):
        assert abs(Fraction(rounded[f"P{i}"]) - v) < Fraction(1, 10**places)
        assert rounded[f"P{i}"].as_tuple().exponent == -places


# --- gin and oklahoma (docs/RULES.md §1-2) --------------------------------------------------------


def seed_game(tally: KnockTally) -> None:
    """The seed: Anna wins 5 hands totalling 101, Boris 2 totalling 40, in 7 deals."""
    for who, pts in [
        ("Anna", 20),
        ("Boris", 15),
        ("Anna", 30),
        ("Anna", 21),
        ("Boris", 25),
        ("Anna", 15),
        ("Anna", 15),
    ]:
        tally.add(won(who, pts))


def test_gin_seed_example_settles_to_236() -> None:
    tally = gin_tally()
    seed_game(tally)
    # 101 + game 100 + box 25 × (5 − 2) − 40 = 236
    assert tally.totals == {"Anna": 101, "Boris": 40}
    assert tally.finished and tally.winner == "Anna"
    assert tally.net() == {"Anna": 236, "Boris": -236}


def test_gin_box_term_is_negative_when_the_loser_won_more_hands() -> None:
    tally = gin_tally()
    for _ in range(4):
        tally.add(won("Boris", 20))  # Boris 80 in 4 hands
    tally.add(won("Anna", 60))
    tally.add(won("Anna", 45))  # Anna 105 in 2 hands
    # 105 + 100 + 25 × (2 − 4) − 80 = 75
    assert tally.net() == {"Anna": 75, "Boris": -75}


@pytest.mark.parametrize(
    ("preset", "shutout", "net"),
    [
        ("ru", "none", 110 + 100 + 25 * 2),  # 260: no shutout rule
        ("pagat", "game_bonus_double", 110 + 200 + 20 * 2),  # 350: game bonus doubled
        ("modern", "double", (110 + 100 + 25 * 2) * 2),  # 520: everything doubled
    ],
)
def test_gin_shutout_options(preset: str, shutout: str, net: int) -> None:
    tally = gin_tally(preset)
    assert tally.rules.shutout == shutout
    tally.add(won("Anna", 60))
    tally.add(draw())
    tally.add(won("Anna", 50))  # Anna 110 in 2 hands, Boris nothing
    assert tally.net() == {"Anna": net, "Boris": -net}


def test_gin_unfinished_game_settles_the_point_difference_without_bonuses() -> None:
    tally = gin_tally()
    tally.add(won("Anna", 30))
    tally.add(won("Boris", 12))
    assert not tally.finished and tally.winner is None
    assert tally.net() == {"Anna": 18, "Boris": -18}
    assert tally.left() == {"Anna": 70, "Boris": 88}


def test_gin_deal_after_a_finished_game_starts_the_next_game() -> None:
    tally = gin_tally()
    seed_game(tally)  # game 1: Anna +236
    tally.add(won("Boris", 70))
    tally.add(won("Boris", 40))  # game 2: Boris 110 in 2 hands, Anna 0: 110 + 100 + 50 = 260
    assert len(tally.games) == 2
    assert tally.totals == {"Anna": 0, "Boris": 110}
    assert tally.winner == "Boris"
    assert tally.net() == {"Anna": 236 - 260, "Boris": 260 - 236}
    tally.add(won("Anna", 10))  # game 3 unfinished: +10 difference
    assert tally.net() == {"Anna": -24 + 10, "Boris": 24 - 10}
    assert not tally.finished


def test_gin_winner_is_the_last_finished_games_while_the_next_runs() -> None:
    # DECISIONS.md: with several games in a sheet, `totals` are the current game's and `winner`
    # the last finished game's. Game 1 is the seed game (Anna 101, Boris 40: Anna wins);
    # game 2 has one deal, Boris +12: unfinished. Before: winner None.
    tally = gin_tally()
    seed_game(tally)
    tally.add(won("Boris", 12))
    assert not tally.finished
    assert tally.totals == {"Anna": 0, "Boris": 12}
    assert tally.winner == "Anna"
    assert tally.net() == {"Anna": 236 - 12, "Boris": 12 - 236}


def test_gin_deal_scoring_two_players_is_refused() -> None:
    tally = gin_tally()
    with pytest.raises(SettleError, match="one player"):
        tally.add(DealResult("knock", "Anna", "Anna", {}, {"Anna": 5, "Boris": 3}))


def test_hollywood_nth_win_goes_to_the_first_n_open_columns() -> None:
    tally = gin_tally(scoring="hollywood")
    tally.add(won("Anna", 40))  # Anna's 1st win: column 1
    tally.add(won("Anna", 30))  # 2nd: columns 1-2
    tally.add(won("Boris", 20))  # Boris's 1st: column 1
    tally.add(won("Anna", 35))  # 3rd: all three; column 1 reaches 105 and is won
    assert [g.totals for g in tally.games] == [
        {"Anna": 105, "Boris": 20},
        {"Anna": 65, "Boris": 0},
        {"Anna": 35, "Boris": 0},
    ]
    assert tally.games[0].winner == "Anna"
    tally.add(won("Boris", 50))  # Boris's 2nd win: the first two OPEN columns, 2 and 3
    assert [g.totals["Boris"] for g in tally.games] == [20, 50, 50]
    assert tally.totals == {"Anna": 105, "Boris": 20}  # totals are column 1's
    # column 1: 105 + 100 + 25 × (3 − 1) − 20 = 235; columns 2 and 3 unfinished:
    # column 2 Anna 65 − Boris 50 = +15, column 3 Anna 35 − 50 = −15
    assert tally.net() == {"Anna": 235, "Boris": -235}
    assert not tally.finished


def test_hollywood_ends_when_all_three_columns_are_won() -> None:
    tally = gin_tally(scoring="hollywood")
    tally.add(won("Anna", 100))  # 1st win: column 1, which it wins at once
    assert not tally.finished
    tally.add(won("Anna", 100))  # 2nd win: the first two open columns, 2 and 3: both won
    assert tally.finished and tally.winner == "Anna"
    assert [g.totals["Anna"] for g in tally.games] == [100, 100, 100]
    # each column: 100 + 100 + 25 × 1 − 0 = 225; session 675
    assert tally.net()["Anna"] == 675
    with pytest.raises(SettleError, match="Hollywood"):
        tally.add(won("Anna", 10))


def test_hollywood_columns_and_their_history_are_what_the_sheet_shows() -> None:
    tally = gin_tally(scoring="hollywood")
    assert [c.totals for c in tally.columns()] == [{"Anna": 0, "Boris": 0}] * 3
    assert tally.column_history() == ()
    tally.add(won("Anna", 40))
    tally.add(won("Anna", 30))
    tally.add(won("Boris", 20))
    columns = tally.columns()
    assert [(c.totals, c.hands_won, c.winner) for c in columns] == [
        ({"Anna": 70, "Boris": 20}, {"Anna": 2, "Boris": 1}, None),
        ({"Anna": 30, "Boris": 0}, {"Anna": 1, "Boris": 0}, None),
        ({"Anna": 0, "Boris": 0}, {"Anna": 0, "Boris": 0}, None),
    ]
    # one row per entry: every column's totals after it
    assert [[c["Anna"] for c in row] for row in tally.column_history()] == [
        [40, 0, 0],
        [70, 30, 0],
        [70, 30, 0],
    ]
    assert tally.sheet_games() == columns
    with pytest.raises(SettleError):  # a refused deal leaves no row
        tally.add(DealResult("knock", "Anna", "Anna", {}, {"Anna": 5, "Boris": 3}))
    assert len(tally.column_history()) == 3


def test_a_game_of_gin_has_no_columns_but_lists_its_games() -> None:
    tally = gin_tally()
    tally.add(won("Anna", 100))
    tally.add(won("Boris", 10))  # starts game 2
    assert tally.columns() == () and tally.column_history() == ()
    assert [(g.totals, g.winner) for g in tally.sheet_games()] == [
        ({"Anna": 100, "Boris": 0}, "Anna"),
        ({"Anna": 0, "Boris": 10}, None),
    ]


@pytest.mark.parametrize("variant", [v.name for v in ALL_VARIANTS])
def test_every_tally_says_what_the_sheet_shows_without_being_asked_its_class(
    variant: str,
) -> None:
    rules = get_rules(variant)
    players = ABC[: max(2, rules.players_min)]
    tally = make_tally(rules, players)
    bridge = rules.family is Family.BRIDGE  # players go out, stakes go into the pool
    assert tally.eliminates is bridge and tally.has_pool is bridge
    assert tally.limit == (rules.elimination_at if bridge else rules.game_target)
    assert tally.eliminated() == ()
    assert tally.pool() == (Fraction(rules.entry_stake * len(players)) if bridge else 0)
    assert tally.columns() == () and tally.column_history() == ()  # no Hollywood by default
    # only the knock games list their games in the sheet's JSON
    assert (tally.sheet_games() is not None) is (rules.family is Family.KNOCK)


def test_oklahoma_game_target_is_150() -> None:
    tally = make_tally(get_rules("oklahoma"), AB)
    tally.add(won("Anna", 120))
    assert not tally.finished
    tally.add(won("Anna", 30))
    assert tally.finished
    assert tally.net()["Anna"] == 150 + 100 + 25 * 2


# --- remik bridge (docs/RULES.md §3) --------------------------------------------------------------


def bridge(players: tuple[str, ...] = ABC, **rules: str) -> BridgeTally:
    tally = make_tally(get_rules("bridge", overrides=rules, players=len(players)), players)
    assert isinstance(tally, BridgeTally)
    return tally


def closing(
    tally: BridgeTally, closer: str, how: OutcomeCode, scores: dict[str, int]
) -> DealResult:
    active = tally.active()
    full = {p: scores.get(p, 0) for p in active}
    return DealResult(
        how, closer, closer, {}, full, closing_payments(tally.rules, closer, how, active)
    )


def test_bridge_entry_stakes_and_a_knock() -> None:
    tally = bridge()
    assert tally.pool() == 3 and tally.net() == dict.fromkeys(ABC, -1)
    tally.add(closing(tally, "Anna", "knock", {"Anna": 3, "Boris": 40, "Carl": 22}))
    # Boris and Carl each pay ½ to Anna and ½ to the pool: pool 3 + 1 = 4
    assert tally.pool() == 4
    assert tally.net() == {"Anna": 0, "Boris": Fraction(-2), "Carl": Fraction(-2)}
    assert sum(tally.net().values()) + tally.pool() == 0
    assert tally.totals == {"Anna": 3, "Boris": 40, "Carl": 22}


def test_bridge_remik_pays_one_stake_from_each_and_subtracts_the_bonus() -> None:
    tally = bridge()
    tally.add(closing(tally, "Carl", "remik", {"Carl": -10, "Anna": 30, "Boris": 12}))
    assert tally.net() == {"Anna": -2, "Boris": -2, "Carl": 1}  # -1 entry each, Carl +2
    assert tally.totals["Carl"] == -10


def test_bridge_elimination_reentry_and_the_last_player_takes_the_pool() -> None:
    tally = bridge()
    tally.add(closing(tally, "Anna", "knock", {"Anna": 2, "Boris": 100, "Carl": 60}))
    # pool 3 + 2×½ = 4; Boris is out at 100 (≥ elimination_at)
    assert tally.active() == ("Anna", "Carl")
    assert tally.left() == {"Anna": 98, "Carl": 40}
    assert tally.eliminated() == ("Boris",) and tally.limit == 100
    event = tally.reenter("Boris")  # pays 3 into the pool, restarts at max(2, 60) = 60
    assert event.restart == 60 and tally.totals["Boris"] == 60
    assert tally.pool() == 7
    assert [(p.payer, p.payee, p.amount) for p in event.payments] == [("Boris", "pool", Decimal(3))]
    tally.add(closing(tally, "Anna", "colour", {"Anna": -25, "Boris": 45, "Carl": 50}))
    # Boris 105 and Carl 110 both out: Anna is the last player in and takes the pool of 7
    assert tally.finished and tally.winner == "Anna"
    # Anna: -1 entry +1 knock +2 +2 colour +7 pool = 11; Boris -1 -1 -3 -2 = -7; Carl -1 -1 -2
    assert tally.net() == {"Anna": 11, "Boris": -7, "Carl": -4}
    assert tally.pool() == 0
    with pytest.raises(SettleError, match="game is over"):
        tally.reenter("Boris")
    # the next deal starts game 2: everyone in again, 1 entry stake each, totals from 0
    assert tally.active() == ABC
    tally.add(closing(tally, "Anna", "knock", {"Anna": 1, "Boris": 10, "Carl": 20}))
    assert tally.game_number == 2 and tally.totals == {"Anna": 1, "Boris": 10, "Carl": 20}
    # pool 3 + ½ + ½ = 4; Anna −1 + 1 = 0, Boris and Carl −1 − ½ − ½ = −2 each
    assert tally.pool() == 4 and not tally.finished and tally.winner == "Anna"
    assert tally.net() == {"Anna": 11, "Boris": -9, "Carl": -6}


def test_bridge_reentry_is_refused_for_a_player_still_in_and_with_one_player_left() -> None:
    tally = bridge()
    with pytest.raises(SettleError, match="still in"):
        tally.reenter("Anna")
    with pytest.raises(SettleError, match="not a player"):
        tally.reenter("Zed")
    tally.add(closing(tally, "Anna", "knock", {"Boris": 100, "Carl": 5}))
    assert tally.active() == ("Anna", "Carl")
    four = bridge(("A", "B", "C", "D"))
    four.add(closing(four, "A", "knock", {"B": 120, "C": 130}))
    assert four.active() == ("A", "D")
    four.add(closing(four, "A", "knock", {"D": 100}))
    assert four.finished  # A alone: re-entry is over
    with pytest.raises(SettleError):
        four.reenter("B")


def test_bridge_eliminated_players_do_not_score_in_later_deals() -> None:
    tally = bridge()
    tally.add(closing(tally, "Anna", "knock", {"Boris": 100}))
    with pytest.raises(SettleError, match="Boris is not playing"):
        tally.add(DealResult("knock", "Anna", "Anna", {}, {"Anna": 0, "Boris": 3, "Carl": 4}))


def test_bridge_everyone_out_at_once_the_lowest_total_takes_the_pool() -> None:
    tally = bridge(("A", "B"))
    tally.add(closing(tally, "A", "knock", {"A": 5, "B": 5}))
    tally.add(closing(tally, "A", "knock", {"A": 99, "B": 120}))  # A 104, B 125: A is last
    assert tally.winner == "A" and tally.pool() == 0
    # pool = 2 entry + ½ + ½ knock-to-pool = 3 → A: −1 +½ +½ +3 = 3, B: −1 −1 −1 = −3
    assert tally.net() == {"A": 3, "B": -3}


def test_bridge_closing_payments_follow_the_stake_rules() -> None:
    rules = get_rules("bridge", players=3)
    pay = closing_payments(rules, "Anna", "full_colour", ABC)
    assert [(p.payer, p.amount) for p in pay] == [("Boris", Decimal(4)), ("Carl", Decimal(4))]
    no_pool = get_rules("bridge", overrides=["knock_pool=false"], players=3)
    assert len(closing_payments(no_pool, "Anna", "knock", ABC)) == 2
    with pytest.raises(DealError):
        closing_payments(rules, "Anna", "gin", ABC)


# --- going-out games (docs/RULES.md §4-§10) -------------------------------------------------------


def test_rummy_net_is_each_total_minus_the_mean_exact() -> None:
    tally = make_tally(get_rules("rummy", players=3), ABC)
    assert isinstance(tally, MeanTally)
    tally.add(DealResult("out", "Anna", "Anna", {}, {"Anna": 30, "Boris": -20, "Carl": -10}))
    assert tally.net() == {"Anna": 30, "Boris": -20, "Carl": -10}  # zero-sum: net = totals
    tally.add(DealResult("draw", None, None, {}, {"Anna": -5, "Boris": -3, "Carl": -2}))
    # totals 25, -23, -12: mean -10/3 → 85/3, -59/3, -26/3 (no exact decimal)
    net = tally.net()
    assert net == {"Anna": Fraction(85, 3), "Boris": Fraction(-59, 3), "Carl": Fraction(-26, 3)}
    assert sum(net.values()) == 0


def test_rummy500_winner_collects_each_opponents_difference() -> None:
    tally = make_tally(get_rules("rummy500", players=3), ABC)
    assert isinstance(tally, Rummy500Tally)
    tally.add(DealResult("out", "Anna", "Anna", {}, {"Anna": 480, "Boris": 300, "Carl": 350}))
    assert not tally.finished
    # unfinished: every pair settles its difference: Anna (480-300)+(480-350) = 310
    assert tally.net() == {"Anna": 310, "Boris": -230, "Carl": -80}
    tally.add(DealResult("out", "Boris", "Boris", {}, {"Anna": 25, "Boris": 210, "Carl": 155}))
    # Anna 505, Boris 510, Carl 505: two pass 500, the highest (Boris) wins
    assert tally.winner == "Boris"
    assert tally.net() == {"Anna": -5, "Boris": 10, "Carl": -5}
    # the next deal starts game 2 from nothing; its pairs settle their differences
    tally.add(DealResult("out", "Anna", "Anna", {}, {"Anna": 30, "Boris": 10, "Carl": 20}))
    assert tally.game_number == 2 and tally.totals == {"Anna": 30, "Boris": 10, "Carl": 20}
    # game 2 pairwise: Anna (30-10)+(30-20) = 30, Boris -20-10 = -30, Carl 10-10 = 0
    assert tally.net() == {"Anna": 25, "Boris": -20, "Carl": -5}


def test_rummy500_tie_at_the_top_plays_on() -> None:
    tally = make_tally(get_rules("rummy500", players=2), AB)
    tally.add(DealResult("out", "Anna", "Anna", {}, {"Anna": 510, "Boris": 510}))
    assert not tally.finished
    tally.add(DealResult("out", "Anna", "Anna", {}, {"Anna": 10, "Boris": -5}))
    assert tally.winner == "Anna" and tally.net() == {"Anna": 15, "Boris": -15}  # 520 - 505


def test_boat_seed_payments_are_the_net() -> None:
    # winner +88; Kirill 26 -> pays 114; Mikhail 11 -> 99; Nikolai 8 -> 96
    players = ("Vova", "Kirill", "Mikhail", "Nikolai")
    tally = make_tally(get_rules("boat", players=4), players)
    assert isinstance(tally, PaymentTally)
    pays = (
        Payment("Kirill", "Vova", Decimal(114)),
        Payment("Mikhail", "Vova", Decimal(99)),
        Payment("Nikolai", "Vova", Decimal(96)),
    )
    scores = {"Vova": 309, "Kirill": -114, "Mikhail": -99, "Nikolai": -96}
    tally.add(DealResult("out", "Vova", "Vova", {}, scores, pays))
    assert tally.net() == {"Vova": 309, "Kirill": -114, "Mikhail": -99, "Nikolai": -96}
    assert tally.totals == scores


# --- whole sessions: properties -------------------------------------------------------------------

VARIANTS = {"gin": 2, "bridge": 4, "rummy": 4, "rummy500": 3, "boat": 3}


def _random_entry(data: st.DataObject, state: Replay) -> Entry | None:
    """A valid next entry for the session, or None when the game is over."""
    from remikcalc.sheet import DealEntry, ReentryEntry

    tally, family = state.tally, state.rules.family
    active = list(tally.active())
    if (
        isinstance(tally, BridgeTally)
        and tally.out
        and not tally.finished
        and len(active) >= 2
        and data.draw(st.booleans(), label="reenter")
    ):
        return ReentryEntry(data.draw(st.sampled_from(sorted(tally.out)), label="who"))
    if tally.closed() is not None:
        return None
    winner = data.draw(st.sampled_from(active), label="winner")
    lost = {p: data.draw(st.integers(0, 70), label=p) for p in active if p != winner}
    if family == "knock":
        return DealEntry(scores={winner: data.draw(st.integers(0, 60), label="won")})
    if family == "bridge":
        how = data.draw(st.sampled_from(["knock", "remik", "full_colour"]), label="how")
        bonus = {"knock": data.draw(st.integers(0, 5)), "remik": -10, "full_colour": -40}[how]
        return DealEntry(scores={winner: bonus, **lost}, closer=winner, how=how)
    if family == "rummy500":
        return DealEntry(scores={p: data.draw(st.integers(-60, 200), label=p) for p in active})
    if family == "rummy" and data.draw(st.booleans(), label="stock out"):
        return DealEntry(scores={p: -v for p, v in lost.items()}, draw=True)
    return DealEntry(
        scores={winner: sum(lost.values()), **{p: -v for p, v in lost.items()}}, closer=winner
    )


@pytest.mark.slow
@given(st.sampled_from(sorted(VARIANTS)), st.sampled_from(["0.10", "1", "0.05", None]), st.data())
@settings(max_examples=120, deadline=None)
def test_a_session_replays_as_it_was_added_and_settles_to_zero(
    variant: str, stake: str | None, data: st.DataObject
) -> None:
    from remikcalc.render.settlement_json import settle_sheet, settlement_json
    from remikcalc.session import replay, start
    from remikcalc.settle import settle
    from remikcalc.sheet import Sheet, dump_sheet, sheet_from_text

    players = tuple(f"P{i}" for i in range(1, VARIANTS[variant] + 1))
    sheet = Sheet(variant=variant, players=players, stake=None if stake is None else Decimal(stake))
    state = start(sheet)
    added, totals = [], []
    for _ in range(data.draw(st.integers(0, 12), label="deals")):
        entry = _random_entry(data, state)
        if entry is None:
            break
        canonical, step = state.apply(entry)
        added.append(canonical)
        totals.append(step.totals)
    whole = sheet.with_entries(added)
    again = replay(whole)
    assert [s.totals for s in again.steps] == totals
    result = settlement_json(settle(state))
    assert settle_sheet(whole) == result
    assert settle_sheet(sheet_from_text(dump_sheet(whole))) == result
    net = sum((Decimal(v) for v in result["net"].values()), Decimal(0))
    assert net + Decimal(result["pool"]) == 0
    if stake is not None:
        money = sum((Decimal(v) for v in result["money"].values()), Decimal(0))
        assert money + Decimal(result.get("pool_money", "0")) == 0
    owed = {p: Decimal(v) for p, v in result.get("money", result["net"]).items()}
    if result["pool"] != "0":
        owed["pool"] = Decimal(result.get("pool_money", result["pool"]))
    for t in result["transfers"]:
        owed[t["from"]] += Decimal(t["amount"])
        owed[t["to"]] -= Decimal(t["amount"])
    assert all(v == 0 for v in owed.values())


def test_a_previews_standing_is_what_settle_says_on_every_example() -> None:
    """``standing`` (what a preview of a write shows) is ``settle``'s own figures, worked out
    without the games' lines and the transfers."""
    from remikcalc.session.replay import replay
    from remikcalc.settle import settle, standing
    from remikcalc.sheet import load_sheet
    from remikcalc.sheet.evening import is_evening
    from tests.sheets import EXAMPLES

    files = sorted(p for p in EXAMPLES.rglob("*.yaml") if not is_evening(p))
    assert files
    for path in files:
        state = replay(load_sheet(path))
        whole, part = settle(state), standing(state)
        assert (part.net_shown, part.money, part.pool) == (
            whole.net_shown,
            whole.money,
            whole.pool,
        ), path


def test_a_kept_standing_follows_the_replay_as_it_grows() -> None:
    """``standing`` is worked out once per replay as it stands (a sheet's replay is kept while
    its file is unchanged): a deal scored into it afterwards is in the next standing, and a
    fork starts from its own."""
    from remikcalc.session.replay import replay
    from remikcalc.settle import settle, standing
    from remikcalc.sheet import DealEntry, Sheet

    state = replay(Sheet("gin", ("Anna", "Boris"), stake=Decimal("0.10")))
    empty = standing(state)
    assert standing(state) is empty  # kept
    fork = state.fork()
    fork.apply(DealEntry(scores={"Anna": 20}))
    assert standing(state) is empty  # the kept replay is as it was
    grown = standing(fork)
    assert grown.net_shown == settle(fork).net_shown and grown.net_shown != empty.net_shown
    state.apply(DealEntry(scores={"Boris": 30}))
    assert standing(state).money == settle(state).money != empty.money
