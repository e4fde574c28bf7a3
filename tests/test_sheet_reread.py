"""A write reads its spliced text back building only the deals it changed
(remikcalc/sheet/reread.py): what it gets must be exactly what reading the whole text gives,
the sheet, every entry's line and the node tree the next edit splices by, over random sheets
written in the layouts people type (comments, blank lines, both line ends, notes, flow and
block deals) and every kind of write."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from remikcalc.session.edits import renamed
from remikcalc.sheet import splice
from remikcalc.sheet.model import DealEntry
from remikcalc.sheet.read import parse_text
from remikcalc.sheet.splice import SheetText
from tests.clirun import ok

PLAYERS = ("Anna", "Boris", "Carl")


@st.composite
def deal_lines(draw: st.DrawFn, n: int) -> str:
    """One deal as a person might type it: a flow or a block mapping, perhaps a note, a comment
    at its end or on a line of its own."""
    scores = {p: draw(st.integers(-60, 60)) for p in PLAYERS[: draw(st.integers(1, 3))]}
    flow = ", ".join(f"{p}: {v}" for p, v in scores.items())
    style = draw(st.sampled_from(["flow", "block", "note", "comment"]))
    if style == "flow":
        text = f"  - scores: {{{flow}}}\n"
    elif style == "block":
        text = "  - scores:\n" + "".join(f"      {p}: {v}\n" for p, v in scores.items())
    elif style == "note":
        text = f"  - scores: {{{flow}}}\n    _: deal {n}, at Anna's\n"
    else:
        text = f"  - scores: {{{flow}}}  # deal {n}\n"
    if draw(st.booleans()):
        text = draw(st.sampled_from(["\n", "  # later\n", "# much later\n"])) + text
    return text


@st.composite
def sheets(draw: st.DrawFn) -> str:
    deals = "".join(draw(deal_lines(n)) for n in range(1, draw(st.integers(1, 8)) + 1))
    head = "# our evening\nremikcalc: 1\nvariant: rummy\n"
    players = f"players: [{', '.join(PLAYERS)}]  # the table\n"
    if draw(st.booleans()):
        text = head + players + "deals:\n" + deals
    else:  # the players after the deals, with a comment between
        text = head + "deals:\n" + deals + "\n# who plays\n" + players
    return text.replace("\n", draw(st.sampled_from(["\n", "\r\n"])))


def _same_as_a_whole_read(result: SheetText) -> None:
    sheet, root = parse_text(result.text, result.name)
    assert result.sheet == sheet
    assert [e.line for e in result.sheet.entries] == [e.line for e in sheet.entries]
    assert result.root == root


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(sheets(), st.data())
def test_every_write_reads_back_what_a_whole_read_gives(text: str, data: st.DataObject) -> None:
    st_ = SheetText.parse(text, "evening.yaml")
    count = len(st_.sheet.entries)
    n = data.draw(st.integers(1, count))
    entry = DealEntry(
        scores={"Boris": data.draw(st.integers(-9, 9)), "Carl": 0}
    )  # not Anna: renamed
    write = data.draw(st.sampled_from(["add", "replace", "remove", "rename"]))
    if write == "add":
        result = splice.with_entry(st_, entry)
    elif write == "replace":
        result = splice.with_entry_replaced(st_, n, entry)
    elif write == "remove":
        result = splice.without_entry(st_, n)
    else:
        result = splice.with_sheet(st_, renamed(st_.sheet, "Anna", "Ania")[0])
    _same_as_a_whole_read(result)
    # and the next write, from what this one read back
    _same_as_a_whole_read(splice.with_entry(result, entry))


def test_the_short_read_is_the_one_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a plain block sheet an add, an edit and a removal read back through the short way:
    the whole text is never read again (else the test above would prove nothing of it)."""
    text = "remikcalc: 1\nvariant: rummy\nplayers: [Anna, Boris]\ndeals:\n" + "".join(
        f"  - scores: {{Anna: {n}, Boris: {-n}}}\n" for n in range(1, 30)
    )
    start = SheetText.parse(text, "plain.yaml")
    whole: list[Any] = []

    def counted(text: str, name: str) -> Any:
        whole.append(name)
        return parse_text(text, name)

    monkeypatch.setattr(splice, "parse_text", counted)
    entry = DealEntry(scores={"Anna": 7, "Boris": -7})
    results = [
        splice.with_entry(start, entry),
        splice.with_entry_replaced(start, 12, entry),
        splice.without_entry(start, 12),
        splice.without_entry(start, 29),
    ]
    assert whole == []
    for result in results:
        _same_as_a_whole_read(result)


def test_a_rename_of_players_listed_below_deals_of_several_lines(tmp_path: Path) -> None:
    """Found by the test above: with the players listed after deals written over several lines,
    ``rename`` rewrote the deals first, which moved the players' line, and then looked for it
    where it had been (an IndexError, a traceback). The players line now goes first."""
    sheet = tmp_path / "below.yaml"
    typed = (
        "remikcalc: 1\nvariant: rummy\ndeals:\n  - scores:\n      Anna: 10\n      Boris: -10\n"
        "\n# who plays\nplayers: [Anna, Boris]  # the two of us\n"
    )
    sheet.write_text(typed, encoding="utf-8")
    result = ok("rename", str(sheet), "Anna", "Ania")
    assert "Renamed Anna to Ania" in result.output
    text = sheet.read_text(encoding="utf-8")
    assert "Anna" not in text
    assert text.endswith("\n# who plays\nplayers: [Ania, Boris]  # the two of us\n")
