"""Settlement tallies (scoring/tally.py and the families' tallies, RULES.md §6, §10), checked
where tools/mutate.py's sample of mutants found the suite silent (issue 20): the note of a
tie at the top past the target, and the sentence of a finished rummy 500 game. The figures
are worked out by hand in the comments.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

import remikcalc
from remikcalc.cli import cli
from remikcalc.scoring.tally import tie_note
from remikcalc.scoring.why import reason_text
from tests.clirun import ok

EXAMPLES = Path(remikcalc.__file__).parent / "examples"


def test_a_tie_at_the_top_past_the_target_is_noted() -> None:
    note = tie_note({"Anna": 510, "Boris": 510, "Carl": 200}, 500)
    assert note is not None
    assert reason_text(note) == (
        "Anna and Boris are tied at 510, past the target of 500: play continues."
    )


def test_no_tie_is_noted_for_one_leader_or_below_the_target() -> None:
    assert tie_note({"Anna": 510, "Boris": 300}, 500) is None  # one player past: he won
    assert tie_note({"Anna": 400, "Boris": 400}, 500) is None  # level, but the game goes on
    assert tie_note({"Anna": 500, "Boris": 499}, 500) is None


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


def test_a_rummy_sheet_without_a_target_explains_its_nets_by_the_mean_once_it_has_deals(
    tmp_path: Path,
) -> None:
    sheet = tmp_path / "rummy.yaml"
    ok("new", str(sheet), "-v", "rummy", "--players", "Anna,Boris,Carl")
    empty = ok("settle", str(sheet)).output
    assert "mean" not in empty
    assert empty.rstrip().endswith("No game target: settled as the totals stand.")
    ok("add", str(sheet), "--score", "Anna=-10", "--score", "Boris=20", "--score", "Carl=5")
    lines = ok("settle", str(sheet)).output.rstrip().splitlines()
    assert lines[-4:] == [
        "No game target: each net is the total against the mean of all totals:",
        "  Anna -10, mean 5: -15",
        "  Boris 20, mean 5: +15",
        "  Carl 5, mean 5: 0",
    ]
