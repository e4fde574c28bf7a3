"""Output rendering and formats: stats numbering and winners, evening settle layouts, csv and
markdown never cut, the game column, the terminal width and word-wise wrapping."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from tests.clirun import command, ok
from tests.sheets import SheetMaker

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
    shown = ok("show", str(sheet), "--format", "plain").output.splitlines()
    assert [line.split("\t")[:3] for line in shown[1:]] == [
        ["1", "1", "Anna closed with a remik"],
        ["", "1", "Boris re-enters"],
        ["2", "1", "Carl knocked"],
    ]
    data = json.loads(ok("stats", str(sheet), "--format", "json").output)
    assert data["players"]["Boris"]["best_deal"] == {"sheet": str(sheet), "n": 2, "score": 5}
    rows = ok("stats", str(sheet), "--format", "csv").output.splitlines()
    assert rows[2] == "Boris,2,0,-,-,-,+5 (#2),0"


def test_a_draw_is_nobody_s_best_deal(tmp_path: Path) -> None:
    # bridge, scores are penalties: Carl knocks with 1 (deal 1), then the stock runs out
    # (deal 2, 0 for everyone). Carl's best is his knock, +1, not the draw's 0 (EVENING B14);
    # Boris, who only lost, has his least bad deal, and a player with draws alone has none
    sheet = tmp_path / "b.yaml"
    ok("new", str(sheet), "-v", "bridge", "--players", "Anna,Boris,Carl")
    ok(
        "add",
        str(sheet),
        "--closer",
        "Carl",
        "--how",
        "knock",
        "--score",
        "Anna=30",
        "--score",
        "Boris=40",
        "--score",
        "Carl=1",
    )
    ok("add", str(sheet), "--draw")
    players = json.loads(ok("stats", str(sheet), "--format", "json").output)["players"]
    assert players["Carl"]["best_deal"] == {"sheet": str(sheet), "n": 1, "score": 1}
    assert players["Boris"]["best_deal"]["n"] == 1
    drawn = tmp_path / "d.yaml"
    ok("new", str(drawn), "-v", "bridge", "--players", "Anna,Boris")
    ok("add", str(drawn), "--draw")
    players = json.loads(ok("stats", str(drawn), "--format", "json").output)["players"]
    assert players["Anna"]["best_deal"] is None and players["Anna"]["deals"] == 1


def _rummy500(sheet_file: SheetMaker, closer: str | None = None, **scores: int) -> Path:
    deal = {"scores": scores} if closer is None else {"closer": closer, "scores": scores}
    return sheet_file("r5.yaml", "rummy500", "Anna,Boris,Carl", deals=[deal])


def _won(sheet: Path) -> dict[str, int]:
    data = json.loads(ok("stats", str(sheet), "--format", "json").output)
    return {name: p["won"] for name, p in data["players"].items()}


def test_a_points_only_deal_is_won_by_the_single_highest_score(sheet_file: SheetMaker) -> None:
    sheet = _rummy500(sheet_file, Anna=450, Boris=10, Carl=-5)
    assert _won(sheet) == {"Anna": 1, "Boris": 0, "Carl": 0}


def test_a_points_only_deal_with_a_tie_at_the_top_is_won_by_nobody(sheet_file: SheetMaker) -> None:
    sheet = _rummy500(sheet_file, Anna=50, Boris=50, Carl=-5)
    assert _won(sheet) == {"Anna": 0, "Boris": 0, "Carl": 0}


def test_a_points_only_deal_with_no_positive_score_is_won_by_nobody(sheet_file: SheetMaker) -> None:
    sheet = _rummy500(sheet_file, Anna=0, Boris=-10, Carl=-5)
    assert _won(sheet) == {"Anna": 0, "Boris": 0, "Carl": 0}


def test_a_points_only_deal_with_a_closer_is_won_by_the_closer(sheet_file: SheetMaker) -> None:
    sheet = _rummy500(sheet_file, "Boris", Anna=450, Boris=10, Carl=-5)
    assert _won(sheet) == {"Anna": 0, "Boris": 1, "Carl": 0}


def test_stats_help_states_the_points_only_rule() -> None:
    text = " ".join(ok("stats", "--help", env={"COLUMNS": "200"}).output.split())
    assert (
        "A deal entered as points only counts as played for every player, has no count "
        "caught and achieves no outcome (its how is not shown by any cards); it is won by its "
        "closer if one is given (in the knock games by the only player who scored, if one "
        "did), else by the player with the single highest score if it is positive; on a tie, "
        "in a draw or with no positive score nobody wins it. A deal's winner is the one "
        "settle counts."
    ) in text


EVENING = Path(str(resources.files("remikcalc") / "examples" / "evening"))


def _friday(fmt: str) -> str:
    gin, rummy = EVENING / "friday-gin.yaml", EVENING / "friday-rummy.yaml"
    return ok("settle", str(gin), str(rummy), "--format", fmt).output


def test_an_evening_in_csv_has_the_columns_of_one_sheet() -> None:
    assert _friday("csv") == (
        "player,money,currency\nAnna,20.80,PLN\nBoris,-23.30,PLN\nCarl,2.50,PLN\n\n"
        "from,to,amount,currency\nBoris,Anna,20.80,PLN\nBoris,Carl,2.50,PLN\n"
    )
    one = ok("settle", str(EVENING / "friday-gin.yaml"), "--format", "csv").output
    assert "\nfrom,to,amount,currency\nBoris,Anna,19.50,PLN\n" in one


def test_an_evening_in_plain_keeps_the_currency_on_transfers() -> None:
    gin, rummy = EVENING / "friday-gin.yaml", EVENING / "friday-rummy.yaml"
    # a section per sheet, as the table has, then the evening's own
    assert _friday("plain") == (
        f"sheet\t{gin}\tgin\nplayer\ttotal\tnet\tmoney\n"
        "Anna\t0\t195\t19.50 PLN\nBoris\t40\t-195\t-19.50 PLN\n\n"
        "Boris\tAnna\t19.50 PLN\n\n"
        f"sheet\t{rummy}\trummy\nplayer\ttotal\tnet\tmoney\n"
        "Boris\t-38\t-38\t-3.80 PLN\nCarl\t25\t25\t2.50 PLN\nANNA\t13\t13\t1.30 PLN\n\n"
        "Boris\tCarl\t2.50 PLN\nBoris\tANNA\t1.30 PLN\n\n"
        "evening\t2\nplayer\tmoney\nAnna\t20.80 PLN\nBoris\t-23.30 PLN\nCarl\t2.50 PLN\n\n"
        "Boris\tAnna\t20.80 PLN\nBoris\tCarl\t2.50 PLN\n"
    )


def test_an_evening_in_markdown_lists_who_pays_whom_as_one_sheet_does() -> None:
    assert _friday("markdown").endswith(
        "\n\nWho pays whom:\n\n- Boris pays Anna 20.80 PLN\n- Boris pays Carl 2.50 PLN\n"
    )


def test_an_evening_in_points_names_its_unit(sheet_file: SheetMaker) -> None:
    a = str(sheet_file("a.yaml", deals=[{"scores": {"Anna": 30}}]))
    b = str(sheet_file("b.yaml", deals=[{"scores": {"Boris": 12}}]))
    text = ok("settle", a, b).output
    assert text.endswith("Who pays whom:\n  Boris pays Anna 18 points\n")
    assert ok("settle", a, b, "--format", "csv").output == (
        "player,net\nAnna,18\nBoris,-18\n\nfrom,to,amount,currency\nBoris,Anna,18,\n"
    )
    assert ok("settle", a, b, "--format", "plain").output.endswith("\n\nBoris\tAnna\t18\n")
    pl = ok("--lang", "pl", "settle", a, b).output
    assert pl.endswith("Kto komu płaci:\n  Boris → Anna: 18 pkt\n")


BOAT_SOURCE = (
    "Derived by hand from docs/RULES.md §5 (pair rule, ace 11, winner's plus an input, default 0); "
    "hands ours."
)


def test_examples_in_csv_and_markdown_give_the_source_whole() -> None:
    env = {"COLUMNS": "60"}
    csv_text = ok("examples", "--format", "csv", env=env).output
    lines = csv_text.splitlines()
    assert lines[0] == "example,variant,source"
    assert lines[1] == f'boat/pair-rule-three-players.yaml,boat,"{BOAT_SOURCE}"'
    assert "…" not in csv_text and "worked example" not in csv_text
    assert ok("--lang", "pl", "examples", "--format", "csv", env=env).output == csv_text
    markdown = ok("examples", "--format", "markdown", env=env).output.splitlines()
    row = next(line for line in markdown if "pair-rule-three-players" in line)
    assert [cell.strip() for cell in row.strip("|").split("|")] == [
        "boat/pair-rule-three-players.yaml",
        "boat",
        BOAT_SOURCE,
    ]
    table_text = ok("examples", env=env).output
    assert "…" in table_text  # only the table for people is cut to the width


def test_show_csv_and_plain_name_each_rows_game(tmp_path: Path) -> None:
    sheet = tmp_path / "g.yaml"
    ok("new", str(sheet), "-v", "gin", "--players", "Anna,Boris", "--rule", "game_target=50")
    for score in ("Anna=60", "Boris=20"):
        ok("add", str(sheet), "--score", score)
    data = json.loads(ok("show", str(sheet), "--format", "json").output)
    assert [row["game"] for row in data["rows"]] == [1, 2]
    # csv: each deal's score as a number, then the running totals
    assert ok("show", str(sheet), "--format", "csv").output.splitlines()[:3] == [
        "#,game,deal,scores,Anna score,Boris score,Anna,Boris",
        "1,1,points only,Anna +60,60,0,60,0",
        "2,2,points only,Boris +20,0,20,0,20",
    ]
    assert ok("show", str(sheet), "--format", "plain").output.splitlines()[:3] == [
        "#\tgame\tdeal\tscores\tAnna\tBoris",
        "1\t1\tpoints only\tAnna +60\t60\t0",
        "2\t2\tpoints only\tBoris +20\t0\t20",
    ]


@pytest.mark.slow
def test_a_terminal_that_reports_no_size_gets_80_columns(tmp_path: Path) -> None:
    import os
    import pty
    import subprocess

    sheet = tmp_path / "b.yaml"
    sheet.write_text(BRIDGE_REENTRY, encoding="utf-8")
    master, slave = pty.openpty()  # a new pseudo-terminal reports 0 x 0, as under `script`
    try:
        assert os.get_terminal_size(slave).columns == 0
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        stats = command("stats", str(sheet))
        done = subprocess.run(stats, stdout=slave, stderr=subprocess.PIPE, env=env, timeout=60)
        assert done.returncode == 0, done.stderr
        os.close(slave)
        chunks = []
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # Linux: the other end closed
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(master)
    got = b"".join(chunks).decode().replace("\r\n", "\n")
    assert got == ok("stats", str(sheet), env={"COLUMNS": "80"}).output


def _broken_words(table_text: str, plain_text: str) -> set[str]:
    """Tokens of the table that are no word of the text: a word cut in the middle (a line
    may break after a word's hyphen, "lay-" / "offs"). A table too wide for the terminal is
    a block per row, each cell after its heading ("  meaning: ..."): the plain text's
    headings (its first line) followed by a colon are words too."""
    words = set(plain_text.split())
    words |= {f"{word}:" for word in plain_text.splitlines()[0].split()}
    for word in list(words):
        parts = word.split("-")
        for i in range(1, len(parts)):
            words |= {"-".join(parts[:i]) + "-", "-".join(parts[i:])}
    return {w for w in table_text.split() if w not in words and set(w) != {"-"}}


def test_narrow_columns_break_between_words() -> None:
    for columns in ("40", "50", "60"):
        env = {"COLUMNS": columns}
        narrow = ok("rules", "gin", env=env).output
        plain = ok("rules", "gin", "--format", "plain", env=env).output
        assert _broken_words(narrow, plain) == set(), columns


def test_a_word_longer_than_the_floor_breaks_only_as_a_last_resort() -> None:
    from remikcalc.render import table

    long = "x" * 30
    text = table([["a", f"short words {long}"]], ["k", "v"], width=25)
    assert "xxxxxxxxxxxxxxxxxxxx" in text  # the 20-character floor holds
    assert long not in text  # the rest of the 30-character token goes on the next line
    # 20 columns cannot hold a column of 20 beside another: a block per row, where no word
    # is ever broken
    assert table([["a", f"short words {long}"]], ["k", "v"], width=20) == (
        f"a\n  v: short words\n     {long}"
    )


def test_stats_too_wide_for_the_terminal_is_one_block_per_player(tmp_path: Path) -> None:
    sheet = tmp_path / "b.yaml"
    sheet.write_text(BRIDGE_REENTRY, encoding="utf-8")
    text = ok("stats", str(sheet), env={"COLUMNS": "40"}).output
    assert max(len(line) for line in text.splitlines()) <= 40
    # a block per player; an empty cell ("-") is left out: these points-only deals are won
    # but achieve no outcome (docs/DECISIONS.md, stats)
    assert text == (
        "Anna\n  deals: 2\n  won: 1\n  best deal: -10 (#1)\n  streak: 1\n"
        "Boris\n  deals: 2\n  won: 0\n  best deal: +5 (#2)\n  streak: 0\n"
        "Carl\n  deals: 2\n  won: 1\n  best deal: 0 (#2)\n  streak: 1\n"
    )
    pl = ok("--lang", "pl", "stats", str(sheet), env={"COLUMNS": "80"}).output
    assert _broken_words(pl, pl) == set()
    assert "wygrane:" in pl.split()  # the headings in Polish
    wide = ok("stats", str(sheet), env={"COLUMNS": "80"}).output
    # the headings wrap in their columns: "avg. left in hand", "most left in hand"
    assert wide.splitlines()[0].split() == [
        "player",
        "deals",
        "won",
        "outcomes",
        "avg.",
        "most",
        "best",
        "streak",
    ]
