"""Score sheet commands: ``new``, ``add``, ``undo``, ``show``, ``settle`` and ``pool``.

Thin layer: parse the options, make one call to the sheet book
(:mod:`remikcalc.session.book`, which owns every write: the lock, the atomic save, the
refusals that leave the file as it was), and render with :mod:`remikcalc.render.sheet`.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

import click

from remikcalc.base.errors import ArgumentError, DealError, RemikcalcError
from remikcalc.base.i18n import N_, _
from remikcalc.commands import prompts
from remikcalc.commands.common import FORMATS, dry_run_option, output_options
from remikcalc.commands.console import can_show_bars
from remikcalc.commands.current import SheetCommand, sheet, split_sheet
from remikcalc.commands.entries import add_command, entry_from_options, entry_options
from remikcalc.commands.prompts import load
from remikcalc.commands.saving import Save
from remikcalc.rules.variant_words import variant_word
from remikcalc.session import Replay, Step
from remikcalc.settle import Settlement
from remikcalc.sheet.model import DealEntry, Entry, Sheet, same_entry

if TYPE_CHECKING:
    from remikcalc.session.book import Preview

# --- new ----------------------------------------------------------------------------------------

#: the command line's name of each argument the library names in an ArgumentError
_HINTS = {
    "players": "--players",
    "title": "--title",
    "currency": "--currency",
    "dealer": "--dealer",
    "new": "NEW",
}


@contextlib.contextmanager
def as_bad_parameter() -> Iterator[None]:
    """The library's refusal of one argument, as click words a bad parameter (exit 2)."""
    try:
        yield
    except ArgumentError as exc:
        from remikcalc.render.refusal import for_command_line

        raise click.BadParameter(
            for_command_line(exc), param_hint=_HINTS.get(exc.param, exc.param)
        ) from None


@click.command("new")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--variant", "-v", required=True, help="Variant name or alias (gin, bridge, ...).")
@click.option("--players", required=True, metavar="A,B,...", help="Players in seating order.")
@click.option(
    "--dealer",
    default=None,
    metavar="NAME",
    help="Who deals first (one of the players); then show, add and settle say who deals next.",
)
@click.option("--preset", "-p", default=None, help="Preset of the variant.")
@click.option("--rule", multiple=True, metavar="KEY=VALUE", help="House rule, repeatable.")
@click.option("--stake", default=None, help="Money per point (bridge: per stake), e.g. 0.10.")
@click.option("--currency", default=None, help="Currency code, e.g. PLN (sets the decimals).")
@click.option("--decimals", type=click.IntRange(0, 8), default=None, help="Money decimals.")
@click.option("--title", default=None, help="Free text shown above the sheet.")
@click.option("--hollywood", is_flag=True, help="Gin/oklahoma: Hollywood scoring (3 columns).")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
@output_options(tables=False)
def new_cmd(
    file: str,
    variant: str,
    players: str,
    dealer: str | None,
    preset: str | None,
    rule: tuple[str, ...],
    stake: str | None,
    currency: str | None,
    decimals: int | None,
    title: str | None,
    hollywood: bool,
    force: bool,
    fmt: str,
) -> None:
    """Start a score sheet FILE (YAML) for a variant and its players.

    \b
    Examples:
      remikcalc new game.yaml -v gin --players Anna,Boris --stake 0.10 --currency PLN
      remikcalc new bridge.yaml -v bridge --players Anna,Boris,Carl,Dora --stake 2
      remikcalc new hw.yaml -v gin --players Anna,Boris --hollywood --preset pagat
      remikcalc new rummy.yaml -v rummy --players Anna,Boris,Carl --dealer Carl
    """
    from remikcalc.session.book import new_sheet

    rules = [*rule, "scoring=hollywood"] if hollywood else list(rule)
    save = Save(file, _("the new sheet"))
    with save.guard():
        with as_bad_parameter():
            book = new_sheet(
                file,
                variant=variant,
                players=players,
                preset=preset,
                rules=rules,
                stake=stake,
                currency=currency,
                decimals=decimals,
                title=title,
                dealer=dealer,
                force=force,
                commit=save.commit,
            )
        state = book.replay()
        sheet = state.sheet
        with save.reported():
            if fmt == "json":
                from remikcalc.render import to_json

                data = {"file": file, "variant": sheet.variant, "players": list(sheet.players)}
                click.echo(to_json({**data, "dealer": sheet.dealer}))
                return
            click.echo(_started(file, sheet))
            from remikcalc.render.sheet import dealer_line

            first = dealer_line(state)
            if first is not None:
                click.echo(first)
            click.echo(
                _("Add deals with: {command}").format(
                    command=f"remikcalc add {file} --closer NAME NAME=CARDS ..."
                )
            )


def _started(file: str, sheet: Sheet) -> str:
    """What ``new`` says it made: the file, the variant, the players and the stake."""
    players = ", ".join(sheet.players)
    if sheet.stake is None:
        return _("Started {file}: {variant} for {players}.").format(
            file=file, variant=variant_word(sheet.variant), players=players
        )
    from remikcalc.base.numtext import money_text

    places = max(0, -int(sheet.stake.as_tuple().exponent))
    stake = money_text(sheet.stake, sheet.currency, places)
    if sheet.game_rules().spec.unit == "stake":
        message = _("Started {file}: {variant} for {players}, {stake} per stake.")
    else:
        message = _("Started {file}: {variant} for {players}, {stake} per point.")
    return message.format(
        file=file, variant=variant_word(sheet.variant), players=players, stake=stake
    )


# --- add ----------------------------------------------------------------------------------------


@click.command("add", cls=SheetCommand)
@click.argument("file", required=False, type=click.Path(dir_okay=False), metavar="[FILE]")
@click.argument("hands", nargs=-1, metavar="[NAME=CARDS]...")
@entry_options
@click.option(
    "--again", is_flag=True, help="Add the deal even if it is the same as the last entry."
)
@click.option(
    "--verbose", is_flag=True, help="Print the whole sheet after the deal, not only the totals."
)
@dry_run_option
@output_options
def add_cmd(
    file: str | None,
    hands: tuple[str, ...],
    deal: dict[str, Any],
    score: tuple[str, ...],
    reenter: str | None,
    again: bool,
    verbose: bool,
    dry_run: bool,
    fmt: str,
) -> None:
    """Score one deal and append it to the sheet FILE, then print the deal and the running
    totals (the whole sheet with --verbose, or any time with `remikcalc show FILE`).

    Type each player's cards left in hand as NAME=CARDS (quote them; group melds with |),
    or what each player counted in hand as --count NAME=N: the deal is scored by the
    variant's rules either way (a closer who went out may be left out).
    On a terminal, whatever is missing (the closer, a hand) is asked for; otherwise a
    missing input is an error. If anything is wrong the sheet is left untouched.

    A deal exactly the same as the last entry is refused (typed twice by mistake?) unless
    --again is given; on a terminal you are asked instead. On a terminal the closer's
    question also takes "draw", "counts" (then each player's count is asked) and "points"
    (each player's final points, worked out elsewhere).

    On a sheet with a stake, each player's money so far follows the totals; when a game
    ends, who owes whom for it (and, in remik bridge, who takes the pool).

    With --dry-run the deal is scored and printed with what it would change (totals, money,
    games ended, who is out), and nothing is written.

    \b
    Examples:
      remikcalc add game.yaml --closer Anna \\
          Anna="9C 9D 9H 5S 6S 7S KD KH KS 2C" Boris="AS 2S 3H 4D 5D 8C 8D JC QC TD"
      remikcalc add polish.yaml --closer Anna --count Vera=23 --count Gleb=41
      remikcalc add game.yaml --score Anna=25      # a deal entered as points
      remikcalc add bridge.yaml --reenter Carl     # bridge: Carl, who is out, re-enters
      remikcalc add rummy.yaml --draw Anna="KC QD 2H" Boris="5S 5D 9C"
      remikcalc add game.yaml --score Boris=12 --verbose   # and the whole sheet
      remikcalc add game.yaml --score Anna=25 --dry-run    # what it would record
    """
    file, typed = split_sheet(file, hands, hands=True)
    entry = entry_from_options(typed, score, reenter, deal)
    book = None  # on a terminal, opened to ask: read and scored once for the questions and the add
    if isinstance(entry, DealEntry) and prompts.interactive():
        with prompts.asking(file):
            book = prompts.open_book(file)
            entry = prompts.complete(entry, book.replay())
    if isinstance(entry, DealEntry) and entry.empty:
        raise DealError(
            _(
                "nothing to add: give each player's cards as NAME=CARDS (with --closer), or "
                "each player's count as --count NAME=N, or the points as --score NAME=N, or "
                "--draw, or --reenter NAME"
            ),
            code="empty_entry",
        )
    book = prompts.open_book(file) if book is None else book
    if dry_run:
        preview = book.preview_add(entry, again=again)
        assert preview.step is not None
        print_preview(preview, file, fmt, "added", verbose=verbose)
        return
    if not again and prompts.interactive():
        with prompts.asking(file):
            answer = prompts.confirm_again(file, entry, book.replay())
        if answer is None:  # a choice, not an error
            click.echo(_("Nothing added; {file} is unchanged.").format(file=file))
            return
        again = answer
    save = Save(file)
    with save.guard():
        written = book.add(entry, again=again, commit=save.commit)
        assert written.step is not None
        step = written.step
        with save.reported(lambda error: _print_failed(written.replay, step, file, error)):
            warn(written.warnings)
            print_added(written.replay, step, fmt, verbose=verbose)


def warn(warnings: Sequence[str]) -> None:
    for warning in warnings:
        click.echo(warning, err=True)


def _print_failed(state: Replay, step: Step, file: str, error: str) -> str:
    """The entry is saved but could not be printed: say so, or it would be added twice."""
    from remikcalc.session.replay import deal_numbers

    number = deal_numbers(state.steps).get(step.n)
    if number is None:
        message = _(
            "the re-entry was saved in {file}, but printing it failed ({error}); "
            "do not add it again - see it with `remikcalc show {file}`"
        )
    else:
        message = _(
            "the deal was saved as deal {n} in {file}, but printing it failed ({error}); "
            "do not add it again - see it with `remikcalc show {file}`"
        )
    return message.format(file=file, error=error, n=number)


def print_preview(
    preview: Preview, file: str, fmt: str, what: str, *, verbose: bool = False
) -> None:
    """What a ``--dry-run`` prints: the entry as the write would print it (``what``: the JSON
    key, ``added`` or ``edited``; None for a removal), what the write would change, and that
    nothing was written."""
    from remikcalc.render.changes import changes_json, changes_lines

    changes = preview.changes
    sheet_now = preview.after.sheet
    if fmt == "json":
        from remikcalc.render import to_json
        from remikcalc.render.settlement_json import step_json
        from remikcalc.render.sheet import sheet_json

        data: dict[str, Any] = {"dry_run": True, "file": file}
        if preview.step is not None:
            data[what] = step_json(preview.step)
        if preview.removed is not None:
            data["removed"] = preview.removed.describe()
        data["changes"] = changes_json(changes, sheet_now)
        data["sheet"] = sheet_json(preview.after)
        click.echo(to_json(data))
        return
    if preview.step is not None:
        print_added(preview.after, preview.step, fmt, verbose=verbose)
        click.echo("")
    click.echo("\n".join(changes_lines(changes, sheet_now)))
    click.echo("")
    click.echo(_("Dry run: nothing was written to {file}.").format(file=file))


def print_added(state: Replay, step: Step, fmt: str, *, verbose: bool = False) -> None:
    """What ``add`` and ``edit`` print: the entry and the totals (the sheet with verbose)."""
    from remikcalc.render.sheet import render_added, sheet_json

    if fmt == "json":
        from remikcalc.render import to_json
        from remikcalc.render.settlement_json import step_json

        click.echo(to_json({"added": step_json(step), "sheet": sheet_json(state)}))
        return
    click.echo(render_added(state, step, fmt, verbose=verbose, ascii_only=not can_show_bars()))


# --- undo, show, settle, pool ---------------------------------------------------------------------


@click.command("undo", cls=SheetCommand)
@click.argument("file", required=False, type=click.Path(dir_okay=False), metavar="[FILE]")
@dry_run_option
@output_options
def undo_cmd(file: str | None, dry_run: bool, fmt: str) -> None:
    """Remove the last deal or event from the sheet FILE.

    Prints the `remikcalc add ...` line that puts the removed entry back (with --format json,
    as "add_again"), so an undo by mistake is one paste away from undone. If the sheet would
    still not load without its last entry (the problem is in an earlier deal), nothing is
    removed and the problem is named: mend that deal with `remikcalc edit` or `delete`.
    With --dry-run it says what the removal would change and removes nothing.

    \b
    Examples:
      remikcalc undo game.yaml
      remikcalc undo game.yaml --dry-run
    """
    file = sheet(file)
    book = prompts.open_book(file)
    if dry_run:
        preview = book.preview_undo()
        assert preview.removed is not None
        if fmt != "json":
            click.echo(
                _("Would remove the last entry of {file} ({what}).").format(
                    file=file, what=removed_words(preview.removed)
                )
            )
        print_preview(preview, file, fmt, "removed")
        return
    save = Save(file, _("the last entry's removal"))
    with save.guard():
        written = book.undo(commit=save.commit)
        state, removed = written.replay, written.removed
        assert removed is not None
        with save.reported():
            warn(written.warnings)
            again = add_command(file, removed, again=_repeats(state, removed))
            if fmt == "json":
                from remikcalc.render import to_json

                click.echo(
                    to_json({"file": file, "removed": removed.describe(), "add_again": again})
                )
                return
            click.echo(
                _("Removed the last entry of {file} ({what}).").format(
                    file=file, what=removed_words(removed)
                )
            )
            click.echo(_("To put it back: {command}").format(command=again))
            from remikcalc.render.sheet import render_sheet

            click.echo("")
            click.echo(render_sheet(state, fmt))


def _repeats(state: Replay, removed: Entry) -> bool:
    """Whether the entry ``undo`` removed is the same as the one now last, so that putting
    it back needs ``add --again`` (the comparison ``add`` makes)."""
    if not state.steps:
        return False
    try:
        written = state.written(removed)
    except RemikcalcError:
        return False
    return same_entry(written, state.steps[-1].entry)


def removed_words(removed: Entry) -> str:
    """The entry ``undo`` removed, in a few words, as ``show`` words a deal ("a deal closed by
    Anna"), in the language spoken."""
    if not isinstance(removed, DealEntry):
        return _("{player} re-enters").format(player=removed.player)
    from remikcalc.render.deal import entry_words

    return entry_words(
        removed.closer, removed.how, draw=removed.draw, points=removed.scores is not None
    )


CHART_FORMATS = ("png", "svg", "pdf")


def _chart_format(chart: str, sheet: str) -> str:
    """The format ``--chart`` names by its extension; refuse the sheet itself and folders."""
    if "\x00" in chart:
        raise click.BadParameter(_("a file name cannot hold a NUL character"), param_hint="--chart")
    from remikcalc.sheet.files import real_path

    same = real_path(chart) == real_path(sheet)
    if not same and os.path.exists(chart) and os.path.exists(sheet):
        with contextlib.suppress(OSError):
            same = os.path.samefile(chart, sheet)
    if same:
        raise click.BadParameter(
            _("{chart} is the score sheet itself; name another file for the chart").format(
                chart=chart
            ),
            param_hint="--chart",
        )
    ext = os.path.splitext(chart)[1].lower().lstrip(".")
    if ext not in CHART_FORMATS:
        kinds = ", ".join(f".{f}" for f in CHART_FORMATS)
        if ext:
            message = _("{chart!r} has '.{ext}'; the chart is drawn as {kinds}")
        else:
            message = _("{chart!r} has no extension; the chart is drawn as {kinds}")
        raise click.BadParameter(
            message.format(chart=chart, ext=ext, kinds=kinds), param_hint="--chart"
        )
    if os.path.isdir(chart):
        raise click.BadParameter(
            _("{chart} is a folder; name a file").format(chart=chart), param_hint="--chart"
        )
    folder = os.path.dirname(chart) or "."
    if not os.path.isdir(folder):
        raise click.BadParameter(
            _("no folder {folder} to write {chart} in").format(folder=folder, chart=chart),
            param_hint="--chart",
        )
    return ext


@click.command("show", cls=SheetCommand)
@click.argument("file", required=False, type=click.Path(dir_okay=False), metavar="[FILE]")
@click.option(
    "--chart",
    "chart",
    default=None,
    metavar="FILE.png",
    help="Also draw the score progression to FILE.png, .svg or .pdf, one line a "
    "game, the deals numbered as the sheet numbers them (needs remikcalc[plot]; "
    "without it the sheet is shown and the exit code is 1).",
)
@click.option("--no-spark", is_flag=True, help="Leave out the sparklines.")
@output_options
def show_cmd(file: str | None, chart: str | None, no_spark: bool, fmt: str) -> None:
    """Show the sheet FILE: running totals after every deal, who is out, points left,
    and the progression as sparklines (or a chart file with --chart).

    \b
    Examples:
      remikcalc show game.yaml
      remikcalc show game.yaml --chart game.png
      remikcalc show game.yaml --format markdown   # to paste into a chat
      remikcalc show game.yaml --format csv        # for a spreadsheet
      remikcalc show game.yaml --json
    """
    from remikcalc.render.sheet import chart_png, render_sheet

    file = sheet(file)
    kind = None if chart is None else _chart_format(chart, file)
    state = load(file)
    missing = None  # without matplotlib: the sheet still, then how to get the chart
    if chart is not None and kind is not None:
        try:
            chart_png(state, chart, kind)
        except ImportError as exc:
            missing = str(exc)
        except OSError as exc:
            raise click.ClickException(
                _("cannot write {chart}: {reason}").format(chart=chart, reason=exc.strerror or exc)
            ) from None
    click.echo(render_sheet(state, fmt, chart=not no_spark, ascii_only=not can_show_bars()))
    if missing is not None:
        raise click.ClickException(
            _("{chart} not drawn: {reason}").format(chart=chart, reason=missing)
        )


def distinct_files(files: Sequence[str], param: str = "FILE") -> None:
    """Refuse a sheet named twice (it would count twice in an evening): by the same path, a
    symbolic link to it, or a hard link (:func:`remikcalc.sheet.files.repeated_file`)."""
    from remikcalc.sheet.files import repeated_file

    twice = repeated_file(files)
    if twice is not None:
        file, first = twice
        raise click.BadParameter(
            _("{file} is named twice (as {first})").format(file=file, first=first),
            param_hint=param,
        )


#: settle's --format help: the table formats', and ``text`` (N_(): translated where shown)
_SETTLE_FORMAT_HELP = N_(
    "table for people (fitted to the terminal width: COLUMNS, else 80), text for a few plain "
    "lines to paste into a chat (the totals, the money, who pays whom; in the language of "
    "--lang), plain for tab-separated text, csv or markdown (pipe tables) to paste elsewhere, "
    "json for tools; csv-semicolon is csv for a spreadsheet set to a decimal comma (Polish, "
    "Russian): fields split by ';', numbers written 1,5."
)


def _with_text_format(command: click.Command) -> click.Command:
    """``--format`` of ``command`` (from :func:`output_options`) also takes ``text``: the
    settlement as a short summary to paste into a chat (:mod:`remikcalc.render.summary`)."""
    for param in command.params:
        if isinstance(param, click.Option) and param.name == "fmt":
            param.type = click.Choice((*FORMATS, "text"), case_sensitive=False)
            param.help = _SETTLE_FORMAT_HELP
    return command


@_with_text_format
@click.command("settle", cls=SheetCommand)
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False), metavar="[FILE]...")
@output_options
def settle_cmd(files: tuple[str, ...], fmt: str) -> None:
    """Settle the session in FILE: net points, money, and the fewest payments.

    Every finished game on the sheet is netted; a game still running is settled as it stands.
    With several FILEs, the sheets are one evening: each is settled as it would be alone,
    then each person's money is added up over the sheets (players matched by name, ignoring
    case) and one set of fewest payments squares the evening. Sheets with a stake must share
    one currency; sheets without one are added up in points only if none has a stake.
    --format text prints a few plain lines to paste into a chat: the totals, the money and
    who pays whom, in the language of --lang.

    \b
    Examples:
      remikcalc settle game.yaml
      remikcalc settle game.yaml --format text    # to paste into a chat
      remikcalc settle game.yaml --format json
      remikcalc settle gin.yaml rummy.yaml        # the evening: one set of payments
    """
    from remikcalc.session import settle_evening
    from remikcalc.settle import settle

    files = files or (sheet(None),)
    if len(files) == 1:
        click.echo(_settlement_text(settle(load(files[0])), fmt))
        return
    distinct_files(files)
    settlements = [settle(load(file)) for file in files]
    evening = settle_evening(settlements)
    if fmt == "text":
        from remikcalc.render.summary import evening_summary_text

        click.echo(evening_summary_text(evening, files))
        return
    from remikcalc.render.settlement import render_evening

    click.echo(render_evening(evening, files, fmt))
    if fmt in ("table", "markdown"):
        _look_alike_notes(files, [s.sheet for s in settlements])


def _look_alike_notes(files: Sequence[str], sheets: Sequence[Sheet]) -> None:
    """Under an evening for people: the names that look like one person's on different
    sheets, each with the ``rename`` that would make them one."""
    import shlex

    from remikcalc.render.evening import look_alike_text
    from remikcalc.scoring.deal import player_named
    from remikcalc.session import look_alikes

    for alike in look_alikes(sheets):
        click.echo("")
        click.echo(look_alike_text(alike))
        for i in alike.other_sheets:
            old = player_named(alike.other, sheets[i].players)  # as that sheet spells it
            words = ("remikcalc", "rename", files[i], old, alike.name)
            click.echo("  " + " ".join(shlex.quote(w) for w in words))


def _settlement_text(settlement: Settlement, fmt: str) -> str:
    """One sheet's settlement in ``fmt`` (``text``: the summary for a chat)."""
    if fmt == "text":
        from remikcalc.render.summary import summary_text

        return summary_text(settlement)
    from remikcalc.render.settlement import render_settlement

    return render_settlement(settlement, fmt)


@click.command("pool", cls=SheetCommand)
@click.argument("file", required=False, type=click.Path(dir_okay=False), metavar="[FILE]")
@output_options
def pool_cmd(file: str | None, fmt: str) -> None:
    """Remik bridge: what is in the pool of the sheet FILE and who paid it in.

    \b
    Example:
      remikcalc pool bridge.yaml
    """
    from remikcalc.render.settlement import render_pool
    from remikcalc.settle import pool_summary

    click.echo(render_pool(pool_summary(load(sheet(file))), fmt))
