"""The reading commands of a score sheet: ``show``, ``settle`` and ``pool``.

They read a sheet (or several, for an evening) and write nothing, so they load nothing of the
writing commands: no prompts, no deal options, no sheet book.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence

import click

from remikcalc.base.i18n import N_, _
from remikcalc.commands.common import FORMATS, output_options
from remikcalc.commands.console import can_show_bars
from remikcalc.commands.current import SheetCommand, load, sheet
from remikcalc.settle import Settlement
from remikcalc.sheet.model import Sheet

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
