"""`remikcalc examples`: the worked examples ship inside the package, are listed (file names
whole, sources shortened), and copy out.

Everything here goes through the installed package (importlib.resources and the CLI), never
through the repository's folders, so it passes from an installed wheel as well.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from tests.clirun import ok, run

BUNDLED = Path(str(resources.files("remikcalc") / "examples"))


def yaml_files(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.yaml"))


def test_the_examples_are_package_data() -> None:
    assert (BUNDLED / "README.md").is_file()
    assert "gin/ru-seed-236.yaml" in yaml_files(BUNDLED)


def test_the_list_names_every_example_with_its_variant_and_source() -> None:
    result = run("examples", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["schema"] == "remikcalc.examples/1"
    by_name = {e["name"]: e for e in out["examples"]}
    assert sorted(by_name) == yaml_files(BUNDLED)
    seed = by_name["gin/ru-seed-236.yaml"]
    assert seed["variant"] == "gin" and seed["source"] and seed["title"]
    assert all(e["variant"] and e["source"] for e in out["examples"])


def test_the_table_fits_the_terminal() -> None:
    result = run("examples", columns=100)
    assert result.exit_code == 0, result.output
    assert "gin/ru-seed-236.yaml" in result.output
    assert "remikcalc check" in result.output
    rows = [line for line in result.output.splitlines() if line.startswith("gin/")]
    assert rows and max(len(line) for line in rows) <= 100


def test_copied_examples_check_clean(tmp_path: Path) -> None:
    target = tmp_path / "new" / "folder"  # created, parents too
    result = run("examples", str(target))
    assert result.exit_code == 0, result.output
    assert yaml_files(target) == yaml_files(BUNDLED)
    assert (target / "README.md").is_file()
    assert f"remikcalc check {target}" in result.output
    checked = run("check", str(target), "--json")
    assert checked.exit_code == 0, checked.output
    assert json.loads(checked.output)["failed"] == 0


def test_copying_never_overwrites_without_force(tmp_path: Path) -> None:
    mine = tmp_path / "gin" / "ru-seed-236.yaml"
    mine.parent.mkdir()
    mine.write_text("my own notes\n", encoding="utf-8")
    result = run("examples", str(tmp_path))
    assert result.exit_code == 1
    assert "gin/ru-seed-236.yaml" in result.output and "--force" in result.output
    assert "Traceback" not in result.output
    assert mine.read_text(encoding="utf-8") == "my own notes\n"
    assert yaml_files(tmp_path) == ["gin/ru-seed-236.yaml"]  # nothing else was written either
    forced = run("examples", str(tmp_path), "--force")
    assert forced.exit_code == 0, forced.output
    assert mine.read_bytes() == (BUNDLED / "gin" / "ru-seed-236.yaml").read_bytes()


def test_a_file_in_the_way_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file.txt"
    blocker.write_text("x", encoding="utf-8")
    result = run("examples", str(blocker))
    assert result.exit_code == 2
    assert "file.txt" in result.output and "Traceback" not in result.output
    assert blocker.read_text(encoding="utf-8") == "x"


def test_copy_reports_json(tmp_path: Path) -> None:
    result = run("examples", str(tmp_path), "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["folder"] == str(tmp_path)
    assert "README.md" in out["files"] and "gin/ru-seed-236.yaml" in out["files"]


# --- file names whole, sources shortened ----------------------------------------------------------


# from issue 18, item 16 (output)
@pytest.mark.parametrize("columns", [40, 80, 120])
def test_check_and_examples_never_break_a_file_name(columns: int) -> None:
    name = "continental/per-card-five-four-three-three.yaml"
    for args in (["check"], ["examples"]):
        text = ok(*args, columns=columns).stdout
        assert any(line.split() and line.split()[0] == name for line in text.splitlines())
        assert "elimination-reentry-\n" not in text


# from issue 18, item 16 (output)
def test_examples_show_the_part_of_the_source_that_differs() -> None:
    text = ok("examples", columns=120).stdout
    assert "Derived by hand" not in text
    assert "…(pair rule, ace 11, winner's plus an input" in text
    assert "seed 001 (Russian boat rummy rules)" in text
