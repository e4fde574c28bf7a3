"""Render one scored deal (any scoring family) for people or tools.

Works from :class:`~remikcalc.scoring.result.DealResult` alone: the numbers (``points``,
``scores``, ``payments``), the ``reasons`` and the typed ``details`` the family filled in
(:mod:`remikcalc.scoring.details`: each player's hand, melds with their jokers' stand-ins,
unmatched cards, lay-offs (with or without the meld they went onto), count and discard).
Used by ``round`` and ``add``; the JSON is built by :mod:`remikcalc.render.results`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal

from remikcalc.base.i18n import N_, _, ngettext
from remikcalc.base.money import amount_text
from remikcalc.base.numtext import number_text, signed_text
from remikcalc.cards.notation import Card, format_cards
from remikcalc.cards.text import card_text, cards_text, groups_text
from remikcalc.render import fill, plural_number, table, terminal_width, to_json
from remikcalc.render.results import details_json, result_json
from remikcalc.rules.dealinput import DealInput, scores_meaning, sign_doubts
from remikcalc.rules.families import Unit
from remikcalc.rules.ruleset import Rules
from remikcalc.rules.variant_words import variant_word
from remikcalc.scoring.details import PlayerDetail
from remikcalc.scoring.result import POOL, DealResult

__all__ = [
    "DealText",
    "deal_json",
    "deal_text",
    "entry_words",
    "outcome_text",
    "render_deal",
    "sign_doubt_text",
    "transfer_line",
]

#: the players' table's headings (English in plain and csv, for other programs)
_HEADERS = (N_("player"), N_("melds"), N_("unmatched"), N_("laid off"), N_("count"), N_("score"))
#: the payments' table's headings
_PAY_HEADERS = (N_("from"), N_("to"), N_("amount"))
_UNLIMITED = 10**9  # a width no table reaches: the table as wide as its cells make it

#: what the closer did, a whole sentence with his name: "Anna knocked", "Zosia went out in
#: one go" (Polish and Russian say it in the present tense, the same for a man and a woman)
_DID = {
    "knock": N_("{name} knocked"),
    "gin": N_("{name} went gin"),
    "big_gin": N_("{name} went big gin"),
    "out": N_("{name} went out"),
    "one_go": N_("{name} went out in one go"),
    "remik": N_("{name} closed with a remik"),
    "colour": N_("{name} closed with a colour"),
    "figures": N_("{name} closed with figures"),
    "full_colour": N_("{name} closed with a full colour"),
}
#: the same without a name ("points only: knocked"): a noun in Polish and Russian
_DONE = {
    "knock": N_("knocked"),
    "gin": N_("went gin"),
    "big_gin": N_("went big gin"),
    "out": N_("went out"),
    "one_go": N_("went out in one go"),
    "remik": N_("closed with a remik"),
    "colour": N_("closed with a colour"),
    "figures": N_("closed with figures"),
    "full_colour": N_("closed with a full colour"),
}


def _same(message: str) -> str:
    return message


def _did(how: str, name: str | None, tr: Callable[[str], str]) -> str:
    """What was done, with the name when there is one; an outcome without words yet is
    written as its name, never as a bare code."""
    if name is None:
        return tr(_DONE[how]) if how in _DONE else how.replace("_", " ")
    if how in _DID:
        return tr(_DID[how]).format(name=name)
    return f"{name} {how.replace('_', ' ')}"


def entry_words(closer: str | None, how: str | None, *, draw: bool, points: bool) -> str:
    """A deal as typed, before it is scored, in words (what ``undo`` says it removed):
    "Zosia went out in one go", "a deal closed by Anna", "points only", "a draw".

    >>> entry_words("Zosia", "one_go", draw=False, points=False)
    'Zosia went out in one go'
    >>> entry_words("Anna", None, draw=False, points=True)
    'points only, closed by Anna'
    """
    if draw:
        return _("a draw")
    if closer is not None and how is not None:
        did = _did(how, closer, _)
        return _("{deal}, points only").format(deal=did) if points else did
    if how is not None:
        did = _did(how, None, _)
        return (_("points only: {did}") if points else _("a deal: {did}")).format(did=did)
    if closer is not None:
        if points:
            return _("points only, closed by {name}").format(name=closer)
        return _("a deal closed by {name}").format(name=closer)
    return _("points only") if points else _("a deal")


def outcome_text(result: DealResult, *, translated: bool = True) -> str:
    """The deal's outcome in words, headed by who did it: "Piotr undercuts Ola", "Zosia went
    out in one go", "Anna closed with a remik", "draw: nobody scores"; a deal entered as
    points says so ("points only"). In the language spoken, or in English (for JSON) when
    not ``translated``.
    """
    tr = _ if translated else _same
    if result.outcome == "draw":
        if any(result.scores.values()):  # going-out games: hands (and melds) still count
            return tr(N_("draw: the stock ran out, no winner"))
        return tr(N_("draw: nobody scores"))
    closer, winner = result.closer, result.winner
    if result.outcome == "undercut" and closer and winner:
        # the closer knocked; the other undercut him
        return tr(N_("{winner} undercuts {closer}")).format(winner=winner, closer=closer)
    if result.outcome == "scores":
        return tr(N_("points only"))
    if closer is None:  # a deal entered as points with its outcome but not its closer
        return tr(N_("points only: {did}")).format(did=_did(result.outcome, winner, tr))
    return _did(result.outcome, closer, tr)


def deal_json(result: DealResult, *, variant: str | None = None) -> dict[str, Any]:
    """The INTERFACE per-deal object, plus ``variant`` and the per-player ``details``."""
    out: dict[str, Any] = {} if variant is None else {"variant": str(variant)}
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


def _meld_text(detail: PlayerDetail, sep: str = " | ", *, people: bool = False) -> str:
    """The melds, each wild card written with what it stands for: ``JK=8S``, and a wild
    deuce in continental ``2S=4S`` (a deuce in its own place is just ``2S``); ``people``
    writes the cards in their notation (:mod:`remikcalc.cards.text`)."""
    code: Callable[[Card], str] = card_text if people else (lambda c: c.code)
    if detail.melds is None:  # not arranged: the hand as typed
        hand = detail.hand
        if not people:
            return str(hand)
        return groups_text(hand.groups) if hand.groups is not None else cards_text(hand.cards)
    parts = []
    for meld in detail.melds:
        codes = []
        for card, stand in zip(meld.cards, meld.stands_for, strict=True):
            shown = stand is not None and detail.wilds != "none" and stand != card
            codes.append(f"{code(card)}={code(stand)}" if shown and stand else code(card))
        parts.append(" ".join(codes))
    return sep.join(parts) if parts else "-"


def _layoff_text(detail: PlayerDetail, sep: str = "; ", *, people: bool = False) -> str:
    grouped: dict[tuple[Card, ...], list[Card]] = {}
    for lay in detail.layoffs or ():
        grouped.setdefault(lay.onto, []).append(lay.card)
    if detail.laid_off:  # lay-offs without a target
        grouped.setdefault((), []).extend(detail.laid_off)
    if not grouped:
        return "-"
    if not people:
        return sep.join(
            format_cards(cards) + (f" on {format_cards(onto)}" if onto else "")
            for onto, cards in grouped.items()
        )
    return sep.join(
        _("{cards} on {meld}").format(cards=cards_text(cards), meld=cards_text(onto))
        if onto
        else cards_text(cards)
        for onto, cards in grouped.items()
    )


def _row(
    result: DealResult, name: str, *, stacked: bool = False, people: bool = False
) -> list[str]:
    """A player's row; ``stacked`` puts each meld and each lay-off on a line of its own (a
    table too wide for the terminal); ``people`` writes cards and numbers for people (the
    table and markdown), else as codes and plain numbers (plain and csv)."""
    detail = None if result.details is None else result.details.players.get(name)
    points = result.points.get(name, None if detail is None else detail.count)
    number: Callable[[int], str] = number_text if people else str
    if detail is None:
        melds = deadwood = layoffs = "-"
    else:
        seps = ("\n", "\n") if stacked else (" | ", "; ")
        melds = _meld_text(detail, seps[0], people=people)
        layoffs = _layoff_text(detail, seps[1], people=people)
        if people:
            deadwood = cards_text(detail.deadwood) or "-"
            if detail.discard is not None:
                deadwood = _("{cards} (discards {card})").format(
                    cards=deadwood, card=card_text(detail.discard)
                )
        else:
            deadwood = format_cards(detail.deadwood) or "-"
            if detail.discard is not None:
                deadwood += f" (discards {detail.discard.code})"
    return [
        name,
        melds,
        deadwood,
        layoffs,
        "" if points is None else number(points),
        number(result.scores.get(name, 0)),
    ]


def _headline(result: DealResult) -> str:
    text = outcome_text(result)
    if result.outcome == "draw":
        return text
    if result.winner is not None:
        return _("{outcome}; {winner} wins the deal").format(outcome=text, winner=result.winner)
    if result.closer is not None:
        return _("{outcome}; nobody scores").format(outcome=text)
    return text


def render_deal(result: DealResult, fmt: str = "table", *, variant: str | None = None) -> str:
    """Render a deal result: ``table`` or ``markdown`` (people: in their language, cards in
    their notation), ``plain`` (tab-separated), ``csv`` (the players' table, and the
    payments' after a blank line) or ``json``; plain, csv and json are the same in every
    language."""
    if fmt == "json":
        return to_json(deal_json(result, variant=variant))
    if fmt in ("plain", "csv"):
        rows = [_row(result, name) for name in _players(result)]
        payments = [[p.payer, p.payee, amount_text(p.amount)] for p in result.payments]
        if fmt == "csv":
            parts = [table(rows, _HEADERS, fmt="csv")]
            if payments:
                parts += ["", table(payments, _PAY_HEADERS, fmt="csv")]
            return "\n".join(parts)
        lines = [
            f"outcome\t{result.outcome}",
            f"closer\t{result.closer or ''}",
            f"winner\t{result.winner or ''}",
            table(rows, _HEADERS, fmt="plain"),
        ]
        lines += ["payment\t" + "\t".join(p) for p in payments]
        lines += [f"reason\t{r}" for r in result.reasons]
        return "\n".join(lines)
    title = (f"{variant_word(variant)}: " if variant else "") + _headline(result)
    if result.outcome == "draw" and not any(result.scores.values()) and not result.payments:
        return _fit(title, fmt)  # nobody scores: one line, not a table of zeros
    keep = _columns(result)
    headers = [_(h) for i, h in enumerate(_HEADERS) if i in keep]
    rows = [_kept(_row(result, name, people=True), keep) for name in _players(result)]
    payments = [
        [p.payer, _("pool") if p.payee == POOL else p.payee, number_text(p.amount)]
        for p in result.payments
    ]
    drawn = table(rows, headers, fmt=fmt, width=_UNLIMITED)
    if fmt == "table" and max(len(line) for line in drawn.splitlines()) > terminal_width():
        # too wide: one meld (and one lay-off) per line before any cell wraps inside a meld
        stacked = [
            _kept(_row(result, name, stacked=True, people=True), keep) for name in _players(result)
        ]
        drawn = table(stacked, headers, fmt=fmt)
    parts = [_fit(title, fmt), "", drawn]
    if payments:
        parts += ["", table(payments, [_(h) for h in _PAY_HEADERS], fmt=fmt)]
    if result.reasons:
        from remikcalc.scoring.why import reasons_text

        parts += ["", _("Why:")]
        for reason in reasons_text(result.reasons):
            if fmt == "markdown":
                parts.append(f"- {reason}")
            else:
                parts.append(fill(reason, indent="  - ", hang="    "))
    return "\n".join(parts)


def _fit(line: str, fmt: str) -> str:
    """A sentence wrapped to the terminal in ``table``; as it is in ``markdown``."""
    return fill(line) if fmt == "table" else line


def _columns(result: DealResult) -> set[int]:
    """The players' table's columns shown for people: all of them, but in a deal where
    nobody could lay off (remik bridge, the going-out games, a gin) the melds and laid-off
    columns go when every cell of theirs is empty, and a deal entered as counts (details
    without players: no cards) shows only the counts and the scores."""
    every = set(range(len(_HEADERS)))
    details = result.details
    if details is None:
        return every
    if not details.players:
        return every - {1, 2, 3}
    if any(d.layoffs is not None or d.laid_off is not None for d in details.players.values()):
        return every
    rows = [_row(result, name, people=True) for name in _players(result)]
    empty = {i for i in (1, 3) if all(r[i] == "-" for r in rows)}
    return every - empty


def _kept(row: list[str], keep: set[int]) -> list[str]:
    return [c for i, c in enumerate(row) if i in keep]


@dataclass(frozen=True, slots=True)
class DealText:
    """A scored deal for people in the parts a page lays out itself: what
    :func:`render_deal`'s table says, in the language spoken and the players' notation."""

    #: "Anna knocked; Anna wins the deal"
    headline: str
    #: the players' table's headings: player, melds, unmatched, laid off, count, score
    headers: tuple[str, ...]
    #: each player's row, under those headings
    rows: tuple[tuple[str, ...], ...]
    #: each payment the deal makes, a sentence ("Boris pays Anna 1 stake")
    payments: tuple[str, ...]
    #: the Why lines
    why: tuple[str, ...]


def deal_text(result: DealResult, unit: Unit = "point") -> DealText:
    """The parts of :func:`render_deal`'s table for a page (the score pad's preview);
    ``unit``: what the variant's payments are counted in (remik bridge's are stakes)."""
    from remikcalc.scoring.why import reasons_text

    rows = tuple(tuple(_row(result, name, people=True)) for name in _players(result))
    payments = tuple(
        transfer_line(p.payer, p.payee, number_text(p.amount), unit, p.amount)
        for p in result.payments
    )
    return DealText(
        headline=_headline(result),
        headers=tuple(_(h) for h in _HEADERS),
        rows=rows,
        payments=payments,
        why=tuple(reasons_text(result.reasons)),
    )


def sign_doubt_text(rules: Rules, entry: DealInput) -> str:
    """For a deal entered as final scores, the players whose sign the variant never gives
    (:func:`~remikcalc.rules.dealinput.sign_doubts`) and how the variant writes them: a
    sentence asking to check before saving, or "" when the signs are as the game writes them.

    >>> from remikcalc.rules.variants import get_rules
    >>> entry = DealInput(closer="Anna", scores={"Anna": 64, "Vera": 23, "Gleb": 41})
    >>> sign_doubt_text(get_rules("polish"), entry)  # doctest: +NORMALIZE_WHITESPACE
    "Check the signs: Vera +23, Gleb +41 — this game does not write a deal's scores that
    way. The winner's gain is positive; each loser's points are negative."
    """
    doubts = sign_doubts(rules, entry)
    if not doubts or entry.scores is None:
        return ""
    scores = ", ".join(f"{p} {signed_text(entry.scores[p])}" for p in doubts)
    line = _("Check the signs: {scores} — this game does not write a deal's scores that way.")
    return f"{line.format(scores=scores)} {scores_meaning(rules)}"


def transfer_line(
    payer: str, payee: str, amount: str, unit: Unit | Literal["money"], value: Decimal
) -> str:
    """ "Boris pays Anna 26,50 ₽" (or "into the pool"), the amount in money, points or
    stakes (``unit``: money, point, stake): a settlement's transfer or a deal's own payment."""
    n = plural_number(value)
    if payee == POOL:
        if unit == "money":
            line = _("{payer} pays into the pool {amount}")
        elif unit == "point":
            line = ngettext(
                "{payer} pays into the pool {amount} points",
                "{payer} pays into the pool {amount} points",
                n,
            )
        else:
            line = ngettext(
                "{payer} pays into the pool {amount} stake",
                "{payer} pays into the pool {amount} stakes",
                n,
            )
        return line.format(payer=payer, amount=amount)
    if unit == "money":
        line = _("{payer} pays {payee} {amount}")
    elif unit == "point":
        line = ngettext(
            "{payer} pays {payee} {amount} points", "{payer} pays {payee} {amount} points", n
        )
    else:
        line = ngettext(
            "{payer} pays {payee} {amount} stake", "{payer} pays {payee} {amount} stakes", n
        )
    return line.format(payer=payer, payee=payee, amount=amount)
