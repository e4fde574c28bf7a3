"""The small table renderer (`render.draw_table`) draws what tabulate draws.

`render.table` draws the ``table`` format (tabulate's ``simple`` with number parsing off,
multi-line cells) and ``markdown`` (tabulate's ``github``) itself, so that a command that
prints a table does not import tabulate (whose import reads the installed distributions'
metadata). Tables it does not draw identically it refuses (None) and tabulate draws them:
these tests hold both to tabulate's output, on random tables with empty cells, padding
spaces, multi-line cells, ``|`` and wide (CJK) characters, and headers or none.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
import tabulate as tabulate_module
from hypothesis import given, settings
from hypothesis import strategies as st
from tabulate import tabulate

from remikcalc import render

# one code point, one column: tabulate's measure without the optional wcwidth package
pytestmark = pytest.mark.usefixtures("no_wide_chars")


@pytest.fixture
def no_wide_chars(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tabulate_module, "WIDE_CHARS_MODE", False)


_TEXT = st.text(
    alphabet=st.sampled_from(list("aZ09 -|\\.,♠♥10ĄżЖ漢\n\t\r\x1b\u00a0\u3000True")),
    max_size=8,
)
_WORDS = st.sampled_from(["", " ", "True", "False", "1.5", "-3", "AS 2S 3S", "a\nb", "\n"])
_CELL = st.one_of(_TEXT, _WORDS)


@st.composite
def _tables(draw: st.DrawFn) -> tuple[list[list[str]], list[str]]:
    ncols = draw(st.integers(1, 4))
    ragged = draw(st.integers(0, 9)) == 0
    rows = draw(
        st.lists(
            st.lists(_CELL, min_size=1 if ragged else ncols, max_size=5 if ragged else ncols),
            max_size=5,
        )
    )
    heads = draw(st.one_of(st.just([]), st.lists(_CELL, min_size=ncols, max_size=ncols)))
    return rows, heads


def _md(text: str) -> str:
    return render._md_cell(text)


@pytest.mark.slow
@settings(max_examples=600, deadline=None)
@given(_tables())
def test_draw_table_is_tabulate_simple(table: tuple[list[list[str]], list[str]]) -> None:
    rows, heads = table
    drawn = render.draw_table(rows, heads)
    if drawn is not None:
        expected = tabulate(rows, headers=heads, tablefmt="simple", disable_numparse=True)
        assert drawn == expected


@pytest.mark.slow
@settings(max_examples=600, deadline=None)
@given(_tables())
def test_draw_table_is_tabulate_github(table: tuple[list[list[str]], list[str]]) -> None:
    rows, heads = table
    rows = [[_md(c) for c in r] for r in rows]
    heads = [_md(h) for h in heads]
    drawn = render.draw_table(rows, heads, markdown=True)
    if drawn is not None:
        expected = tabulate(rows, headers=heads, tablefmt="github", disable_numparse=True)
        assert drawn == expected


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(_tables(), st.sampled_from(["table", "markdown"]))
def test_table_is_tabulate_when_it_fits(table: tuple[list[list[str]], list[str]], fmt: str) -> None:
    rows, heads = table
    # wide enough that nothing is wrapped: the format as tabulate draws it
    if fmt == "markdown":
        expected = tabulate(
            [[_md(c) for c in r] for r in rows],
            headers=[_md(h) for h in heads],
            tablefmt="github",
            disable_numparse=True,
        )
    else:
        expected = tabulate(rows, headers=heads, tablefmt="simple", disable_numparse=True)
    assert render.table(rows, heads, fmt=fmt, width=10_000) == expected


def test_draw_table_covers_the_usual_tables() -> None:
    # the tables commands print: plain words, numbers, card codes, multi-line cells
    rows = [["Anna", "AS 2S 3S\n9C 9D 9H", "12"], ["Boris", "", "-3"], ["", "", ""]]
    assert render.draw_table(rows, ["player", "melds", "net"]) is not None
    assert render.draw_table([["a", "b"]], ["x", "y"], markdown=True) is not None


@pytest.mark.slow
def test_a_table_that_fits_does_not_import_tabulate() -> None:
    code = (
        "import sys\n"
        "from remikcalc import render\n"
        "render.table([['Anna', 'AS 2S 3S\\n9C 9D 9H', '12']], ['player', 'melds', 'net'],"
        " width=80)\n"
        "render.table([['Anna', '1']], ['player', 'net'], fmt='markdown')\n"
        "print('tabulate' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "False"
