"""The suite speaks English whatever the machine's locale is: the tests that check other
languages (tests/test_i18n*.py) set the language themselves.

Two module or test marks set the environment of a whole test (the commands it runs in-process
inherit it): ``@pytest.mark.columns(N)`` a terminal N columns wide (``COLUMNS``), and
``@pytest.mark.no_locale`` no variable that chooses the language (``REMIKCALC_LANG``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG``), so that only what the test says chooses it.

The fixture ``sheet_file`` writes a score sheet in the test's ``tmp_path`` and gives its path
(tests/sheets.py says how); ``gin_here`` and ``bridge_here`` are two such sheets, ready in the
test's working folder.

``@pytest.mark.slow`` tests (real processes, or seconds of work; ``-m "not slow"`` leaves them
out) run first: under pytest-xdist a long test started last would keep one worker busy while
the others wait.

Hypothesis runs without its per-example deadline: these machines are shared and noisy, so a
slow example says nothing about the code (speed lives in benchmarks/).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from tests.clirun import NO_LOCALE
from tests.sheets import SheetMaker, write_sheet

settings.register_profile("remikcalc", deadline=None)
settings.load_profile("remikcalc")


@pytest.fixture(autouse=True, scope="session")
def english_whatever_the_locale() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("REMIKCALC_LANG", "en")
        patch.delenv("REMIKCALC_SHEET", raising=False)  # no current sheet unless a test sets one
        yield


@pytest.fixture(autouse=True, scope="session")
def processes_compile_once(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Where ``PYTHONDONTWRITEBYTECODE`` is set, every ``remikcalc`` the tests start as a
    process would compile the package's sources again (a fifth of a second each, some hundred
    times a run): the processes keep their byte-code in a temporary folder of the session
    instead (``PYTHONPYCACHEPREFIX``), so still nothing is written beside the sources. What the
    processes do is the same; this process is left as it was started."""
    if not os.environ.get("PYTHONDONTWRITEBYTECODE"):
        yield
        return
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("PYTHONDONTWRITEBYTECODE")
        patch.setenv("PYTHONPYCACHEPREFIX", str(tmp_path_factory.mktemp("pycache")))
        yield


@pytest.fixture(autouse=True)
def environment_of_the_marks(request: pytest.FixtureRequest) -> Iterator[None]:
    columns = request.node.get_closest_marker("columns")
    no_locale = request.node.get_closest_marker("no_locale")
    if columns is None and no_locale is None:
        yield
        return
    with pytest.MonkeyPatch.context() as patch:
        if columns is not None:
            patch.setenv("COLUMNS", str(columns.args[0]))
        if no_locale is not None:
            for name in NO_LOCALE:
                patch.delenv(name, raising=False)
        yield


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first, each group in the order collected."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture
def sheet_file(tmp_path: Path) -> SheetMaker:
    """A score sheet written in the test's folder: ``write_sheet`` of tests/sheets.py."""

    def make(
        name: str = "sheet.yaml",
        variant: str = "gin",
        players: Any = ("Anna", "Boris"),
        **settings: Any,
    ) -> Path:
        return write_sheet(tmp_path, name, variant, players, **settings)

    return make


@pytest.fixture
def gin_here(sheet_file: SheetMaker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``g.yaml`` in the working folder (the test's own): gin for Anna and Boris at 0.10 PLN
    a point, no deals yet; for the commands typed as at a table (``remikcalc add g.yaml``)."""
    monkeypatch.chdir(tmp_path)
    return sheet_file("g.yaml", stake="0.10", currency="PLN")


@pytest.fixture
def bridge_here(sheet_file: SheetMaker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``b.yaml`` in the working folder: remik bridge for Anna, Boris and Carl at 2 PLN a
    stake. Deal 1 (Anna knocks; Boris 60, Carl 101) puts Carl out; event e1 brings him back
    at 60, the highest total still in."""
    monkeypatch.chdir(tmp_path)
    knock = {"closer": "Anna", "scores": {"Anna": 0, "Boris": 60, "Carl": 101}}
    return sheet_file(
        "b.yaml",
        "bridge",
        "Anna,Boris,Carl",
        stake="2",
        currency="PLN",
        deals=[knock, {"reenter": "Carl"}],
    )
