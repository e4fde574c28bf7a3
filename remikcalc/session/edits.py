"""What the sheet book's transactions share: the refusal of a repeated entry, an entry found
by its deal or event number, what ``edit`` keeps of the entry it replaces, the later
entries scored again after an edit or a removal, a player renamed everywhere, and a sheet's
stake and currency checked as typed.

:mod:`remikcalc.session.book` runs the transactions; these are the steps they plan with.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any, TypeVar

from remikcalc.base.errors import ArgumentError, CardError, DealError, RemikcalcError, SheetError
from remikcalc.base.gcpause import collector_paused
from remikcalc.base.i18n import _
from remikcalc.rules.dealinput import name_key
from remikcalc.rules.ruleset import Rules
from remikcalc.session.replay import Replay, Step, deal_numbers, replay
from remikcalc.sheet.model import DealEntry, Entry, ReentryEntry, Sheet, player_name_problem

V = TypeVar("V")

__all__ = [
    "entry_number",
    "kept",
    "money_settings",
    "renamed",
    "replayed_with",
    "replayed_without",
    "same_as_last",
    "staked",
]


# --- what the transactions share ----------------------------------------------------------------


def same_as_last(state: Replay, last: Step) -> DealError:
    """The refusal of an entry the same as the last one (``details``: the last entry's deal
    number, or None for an event)."""
    number = deal_numbers(state.steps).get(last.n)
    if number is None:
        message = _("this is the same as the event, the last entry")
    else:
        message = _("this is the same as deal {n}, the last entry").format(n=number)
    return DealError(message, code="same_as_last", details={"deal": number})


def _by_player(old: Mapping[str, V], given: Mapping[str, V]) -> dict[str, V]:
    """``old`` with the players of ``given`` (matched ignoring case) given their new value,
    spelled as ``old`` spells them."""
    out = dict(old)
    for name, value in given.items():
        same = [p for p in out if name_key(p) == name_key(name)]
        out[same[0] if same else name] = value
    return out


def kept(old: Entry, given: Entry, rules: Rules | None = None) -> Entry:
    """``given`` over ``old``: what ``edit`` keeps of a deal when it is told only what changes.

    A hand (or melds laid, a count, a melded value) given replaces that player's, the others
    stay; a closer, outcome, up-card or plus points given replace the old ones, and the rest
    stay; ``draw`` makes the deal a draw (no closer, no outcome), and a closer given ends a
    draw. A deal entered as points (either one), a deal given as hands over counts or as
    counts over hands, and an event are replaced whole: there is nothing to keep.

    In a game whose closer goes out (an empty hand), a new closer's old hand goes too, unless
    it is given again. With the game's ``rules``, a card given that a kept hand or kept melds
    also hold, one copy too many for the pack, is refused as the kept part's (a
    :class:`DealError`, code ``kept_clash``, naming its player and the card) rather than as a
    card typed twice. Without ``rules`` that check is left to the scoring, and whether the
    closer went out is read from the old deal (its closer had no hand).

    >>> old = DealEntry(closer="Anna", how="gin", hands={"Anna": "9C 9D 9H", "Boris": "2C"})
    >>> new = kept(old, DealEntry(hands={"boris": "3C"}))
    >>> new.closer, new.how, dict(new.hands)
    ('Anna', 'gin', {'Anna': '9C 9D 9H', 'Boris': '3C'})
    >>> went_out = DealEntry(closer="Anna", hands={"Boris": "2C 3D", "Carl": "KS"})
    >>> dict(kept(went_out, DealEntry(closer="Boris", hands={"Anna": "4C"})).hands)
    {'Carl': 'KS', 'Anna': '4C'}
    >>> dict(kept(DealEntry(closer="Anna", counts={"Vera": 32, "Gleb": 41}),
    ...           DealEntry(counts={"vera": 23})).counts)
    {'Vera': 23, 'Gleb': 41}
    """
    if not isinstance(old, DealEntry) or not isinstance(given, DealEntry):
        return given
    if old.scores is not None or given.scores is not None:
        return given
    if (old.counts is not None and (given.hands or given.melded)) or (
        given.counts is not None and (old.hands or old.melded)
    ):
        return given
    closer, how, draw = old.closer, old.how, old.draw
    if given.draw:
        closer, how, draw = None, None, True
    if given.closer is not None:
        closer, draw = given.closer, False
        if old.draw:
            how = None
    if given.how is not None:
        how = given.how
    hands = _by_player(old.hands, given.hands)
    if _new_closer_went_out(old, closer, rules) and not _named(closer, given.hands):
        # the hand the old deal gave them goes with it (nothing of theirs was typed)
        hands = {name: text for name, text in hands.items() if not _named(name, [closer])}
    entry = dataclasses.replace(
        old,
        closer=closer,
        how=how,
        draw=draw,
        hands=hands,
        melded=_by_player(old.melded, given.melded),
        upcard=old.upcard if given.upcard is None else given.upcard,
        plus=old.plus if given.plus is None else given.plus,
        first_turn=old.first_turn or given.first_turn,
        no_draw=old.no_draw or given.no_draw,
        counts=_kept_numbers(old.counts, given.counts),
        melded_value=_kept_numbers(old.melded_value, given.melded_value),
    )
    if rules is not None:
        _no_kept_clash(entry, given, rules)
    return entry


def _same(a: str, b: str) -> bool:
    return name_key(a) == name_key(b)


def _named(name: str | None, names: Iterable[str | None]) -> bool:
    return name is not None and any(other is not None and _same(name, other) for other in names)


def _new_closer_went_out(old: DealEntry, closer: str | None, rules: Rules | None) -> bool:
    """Whether ``closer`` is not the old deal's, in a game whose closer goes out with an empty
    hand: the family says so, or else the old deal does (its closer had no hand)."""
    if closer is None or _named(closer, [old.closer]):
        return False
    if rules is not None:
        return rules.spec.closer_went_out
    return old.closer is not None and bool(old.hands) and not _named(old.closer, old.hands)


def _no_kept_clash(entry: DealEntry, given: DealEntry, rules: Rules) -> None:
    """Refuse a card that a part kept from the old deal holds, when the parts given hold it
    too and together they hold more copies than the pack has."""
    from collections import Counter

    from remikcalc.cards.notation import JOKER, format_cards, parse_cards
    from remikcalc.cards.text import card_text

    parts: list[tuple[str, str, bool, str]] = []  # (player, field, given now, the cards)
    for field, mine, theirs in (
        ("hands", entry.hands, given.hands),
        ("melded", entry.melded, given.melded),
    ):
        for player, text in mine.items():
            parts.append((player, field, _named(player, theirs), text))
    try:
        cards = [(player, field, now, parse_cards(text)) for player, field, now, text in parts]
    except CardError:
        return  # the scoring names the card that cannot be read
    counts = Counter(card for *_part, held in cards for card in held)
    for card, n in sorted(counts.items()):
        limit = rules.jokers if card == JOKER else rules.decks
        typed = [p for p, _f, now, held in cards if now and card in held]
        holders = [(p, f) for p, f, now, held in cards if not now and card in held]
        alone = sum(held.count(card) for _p, _f, now, held in cards if now)
        if n <= limit or not typed or not holders or alone > limit:
            continue  # no clash, or what was typed is too many by itself: said as such
        player, field = holders[0]
        words = {"card": card_text(card), "typed": typed[0], "kept": player}
        if field == "hands":
            message = _(
                "{card} is typed for {typed}, but {kept}'s hand, kept as the deal had it, holds "
                "it too: give {kept}'s hand as well, to replace the kept one"
            )
        else:
            message = _(
                "{card} is typed for {typed}, but the melds {kept} laid, kept as the deal had "
                "them, hold it too: give {kept}'s melds as well, to replace the kept ones"
            )
        raise DealError(
            message.format(**words),
            code="kept_clash",
            field=field,
            player=player,
            cards=(format_cards((card,)),),
            details={"typed_by": typed[0]},
        )


def _kept_numbers(
    old: Mapping[str, int] | None, given: Mapping[str, int] | None
) -> dict[str, int] | None:
    """Counts (or melded values) given over the old ones, player by player."""
    if old is None and given is None:
        return None
    return _by_player(old or {}, given or {})


def entry_number(
    sheet: Sheet, n: int, file: str, *, doing: str = "edit", event: bool = False
) -> int:
    """The entry number of deal ``n`` as ``show`` numbers the deals (events, a re-entry, have
    no deal number), or with ``event`` of the ``n``-th event (``e1``); SheetError for an entry
    that is not there."""
    if event:
        events = [i for i, e in enumerate(sheet.entries, start=1) if isinstance(e, ReentryEntry)]
        if not 1 <= n <= len(events):
            if not events:
                message = _("{file} has no events (re-entries); there is no event e{n}")
            else:
                message = _("{file} has events e1 to e{last}; there is no event e{n}")
            raise SheetError(
                message.format(file=file, n=n, last=len(events)),
                code="no_such_entry",
                field="n",
                details={"n": n, "event": True, "last": len(events)},
            )
        return events[n - 1]
    deals = [i for i, e in enumerate(sheet.entries, start=1) if not isinstance(e, ReentryEntry)]
    if not 1 <= n <= len(deals):
        if doing == "delete":
            if not deals:
                message = _("{file} has no deals yet; there is no deal {n} to delete")
            else:
                message = _("{file} has deals 1 to {last}; there is no deal {n} to delete")
        elif not deals:
            message = _("{file} has no deals yet; there is no deal {n} to edit")
        else:
            message = _("{file} has deals 1 to {last}; there is no deal {n} to edit")
        raise SheetError(
            message.format(file=file, n=n, last=len(deals)),
            code="no_such_entry",
            field="n",
            details={"n": n, "event": False, "last": len(deals)},
        )
    return deals[n - 1]


def _rest_message(*, deleted: bool, event: bool, reentry: bool) -> str:
    """The refusal of a later entry that no longer fits after an edit or a removal."""
    if not event:
        if reentry:
            if deleted:
                return _("without deal {n}, {player}'s re-entry after it no longer fits: {problem}")
            return _(
                "with this as deal {n}, {player}'s re-entry after it no longer fits: {problem}"
            )
        if deleted:
            return _("without deal {n}, deal {later} no longer fits: {problem}")
        return _("with this as deal {n}, deal {later} no longer fits: {problem}")
    if reentry:
        if deleted:
            return _("without event e{n}, {player}'s re-entry after it no longer fits: {problem}")
        return _("with this as event e{n}, {player}'s re-entry after it no longer fits: {problem}")
    if deleted:
        return _("without event e{n}, deal {later} no longer fits: {problem}")
    return _("with this as event e{n}, deal {later} no longer fits: {problem}")


def _replay_rest(
    state: Replay, sheet: Sheet, index: int, n: int, file: str, *, deleted: bool, event: bool
) -> None:
    """Score the entries after entry ``index`` (deal ``n``, or event ``n``) again; the reason
    when one no longer fits (the deals after it keep the numbers they have now), as a
    ``later_entry_refused`` refusal carrying the later entry's own ``code`` as ``cause``."""
    deal = sum(1 for e in sheet.entries[:index] if not isinstance(e, ReentryEntry))
    with collector_paused():  # as replay() does
        for old in sheet.entries[index:]:
            reentry = isinstance(old, ReentryEntry)
            if not reentry:
                deal += 1
            try:
                state.extend((old,))
            except RemikcalcError as exc:
                message = _rest_message(deleted=deleted, event=event, reentry=reentry)
                player = old.player if isinstance(old, ReentryEntry) else ""
                why = message.format(n=n, player=player, later=deal, problem=exc)
                raise SheetError(
                    why,
                    code="later_entry_refused",
                    field=exc.field,
                    player=exc.player or player or None,
                    cards=exc.cards,
                    details={**exc.details, "later": deal, "cause": exc.code},
                    quoted=(exc,),
                ) from None


def replayed_with(
    sheet: Sheet,
    n: int,
    index: int,
    entry: Entry,
    file: str,
    *,
    event: bool = False,
    start: Replay | None = None,
) -> tuple[Entry, Step, Replay]:
    """Deal ``n`` (or event ``n``: entry ``index``) replaced by ``entry``: its canonical form,
    its step and the whole replay; the reason when it, or a later entry that no longer fits
    after it, cannot be scored. ``start``: the entries before it replayed already (left as it
    is: a copy is scored into)."""
    if start is not None:
        state = start.fork()
    else:
        state = replay(sheet.with_entries(sheet.entries[: index - 1]))
    canonical, step = state.apply(entry)
    _replay_rest(state, sheet, index, n, file, deleted=False, event=event)
    return canonical, step, state


def replayed_without(sheet: Sheet, n: int, index: int, file: str, *, event: bool = False) -> Replay:
    """The replay with deal ``n`` (or event ``n``: entry ``index``) taken out; the reason when
    a later entry no longer fits without it (the deals after it keep the numbers they have
    now)."""
    state = replay(sheet.with_entries(sheet.entries[: index - 1]))
    _replay_rest(state, sheet, index, n, file, deleted=True, event=event)
    return state


# --- rename -------------------------------------------------------------------------------------


def _renamed_entry(entry: Entry, old: str, new: str, keys_of: dict[str, str]) -> Entry:
    """``entry`` with ``old`` called ``new``; ``keys_of``: the :func:`name_key` of each name met
    so far (a sheet names the same few players in every entry)."""

    def name(text: str) -> str:
        key = keys_of.get(text)
        if key is None:
            key = keys_of[text] = name_key(text)
        return new if key == keys_of[old] else text

    def keys(mapping: Mapping[str, Any] | None) -> dict[str, Any] | None:
        return None if mapping is None else {name(k): v for k, v in mapping.items()}

    if isinstance(entry, ReentryEntry):
        return dataclasses.replace(entry, player=name(entry.player))
    return dataclasses.replace(
        entry,
        closer=None if entry.closer is None else name(entry.closer),
        hands=keys(entry.hands) or {},
        melded=keys(entry.melded) or {},
        scores=keys(entry.scores),
        counts=keys(entry.counts),
        melded_value=keys(entry.melded_value),
    )


def _not_a_player(name: str, sheet: Sheet) -> str:
    """The refusal of a name that is not a player, with the nearest name or the players."""
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
    """``sheet`` with the player ``old`` (matched ignoring case) called ``new`` everywhere (the
    first dealer too), and the player's name as it was (ArgumentError ``new`` for a name that
    cannot be)."""
    from remikcalc.scoring.deal import player_named

    try:
        player = player_named(old, sheet.players)
    except DealError:
        raise DealError(
            _not_a_player(old, sheet), code="unknown_player", field="old", player=old
        ) from None
    why = player_name_problem(new)
    if why is not None:
        raise ArgumentError(why, code="bad_name", field="new")
    clash = [p for p in sheet.players if p != player and name_key(p) == name_key(new)]
    if clash:
        raise ArgumentError(
            _("{name} is already a player of this sheet (names are matched ignoring case)").format(
                name=clash[0]
            ),
            code="name_taken",
            field="new",
            player=clash[0],
        )
    keys_of = {player: name_key(player)}
    return dataclasses.replace(
        sheet,
        players=tuple(new if p == player else p for p in sheet.players),
        dealer=new if sheet.dealer == player else sheet.dealer,
        entries=tuple(_renamed_entry(e, player, new, keys_of) for e in sheet.entries),
    ), player


# --- the stake ----------------------------------------------------------------------------------


def money_settings(
    stake: str | Decimal | None, currency: str | None, decimals: int | None
) -> tuple[Decimal | None, str | None]:
    """A sheet's stake and currency as typed, checked as the reader checks a file's: the
    currency (ArgumentError ``currency``) as its code where it has one (``pln`` is PLN, a sign
    such as ``zł`` stays as typed), the stake read with as many decimals as the currency's
    minor unit (or ``decimals``) allows (SettleError, field ``stake``).

    >>> money_settings("0,5", "pln", None)
    (Decimal('0.5'), 'PLN')
    """
    from remikcalc.base.money import currency_code, currency_decimals, parse_amount
    from remikcalc.sheet.model import currency_problem

    if currency is not None:
        currency = currency.strip()
        if (why := currency_problem(currency)) is not None:
            raise ArgumentError(why, code="bad_currency", field="currency")
        currency = currency_code(currency)
    places = decimals if decimals is not None else currency_decimals(currency)
    if stake is None or isinstance(stake, Decimal):
        return stake, currency
    return parse_amount(stake, decimals=places), currency


def staked(sheet: Sheet, stake: str | Decimal, currency: str | None = None) -> Sheet:
    """The sheet's settings with a stake (money per point; in remik bridge, per stake) and,
    where given, its currency; without one the sheet's own stays. Checked as
    :func:`money_settings` checks them.

    >>> sheet = Sheet(variant="gin", players=("Anna", "Boris"))
    >>> new = staked(sheet, "0.10", "PLN")
    >>> new.stake, new.currency, staked(new, "0.20").currency
    (Decimal('0.10'), 'PLN', 'PLN')
    """
    wanted = sheet.currency if currency is None else currency
    amount, wanted = money_settings(
        format(stake, "f") if isinstance(stake, Decimal) else stake, wanted, sheet.decimals
    )
    return dataclasses.replace(sheet, stake=amount, currency=wanted)
