"""Mutation testing of the modules where a silent wrong answer costs money (issue 20).

    python tools/mutate.py --list [--module NAME ...]     # the mutants, without running them
    python tools/mutate.py --module knock [--module ...]  # run them; all modules without --module
    python tools/mutate.py --module knock --line 95-110   # only the mutants on those lines
    python tools/mutate.py --sample 80 --seed 20          # a seeded random sample per module
    python tools/mutate.py --report RESULTS.json          # a saved run's figures again, with
                                                          # today's equivalent-mutant judgements

A small mutator of its own over :mod:`ast` (standard library only; why not mutmut or
cosmic-ray: docs/DECISIONS.md, "Tools"). Each mutant changes one thing a user could see: a
comparison or its boundary, an arithmetic or boolean operator, a ``not``, a constant, an
``or X`` default, a statement or an early return removed, a return value replaced by None, an
if's branches swapped, an index.

How a run goes:

1. the repository is copied (without .git) into one scratch folder per job (``--jobs``, 2);
2. the baseline: the modules' test files run once in the first copy, unmutated, with a line
   tracer on the mutated files (tools/mutate_plugin.py), which gives for every test the lines
   it executes (also in a Python process it starts), how long it takes and whether it passes;
3. each mutant is written into a copy (the rest of the package untouched, its stale bytecode
   removed) and pytest runs in a subprocess there, ``-x -q -p no:cacheprovider``, xdist off
   (the project's ``addopts``, which ask for ``-n auto``, are replaced by ``-o addopts=``),
   with only the tests that execute the mutated lines, fastest first; lines run only at import
   (module constants, defaults) get every test of the module that touches the file;
4. a mutant is *killed* when pytest's summary names a test that failed or erred (or a test
   file whose collection failed: the mutated module no longer imports), *survives* when every
   selected test passes or no test runs its lines at all (``not run``), and is a *timeout* when
   its run outlives ``--timeout-min`` + ``--timeout-factor`` x its tests' baseline time
   (traced, so already slower than a plain run): a hang counts as killed, and the report lists
   timeouts apart. A run that failed without naming a test, or where what failed is one of
   pytest's own warnings (``Pytest...Warning``, made errors by the project's
   ``filterwarnings = ["error"]``) or an ``INTERNALERROR``, is an *error*: not a kill, and
   counted against the score. Plugins are not loaded from entry points (only Hypothesis's and
   the tracer, named with ``-p``; ``-p no:benchmark`` too), pytest's warning that a plugin was
   imported before it could rewrite its asserts is ignored (``-W``), and the fork server
   forgets Hypothesis's plugin before each run, so that pytest imports it itself.

A sample (``--sample N --seed S``): N mutants per module drawn at random, reproducibly (the
same seed and code give the same mutants: drawn from the module's mutants ordered by key,
with a generator seeded by S and the module's name; equivalent ones stay in the draw). The
report then says it is a sample, of how many, and gives with each score the 95 % Wilson
interval of the kill rate: an estimate of the whole module's score, not the score itself.
``--survivors FILE`` on a sample reruns that sample's survivors and saves FILE's results with
their new verdicts in place (the sample's description carried over), so that ``--report``
gives the whole sample's figures after the tests were added. ``--tests FILE`` (repeatable)
keeps only those of the modules' test files, in the baseline and in every selection: with
``--survivors``, the files written for the survivors (every other test let them live already),
which spares the rerun a baseline of the whole suite. The line map misleads where a result is
memoized (``@cache``, a module-level table): only the first test to ask runs the lines, so
only it is selected; ``--every-test`` selects every test of the module touching the file.

The mutants judged equivalent (no input can tell them from the original) are kept in
tools/mutants-equivalent.txt, one per line, matched by a key that survives edits elsewhere in
the file; they are named in the report and not counted, and not run unless
``--check-equivalent`` (which warns when one is killed after all).

Results of each run are saved as JSON (``--save``, default /tmp/remikcalc-mutate/NAME.json);
``--survivors FILE`` runs again only the mutants that FILE has surviving.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import math
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from queue import Queue
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENT_FILE = ROOT / "tools" / "mutants-equivalent.txt"
PLUGIN = ROOT / "tools" / "mutate_plugin.py"
SAVE_DIR = Path(tempfile.gettempdir()) / "remikcalc-mutate"

# --- what is mutated, and by which tests --------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """A file to mutate: all of it, or only (``only``) or all but (``skip``) some of its
    top-level classes and functions (a family's tally lives beside its scorer)."""

    path: str
    only: tuple[str, ...] = ()
    skip: tuple[str, ...] = ()

    def wants(self, name: str | None) -> bool:
        """Whether a top-level definition (None: module-level code) is mutated."""
        if self.only:
            return name in self.only
        return name not in self.skip


@dataclass(frozen=True)
class Module:
    name: str
    targets: tuple[Target, ...]
    tests: tuple[str, ...]  # test files (and the modules' own doctests), repo-relative


_TALLIES = {
    "remikcalc/scoring/knock.py": ("KnockGame", "KnockTally"),
    "remikcalc/scoring/bridge.py": ("BridgeTally",),
    "remikcalc/scoring/goingout.py": ("MeanTally",),
    "remikcalc/scoring/rummy500.py": ("Rummy500Tally",),
}

_SCORING_TESTS = (
    "tests/test_cli_round.py",
    "tests/test_cli_hand.py",
    "tests/test_examples.py",
    "tests/test_variants.py",
    "tests/test_scoring_details.py",
    "tests/test_points_only_deals.py",
    "tests/test_cli_correct.py",
    "tests/test_settle_explains.py",
    "tests/test_money_rules.py",
    "tests/test_messages_name_no_sex.py",
    "tests/test_rule_bounds.py",
    "tests/test_i18n_scoring.py",
)
_SETTLE_TESTS = (
    "tests/test_settle.py",
    "tests/test_cli_sheet.py",
    "tests/test_sheet.py",
    "tests/test_sheet_api.py",
    "tests/test_stats_and_formats.py",
    "tests/test_examples.py",
    "tests/test_check.py",
    "tests/test_bridge_stakes.py",
    "tests/test_new_settings.py",
)

MODULES: dict[str, Module] = {
    m.name: m
    for m in (
        Module(
            "money",
            (Target("remikcalc/base/money.py"),),
            (
                "remikcalc/base/money.py",
                "tests/test_money_rounding_note.py",
                "tests/test_hostile_numbers.py",
                "tests/test_evening.py",
                "tests/test_formats.py",
                *_SETTLE_TESTS,
                "tests/test_money_rules.py",
            ),
        ),
        Module(
            "melds",
            (Target("remikcalc/search/melds.py"),),
            (
                "remikcalc/search/melds.py",
                "tests/test_melds.py",
                "tests/test_search.py",
                "tests/test_joker_search_bounds.py",
                "tests/test_fast_paths.py",
                "tests/test_opening.py",
                "tests/test_layoff.py",
                *_SCORING_TESTS,
                "tests/test_scoring_knock.py",
                "tests/test_scoring_bridge.py",
                "tests/test_scoring_goingout.py",
                "tests/test_scoring_continental.py",
                "tests/test_scoring_rummy500.py",
                "tests/test_meld_rules.py",
            ),
        ),
        Module(
            "knock",
            (
                Target("remikcalc/scoring/knock.py", skip=_TALLIES["remikcalc/scoring/knock.py"]),
                Target("remikcalc/scoring/knock.py"),
            ),
            (
                "remikcalc/scoring/knock.py",
                "remikcalc/scoring/knock.py",
                "tests/test_scoring_knock.py",
                "tests/test_layoff.py",
                *_SCORING_TESTS,
                "tests/test_knock_rules.py",
            ),
        ),
        Module(
            "bridge",
            (
                Target("remikcalc/scoring/bridge.py", skip=_TALLIES["remikcalc/scoring/bridge.py"]),
                Target("remikcalc/scoring/bridge.py"),
            ),
            (
                "remikcalc/scoring/bridge.py",
                "remikcalc/scoring/bridge.py",
                "tests/test_scoring_bridge.py",
                "tests/test_bridge_stakes.py",
                *_SCORING_TESTS,
                "tests/test_bridge_rules.py",
            ),
        ),
        Module(
            "tally",
            (
                Target("remikcalc/scoring/tally.py"),
                *(Target(path, only=names) for path, names in _TALLIES.items()),
            ),
            (
                "remikcalc/scoring/tally.py",
                *_SETTLE_TESTS,
                "tests/test_evening.py",
                "tests/test_show_chart.py",
                "tests/test_table_renderer.py",
                "tests/test_tally_rules.py",
                "tests/test_settle_explains.py",
            ),
        ),
        Module(
            "layoff",
            (
                Target("remikcalc/search/knock/layoff.py"),
                Target("remikcalc/search/knock/knocker.py"),
                Target("remikcalc/search/knock/_shared.py"),
            ),
            (
                "remikcalc/search/knock/layoff.py",
                "remikcalc/search/knock/knocker.py",
                "remikcalc/search/knock/_shared.py",
                "tests/test_layoff.py",
                "tests/test_scoring_knock.py",
                *_SCORING_TESTS,
                "tests/test_knock_rules.py",
                "tests/test_layoff_rules.py",
                "tests/test_knock_search.py",
                "tests/test_knock_walks.py",
            ),
        ),
        Module(
            "sheet",
            (Target("remikcalc/sheet/files.py"), Target("remikcalc/sheet/splice.py")),
            (
                "tests/test_sheet_files.py",
                "tests/test_sheet.py",
                "tests/test_sheet_api.py",
                "tests/test_sheet_roundtrip.py",
                "tests/test_sheet_concurrency.py",
                "tests/test_cli_sheet.py",
                "tests/test_cli_correct.py",
                "tests/test_streams_closed_or_full.py",
                "tests/test_new_settings.py",
                "tests/test_web_corrections.py",
                "tests/test_sheet_comments_after_deals.py",
                "tests/test_sheet_reread.py",
                "tests/test_large_sheet.py",
                "tests/test_no_traceback.py",
                "tests/test_check.py",
                "tests/test_i18n.py",
                "tests/test_evening_rules.py",
                "tests/test_cli_round.py",
                "tests/test_hostile_numbers.py",
                "tests/test_sheet_crash.py",
            ),
        ),
        Module(
            "evening",
            (Target("remikcalc/session/evening.py"),),
            (
                "tests/test_evening.py",
                "tests/test_settle.py",
                "tests/test_check.py",
                "tests/test_examples.py",
                "tests/test_evening_rules.py",
            ),
        ),
    )
}

# --- the mutants -----------------------------------------------------------------------------


@dataclass
class Mutant:
    module: str
    path: str
    line: int
    end_line: int
    operator: str
    scope: str  # the enclosing function or class, dotted
    before: str  # one line of the original, as shown
    after: str  # the same line mutated
    key: str = ""  # stable: scope, operator, a digest of the change, the occurrence
    number: int = 0  # in the module's list (changes when the file does)
    # where the text changes: (line, byte column) to (line, byte column), and the new text
    span: tuple[int, int, int, int] = (0, 0, 0, 0)
    replacement: str = ""
    status: str = ""  # killed, survived, timeout, not run, equivalent, error
    tests: int = 0  # tests selected for it
    detail: str = ""  # the first failing test, or why it is equivalent, or the error
    seconds: float = 0.0
    watch: tuple[int, ...] = ()  # lines whose tests are run, when not the mutant's own

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"


_ARITH: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.FloorDiv,
    ast.FloorDiv: ast.Mult,
    ast.Div: ast.Mult,
    ast.Mod: ast.FloorDiv,
    ast.Pow: ast.Mult,
    ast.LShift: ast.RShift,
    ast.RShift: ast.LShift,
    ast.BitAnd: ast.BitOr,
    ast.BitOr: ast.BitAnd,
    ast.BitXor: ast.BitOr,
}
_COMPARE: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
_SWAPPED_CALLS = {"min": "max", "max": "min", "any": "all", "all": "any"}
# calls whose string arguments are messages for people: their wording is the translation
# catalogue's business (tests/test_i18n.py), and a changed msgid is simply another message
_MESSAGE_CALLS = {"_", "N_", "ngettext", "pgettext", "npgettext"}


@dataclass
class _Change:
    node: ast.AST
    operator: str
    new: ast.AST | None  # the node's replacement; None: the statement is removed
    scope: str
    watch: tuple[int, ...] = ()  # lines whose tests matter, when not the node's own


class _Finder(ast.NodeVisitor):
    """Walks a module and lists every change (node, operator, replacement)."""

    def __init__(self, target: Target) -> None:
        self.target = target
        self.scope: list[str] = []
        self.in_function = 0
        self.changes: list[_Change] = []
        self.watch: tuple[int, ...] = ()
        self.loads: dict[str, set[int]] = {}  # a name -> the lines reading it

    # -- helpers
    def _add(self, node: ast.AST, operator: str, new: ast.AST | None) -> None:
        scope = ".".join(self.scope) or "<module>"
        self.changes.append(_Change(node, operator, new, scope, self.watch))

    def _body(self, body: list[ast.stmt]) -> None:
        for i, stmt in enumerate(body):
            if i == 0 and _is_docstring(stmt):
                continue
            self.visit(stmt)

    # -- definitions
    def visit_Module(self, node: ast.Module) -> None:
        for found in ast.walk(node):
            if isinstance(found, ast.Name) and isinstance(found.ctx, ast.Load):
                self.loads.setdefault(found.id, set()).add(found.lineno)
        for i, stmt in enumerate(node.body):
            if i == 0 and _is_docstring(stmt):
                continue
            name = getattr(stmt, "name", None)
            if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                if not self.target.wants(name):
                    continue
            elif not self.target.wants(None):
                continue
            self.watch = self._readers(stmt)
            self.visit(stmt)
            self.watch = ()

    def _readers(self, stmt: ast.stmt) -> tuple[int, ...]:
        """A module constant's mutants matter where it is read: for a private name, the
        lines of this file reading it (a public one may be read anywhere: no hint)."""
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [getattr(stmt, "target", None)]
        names = [t.id for t in targets if isinstance(t, ast.Name)]
        if not names or not all(n.startswith("_") for n in names):
            return ()
        own = set(range(stmt.lineno, (stmt.end_lineno or stmt.lineno) + 1))
        return tuple(sorted({line for n in names for line in self.loads.get(n, ())} - own))

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        # decorators and annotations are not mutated; defaults are
        saved = self.watch
        # a default matters where the function runs
        self.watch = tuple(range(node.body[0].lineno, (node.end_lineno or node.lineno) + 1))
        for default in [*node.args.defaults, *node.args.kw_defaults]:
            if default is not None:
                self.visit(default)
        self.watch = saved
        self.scope.append(node.name)
        self.in_function += 1
        self._body(node.body)
        self._statements(node.body, function=True)
        self.in_function -= 1
        self.scope.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.scope.append(node.name)
        saved, self.in_function = self.in_function, 0
        self._body(node.body)
        self.in_function = saved
        self.scope.pop()

    def visit_Lambda(self, node: ast.Lambda) -> None:
        self.visit(node.body)

    # -- what is never mutated
    def visit_Import(self, node: ast.Import) -> None:
        return

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        return

    def visit_Assert(self, node: ast.Assert) -> None:
        return  # a developer's check, not what a user sees

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        return  # f-strings: positions inside them are unreliable before 3.12

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.visit(node.value)

    def visit_Assign(self, node: ast.Assign) -> None:
        names = {t.id for t in node.targets if isinstance(t, ast.Name)}
        if names & {"__all__", "__slots__"}:
            return
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        name = func.id if isinstance(func, ast.Name) else None
        attr = func.attr if isinstance(func, ast.Attribute) else None
        if name in _SWAPPED_CALLS:
            self._add(func, "call", ast.Name(_SWAPPED_CALLS[name], ast.Load()))
        message = name in _MESSAGE_CALLS or attr in _MESSAGE_CALLS
        self.visit(func)
        for arg in node.args:
            if message and isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                continue
            self.visit(arg)
        for kw in node.keywords:
            self.visit(kw.value)

    def visit_If(self, node: ast.If) -> None:
        if _is_type_checking(node.test):
            return
        if _is_windows(node.test):  # cannot run on the test machine: only the other branch
            self._body(node.orelse)
            self._statements(node.orelse, function=False)
            return
        self.visit(node.test)
        self._body(node.body)
        self._body(node.orelse)
        if self.in_function:
            swapped = ast.If(node.test, node.orelse or [ast.Pass()], node.body)
            self._add(node, "if-swap", swapped)
        self._statements(node.body, function=False)
        self._statements(node.orelse, function=False)

    def _nested(self, node: ast.For | ast.While | ast.With | ast.Try) -> None:
        for name, value in ast.iter_fields(node):
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                self._body(value)
                self._statements(value, function=False)
            elif isinstance(value, list):
                for item in value:
                    if isinstance(item, ast.AST):
                        self.visit(item)
            elif isinstance(value, ast.AST) and name not in ("target",):
                self.visit(value)

    visit_For = _nested
    visit_While = _nested
    visit_With = _nested
    visit_Try = _nested

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> None:
        self._body(node.body)
        self._statements(node.body, function=False)

    # -- statements: removal, early returns, return values
    def _statements(self, body: list[ast.stmt], *, function: bool) -> None:
        if not self.in_function:
            return
        for i, stmt in enumerate(body):
            last = function and i == len(body) - 1
            if i == 0 and _is_docstring(stmt):
                continue
            if isinstance(stmt, ast.Return):
                if stmt.value is not None and not _is_none(stmt.value):
                    self._add(stmt.value, "return-none", ast.Constant(None))
                if not last:
                    self._add(stmt, "early-return", None)
            elif _removable(stmt):
                self._add(stmt, "remove", None)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        swap = _ARITH.get(type(node.op))
        if swap is not None:
            self._add(node, "arith", ast.AugAssign(node.target, swap(), node.value))
        self.visit(node.value)
        if isinstance(node.target, ast.Subscript):
            self.visit(node.target.slice)

    # -- expressions
    def visit_BinOp(self, node: ast.BinOp) -> None:
        swap = _ARITH.get(type(node.op))
        if swap is not None and not _is_text_format(node):
            self._add(node, "arith", ast.BinOp(node.left, swap(), node.right))
        self.generic_visit(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> None:
        if isinstance(node.op, ast.Not):
            self._add(node, "not", node.operand)
        elif isinstance(node.op, ast.USub) and not isinstance(node.operand, ast.Constant):
            self._add(node, "arith", node.operand)
        if isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant):
            value = node.operand.value
            if isinstance(value, int | float) and not isinstance(value, bool):
                self._constant(node, -value)
            return
        self.generic_visit(node)

    def visit_BoolOp(self, node: ast.BoolOp) -> None:
        other: ast.boolop = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        self._add(node, "boolop", ast.BoolOp(other, node.values))
        if isinstance(node.op, ast.Or):
            rest = node.values[:-1]
            self._add(node, "or-default", rest[0] if len(rest) == 1 else ast.BoolOp(node.op, rest))
        self.generic_visit(node)

    def visit_Compare(self, node: ast.Compare) -> None:
        for i, op in enumerate(node.ops):
            swap = _COMPARE.get(type(op))
            if swap is not None:
                ops = [*node.ops[:i], swap(), *node.ops[i + 1 :]]
                self._add(node, "cmp", ast.Compare(node.left, ops, node.comparators))
        self.generic_visit(node)

    def visit_IfExp(self, node: ast.IfExp) -> None:
        self._add(node, "ifexp-swap", ast.IfExp(node.test, node.orelse, node.body))
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        self.visit(node.value)
        index = node.slice
        if isinstance(index, ast.Constant) and isinstance(index.value, int):
            self._constant(index, index.value, operator="index")
        elif (
            isinstance(index, ast.UnaryOp)
            and isinstance(index.op, ast.USub)
            and isinstance(index.operand, ast.Constant)
            and isinstance(index.operand.value, int)
        ):
            self._constant(index, -index.operand.value, operator="index")
        else:
            self.visit(index)

    def visit_Constant(self, node: ast.Constant) -> None:
        self._constant(node, node.value)

    def _constant(self, node: ast.AST, value: object, operator: str = "const") -> None:
        if isinstance(value, bool):
            self._add(node, operator, ast.Constant(not value))
        elif isinstance(value, int):
            for new in (value + 1, value - 1):
                self._add(node, operator, _number(new))
        elif isinstance(value, float):
            self._add(node, operator, _number(value + 1))
        elif isinstance(value, str):
            self._add(node, operator, ast.Constant(value + "_" if value else "_"))
        elif isinstance(value, bytes):
            self._add(node, operator, ast.Constant(value + b"_" if value else b"_"))


def _removable(stmt: ast.stmt) -> bool:
    """Whether removing the statement is a mutant (an early return is its own operator)."""
    if isinstance(stmt, ast.Expr):
        return not isinstance(stmt.value, ast.Constant)
    if isinstance(stmt, ast.AnnAssign):
        return stmt.value is not None
    if isinstance(stmt, ast.If):
        return not stmt.orelse and not _is_type_checking(stmt.test) and not _is_windows(stmt.test)
    removable = ast.Continue | ast.Break | ast.Assign | ast.AugAssign | ast.Raise | ast.Delete
    return isinstance(stmt, removable)


def _number(value: int | float) -> ast.expr:
    if value < 0:
        return ast.UnaryOp(ast.USub(), ast.Constant(-value))
    return ast.Constant(value)


def _is_docstring(stmt: ast.stmt) -> bool:
    return (
        isinstance(stmt, ast.Expr)
        and isinstance(stmt.value, ast.Constant)
        and isinstance(stmt.value.value, str)
    )


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _is_type_checking(test: ast.expr) -> bool:
    return isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"


def _is_windows(test: ast.expr) -> bool:
    """``sys.platform == "win32"``: a branch the Linux test machine never runs."""
    return (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Attribute)
        and test.left.attr == "platform"
        and len(test.comparators) == 1
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value == "win32"
    )


def _is_text_format(node: ast.BinOp) -> bool:
    """``"..." % x`` is formatting, not arithmetic."""
    return isinstance(node.op, ast.Mod) and isinstance(node.left, ast.Constant)


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _short(text: str, width: int = 96) -> str:
    text = _normal(text)
    return text if len(text) <= width else text[: width - 1] + "…"


class _Source:
    """A file's text as bytes per line (ast columns are UTF-8 byte offsets)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = text.encode("utf-8").splitlines(keepends=True)

    def segment(self, span: tuple[int, int, int, int]) -> str:
        l0, c0, l1, c1 = span
        if l0 == l1:
            return self.lines[l0 - 1][c0:c1].decode("utf-8")
        parts = [self.lines[l0 - 1][c0:], *self.lines[l0 : l1 - 1], self.lines[l1 - 1][:c1]]
        return b"".join(parts).decode("utf-8")

    def replaced(self, span: tuple[int, int, int, int], new: str) -> tuple[str, str]:
        """The whole text with ``span`` replaced, and the first changed line as it reads."""
        l0, c0, l1, c1 = span
        head = self.lines[l0 - 1][:c0]
        tail = self.lines[l1 - 1][c1:]
        changed = head + new.encode("utf-8") + tail
        text = b"".join([*self.lines[: l0 - 1], changed, *self.lines[l1:]]).decode("utf-8")
        first = changed.decode("utf-8").splitlines()[0] if changed.strip() else ""
        return text, first


def _span(node: ast.AST) -> tuple[int, int, int, int]:
    end_line = getattr(node, "end_lineno", None)
    end_col = getattr(node, "end_col_offset", None)
    assert end_line is not None and end_col is not None
    return (getattr(node, "lineno", 0), getattr(node, "col_offset", 0), end_line, end_col)


def _replacement(change: _Change, indent: int) -> str:
    if change.new is None:
        return "pass"
    new = ast.fix_missing_locations(change.new)
    text = ast.unparse(new)
    if isinstance(change.node, ast.stmt):
        pad = " " * indent
        return "\n".join(line if i == 0 else pad + line for i, line in enumerate(text.split("\n")))
    if isinstance(change.node, ast.expr) and not isinstance(new, ast.Constant | ast.Name):
        return f"({text})"
    return text


def find_mutants(module: Module, root: Path = ROOT) -> list[Mutant]:
    """Every mutant of the module's files, numbered, with its stable key."""
    out: list[Mutant] = []
    for target in module.targets:
        text = (root / target.path).read_text(encoding="utf-8")
        tree = ast.parse(text)
        source = _Source(text)
        finder = _Finder(target)
        finder.visit(tree)
        seen: set[str] = set()
        occurrences: Counter[str] = Counter()
        for change in finder.changes:
            span = _span(change.node)
            new_text = _replacement(change, span[1])
            mutated, first = source.replaced(span, new_text)
            if mutated == text or mutated in seen:
                continue
            seen.add(mutated)
            old = source.segment(span)
            where = _normal(source.lines[span[0] - 1].decode("utf-8"))
            change_text = f"{where}\0{_normal(old)}\0{_normal(new_text)}"
            digest = hashlib.sha1(change_text.encode()).hexdigest()[:10]
            base = f"{target.path}::{change.scope}::{change.operator}::{digest}"
            occurrences[base] += 1
            before_line = source.lines[span[0] - 1].decode("utf-8")
            removed = change.new is None
            if removed:
                after = "(removed)"
            elif change.operator == "if-swap":
                after = f"{_short(before_line)} (branches swapped)"
            else:
                after = first
            if span[2] > span[0] and not removed:
                after += " …"
            out.append(
                Mutant(
                    module=module.name,
                    path=target.path,
                    line=span[0],
                    end_line=span[2],
                    operator=change.operator,
                    scope=change.scope,
                    before=_short(before_line) + (" …" if span[2] > span[0] else ""),
                    after=_short(after),
                    key=f"{base}#{occurrences[base]}",
                    span=span,
                    replacement=new_text,
                    watch=change.watch,
                )
            )
    out.sort(key=lambda m: (m.path, m.line, m.span[1], m.operator))
    for n, m in enumerate(out, 1):
        m.number = n
    return out


def mutated_text(mutant: Mutant, root: Path = ROOT) -> str:
    source = _Source((root / mutant.path).read_text(encoding="utf-8"))
    return source.replaced(mutant.span, mutant.replacement)[0]


# --- equivalent mutants ------------------------------------------------------------------------

_EQUIVALENT_HEADER = """\
# Mutants of tools/mutate.py judged equivalent: no input can tell them from the original, so
# they are named in the report and not counted (issue 20). One per line, tab-separated:
# module, file:line (as found; the key matches, not the line), operator, key, the change,
# and why it is equivalent. Add a line by hand after reading the mutant (--list shows keys).
"""


@dataclass(frozen=True)
class Judgement:
    module: str
    where: str
    operator: str
    key: str
    change: str
    reason: str


def read_equivalents(path: Path = EQUIVALENT_FILE) -> dict[str, Judgement]:
    found: dict[str, Judgement] = {}
    if not path.exists():
        return found
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != 6:
            raise SystemExit(f"{path}:{n}: expected 6 tab-separated fields, got {len(fields)}")
        judgement = Judgement(*fields)
        found[judgement.key] = judgement
    return found


# --- running ---------------------------------------------------------------------------------

_IGNORE = shutil.ignore_patterns(
    ".git",
    "__pycache__",
    ".hypothesis",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    "*.egg-info",
    "build",
    "dist",
    "node_modules",
    ".ci",
)


# plugins are not loaded from entry points (PYTEST_DISABLE_PLUGIN_AUTOLOAD, below): xdist stays
# off, anyio's is not needed, and Hypothesis's is named
_PYTEST_OPTIONS = [
    # the project's addopts ask for xdist (-n auto), which is not loaded here: replaced
    "-o",
    "addopts=--doctest-modules --strict-markers",
    "-x",
    "-q",
    "-rfE",
    "--no-header",
    "-p",
    "no:cacheprovider",
    "-p",
    "no:benchmark",
    # the project makes every warning an error; one of pytest's own about how it loaded a
    # plugin is no test's failure (a mutant "killed" by it would be a fault of the tool)
    "-W",
    "ignore::pytest.PytestAssertRewriteWarning",
    "-p",
    "_hypothesis_pytestplugin",
    "-p",
    "mutate_plugin",
]


def _pytest_command(files: Sequence[str]) -> list[str]:
    return [sys.executable, "-m", "pytest", *_PYTEST_OPTIONS, *files]


def _environment(copy_root: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ)
    for key in [k for k in env if k.startswith("MUTATE_")]:
        del env[key]
    env["PYTHONPATH"] = os.pathsep.join([str(copy_root), env.get("PYTHONPATH", "")]).rstrip(
        os.pathsep
    )
    env["PYTHONHASHSEED"] = "0"
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"  # only Hypothesis's, named on the command
    env.update(extra)
    return env


_SITECUSTOMIZE = """\
# written by tools/mutate.py: a Python process that a traced test starts records its lines
import os

if os.environ.get("MUTATE_TRACE_FILES") and os.environ.get("MUTATE_TEST"):
    import mutate_plugin

    mutate_plugin.trace_child()
"""


def make_copies(count: int, base: Path, root: Path = ROOT) -> list[Path]:
    copies = []
    for i in range(count):
        dest = base / f"copy{i}"
        shutil.copytree(root, dest, ignore=_IGNORE)
        shutil.copy(PLUGIN, dest / "mutate_plugin.py")
        (dest / "sitecustomize.py").write_text(_SITECUSTOMIZE, encoding="utf-8")
        copies.append(dest)
    return copies


class Worker:
    """A scratch copy and its fork server (tools/mutate_plugin.py :func:`serve`): pytest runs
    in a child forked from a process that has pytest imported already."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.proc: subprocess.Popen[str] | None = None

    def _start(self) -> subprocess.Popen[str]:
        if self.proc is None or self.proc.poll() is not None:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", "import mutate_plugin; mutate_plugin.serve()"],
                cwd=self.root,
                env=_environment(self.root),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
        return self.proc

    def pytest(self, files: Sequence[str], env: dict[str, str], timeout: float) -> tuple[int, str]:
        """Exit code of pytest on ``files`` (-9: killed at the timeout) and its output."""
        proc = self._start()
        assert proc.stdin is not None and proc.stdout is not None
        output = self.root / "pytest-output.txt"
        args = _pytest_command(files)[3:]
        job = {"args": args, "env": env, "output": str(output), "timeout": timeout}
        proc.stdin.write(json.dumps(job) + "\n")
        proc.stdin.flush()
        answer = proc.stdout.readline()
        if not answer:
            self.proc = None
            return 4, "the fork server died"
        text = output.read_text(encoding="utf-8", errors="replace") if output.exists() else ""
        return int(json.loads(answer)["code"]), text

    def close(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


@dataclass
class Baseline:
    """What the unmutated run showed: per test, the lines of each mutated file it ran."""

    lines: dict[str, dict[str, set[int]]] = field(default_factory=dict)  # test -> path -> lines
    durations: dict[str, float] = field(default_factory=dict)
    failed: set[str] = field(default_factory=set)
    at_import: dict[str, set[int]] = field(default_factory=dict)  # path -> lines
    seconds: float = 0.0


def _run(command: list[str], cwd: Path, env: dict[str, str], timeout: float) -> tuple[int, str]:
    """Run in its own process group; on timeout the whole group is killed (code -9)."""
    with subprocess.Popen(
        command,
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        text=True,
        errors="replace",
        start_new_session=True,
    ) as proc:
        try:
            out, _ = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, _ = proc.communicate()
            return -9, out
        return proc.returncode, out


def run_baseline(modules: Sequence[Module], where: Path, timeout: float) -> Baseline:
    files = sorted({t for m in modules for t in m.tests if (where / t).exists()})
    targets = sorted({t.path for m in modules for t in m.targets})
    out = where / "baseline.json"
    children = where / "children"
    children.mkdir(exist_ok=True)
    env = _environment(
        where,
        MUTATE_TRACE_FILES=os.pathsep.join(str(where / t) for t in targets),
        MUTATE_TRACE_OUT=str(out),
        MUTATE_CHILD_DIR=str(children),
    )
    command = [c for c in _pytest_command(files) if c != "-x"]
    started = time.monotonic()
    print(f"baseline: {len(files)} test files, tracing {len(targets)} files …", flush=True)
    code, text = _run(command, where, env, timeout)
    baseline = Baseline(seconds=time.monotonic() - started)
    if not out.exists():
        raise SystemExit(f"the baseline run wrote nothing (exit {code}):\n{text[-4000:]}")
    data = json.loads(out.read_text(encoding="utf-8"))
    prefix = str(where) + os.sep

    def merge(raw: dict[str, dict[str, list[int]]]) -> None:
        for test, by_file in raw.items():
            for path, lines in by_file.items():
                rel = path.removeprefix(prefix)
                if test == "<import>":
                    baseline.at_import.setdefault(rel, set()).update(lines)
                else:
                    baseline.lines.setdefault(test, {}).setdefault(rel, set()).update(lines)

    merge(data["lines"])
    for child in children.glob("child-*.json"):
        try:
            merge(json.loads(child.read_text(encoding="utf-8"))["lines"])
        except (OSError, ValueError, KeyError):
            continue
    baseline.durations = {k: float(v) for k, v in data["durations"].items()}
    baseline.failed = set(data["failed"])
    print(
        f"baseline: {len(baseline.durations)} tests in {baseline.seconds:.0f} s"
        f" ({len(baseline.failed)} failing, left out of every selection)",
        flush=True,
    )
    for test in sorted(baseline.failed):
        print(f"  failing unmutated: {test}")
    return baseline


def control(worker: Worker, baseline: Baseline) -> None:
    """Run a few passing tests through the worker unmutated: they must pass, else every
    mutant would count as killed by a fault of the tool or the machine."""
    passing = [t for t in baseline.lines if t not in baseline.failed]
    tests = sorted(passing, key=lambda t: (baseline.durations.get(t, 0.0), t))[:5]
    select = worker.root / "select.txt"
    select.write_text("\n".join(tests) + "\n", encoding="utf-8")
    env = _environment(worker.root, MUTATE_SELECT=str(select))
    code, text = worker.pytest(sorted({_test_file(t) for t in tests}), env, 600.0)
    if code != 0:
        raise SystemExit(f"the unmutated control run failed (exit {code}):\n{text[-4000:]}")


def _test_file(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def select_tests(
    mutant: Mutant, module: Module, baseline: Baseline, every_test: bool = False
) -> list[str]:
    """The tests that execute the mutant's lines, fastest first (``every_test``: every test
    of the module that executes any line of the mutated file)."""
    wanted = set(range(mutant.line, mutant.end_line + 1))
    files = set(module.tests)
    chosen = []
    import_time = every_test or bool(wanted & baseline.at_import.get(mutant.path, set()))
    if import_time and mutant.watch and not every_test:  # a default, a private constant
        wanted, import_time = set(mutant.watch), False
    for test, by_file in baseline.lines.items():
        if test in baseline.failed or _test_file(test) not in files:
            continue
        ran = by_file.get(mutant.path, set())
        if ran & wanted or (import_time and ran):
            chosen.append(test)
    return sorted(chosen, key=lambda t: (baseline.durations.get(t, 0.0), t))


# a test id may hold spaces (parametrized ids); " - " starts the reason, when there is one
_FAILED = re.compile(r"^(FAILED|ERROR) (.+?)(?: - (.*))?$", re.MULTILINE)
# what pytest itself complains of (its own warnings, made errors by the project's
# ``filterwarnings = ["error"]``, or a crash of pytest): never a test's verdict on the mutant
# (an exception the code under test left unraised in a thread or a finalizer is its own fault)
_PYTEST_FAULT = re.compile(
    r"\bPytest(?!Unraisable|UnhandledThread)\w*Warning\b|^INTERNALERROR", re.MULTILINE
)


def classify_failure(text: str) -> tuple[str, str]:
    """``(status, detail)`` of a pytest run that exited 1 or 2 (tests failed, or stopped).

    *killed* only when pytest's summary names a test that failed or erred (a test, or the
    collection of a test file: the mutated module no longer imports) for a reason of the
    code under test. A run where nothing is named, or where what failed is one of pytest's
    own warnings or an internal error, is an *error*: no test told the mutant apart.
    """
    for found in _FAILED.finditer(text):
        reason = found.group(3) or ""
        if not _PYTEST_FAULT.search(reason):
            return "killed", found.group(2)
    fault = _PYTEST_FAULT.search(text)
    if fault is not None:
        line = text[text.rfind("\n", 0, fault.start()) + 1 :].split("\n", 1)[0]
        return "error", f"pytest itself failed, not a test: {line.strip()[:200]}"
    return "error", f"no test failed: {_last_line(text)}"


def run_mutant(
    mutant: Mutant,
    module: Module,
    baseline: Baseline,
    workers: Queue[Worker],
    options: argparse.Namespace,
) -> Mutant:
    tests = select_tests(mutant, module, baseline, options.every_test)
    mutant.tests = len(tests)
    if not tests:
        mutant.status = "not run"
        mutant.detail = "no test executes these lines"
        return mutant
    worker = workers.get()
    where = worker.root
    path = where / mutant.path
    original = path.read_text(encoding="utf-8")
    select = where / "select.txt"
    try:
        select.write_text("\n".join(tests) + "\n", encoding="utf-8")
        text = _Source(original).replaced(mutant.span, mutant.replacement)[0]
        try:
            compile(text, mutant.path, "exec")
        except SyntaxError as exc:  # the mutator's own mistake: not counted
            mutant.status = "invalid"
            mutant.detail = str(exc)
            return mutant
        _drop_bytecode(path)
        path.write_text(text, encoding="utf-8")
        budget = sum(baseline.durations.get(t, 0.0) for t in tests)
        timeout = options.timeout_min + options.timeout_factor * budget
        env = _environment(where, MUTATE_SELECT=str(select))
        files = sorted({_test_file(t) for t in tests})
        started = time.monotonic()
        code, text = worker.pytest(files, env, timeout)
        mutant.seconds = time.monotonic() - started
        if code == -9:
            mutant.status = "timeout"
            mutant.detail = f"still running after {timeout:.0f} s"
        elif code == 0:
            mutant.status = "survived"
        elif code in (1, 2):
            mutant.status, mutant.detail = classify_failure(text)
        else:
            mutant.status = "error"
            mutant.detail = f"pytest exit {code}: {_last_line(text)}"
    finally:
        path.write_text(original, encoding="utf-8")
        _drop_bytecode(path)
        workers.put(worker)
    return mutant


def _last_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1][:200] if lines else ""


def _drop_bytecode(path: Path) -> None:
    cache = path.parent / "__pycache__"
    for pyc in cache.glob(f"{path.stem}.*.pyc"):
        pyc.unlink(missing_ok=True)


# --- reporting -------------------------------------------------------------------------------


# a sample's description, saved with its results: size, seed, population (module -> mutants)
Sample = dict[str, Any]


@dataclass
class Figures:
    module: str
    total: int = 0
    equivalent: int = 0
    killed: int = 0
    timeouts: int = 0
    survived: int = 0
    not_run: int = 0
    errors: int = 0
    population: int = 0  # a sample: how many mutants the module has in all (0: not a sample)

    @property
    def counted(self) -> int:
        return self.total - self.equivalent

    @property
    def dead(self) -> int:
        return self.killed + self.timeouts

    @property
    def score(self) -> float:
        return 100.0 * self.dead / self.counted if self.counted else 100.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson score interval of the kill rate, in per cent."""
        return wilson(self.dead, self.counted)


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % for the default z), in per cent.

    >>> wilson(95, 100)
    (88.8, 97.8)
    >>> wilson(0, 0)
    (0.0, 100.0)
    """
    if trials == 0:
        return 0.0, 100.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return round(100 * max(0.0, centre - half), 1), round(100 * min(1.0, centre + half), 1)


def sample_mutants(mutants: Sequence[Mutant], size: int, seed: int) -> list[Mutant]:
    """A seeded random sample of ``size`` of a module's mutants (all when it has fewer).

    Drawn from the mutants ordered by key, with a generator seeded by the seed and the
    module's name: the same seed and code give the same sample, whatever else changed (the
    tests, the equivalent-mutant judgements, the other modules asked for). Equivalent
    mutants stay in the draw, so that judging one later does not change the sample.
    """
    if size >= len(mutants):
        return list(mutants)
    name = mutants[0].module
    rng = random.Random(f"{seed}/{name}")
    chosen = rng.sample(sorted(mutants, key=lambda m: m.key), size)
    return sorted(chosen, key=lambda m: m.number)


def figures(name: str, mutants: Sequence[Mutant], population: int = 0) -> Figures:
    f = Figures(name, total=sum(1 for m in mutants if m.status != "invalid"))
    f.population = population
    for m in mutants:
        if m.status == "equivalent":
            f.equivalent += 1
        elif m.status == "killed":
            f.killed += 1
        elif m.status == "timeout":
            f.timeouts += 1
        elif m.status == "survived":
            f.survived += 1
        elif m.status == "not run":
            f.not_run += 1
        elif m.status == "error":
            f.errors += 1
    return f


def apply_equivalents(mutants: Sequence[Mutant], judgements: dict[str, Judgement]) -> None:
    for m in mutants:
        judged = judgements.get(m.key)
        if judged is not None and m.status != "killed":
            m.status = "equivalent"
            m.detail = judged.reason


def report(name: str, mutants: Sequence[Mutant], sample: Sample | None = None) -> Figures:
    population = int(sample["population"].get(name, 0)) if sample else 0
    f = figures(name, mutants, population)
    say = print
    low, high = f.interval
    drawn = (
        f" (a SAMPLE: {f.total} of the module's {population} mutants, drawn at random with"
        f" --seed {sample['seed']}; the score estimates the whole module's)"
        if sample
        else ""
    )
    say(
        f"\n== {name}: {f.total} mutants{drawn}, {f.equivalent} equivalent (not counted); of the"
        f" other {f.counted}: {f.killed} killed, {f.timeouts} timeouts (killed: a hang), "
        f"{f.survived + f.not_run} survived ({f.not_run} run by no test), {f.errors} errors"
        f" (counted as not killed); score {f.score:.1f} %, 95 % Wilson interval"
        f" {low:.1f}–{high:.1f} %"
    )
    for status in ("survived", "not run", "error", "timeout"):
        for m in mutants:
            if m.status == status:
                say(f"  {status:8} {m.where:38} {m.operator:12} {m.before}")
                say(f"  {'':8} {'':38} {'':12} {m.after}")
                if m.detail and status != "survived":
                    say(f"  {'':8} {'':38} {'':12} ({m.detail})")
    equivalent = [m for m in mutants if m.status == "equivalent"]
    if equivalent:
        say(f"  equivalent ({len(equivalent)}):")
        for m in equivalent:
            say(f"    {m.where} {m.operator}: {m.before} → {m.after}: {m.detail}")
    return f


def _table(summary: Sequence[Figures], sample: Sample | None = None) -> None:
    if sample:
        print(
            f"\na seeded random SAMPLE of at most {sample['size']} mutants per module"
            f" (--sample {sample['size']} --seed {sample['seed']}); 'of' is the module's"
            " mutants in all, CI the 95 % Wilson interval of the kill rate"
        )
    print(
        "\nmodule     mutants     of  equivalent  killed  timeouts  survived  errors"
        "  score    95 % CI"
    )
    for f in summary:
        low, high = f.interval
        print(
            f"{f.module:10} {f.total:7} {f.population or f.total:6} {f.equivalent:11}"
            f" {f.killed:7} {f.timeouts:9} {f.survived + f.not_run:9} {f.errors:7}"
            f"  {f.score:5.1f} %  {low:5.1f}–{high:5.1f} %"
        )
    if len(summary) > 1:
        dead = sum(f.dead for f in summary)
        counted = sum(f.counted for f in summary)
        low, high = wilson(dead, counted)
        print(
            f"{'all':10} {sum(f.total for f in summary):7}"
            f" {sum(f.population or f.total for f in summary):6}"
            f" {sum(f.equivalent for f in summary):11} {sum(f.killed for f in summary):7}"
            f" {sum(f.timeouts for f in summary):9}"
            f" {sum(f.survived + f.not_run for f in summary):9}"
            f" {sum(f.errors for f in summary):7}"
            f"  {100.0 * dead / counted if counted else 100.0:5.1f} %  {low:5.1f}–{high:5.1f} %"
            "  (pooled, unweighted)"
        )


def _save(
    path: Path,
    results: dict[str, list[Mutant]],
    baseline_seconds: float,
    sample: Sample | None = None,
    mutant_seconds: float = 0.0,
) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {
        "when": time.strftime("%Y-%m-%d %H:%M:%S"),
        "baseline_seconds": baseline_seconds,
        "mutant_seconds": mutant_seconds,
        "sample": sample,
        "modules": {name: [asdict(m) for m in ms] for name, ms in results.items()},
    }
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")


def _load_sample(path: Path) -> Sample | None:
    sample: Sample | None = json.loads(path.read_text(encoding="utf-8")).get("sample")
    return sample


def _load(path: Path) -> dict[str, list[Mutant]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    out = {}
    for name, raw in data["modules"].items():
        out[name] = [
            Mutant(**{**m, "span": tuple(m["span"]), "watch": tuple(m.get("watch", ()))})
            for m in raw
        ]
    return out


_ALIVE = ("survived", "not run", "error", "")  # "": not run yet (a partial save)


def _merged(
    earlier: dict[str, list[Mutant]], rerun: dict[str, list[Mutant]]
) -> dict[str, list[Mutant]]:
    """An earlier run's results with the mutants run again in their place."""
    fresh = {m.key: m for ms in rerun.values() for m in ms}
    return {
        name: [fresh.get(m.key, m) if m.status in _ALIVE else m for m in ms]
        for name, ms in earlier.items()
    }


def _lines(spec: str | None) -> tuple[int, int] | None:
    if not spec:
        return None
    low, _, high = spec.partition("-")
    return int(low), int(high or low)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Mutation testing of remikcalc (issue 20).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--module", action="append", choices=sorted(MODULES), default=[])
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument("--line", help="only the mutants starting on these lines (N or N-M)")
    parser.add_argument("--jobs", type=int, default=2, help="mutants run at once (default 2)")
    parser.add_argument("--timeout-min", type=float, default=60.0)
    parser.add_argument("--timeout-factor", type=float, default=3.0)
    parser.add_argument("--baseline-timeout", type=float, default=3600.0)
    parser.add_argument("--save", type=Path, help="where to save the results (JSON)")
    parser.add_argument("--survivors", type=Path, help="rerun only what this run left alive")
    parser.add_argument("--report", type=Path, help="report a saved run again, no running")
    parser.add_argument("--check-equivalent", action="store_true", help="run those too")
    parser.add_argument(
        "--equivalent",
        nargs=2,
        metavar=("KEY", "REASON"),
        action="append",
        default=[],
        help="record the mutant KEY (see --list) as equivalent, for REASON; run nothing",
    )
    parser.add_argument(
        "--sample",
        type=int,
        metavar="N",
        help="run a seeded random sample of N mutants per module (see --seed), not all",
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="the seed of --sample's draw (default 0)"
    )
    parser.add_argument(
        "--tests",
        action="append",
        default=[],
        metavar="FILE",
        help="run only these of the modules' test files (repeatable; with --survivors:"
        " the tests written for them, since every other one let them live)",
    )
    parser.add_argument(
        "--every-test",
        action="store_true",
        help="run every test of the module that touches the mutated file, not only those"
        " that execute the mutated lines (a memoized function runs in the first test only)",
    )
    parser.add_argument("--keep", action="store_true", help="keep the scratch copies")
    parser.add_argument(
        "--root", type=Path, default=ROOT, help="the checkout to mutate (default: this one)"
    )
    options = parser.parse_args(argv)
    judgements = read_equivalents()

    if options.report:
        results = _load(options.report)
        saved = _load_sample(options.report)
        summary = []
        for name, mutants in results.items():
            if options.module and name not in options.module:
                continue
            # keys as this version of the tool makes them (the code mutated is the same)
            current = {
                (m.path, m.span, m.replacement): m.key
                for m in find_mutants(MODULES[name], options.root.resolve())
            }
            for m in mutants:
                m.key = current.get((m.path, m.span, m.replacement), m.key)
                if m.status == "equivalent":
                    m.status = "survived" if m.tests else "not run"
            apply_equivalents(mutants, judgements)
            summary.append(report(name, mutants, saved))
        _table(summary, saved)
        return 0

    names = options.module or sorted(MODULES)
    modules = [MODULES[n] for n in names]
    if options.tests:
        wanted = set(options.tests)
        modules = [
            Module(m.name, m.targets, tuple(t for t in m.tests if t in wanted)) for m in modules
        ]
        if not any(m.tests for m in modules):
            raise SystemExit(f"none of {', '.join(sorted(wanted))} is a test file of {names}")
    lines = _lines(options.line)
    root = options.root.resolve()
    every = {m.name: find_mutants(m, root) for m in modules}
    if lines is not None:
        every = {k: [m for m in v if lines[0] <= m.line <= lines[1]] for k, v in every.items()}
    sample: Sample | None = None
    if options.sample is not None and not options.survivors:
        if options.sample < 1:
            raise SystemExit("--sample wants a positive number of mutants per module")
        sample = {
            "size": options.sample,
            "seed": options.seed,
            "population": {k: len(v) for k, v in every.items()},
        }
        every = {k: sample_mutants(v, options.sample, options.seed) for k, v in every.items()}
    earlier: dict[str, list[Mutant]] = {}
    if options.survivors:
        # only what that run left alive runs again; the saved results are that run's, with
        # these mutants' new verdicts (and its sample, when it was one)
        earlier = _load(options.survivors)
        sample = _load_sample(options.survivors)
        alive = {m.key for ms in earlier.values() for m in ms if m.status in _ALIVE}
        every = {k: [m for m in v if m.key in alive] for k, v in every.items()}
    for mutants in every.values():
        for m in mutants:
            if m.key in judgements and not options.check_equivalent:
                m.status = "equivalent"
                m.detail = judgements[m.key].reason

    if options.equivalent:
        by_key = {m.key: m for ms in every.values() for m in ms}
        judged = []
        for key, reason in options.equivalent:
            if key not in by_key:
                raise SystemExit(f"no mutant {key} in {', '.join(names)}")
            if key in judgements:
                raise SystemExit(f"{key} is judged already: {judgements[key].reason}")
            m = by_key[key]
            change = f"{m.before} → {m.after}".replace("\t", " ")
            fields = (m.module, m.where, m.operator, m.key, change, reason.replace("\t", " "))
            judged.append("\t".join(fields) + "\n")
        text = (
            EQUIVALENT_FILE.read_text("utf-8") if EQUIVALENT_FILE.exists() else _EQUIVALENT_HEADER
        )
        EQUIVALENT_FILE.write_text(text + "".join(judged), encoding="utf-8")
        print(f"{len(judged)} judged equivalent, in {EQUIVALENT_FILE}")
        return 0

    if options.list:
        for name, mutants in every.items():
            print(f"== {name}: {len(mutants)} mutants")
            for m in mutants:
                mark = "  [equivalent]" if m.status == "equivalent" else ""
                print(f"{name}:{m.number:<4} {m.where:38} {m.operator:12} {m.key}{mark}")
                print(f"      - {m.before}\n      + {m.after}")
        return 0

    scratch = Path(tempfile.mkdtemp(prefix="remikcalc-mutate-"))
    workers: list[Worker] = []
    try:
        copies = make_copies(max(1, options.jobs), scratch, root)
        baseline = run_baseline(modules, copies[0], options.baseline_timeout)
        pool: Queue[Worker] = Queue()
        workers = [Worker(c) for c in copies]
        for w in workers:
            control(w, baseline)
            pool.put(w)
        by_name = {m.name: m for m in modules}
        todo = [
            (m, by_name[name]) for name, ms in every.items() for m in ms if m.status != "equivalent"
        ]
        save = options.save or SAVE_DIR / f"{'-'.join(names)}.json"
        done = 0
        lock = threading.Lock()
        started = time.monotonic()

        def one(item: tuple[Mutant, Module]) -> Mutant:
            nonlocal done
            mutant = run_mutant(item[0], item[1], baseline, pool, options)
            with lock:
                done += 1
                elapsed = time.monotonic() - started
                print(
                    f"[{done}/{len(todo)} {elapsed:.0f}s] {mutant.module} {mutant.where}"
                    f" {mutant.operator}: {mutant.status} ({mutant.tests} tests,"
                    f" {mutant.seconds:.1f} s)",
                    flush=True,
                )
                if done % 10 == 0:  # a run cut short keeps what it found (unrun: "")
                    partial = _merged(earlier, every) if options.survivors else every
                    _save(save.with_suffix(".partial.json"), partial, baseline.seconds, sample)
            return mutant

        with ThreadPoolExecutor(max_workers=max(1, options.jobs)) as executor:
            list(executor.map(one, todo))
        if options.check_equivalent:
            for mutants in every.values():
                for m in mutants:
                    if m.key in judgements and m.status == "killed":
                        print(f"warning: judged equivalent but killed: {m.key} ({m.detail})")
                apply_equivalents(mutants, judgements)
        mutant_seconds = time.monotonic() - started
        results = _merged(earlier, every) if options.survivors else every
        _save(save, results, baseline.seconds, sample, mutant_seconds)
        summary = [report(name, mutants, sample) for name, mutants in results.items()]
        _table(summary, sample)
        print(f"(saved: {save}; baseline {baseline.seconds:.0f} s, mutants {mutant_seconds:.0f} s)")
    finally:
        for w in workers:
            w.close()
        if options.keep:
            print(f"scratch copies kept in {scratch}")
        else:
            shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
