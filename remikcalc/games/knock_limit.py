"""The knock limit of a knock-game deal (gin, oklahoma: docs/RULES.md §1-2): the house's
limit, or the oklahoma up-card's value, an ace allowing gin only and a spade doubling the
deal. Part of the knock family's home, ``games/knock.py``."""

from __future__ import annotations

from dataclasses import dataclass

from remikcalc.base.errors import DealError
from remikcalc.base.i18n import _
from remikcalc.cards.notation import Rank, Suit
from remikcalc.games.result import Deal
from remikcalc.games.why import N_, Cards, Why
from remikcalc.rules.variants import Rules

__all__ = ["KnockLimit", "knock_limit"]


@dataclass(frozen=True, slots=True)
class KnockLimit:
    """The knock limit of one deal and how it was set."""

    value: int | None  # None: only gin may close
    doubled: bool
    reasons: tuple[Why, ...]  # how the limit was set
    why_none: str  # why no knock is allowed, when value is None (for an error: translated)
    double_reason: Why | None = None


def knock_limit(rules: Rules, deal: Deal) -> KnockLimit:
    """The deal's knock limit: the house's, or the oklahoma up-card's value (an ace: gin
    only; a spade may double the deal), a lower house limit still applying."""
    if not rules.upcard_knock:
        if rules.knock_limit is None:
            return KnockLimit(None, False, (), _("knocking is not played here (knock_limit none)"))
        return KnockLimit(rules.knock_limit, False, (), "")
    up = deal.upcard
    if up is None:
        raise DealError(
            _(
                "{variant}: the up-card sets the knock limit; give it with --upcard CARD "
                "(upcard: in a sheet)"
            ).format(variant=rules.variant)
        )
    doubled = rules.spade_double and up.suit is Suit.SPADES
    reasons: list[Why] = []
    card = Cards((up,))
    if up.rank is Rank.ACE:
        reasons.append(Why(N_("up-card {card}: an ace, so only gin may close"), card=card))
        value: int | None = None
    else:
        value = rules.card_value(up)
        reasons.append(
            Why(N_("up-card {card} sets the knock limit to {value}"), card=card, value=value)
        )
        if rules.knock_limit is None or rules.knock_limit < value:
            # a house limit below the up-card's value still applies (none: only gin)
            value = rules.knock_limit
            if value is None:
                reasons.append(Why(N_("the house knock limit (none) is lower and applies")))
            else:
                reasons.append(
                    Why(N_("the house knock limit ({value}) is lower and applies"), value=value)
                )
    double = (
        Why(N_("up-card {card} is a spade: the deal's score is doubled"), card=card)
        if doubled
        else None
    )
    why = (
        _("knock on an ace up-card: only gin may close")
        if up.rank is Rank.ACE
        else _("knocking is not played here (knock_limit none): only gin may close")
    )
    return KnockLimit(value, doubled, tuple(reasons), why, double)
