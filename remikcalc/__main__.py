"""``python -m remikcalc``, and the ``remikcalc`` script's entry point :func:`run`.

Ctrl-C while the modules load ends with one line, not a traceback: nothing was written yet.
The cyclic garbage collector is off while a command runs (see :func:`run`).
The command holds a Ctrl-C from its first line (this module's, run as ``python -m
remikcalc``; :func:`run`'s, called by the script) until the command line is loaded, then
reports it. The package itself (``import remikcalc``) installs no signal handler: a library
must leave the process's handlers alone.
"""

import gc
import sys

try:  # loading the signal module loads enum: a Ctrl-C can land in it, before any handler
    import signal
except KeyboardInterrupt:
    sys.stderr.write("interrupted; nothing was changed\n")
    sys.exit(130)

_held: list[int] = []  # the Ctrl-C that came while the modules loaded


def _hold(signum: int, _frame: object) -> None:
    _held.append(signum)


if __name__ == "__main__":  # python -m remikcalc: from the first line run after the package
    signal.signal(signal.SIGINT, _hold)


def _interrupted() -> None:
    try:  # the language is chosen by the time main() runs; while loading, English
        from remikcalc.base.i18n import _

        line = _("interrupted; nothing was changed")
    except BaseException:  # noqa: BLE001 - a second Ctrl-C, or i18n not loaded: English
        line = "interrupted; nothing was changed"
    sys.stderr.write(line + "\n")
    sys.exit(130)


def _unraisable(hook: "sys.UnraisableHookArgs") -> None:
    """Ctrl-C inside an import's clean-up callback cannot be raised, and Python would print
    it as a traceback: it is dropped instead (the command goes on, or was interrupted)."""
    if not isinstance(hook.exc_value, KeyboardInterrupt):
        sys.__unraisablehook__(hook)


def run() -> None:
    """Load the command line and run it."""
    signal.signal(signal.SIGINT, _hold)  # the script: from here (python -m: held already)
    sys.unraisablehook = _unraisable
    gc.disable()  # loading makes objects that all live on: collecting them is wasted time
    try:
        from remikcalc.cli import main
    except KeyboardInterrupt:
        _interrupted()
    finally:
        gc.freeze()  # later collections skip what was loaded
    # The cyclic collector stays off while the command runs: a command is one short process
    # whose objects (a sheet read and replayed, up to a million of them) reference counting
    # frees, and the collector walking them over and over was a third of a write to a 1 MiB
    # sheet, for the same peak memory (benchmarks/README.md). The commands that run for as
    # long as they are fed turn it back on: `serve` and `hand -`.
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        if _held:
            _interrupted()
        main()
    except KeyboardInterrupt:  # between the two handlers: nothing was written
        _interrupted()
    finally:
        # the command is done and the process ends: what it still holds (the search's
        # tables, the sheet, the replay) needs no collecting, and Python's collection at
        # exit would walk all of it
        gc.freeze()


if __name__ == "__main__":
    run()
