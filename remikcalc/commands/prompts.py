"""Asking at the terminal: what a deal still lacks, and whether a repeated deal is meant.

``add`` and ``edit`` call :func:`complete` when stdin is a terminal (:func:`interactive`); a
wrong answer is asked again (only the part that was wrong), never the end of the command.
Yes and no are the language's (``t``/``tak``, ``д``/``да``; English is understood too), a
mistyped name gets a did-you-mean, and a Ctrl-C while asking (:func:`asking`) says that the
sheet is unchanged.
"""

from __future__ import annotations

import contextlib
import dataclasses
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import click

from remikcalc.base.errors import DealError, RemikcalcError
from remikcalc.base.i18n import N_, _, ngettext
from remikcalc.commands.current import load
from remikcalc.rules.dealinput import (
    FIELDS,
    SCORE_LIMIT,
    Kind,
    outcome_text,
    takes,
    typed_words,
)
from remikcalc.session import Replay
from remikcalc.sheet.model import DealEntry, Entry, same_entry

if TYPE_CHECKING:
    pass


def interactive() -> bool:
    """True when a person can be asked for what is missing (stdin is a terminal)."""
    return sys.stdin is not None and sys.stdin.isatty()


@contextlib.contextmanager
def asking(file: str) -> Iterator[None]:
    """Around the questions of ``add`` and ``edit``: a Ctrl-C (or the end of the input) while
    asking ends the command with a line saying that the sheet ``file`` is unchanged (exit 130
    for Ctrl-C, 1 for the end of the input): nothing is written before every answer is in."""
    try:
        yield
    except click.Abort as exc:
        if isinstance(exc.__context__ or exc.__cause__, KeyboardInterrupt):
            click.echo(_("interrupted; {file} is unchanged").format(file=file), err=True)
            raise click.exceptions.Exit(130) from None
        click.echo(_("no answer (end of input); {file} is unchanged").format(file=file), err=True)
        raise click.exceptions.Exit(1) from None
    except KeyboardInterrupt:
        click.echo(_("interrupted; {file} is unchanged").format(file=file), err=True)
        raise click.exceptions.Exit(130) from None


# How yes and no are typed, in the language spoken: the short form first (shown in the
# prompt), then the word; English is understood in every language.
_YES = N_("y|yes")
_NO = N_("n|no")


def _words(message: str) -> list[str]:
    return [w.strip().casefold() for w in _(message).split("|") if w.strip()]


def confirm(question: str, default: bool = False) -> bool:
    """A yes/no question in the language spoken: ``[t/N]`` in Polish, ``[д/Н]`` in Russian,
    ``[y/N]`` in English; the language's words and the English ones are understood."""
    yes, no = _words(_YES), _words(_NO)
    yes_all = {*yes, "y", "yes"}
    no_all = {*no, "n", "no"}
    shown = f"{yes[0].upper()}/{no[0]}" if default else f"{yes[0]}/{no[0].upper()}"

    def check(text: str) -> str:
        answer = text.strip().casefold()
        if answer and answer not in yes_all | no_all:
            raise click.UsageError(
                _("answer {yes} or {no}").format(yes="/".join(yes), no="/".join(no))
            )
        return answer

    prompt = f"{question} [{shown}]"
    answer = click.prompt(prompt, default="", show_default=False, value_proc=check)
    if not answer:
        return default
    return answer in yes_all


def _checked_by(parse: Callable[[str], object]) -> Callable[[str], str]:
    """A prompt's check: text that ``parse`` refuses is asked again instead of ending the add."""

    def check(text: str) -> str:
        from remikcalc.base.errors import CardError

        try:
            parse(text)
        except CardError as exc:
            from remikcalc.commands.refusal import for_command_line

            raise click.UsageError(for_command_line(exc)) from None
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
            asked[f.name] = click.prompt(
                _(f.prompt), type=click.IntRange(f.low, f.high), default=f.low
            )
    return asked


def complete(entry: DealEntry, state: Replay) -> DealEntry:
    """Ask on the terminal for what a deal still lacks: the up-card first (oklahoma: it is
    turned before anything else), the closer (or that the deal was a draw, or is entered as
    points), each player's cards, the inputs the family needs (melds laid, plus points) and,
    where going out in one go changes the score, whether the closer did.

    A hand with a card typed twice is asked again at once. When the whole deal then does not
    score, the reason is shown and only the part that was wrong is asked again.
    """
    from remikcalc.scoring.deal import player_named

    if entry.scores is not None or entry.counts is not None or entry.draw:
        return entry
    active = state.tally.active()
    spec = state.rules.spec
    typed_cards = _checked_by(_one_hand(state))
    cards = [f.name for f in FIELDS if f.kind is Kind.CARD and takes(state.rules, f.name)]
    entry = dataclasses.replace(entry, **_ask_inputs_of(entry, *cards))
    closer = entry.closer
    if closer is None:
        others = not entry.hands and not entry.melded and entry.plus is None
        closer = _ask_closer(
            active, draw=others and spec.draw_allowed, points=others, counts=others
        )
        if closer == _DRAW:
            return _drawn(entry, state, typed_cards)
        if closer == _POINTS:
            return _points(entry, state)
        if closer == _COUNTS:
            return _counts(entry, state)
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
    if one_go and confirm(_("Did {closer} go out in one go?").format(closer=closer)):
        how = "one_go"
    done = dataclasses.replace(entry, hands=hands, closer=closer, melded=melded, how=how, **asked)
    return _fixed(done, state, typed_cards, one_go)


# What the closer's question takes besides a player (values no player name can be: a name
# has no leading "_").
_DRAW = "_draw"
_POINTS = "_points"
_COUNTS = "_counts"


def _ask_closer(
    active: Sequence[str], *, draw: bool = False, points: bool = False, counts: bool = False
) -> str:
    """The closer; or, where offered, ``draw`` (the stock ran out), ``counts`` (the deal is
    entered as what each player counted in hand) or ``points`` (as each player's points), in
    the words of the language or English; a draw also in the words its players type for it
    (``remis`` in Polish, :func:`typed_words`)."""
    shown = {p: p for p in active}
    hidden: dict[str, str] = {}
    names = {p.casefold() for p in active}
    for offered, word, understood, value in (
        (draw, outcome_text("draw"), typed_words("draw"), _DRAW),
        (counts, _("counts"), ("counts",), _COUNTS),
        (points, _("points"), ("points",), _POINTS),
    ):
        if offered and word.casefold() not in names:
            shown[word] = value
            hidden.update((w, value) for w in understood if w.casefold() not in names)
    return _choose(_("Who closed the deal (knocked, went out)?"), shown, hidden)


def _choose(
    question: str,
    shown: Mapping[str, str],
    hidden: Mapping[str, str] | None = None,
    default: str | None = None,
) -> str:
    """Ask for one of the options ``shown`` (what is typed, ignoring case -> its value),
    listed after the question; ``hidden`` ones are understood but not listed (the English
    words beside the language's). A mistyped answer gets a did-you-mean, in the options' own
    spelling, and is asked again."""
    import difflib

    every = {**(hidden or {}), **shown}
    by_key = {name.casefold(): value for name, value in every.items()}
    spelled = {name.casefold(): name for name in shown}

    def check(text: str) -> str:
        typed = text.strip()
        if typed.casefold() in by_key:
            return by_key[typed.casefold()]
        close = difflib.get_close_matches(typed.casefold(), list(spelled), n=1)
        if close:
            message = _("{typed!r} is none of these; did you mean {guess}?").format(
                typed=typed, guess=spelled[close[0]]
            )
        else:
            message = _("{typed!r} is none of these: {options}").format(
                typed=typed, options=", ".join(shown)
            )
        raise click.UsageError(message)

    prompt = f"{question} ({', '.join(shown)})"
    return str(click.prompt(prompt, default=default, value_proc=check))


def _drawn(entry: DealEntry, state: Replay, typed_cards: Callable[[str], str]) -> DealEntry:
    """A drawn deal: where each player counts his own hand (rummy, polish, remibrydż, rummy
    500), each hand is asked; in the knock games and bridge nobody scores and no hand is."""
    drawn = dataclasses.replace(entry, draw=True, closer=None, how=None, upcard=None)
    if state.rules.spec.draw_scores == "none":
        return drawn
    hands = dict(entry.hands)
    for p in state.tally.active():
        if p not in hands:
            hands[p] = _ask_hand(p, typed_cards)
    return _fixed(dataclasses.replace(drawn, hands=hands), state, typed_cards, False)


def _points(entry: DealEntry, state: Replay) -> DealEntry:
    """A deal entered as points: each player's points, and the closer where the family needs
    one (bridge: the closing sets the stakes); asked again whole while it does not score."""
    from remikcalc.base.errors import SettleError

    active = state.tally.active()
    while True:
        points_range = click.IntRange(-SCORE_LIMIT, SCORE_LIMIT)
        scores: dict[str, int] = {}
        for p in active:
            question = _("{player}'s points").format(player=p)
            scores[p] = int(click.prompt(question, default=0, type=points_range))
        scores = {p: n for p, n in scores.items() if n}  # as --score gives them
        closer = None
        if state.rules.spec.points_need_closer:
            closer = _ask_closer(active)
        points = DealEntry(scores=scores, closer=closer, notes=entry.notes)
        try:
            state.fork().apply(points)  # the sheet's replay, scored into a copy
            return points
        except (DealError, SettleError) as exc:
            from remikcalc.commands.refusal import for_command_line

            message = for_command_line(exc)
            click.echo(_("Error: {message}").format(message=message), err=True)


def _counts(entry: DealEntry, state: Replay) -> DealEntry:
    """A deal entered as counts: who closed (or that the stock ran out), what each player
    counted in hand (not the closer's where he went out), rummy 500's melded values, the
    inputs the family needs and, where it counts, whether the closer went out in one go;
    asked again whole while it does not score."""
    from remikcalc.base.errors import SettleError
    from remikcalc.rules.dealinput import COUNT_LIMIT

    active = state.tally.active()
    spec = state.rules.spec
    numbers = click.IntRange(0, COUNT_LIMIT)
    while True:
        closer: str | None = _ask_closer(active, draw=spec.draw_allowed)
        drawn = closer == _DRAW
        if drawn:
            closer = None
        counts: dict[str, int] = {}
        for p in active:
            if not (spec.closer_went_out and p == closer):
                question = _("{player}'s count (the points left in hand)").format(player=p)
                counts[p] = int(click.prompt(question, type=numbers))
        melded: dict[str, int] = {}
        if takes(state.rules, "melded_value"):
            for p in active:
                question = _("{player}'s melded value this deal").format(player=p)
                melded[p] = int(click.prompt(question, default=0, type=numbers))
        asked = _ask_inputs_of(entry, *(f.name for f in FIELDS if takes(state.rules, f.name)))
        how = entry.how
        one_go = not drawn and how is None and spec.one_go_counts
        if one_go and state.rules.one_go_multiplier != 1:
            went = confirm(_("Did {closer} go out in one go?").format(closer=closer))
            how = "one_go" if went else None
        counted = dataclasses.replace(
            entry,
            counts=counts,
            melded_value={p: n for p, n in melded.items() if n} or None,
            closer=closer,
            draw=drawn,
            how=None if drawn else how,
            **asked,
        )
        try:
            state.fork().apply(counted)  # the sheet's replay, scored into a copy
            return counted
        except (DealError, SettleError) as exc:
            click.echo(_("Error: {message}").format(message=exc), err=True)


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
        check_pack(
            [c for g in groups for c in g],
            decks=rules.decks,
            jokers=rules.jokers,
            variant=rules.variant,
        )
        return groups

    return parse


def _fixed(
    entry: DealEntry, state: Replay, typed_cards: Callable[[str], str], one_go: bool
) -> DealEntry:
    """Score the completed deal on a copy of the sheet; while it does not score, show why and
    ask again only for the part that was wrong (a hand, the closer, ...). A card typed in
    more hands than the pack holds it names those hands, and the question is which of them
    was wrong."""
    from remikcalc.base.errors import CardError, MeldError

    active = list(state.tally.active())
    # the answers, as the person types them (in his language) -> the part they name
    parts = {p: p for p in active}
    if not entry.draw:
        parts = {_("closer"): "closer", **parts}
    if takes(state.rules, "melded"):
        parts.update({_("melds:{player}").format(player=p): f"melds:{p}" for p in active})
    if one_go:
        parts[_("one-go")] = "one-go"
    for f in FIELDS:
        if f.prompt and takes(state.rules, f.name):
            parts[_(_PART_WORDS.get(f.name, f.name))] = f.name
    while True:
        repeated = _repeated(entry, state)
        if repeated is not None:
            message, holders = repeated
            click.echo(_("Error: {message}").format(message=message), err=True)
            shown = {k: v for k, v in parts.items() if v in holders}
            part = _choose(_("Which of them was wrong?"), shown, default=list(shown)[-1])
        else:
            try:
                state.fork().apply(entry)  # the sheet's replay, scored into a copy
                return entry
            except (CardError, MeldError, DealError) as exc:
                from remikcalc.commands.refusal import for_command_line

                message = for_command_line(exc)
                click.echo(_("Error: {message}").format(message=message), err=True)
                named = [p for p in active if p in message]
                guess = named[0] if named else next(iter(parts))
                part = _choose(_("Which part was wrong?"), parts, default=guess)
        entry = _asked_again(entry, part, active, typed_cards)


def _repeated(entry: DealEntry, state: Replay) -> tuple[str, list[str]] | None:
    """A card typed more times than the pack holds it, over the hands and melds of the
    deal: the refusal, naming the players who hold it, and those parts (hands, ``melds:``);
    None when every card fits (a card typed twice in one hand was caught as it was typed)."""
    from collections import Counter

    from remikcalc.base.errors import CardError
    from remikcalc.cards.notation import JOKER, parse_cards
    from remikcalc.cards.text import card_text

    rules = state.rules
    typed = [(p, text) for p, text in entry.hands.items()]
    typed += [(f"melds:{p}", text) for p, text in entry.melded.items()]
    where: dict[int, list[str]] = {}
    counts: Counter[int] = Counter()
    for part, text in typed:
        try:
            cards = parse_cards(text)
        except CardError:
            continue  # the scoring says what is wrong with it
        counts.update(cards)
        for card in dict.fromkeys(cards):
            where.setdefault(card, []).append(part)
    for repeated, n in counts.items():
        most = rules.jokers if repeated == JOKER else rules.decks
        if n > most and most and len(where[repeated]) > 1:
            holders = where[repeated]
            names = [h.removeprefix("melds:") for h in holders]
            players = _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])
            message = ngettext(
                "{card} is typed for {players}, but the pack has only {n} of it",
                "{card} is typed for {players}, but the packs have only {n} of it",
                most,
            ).format(card=card_text(repeated), players=players, n=most)
            return message, holders
    return None


# How a person names the deal inputs asked on a terminal, when one was wrong (one word each).
_PART_WORDS = {"upcard": N_("upcard"), "plus": N_("plus")}


def _asked_again(
    entry: DealEntry, part: str, active: list[str], typed_cards: Callable[[str], str]
) -> DealEntry:
    folded = part.casefold()
    if folded == "closer":
        return dataclasses.replace(entry, closer=_ask_closer(active))
    if folded == "one-go":
        went = confirm(_("Did {closer} go out in one go?").format(closer=entry.closer))
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


def confirm_again(file: str, entry: Entry, state: Replay | None = None) -> bool | None:
    """On a terminal: the deal repeats the last entry; ask (outside the lock) whether it is
    meant. True when it was confirmed, False when it is not a repeat (nothing to ask), None
    when the person said no: nothing is to be added. ``state``: the sheet as replayed (left
    as it is), else it is loaded."""
    from remikcalc.session.replay import deal_numbers

    state = load(file) if state is None else state
    if not state.steps:
        return False
    last = state.steps[-1]
    try:
        canonical, _step = state.fork().apply(entry)
    except RemikcalcError:
        return False  # the add itself reports it
    if not same_entry(canonical, last.entry):
        return False
    number = deal_numbers(state.steps).get(last.n)
    if number is None:
        question = _("This is the same as the last entry, an event. Add it again?")
    else:
        question = _("This deal is the same as deal {n}. Add it again?").format(n=number)
    return True if confirm(question) else None
