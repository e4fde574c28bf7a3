"""The command line runs a command with the cyclic garbage collector off (a short process:
reference counting frees its objects), freezes what is left at the end (Python's collection at
exit then has nothing to walk), and the two commands that run for as long as they are fed,
``serve`` and ``hand -``, turn the collector back on (remikcalc/__main__.py)."""

from __future__ import annotations

import gc
import signal
import sys
from collections.abc import Iterator

import pytest

import remikcalc.__main__ as entry
import remikcalc.cli
from tests.clirun import run


@pytest.fixture
def collector() -> Iterator[None]:
    """Whatever a test does to the collector (and ``run()`` to the Ctrl-C handler and the
    unraisable hook), the suite's process gets it back as it was."""
    was = gc.isenabled()
    handler, hook = signal.getsignal(signal.SIGINT), sys.unraisablehook
    try:
        yield
    finally:
        gc.unfreeze()
        if was:
            gc.enable()
        else:
            gc.disable()
        signal.signal(signal.SIGINT, handler)
        sys.unraisablehook = hook


def test_a_command_runs_with_the_collector_off_and_leaves_everything_frozen(
    collector: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[bool] = []
    monkeypatch.setattr(remikcalc.cli, "main", lambda: seen.append(gc.isenabled()))
    gc.enable()
    entry.run()
    assert seen == [False]
    assert gc.get_freeze_count() > 0  # what the command left is out of the exit's collection


def test_hand_from_the_standard_input_turns_the_collector_on(collector: None) -> None:
    gc.disable()
    done = run("hand", "-", input="9C 9D 9S\n")
    assert done.exit_code == 0, done.output
    assert gc.isenabled()


def test_hand_of_typed_cards_leaves_it_off(collector: None) -> None:
    gc.disable()
    done = run("hand", "9C", "9D", "9S")
    assert done.exit_code == 0, done.output
    assert not gc.isenabled()


def test_serve_turns_the_collector_on(collector: None) -> None:
    gc.disable()
    done = run("serve", "--host", "no-such-address")  # refused before any server starts
    assert done.exit_code == 2, done.output
    assert gc.isenabled()
