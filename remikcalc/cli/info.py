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


def _pack(decks: int, jokers: int) -> str:
    return f"{decks}×52" + (f" + {jokers} jokers" if jokers else "")


def _by_players(pairs: list[tuple[str, str]]) -> str:
    """'2: 10; 3-4: 7' from (players, value) pairs; just the value when all agree."""
    if len({value for _, value in pairs}) == 1:
        return pairs[0][1]
    return "; ".join(f"{players}: {value}" for players, value in pairs)


def _packs(v: Variant) -> tuple[str, str]:
    r = v.rules
    if not v.by_players:
        return _pack(r.decks, r.jokers), str(r.hand_size)
    seats = [(f"{lo}-{hi}" if lo != hi else str(lo), d, j, n) for lo, hi, d, j, n in v.by_players]
    return (
        _by_players([(who, _pack(d, j)) for who, d, j, _ in seats]),
        _by_players([(who, str(n)) for who, _, _, n in seats]),
    )


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
         r["hand_size"]]
        for r in records
    ]  # fmt: skip
    headers = ["variant", "name", "presets", "players", "pack", "cards"]
    if fmt == "plain":
        click.echo(
            table(
                [[*row, ", ".join(r["aliases"])] for row, r in zip(rows, records, strict=True)],
                [*headers, "aliases"],
                fmt=fmt,
            )
        )
        return
    click.echo(table(rows, headers, fmt=fmt))
    click.echo("\nAliases:")
    for r in records:
        click.echo(f"  {r['name']}: {', '.join(r['aliases'])}")


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
