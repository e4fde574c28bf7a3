"""The engine's answer while a deal is entered: the arrangement it finds for one hand, and the
deal scored by the sheet book's dry run (never saved), with what it will record.

Both are exactly the library's: :func:`remikcalc.search.analyze_hand` for a hand (its melds
written by :func:`remikcalc.render.hand.meld_text`), and
:meth:`SheetFile.preview_add <remikcalc.session.book.SheetFile.preview_add>` (or
:meth:`~remikcalc.session.book.SheetFile.preview_edit` for a deal corrected) for the deal, on a
fork of the sheet's kept replay, in the words of :func:`remikcalc.render.deal.deal_text`; what
the deal records (who collects what, each new total, the money so far) is the dry run's
``changes`` and ``step`` in the words of :func:`remikcalc.render.changes.deal_record`. Every
entry page shows it with one template macro (``entry_look.html``'s ``deal_look``) and asks for
it with one JSON endpoint as it is typed (``POST /s/ID/preview``). A hand or a deal the engine
refuses is shown with the refusal in the pad's words (:func:`remikcalc.web.refusal.for_pad`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from remikcalc.base.errors import RemikcalcError
from remikcalc.base.numtext import number_text
from remikcalc.render.changes import Cell, DealRecord, deal_record
from remikcalc.render.deal import DealText, deal_text
from remikcalc.rules.ruleset import Rules
from remikcalc.session.book import Preview, SheetFile
from remikcalc.session.changes import Changes
from remikcalc.web.refusal import for_pad

__all__ = [
    "DealLook",
    "HandLook",
    "PlayerLook",
    "deal_look",
    "look_at_deal",
    "look_at_edit",
    "look_at_hand",
]


@dataclass(frozen=True, slots=True)
class HandLook:
    """One hand as the engine arranges it: its melds, what is left and its count (or why
    it cannot be arranged)."""

    melds: tuple[str, ...] = ()
    deadwood: str = ""
    points: str = ""
    discard: str = ""
    #: what the whole hand costs if another player goes out now (the going-out games)
    caught: str = ""
    problem: str = ""


def look_at_hand(rules: Rules, text: str) -> HandLook | None:
    """The engine's arrangement of a typed hand (None for no cards)."""
    if not text.strip():
        return None
    from remikcalc.cards.notation import parse_cards
    from remikcalc.cards.text import card_text, cards_text
    from remikcalc.render.hand import caught_label, caught_text, meld_text
    from remikcalc.search import analyze_hand

    try:
        cards = list(parse_cards(text.replace("|", " ")))
        arrangement = analyze_hand(text if "|" in text else cards, rules=rules)
        held = list(cards)
        if arrangement.discard is not None:
            held.remove(arrangement.discard)
        caught = caught_text(rules, held) or ""
    except RemikcalcError as exc:
        return HandLook(problem=for_pad(exc))
    return HandLook(
        melds=tuple(meld_text(m, people=True) for m in arrangement.melds),
        deadwood=cards_text(arrangement.deadwood),
        points=number_text(arrangement.points),
        discard="" if arrangement.discard is None else card_text(arrangement.discard),
        caught=caught.removeprefix(caught_label()).strip(),
    )


@dataclass(frozen=True, slots=True)
class PlayerLook:
    """One player of the deal as the preview shows it: what the deal records for them (the
    score, the total, the money so far) and, where the page may show them, the engine's
    columns for their hand (melds, unmatched, laid off, count) as (heading, text) pairs."""

    name: str
    score: Cell
    total: Cell
    money: Cell | None
    details: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class DealLook:
    """The deal as the sheet book's dry run scores it, or why it does not score."""

    text: DealText | None = None
    #: the outcome in words (also where ``text`` is left out: the draft)
    headline: str = ""
    #: the totals after the deal, as the sheet would show them
    totals: str = ""
    #: each player's count and score, for a page that must not show the others' cards
    scores: tuple[tuple[str, str, str], ...] = ()
    #: what the deal will record: who collects what, each new total, the money so far
    record: DealRecord | None = None
    problem: str = ""
    #: the refusal the problem is (None: no problem), for a page that says it its own way
    error: RemikcalcError | None = None

    def players(self) -> tuple[PlayerLook, ...]:
        """Each player of the deal: the record's line, with the engine's columns for the hand
        where ``text`` is there (never on a page that must not show the others' cards)."""
        if self.record is None:
            return ()
        shown: dict[str, tuple[tuple[str, str], ...]] = {}
        if self.text is not None:
            heads = self.text.headers
            for row in self.text.rows:
                shown[row[0]] = tuple(
                    (heads[i], row[i]) for i in (1, 2, 3, 4) if row[i] and row[i] != "-"
                )
        return tuple(
            PlayerLook(line.name, line.score, line.total, line.money, shown.get(line.name, ()))
            for line in self.record.players
        )


def deal_look(preview: Preview, changes: Changes | None = None) -> DealLook:
    """What a dry run of adding (or editing) the deal found, as the entry pages show it;
    ``changes``: the dry run's :attr:`~Preview.changes` where the caller has them already
    (the edit page lays them out twice: each is two standings of the whole sheet)."""
    from remikcalc.scoring.result import DealResult

    step = preview.step
    assert step is not None
    result = step.result
    assert isinstance(result, DealResult)
    totals = ", ".join(f"{p} {number_text(t)}" for p, t in step.totals.items())
    scores = tuple(
        (p, number_text(result.points[p]) if p in result.points else "", number_text(s))
        for p, s in result.scores.items()
    )
    text = deal_text(result, preview.after.rules.spec.unit)
    changes = preview.changes if changes is None else changes
    record = deal_record(changes, step, preview.after)
    return DealLook(text=text, headline=text.headline, totals=totals, scores=scores, record=record)


def look_at_deal(book: SheetFile, entry: Mapping[str, Any]) -> DealLook:
    """Score ``entry`` after the sheet's deals by the book's dry run (nothing is saved; a deal
    the same as the last is scored as well, as "add it again" would)."""
    try:
        return deal_look(book.preview_add(entry, again=True))
    except RemikcalcError as exc:
        return DealLook(problem=for_pad(exc), error=exc)


def look_at_edit(book: SheetFile, n: int, entry: Mapping[str, Any]) -> DealLook:
    """Score ``entry`` in the place of deal ``n`` by the book's dry run of the edit."""
    try:
        return deal_look(book.preview_edit(n, entry))
    except RemikcalcError as exc:
        return DealLook(problem=for_pad(exc), error=exc)
