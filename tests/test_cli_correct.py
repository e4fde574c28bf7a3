"""Correcting a sheet at the table: edit (which keeps what is not given), delete, rename, add
--again, events addressed as ``e1``, what undo prints, and the questions of an interactive
``add`` (docs/INTERFACE.md, "Correcting a sheet at the table").
"""

from __future__ import annotations

import json
import shlex
import tempfile
from pathlib import Path
from typing import Any

import click
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from remikcalc.commands import prompts
from remikcalc.sheet import load_sheet
from remikcalc.sheet.model import DealEntry
from tests.clirun import fails, lines, ok, run
from tests.hands import (
    GIN_ANNA,
    GIN_BORIS,
    GIN_BORIS_RUN,
    GIN_DEFENCE_BORIS,
    GIN_DEFENCE_BORIS_RUN,
    GIN_KNOCK_ANNA,
)
from tests.sheets import SheetMaker


def refused(path: Path, *args: str, code: int = 1, input: str | None = None) -> str:
    """Run a command that must fail and leave the sheet byte for byte as it was."""
    before = path.read_bytes()
    result = fails(*args, code=code, input=input)
    assert "Traceback" not in result.output
    assert path.read_bytes() == before
    return result.output


def settle_json(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok("settle", str(path), "--format", "json").output)
    return data


@pytest.fixture
def gin(sheet_file: SheetMaker) -> Path:
    return sheet_file("gin.yaml", stake="0.10")


@pytest.fixture
def bridge(sheet_file: SheetMaker) -> Path:
    return sheet_file("bridge.yaml", "bridge", "Anna,Boris,Carl", stake="2")


# --- edit ---------------------------------------------------------------------------------------


def test_edit_replaces_one_deal_keeping_comments(gin: Path) -> None:
    ok("add", str(gin), "--closer", "Anna", GIN_ANNA, GIN_BORIS)
    ok("add", str(gin), "--score", "Anna=25")
    ok("add", str(gin), "--score", "Boris=10")
    text = gin.read_text(encoding="utf-8")
    text = text.replace("  - scores: {Anna: 25}", "  # Boris dealt\n  - scores: {Anna: 25}")
    gin.write_text(text + "# the end\n", encoding="utf-8")
    result = ok("edit", str(gin), "2", "--score", "Boris=30")
    assert result.output.startswith("Deal 2: points only (Boris +30)\n")
    assert gin.read_text(encoding="utf-8").endswith(
        "  # Boris dealt\n  - scores: {Boris: 30}\n  - scores: {Boris: 10}\n# the end\n"
    )
    assert settle_json(gin)["totals"] == {"Anna": 59, "Boris": 40}


def test_edit_json(gin: Path) -> None:
    ok("add", str(gin), "--score", "Anna=25")
    data = json.loads(ok("edit", str(gin), "1", "--score", "Anna=20", "--json").output)
    assert data["edited"]["scores"] == {"Anna": 20, "Boris": 0}
    assert data["sheet"]["totals"] == {"Anna": 20, "Boris": 0}


def test_edit_keeps_the_entry_notes(gin: Path) -> None:
    ok("add", str(gin), "--score", "Anna=25")
    text = gin.read_text(encoding="utf-8").replace(
        "  - scores: {Anna: 25}", "  - scores: {Anna: 25}\n    _why: Anna knocked"
    )
    gin.write_text(text, encoding="utf-8")
    ok("edit", str(gin), "1", "--score", "Anna=20")
    (entry,) = load_sheet(gin).entries
    assert entry.notes == {"_why": "Anna knocked"}
    assert entry.scores == {"Anna": 20}  # type: ignore[union-attr]


def test_edit_refusals_leave_the_sheet_unchanged(gin: Path) -> None:
    ok("add", str(gin), "--score", "Anna=25")
    out = refused(gin, "edit", str(gin), "2", "--score", "Anna=5")
    assert "has deals 1 to 1; there is no deal 2 to edit" in out
    out = refused(gin, "edit", str(gin), "1", "--closer", "Boris", GIN_ANNA, GIN_BORIS)
    assert "knock limit is 10" in out and "is unchanged" in out
    out = refused(gin, "edit", str(gin), "1", "--score", "Zed=5")
    assert "Zed" in out
    out = refused(gin, "edit", str(gin), "1", "--score", f"Anna={10**9 + 1}")
    assert "out of range" in out
    refused(gin, "edit", str(gin), "1")
    refused(gin, "edit", str(gin), "0", "--score", "Anna=5", code=2)


def _boris_out(bridge: Path) -> None:
    for _ in range(2):  # Boris 70 + 70 = 140: out
        ok(
            "add",
            str(bridge),
            "--closer",
            "Anna",
            "--score",
            "Anna=0",
            "--score",
            "Boris=70",
            "--score",
            "Carl=31",
            "--again",
        )


def test_edit_that_a_later_entry_no_longer_fits_is_refused(bridge: Path) -> None:
    _boris_out(bridge)
    ok("add", str(bridge), "--reenter", "boris")
    out = refused(
        bridge,
        "edit",
        str(bridge),
        "2",
        "--closer",
        "Anna",
        "--score",
        "Anna=0",
        "--score",
        "Boris=7",
        "--score",
        "Carl=31",
    )
    assert out == (
        "Error: with this as deal 2, Boris's re-entry after it no longer fits: Boris cannot "
        f"re-enter while still in the game (total 77)\n{bridge} is unchanged.\n"
    )
    # the re-entry is an event, not a deal: `edit N` counts the deals only, so there is no
    # deal 3 (the event is removed with undo, or corrected in the file)
    out = refused(bridge, "edit", str(bridge), "3", "--reenter", "Boris")
    assert "has deals 1 to 2; there is no deal 3 to edit" in out


def test_edit_a_reentry_made_impossible(gin: Path) -> None:
    ok("add", str(gin), "--score", "Anna=100")  # Anna wins the game: the sheet goes on
    ok("add", str(gin), "--score", "Boris=5")
    ok("edit", str(gin), "2", "--score", "Boris=7")
    assert settle_json(gin)["deals"][1]["scores"]["Boris"] == 7


# --- add --again ----------------------------------------------------------------------------------


def test_add_refuses_the_same_deal_twice_without_again(gin: Path) -> None:
    ok("add", str(gin), "--closer", "Anna", GIN_ANNA, GIN_BORIS)
    # the same deal with the names in another case and the hands in another order
    out = refused(
        gin, "add", str(gin), "--closer", "anna", "boris=as 2s 3h 4d 5d 8c 8d jc qc td", GIN_ANNA
    )
    assert out == (
        "Error: this is the same as deal 1, the last entry; give --again to add it "
        f"once more\n{gin} is unchanged.\n"
    )
    ok("add", str(gin), "--closer", "Anna", GIN_ANNA, GIN_BORIS, "--again")
    assert len(load_sheet(gin).entries) == 2
    ok("add", str(gin), "--score", "Anna=5")
    refused(gin, "add", str(gin), "--score", "Anna=5")
    ok("add", str(gin), "--score", "Anna=6")


def test_add_on_a_terminal_asks_about_the_same_deal(
    gin: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(prompts, "interactive", lambda: True)
    ok("add", str(gin), "--score", "Anna=5")
    before = gin.read_bytes()
    result = ok("add", str(gin), "--score", "Anna=5", input="n\n")  # no is a choice: exit 0
    out = result.output
    assert "This deal is the same as deal 1. Add it again? [y/N]: n\n" in out
    assert out.endswith(f"Nothing added; {gin} is unchanged.\n") and gin.read_bytes() == before
    result = ok("add", str(gin), "--score", "Anna=5", input="y\n")
    assert "Add it again?" in result.output
    assert len(load_sheet(gin).entries) == 2


# --- undo -----------------------------------------------------------------------------------------


def _undo_and_put_back(path: Path) -> str:
    before = settle_json(path)
    result = ok("undo", str(path))
    line = result.output.splitlines()[1]
    assert line.startswith("To put it back: remikcalc add ")
    command = line.removeprefix("To put it back: ")
    words = shlex.split(command)
    assert words[:2] == ["remikcalc", "add"]
    ok(*words[1:])
    assert settle_json(path) == before
    return command


def test_undo_prints_the_add_that_puts_the_entry_back(gin: Path) -> None:
    ok("add", str(gin), "--closer", "anna", GIN_ANNA, GIN_BORIS)
    assert _undo_and_put_back(gin) == (
        f"remikcalc add {gin} --closer Anna Anna='{GIN_KNOCK_ANNA}' Boris='{GIN_DEFENCE_BORIS}'"
    )
    ok("add", str(gin), "--score", "Boris=7")
    assert _undo_and_put_back(gin).endswith(" --score Boris=7")
    data = json.loads(ok("undo", str(gin), "--json").output)
    assert data == {
        "file": str(gin),
        "removed": "points",
        "add_again": f"remikcalc add {gin} --score Boris=7",
    }


def test_undo_put_back_with_every_kind_of_input(tmp_path: Path) -> None:
    rummy500 = tmp_path / "my r500.yaml"
    ok("new", str(rummy500), "-v", "rummy500", "--players", "Anna,Boris")
    ok(
        "add",
        str(rummy500),
        "--closer",
        "Anna",
        "--melded",
        "Anna=7H 8H 9H | KS KD KC",
        "--melded",
        "Boris=2C 3C 4C",
        "Boris=QH 5D",
        "--how",
        "one_go",
    )
    assert "r500.yaml' --closer Anna --how one_go --melded Anna='7H 8H 9H | KS KD KC'" in (
        _undo_and_put_back(rummy500)
    )
    boat = tmp_path / "boat.yaml"
    ok("new", str(boat), "-v", "boat", "--players", "Anna,Boris")
    ok("add", str(boat), "--closer", "Anna", "--plus", "12", "Boris=KC QD 2H")
    assert "--plus 12" in _undo_and_put_back(boat)
    rummy = tmp_path / "rummy.yaml"
    ok("new", str(rummy), "-v", "rummy", "--players", "Anna,Boris")
    ok("add", str(rummy), "--draw", "Anna=KC QD 2H", "Boris=5S 5D 9C")
    assert " --draw " in _undo_and_put_back(rummy)


def test_undo_put_back_a_reentry(bridge: Path) -> None:
    _boris_out(bridge)
    ok("add", str(bridge), "--reenter", "boris")
    assert _undo_and_put_back(bridge) == f"remikcalc add {bridge} --reenter Boris"


# --- rename ---------------------------------------------------------------------------------------


def test_rename_everywhere_keeping_comments(gin: Path) -> None:
    ok("add", str(gin), "--closer", "Anna", GIN_ANNA, GIN_BORIS)
    ok("add", str(gin), "--score", "Boris=30")
    text = gin.read_text(encoding="utf-8").replace("deals:", "deals:  # Friday")
    gin.write_text(text, encoding="utf-8")
    before = settle_json(gin)
    result = ok("rename", str(gin), "boris", "Borys")
    assert result.output.startswith("Renamed Boris to Borys in ")
    text = gin.read_text(encoding="utf-8")
    assert "Boris" not in text and "players: [Anna, Borys]" in text
    assert "deals:  # Friday" in text
    after = settle_json(gin)
    assert after["totals"] == {"Anna": before["totals"]["Anna"], "Borys": 30}
    assert json.dumps(after).replace("Borys", "Boris") == json.dumps(before)


def test_rename_refusals(gin: Path) -> None:
    ok("add", str(gin), "--score", "Boris=30")
    assert "not a player" in refused(gin, "rename", str(gin), "Zed", "X")
    assert "already a player" in refused(gin, "rename", str(gin), "Anna", "BORIS", code=2)
    assert "cannot be in a name" in refused(gin, "rename", str(gin), "Anna", "A=B", code=2)
    assert "reserved" in refused(gin, "rename", str(gin), "Anna", "Pool", code=2)
    refused(gin, "rename", str(gin), "Anna", " Anna", code=2)
    result = ok("rename", str(gin), "anna", "ANNA")
    assert "players: [ANNA, Boris]" in gin.read_text(encoding="utf-8")
    before = gin.read_bytes()
    result = ok("rename", str(gin), "anna", "ANNA")
    assert "already called ANNA" in result.output
    assert gin.read_bytes() == before


def test_a_sheet_that_does_not_score_is_not_renamed_and_says_its_own_problem(
    tmp_path: Path,
) -> None:
    # rename replays the sheet itself only when something is refused: what it says is the
    # sheet's problem, in the sheet's names, before any problem of the names typed
    path = tmp_path / "broken.yaml"
    path.write_text(
        "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\ndeals:\n"
        "  - scores: {Anna: 10}\n"
        '  - {closer: Anna, hands: {Anna: "KS KH KD QS QH 2C 3D 4H 5S 7C",'
        f' Boris: "{GIN_DEFENCE_BORIS_RUN}"}}}}\n',
        encoding="utf-8",
    )
    problem = "deal 2: Anna knocked with 41 in deadwood, but the knock limit is 10"
    assert problem in refused(path, "rename", str(path), "Anna", "Zed")
    assert problem in refused(path, "rename", str(path), "Nobody", "Zed")
    assert problem in refused(path, "rename", str(path), "Anna", "A=B")


def test_rename_a_bridge_reentry_and_closers(bridge: Path) -> None:
    ok(
        "add",
        str(bridge),
        "--closer",
        "carl",
        "--score",
        "Anna=3",
        "--score",
        "Boris=4",
        "--score",
        "Carl=0",
    )
    ok("rename", str(bridge), "Carl", "Karol")
    entry = load_sheet(bridge).entries[0]
    assert entry.closer == "Karol"  # type: ignore[union-attr]


# --- add on a terminal ----------------------------------------------------------------------------


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prompts, "interactive", lambda: True)


@pytest.mark.usefixtures("terminal")
def test_a_card_typed_twice_in_one_hand_is_asked_again_at_once(gin: Path) -> None:
    answers = "9C 9C\n" + GIN_DEFENCE_BORIS + "\n"
    result = ok("add", str(gin), "--closer", "Anna", GIN_ANNA, input=answers)
    assert "Error: 9C typed 2 times, but gin uses one pack: each card exists only once" in (
        result.output
    )
    assert result.output.count("Boris's cards") == 2
    assert "Totals: Anna 59, Boris 0" in result.output


@pytest.mark.usefixtures("terminal")
def test_after_an_error_only_the_wrong_part_is_asked_again(gin: Path) -> None:
    # Boris closed by mistake: the knock limit says so; only the closer is asked again
    answers = "boris\n" + "\n".join((GIN_KNOCK_ANNA, GIN_DEFENCE_BORIS))
    answers += "\ncloser\nanna\n"
    result = ok("add", str(gin), input=answers)
    assert "knock limit is 10" in result.output
    assert "Which part was wrong? (closer, Anna, Boris) [Boris]: closer\n" in result.output
    assert result.output.count("Anna's cards") == 1
    assert result.output.count("Who closed") == 2
    assert "Totals: Anna 59, Boris 0" in result.output


@pytest.mark.usefixtures("terminal")
def test_a_short_hand_is_typed_again_alone(gin: Path) -> None:
    answers = f"AS 2S 3H\n\n{GIN_DEFENCE_BORIS}\n"  # Boris's hand, then its fix
    result = ok("add", str(gin), "--closer", "Anna", GIN_ANNA, input=answers)
    assert "Boris has 3 cards" in result.output
    assert "Which part was wrong? (closer, Anna, Boris) [Boris]: \n" in result.output
    assert result.output.count("Boris's cards") == 2 and "Anna's cards" not in result.output
    assert "Totals: Anna 59, Boris 0" in result.output


@pytest.mark.usefixtures("terminal")
def test_a_stopped_correction_leaves_the_sheet_unchanged(gin: Path) -> None:
    answers = "AS 2S 3H\n"  # then no answer: the add stops
    out = refused(gin, "add", str(gin), "--closer", "Anna", GIN_ANNA, input=answers)
    assert "Boris has 3 cards" in out and f"no answer (end of input); {gin} is unchanged" in out


@pytest.mark.parametrize("variant", ["rummy", "polish", "remibrydz"])
@pytest.mark.usefixtures("terminal")
def test_one_go_is_asked_where_it_doubles_the_deal(tmp_path: Path, variant: str) -> None:
    path = tmp_path / "r.yaml"
    ok("new", str(path), "-v", variant, "--players", "Anna,Boris")
    result = ok("add", str(path), "--closer", "Anna", "Boris=KC QD 2H", input="y\n")
    assert "Did Anna go out in one go? [y/N]: y\n" in result.output
    assert settle_json(path)["deals"][0]["outcome"] == "one_go"
    result = ok("add", str(path), "--closer", "Anna", "Boris=KC QD 3H", input="\n")
    assert settle_json(path)["deals"][1]["outcome"] == "out"
    result = ok("add", str(path), "--closer", "Anna", "--how", "out", "Boris=KC QD 4H")
    assert "one go" not in result.output


@pytest.mark.parametrize("variant", ["gin", "boat", "rummy500", "bridge"])
@pytest.mark.usefixtures("terminal")
def test_one_go_is_not_asked_where_it_changes_nothing(tmp_path: Path, variant: str) -> None:
    path = tmp_path / "r.yaml"
    ok("new", str(path), "-v", variant, "--players", "Anna,Boris")
    result = run("add", str(path), "--closer", "Anna", input="\n" * 20)
    assert "one go" not in result.output


# --- property: whatever is typed, a written sheet loads and a refused one is untouched ------------

_NAMES = st.sampled_from(
    [
        "Anna",
        "anna",
        "Boris",
        "BORIS",
        "Zed",
        "Ćma",
        "",
        " x",
        "a,b",
        "Pool",
        "-x",
        "A=B",
        "No",
        "Carl",
    ]
)
_SCORE = st.one_of(st.integers(-5, 150), st.integers(-(10**10), 10**10))
_COMMANDS = st.one_of(
    st.tuples(st.just("add"), _NAMES, _SCORE, st.booleans()),
    st.tuples(st.just("edit"), st.integers(0, 5), _NAMES, _SCORE),
    st.tuples(st.just("undo")),
    st.tuples(st.just("rename"), _NAMES, _NAMES),
)


def _argv(path: str, command: tuple[Any, ...]) -> list[str]:
    match command:
        case ("add", name, score, again):
            return ["add", path, "--score", f"{name}={score}", *(["--again"] if again else [])]
        case ("edit", n, name, score):
            return ["edit", path, str(n), "--score", f"{name}={score}"]
        case ("rename", old, new):
            return ["rename", path, old, new]
    return ["undo", path]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_COMMANDS, max_size=8))
def test_every_command_leaves_a_sheet_that_loads_or_an_unchanged_one(
    commands: list[tuple[Any, ...]],
) -> None:
    from remikcalc.session import replay

    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "gin.yaml")
        ok("new", path, "-v", "gin", "--players", "Anna,Boris")
        for command in commands:
            before = Path(path).read_bytes()
            result = run(*_argv(path, command))
            assert "Traceback" not in result.output, (command, result.output)
            assert result.exception is None or isinstance(result.exception, SystemExit), (
                command,
                result.exception,
            )
            if result.exit_code == 0:
                replay(load_sheet(path))
            else:
                assert Path(path).read_bytes() == before, (command, result.output)


# --- help -----------------------------------------------------------------------------------------


def test_the_correcting_help_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.test_help_examples import examples

    monkeypatch.chdir(tmp_path)
    ok("new", "game.yaml", "-v", "gin", "--players", "Anna,Boris")
    ok("add", "game.yaml", "--score", "Anna=25")
    ok("add", "game.yaml", "--score", "Anna=20")
    ok("new", "polish.yaml", "-v", "polish", "--players", "Anna,Vera,Gleb")
    for _deal in range(3):  # deal 3: Vera's 23 said wrong, as the example corrects it
        ok(
            "add",
            "polish.yaml",
            "--again",
            "--closer",
            "Anna",
            "--count",
            "Vera=23",
            "--count",
            "Gleb=41",
        )
    for command in ("edit", "rename", "undo"):
        found = examples(command)
        assert found, command
        for argv in found:
            ok(*argv)
    (entry,) = load_sheet("game.yaml").entries  # deal 1 edited to hands, deal 2 undone
    assert entry.closer == "Anna" and list(entry.hands) == ["Anna", "Borys"]  # type: ignore[union-attr]
    corrected = load_sheet("polish.yaml").entries[2]  # Vera's count, the rest kept
    assert corrected == DealEntry(closer="Anna", counts={"Vera": 32, "Gleb": 41})
    assert "--again" in ok("add", "--help").output


# --- edit keeps what is not given: a new closer who went out, a kept part that clashes ---------


@pytest.fixture
def rummy(tmp_path: Path) -> Path:
    path = tmp_path / "rummy.yaml"
    ok("new", str(path), "-v", "rummy", "--players", "Anna,Boris,Carl")
    ok("add", str(path), "--closer", "Anna", "Boris=2C 3D 9H", "Carl=KS QS")
    return path


def test_edit_closer_in_a_going_out_game_drops_the_new_closers_kept_hand(rummy: Path) -> None:
    # Boris went out, not Anna: his old hand goes with it, nothing of his was typed (issue 26)
    ok("edit", str(rummy), "1", "--closer", "Boris", "Anna=4C 5C")
    deal = load_sheet(rummy).entries[0]
    assert deal.closer == "Boris" and set(deal.hands) == {"Anna", "Carl"}  # type: ignore[union-attr]
    deal = settle_json(rummy)["deals"][0]
    assert deal["winner"] == "Boris" and deal["scores"]["Boris"] > 0


def test_edit_closer_alone_asks_for_the_old_closers_hand_not_to_leave_the_new_ones_out(
    rummy: Path,
) -> None:
    said = refused(rummy, "edit", str(rummy), "1", "--closer", "Boris")
    assert "leave the winner's hand out" not in said
    assert "Anna" in said


@pytest.fixture
def gin_dealt(gin: Path) -> Path:
    ok("add", str(gin), "--closer", "Anna", GIN_ANNA, GIN_BORIS)  # Boris holds AS
    return gin


def test_a_card_typed_that_a_kept_hand_holds_is_refused_as_the_kept_hand(gin_dealt: Path) -> None:
    said = refused(gin_dealt, "edit", str(gin_dealt), "1", "Anna=9C 9D 9H 5S 6S 7S KD KH KS AS")
    assert "kept" in said and "Boris" in said and "AS" in said, said
    assert "typed 2 times" not in said
    # given as well, Boris's hand replaces the kept one
    ok(
        "edit",
        str(gin_dealt),
        "1",
        "Anna=9C 9D 9H 5S 6S 7S KD KH KS AS",
        "Boris=2C 2S 3H 4D 5D 8C 8D JC QC TD",
    )


def test_a_kept_part_that_clashes_is_a_typed_refusal() -> None:
    import remikcalc
    from remikcalc.base.errors import DealError

    with tempfile.TemporaryDirectory() as where:
        sheet = remikcalc.new_sheet(
            Path(where) / "r500.yaml", variant="rummy500", players=["Emil", "Fay"]
        )
        sheet.add(
            {"closer": "Emil", "melded": {"Emil": "AS 2S 3S | KC KD KS"}, "hands": {"Fay": "7D 8C"}}
        )
        before = Path(sheet.path).read_bytes()
        with pytest.raises(DealError) as caught:
            sheet.edit(1, {"hands": {"Fay": "AS 8C"}}, keep=True)
        error = caught.value
        assert error.code == "kept_clash" and error.player == "Emil" and error.cards == ("AS",)
        assert error.field == "melded" and "melds" in str(error) and "Emil" in str(error)
        assert Path(sheet.path).read_bytes() == before


def test_in_two_packs_a_card_kept_and_typed_once_each_is_no_clash(bridge: Path) -> None:
    hands = [
        "Boris=4D 5D 6D 9C 9H 9S QC KC AC JK",
        "Anna=2S 3S 4S 7H 7D 7C TH 8S 6C 6H",
        "Carl=KC KD QH QS JC JD TH TS 9C 6D",
    ]
    ok("add", str(bridge), "--closer", "Boris", *hands)
    # Boris's kept hand holds an ace of clubs: Carl's is the other one of the two packs
    ok("edit", str(bridge), "1", "Carl=KC KD QH QS JC JD TH TS 9C AC")
    # a third one is too many, and the kept hand is named
    said = refused(bridge, "edit", str(bridge), "1", "Carl=KC KD QH QS JC JD TH TS AC AC")
    assert "kept" in said and "Boris" in said, said


# --- undo's line to put a repeated deal back ------------------------------------------------------


# from a tester's report: undo's put-back line has --again when add needs it
def test_undo_of_a_repeated_deal_puts_it_back_with_again(sheet_file: SheetMaker) -> None:
    path = sheet_file("rummy.yaml", "rummy", "Anna,Boris")
    ok("add", str(path), "--score", "Anna=10")
    ok("add", str(path), "--score", "anna=10", "--again")
    out = ok("undo", str(path)).output.splitlines()
    assert out[:2] == [
        f"Removed the last entry of {path} (points only).",
        f"To put it back: remikcalc add {path} --again --score Anna=10",
    ]
    ok(*shlex.split(out[1])[5:])  # the line works as printed
    assert '"add_again": "remikcalc add ' + str(path) + ' --again --score Anna=10"' in (
        ok("undo", str(path), "--format", "json").output
    )
    # the first deal is not a repeat: no --again
    assert ok("undo", str(path)).output.splitlines()[1] == (
        f"To put it back: remikcalc add {path} --score Anna=10"
    )


# from a tester's report: undo's put-back line has --again when add needs it
def test_undo_of_a_repeated_hand_deal_puts_it_back_with_again(sheet_file: SheetMaker) -> None:
    path = sheet_file("rummy.yaml", "rummy", "Anna,Boris")
    hands = ("--closer", "Anna", "Boris=9C 9D KS")
    ok("add", str(path), *hands)
    ok("add", str(path), "--closer", "anna", "Boris=9c 9d ks", "--again")
    line = ok("undo", str(path)).output.splitlines()[1]
    assert line == f"To put it back: remikcalc add {path} --again --closer Anna Boris='9C 9D KS'"
    ok("add", str(path), "--score", "Anna=3")
    line = ok("undo", str(path)).output.splitlines()[1]
    assert line == f"To put it back: remikcalc add {path} --score Anna=3"


# --- edit keeps what is not given; events addressed as e1 -----------------------------------------


# from issue 18, corrections and input at the table: edit keeps what is not given, events are e1, e2
def test_edit_one_hand_keeps_the_closer_the_outcome_and_the_other_hands(gin_here: Path) -> None:
    ok(
        "add",
        "g.yaml",
        "--closer",
        "Anna",
        "--how",
        "knock",
        GIN_ANNA,
        GIN_BORIS_RUN,
    )
    result = ok("edit", "g.yaml", "1", GIN_BORIS)
    (entry,) = load_sheet("g.yaml").entries
    assert isinstance(entry, DealEntry)
    assert entry.closer == "Anna" and entry.how == "knock"
    assert dict(entry.hands) == {"Anna": GIN_KNOCK_ANNA, "Boris": GIN_DEFENCE_BORIS}
    assert "Deal 1: Anna knocked; Anna wins the deal" in result.output
    assert "Totals: Anna 59, Boris 0" in result.output


# from issue 18, corrections and input at the table: edit keeps what is not given, events are e1, e2
def test_edit_keeps_or_changes_each_part(gin_here: Path) -> None:
    ok("add", "g.yaml", "--closer", "Anna", GIN_ANNA, GIN_BORIS)
    ok("edit", "g.yaml", "1", "--draw")  # the same hands, a draw
    (entry,) = load_sheet("g.yaml").entries
    assert isinstance(entry, DealEntry) and entry.draw and entry.closer is None
    assert dict(entry.hands) == {"Anna": GIN_KNOCK_ANNA, "Boris": GIN_DEFENCE_BORIS}
    ok("edit", "g.yaml", "1", "--closer", "Anna")  # a closer ends the draw
    (entry,) = load_sheet("g.yaml").entries
    assert isinstance(entry, DealEntry) and not entry.draw and entry.closer == "Anna"
    # --whole keeps nothing: a deal with one hand is refused, the sheet unchanged
    before = Path("g.yaml").read_bytes()
    result = run("edit", "g.yaml", "1", "--whole", "--closer", "Anna", GIN_ANNA)
    assert result.exit_code == 1 and Path("g.yaml").read_bytes() == before
    # points replace a deal whole
    ok("edit", "g.yaml", "1", "--score", "Boris=30")
    (entry,) = load_sheet("g.yaml").entries
    assert isinstance(entry, DealEntry) and entry.scores == {"Boris": 30} and not entry.hands


# from issue 18, corrections and input at the table: edit keeps what is not given, events are e1, e2
def test_show_marks_events_and_edit_and_delete_address_them(bridge_here: Path) -> None:
    table = ok("show", "b.yaml").output
    assert "e1   Carl re-enters" in table
    result = ok("edit", "b.yaml", "e1", "--reenter", "Carl")
    assert (
        lines(result.output)[0] == "Event e1: Carl re-enters (pays 3 to the pool, restarts at 60)"
    )
    result = ok("delete", "b.yaml", "e1")
    assert lines(result.output)[0] == "Removed event e1 of b.yaml (Carl re-enters)."
    assert [type(e) for e in load_sheet("b.yaml").entries] == [DealEntry]
    result = run("delete", "b.yaml", "e1")
    assert result.exit_code == 1
    assert "b.yaml has no events (re-entries); there is no event e1" in result.output


# from issue 18, corrections and input at the table: edit keeps what is not given, events are e1, e2
@pytest.mark.parametrize(
    ("lang", "missing"),
    [
        ("en", "Error: b.yaml has events e1 to e1; there is no event e2"),
        ("pl", "Błąd: b.yaml ma zdarzenia od e1 do e1; nie ma zdarzenia e2"),
        ("ru", "Ошибка: в b.yaml события с e1 по e1; события e2 нет"),
    ],
)
def test_an_event_that_is_not_there(bridge_here: Path, lang: str, missing: str) -> None:
    result = run("--lang", lang, "edit", "b.yaml", "e2", "--reenter", "Carl")
    assert result.exit_code == 1 and lines(result.output) == [missing]
    # deal 1 put Carl out: without it his re-entry cannot be
    result = run("--lang", lang, "delete", "b.yaml", "1")
    assert result.exit_code == 1 and "e1" not in result.output


# from issue 18, corrections and input at the table: edit keeps what is not given, events are e1, e2
def test_an_entry_that_is_no_entry(bridge_here: Path) -> None:
    result = run("delete", "b.yaml", "x1")
    assert result.exit_code == 2
    assert lines(result.output)[-1].endswith(
        " 'x1' is not an entry: give a deal's number as show numbers them (3), or an event's "
        "mark (e1)"
    )


# from issue 18, corrections and input at the table: edit keeps what is not given, events are e1, e2
@pytest.mark.parametrize(
    ("lang", "first"),
    [
        ("en", "Removed deal 2 of g.yaml (a deal closed by Anna)."),
        ("pl", "Usunięto rozdanie 2 z g.yaml (rozdanie zamknięte przez gracza Anna)."),
        ("ru", "Из g.yaml удалена сдача 2 (сдача, закрытая игроком Anna)."),
    ],
)
def test_delete_says_what_it_removed(gin_here: Path, lang: str, first: str) -> None:
    ok("add", "g.yaml", "--score", "Anna=5")
    ok("add", "g.yaml", "--closer", "Anna", GIN_ANNA, GIN_BORIS)
    ok("add", "g.yaml", "--score", "Boris=5")
    result = ok("--lang", lang, "delete", "g.yaml", "2")
    assert lines(result.output)[0] == first
    assert [e.scores for e in load_sheet("g.yaml").entries] == [{"Anna": 5}, {"Boris": 5}]  # type: ignore[union-attr]


# from issue 18, corrections and input at the table: edit keeps what is not given, events are e1, e2
def test_delete_help_and_its_examples(tmp_path: Path) -> None:
    text = ok("delete", "--help").output
    assert "delete [OPTIONS] [FILE] N\n" in text
    assert "the event eN" in text and "remikcalc delete bridge.yaml e1" in text


# from issue 18, corrections and input at the table: edit keeps what is not given, events are e1, e2
@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Error: without event e1, deal 2 no longer fits: Carl is out"),
        ("pl", "Błąd: bez zdarzenia e1 rozdanie 2 przestaje pasować: Carl jest poza grą"),
        ("ru", "Ошибка: без события e1 сдача 2 уже не сходится: Carl вне игры"),
    ],
)
def test_an_event_whose_removal_a_later_deal_needs_stays(
    bridge_here: Path, lang: str, said: str
) -> None:
    ok("add", "b.yaml", "--closer", "Anna", "--score", "Anna=0", "--score", "Carl=5")
    before = bridge_here.read_bytes()
    result = run("--lang", lang, "delete", "b.yaml", "e1")
    assert result.exit_code == 1 and lines(result.output)[0].startswith(said)
    assert bridge_here.read_bytes() == before


# --- the questions of an interactive add ----------------------------------------------------------


# from issue 18, corrections and input at the table: the questions of an interactive add
@pytest.mark.usefixtures("terminal")
@pytest.mark.parametrize(
    ("lang", "word", "question", "head"),
    [
        (
            "en",
            "draw",
            "Who closed the deal (knocked, went out)? (Anna, Boris, draw, counts, points): ",
            "Deal 1: draw: nobody scores",
        ),
        (
            "pl",
            "Wyczerpanie stosu",
            "Kto zamknął rozdanie (zapukał, wyłożył się)? (Anna, Boris, wyczerpanie stosu, "
            "na ręce, punkty): ",
            "Rozdanie 1: koniec stosu, nikt nie dostaje punktów",
        ),
        (  # what a Polish table says for it: "remis" (strictly a tie, never said back) or "stos"
            "pl",
            "REMIS",
            "Kto zamknął rozdanie (zapukał, wyłożył się)? (Anna, Boris, wyczerpanie stosu, "
            "na ręce, punkty): ",
            "Rozdanie 1: koniec stosu, nikt nie dostaje punktów",
        ),
        (
            "pl",
            "stos",
            "Kto zamknął rozdanie (zapukał, wyłożył się)? (Anna, Boris, wyczerpanie stosu, "
            "na ręce, punkty): ",
            "Rozdanie 1: koniec stosu, nikt nie dostaje punktów",
        ),
        (
            "ru",
            "ничья",
            "Кто закончил сдачу (постучал, вышел)? (Anna, Boris, ничья, на руке, очки): ",
            "Сдача 1: ничья — очков никто не получает",
        ),
    ],
)
def test_a_draw_can_be_answered(
    gin_here: Path, lang: str, word: str, question: str, head: str
) -> None:
    result = ok("--lang", lang, "add", "g.yaml", input=f"{word}\n")
    assert result.output.startswith(question + word + "\n" + head)
    (entry,) = load_sheet("g.yaml").entries
    assert isinstance(entry, DealEntry) and entry.draw and not entry.hands


# from issue 18, corrections and input at the table: the questions of an interactive add
@pytest.mark.usefixtures("terminal")
def test_a_rummy_draw_asks_each_hand(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    ok("new", "r.yaml", "-v", "rummy", "--players", "Anna,Boris")
    result = ok("add", "r.yaml", input="draw\nKC QD 2H\n5S 5D 9C\n")
    assert "Anna's cards (group melds with |): KC QD 2H\n" in result.output
    assert "Totals: Anna -22, Boris -19" in result.output


# from issue 18, corrections and input at the table: the questions of an interactive add
@pytest.mark.usefixtures("terminal")
def test_a_points_only_deal_can_be_answered(gin_here: Path) -> None:
    result = ok("add", "g.yaml", input="points\n25\n\n")
    assert "Anna's points [0]: 25\nBoris's points [0]: \nDeal 1: points only (Anna +25)" in (
        result.output
    )
    result = ok("--lang", "pl", "add", "g.yaml", input="punkty\n\n7\n")
    assert "Punkty gracza Anna [0]: \nPunkty gracza Boris [0]: 7\n" in result.output
    assert [e.scores for e in load_sheet("g.yaml").entries] == [{"Anna": 25}, {"Boris": 7}]  # type: ignore[union-attr]


# from issue 18, corrections and input at the table: the questions of an interactive add
@pytest.mark.usefixtures("terminal")
@pytest.mark.parametrize(
    ("lang", "error"),
    [
        ("en", "Error: 'ANA' is none of these; did you mean Anna?"),
        ("pl", "Błąd: 'ANA' nie jest żadną z tych odpowiedzi; czy chodziło o Anna?"),
        ("ru", "Ошибка: 'ANA' — ни один из вариантов; может быть, Anna?"),
    ],
)
def test_a_mistyped_name_gets_a_did_you_mean_in_its_case(
    gin_here: Path, lang: str, error: str
) -> None:
    result = ok(
        "--lang", lang, "add", "g.yaml", input=f"ANA\nanna\n{GIN_KNOCK_ANNA}\n{GIN_DEFENCE_BORIS}\n"
    )
    assert error in lines(result.output)
    (entry,) = load_sheet("g.yaml").entries
    assert isinstance(entry, DealEntry) and entry.closer == "Anna"


# from issue 18, corrections and input at the table: the questions of an interactive add
@pytest.mark.usefixtures("terminal")
@pytest.mark.parametrize(
    ("lang", "error", "question"),
    [
        (
            "en",
            "Error: 2C is typed for Anna and Boris, but the pack has only 1 of it",
            "Which of them was wrong? (Anna, Boris) [Boris]: ",
        ),
        (
            "pl",
            "Błąd: 2♣ wpisano graczom Anna i Boris, a w taliach jest tylko 1 taka karta",
            "Które z nich jest złe? (Anna, Boris) [Boris]: ",
        ),
        (
            "ru",
            "Ошибка: 2т указана у игроков Anna и Boris, а в колоде такая карта только 1",
            "Что из этого введено неверно? (Anna, Boris) [Boris]: ",
        ),
    ],
)
def test_a_card_in_two_hands_names_both_and_asks_about_one(
    gin_here: Path, lang: str, error: str, question: str
) -> None:
    wrong = "2C 2S 3H 4D 5D 8C 8D JC QC TD"
    answers = f"Anna\n{GIN_KNOCK_ANNA}\n{wrong}\n\n{GIN_DEFENCE_BORIS}\n"
    result = ok("--lang", lang, "add", "g.yaml", input=answers)
    assert error in lines(result.output)
    assert question in result.output
    (entry,) = load_sheet("g.yaml").entries
    assert isinstance(entry, DealEntry) and entry.hands["Boris"] == GIN_DEFENCE_BORIS


# from issue 18, corrections and input at the table: the questions of an interactive add
@pytest.mark.usefixtures("terminal")
@pytest.mark.parametrize(
    ("lang", "no", "yes", "shown", "nothing"),
    [
        ("en", "n", "yes", "Add it again? [y/N]: ", "Nothing added; g.yaml is unchanged."),
        ("pl", "nie", "t", "Dodać je jeszcze raz? [t/N]: ", "Nic nie dodano; g.yaml bez zmian."),
        (
            "ru",
            "н",
            "да",
            "Добавить её ещё раз? [д/Н]: ",
            "Ничего не добавлено; g.yaml не изменён.",
        ),
    ],
)
def test_yes_and_no_follow_the_language_and_no_is_a_choice(
    gin_here: Path, lang: str, no: str, yes: str, shown: str, nothing: str
) -> None:
    ok("add", "g.yaml", "--score", "Anna=5")
    before = gin_here.read_bytes()
    result = run("--lang", lang, "add", "g.yaml", "--score", "Anna=5", input=f"{no}\n")
    assert result.exit_code == 0 and gin_here.read_bytes() == before
    assert shown in result.output and lines(result.output)[-1] == nothing
    ok("--lang", lang, "add", "g.yaml", "--score", "Anna=5", input=f"{yes}\n")
    assert len(load_sheet("g.yaml").entries) == 2


# from issue 18, corrections and input at the table: the questions of an interactive add
@pytest.mark.usefixtures("terminal")
def test_the_oklahoma_upcard_is_asked_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    ok("new", "o.yaml", "-v", "oklahoma", "--players", "Anna,Boris")
    result = ok("add", "o.yaml", input=f"KH\nAnna\n{GIN_KNOCK_ANNA}\n{GIN_DEFENCE_BORIS}\n")
    assert result.output.startswith("The deal's up-card: KH\nWho closed the deal")


# from issue 18, corrections and input at the table: the questions of an interactive add
@pytest.mark.usefixtures("terminal")
@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "interrupted; g.yaml is unchanged"),
        ("pl", "przerwano; g.yaml bez zmian"),
        ("ru", "прервано; g.yaml не изменён"),
    ],
)
def test_ctrl_c_while_asking_says_the_sheet_is_unchanged(
    gin_here: Path, monkeypatch: pytest.MonkeyPatch, lang: str, said: str
) -> None:
    def interrupted(*args: object, **kwargs: object) -> str:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            raise click.Abort() from None  # as click's prompt does

    before = gin_here.read_bytes()
    monkeypatch.setattr(click, "prompt", interrupted)
    result = run("--lang", lang, "add", "g.yaml")
    assert result.exit_code == 130 and lines(result.output)[-1] == said
    assert gin_here.read_bytes() == before
