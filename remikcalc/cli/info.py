"""``remikcalc variants`` and ``remikcalc rules``."""

from __future__ import annotations

from typing import Any

import click

from remikcalc.cli.common import output_options, rules_options
from remikcalc.render import table, to_json
from remikcalc.variants import RULE_DOCS, VARIANTS, Variant, find_variant


def _players(v: Variant) -> str:
    r = v.rules
    return (
        f"{r.players_min}-{r.players_max}" if r.players_min != r.players_max else str(r.players_min)
    )


def _packs(v: Variant) -> tuple[str, str]:
    if not v.by_players:
        r = v.rules
        return f"{r.decks}×52 + {r.jokers} jokers", str(r.hand_size)
    packs = "; ".join(f"{lo}-{hi}: {d}×52+{j}" if lo != hi else f"{lo}: {d}×52+{j}"
                      for lo, hi, d, j, _ in v.by_players)  # fmt: skip
    sizes = "; ".join(f"{lo}-{hi}: {s}" if lo != hi else f"{lo}: {s}"
                      for lo, hi, _, _, s in v.by_players)  # fmt: skip
    return packs, sizes


@click.command("variants")
@output_options
def variants_cmd(fmt: str) -> None:
    """List the variants with their aliases, presets, players, packs and hand sizes.

    \b
    Example:
      remikcalc variants
      remikcalc variants --json
    """
    records: list[dict[str, Any]] = []
    for v in VARIANTS:
        packs, sizes = _packs(v)
        records.append(
            {
                "name": v.name,
                "title": v.title,
                "aliases": list(v.aliases),
                "presets": list(v.presets),
                "default_preset": v.default_preset,
                "players": _players(v),
                "pack": packs,
                "hand_size": sizes,
                "note": v.note,
            }
        )
    if fmt == "json":
        click.echo(to_json(records))
        return
    rows = [
        [r["name"], r["title"], ", ".join(r["presets"]) or "-", r["players"], r["pack"],
         r["hand_size"], ", ".join(r["aliases"])]
        for r in records
    ]  # fmt: skip
    click.echo(table(rows, ["variant", "name", "presets", "players", "pack", "cards", "aliases"],
                     fmt=fmt))  # fmt: skip


@click.command("rules")
@click.argument("variant")
@rules_options(variant_option=False)
@click.option("--players", "-n", type=int, default=None, help="Number of players (sets the pack).")
@output_options
def rules_cmd(
    variant: str, preset: str | None, rule: tuple[str, ...], players: int | None, fmt: str
) -> None:
    """Show every rule key of VARIANT and its value, with presets and overrides applied.

    \b
    Examples:
      remikcalc rules gin --preset pagat
      remikcalc rules bridge --rule knock_limit=7
      remikcalc rules continental --players 9 --json
    """
    v = find_variant(variant)
    rules = v.rules_for(preset, rule, players)
    values = rules.as_dict()
    if fmt == "json":
        click.echo(to_json(values))
        return

    def show(value: Any) -> str:
        if value is None:
            return "none"
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)

    rows = [[key, show(value), RULE_DOCS.get(key, "")] for key, value in values.items()]
    click.echo(table(rows, ["key", "value", "meaning"], fmt=fmt))
    if v.note and fmt == "table":
        click.echo(f"\nNote: {v.note}")
