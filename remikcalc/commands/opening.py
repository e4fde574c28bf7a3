"""``remikcalc opening``: can this hand make the first meld of the deal, and how?"""

from __future__ import annotations

from typing import Any

import click

from remikcalc.base.i18n import _
from remikcalc.base.numtext import number_text
from remikcalc.cards.notation import format_cards, is_grouped, parse_groups
from remikcalc.cards.text import cards_text
from remikcalc.commands.common import output_options, rules_options
from remikcalc.render.hand import meld_text, wilds_json
from remikcalc.rules.variants import get_rules
from remikcalc.search.melds import Meld
from remikcalc.search.opening import Opening, best_opening, opening_from_groups


def opening_record(variant: str, opening: Opening) -> dict[str, Any]:
    """The ``opening --format json`` object."""
    return {
        "variant": variant,
        "cards": format_cards(opening.cards),
        "minimum": opening.minimum,
        "can_open": opening.can_open,
        "value": opening.value,
        "melds": [[c.code for c in m.cards] for m in opening.melds],
        "meld_values": list(opening.values),
        "jokers": wilds_json(opening.melds),
        "left": [c.code for c in opening.left],
        "why": opening.why or None,
    }


def _meld_text(meld: Meld) -> str:
    """A meld for people in their card notation, each wild card with what it stands for."""
    return " ".join(
        cards_text([card]) if stand is None else f"{cards_text([card])}={cards_text([stand])}"
        for card, stand in zip(meld.cards, meld.stands_for, strict=True)
    )


def _render(opening: Opening, record: dict[str, Any], fmt: str) -> str:
    """The answer in ``fmt``: JSON and ``plain`` (tab-separated, for scripts) are the same in
    every language; the table is in the language and card notation of the reader."""
    if fmt == "json":
        from remikcalc.render import to_json

        return to_json(record)
    if fmt == "plain":
        shown = [
            f"{meld_text(m)} ({v})" for m, v in zip(opening.melds, opening.values, strict=True)
        ]
        minimum = "none" if record["minimum"] is None else str(record["minimum"])
        fields = [record["cards"], " | ".join(shown) or "-", str(record["value"])]
        fields += [" ".join(record["left"]) or "-", minimum]
        return "\t".join([*fields, "yes" if record["can_open"] else "no"])
    shown = [
        f"{_meld_text(m)} ({number_text(v)})"
        for m, v in zip(opening.melds, opening.values, strict=True)
    ]
    melds = " | ".join(shown) or "-"
    minimum = _("none") if opening.minimum is None else number_text(opening.minimum)
    left = cards_text(opening.left) or "-"
    if opening.can_open:
        answer = _("yes")
    else:
        answer = _("no: {why}").format(why=opening.why_text or opening.why)
    rows = [
        (_("Hand:"), cards_text(opening.cards)),
        (_("Opening:"), melds),
        (
            _("Value:"),
            _("{value} (minimum {minimum})").format(
                value=number_text(opening.value), minimum=minimum
            ),
        ),
        (_("Left:"), left),
        (_("Can open:"), answer),
    ]
    width = max(len(label) for label, _value in rows) + 1
    return "\n".join(f"{label:<{width}}{value}".rstrip() for label, value in rows)


@click.command("opening")
@click.argument("cards", nargs=-1, required=True)
@click.option(
    "--variant",
    "-v",
    default="remibrydz",
    show_default=True,
    help="Variant name or alias (any variant with a first-meld minimum, or none).",
)
@rules_options(variant_option=False)
@output_options(tables=False)
def opening_cmd(
    cards: tuple[str, ...], variant: str, preset: str | None, rule: tuple[str, ...], fmt: str
) -> None:
    """Can this hand make the first meld of a deal, with which melds, for how much?

    Shows the melds of greatest value (jokers count as the cards they stand for, an ace 1
    before a 2 and 11 after a king), the cards left, and whether the value reaches the
    variant's first-meld minimum (30 in remibrydż). Group melds with | to check the opening
    you mean instead of the best one. Exits 0 whether or not the hand can open.

    \b
    Examples:
      remikcalc opening AD 2D JK 8D 8C 8H 7S 8S 9S TS KH
      remikcalc opening "AD 2D JK | 8D 8C 8H | 7S 8S 9S TS"
      remikcalc opening --preset small --json KS KH KD 5C
    """
    rules = get_rules(variant, preset, rule)
    text = " ".join(cards)
    groups = parse_groups(text)
    if is_grouped(text):
        opening = opening_from_groups(groups, rules)
    else:
        opening = best_opening(tuple(c for g in groups for c in g), rules)
    click.echo(_render(opening, opening_record(rules.variant, opening), fmt))
