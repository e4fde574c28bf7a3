"""Output rendering and formats: stats numbering and winners, evening settle layouts, csv and
markdown never cut, the game column, the terminal width and word-wise wrapping."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from remikcalc.cli.main import cli


def run(*args: str, env: dict[str, str] | None = None) -> Result:
    result = CliRunner().invoke(cli, list(args), env=env)
    assert result.exit_code == 0, result.output
    return result


BRIDGE_REENTRY = """\
remikcalc: 1
variant: bridge
players: [Anna, Boris, Carl]
deals:
  - closer: Anna
    scores: {Anna: -10, Boris: 105, Carl: 40}
  - reenter: Boris
  - closer: Carl
    scores: {Anna: 20, Boris: 5, Carl: 0}
"""


def test_stats_numbers_deals_as_show_does_around_a_reentry(tmp_path: Path) -> None:
    sheet = tmp_path / "b.yaml"
    sheet.write_text(BRIDGE_REENTRY, encoding="utf-8")
    shown = run("show", str(sheet), "--format", "plain").output.splitlines()
    assert [line.split("\t")[:2] for line in shown[1:]] == [
        ["1", "Anna closed with a remik"],
        ["", "Boris re-enters"],
        ["2", "Carl knocked"],
    ]
    data = json.loads(run("stats", str(sheet), "--format", "json").output)
    assert data["players"]["Boris"]["best_deal"] == {"sheet": str(sheet), "n": 2, "score": 5}
    rows = run("stats", str(sheet), "--format", "csv").output.splitlines()
    assert rows[2] == "Boris,2,0,-,-,-,+5 (#2),0"


def _rummy500(tmp_path: Path, *scores: str, closer: str | None = None) -> Path:
    sheet = tmp_path / "r5.yaml"
    run("new", str(sheet), "-v", "rummy500", "--players", "Anna,Boris,Carl")
    args = ["add", str(sheet)]
    for s in scores:
        args += ["--score", s]
    if closer:
        args += ["--closer", closer]
    run(*args)
    return sheet


def _won(sheet: Path) -> dict[str, int]:
    data = json.loads(run("stats", str(sheet), "--format", "json").output)
    return {name: p["won"] for name, p in data["players"].items()}


def test_a_points_only_deal_is_won_by_the_single_highest_score(tmp_path: Path) -> None:
    sheet = _rummy500(tmp_path, "Anna=450", "Boris=10", "Carl=-5")
    assert _won(sheet) == {"Anna": 1, "Boris": 0, "Carl": 0}


def test_a_points_only_deal_with_a_tie_at_the_top_is_won_by_nobody(tmp_path: Path) -> None:
    sheet = _rummy500(tmp_path, "Anna=50", "Boris=50", "Carl=-5")
    assert _won(sheet) == {"Anna": 0, "Boris": 0, "Carl": 0}


def test_a_points_only_deal_with_no_positive_score_is_won_by_nobody(tmp_path: Path) -> None:
    sheet = _rummy500(tmp_path, "Anna=0", "Boris=-10", "Carl=-5")
    assert _won(sheet) == {"Anna": 0, "Boris": 0, "Carl": 0}


def test_a_points_only_deal_with_a_closer_is_won_by_the_closer(tmp_path: Path) -> None:
    sheet = _rummy500(tmp_path, "Anna=450", "Boris=10", "Carl=-5", closer="Boris")
    assert _won(sheet) == {"Anna": 0, "Boris": 1, "Carl": 0}


def test_stats_help_states_the_points_only_rule() -> None:
    text = " ".join(run("stats", "--help", env={"COLUMNS": "200"}).output.split())
    assert (
        "A deal entered as points only counts as played for every player and has no count "
        "caught; it is won by its closer if one is given (in the knock games by the only "
        "player who scored, if one did), else by the player with the single highest score if "
        "it is positive; on a tie, in a draw or with no positive score nobody wins it."
    ) in text
