"""Render one scored deal (any scoring family) for people or tools.

Works from :class:`~remikcalc.scoring.base.DealResult` alone: the numbers (``points``,
``scores``, ``payments``), the ``reasons`` and the typed ``details`` the family filled in
(:mod:`remikcalc.scoring.details`: each player's hand, melds with their jokers' stand-ins,
unmatched cards, lay-offs (with or without the meld they went onto), count and discard).
Used by ``round`` and ``add``; the JSON is built by :mod:`remikcalc.render.results`.
"""

from __future__ import annotations

from typing import Any

from remikcalc.cards import Card, format_cards
from remikcalc.money import amount_text
from remikcalc.render import table, terminal_width, to_json
from remikcalc.render.results import details_json, result_json
from remikcalc.scoring.base import DealResult
from remikcalc.scoring.details import PlayerDetail

__all__ = ["deal_json", "entry_words", "outcome_text", "render_deal"]

_HEADERS = ("player", "melds", "unmatched", "laid off", "count", "score")
_UNLIMITED = 10**9  # a width no table reaches: the table as wide as its cells make it

#: what the closer did, after his name: "Anna knocked", "Zosia went out in one go"
_DID = {
    "knock": "knocked",
    "gin": "went gin",
    "big_gin": "went big gin",
    "out": "went out",
    "one_go": "went out in one go",
    "remik": "closed with a remik",
    "colour": "closed with a colour",
    "figures": "closed with figures",
    "full_colour": "closed with a full colour",
}


def entry_words(closer: str | None, how: str | None, *, draw: bool, points: bool) -> str:
    """A deal as typed, before it is scored, in words (what ``undo`` says it removed):
    "Zosia went out in one go", "a deal closed by Anna", "points only", "a draw".

    >>> entry_words("Zosia", "one_go", draw=False, points=False)
    'Zosia went out in one go'
    >>> entry_words("Anna", None, draw=False, points=True)
    'points only, closed by Anna'
    """
    if draw:
        return "a draw"
    did = None if how is None else _DID.get(how, how.replace("_", " "))
    if closer is not None and did is not None:
        return f"{closer} {did}" + (" (points only)" if points else "")
    head = "points only" if points else "a deal"
    if did is not None:
        return f"{head}: {did}"
    if closer is not None:
        return f"{head}, closed by {closer}" if points else f"{head} closed by {closer}"
    return head


def outcome_text(result: DealResult) -> str:
    """The deal's outcome in words, headed by who did it: "Piotr undercuts Ola", "Zosia went
    out in one go", "Anna closed with a remik", "draw: nobody scores"; a deal entered as
    points says so ("points only").
    """
    if result.outcome == "draw":
        if any(result.scores.values()):  # going-out games: hands (and melds) still count
            return "draw: the stock ran out, no winner"
        return "draw: nobody scores"
    closer, winner = result.closer, result.winner
    if result.outcome == "undercut" and closer and winner:
        return f"{winner} undercuts {closer}"  # the closer knocked; the other undercut him
    if result.outcome == "scores":
        return "points only"
    # an outcome without words yet is written as its name, never as a bare code
    did = _DID.get(result.outcome, result.outcome.replace("_", " "))
    if closer is None:  # a deal entered as points with its outcome but not its closer
        return f"points only: {winner} {did}" if winner else f"points only: {did}"
    return f"{closer} {did}"


def deal_json(result: DealResult, *, variant: str | None = None) -> dict[str, Any]:
    """The INTERFACE per-deal object, plus ``variant`` and the per-player ``details``."""
    out: dict[str, Any] = {} if variant is None else {"variant": variant}
    out.update(result_json(result))
    out["details"] = details_json(result.details)
    return out


def _players(result: DealResult) -> list[str]:
    names: dict[str, None] = {}
    if result.details is not None:
        names.update(dict.fromkeys(result.details.players))
    names.update(dict.fromkeys(result.points))
    names.update(dict.fromkeys(result.scores))
    return list(names)


def _meld_text(detail: PlayerDetail, sep: str = " | ") -> str:
    """The melds, each wild card written with what it stands for: ``JK=8S``, and a wild
    deuce in continental ``2S=4S`` (a deuce in its own place is just ``2S``)."""
    if detail.melds is None:  # not arranged: the hand as typed
        return str(detail.hand)
    parts = []
    for meld in detail.melds:
        codes = []
        for card, stand in zip(meld.cards, meld.stands_for, strict=True):
            shown = stand is not None and detail.wilds != "none" and stand != card
            codes.append(f"{card.code}={stand.code}" if shown and stand else card.code)
        parts.append(" ".join(codes))
    return sep.join(parts) if parts else "-"


def _layoff_text(detail: PlayerDetail, sep: str = "; ") -> str:
    grouped: dict[tuple[Card, ...], list[Card]] = {}
    for lay in detail.layoffs or ():
        grouped.setdefault(lay.onto, []).append(lay.card)
    if detail.laid_off:  # lay-offs without a target
        grouped.setdefault((), []).extend(detail.laid_off)
    if not grouped:
        return "-"
    return sep.join(
        format_cards(cards) + (f" on {format_cards(onto)}" if onto else "")
        for onto, cards in grouped.items()
    )


def _row(result: DealResult, name: str, *, stacked: bool = False) -> list[str]:
    """A player's row; ``stacked`` puts each meld and each lay-off on a line of its own (a
    table too wide for the terminal)."""
    detail = None if result.details is None else result.details.players.get(name)
    points = result.points.get(name, None if detail is None else detail.count)
    if detail is None:
        melds = deadwood = layoffs = "-"
    else:
        if stacked:
            melds, layoffs = _meld_text(detail, "\n"), _layoff_text(detail, "\n")
        else:
            melds, layoffs = _meld_text(detail), _layoff_text(detail)
        deadwood = format_cards(detail.deadwood) or "-"
        if detail.discard is not None:
            deadwood += f" (discards {detail.discard.code})"
    return [
        name,
        melds,
        deadwood,
        layoffs,
        "" if points is None else str(points),
        str(result.scores.get(name, 0)),
    ]


def _headline(result: DealResult) -> str:
    text = outcome_text(result)
    if result.outcome == "draw":
        return text
    if result.winner is not None:
        return f"{text}; {result.winner} wins the deal"
    return text + ("; nobody scores" if result.closer is not None else "")


def render_deal(result: DealResult, fmt: str = "table", *, variant: str | None = None) -> str:
    """Render a deal result: ``table`` or ``markdown`` (people), ``plain`` (tab-separated),
    ``csv`` (the players' table, and the payments' after a blank line) or ``json``."""
    if fmt == "json":
        return to_json(deal_json(result, variant=variant))
    rows = [_row(result, name) for name in _players(result)]
    payments = [[p.payer, p.payee, amount_text(p.amount)] for p in result.payments]
    if fmt == "plain":
        lines = [f"outcome\t{result.outcome}", f"closer\t{result.closer or ''}",
                 f"winner\t{result.winner or ''}", table(rows, _HEADERS, fmt="plain")]  # fmt: skip
        lines += ["payment\t" + "\t".join(p) for p in payments]
        lines += [f"reason\t{r}" for r in result.reasons]
        return "\n".join(lines)
    if fmt == "csv":
        parts = [table(rows, _HEADERS, fmt="csv")]
        if payments:
            parts += ["", table(payments, ("from", "to", "amount"), fmt="csv")]
        return "\n".join(parts)
    title = (f"{variant}: " if variant else "") + _headline(result)
    drawn = table(rows, _HEADERS, fmt=fmt, width=_UNLIMITED)
    if fmt == "table" and max(len(line) for line in drawn.splitlines()) > terminal_width():
        # too wide: one meld (and one lay-off) per line before any cell wraps inside a meld
        stacked = [_row(result, name, stacked=True) for name in _players(result)]
        drawn = table(stacked, _HEADERS, fmt=fmt)
    parts = [title, "", drawn]
    if payments:
        parts += ["", table(payments, ("from", "to", "amount"), fmt=fmt)]
    if result.reasons:
        bullet = "- " if fmt == "markdown" else "  - "
        from remikcalc.scoring.why import reasons_text

        parts += ["", "Why:", *(f"{bullet}{reason}" for reason in reasons_text(result.reasons))]
    return "\n".join(parts)
