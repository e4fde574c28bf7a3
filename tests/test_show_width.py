"""``show`` with many players fits the terminal: a legal 12-player continental sheet was 165
columns wide at COLUMNS=80, since a player's column is never narrower than the player's name.
Too wide, it lists the entries, then the totals in tables of as many players as fit.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from remikcalc.cli import cli
from tests.sheets import SheetMaker

PLAYERS = [
    "Anna",
    "Boris",
    "Carl",
    "Dora",
    "Ewa",
    "Filip",
    "Gosia",
    "Henryk",
    "Irena",
    "Janusz",
    "Kasia",
    "Leokadia",
]


#: three deals: Anna, Boris and Carl go out in turn; in deal n the closer scores 11 × n and
#: every other player −n
DEALS = [
    {
        "closer": closer,
        "scores": {p: n * (len(PLAYERS) - 1) if p == closer else -n for p in PLAYERS},
    }
    for n, closer in enumerate(PLAYERS[:3], start=1)
]


def _show(path: Path, columns: int) -> str:
    result = CliRunner().invoke(cli, ["show", str(path)], env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    return result.output


def test_a_twelve_player_sheet_fits_80_columns(sheet_file: SheetMaker) -> None:
    for target in (False, True):
        rules = {"game_target": 20} if target else None
        out = _show(sheet_file("c12.yaml", "continental", PLAYERS, rules=rules, deals=DEALS), 80)
        assert max(map(len, out.splitlines())) <= 80, out
        for p in PLAYERS:  # every player's column is there, with his totals
            assert any(line.split()[:1] == ["#"] and p in line.split() for line in out.splitlines())
        lines = out.splitlines()
        last = [line.split() for line in lines if line.split()[:1] == ["3"]]
        totals = [cell for row in last[1:] for cell in row[1:]]  # after the entries' row 3
        # Anna 11 - 2 - 3, Boris -1 + 22 - 3, Carl -1 - 2 + 33, the others -6 (with the
        # target, Boris's 21 ends game 1 after deal 2: deal 3 alone is game 2)
        expected = ["-3", "-3", "33", *["-3"] * 9] if target else ["6", "18", "30", *["-6"] * 9]
        assert totals == expected
        if target:  # the second game is marked in every table
            assert sum("-- game 2 --" in line for line in lines) == 3


def test_a_table_that_fits_stays_one_table(sheet_file: SheetMaker) -> None:
    out = _show(sheet_file("c12.yaml", "continental", PLAYERS, deals=DEALS), 250)
    heads = [line for line in out.splitlines() if line.startswith("#")]
    assert len(heads) == 1 and all(p in heads[0] for p in PLAYERS)
