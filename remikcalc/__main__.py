"""``python -m remikcalc``, and the ``remikcalc`` script's entry point :func:`run`.

Ctrl-C while the modules load ends with one line, not a traceback: nothing was written yet.
``remikcalc/__init__.py`` holds a Ctrl-C that arrives while the package loads; it is
reported here.
"""

import gc
import signal
import sys


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
    sys.unraisablehook = _unraisable
    import remikcalc

    gc.disable()  # loading makes objects that all live on: collecting them is wasted time
    try:
        from remikcalc.cli.main import main
    except KeyboardInterrupt:
        _interrupted()
    finally:
        gc.freeze()  # later collections skip what was loaded
        gc.enable()
    try:
        held = remikcalc._held
        signal.signal(signal.SIGINT, signal.default_int_handler)
        if held:
            _interrupted()
        main()
    except KeyboardInterrupt:  # between the two handlers: nothing was written
        _interrupted()


if __name__ == "__main__":
    run()
