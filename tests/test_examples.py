"""The worked examples (remikcalc/examples/): every one settles to its hand-worked `expect`.

The expectations were worked out by hand from docs/RULES.md (the arithmetic is in each file's
`_work` note), never copied from remikcalc's output; a failure here means either the program
or the hand work is wrong, and the file's `_work` says which numbers to recheck.
"""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from remikcalc.commands.check import check_file, example_files, mismatch_text
from remikcalc.rules.variants import VARIANTS
from remikcalc.sheet import Sheet, load_sheet
from remikcalc.sheet.evening import is_evening
from tests.clirun import run

# the worked examples as installed with the package (repository: remikcalc/examples)
EXAMPLES = Path(str(resources.files("remikcalc") / "examples"))
FILES = example_files([str(EXAMPLES)])
# evening files name several sheets (tests/test_evening.py checks they are documented)
SHEETS = [path for path in FILES if not is_evening(path)]
GIN_PRESETS = ("ru", "pagat", "modern", "bicycle")


def ids(path: Path) -> str:
    return str(path.relative_to(EXAMPLES))


def sheets() -> dict[Path, Sheet]:
    return {path: load_sheet(path) for path in SHEETS}


def kind(sheet: Sheet) -> str:
    """The variant, split by the preset or payment scheme the issue asks to cover."""
    if sheet.variant in ("gin",):
        return f"gin/{sheet.preset or 'ru'}"
    if sheet.variant == "continental":
        chips = sheet.preset == "bicycle" or sheet.rules.get("payment") == "chips"
        return "continental/chips" if chips else "continental/per_card"
    return sheet.variant


def test_there_are_at_least_thirty_examples() -> None:
    assert len(FILES) >= 30


def test_every_variant_has_three_examples() -> None:
    counts = Counter(kind(s) for s in sheets().values())
    wanted = [v.name for v in VARIANTS if v.name not in ("gin", "continental")]
    wanted += [f"gin/{p}" for p in GIN_PRESETS]
    wanted += ["continental/per_card", "continental/chips"]
    short = {k: counts[k] for k in wanted if counts[k] < 3}
    assert not short, f"fewer than 3 examples: {short}"


@pytest.mark.parametrize("path", SHEETS, ids=ids)
def test_example_is_documented(path: Path) -> None:
    sheet = load_sheet(path)
    assert sheet.title, "an example needs a title"
    assert sheet.source and len(sheet.source) > 10, "source must say where the example comes from"
    assert isinstance(sheet.expect, dict) and sheet.expect, "an example needs an expect mapping"
    assert "_work" in sheet.notes, "the hand arithmetic belongs in a top-level _work note"


@pytest.mark.parametrize("path", FILES, ids=ids)
def test_example_settles_to_its_expectation(path: Path) -> None:
    report = check_file(path)
    assert report.error is None, report.error
    assert report.ok, "\n".join(mismatch_text(m) for m in report.mismatches)


def test_check_command_passes_on_the_examples_folder() -> None:
    result = run("check", str(EXAMPLES), "--format", "json")
    out = json.loads(result.output)
    failed = [f for f in out["files"] if not f["ok"]]
    assert result.exit_code == 0 and not failed, json.dumps(failed, indent=1, ensure_ascii=False)
    assert out["passed"] == len(FILES)


def test_the_readme_indexes_every_example() -> None:
    readme = (EXAMPLES / "README.md").read_text(encoding="utf-8")
    missing = [ids(p) for p in FILES if ids(p) not in readme]
    assert not missing, f"remikcalc/examples/README.md does not list {missing}"


def test_corrected_publication_keeps_its_note() -> None:
    # a published example known to be wrong stays, with the right result and a _note saying so
    sheet = load_sheet(EXAMPLES / "gin" / "ru-undercut-tie-draw.yaml")
    assert "undercut" in str(sheet.notes.get("_note", ""))
