"""Saving a sheet from a command, and telling the truth about Ctrl-C.

The moment of commit is the atomic ``os.replace`` inside
:func:`remikcalc.sheet.files.save_text`; :class:`Save` remembers the text before and after, so
an interrupt on either side of it is reported as what it left in the file.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import Any

import click

from remikcalc.base.i18n import _


def caused_by_interrupt(exc: BaseException) -> bool:
    """Whether ``exc`` is Ctrl-C, or an error Python raised because of one.

    A Ctrl-C that lands while a class is being created (a lazily imported module) comes
    out as a ``RuntimeError`` whose cause is the ``KeyboardInterrupt``.
    """
    seen: BaseException | None = exc
    for _attempt in range(10):
        if seen is None:
            return False
        if isinstance(seen, KeyboardInterrupt):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def ignore_interrupts() -> None:
    import signal

    with contextlib.suppress(ValueError):  # not the main thread (tests): nothing to do
        signal.signal(signal.SIGINT, signal.SIG_IGN)


class Interrupted(click.ClickException):
    """Ctrl-C, reported with what it left in the file (exit 130, as a shell does)."""

    exit_code = 130

    def show(self, file: Any = None) -> None:
        click.echo(self.format_message(), err=True)


class Save:
    """What a writing command has done to FILE, so that Ctrl-C is reported truthfully.

    The library's write fills :attr:`commit` (pass it as ``commit=``): the moment of commit
    is the atomic ``os.replace``, before it the file holds ``before``, after it ``after``. On
    Ctrl-C the file itself is compared with both (``done`` covers a later writer), and the
    message says which it holds. An interrupt after the save exits 130 too, with a message
    saying what was saved; so does one while the result is printed (:meth:`reported`).
    """

    def __init__(self, file: str, what: str | None = None) -> None:
        from remikcalc.sheet.files import Commit

        self.file = file
        self.what = _("the deal") if what is None else what  # shown as given: pass it translated
        self.commit = Commit()

    def saved(self) -> bool | None:
        """True: the new text is in the file; False: it is not; None: cannot tell."""
        commit = self.commit
        if commit.done:
            return True
        if commit.after is None:
            return False
        try:
            with open(self.file, "rb") as fh:
                now = fh.read().decode("utf-8", "replace")
        except FileNotFoundError:  # `new` interrupted before the file existed
            return False if commit.before is None else None
        except OSError:
            return None
        if now == commit.after:
            return True
        return False if now == commit.before else None

    @contextlib.contextmanager
    def guard(self) -> Any:
        try:
            yield
        except BaseException as exc:
            if not caused_by_interrupt(exc) or isinstance(exc, click.ClickException | SystemExit):
                raise
            saved = self.saved()
            if saved:
                message = _("interrupted after saving: {what} is in {file}")
            elif saved is None:
                message = _("interrupted while saving; check {file} with remikcalc show")
            else:
                message = _("interrupted; {file} is unchanged")
            message = message.format(what=self.what, file=self.file)
            raise Interrupted(message) from None

    @contextlib.contextmanager
    def reported(self, failed: Callable[[str], str] | None = None) -> Iterator[None]:
        """Printing the result of a save that is done: output that cannot be written (a full
        disk, a closed terminal) is said in one line that also says the change is saved
        (``failed(error)`` gives it), never a traceback; then a late Ctrl-C is ignored, so
        that a command which did its work and said so exits 0."""
        from remikcalc.commands.console import OutputError, discard_output

        try:
            yield
            if sys.stdout is not None:  # what is still buffered is part of the output too
                sys.stdout.flush()
        except (BrokenPipeError, KeyboardInterrupt):
            raise
        except Exception as exc:
            if isinstance(exc, OutputError):
                discard_output()
                error = exc.reason
            else:  # a bug of ours while printing: the save is done all the same
                error = f"{type(exc).__name__}: {exc}"
            if failed is not None:
                message = failed(error)
            else:
                message = _("{what} is saved in {file}; cannot write the output: {error}")
                message = message.format(what=self.what, file=self.file, error=error)
            raise click.ClickException(message) from None
        ignore_interrupts()  # done and said: a late Ctrl-C must not turn exit 0 into 1
