"""``remikcalc hand``: melds, deadwood, count and best discard of one hand (or many)."""

from __future__ import annotations

import sys
from typing import Any

import click

from remikcalc.cards import format_cards, is_grouped, parse_groups
from remikcalc.cli.common import output_options, rules_options
from remikcalc.decompose import Arrangement, analyze_hand, arrangement_from_groups
from remikcalc.errors import RemikcalcError
from remikcalc.melds import Meld
from remikcalc.variants import Rules, get_rules


def _meld_codes(meld: Meld) -> list[str]:
    return [c.code for c in meld.cards]


def hand_record(rules: Rules, text: str, discard: bool | None) -> dict[str, Any]:
    """Analyse one typed hand into the INTERFACE.md ``hand --format json`` object."""
    groups = parse_groups(text)
    cards = tuple(c for g in groups for c in g)
    if not cards:
        raise RemikcalcError("the hand is empty; type the cards, e.g. 9C 7H QD")
    arrangement: Arrangement
    if is_grouped(text):
        from remikcalc.cards import check_pack

        check_pack(cards, decks=rules.decks, jokers=rules.jokers, variant=rules.variant)
        arrangement = arrangement_from_groups(groups, rules)
    else:
        arrangement = analyze_hand(cards, rules=rules, discard=discard)
    jokers = [
        {"meld": i, "stands_for": stand.code}
        for i, meld in enumerate(arrangement.melds)
        for card, stand in zip(meld.cards, meld.stands_for, strict=True)
        if stand is not None
    ]
    return {
        "variant": rules.variant,
        "cards": format_cards(cards),
        "melds": [_meld_codes(m) for m in arrangement.melds],
        "jokers": jokers,
        "deadwood": [c.code for c in arrangement.deadwood],
        "points": arrangement.points,
        "discard": arrangement.discard.code if arrangement.discard is not None else None,
    }


def hand_text(record: dict[str, Any], arrangement_melds: list[str]) -> str:
    lines = [
        f"Hand:     {record['cards']}",
        f"Melds:    {' | '.join(arrangement_melds) if arrangement_melds else '-'}",
        f"Deadwood: {' '.join(record['deadwood']) or '-'}",
        f"Points:   {record['points']}",
    ]
    if record["discard"] is not None:
        lines.append(f"Discard:  {record['discard']}")
    return "\n".join(lines)


def _render(record: dict[str, Any], fmt: str) -> str:
    from remikcalc.render import to_json

    if fmt == "json":
        return to_json(record, lines=True)
    melds = []
    for i, meld in enumerate(record["melds"]):
        subs = [j["stands_for"] for j in record["jokers"] if j["meld"] == i]
        text = []
        for code in meld:
            if code == "JK" and subs:
                text.append(f"JK={subs.pop(0)}")
            else:
                text.append(code)
        melds.append(" ".join(text))
    if fmt == "plain":
        return "\t".join(
            [record["cards"], " | ".join(melds), " ".join(record["deadwood"]),
             str(record["points"]), record["discard"] or ""]
        )  # fmt: skip
    return hand_text(record, melds)


@click.command("hand")
@click.argument("cards", nargs=-1, required=True)
@rules_options()
@click.option(
    "--discard/--no-discard",
    default=None,
    help="Force choosing a discard (default: when the hand holds one card over a full hand).",
)
@output_options
def hand_cmd(
    cards: tuple[str, ...],
    variant: str,
    preset: str | None,
    rule: tuple[str, ...],
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
      remikcalc hand AS 2S 3S 7H 7D 7C 9C 9D KH QS JD      (11 cards: best discard)
      remikcalc hand -v bridge "Дч Дп JK 10♥ Wk 5S 6S 7S KD KH"
      remikcalc hand --json - < hands.txt
    """
    rules = get_rules(variant, preset, rule)
    if cards == ("-",):
        failed = False
        for n, line in enumerate(sys.stdin, start=1):
            if not line.strip():
                continue
            try:
                click.echo(_render(hand_record(rules, line, discard), fmt))
            except RemikcalcError as exc:
                failed = True
                if fmt == "json":
                    from remikcalc.render import to_json

                    click.echo(to_json({"line": n, "error": str(exc)}, lines=True))
                else:
                    click.echo(f"line {n}: {exc}", err=True)
        if failed:
            sys.exit(1)
        return
    if "-" in cards:
        raise click.UsageError("'-' (read from stdin) cannot be mixed with cards")
    record = hand_record(rules, " ".join(cards), discard)
    click.echo(_render(record, fmt))
