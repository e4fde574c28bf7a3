"""A behaviour corpus of the remikcalc command line: run about a thousand commands, record
everything they print, and compare two such records.

    python tools/corpus.py OUTDIR [--remikcalc PATH]   # run every case, one JSON file each
    python tools/corpus.py --compare DIR_A DIR_B       # what differs; exit 1 if anything does
    python tools/corpus.py --list                      # the cases, without running them

Every case is one `remikcalc` subprocess with a fixed environment, nothing taken from the
caller's (PATH=/usr/local/bin:/usr/bin:/bin, COLUMNS=80, LANG=C.UTF-8, TZ=UTC,
PYTHONHASHSEED=0, HOME in the scratch folder, no LC_*, no REMIKCALC_LANG; a case may set or
unset a variable of its own), stdin from /dev/null unless the case gives one (so no TTY: no
prompts), in a scratch folder (default /tmp/remikcalc-corpus) that is emptied at the start of
each run, so that the file names in the outputs are the same from run to run. A case records
its argv, exit code, stdout and stderr; a case of a writing command also records the sheet file
it names, byte for byte, and the names of the files in its folder (a lock or temporary file
left behind shows).

Compare runs made with the same --scratch: one case (new into a folder that does not exist)
prints the absolute path of the lock file. Both remikcalc installs need the same extras:
`show --chart` prints an error without matplotlib and draws the chart with it.

Cases run in groups: the first copies the bundled examples out (`remikcalc examples ex`) and
runs alone; the others run in parallel (--jobs), each group's cases in order, and a group that
writes sheets works in a folder of its own. The record is OUTDIR/index.json (the case ids in
order, and when, how fast and with what the run was made: never compared) and
OUTDIR/cases/ID.json. Text is stored as a list of lines (joined with "\\n" it is the output
byte for byte); output that is not UTF-8 is stored as base64 under "b64". The script empties
OUTDIR and the scratch folder only if it made them (they hold a .remikcalc-corpus mark).

Standard library only: the corpus must run against any remikcalc, installed anywhere.
"""

from __future__ import annotations

import argparse
import base64
import difflib
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCRATCH = Path("/tmp/remikcalc-corpus")
TIMEOUT = 120.0
LANGS = ("en", "pl", "ru")
FORMATS = ("table", "plain", "json", "csv", "markdown")
VARIANTS = (
    "gin",
    "oklahoma",
    "bridge",
    "rummy",
    "boat",
    "rummy500",
    "polish",
    "continental",
    "remibrydz",
)
COMMANDS = (
    "variants",
    "rules",
    "hand",
    "round",
    "opening",
    "new",
    "add",
    "undo",
    "edit",
    "rename",
    "show",
    "settle",
    "pool",
    "stats",
    "check",
    "examples",
)
EXAMPLES = "ex"  # where the first group copies the bundled examples, in the scratch folder
ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._+-]*$")

# Hands from the README, the examples and the tests: each is worked out there.
GIN_KNOCK = ("Anna=QH QD QC 6S 7S 8S 2D 3D 4D AC", "Boris=QS 9S TS 5H 5C 9H JC KD 2C 3C")
GIN_README = ("Anna=9C 9D 9H 5S 6S 7S KD KH KS 2C", "Boris=AS 2S 3S 4D 5D 8C 8D JC QC TD")
GIN_GIN = ("Anna=2H 3H 4H 9C 9D 9S KC KD KH KS", "Boris=5H 9H QS QD 7C 6D 3S AS 2D 4C")
GIN_BIG = ("Anna=2H 3H 4H 5H 9C 9D 9S KC KD KH KS", "Boris=8C 9H QS QD 7C 6D 3S AS 2D 4C")
GIN_UNDERCUT = (
    "Anna=5S 6S 7S | KH KD KC | 2C 3C 4C | 5D",
    "Boris=9S 9H 9D | JC JD JS | QH QD QS | 5H",
)
GIN_RU = ("Anna=Дч Дб Дт 6п 7п 8п 2б 3б 4б Тт", "Boris=Дп 9п 10п 5ч 5т 9ч Вт Кб 2т 3т")
OKLA = ("Anna=2D 3D 4D 8C 8H 8S JC QC KC 6H", "Boris=9S TS JS 3C 3H 3S 7D 4H 9C 4S")
BRIDGE3 = (
    "Anna=2H 3H 4H 5H 6H 7H 8H 9H TH JK",
    "Boris=8H 5S 7S 3C 8C 6D 2D 4D 9H TS",
    "Carl=JK 2C 6C 9C 5D QD 3H TH 7S KS",
)
BRIDGE_KNOCK = ("Anna=2H 3H 4H 5S 6S 7S 8D 9D TD 4C", "Boris=AS 2S 3C 4D 5D 8C 8H JC QC TH")
BRIDGE_COLOUR = ("Anna=2H 3H 4H 5H 6H 7H 8H 9H TH JH", "Boris=AS 2S 3C 4D 5D 8C 8D JC QC TD")
RUMMY3 = ("Boris=KS QH 7C 2D", "Carl=AS 9D")
BOAT4 = ("Kirill=9C 7H 9D QD", "Mikhail=AH AS", "Nikolai=8S")
CONT_CHIPS = (
    "Anna=3C 4C 5C 6C | 7D 8D 9D TD | JH QH KH AH | 4S 5S 6S",
    "Boris=2H 3H 4H 5H 6H 7H 8H 9H TH 7S 8S 9S TS JS QS",
)
CONT_CARDS = (
    "Anna=3H 4H 5H | 6S 7S 8S | 9D TD JD | 2C 3C 4C | QS KS AS",
    "Boris=2H 5C 7C 9C JC KH 3D 5D 7D 9H JH 4S 6H 8H TC",
)
SWAPPED = ("Boris=9C 9D 9H 5S 6S 7S KD KH KS 2C", "Anna=AS 2S 3S 4D 5D 8C 8D JC QC TD")
R500 = ("--melded", "Anna=3H 4H 5H|7C", "--melded", "Boris=KS KH KD", "Boris=9C 2D", "Anna=")


@dataclass(frozen=True)
class Case:
    """One remikcalc command: its arguments, and what it needs and leaves."""

    id: str
    args: tuple[str, ...]
    cwd: str = ""  # relative to the scratch folder
    stdin: str | None = None
    env: tuple[tuple[str, str | None], ...] = ()  # on top of the fixed environment
    prepare: tuple[tuple[str, str], ...] = ()  # files (relative to cwd) written before it runs
    files: tuple[str, ...] = ()  # files (relative to cwd) recorded after it ran


@dataclass
class Group:
    """Cases that run in order (they may build on each other's files)."""

    name: str
    cwd: str = ""
    cases: list[Case] = field(default_factory=list)

    def add(
        self,
        name: str,
        *args: str,
        stdin: str | None = None,
        env: Mapping[str, str | None] | None = None,
        prepare: Mapping[str, str] | None = None,
        files: Sequence[str] = (),
    ) -> None:
        case_id = f"{self.name}.{name}"
        if not ID_PATTERN.match(case_id):
            raise ValueError(f"case id {case_id!r} is not a safe file name")
        if files and not self.cwd:
            raise ValueError(f"case {case_id}: a writing case needs a group folder of its own")
        self.cases.append(
            Case(
                id=case_id,
                args=tuple(args),
                cwd=self.cwd,
                stdin=stdin,
                env=tuple(sorted((env or {}).items())),
                prepare=tuple((prepare or {}).items()),
                files=tuple(files),
            )
        )

    def write(self, name: str, sheet: str, *args: str, **kw: Any) -> None:
        """A command that writes `sheet`: the sheet's bytes are recorded after it."""
        self.add(name, *args, files=(sheet,), **kw)


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9.+-]+", "-", text).strip("-")


# -- the cases -----------------------------------------------------------------------------


def setup_group() -> Group:
    g = Group("setup")
    g.add("examples-copy", "examples", EXAMPLES)
    return g


def help_group() -> Group:
    g = Group("help")
    for lang in LANGS:
        g.add(f"{lang}.main", "--lang", lang, "--help")
        for command in COMMANDS:
            g.add(f"{lang}.{command}", "--lang", lang, command, "--help")
    g.add("main-h", "-h")
    g.add("no-args")
    g.add("version", "--version")
    g.add("lang-after", "hand", "--help", "--lang", "pl")
    g.add("env-lang-pl", "--help", env={"REMIKCALC_LANG": "pl"})
    g.add("env-lang-locale", "settle", "--help", env={"REMIKCALC_LANG": "ru_RU.UTF-8"})
    g.add("env-LANG-ru", "--help", env={"LANG": "ru_RU.UTF-8"})
    g.add("env-LC_ALL-pl", "--help", env={"LC_ALL": "pl_PL.UTF-8"})
    g.add("env-LC_MESSAGES-ru", "--help", env={"LC_MESSAGES": "ru_RU.UTF-8"})
    g.add("env-both", "--help", env={"REMIKCALC_LANG": "en", "LANG": "pl_PL.UTF-8"})
    g.add("env-bad-lang", "--help", env={"REMIKCALC_LANG": "de"})
    for lang in LANGS:
        g.add(f"{lang}.typo-command", "--lang", lang, "hnad", "9C")
        g.add(f"{lang}.typo-option", "--lang", lang, "hand", "--jsno", "9C")
    g.add("missing-argument", "settle")
    g.add("bad-format", "variants", "--format", "xml")
    g.add("bad-lang", "--lang", "de", "variants")
    g.add("bad-cards", "--cards", "fr", "hand", "9C")
    g.add("columns-40", "add", "--help", env={"COLUMNS": "40"})
    return g


def completion_group() -> Group:
    g = Group("complete")
    for shell in ("bash", "zsh", "fish"):
        g.add(f"{shell}-source", env={"_REMIKCALC_COMPLETE": f"{shell}_source"})

    def complete(name: str, words: str, cword: int) -> None:
        env = {"_REMIKCALC_COMPLETE": "bash_complete", "COMP_WORDS": words}
        env["COMP_CWORD"] = str(cword)
        g.add(name, env=env)

    complete("commands", "remikcalc ", 1)
    complete("command-prefix", "remikcalc se", 1)
    complete("variant-cyrillic", "remikcalc rules дж", 2)
    complete("preset", "remikcalc hand -v gin --preset ", 4)
    complete("how", "remikcalc round gin --how u", 4)
    complete("rule-key", "remikcalc rules gin --rule ace", 4)
    complete("rule-value", "remikcalc rules gin --rule ace_runs=", 4)
    complete("players", f"remikcalc add {EXAMPLES}/gin/ru-seed-236.yaml --closer ", 4)
    complete("rename-old", f"remikcalc rename {EXAMPLES}/bridge/two-games.yaml ", 3)
    return g


def examples_group() -> Group:
    g = Group("examples", cwd="w-examples")
    for fmt in FORMATS:
        g.add(f"list.{fmt}", "examples", "--format", fmt)
    g.add("list.pl", "--lang", "pl", "examples")
    g.add("list.ru-markdown", "--lang", "ru", "examples", "--format", "markdown")
    g.add("list.columns-200", "examples", env={"COLUMNS": "200"})
    g.write("copy-pl", "ex-pl/README.md", "--lang", "pl", "examples", "ex-pl")
    g.add("copy-again", "examples", "ex-pl")
    g.add("copy-force", "examples", "ex-pl", "--force")
    g.add("copy-json", "examples", "ex-json", "--json")
    g.add("copy-onto-file", "examples", "ex-pl/README.md")
    g.add("check-copy", "check", "ex-pl")
    return g


def example_sheets(scratch: Path) -> list[str]:
    """The example sheets copied out by the setup group, relative to the scratch folder."""
    root = scratch / EXAMPLES
    return sorted(
        p.relative_to(scratch).as_posix()
        for p in root.rglob("*.yaml")
        if not p.name.endswith(".evening.yaml")
    )


def example_groups(scratch: Path) -> list[Group]:
    """show and settle of every example sheet, in table and json; and per sheet one command
    in one of plain, csv and markdown, and the other in pl or ru, taken in turn from sheet to
    sheet, so that every command meets every format and language on every kind of sheet over
    the set without running them all on all. Bridge sheets also get pool: table, json and one
    of the rest in turn."""
    groups = []
    extras = ("plain", "csv", "markdown")
    for i, sheet in enumerate(example_sheets(scratch)):
        name = slug(sheet[len(EXAMPLES) + 1 : -len(".yaml")].replace("/", "."))
        g = Group(f"ex.{name}")
        for command in ("show", "settle"):
            for fmt in ("table", "json"):
                g.add(f"{command}.{fmt}", command, sheet, "--format", fmt)
        fmt, command = extras[i % 3], ("show", "settle")[i % 2]
        g.add(f"{command}.{fmt}", command, sheet, "--format", fmt)
        lang, command = ("pl", "ru")[i // 2 % 2], ("settle", "show")[i % 2]
        g.add(f"{command}.{lang}", "--lang", lang, command, sheet)
        if sheet.startswith(f"{EXAMPLES}/bridge/"):
            for fmt in ("table", "json"):
                g.add(f"pool.{fmt}", "pool", sheet, "--format", fmt)
            last = ("plain", "csv", "markdown", "pl", "ru")[i % 5]
            if last in extras:
                g.add(f"pool.{last}", "pool", sheet, "--format", last)
            else:
                g.add(f"pool.{last}", "--lang", last, "pool", sheet)
        groups.append(g)
    return groups


def sheet_misc_group() -> Group:
    """show, settle, pool, stats and check beyond the per-example cases."""
    g = Group("sheets")
    gin = f"{EXAMPLES}/gin/ru-seed-236.yaml"
    evening = (f"{EXAMPLES}/evening/friday-gin.yaml", f"{EXAMPLES}/evening/friday-rummy.yaml")
    g.add("show.no-spark", "show", gin, "--no-spark")
    g.add("show.json-flag", "show", gin, "--json")
    g.add("show.cards-unicode", "show", gin, "--cards", "unicode")
    g.add("show.cards-ru", "--cards", "ru", "show", f"{EXAMPLES}/bridge/four-players-jokers.yaml")
    g.add("show.pl-cards-en", "--lang", "pl", "--cards", "en", "show", gin)
    g.add(
        "show.columns-40",
        "show",
        f"{EXAMPLES}/rummy/four-players-money.yaml",
        env={"COLUMNS": "40"},
    )
    g.add("show.columns-200", "show", gin, env={"COLUMNS": "200"})
    g.add("show.columns-unset", "show", gin, env={"COLUMNS": None})
    g.add("show.chart-svg", "show", gin, "--chart", "chart.svg")
    g.add("show.chart-bad-ext", "show", gin, "--chart", "chart.txt")
    g.add("show.missing-file", "show", "no-such.yaml")
    g.add("show.folder", "show", EXAMPLES)
    g.add("show.evening-file", "show", f"{EXAMPLES}/evening/friday.evening.yaml")
    g.add("show.ru-missing-file", "--lang", "ru", "show", "no-such.yaml")
    g.add("pool.not-bridge", "pool", gin)
    g.add("settle.missing-file", "settle", "no-such.yaml")
    g.add("settle.evening-file", "settle", f"{EXAMPLES}/evening/friday.evening.yaml")
    # evenings: several sheets settled together
    for fmt in FORMATS:
        g.add(f"evening.{fmt}", "settle", *evening, "--format", fmt)
    for lang in ("pl", "ru"):
        g.add(f"evening.{lang}", "--lang", lang, "settle", *evening)
    g.add("evening.reversed", "settle", *reversed(evening))
    g.add("evening.same-twice", "settle", gin, gin)
    g.add("evening.gin-bridge", "settle", gin, f"{EXAMPLES}/bridge/two-games.yaml")
    g.add(
        "evening.stakes",
        "settle",
        f"{EXAMPLES}/gin/bicycle-stake-money.yaml",
        f"{EXAMPLES}/rummy/four-players-money.yaml",
        f"{EXAMPLES}/polish/money-half-stake.yaml",
    )
    g.add(
        "evening.stakes-json",
        "settle",
        f"{EXAMPLES}/gin/bicycle-stake-money.yaml",
        f"{EXAMPLES}/rummy/four-players-money.yaml",
        "--json",
    )
    g.add(
        "evening.points",
        "settle",
        f"{EXAMPLES}/boat/seed-114-99-96.yaml",
        f"{EXAMPLES}/rummy/three-players-one-go.yaml",
        f"{EXAMPLES}/gin/pagat-shutout.yaml",
    )
    g.add(
        "evening.bridges",
        "settle",
        f"{EXAMPLES}/bridge/two-games.yaml",
        f"{EXAMPLES}/bridge/knock-and-remik.yaml",
        "--format",
        "csv",
    )
    g.add("evening.one-missing", "settle", gin, "no-such.yaml")
    # stats
    stats_sheets = (
        gin,
        f"{EXAMPLES}/bridge/elimination-reentry-pool.yaml",
        f"{EXAMPLES}/rummy500/published-minus-three.yaml",
        f"{EXAMPLES}/continental/chips-four-players.yaml",
        f"{EXAMPLES}/gin/ru-hollywood.yaml",
        f"{EXAMPLES}/polish/jokers-and-one-go.yaml",
        f"{EXAMPLES}/boat/seed-114-99-96.yaml",
    )
    for sheet in stats_sheets:
        name = slug(sheet[len(EXAMPLES) + 1 : -len(".yaml")].replace("/", "."))
        g.add(f"stats.{name}", "stats", sheet)
        if sheet in stats_sheets[:3]:
            g.add(f"stats.{name}.json", "stats", sheet, "--json")
    for fmt in FORMATS:
        g.add(f"stats.evening.{fmt}", "stats", *evening, "--format", fmt)
    for lang in ("pl", "ru"):
        g.add(f"stats.evening.{lang}", "--lang", lang, "stats", *evening)
    g.add("stats.many", "stats", *stats_sheets)
    g.add("stats.many.columns-200", "stats", *stats_sheets, env={"COLUMNS": "200"})
    g.add("stats.missing-file", "stats", "no-such.yaml")
    # check
    g.add("check.all", "check")
    g.add("check.all.json", "check", "--format", "json")
    g.add("check.all.plain", "check", "--format", "plain")
    g.add("check.all.pl", "--lang", "pl", "check")
    g.add("check.gin-folder", "check", f"{EXAMPLES}/gin")
    g.add("check.one", "check", gin, "--json")
    g.add("check.two", "check", gin, f"{EXAMPLES}/evening/friday.evening.yaml")
    g.add("check.evening", "check", f"{EXAMPLES}/evening/friday.evening.yaml", "--json")
    g.add("check.missing", "check", "no-such.yaml")
    g.add("check.bad-format", "check", "--format", "csv")
    return g


BAD_SHEETS = {
    "bad.yaml": "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\ncolour: red\ndeals:\n"
    "  - closer: Zed\n    scores: {Anna: x}\n  - draw: maybe\n",
    "empty.yaml": "",
    "newer.yaml": "remikcalc: 99\nvariant: gin\nplayers: [Anna, Boris]\n",
    "broken.yaml": "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris\n",
    "tabbed.yaml": "remikcalc: 1\nvariant: gin\nplayers:\n\t- Anna\n",
    "alias.yaml": "remikcalc: 1\nvariant: gin\nplayers: &p [Anna, Boris]\nx: *p\n",
    "dupkey.yaml": "remikcalc: 1\nvariant: gin\nvariant: rummy\nplayers: [Anna, Boris]\n",
    "unknown-variant.yaml": "remikcalc: 1\nvariant: canasta\nplayers: [Anna, Boris]\n",
    "bad-hand.yaml": "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\ndeals:\n"
    "  - closer: Anna\n    hands: {Anna: '9C 9X', Boris: '2C'}\n",
    "list.yaml": "- 1\n- 2\n",
    "no-players.yaml": "remikcalc: 1\nvariant: rummy\n",
    "impossible.yaml": "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\ndeals:\n"
    "  - closer: Anna\n    hands: {Anna: 'KS KD KC QS QD QC JS JD JC 9H', Boris: 'KS 2C'}\n",
    "fine.yaml": "# a sheet typed by hand\nremikcalc: 1\nvariant: rummy\nplayers: [Anna, Boris]\n"
    "stake: '0,25'\ncurrency: EUR\ndeals:\n  - closer: Anna  # went out\n"
    "    hands: {Boris: 'KS QH 7C'}\n  - scores: {Boris: 12}\n",
    "bad-example.yaml": "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\nsource: test\n"
    "deals:\n  - scores: {Anna: 25}\nexpect:\n  totals: {Anna: 30, Boris: 0}\n  net: {Anna: 1}\n",
}


def bad_sheets_group() -> Group:
    g = Group("badsheet", cwd="w-bad")
    first = True
    for name in BAD_SHEETS:
        base = slug(name[: -len(".yaml")])
        prepare = BAD_SHEETS if first else None
        first = False
        g.add(f"{base}.show", "show", name, prepare=prepare)
        if name in ("bad.yaml", "broken.yaml", "impossible.yaml", "fine.yaml", "bad-example.yaml"):
            g.add(f"{base}.settle-json", "settle", name, "--json")
    for lang, names in (
        ("pl", ("bad", "broken", "impossible")),
        ("ru", ("newer", "fine", "tabbed")),
    ):
        for name in names:
            g.add(f"{name}.show.{lang}", "--lang", lang, "show", f"{name}.yaml")
    g.add("check.folder", "check", ".")
    g.add("check.folder.json", "check", ".", "--json")
    g.add("check.bad-example.pl", "--lang", "pl", "check", "bad-example.yaml")
    g.add("stats.bad", "stats", "fine.yaml", "bad.yaml")
    g.add("settle.fine-and-bad", "settle", "fine.yaml", "broken.yaml")
    g.write("add.broken", "broken.yaml", "add", "broken.yaml", "--score", "Anna=5")
    g.write("add.bad", "bad.yaml", "add", "bad.yaml", "--score", "Anna=5")
    g.write("undo.newer", "newer.yaml", "undo", "newer.yaml")
    g.write("add.fine", "fine.yaml", "add", "fine.yaml", "--closer", "Boris", "Anna=9C 9D")
    g.write("rename.fine", "fine.yaml", "rename", "fine.yaml", "anna", "Ania")
    g.write("edit.fine", "fine.yaml", "edit", "fine.yaml", "2", "--score", "Ania=7")
    g.write("undo.fine", "fine.yaml", "undo", "fine.yaml")
    g.add("show.fine", "show", "fine.yaml")
    return g


def variants_rules_group() -> Group:
    g = Group("info")
    for fmt in FORMATS:
        g.add(f"variants.{fmt}", "variants", "--format", fmt)
    g.add("variants.pl", "--lang", "pl", "variants")
    g.add("variants.ru", "--lang", "ru", "variants")
    g.add("variants.ru.markdown", "--lang", "ru", "variants", "--format", "markdown")
    g.add("variants.columns-200", "variants", env={"COLUMNS": "200"})
    g.add("variants.columns-40", "variants", env={"COLUMNS": "40"})
    g.add("variants.extra-arg", "variants", "gin")
    presets = {
        "gin": ("ru", "pagat", "modern", "bicycle"),
        "oklahoma": ("pagat",),
        "continental": ("seed", "bicycle"),
        "remibrydz": ("small", "no_minimum", "no_jokers", "around"),
    }
    for variant in VARIANTS:
        g.add(f"rules.{variant}", "rules", variant)
        g.add(f"rules.{variant}.json", "rules", variant, "--json")
        for preset in presets.get(variant, ()):
            g.add(f"rules.{variant}.preset-{preset}", "rules", variant, "--preset", preset)
    g.add("rules.gin.plain", "rules", "gin", "--format", "plain")
    g.add("rules.gin.markdown", "rules", "gin", "--format", "markdown")
    g.add("rules.bridge.all.csv", "rules", "bridge", "--all", "--format", "csv")
    g.add("rules.gin.all", "rules", "gin", "--all")
    g.add("rules.bridge.rule", "rules", "bridge", "--rule", "knock_limit=7")
    g.add("rules.gin.rule-unread", "rules", "gin", "--rule", "remik_stake=3")
    g.add(
        "rules.gin.rules",
        "rules",
        "gin",
        "-p",
        "pagat",
        "--rule",
        "gin_bonus=30",
        "--rule",
        "ace_runs=high",
    )
    g.add("rules.continental.players-9", "rules", "continental", "--players", "9", "--json")
    g.add("rules.rummy.players-5", "rules", "rummy", "-n", "5")
    g.add("rules.rummy500.players-6", "rules", "rummy500", "-n", "6")
    g.add("rules.alias-ru", "rules", "джин")
    g.add("rules.alias-pl", "rules", "remibrydż")
    g.add("rules.alias-500", "rules", "500")
    for lang in ("pl", "ru"):
        g.add(f"rules.gin.{lang}", "--lang", lang, "rules", "gin")
    g.add("rules.remibrydz.pl", "--lang", "pl", "rules", "remibrydz", "-p", "small")
    g.add("rules.bad-variant.ru", "--lang", "ru", "rules", "canasta")
    g.add("rules.bad-variant", "rules", "canasta")
    g.add("rules.near-variant", "rules", "rumy")
    g.add("rules.bad-preset", "rules", "gin", "--preset", "xx")
    g.add("rules.preset-other-variant", "rules", "rummy", "--preset", "pagat")
    g.add("rules.bad-key", "rules", "gin", "--rule", "gin_bonuz=3")
    g.add("rules.bad-value", "rules", "gin", "--rule", "ace_runs=hgh")
    g.add("rules.out-of-range", "rules", "gin", "--rule", "decks=99")
    g.add("rules.no-equals", "rules", "gin", "--rule", "nonsense")
    g.add("rules.variant-key", "rules", "gin", "--rule", "variant=rummy")
    g.add("rules.too-many-players", "rules", "gin", "-n", "5")
    g.add("rules.no-variant", "rules")
    return g


# fmt: off
HANDS: list[tuple[str, tuple[str, ...]]] = [
    ("gin-10", ("9C 7H QD 9D 9H 5S 6S 7S KD KH",)),
    ("gin-11-discard", ("AS 2S 3S 7H 7D 7C 9C 9D KH QS JD",)),
    ("gin-split-args", ("AS", "2S", "3S", "7H", "7D", "7C", "9C", "9D", "KH", "QS")),
    ("gin-gin", ("2H 3H 4H 9C 9D 9S KC KD KH KS",)),
    ("gin-grouped", ("9C 9D 9H | 5S 6S 7S | KD KH KS | 2C",)),
    ("gin-grouped-forced", ("9C 9D 9H | KD KH KS | 5S 6S 7S 2C",)),
    ("gin-grouped-leftover", ("AS 2S 3S | 7H 7D 7C | KD 4C",)),
    ("bad-group-mixed", ("9C 9D | 9H 5S 6S 7S | KD KH KS 2C",)),
    ("gin-ten-10", ("10H 10D 10C JS QS KS 2C 3C 4C 5D",)),
    ("gin-lowercase", ("as 2s 3s 7h 7d 7c 9c 9d kh qs",)),
    ("gin-unicode", ("A♠ 2♠ 3♠ 7♥ 7♦ 7♣ 9♣ 9♦ K♥ Q♠",)),
    ("gin-russian", ("Тп 2п 3п 7ч 7б 7т 9т 9б Кч Дп",)),
    ("gin-polish", ("Ap 2p 3p 7k 7ka 7t 9t 9ka Kk Dp",)),
    ("gin-mixed-notation", ("AS 2♠ 3п 7H 7ka 7♣ 9C 9D KH QS",)),
    ("gin-short", ("9C 7H QD",)),
    ("gin-no-discard", ("--no-discard", "AS 2S 3S 7H 7D 7C 9C 9D KH QS JD")),
    ("gin-discard", ("--discard", "AS 2S 3S 7H 7D 9C")),
    ("gin-ace-high", ("--rule", "ace_runs=high", "QS KS AS 7H 7D 7C 9C 9D KH 2S")),
    ("oklahoma", ("-v", "oklahoma", "2D 3D 4D 8C 8H 8S JC QC KC 6H")),
    ("bridge-readme", ("-v", "bridge", "Дч Дп JK 10♥ Wk 5S 6S 7S KD KH")),
    ("bridge-jokers", ("-v", "bridge", "JK JK 5S 6S 8S 9S KD KH 2C 3C")),
    ("bridge-two-packs", ("-v", "bridge", "9C 9C 9D 9D 9H 5S 6S 7S 7S KD")),
    ("bridge-joker-words", ("-v", "bridge", "JOKER * 🃏 ДЖ 5S 6S KD KH KC 2C")),
    ("rummy", ("-v", "rummy", "9C 9D 9H KS 2C 5D")),
    ("boat-pair", ("-v", "boat", "9C 9D 9H KS 2C")),
    ("rummy500-ace", ("-v", "500", "QS KS AS AH 2H 3H 7D")),
    ("polish-joker", ("-v", "polish", "9C 9D 9H KS 2C JK")),
    ("polish-alias", ("-v", "remik-polski", "Ap 2p 3p Wk Dk Kk Ak 7t 7ka")),
    ("continental-9", ("-v", "continental", "-n", "9", "AS AS AS 2S 3S JK")),
    ("continental-15", ("-v", "continental", "3H 4H 5H 6S 7S 8S 9D TD JD 2C 3C 4C QS KS AS")),
    ("continental-bicycle", ("-v", "continental", "-p", "bicycle", "2S 2H 5C 6C 7C JK")),
    ("remibrydz-14", ("-v", "remibrydz", "9C 7H QD 9D 9H 5S 6S 7S KD KH JK AD 2D 3D")),
    ("remibrydz-six-jokers", ("-v", "ремибридж", "JK JK JK JK JK JK 2C")),
    ("cards-ru", ("--cards", "ru", "AS 2S 3S 7H 7D 7C 9C 9D KH QS JD")),
    ("cards-unicode", ("--cards", "unicode", "AS 2S 3S 7H 7D 7C 9C 9D KH QS JD")),
    ("bad-suit", ("9X",)),
    ("bad-ru", ("Дx",)),
    ("bad-rank", ("1C",)),
    ("bad-mixed-script", ("9С 9D",)),
    ("bad-duplicate", ("9C 9C 9C",)),
    ("bad-joker-gin", ("JK 9C 9D",)),
    ("bad-too-many", ("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",)),
    ("bad-group", ("9C 10C | 5H 5D 5S 3S",)),
    ("bad-group-polish", ("-v", "polish", "9C JK JK | 2D")),
    ("bad-group-wrap", ("-v", "rummy", "KC AC 2C | 9D")),
    ("bad-variant", ("-v", "nope", "9C")),
    ("bad-preset", ("-v", "gin", "--preset", "xx", "9C")),
    ("bad-rule", ("--rule", "gin_bonuz=3", "9C")),
    ("bad-players", ("-v", "continental", "-n", "1", "9C")),
    ("bad-bar-only", ("|",)),
    ("no-cards", ()),
]
# fmt: on


def hand_group() -> Group:
    g = Group("hand")
    for name, args in HANDS:
        g.add(name, "hand", *args)
    for name in ("gin-11-discard", "bridge-readme", "bad-suit"):
        args = dict(HANDS)[name]
        g.add(f"{name}.json", "hand", *args, "--json")
        g.add(f"{name}.plain", "hand", *args, "--format", "plain")
        for lang in ("pl", "ru"):
            g.add(f"{name}.{lang}", "--lang", lang, "hand", *args)
    g.add("continental-9.json", "hand", *dict(HANDS)["continental-9"], "--json")
    g.add("boat-pair.plain", "hand", *dict(HANDS)["boat-pair"], "--format", "plain")
    g.add("rummy.pl-json", "--lang", "pl", "hand", *dict(HANDS)["rummy"], "--json")
    g.add("rummy.ru-cards-en", "--lang", "ru", "--cards", "en", "hand", *dict(HANDS)["rummy"])
    g.add("env-ru", "hand", "Тп 2п 3п 7ч 7б 7т 9т 9б Кч Дп", env={"REMIKCALC_LANG": "ru"})
    g.add("bad-format", "hand", "9C", "--format", "csv")
    lines = (
        "9C 7H QD 9D 9H 5S 6S 7S KD KH\n"
        "AS 2S 3S 7H 7D 7C 9C 9D KH QS JD\n"
        "\n"
        "9X 2C\n"
        "Тп 2п 3п 7ч 7б 7т 9т 9б Кч Дп\n"
        "9C 9D 9H | 5S 6S 7S | KD KH KS | 2C\n"
        "9C 9C\n"
        "  KS QS JS  \n"
        "JK 2C\n"
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC\n"
    )
    g.add("stdin", "hand", "-", stdin=lines)
    g.add("stdin.json", "hand", "--format", "json", "-", stdin=lines)
    g.add("stdin.plain", "hand", "--format", "plain", "-", stdin=lines)
    g.add("stdin.pl", "--lang", "pl", "hand", "-", stdin=lines)
    g.add("stdin.bridge-json", "hand", "-v", "bridge", "--json", "-", stdin=lines)
    g.add("stdin.crlf-json", "hand", "--json", "-", stdin="9C 9D 9H\r\nKS 2C\r\n")
    g.add("stdin.no-newline", "hand", "-", stdin="9C 9D 9H 2C")
    g.add("stdin.empty", "hand", "-", stdin="")
    g.add("stdin.empty-json", "hand", "--json", "-", stdin="")
    g.add("stdin.devnull", "hand", "-")
    g.add("stdin.with-cards", "hand", "-", "9C", stdin="9D\n")
    g.add("stdin.not-utf8", "hand", "-", stdin="9C \udcff\n")
    return g


# fmt: off
OPENINGS: list[tuple[str, tuple[str, ...]]] = [
    ("wikipedia", ("AD 2D JK 8D 8C 8H 7S 8S 9S TS KH",)),
    ("grouped", ("AD 2D JK | 8D 8C 8H | 7S 8S 9S TS",)),
    ("readme", ("AD", "2D", "JK", "8D", "8C", "8H", "7S", "8S", "9S", "TS")),
    ("too-little", ("AS 2S 3S 7H 7D 7C 9C",)),
    ("nothing", ("2C 5D 9H KS",)),
    ("small", ("--preset", "small", "KS KH KD 5C")),
    ("no-minimum", ("--preset", "no_minimum", "2S 3S 4S 9D")),
    ("house-rule", ("--rule", "first_meld_min=51", "KS KH KD QS QH QD 5C")),
    ("polish", ("-v", "polish", "KS KH KD QS QH QD 5C")),
    ("gin-none", ("-v", "gin", "KS KH KD 5C")),
    ("russian", ("Тб 2б ДЖ 8б 8т 8ч 7п 8п 9п 10п",)),
    ("bad-card", ("KS KH KX",)),
    ("bad-group", ("KS KH | 5C",)),
    ("bad-variant", ("-v", "canasta", "KS")),
]
# fmt: on


def opening_group() -> Group:
    g = Group("opening")
    for name, args in OPENINGS:
        g.add(name, "opening", *args)
    for name in ("wikipedia", "too-little", "small", "bad-card"):
        args = dict(OPENINGS)[name]
        g.add(f"{name}.json", "opening", *args, "--json")
        g.add(f"{name}.plain", "opening", *args, "--format", "plain")
        g.add(f"{name}.pl", "--lang", "pl", "opening", *args)
        g.add(f"{name}.ru", "--lang", "ru", "opening", *args)
    return g


# fmt: off
ROUNDS: list[tuple[str, tuple[str, ...]]] = [
    # gin
    ("gin.knock", ("gin", "--closer", "Anna", *GIN_KNOCK)),
    ("gin.gin", ("gin", "--closer", "Anna", *GIN_GIN)),
    ("gin.big-gin-modern", ("gin", "--preset", "modern", "--closer", "Anna", *GIN_BIG)),
    ("gin.big-gin-ru", ("gin", "--closer", "Anna", *GIN_BIG)),
    ("gin.undercut", ("gin", "-c", "Anna", *GIN_UNDERCUT)),
    ("gin.russian-alias", ("джин", "--closer", "Anna", *GIN_RU)),
    ("gin.players-order", ("gin", "--players", "Boris,Anna", "--closer", "Anna", *GIN_KNOCK)),
    ("gin.unquoted", ("gin", "--closer", "Anna", "Anna=QH", "QD", "QC", "6S", "7S", "8S", "2D",
                      "3D", "4D", "AC", "Boris=QS", "9S", "TS", "5H", "5C", "9H", "JC", "KD",
                      "2C", "3C")),
    ("gin.eleven-cards", ("gin", "--closer", "Anna", "Anna=QH QD QC 6S 7S 8S 2D 3D 4D AC KS",
                          GIN_KNOCK[1])),
    ("gin.draw", ("gin", "--draw", "--players", "Anna,Boris")),
    ("gin.knock-limit", ("gin", "--rule", "knock_limit=0", "--closer", "Anna", *GIN_KNOCK)),
    ("gin.bad-closer", ("gin", "--closer", "Zed", *GIN_KNOCK)),
    ("gin.no-closer", ("gin", *GIN_KNOCK)),
    ("gin.bad-how-gin", ("gin", "--how", "gin", "--closer", "Anna", *GIN_KNOCK)),
    ("gin.bad-how-big", ("gin", "--how", "big_gin", "--closer", "Anna", *GIN_KNOCK)),
    ("gin.bad-how-word", ("gin", "--how", "sideways", "--closer", "Anna", *GIN_KNOCK)),
    ("gin.bad-joker", ("gin", "--closer", "Anna", "Anna=JK 2C", "Boris=3C")),
    ("gin.bad-too-much", ("gin", "--closer", "Anna", "Anna=9C 9D 9H 2C 3C 4C 5C 6C KS KD KH",
                          "Boris=AS")),
    ("gin.bad-same-card", ("gin", "--closer", "Anna", "Anna=9C 9D 9H", "Boris=9C 2S")),
    ("gin.bad-one-hand", ("gin", "QH")),
    ("gin.bad-twice", ("gin", "Anna=QH", "Anna=QD")),
    # oklahoma
    ("oklahoma.spade", ("oklahoma", "--upcard", "6S", "--closer", "Anna", *OKLA)),
    ("oklahoma.seed", ("oklahoma", "--upcard", "3S", "--closer", "Anna",
                       "Anna=QH QD QC | 6S 7S 8S | 2D 3D 4D | AC", GIN_KNOCK[1])),
    ("oklahoma.ace", ("oklahoma", "--upcard", "AS", "--closer", "Anna", *GIN_GIN)),
    ("oklahoma.no-upcard", ("oklahoma", "--closer", "Anna", *GIN_KNOCK)),
    ("oklahoma.over-limit", ("oklahoma", "--upcard", "KS", "--closer", "Boris", *GIN_KNOCK)),
    ("oklahoma.ace-knock", ("oklahoma", "--upcard", "AS", "--closer", "Anna", *GIN_KNOCK)),
    ("oklahoma.bad-upcard", ("oklahoma", "--upcard", "XX", "--closer", "Anna", *OKLA)),
    # bridge
    ("bridge.three", ("bridge", "--closer", "Anna", *BRIDGE3)),
    ("bridge.knock", ("bridge", "--closer", "Anna", *BRIDGE_KNOCK)),
    ("bridge.colour", ("bridge", "--closer", "Anna", *BRIDGE_COLOUR)),
    ("bridge.stated-colour", ("bridge", "--closer", "Anna", "--how", "colour", *BRIDGE_COLOUR)),
    ("bridge.bad-remik", ("bridge", "--closer", "Anna", "--how", "remik",
                      "Anna=2H 3H 4H 5S 6S 7S 8D 9D TD JC", BRIDGE_KNOCK[1])),
    ("bridge.alias", ("порядковый-рамми", "-c", "Anna", *BRIDGE_KNOCK)),
    ("bridge.bad-full-colour", ("bridge", "--closer", "Anna", "--how", "full_colour",
                                "Anna=2H 3H", "Boris=2C", "Carl=3C")),
    # rummy
    ("rummy.out", ("rummy", "--closer", "Anna", *RUMMY3)),
    ("rummy.one-go", ("rummy", "--how", "one_go", "--closer", "Anna", *RUMMY3, "Anna=")),
    ("rummy.draw", ("rummy", "--draw", "Anna=2C", "Boris=KS KH 9C", "Carl=QS 4H 4D")),
    ("rummy.bad-closer-hand", ("rummy", "--closer", "Anna", "Anna=9C", *RUMMY3)),
    ("rummy.no-closer", ("rummy", "Boris=KS KH 9C", "Carl=QS 4H 4D")),
    # boat
    ("boat.seed", ("boat", "--closer", "Valery", "--plus", "88", *BOAT4, "Valery=")),
    ("boat.bad-winner-hand", ("boat", "--closer", "Kirill", "--plus", "88", *BOAT4)),
    ("boat.no-plus", ("boat", "--closer", "Anna", "Boris=KS KH KD 9C", "Carl=AS")),
    ("boat.draw", ("boat", "--draw", "--players", "Anna,Boris")),
    ("boat.bad-plus", ("boat", "--closer", "Anna", "--plus", "-5", "Boris=KS")),
    # rummy 500
    ("rummy500.out", ("rummy500", "--closer", "Anna", *R500)),
    ("rummy500.spaced-name", ("rummy 500", "--closer", "Anna", *R500)),
    ("rummy500.published", ("rummy500", "--closer", "Boris",
                            "--melded", "Anna=KS KH KD | TC JC QC | 8S 8H 8D | 3D",
                            "--melded", "Boris=5C 6C 7C | 4D 5D 6D | AH 2H 3H",
                            "Anna=KC TD TH TS JD JH JS QD QH")),
    ("rummy500.draw", ("rummy500", "--draw", "--melded", "Anna=9C 9D 9H", "Anna=2C",
                       "Boris=KS")),
    ("rummy500.bad-melded", ("rummy500", "--closer", "Anna", "Boris=3S",
                             "--melded", "Anna=AH 2H 4H")),
    # polish
    ("polish.jokers", ("polish", "--closer", "Anna", "Boris=JK KH 5C 5D", "Carl=AS 2S 3S JK")),
    ("polish.one-go", ("polish", "--closer", "Carl", "--how", "one_go",
                       "Anna=AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 2C", "Boris=9C")),
    ("polish.remik", ("polish", "--closer", "Anna", "--how", "remik", "Boris=9C 2D")),
    ("polish.draw", ("polish", "--draw", "Anna=5C 5D", "Boris=JK 3S")),
    # continental
    ("continental.chips", ("continental", "--preset", "bicycle", "--closer", "Anna",
                           "--first-turn", *CONT_CHIPS)),
    ("continental.chips-no-draw", ("continental", "-p", "bicycle", "--closer", "Anna",
                                   "--first-turn", "--no-draw", *CONT_CHIPS)),
    ("continental.per-card", ("continental", "--closer", "Anna", *CONT_CARDS)),
    ("continental.draw", ("continental", "--draw", "--players", "Anna,Boris,Carl")),
    ("continental.bad-pattern", ("continental", "--closer", "Anna", "Boris=2C 3D 9H",
                                 "Carl=KS QS")),
    ("continental.bad-first-turn", ("continental", "--closer", "Anna", "--first-turn",
                                    *CONT_CARDS)),
    # remibrydz
    ("remibrydz.out", ("remibrydz", "--closer", "Anna", "Boris=7H", "Carl=AC 2C 3C")),
    ("remibrydz.one-go", ("remibrydż", "--closer", "Anna", "--how", "one_go", "Boris=7H",
                          "Carl=AC 2C 3C")),
    ("remibrydz.draw", ("remibrydz", "--draw", "Anna=5C 5D", "Boris=JK JK 3S", "Carl=KD")),
    ("remibrydz.small", ("remibrydz", "-p", "small", "-c", "Dora", "--how", "one_go",
                         "Anna=JK 2H 3H 4H", "Boris=AS KS QS", "Carl=9D", "Dora=")),
    # any variant
    ("bad-variant", ("canasta", "--closer", "Anna", *GIN_KNOCK)),
    ("near-variant", ("oklahma", "--closer", "Anna", *GIN_KNOCK)),
    ("bad-rule", ("gin", "--rule", "knock_limt=5", "--closer", "Anna", *GIN_KNOCK)),
    ("bad-card", ("gin", "--closer", "Anna", "Anna=9C 9X", "Boris=2C")),
]
# fmt: on


def round_group() -> Group:
    g = Group("round")
    for name, args in ROUNDS:
        g.add(name, "round", *args)
    for name in ("gin.knock", "bridge.three", "continental.chips"):
        args = dict(ROUNDS)[name]
        for fmt in ("plain", "json", "csv", "markdown"):
            g.add(f"{name}.{fmt}", "round", *args, "--format", fmt)
        for lang in ("pl", "ru"):
            g.add(f"{name}.{lang}", "--lang", lang, "round", *args)
    others = (
        "boat.seed",
        "rummy500.out",
        "gin.undercut",
        "oklahoma.spade",
        "polish.one-go",
        "remibrydz.draw",
        "gin.bad-closer",
        "oklahoma.over-limit",
        "bridge.bad-full-colour",
    )
    for i, name in enumerate(others):
        lang = ("pl", "ru")[i % 2]
        g.add(f"{name}.{lang}", "--lang", lang, "round", *dict(ROUNDS)[name])
    g.add("boat.seed.json", "round", *dict(ROUNDS)["boat.seed"], "--json")
    g.add("rummy500.out.csv", "round", *dict(ROUNDS)["rummy500.out"], "--format", "csv")
    g.add("gin.knock.cards-unicode", "round", *dict(ROUNDS)["gin.knock"], "--cards", "unicode")
    g.add("gin.knock.pl-json", "--lang", "pl", "round", *dict(ROUNDS)["gin.knock"], "--json")
    g.add("gin.knock.columns-40", "round", *dict(ROUNDS)["gin.knock"], env={"COLUMNS": "40"})
    return g


# -- the writing commands: each group in a folder of its own -------------------------------


def gin_sheet_group() -> Group:
    g = Group("sheet-gin", cwd="w-gin")
    s = "game.yaml"
    g.write(
        "new",
        s,
        "new",
        s,
        "-v",
        "gin",
        "--players",
        "Anna,Boris",
        "--stake",
        "0.10",
        "--currency",
        "PLN",
    )
    g.add("new.again", "new", s, "-v", "gin", "--players", "Anna,Boris")
    g.write("add.readme", s, "add", s, "--closer", "Anna", *GIN_README)
    g.write("add.score", s, "add", s, "--score", "Boris=30")
    g.write("add.score-twice", s, "add", s, "--score", "Boris=30")
    g.write("add.score-again", s, "add", s, "--score", "Boris=30", "--again")
    g.write("add.draw", s, "add", s, "--draw")
    g.write("add.gin-json", s, "add", s, "--closer", "Anna", *GIN_GIN, "--format", "json")
    g.write("add.undercut-verbose", s, "add", s, "-c", "Anna", *GIN_UNDERCUT, "--verbose")
    g.write(
        "add.knock-pl",
        s,
        "--lang",
        "pl",
        "add",
        s,
        "--closer",
        "Boris",
        "Boris=QH QD QC 6S 7S 8S 2D 3D 4D AC",
        "Anna=QS 9S TS 5H 5C 9H JC KD 2C 3C",
    )
    g.write("add.ru-cards", s, "--lang", "ru", "add", s, "--closer", "Anna", *GIN_RU)
    g.write("add.bad-closer", s, "add", s, "--closer", "Zed", *GIN_README)
    g.write("add.bad-card", s, "add", s, "--closer", "Anna", "Anna=9C 9X", "Boris=2C")
    g.write("add.bad-score-name", s, "add", s, "--score", "Carl=10")
    g.write("add.bad-score-value", s, "add", s, "--score", "Anna=ten")
    g.write("add.bad-missing-hand", s, "add", s, "--closer", "Anna", GIN_README[0])
    g.write("add.bad-reenter", s, "add", s, "--reenter", "Anna")
    g.write("add.bad-nothing", s, "add", s)
    g.write("add.bad-score-and-hands", s, "add", s, "--score", "Anna=5", *GIN_README)
    g.write("add.bad-ru", s, "--lang", "ru", "add", s, "--closer", "Zed", *GIN_README)
    g.add("show", "show", s)
    g.add("show.json", "show", s, "--json")
    g.add("show.pl", "--lang", "pl", "show", s)
    g.add("settle", "settle", s)
    g.add("settle.ru", "--lang", "ru", "settle", s)
    g.add("stats", "stats", s)
    g.write("edit.score", s, "edit", s, "2", "--score", "Anna=30")
    g.write("edit.cards", s, "edit", s, "1", "--closer", "Boris", *SWAPPED)
    g.write("edit.json", s, "edit", s, "3", "--score", "Anna=12", "--json")
    g.write("edit.verbose-pl", s, "--lang", "pl", "edit", s, "4", "--draw", "--verbose")
    g.write("edit.bad-number", s, "edit", s, "99", "--score", "Anna=1")
    g.write("edit.bad-zero", s, "edit", s, "0", "--score", "Anna=1")
    g.write("edit.bad-word", s, "edit", s, "two", "--score", "Anna=1")
    g.write("edit.bad-deal", s, "edit", s, "1", "--closer", "Anna", "Anna=9C 9X", "Boris=2C")
    g.add("show.after-edit", "show", s)
    g.write("rename", s, "rename", s, "boris", "Borys")
    g.write("rename.json", s, "rename", s, "Anna", "Ania", "--json")
    g.write("rename.bad-old", s, "rename", s, "Zed", "Zoe")
    g.write("rename.bad-taken", s, "rename", s, "Ania", "borys")
    g.write("rename.bad-empty", s, "rename", s, "Ania", "")
    g.write("rename.bad-ru", s, "--lang", "ru", "rename", s, "Zed", "Zoe")
    g.add("show.after-rename", "show", s)
    g.write("undo", s, "undo", s)
    g.write("undo.json", s, "undo", s, "--json")
    g.write("undo.pl", s, "--lang", "pl", "undo", s)
    g.add("show.after-undo", "show", s, "--format", "markdown")
    g.add("settle.after-undo", "settle", s, "--format", "csv")
    for i in range(6):
        g.write(f"undo.all-{i}", s, "undo", s)
    g.add("show.empty", "show", s)
    g.add("settle.empty", "settle", s)
    g.add("stats.empty", "stats", s)
    g.write(
        "new.force-hollywood",
        s,
        "new",
        s,
        "-v",
        "gin",
        "--players",
        "Anna,Boris",
        "--hollywood",
        "--preset",
        "pagat",
        "--force",
    )
    for i in range(4):
        g.write(f"hollywood.add-{i}", s, "add", s, "--score", f"Anna={10 + 5 * i}", "--again")
    g.add("hollywood.show", "show", s)
    g.add("hollywood.settle", "settle", s, "--json")
    g.add("missing.add", "add", "nothere.yaml", "--score", "Anna=1")
    g.add("missing.undo", "undo", "nothere.yaml")
    g.add("missing.edit", "edit", "nothere.yaml", "1", "--score", "Anna=1")
    g.add("missing.rename", "rename", "nothere.yaml", "a", "b")
    return g


def new_group() -> Group:
    g = Group("new", cwd="w-new")
    g.write("gin-plain", "a.yaml", "new", "a.yaml", "-v", "gin", "--players", "Anna,Boris")
    g.write("json", "b.yaml", "new", "b.yaml", "-v", "rummy", "--players", "A,B,C", "--json")
    g.write(
        "plain", "c.yaml", "new", "c.yaml", "-v", "boat", "--players", "A,B", "--format", "plain"
    )
    g.write(
        "bridge-stake",
        "d.yaml",
        "new",
        "d.yaml",
        "-v",
        "bridge",
        "--players",
        "Anna,Boris,Carl,Dora",
        "--stake",
        "2",
    )
    g.write(
        "title",
        "e.yaml",
        "new",
        "e.yaml",
        "-v",
        "oklahoma",
        "--players",
        "Anna,Boris",
        "--title",
        'Friday at Kasia\'s: "gin" # 1',
    )
    g.write(
        "rules",
        "f.yaml",
        "new",
        "f.yaml",
        "-v",
        "gin",
        "--players",
        "Anna,Boris",
        "--rule",
        "game_target=150",
        "--rule",
        "knock_limit=7",
    )
    g.write(
        "decimals",
        "g.yaml",
        "new",
        "g.yaml",
        "-v",
        "rummy",
        "--players",
        "Anna,Boris",
        "--stake",
        "0.125",
        "--decimals",
        "3",
    )
    g.write(
        "jpy",
        "h.yaml",
        "new",
        "h.yaml",
        "-v",
        "rummy",
        "--players",
        "Anna,Boris",
        "--stake",
        "5",
        "--currency",
        "JPY",
    )
    g.write(
        "comma-stake-pl",
        "i.yaml",
        "--lang",
        "pl",
        "new",
        "i.yaml",
        "-v",
        "remik",
        "--players",
        "Ania,Bartek",
        "--stake",
        "0,10",
        "--currency",
        "PLN",
    )
    g.write(
        "ru-alias",
        "j.yaml",
        "--lang",
        "ru",
        "new",
        "j.yaml",
        "-v",
        "джин",
        "--players",
        "Аня,Борис",
        "--stake",
        "1 000,50",
        "--currency",
        "RUB",
    )
    g.write(
        "remibrydz-pl",
        "k.yaml",
        "--lang",
        "pl",
        "new",
        "k.yaml",
        "-v",
        "remibrydż",
        "--players",
        "Ania,Bartek,Celina",
        "-p",
        "small",
    )
    g.write(
        "continental",
        "l.yaml",
        "new",
        "l.yaml",
        "-v",
        "continental",
        "-p",
        "bicycle",
        "--players",
        "A,B,C,D,E,F,G,H,I",
    )
    g.write(
        "kwd",
        "m.yaml",
        "new",
        "m.yaml",
        "-v",
        "polish",
        "--players",
        "A,B",
        "--stake",
        "0.005",
        "--currency",
        "KWD",
    )
    g.write(
        "hollywood-okla",
        "n.yaml",
        "new",
        "n.yaml",
        "-v",
        "oklahoma",
        "--players",
        "A,B",
        "--hollywood",
    )
    g.write("exists", "a.yaml", "new", "a.yaml", "-v", "rummy", "--players", "X,Y")
    g.write(
        "exists-pl", "a.yaml", "--lang", "pl", "new", "a.yaml", "-v", "rummy", "--players", "X,Y"
    )
    g.write("force", "a.yaml", "new", "a.yaml", "-v", "rummy", "--players", "X,Y", "--force")
    bad: list[tuple[str, tuple[str, ...]]] = [
        ("bad-variant", ("-v", "canasta", "--players", "A,B")),
        ("bad-near-variant", ("-v", "brige", "--players", "A,B")),
        ("bad-one-player", ("-v", "gin", "--players", "Anna")),
        ("bad-three-gin", ("-v", "gin", "--players", "A,B,C")),
        ("bad-duplicate", ("-v", "rummy", "--players", "Anna,anna")),
        ("bad-empty-name", ("-v", "rummy", "--players", "Anna,,Boris")),
        ("bad-name-equals", ("-v", "rummy", "--players", "A=1,B")),
        ("bad-stake", ("-v", "gin", "--players", "A,B", "--stake", "ten")),
        ("bad-stake-negative", ("-v", "gin", "--players", "A,B", "--stake", "-1")),
        ("bad-currency", ("-v", "gin", "--players", "A,B", "--stake", "1", "--currency", "XYZ1")),
        ("bad-decimals", ("-v", "gin", "--players", "A,B", "--decimals", "9")),
        ("bad-hollywood", ("-v", "rummy", "--players", "A,B", "--hollywood")),
        ("bad-preset", ("-v", "rummy", "--players", "A,B", "--preset", "pagat")),
        ("bad-rule", ("-v", "gin", "--players", "A,B", "--rule", "nope=1")),
        ("bad-rule-value", ("-v", "gin", "--players", "A,B", "--rule", "game_target=-5")),
        ("bad-no-variant", ("--players", "A,B")),
        ("bad-no-players", ("-v", "gin")),
        ("bad-too-many", ("-v", "polish", "--players", "A,B,C,D")),
    ]
    for name, args in bad:
        g.write(name, "bad.yaml", "new", "bad.yaml", *args)
    for name in ("bad-variant", "bad-duplicate", "bad-stake"):
        for lang in ("pl", "ru"):
            g.write(
                f"{name}.{lang}", "bad.yaml", "--lang", lang, "new", "bad.yaml", *dict(bad)[name]
            )
    g.add("bad-no-folder", "new", "no/such/dir.yaml", "-v", "gin", "--players", "A,B")
    g.add("bad-folder", "new", ".", "-v", "gin", "--players", "A,B")
    for sheet in ("b.yaml", "d.yaml", "e.yaml", "g.yaml", "h.yaml", "i.yaml", "j.yaml", "m.yaml"):
        g.add(f"show.{slug(sheet[:-5])}", "show", sheet)
    g.write(
        "add.j-ru",
        "j.yaml",
        "--lang",
        "ru",
        "add",
        "j.yaml",
        "--closer",
        "Аня",
        *(hand.replace("Anna=", "Аня=").replace("Boris=", "Борис=") for hand in GIN_RU),
    )
    g.add("settle.j-ru", "--lang", "ru", "settle", "j.yaml")
    g.write("add.m", "m.yaml", "add", "m.yaml", "--closer", "A", "B=KS QH 7C 2D JK")
    g.add("settle.m", "settle", "m.yaml")
    g.write(
        "add.i-pl",
        "i.yaml",
        "--lang",
        "pl",
        "add",
        "i.yaml",
        "--closer",
        "Ania",
        "Bartek=Kk Dp 7t 2ka",
    )
    g.add("settle.i-pl", "--lang", "pl", "settle", "i.yaml")
    return g


def bridge_sheet_group() -> Group:
    g = Group("sheet-bridge", cwd="w-bridge")
    s = "bridge.yaml"
    g.write("new", s, "new", s, "-v", "bridge", "--players", "Anna,Boris,Carl", "--stake", "2")
    g.write(
        "add.1",
        s,
        "add",
        s,
        "--closer",
        "Anna",
        "Anna=JK 3H 4H 8C 8D 8H 5S 6S 7S 8S",
        "Boris=KC KD QH QS JC JD TH TS 9C 6D",
        "Carl=5C 6C 7C 2H 2D 2S KH JS TD QD",
    )
    g.write(
        "add.2",
        s,
        "add",
        s,
        "--closer",
        "Carl",
        "Carl=9D TD JD 4S 4C 4H QC KC AC 3H",
        "Anna=5H 6H 7H TC TS TH 2C 8D 3S 7C",
        "Boris=KD KH KS 2D 3D 4D AH 3C 2S 6C",
    )
    g.add("pool.1", "pool", s)
    g.write("add.bad-out-player", s, "add", s, "--closer", "Anna", *BRIDGE3)
    g.write("reenter", s, "add", s, "--reenter", "Boris")
    g.write("reenter.twice", s, "add", s, "--reenter", "Boris")
    g.write("reenter.bad-in", s, "add", s, "--reenter", "Anna")
    g.write(
        "add.3-pl",
        s,
        "--lang",
        "pl",
        "add",
        s,
        "--closer",
        "Anna",
        "Anna=AD 2D 3D 9S 9H 9C JH QH KH 5C",
        "Boris=6D 7D 8D KC QS JD TC KS QD JC",
        "Carl=2S 3S 4S TH JS KD 9D 8H 6C 7S",
    )
    for fmt in FORMATS:
        g.add(f"pool.{fmt}", "pool", s, "--format", fmt)
    g.add("pool.ru", "--lang", "ru", "pool", s)
    g.add("show", "show", s)
    g.add("show.ru", "--lang", "ru", "show", s)
    g.add("settle", "settle", s)
    g.add("settle.json", "settle", s, "--json")
    g.write("undo.deal", s, "undo", s)
    g.write("undo.reenter", s, "undo", s)
    g.write("undo.reenter-again", s, "undo", s, "--json")
    carl = "Carl=5C 6C 7C 2H 2D 2S KH JS TD QD"
    g.write(
        "edit.bad-remik",
        s,
        "edit",
        s,
        "1",
        "--closer",
        "Anna",
        "--how",
        "remik",
        "Anna=2H 3H 4H 5S 6S 7S 8D 9D TD JC",
        BRIDGE_KNOCK[1],
        carl,
    )
    g.write("edit.1", s, "edit", s, "1", "--closer", "Anna", *BRIDGE_KNOCK, carl)
    g.write("rename", s, "rename", s, "carl", "Karol")
    g.add("show.end", "show", s)
    g.add("pool.end", "pool", s)
    return g


def going_out_group() -> Group:
    """rummy, boat, rummy 500, polish, continental, remibrydz and oklahoma sheets."""
    g = Group("sheet-misc", cwd="w-misc")
    r = "rummy.yaml"
    g.write(
        "rummy.new",
        r,
        "new",
        r,
        "-v",
        "rummy",
        "--players",
        "Anna,Boris,Carl",
        "--stake",
        "0.20",
        "--currency",
        "EUR",
    )
    g.write("rummy.add", r, "add", r, "--closer", "Anna", *RUMMY3)
    g.write(
        "rummy.one-go",
        r,
        "add",
        r,
        "--closer",
        "Carl",
        "--how",
        "one_go",
        "Anna=5C 5D 5H 9S JC",
        "Boris=3H 4H",
    )
    g.write("rummy.draw", r, "add", r, "--draw", "Anna=KC QD 2H", "Boris=5S 5D 9C", "Carl=2C")
    g.write("rummy.bad-closer-hand", r, "add", r, "--closer", "Anna", "Anna=9C", *RUMMY3)
    g.write(
        "rummy.add-pl",
        r,
        "--lang",
        "pl",
        "add",
        r,
        "--closer",
        "Boris",
        "Anna=TD",
        "Carl=6S 7S 8S 2C",
        "--format",
        "markdown",
    )
    g.add("rummy.show", "show", r)
    g.add("rummy.settle-pl", "--lang", "pl", "settle", r)
    b = "boat.yaml"
    g.write("boat.new", b, "new", b, "-v", "boat", "--players", "Valery,Kirill,Mikhail,Nikolai")
    g.write("boat.add", b, "add", b, "--closer", "Valery", "--plus", "88", *BOAT4)
    g.write(
        "boat.add-csv",
        b,
        "add",
        b,
        "--closer",
        "Kirill",
        "--plus",
        "10",
        "Valery=KS KH",
        "Mikhail=2C",
        "Nikolai=3D 3H",
        "--format",
        "csv",
    )
    g.write("boat.bad-plus-gin", b, "add", b, "--closer", "Valery", "--upcard", "3S", *BOAT4)
    g.add("boat.show-ru", "--lang", "ru", "show", b)
    f = "r500.yaml"
    g.write("r500.new", f, "new", f, "-v", "rummy500", "--players", "Anna,Boris")
    g.write("r500.add", f, "add", f, "--closer", "Anna", *R500)
    g.write("r500.score", f, "add", f, "--score", "Anna=300", "--score", "Boris=100")
    g.write("r500.score-win", f, "add", f, "--score", "Anna=200", "--score", "Boris=10")
    g.write("r500.next-game", f, "add", f, "--score", "Anna=5", "--score", "Boris=50")
    g.add("r500.show", "show", f)
    g.add("r500.settle", "settle", f)
    g.write("r500.edit-ends-later", f, "edit", f, "3", "--score", "Anna=1")
    g.write("r500.undo-json", f, "undo", f, "--json")
    p = "polish.yaml"
    g.write(
        "polish.new",
        p,
        "new",
        p,
        "-v",
        "polish",
        "--players",
        "Anna,Boris,Carl",
        "--stake",
        "0.01",
        "--currency",
        "PLN",
    )
    g.write("polish.add", p, "add", p, "--closer", "Anna", "Boris=JK KH 5C 5D", "Carl=AS 2S 3S JK")
    g.write(
        "polish.one-go",
        p,
        "add",
        p,
        "--closer",
        "Carl",
        "--how",
        "one_go",
        "Anna=AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 2C",
        "Boris=9C",
    )
    g.add("polish.settle", "settle", p)
    g.add("polish.settle-pl", "--lang", "pl", "settle", p)
    c = "cont.yaml"
    g.write(
        "cont.new", c, "new", c, "-v", "continental", "-p", "bicycle", "--players", "Anna,Boris"
    )
    g.write("cont.add", c, "add", c, "--closer", "Anna", "--first-turn", *CONT_CHIPS)
    g.write(
        "cont.no-draw",
        c,
        "add",
        c,
        "--closer",
        "Anna",
        "--first-turn",
        "--no-draw",
        *CONT_CHIPS,
        "--again",
    )
    g.write("cont.same", c, "add", c, "--closer", "Anna", "--first-turn", "--no-draw", *CONT_CHIPS)
    g.add("cont.show", "show", c)
    m = "remi.yaml"
    g.write(
        "remi.new",
        m,
        "--lang",
        "pl",
        "new",
        m,
        "-v",
        "remibrydz",
        "--players",
        "Ania,Bartek,Celina",
    )
    g.write(
        "remi.draw",
        m,
        "--lang",
        "pl",
        "add",
        m,
        "--draw",
        "Ania=5C 5D",
        "Bartek=JK JK 3S",
        "Celina=KD",
    )
    g.write(
        "remi.out", m, "--lang", "pl", "add", m, "--closer", "Ania", "Bartek=7H", "Celina=AC 2C 3C"
    )
    g.write("remi.rename", m, "--lang", "pl", "rename", m, "celina", "Cela")
    g.add("remi.show", "--lang", "pl", "show", m)
    g.add("remi.stats", "--lang", "pl", "stats", m)
    o = "okla.yaml"
    g.write("okla.new", o, "new", o, "-v", "oklahoma", "--players", "Anna,Boris")
    g.write("okla.add", o, "add", o, "--closer", "Anna", "--upcard", "6S", *OKLA)
    g.write("okla.no-upcard", o, "add", o, "--closer", "Anna", *OKLA)
    g.write("okla.ru", o, "--lang", "ru", "add", o, "--closer", "Anna", "--upcard", "Тп", *GIN_GIN)
    g.add("okla.show", "show", o)
    g.add("evening", "settle", r, p)
    g.add("evening.points", "settle", b, f)
    g.add("evening.stats", "stats", r, b, f, p, c, m, o)
    return g


COMMENTED = """\
# Friday gin, typed by hand
remikcalc: 1
variant: gin   # the Russian rules
preset: ru
players: [Anna, Boris]
stake: "0.10"
deals:
  # first deal
  - closer: Anna
    hands: {Anna: "9C 9D 9H 5S 6S 7S KD KH KS 2C", Boris: "AS 2S 3S 4D 5D 8C 8D JC QC TD"}
    _notes: knocked with 2
  - scores: {Boris: 12}  # from the paper sheet
"""


def layout_group() -> Group:
    """Sheets laid out by hand: what add, edit, rename and undo keep of them."""
    g = Group("layout", cwd="w-layout")
    variants = {
        "commented.yaml": COMMENTED,
        "crlf.yaml": COMMENTED.replace("\n", "\r\n"),
        "flow.yaml": "remikcalc: 1\nvariant: rummy\nplayers: [A, B]\ndeals: [{scores: {A: 3}}]\n",
        "nodeals.yaml": "remikcalc: 1\nvariant: rummy\nplayers: [A, B]\n",
        "tilde.yaml": "remikcalc: 1\nvariant: rummy\nplayers: [A, B]\ndeals: ~\ntitle: x\n",
        "odd.yaml": "remikcalc: 1\nvariant: rummy\nplayers: [A, B]\ndeals:\n  -\n"
        "    scores: {A: 3}\n",
    }
    first = True
    for name in variants:
        stem = slug(name[:-5])
        prepare = variants if first else None
        first = False
        score = "Boris=5" if name in ("commented.yaml", "crlf.yaml") else "B=5"
        g.write(f"{stem}.add", name, "add", name, "--score", score, prepare=prepare)
        g.add(f"{stem}.show", "show", name)
    for name in ("commented.yaml", "crlf.yaml"):
        stem = slug(name[:-5])
        g.write(f"{stem}.edit", name, "edit", name, "1", "--closer", "Boris", *SWAPPED)
        g.write(f"{stem}.rename", name, "rename", name, "Anna", "Anya")
        g.write(f"{stem}.undo", name, "undo", name)
        g.write(f"{stem}.undo-2", name, "undo", name)
        g.add(f"{stem}.show-end", "show", name)
    return g


def all_groups(scratch: Path) -> tuple[Group, list[Group]]:
    """The setup group, and the rest (the per-example ones need the copy made)."""
    rest = [
        help_group(),
        completion_group(),
        examples_group(),
        sheet_misc_group(),
        bad_sheets_group(),
        variants_rules_group(),
        hand_group(),
        opening_group(),
        round_group(),
        gin_sheet_group(),
        new_group(),
        bridge_sheet_group(),
        going_out_group(),
        layout_group(),
        *example_groups(scratch),
    ]
    return setup_group(), rest


# -- running -------------------------------------------------------------------------------


def text_record(data: bytes) -> dict[str, Any]:
    """Bytes as lines of text (joined with "\\n" they are the bytes), or base64."""
    try:
        return {"text": data.decode("utf-8").split("\n")}
    except UnicodeDecodeError:
        return {"b64": base64.b64encode(data).decode("ascii")}


@dataclass(frozen=True)
class Run:
    """What every case of one run shares."""

    exe: str
    scratch: Path
    out: Path
    hash_seed: str = "0"


def environment(run: Run, extra: Sequence[tuple[str, str | None]]) -> dict[str, str]:
    """The fixed environment (nothing of the caller's), with a case's own variables."""
    env = {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": str(run.scratch / "home"),
        "COLUMNS": "80",
        "LANG": "C.UTF-8",
        "TZ": "UTC",
        "PYTHONHASHSEED": run.hash_seed,
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    for key, value in extra:
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def run_case(case: Case, run: Run) -> dict[str, Any]:
    cwd = run.scratch / case.cwd
    for name, content in case.prepare:
        path = cwd / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content.encode("utf-8"))
    stdin = case.stdin.encode("utf-8", "surrogateescape") if case.stdin is not None else None
    try:
        proc = subprocess.run(
            [run.exe, *case.args],
            cwd=cwd,
            env=environment(run, case.env),
            input=stdin,
            stdin=subprocess.DEVNULL if stdin is None else None,
            capture_output=True,
            timeout=TIMEOUT,
            check=False,
        )
        exit_code: int | str = proc.returncode
        out, err = proc.stdout, proc.stderr
    except subprocess.TimeoutExpired as exc:
        exit_code = "timeout"
        out = exc.stdout or b""
        err = exc.stderr or b""
    record: dict[str, Any] = {
        "id": case.id,
        "argv": ["remikcalc", *case.args],
        "cwd": case.cwd,
        "env": dict(case.env),
        "stdin": None if stdin is None else text_record(stdin),
        "prepare": sorted(name for name, _ in case.prepare),
        "exit": exit_code,
        "stdout": text_record(out),
        "stderr": text_record(err),
    }
    if case.files:
        files: dict[str, Any] = {}
        for name in case.files:
            path = cwd / name
            files[name] = text_record(path.read_bytes()) if path.is_file() else None
        record["files"] = files
        record["listing"] = sorted(
            p.relative_to(cwd).as_posix() for p in cwd.rglob("*") if p.is_file()
        )
    return record


def run_group(group: Group, run: Run) -> dict[str, float]:
    """Run a group's cases in order; the seconds each took."""
    (run.scratch / group.cwd).mkdir(parents=True, exist_ok=True)
    seconds = {}
    for case in group.cases:
        started = time.monotonic()
        record = run_case(case, run)
        seconds[case.id] = round(time.monotonic() - started, 3)
        text = json.dumps(record, ensure_ascii=False, indent=1) + "\n"
        (run.out / "cases" / f"{case.id}.json").write_text(text, encoding="utf-8")
    return seconds


def find_remikcalc(given: str | None) -> str:
    if given is not None:
        path = Path(given)
        if not path.is_file() or not os.access(path, os.X_OK):
            sys.exit(f"corpus: {given} is not an executable file")
        return str(path.resolve())
    found = shutil.which("remikcalc")
    if found is None:
        sys.exit("corpus: no remikcalc on PATH; give one with --remikcalc")
    return found


MARK = ".remikcalc-corpus"  # in a folder this script made: it may empty it again


def fresh_folder(folder: Path, what: str) -> None:
    """Empty `folder` (only if this script made it) or make it, and mark it as ours."""
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        if not (folder / MARK).is_file():
            sys.exit(f"corpus: {folder} is not empty and is not a {what} this script made")
        shutil.rmtree(folder)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / MARK).write_text(f"made by tools/corpus.py: a {what}, emptied on each run\n")


def run_corpus(run: Run, jobs: int) -> int:
    fresh_folder(run.out, "corpus record")
    (run.out / "cases").mkdir()
    fresh_folder(run.scratch, "scratch folder")
    (run.scratch / "home").mkdir()
    started = time.monotonic()
    setup, _ = all_groups(run.scratch)
    timings = run_group(setup, run)
    setup, rest = all_groups(run.scratch)  # now the examples are there to list
    ids = [c.id for g in (setup, *rest) for c in g.cases]
    if dupes(ids):
        sys.exit("corpus: duplicate case ids: " + ", ".join(dupes(ids)))
    rest.sort(key=lambda g: -len(g.cases))  # the long sequences first, the short ones fill in
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for future in [pool.submit(run_group, g, run) for g in rest]:
            timings.update(future.result())
    seconds = time.monotonic() - started
    index = {
        "cases": ids,
        "remikcalc": run.exe,
        "scratch": str(run.scratch),
        "jobs": jobs,
        "hash_seed": run.hash_seed,
        "seconds": round(seconds, 1),
        "made": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "case_seconds": {i: timings[i] for i in ids},
    }
    (run.out / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    print(f"{len(ids)} cases run in {seconds:.1f} s with {run.exe}; recorded in {run.out}")
    return 0


def dupes(ids: Sequence[str]) -> list[str]:
    return sorted(i for i, n in Counter(ids).items() if n > 1)


# -- comparing -----------------------------------------------------------------------------


def load_index(folder: Path) -> list[str]:
    try:
        data = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        sys.exit(f"corpus: {folder} is not a corpus: {exc}")
    return [str(i) for i in data["cases"]]


def shown_lines(record: Any) -> list[str]:
    """A stored text (or file) as lines for a diff."""
    if record is None:
        return ["<no file>"]
    if "text" in record:
        return [str(line) for line in record["text"]]
    return [f"<base64> {record['b64']}"]


def field_lines(name: str, value: Any) -> list[str]:
    if name in ("stdout", "stderr"):
        return shown_lines(value)
    return json.dumps(value, ensure_ascii=False, indent=1).split("\n")


def diff_case(a: dict[str, Any], b: dict[str, Any], limit: int) -> Iterator[str]:
    names = ["argv", "cwd", "env", "stdin", "prepare", "exit", "stdout", "stderr"]
    files = sorted(set(a.get("files", {})) | set(b.get("files", {})))
    for name in names:
        if a.get(name) != b.get(name):
            yield from diff_lines(
                name, field_lines(name, a.get(name)), field_lines(name, b.get(name)), limit
            )
    for name in files:
        fa, fb = a.get("files", {}).get(name), b.get("files", {}).get(name)
        if fa != fb:
            yield from diff_lines(f"file {name}", shown_lines(fa), shown_lines(fb), limit)
    if a.get("listing") != b.get("listing"):
        yield from diff_lines(
            "files in the folder", a.get("listing") or [], b.get("listing") or [], limit
        )


def diff_lines(what: str, a: list[str], b: list[str], limit: int) -> Iterator[str]:
    lines = list(difflib.unified_diff(a, b, "A", "B", n=2, lineterm=""))[2:]
    yield f"  {what}:"
    for line in lines[:limit]:
        yield f"    {line}"
    if len(lines) > limit:
        yield f"    ... {len(lines) - limit} more diff lines"


def compare(dir_a: Path, dir_b: Path, limit: int) -> int:
    ids_a, ids_b = load_index(dir_a), load_index(dir_b)
    ids = ids_a + [i for i in ids_b if i not in set(ids_a)]
    differ = 0
    for case_id in ids:
        ra, rb = read_case(dir_a, case_id), read_case(dir_b, case_id)
        if ra == rb:
            continue
        differ += 1
        if ra is None or rb is None:
            where = dir_b if ra is None else dir_a
            print(f"== {case_id}: only in {where}")
            continue
        print(f"== {case_id}: {command_line(ra)}")
        for line in diff_case(ra, rb, limit):
            print(line)
    print(f"{len(ids)} cases, {differ} differ")
    return 1 if differ else 0


def command_line(record: dict[str, Any]) -> str:
    """The case as a shell line: its folder, its own variables, the command."""
    line = shlex.join(record["argv"])
    env = record.get("env") or {}
    if env:
        sets = [f"{k}={shlex.quote(v)}" for k, v in env.items() if v is not None]
        unsets = [f"-u {k}" for k, v in env.items() if v is None]
        line = " ".join(["env", *unsets, *sets, line])
    if record.get("stdin") is not None:
        line += " < (stdin in the case file)"
    if record.get("cwd"):
        line = f"(in {record['cwd']}) {line}"
    return line


def read_case(folder: Path, case_id: str) -> dict[str, Any] | None:
    path = folder / "cases" / f"{case_id}.json"
    if not path.is_file():
        return None
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


# -- the command line ----------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="corpus.py",
        description="Record the behaviour of the remikcalc command line, or compare two records.",
    )
    parser.add_argument("outdir", nargs="?", type=Path, help="folder to record a run in")
    parser.add_argument("--remikcalc", metavar="PATH", help="the remikcalc executable to run")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("DIR_A", "DIR_B"))
    parser.add_argument("--list", action="store_true", help="print the cases and exit")
    parser.add_argument(
        "--scratch",
        type=Path,
        default=SCRATCH,
        help=f"working folder, emptied each run (default {SCRATCH})",
    )
    parser.add_argument(
        "--jobs", type=int, default=min(4, os.cpu_count() or 1), help="groups of cases run at once"
    )
    parser.add_argument(
        "--hash-seed",
        default="0",
        metavar="N",
        help="PYTHONHASHSEED of the cases (default 0; try another to see "
        "whether any output hangs on it)",
    )
    parser.add_argument(
        "--diff-lines", type=int, default=40, help="diff lines shown per differing field"
    )
    args = parser.parse_args(argv)
    if args.compare is not None:
        if args.outdir is not None:
            parser.error("--compare takes no OUTDIR")
        return compare(args.compare[0], args.compare[1], args.diff_lines)
    if args.list:
        setup, rest = all_groups(args.scratch)
        for group in (setup, *rest):
            for case in group.cases:
                print(case.id, shlex.join(["remikcalc", *case.args]), sep="\t")
        if not (args.scratch / EXAMPLES).is_dir():
            print("(the per-example cases are listed once a run has copied the examples out)")
        return 0
    if args.outdir is None:
        parser.error("give OUTDIR, or --compare DIR_A DIR_B")
    run = Run(find_remikcalc(args.remikcalc), args.scratch, args.outdir, args.hash_seed)
    return run_corpus(run, max(1, args.jobs))


if __name__ == "__main__":
    if hasattr(signal, "SIGPIPE"):  # `--compare A B | head` ends quietly
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main())
