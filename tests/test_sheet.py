"""Score sheet files: strict loading, every problem with its line (the first ones of thousands,
and a count of the rest), stable writing, editing."""

from __future__ import annotations

import os
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from remikcalc.base.errors import SheetError
from remikcalc.render.settlement_json import settle_sheet
from remikcalc.sheet import (
    DealEntry,
    ReentryEntry,
    Sheet,
    dump_sheet,
    load_sheet,
    read_text,
    save_text,
    sheet_from_text,
    text_with_entry,
    text_without_last,
)
from remikcalc.sheet.yamltree import MAX_PROBLEMS
from tests.clirun import run

HEAD = "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\n"


def problems(text: str) -> list[str]:
    with pytest.raises(SheetError) as info:
        sheet_from_text(text, "s.yaml")
    return str(info.value).splitlines()


# --- scalars keep what the user meant ---------------------------------------------------------


def test_names_and_numbers_stay_as_typed() -> None:
    sheet = sheet_from_text(
        "remikcalc: 1\nvariant: boat\nplayers: [NO, Yes, 'on', null, 010, 1e3]\n"
        "stake: 0.10\ncurrency: PLN\n"
        'deals:\n  - closer: NO\n    plus: 010\n    hands: {Yes: "8S"}\n'
    )
    assert sheet.players == ("NO", "Yes", "on", "null", "010", "1e3")
    assert sheet.stake == Decimal("0.10") and str(sheet.stake) == "0.10"
    entry = sheet.entries[0]
    assert isinstance(entry, DealEntry)
    assert entry.closer == "NO" and entry.plus == 10 and entry.hands == {"Yes": "8S"}


def test_expect_and_notes_keep_yaml_core_types() -> None:
    sheet = sheet_from_text(
        HEAD + "expect: {finished: true, winner: null, net: {Anna: 236, Boris: '-236'}, "
        "money: {Anna: 23.60}, list: [1, x]}\n_note: {why: 'no'}\n"
    )
    assert sheet.expect == {
        "finished": True,
        "winner": None,
        "net": {"Anna": 236, "Boris": "-236"},
        "money": {"Anna": Decimal("23.60")},
        "list": [1, "x"],
    }
    assert sheet.notes == {"_note": {"why": "no"}}


def test_bools_accept_yes_no_and_reject_others() -> None:
    sheet = sheet_from_text(HEAD + "deals:\n  - draw: yes\n  - {draw: 'off', scores: {Anna: 1}}\n")
    assert [e.draw for e in sheet.entries if isinstance(e, DealEntry)] == [True, False]
    assert "not true or false" in problems(HEAD + "deals:\n  - draw: maybe\n")[0]


# --- safety -----------------------------------------------------------------------------------


def test_tags_are_refused() -> None:
    text = HEAD + "title: !!python/object/apply:os.system ['echo pwned']\n"
    assert any("tags" in line for line in problems(text))
    assert any("tags" in line for line in problems(HEAD + "stake: !!float 1.5\n"))


def test_billion_laughs_is_refused_without_expanding() -> None:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        prev, cur = chr(ord("a") + i - 1), chr(ord("a") + i)
        lines.append(f"{cur}: &{cur} [*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev}]")
    found = problems(HEAD + "\n".join(lines) + "\n")
    assert any("anchors" in line for line in found) and any("aliases" in line for line in found)


def test_a_ten_megabyte_file_is_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_bytes(HEAD.encode() + b"# " + b"x" * (10 * 1024 * 1024) + b"\n")
    with pytest.raises(SheetError, match="larger than 1024 KiB"):
        load_sheet(path)
    with pytest.raises(SheetError, match="larger than"):
        sheet_from_text(HEAD + "#" * (2 << 20))


@pytest.mark.slow
def test_deep_nesting_and_huge_node_counts_are_refused() -> None:
    assert "nested more than" in problems(HEAD + "expect: " + "[" * 50 + "]" * 50 + "\n")[-1]
    many = "expect: [" + ",".join(["1"] * 320_000) + "]\n"
    assert "more than 300000 items" in problems(HEAD + many)[-1]


def test_duplicate_keys_are_errors_with_both_lines() -> None:
    found = problems(HEAD + "variant: bridge\n")
    assert found == ["s.yaml:4: variant: given twice (first on line 2)"]
    dup = problems(HEAD + "deals:\n  - scores: {Anna: 1, Anna: 2}\n")
    assert "s.yaml:5: deals[1].scores.Anna: given twice" in dup[0]


def test_other_yaml_shapes_are_refused_clearly(tmp_path: Path) -> None:
    assert "empty" in problems("")[0]
    assert "not a score sheet" in problems("- a\n- b\n")[0]
    assert "one YAML document" in problems(HEAD + "---\n" + HEAD)[0]
    assert "not valid YAML" in problems(HEAD + "deals: [\n")[0]
    bad = tmp_path / "latin1.yaml"
    bad.write_bytes(HEAD.encode() + "title: Zo\xeb\n".encode("latin-1"))
    with pytest.raises(SheetError, match=r"latin1.yaml:4: not UTF-8"):
        load_sheet(bad)
    with pytest.raises(SheetError, match="no such sheet"):
        load_sheet(tmp_path / "missing.yaml")


def test_a_newer_format_is_refused_with_advice() -> None:
    found = problems("remikcalc: 2\nvariant: gin\nplayers: [A, B]\nfuture_key: 1\n")
    assert len(found) == 1
    assert "newer remikcalc (sheet format 2)" in found[0] and "Upgrade" in found[0]


# --- every problem at once, each with its line and key ----------------------------------------


def test_every_problem_is_reported_with_line_and_key() -> None:
    text = (
        "remikcalc: 1\n"  # 1
        "variant: gin\n"  # 2
        "players: [Anna, Boris]\n"  # 3
        "stake: '-0.5'\n"  # 4
        "colour: red\n"  # 5
        "deals:\n"  # 6
        "  - closer: Zed\n"  # 7
        "    hands: {Anna: '9C', Borys: 'TD'}\n"  # 8
        "  - scores: {Anna: lots}\n"  # 9
        "  - reenter: Boris\n"  # 10
        "    closer: Anna\n"  # 11
        "  - how: knok\n"  # 12
        "    hands: {Anna: ''}\n"  # 13
    )
    found = problems(text)
    assert found[0].startswith("s.yaml:5: colour: unknown key; known keys: remikcalc, variant")
    assert found[1:] == [
        "s.yaml:4: stake: stake '-0.5' is negative; a stake must be 0 or more",
        "s.yaml:7: deals[1].closer: 'Zed' is not a player of this sheet; players: Anna, Boris",
        "s.yaml:8: deals[1].hands.Borys: 'Borys' is not a player of this sheet; "
        "did you mean Boris?",
        "s.yaml:9: deals[2].scores.Anna: 'lots' is not a whole number",
        "s.yaml:10: deals[3]: a re-entry is an entry of its own: `- reenter: NAME`",
        "s.yaml:12: deals[4].how: unknown outcome 'knok'; outcomes: knock, gin, big_gin, "
        "undercut, out, one_go, remik, colour, figures, full_colour, draw; did you mean knock?",
    ]


def test_rules_players_and_variant_problems() -> None:
    assert "unknown variant 'ginn'" in problems("remikcalc: 1\nvariant: ginn\nplayers: [A, B]\n")[0]
    found = problems(HEAD + "rules: {knock_limit: ten, gin_bonus: 20}\n")
    assert found == ["s.yaml:4: rules.knock_limit: rule knock_limit: 'ten' is not a whole number"]
    assert problems("remikcalc: 1\nvariant: gin\nplayers: [A, B, C]\n") == [
        "s.yaml:3: players: gin is played by 2 players, not 3"
    ]
    assert "named twice" in problems("remikcalc: 1\nvariant: gin\nplayers: [Ann, ann]\n")[0]
    assert "reserved" in problems("remikcalc: 1\nvariant: gin\nplayers: [Pool, B]\n")[0]
    assert (
        "Hollywood"
        in problems(
            "remikcalc: 1\nvariant: bridge\nplayers: [A, B]\nrules: {scoring: hollywood}\n"
        )[0]
    )


def test_deal_problems_found_on_replay_carry_the_entry_line() -> None:
    sheet = sheet_from_text(
        "remikcalc: 1\nvariant: bridge\nplayers: [Anna, Boris, Carl]\ndeals:\n"
        "  - closer: Anna\n    how: knock\n    scores: {Anna: 0, Boris: 100, Carl: 10}\n"
        "  - closer: Anna\n    how: knock\n    scores: {Boris: 5}\n"
        "  - reenter: Anna\n",
        "b.yaml",
    )
    with pytest.raises(SheetError) as info:
        settle_sheet(sheet)
    lines = str(info.value).splitlines()
    assert lines[0].startswith("b.yaml: 2 deals cannot be scored")
    assert lines[1].startswith("b.yaml:8: deal 2: Boris is out (total 100")
    assert lines[2].startswith("b.yaml:11: entry 3: Anna cannot re-enter while still in")


def test_points_only_bridge_deal_is_won_by_its_closer() -> None:
    # Bridge scores are penalty points: Carl closes with a remik (−10) and Anna adds 99. Anna is
    # the only player "above zero", but the deal is Carl's (he is paid one stake by Anna), as it
    # is when the same deal is typed with hands. Before: winner Anna.
    sheet = sheet_from_text(
        "remikcalc: 1\nvariant: bridge\nplayers: [Anna, Carl]\ndeals:\n"
        "  - closer: Carl\n    scores: {Anna: 99, Carl: -10}\n"
    )
    deal = settle_sheet(sheet)["deals"][0]
    assert deal["outcome"] == "remik" and deal["winner"] == "Carl"
    assert deal["payments"] == [{"from": "Anna", "to": "Carl", "amount": "1"}]


def test_a_null_hand_is_an_empty_hand() -> None:
    # rummy: Anna went out; her hand written as ~ is empty, like "" or leaving it out.
    # Boris holds 9C 7H QD = 9 + 7 + 10 = 26, so Anna +26 and Boris -26.
    sheet = sheet_from_text(
        "remikcalc: 1\nvariant: rummy\nplayers: [Anna, Boris]\ndeals:\n"
        "  - closer: Anna\n    hands: {Anna: ~, Boris: 9C 7H QD}\n"
    )
    assert settle_sheet(sheet)["deals"][0]["scores"] == {"Anna": 26, "Boris": -26}


def test_points_only_bridge_deal_needs_a_closer_or_a_draw() -> None:
    # Bridge stakes follow the closer: "Anna 5, Boris 20" with nobody closing would add the
    # points but pay no stakes at all (before: accepted, Boris −1 and Anna −1, only the entry
    # stakes). It must say who closed, or that the stock ran out.
    sheet = sheet_from_text(
        "remikcalc: 1\nvariant: bridge\nplayers: [Anna, Boris]\ndeals:\n"
        "  - scores: {Anna: 5, Boris: 20}\n"
    )
    with pytest.raises(SheetError, match="closer"):
        settle_sheet(sheet)


def test_points_only_deal_refuses_a_player_given_twice() -> None:
    # `--score Anna=5 --score anna=3` named Anna twice; before, the 5 was dropped silently and
    # the deal scored Anna +3.
    from remikcalc.base.errors import DealError
    from remikcalc.session import start

    state = start(Sheet(variant="rummy", players=("Anna", "Boris")))
    with pytest.raises(DealError, match="twice"):
        state.apply(DealEntry(scores={"Anna": 5, "anna": 3}))


def test_points_only_rummy500_deal_is_won_by_who_went_out() -> None:
    # Rummy 500: Boris went out (closer) by discarding his last card, having laid nothing this
    # deal: 0; Anna melded 40 and holds nothing. Anna is the only one above zero, but the deal's
    # winner is the player who went out (docs/RULES.md §6): Boris. Before: Anna.
    sheet = sheet_from_text(
        "remikcalc: 1\nvariant: rummy500\nplayers: [Anna, Boris]\ndeals:\n"
        "  - closer: Boris\n    scores: {Anna: 40, Boris: 0}\n"
    )
    assert settle_sheet(sheet)["deals"][0]["winner"] == "Boris"


# --- writing and editing ----------------------------------------------------------------------


def test_canonical_text_is_readable_and_round_trips() -> None:
    sheet = Sheet(
        variant="rummy",
        players=("Anna Maria", "No", "O'Brien", "Zoë", "1e3", 'Say "hi"'),
        rules={"game_target": "150", "knock_limit": "none"},
        stake=Decimal("0.10"),
        currency="PLN",
        title='Friday: "the big one"',
        expect={
            "net": {"Anna Maria": 236, "No": Decimal("-236.00")},
            "finished": True,
            "winner": "No",
            "odd": ["true", "", None],
        },
        entries=(
            DealEntry(hands={"No": "9C 9D 9H | KD", "Zoë": ""}, closer="No", how="gin"),
            DealEntry(scores={"1e3": 25}),
            ReentryEntry("Anna Maria"),
        ),
    )
    text = dump_sheet(sheet)
    assert 'players: [Anna Maria, "No", O\'Brien, Zoë, "1e3", "Say \\"hi\\""]' in text
    assert 'hands: {"No": "9C 9D 9H | KD", Zoë: ""}' in text
    assert text.endswith("  - reenter: Anna Maria\n")
    loaded = sheet_from_text(text)
    assert loaded == sheet
    assert dump_sheet(loaded) == text


def test_add_then_undo_edits_in_place_keeping_comments() -> None:
    text = (
        "# Friday game\nremikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]  # seats\n"
        "deals:\n  # first deal\n  - closer: Anna\n    scores: {Anna: 12}  # quick\n"
    )
    entry = DealEntry(scores={"Boris": 30}, closer="Boris")
    added = text_with_entry(text, entry)
    assert added == text + "  - closer: Boris\n    scores: {Boris: 30}\n"
    back, removed = text_without_last(added)
    assert back == text and removed == entry


def test_add_inserts_before_keys_that_follow_the_deals() -> None:
    text = HEAD + "deals:\n- scores: {Anna: 1}\ntitle: late title\n"
    added = text_with_entry(text, DealEntry(scores={"Boris": 2}))
    assert added == HEAD + "deals:\n- scores: {Anna: 1}\n- scores: {Boris: 2}\ntitle: late title\n"
    assert text_without_last(added)[0] == text


def test_flow_style_deals_get_the_new_deal_in_flow_style() -> None:
    text = HEAD + "deals: [{scores: {Anna: 1}}]  # flow\n"
    added = text_with_entry(text, DealEntry(scores={"Boris": 2}))
    assert added == HEAD + "deals: [{scores: {Anna: 1}}, {scores: {Boris: 2}}]  # flow\n"
    assert [e.scores for e in sheet_from_text(added).entries] == [  # type: ignore[union-attr]
        {"Anna": 1},
        {"Boris": 2},
    ]


def test_undo_on_an_empty_sheet_says_there_is_nothing() -> None:
    with pytest.raises(SheetError, match="nothing to undo"):
        text_without_last(HEAD + "deals:\n")


def test_save_is_atomic_and_keeps_the_file_mode(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    save_text(path, HEAD)
    os.chmod(path, 0o640)
    save_text(path, HEAD + "deals:\n")
    assert read_text(path) == HEAD + "deals:\n"
    assert os.stat(path).st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.yaml"]  # no temp file left


names = (
    st.text(
        st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Co", "Cn", "Zl", "Zp", "Cf")),
        min_size=1,
        max_size=12,
    )
    .map(str.strip)
    .filter(
        lambda s: (
            bool(s) and s[0] not in "-_" and not set(s) & set("=,|") and s.casefold() != "pool"
        )
    )
)


@pytest.mark.slow
@given(
    st.lists(names, min_size=2, max_size=4, unique_by=str.casefold),
    st.lists(st.integers(0, 60), max_size=8),
)
@settings(max_examples=60, deadline=None)
def test_any_names_and_deals_round_trip_and_undo_restores_bytes(
    players: list[str], points: list[int]
) -> None:
    sheet = Sheet(variant="rummy", players=tuple(players))
    text = dump_sheet(sheet)
    assert sheet_from_text(text).players == tuple(players)
    history = [text]
    for i, p in enumerate(points):
        entry = DealEntry(scores={players[i % len(players)]: p, players[-1]: -p - 1})
        text = text_with_entry(text, entry)
        history.append(text)
    loaded = sheet_from_text(text)
    assert len(loaded.entries) == len(points)
    assert text == dump_sheet(loaded)  # adding one by one = writing the whole sheet
    for before in reversed(history[:-1]):
        text = text_without_last(text)[0]
        assert text == before


# --- thousands of problems ------------------------------------------------------------------------


# from the hostile round of issue 20: a bad sheet lists at most MAX_PROBLEMS problems
def test_a_sheet_with_thousands_of_problems_lists_the_first_and_counts_the_rest(
    tmp_path: Path,
) -> None:
    sheet = tmp_path / "bad.yaml"
    deals = "".join("  - {closer: Zed}\n" for _ in range(10_000))
    sheet.write_text(f"remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\ndeals:\n{deals}")
    result = run("show", str(sheet))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert len(lines) == MAX_PROBLEMS + 1
    assert lines[-1] == f"{sheet}: and {20_000 - MAX_PROBLEMS} more problems (mend these first)"
