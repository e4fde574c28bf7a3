"""The examples in `--help` run as printed (for the commands that need no sheet file)."""

from __future__ import annotations

import pathlib
import shlex
import shutil
from importlib import resources

import pytest

from tests.clirun import run


def examples(command: str) -> list[list[str]]:
    """The example command lines of a command's help, continuations joined, comments cut."""
    text = run(command, "--help").output
    block = text[text.index("Example") :].split("\n\n")[0]
    lines: list[str] = []
    pending = ""
    for raw in block.splitlines()[1:]:
        line = raw.strip()
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        lines.append(pending + line)
        pending = ""
    found = []
    for line in lines:
        argv = shlex.split(line, comments=True)
        if argv and argv[0] == "remikcalc" and "<" not in line:
            found.append(argv[1:])
    return found


@pytest.mark.parametrize(
    "command", ["variants", "rules", "hand", "round", "opening", "check", "examples"]
)
def test_help_examples_run(
    command: str, monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    # run where a repository's examples/ would be: a copy of the installed examples
    monkeypatch.chdir(tmp_path)
    shutil.copytree(str(resources.files("remikcalc") / "examples"), tmp_path / "examples")
    found = examples(command)
    assert found, f"{command} --help shows no runnable example"
    for argv in found:
        result = run(*argv)
        assert result.exit_code == 0, (argv, result.output)
