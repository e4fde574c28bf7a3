"""What a write changes, in words: the typed :class:`~remikcalc.session.changes.Changes` of a
dry run as the pad shows it (each value before and after, as text), as ``--dry-run`` prints it
(lines), and as JSON (``"changes"`` of ``--dry-run --format json`` and of the pad's JSON API).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from remikcalc.base.i18n import _, ngettext
from remikcalc.base.money import amount_text
from remikcalc.base.numtext import money_text, number_text, signed, signed_text
from remikcalc.render.deal import sign_doubt_text
from remikcalc.render.sheet import entry_text
from remikcalc.scoring.result import DealResult
from remikcalc.session.changes import (
    Change,
    Changes,
    GameChange,
    GameSpan,
    PlayerChange,
    RowChange,
    Score,
    Total,
    Winner,
)
from remikcalc.session.replay import Replay, Step
from remikcalc.sheet.model import DealEntry, Sheet

__all__ = [
    "Cell",
    "ChangesText",
    "DealRecord",
    "PlayerCells",
    "RecordLine",
    "RowText",
    "changes_json",
    "changes_lines",
    "changes_text",
    "deal_record",
    "game_lines",
    "headline",
]


@dataclass(frozen=True, slots=True)
class Cell:
    """One value before and after, as text (None: there is none on that side)."""

    before: str | None
    after: str | None

    @property
    def changed(self) -> bool:
        return self.before != self.after


@dataclass(frozen=True, slots=True)
class PlayerCells:
    """One player's values in a row, or at the sheet's end, as text."""

    name: str
    score: Cell
    total: Cell
    money: Cell | None = None

    @property
    def changed(self) -> bool:
        cells = (self.score, self.total, *(() if self.money is None else (self.money,)))
        return any(c.changed for c in cells)


@dataclass(frozen=True, slots=True)
class RowText:
    """One row of :class:`ChangesText`: what the entry is, and each player's cells."""

    kind: str
    deal: int | None = None
    what: Cell | None = None
    players: tuple[PlayerCells, ...] = ()
    first: int | None = None
    last: int | None = None
    count: int = 0


@dataclass(frozen=True, slots=True)
class ChangesText:
    """:class:`~remikcalc.session.changes.Changes` in words, field for field."""

    rows: tuple[RowText, ...]
    games: tuple[str, ...]
    out: Cell | None
    winner: Cell
    pool: Cell | None
    totals: tuple[PlayerCells, ...]
    money_kind: str
    renumbered: str | None
    changed: bool


def _cell(change: Change[Any], text: Any) -> Cell:
    return Cell(
        None if change.before is None else text(change.before),
        None if change.after is None else text(change.after),
    )


def _score(value: Score) -> str:
    if value == "reenters":
        return _("re-enters")
    assert isinstance(value, int)
    return signed_text(value)


def _score_cell(change: Change[Score], present: Change[Any]) -> Cell:
    """A score before and after; an entry that is there with no score for the player (an
    event) reads as empty, an entry that is not there as nothing."""

    def side(value: Score, there: object) -> str | None:
        if there is None:
            return None
        return "" if value is None else _score(value)

    return Cell(side(change.before, present.before), side(change.after, present.after))


def _total(total: Total) -> str:
    text = number_text(total.points)
    return _("{total} out").format(total=text) if total.out else text


def _winner(winner: Winner) -> str:
    if winner.name:
        return winner.name
    return _("a shared win") if winner.finished else "—"


def _amount(sheet: Sheet, money: bool) -> Any:
    def text(value: Decimal | Fraction) -> str:
        if money:
            return money_text(value, sheet.currency, sheet.minor_digits)
        return number_text(value)

    return text


def _player(player: PlayerChange, present: Change[Any], amount: Any = None) -> PlayerCells:
    return PlayerCells(
        player.name,
        _score_cell(player.score, present),
        _cell(player.total, _total),
        None if player.money is None or amount is None else _cell(player.money, amount),
    )


def _row(row: RowChange) -> RowText:
    if row.step is None:
        return RowText(row.kind, row.deal, first=row.first, last=row.last, count=row.count)
    return RowText(
        row.kind,
        row.deal,
        _cell(row.step, entry_text),
        tuple(_player(p, row.step) for p in row.players),
    )


def game_lines(games: tuple[GameChange, ...]) -> tuple[str, ...]:
    """Where games now start and end, one sentence each."""
    lines: list[str] = []
    for change in games:
        game, old, new = change.game, change.before, change.after
        if game > 1:
            if old is not None and new is not None and old.start != new.start:
                lines.append(
                    _("Game {game} starts at deal {new} instead of deal {old}.").format(
                        game=game, new=new.start, old=old.start
                    )
                )
            elif new is not None and old is None:
                lines.append(
                    _("Game {game} now starts at deal {new}.").format(game=game, new=new.start)
                )
            elif old is not None and new is None:
                lines.append(
                    _("There is no game {game} any more (it started at deal {old}).").format(
                        game=game, old=old.start
                    )
                )
        if old is None or new is None or old.end == new.end:
            continue
        if old.end is not None and new.end is not None:
            line = _("Game {game} now ends at deal {new} instead of deal {old}.")
        elif new.end is not None:
            line = _("Game {game} now ends at deal {new}.")
        else:
            line = _("Game {game} no longer ends at deal {old}: it goes on.")
        lines.append(line.format(game=game, new=new.end, old=old.end))
    return tuple(lines)


def changes_text(changes: Changes, sheet: Sheet) -> ChangesText:
    """``changes`` in words, for a page that lays it out (the pad's "What changes")."""
    amount = _amount(sheet, changes.money_kind == "money")
    everyone = Change(True, True)  # at the sheet's end every player is there
    renumbered = None
    if changes.renumbered:
        renumbered = _(
            "Deal numbers here are the sheet's as it is now: once it is removed, the deals "
            "after it move up one number."
        )
    return ChangesText(
        rows=tuple(_row(r) for r in changes.rows),
        games=game_lines(changes.games),
        out=None
        if changes.out is None
        else _cell(changes.out, lambda names: ", ".join(names) or _("nobody")),
        winner=_cell(changes.winner, _winner),
        pool=None if changes.pool is None else _cell(changes.pool, number_text),
        totals=tuple(_player(p, everyone, amount) for p in changes.totals),
        money_kind=changes.money_kind,
        renumbered=renumbered,
        changed=changes.changed,
    )


@dataclass(frozen=True, slots=True)
class RecordLine:
    """One player of a deal as a page shows it before Save: the deal's score, the total and
    the money so far at the sheet's end (each before and after, as text; signed)."""

    name: str
    score: Cell
    total: Cell
    #: None without a stake (no money to show)
    money: Cell | None = None


@dataclass(frozen=True, slots=True)
class DealRecord:
    """What one deal added or put in place will record, in the sheet's words: what it is
    ("Anna went out"), who collects what, each new total and, with a stake, the money so far;
    and where games now start or end. Made from a dry run's ``changes`` and ``step``."""

    #: ``added`` (a new deal) or ``changed`` (an edit; ``same`` when nothing of it changes)
    kind: str
    #: the deal's number as the sheet will show it
    deal: int | None
    what: Cell
    players: tuple[RecordLine, ...]
    games: tuple[str, ...] = ()
    #: what the pool holds (stakes), where the variant has one
    pool: Cell | None = None
    #: final scores typed with a sign the game never gives (:func:`sign_doubt_text`): ask
    #: the players to look again before saving ("" when none)
    doubt: str = ""


def deal_record(changes: Changes, step: Step, after: Replay) -> DealRecord:
    """What the deal ``step`` (a dry run's :attr:`~remikcalc.session.book.Preview.step`) will
    record, with the dry run's ``changes`` (of an add or an edit) and the sheet ``after`` it:
    its words and scores as the sheet shows them, each player's total and money at the sheet's
    end, and the signs to check of final scores."""
    sheet = after.sheet
    row = changes.rows[0] if changes.rows else None
    result = step.result
    players = tuple(result.scores) if isinstance(result, DealResult) else sheet.players
    money = changes.money_kind == "money"

    def money_cell(player: PlayerChange) -> Cell | None:
        if not money or player.money is None:
            return None

        def text(value: Decimal | Fraction) -> str:
            return signed(money_text(value, sheet.currency, sheet.minor_digits), value)

        return _cell(player.money, text)

    scores: dict[str, Cell] = {}
    kind: str
    if row is not None and row.kind != "same" and row.step is not None:
        kind, deal, what = row.kind, row.deal, _cell(row.step, entry_text)
        scores = {p.name: _score_cell(p.score, row.step) for p in row.players}
    else:  # an edit that leaves the deal as it is
        now = entry_text(step)
        kind, deal, what = "same", None if row is None else row.first, Cell(now, now)
    if not scores:
        for name in players:
            text = _score(result.scores.get(name, 0)) if isinstance(result, DealResult) else ""
            scores[name] = Cell(text, text)
    ends = {p.name: p for p in changes.totals}
    lines = tuple(
        RecordLine(
            name,
            scores.get(name, Cell(None, None)),
            _cell(ends[name].total, _total),
            money_cell(ends[name]),
        )
        for name in players
        if name in ends
    )
    pool = None if changes.pool is None else _cell(changes.pool, number_text)
    entry = step.entry
    doubt = sign_doubt_text(after.rules, entry) if isinstance(entry, DealEntry) else ""
    return DealRecord(kind, deal, what, lines, game_lines(changes.games), pool, doubt)


def _arrow(before: str | None, after: str | None) -> str:
    """``12 → 17``, or the value alone when it does not change."""
    if before == after or before is None:
        return after or ""
    return f"{before} → {after if after is not None else '—'}"


def _row_line(row: RowText) -> str | None:
    """One deal that changes, in a line: what it is and each player's score (only what moves
    is shown with an arrow); None for a deal whose own scores stay (its totals move)."""
    assert row.what is not None
    head = _("Deal {n}").format(n=row.deal) if row.deal is not None else _("Event")
    sides: tuple[str, ...]
    if row.kind == "added":
        head, sides = _("{deal} (added)").format(deal=head), ("after",)
    elif row.kind == "removed":
        head, sides = _("{deal} (removed)").format(deal=head), ("before",)
    else:
        if not row.what.changed and not any(p.score.changed for p in row.players):
            return None
        sides = ("before", "after")

    def shown(cell: Cell) -> str:
        if len(sides) == 1:
            return getattr(cell, sides[0]) or ""
        return _arrow(cell.before, cell.after)

    scores = ", ".join(f"{p.name} {shown(p.score)}" for p in row.players if shown(p.score))
    return f"{head}: {shown(row.what)}" + (f"; {scores}" if scores else "")


def changes_lines(changes: Changes, sheet: Sheet) -> list[str]:
    """What a write changes, as the command line prints it for ``--dry-run``: the games that
    start or end elsewhere, the deals whose scores change, each player's total and money at
    the end, the winner, who is out, the pool."""
    text = changes_text(changes, sheet)
    if not text.changed:
        return [_("Nothing changes: the sheet stays as it is.")]
    lines = [_("What changes:")]
    lines.extend(f"  {line}" for line in text.games)
    lines.extend(f"  {line}" for row in text.rows if row.what and (line := _row_line(row)))
    money = changes.money_kind == "money"

    def amount(value: Decimal | Fraction | None) -> str | None:
        if value is None:
            return None
        shown = money_text(value, sheet.currency, sheet.minor_digits) if money else None
        return signed(shown if shown is not None else number_text(value), value)

    label = _("money so far") if money else _("net so far")
    parts = []
    for player, cells in zip(changes.totals, text.totals, strict=True):
        part = f"{player.name} {_arrow(cells.total.before, cells.total.after)}"
        if player.money is not None:
            moved = _arrow(amount(player.money.before), amount(player.money.after))
            part += f" ({label} {moved})"
        parts.append(part)
    lines.append("  " + _("Totals: {totals}").format(totals="; ".join(parts)))
    if text.winner.changed or text.winner.after not in (None, "—"):
        lines.append(
            "  "
            + _("Winner: {winner}").format(winner=_arrow(text.winner.before, text.winner.after))
        )
    if text.out is not None and text.out.changed:
        lines.append("  " + _("Out: {out}").format(out=_arrow(text.out.before, text.out.after)))
    if text.pool is not None and text.pool.changed:
        pool = _arrow(text.pool.before, text.pool.after)
        lines.append("  " + _("Pool (stakes): {pool}").format(pool=pool))
    if text.renumbered:
        lines.append("  " + text.renumbered)
    return lines


def _pair(change: Change[Any], value: Any) -> dict[str, Any]:
    return {
        "before": None if change.before is None else value(change.before),
        "after": None if change.after is None else value(change.after),
    }


def _json_score(value: Score) -> int | str | None:
    return value


def _span(span: GameSpan) -> dict[str, int | None]:
    return {"start": span.start, "end": span.end}


def changes_json(changes: Changes, sheet: Sheet) -> dict[str, Any]:
    """``changes`` as JSON: English codes and exact numbers, money as decimal strings."""
    from remikcalc.render.settlement_json import step_json

    def total(t: Total) -> dict[str, Any]:
        return {"points": t.points, "out": t.out}

    def money(value: Decimal | Fraction) -> str:
        places = sheet.minor_digits if changes.money_kind == "money" else None
        return amount_text(value, places)

    rows: list[dict[str, Any]] = []
    for row in changes.rows:
        if row.kind == "same":
            rows.append({"kind": "same", "first": row.first, "last": row.last, "count": row.count})
            continue
        assert row.step is not None
        rows.append(
            {
                "kind": row.kind,
                "deal": row.deal,
                "before": None if row.step.before is None else step_json(row.step.before),
                "after": None if row.step.after is None else step_json(row.step.after),
                "players": {
                    p.name: {"score": _pair(p.score, _json_score), "total": _pair(p.total, total)}
                    for p in row.players
                },
            }
        )
    key = "money" if changes.money_kind == "money" else "net"
    out: dict[str, Any] = {
        "changed": changes.changed,
        "entries": rows,
        "games": [
            {
                "game": g.game,
                "before": None if g.before is None else _span(g.before),
                "after": None if g.after is None else _span(g.after),
            }
            for g in changes.games
        ],
        "totals": {p.name: _pair(p.total, total) for p in changes.totals},
        key: {p.name: _pair(p.money, money) for p in changes.totals if p.money is not None},
        "winner": _pair(changes.winner, lambda w: {"name": w.name, "finished": w.finished}),
        "renumbered": changes.renumbered,
    }
    if changes.out is not None:
        out["out"] = _pair(changes.out, list)
    if changes.pool is not None:
        out["pool"] = _pair(changes.pool, amount_text)
    return out


def _deals_words(deals: list[int]) -> str:
    return str(deals[0]) if len(deals) == 1 else f"{deals[0]}–{deals[-1]}"


def headline(rows: Sequence[RowChange]) -> tuple[str, int | None]:
    """One line for a live page: what another phone or a terminal changed ("Deal 7 added",
    "Deal 3 changed", "Deals 5–6 removed"), from the rows of
    :func:`~remikcalc.session.changes.rows_between`, and the deal it points at (None: none to
    point at). Nothing known, or a change of several kinds at once, is "The sheet has
    changed." """
    added = [r for r in rows if r.kind == "added"]
    removed = [r for r in rows if r.kind == "removed"]
    edited = [r for r in rows if r.edited]
    if added and not removed and not edited:
        deals = [r.deal for r in added if r.deal is not None]
        if not deals:
            line = ngettext("{n} re-entry added", "{n} re-entries added", len(added))
            return line.format(n=len(added)), None
        line = ngettext("Deal {deals} added", "Deals {deals} added", len(deals))
        return line.format(deals=_deals_words(deals)), deals[-1]
    if removed and not added and not edited:
        deals = [r.deal for r in removed if r.deal is not None]
        if not deals:
            return _("A re-entry was removed."), None
        line = ngettext("Deal {deals} removed", "Deals {deals} removed", len(deals))
        return line.format(deals=_deals_words(deals)), None
    if len(edited) == 1 and not added and not removed and edited[0].deal is not None:
        return _("Deal {n} changed").format(n=edited[0].deal), edited[0].deal
    return _("The sheet has changed."), None
