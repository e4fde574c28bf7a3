"""Correcting a sheet at the table: ``edit`` (replace one deal), ``delete`` (remove one) and
``rename`` (a player).

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
from remikcalc.cli import prompts
from remikcalc.cli.common import output_options
from remikcalc.cli.entries import entry_from_options, entry_options
from remikcalc.cli.saving import Save
from remikcalc.cli.sheet import _print_added, _warn, as_bad_parameter
from remikcalc.sheet.model import DealEntry

# --- edit ---------------------------------------------------------------------------------------


@click.command("edit")
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("n", type=click.IntRange(min=1), metavar="N")
@click.argument("hands", nargs=-1, metavar="[NAME=CARDS]...")
@entry_options
@click.option("--verbose", is_flag=True,
              help="Print the whole sheet after the deal, not only the totals.")  # fmt: skip
@output_options
def edit_cmd(
    file: str,
    n: int,
    hands: tuple[str, ...],
    deal: dict[str, Any],
    score: tuple[str, ...],
    reenter: str | None,
    verbose: bool,
    fmt: str,
) -> None:
    """Replace deal N of the sheet FILE (numbered as `show` numbers the deals, from 1; a
    re-entry is an event, not a deal) with the deal given, then print that deal and the
    running totals (the whole sheet with --verbose).

    The deal is given as to `add` and checked as `add` checks it, with every later deal
    scored again after it: if one of them no longer fits, nothing is changed and the reason
    is printed. The entry's _notes and the file's comments outside it are kept.

    \b
    Examples:
      remikcalc edit game.yaml 2 --score Boris=30   # deal 2 was Boris's 30, not Anna's
      remikcalc edit game.yaml 1 --closer Anna \\
          Anna="9C 9D 9H 5S 6S 7S KD KH KS 2C" Boris="AS 2S 3H 4D 5D 8C 8D JC QC TD"
    """
    from remikcalc.session.book import open_sheet

    entry = entry_from_options(hands, score, reenter, deal)
    book = open_sheet(file)
    if isinstance(entry, DealEntry) and prompts.interactive():
        entry = prompts.complete(entry, book.replay_before(n))
    if isinstance(entry, DealEntry) and entry.empty:
        raise DealError(
            _(
                "nothing to put in its place: give each player's cards as NAME=CARDS (with "
                "--closer), or the points as --score NAME=N, or --draw, or --reenter NAME"
            )
        )
    save = Save(file, _("the new entry {n}").format(n=n))
    with save.guard():
        written = book.edit(n, entry, commit=save.commit)
        step = written.step
        assert step is not None
        with save.reported():
            _warn(written.warnings)
            if fmt == "json":
                from remikcalc.render import to_json
                from remikcalc.render.settlement import step_json
                from remikcalc.render.sheet import sheet_json

                click.echo(to_json({"edited": step_json(step),
                                    "sheet": sheet_json(written.replay)}))  # fmt: skip
                return
            _print_added(written.replay, step, fmt, verbose=verbose)


# --- delete -------------------------------------------------------------------------------------


@click.command("delete")
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("n", type=click.IntRange(min=1), metavar="N")
@output_options
def delete_cmd(file: str, n: int, fmt: str) -> None:
    """Remove deal N of the sheet FILE (numbered as `show` numbers the deals, from 1) and
    score every later deal again without it, then print the sheet.

    If a later deal no longer fits without it (a player out of a bridge game would be back
    in, a game would end earlier), nothing is changed and the reason is printed. To remove
    the last entry, deal or event, `remikcalc undo FILE` does the same and prints the line
    that puts it back.

    \b
    Example:
      remikcalc delete game.yaml 3     # deal 3 was typed twice
    """
    from remikcalc.cli.entries import add_command
    from remikcalc.session.book import open_sheet

    book = open_sheet(file)
    save = Save(file, _("the removal of deal {n}").format(n=n))
    with save.guard():
        written = book.delete(n, commit=save.commit)
        removed = written.removed
        assert removed is not None
        with save.reported():
            _warn(written.warnings)
            if fmt == "json":
                from remikcalc.render import to_json

                click.echo(to_json({"file": file, "deleted": n,
                                    "removed": removed.describe()}))  # fmt: skip
                return
            from remikcalc.cli.sheet import _removed_words
            from remikcalc.render.sheet import render_sheet

            click.echo(_("Removed deal {n} of {file} ({what}).").format(
                n=n, file=file, what=_removed_words(removed)))  # fmt: skip
            click.echo(_("Typed again at the end, it would be: {command}").format(
                command=add_command(file, removed)))  # fmt: skip
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
    from remikcalc.session.book import open_sheet

    book = open_sheet(file)
    save = Save(file, _("the new name"))
    with save.guard():
        with as_bad_parameter():
            written = book.rename(old, new, commit=save.commit)
        player = written.player
        with save.reported():
            _warn(written.warnings)
            if fmt == "json":
                from remikcalc.render import to_json

                click.echo(to_json({"file": file, "renamed": {"from": player, "to": new},
                                    "changed": written.changed}))  # fmt: skip
                return
            if not written.changed:
                click.echo(_("{old} is already called {new}; {file} is unchanged.").format(
                    old=player, new=new, file=file))  # fmt: skip
                return
            click.echo(_("Renamed {old} to {new} in {file}.").format(old=player, new=new,
                                                                     file=file))  # fmt: skip
            click.echo("")
            click.echo(render_sheet(written.replay, fmt))
