"""The engine's answer while a deal is entered: the arrangement it finds for one hand, and the
deal scored on a fresh copy of the sheet (never saved).

Both are exactly the library's: :func:`remikcalc.search.analyze_hand` for a hand (its melds
written by :func:`remikcalc.render.hand.meld_text`), and ``replay(sheet).apply(entry)`` for
the deal, in the words of :func:`remikcalc.render.deal.deal_text`. A hand or a deal the
engine refuses is shown with the engine's own message.
"""

from __future__ import annotations

from dataclasses import dataclass

from remikcalc.base.errors import RemikcalcError
from remikcalc.base.numtext import number_text
from remikcalc.render.deal import DealText, deal_text
from remikcalc.render.refusal import for_pad
from remikcalc.rules.ruleset import Rules
from remikcalc.session import replay
from remikcalc.sheet.model import DealEntry, Sheet, same_entry

__all__ = ["DealLook", "HandLook", "look_at_deal", "look_at_hand", "pad_words", "repeats_last"]


def pad_words(error: RemikcalcError) -> str:
    """The engine's refusal as the pad says it (:func:`remikcalc.render.refusal.for_pad`): a
    deal with nobody named as its closer is asked in the pad's words ("Who knocked? Choose the
    player, or tick that the stock ran out."), any other refusal as the library says it."""
    return for_pad(error)


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
        return HandLook(problem=str(exc))
    return HandLook(
        melds=tuple(meld_text(m, people=True) for m in arrangement.melds),
        deadwood=cards_text(arrangement.deadwood),
        points=number_text(arrangement.points),
        discard="" if arrangement.discard is None else card_text(arrangement.discard),
        caught=caught.removeprefix(caught_label()).strip(),
    )


@dataclass(frozen=True, slots=True)
class DealLook:
    """The deal as the engine scores it on a copy of the sheet, or why it does not score."""

    text: DealText | None = None
    #: the outcome in words (also where ``text`` is left out: the draft)
    headline: str = ""
    #: the totals after the deal, as the sheet would show them
    totals: str = ""
    #: each player's count and score, for a page that must not show the others' cards
    scores: tuple[tuple[str, str, str], ...] = ()
    problem: str = ""


def look_at_deal(sheet: Sheet, entry: DealEntry) -> DealLook:
    """Score ``entry`` after the sheet's deals on a fresh replay (nothing is saved)."""
    from remikcalc.scoring.result import DealResult

    try:
        state = replay(sheet)
        _canonical, step = state.apply(entry)
    except RemikcalcError as exc:
        return DealLook(problem=pad_words(exc))
    result = step.result
    assert isinstance(result, DealResult)
    totals = ", ".join(f"{p} {number_text(t)}" for p, t in step.totals.items())
    scores = tuple(
        (p, number_text(result.points[p]) if p in result.points else "", number_text(s))
        for p, s in result.scores.items()
    )
    text = deal_text(result)
    return DealLook(text=text, headline=text.headline, totals=totals, scores=scores)


def repeats_last(sheet: Sheet, entry: DealEntry) -> bool:
    """The entry is the same as the sheet's last one (``add`` refuses it without again)."""
    try:
        state = replay(sheet)
        if not state.steps:
            return False
        last = state.steps[-1]
        canonical, _step = state.apply(entry)
    except RemikcalcError:
        return False
    return same_entry(canonical, last.entry)
