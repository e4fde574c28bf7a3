"""Output formats: csv, csv-semicolon and markdown beside table, plain and json on show,
settle, variants and rules, an evening's sections; tables fitted to the terminal width, down to
a phone's 40 columns; `rules VARIANT` showing only the keys the variant reads.

Every command runs through the CLI on real sheets written to disk. The width comes from the
``COLUMNS`` environment variable, as on a terminal.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from remikcalc.render import MIN_COLUMN, fit_widths, table
from remikcalc.rules.families import REGISTRY, Family
from remikcalc.rules.variants import VARIANTS, get_rules
from tests.clirun import ok, run
from tests.hands import (
    BRIDGE_LOSER_12,
    BRIDGE_LOSER_30,
    BRIDGE_REMIK_JOKER,
    GIN_ANNA,
    GIN_BORIS,
    GIN_BORIS_RUN,
    GIN_DEFENCE_BORIS,
    GIN_KNOCK_ANNA,
)
from tests.sheets import example

# the commands run on a terminal 80 columns wide unless a test says otherwise
pytestmark = pytest.mark.columns(80)


def widest(text: str) -> int:
    return max(len(line) for line in text.splitlines())


def read_csv(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


@pytest.fixture
def gin(tmp_path: Path) -> Path:
    """A gin sheet with a stake: deal 1 Anna knocks, +59; deal 2 Boris +30 as points."""
    path = tmp_path / "gin.yaml"
    path.write_text(
        "remikcalc: 1\n"
        "variant: gin\n"
        "players: [Anna, Boris]\n"
        'stake: "0.10"\n'
        "currency: PLN\n"
        "title: Friday, at Anna's\n"
        "deals:\n"
        "  - closer: Anna\n"
        f"    hands: {{Anna: {GIN_KNOCK_ANNA}, Boris: {GIN_DEFENCE_BORIS}}}\n"
        "  - scores: {Boris: 30}\n",
        encoding="utf-8",
    )
    return path


# --- render.table ---------------------------------------------------------------------------------


def test_csv_quotes_commas_quotes_and_line_breaks() -> None:
    text = table([["Anna", 'say "hi", twice', "a\nb"]], ["player", "note", "more"], fmt="csv")
    assert text == 'player,note,more\nAnna,"say ""hi"", twice","a\nb"'
    assert read_csv(text) == [["player", "note", "more"], ["Anna", 'say "hi", twice', "a\nb"]]


def test_markdown_escapes_the_pipe_of_grouped_melds() -> None:
    text = table([["Anna", "9C 9D 9H | 5S 6S 7S"]], ["player", "melds"], fmt="markdown")
    assert text.splitlines() == [
        "| player   | melds                |",
        "|----------|----------------------|",
        "| Anna     | 9C 9D 9H \\| 5S 6S 7S |",
    ]


def test_table_wraps_the_widest_cells_to_fit_and_never_wraps_the_other_formats() -> None:
    rows = [["rummy", "x " * 40, "y " * 30]]
    fitted = table(rows, ["variant", "long", "longer"], width=50)
    assert widest(fitted) <= 50
    assert len(fitted.splitlines()) > 3  # header, rule, and the row on several lines
    for fmt in ("plain", "csv", "markdown"):
        assert len(table(rows, ["variant", "long", "longer"], fmt=fmt, width=50).splitlines()) in (
            2,
            3,
        )


def test_fit_widths_takes_from_the_widest_column_first() -> None:
    # 5 + 40 + 30 + 2 gaps of 2 = 79 > 60: 19 columns go, first from 40 down to 30, then
    # from both in turn: 25 and 26.
    assert fit_widths([5, 40, 30], 60) == [5, 25, 26]
    assert fit_widths([5, 10], 80) is None


def _one_at_a_time(widths: list[int], width: int, floors: list[int]) -> list[int] | None:
    """fit_widths as it was written first: one character at a time from the widest column
    above its floor (the first of the widest on a tie); a 600 KB cell took seconds."""
    cols = list(widths)
    if sum(cols) + 2 * (len(cols) - 1) <= width:
        return None
    floor = [min(w, max(MIN_COLUMN, f)) for w, f in zip(cols, floors, strict=True)]
    excess = sum(cols) + 2 * (len(cols) - 1) - width
    while excess > 0:
        wide = max(range(len(cols)), key=lambda i: (cols[i] - floor[i] > 0, cols[i]))
        if cols[wide] <= floor[wide]:
            break
        cols[wide] -= 1
        excess -= 1
    return cols


@settings(max_examples=400)
@given(
    st.lists(st.tuples(st.integers(0, 60), st.integers(0, 60)), min_size=1, max_size=8),
    st.integers(0, 200),
)
def test_fit_widths_is_one_character_at_a_time_in_strides(
    columns: list[tuple[int, int]], width: int
) -> None:
    widths, floors = [w for w, _f in columns], [f for _w, f in columns]
    assert fit_widths(widths, width, floors=floors) == _one_at_a_time(widths, width, floors)


def test_fit_widths_of_a_huge_cell_is_at_once() -> None:
    assert fit_widths([600_000, 10, 7], 80) == [59, 10, 7]


# --- variants -----------------------------------------------------------------------------------


def test_variants_on_80_columns_lists_one_block_per_variant() -> None:
    out = ok("variants", columns=80).output
    assert widest(out) <= 80
    assert out.startswith(
        "gin: Gin rummy\n"
        "  players 2; pack 1×52; cards 10\n"
        "  presets: ru, pagat, modern, bicycle\n"
        "  aliases: gin-rummy, gin_rummy, ginrummy, джин, ремик-джин, джин-рамми,\n"
        "    remik-gin\n"
        "\n"
        "oklahoma: Oklahoma gin\n"
    )
    assert out.count("\n\n") == len(VARIANTS) - 1


def test_variants_on_a_wide_terminal_is_one_table_with_the_aliases_after_it() -> None:
    out = ok("variants", columns=250).output
    lines = out.splitlines()
    assert lines[0].split() == ["variant", "name", "presets", "players", "pack", "cards"]
    assert "\nAliases:\n  gin: gin-rummy, gin_rummy" in out
    assert widest(out) <= 250


def test_variants_csv_and_markdown_are_never_wrapped_and_carry_the_aliases() -> None:
    rows = read_csv(ok("variants", "--format", "csv", columns=40).output)
    assert rows[0] == ["variant", "name", "presets", "players", "pack", "cards", "aliases"]
    assert len(rows) == len(VARIANTS) + 1
    assert rows[1][:4] == ["gin", "Gin rummy", "ru, pagat, modern, bicycle", "2"]
    assert rows[1][6].startswith("gin-rummy, gin_rummy")
    md = ok("variants", "--format", "markdown", columns=40).output.splitlines()
    assert md[0].startswith("| variant ") and md[1].startswith("|---")
    assert len(md) == len(VARIANTS) + 2


# --- rules --------------------------------------------------------------------------------------


def rule_keys(output: str) -> list[str]:
    return [row[0] for row in read_csv(output)[1:]]


def test_rules_shows_only_the_keys_the_variant_reads() -> None:
    gin = rule_keys(ok("rules", "gin", "--format", "csv").output)
    assert "gin_bonus" in gin and "shutout" in gin
    assert "remik_stake" not in gin and "pair_rule" not in gin and "joker_value" not in gin
    assert "upcard_knock" not in gin  # oklahoma's
    bridge = rule_keys(ok("rules", "bridge", "--format", "csv").output)
    assert "remik_stake" in bridge and "joker_value" in bridge and "gin_bonus" not in bridge
    assert "upcard_knock" in rule_keys(ok("rules", "oklahoma", "--format", "csv").output)
    assert "pair_rule" in rule_keys(ok("rules", "boat", "--format", "csv").output)
    # rummy 500 plays without jokers, but its jokers are wild once a house adds them
    assert "joker_value" in rule_keys(ok("rules", "rummy500", "--format", "csv").output)
    assert "one_go_multiplier" in rule_keys(ok("rules", "polish", "--format", "csv").output)


def test_rules_all_gives_every_key_and_a_house_rule_is_always_shown() -> None:
    every = rule_keys(ok("rules", "gin", "--all", "--format", "csv").output)
    assert every == list(get_rules("gin").as_dict())
    shown = rule_keys(
        ok("rules", "gin", "--rule", "jokers_minority=true", "--format", "csv").output
    )
    assert "jokers_minority" in shown
    # JSON stays the whole Rules object, as before
    assert json.loads(ok("rules", "gin", "--json").output) == json.loads(
        ok("rules", "gin", "--all", "--json").output
    )


def test_every_family_says_which_keys_it_reads() -> None:
    assert set(REGISTRY) == set(Family)
    known = set(get_rules("gin").as_dict())
    for spec in REGISTRY.values():
        assert spec.rule_keys and spec.rule_keys <= known, spec.family


def test_rules_gin_fits_80_columns() -> None:
    out = ok("rules", "gin", columns=80).output
    assert widest(out) <= 80
    assert "game_target          100       total that ends a game; 'none' for no target" in out


def test_rules_markdown_is_a_pipe_table() -> None:
    lines = ok("rules", "rummy", "--format", "markdown").output.splitlines()
    assert lines[0].split() == ["|", "key", "|", "value", "|", "meaning", "|"]
    assert "| hand_size " in ok("rules", "rummy", "--format", "markdown").output


# --- show and settle ----------------------------------------------------------------------------


def test_show_csv_is_the_rows_with_a_header(gin: Path) -> None:
    assert read_csv(ok("show", str(gin), "--format", "csv").output) == [
        # each deal's score as a number for a spreadsheet, then the running totals
        ["#", "game", "deal", "scores", "Anna score", "Boris score", "Anna", "Boris"],
        ["1", "1", "Anna knocked", "Anna +59", "59", "0", "59", "0"],
        ["2", "1", "points only", "Boris +30", "0", "30", "59", "30"],
    ]


def test_show_markdown(gin: Path) -> None:
    assert ok("show", str(gin), "--format", "markdown").output == (
        "Friday, at Anna's\n"
        "\n"
        "| #   | deal         | scores    | Anna   | Boris   |\n"
        "|-----|--------------|-----------|--------|---------|\n"
        "| 1   | Anna knocked | Anna +59  | 59     | 0       |\n"
        "| 2   | points only  | Boris +30 | 59     | 30      |\n"
        "\n"
        "- Points left to reach 100: Anna 41, Boris 70\n"
        "- Next to deal: Boris\n"
    )


def test_settle_csv_is_two_tables_a_blank_line_apart(gin: Path) -> None:
    # unfinished game: each settles the point difference, 59 - 30 = 29; × 0.10 = 2.90 PLN
    out = ok("settle", str(gin), "--format", "csv").output
    head, transfers = out.rstrip("\n").split("\n\n")
    assert read_csv(head) == [
        ["player", "total", "net", "money", "currency"],
        ["Anna", "59", "29", "2.90", "PLN"],
        ["Boris", "30", "-29", "-2.90", "PLN"],
    ]
    assert read_csv(transfers) == [
        ["from", "to", "amount", "currency"],
        ["Boris", "Anna", "2.90", "PLN"],
    ]


def test_settle_plain_keeps_the_currency_on_transfers(gin: Path) -> None:
    assert (
        ok("settle", str(gin), "--format", "plain").output.splitlines()[-1]
        == "Boris\tAnna\t2.90 PLN"
    )


def test_settle_markdown(gin: Path) -> None:
    out = ok("settle", str(gin), "--format", "markdown").output
    assert out.startswith("| player   | total   | net   | money     |\n|---")
    assert "\n- Boris pays Anna 2.90 PLN\n" in out


def test_show_table_fits_the_terminal(tmp_path: Path) -> None:
    path = tmp_path / "b.yaml"
    ok("new", str(path), "-v", "bridge", "--players", "Anastazja,Bartłomiej,Celestyna,Dobromiła")
    scores = ["Anastazja=0", "Bartłomiej=70", "Celestyna=31", "Dobromiła=44"]
    ok("add", str(path), "--closer", "Anastazja", *(f"--score={s}" for s in scores))
    out = ok("show", str(path), "--no-spark", columns=80).output
    assert widest(out) <= 80  # the scores cell wraps, and so does the points-left line
    assert (
        "Points left before going out at 100: Anastazja 100, Bartłomiej 30, Celestyna 69,\n"
        "  Dobromiła 56" in out
    )
    assert widest(ok("show", str(path), "--no-spark", columns=200).output) > 80


def test_commands_that_print_no_table_refuse_csv() -> None:
    result = run("hand", "--format", "csv", "9C", "9D", "9H")
    assert result.exit_code == 2 and "'csv' is not one of" in result.output


def test_without_columns_captured_output_is_80_wide() -> None:
    # no COLUMNS, and the output is not a terminal (captured here; a pipe or a file alike)
    result = run("variants", env={"COLUMNS": None})
    assert result.exit_code == 0
    assert result.output.startswith("gin: Gin rummy\n")
    assert widest(result.output) <= 80


def test_a_deal_too_wide_puts_each_meld_on_a_line_of_its_own(tmp_path: Path) -> None:
    # the README's deal: on 80 columns Anna's three melds stack instead of wrapping mid-meld
    path = tmp_path / "g.yaml"
    ok("new", str(path), "-v", "gin", "--players", "Anna,Boris")
    out = ok("add", str(path), "--closer", "Anna", GIN_ANNA, GIN_BORIS, columns=80).output
    assert widest(out) <= 80
    assert (
        "Anna      9C 9D 9H  2C                             -           2        59\n"
        "          KD KH KS\n"
        "          5S 6S 7S\n"
    ) in out
    wide = ok(
        "add", str(path), "--closer", "Anna", GIN_ANNA, GIN_BORIS, "--again", columns=200
    ).output
    assert "Anna      9C 9D 9H | KD KH KS | 5S 6S 7S  2C" in wide


# --- markdown, plain and csv-semicolon: what a chat or a spreadsheet takes ------------------------


# from issue 18, item 8 (output)
def test_settle_markdown_ends_the_transfer_list_with_a_blank_line() -> None:
    text = ok("settle", example("gin/ru-seed-236.yaml"), "--format", "markdown", columns=80).stdout
    assert text.endswith(
        "Who pays whom:\n\n- Boris pays Anna 23.60 PLN\n\n"
        "Game won by Anna: 101 + game 100 + boxes 25 × 3 − 40 = 236\n"
        "Game finished, winner Anna.\n"
    )


# from issue 18, item 8 (output)
@pytest.mark.parametrize(
    ("lang", "first"),
    [
        ("en", "## {p} (gin)"),
        ("pl", "## {p} (gin)"),
        ("ru", "## {p} (джин)"),
    ],
)
def test_evening_markdown_has_a_section_per_sheet(lang: str, first: str) -> None:
    gin, rummy = example("evening/friday-gin.yaml"), example("evening/friday-rummy.yaml")
    text = ok("settle", gin, rummy, "--format", "markdown", lang=lang, columns=80).stdout
    assert text.startswith(first.format(p=gin) + "\n\n| ")
    heading = {
        "en": "## The evening: 2 sheets together",
        "pl": "## Wieczór: 2 zapisy razem",
        "ru": "## Вечер: 2 записи вместе",
    }[lang]
    assert f"\n{heading}\n\n| " in text
    assert text.count("\n## ") == 2


# from issue 18, item 8 (output)
def test_evening_plain_has_a_section_per_sheet() -> None:
    gin, rummy = example("evening/friday-gin.yaml"), example("evening/friday-rummy.yaml")
    text = ok("settle", gin, rummy, "--format", "plain", columns=80).stdout
    assert text == (
        f"sheet\t{gin}\tgin\nplayer\ttotal\tnet\tmoney\nAnna\t0\t195\t19.50 PLN\n"
        "Boris\t40\t-195\t-19.50 PLN\n\nBoris\tAnna\t19.50 PLN\n\n"
        f"sheet\t{rummy}\trummy\nplayer\ttotal\tnet\tmoney\nBoris\t-38\t-38\t-3.80 PLN\n"
        "Carl\t25\t25\t2.50 PLN\nANNA\t13\t13\t1.30 PLN\n\nBoris\tCarl\t2.50 PLN\n"
        "Boris\tANNA\t1.30 PLN\n\n"
        "evening\t2\nplayer\tmoney\nAnna\t20.80 PLN\nBoris\t-23.30 PLN\nCarl\t2.50 PLN\n\n"
        "Boris\tAnna\t20.80 PLN\nBoris\tCarl\t2.50 PLN\n"
    )


# from issue 18, item 10 (output)
def test_csv_semicolon_is_for_a_decimal_comma_spreadsheet_in_every_language() -> None:
    path = example("gin/ru-seed-236.yaml")
    expected = (
        "player;total;net;money;currency\nAnna;101;236;23,60;PLN\nBoris;40;-236;-23,60;PLN\n"
        "\nfrom;to;amount;currency\nBoris;Anna;23,60;PLN\n"
    )
    for lang in ("en", "pl", "ru"):
        assert (
            ok("settle", path, "--format", "csv-semicolon", lang=lang, columns=80).stdout
            == expected
        )
    # the default csv stays canonical, for programs
    assert (
        "Anna,101,236,23.60,PLN"
        in ok("settle", path, "--format", "csv", lang="pl", columns=80).stdout
    )


# from issue 18, item 10 (output)
def test_show_csv_has_numeric_deal_scores() -> None:
    text = ok(
        "show", example("bridge/elimination-reentry-pool.yaml"), "--format", "csv", columns=80
    ).stdout
    lines = text.splitlines()
    assert lines[0] == "#,game,deal,scores,Anna score,Boris score,Carl score,Anna,Boris,Carl"
    assert (
        lines[1]
        == '1,1,Anna closed with a remik,"Anna -10, Boris +95, Carl +40",-10,95,40,-10,95,40'
    )
    assert lines[3] == ',1,Boris re-enters,"pays 3 to the pool, restarts at 43",,,,10,43,43'
    semi = ok(
        "show", example("polish/money-half-stake.yaml"), "--format", "csv-semicolon", columns=80
    ).stdout
    assert (
        semi.splitlines()[1]
        == "1;1;Boris went out;Anna -40, Boris +76, Carl -36;-40;76;-36;-40;76;-36"
    )


# --- tables on a phone's 40 columns ---------------------------------------------------------------


# from issue 18, item 11 (output)
@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
@pytest.mark.parametrize(
    "args",
    [
        ["round", "gin", "--closer", "Anna", GIN_ANNA, GIN_BORIS_RUN],
        ["round", "rummy", "--closer", "Anna", "Anna=", "Boris=9C 7H 9D QD", "Carl=AH AS"],
        [
            "round",
            "bridge",
            "--closer",
            "Carl",
            f"Carl={BRIDGE_REMIK_JOKER}",
            f"Anna={BRIDGE_LOSER_12}",
            f"Boris={BRIDGE_LOSER_30}",
        ],
        ["show", example("gin/ru-seed-236.yaml")],
        ["show", example("boat/seed-114-99-96.yaml")],
        ["show", example("bridge/four-players-jokers.yaml")],
        ["settle", example("gin/ru-hollywood.yaml")],
        ["settle", example("bridge/four-players-jokers.yaml")],
        ["settle", example("rummy500/two-games.yaml")],
    ],
)
def test_tables_fit_a_phone(lang: str, args: list[str]) -> None:
    assert widest(ok(*args, lang=lang, columns=40).stdout) <= 40


# from issue 18, item 11 (output)
def test_a_table_too_wide_for_a_phone_is_a_block_per_row() -> None:
    text = ok(
        "round", "gin", "--closer", "Anna", GIN_ANNA, GIN_BORIS_RUN, lang="ru", columns=40
    ).stdout
    assert text.startswith(
        "джин: Anna стучит; выигрывает Anna\n\nAnna\n  комбинации: 9т 9б 9ч\n"
        "              Кб Кч Кп\n              5п 6п 7п\n  свободные: 2т\n  на руке: 2\n"
        "  очки: 53\nBoris\n"
    )
    show = ok("show", example("gin/ru-seed-236.yaml"), lang="pl", columns=40).stdout
    deal = "\n2  Podcięcie: Anna puka, wygrywa Boris\n  punkty: Boris +30\n  Anna 12, Boris 30\n"
    assert deal in show
