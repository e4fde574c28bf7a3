"""``remikcalc check``: settle worked example files and compare them with their ``expect``."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from remikcalc.base.errors import RemikcalcError, SheetError
from remikcalc.base.i18n import N_, _, in_language, ngettext
from remikcalc.commands.common import output_options
from remikcalc.commands.refusal import for_command_line
from remikcalc.session.check import MISSING, FileReport, Mismatch, check_example, report_json

if TYPE_CHECKING:
    from remikcalc.sheet import Sheet
    from remikcalc.sheet.yamltree import Node

SUFFIXES = (".yaml", ".yml")


def example_files(paths: Iterable[str]) -> list[Path]:
    """The example files named by ``paths``: files as given, folders searched recursively.

    Files found in a folder are sorted; a file named twice is checked once.
    """
    found: list[Path] = []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            found.extend(sorted(_files_under(path)))
        else:
            found.append(path)
    return list(dict.fromkeys(found))


def _files_under(folder: Path) -> Iterator[Path]:
    """The example files in ``folder`` and every folder below it, at any depth: walked with
    a list of folders still to read, not by recursion (``Path.rglob`` and ``os.walk`` recurse
    in Python 3.11, and a tree 1,100 levels deep ended in a RecursionError). Links to folders
    are not followed, as ``rglob`` does not follow them; a folder that cannot be read is
    skipped, as ``rglob`` skips it."""
    import os

    todo = [os.fspath(folder)]
    while todo:
        here = todo.pop()
        try:
            with os.scandir(here) as entries:
                listed = list(entries)
        except OSError:
            continue
        for entry in listed:
            try:
                if entry.is_dir(follow_symlinks=False):
                    todo.append(entry.path)
                elif entry.is_file() and os.path.splitext(entry.name)[1].lower() in SUFFIXES:
                    yield Path(entry.path)
            except OSError:
                continue


def _example_data(sheet: Sheet) -> dict[str, Any]:
    """The parts of a loaded sheet that ``check`` reads besides its deals."""
    return {
        "title": sheet.title,
        "source": sheet.source,
        "variant": sheet.variant,
        "expect": sheet.expect,
    }


def check_file(path: Path, shown: str | None = None) -> FileReport:
    """Load, settle and compare one example file; every failure becomes the report's error.

    The report names the file ``shown`` (the path as given, by default).
    """
    import os

    from remikcalc.render.settlement_json import settle_sheet
    from remikcalc.sheet import load_sheet
    from remikcalc.sheet.evening import example_tree, is_evening_tree
    from remikcalc.sheet.read import sheet_from_tree

    shown = str(path) if shown is None else shown
    try:  # read once: to tell an evening from a sheet, and to read the sheet
        tree: tuple[Node | None] | None = (example_tree(path),)
    except (SheetError, OSError):
        tree = None  # loading it as a sheet says what is wrong
    if tree is not None and is_evening_tree(tree[0]):
        return check_evening(path, shown)
    try:
        sheet = load_sheet(path) if tree is None else sheet_from_tree(tree[0], os.fspath(path))
    except RemikcalcError as exc:
        return FileReport(shown, error=for_command_line(exc))
    except OSError as exc:
        return FileReport(
            shown, error=_("cannot read the file: {why}").format(why=exc.strerror or exc)
        )
    except Exception as exc:  # a bug in remikcalc: report it as this file's failure
        return FileReport(
            shown, error=_("internal error while loading: {error}").format(error=repr(exc))
        )

    return check_example(shown, _example_data(sheet), _guarded(lambda: settle_sheet(sheet)))


def check_evening(path: Path, shown: str | None = None) -> FileReport:
    """An evening file (several sheets, see :mod:`remikcalc.sheet.evening`): settle its
    sheets together and compare with its ``expect``."""
    from remikcalc.render.settlement_json import settle_files
    from remikcalc.sheet.evening import load_evening

    shown = str(path) if shown is None else shown
    try:
        evening = load_evening(path)
    except RemikcalcError as exc:
        return FileReport(shown, error=for_command_line(exc))
    data = {"title": evening.title, "source": evening.source, "expect": evening.expect}

    return check_example(shown, data, _guarded(lambda: settle_files(evening.sheets)))


def _guarded(settle: Callable[[], Mapping[str, Any]]) -> Callable[[], Mapping[str, Any]]:
    """``settle`` with any failure that is not the example's (a bug in remikcalc) turned into
    a ValueError that names it, so the report says so instead of a traceback."""

    def run() -> Mapping[str, Any]:
        try:
            return settle()
        except RemikcalcError as exc:  # the example's own refusal, in the command line's words
            raise exc.retold(for_command_line(exc)) from exc
        except Exception as exc:  # a bug in remikcalc, not in the example
            raise ValueError(
                _("internal error while settling: {error}").format(error=repr(exc))
            ) from exc

    return run


#: the most characters of a value the table shows people (plain and JSON show it all): a
#: value of hundreds of thousands of characters would be thousands of lines of the table
SHOWN_MOST = 300


def _show(value: Any, people: bool = False) -> str:
    if value is MISSING:
        return _("(missing)")
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping | list | tuple):
        from remikcalc.render import to_json

        text = to_json(value, lines=True)
    else:
        text = str(value)
    if people and len(text) > SHOWN_MOST:
        from remikcalc.base.numtext import number_text

        return ngettext(
            "{start}… ({n} character in all)", "{start}… ({n} characters in all)", len(text)
        ).format(start=text[:SHOWN_MOST], n=number_text(len(text)))
    return text


def mismatch_text(m: Mismatch, people: bool = False) -> str:
    """``deals.0.scores.Anna: expected 8, got 12``; for people, a value longer than
    :data:`SHOWN_MOST` characters is cut there."""
    return _("{path}: expected {expected}, got {got}").format(
        path=m.path, expected=_show(m.expected, people), got=_show(m.got, people)
    )


#: a file's result in the table (translated there; plain output writes them as they are)
STATUS = {"error": N_("ERROR"), "ok": N_("ok"), "mismatch": N_("MISMATCH")}


def _status(report: FileReport) -> str:
    if report.error is not None:
        return STATUS["error"]
    return STATUS["ok"] if report.ok else STATUS["mismatch"]


def _details(report: FileReport, people: bool = False) -> list[str]:
    """What went wrong with a file. The example's own faults (no ``expect``) are made in
    English for the JSON report (:func:`remikcalc.session.check.check_example`); for people they are
    translated here, where every other error is already in the language spoken."""
    if report.error is not None:
        return [_(report.error) if people else report.error]
    return [mismatch_text(m, people) for m in report.mismatches]


def _render(reports: list[FileReport], fmt: str) -> Iterator[str]:
    from remikcalc.render import table, to_json

    if fmt == "json":
        yield to_json(report_json(reports))
        return
    if fmt == "plain":
        rows = [(r.path, _status(r), "; ".join(_details(r))) for r in reports]
        yield table(rows, ("file", "result", "differences"), fmt="plain")
        return
    rows = [(r.path, _(_status(r)), "\n".join(_details(r, people=True))) for r in reports]
    yield table(rows, (_("file"), _("result"), _("differences")), whole=(0,))
    failed = sum(1 for r in reports if not r.ok)
    passed = len(reports) - failed
    yield "\n" + _("{passed}, {failed}").format(
        passed=ngettext("{n} passed", "{n} passed", passed).format(n=passed),
        failed=ngettext("{n} failed", "{n} failed", failed).format(n=failed),
    )


def _bundled_reports() -> list[FileReport]:
    """Check the worked examples installed with the package, named as `remikcalc examples`
    lists them (``gin/ru-seed-236.yaml``)."""
    from remikcalc.commands.examples import bundled_root, example_names

    with bundled_root() as root:
        names = example_names(root)
        if not names:
            raise click.ClickException(_("this installation of remikcalc holds no worked examples"))
        return [check_file(root / name, shown=name) for name in names]


@click.command("check")
@click.argument(
    "paths",
    nargs=-1,
    type=click.Path(exists=True, dir_okay=True, file_okay=True, readable=True),
)
@output_options(tables=False)
def check_cmd(paths: tuple[str, ...], fmt: str) -> None:
    """Settle worked example files and compare each with its expect mapping.

    PATHS are example files or folders (searched recursively for *.yaml and *.yml); with no
    PATHS, the worked examples installed with remikcalc are checked (`remikcalc examples`
    lists them). An example is a score sheet with `source:` and `expect:`; every key of
    expect must match the `settle --format json` result (keys left out are not checked,
    numbers compare by value). An evening file lists several sheets under `evening:` and is
    compared with what `settle SHEET SHEET...` gives. Exits 1 if any file differs or cannot
    be settled. The table cuts a value longer than 300 characters; plain and json show it
    whole.

    \b
    Examples:
      remikcalc check
      remikcalc check examples/
      remikcalc check examples/gin/ru-seed-236.yaml --json
    """
    if paths:
        files = example_files(paths)
        if not files:
            raise click.ClickException(
                _("no example files (*.yaml, *.yml) in {paths}").format(paths=", ".join(paths))
            )
    # JSON and plain output are the same in every language: their error and difference
    # texts are made in English (the table shows them in the language spoken)
    with in_language("en") if fmt in ("json", "plain") else contextlib.nullcontext():
        reports = [check_file(path) for path in files] if paths else _bundled_reports()
        texts = list(_render(reports, fmt))
    for text in texts:
        click.echo(text)
    if not all(r.ok for r in reports):
        raise SystemExit(1)
