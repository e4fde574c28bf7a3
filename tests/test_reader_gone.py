"""Findings of a hostile pass over the writing commands, each kept as a test.

- The program reading the output stops early (``remikcalc add ... | head -1``): the sheet
  was saved, so the command ends with exit 0 and says nothing (it used to exit 1 silently,
  which invites a second add).
- ``edit`` and ``rename`` on a layout the in-place edit cannot follow write the standard
  layout and warn that comments were not kept, as ``add`` and ``undo`` do (``rename`` used
  to call such a valid sheet "not valid YAML").
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from remikcalc.sheet import load_sheet
from tests.clirun import command, ok, run

HANDS = '{Anna: "9C 9D 9H 5S 6S 7S KD KH KS 2C", Boris: "AS 2S 3S 4D 5D 8C 8D JC QC TD"}'


def _piped_to_a_closed_reader(*args: str) -> tuple[int, str]:
    """Run remikcalc with its stdout a pipe whose reader has already gone."""
    proc = subprocess.Popen(command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # like `| head -0`: nobody reads
    with proc.stderr:
        err = proc.stderr.read().decode()
    return proc.wait(), err


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ("add", "{file}", "--score", "Boris=3"),
        ("edit", "{file}", "1", "--score", "Boris=4"),
        ("rename", "{file}", "anna", "Ania"),
        ("undo", "{file}"),
    ],
)
def test_a_closed_pipe_after_the_save_is_success(tmp_path: Path, args: tuple[str, ...]) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(
        "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\ndeals:\n  - scores: {Anna: 5}\n",
        encoding="utf-8",
    )
    before = path.read_bytes()
    code, err = _piped_to_a_closed_reader(*(a.format(file=path) for a in args))
    assert (code, err) == (0, "")
    assert path.read_bytes() != before  # the change was made, and the exit says so
    load_sheet(path)


def test_rename_in_a_layout_it_cannot_edit_in_place_warns_and_rewrites(tmp_path: Path) -> None:
    path = tmp_path / "wide.yaml"
    path.write_text(
        "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\n"
        f"deals:\n  -   closer: Anna\n      hands: {HANDS}\n",
        encoding="utf-8",
    )
    result = ok("rename", str(path), "boris", "Borys")
    assert "rewritten in the standard layout" in result.stderr
    assert load_sheet(path).players == ("Anna", "Borys")


def test_edit_that_drops_comments_says_so(tmp_path: Path) -> None:
    path = tmp_path / "flow.yaml"
    path.write_text(
        "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\n"
        f"deals: [\n  {{closer: Anna, hands: {HANDS}}}, # first\n]\n",
        encoding="utf-8",
    )
    result = ok("edit", str(path), "1", "--score", "Boris=9")
    assert "comments and its own layout were not kept" in result.stderr
    assert load_sheet(path).entries[0].scores == {"Boris": 9}  # type: ignore[union-attr]


def test_names_that_look_the_same_are_one_player(tmp_path: Path) -> None:
    """'é' typed composed or as 'e' + a combining accent is the same player, as 'Anna' and
    'anna' are: new refuses the pair, and add and rename find the player either way."""
    composed, decomposed = "\u00e9", "e\u0301"
    path = tmp_path / "names.yaml"
    twice = run("new", str(path), "-v", "gin", "--players", f"{composed},{decomposed}")
    assert twice.exit_code != 0 and not path.exists()
    assert run("new", str(path), "-v", "gin", "--players", f"{composed},Bob").exit_code == 0
    ok("add", str(path), "--score", f"{decomposed}=4")
    assert load_sheet(path).entries[0].scores == {composed: 4}  # type: ignore[union-attr]
    clash = run("rename", str(path), "bob", decomposed)
    assert clash.exit_code != 0


@pytest.mark.parametrize("odd", ["\u2028", "\u2029"])
def test_a_line_separator_is_no_part_of_a_name(tmp_path: Path, odd: str) -> None:
    path = tmp_path / "sep.yaml"
    result = run("new", str(path), "-v", "gin", "--players", f"a{odd}b,C")
    assert result.exit_code != 0 and not path.exists()
