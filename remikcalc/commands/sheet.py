"""Score sheet commands: ``new``, ``add``, ``undo``, ``show``, ``settle`` and ``pool``.

Thin layer: parse the options, make one call to the sheet book
(:mod:`remikcalc.session.book`, which owns every write: the lock, the atomic save, the
refusals that leave the file as it was), and render with :mod:`remikcalc.render.sheet`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

import click

from remikcalc.base.errors import ArgumentError, DealError, RemikcalcError
from remikcalc.base.i18n import _
from remikcalc.commands import prompts
from remikcalc.commands.common import dry_run_option, output_options
from remikcalc.commands.console import can_show_bars
from remikcalc.commands.current import SheetCommand, open_book, sheet, split_sheet
from remikcalc.commands.entries import add_command, entry_from_options, entry_options
from remikcalc.commands.saving import Save
from remikcalc.rules.variant_words import variant_word
from remikcalc.session import Replay, Step
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
        from remikcalc.commands.refusal import for_command_line

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
            book = open_book(file)
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
    book = open_book(file) if book is None else book
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
            warn([*written.warnings, *sign_doubts(written.replay, step)])
            print_added(written.replay, step, fmt, verbose=verbose)


def warn(warnings: Sequence[str]) -> None:
    for warning in warnings:
        click.echo(warning, err=True)


def sign_doubts(state: Replay, step: Step) -> list[str]:
    """A deal entered as final scores with a sign the game never gives (a loser who gains in
    polish remik): the line asking the players to check it (the scores are taken as given)."""
    from remikcalc.render.deal import sign_doubt_text

    entry = step.entry
    doubt = sign_doubt_text(state.rules, entry) if isinstance(entry, DealEntry) else ""
    return [doubt] if doubt else []


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
        warn(sign_doubts(preview.after, preview.step))
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


# --- undo ---------------------------------------------------------------------------------------


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
    book = open_book(file)
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
