"""`new` refuses a title, currency or player name the reader would refuse, and writes nothing
then; names that look the same are one player.

The promise: a sheet that a command reports as written always loads again. Title and currency
are checked by one function each (``title_problem``, ``currency_problem`` in
``remikcalc/sheet/model.py``), used by ``new`` and by the reader.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from remikcalc.base.money import currency_code
from remikcalc.sheet import load_sheet
from remikcalc.sheet.model import currency_problem, title_problem
from tests.clirun import ok, run


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--title", "a\tb", "U+0009"),
        ("--title", "a\rb", "U+000D"),
        ("--title", "a\nb", "U+000A"),
        ("--title", "a\u2028b", "U+2028"),
        ("--title", "a\u2029b", "U+2029"),
        ("--title", "a\x00b", "U+0000"),
        ("--title", "", "empty"),
        ("--title", "   ", "empty"),
        ("--title", "x" * 201, "longer than 200"),
        ("--currency", "", "empty"),
        ("--currency", "  ", "empty"),
        ("--currency", "ABCDEFGHIJKLM", "longer than 12"),
        ("--currency", "PL\tN", "U+0009"),
        ("--currency", "PL\u2028N", "U+2028"),
        ("--currency", "P\u200bLN", "U+200B"),
    ],
)
def test_new_refuses_what_the_reader_refuses(
    tmp_path: Path, option: str, value: str, message: str
) -> None:
    path = tmp_path / "x.yaml"
    result = run("new", str(path), "-v", "gin", "--players", "Anna,Boris", option, value)
    assert result.exit_code == 2, result.output
    assert message in result.output and option in result.output
    assert not path.exists()
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("title", '"a\\u2028b"', "U+2028"),
        ("title", '"a\\tb"', "U+0009"),
        ("title", '"  "', "empty"),
        ("currency", '"ABCDEFGHIJKLM"', "longer than 12"),
        ("currency", '"P\\u200bLN"', "U+200B"),
    ],
)
def test_the_reader_uses_the_same_checks(
    tmp_path: Path, key: str, value: str, message: str
) -> None:
    path = tmp_path / "x.yaml"
    path.write_text(
        f"remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\n{key}: {value}\n", encoding="utf-8"
    )
    result = run("show", str(path))
    assert result.exit_code == 1, result.output
    assert f"x.yaml:4: {key}:" in result.output and message in result.output


def test_good_titles_and_currencies_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    title = 'Piątek u Ani: "remik" — 5 zł # not a comment 🃏'
    result = run(
        "new",
        str(path),
        "-v",
        "gin",
        "--players",
        "Anna,Boris",
        "--title",
        title,
        "--currency",
        "zł",
        "--stake",
        "0,5",
    )
    assert result.exit_code == 0, result.output
    sheet = load_sheet(path)
    assert sheet.title == title and sheet.currency == "zł"


@pytest.mark.slow
@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(title=st.text(max_size=30), currency=st.text(max_size=14))
def test_new_either_refuses_or_writes_a_sheet_that_loads(
    tmp_path: Path, title: str, currency: str
) -> None:
    path = tmp_path / "h.yaml"
    result = run(
        "new",
        str(path),
        "-v",
        "gin",
        "--players",
        "Anna,Boris",
        "--title",
        title,
        "--currency",
        currency,
        "--force",
    )
    assert result.exit_code in (0, 2), result.output
    if result.exit_code == 0:
        sheet = load_sheet(path)
        assert sheet.title == title and sheet.currency == currency_code(currency.strip())
        assert title_problem(title) is None and currency_problem(currency.strip()) is None
    else:
        path.unlink(missing_ok=True)


def _deal_refused(path: Path, *args: str, message: str) -> None:
    before = path.read_bytes()
    result = run("add", str(path), *args)
    assert result.exit_code == 1, result.output
    assert message in result.output and "unchanged" in result.output
    assert path.read_bytes() == before


def test_add_refuses_absurd_scores_and_plus_with_the_sheet_unchanged(tmp_path: Path) -> None:
    gin = tmp_path / "gin.yaml"
    boat = tmp_path / "boat.yaml"
    assert run("new", str(gin), "-v", "gin", "--players", "Anna,Boris").exit_code == 0
    assert run("new", str(boat), "-v", "boat", "--players", "Anna,Boris").exit_code == 0
    _deal_refused(gin, "--score", "Anna=2000000000", message="2000000000")
    _deal_refused(gin, "--score", "Anna=1234567890123", message="1234567890123")
    _deal_refused(boat, "--closer", "Anna", "Boris=5S 9D", "--plus", "1000001", message="1000001")


# --- format characters in a title (issue 26) ---------------------------------------------------


@pytest.mark.parametrize(
    "odd",
    ["\u202e", "\u202a", "\u2066", "\u2069", "\u200f", "\u061c", "\u200b", "\ufeff", "\u00ad"],
)
def test_a_title_with_a_format_character_is_refused_as_a_name_is(tmp_path: Path, odd: str) -> None:
    # U+202E turned "Friday" round in the pasted chat text and on the pad's pages
    path = tmp_path / "x.yaml"
    title = f"Friday {odd}at Anna's"
    code = f"U+{ord(odd):04X}"
    result = run("new", str(path), "-v", "gin", "--players", "Anna,Boris", "--title", title)
    assert result.exit_code == 2 and code in result.output and not path.exists(), result.output
    assert title_problem(title) is not None
    path.write_text(
        f'remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\ntitle: "Friday \\u{ord(odd):04x}"\n',
        encoding="utf-8",
    )
    shown = run("show", str(path))
    assert shown.exit_code == 1 and "x.yaml:4: title:" in shown.output and code in shown.output


def test_joiners_stay_allowed_in_a_title(tmp_path: Path) -> None:
    # the zero-width joiner and non-joiner join characters (emoji, Persian) and move none
    for title in ("Rodzina 👨\u200d👩\u200d👧", "می\u200cخواهم"):
        assert title_problem(title) is None, title


# --- player names ---------------------------------------------------------------------------------


# from a hostile pass over the writing commands
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


# from a hostile pass over the writing commands
@pytest.mark.parametrize("odd", ["\u2028", "\u2029"])
def test_a_line_separator_is_no_part_of_a_name(tmp_path: Path, odd: str) -> None:
    path = tmp_path / "sep.yaml"
    result = run("new", str(path), "-v", "gin", "--players", f"a{odd}b,C")
    assert result.exit_code != 0 and not path.exists()
