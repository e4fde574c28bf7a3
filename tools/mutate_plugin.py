"""The pytest side of tools/mutate.py: copied into each scratch copy of the repository and
loaded there with ``-p mutate_plugin``; inert unless tools/mutate.py set its environment.

- ``MUTATE_SELECT=FILE``: run only the tests whose node ids FILE lists, in its order (the
  fastest first, so that ``-x`` stops a killed mutant early);
- ``MUTATE_TRACE_FILES=A:B`` and ``MUTATE_TRACE_OUT=FILE`` (the baseline run): record which
  lines of the mutated files each test executes, how long it took and whether it passed, and
  write that to FILE as JSON. Lines run outside any test (imports, collection) are kept under
  ``<import>``. A Python process that a test starts (the CLI in a subprocess) records its lines
  too, under that test's id, when ``sitecustomize`` calls :func:`trace_child`.

Every run gets one Hypothesis profile: no deadline, no health checks, derandomized, no
database. A loaded machine must not fail a test for slowness (that would count as a kill),
and the same examples must run in the baseline that maps lines to tests and in every mutant.

Standard library only; pytest passes its objects in, typed here as ``Any``.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from types import FrameType
from typing import Any

IMPORT = "<import>"

_current = [IMPORT]
_hits: dict[str, dict[str, set[int]]] = {}
_durations: dict[str, float] = {}
_failed: set[str] = set()
_targets: frozenset[str] = frozenset()


def _local(frame: FrameType, event: str, arg: object) -> Any:
    if event == "line":
        by_file = _hits.setdefault(_current[0], {})
        by_file.setdefault(frame.f_code.co_filename, set()).add(frame.f_lineno)
    return _local


def _global(frame: FrameType, event: str, arg: object) -> Any:
    return _local if frame.f_code.co_filename in _targets else None


def _start_tracing(files: str) -> None:
    global _targets
    _targets = frozenset(os.path.realpath(f) for f in files.split(os.pathsep) if f)
    import threading

    threading.settrace(_global)
    sys.settrace(_global)


def _lines_json() -> dict[str, dict[str, list[int]]]:
    return {
        test: {path: sorted(lines) for path, lines in by_file.items()}
        for test, by_file in _hits.items()
    }


def trace_child() -> None:
    """Record the lines a process started by a test runs (called from ``sitecustomize``)."""
    files = os.environ.get("MUTATE_TRACE_FILES")
    out_dir = os.environ.get("MUTATE_CHILD_DIR")
    test = os.environ.get("MUTATE_TEST")
    if not files or not out_dir or not test:
        return
    _current[0] = test
    _start_tracing(files)
    import atexit

    def write() -> None:
        sys.settrace(None)
        path = os.path.join(out_dir, f"child-{os.getpid()}-{time.monotonic_ns()}.json")
        with open(path, "w", encoding="utf-8") as fh:
            json.dump({"lines": _lines_json()}, fh)

    atexit.register(write)


def pytest_configure(config: Any) -> None:
    try:
        from hypothesis import HealthCheck, settings
    except ImportError:  # pragma: no cover - hypothesis is a test dependency
        pass
    else:
        settings.register_profile(
            "mutate",
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        settings.load_profile("mutate")
    files = os.environ.get("MUTATE_TRACE_FILES")
    if files and os.environ.get("MUTATE_TRACE_OUT"):
        _start_tracing(files)


def pytest_collection_modifyitems(session: Any, config: Any, items: list[Any]) -> None:
    select = os.environ.get("MUTATE_SELECT")
    if not select:
        return
    with open(select, encoding="utf-8") as fh:
        order = {line.rstrip("\n"): i for i, line in enumerate(fh) if line.strip()}
    keep = sorted((it for it in items if it.nodeid in order), key=lambda it: order[it.nodeid])
    dropped = [it for it in items if it.nodeid not in order]
    items[:] = keep
    if dropped:
        config.hook.pytest_deselected(items=dropped)


def pytest_runtest_setup(item: Any) -> None:
    _current[0] = item.nodeid
    os.environ["MUTATE_TEST"] = item.nodeid


def pytest_runtest_logreport(report: Any) -> None:
    _durations[report.nodeid] = _durations.get(report.nodeid, 0.0) + report.duration
    if report.failed:
        _failed.add(report.nodeid)
    if report.when == "teardown":
        _current[0] = IMPORT
        os.environ.pop("MUTATE_TEST", None)


def pytest_sessionfinish(session: Any, exitstatus: int) -> None:
    out = os.environ.get("MUTATE_TRACE_OUT")
    if not out or not os.environ.get("MUTATE_TRACE_FILES"):
        return
    sys.settrace(None)
    import threading

    threading.settrace(None)
    data = {"lines": _lines_json(), "durations": _durations, "failed": sorted(_failed)}
    with open(out, "w", encoding="utf-8") as fh:
        json.dump(data, fh)


# --- the fork server: one per scratch copy, pytest imported once --------------------------------

# imported before any fork: pytest, Hypothesis and the libraries remikcalc uses (never
# remikcalc itself, nor a test module: each child imports those afresh, mutant included)
_PRELOAD = ("hypothesis", "click", "yaml", "tabulate")


def serve() -> None:
    """Run pytest once per request, each time in a forked child of this process.

    Requests are JSON lines on stdin (``args``, ``env``, ``output``, ``timeout``); each answer
    is a JSON line ``{"code": N}`` on stdout, -9 when the child (and every process it started)
    was killed at the timeout. Starting Python and importing pytest, Hypothesis, click, PyYAML
    and tabulate once, rather than once per mutant, saves seconds a mutant on a busy machine.
    """
    import importlib

    import pytest  # noqa: F401

    for name in _PRELOAD:
        try:
            importlib.import_module(name)
        except ImportError:
            continue
    for line in sys.stdin:
        if not line.strip():
            continue
        job = json.loads(line)
        code = _fork_run(job["args"], job["env"], job["output"], float(job["timeout"]))
        sys.stdout.write(json.dumps({"code": code}) + "\n")
        sys.stdout.flush()


def _fork_run(args: list[str], env: dict[str, str], output: str, timeout: float) -> int:
    import signal

    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 3
        try:
            os.setsid()
            null = os.open(os.devnull, os.O_RDONLY)
            os.dup2(null, 0)
            out = os.open(output, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(out, 1)
            os.dup2(out, 2)
            os.environ.clear()
            os.environ.update(env)
            sys.argv = ["pytest", *args]
            # plugins named with -p are imported by pytest itself, so that it can rewrite
            # their asserts: this module is the server's, and would be "already imported"
            sys.modules.pop(__name__, None)
            # nor may Hypothesis's plugin be imported yet (a preloaded library can pull it
            # in): "already imported" is a warning, which the project makes an error
            sys.modules.pop("_hypothesis_pytestplugin", None)
            import pytest

            code = int(pytest.main(args))
        except BaseException:  # noqa: B036 - the child must always exit here
            import traceback

            traceback.print_exc()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    deadline = time.monotonic() + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            code = os.waitstatus_to_exitcode(status)
            break
        if time.monotonic() > deadline:
            code = -9
            break
        time.sleep(0.05)
    with contextlib.suppress(OSError):  # what the tests started and left goes too
        os.killpg(pid, signal.SIGKILL)
    if code == -9:
        os.waitpid(pid, 0)
    return code
