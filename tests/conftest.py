"""The suite speaks English whatever the machine's locale is: the tests that check other
languages (tests/test_i18n*.py) set the language themselves.

Two module or test marks set the environment of a whole test (the commands it runs in-process
inherit it): ``@pytest.mark.columns(N)`` a terminal N columns wide (``COLUMNS``), and
``@pytest.mark.no_locale`` no variable that chooses the language (``REMIKCALC_LANG``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG``), so that only what the test says chooses it.

``@pytest.mark.slow`` tests (real processes, or seconds of work; ``-m "not slow"`` leaves them
out) run first: under pytest-xdist a long test started last would keep one worker busy while
the others wait.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.clirun import NO_LOCALE


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
