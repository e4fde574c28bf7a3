"""The layers of docs/ARCHITECTURE.md, held against the code's own imports.

Every ``import`` in ``remikcalc/`` is read with :mod:`ast` (also the ones inside functions,
which load lazily but still tie the modules together). The test fails on an import cycle,
counting the imports under ``TYPE_CHECKING`` too (a cycle for the type checker is still two
modules that cannot be understood one without the other), on a third-party library imported
outside the one package that owns it, and on an import that goes from a lower layer up to a
higher one (there the type-only imports are left out: they load nothing).

The families have one home each (docs/ARCHITECTURE.md, "Families and variants"): the tests
also fail on a family module importing another, on a family's tally living outside its
module (but for the shared ``scoring/tally.py``), on ``render/`` asking which tally class it
holds, and on code outside ``rules/`` comparing ``Family`` members or family and variant
names.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from pathlib import Path

import pytest

import remikcalc

# the installed package's own source files: the same whether the tests run in the repository
# or from an installed wheel
PACKAGE = Path(remikcalc.__file__).resolve().parent

# Lowest first. A module may import modules of its own layer or of lower layers only.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("remikcalc.base",),
    ("remikcalc.cards",),
    ("remikcalc.rules",),
    ("remikcalc.search",),
    ("remikcalc.scoring",),
    ("remikcalc.sheet",),
    ("remikcalc.session", "remikcalc.settle"),
    ("remikcalc.render",),
    ("remikcalc.cli", "remikcalc.commands", "remikcalc.web", "remikcalc.__main__", "remikcalc"),
)

# Third-party libraries and the only modules or packages allowed to import each.
OWNERS: dict[str, tuple[str, ...]] = {
    "click": ("remikcalc.cli", "remikcalc.commands"),
    "yaml": ("remikcalc.sheet",),
    "tabulate": ("remikcalc.render",),
    "starlette": ("remikcalc.web",),
    "uvicorn": ("remikcalc.web",),
    # the catalogue tools read the pad's templates with Jinja's extractor
    "jinja2": ("remikcalc.web", "remikcalc.base.i18n_tools"),
    "segno": ("remikcalc.web",),
    "polib": ("remikcalc.base.i18n_tools",),  # a developer's tool, not loaded at run time
}


def _inside(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, *, type_only: bool = False) -> Iterator[str]:
    """Every module name imported at run time (``from a import b`` gives ``a`` and ``a.b``);
    with ``type_only`` also those imported under ``TYPE_CHECKING``."""
    return _imported(ast.iter_child_nodes(tree), type_only)


def _imported(nodes: Iterable[ast.AST], type_only: bool) -> Iterator[str]:
    for node in nodes:
        if isinstance(node, ast.If) and _is_type_checking(node) and not type_only:
            yield from _imported(node.orelse, type_only)  # what runs when not type checking
            continue
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.module
            yield from (f"{node.module}.{alias.name}" for alias in node.names)
        yield from _imported(ast.iter_child_nodes(node), type_only)


@cache
def _tree(path: Path) -> ast.Module:
    """A module's source, parsed once a run (several checks read every module)."""
    return ast.parse(path.read_text(encoding="utf-8"))


@cache
def import_graph(*, type_only: bool = False) -> dict[str, set[str]]:
    """Each remikcalc module -> the remikcalc modules and third-party top names it imports
    (with ``type_only``, also under ``TYPE_CHECKING``). Built when a test first asks, not
    when the tests are collected (every pytest-xdist worker collects this file)."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets: set[str] = set()
        tree = _tree(path)
        for imported in _imports(tree, type_only=type_only):
            if imported.startswith("remikcalc"):
                if imported in modules and imported != name:
                    targets.add(imported)
            else:
                targets.add(imported.split(".")[0])
        graph[name] = targets
    return graph


def find_cycle(graph: Mapping[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph`` as a path that returns to its start, or None."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in graph:
                continue
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)) is not None:
            return found
    return None


def layer_of(module: str) -> int:
    """The layer of a module: the most specific prefix listed in LAYERS."""
    best, depth = -1, -1
    for i, names in enumerate(LAYERS):
        for prefix in names:
            matches = module == prefix or module.startswith(prefix + ".")
            if matches and prefix.count(".") > depth:
                best, depth = i, prefix.count(".")
    return best


def upward_imports(graph: Mapping[str, set[str]]) -> list[str]:
    out = []
    for module, targets in graph.items():
        for target in targets:
            if target.startswith("remikcalc") and layer_of(target) > layer_of(module):
                out.append(
                    f"{module} (layer {layer_of(module)}) imports {target} "
                    f"(layer {layer_of(target)})"
                )
    return sorted(out)


def misplaced_libraries(graph: Mapping[str, set[str]]) -> list[str]:
    out = []
    for module, targets in graph.items():
        for library, owners in OWNERS.items():
            inside = any(_inside(module, owner) for owner in owners)
            if library in targets and not inside:
                named = " and ".join(owners)
                out.append(f"{module} imports {library}, which only {named} may import")
    return sorted(out)


def _graph() -> dict[str, set[str]]:
    """What loads: the layers and the libraries are checked on it."""
    return import_graph()


def _typed_graph() -> dict[str, set[str]]:
    """Also what is imported for the type checker."""
    return import_graph(type_only=True)


def test_every_module_has_a_layer() -> None:
    assert [m for m in _graph() if layer_of(m) < 0] == []


def test_no_import_cycle_counting_type_only_imports() -> None:
    assert find_cycle(_typed_graph()) is None


def test_no_import_from_a_lower_layer_to_a_higher_one() -> None:
    assert upward_imports(_graph()) == []


def test_click_yaml_and_tabulate_stay_in_their_packages() -> None:
    assert misplaced_libraries(_graph()) == []


# The checks themselves must be able to fail: each is shown a small graph with the fault.


def test_the_cycle_check_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize(
    ("graph", "fault"),
    [
        (
            {"remikcalc.cards.notation": {"remikcalc.scoring.tally"}},
            "remikcalc.cards.notation (layer 1) imports",
        ),
        ({"remikcalc.session": {"click"}}, "session imports click"),
        ({"remikcalc.scoring.tally": {"yaml"}}, "tally imports yaml"),
        ({"remikcalc.scoring.knock": {"tabulate"}}, "knock imports tabulate"),
    ],
)
def test_the_layer_checks_find_a_fault(graph: dict[str, set[str]], fault: str) -> None:
    found = upward_imports(graph) + misplaced_libraries(graph)
    assert any(fault in line for line in found), found


def test_the_reader_sees_imports_inside_functions_and_type_only_ones_when_asked() -> None:
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from remikcalc.scoring.tally import Tally\n"
        "else:\n    from remikcalc.scoring import tally\n"
        "def f():\n    from remikcalc.render import table\n"
    )
    names = set(_imports(tree))
    assert {"remikcalc.render", "remikcalc.scoring"} <= names
    assert "remikcalc.scoring.tally" in names  # from the else branch: `from remikcalc.scoring ...`
    assert "remikcalc.scoring.tally.Tally" not in names
    typed = set(_imports(tree, type_only=True))
    assert {"remikcalc.render", "remikcalc.scoring.tally.Tally"} <= typed


def test_the_typed_graph_holds_what_the_run_time_one_leaves_out() -> None:
    # remikcalc/__init__.py imports its public names for the type checker only
    assert "remikcalc.cards.notation" not in _graph()["remikcalc"]
    assert "remikcalc.cards.notation" in _typed_graph()["remikcalc"]
    assert all(_graph()[m] <= _typed_graph()[m] for m in _graph())


# --- one home per family ----------------------------------------------------------------------
#
# A family's behaviour lives in its module (scoring/<family>.py, named by its FamilySpec) and its
# traits in its spec (rules/families.py); everything else asks the spec or the tally. So the
# render layer never asks which tally class it holds, and nothing outside rules/ compares a
# Family member or a family's or variant's name.


def _tally_checks(tree: ast.AST) -> Iterator[str]:
    """Each place that asks whether a value is a family's tally class (``KnockTally``,
    ``BridgeTally``, ...; not the ``Tally`` base): ``isinstance``/``issubclass`` with one,
    ``type(x)`` compared with one, a ``case KnockTally():`` pattern."""

    def tally_names(node: ast.AST) -> list[str]:
        names = (
            n.id if isinstance(n, ast.Name) else n.attr
            for n in ast.walk(node)
            if isinstance(n, ast.Name | ast.Attribute)
        )
        return [name for name in names if name.endswith("Tally") and name != "Tally"]

    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in ("isinstance", "issubclass") and len(node.args) == 2:
                for name in tally_names(node.args[1]):
                    yield f"line {node.lineno}: {node.func.id}(..., {name})"
        elif isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            typed = any(
                isinstance(o, ast.Call) and isinstance(o.func, ast.Name) and o.func.id == "type"
                for o in operands
            )
            if typed:
                for name in (n for o in operands for n in tally_names(o)):
                    yield f"line {node.lineno}: type(...) compared with {name}"
        elif isinstance(node, ast.MatchClass):
            for name in tally_names(node.cls):
                yield f"line {node.lineno}: case {name}()"


def _parsed(
    modules: Mapping[str, Path], inside: bool, package: str
) -> Iterator[tuple[str, ast.AST]]:
    """Each module inside ``package`` (or, with ``inside`` False, outside it), parsed."""
    for name, path in modules.items():
        if (name == package or name.startswith(package + ".")) == inside:
            yield name, _tree(path)


def tally_class_checks(modules: Mapping[str, Path], package: str) -> list[str]:
    found = (
        f"{name} {where}"
        for name, tree in _parsed(modules, True, package)
        for where in _tally_checks(tree)
    )
    return sorted(found)


def test_render_asks_the_tally_not_its_class() -> None:
    assert tally_class_checks(_modules(), "remikcalc.render") == []


@pytest.mark.parametrize(
    "source",
    [
        "if isinstance(tally, KnockTally) and tally.hollywood:\n    pass\n",
        "ok = isinstance(t, games.bridge.BridgeTally | KnockTally)\n",
        "ok = isinstance(t, (Reentry, BridgeTally))\n",
        "ok = issubclass(type(t), MeanTally)\n",
        "ok = type(t) is BridgeTally\n",
        "match tally:\n    case KnockTally():\n        pass\n",
    ],
)
def test_the_tally_class_check_finds_one(source: str) -> None:
    assert list(_tally_checks(ast.parse(source)))


def test_the_tally_class_check_leaves_other_checks_alone() -> None:
    source = (
        "ok = isinstance(step.result, Reentry)\n"
        "ok = isinstance(tally, Tally) or tally.has_pool\n"
        "ok = type(x) is int\n"
    )
    assert list(_tally_checks(ast.parse(source))) == []


#: where a family or variant is named by what it is: the registry, the variants, the rules
FAMILY_HOME = "remikcalc.rules"
#: the names a family or a variant goes by in code
_NAMED = ("family", "variant")


def _family_comparisons(tree: ast.AST) -> Iterator[str]:
    """Each use of a ``Family`` member (``Family.KNOCK``: a comparison, a table keyed by
    family), and each comparison of a family or variant (``rules.family``, ``variant``) with
    a literal name (``== "gin"``, ``in ("rummy", "polish")``, ``case "boat":``)."""

    def named(node: ast.AST) -> bool:
        return (isinstance(node, ast.Attribute) and node.attr in _NAMED) or (
            isinstance(node, ast.Name) and node.id in _NAMED
        )

    def literal(node: ast.AST) -> bool:
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            return any(literal(e) for e in node.elts)
        return isinstance(node, ast.Constant) and isinstance(node.value, str)

    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "Family"
            and node.attr.isupper()
        ):
            yield f"line {node.lineno}: Family.{node.attr}"
        elif isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(named(o) for o in operands) and any(literal(o) for o in operands):
                yield f"line {node.lineno}: a family or variant compared with a name"
        elif isinstance(node, ast.Match) and named(node.subject):
            literals = [
                c for c in node.cases if isinstance(c.pattern, ast.MatchValue | ast.MatchOr)
            ]
            if literals:
                yield f"line {node.lineno}: match on a family or variant name"


def family_comparisons(modules: Mapping[str, Path]) -> list[str]:
    found = (
        f"{name} {where}"
        for name, tree in _parsed(modules, False, FAMILY_HOME)
        for where in _family_comparisons(tree)
    )
    return sorted(found)


def test_nothing_outside_rules_compares_families_or_variants() -> None:
    assert family_comparisons(_modules()) == []


@pytest.mark.parametrize(
    "source",
    [
        "if rules.family is Family.CONTINENTAL:\n    pass\n",
        "KEYS = {Family.KNOCK: frozenset()}\n",
        'ok = rules.variant == "gin"\n',
        'ok = family in ("rummy", "remibrydz")\n',
        'ok = "bridge" != state.rules.family\n',
        'match rules.variant:\n    case "boat" | "rummy":\n        pass\n',
    ],
)
def test_the_family_check_finds_a_comparison(source: str) -> None:
    assert list(_family_comparisons(ast.parse(source)))


def test_the_family_check_leaves_other_comparisons_alone() -> None:
    source = (
        'ok = result.outcome == "gin"\n'  # an outcome code, not a variant
        'ok = "plus" in rules.spec.inputs\n'
        "ok = a.rules.variant == b.rules.variant\n"  # the same variant, whatever it is
        'ok = Family("knock")\n'
    )
    assert list(_family_comparisons(ast.parse(source))) == []


def _family_modules() -> set[str]:
    """The family modules: those the registry names a scorer in."""
    from remikcalc.rules.families import REGISTRY

    return {spec.scorer.partition(":")[0] for spec in REGISTRY.values()}


def test_no_family_module_imports_another() -> None:
    families = _family_modules()
    assert families >= {"remikcalc.scoring.knock", "remikcalc.scoring.bridge"}
    crossed = sorted(f"{m} imports {t}" for m in families for t in _graph()[m] & families)
    assert crossed == []


def test_a_family_is_scored_and_settled_in_one_module() -> None:
    """Each spec's tally is in its scorer's module, or shared in scoring/tally.py."""
    from remikcalc.rules.families import REGISTRY

    def module(ref: str) -> str:
        return ref.partition(":")[0]

    homes = {
        spec.family: (module(spec.scorer), "remikcalc.scoring.tally") for spec in REGISTRY.values()
    }
    elsewhere = [
        f"{spec.family}: {spec.tally}"
        for spec in REGISTRY.values()
        if module(spec.tally) not in homes[spec.family]
    ]
    assert elsewhere == []


def test_the_commands_never_load_the_web_stack() -> None:
    """Only ``serve`` loads the pad's stack: every other command module imports none of it."""
    import subprocess
    import sys

    from remikcalc.cli import COMMANDS

    modules = sorted({f"remikcalc.commands.{module}" for module, _attr, _help in COMMANDS.values()})
    code = (
        "import importlib, sys\n"
        f"for name in {[m for m in modules if m != 'remikcalc.commands.serve']!r}:\n"
        "    importlib.import_module(name)\n"
        "print(sorted(m for m in ('starlette', 'uvicorn', 'jinja2', 'segno', 'anyio') "
        "if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def front_ends_crossed(graph: Mapping[str, set[str]]) -> list[str]:
    """Imports between the two front ends: each calls the library, never the other."""
    ends = {"remikcalc.cli": "cli", "remikcalc.commands": "cli", "remikcalc.web": "web"}

    def end(name: str) -> str | None:
        return next((side for e, side in ends.items() if _inside(name, e)), None)

    return sorted(
        f"{m} imports {t}"
        for m, targets in graph.items()
        for t in targets
        if end(m) is not None
        and end(t) is not None
        and end(m) != end(t)
        and m != "remikcalc.commands.serve"
    )


def test_the_pad_and_the_command_line_do_not_import_each_other() -> None:
    """``web/`` asks the library, never ``cli/`` (which would load click into the server), and
    ``cli/`` reaches the pad only through ``serve``."""
    assert front_ends_crossed(_graph()) == []
    faulty = {"remikcalc.web.corrections": {"remikcalc.commands.info"}}
    assert front_ends_crossed(faulty) == [
        "remikcalc.web.corrections imports remikcalc.commands.info"
    ]


# --- the pad asks the sheet book ----------------------------------------------------------------
#
# No front end replays a sheet itself: a page's check, preview, refusal and "add it again?" are
# the sheet book's dry runs (``SheetFile.preview_add`` and the others), which score on a fork of
# the replay the book keeps. So no module of the pad imports the function that replays a sheet
# (``replay``) or starts one (``start``), and none scores an entry into a replay (``.apply(``).

_REPLAYERS = frozenset({"replay", "start"})


def pad_replays(modules: Mapping[str, Path]) -> list[str]:
    """Where a module of ``remikcalc.web`` replays a sheet itself."""
    found = []
    for module, path in sorted(modules.items()):
        if not _inside(module, "remikcalc.web"):
            continue
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.ImportFrom) and node.module in (
                "remikcalc.session",
                "remikcalc.session.replay",
            ):
                for alias in node.names:
                    if alias.name in _REPLAYERS:
                        found.append(f"{module}:{node.lineno} imports {node.module}.{alias.name}")
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name == "remikcalc.session.replay":
                        found.append(f"{module}:{node.lineno} imports {alias.name}")
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "apply"
            ):
                found.append(f"{module}:{node.lineno} calls .apply(")
    return found


def test_the_pad_never_replays_a_sheet_itself() -> None:
    assert pad_replays(_modules()) == []


def test_the_replay_check_finds_a_replay_an_import_and_an_apply(tmp_path: Path) -> None:
    modules = _fake_package(
        tmp_path,
        {
            "remikcalc.web.a": "from remikcalc.session import replay\n",
            "remikcalc.web.b": "from remikcalc.session.replay import Replay, start\n",
            "remikcalc.web.c": "import remikcalc.session.replay\n",
            "remikcalc.web.d": "def f(state, entry):\n    return state.apply(entry)\n",
            "remikcalc.web.e": "from remikcalc.session.replay import Replay, deal_numbers\n",
            "remikcalc.session.f": "from remikcalc.session.replay import replay\n",
        },
    )
    assert pad_replays(modules) == [
        "remikcalc.web.a:1 imports remikcalc.session.replay",
        "remikcalc.web.b:1 imports remikcalc.session.replay.start",
        "remikcalc.web.c:1 imports remikcalc.session.replay",
        "remikcalc.web.d:2 calls .apply(",
    ]


# --- modules cut by concept ----------------------------------------------------------------
#
# A module keeps its private names (``_x``) to itself: what two modules share is public in one
# of them, or lives in a private module (``_shared.py``) of the package they both belong to,
# which nothing outside that package imports. A leaf module (not a package's ``__init__``)
# exports only what it defines, so that every name is imported from its one home. Files are cut
# where a concept ends, not at a line count; a function stays within 100 lines.

MOST_FUNCTION_LINES = 100


def _package_of(module: str, path: Path) -> str:
    return module if path.name == "__init__.py" else module.rpartition(".")[0]


def _defined(tree: ast.Module) -> set[str]:
    """The names a module defines itself: functions, classes, assigned names (at the top
    level, in any branch of an ``if`` or ``try``)."""
    names: set[str] = set()

    def visit(nodes: Iterable[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
            elif isinstance(node, ast.If | ast.Try | ast.With):
                visit(node.body)
                visit(getattr(node, "orelse", []))
                for handler in getattr(node, "handlers", []):
                    visit(handler.body)

    visit(tree.body)
    return names


def _from_imports(tree: ast.AST) -> Iterator[tuple[int, str, str]]:
    """(line, module, name) of every ``from remikcalc... import name``, anywhere."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.level or node.module is None:
            continue
        if node.module.startswith("remikcalc"):
            yield from ((node.lineno, node.module, alias.name) for alias in node.names)


def private_imports(modules: Mapping[str, Path]) -> list[str]:
    """Imports of another module's private name, and of a private module from outside its
    package (``_`` itself, the translation function, is public by convention)."""
    out = []
    for name, path in modules.items():
        for line, source, imported in _from_imports(_tree(path)):
            if imported.startswith("_") and imported != "_" and not imported.startswith("__"):
                out.append(f"{name}:{line} imports {source}.{imported}")
            private = [i for i, part in enumerate(source.split(".")) if part.startswith("_")]
            if private and source != name:
                package = ".".join(source.split(".")[: private[0]])
                if not _inside(_package_of(name, path), package):
                    out.append(f"{name}:{line} imports the private module {source}")
    return sorted(out)


def re_exports(modules: Mapping[str, Path]) -> list[str]:
    """Names imported from a leaf module that the leaf module does not define (it imported
    them itself), and names in a leaf module's ``__all__`` that it does not define."""
    leaves = {name: path for name, path in modules.items() if path.name != "__init__.py"}
    defined = {name: _defined(_tree(path)) for name, path in leaves.items()}
    out = []
    for name, path in modules.items():
        tree = _tree(path)
        for line, source, imported in _from_imports(tree):
            submodule = f"{source}.{imported}" in modules
            if source in defined and imported not in defined[source] and not submodule:
                out.append(f"{name}:{line} imports {imported} from {source}, not its home")
        if name in defined:
            for node in tree.body:
                targets = node.targets if isinstance(node, ast.Assign) else []
                if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
                    assert isinstance(node, ast.Assign)
                    for listed in ast.literal_eval(node.value):
                        if listed not in defined[name]:
                            out.append(f"{name}: __all__ lists {listed}, defined elsewhere")
    return sorted(out)


def long_functions(root: Path) -> list[tuple[int, str]]:
    """(lines, file:function) of every function over MOST_FUNCTION_LINES below ``root``."""
    functions = []
    for path in sorted(root.rglob("*.py")):
        where = str(path.relative_to(root.parent))
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                if size > MOST_FUNCTION_LINES:
                    functions.append((size, f"{where}:{node.name}"))
    return functions


def test_no_module_imports_another_modules_private_name() -> None:
    assert private_imports(_modules()) == []


def test_every_name_is_imported_from_its_home_and_leaf_modules_export_only_their_own() -> None:
    assert re_exports(_modules()) == []


def test_no_function_over_100_lines() -> None:
    assert long_functions(PACKAGE) == []


def _fake_package(tmp_path: Path, files: Mapping[str, str]) -> dict[str, Path]:
    out = {}
    for module, source in files.items():
        path = tmp_path.joinpath(*module.split("."), "__init__.py")
        if not module.endswith(".pkg"):
            path = tmp_path.joinpath(*module.split(".")).with_suffix(".py")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")
        out[module] = path
    return out


def test_the_concept_checks_find_a_private_name_a_private_module_and_a_re_export(
    tmp_path: Path,
) -> None:
    modules = _fake_package(
        tmp_path,
        {
            "remikcalc.a": "def _helper():\n    pass\nVALUE = 1\n_ = str\n",
            "remikcalc.b": "from remikcalc.a import _helper, VALUE\n__all__ = ['VALUE']\n",
            "remikcalc.c": "from remikcalc.b import VALUE\nfrom remikcalc.pkg._inner import X\n",
            "remikcalc.pkg.pkg": "",
            "remikcalc.pkg._inner": "X = 1\n",
            "remikcalc.pkg.user": "from remikcalc.pkg._inner import X\nfrom remikcalc.a import _\n",
        },
    )
    assert private_imports(modules) == [
        "remikcalc.b:1 imports remikcalc.a._helper",
        "remikcalc.c:2 imports the private module remikcalc.pkg._inner",
    ]
    assert re_exports(modules) == [
        "remikcalc.b: __all__ lists VALUE, defined elsewhere",
        "remikcalc.c:1 imports VALUE from remikcalc.b, not its home",
    ]
