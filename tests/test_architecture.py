"""The layers of docs/ARCHITECTURE.md, held against the code's own imports.

Every ``import`` in ``remikcalc/`` is read with :mod:`ast` (also the ones inside functions,
which load lazily but still tie the modules together). The test fails on an import cycle,
counting the imports under ``TYPE_CHECKING`` too (a cycle for the type checker is still two
modules that cannot be understood one without the other), on a third-party library imported
outside the one package that owns it, and on an import that goes from a lower layer up to a
higher one (there the type-only imports are left out: they load nothing).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Mapping
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
    ("remikcalc.games",),
    ("remikcalc.sheet",),
    ("remikcalc.session",),
    ("remikcalc.render",),
    ("remikcalc.cli", "remikcalc.__main__", "remikcalc"),
)

# Third-party libraries and the only package allowed to import each.
OWNERS: dict[str, str] = {
    "click": "remikcalc.cli",
    "yaml": "remikcalc.sheet",
    "tabulate": "remikcalc.render",
}


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


def import_graph(*, type_only: bool = False) -> dict[str, set[str]]:
    """Each remikcalc module -> the remikcalc modules and third-party top names it imports
    (with ``type_only``, also under ``TYPE_CHECKING``)."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets: set[str] = set()
        tree = ast.parse(path.read_text(encoding="utf-8"))
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
                out.append(f"{module} (layer {layer_of(module)}) imports {target} "
                           f"(layer {layer_of(target)})")  # fmt: skip
    return sorted(out)


def misplaced_libraries(graph: Mapping[str, set[str]]) -> list[str]:
    out = []
    for module, targets in graph.items():
        for library, owner in OWNERS.items():
            inside = module == owner or module.startswith(owner + ".")
            if library in targets and not inside:
                out.append(f"{module} imports {library}, which only {owner} may import")
    return sorted(out)


GRAPH = import_graph()  # what loads: the layers and the libraries are checked on it
TYPED_GRAPH = import_graph(type_only=True)  # also what is imported for the type checker


def test_every_module_has_a_layer() -> None:
    assert [m for m in GRAPH if layer_of(m) < 0] == []


def test_no_import_cycle_counting_type_only_imports() -> None:
    assert find_cycle(TYPED_GRAPH) is None


def test_no_import_from_a_lower_layer_to_a_higher_one() -> None:
    assert upward_imports(GRAPH) == []


def test_click_yaml_and_tabulate_stay_in_their_packages() -> None:
    assert misplaced_libraries(GRAPH) == []


# The checks themselves must be able to fail: each is shown a small graph with the fault.


def test_the_cycle_check_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize(
    ("graph", "fault"),
    [
        (
            {"remikcalc.cards.notation": {"remikcalc.games.tally"}},
            "remikcalc.cards.notation (layer 1) imports",
        ),
        ({"remikcalc.session": {"click"}}, "session imports click"),
        ({"remikcalc.games.tally": {"yaml"}}, "tally imports yaml"),
        ({"remikcalc.games.knock": {"tabulate"}}, "knock imports tabulate"),
    ],
)
def test_the_layer_checks_find_a_fault(graph: dict[str, set[str]], fault: str) -> None:
    found = upward_imports(graph) + misplaced_libraries(graph)
    assert any(fault in line for line in found), found


def test_the_reader_sees_imports_inside_functions_and_type_only_ones_when_asked() -> None:
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from remikcalc.games.tally import Tally\n"
        "else:\n    from remikcalc.games import tally\n"
        "def f():\n    from remikcalc.render import table\n"
    )
    names = set(_imports(tree))
    assert {"remikcalc.render", "remikcalc.games"} <= names
    assert "remikcalc.games.tally" in names  # from the else branch: `from remikcalc.games ...`
    assert "remikcalc.games.tally.Tally" not in names
    typed = set(_imports(tree, type_only=True))
    assert {"remikcalc.render", "remikcalc.games.tally.Tally"} <= typed


def test_the_typed_graph_holds_what_the_run_time_one_leaves_out() -> None:
    # remikcalc/__init__.py imports its public names for the type checker only
    assert "remikcalc.cards.notation" not in GRAPH["remikcalc"]
    assert "remikcalc.cards.notation" in TYPED_GRAPH["remikcalc"]
    assert all(GRAPH[m] <= TYPED_GRAPH[m] for m in GRAPH)
