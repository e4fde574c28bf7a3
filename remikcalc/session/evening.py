"""An evening: several sheets settled one by one, then one combined balance per person and
one set of fewest transfers.

Sheets add up only in one unit: money of one currency when they have a stake, else points
(or, in remik bridge, stakes). :func:`settle_together` settles the sheets that can be settled
together and says, typed, why each of the others cannot (:class:`LeftOut`);
:func:`settle_evening` settles all the sheets given or refuses, with the same reasons, naming
every sheet that does not fit. :func:`look_alikes` points out names on different sheets that
look like one person's ("Gleb" and "Gleb K."), which the evening would otherwise settle as two.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Literal

from remikcalc.base.errors import SettleError
from remikcalc.base.i18n import _
from remikcalc.base.money import (
    Transfer,
    fewest_transfers,
    same_currency,
)
from remikcalc.rules.dealinput import name_key
from remikcalc.rules.families import Unit
from remikcalc.scoring.result import POOL
from remikcalc.settle import Settlement
from remikcalc.sheet.model import Sheet

__all__ = [
    "Evening",
    "LeftOut",
    "LeftOutCode",
    "LookAlike",
    "Together",
    "look_alikes",
    "settle_evening",
    "settle_together",
]


@dataclass(frozen=True, slots=True)
class Evening:
    """Several sheets settled as one evening.

    Each sheet keeps its own :class:`Settlement`; ``combined`` is each person's money (or net,
    when no sheet has a stake) summed over the sheets, players matched by
    :func:`~remikcalc.rules.dealinput.name_key` and shown as first spelled, with :data:`POOL` when
    a bridge game still running holds a pool. ``transfers`` are the fewest that square it.
    """

    settlements: tuple[Settlement, ...]
    combined: Mapping[str, Decimal]
    in_money: bool
    currency: str | None
    digits: int
    transfers: tuple[Transfer, ...]


#: why a sheet cannot be settled with the others (the codes of the refusal that says so):
#: ``stake_mismatch`` it has no stake while they are settled in money; ``currency_mismatch``
#: its stake is in another currency; ``unit_mismatch`` neither has a stake and it counts in
#: stakes (remik bridge) while they count in points, or the other way round
LeftOutCode = Literal["stake_mismatch", "currency_mismatch", "unit_mismatch"]


@dataclass(frozen=True, slots=True)
class LeftOut:
    """A sheet that cannot be settled with the others of the evening, and why.

    ``name`` and ``first`` name the sheet and the first of those it does not fit (their paths,
    else "sheet N" by their place); ``currency`` and ``unit`` are this sheet's, ``settled_in``
    the evening's currency (when it is settled in money)."""

    index: int  # the sheet's place among those given, from 0
    name: str
    code: LeftOutCode
    first: str
    currency: str | None
    unit: Unit
    settled_in: str | None


@dataclass(frozen=True, slots=True)
class Together:
    """The sheets that settle together as one evening, and the others, each with its reason.

    ``chosen`` are the places (from 0) of the sheets in ``evening``, in the order given."""

    evening: Evening
    chosen: tuple[int, ...]
    left_out: tuple[LeftOut, ...]


def _sheet_name(settlement: Settlement, n: int) -> str:
    return settlement.sheet.path or _("sheet {n}").format(n=n)


def _unit(settlement: Settlement) -> Unit:
    return settlement.replay.rules.spec.unit


def _groups(settlements: Sequence[Settlement]) -> list[list[int]]:
    """The sheets (by place) in groups that add up: sheets with a stake by currency, then the
    sheets without one by what they count in (points, stakes)."""
    staked: list[list[int]] = []
    unstaked: list[list[int]] = []
    for i, s in enumerate(settlements):
        if s.sheet.stake is not None:
            cur = s.sheet.currency
            group = next(
                (g for g in staked if same_currency(settlements[g[0]].sheet.currency, cur)), None
            )
            if group is None:
                staked.append([i])
            else:
                group.append(i)
        else:
            group = next((g for g in unstaked if _unit(settlements[g[0]]) == _unit(s)), None)
            if group is None:
                unstaked.append([i])
            else:
                group.append(i)
    return staked + unstaked


def _chosen(settlements: Sequence[Settlement]) -> tuple[list[int], list[LeftOut]]:
    """The sheets settled together and the others, each with its reason.

    Money comes first: when any sheet has a stake, the evening is settled in money, in the
    currency of the most sheets (of as many, the first sheet's); with no stake anywhere, in
    the unit of the most sheets (of as many, the first's). Among the groups of one kind the
    largest wins, then the earliest."""
    groups = _groups(settlements)
    staked = [g for g in groups if settlements[g[0]].sheet.stake is not None]
    pool = staked or groups
    chosen = max(pool, key=lambda g: (len(g), -g[0]))
    first = settlements[chosen[0]]
    in_money = first.sheet.stake is not None
    settled_in = first.sheet.currency if in_money else None
    first_name = _sheet_name(first, chosen[0] + 1)
    left: list[LeftOut] = []
    for i, s in enumerate(settlements):
        if i in chosen:
            continue
        code: LeftOutCode
        if in_money:
            code = "currency_mismatch" if s.sheet.stake is not None else "stake_mismatch"
        else:
            code = "unit_mismatch"
        left.append(
            LeftOut(
                i,
                _sheet_name(s, i + 1),
                code,
                first_name,
                s.sheet.currency,
                _unit(s),
                settled_in,
            )
        )
    return chosen, left


def _refusal(left: LeftOut) -> SettleError:
    """Why the sheet cannot be settled with the others, as a refusal (named ``left.code``)."""
    if left.code == "stake_mismatch":
        return SettleError(
            _(
                "{lacks} has no stake but {has} has one: an evening is settled in money only "
                "if every sheet has a stake, else in points; give {lacks} a stake"
            ).format(lacks=left.name, has=left.first),
            code="stake_mismatch",
            field="stake",
            details={"has": left.first, "lacks": left.name},
        )
    if left.code == "currency_mismatch":
        none = _("no currency")
        return SettleError(
            _(
                "{name} is in {currency} but {first} is in {first_currency}: settle sheets "
                "of one currency together"
            ).format(
                name=left.name,
                currency=left.currency or none,
                first=left.first,
                first_currency=left.settled_in or none,
            ),
            code="currency_mismatch",
            field="currency",
            details={"name": left.name, "first": left.first},
        )
    if left.unit == "stake":
        message = _(
            "{name} counts in stakes but {first} in points: without a stake "
            "they do not add up; give every sheet a stake to settle them "
            "together in money"
        )
    else:
        message = _(
            "{name} counts in points but {first} in stakes: without a stake "
            "they do not add up; give every sheet a stake to settle them "
            "together in money"
        )
    return SettleError(
        message.format(name=left.name, first=left.first),
        code="unit_mismatch",
        details={"name": left.name, "first": left.first},
    )


def _combined(settlements: Sequence[Settlement]) -> Evening:
    """Sheets that add up, combined into one evening."""
    first = settlements[0]
    in_money = first.sheet.stake is not None
    currency = first.sheet.currency if in_money else None
    combined: dict[str, Decimal] = {}
    shown: dict[str, str] = {}  # name key -> the first spelling
    for s in settlements:
        parts = s.money if in_money and s.money is not None else s.net_shown
        for name, value in parts.items():
            key = POOL if name == POOL else name_key(name)
            shown.setdefault(key, name)
            combined[shown[key]] = combined.get(shown[key], Decimal(0)) + value
    if POOL in combined and not combined[POOL]:
        del combined[POOL]
    if POOL in combined:  # the pool last, as in a sheet's own settlement
        combined[POOL] = combined.pop(POOL)
    digits = max((s.sheet.minor_digits for s in settlements), default=2) if in_money else 2
    balances = {p: Fraction(v) for p, v in combined.items()}
    return Evening(
        tuple(settlements), combined, in_money, currency, digits, tuple(fewest_transfers(balances))
    )


def _no_sheets() -> SettleError:
    return SettleError(_("an evening needs at least one sheet"), code="no_sheets")


def settle_together(settlements: Sequence[Settlement]) -> Together:
    """Settle as one evening the sheets that can be settled together (see :func:`_chosen`:
    money before points, then the most sheets), and say why each of the others cannot
    (SettleError ``no_sheets`` for none at all)."""
    if not settlements:
        raise _no_sheets()
    chosen, left = _chosen(settlements)
    evening = _combined([settlements[i] for i in chosen])
    return Together(evening, tuple(chosen), tuple(left))


def settle_evening(settlements: Sequence[Settlement]) -> Evening:
    """Combine sheets settled one by one into one evening. SettleError when some cannot be
    settled with the others, naming each of them and why (the sheets :func:`settle_together`
    would leave out), one sentence a line; its code is the first's (``stake_mismatch``,
    ``currency_mismatch``, ``unit_mismatch``)."""
    if not settlements:
        raise _no_sheets()
    chosen, left = _chosen(settlements)
    if left:
        refusals = [_refusal(x) for x in left]
        if len(refusals) == 1:
            raise refusals[0]
        first = refusals[0]
        raise SettleError(
            "\n".join(r.message for r in refusals),
            code=first.code,
            field=first.field,
            details={**first.details, "left_out": [x.name for x in left]},
            quoted=refusals,
        )
    return _combined([settlements[i] for i in chosen])


# --- names that look like one person's ---------------------------------------------------------

#: why two names look like one person's: ``same_letters`` the same once case, accents and
#: punctuation are set aside ("Zoë", "Zoe"; "Gleb K", "Gleb K."); ``prefix`` one begins the
#: other ("Gleb", "Gleb K."; "Alex", "Alexander"); ``one_letter`` one letter apart (added,
#: dropped, changed, or two neighbours swapped: "Vera", "Wera")
LookAlikeWhy = Literal["same_letters", "prefix", "one_letter"]

#: letters that Unicode's decomposition does not take apart from their accent
_BASE_LETTERS = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ı": "i", "ŧ": "t"})
#: the shortest name (in letters, once folded) that a prefix or a letter's difference may
#: match: "Al" begins too many names, and "Ola" and "Ala" are one letter apart
_SHORTEST = 3


def folded(name: str) -> str:
    """A name with case, accents and punctuation set aside, words one space apart: how
    :func:`look_alikes` compares spellings.

    >>> folded("Gleb K."), folded("ZOË"), folded("Łukasz"), folded("Jean-Luc")
    ('gleb k', 'zoe', 'lukasz', 'jean luc')
    """
    letters = unicodedata.normalize("NFKD", name.casefold())
    kept = "".join(
        ch.translate(_BASE_LETTERS) if ch.isalnum() else " "
        for ch in letters
        if not unicodedata.combining(ch)
    )
    return " ".join(kept.split())


def _one_letter_apart(a: str, b: str) -> bool:
    """Whether ``b`` is ``a`` with one letter added, dropped or changed, or two neighbouring
    letters swapped (an edit distance of one)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) < len(b):  # one letter more in b
        return a[i:] == b[i + 1 :]
    if a[i + 1 :] == b[i + 1 :]:  # one letter changed
        return True
    swapped = a[i : i + 1] == b[i + 1 : i + 2] and a[i + 1 : i + 2] == b[i : i + 1]
    return swapped and a[i + 2 :] == b[i + 2 :]


def _why(a: str, b: str) -> LookAlikeWhy | None:
    """Why the folded names ``a`` and ``b`` look like one person's, or None."""
    if a == b:
        return "same_letters"
    short, long = sorted((a, b), key=len)
    if len(short.replace(" ", "")) < _SHORTEST:
        return None
    if long.startswith(short):
        return "prefix"
    if _one_letter_apart(a, b):
        return "one_letter"
    return None


@dataclass(frozen=True, slots=True)
class LookAlike:
    """Two names on different sheets that look like one person's but settle as two.

    ``name`` is the spelling to keep, as suggested: the one on more sheets (of as many, the
    longer, which says more: "Gleb K." rather than "Gleb"; then the one met first); ``other``
    the other spelling. ``sheets`` and ``other_sheets`` are the places (from 0) of the sheets
    that write each; no sheet writes both (two players of one sheet are two people)."""

    name: str
    other: str
    sheets: tuple[int, ...]
    other_sheets: tuple[int, ...]
    why: LookAlikeWhy


def look_alikes(sheets: Sequence[Sheet]) -> tuple[LookAlike, ...]:
    """Names on different sheets that look like one person's (:data:`LookAlikeWhy`), in the
    order their names are first met.

    Spellings that :func:`~remikcalc.rules.dealinput.name_key` matches (case aside) are one
    person already, settled together; two names that sit at one sheet are two people, never
    pointed out. The rest are compared by :func:`folded`: the same letters, one beginning the
    other, or one letter apart (a prefix or a letter's difference only from three letters
    on). A hint for people to confirm, not a match: the evening still settles each name as
    written until a sheet is renamed."""
    spelled: dict[str, str] = {}  # name key -> the first spelling
    where: dict[str, list[int]] = {}  # name key -> the sheets that write it
    for i, sheet in enumerate(sheets):
        for player in sheet.players:
            key = name_key(player)
            spelled.setdefault(key, player)
            places = where.setdefault(key, [])
            if i not in places:
                places.append(i)
    keys = list(spelled)
    shape = {key: folded(spelled[key]) for key in keys}

    def rank(key: str) -> tuple[int, int, int]:
        return (len(where[key]), len(shape[key]), -keys.index(key))

    found = []
    for n, a in enumerate(keys):
        for b in keys[n + 1 :]:
            if set(where[a]) & set(where[b]):
                continue
            why = _why(shape[a], shape[b])
            if why is None:
                continue
            keep, other = (a, b) if rank(a) >= rank(b) else (b, a)
            found.append(
                LookAlike(
                    spelled[keep], spelled[other], tuple(where[keep]), tuple(where[other]), why
                )
            )
    return tuple(found)
