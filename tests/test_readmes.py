"""README.pl.md and README.ru.md: linked from README.md, and their sessions run as printed.

Every `remikcalc` command in their code blocks is run in order in an empty folder (with a copy
of the bundled examples as `examples/`), and every output line they show must be in what
the command prints. The READMEs live in the repository, not in the installed package: from
an installed wheel these tests skip.
"""

from __future__ import annotations

import re
import shlex
import shutil
from importlib import resources
from pathlib import Path

import pytest

import remikcalc
from tests.clirun import run

ROOT = Path(remikcalc.__file__).resolve().parent.parent
TRANSLATED = ("README.pl.md", "README.ru.md")

pytestmark = pytest.mark.skipif(
    not (ROOT / "README.pl.md").is_file(),
    reason="the READMEs are in the repository, not in an installed package",
)


def sessions(text: str) -> list[tuple[list[str], list[str]]]:
    """(argv, output lines shown) for each remikcalc command of the code blocks: in ``sh``
    blocks every line is a command line, in ``console`` blocks the ones after ``$ ``."""
    found: list[tuple[list[str], list[str]]] = []
    for kind, block in re.findall(r"```(sh|console)\n(.*?)```", text, flags=re.DOTALL):
        for line in block.splitlines():
            if kind == "console" and not line.startswith("$ "):
                if found and line.strip() and line.strip() != "...":
                    found[-1][1].append(line)
                continue
            command = line.removeprefix("$ ")
            for part in command.split("&&"):
                argv = shlex.split(part, comments=True)
                if argv and argv[0] == "remikcalc":
                    found.append((argv[1:], []))
    return found


def test_readme_links_both_translations() -> None:
    top = (ROOT / "README.md").read_text(encoding="utf-8").split("## ")[0]
    assert "README.pl.md" in top and "README.ru.md" in top


@pytest.mark.parametrize("name", TRANSLATED)
def test_the_translated_session_runs_as_printed(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copytree(str(resources.files("remikcalc") / "examples"), tmp_path / "examples")
    runs = sessions((ROOT / name).read_text(encoding="utf-8"))
    assert len(runs) >= 6, runs
    for argv, shown in runs:
        result = run(*argv)
        assert result.exit_code == 0, (argv, result.output)
        for line in shown:
            assert line.rstrip() in result.output, (argv, line, result.output)


@pytest.mark.parametrize("name", TRANSLATED)
def test_the_translation_names_the_language_switch(name: str) -> None:
    text = (ROOT / name).read_text(encoding="utf-8")
    lang = name.split(".")[1]
    assert f"--lang {lang}" in text and f"REMIKCALC_LANG={lang}" in text


def _who_can_reach_it(name: str) -> str:
    text = (ROOT / name).read_text(encoding="utf-8")
    start = text.index(
        {
            "README.md": "**Who can reach it.**",
            "README.pl.md": "**Kto ma dostęp.**",
            "README.ru.md": "**Кто может войти.**",
        }[name]
    )
    return text[start : text.index("\n\n", start)]


@pytest.mark.parametrize("name", ["README.md", *TRANSLATED])
def test_who_can_reach_it_says_the_cookie_goes_to_every_port(name: str) -> None:
    # browsers keep cookies by the address, not by its port (issue 26, item 8)
    paragraph = _who_can_reach_it(name)
    assert re.search(r"\bport|\bport[ayó]|\bпорт", paragraph), paragraph
