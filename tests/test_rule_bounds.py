"""Absurd decimal rule values and stakes are refused where typed and where read.

``--rule entry_stake=1e5000`` used to be accepted and to crash show, settle and add later
(``decimal.Overflow``, the 4300-digit int limit) - add once after saving.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import Result

from remikcalc.rules.ruleset import DECIMAL_RULE_MAX
from tests.clirun import run
from tests.hands import BRIDGE_LOSER_31, BRIDGE_NO_MELD_70, BRIDGE_REMIK

DECIMAL_KEYS = (
    "remik_stake",
    "colour_stake",
    "figures_stake",
    "full_colour_stake",
    "knock_stake",
    "entry_stake",
    "reentry_cost",
)


def no_traceback(result: Result) -> None:
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit | None), repr(result.exception)


@pytest.mark.parametrize("value", ["1e5000", "1e4400", "1000000.01", "-1", "0.000000001", "1e-9"])
@pytest.mark.parametrize("key", ["entry_stake", "knock_stake", "reentry_cost"])
def test_new_refuses_absurd_decimal_rules(tmp_path: Path, key: str, value: str) -> None:
    path = tmp_path / "b.yaml"
    result = run("new", str(path), "-v", "bridge", "--players", "A,B,C", "--rule", f"{key}={value}")
    no_traceback(result)
    assert result.exit_code == 2, result.output
    assert key in result.output and "from 0 to 1000000" in result.output
    assert not path.exists()


@pytest.mark.parametrize("stake", ["1e400", "1000000.01", "99999999999", "1e5"])
def test_new_refuses_absurd_stakes(tmp_path: Path, stake: str) -> None:
    path = tmp_path / "b.yaml"
    result = run("new", str(path), "-v", "bridge", "--players", "A,B,C", "--stake", stake)
    no_traceback(result)
    assert result.exit_code == 1, result.output
    assert "stake" in result.output
    assert not path.exists()


def test_the_largest_values_work_through_add_show_and_settle(tmp_path: Path) -> None:
    path = tmp_path / "b.yaml"
    rules = [a for k in DECIMAL_KEYS for a in ("--rule", f"{k}={DECIMAL_RULE_MAX}")]
    result = run(
        "new",
        str(path),
        "-v",
        "bridge",
        "--players",
        "A,B,C",
        "--stake",
        "1000000",
        "--currency",
        "KWD",
        *rules,
    )
    assert result.exit_code == 0, result.output
    deal = [
        "--closer",
        "A",
        f"A={BRIDGE_REMIK}",
        f"B={BRIDGE_NO_MELD_70}",
        f"C={BRIDGE_LOSER_31}",
    ]
    rummy = tmp_path / "r.yaml"
    result = run("new", str(rummy), "-v", "rummy", "--players", "A,B", "--stake", "1000000")
    assert result.exit_code == 0, result.output
    runs = [
        ["add", str(path), *deal],
        ["show", str(path)],
        ["settle", str(path)],
        ["settle", str(path), "--json"],
        ["add", str(rummy), "--score", "A=999999999"],
        ["add", str(rummy), "--score", "B=999999999"],
        ["settle", str(rummy)],
    ]
    for args in runs:
        result = run(*args)
        no_traceback(result)
        assert result.exit_code == 0, (args, result.output)
    small = tmp_path / "s.yaml"
    result = run(
        "new", str(small), "-v", "bridge", "--players", "A,B,C", "--rule", "knock_stake=0.00000001"
    )
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    "rules",
    [
        "{entry_stake: 1e5000}",
        "{knock_stake: 1e4400}",
        "{reentry_cost: -3}",
        '{entry_stake: "1' + "0" * 5000 + '"}',
        "{remik_stake: 0.123456789}",
    ],
)
def test_a_hand_written_sheet_with_absurd_rules_does_not_load(tmp_path: Path, rules: str) -> None:
    path = tmp_path / "b.yaml"
    path.write_text(
        f"remikcalc: 1\nvariant: bridge\nplayers: [A, B, C]\nrules: {rules}\ndeals:\n"
        "  - scores: {A: 5}\n",
        encoding="utf-8",
    )
    before = path.read_bytes()
    for args in (["show", str(path)], ["settle", str(path)], ["add", str(path), "--score", "B=4"]):
        result = run(*args)
        no_traceback(result)
        assert result.exit_code == 1, (args, result.output)
        assert "b.yaml:4: rules" in result.output and "from 0 to 1000000" in result.output
        assert path.read_bytes() == before


def test_a_hand_written_sheet_with_an_absurd_stake_does_not_load(tmp_path: Path) -> None:
    path = tmp_path / "b.yaml"
    path.write_text("remikcalc: 1\nvariant: gin\nplayers: [A, B]\nstake: 1e400\n", encoding="utf-8")
    result = run("settle", str(path))
    no_traceback(result)
    assert result.exit_code == 1 and "stake" in result.output
