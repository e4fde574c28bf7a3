"""The ``remikcalc`` command group.

Subcommands live in their own modules and are imported only when run, so ``remikcalc hand``
does not pay for YAML or tabulate. Library errors become one-line messages: bad data exits 1,
bad usage (unknown variant, preset or rule key) exits 2.
"""

from __future__ import annotations

import contextlib
import gc
import sys
from importlib import import_module
from typing import Any

import click

from remikcalc.errors import RemikcalcError

# command name -> (module, function, one-line help)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "variants": ("info", "variants_cmd", "List the variants, their aliases, presets and packs."),
    "rules": ("info", "rules_cmd", "Show every rule key of a variant and its value."),
    "hand": ("hand", "hand_cmd", "Find the best melds, deadwood, count and discard of a hand."),
    "round": ("round", "round_cmd", "Score one deal given on the command line."),
    "opening": ("opening", "opening_cmd", "Can this hand make the first meld, and how?"),
    "new": ("sheet", "new_cmd", "Start a score sheet file."),
    "add": ("sheet", "add_cmd", "Score a deal and append it to a score sheet."),
    "undo": ("sheet", "undo_cmd", "Remove the last deal or event from a score sheet."),
    "edit": ("correct", "edit_cmd", "Replace one deal of a score sheet (checked like add)."),
    "rename": ("correct", "rename_cmd", "Rename a player everywhere in a score sheet."),
    "show": ("sheet", "show_cmd", "Show a score sheet with running totals and a chart."),
    "settle": ("sheet", "settle_cmd", "Settle a session: net points, money, who pays whom."),
    "pool": ("sheet", "pool_cmd", "Show what is in the remik bridge pool."),
    "check": ("check", "check_cmd", "Run worked example files and compare with their expect."),
}


class LazyGroup(click.Group):
    """A group that imports each command's module on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        module, attr, _ = entry
        collecting = gc.isenabled()
        gc.disable()  # loading makes objects that all live on: collecting them is wasted
        try:
            command = getattr(import_module(f"remikcalc.cli.{module}"), attr)
        except (ImportError, AttributeError):
            return None
        finally:
            if collecting:
                gc.freeze()  # later collections skip what was loaded
                gc.enable()
        assert isinstance(command, click.Command)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, help_) for name, (_, _, help_) in COMMANDS.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            _reader_gone()
        except RemikcalcError as exc:
            if exc.exit_code == 2:  # the message says what to do; the group's usage would not
                raise click.UsageError(str(exc)) from None
            raise click.ClickException(str(exc)) from None


def _reader_gone() -> None:
    """The program reading our output stopped (``remikcalc add ... | head -1``): what the
    command did stands (a sheet it saved is saved), so it ends with exit 0, as `cat` would.
    Standard output goes to the null device so that nothing fails on the way out."""
    import os

    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    sys.exit(0)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="remikcalc", prog_name="remikcalc")
def cli() -> None:
    """Score and settle remik (rummy) games: gin, oklahoma, remik bridge, rummy, boat,
    rummy 500, polish remik, continental and remibrydż.

    \b
    Examples:
      remikcalc hand 9C 7H QD 9D 9H 5S 6S 7S KD KH
      remikcalc hand -v bridge "Дч Дп JK 10♥ Wk"
      remikcalc round gin --closer Anna Anna="9C 9D 9H 5S 6S 7S KD KH KS 2C" Boris="..."
      remikcalc new game.yaml -v gin --players Anna,Boris --stake 0.10
      remikcalc settle game.yaml
      remikcalc check examples/
    """


def main() -> None:
    """Entry point of the ``remikcalc`` script."""
    from remikcalc.cli.console import tolerant_streams

    tolerant_streams()
    try:
        code = cli.main(prog_name="remikcalc", standalone_mode=False)
    except BrokenPipeError:  # e.g. `remikcalc ... | head`
        sys.stderr.close()
        sys.exit(0)
    except click.exceptions.Abort as exc:
        # Ctrl-C outside a guarded save (cli/saving.py): before it, or in a command that
        # writes nothing; so nothing was changed. EOF at a prompt ends the same way.
        if isinstance(exc.__cause__, KeyboardInterrupt):
            sys.stderr.write("interrupted; nothing was changed\n")
            sys.exit(130)
        sys.stderr.write("Aborted!\n")
        sys.exit(1)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except Exception as exc:
        from remikcalc.cli.saving import caused_by_interrupt

        if not caused_by_interrupt(exc):
            raise
        sys.stderr.write("interrupted; nothing was changed\n")  # outside a guarded save
        sys.exit(130)
    except KeyboardInterrupt:  # outside a command (start-up, exit): nothing was written
        sys.stderr.write("interrupted; nothing was changed\n")
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)
