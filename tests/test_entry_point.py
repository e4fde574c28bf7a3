"""The command's entry point and its command group.

- ``import remikcalc`` is a library's import: it changes no signal handler, whatever
  ``sys.argv`` looks like. The command (``python -m remikcalc``, the ``remikcalc`` script,
  both through remikcalc/__main__.py) holds a Ctrl-C that comes while it loads and ends
  with one line, no traceback (tests/test_sheet_sigint.py tries it at random moments).
- A run through click's ``CliRunner`` (in-process) leaves the process's SIGINT handler as
  it found it, though a writing command ignores Ctrl-C once its file is saved.
- A command whose module fails to import is a bug of ours, shown as its error; only a name
  that is not a command gets "No such command".
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import remikcalc.cli
import remikcalc.commands
from remikcalc.cli import COMMANDS, cli
from tests.clirun import default_sigint

_SIGNAL_AFTER_IMPORT = """
import signal, sys
sys.argv[:] = {argv!r}
{imports}
print(signal.getsignal(signal.SIGINT) is signal.default_int_handler)
"""


@pytest.mark.parametrize(
    "argv",
    [["-m", "hand"], ["/usr/local/bin/remikcalc", "hand"], [r"C:\bin\remikcalc.exe"], ["-c"]],
)
@pytest.mark.parametrize(
    "imports",
    [
        "import remikcalc",
        "import remikcalc.__main__",  # the entry point's module, not run
        "import remikcalc\nfor name in remikcalc.__all__: getattr(remikcalc, name)",
    ],
)
def test_importing_remikcalc_leaves_the_sigint_handler_alone(argv: list[str], imports: str) -> None:
    code = _SIGNAL_AFTER_IMPORT.format(argv=argv, imports=imports)
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        preexec_fn=default_sigint if os.name == "posix" else None,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "True\n", "")


def test_a_cli_runner_run_leaves_the_sigint_handler_as_it_was(tmp_path: Path) -> None:
    before = signal.getsignal(signal.SIGINT)
    sheet = str(tmp_path / "g.yaml")
    runner = CliRunner()
    assert runner.invoke(cli, ["new", sheet, "-v", "rummy", "--players", "A,B"]).exit_code == 0
    assert runner.invoke(cli, ["add", sheet, "--score", "A=5", "--score", "B=-5"]).exit_code == 0
    assert signal.getsignal(signal.SIGINT) is before  # new and add ignore Ctrl-C once saved


# A Ctrl-C sent by the process to itself as the command line's modules start loading: the
# moment a person's Ctrl-C right after pressing Enter lands in.
_CTRL_C_WHILE_LOADING = """
import os, signal, sys

class CtrlC:
    def find_spec(self, name, path=None, target=None):
        if name == "remikcalc.cli":
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, CtrlC())
sys.argv[:] = ["remikcalc", "hand", "AS"]
{start}
"""


@pytest.mark.skipif(os.name != "posix", reason="needs POSIX signals")
@pytest.mark.parametrize(
    "start",
    [
        "from remikcalc.__main__ import run; run()",  # the script
        "import runpy; runpy.run_module('remikcalc', run_name='__main__', alter_sys=True)",  # -m
    ],
    ids=["script", "python -m"],
)
def test_ctrl_c_while_the_command_loads_is_one_line(start: str) -> None:
    code = _CTRL_C_WHILE_LOADING.format(start=start)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (130, "")
    assert done.stderr == "interrupted; nothing was changed\n"


def _broken_command(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, source: str) -> None:
    """Make ``hand`` a module of remikcalc.commands with ``source``, found in ``tmp_path``."""
    (tmp_path / "broken_hand.py").write_text(source, encoding="utf-8")
    monkeypatch.setattr(
        remikcalc.commands, "__path__", [*remikcalc.commands.__path__, str(tmp_path)]
    )
    monkeypatch.setitem(COMMANDS, "hand", ("broken_hand", "hand_cmd", COMMANDS["hand"][2]))
    monkeypatch.delitem(sys.modules, "remikcalc.commands.broken_hand", raising=False)


@pytest.mark.parametrize(
    ("source", "error"),
    [
        ("from remikcalc.base.i18n import no_such_name\n", ImportError),
        ("import remikcalc.no_such_module\n", ModuleNotFoundError),
        ("hand = None  # the command function is missing\n", AttributeError),
    ],
)
def test_a_command_that_fails_to_load_is_its_error_not_no_such_command(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, source: str, error: type[Exception]
) -> None:
    _broken_command(monkeypatch, tmp_path, source)
    result = CliRunner().invoke(cli, ["hand", "AS"])
    assert isinstance(result.exception, error), (result.exception, result.output)
    assert "No such command" not in result.output
    sys.modules.pop("remikcalc.commands.broken_hand", None)


_BROKEN_HAND = """
import sys, remikcalc.cli, remikcalc.commands
remikcalc.commands.__path__.append({folder!r})
remikcalc.cli.COMMANDS["hand"] = ("broken_hand", "hand_cmd", "")
sys.argv[:] = ["remikcalc", "hand", "AS"]
import runpy; runpy.run_module("remikcalc", run_name="__main__", alter_sys=True)
"""


def test_the_command_shows_a_broken_import_as_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "broken_hand.py").write_text("from remikcalc.base.i18n import gone\n")
    code = _BROKEN_HAND.format(folder=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 1
    assert "Traceback" in done.stderr and "ImportError: cannot import name 'gone'" in done.stderr
    assert "No such command" not in done.stderr


def test_an_unknown_command_is_still_no_such_command() -> None:
    result = CliRunner().invoke(cli, ["hnad", "AS"])
    assert result.exit_code == 2
    assert "No such command 'hnad'. Did you mean 'hand'?" in result.output
