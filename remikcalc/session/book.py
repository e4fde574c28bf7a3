"""The sheet book: a score sheet file written only through the library's own transactions.

Every write (:meth:`SheetFile.add`, ``edit``, ``delete``, ``undo``, ``rename``,
``set_stake``, and :func:`new_sheet`) is one transaction: under the sheet's lock the file is
read once, parsed once, replayed (a fork of the replay kept from the last read when the file
is as it was), changed, checked by loading the new text back, and saved atomically. The
command line and the score pad call these methods; a script can too (without click).

On any refusal the method raises a typed :class:`~remikcalc.base.errors.RemikcalcError` (its
``code`` says why) and the file is left byte for byte as it was; a refusal of what the change
would put in the sheet (a deal that cannot be scored, a later deal that no longer fits) names
the sheet in ``details["unchanged"]``. A write can be made conditional on the version it was
planned from (``version=``, the pad's optimistic concurrency): if the file changed since,
:class:`StaleSheet` is raised and nothing is written.

Every write but a rename has its dry run, ``preview_add``, ``preview_edit``,
``preview_delete``, ``preview_undo`` and ``preview_set_stake``: the same plan run on the file
as it is, on a fork of the kept replay, without the lock and without saving. The
:class:`Preview` holds the sheet replayed before and after, what changes
(:attr:`Preview.changes`, :mod:`remikcalc.session.changes`) and the version to
give the write so that it is refused if anything changed in between.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "g.yaml")
>>> book = new_sheet(path, variant="gin", players=["Anna", "Boris"])
>>> book.preview_add({"scores": {"Anna": 25}}).after.tally.totals
{'Anna': 25, 'Boris': 0}
>>> book.add({"scores": {"Anna": 25}}).step.totals
{'Anna': 25, 'Boris': 0}
>>> book.undo().removed.scores
{'Anna': 25}
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from remikcalc.base.errors import ArgumentError, RemikcalcError, SheetError
from remikcalc.base.i18n import _
from remikcalc.rules.dealinput import name_key
from remikcalc.session.edits import (
    entry_number,
    kept,
    money_settings,
    renamed,
    replayed_with,
    replayed_without,
    same_as_last,
    staked,
)
from remikcalc.session.replay import Replay, Step, replay
from remikcalc.sheet.files import Commit, locked, read_text
from remikcalc.sheet.model import (
    DealEntry,
    Entry,
    ReentryEntry,
    Sheet,
    player_name_problem,
    same_entry,
)
from remikcalc.sheet.splice import SheetText

if TYPE_CHECKING:
    from remikcalc.session.changes import Changes

__all__ = [
    "Before",
    "Preview",
    "SheetFile",
    "StaleSheet",
    "Written",
    "make_sheet",
    "new_sheet",
    "open_sheet",
]


class StaleSheet(SheetError):
    """The sheet changed since the version a write was planned from (``stale``); nothing was
    written."""


@dataclass(frozen=True, slots=True)
class Written:
    """What one write did: the sheet after it, and what it added, put in place or removed."""

    path: str
    #: the sheet replayed after the write (its ``sheet`` holds the entries written)
    replay: Replay
    #: the file's version after the write (:attr:`SheetFile.version`)
    version: str
    #: the entry added (``add``) or put in place (``edit``), scored
    step: Step | None = None
    #: the entry removed (``undo``, ``delete``) or replaced (``edit``)
    removed: Entry | None = None
    #: False when there was nothing to change (a rename to the name the player has)
    changed: bool = True
    #: said once the file is saved: e.g. the comments that could not be kept
    warnings: tuple[str, ...] = ()
    #: ``rename``: the player's name as it was
    player: str | None = None


@dataclass(frozen=True, slots=True)
class Preview:
    """What a write would do if it were made now, found without writing (the pad shows it
    before a player confirms, ``--dry-run`` prints it): the same plan as the write, run on the
    file as it is."""

    path: str
    #: the file's version the preview was made from: give it to the write (``version=``) so
    #: that the write is refused if the sheet changed since
    version: str
    #: the sheet replayed as it is (None when it does not load: a write may mend it)
    before: Replay | None
    #: the sheet replayed as the write would leave it
    after: Replay
    #: the entry the write would add (``add``) or put in place (``edit``), scored
    step: Step | None = None
    #: the entry the write would remove (``undo``, ``delete``) or replace (``edit``)
    removed: Entry | None = None
    #: the number of the first entry the write changes (from 1, events counted)
    start: int = 1
    #: the entry at ``start`` is taken out (``delete``, ``undo``) rather than replaced or added
    removes: bool = False

    @property
    def changes(self) -> Changes:
        """What the write would change, from entry :attr:`start` on (typed; worded by
        :mod:`remikcalc.render.changes`)."""
        from remikcalc.session.changes import changes

        return changes(self.before, self.after, self.start, removed=self.removes)


@dataclass(frozen=True, slots=True)
class Before:
    """The sheet replayed up to one entry (:meth:`SheetFile.before`): the players still in
    and the rules while that entry is typed again. Given back to :meth:`SheetFile.edit`
    (``before=``), it spares replaying those entries again when the file is unchanged."""

    version: str
    #: the entry's number (from 1, events counted)
    index: int
    replay: Replay


@dataclass(frozen=True, slots=True)
class _Planned:
    """A write's plan carried out on a replay: the new text (None: nothing to change) and
    what the write does."""

    text: SheetText | None
    replay: Replay
    step: Step | None = None
    removed: Entry | None = None
    changed: bool = True
    player: str | None = None
    start: int = 1
    removes: bool = False


#: a write's plan: from the transaction in progress, what the write would do
_Plan = Callable[["_Change"], _Planned]


def version_of(text: str) -> str:
    """The version of a sheet's text: a short digest of its bytes, so it changes whenever
    the text does, by whoever changed it."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


def _as_entry(entry: Entry | Mapping[str, Any]) -> Entry:
    if isinstance(entry, DealEntry | ReentryEntry):
        return entry
    from remikcalc.sheet.read import entry_from_data

    return entry_from_data(entry)


@dataclass(frozen=True, slots=True)
class _Read:
    """A sheet as last read or written: its file's identity, version, parsed text, replay."""

    identity: tuple[int, int, int, int]
    version: str
    text: SheetText
    replay: Replay


class _Change:
    """One transaction in progress: the text read (parsed once, or as it was kept), the sheet
    it holds, and the warnings to give once it is saved."""

    def __init__(self, read: SheetText, warnings: list[str], kept: _Read | None) -> None:
        self.kept = kept
        self.read = read
        self.warnings = warnings

    @property
    def sheet(self) -> Sheet:
        return self.read.sheet

    def replay(self) -> Replay:
        """The whole sheet replayed, to score more into: a fork of the kept replay when the
        file is as it was last read, else a fresh replay."""
        if self.kept is not None:
            return self.kept.replay.fork()
        return replay(self.sheet)


class SheetFile:
    """A score sheet file. Reading it is cached by the file's identity; every write is one
    locked, atomic transaction (see the module's docstring)."""

    def __init__(self, path: str | os.PathLike[str], name: str | None = None) -> None:
        self.path = os.fspath(path)
        #: how messages name the sheet (the path as given, or what a server shows of it)
        self.name = self.path if name is None else name
        self._kept: _Read | None = None
        self._text: SheetText | None = None  # the text last parsed (see _parsed)

    def __repr__(self) -> str:
        return f"SheetFile({self.path!r})"

    # --- reading ----------------------------------------------------------------------------

    def _identity(self) -> tuple[int, int, int, int] | None:
        try:
            info = os.stat(self.path)
        except OSError:
            return None
        return info.st_dev, info.st_ino, info.st_mtime_ns, info.st_size

    def _parsed(self, text: str) -> SheetText:
        """``text`` parsed; as it was parsed last when it is the same text (``edit`` on a
        terminal reads the sheet to ask, then to write: a 1 MiB sheet is parsed once)."""
        last = self._text
        if last is not None and last.text == text:
            return last
        parsed = SheetText.parse(text, self.name)
        self._text = parsed
        return parsed

    def load(self) -> tuple[str, Replay]:
        """The file's version and its replay. Kept while the file's identity (device, inode,
        modification time, size) stays the same, so reading an unchanged sheet again costs a
        ``stat``; a change by anyone (another process, the CLI) is seen at the next call."""
        kept = self._current()
        if kept is not None:
            return kept.version, kept.replay
        identity = self._identity()
        text = read_text(self.path)
        parsed = self._parsed(text)
        state = replay(parsed.sheet)
        version = version_of(text)
        if identity is not None and identity == self._identity():
            self._kept = _Read(identity, version, parsed, state)
        return version, state

    def _current(self) -> _Read | None:
        """The kept read, if the file is still the one it was read from."""
        kept = self._kept
        if kept is not None and kept.identity == self._identity():
            return kept
        return None

    def replay(self) -> Replay:
        """The sheet replayed (see :meth:`load`); treat it as read-only."""
        return self.load()[1]

    @property
    def version(self) -> str:
        """An opaque text that changes whenever the file changes."""
        try:
            return self.load()[0]
        except RemikcalcError:  # a sheet that does not load still has a version
            return version_of(read_text(self.path))

    def before(self, n: int, *, event: bool = False) -> Before:
        """The sheet replayed up to deal ``n`` (numbered as ``show`` numbers the deals; with
        ``event``, the ``n``-th event), to know the players in and the rules while it is typed
        again; treat its replay as read-only."""
        text = read_text(self.path)
        parsed = self._parsed(text)
        index = entry_number(parsed.sheet, n, self.name, event=event)
        state = replay(parsed.sheet.with_entries(parsed.sheet.entries[: index - 1]))
        return Before(version_of(text), index, state)

    def entry(self, n: int, *, event: bool = False) -> Entry:
        """Deal ``n`` as the sheet holds it (with ``event``, the ``n``-th event)."""
        sheet = self._parsed(read_text(self.path)).sheet
        return sheet.entries[entry_number(sheet, n, self.name, event=event) - 1]

    # --- the transaction --------------------------------------------------------------------

    def _write(
        self,
        plan: _Plan,
        *,
        version: str | None,
        commit: Commit | None,
    ) -> Written:
        """Under the lock: read, check the version, plan the new text, save it (unless there
        is nothing to change); then keep the new text and replay for the next read or write."""
        _must_be_a_file(self.path)
        commit = Commit() if commit is None else commit
        warnings: list[str] = []
        with locked(self.path):
            text = read_text(self.path)
            commit.before = text
            current = version_of(text)
            if version is not None and version != current:
                raise StaleSheet(
                    _("{file} has changed since it was read; nothing was written").format(
                        file=self.name
                    ),
                    code="stale",
                )
            kept = self._kept if self._kept is not None and self._kept.version == current else None
            read = kept.text if kept is not None else self._parsed(text)
            planned = plan(_Change(read, warnings, kept))
            new = planned.text
            if new is not None and new.text != text:
                commit.save(self.path, new.text)
        identity = self._identity()
        self._kept = None
        new_version = current if new is None else version_of(new.text)
        if new is not None and identity is not None:
            self._kept = _Read(identity, new_version, new, planned.replay)
            self._text = new
        return Written(
            self.path,
            planned.replay,
            new_version,
            step=planned.step,
            removed=planned.removed,
            changed=planned.changed,
            warnings=tuple(warnings),
            player=planned.player,
        )

    def _dry(self, plan: _Plan) -> Preview:
        """Run a write's ``plan`` on the file as it is, on a fork of the kept replay, without
        the lock and without saving: what the write would do now (it raises what the write
        would raise)."""
        _must_be_a_file(self.path)
        before: Replay | None
        try:
            version, before = self.load()  # kept: a stat when the file is unchanged
        except RemikcalcError:
            before = None
        kept = self._current()
        if kept is not None:
            version, change = kept.version, _Change(kept.text, [], kept)
        else:  # a sheet that does not load: the plan replays the text itself
            text = read_text(self.path)
            version, change = version_of(text), _Change(self._parsed(text), [], None)
        planned = plan(change)
        return Preview(
            self.path,
            version,
            before,
            planned.replay,
            planned.step,
            planned.removed,
            planned.start,
            planned.removes,
        )

    @contextlib.contextmanager
    def _refusing(self) -> Iterator[None]:
        """A refusal of what the change would put in the sheet names the sheet it leaves
        unchanged (``details["unchanged"]``: the command line says so)."""
        try:
            yield
        except RemikcalcError as exc:
            exc.details.setdefault("unchanged", self.name)
            raise

    def add(
        self,
        entry: Entry | Mapping[str, Any],
        *,
        again: bool = False,
        version: str | None = None,
        commit: Commit | None = None,
    ) -> Written:
        """Score one more entry and append it. A deal the same as the last entry is refused
        (``same_as_last``) unless ``again`` (typed twice by mistake?)."""
        return self._write(self._adding(entry, again=again), version=version, commit=commit)

    def preview_add(self, entry: Entry | Mapping[str, Any], *, again: bool = False) -> Preview:
        """What :meth:`add` would do now, without writing; refused as :meth:`add` is."""
        return self._dry(self._adding(entry, again=again))

    def _adding(self, entry: Entry | Mapping[str, Any], *, again: bool) -> _Plan:
        wanted = _as_entry(entry)

        def plan(change: _Change) -> _Planned:
            from remikcalc.sheet.splice import with_entry

            state = change.replay()
            last = state.steps[-1] if state.steps else None
            with self._refusing():
                canonical, step = state.apply(wanted)
                if last is not None and not again and same_entry(canonical, last.entry):
                    raise same_as_last(state, last)
            text = with_entry(change.read, canonical, change.warnings.append)
            return _Planned(text, state, step=step, start=step.n)

        return plan

    def edit(
        self,
        n: int,
        entry: Entry | Mapping[str, Any],
        *,
        keep: bool = False,
        event: bool = False,
        before: Before | None = None,
        version: str | None = None,
        commit: Commit | None = None,
    ) -> Written:
        """Replace deal ``n`` (numbered as ``show`` numbers the deals, from 1; with ``event``,
        the ``n``-th event, ``e1`` in ``show``) with ``entry``, checked as :meth:`add` checks
        it; every later entry must still fit after it. The entry's notes are kept.

        With ``keep``, ``entry`` holds only what changes (:func:`kept`): a hand given replaces
        that player's hand, and the closer, the outcome, the other hands and the other inputs
        stay as deal ``n`` has them. ``before``: what :meth:`before` gave for this deal, used
        when the file has not changed since (it spares replaying the deals before it)."""
        plan = self._editing(n, entry, keep=keep, event=event, before=before)
        return self._write(plan, version=version, commit=commit)

    def preview_edit(
        self,
        n: int,
        entry: Entry | Mapping[str, Any],
        *,
        keep: bool = False,
        event: bool = False,
        before: Before | None = None,
    ) -> Preview:
        """What :meth:`edit` would do now, without writing; refused as :meth:`edit` is."""
        return self._dry(self._editing(n, entry, keep=keep, event=event, before=before))

    def _editing(
        self,
        n: int,
        entry: Entry | Mapping[str, Any],
        *,
        keep: bool,
        event: bool,
        before: Before | None,
    ) -> _Plan:
        wanted = _as_entry(entry)

        def plan(change: _Change) -> _Planned:
            from remikcalc.sheet.splice import with_entry_replaced

            sheet = change.sheet
            index = entry_number(sheet, n, self.name, event=event)
            old = sheet.entries[index - 1]
            new = kept(old, wanted, sheet.game_rules()) if keep else wanted
            new = dataclasses.replace(new, notes=old.notes)  # the players' own lines
            fits = (
                before is not None
                and before.index == index
                and before.version == version_of(change.read.text)
            )
            with self._refusing():
                canonical, step, state = replayed_with(
                    sheet,
                    n,
                    index,
                    new,
                    self.name,
                    event=event,
                    start=before.replay if fits and before is not None else None,
                )
            text = with_entry_replaced(change.read, index, canonical, change.warnings.append)
            return _Planned(text, state, step=step, removed=old, start=index)

        return plan

    def delete(
        self,
        n: int,
        *,
        event: bool = False,
        version: str | None = None,
        commit: Commit | None = None,
    ) -> Written:
        """Remove deal ``n`` (numbered as ``show`` numbers the deals; with ``event``, the
        ``n``-th event) and score again what follows it; refused, as :meth:`edit` is, when a
        later entry no longer fits."""
        return self._write(self._deleting(n, event=event), version=version, commit=commit)

    def preview_delete(self, n: int, *, event: bool = False) -> Preview:
        """What :meth:`delete` would do now, without writing; refused as :meth:`delete` is."""
        return self._dry(self._deleting(n, event=event))

    def _deleting(self, n: int, *, event: bool) -> _Plan:
        def plan(change: _Change) -> _Planned:
            from remikcalc.sheet.splice import without_entry

            sheet = change.sheet
            index = entry_number(sheet, n, self.name, doing="delete", event=event)
            with self._refusing():
                state = replayed_without(sheet, n, index, self.name, event=event)
            text = without_entry(change.read, index, change.warnings.append)
            removed = sheet.entries[index - 1]
            return _Planned(text, state, removed=removed, start=index, removes=True)

        return plan

    def undo(self, *, version: str | None = None, commit: Commit | None = None) -> Written:
        """Remove the last entry (a deal or an event). Refused if the sheet without it would
        still not load (the problem is earlier: mend it with :meth:`edit` or :meth:`delete`)."""
        return self._write(self._undoing(), version=version, commit=commit)

    def preview_undo(self) -> Preview:
        """What :meth:`undo` would do now, without writing; refused as :meth:`undo` is."""
        return self._dry(self._undoing())

    def _undoing(self) -> _Plan:
        def plan(change: _Change) -> _Planned:
            from remikcalc.sheet.splice import without_entry

            sheet = change.sheet
            if not sheet.entries:
                raise SheetError(
                    _("{name}: the sheet has no deals; there is nothing to undo").format(
                        name=self.name
                    ),
                    code="nothing_to_undo",
                )
            rest = sheet.with_entries(sheet.entries[:-1])
            try:
                state = replay(rest)
            except RemikcalcError as exc:
                raise SheetError(
                    _(
                        "without its last entry the sheet would still not load; mend the "
                        "deal named below first:\n{problem}"
                    ).format(problem=exc),
                    code="still_broken",
                    details={"problem": str(exc), "unchanged": self.name},
                    quoted=(exc,),
                ) from None
            text = without_entry(change.read, len(sheet.entries), change.warnings.append)
            last = len(sheet.entries)
            return _Planned(text, state, removed=sheet.entries[-1], start=last, removes=True)

        return plan

    def rename(
        self, old: str, new: str, *, version: str | None = None, commit: Commit | None = None
    ) -> Written:
        """Rename the player ``old`` (any case) to ``new`` everywhere in the sheet: the
        players, hands, melds, scores, closers and re-entries. ``changed`` is False when the
        player already has that name."""

        def plan(change: _Change) -> _Planned:
            from remikcalc.sheet.splice import with_sheet

            sheet = change.sheet
            # the renamed sheet scores exactly when the sheet does (names are checked on reading;
            # scoring reads no spelling): the sheet is replayed only to say its own problem first
            try:
                want, player = renamed(sheet, old, new)
                state = replay(want)
            except RemikcalcError:
                replay(sheet)
                raise
            if want == sheet:
                return _Planned(None, state, changed=False, player=player)
            text = with_sheet(change.read, want, change.warnings.append)
            return _Planned(text, state, player=player)

        return self._write(plan, version=version, commit=commit)

    def set_stake(
        self,
        stake: str | Decimal,
        currency: str | None = None,
        *,
        version: str | None = None,
        commit: Commit | None = None,
    ) -> Written:
        """Give the sheet a stake (money per point; in remik bridge, per stake), or another
        one, and where ``currency`` is given that currency (else the sheet keeps its own). The
        stake is read as a person types it (``"0,50"``; :func:`money_settings`); the money of
        every deal so far follows from it, the points stay. Refused, the file unchanged, on a
        stake or currency that cannot be read, and on a sheet that does not load. ``changed``
        is False when the sheet has that stake and currency already."""
        return self._write(self._staking(stake, currency), version=version, commit=commit)

    def preview_set_stake(self, stake: str | Decimal, currency: str | None = None) -> Preview:
        """What :meth:`set_stake` would do now, without writing; refused as it is."""
        return self._dry(self._staking(stake, currency))

    def _staking(self, stake: str | Decimal, currency: str | None) -> _Plan:
        def plan(change: _Change) -> _Planned:
            from remikcalc.sheet.splice import with_settings

            sheet = change.sheet
            want = staked(sheet, stake, currency)
            state = change.replay()  # a sheet that does not load is refused as it stands
            if want == sheet:
                return _Planned(None, state, changed=False)
            # the stake moves no point: the same steps and tally, under the new settings
            after = Replay(want, state.rules, state.tally, state.steps)
            text = with_settings(change.read, want, change.warnings.append)
            return _Planned(text, after, start=len(sheet.entries) + 1)

        return plan


def open_sheet(path: str | os.PathLike[str]) -> SheetFile:
    """The score sheet at ``path``: a regular file (SheetError otherwise). Its entries are
    read when first used, so that a sheet with a problem can still be mended."""
    _must_be_a_file(os.fspath(path))
    return SheetFile(path)


def _must_be_a_file(path: str) -> None:
    """Refuse early (before a lock file is made) when the sheet is not there."""
    if not os.path.isfile(path):
        read_text(path)  # raises the right message: no such sheet, a folder, ...
        raise SheetError(
            _("{file} is not a regular file").format(file=path), code="not_a_file", field="file"
        )


# --- new ----------------------------------------------------------------------------------------


def _players(players: Sequence[str] | str) -> tuple[str, ...]:
    names = [p.strip() for p in (players.split(",") if isinstance(players, str) else players)]
    for name in names:
        why = player_name_problem(name)
        if why is not None:
            raise ArgumentError(why, code="bad_name", field="players", player=name)
    if len({name_key(n) for n in names}) != len(names):
        raise ArgumentError(_("a player is named twice"), code="name_twice", field="players")
    return tuple(names)


def make_sheet(
    *,
    variant: str,
    players: Sequence[str] | str,
    preset: str | None = None,
    rules: Mapping[str, object] | Sequence[str] | None = None,
    stake: str | None = None,
    currency: str | None = None,
    decimals: int | None = None,
    title: str | None = None,
    dealer: str | None = None,
) -> Sheet:
    """A new sheet's settings, checked as the reader checks a file's (ArgumentError naming
    the argument, RulesError for the variant, preset and rules). ``rules`` are house rules: a
    mapping of rule key to value, or ``KEY=VALUE`` texts as ``--rule`` takes them; ``dealer``
    the first dealer, one of the players (ArgumentError ``dealer`` otherwise)."""
    from remikcalc.rules.overrides import parse_override
    from remikcalc.rules.variants import find_variant
    from remikcalc.sheet.model import dealer_named, title_problem

    if title is not None and (why := title_problem(title)) is not None:
        raise ArgumentError(why, code="bad_title", field="title")
    _none, currency = money_settings(None, currency, decimals)  # the currency's refusal first
    spec = find_variant(variant)
    names = _players(players)
    settings: dict[str, str] = {}
    items = (
        [f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in rules.items()]
        if isinstance(rules, Mapping)
        else list(rules or ())
    )
    for item in items:  # KEY=VALUE (or KEY:VALUE) as --rule takes them
        key, _value = parse_override(item)
        settings[key] = item.partition("=" if "=" in item else ":")[2].strip()
    amount, currency = money_settings(stake, currency, decimals)
    sheet = Sheet(
        variant=spec.name,
        players=names,
        dealer=None if dealer is None else dealer_named(dealer, names),
        preset=None if preset is None else preset.strip().lower(),
        rules=settings,
        stake=amount,
        currency=currency,
        decimals=decimals,
        title=title,
    )
    sheet.game_rules()  # unknown preset, bad rule values, wrong number of players
    return sheet


def new_sheet(
    path: str | os.PathLike[str],
    *,
    variant: str,
    players: Sequence[str] | str,
    preset: str | None = None,
    rules: Mapping[str, object] | Sequence[str] | None = None,
    stake: str | None = None,
    currency: str | None = None,
    decimals: int | None = None,
    title: str | None = None,
    dealer: str | None = None,
    force: bool = False,
    commit: Commit | None = None,
) -> SheetFile:
    """Start the score sheet ``path`` (YAML) for a variant and its players; an existing file
    is refused unless ``force``. The settings are checked as :func:`make_sheet` checks them."""
    from remikcalc.sheet.write import dump_sheet

    sheet = make_sheet(
        variant=variant,
        players=players,
        preset=preset,
        rules=rules,
        stake=stake,
        currency=currency,
        decimals=decimals,
        title=title,
        dealer=dealer,
    )
    name = os.fspath(path)
    commit = Commit() if commit is None else commit
    with locked(name):
        if os.path.lexists(name) and not force:
            raise SheetError(
                _("{file} already exists").format(file=name),
                code="sheet_exists",
                field="file",
                details={"file": name},
            )
        commit.before = _text_or_none(name)
        commit.save(name, dump_sheet(sheet))
    return SheetFile(name)


def _text_or_none(path: str) -> str | None:
    """The file's text if it is a UTF-8 file that can be read (what ``--force`` replaces)."""
    try:
        with open(path, "rb") as fh:
            return fh.read().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
