"""``remikcalc variants`` and ``remikcalc rules``."""

from __future__ import annotations

import textwrap
from typing import Any

import click

from remikcalc.base.i18n import _, ngettext
from remikcalc.commands.common import output_options, rules_options
from remikcalc.render import table, terminal_width, to_json
from remikcalc.rules.ruleset import RULE_DOCS, used_keys
from remikcalc.rules.variants import VARIANTS, Variant, find_variant


def _players(v: Variant) -> str:
    r = v.rules
    return (
        f"{r.players_min}-{r.players_max}" if r.players_min != r.players_max else str(r.players_min)
    )


def _pack(decks: int, jokers: int, people: bool = False) -> str:
    """The pack, ``2×52 + 4 jokers``: in English for JSON and plain text, else for people."""
    if not jokers:
        return f"{decks}×52"
    if not people:
        return f"{decks}×52 + {jokers} jokers"
    return ngettext("{decks}×52 + {n} joker", "{decks}×52 + {n} jokers", jokers).format(
        decks=decks, n=jokers
    )


def _by_players(pairs: list[tuple[str, str]]) -> str:
    """'2: 10; 3-4: 7' from (players, value) pairs; just the value when all agree."""
    if len({value for _who, value in pairs}) == 1:
        return pairs[0][1]
    return "; ".join(f"{players}: {value}" for players, value in pairs)


def _packs(v: Variant, people: bool = False) -> tuple[str, str]:
    r = v.rules
    if not v.by_players:
        return _pack(r.decks, r.jokers, people), str(r.hand_size)
    seats = [(f"{lo}-{hi}" if lo != hi else str(lo), d, j, n) for lo, hi, d, j, n in v.by_players]
    return (
        _by_players([(who, _pack(d, j, people)) for who, d, j, _n in seats]),
        _by_players([(who, str(n)) for who, _d, _j, n in seats]),
    )


def _fill(text: str, width: int, indent: str = "  ") -> str:
    """``text`` wrapped to ``width`` at spaces only (an alias keeps its hyphens)."""
    return textwrap.fill(
        text, width, initial_indent=indent, subsequent_indent="    ", break_on_hyphens=False
    )


def _variant_blocks(records: list[dict[str, Any]], width: int) -> str:
    """The narrow layout of ``variants``: one block per variant, its lines wrapped to ``width``."""
    blocks = []
    for r in records:
        lines = [
            f"{r['name']}: {r['title']}",
            _("players {players}; pack {pack}; cards {cards}").format(
                players=r["players"], pack=r["pack"], cards=r["hand_size"]
            ),
            _("presets: {presets}").format(presets=", ".join(r["presets"]) or "-"),
            _("aliases: {aliases}").format(aliases=", ".join(r["aliases"])),
        ]
        wrapped = [_fill(lines[0], width, "")] + [_fill(line, width) for line in lines[1:]]
        blocks.append("\n".join(wrapped))
    return "\n\n".join(blocks)


@click.command("variants")
@output_options
def variants_cmd(fmt: str) -> None:
    """List the variants with their aliases, presets, players, packs and hand sizes.

    The table fits the terminal (COLUMNS, else 80 columns): when it is too wide, each
    variant is listed as a block of lines instead.

    \b
    Examples:
      remikcalc variants
      remikcalc variants --format markdown   # a pipe table, aliases in a column
      remikcalc variants --format csv
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
    if fmt != "plain":  # for people: in their language (plain text stays English, for scripts)
        for v, r in zip(VARIANTS, records, strict=True):
            r["title"] = _(v.title)
            r["pack"] = _packs(v, people=True)[0]
    rows = [
        [
            r["name"],
            r["title"],
            ", ".join(r["presets"]) or "-",
            r["players"],
            r["pack"],
            r["hand_size"],
        ]
        for r in records
    ]
    if fmt == "plain":
        headers = ["variant", "name", "presets", "players", "pack", "cards", "aliases"]
    else:
        headers = [
            _("variant"),
            _("name"),
            _("presets"),
            _("players"),
            _("pack"),
            _("cards"),
            _("aliases"),
        ]
    if fmt != "table":  # plain, csv, markdown: one row per variant, aliases in a column
        click.echo(
            table(
                [[*row, ", ".join(r["aliases"])] for row, r in zip(rows, records, strict=True)],
                headers,
                fmt=fmt,
            )
        )
        return
    width = terminal_width()
    wide = table(rows, headers[:-1], width=10**6)
    if max(len(line) for line in wide.splitlines()) > width:
        click.echo(_variant_blocks(records, width))
        return
    click.echo(wide)
    click.echo("\n" + _("Aliases:"))
    for r in records:
        click.echo(_fill(f"{r['name']}: {', '.join(r['aliases'])}", width))


def _meaning(key: str) -> str:
    """What a rule key means, in the language (RULE_DOCS is English, marked with N_())."""
    doc = RULE_DOCS.get(key, "")
    return _(doc) if doc else ""


def _value_text(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@click.command("rules")
@click.argument("variant")
@rules_options(variant_option=False)
@click.option("--players", "-n", type=int, default=None, help="Number of players (sets the pack).")
@click.option(
    "--all", "all_keys", is_flag=True, help="Every rule key, also those this variant does not read."
)
@output_options
def rules_cmd(
    variant: str,
    preset: str | None,
    rule: tuple[str, ...],
    players: int | None,
    all_keys: bool,
    fmt: str,
) -> None:
    """Show the rule keys VARIANT reads and their values, with presets and overrides applied.

    Keys the variant's scoring never reads (the bridge stakes in gin, say) are left out
    unless --all is given or the key is set with --rule. --json always gives every key.

    \b
    Examples:
      remikcalc rules gin --preset pagat
      remikcalc rules gin --all                  # every key, also the bridge ones
      remikcalc rules bridge --rule knock_limit=7
      remikcalc rules continental --players 9 --json
      remikcalc rules rummy --format markdown
    """
    from remikcalc.rules.overrides import parse_override

    v = find_variant(variant)
    rules = v.rules_for(preset, rule, players)
    values = rules.as_dict()
    if fmt == "json":
        click.echo(to_json(values))
        return
    if not all_keys:
        shown = used_keys(rules, (parse_override(item)[0] for item in rule))
        values = {key: value for key, value in values.items() if key in shown}
    people = fmt != "plain"  # plain text stays English, for scripts
    rows = [
        [key, _value_text(value), _meaning(key) if people else RULE_DOCS.get(key, "")]
        for key, value in values.items()
    ]
    headers = [_("key"), _("value"), _("meaning")] if people else ["key", "value", "meaning"]
    click.echo(table(rows, headers, fmt=fmt))
    if v.note and fmt in ("table", "markdown"):
        note = _("Note: {note}").format(note=_(v.note))
        click.echo("\n" + (textwrap.fill(note, terminal_width()) if fmt == "table" else note))
