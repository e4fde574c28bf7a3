"""``remikcalc round``: score one deal typed on the command line, and say why."""

from __future__ import annotations

from typing import Any

import click

from remikcalc.base.errors import DealError
from remikcalc.base.i18n import _
from remikcalc.commands.common import join_hands, output_options, rules_options, split_assignments
from remikcalc.commands.dealoptions import deal_options, deal_values
from remikcalc.rules.dealinput import name_key, outcome_from_words
from remikcalc.rules.variants import find_variant, get_rules


def _players(explicit: str | None, hands: list[str], extra: list[str | None]) -> list[str]:
    if explicit is not None:
        names = [p.strip() for p in explicit.split(",") if p.strip()]
        if not names:
            raise DealError(
                _("--players needs names separated by commas, e.g. Anna,Boris"),
                code="no_players",
                field="players",
            )
        return names
    names = list(hands)
    for name in extra:
        if name is not None and name_key(name) not in {name_key(n) for n in names}:
            names.append(name)
    return names


@click.command("round")
@click.argument("variant")
@click.argument("hands", nargs=-1, metavar="NAME=CARDS...")
@rules_options(variant_option=False)
@click.option(
    "--players",
    default=None,
    metavar="A,B,...",
    help="Players of the deal in seating order (default: the NAME= arguments, then the closer).",
)
@deal_options
@output_options
def round_cmd(
    variant: str,
    hands: tuple[str, ...],
    preset: str | None,
    rule: tuple[str, ...],
    players: str | None,
    deal: dict[str, Any],
    fmt: str,
) -> None:
    """Score one deal: each hand's melds, unmatched cards, lay-offs, the counts,
    and who scores what and why.

    VARIANT is a name or alias (gin, oklahoma, bridge, джин, ...). Each hand is NAME=CARDS;
    quote it, and group melds with | to fix an arrangement. The closer may type 11 cards: the
    best discard is chosen and shown. Instead of the cards, --count NAME=N gives what each
    player counted in hand, and the deal is scored from the counts by the same rules.

    \b
    Examples:
      remikcalc round gin --closer Anna \\
          Anna="QH QD QC 6S 7S 8S 2D 3D 4D AC" Boris="QS 9S TS 5H 5C 9H JC KD 2C 3C"
      remikcalc round oklahoma --upcard 3S --closer Anna \\
          Anna="QH QD QC | 6S 7S 8S | 2D 3D 4D | AC" Boris="QS 9S TS 5H 5C 9H JC KD 2C 3C"
      remikcalc round gin --preset modern --closer Anna \\
          Anna="2H 3H 4H 5H 9C 9D 9S KC KD KH KS" Boris="8C 9H QS QD 7C 6D 3S AS 2D 4C"
      remikcalc round bridge --closer Anna --json Anna="2H 3H 4H 5H 6H 7H 8H 9H TH JK" \\
          Boris="8H 5S 7S 3C 8C 6D 2D 4D 9H TS" Carl="JK 2C 6C 9C 5D QD 3H TH 7S KS"
      remikcalc round gin --draw --players Anna,Boris   # stock ran out: nobody scores
      remikcalc round gin --closer Anna --count Anna=5 --count Boris=17   # by counts
      remikcalc round polish --players Anna,Vera,Gleb --closer Anna \\
          --count Vera=23 --count Gleb=41
    """
    from remikcalc.render.deal import render_deal
    from remikcalc.scoring import score_deal
    from remikcalc.scoring.deal import build_deal

    typed = split_assignments(join_hands(hands), "hand")
    inputs = deal_values(deal)
    if inputs.get("how") is not None:  # the words its help lists, as add and edit take them
        inputs["how"] = outcome_from_words(inputs["how"])
    given = [inputs["closer"], *inputs["melded"], *(inputs["counts"] or ())]
    names = _players(players, list(typed), given)
    spec = find_variant(variant)
    problem = spec.rules.players_problem(len(names))
    if problem is not None:
        if names:
            message = _("{problem} ({players}); type each player's hand as NAME=CARDS")
        else:
            message = _("{problem} (nobody); type each player's hand as NAME=CARDS")
        raise DealError(
            message.format(problem=problem, players=", ".join(names)),
            code="player_count",
            field="players",
        )
    rules = get_rules(spec.name, preset, rule, players=len(names))
    built = build_deal(rules, names, hands=typed, **inputs)
    click.echo(render_deal(score_deal(rules, built), fmt, variant=rules.variant))
