"""Correcting a sheet at the table: ``edit`` (replace one deal), ``delete`` (remove one),
``rename`` (a player) and ``stake`` (the money a point is worth).

Each is one call to the sheet book (:mod:`remikcalc.session.book`): under the sheet's lock the
whole sheet is replayed with the change in place, and only a sheet that replays is saved
(atomically, comments kept where possible). On any error the file is left byte for byte as it
was.
"""

from __future__ import annotations

from typing import Any

import click

from remikcalc.base.errors import DealError
from remikcalc.base.i18n import _
from remikcalc.commands import prompts
from remikcalc.commands.common import dry_run_option, output_options
from remikcalc.commands.current import SheetCommand, address, open_book, split_sheet
from remikcalc.commands.entries import entry_from_options, entry_options
from remikcalc.commands.saving import Save
from remikcalc.commands.sheet import (
    as_bad_parameter,
    print_added,
    print_preview,
    sign_doubts,
    warn,
)
from remikcalc.sheet.model import DealEntry

# --- edit ---------------------------------------------------------------------------------------


@click.command("edit", cls=SheetCommand)
@click.argument("file", required=False, metavar="[FILE]")
@click.argument("n", required=False, metavar="N")
@click.argument("hands", nargs=-1, metavar="[NAME=CARDS]...")
@entry_options
@click.option("--whole", is_flag=True, help="Replace the whole deal with what is given.")
@click.option(
    "--verbose", is_flag=True, help="Print the whole sheet after the deal, not only the totals."
)
@dry_run_option
@output_options
def edit_cmd(
    file: str | None,
    n: str | None,
    hands: tuple[str, ...],
    deal: dict[str, Any],
    score: tuple[str, ...],
    reenter: str | None,
    whole: bool,
    verbose: bool,
    dry_run: bool,
    fmt: str,
) -> None:
    """Correct deal N of the sheet FILE (numbered as `show` numbers the deals, from 1), or
    the event eN (a re-entry: `show` marks the first one e1), then print that deal and the
    running totals (the whole sheet with --verbose).

    Give only what changes: NAME=CARDS replaces that player's hand, --count NAME=N that
    player's count in a deal entered as counts, --closer, --how, --upcard, --plus,
    --melded and --melded-value theirs, and the rest of the deal stays as it is (--draw
    makes it a draw). A deal entered as points is given again whole (--score), as is an
    event (`remikcalc edit bridge.yaml e1 --reenter Dora`) and a deal given as counts over
    hands or as hands over counts; --whole replaces a deal with exactly what is given. On a
    terminal, `edit FILE N` with nothing else asks for the whole deal.

    The deal is checked as `add` checks it, with every later deal scored again after it: if
    one of them no longer fits, nothing is changed and the reason is printed. The entry's
    _notes and the file's comments outside it are kept. With --dry-run the corrected deal
    and what it would change (later deals, totals, money, games) are printed, and nothing is
    written.

    \b
    Examples:
      remikcalc edit game.yaml 2 --score Boris=30   # deal 2 was Boris's 30, not Anna's
      remikcalc edit game.yaml 1 --closer Anna \\
          Anna="9C 9D 9H 5S 6S 7S KD KH KS 2C" Boris="AS 2S 3H 4D 5D 8C 8D JC QC TD"
      remikcalc edit game.yaml 1 Boris="AS 2S 3S 4D 5D 8C 8D JC QC TD"   # one hand
      remikcalc edit polish.yaml 3 --count Vera=32   # Vera's count was 32, not 23
      remikcalc edit game.yaml 2 --score Boris=30 --dry-run   # what it would change
    """
    sheet_file, rest = split_sheet(file, [*([] if n is None else [n]), *hands], hands=True)
    if not rest or "=" in rest[0]:
        raise click.UsageError(_("give the entry to correct: a deal's number (3) or e1"))
    number, event = address(rest[0])
    entry = entry_from_options(rest[1:], score, reenter, deal)
    book = open_book(sheet_file)
    bare = entry == DealEntry()  # nothing given: on a terminal, the whole deal is asked
    ask = isinstance(entry, DealEntry) and prompts.interactive() and (whole or bare)
    before = None
    if ask:
        assert isinstance(entry, DealEntry)
        with prompts.asking(sheet_file):
            before = book.before(number, event=event)
            entry = prompts.complete(entry, before.replay)
        whole = True
    if isinstance(entry, DealEntry) and (entry.empty if whole else entry == DealEntry()):
        raise DealError(
            _(
                "nothing to put in its place: give each player's cards as NAME=CARDS (with "
                "--closer), or each player's count as --count NAME=N, or the points as "
                "--score NAME=N, or --draw, or --reenter NAME"
            ),
            code="empty_entry",
        )
    if dry_run:
        preview = book.preview_edit(number, entry, keep=not whole, event=event, before=before)
        print_preview(preview, sheet_file, fmt, "edited", verbose=verbose)
        return
    label = f"e{number}" if event else str(number)
    save = Save(sheet_file, _("the new entry {n}").format(n=label))
    with save.guard():
        written = book.edit(
            number, entry, keep=not whole, event=event, before=before, commit=save.commit
        )
        step = written.step
        assert step is not None
        with save.reported():
            warn([*written.warnings, *sign_doubts(written.replay, step)])
            if fmt == "json":
                from remikcalc.render import to_json
                from remikcalc.render.settlement_json import step_json
                from remikcalc.render.sheet import sheet_json

                click.echo(
                    to_json({"edited": step_json(step), "sheet": sheet_json(written.replay)})
                )
                return
            print_added(written.replay, step, fmt, verbose=verbose)


# --- delete -------------------------------------------------------------------------------------


@click.command("delete", cls=SheetCommand)
@click.argument("file", required=False, metavar="[FILE]")
@click.argument("n", required=False, metavar="N")
@dry_run_option
@output_options
def delete_cmd(file: str | None, n: str | None, dry_run: bool, fmt: str) -> None:
    """Remove deal N of the sheet FILE (numbered as `show` numbers the deals, from 1), or
    the event eN (a re-entry: `show` marks the first one e1), and score every later deal
    again without it, then print the sheet.

    If a later deal no longer fits without it (a player out of a bridge game would be back
    in, a game would end earlier), nothing is changed and the reason is printed. To remove
    the last entry, deal or event, `remikcalc undo FILE` does the same and prints the line
    that puts it back. With --dry-run it says what the removal would change and removes
    nothing.

    \b
    Examples:
      remikcalc delete game.yaml 3     # deal 3 was typed twice
      remikcalc delete bridge.yaml e1  # the first re-entry was never paid
      remikcalc delete game.yaml 3 --dry-run
    """
    from remikcalc.commands.entries import add_command

    sheet_file, rest = split_sheet(file, [] if n is None else [n], hands=False)
    if len(rest) != 1:
        raise click.UsageError(_("give the entry to remove: a deal's number (3) or e1"))
    number, event = address(rest[0])
    book = open_book(sheet_file)
    label = f"e{number}" if event else str(number)
    if dry_run:
        from remikcalc.commands.sheet import removed_words

        preview = book.preview_delete(number, event=event)
        assert preview.removed is not None
        if fmt != "json":
            if event:
                message = _("Would remove event {n} of {file} ({what}).")
            else:
                message = _("Would remove deal {n} of {file} ({what}).")
            what = removed_words(preview.removed)
            click.echo(message.format(n=label, file=sheet_file, what=what))
        print_preview(preview, sheet_file, fmt, "removed")
        return
    if event:
        doing = _("the removal of event {n}").format(n=label)
    else:
        doing = _("the removal of deal {n}").format(n=number)
    save = Save(sheet_file, doing)
    with save.guard():
        written = book.delete(number, event=event, commit=save.commit)
        removed = written.removed
        assert removed is not None
        with save.reported():
            warn(written.warnings)
            if fmt == "json":
                from remikcalc.render import to_json

                data: dict[str, Any] = {"file": sheet_file, "deleted": number}
                if event:
                    data = {"file": sheet_file, "deleted_event": number}
                click.echo(to_json({**data, "removed": removed.describe()}))
                return
            from remikcalc.commands.sheet import removed_words
            from remikcalc.render.sheet import render_sheet

            if event:
                message = _("Removed event {n} of {file} ({what}).")
            else:
                message = _("Removed deal {n} of {file} ({what}).")
            click.echo(message.format(n=label, file=sheet_file, what=removed_words(removed)))
            click.echo(
                _("Typed again at the end, it would be: {command}").format(
                    command=add_command(sheet_file, removed)
                )
            )
            click.echo("")
            click.echo(render_sheet(written.replay, fmt))


# --- rename -------------------------------------------------------------------------------------


@click.command("rename")
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("old", metavar="OLD")
@click.argument("new", metavar="NEW")
@output_options
def rename_cmd(file: str, old: str, new: str, fmt: str) -> None:
    """Rename the player OLD (any case) to NEW everywhere in the sheet FILE: the players, the
    hands, the melds, the scores, the closers and the re-entries.

    The file's comments are kept where possible. If anything is wrong (OLD is not a player,
    NEW is not a valid name or is already taken) the sheet is left untouched.

    \b
    Example:
      remikcalc rename game.yaml boris Borys
    """
    from remikcalc.render.sheet import render_sheet

    book = open_book(file)
    save = Save(file, _("the new name"))
    with save.guard():
        with as_bad_parameter():
            written = book.rename(old, new, commit=save.commit)
        player = written.player
        with save.reported():
            warn(written.warnings)
            if fmt == "json":
                from remikcalc.render import to_json

                click.echo(
                    to_json(
                        {
                            "file": file,
                            "renamed": {"from": player, "to": new},
                            "changed": written.changed,
                        }
                    )
                )
                return
            if not written.changed:
                click.echo(
                    _("{old} is already called {new}; {file} is unchanged.").format(
                        old=player, new=new, file=file
                    )
                )
                return
            click.echo(
                _("Renamed {old} to {new} in {file}.").format(old=player, new=new, file=file)
            )
            click.echo("")
            click.echo(render_sheet(written.replay, fmt))


# --- stake --------------------------------------------------------------------------------------


@click.command("stake")
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("amount", metavar="AMOUNT")
@click.option(
    "--currency", default=None, help="Currency code, e.g. PLN (else the sheet keeps its own)."
)
@dry_run_option
@output_options
def stake_cmd(file: str, amount: str, currency: str | None, dry_run: bool, fmt: str) -> None:
    """Give the sheet FILE a stake: AMOUNT of money per point (in remik bridge, per stake),
    typed as 0.10 or 0,10; with --currency, in that currency. A sheet that has a stake gets
    the new one. The points stay as they are; the money of every deal so far follows from
    the stake, and so does whether the sheet can be settled in one evening with others that
    have one. With --dry-run it says what the stake would change and writes nothing.

    \b
    Examples:
      remikcalc stake latency-test.yaml 0.05 --currency PLN
      remikcalc stake bridge.yaml 2 --dry-run
    """
    book = open_book(file)
    if dry_run:
        with as_bad_parameter():
            preview = book.preview_set_stake(amount, currency)
        print_preview(preview, file, fmt, "staked")
        return
    save = Save(file, _("the stake"))
    with save.guard():
        with as_bad_parameter():
            written = book.set_stake(amount, currency, commit=save.commit)
        with save.reported():
            warn(written.warnings)
            if fmt == "json":
                from remikcalc.render import to_json

                sheet = written.replay.sheet
                stake = None if sheet.stake is None else format(sheet.stake, "f")  # as settle
                data = {
                    "file": file,
                    "stake": stake,
                    "currency": sheet.currency,
                    "changed": written.changed,
                }
                click.echo(to_json(data))
                return
            from remikcalc.render.running import money_lines, stake_text

            stake = stake_text(written.replay)
            if not written.changed:
                click.echo(
                    _("{file} has that stake already ({stake}); it is unchanged.").format(
                        file=file, stake=stake
                    )
                )
                return
            click.echo(_("The stake of {file} is {stake}.").format(file=file, stake=stake))
            for line in money_lines(written.replay):
                click.echo(line)
