"""What `add` accepts, the sheet reader reads back equal, checked by the same numbers.

The deals are generated from :data:`remikcalc.rules.dealinput.FIELDS` itself, one strategy per kind
of input and every number within the field's own range, so a new input or a changed range is
covered without touching this file. Both ways of writing are checked: appending in place
(``text_with_entry``) and the canonical text (``dump_sheet``).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from remikcalc.base.errors import SheetError
from remikcalc.cards.notation import parse_groups
from remikcalc.rules.dealinput import FIELD, FIELDS, InputField, Kind
from remikcalc.rules.families import OUTCOMES
from remikcalc.sheet import (
    DealEntry,
    Sheet,
    dump_sheet,
    player_name_problem,
    sheet_from_text,
    text_with_entry,
)
from tests.clirun import fails
from tests.sheets import SheetMaker

# names a YAML reader could take for something else, beside ordinary and generated ones
ODD_NAMES = ["No", "Yes", "on", "null", "010", "1e3", "Zoë", "O'Brien", "a: b", "#1", "Anna"]

names = st.one_of(
    st.sampled_from(ODD_NAMES),
    st.text(st.characters(codec="utf-8"), min_size=1, max_size=12),
).filter(lambda n: player_name_problem(n) is None)

card = st.builds(lambda r, s: r + s, st.sampled_from("A23456789TJQK"), st.sampled_from("CDHS"))


@st.composite
def card_text(draw: st.DrawFn) -> str:
    """Cards as typed: a few cards, sometimes grouped with |; always parses."""
    groups = draw(st.lists(st.lists(card, min_size=1, max_size=4), max_size=4))
    text = " | ".join(" ".join(g) for g in groups)
    parse_groups(text)
    return text


note_value = st.recursive(
    st.one_of(st.text(max_size=10), st.integers(-(10**6), 10**6), st.booleans()),
    lambda inner: st.lists(inner, max_size=3),
    max_leaves=5,
)


def _value(f: InputField, players: list[str]) -> st.SearchStrategy[Any]:
    """Any value of one deal input that `add` accepts, by the input's kind and range."""
    player = st.sampled_from(players)
    some = st.lists(player, unique=True).map(sorted)
    if f.kind is Kind.PLAYER:
        return st.none() | player
    if f.kind is Kind.OUTCOME:
        return st.none() | st.sampled_from(OUTCOMES)
    if f.kind is Kind.FLAG:
        return st.booleans()
    if f.kind is Kind.CARD:
        return st.none() | card
    if f.kind is Kind.COUNT:
        return st.none() | st.integers(f.low, f.high)
    if f.kind is Kind.POINTS:
        points = st.integers(f.low, f.high) | st.sampled_from([f.low, f.high])
        return st.none() | some.flatmap(lambda who: st.fixed_dictionaries({p: points for p in who}))
    return some.flatmap(lambda who: st.fixed_dictionaries({p: card_text() for p in who}))


@st.composite
def sheets_and_entries(draw: st.DrawFn) -> tuple[Sheet, DealEntry]:
    players = draw(st.lists(names, min_size=2, max_size=5, unique_by=str.casefold))
    values = {f.name: draw(_value(f, players), label=f.name) for f in FIELDS}
    notes = draw(st.dictionaries(st.sampled_from(["_work", "_why", "_n"]), note_value, max_size=2))
    entry = DealEntry(notes=notes, **values)
    assume(not entry.empty)  # `add` refuses an entry with nothing in it
    return Sheet(variant="rummy", players=tuple(players)), entry


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sheets_and_entries())
def test_every_deal_add_writes_reads_back_equal(case: tuple[Sheet, DealEntry]) -> None:
    sheet, entry = case
    appended = text_with_entry(dump_sheet(sheet), entry, "s.yaml")  # edited in place
    assert sheet_from_text(appended, "s.yaml").entries == (entry,)
    canonical = dump_sheet(sheet.with_entries([entry, entry]))
    assert sheet_from_text(canonical, "s.yaml").entries == (entry, entry)


# --- one past the range is refused by `add` and by the reader alike ---------------------------


def _refused_by_add(sheet_file: SheetMaker, variant: str, args: list[str]) -> str:
    path = sheet_file("s.yaml", variant)
    before = path.read_bytes()
    result = fails("add", str(path), *args, code=1)
    assert path.read_bytes() == before  # unchanged byte for byte
    assert "is unchanged" in result.output
    return result.output


def _refused_by_reader(variant: str, deal: str) -> str:
    text = f"remikcalc: 1\nvariant: {variant}\nplayers: [Anna, Boris]\ndeals:\n  - {deal}\n"
    with pytest.raises(SheetError) as info:
        sheet_from_text(text, "s.yaml")
    return str(info.value)


@pytest.mark.parametrize("value", [FIELD["scores"].high + 1, FIELD["scores"].low - 1])
def test_a_score_out_of_range_is_refused_by_add_and_by_the_reader(
    sheet_file: SheetMaker, value: int
) -> None:
    # scores are points-only deals: at most SCORE_LIMIT either way, typed or read
    said = _refused_by_add(sheet_file, "rummy", ["--score", f"Anna={value}", "--score", "Boris=0"])
    read = _refused_by_reader("rummy", f"scores: {{Anna: {value}, Boris: 0}}")
    problem = f"points-only scores for Anna: {value} is out of range"
    assert problem in said
    assert f"s.yaml:5: deals[1].scores.Anna: {problem}" in read


def test_plus_points_out_of_range_are_refused_by_add_and_by_the_reader(
    sheet_file: SheetMaker,
) -> None:
    # boat: Anna went out (empty hand), Boris holds 9C; plus points at most FIELD high
    value = FIELD["plus"].high + 1
    said = _refused_by_add(
        sheet_file, "boat", ["--closer", "Anna", "--plus", str(value), "Anna=", "Boris=9C"]
    )
    read = _refused_by_reader("boat", f"{{closer: Anna, plus: {value}, hands: {{Boris: 9C}}}}")
    problem = f"plus points: {value} is out of range (0 to {FIELD['plus'].high})"
    assert problem in said
    assert f"s.yaml:5: deals[1].plus: {problem}" in read
