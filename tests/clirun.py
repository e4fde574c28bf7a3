"""Running remikcalc in the tests: one way each, so every test module runs it alike.

In-process, through click's ``CliRunner`` (fast; what most tests want), the program named
``remikcalc`` as the installed command is (``Usage: remikcalc ...``):

- ``run(*args)``: click's ``Result`` (``output`` is stdout and stderr as a terminal shows
  them, ``stdout`` and ``stderr`` apart, ``exit_code``);
- ``ok(*args)``: the same, the exit code 0 required;
- ``fails(*args, code=1)``: the same, that exit code required;
- ``refusal_line(*args, code=1)``: ``fails``, and the first line of its stderr (the error);
- ``lines(text)``: what it printed, line by line, the padding at their ends cut.

Whatever a command does, none of them lets it print a traceback or end in an exception other
than click's exit: a crash fails the test whatever the exit code the test expected.

``lang="pl"`` puts ``--lang pl`` first on the line; ``env`` sets (a ``None`` value unsets)
variables for the command only, over the suite's ``REMIKCALC_LANG=en`` (conftest.py);
``columns`` is the terminal width the command sees (``COLUMNS``); ``input`` is its stdin.

As a real process, for the tests about the process itself (signals, pipes, encodings, locks,
the installed scripts): ``process(*args)`` runs ``python -m remikcalc ARGS`` (``script=True``:
the ``remikcalc`` console script beside this Python) and returns the finished
``CompletedProcess``, text decoded as UTF-8 (``binary=True``: bytes); ``command(*args)`` is
that command line, for the tests that need a ``Popen``.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Literal, overload

from click.testing import CliRunner, Result

from remikcalc.cli import cli

# the gin hands were named here before tests/hands.py held every named hand; kept for the
# branches written against that (import them from tests.hands)
from tests.hands import GIN_ANNA as GIN_ANNA
from tests.hands import GIN_BORIS as GIN_BORIS

#: the variables that choose the language, for ``env``: ``{**NO_LOCALE, "LANG": "pl_PL"}``
NO_LOCALE: dict[str, str | None] = dict.fromkeys(
    ("REMIKCALC_LANG", "LC_ALL", "LC_MESSAGES", "LANG")
)
#: the ``remikcalc`` console script that ``pip install`` puts beside this Python
SCRIPT = Path(sys.executable).with_name("remikcalc")


def run(
    *args: str,
    input: str | None = None,
    env: Mapping[str, str | None] | None = None,
    lang: str | None = None,
    columns: int | None = None,
) -> Result:
    """``remikcalc ARGS`` in-process; with ``lang``, ``--lang LANG`` first and no locale
    variables set (the language is the one asked for, whatever the machine's locale)."""
    variables: dict[str, str | None] = {}
    argv = list(args)
    if lang is not None:
        variables.update(NO_LOCALE)
        argv = ["--lang", lang, *argv]
    if columns is not None:
        variables["COLUMNS"] = str(columns)
    variables.update(env or {})
    result = CliRunner().invoke(cli, argv, input=input, env=variables, prog_name="remikcalc")
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        repr(result.exception),
        result.output,
    )
    return result


def ok(
    *args: str,
    input: str | None = None,
    env: Mapping[str, str | None] | None = None,
    lang: str | None = None,
    columns: int | None = None,
) -> Result:
    """``run``, and the command must succeed (exit 0)."""
    result = run(*args, input=input, env=env, lang=lang, columns=columns)
    assert result.exit_code == 0, result.output
    return result


def fails(
    *args: str,
    code: int = 1,
    input: str | None = None,
    env: Mapping[str, str | None] | None = None,
    lang: str | None = None,
    columns: int | None = None,
) -> Result:
    """``run``, and the command must exit with ``code`` (1: bad data, 2: usage)."""
    result = run(*args, input=input, env=env, lang=lang, columns=columns)
    assert result.exit_code == code, result.output
    return result


def lines(text: str) -> list[str]:
    """What a command printed, line by line, without the spaces a table pads its lines with."""
    return [line.rstrip() for line in text.splitlines()]


def refusal_line(*args: str, code: int = 1, lang: str | None = None) -> str:
    """``fails``, and the first line the command wrote to stderr: its ``Error: ...`` line."""
    return fails(*args, code=code, lang=lang).stderr.splitlines()[0]


def default_sigint() -> None:
    """A ``preexec_fn`` for a child a test will interrupt: SIGINT as a fresh shell gives it.
    A pytest-xdist worker runs with SIGINT ignored, a child inherits that, and Python installs
    its Ctrl-C handler only over the default: without this, no Ctrl-C would ever land."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


def command(*args: str, script: bool = False) -> list[str]:
    """The command line of the installed remikcalc: ``python -m remikcalc ARGS``, or the
    console script (``script=True``)."""
    if script:
        assert SCRIPT.exists(), "install the package first: pip install '.[test]'"
        return [str(SCRIPT), *args]
    return [sys.executable, "-m", "remikcalc", *args]


@overload
def process(
    *args: str,
    env: Mapping[str, str] | None = ...,
    cwd: Path | None = ...,
    timeout: float = ...,
    script: bool = ...,
    binary: Literal[False] = ...,
) -> subprocess.CompletedProcess[str]: ...


@overload
def process(
    *args: str,
    env: Mapping[str, str] | None = ...,
    cwd: Path | None = ...,
    timeout: float = ...,
    script: bool = ...,
    binary: Literal[True],
) -> subprocess.CompletedProcess[bytes]: ...


def process(
    *args: str,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    timeout: float = 60,
    script: bool = False,
    binary: bool = False,
) -> subprocess.CompletedProcess[str] | subprocess.CompletedProcess[bytes]:
    """The installed remikcalc run as a process to its end, stdout and stderr captured;
    ``env`` is the whole environment (default: this one's)."""
    argv = command(*args, script=script)
    if binary:
        return subprocess.run(argv, capture_output=True, env=env, cwd=cwd, timeout=timeout)
    return subprocess.run(
        argv, capture_output=True, env=env, cwd=cwd, timeout=timeout, encoding="utf-8"
    )
