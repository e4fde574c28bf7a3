"""Render one scored deal (any scoring family) for people or tools.

Works from :class:`~remikcalc.scoring.base.DealResult` alone: the numbers (``points``,
``scores``, ``payments``), the ``reasons`` and whatever per-player ``details`` the family
filled in (DEVELOPING.md: ``cards``, ``melds``, ``jokers``, ``deadwood``, ``layoffs`` (or a plain
``laid_off`` list), ``count``, ``discard``; every key optional). Used by ``round`` and ``add``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from remikcalc.money import plain_decimal
from remikcalc.render import table, to_json
from remikcalc.scoring.base import DealResult

__all__ = ["deal_json", "render_deal"]

_HEADERS = ("player", "melds", "unmatched", "laid off", "count", "score")
_OUTCOME_WORDS = {
    "knock": "knock",
    "gin": "gin",
    "big_gin": "big gin",
    "undercut": "undercut",
    "out": "went out",
    "one_go": "went out in one go",
    "remik": "remik",
    "colour": "colour",
    "figures": "figures",
    "full_colour": "full colour",
    "draw": "draw",
}


def deal_json(result: DealResult, *, variant: str | None = None) -> dict[str, Any]:
    """The INTERFACE per-deal object, plus ``variant`` and the per-player ``details``."""
    out: dict[str, Any] = {} if variant is None else {"variant": variant}
    out.update(result.as_json())
    out["details"] = result.details
    return out


def _players(result: DealResult) -> list[str]:
    names: dict[str, None] = {}
    details = result.details.get("players", {})
    if isinstance(details, Mapping):
        names.update(dict.fromkeys(details))
    names.update(dict.fromkeys(result.points))
    names.update(dict.fromkeys(result.scores))
    return list(names)


def _meld_text(detail: Mapping[str, Any]) -> str:
    melds: Sequence[Sequence[str]] = detail.get("melds", [])
    jokers: Sequence[Mapping[str, Any]] = detail.get("jokers", [])
    parts = []
    for i, meld in enumerate(melds):
        stands = [str(j["stands_for"]) for j in jokers if j.get("meld") == i]
        codes = []
        for code in meld:
            if code == "JK" and stands:
                codes.append(f"JK={stands.pop(0)}")
            else:
                codes.append(str(code))
        parts.append(" ".join(codes))
    return " | ".join(parts) if parts else "-"


def _layoff_text(detail: Mapping[str, Any]) -> str:
    grouped: dict[tuple[str, ...], list[str]] = {}
    for lay in detail.get("layoffs", []):
        grouped.setdefault(tuple(lay.get("onto", ())), []).append(str(lay["card"]))
    plain = [str(code) for code in detail.get("laid_off", [])]  # lay-offs without a target
    if plain:
        grouped.setdefault((), []).extend(plain)
    if not grouped:
        return "-"
    return "; ".join(
        " ".join(cards) + (f" on {' '.join(onto)}" if onto else "")
        for onto, cards in grouped.items()
    )


def _row(result: DealResult, name: str) -> list[str]:
    details = result.details.get("players", {})
    detail: Mapping[str, Any] = details.get(name, {}) if isinstance(details, Mapping) else {}
    melds = _meld_text(detail)
    if "melds" not in detail and "cards" in detail:
        melds = str(detail["cards"])
    deadwood = " ".join(detail.get("deadwood", [])) or "-"
    if detail.get("discard"):
        deadwood += f" (discards {detail['discard']})"
    points = result.points.get(name, detail.get("count"))
    return [
        name,
        melds,
        deadwood,
        _layoff_text(detail),
        "" if points is None else str(points),
        str(result.scores.get(name, 0)),
    ]


def _headline(result: DealResult) -> str:
    words = _OUTCOME_WORDS.get(result.outcome, result.outcome.replace("_", " "))
    if result.outcome == "draw":
        if any(result.scores.values()):  # going-out games: hands (and melds) still count
            return "draw: the stock ran out, no winner"
        return "draw: nobody scores"
    if result.outcome == "undercut" and result.closer and result.winner:
        # the closer knocked; the other player undercut him and wins the deal
        return (
            f"undercut: {result.closer} knocked, {result.winner} undercut; "
            f"{result.winner} wins the deal"
        )
    text = words + (f" by {result.closer}" if result.closer else "")
    if result.winner is not None:
        text += f"; {result.winner} wins the deal"
    elif result.closer is not None:
        text += "; nobody scores"
    return text


def render_deal(result: DealResult, fmt: str = "table", *, variant: str | None = None) -> str:
    """Render a deal result: ``table`` (people), ``plain`` (tab-separated) or ``json``."""
    if fmt == "json":
        return to_json(deal_json(result, variant=variant))
    rows = [_row(result, name) for name in _players(result)]
    payments = [[p.payer, p.payee, plain_decimal(p.amount)] for p in result.payments]
    if fmt == "plain":
        lines = [f"outcome\t{result.outcome}", f"closer\t{result.closer or ''}",
                 f"winner\t{result.winner or ''}", table(rows, _HEADERS, fmt="plain")]  # fmt: skip
        lines += ["payment\t" + "\t".join(p) for p in payments]
        lines += [f"reason\t{r}" for r in result.reasons]
        return "\n".join(lines)
    title = (f"{variant}: " if variant else "") + _headline(result)
    parts = [title, "", table(rows, _HEADERS)]
    if payments:
        parts += ["", table(payments, ("from", "to", "amount"))]
    if result.reasons:
        parts += ["", "Why:"] + [f"  - {reason}" for reason in result.reasons]
    return "\n".join(parts)
