"""The whole evening: several games on one sheet, several sheets in one settlement, and each
player's statistics, driven through the installed CLI with real sheets on disk.

The expected figures are worked out by hand in the comments (docs/RULES.md §1, §3, §4, §6, §10).
"""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from remikcalc.session import Replay, player_stats, settle_evening, start
from remikcalc.settle import Settlement, settle
from remikcalc.sheet import DealEntry, Sheet
from tests.clirun import ok, run
from tests.hands import GIN_ANNA, GIN_BORIS_RUN
from tests.sheets import SheetMaker

EXAMPLES = Path(str(resources.files("remikcalc") / "examples"))  # the installed ones
# GIN_ANNA: 999 5-6-7S KKK and 2C (knocks with 2); GIN_BORIS_RUN: 55 unmatched after A-2-3S


def as_json(*args: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok(*args, "--format", "json").output)
    return data


# --- several games on one sheet -----------------------------------------------------------------


def test_rummy_with_a_house_target_plays_a_second_game(sheet_file: SheetMaker) -> None:
    deals = [
        {"scores": {"Anna": 30, "Boris": -30}},
        {"scores": {"Anna": 25, "Boris": -25}},
        {"scores": {"Boris": 10, "Anna": -10}},
    ]
    path = str(sheet_file("r.yaml", "rummy", "Anna,Boris", rules=["game_target=50"], deals=deals))
    # game 1: Anna 55 ≥ 50 after deal 2 (net 55 − mean 0); game 2 starts at deal 3: Boris +10
    data = as_json("settle", path)
    assert [g["totals"] for g in data["games"]] == [
        {"Anna": 55, "Boris": -55},
        {"Anna": -10, "Boris": 10},
    ]
    assert data["games"][0]["winner"] == "Anna" and data["games"][1]["finished"] is False
    assert data["net"] == {"Anna": "45", "Boris": "-45"}
    assert data["totals"] == {"Anna": -10, "Boris": 10}
    shown = ok("show", path).output
    assert "-- game 2 --" in shown
    assert shown.index("-- game 2 --") < shown.index("\n3 ")  # the marker comes before deal 3
    rows = as_json("show", path)["rows"]
    assert [r["game"] for r in rows] == [1, 1, 2]


def test_an_open_ended_rummy_sheet_has_one_game_and_no_games_list(sheet_file: SheetMaker) -> None:
    path = str(
        sheet_file("r.yaml", "rummy", "Anna,Boris", deals=[{"scores": {"Anna": 30, "Boris": -30}}])
    )
    data = as_json("settle", path)
    assert "games" not in data and data["open_ended"] is True
    assert "-- game" not in ok("show", path).output


@pytest.mark.columns(100)  # the sentence under the table wraps to the terminal
def test_a_tie_past_500_says_play_continues(sheet_file: SheetMaker) -> None:
    path = str(sheet_file("r500.yaml", "rummy500", "A,B", deals=[{"scores": {"A": 520, "B": 520}}]))
    shown = ok("show", path).output
    assert "A and B are tied at 520, past the target of 500: play continues." in shown
    assert "Points left" not in shown
    settled = ok("settle", path).output
    assert settled.splitlines()[-1] == (
        "A and B are tied at 520, past the target of 500: play continues. Settled as it stands."
    )
    assert as_json("show", path)["left"] == {}


def test_gin_settle_shows_how_the_winners_figure_is_made(sheet_file: SheetMaker) -> None:
    # Anna 60 + 88 = 148 in 2 hands, Boris 90 in 1: 148 + 100 + 25 × (2 − 1) − 90 = 183
    path = str(
        sheet_file(
            "g.yaml",
            "gin",
            "Anna,Boris",
            deals=[{"scores": {"Anna": 60}}, {"scores": {"Boris": 90}}, {"scores": {"Anna": 88}}],
        )
    )
    lines = ok("settle", path).output.splitlines()
    assert "Game won by Anna: 148 + game 100 + boxes 25 × 1 − 90 = 183" in lines
    assert as_json("settle", path)["games"][0]["reasons"] == [
        "148 + game 100 + boxes 25 × 1 − 90 = 183"
    ]


def test_a_negative_box_term_is_written_in_brackets(sheet_file: SheetMaker) -> None:
    # Boris wins three hands of 10, Anna one of 100: 100 + 100 + 25 × (1 − 3) − 30 = 120
    path = str(
        sheet_file(
            "g.yaml",
            "gin",
            "Anna,Boris",
            deals=[
                {"scores": {"Boris": 10}},
                {"scores": {"Boris": 10}},
                {"scores": {"Boris": 10}},
                {"scores": {"Anna": 100}},
            ],
        )
    )
    lines = ok("settle", path).output.splitlines()
    assert "Game won by Anna: 100 + game 100 + boxes 25 × (−2) − 30 = 120" in lines


def test_two_gin_games_are_each_explained(tmp_path: Path) -> None:
    path = str(EXAMPLES / "gin" / "pagat-two-games.yaml")
    lines = ok("settle", path).output.splitlines()
    assert "Game 1 won by Anna: 105 + game 100 + boxes 20 × 2 − 20 = 225" in lines
    assert "Game 2 won by Boris: 110 + game 100 + boxes 20 × 1 − 15 = 215" in lines


def test_bridge_goes_on_into_a_second_game(tmp_path: Path) -> None:
    data = as_json("settle", str(EXAMPLES / "bridge" / "two-games.yaml"))
    assert [g["winner"] for g in data["games"]] == ["Anna", None]
    assert data["in"] == ["Anna", "Boris", "Carl"] and data["eliminated"] == []
    shown = ok("show", str(EXAMPLES / "bridge" / "two-games.yaml")).output
    assert "-- game 2 --" in shown and "115 out" in shown


def test_running_bridge_settle_and_pool_agree_on_what_each_has_paid_in() -> None:
    path = str(EXAMPLES / "bridge" / "knock-and-remik.yaml")
    pool = as_json("pool", path)
    settled = as_json("settle", path)
    # entry 1 each; Boris and Carl ½ each into the pool on Anna's knock
    assert pool["paid_in"] == settled["paid_in"] == {"Anna": "1", "Boris": "1.5", "Carl": "1.5"}
    text = ok("settle", path).output
    assert text.splitlines()[0].split() == ["player", "total", "paid", "in", "net"]
    # what each has paid in is the table's column; the pool is said once, as paid in already
    assert "The pool holds 4 stakes, paid in already; the last player left in takes it." in text
    assert "Still to pay, the pool aside:\n  Boris pays Carl 1.5 stakes\n" in text
    assert [line.split()[:3] for line in text.splitlines()[2:5]] == [
        ["Anna", "16", "1"],
        ["Boris", "53", "1.5"],
        ["Carl", "5", "1.5"],
    ]


# --- several sheets: one evening ----------------------------------------------------------------


@pytest.fixture
def evening(sheet_file: SheetMaker) -> tuple[str, str]:
    # gin at 0.10: Anna 30 in one hand, not finished: the difference, Anna +30 = 3.00
    gin = str(
        sheet_file(
            "gin.yaml",
            "gin",
            "Anna,Boris",
            stake="0.10",
            currency="PLN",
            deals=[{"scores": {"Anna": 30}}],
        )
    )
    # rummy at 0.20: Carl +12 from boris; ANNA 0 → Carl 2.40, boris −2.40
    rummy = str(
        sheet_file(
            "rummy.yaml",
            "rummy",
            "boris,Carl,ANNA",
            stake="0.20",
            currency="pln",
            deals=[{"scores": {"Carl": 12, "boris": -12, "ANNA": 0}}],
        )
    )
    return gin, rummy


def test_two_sheets_settle_as_one_evening(evening: tuple[str, str]) -> None:
    gin, rummy = evening
    data = as_json("settle", gin, rummy)
    assert data["schema"] == "remikcalc.evening/1" and data["currency"] == "PLN"
    assert [s["path"] for s in data["sheets"]] == [gin, rummy]
    assert [s["schema"] for s in data["sheets"]] == ["remikcalc.settle/1"] * 2
    # Anna 3.00 + 0.00; Boris −3.00 − 2.40; Carl 2.40
    assert data["money"] == {"Anna": "3.00", "Boris": "-5.40", "Carl": "2.40"}
    assert data["transfers"] == [
        {"from": "Boris", "to": "Anna", "amount": "3.00"},
        {"from": "Boris", "to": "Carl", "amount": "2.40"},
    ]
    text = ok("settle", gin, rummy).output
    assert f"== {gin} (gin) ==" in text and "== The evening: 2 sheets together ==" in text
    assert text.rstrip().endswith("Boris pays Anna 3.00 PLN\n  Boris pays Carl 2.40 PLN")
    plain = ok("settle", gin, rummy, "--format", "plain").output
    # a section per sheet, as the table has, then the evening's
    assert plain.split("\n\n")[-2:] == [
        "evening\t2\nplayer\tmoney\nAnna\t3.00 PLN\nBoris\t-5.40 PLN\nCarl\t2.40 PLN",
        "Boris\tAnna\t3.00 PLN\nBoris\tCarl\t2.40 PLN\n",
    ]
    assert plain.splitlines()[:4] == [
        f"sheet\t{gin}\tgin",
        "player\ttotal\tnet\tmoney",
        "Anna\t30\t30\t3.00 PLN",
        "Boris\t0\t-30\t-3.00 PLN",
    ]


def test_one_sheet_keeps_the_settle_object(evening: tuple[str, str]) -> None:
    data = as_json("settle", evening[0])
    assert data["schema"] == "remikcalc.settle/1" and "path" not in data and "sheets" not in data


def test_sheets_without_stakes_add_up_in_points(sheet_file: SheetMaker) -> None:
    a = str(sheet_file("a.yaml", "gin", "Anna,Boris", deals=[{"scores": {"Boris": 40}}]))
    b = str(
        sheet_file("b.yaml", "rummy", "anna,boris", deals=[{"scores": {"anna": 10, "boris": -10}}])
    )
    data = as_json("settle", a, b)
    assert data["currency"] is None and "money" not in data
    assert data["net"] == {"Anna": "-30", "Boris": "30"}
    assert data["transfers"] == [{"from": "Anna", "to": "Boris", "amount": "30"}]


@pytest.mark.parametrize(
    ("first", "second", "words"),
    [
        (
            {"stake": "1", "currency": "PLN"},
            {"stake": "1", "currency": "EUR"},
            "b.yaml is in EUR but {a} is in PLN",
        ),
        ({"stake": "1"}, {}, "b.yaml has no stake but {a} has one"),
        ({}, {"stake": "1"}, "a.yaml has no stake but {b} has one"),
    ],
)
def test_sheets_that_do_not_add_up_are_refused_naming_the_sheet(
    sheet_file: SheetMaker, first: dict[str, Any], second: dict[str, Any], words: str
) -> None:
    a = str(sheet_file("a.yaml", "gin", "A,B", **first))
    b = str(sheet_file("b.yaml", "gin", "A,B", **second))
    result = run("settle", a, b)
    assert result.exit_code == 1
    assert words.format(a=a, b=b) in result.output
    assert "Traceback" not in result.output and len(result.output.splitlines()) == 1


def test_points_and_bridge_stakes_do_not_add_up_without_money(sheet_file: SheetMaker) -> None:
    a = str(sheet_file("a.yaml", "gin", "A,B"))
    b = str(sheet_file("b.yaml", "bridge", "A,B"))
    result = run("settle", a, b)
    assert result.exit_code == 1 and "b.yaml counts in stakes but" in result.output


def test_a_sheet_named_twice_is_a_usage_error(evening: tuple[str, str]) -> None:
    result = run("settle", evening[0], evening[1], evening[0])
    assert result.exit_code == 2 and "named twice" in result.output
    result = run("stats", evening[0], evening[0])
    assert result.exit_code == 2 and "named twice" in result.output


def test_a_missing_sheet_in_an_evening_is_one_line(
    evening: tuple[str, str], tmp_path: Path
) -> None:
    result = run("settle", evening[0], str(tmp_path / "nope.yaml"))
    assert result.exit_code == 1 and "no such sheet" in result.output
    assert "Traceback" not in result.output


def test_a_running_bridge_pool_is_a_party_of_the_evening(sheet_file: SheetMaker) -> None:
    bridge = str(EXAMPLES / "bridge" / "two-games.yaml")  # stake 2 PLN, pool 8.00
    gin = str(
        sheet_file(
            "g.yaml",
            "gin",
            "carl,Anna",
            stake="0.10",
            currency="PLN",
            deals=[{"scores": {"carl": 50}}],
        )
    )
    data = as_json("settle", bridge, gin)
    # bridge: Anna 0.00, Boris −2.00, Carl −6.00, pool 8.00; gin: Carl +5.00, Anna −5.00
    assert data["money"] == {"Anna": "-5.00", "Boris": "-2.00", "Carl": "-1.00"}
    assert data["pool"] == "8.00"
    assert sum(Decimal(t["amount"]) for t in data["transfers"] if t["to"] == "pool") == 8


def test_the_worked_evening_checks() -> None:
    result = ok("check", str(EXAMPLES / "evening"), "--format", "json")
    report = json.loads(result.output)
    assert report["failed"] == 0 and report["passed"] == 3


def test_a_broken_evening_file_is_a_failed_check(tmp_path: Path) -> None:
    bad = tmp_path / "x.evening.yaml"
    bad.write_text(
        "remikcalc: 1\nevening: [only.yaml]\nexpect: {money: {}}\nodd: 1\n", encoding="utf-8"
    )
    result = run("check", str(bad), "--format", "json")
    assert result.exit_code == 1
    error = json.loads(result.output)["files"][0]["error"]
    assert "two or more sheet files" in error and "odd: unknown key" in error


def test_the_evening_example_is_documented() -> None:
    from remikcalc.sheet.evening import load_evening

    evening = load_evening(EXAMPLES / "evening" / "friday.evening.yaml")
    assert evening.title and evening.source and "_work" in evening.notes
    assert isinstance(evening.expect, dict) and evening.expect


# --- stats ---------------------------------------------------------------------------------------


def test_stats_of_a_gin_sheet(tmp_path: Path) -> None:
    path = str(tmp_path / "g.yaml")
    ok("new", path, "-v", "gin", "--players", "Anna,Boris")
    ok("add", path, "--closer", "Anna", GIN_ANNA, GIN_BORIS_RUN)  # Anna knocks 2 v 55: +53
    ok("add", path, "--score", "Boris=25")
    ok("add", path, "--closer", "Anna", GIN_ANNA, GIN_BORIS_RUN, "--again")
    data = as_json("stats", path)
    assert data["schema"] == "remikcalc.stats/1"
    anna, boris = data["players"]["Anna"], data["players"]["Boris"]
    assert anna == {
        "deals": 3,
        "won": 2,
        "outcomes": {"knock": 2},
        "caught": 0,
        "average_caught": None,
        "worst_caught": None,
        "best_deal": {"sheet": path, "n": 1, "score": 53},
        "longest_streak": 1,
    }
    assert boris["caught"] == 2 and boris["average_caught"] == "55" and boris["worst_caught"] == 55
    assert boris["best_deal"] == {"sheet": path, "n": 2, "score": 25} and boris["won"] == 1
    table = ok("stats", path).output.splitlines()
    assert table[0].split()[:4] == ["player", "deals", "won", "outcomes"]
    anna_row = next(line for line in table if line.startswith("Anna"))
    assert anna_row.split()[:5] == ["Anna", "3", "2", "knock", "2"]


def test_stats_over_several_sheets_match_names_and_take_bridge_penalties_low(
    sheet_file: SheetMaker,
) -> None:
    bridge = str(EXAMPLES / "bridge" / "knock-and-remik.yaml")
    gin = str(
        sheet_file(
            "g.yaml",
            "gin",
            "carl,ANNA",
            deals=[{"scores": {"carl": 10}}, {"scores": {"carl": 12}}, {"scores": {"ANNA": 7}}],
        )
    )
    data = as_json("stats", bridge, gin)
    carl, anna = data["players"]["Carl"], data["players"]["Anna"]
    # a bridge score is a penalty: Carl's remik −10 counts as a gain of 10, below his gin 12;
    # Boris's best bridge deal is his lower penalty, 23; Carl's streak: remik, then gin 1 and 2
    assert carl["best_deal"] == {"sheet": gin, "n": 2, "score": 12}
    assert data["players"]["Boris"]["best_deal"] == {"sheet": bridge, "n": 1, "score": 23}
    assert carl["outcomes"] == {"remik": 1} and carl["longest_streak"] == 3
    assert anna["deals"] == 5 and anna["won"] == 2 and anna["outcomes"] == {"knock": 1}
    assert set(data["players"]) == {"Anna", "Boris", "Carl"}
    wide = run("stats", bridge, gin, columns=200)
    text = wide.output.splitlines()
    assert wide.exit_code == 0 and text[-1] == f"Sheets: 1 {bridge}, 2 {gin}"
    carl_row = next(line for line in text if line.startswith("Carl "))
    assert "+12 (sheet 2, #2)" in carl_row and carl_row.split()[-1] == "3"


def test_stats_of_a_missing_sheet_is_one_line(tmp_path: Path) -> None:
    result = run("stats", str(tmp_path / "none.yaml"))
    assert result.exit_code == 1 and "no such sheet" in result.output
    assert "Traceback" not in result.output


# --- properties ----------------------------------------------------------------------------------

FAMILIES = {"gin": 2, "bridge": 3, "rummy": 3, "rummy500": 2, "boat": 3}
TARGETS = {"rummy": {"game_target": "60"}, "boat": {"game_target": "80"}}


def _entry(data: st.DataObject, state: Replay) -> DealEntry:
    """A valid next deal, entered as points (the shapes tests/test_settle.py also uses)."""
    active = list(state.tally.active())
    winner = data.draw(st.sampled_from(active), label="winner")
    lost = {p: data.draw(st.integers(0, 70), label=p) for p in active if p != winner}
    family = state.rules.family
    if family == "knock":
        return DealEntry(scores={winner: data.draw(st.integers(0, 60), label="won")})
    if family == "bridge":
        return DealEntry(scores={winner: -10, **lost}, closer=winner, how="remik")
    if family == "rummy500":
        return DealEntry(scores={p: data.draw(st.integers(-60, 300), label=p) for p in active})
    return DealEntry(
        scores={winner: sum(lost.values()), **{p: -v for p, v in lost.items()}}, closer=winner
    )


def _random_sheet(data: st.DataObject, n: int, stake: str | None) -> tuple[Replay, list[Any]]:
    variant = data.draw(st.sampled_from(sorted(FAMILIES)), label=f"variant {n}")
    names = data.draw(st.permutations(["Anna", "boris", "Carl"]), label=f"seats {n}")
    players = tuple(names[: FAMILIES[variant]])
    sheet = Sheet(
        variant=variant,
        players=players,
        rules=TARGETS.get(variant, {}),
        stake=None if stake is None else Decimal(stake),
        currency="PLN",
        path=f"s{n}.yaml",
    )
    state = start(sheet)
    games = []
    for _ in range(data.draw(st.integers(0, 14), label=f"deals {n}")):
        state.apply(_entry(data, state))
        games.append(state.steps[-1].game)
    return state, games


@pytest.mark.slow
@given(st.data(), st.sampled_from(["0.10", "1", "0.05", None]))
@settings(max_examples=80, deadline=None)
def test_an_evening_adds_up_each_sheets_money_and_settles_to_zero(
    data: st.DataObject, stake: str | None
) -> None:
    from remikcalc.session import replay

    states = [_random_sheet(data, n, stake) for n in range(data.draw(st.integers(1, 3)))]
    settlements: list[Settlement] = []
    for state, games in states:
        # replaying the whole sheet gives what was added deal by deal, games included
        again = replay(state.sheet.with_entries([s.entry for s in state.steps]))
        assert [(s.totals, s.game) for s in again.steps] == [
            (s.totals, s.game) for s in state.steps
        ]
        assert games == sorted(games) and all(
            b - a in (0, 1) for a, b in zip(games, games[1:], strict=False)
        )
        settlement = settle(state)
        assert sum(settlement.net.values()) + settlement.pool == 0  # over every game
        settlements.append(settlement)
    units = {s.replay.rules.spec.unit for s in settlements}
    if stake is None and len(units) > 1:
        return  # points and bridge stakes do not add up (refused, tested above)
    evening = settle_evening(settlements)
    # each person's evening money is the sum of his money on each sheet (names ignoring case)
    expected: dict[str, Decimal] = {}
    for s in settlements:
        for p, v in (s.money if stake is not None and s.money is not None else s.net_shown).items():
            key = p.casefold()
            expected[key] = expected.get(key, Decimal(0)) + v
    got = {p.casefold(): v for p, v in evening.combined.items()}
    assert got == {k: v for k, v in expected.items() if k != "pool" or v}
    assert sum(evening.combined.values()) == 0
    owed = {p: Fraction(v) for p, v in evening.combined.items()}
    for t in evening.transfers:
        owed[t.payer] += t.amount
        owed[t.payee] -= t.amount
    assert all(v == 0 for v in owed.values())
    nonzero = sum(1 for v in evening.combined.values() if v)
    assert len(evening.transfers) <= max(nonzero - 1, 0)


@given(st.data())
@settings(max_examples=40, deadline=None)
def test_stats_count_every_deal_and_every_win(data: st.DataObject) -> None:
    states = [_random_sheet(data, n, None)[0] for n in range(data.draw(st.integers(1, 2)))]
    stats = player_stats(states)
    deals = [s.result for state in states for s in state.steps]

    def won(result: Any) -> bool:  # as `stats --help` says: the winner named, else the one
        # highest score if positive (a deal entered as points with several positive scores)
        if getattr(result, "winner", None) is not None:
            return True
        if getattr(result, "outcome", "draw") == "draw" or not result.scores:
            return False
        best = max(result.scores.values())
        return best > 0 and list(result.scores.values()).count(best) == 1

    wins = sum(1 for r in deals if won(r))
    assert sum(p.won for p in stats.values()) == wins
    for p in stats.values():
        assert 0 <= p.streak <= p.won <= p.deals


def test_a_finished_bridge_game_still_says_who_was_left_in() -> None:
    path = str(EXAMPLES / "bridge" / "elimination-reentry-pool.yaml")
    assert as_json("settle", path)["in"] == ["Anna"]
    assert as_json("pool", path)["in"] == ["Anna"]
    assert as_json("show", path)["left"] == {"Anna": 85}
