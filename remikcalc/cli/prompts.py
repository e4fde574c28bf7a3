"""Asking at the terminal: what a deal still lacks, and whether a repeated deal is meant.

``add`` and ``edit`` call :func:`complete` when stdin is a terminal (:func:`interactive`); a
wrong answer is asked again (only the part that was wrong), never the end of the command.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Sequence
from typing import Any

import click

from remikcalc.base.errors import DealError, RemikcalcError
from remikcalc.base.i18n import N_, _
from remikcalc.cli.entries import same_entry
from remikcalc.rules.dealinput import FIELDS, Kind, takes
from remikcalc.session import Replay, replay
from remikcalc.sheet.model import DealEntry, Entry


def interactive() -> bool:
    """True when a person can be asked for what is missing (stdin is a terminal)."""
    return sys.stdin is not None and sys.stdin.isatty()


def load(path: str) -> Replay:
    """The replayed sheet at ``path`` (to know its players and rules while asking)."""
    from remikcalc.sheet import load_sheet

    return replay(load_sheet(path))


def _checked_by(parse: Callable[[str], object]) -> Callable[[str], str]:
    """A prompt's check: text that ``parse`` refuses is asked again instead of ending the add."""

    def check(text: str) -> str:
        from remikcalc.base.errors import CardError

        try:
            parse(text)
        except CardError as exc:
            raise click.UsageError(str(exc)) from None
        return text

    return check


def _ask_inputs(entry: DealEntry, state: Replay) -> dict[str, Any]:
    """Ask for the single inputs (a card, a count) the deal's rules need and were not given."""
    names = [f.name for f in FIELDS if takes(state.rules, f.name)]
    return _ask_inputs_of(entry, *names)


def _ask_inputs_of(entry: DealEntry, *names: str) -> dict[str, Any]:
    """Ask for those of the inputs ``names`` that have a prompt and were not given."""
    from remikcalc.cards.notation import parse_card

    asked: dict[str, Any] = {}
    for f in FIELDS:
        if not f.prompt or getattr(entry, f.name) is not None or f.name not in names:
            continue
        if f.kind is Kind.CARD:
            asked[f.name] = click.prompt(_(f.prompt), value_proc=_checked_by(parse_card))
        elif f.kind is Kind.COUNT:
            asked[f.name] = click.prompt(_(f.prompt), type=click.IntRange(f.low, f.high),
                                         default=f.low)  # fmt: skip
    return asked


def complete(entry: DealEntry, state: Replay) -> DealEntry:
    """Ask on the terminal for what a deal still lacks: the closer, each player's cards, the
    inputs the family needs (melds laid, the up-card, plus points) and, where going out in one
    go changes the score, whether the closer did.

    A hand with a card typed twice is asked again at once. When the whole deal then does not
    score, the reason is shown and only the part that was wrong is asked again.
    """
    from remikcalc.games.deal import player_named

    if entry.scores is not None or entry.draw:
        return entry
    active = state.tally.active()
    spec = state.rules.spec
    typed_cards = _checked_by(_one_hand(state))
    closer = entry.closer
    if closer is None:
        closer = _ask_closer(active)
    closer = player_named(closer, active, "closer")
    hands = dict(entry.hands)
    given = {player_named(n, active).casefold() for n in hands}
    for p in active:
        if p.casefold() in given or (spec.closer_went_out and p == closer):
            continue
        hands[p] = _ask_hand(p, typed_cards)
    melded = dict(entry.melded)
    if takes(state.rules, "melded"):
        laid = {player_named(n, active).casefold() for n in melded}
        for p in active:
            if p.casefold() not in laid:
                melded[p] = _ask_melds(p, typed_cards)
        melded = {p: m for p, m in melded.items() if m.strip()}
    asked = _ask_inputs(entry, state)
    how = entry.how
    one_go = how is None and spec.one_go_counts and state.rules.one_go_multiplier != 1
    if one_go and click.confirm(_("Did {closer} go out in one go?").format(closer=closer),
                                default=False):  # fmt: skip
        how = "one_go"
    done = dataclasses.replace(entry, hands=hands, closer=closer, melded=melded, how=how, **asked)
    return _fixed(done, state, typed_cards, one_go)


def _ask_closer(active: Sequence[str]) -> str:
    return str(click.prompt(_("Who closed the deal (knocked, went out)?"),
                            type=click.Choice(active, case_sensitive=False)))  # fmt: skip


def _ask_hand(player: str, check: Callable[[str], str]) -> str:
    question = _("{player}'s cards (group melds with |)").format(player=player)
    return str(click.prompt(question, value_proc=check))


def _ask_melds(player: str, check: Callable[[str], str]) -> str:
    question = _("{player}'s melds and lay-offs this deal (| between melds)").format(player=player)
    return str(click.prompt(question, default="", show_default=False, value_proc=check))


def _one_hand(state: Replay) -> Callable[[str], object]:
    """Parse one typed hand and check it against the pack: a card typed twice in one hand is
    caught as soon as the hand is typed (the whole deal is checked again when it is scored)."""
    from remikcalc.cards.notation import check_pack, parse_groups

    rules = state.rules

    def parse(text: str) -> object:
        groups = parse_groups(text)
        check_pack([c for g in groups for c in g], decks=rules.decks, jokers=rules.jokers,
                   variant=rules.variant)  # fmt: skip
        return groups

    return parse


def _fixed(
    entry: DealEntry, state: Replay, typed_cards: Callable[[str], str], one_go: bool
) -> DealEntry:
    """Score the completed deal on a copy of the sheet; while it does not score, show why and
    ask again only for the part that was wrong (a hand, the closer, ...)."""
    from remikcalc.base.errors import CardError, MeldError

    active = list(state.tally.active())
    # the answers, as the person types them (in his language) -> the part they name
    parts = {_("closer"): "closer", **{p: p for p in active}}
    if takes(state.rules, "melded"):
        parts.update({_("melds:{player}").format(player=p): f"melds:{p}" for p in active})
    if one_go:
        parts[_("one-go")] = "one-go"
    for f in FIELDS:
        if f.prompt and takes(state.rules, f.name):
            parts[_(_PART_WORDS.get(f.name, f.name))] = f.name
    while True:
        try:
            replay(state.sheet).apply(entry)
            return entry
        except (CardError, MeldError, DealError) as exc:
            click.echo(_("Error: {message}").format(message=exc), err=True)
            guess = next((p for p in active if p in str(exc)), _("closer"))
            answer = click.prompt(_("Which part was wrong?"), default=guess,
                                  type=click.Choice(list(parts), case_sensitive=False))  # fmt: skip
            part = next(v for k, v in parts.items() if k.casefold() == str(answer).casefold())
        entry = _asked_again(entry, part, active, typed_cards)


# How a person names the deal inputs asked on a terminal, when one was wrong (one word each).
_PART_WORDS = {"upcard": N_("upcard"), "plus": N_("plus")}


def _asked_again(
    entry: DealEntry, part: str, active: list[str], typed_cards: Callable[[str], str]
) -> DealEntry:
    folded = part.casefold()
    if folded == "closer":
        return dataclasses.replace(entry, closer=_ask_closer(active))
    if folded == "one-go":
        went = click.confirm(_("Did {closer} go out in one go?").format(closer=entry.closer),
                             default=False)  # fmt: skip
        return dataclasses.replace(entry, how="one_go" if went else None)
    if folded.startswith("melds:"):
        p = next(q for q in active if q.casefold() == folded.removeprefix("melds:"))
        melded = {q: m for q, m in entry.melded.items() if q.casefold() != p.casefold()}
        text = _ask_melds(p, typed_cards)
        return dataclasses.replace(entry, melded={**melded, **({p: text} if text.strip() else {})})
    player = next((q for q in active if q.casefold() == folded), None)
    if player is not None:
        hands = {q: h for q, h in entry.hands.items() if q.casefold() != folded}
        return dataclasses.replace(entry, hands={**hands, player: _ask_hand(player, typed_cards)})
    none: dict[str, Any] = {folded: None}
    cleared = dataclasses.replace(entry, **none)
    return dataclasses.replace(cleared, **_ask_inputs_of(cleared, folded))


def confirm_again(file: str, entry: Entry) -> bool:
    """On a terminal: the deal repeats the last entry; ask (outside the lock) whether it is
    meant. True when it was confirmed; a no ends the add with the sheet unchanged."""
    state = load(file)
    if not state.steps:
        return False
    last = state.steps[-1]
    try:
        canonical, _step = state.apply(entry)
    except RemikcalcError:
        return False  # the add itself reports it
    if not same_entry(canonical, last.entry):
        return False
    if not click.confirm(_("This deal is the same as deal {n}. Add it again?").format(n=last.n)):
        raise DealError(_("not added: {file} is unchanged.").format(file=file))
    return True
