"""The sheet commands end to end: new, add, undo, show, settle, pool (docs/INTERFACE.md)."""

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
from tests.clirun import GIN_ANNA, GIN_BORIS, ok, run

# the worked examples as installed with the package (repository: remikcalc/examples)
EXAMPLES = Path(str(resources.files("remikcalc") / "examples"))

# Remik bridge hands (two packs): Anna knocks with 2 (A-2-3S, 777, 999; 2C left), or shows a
# remik (A-2-3-4S, 777, 999); Boris holds nothing melded (70); Carl K-Q-J-10C and 31 left.
ANNA_KNOCK = "Anna=AS 2S 3S 7H 7D 7C 9C 9D 9H 2C"
ANNA_REMIK = "Anna=AS 2S 3S 4S 7H 7D 7C 9C 9D 9H"
BORIS_70 = "Boris=KH QD 5C 8S 4D 6H JS TD 3H 4C"
CARL_31 = "Carl=5H 6H 7S 8D TC JC QC KC 2D 3D"
# Gin: Anna 999 5-6-7S KKK and 2C (knocks with 2); Boris 61 unmatched


def settle_json(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok("settle", str(path), "--format", "json").output)
    return data


@pytest.fixture
def gin(tmp_path: Path) -> Path:
    path = tmp_path / "gin.yaml"
    ok(
        "new",
        str(path),
        "-v",
        "gin",
        "--players",
        "Anna,Boris",
        "--stake",
        "0,10",
        "--currency",
        "PLN",
    )
    return path


@pytest.fixture
def bridge(tmp_path: Path) -> Path:
    path = tmp_path / "bridge.yaml"
    ok("new", str(path), "-v", "bridge", "--players", "Anna,Boris,Carl", "--stake", "2")
    return path


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
        'deals:\n  - closer: Anna\n    hands: {Anna: "9C 9D 9H 5S 6S 7S KD KH KS 2C", '
        'Boris: "AS 2S 3H 4D 5D 8C 8D JC QC TD"}\n'
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
    answers = "anna\n" + GIN_ANNA.partition("=")[2] + "\n" + GIN_BORIS.partition("=")[2] + "\n"
    result = ok("add", str(gin), input=answers)
    assert "Who closed the deal" in result.output and "Anna's cards" in result.output
    assert "Deal 1: Anna knocked; Anna wins" in result.output
    # a wrong answer is the scoring's error, and the sheet is unchanged
    before = gin.read_bytes()
    answers = "boris\n" + GIN_ANNA.partition("=")[2] + "\n" + GIN_BORIS.partition("=")[2] + "\n"
    result = run("add", str(gin), input=answers)
    assert result.exit_code == 1 and "knock limit is 10" in result.output
    assert gin.read_bytes() == before


def test_add_asks_only_for_what_is_missing(gin: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prompts, "interactive", lambda: True)
    answer = GIN_BORIS.partition("=")[2] + "\n"
    result = ok("add", str(gin), "--closer", "Anna", GIN_ANNA, input=answer)
    assert "Who closed" not in result.output and "Boris's cards" in result.output
    assert "Totals: Anna 59, Boris 0" in result.output


def test_add_asks_again_for_a_hand_with_a_typo(gin: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prompts, "interactive", lambda: True)
    answers = "9C QX\n" + GIN_BORIS.partition("=")[2] + "\n"
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
