"""``remikcalc hand``: melds, deadwood, count and best discard of one hand (or many)."""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator
from typing import Any

import click

from remikcalc.base.errors import RemikcalcError
from remikcalc.base.i18n import _, in_language
from remikcalc.cards.notation import CODES, parse_card, parse_cards
from remikcalc.commands.common import output_options, rules_options
from remikcalc.render.hand import HAND_LABELS, hand_json_line, label_width, meld_text, wilds_json
from remikcalc.rules.ruleset import Rules
from remikcalc.rules.variants import get_rules
from remikcalc.search import Arrangement, analyze_hand


def _analyze(rules: Rules, text: str, discard: bool | None) -> tuple[str, Arrangement]:
    """One typed hand, parsed once: its canonical codes and its best arrangement."""
    if "|" in text:  # grouped: analyze_hand checks the groups
        arrangement = analyze_hand(text, rules=rules, discard=discard)
        cards = parse_cards(text)
    else:
        cards = parse_cards(text)
        arrangement = analyze_hand(cards, rules=rules, discard=discard)
    return " ".join(map(CODES.__getitem__, cards)), arrangement


def hand_record(
    rules: Rules, text: str, discard: bool | None, *, people: bool = False
) -> tuple[dict[str, Any], list[str]]:
    """Analyse one typed hand: the docs/INTERFACE.md ``hand --format json`` object, and each meld
    written out (a joker or wild deuce shown with what it stands for, ``JK=9H``): in codes,
    or with ``people`` in the players' notation."""
    cards, arrangement = _analyze(rules, text, discard)
    shown = [meld_text(meld, people=people) for meld in arrangement.melds]
    record = {
        "variant": str(rules.variant),
        "cards": cards,
        "melds": [[c.code for c in m.cards] for m in arrangement.melds],
        "jokers": wilds_json(arrangement.melds),
        "deadwood": [c.code for c in arrangement.deadwood],
        "points": arrangement.points,
        "discard": arrangement.discard.code if arrangement.discard is not None else None,
    }
    return record, shown


def _render(record: dict[str, Any], melds: list[str], fmt: str) -> str:
    if fmt == "json":
        from remikcalc.render import to_json

        return to_json(record, lines=True)
    if fmt == "plain":
        return "\t".join(
            [
                record["cards"],
                " | ".join(melds),
                " ".join(record["deadwood"]),
                str(record["points"]),
                record["discard"] or "",
            ]
        )
    from remikcalc.cards.text import cards_text

    def shown(codes: str | list[str]) -> str:  # codes to the players' notation
        return cards_text(parse_cards(codes)) if codes else ""

    values = [
        shown(record["cards"]),
        " | ".join(melds) if melds else "-",
        shown(record["deadwood"]) or "-",
        str(record["points"]),
        shown([record["discard"]] if record["discard"] is not None else []),
    ]
    width = label_width()
    lines = [
        f"{_(label):<{width}}{value}"
        for label, value in zip(HAND_LABELS, values, strict=True)
        if value or label != "Discard:"
    ]
    return "\n".join(lines)


def _english_error(rules: Rules, line: str, discard: bool | None, exc: RemikcalcError) -> str:
    """The message of a bad line in English, as JSON carries it in every language: the line
    analysed again with English spoken (a bad line only: a good one is analysed once)."""
    import warnings

    from remikcalc.cards.text import written_in
    from remikcalc.commands.refusal import for_command_line

    # the line's warnings (Jk) were shown, in the language spoken, by the first analysis
    with in_language("en"), written_in("en"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            _analyze(rules, line, discard)
        except RemikcalcError as again:
            return for_command_line(again)
    return for_command_line(exc)  # not reached: the analysis is deterministic


def _stdin_lines() -> Iterator[str]:
    """The lines of the standard input; one line of error when there is none to read
    (``<&-`` closes it) or it cannot be read (a folder given as the input)."""
    if sys.stdin is None:
        raise click.ClickException(
            _("the standard input is closed: give the hands on it, one per line")
        )
    gc.enable()  # a stream of hands may run for hours: not a short process (remikcalc.__main__)
    try:
        yield from sys.stdin
    except OSError as exc:
        raise click.ClickException(
            _("cannot read the standard input: {reason}").format(reason=exc.strerror or exc)
        ) from None


@click.command("hand")
@click.argument("cards", nargs=-1, required=True)
@rules_options()
@click.option(
    "--players",
    "-n",
    type=int,
    default=None,
    help="Number of players, where it sets the pack and hand size (rummy, continental, ...).",
)
@click.option(
    "--discard/--no-discard",
    default=None,
    help="Force choosing a discard (default: when the hand holds one card over a full hand).",
)
@output_options(tables=False)
def hand_cmd(
    cards: tuple[str, ...],
    variant: str,
    preset: str | None,
    rule: tuple[str, ...],
    players: int | None,
    discard: bool | None,
    fmt: str,
) -> None:
    """Find the best melds of a hand: deadwood, count and the best discard.

    CARDS in any notation: 9C 10H QD, 10♥, Russian Дч Тп, Polish Wk Dp, jokers JK or *.
    Group melds with | to fix the arrangement. Use - to read one hand per line from stdin
    (with --json, one JSON object per line; a bad line gives {"line": N, "error": ...}).

    \b
    Examples:
      remikcalc hand 9C 7H QD 9D 9H 5S 6S 7S KD KH
      remikcalc hand AS 2S 3S 7H 7D 7C 9C 9D KH QS JD   # 11 cards: best discard
      remikcalc hand -v bridge "Дч Дп JK 10♥ Wk 5S 6S 7S KD KH"
      remikcalc hand -v continental -n 9 "AS AS AS 2S 3S JK"   # 9 players: 4 packs
      remikcalc hand --json - < hands.txt
    """
    rules = get_rules(variant, preset, rule, players)
    if cards == ("-",):
        failed = False
        if fmt == "json":  # JSON Lines with a fixed layout (render.hand)
            from remikcalc.render import to_json

            name = to_json(rules.variant, lines=True)
        for n, line in enumerate(_stdin_lines(), start=1):
            if not line.strip():
                continue
            try:
                if fmt == "json":
                    click.echo(hand_json_line(name, *_analyze(rules, line, discard)))
                else:
                    record, melds = hand_record(rules, line, discard, people=fmt == "table")
                    click.echo(_render(record, melds, fmt))
            except RemikcalcError as exc:
                failed = True
                if fmt == "json":  # JSON is English in every language: the message made again
                    from remikcalc.render import to_json

                    click.echo(
                        to_json(
                            {"line": n, "error": _english_error(rules, line, discard, exc)},
                            lines=True,
                        )
                    )
                else:
                    from remikcalc.commands.refusal import for_command_line

                    error = for_command_line(exc)
                    click.echo(_("line {n}: {error}").format(n=n, error=error), err=True)
        if failed:
            sys.exit(1)
        return
    if "-" in cards:
        raise click.UsageError(_("'-' (read from stdin) cannot be mixed with cards"))
    record, melds = hand_record(rules, " ".join(cards), discard, people=fmt == "table")
    click.echo(_render(record, melds, fmt))
    if fmt == "table":  # going-out games: what the whole hand costs if caught with it
        from remikcalc.render.hand import caught_text

        held = list(parse_cards(record["cards"]))
        if record["discard"] is not None:  # the hand as it will be held: after the discard
            held.remove(parse_card(record["discard"]))
        caught = caught_text(rules, held)
        if caught is not None:
            click.echo(caught)
