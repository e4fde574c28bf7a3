"""Every command is documented with an example, and `hand` loads only what it needs."""

from __future__ import annotations

import subprocess
import sys

import pytest

from remikcalc.cli import COMMANDS
from tests.clirun import fails, ok


@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_command_has_help_with_an_example(command: str) -> None:
    assert "Example" in ok(command, "--help").output


def test_top_level_help_lists_every_command() -> None:
    output = ok("--help").output
    for command in COMMANDS:
        assert f"  {command} " in output


def test_unknown_command_is_a_usage_error() -> None:
    fails("hnad", code=2)


@pytest.mark.slow
def test_hand_does_not_import_yaml_or_tabulate() -> None:
    code = (
        "import sys\n"
        "from remikcalc.cli import cli\n"
        "try:\n"
        "    cli.main(['hand', '9C', '7H', 'QD'], standalone_mode=False)\n"
        "finally:\n"
        "    print(sorted(m for m in ('yaml', 'tabulate') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"
