"""The ``remikcalc`` command group.

Subcommands live in their own modules and are imported only when run, so ``remikcalc hand``
does not pay for YAML or tabulate. Library errors become one-line messages: bad data exits 1,
bad usage (unknown variant, preset or rule key) exits 2.
"""

from __future__ import annotations

import contextlib
import contextvars
import gc
import os
import sys
from collections.abc import Iterator
from importlib import import_module
from typing import TYPE_CHECKING, Any

import click

from remikcalc.base.errors import RemikcalcError
from remikcalc.base.i18n import N_, _
from remikcalc.commands.language import add_options, choose, localize

if TYPE_CHECKING:
    from remikcalc.commands.completion import Item

# command name -> (module, function, one-line help)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "variants": (
        "info",
        "variants_cmd",
        N_("List the variants, their aliases, presets and packs."),
    ),
    "rules": (
        "info",
        "rules_cmd",
        N_("Show the rule keys a variant reads (every key with --all)."),
    ),
    "hand": ("hand", "hand_cmd", N_("Find the best melds, deadwood, count and discard of a hand.")),
    "round": ("round", "round_cmd", N_("Score one deal given on the command line.")),
    "opening": ("opening", "opening_cmd", N_("Can this hand make the first meld, and how?")),
    "new": ("sheet", "new_cmd", N_("Start a score sheet file.")),
    "add": ("sheet", "add_cmd", N_("Score a deal and append it to a score sheet.")),
    "undo": ("sheet", "undo_cmd", N_("Remove the last deal or event from a score sheet.")),
    "edit": ("correct", "edit_cmd", N_("Replace one deal of a score sheet (checked like add).")),
    "delete": (
        "correct",
        "delete_cmd",
        N_("Remove one deal of a score sheet; rescore the rest."),
    ),
    "rename": ("correct", "rename_cmd", N_("Rename a player everywhere in a score sheet.")),
    "stake": ("correct", "stake_cmd", N_("Give a score sheet a stake: money per point.")),
    "show": ("report", "show_cmd", N_("Show a score sheet with running totals and a chart.")),
    "settle": ("report", "settle_cmd", N_("Settle a session: net points, money, who pays whom.")),
    "pool": ("report", "pool_cmd", N_("Show what is in the remik bridge pool.")),
    "serve": ("serve", "serve_cmd", N_("Serve the sheets to the phones at the table (score pad).")),
    "stats": ("stats", "stats_cmd", N_("Per player: deals won, outcomes, counts caught, streaks.")),
    "check": ("check", "check_cmd", N_("Run worked example files and compare with their expect.")),
    "examples": (
        "examples",
        "examples_cmd",
        N_("List the bundled worked examples or copy them out."),
    ),
}


class LazyGroup(click.Group):
    """A group that imports each command's module on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        module, attr, _help = entry
        collecting = gc.isenabled()
        gc.disable()  # loading makes objects that all live on: collecting them is wasted
        try:  # a known command that fails to load is a bug of ours: its error, not "No such"
            command = getattr(import_module(f"remikcalc.commands.{module}"), attr)
        finally:
            if collecting:
                gc.freeze()  # later collections skip what was loaded
                gc.enable()
        assert isinstance(command, click.Command)
        add_options(command)
        localize(command, ctx)
        if ctx.resilient_parsing:  # completing a command line (or only parsing it)
            from remikcalc.commands.completion import teach

            teach(command)
        return command

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Run the command line; run as a function (click's ``CliRunner``, standalone mode),
        it runs in a copy of the caller's context, so that the language and card notation it
        chooses end with it, as a library call's should (the caller's are as they were), and
        it leaves the process's Ctrl-C handler as it found it: a writing command ignores
        Ctrl-C once its file is saved (``saving.ignore_interrupts``), which only a process
        about to end should do."""
        if not kwargs.get("standalone_mode", True):  # the caller shows the error later, in
            return super().main(*args, **kwargs)  # the language chosen: main() below
        import signal

        handler = signal.getsignal(signal.SIGINT)
        try:
            return contextvars.copy_context().run(super().main, *args, **kwargs)
        finally:
            if handler is not None and signal.getsignal(signal.SIGINT) is not handler:
                with contextlib.suppress(ValueError):  # not the main thread: never changed
                    signal.signal(signal.SIGINT, handler)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        choose(args)  # the language, before any help is shown or a command module loads
        localize(self, ctx)
        return super().parse_args(ctx, args)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """Resolve as click does; a mistyped command name gets a did-you-mean (exit 2)."""
        name = args[0] if args else ""
        if not ctx.resilient_parsing and name and not name.startswith("-") and name not in COMMANDS:
            raise click.UsageError(_no_such_command(name), ctx)
        return super().resolve_command(ctx, args)

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[Item]:
        """Command names with their one-line help, without importing any command module."""
        if incomplete.startswith("-"):
            return super().shell_complete(ctx, incomplete)
        from click.shell_completion import CompletionItem

        return [
            CompletionItem(name, help=_(help_))
            for name, (_m, _a, help_) in COMMANDS.items()
            if name.startswith(incomplete.lower())
        ]

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, _(help_)) for name, (_module, _attr, help_) in COMMANDS.items()]
        with formatter.section(_("Commands")):
            formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> Any:
        from remikcalc.commands.console import OutputError

        try:
            with _warnings_shown():
                return super().invoke(ctx)
        except BrokenPipeError:
            _reader_gone()
        except OutputError as exc:  # after a save, Save.reported has said so already
            raise _cannot_write(exc) from None
        except RemikcalcError as exc:
            from remikcalc.commands.refusal import for_command_line

            message = for_command_line(exc, unchanged=exc.details.get("unchanged"))
            if exc.exit_code == 2:  # the message says what to do; the group's usage would not
                raise click.UsageError(message) from None
            raise click.ClickException(message) from None


@contextlib.contextmanager
def _warnings_shown() -> Iterator[None]:
    """While a command runs, a :class:`~remikcalc.base.errors.NotationWarning` (``Jk`` is the
    joker) is shown at once on stderr as ``warning: ...``, each text once; other warnings as
    Python shows them."""
    import warnings

    from remikcalc.base.errors import NotationWarning

    shown: set[str] = set()
    python_shows = warnings.showwarning

    def show(message: Warning | str, category: type[Warning], *args: Any, **kwargs: Any) -> None:
        if not issubclass(category, NotationWarning):
            python_shows(message, category, *args, **kwargs)
        elif str(message) not in shown:
            shown.add(str(message))
            click.echo(_("warning: {message}").format(message=message), err=True)

    with warnings.catch_warnings():
        warnings.simplefilter("always", NotationWarning)
        warnings.showwarning = show
        yield


def _no_such_command(name: str) -> str:
    """``No such command 'hnad'. Did you mean 'hand'?``, or the list of commands."""
    import difflib

    close = difflib.get_close_matches(name.lower(), list(COMMANDS), n=3, cutoff=0.6)
    if len(close) == 1:
        return _("No such command {name!r}. Did you mean {close!r}?").format(
            name=name, close=close[0]
        )
    if close:
        return _("No such command {name!r}. Did you mean one of: {close}?").format(
            name=name, close=", ".join(close)
        )
    return _("No such command {name!r}. Commands: {names} (see remikcalc --help).").format(
        name=name, names=", ".join(COMMANDS)
    )


def _cannot_write(exc: Exception) -> click.ClickException:
    """Output that cannot be written (a full disk, ``>/dev/full``), in one line; what is
    still buffered is dropped so that the exit does not fail on it again."""
    from remikcalc.commands.console import discard_output

    discard_output()
    return click.ClickException(_("cannot write the output: {reason}").format(reason=exc))


def _say(line: str) -> None:
    """One line on stderr, if there is one to write to (``2>&-`` closes it)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        sys.stderr.write(line + "\n")
        sys.stderr.flush()


def _reader_gone() -> None:
    """The program reading our output stopped (``remikcalc add ... | head -1``): what the
    command did stands (a sheet it saved is saved), so it ends with exit 0, as `cat` would.
    Standard output goes to the null device so that nothing fails on the way out."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    sys.exit(0)


class _VersionMessage(str):
    """click's ``--version`` line, translated when it is printed (click formats the message
    with ``%``), not when this module is imported."""

    def __mod__(self, values: Any) -> str:
        return str(_(str(self)) % values)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(
    package_name="remikcalc",
    prog_name="remikcalc",
    message=_VersionMessage("%(prog)s, version %(version)s"),
)
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
      remikcalc check
      remikcalc examples my-examples
    """


add_options(cli)


def main() -> None:
    """Entry point of the ``remikcalc`` script."""
    from remikcalc.commands.console import OutputError, guard_output, tolerant_streams

    tolerant_streams()
    guard_output()
    if "_REMIKCALC_COMPLETE" in os.environ:  # the shell asks for completions
        from remikcalc.commands.completion import install

        install()
    try:
        code = cli.main(prog_name="remikcalc", standalone_mode=False)
        if sys.stdout is not None:
            sys.stdout.flush()  # the last of the output, while it can still be said
    except BrokenPipeError:  # e.g. `remikcalc ... | head`
        with contextlib.suppress(OSError, AttributeError):
            sys.stderr.close()
        sys.exit(0)
    except click.exceptions.Abort as exc:
        # Ctrl-C outside a guarded save (commands/saving.py): before it, or in a command that
        # writes nothing; so nothing was changed. EOF at a prompt ends the same way.
        if isinstance(exc.__cause__, KeyboardInterrupt):
            _say(_("interrupted; nothing was changed"))
            sys.exit(130)
        _say(_("Aborted!"))
        sys.exit(1)
    except click.ClickException as exc:
        with contextlib.suppress(OSError, AttributeError):
            exc.show()
        sys.exit(exc.exit_code)
    except OutputError as exc:  # output written outside a command (click's own help)
        with contextlib.suppress(OSError, AttributeError):
            _cannot_write(exc).show()
        sys.exit(1)
    except Exception as exc:
        from remikcalc.commands.saving import caused_by_interrupt

        if not caused_by_interrupt(exc):
            raise
        _say(_("interrupted; nothing was changed"))  # outside a guarded save
        sys.exit(130)
    except KeyboardInterrupt:  # outside a command (start-up, exit): nothing was written
        _say(_("interrupted; nothing was changed"))
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)
