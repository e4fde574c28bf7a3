"""Blank lines and comments between the last deal and the next key belong to that key, not to
the deal: ``undo`` and ``delete`` of the last deal leave them where they are, and ``add`` puts
the new deal right after the last one, above them (docs/SHEET.md, "Comments": comments survive
``add`` and ``undo``). A comment indented as the deals are, or deeper, is the list's own and
stays where it was typed."""

from __future__ import annotations

import pytest

from tests.clirun import ok
from tests.sheets import SheetMaker

HEAD = "# Tuesday\nremikcalc: 1\nvariant: rummy\ndeals:\n  - scores: {Anna: 10, Boris: -10}\n"
LAST = "  - scores: {Anna: 5, Boris: -5}\n"
TAIL = "\n# who plays, in seat order\nplayers: [Anna, Boris]  # the two of us\n"


@pytest.mark.parametrize("eol", ["\n", "\r\n"])
@pytest.mark.parametrize("command", [["undo"], ["delete", "2"]])
def test_removing_the_last_deal_keeps_the_comments_below_it(
    sheet_file: SheetMaker, command: list[str], eol: str
) -> None:
    path = sheet_file("tuesday.yaml", text=(HEAD + LAST + TAIL).replace("\n", eol))
    result = ok(command[0], str(path), *command[1:])
    assert "standard layout" not in result.output
    assert path.read_bytes().decode("utf-8") == (HEAD + TAIL).replace("\n", eol)


@pytest.mark.parametrize("eol", ["\n", "\r\n"])
def test_a_deal_added_goes_above_the_comments_of_the_next_key(
    sheet_file: SheetMaker, eol: str
) -> None:
    path = sheet_file("tuesday.yaml", text=(HEAD + LAST + TAIL).replace("\n", eol))
    result = ok("add", str(path), "--score", "Anna=7", "--score", "Boris=-7")
    assert "standard layout" not in result.output
    added = "  - scores: {Anna: 7, Boris: -7}\n"
    assert path.read_bytes().decode("utf-8") == (HEAD + LAST + added + TAIL).replace("\n", eol)


def test_undo_then_add_gives_the_text_back(sheet_file: SheetMaker) -> None:
    """The line ``undo`` prints puts the deal back where it was: the file is as typed."""
    typed = HEAD + LAST + TAIL
    path = sheet_file("tuesday.yaml", text=typed)
    ok("undo", str(path))
    ok("add", str(path), "--score", "Anna=5", "--score", "Boris=-5")
    assert path.read_text(encoding="utf-8") == typed


def test_a_comment_indented_as_the_deals_stays_with_the_list(sheet_file: SheetMaker) -> None:
    """A comment at the deals' own indent after the last deal (a heading for the deals still
    to come, say) is the list's: undo keeps it, add puts the new deal under it."""
    note = "  # the second evening\n"
    path = sheet_file("tuesday.yaml", text=HEAD + LAST + note + TAIL)
    ok("undo", str(path))
    assert path.read_text(encoding="utf-8") == HEAD + note + TAIL
    ok("add", str(path), "--score", "Anna=3", "--score", "Boris=-3")
    added = "  - scores: {Anna: 3, Boris: -3}\n"
    assert path.read_text(encoding="utf-8") == HEAD + note + added + TAIL
