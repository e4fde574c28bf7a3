"""Shell completion through click's protocol, as bash runs it: the installed `remikcalc` with
`_REMIKCALC_COMPLETE=bash_complete` and the words in COMP_WORDS/COMP_CWORD. Bash splits a word
at `=`, so `--rule ace_runs=lo` arrives as `ace_runs`, `=`, `lo` (the tests type it that way).
Plus the did-you-mean of a mistyped command.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from click.shell_completion import CompletionItem, FishComplete

from remikcalc.cli import cli
from tests.clirun import SCRIPT, fails, ok, process
from tests.sheets import SheetMaker


def complete(words: list[str], shell: str = "bash", cwd: Path | None = None) -> list[str]:
    """The candidates for the last word of ``words`` (an empty last word: a new word)."""
    env = dict(os.environ)
    env.update(
        _REMIKCALC_COMPLETE=f"{shell}_complete",
        COMP_WORDS="\n".join(["remikcalc", *words]),  # bash joins the words with IFS=\n
        COMP_CWORD=str(len(words)),
    )
    done = process(env=env, cwd=cwd, script=True)
    assert done.returncode == 0, done.stderr
    assert done.stderr == "", done.stderr  # never an error or a traceback
    if shell == "zsh":
        lines = done.stdout.splitlines()
        return [f"{lines[i]},{lines[i + 1]}" for i in range(0, len(lines) - 1, 3)]
    return [line for line in done.stdout.splitlines() if line]


def values(candidates: list[str]) -> list[str]:
    return [c.partition(",")[2] for c in candidates]


@pytest.fixture
def sheet(sheet_file: SheetMaker) -> Path:
    return sheet_file("game.yaml")


@pytest.fixture(autouse=True)
def installed() -> None:
    if not SCRIPT.exists():
        pytest.fail("install the package first: pip install '.[test]'")


@pytest.mark.slow
def test_commands() -> None:
    assert values(complete(["ha"])) == ["hand"]
    assert {"add", "settle", "examples", "check"} <= set(values(complete([""])))


@pytest.mark.slow
def test_options() -> None:
    assert "--closer" in values(complete(["add", "--clo"]))
    assert "--preset" in values(complete(["rules", "gin", "--pr"]))


@pytest.mark.slow
def test_variant_names_and_aliases() -> None:
    found = values(complete(["rules", ""]))
    assert {"gin", "bridge", "remibrydz", "джин", "remibrydż"} <= set(found)
    assert (
        values(complete(["hand", "-v", "rem"])) == [v for v in found if v.startswith("rem")]
        and "remibrydz" in found
    )
    assert values(complete(["new", "g.yaml", "--variant", "оклах"])) == ["оклахома"]


@pytest.mark.slow
def test_presets_of_the_variant_on_the_line_or_all() -> None:
    assert values(complete(["rules", "remibrydz", "--preset", ""])) == [
        "small",
        "no_minimum",
        "no_jokers",
        "around",
    ]
    assert values(complete(["rules", "bridge", "--preset", ""])) == []
    every = set(values(complete(["rules", "--preset", ""])))
    assert {"ru", "pagat", "seed", "small"} <= every


@pytest.mark.slow
def test_rule_keys_then_their_fixed_values() -> None:
    keys = complete(["rules", "gin", "--rule", "ace_"])
    assert "nospace,ace_runs=" in keys  # no space after KEY=: the value follows
    # bash gives `ace_runs=` as two words, the cursor on the `=`, and replaces only what
    # follows the `=`
    assert values(complete(["rules", "gin", "--rule", "ace_runs", "="])) == [
        "low",
        "high",
        "low_or_high",
        "around",
    ]
    assert values(complete(["rules", "gin", "--rule", "ace_runs", "=", "lo"])) == [
        "low",
        "low_or_high",
    ]
    assert values(complete(["new", "g.yaml", "--rule", "undercut_on_tie", "="])) == [
        "true",
        "false",
    ]
    assert values(complete(["rules", "gin", "--rule", "gin_bonus", "="])) == []


@pytest.mark.slow
def test_outcomes() -> None:
    assert values(complete(["round", "gin", "--how", "u"])) == ["undercut"]


@pytest.mark.slow
def test_players_from_the_sheet(sheet: Path) -> None:
    file = str(sheet)
    assert values(complete(["add", file, "--closer", ""])) == ["Anna", "Boris"]
    assert values(complete(["add", file, "--reenter", "b"])) == ["Boris"]
    assert complete(["add", file, "--score", ""]) == ["nospace,Anna=", "nospace,Boris="]
    assert complete(["add", file, "--closer", "Anna", "B"]) == ["nospace,Boris="]
    assert values(complete(["add", file, "--melded", "A"])) == ["Anna="]
    assert values(complete(["edit", file, "1", "--closer", ""])) == ["Anna", "Boris"]
    assert values(complete(["rename", file, ""])) == ["Anna", "Boris"]
    # after NAME= come the cards: nothing to offer
    assert complete(["add", file, "Anna", "="]) == []


@pytest.mark.slow
def test_players_in_zsh_and_fish(sheet: Path) -> None:
    assert complete(["add", str(sheet), "--score", "B"], shell="zsh") == ["nospace,Boris="]
    env = dict(
        os.environ,
        _REMIKCALC_COMPLETE="fish_complete",
        COMP_WORDS=f"remikcalc add {sheet} --closer A",
        COMP_CWORD="A",
    )
    done = process(env=env, script=True)
    # click 8.4.0-8.4.1 send fish `plain`, `Anna`, `_` on three lines, the others `plain,Anna`
    fish = FishComplete(cli, {}, "remikcalc", "_REMIKCALC_COMPLETE")
    sent = fish.format_completion(CompletionItem("Anna"))
    assert sent in ("plain,Anna", "plain\nAnna\n_")
    assert (done.returncode, done.stdout.strip("\n"), done.stderr) == (0, sent, "")


@pytest.mark.slow
def test_a_name_with_a_space_is_one_word_in_bash(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    ok("new", str(path), "-v", "gin", "--players", "Anna Maria,Bo")
    # the protocol doubles the backslash: bash's script reads each line with `read`
    assert complete(["add", str(path), "--closer", "An"]) == ["plain,Anna\\\\ Maria"]
    # through bash itself: the script click writes, sourced, fills COMPREPLY
    source = process(env=dict(os.environ, _REMIKCALC_COMPLETE="bash_source"), script=True).stdout
    script = (
        f"{source}\nCOMP_WORDS=(remikcalc add {path} --score An); COMP_CWORD=4\n"
        "_remikcalc_completion remikcalc\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
    )
    path_env = dict(os.environ, PATH=f"{SCRIPT.parent}:{os.environ['PATH']}")
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, env=path_env)
    assert done.stdout.splitlines() == ["Anna\\ Maria="], done.stderr


@pytest.mark.slow
@pytest.mark.parametrize(
    "text",
    ["remikcalc: 1\nvariant: gin\nplayers: [Anna\n", "\x00\x01", "- just\n- a list\n", ""],
    ids=["unclosed", "binary", "list", "empty"],
)
def test_a_broken_sheet_offers_nothing(tmp_path: Path, text: str) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(text, encoding="utf-8")
    assert complete(["add", str(bad), "--closer", ""]) == []
    assert complete(["rename", str(bad), ""]) == []
    assert complete(["add", str(tmp_path / "missing.yaml"), "--closer", ""]) == []
    assert complete(["add", str(tmp_path), "--closer", ""]) == []  # a folder


@pytest.mark.slow
def test_the_scripts_for_each_shell() -> None:
    for shell, marker in (
        ("bash", "complete -o nosort"),
        ("zsh", "#compdef remikcalc"),
        ("fish", "complete --no-files --command remikcalc"),
    ):
        env = dict(os.environ, _REMIKCALC_COMPLETE=f"{shell}_source")
        done = process(env=env, script=True)
        assert done.returncode == 0 and marker in done.stdout, (shell, done.stderr)
        if shell != "fish":
            assert "nospace" in done.stdout


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("hnad", "Did you mean 'hand'?"),
        ("setle", "Did you mean one of: settle, stake, serve?"),
        ("exampels", "Did you mean 'examples'?"),
        ("chek", "Did you mean 'check'?"),
    ],
)
def test_a_mistyped_command_gets_a_did_you_mean(typed: str, meant: str) -> None:
    result = fails(typed, code=2)
    assert f"No such command '{typed}'. {meant}" in result.output


def test_a_command_far_from_any_lists_them() -> None:
    result = fails("xyzzy", code=2)
    assert "No such command 'xyzzy'" in result.output and "settle" in result.output
