"""The sheet commands end to end: new, add, undo, show, settle, pool (docs/INTERFACE.md): what
add and edit print, a player out and back in, a Hollywood sheet's columns."""

from __future__ import annotations

import json
import shlex
import sys
from decimal import Decimal
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from remikcalc.commands import prompts
from remikcalc.sheet import load_sheet
from remikcalc.sheet.model import DealEntry, ReentryEntry
from tests.clirun import ok, run
from tests.hands import (
    BRIDGE_KNOCK_2,
    BRIDGE_LOSER_31,
    BRIDGE_NO_MELD_70,
    BRIDGE_REMIK,
    GIN_ANNA,
    GIN_BORIS,
    GIN_DEFENCE_BORIS,
    GIN_KNOCK_ANNA,
)
from tests.sheets import SheetMaker

# the worked examples as installed with the package (repository: remikcalc/examples)
EXAMPLES = Path(str(resources.files("remikcalc") / "examples"))

# Remik bridge hands (two packs): Anna knocks with 2 (A-2-3S, 777, 999; 2C left), or shows a
# remik (A-2-3-4S, 777, 999); Boris holds nothing melded (70); Carl K-Q-J-10C and 31 left.
ANNA_KNOCK = f"Anna={BRIDGE_KNOCK_2}"
ANNA_REMIK = f"Anna={BRIDGE_REMIK}"
BORIS_70 = f"Boris={BRIDGE_NO_MELD_70}"
CARL_31 = f"Carl={BRIDGE_LOSER_31}"
# GIN_ANNA: 999 5-6-7S KKK and 2C (knocks with 2); GIN_BORIS: 61 unmatched


def settle_json(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok("settle", str(path), "--format", "json").output)
    return data


@pytest.fixture
def gin(sheet_file: SheetMaker) -> Path:
    return sheet_file("gin.yaml", stake="0,10", currency="PLN")


@pytest.fixture
def bridge(sheet_file: SheetMaker) -> Path:
    return sheet_file("bridge.yaml", "bridge", "Anna,Boris,Carl", stake="2")


# --- new --------------------------------------------------------------------------------------


def test_new_writes_a_readable_sheet(gin: Path) -> None:
    assert gin.read_text(encoding="utf-8").splitlines()[1:] == [
        "remikcalc: 1",
        "variant: gin",
        "players: [Anna, Boris]",
        'stake: "0.10"',
        "currency: PLN",
        "deals:",
    ]


def test_new_refuses_to_overwrite_without_force(gin: Path) -> None:
    ok("add", str(gin), "--score", "Anna=25")
    before = gin.read_bytes()
    result = run("new", str(gin), "-v", "gin", "--players", "A,B")
    assert result.exit_code == 1 and "already exists; use --force" in result.output
    assert gin.read_bytes() == before
    ok("new", str(gin), "-v", "oklahoma", "--players", "A,B", "--force")
    assert "variant: oklahoma" in gin.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["-v", "ginn", "--players", "A,B"], 2, "unknown variant 'ginn'"),
        (["-v", "gin", "--players", "A,B,C"], 2, "played by 2 players, not 3"),
        (["-v", "gin", "--players", "A,pool"], 2, "reserved"),
        (["-v", "gin", "--players", "A,a"], 2, "named twice"),
        (["-v", "gin", "--players", "A,B", "--rule", "knock_limt=5"], 2, "did you mean"),
        (["-v", "bridge", "--players", "A,B", "--hollywood"], 2, "Hollywood"),
        (["-v", "gin", "--players", "A,B", "--stake", "-1"], 1, "negative"),
        (["-v", "gin", "--players", "A,B", "--stake", "ten"], 1, "not a decimal number"),
        (["-v", "gin", "--players", "A,B", "--stake", "0.001"], 1, "more decimals"),
        (["-v", "gin", "--players", "A,B", "--stake", "5.5", "--currency", "JPY"], 1, "whole"),
    ],
)
def test_new_refuses_bad_settings(tmp_path: Path, args: list[str], code: int, message: str) -> None:
    path = tmp_path / "x.yaml"
    result = run("new", str(path), *args)
    assert result.exit_code == code, result.output
    assert message in result.output
    assert not path.exists()


# --- add and undo -----------------------------------------------------------------------------


def test_add_scores_a_real_gin_deal_and_prints_the_running_sheet(gin: Path) -> None:
    result = ok("add", str(gin), "--closer", "anna", GIN_ANNA, GIN_BORIS)
    assert "Deal 1: Anna knocked; Anna wins the deal" in result.output
    assert "Points left to reach 100: Anna 41, Boris 100" in result.output
    assert gin.read_text(encoding="utf-8").endswith(
        f'deals:\n  - closer: Anna\n    hands: {{Anna: "{GIN_KNOCK_ANNA}", '
        f'Boris: "{GIN_DEFENCE_BORIS}"}}\n'
    )
    data = settle_json(gin)
    assert data["deals"][0]["points"] == {"Anna": 2, "Boris": 61}
    assert data["net"] == {"Anna": "59", "Boris": "-59"}
    assert data["money"] == {"Anna": "5.90", "Boris": "-5.90"}


def test_a_failed_add_leaves_the_file_byte_for_byte(gin: Path) -> None:
    ok("add", str(gin), "--score", "Boris=10")
    before = gin.read_bytes()
    for args in (
        ["--closer", "Zed", GIN_ANNA, GIN_BORIS],
        ["--closer", "Anna", GIN_ANNA, "Boris=AS 2S 3H"],
        ["--closer", "Anna", GIN_ANNA, "Boris=ZZ"],
        ["--score", "Zed=4"],
        ["--score", "Anna=x"],
        ["--score", "Anna=5", "--score", "Boris=5"],
        ["--reenter", "Anna"],
        [],
    ):
        result = run("add", str(gin), *args)
        assert result.exit_code != 0, args
        assert result.output.strip(), args
        assert "Traceback" not in result.output
        assert gin.read_bytes() == before, args


def test_add_without_a_terminal_does_not_prompt(gin: Path) -> None:
    result = run("add", str(gin), input="Anna\n")
    assert result.exit_code == 1
    assert "nothing to add" in result.output


def test_add_asks_on_a_terminal_for_the_closer_and_the_hands(
    gin: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(prompts, "interactive", lambda: True)
    answers = "anna\n" + GIN_KNOCK_ANNA + "\n" + GIN_DEFENCE_BORIS + "\n"
    result = ok("add", str(gin), input=answers)
    assert "Who closed the deal" in result.output and "Anna's cards" in result.output
    assert "Deal 1: Anna knocked; Anna wins" in result.output
    # a wrong answer is the scoring's error, and the sheet is unchanged
    before = gin.read_bytes()
    answers = "boris\n" + GIN_KNOCK_ANNA + "\n" + GIN_DEFENCE_BORIS + "\n"
    result = run("add", str(gin), input=answers)
    assert result.exit_code == 1 and "knock limit is 10" in result.output
    assert gin.read_bytes() == before


def test_add_asks_only_for_what_is_missing(gin: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prompts, "interactive", lambda: True)
    answer = GIN_DEFENCE_BORIS + "\n"
    result = ok("add", str(gin), "--closer", "Anna", GIN_ANNA, input=answer)
    assert "Who closed" not in result.output and "Boris's cards" in result.output
    assert "Totals: Anna 59, Boris 0" in result.output


def test_add_asks_again_for_a_hand_with_a_typo(gin: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prompts, "interactive", lambda: True)
    answers = "9C QX\n" + GIN_DEFENCE_BORIS + "\n"
    result = ok("add", str(gin), "--closer", "Anna", GIN_ANNA, input=answers)
    assert "card 2 'QX': unknown suit 'X'" in result.output
    assert result.output.count("Boris's cards") == 2
    assert "Totals: Anna 59, Boris 0" in result.output


def test_the_add_help_examples_run(tmp_path: Path) -> None:
    # The examples in `add --help` that need no earlier deal must work as printed, pasted into a
    # shell: the stock-out one used to read Anna="..." Boris="..." (rank '.'), and the notes
    # "(a deal entered as points)" were a shell syntax error; they are # comments now.
    # gin: Anna knocks with 2, Boris 61 unmatched: 59; then Anna +25 as points: 84; then
    # Boris +12 as points.
    # rummy draw: Anna KC QD 2H = 10 + 10 + 2 = 22, Boris 5S 5D 9C = 19: −22 and −19.
    # polish by counts: Anna went out, Vera 23 and Gleb 41 left in hand: Anna +64.
    text = ok("add", "--help").output
    block = text[text.index("Example") :].split("\n\n")[0].replace("\\\n", " ")
    lines = [shlex.split(x, comments=True) for x in block.splitlines()[1:]]
    ok("new", str(tmp_path / "game.yaml"), "-v", "gin", "--players", "Anna,Boris")
    ok("new", str(tmp_path / "rummy.yaml"), "-v", "rummy", "--players", "Anna,Boris")
    ok("new", str(tmp_path / "polish.yaml"), "-v", "polish", "--players", "Anna,Vera,Gleb")
    ran = 0
    for words in lines:
        if words[:2] != ["remikcalc", "add"] or words[2] == "bridge.yaml":
            continue  # the re-entry example needs a player who is out
        ok("add", str(tmp_path / words[2]), *words[3:])
        ran += 1
    assert ran == 6  # Boris's 12 printed with the whole sheet, and a dry run that adds nothing
    assert settle_json(tmp_path / "game.yaml")["totals"] == {"Anna": 84, "Boris": 12}
    assert settle_json(tmp_path / "rummy.yaml")["totals"] == {"Anna": -22, "Boris": -19}
    assert settle_json(tmp_path / "polish.yaml")["totals"] == {"Anna": 64, "Vera": -23, "Gleb": -41}


def test_undo_after_add_restores_the_file_byte_for_byte(gin: Path) -> None:
    ok("add", str(gin), "--score", "Anna=25")
    before = gin.read_bytes()
    ok("add", str(gin), "--closer", "Anna", GIN_ANNA, GIN_BORIS)
    result = ok("undo", str(gin))
    assert "Removed the last entry" in result.output and "(a deal closed by Anna)" in result.output
    assert gin.read_bytes() == before
    ok("undo", str(gin))
    result = run("undo", str(gin))
    assert result.exit_code == 1 and "nothing to undo" in result.output


def test_add_and_undo_refuse_a_missing_sheet_without_leaving_a_lock(tmp_path: Path) -> None:
    for command in (["add", "--score", "A=1"], ["undo"]):
        result = run(command[0], str(tmp_path / "none.yaml"), *command[1:])
        assert result.exit_code == 1 and "no such sheet" in result.output
    assert list(tmp_path.iterdir()) == []


def test_add_json_reports_the_deal_and_the_sheet(gin: Path) -> None:
    data = json.loads(ok("add", str(gin), "--score", "Boris=30", "--json").output)
    assert data["added"]["scores"] == {"Anna": 0, "Boris": 30}
    assert data["sheet"]["totals"] == {"Anna": 0, "Boris": 30}


# --- remik bridge: stakes, pool, elimination, re-entry ------------------------------------------


def test_bridge_session_with_elimination_reentry_and_pool(bridge: Path) -> None:
    b = str(bridge)
    ok("add", b, "--closer", "Anna", ANNA_KNOCK, BORIS_70, CARL_31)
    ok("add", b, "--closer", "Anna", ANNA_REMIK, BORIS_70, CARL_31)  # Boris 140: out
    result = run("add", b, "--closer", "Anna", ANNA_KNOCK, BORIS_70, CARL_31)
    assert result.exit_code == 1
    assert "Boris is out (total 140" in result.output and "--reenter Boris" in result.output
    assert "Out: Boris (140)" in ok("show", b).output
    refused = run("add", b, "--reenter", "Carl")
    assert refused.exit_code == 1 and "Carl cannot re-enter while still in" in refused.output
    ok("add", b, "--reenter", "boris")  # pays 3 stakes, restarts at max(-8, 62) = 62
    pool = json.loads(ok("pool", b, "--json").output)
    # entry 3 + knock ½ × 2 + re-entry 3 = 7 stakes = 14.00 at 2 a stake
    assert pool["pool"] == "7" and pool["money"] == "14.00"
    assert pool["paid_in"] == {"Anna": "1", "Boris": "4.5", "Carl": "1.5"}
    ok("add", b, "--closer", "Anna", "--how", "knock", "--score", "Boris=50", "--score", "Carl=40")
    data = settle_json(bridge)
    assert [d["outcome"] for d in data["deals"]] == ["knock", "remik", "reenter", "knock"]
    # n counts every entry; deal numbers the deals as show and the pad do (the re-entry is
    # no deal: the pad's deal 3 is the fourth entry)
    assert [(d["n"], d.get("deal")) for d in data["deals"]] == [(1, 1), (2, 2), (3, None), (4, 3)]
    assert data["deals"][2] == {
        "n": 3,
        "outcome": "reenter",
        "player": "Boris",
        "total": 62,
        "payments": [{"from": "Boris", "to": "pool", "amount": "3"}],
        "totals": {"Anna": -8, "Boris": 62, "Carl": 62},
    }
    # Anna: -1 entry +1 knock +2 remik +1 knock +8 pool = 11; Boris -1 -1 -1 -3 -1 = -7;
    # Carl -1 -1 -1 -1 = -4
    assert {
        k: data[k] for k in ("totals", "finished", "winner", "net", "money", "transfers", "pool")
    } == {
        "totals": {"Anna": -8, "Boris": 112, "Carl": 102},
        "finished": True,
        "winner": "Anna",
        "net": {"Anna": "11", "Boris": "-7", "Carl": "-4"},
        "money": {"Anna": "22.00", "Boris": "-14.00", "Carl": "-8.00"},
        "transfers": [
            {"from": "Boris", "to": "Anna", "amount": "14.00"},
            {"from": "Carl", "to": "Anna", "amount": "8.00"},
        ],
        "pool": "0",
    }
    assert data["schema"] == "remikcalc.settle/1" and data["players"] == ["Anna", "Boris", "Carl"]
    again = run("add", b, "--reenter", "Boris")
    assert again.exit_code == 1 and "game is over (Anna took the pool)" in again.output
    # the next deal starts game 2, with everyone in again
    ok("add", b, "--closer", "Anna", "--how", "knock", "--score", "Boris=5", "--score", "Carl=4")
    assert "-- game 2 --" in ok("show", b).output


def test_bridge_while_running_the_pool_holds_money(bridge: Path) -> None:
    ok("add", str(bridge), "--closer", "Anna", ANNA_KNOCK, BORIS_70, CARL_31)
    data = settle_json(bridge)
    assert data["finished"] is False and data["winner"] is None
    assert data["net"] == {"Anna": "0", "Boris": "-2", "Carl": "-2"}
    assert data["pool"] == "4" and data["pool_money"] == "8.00"
    assert data["transfers"] == [
        {"from": "Boris", "to": "pool", "amount": "4.00"},
        {"from": "Carl", "to": "pool", "amount": "4.00"},
    ]


def test_pool_is_only_for_bridge(gin: Path) -> None:
    result = run("pool", str(gin))
    assert result.exit_code == 1 and "no pool" in result.output


# --- show and settle ---------------------------------------------------------------------------


def test_show_has_totals_status_and_sparklines(gin: Path) -> None:
    for who, pts in [
        ("Anna", 20),
        ("Boris", 15),
        ("Anna", 30),
        ("Anna", 21),
        ("Boris", 25),
        ("Anna", 15),
        ("Anna", 15),
    ]:
        ok("add", str(gin), "--score", f"{who}={pts}", "--again")  # Anna 15 twice running
    out = ok("show", str(gin)).output
    assert "Game over: Anna won." in out
    assert "Anna   ▁▂▄▅▅▆█ 101" in out or "Anna   ▁" in out
    assert any(ch in out for ch in "▁▂▃▄▅▆▇█")
    data = json.loads(ok("show", str(gin), "--json").output)
    assert data["progression"]["Anna"] == [0, 20, 20, 50, 71, 71, 86, 101]
    assert data["finished"] is True and data["winner"] == "Anna"
    plain = ok("show", str(gin), "--format", "plain").output.splitlines()
    assert plain[0] == "#\tgame\tdeal\tscores\tAnna\tBoris"
    table = ok("settle", str(gin)).output
    assert "Boris pays Anna 23.60 PLN" in table
    data = settle_json(gin)
    assert data["net"] == {"Anna": "236", "Boris": "-236"}
    # the next deal starts game 2
    ok("add", str(gin), "--score", "Boris=10")
    out = ok("show", str(gin)).output
    assert "-- game 2 --" in out


def test_show_chart_without_matplotlib_says_how_to_get_it(
    gin: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ok("add", str(gin), "--score", "Anna=20")
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import fails as if not installed
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    result = run("show", str(gin), "--chart", str(tmp_path / "chart.png"))
    assert result.exit_code == 1
    assert "the chart needs matplotlib: pip install 'remikcalc[plot]'" in result.output
    assert not (tmp_path / "chart.png").exists()


@pytest.mark.slow
def test_show_chart_draws_a_png(gin: Path, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    ok("add", str(gin), "--score", "Anna=20")
    png = tmp_path / "chart.png"
    ok("show", str(gin), "--chart", str(png))
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_rummy_mean_with_no_exact_decimal_stays_zero_sum(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    ok("new", str(path), "-v", "rummy", "--players", "A,B,C", "--stake", "0.05")
    ok("add", str(path), "--draw", "--score", "A=-5", "--score", "B=-3", "--score", "C=-2")
    data = settle_json(path)
    # totals -5 -3 -2, mean -10/3: nets -5/3, 1/3, 4/3
    assert data["net_exact"] == {"A": "-5/3", "B": "1/3", "C": "4/3"}
    # -1.67 + 0.33 + 1.33 is a cent short; the three remainders are equal, so the first
    # player's is rounded the other way
    assert data["net"] == {"A": "-1.66", "B": "0.33", "C": "1.33"}
    # money: -1/12, 1/60, 1/15 of a unit -> -0.08, 0.02, 0.07 (a cent over) -> -0.09 first
    assert data["money"] == {"A": "-0.09", "B": "0.02", "C": "0.07"}


def test_seed_example_with_real_hands_settles_to_236() -> None:
    data = settle_json(EXAMPLES / "gin" / "ru-seed-236.yaml")
    assert data["net"][data["winner"]] == "236"
    assert len(data["deals"]) == 7


def test_a_hand_edited_sheet_reports_every_problem(gin: Path) -> None:
    gin.write_text(
        gin.read_text(encoding="utf-8") + "  - closer: Zed\n    hands: {Anna: 'QQ'}\n"
        "  - scores: {Boris: -3}\n",
        encoding="utf-8",
    )
    result = run("settle", str(gin))
    assert result.exit_code == 1
    assert f"{gin}:8: deals[1].closer: 'Zed' is not a player" in result.output
    result = run("show", str(gin))
    assert result.exit_code == 1 and "Traceback" not in result.output


def test_boat_seed_through_real_hands(tmp_path: Path) -> None:
    path = tmp_path / "boat.yaml"
    ok("new", str(path), "-v", "boat", "--players", "Vova,Kirill,Mikhail,Nikolai")
    # winner +88; Kirill 9C 7H 9D QD = 9 + 7 + 10 = 26 (pair rule) -> 114; Mikhail AH AS = 11
    # -> 99; Nikolai 8S -> 96
    ok(
        "add",
        str(path),
        "--closer",
        "Vova",
        "--plus",
        "88",
        "Kirill=9C 7H 9D QD",
        "Mikhail=AH AS",
        "Nikolai=8S",
    )
    data = settle_json(path)
    assert data["deals"][0]["payments"] == [
        {"from": "Kirill", "to": "Vova", "amount": "114"},
        {"from": "Mikhail", "to": "Vova", "amount": "99"},
        {"from": "Nikolai", "to": "Vova", "amount": "96"},
    ]
    assert data["net"] == {"Vova": "309", "Kirill": "-114", "Mikhail": "-99", "Nikolai": "-96"}
    assert data["finished"] is False and data["open_ended"] is True


def test_rummy500_through_real_melds_until_the_game_is_over(tmp_path: Path) -> None:
    path = tmp_path / "r500.yaml"
    ok("new", str(path), "-v", "rummy500", "--players", "Anna,Boris", "--stake", "0.01")
    # Anna melds A-2-3S (1+2+3) and 777 (21) = 27, hand empty; Boris KKK 30 − 9C 4D 13 = 17
    ok(
        "add",
        str(path),
        "--closer",
        "Anna",
        "--melded",
        "Anna=AS 2S 3S | 7H 7D 7C",
        "--melded",
        "Boris=KD KH KS",
        "Anna=",
        "Boris=9C 4D",
    )
    ok("add", str(path), "--score", "Anna=480", "--score", "Boris=100")
    data = settle_json(path)
    # Anna 507 ≥ 500 wins and collects the difference 507 − 117 = 390 (3.90 at 0.01)
    assert data["totals"] == {"Anna": 507, "Boris": 117} and data["winner"] == "Anna"
    assert data["money"] == {"Anna": "3.90", "Boris": "-3.90"}
    ok("add", str(path), "--score", "Boris=5")  # the next deal starts game 2
    data = settle_json(path)
    assert data["totals"] == {"Anna": 0, "Boris": 5} and len(data["games"]) == 2


def test_hollywood_sheet_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "hw.yaml"
    ok(
        "new",
        str(path),
        "-v",
        "gin",
        "--players",
        "Anna,Boris",
        "--hollywood",
        "--title",
        "Friday: Hollywood",
    )
    text = path.read_text(encoding="utf-8")
    assert "rules: {scoring: hollywood}" in text and 'title: "Friday: Hollywood"' in text
    ok("add", str(path), "--score", "Anna=100")  # 1st win: column 1, won
    ok("add", str(path), "--score", "Anna=100", "--again")  # 2nd win: columns 2 and 3, both won
    data = settle_json(path)
    assert [c["winner"] for c in data["columns"]] == ["Anna", "Anna", "Anna"]
    assert data["net"] == {"Anna": "675", "Boris": "-675"}  # 3 × (100 + 100 + 25)
    over = run("add", str(path), "--score", "Boris=5")
    assert over.exit_code == 1 and "all three Hollywood columns are won" in over.output


def test_every_example_settles_to_plain_json_that_sums_to_zero() -> None:
    from remikcalc.render.settlement_json import settle_sheet
    from remikcalc.sheet import load_sheet
    from remikcalc.sheet.evening import is_evening

    files = sorted(p for p in EXAMPLES.rglob("*.yaml") if not is_evening(p))
    for path in files:
        data = settle_sheet(load_sheet(path))
        json.dumps(data)  # plain JSON types only (no default= needed)
        net = sum(Decimal(v) for v in data["net"].values()) + Decimal(data["pool"])
        assert net == 0, path


# --- a player out and back in: the message, the event ---------------------------------------------


@pytest.fixture
def bridge_boris_out(sheet_file: SheetMaker) -> Path:
    """Bridge: Anna knocks twice with nothing left; Boris 70 + 70 = 140 is out."""
    knock = {"closer": "Anna", "scores": {"Anna": 0, "Boris": 70, "Carl": 31}}
    return sheet_file("b.yaml", "bridge", "Anna,Boris,Carl", deals=[knock, knock])


# from issue 12, item 5: words that tell the truth
@pytest.mark.columns(200)
def test_a_player_who_is_out_is_named_in_the_re_enter_message(bridge_boris_out: Path) -> None:
    result = run(
        "add",
        str(bridge_boris_out),
        "--closer",
        "Anna",
        "--score",
        "Anna=0",
        "--score",
        "Boris=7",
        "--score",
        "Carl=31",
    )
    assert result.exit_code == 1
    assert result.stderr == (
        "Error: Boris is out (total 140, out at 100) and does not play; re-enter Boris first "
        f"(add --reenter Boris)\n{bridge_boris_out} is unchanged.\n"
    )


# from issue 12, item 5: words that tell the truth
@pytest.mark.columns(200)
def test_a_re_entry_is_an_event_not_a_numbered_deal(bridge_boris_out: Path) -> None:
    # Boris pays 3 stakes into the pool and restarts at the highest total still in: Carl's 62.
    assert ok("add", str(bridge_boris_out), "--reenter", "boris").stdout == (
        "Event e1: Boris re-enters (pays 3 to the pool, restarts at 62)\n"
        "\n"
        "Totals: Anna 0, Boris 62, Carl 62\n"
        "Pool: 8 stakes\n"
        "Points left before going out at 100: Anna 100, Boris 38, Carl 38\n"
    )
    out = ok(
        "add",
        str(bridge_boris_out),
        "--closer",
        "Anna",
        "--score",
        "Anna=0",
        "--score",
        "Boris=7",
        "--score",
        "Carl=31",
    ).stdout
    assert out.startswith("Deal 3: Anna knocked (Boris +7, Carl +31)\n")
    assert ok("show", str(bridge_boris_out), "--no-spark").stdout == (
        "bridge: Anna, Boris, Carl\n"
        "\n"
        "#    deal             scores                              Anna    Boris    Carl\n"
        "---  ---------------  ----------------------------------  ------  -------  ------\n"
        "1    Anna knocked     Boris +70, Carl +31                 0       70       31\n"
        "2    Anna knocked     Boris +70, Carl +31                 0       140 out  62\n"
        "e1   Boris re-enters  pays 3 to the pool, restarts at 62  0       62       62\n"
        "3    Anna knocked     Boris +7, Carl +31                  0       69       93\n"
        "\n"
        "Pool: 9 stakes\n"
        "Points left before going out at 100: Anna 100, Boris 31, Carl 7\n"
    )
    rows = json.loads(ok("show", str(bridge_boris_out), "--json").stdout)["rows"]
    assert [(r["n"], r.get("deal"), r.get("event")) for r in rows] == [
        (1, 1, None),
        (2, 2, None),
        (3, None, True),
        (4, 3, None),
    ]
    # edit counts deals as show does: deal 3 is the fourth entry
    ok(
        "edit",
        str(bridge_boris_out),
        "3",
        "--closer",
        "Anna",
        "--score",
        "Anna=0",
        "--score",
        "Boris=8",
        "--score",
        "Carl=31",
    )
    assert rows[3]["totals"]["Boris"] == 69
    assert (
        json.loads(ok("show", str(bridge_boris_out), "--json").stdout)["rows"][3]["totals"]["Boris"]
        == 70
    )


# --- show: a Hollywood sheet's three columns ------------------------------------------------------


# from issue 12, item 5: words that tell the truth
@pytest.mark.columns(200)
def test_hollywood_show_tracks_every_column(tmp_path: Path) -> None:
    # Hollywood: a hand's score goes into the first open column; a player's second win also
    # into the second, his third into the third. Anna 18 (column 1); Boris 12 (column 1);
    # Anna 25 (her 2nd win: columns 1 and 2); Boris 30 (his 2nd: 1 and 2).
    path = tmp_path / "h.yaml"
    ok("new", str(path), "-v", "gin", "--players", "Anna,Boris", "--hollywood")
    for score in ("Anna=18", "Boris=12", "Anna=25", "Boris=30"):
        ok("add", str(path), "--score", score)
    assert ok("show", str(path), "--no-spark").stdout == (
        "gin: Anna, Boris\n"
        "\n"
        "#    deal         scores     Anna 1/2/3    Boris 1/2/3\n"
        "---  -----------  ---------  ------------  -------------\n"
        "1    points only  Anna +18   18/0/0        0/0/0\n"
        "2    points only  Boris +12  18/0/0        12/0/0\n"
        "3    points only  Anna +25   43/25/0       12/0/0\n"
        "4    points only  Boris +30  43/25/0       42/30/0\n"
        "\n"
        "Column 1: Anna 43, Boris 42 (open)\n"
        "Column 2: Anna 25, Boris 30 (open)\n"
        "Column 3: Anna 0, Boris 0 (open)\n"
        "Points left to reach 100: Anna 57, Boris 58\n"
        "Next to deal: Boris\n"
    )
    assert ok("add", str(path), "--score", "Anna=5").stdout.startswith(
        "Deal 5: points only (Anna +5)\n\nTotals: Anna 48/30/5, Boris 42/30/0\n"
    )
    rows = json.loads(ok("show", str(path), "--json").stdout)["rows"]
    assert rows[2]["columns"] == [
        {"Anna": 43, "Boris": 12},
        {"Anna": 25, "Boris": 0},
        {"Anna": 0, "Boris": 0},
    ]


# --- add and edit print the deal and the totals ---------------------------------------------------


# from issue 12, item 6: what add and edit print
@pytest.mark.columns(200)
def test_add_prints_the_deal_and_the_totals_and_verbose_the_sheet(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    ok("new", str(path), "-v", "gin", "--players", "Anna,Boris")
    assert ok("add", str(path), "--score", "Anna=25").stdout == (
        "Deal 1: points only (Anna +25)\n\nTotals: Anna 25, Boris 0\n"
        "Points left to reach 100: Anna 75, Boris 100\n"
        "Next to deal: Anna\n"
    )
    assert ok("add", str(path), "--score", "Boris=10", "--verbose").stdout == (
        "Deal 2: points only (Boris +10)\n"
        "\n"
        "gin: Anna, Boris\n"
        "\n"
        "#    deal         scores     Anna    Boris\n"
        "---  -----------  ---------  ------  -------\n"
        "1    points only  Anna +25   25      0\n"
        "2    points only  Boris +10  25      10\n"
        "\n"
        "Points left to reach 100: Anna 75, Boris 90\n"
        "Next to deal: Boris\n"
        "\n"
        "Anna   ▁██ 25\n"
        "Boris  ▁▁▄ 10\n"
    )
    assert ok("edit", str(path), "2", "--score", "Boris=12").stdout == (
        "Deal 2: points only (Boris +12)\n\nTotals: Anna 25, Boris 12\n"
        "Points left to reach 100: Anna 75, Boris 88\n"
        "Next to deal: Boris\n"
    )
    assert "#    deal" in ok("edit", str(path), "2", "--score", "Boris=12", "--verbose").stdout
    assert ok("add", str(path), "--score", "Anna=5", "--format", "csv").stdout.endswith(
        "\n\nplayer,total\nAnna,30\nBoris,12\n"
    )


# --- a defender's hand typed in groups ------------------------------------------------------------


# from issue 18, corrections and input at the table: the card traps
def test_a_defender_s_last_group_is_his_deadwood(gin_here: Path) -> None:
    output = ok(
        "add", "g.yaml", "--closer", "Anna", GIN_ANNA, "Boris=AS 2S 3S | 8C JC QC 4D 5D 8D TD"
    ).output
    assert "Totals: Anna 53, Boris 0" in output
    assert isinstance(load_sheet("g.yaml").entries[0], DealEntry)
    assert not isinstance(load_sheet("g.yaml").entries[0], ReentryEntry)
