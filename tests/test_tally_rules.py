"""The settlement rules of every family's tally (scoring/tally.py and the tallies beside their
scorers: KnockTally, BridgeTally, MeanTally, Rummy500Tally), checked on what a user sees:
``settle --json`` field by field (also those only the JSON has: hands_won, a Hollywood winner,
leader, re-entries, the pool's payout), ``show --json``'s games, a tie at the top past the
target and a finished rummy 500 game's reasons.

The bundled examples carry their arithmetic in their ``_work`` notes, repeated here; the other
sheets are worked out by hand in the comments.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from remikcalc.cli import cli
from remikcalc.scoring.tally import tie_note
from remikcalc.scoring.why import reason_text
from tests.sheets import SheetMaker

EXAMPLES = Path(str(resources.files("remikcalc") / "examples"))
ENTRY = [{"from": p, "to": "pool", "amount": "1"} for p in ("Anna", "Boris", "Carl")]


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def ok(*args: str) -> Result:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return result


def settled(path: str | Path) -> dict[str, Any]:
    """``settle --json`` without the deals (their own tests check those)."""
    data: dict[str, Any] = json.loads(ok("settle", str(path), "--format", "json").output)
    data.pop("deals")
    return data


def shown(path: str | Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok("show", str(path), "--format", "json").output)
    return data


def example(name: str) -> Path:
    return EXAMPLES / f"{name}.yaml"


# --- gin: games to the target, boxes, shutouts ------------------------------------------------


def test_gin_games_in_a_row_each_settle_with_game_bonus_and_boxes() -> None:
    # Game 1 (deals 1-4): Anna 40 + 30 + 35 = 105 in 3 hands, Boris 20 in 1:
    # 105 + 100 + 20 × (3 − 1) − 20 = 225 to Anna. Game 2 (deals 5-7): Boris 50 + 60 = 110 in
    # 2 hands, Anna 15 in 1: 110 + 100 + 20 × (2 − 1) − 15 = 215 to Boris. Net Anna +10.
    data = settled(example("gin/pagat-two-games"))
    assert data == {
        "schema": "remikcalc.settle/1",
        "variant": "gin",
        "players": ["Anna", "Boris"],
        "totals": {"Anna": 15, "Boris": 110},
        "finished": True,
        "winner": "Boris",
        "net": {"Anna": "10", "Boris": "-10"},
        "transfers": [{"from": "Boris", "to": "Anna", "amount": "10"}],
        "pool": "0",
        "dealer": "Boris",  # the winner of the last deal deals the next (no dealer: written)
        "games": [
            {
                "totals": {"Anna": 105, "Boris": 20},
                "hands_won": {"Anna": 3, "Boris": 1},
                "finished": True,
                "winner": "Anna",
                "net": {"Anna": "225", "Boris": "-225"},
                "reasons": ["105 + game 100 + boxes 20 × 2 − 20 = 225"],
            },
            {
                "totals": {"Anna": 15, "Boris": 110},
                "hands_won": {"Anna": 1, "Boris": 2},
                "finished": True,
                "winner": "Boris",
                "net": {"Anna": "-215", "Boris": "215"},
                "reasons": ["110 + game 100 + boxes 20 × 1 − 15 = 215"],
            },
        ],
    }


def test_an_unfinished_gin_game_settles_the_difference_and_the_last_winner_stays() -> None:
    # Game 1: Anna 105 in 2 hands, Boris 30 in 1: 105 + 100 + 20 × 1 − 30 = 195. Game 2 runs:
    # Boris 25, Anna 10: the difference, Boris +15. Net Anna 195 − 15 = 180; game 1's winner
    # (Anna) is the sheet's while game 2 runs, and the sheet is not finished.
    data = settled(example("gin/bicycle-second-game-unfinished"))
    assert data["finished"] is False and data["winner"] == "Anna"
    assert data["net"] == {"Anna": "180", "Boris": "-180"}
    assert data["games"][1] == {
        "totals": {"Anna": 10, "Boris": 25},
        "hands_won": {"Anna": 1, "Boris": 1},
        "finished": False,
        "winner": None,
        "net": {"Anna": "-15", "Boris": "15"},
        "reasons": ["game not finished: the point difference, without bonuses"],
    }
    assert [g["winner"] for g in data["games"]] == ["Anna", None]


def test_hollywood_columns_each_settle_and_the_sheets_winner_won_the_most() -> None:
    # C1: Anna 105 in 5 hands, Boris 62 in 3: 105 + 100 + 25 × 2 − 62 = 193;
    # C2: Boris 105 in 4, Anna 87 in 4: 105 + 100 + 0 − 87 = 118 to Boris;
    # C3: Anna 102 in 4, Boris 75 in 3: 102 + 100 + 25 − 75 = 152. Net Anna 227; Anna won two
    # columns of three. `totals` are column 1's.
    data = settled(example("gin/ru-hollywood"))
    assert data["winner"] == "Anna" and data["finished"] is True
    assert data["totals"] == {"Anna": 105, "Boris": 62}
    assert data["net"] == {"Anna": "227", "Boris": "-227"}
    assert "games" not in data
    assert [(c["winner"], c["hands_won"], c["net"]["Anna"]) for c in data["columns"]] == [
        ("Anna", {"Anna": 5, "Boris": 3}, "193"),
        ("Boris", {"Anna": 4, "Boris": 4}, "-118"),
        ("Anna", {"Anna": 4, "Boris": 3}, "152"),
    ]
    assert [c["reasons"] for c in data["columns"]] == [
        ["105 + game 100 + boxes 25 × 2 − 62 = 193"],
        ["105 + game 100 + boxes 25 × 0 − 87 = 118"],
        ["102 + game 100 + boxes 25 × 1 − 75 = 152"],
    ]
    rows = shown(example("gin/ru-hollywood"))["rows"]
    assert {r["game"] for r in rows} == {1}  # a Hollywood sheet is one game of three columns


def test_a_hollywood_column_shutout_doubles_that_column_only() -> None:
    # C1: Anna 110 in 2 hands, Boris none: (110 + 100 + 25 × 2 − 0) × 2 = 520; C2 and C3 have
    # a Boris win each: 230 and 215. Net 965.
    data = settled(example("gin/modern-hollywood-shutout"))
    assert [c["reasons"] for c in data["columns"]] == [
        ["110 + game 100 + boxes 25 × 2 − 0 = 260, doubled for the shutout: 520"],
        ["110 + game 100 + boxes 25 × 2 − 30 = 230"],
        ["110 + game 100 + boxes 25 × 2 − 45 = 215"],
    ]
    assert data["net"] == {"Anna": "965", "Boris": "-965"}


# --- remik bridge: the pool, elimination, re-entry ---------------------------------------------


def test_a_bridge_re_entry_is_counted_paid_into_the_pool_and_the_last_one_in_takes_it() -> None:
    # Pool: 3 entries + 1 (d2: ½ each from Anna and Boris) + 3 (Boris's re-entry) + 1 (d3: ½
    # each from Boris and Carl) = 8, paid to Anna, the last one in. Paid in: Anna 1 + ½ = 1.5,
    # Boris 1 + ½ + 3 + ½ = 5, Carl 1 + ½ = 1.5. Anna: −1 + 2 − 1 + 1 + 8 = 9; Boris: −1 − 1
    # − 1 − 3 − 1 = −7; Carl: −1 − 1 + 1 − 1 = −2. Hands won: Anna d1 and d3, Carl d2.
    data = settled(example("bridge/elimination-reentry-pool"))
    assert data == {
        "schema": "remikcalc.settle/1",
        "variant": "bridge",
        "players": ["Anna", "Boris", "Carl"],
        "totals": {"Anna": 15, "Boris": 113, "Carl": 103},
        "finished": True,
        "winner": "Anna",
        "net": {"Anna": "9", "Boris": "-7", "Carl": "-2"},
        "transfers": [
            {"from": "Boris", "to": "Anna", "amount": "7"},
            {"from": "Carl", "to": "Anna", "amount": "2"},
        ],
        "pool": "0",
        "dealer": None,  # the sheet names no first dealer: the deal passes on from nobody known
        "in": ["Anna"],
        "eliminated": ["Boris", "Carl"],
        "reentries": {"Anna": 0, "Boris": 1, "Carl": 0},
        "entry_payments": ENTRY,
        "paid_in": {"Anna": "1.5", "Boris": "5", "Carl": "1.5"},
        "payout": [{"from": "pool", "to": "Anna", "amount": "8"}],
        "games": [
            {
                "totals": {"Anna": 15, "Boris": 113, "Carl": 103},
                "hands_won": {"Anna": 2, "Boris": 0, "Carl": 1},
                "finished": True,
                "winner": "Anna",
                "net": {"Anna": "9", "Boris": "-7", "Carl": "-2"},
                "reasons": ["Anna took the pool (stakes: 8)"],
            }
        ],
    }


def test_a_second_bridge_game_starts_everyone_in_with_a_new_entry_and_a_new_pool() -> None:
    # Game 1: pool 4.5 to Anna (+4), Boris −3, Carl −1; hands won Anna 2, Carl 1. Game 2: new
    # entries (pool 3), Boris's colour (Anna, Carl pay 2), Carl's knock (Anna, Boris pay ½ + ½):
    # pool 4, Anna −4, Boris +2, Carl −2, running. Net Anna 0, Boris −1, Carl −3; at 2 PLN a
    # stake: Boris −2.00, Carl −6.00, the pool 8.00.
    data = settled(example("bridge/two-games"))
    assert data["winner"] == "Anna" and data["finished"] is False
    assert data["in"] == ["Anna", "Boris", "Carl"] and data["eliminated"] == []
    assert data["reentries"] == {"Anna": 0, "Boris": 0, "Carl": 0}
    assert data["paid_in"] == {"Anna": "1.5", "Boris": "1.5", "Carl": "1"}
    assert data["pool"] == "4" and data["pool_money"] == "8.00"
    assert data["money"] == {"Anna": "0.00", "Boris": "-2.00", "Carl": "-6.00"}
    assert "payout" not in data
    assert [(g["hands_won"], g["finished"], g["winner"], g["net"]) for g in data["games"]] == [
        (
            {"Anna": 2, "Boris": 0, "Carl": 1},
            True,
            "Anna",
            {"Anna": "4", "Boris": "-3", "Carl": "-1"},
        ),
        (
            {"Anna": 0, "Boris": 1, "Carl": 1},
            False,
            None,
            {"Anna": "-4", "Boris": "2", "Carl": "-2"},
        ),
    ]
    assert data["games"][0]["reasons"] == ["Anna took the pool (stakes: 4.5)"]
    assert data["games"][1]["reasons"] == []
    rows = shown(example("bridge/two-games"))["rows"]
    assert [r["game"] for r in rows] == [1, 1, 1, 2, 2]


# --- the going-out games: targets, leaders -----------------------------------------------------


def test_rummy500_games_to_500_the_winner_collects_and_a_running_game_settles_pairs() -> None:
    # Game 1: Anna 508, Boris 243: Anna collects 508 − 243 = 265. Game 2 runs: Anna 149,
    # Boris 246: Boris +97. Net Anna 265 − 97 = 168; 1.68 PLN at 0.01. Boris leads game 2.
    data = settled(example("rummy500/two-games"))
    assert data["leader"] == "Boris" and data["open_ended"] is False
    assert data["winner"] == "Anna" and data["finished"] is False
    assert data["net"] == {"Anna": "168", "Boris": "-168"}
    assert data["money"] == {"Anna": "1.68", "Boris": "-1.68"}
    assert [
        (g["totals"], g["hands_won"], g["winner"], g["net"], g["reasons"]) for g in data["games"]
    ] == [
        (
            {"Anna": 508, "Boris": 243},
            {"Anna": 3, "Boris": 0},  # points-only deals won by the single highest score
            "Anna",
            {"Anna": "265", "Boris": "-265"},
            ["Anna collects 508 − 243 = 265 from Boris"],
        ),
        (
            {"Anna": 149, "Boris": 246},
            {"Anna": 0, "Boris": 2},
            None,
            {"Anna": "-97", "Boris": "97"},
            ["game not finished: each pair settles its point difference"],
        ),
    ]


def test_rummy_net_is_each_total_less_the_mean_and_the_leader_is_alone_at_the_top() -> None:
    # totals Anna 38, Boris −27, Carl −39, Dora 28 (sum 0: net = totals); × 0.20: 7.60,
    # −5.40, −7.80, 5.60
    data = settled(example("rummy/four-players-money"))
    assert data["leader"] == "Anna" and data["open_ended"] is True and "games" not in data
    assert data["net"] == {"Anna": "38", "Boris": "-27", "Carl": "-39", "Dora": "28"}
    assert data["money"] == {"Anna": "7.60", "Boris": "-5.40", "Carl": "-7.80", "Dora": "5.60"}


def test_two_players_level_at_the_top_are_no_leader(sheet_file: SheetMaker) -> None:
    # rummy: Anna +20, Boris +20, Carl −40: no leader; net = totals less the mean (0)
    path = str(
        sheet_file(
            "r.yaml",
            "rummy",
            "Anna,Boris,Carl",
            deals=[{"scores": {"Anna": 20, "Boris": 20, "Carl": -40}}],
        )
    )
    data = settled(path)
    assert data["leader"] is None
    assert data["net"] == {"Anna": "20", "Boris": "20", "Carl": "-40"}


def test_a_sheet_with_no_deals_has_no_leader(sheet_file: SheetMaker) -> None:
    path = str(sheet_file("r.yaml", "rummy", "Anna,Boris"))
    data = settled(path)
    assert data["leader"] is None and data["net"] == {"Anna": "0", "Boris": "0"}


def test_boat_games_to_a_house_target_each_settle_their_own_payments(
    sheet_file: SheetMaker,
) -> None:
    # game_target 100. Deal 1: Ann goes out, Bob pays 70 and Cid 50: Ann 120 ≥ 100 wins game 1.
    # Deal 2 starts game 2 from nothing: Bob out, Ann pays 20 and Cid 10: Bob 30.
    # Net: game 1 (120, −70, −50) + game 2 (−20, 30, −10) = Ann 100, Bob −40, Cid −60.
    path = str(
        sheet_file(
            "b.yaml",
            "boat",
            "Ann,Bob,Cid",
            rules=["game_target=100"],
            deals=[
                {"closer": "Ann", "scores": {"Ann": 120, "Bob": -70, "Cid": -50}},
                {"closer": "Bob", "scores": {"Bob": 30, "Ann": -20, "Cid": -10}},
            ],
        )
    )
    data = settled(path)
    assert data["net"] == {"Ann": "100", "Bob": "-40", "Cid": "-60"}
    assert data["winner"] == "Ann" and data["finished"] is False and data["leader"] == "Bob"
    assert [
        (g["totals"], g["hands_won"], g["finished"], g["winner"], g["net"]) for g in data["games"]
    ] == [
        (
            {"Ann": 120, "Bob": -70, "Cid": -50},
            {"Ann": 1, "Bob": 0, "Cid": 0},
            True,
            "Ann",
            {"Ann": "120", "Bob": "-70", "Cid": "-50"},
        ),
        (
            {"Ann": -20, "Bob": 30, "Cid": -10},
            {"Ann": 0, "Bob": 1, "Cid": 0},
            False,
            None,
            {"Ann": "-20", "Bob": "30", "Cid": "-10"},
        ),
    ]
    assert [r["game"] for r in shown(path)["rows"]] == [1, 2]


# --- a tie at the top past the target, a finished rummy 500 game ----------------------------------


# from the mutation round of issue 20: a survivor in scoring/tally.py
def test_a_tie_at_the_top_past_the_target_is_noted() -> None:
    note = tie_note({"Anna": 510, "Boris": 510, "Carl": 200}, 500)
    assert note is not None
    assert reason_text(note) == (
        "Anna and Boris are tied at 510, past the target of 500: play continues."
    )


# from the mutation round of issue 20: a survivor in scoring/tally.py
def test_no_tie_is_noted_for_one_leader_or_below_the_target() -> None:
    assert tie_note({"Anna": 510, "Boris": 300}, 500) is None  # one player past: he won
    assert tie_note({"Anna": 400, "Boris": 400}, 500) is None  # level, but the game goes on
    assert tie_note({"Anna": 500, "Boris": 499}, 500) is None


# from the mutation round of issue 20: a survivor in scoring/tally.py
def test_a_finished_rummy500_game_says_who_collects_the_gap() -> None:
    # rummy500/two-games: game 1 ends Anna 508, Boris 243: Anna collects 508 − 243 = 265
    result = CliRunner().invoke(
        cli, ["settle", str(EXAMPLES / "rummy500" / "two-games.yaml"), "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    first = data["games"][0]
    assert first["totals"] == {"Anna": 508, "Boris": 243}
    assert first["net"] == {"Anna": "265", "Boris": "-265"}
    assert first["reasons"] == ["Anna collects 508 − 243 = 265 from Boris"]
