"""Correcting a sheet at the table: ``edit`` (replace one entry) and ``rename`` (a player).

Both work like ``add``: under the sheet's lock, the whole sheet is replayed with the change in
place, and only a sheet that replays is saved (atomically, comments kept where possible). On
any error the file is left byte for byte as it was.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import click

from remikcalc.base.errors import DealError, RemikcalcError, SheetError
from remikcalc.base.i18n import _
from remikcalc.cli import prompts
from remikcalc.cli.common import output_options
from remikcalc.cli.entries import entry_from_options, entry_options
from remikcalc.cli.saving import Save
from remikcalc.cli.sheet import _must_exist, _print_added, unchanged
from remikcalc.rules.dealinput import name_key
from remikcalc.session import Replay, Step, replay
from remikcalc.sheet.model import DealEntry, Entry, ReentryEntry, Sheet

# --- edit ---------------------------------------------------------------------------------------


def _entry_number(sheet: Sheet, n: int, file: str) -> int:
    """The entry number of deal ``n`` as ``show`` numbers the deals (events, a re-entry, have
    no deal number); SheetError for a deal that is not there."""
    deals = [i for i, e in enumerate(sheet.entries, start=1) if not isinstance(e, ReentryEntry)]
    if not 1 <= n <= len(deals):
        if not deals:
            raise SheetError(
                _("{file} has no deals yet; there is no deal {n} to edit").format(file=file, n=n)
            )
        raise SheetError(
            _("{file} has deals 1 to {last}; there is no deal {n} to edit").format(
                file=file, last=len(deals), n=n
            )
        )
    return deals[n - 1]


def _before(sheet: Sheet, index: int) -> Replay:
    """The sheet replayed up to entry ``index`` (exclusive)."""
    return replay(sheet.with_entries(sheet.entries[: index - 1]))


def _replayed_with(
    sheet: Sheet, n: int, index: int, entry: Entry, file: str
) -> tuple[Entry, Step, Replay]:
    """Deal ``n`` (entry ``index``) replaced by ``entry``: its canonical form, its step and
    the whole replay.

    Raises the reason (with "FILE is unchanged") when the new entry, or a later one that no
    longer fits after it, cannot be scored.
    """
    state = _before(sheet, index)
    try:
        canonical, step = state.apply(entry)
    except RemikcalcError as exc:
        raise type(exc)(unchanged(exc, file)) from None
    deal = n
    for old in sheet.entries[index:]:
        if isinstance(old, ReentryEntry):
            message = _("with this as deal {n}, {player}'s re-entry after it no longer fits: "
                        "{problem}")  # fmt: skip
        else:
            deal += 1
            message = _("with this as deal {n}, deal {later} no longer fits: {problem}")
        try:
            state.apply(old)
        except RemikcalcError as exc:
            why = message.format(n=n, player=getattr(old, "player", ""), later=deal, problem=exc)
            raise type(exc)(unchanged(why, file)) from None
    return canonical, step, state


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
    from remikcalc.sheet import (
        load_sheet,
        locked,
        read_text,
        sheet_from_text,
        text_with_entry_replaced,
    )

    entry = entry_from_options(hands, score, reenter, deal)
    _must_exist(file)
    if isinstance(entry, DealEntry) and prompts.interactive():
        sheet = load_sheet(file)
        entry = prompts.complete(entry, _before(sheet, _entry_number(sheet, n, file)))
    if isinstance(entry, DealEntry) and entry.empty:
        raise DealError(
            _(
                "nothing to put in its place: give each player's cards as NAME=CARDS (with "
                "--closer), or the points as --score NAME=N, or --draw, or --reenter NAME"
            )
        )
    warnings: list[str] = []  # the comments not kept, said once the sheet is saved
    save = Save(file, _("the new entry {n}").format(n=n))
    with save.guard(), locked(file):
        text = read_text(file)
        sheet = sheet_from_text(text, file)
        index = _entry_number(sheet, n, file)
        # the entry keeps its notes (_work, ...): they are the players' own lines
        entry = dataclasses.replace(entry, notes=sheet.entries[index - 1].notes)
        canonical, step, state = _replayed_with(sheet, n, index, entry, file)
        new_text, _old = text_with_entry_replaced(text, index, canonical, file,
                                               warn=warnings.append)  # fmt: skip
        save.commit(text, new_text)
    for warning in warnings:
        click.echo(warning, err=True)
    if fmt == "json":
        from remikcalc.render import to_json
        from remikcalc.render.settlement import step_json
        from remikcalc.render.sheet import sheet_json

        click.echo(to_json({"edited": step_json(step), "sheet": sheet_json(state)}))
        return
    _print_added(state, step, fmt, verbose=verbose)


# --- rename -------------------------------------------------------------------------------------


def _renamed_entry(entry: Entry, old: str, new: str) -> Entry:
    def name(text: str) -> str:
        return new if name_key(text) == name_key(old) else text

    def keys(mapping: Any) -> Any:
        return None if mapping is None else {name(k): v for k, v in mapping.items()}

    if isinstance(entry, ReentryEntry):
        return dataclasses.replace(entry, player=name(entry.player))
    return dataclasses.replace(
        entry,
        closer=None if entry.closer is None else name(entry.closer),
        hands=keys(entry.hands),
        melded=keys(entry.melded),
        scores=keys(entry.scores),
    )


def _not_a_player(name: str, sheet: Sheet) -> str:
    """``rename``'s refusal of a name that is not a player, with the nearest name or the
    players (as the scoring words it for a deal)."""
    import difflib

    close = difflib.get_close_matches(name, list(sheet.players), n=1)
    if close:
        return _("player {name!r} is not a player of this sheet; did you mean {guess}?").format(
            name=name, guess=close[0]
        )
    return _("player {name!r} is not a player of this sheet; players: {players}").format(
        name=name, players=", ".join(sheet.players)
    )


def renamed(sheet: Sheet, old: str, new: str) -> tuple[Sheet, str]:
    """``sheet`` with the player ``old`` (matched ignoring case) called ``new`` everywhere,
    and the player's name as it was."""
    from remikcalc.games.deal import player_named
    from remikcalc.sheet.model import player_name_problem

    try:
        player = player_named(old, sheet.players)
    except DealError:
        raise DealError(_not_a_player(old, sheet)) from None
    why = player_name_problem(new)
    if why is not None:
        raise click.BadParameter(why, param_hint="NEW")
    clash = [p for p in sheet.players if p != player and name_key(p) == name_key(new)]
    if clash:
        raise click.BadParameter(
            _("{name} is already a player of this sheet (names are matched ignoring case)").format(
                name=clash[0]
            ),
            param_hint="NEW",
        )
    return dataclasses.replace(
        sheet,
        players=tuple(new if p == player else p for p in sheet.players),
        entries=tuple(_renamed_entry(e, player, new) for e in sheet.entries),
    ), player


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
    from remikcalc.sheet import locked, read_text, sheet_from_text, text_with_sheet

    _must_exist(file)
    warnings: list[str] = []
    save = Save(file, _("the new name"))
    with save.guard(), locked(file):
        text = read_text(file)
        sheet = sheet_from_text(text, file)
        replay(sheet)  # a sheet with problems is mended first, not renamed
        want, player = renamed(sheet, old, new)
        state = replay(want)
        changed = want != sheet
        if changed:
            save.commit(text, text_with_sheet(text, want, file, warn=warnings.append))
    for warning in warnings:
        click.echo(warning, err=True)
    if fmt == "json":
        from remikcalc.render import to_json

        click.echo(to_json({"file": file, "renamed": {"from": player, "to": new},
                            "changed": changed}))  # fmt: skip
        return
    if not changed:
        click.echo(_("{old} is already called {new}; {file} is unchanged.").format(
            old=player, new=new, file=file))  # fmt: skip
        return
    click.echo(_("Renamed {old} to {new} in {file}.").format(old=player, new=new, file=file))
    click.echo("")
    click.echo(render_sheet(state, fmt))
