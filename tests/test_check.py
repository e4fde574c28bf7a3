"""`remikcalc check`: the comparison rules of docs/INTERFACE.md (check) and the command around them,
its words about an example's own faults in the user's language, and a tree of folders deeper
than Python's recursion.

The comparison tests work on plain dicts; the command tests settle a real example file
(remikcalc/examples/gin/ru-seed-236.yaml) through the CLI.
"""

from __future__ import annotations

import json
import os
import shutil
from decimal import Decimal
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from remikcalc.session.check import (
    CHECK_SCHEMA,
    MISSING,
    FileReport,
    Mismatch,
    as_number,
    check_example,
    compare,
    report_json,
)
from tests.clirun import fails, run
from tests.sheets import GIN_TYPED

# the worked examples as installed with the package (repository: remikcalc/examples)
EXAMPLES = Path(str(resources.files("remikcalc") / "examples"))
SEED_GIN = EXAMPLES / "gin" / "ru-seed-236.yaml"

SETTLED: dict[str, Any] = {
    "schema": "remikcalc.settle/1",
    "variant": "gin",
    "players": ["Anna", "Boris"],
    "deals": [
        {
            "n": 1,
            "closer": "Anna",
            "outcome": "knock",
            "winner": "Anna",
            "points": {"Anna": 5, "Boris": 17},
            "scores": {"Anna": 12, "Boris": 0},
            "payments": [],
        }
    ],
    "totals": {"Anna": 101, "Boris": 40},
    "finished": True,
    "winner": "Anna",
    "net": {"Anna": "236", "Boris": "-236"},
    "pool": "0",
}


def paths(mismatches: list[Mismatch]) -> list[str]:
    return [m.path for m in mismatches]


# --- numbers by value --------------------------------------------------------------------


@pytest.mark.parametrize("expected", [236, "236", "236.00", "+236", Decimal("236.0"), 236.0])
def test_numbers_compare_by_value(expected: Any) -> None:
    assert compare({"net": {"Anna": expected}}, SETTLED) == []


@pytest.mark.parametrize("expected", [235, "235.99", "-236", 2360])
def test_a_different_number_is_a_mismatch(expected: Any) -> None:
    [m] = compare({"net": {"Anna": expected}}, SETTLED)
    assert (m.path, m.expected, m.got) == ("net.Anna", expected, "236")


def test_a_yaml_float_means_its_decimal_spelling() -> None:
    # 0.1 + 0.2 style float noise must not leak in: 0.1 is one tenth
    assert compare({"x": 0.1}, {"x": "0.10"}) == []
    assert as_number(0.1) == Decimal("0.1")


def test_booleans_are_not_numbers() -> None:
    assert paths(compare({"finished": 1}, SETTLED)) == ["finished"]
    assert paths(compare({"finished": "true"}, SETTLED)) == ["finished"]
    assert compare({"finished": True}, SETTLED) == []
    assert as_number(True) is None


def test_strings_compare_exactly() -> None:
    assert compare({"winner": "Anna"}, SETTLED) == []
    assert paths(compare({"winner": "anna"}, SETTLED)) == ["winner"]
    assert paths(compare({"variant": "gin "}, SETTLED)) == ["variant"]


def test_null_matches_only_null() -> None:
    assert compare({"w": None}, {"w": None}) == []
    assert paths(compare({"w": None}, {"w": 0})) == ["w"]
    assert paths(compare({"w": 0}, {"w": None})) == ["w"]
    assert paths(compare({"w": ""}, {"w": None})) == ["w"]


def test_a_number_against_a_word_is_a_mismatch() -> None:
    assert paths(compare({"winner": 0}, SETTLED)) == ["winner"]
    assert paths(compare({"pool": "zero"}, SETTLED)) == ["pool"]


# --- mappings and lists ------------------------------------------------------------------


def test_keys_left_out_of_expect_are_not_checked() -> None:
    assert compare({"totals": {"Anna": 101}}, SETTLED) == []
    assert compare({"deals": [{"outcome": "knock"}]}, SETTLED) == []


def test_mismatch_path_names_the_nested_key() -> None:
    expect = {"deals": [{"scores": {"Anna": 8}}]}
    [m] = compare(expect, SETTLED)
    assert m == Mismatch("deals.0.scores.Anna", 8, 12)


def test_every_differing_path_is_reported_in_expect_order() -> None:
    expect = {
        "totals": {"Anna": 100, "Boris": 40},
        "winner": "Boris",
        "deals": [{"points": {"Anna": 5, "Boris": 16}}],
    }
    assert paths(compare(expect, SETTLED)) == ["totals.Anna", "winner", "deals.0.points.Boris"]


def test_a_key_missing_from_the_result_is_a_mismatch() -> None:
    [m] = compare({"columns": [{"net": {"Anna": 1}}]}, SETTLED)
    assert m.path == "columns" and m.got is MISSING
    assert m.as_json() == {
        "path": "columns",
        "expected": [{"net": {"Anna": 1}}],
        "got": None,
        "missing": True,
    }


def test_lists_must_have_the_same_length() -> None:
    expect = {"deals": [{"outcome": "knock"}, {"outcome": "gin"}]}
    mismatches = compare(expect, SETTLED)
    assert paths(mismatches) == ["deals.length"]
    assert (mismatches[0].expected, mismatches[0].got) == (2, 1)
    assert paths(compare({"players": ["Anna"]}, SETTLED)) == ["players.length"]


def test_lists_compare_element_by_element_in_order() -> None:
    assert compare({"players": ["Anna", "Boris"]}, SETTLED) == []
    assert paths(compare({"players": ["Boris", "Anna"]}, SETTLED)) == ["players.0", "players.1"]


def test_an_empty_expected_list_requires_an_empty_result() -> None:
    assert compare({"deals": [{"payments": []}]}, SETTLED) == []
    got = {"payments": [{"from": "Boris", "to": "Anna", "amount": "1"}]}
    assert paths(compare({"payments": []}, got)) == ["payments.length"]


def test_shape_mismatches() -> None:
    assert paths(compare({"totals": [101, 40]}, SETTLED)) == ["totals"]
    assert paths(compare({"players": {"Anna": 1}}, SETTLED)) == ["players"]
    assert paths(compare({"net": {"Anna": {"x": 1}}}, SETTLED)) == ["net.Anna"]


def test_integer_keys_from_yaml_find_text_keys() -> None:
    # YAML reads a player called 1 as the integer key 1; JSON keys are text
    assert compare({"totals": {1: 5}}, {"totals": {"1": 5}}) == []


# --- one example, many examples ----------------------------------------------------------


def test_check_example_without_expect_is_an_error() -> None:
    called: list[int] = []

    def settle() -> dict[str, Any]:
        called.append(1)
        return {}

    report = check_example("x.yaml", {"variant": "gin"}, settle)
    assert not report.ok and report.error is not None and "expect" in report.error
    assert called == []


def test_check_example_turns_a_library_error_into_the_file_error() -> None:
    def settle() -> dict[str, Any]:
        raise ValueError("deal 3: Boris holds 11 cards; gin hands have 10")

    report = check_example("x.yaml", {"expect": {"winner": "Anna"}}, settle)
    assert report.error == "deal 3: Boris holds 11 cards; gin hands have 10"
    assert report.as_json() == {
        "path": "x.yaml",
        "ok": False,
        "error": "deal 3: Boris holds 11 cards; gin hands have 10",
        "mismatches": [],
    }


def test_report_json_counts_passed_and_failed() -> None:
    reports = [
        FileReport("a.yaml"),
        FileReport("b.yaml", mismatches=(Mismatch("deals.0.scores.Anna", 8, 12),)),
        FileReport("c.yaml", error="bad sheet"),
    ]
    out = report_json(reports)
    assert out["schema"] == CHECK_SCHEMA == "remikcalc.check/1"
    assert (out["passed"], out["failed"]) == (1, 2)
    assert out["files"][1] == {
        "path": "b.yaml",
        "ok": False,
        "mismatches": [{"path": "deals.0.scores.Anna", "expected": 8, "got": 12}],
    }
    assert out["files"][0] == {"path": "a.yaml", "ok": True, "mismatches": []}


# --- the command --------------------------------------------------------------------------


def test_missing_path_is_a_usage_error(tmp_path: Path) -> None:
    result = run("check", str(tmp_path / "nowhere.yaml"))
    assert result.exit_code == 2
    assert "nowhere.yaml" in result.output


def test_no_path_checks_the_bundled_examples_by_their_names() -> None:
    # docs/INTERFACE.md: `remikcalc check` with no path checks the examples installed with the
    # package
    result = run("check", "--format", "json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    names = [f["path"] for f in out["files"]]
    assert "gin/ru-seed-236.yaml" in names  # named inside the bundle, not by install path
    assert out["failed"] == 0 and out["passed"] == len(names) == len(list(EXAMPLES.rglob("*.yaml")))


def test_a_folder_without_examples_fails(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not an example\n", encoding="utf-8")
    result = run("check", str(tmp_path))
    assert result.exit_code == 1
    assert "no example files" in result.output


def test_the_seed_example_passes() -> None:
    result = run("check", str(SEED_GIN))
    assert result.exit_code == 0, result.output
    assert "ok" in result.output
    assert "1 passed, 0 failed" in result.output


def wrong_copy(tmp_path: Path) -> Path:
    """The seed gin example with Anna's total in expect changed from 101 to 111."""
    text = SEED_GIN.read_text(encoding="utf-8")
    assert "\n    Anna: 101\n" in text, "the seed example's totals block changed"
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(text.replace("\n    Anna: 101\n", "\n    Anna: 111\n", 1), encoding="utf-8")
    return wrong


def test_a_wrong_expectation_fails_and_names_the_path(tmp_path: Path) -> None:
    wrong = wrong_copy(tmp_path)
    result = run("check", str(wrong))
    assert result.exit_code == 1
    assert "MISMATCH" in result.output
    assert "totals.Anna: expected 111, got 101" in result.output


def test_json_output_shape(tmp_path: Path) -> None:
    wrong = wrong_copy(tmp_path)
    shutil.copy(SEED_GIN, tmp_path / "right.yaml")
    result = run("check", str(tmp_path), "--format", "json")
    assert result.exit_code == 1
    out = json.loads(result.output)
    assert out["schema"] == "remikcalc.check/1"
    assert (out["passed"], out["failed"]) == (1, 1)
    by_name = {Path(f["path"]).name: f for f in out["files"]}
    assert [Path(f["path"]).name for f in out["files"]] == ["right.yaml", "wrong.yaml"]
    assert by_name["right.yaml"] == {
        "path": str(tmp_path / "right.yaml"),
        "ok": True,
        "mismatches": [],
    }
    bad = by_name["wrong.yaml"]
    assert bad["ok"] is False and "error" not in bad
    assert bad["path"] == str(wrong)
    assert {"path": "totals.Anna", "expected": 111, "got": 101} in bad["mismatches"]


def test_json_alias(tmp_path: Path) -> None:
    result = run("check", str(SEED_GIN), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["passed"] == 1


def test_a_file_without_expect_is_an_error(tmp_path: Path) -> None:
    text = SEED_GIN.read_text(encoding="utf-8")
    bare = tmp_path / "bare.yaml"
    bare.write_text(text[: text.index("\nexpect:")] + "\n", encoding="utf-8")
    result = run("check", str(bare), "--json")
    assert result.exit_code == 1
    [entry] = json.loads(result.output)["files"]
    assert entry["ok"] is False and "expect" in entry["error"]


def test_a_file_that_cannot_be_settled_is_reported_not_raised(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text(
        "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\n"
        "deals:\n  - closer: Anna\n    hands: {Anna: 'ZZ 9C', Boris: '2C'}\n"
        "source: test\nexpect: {winner: Anna}\n",
        encoding="utf-8",
    )
    result = run("check", str(broken), "--format", "json")
    assert result.exit_code == 1
    [entry] = json.loads(result.output)["files"]
    assert entry["ok"] is False and entry["error"]
    assert "Traceback" not in result.output


def test_a_huge_value_is_cut_in_the_table_for_people_and_whole_elsewhere(tmp_path: Path) -> None:
    # a 600,000-character expected winner was 12,000 lines of the table, drawn in 6 s
    example = resources.files("remikcalc") / "examples" / "gin" / "bicycle-no-shutout-bonus.yaml"
    huge = "Anna" * 150_000
    text = example.read_text(encoding="utf-8").replace(
        "  winner: Anna\n  net:", f'  winner: "{huge}"\n  net:'
    )
    assert huge in text
    path = tmp_path / "huge.yaml"
    path.write_text(text, encoding="utf-8")
    table = run("check", str(path))
    assert table.exit_code == 1
    assert len(table.output) < 2_000
    squeezed = "".join(table.output.split())  # the cell is wrapped: its lines joined again
    assert f"expected{huge[:300]}…(600000charactersinall),gotAnna" in squeezed
    polish = "".join(run("check", str(path), lang="pl").output.split())
    assert f"{huge[:300]}…(łącznie600000znaków),wyszłoAnna" in polish  # 600 000, grouped
    plain = run("check", "--format", "plain", str(path))
    assert huge in plain.output
    report = json.loads(run("check", "--json", str(path)).output)
    assert huge in json.dumps(report)


# --- a folder tree deeper than Python's recursion -------------------------------------------------


# from the hostile round of issue 20: one line, never a traceback
def test_check_walks_a_tree_1100_folders_deep(tmp_path: Path) -> None:
    here = os.getcwd()
    try:  # os.makedirs recurses too: one level at a time
        os.chdir(tmp_path)
        for _ in range(1100):
            os.mkdir("d")
            os.chdir("d")
        Path("deep.yaml").write_text(GIN_TYPED, encoding="utf-8")
    finally:
        os.chdir(here)
    try:
        result = run("check", str(tmp_path), "--format", "plain")
    finally:  # shutil.rmtree recurses too: pytest could not clean the tree up
        (tmp_path.joinpath(*["d"] * 1100) / "deep.yaml").unlink()
        for depth in range(1100, 0, -1):
            tmp_path.joinpath(*["d"] * depth).rmdir()
    assert result.exit_code == 1  # an example without expect: a failed check, not a crash
    assert "deep.yaml" in result.output and "RecursionError" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


# --- an example's own faults in the language ------------------------------------------------------


GIN_NO_EXPECT = "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\ndeals:\n"


# from a tester's report: check speaks the language about an example's faults
@pytest.mark.parametrize(
    ("lang", "extra", "message"),
    [
        ("en", "", "no expect: an example needs an expect mapping"),
        ("pl", "", "brak expect: przykład potrzebuje mapy expect"),
        ("ru", "", "нет expect: примеру нужна таблица expect"),
        ("pl", "expect: []\n", "expect musi być niepustą mapą wyników settle"),
        ("ru", "expect: []\n", "expect должен быть непустой таблицей результатов settle"),
    ],
)
def test_check_error_in_the_language(tmp_path: Path, lang: str, extra: str, message: str) -> None:
    sheet = tmp_path / "game.yaml"
    sheet.write_text(GIN_NO_EXPECT + extra, "utf-8")
    out = fails("--lang", lang, "check", str(sheet), code=1, columns=200).output
    row = out.splitlines()[2]
    assert row.split(None, 2)[2].rstrip() == message


# from a tester's report: check speaks the language about an example's faults
@pytest.mark.parametrize("fmt", ["plain", "json"])
def test_check_error_stays_english_for_scripts(tmp_path: Path, fmt: str) -> None:
    sheet = tmp_path / "game.yaml"
    sheet.write_text(GIN_NO_EXPECT, "utf-8")
    outs = {
        run("--lang", lang, "check", str(sheet), "--format", fmt).output
        for lang in ("en", "pl", "ru")
    }
    assert len(outs) == 1
    assert "no expect: an example needs an expect mapping" in outs.pop()
