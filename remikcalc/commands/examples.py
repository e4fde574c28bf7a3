"""``remikcalc examples``: the worked examples that ship inside the package.

The example files live in ``remikcalc/examples/<variant>/*.yaml`` (package data, so a wheel
or an sdist carries them). :func:`bundled_root` finds them through :mod:`importlib.resources`;
``remikcalc check`` with no path checks them, and ``remikcalc examples DIR`` copies them out
so that a player can read them, change them and check them again.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path
from typing import Any

import click

from remikcalc.base.errors import RemikcalcError
from remikcalc.base.i18n import _, in_language, ngettext
from remikcalc.commands.common import output_options

SUFFIXES = (".yaml", ".yml")
PACKAGE_FOLDER = "examples"


def _walk(node: Traversable, prefix: str = "") -> Iterator[tuple[str, Traversable]]:
    """Every file under ``node`` as (``gin/ru-seed-236.yaml``, the file), sorted by name."""
    for child in sorted(node.iterdir(), key=lambda c: c.name):
        name = f"{prefix}{child.name}"
        if child.is_dir():
            if child.name != "__pycache__":
                yield from _walk(child, name + "/")
        elif child.is_file():
            yield name, child


@contextlib.contextmanager
def bundled_root() -> Iterator[Path]:
    """The folder of the bundled examples, as a real path for as long as the block runs.

    An ordinary install has them on disk, and that folder is given as it is. A package
    imported from a zip file has no folder: its examples are copied to a temporary one.
    """
    root = resources.files("remikcalc") / PACKAGE_FOLDER
    if not root.is_dir():
        raise click.ClickException(
            _(
                "the worked examples are not in this installation of remikcalc; "
                "reinstall it with `pip install --force-reinstall remikcalc`"
            )
        )
    if isinstance(root, Path):
        yield root
        return
    with tempfile.TemporaryDirectory(prefix="remikcalc-examples-") as tmp:  # pragma: no cover
        for name, item in _walk(root):
            target = Path(tmp, *name.split("/"))
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(item.read_bytes())
        yield Path(tmp)


def example_names(root: Path) -> list[str]:
    """The example files under ``root``, as paths relative to it with ``/`` (sorted)."""
    return sorted(
        p.relative_to(root).as_posix()
        for p in root.rglob("*")
        if p.is_file() and p.suffix.lower() in SUFFIXES
    )


def _record(root: Path, name: str) -> dict[str, Any]:
    """What the listing says about one example; a file that does not load says why."""
    from remikcalc.sheet import load_sheet
    from remikcalc.sheet.evening import is_evening, load_evening

    try:
        if is_evening(root / name):  # several sheets settled together: no variant of its own
            evening = load_evening(root / name)
            return {
                "name": name,
                "variant": "evening",
                "preset": None,
                "title": evening.title,
                "source": evening.source,
            }
        sheet = load_sheet(root / name)
    except (RemikcalcError, OSError) as exc:
        return {
            "name": name,
            "variant": None,
            "preset": None,
            "title": None,
            "source": None,
            "error": _error_text(exc),
        }
    return {
        "name": name,
        "variant": sheet.variant,
        "preset": sheet.preset,
        "title": sheet.title,
        "source": sheet.source,
    }


def _listing(records: list[dict[str, Any]], fmt: str) -> str:
    from remikcalc.render import fill, table, terminal_width, to_json

    if fmt == "json":
        return to_json({"schema": "remikcalc.examples/1", "examples": records})
    rows = [
        [
            r["name"],
            (r["variant"] + (f" ({r['preset']})" if r["preset"] else "")) if r["variant"] else "-",
            " ".join(str(r["source"] or r.get("error") or "").split()),
        ]
        for r in records
    ]
    if fmt in ("plain", "csv"):  # for programs: English, whole, without the sentence below
        return table(rows, ("example", "variant", "source"), fmt=fmt)
    headers = (_("example"), _("variant"), _("source"))
    if fmt == "table":
        # the source is cut to what the terminal has room for (every other format gives it
        # whole: markdown, csv and plain are never cut or wrapped)
        room = terminal_width() - 4
        # the names stay whole; a variant with its preset wraps at its space if need be, the
        # widest column giving way first (render.fit_widths): then the two share the room
        room -= max(len(r[0]) for r in rows) if rows else 0
        variant = max(len(r[1]) for r in rows) if rows else 0
        room = room - variant if room - variant >= 12 else room // 2
        if room < 12:  # a block per example (a phone): the source has a line of its own
            room = terminal_width() - len(_("source")) - 4
        for row, source in zip(rows, _distinct([r[2] for r in rows]), strict=True):
            row[2] = _cut(source, max(room, 12))
    text = table(rows, headers, fmt=fmt, whole=(0,))
    return (
        text
        + "\n\n"
        + (fill if fmt == "table" else str)(
            ngettext(
                "{n} worked example. Check them all with `remikcalc check`; "
                "copy them out with `remikcalc examples DIR`.",
                "{n} worked examples. Check them all with `remikcalc check`; "
                "copy them out with `remikcalc examples DIR`.",
                len(records),
            ).format(n=len(records))
        )
    )


def _distinct(sources: list[str]) -> list[str]:
    """Each source without the words it begins with in common with another (``Derived by hand
    from docs/RULES.md §3 (``), so that a cut source still tells the rows apart: ``…elimination at
    100; ...``. A source sharing fewer than three leading words is kept whole.

    >>> _distinct(["Derived by hand from §1 (gin 20)", "Derived by hand from §1 (box 25)", "s"])
    ['…(gin 20)', '…(box 25)', 's']
    """
    words = [text.split() for text in sources]
    out = []
    for i, own in enumerate(words):
        shared = 0
        for j, other in enumerate(words):
            if j == i:
                continue
            k = 0
            while k < min(len(own), len(other)) - 1 and own[k] == other[k]:
                k += 1
            shared = max(shared, k)
        opening = [k for k in range(shared) if own[k].startswith("(")]
        if opening:  # never inside a bracket: from its start
            shared = opening[-1]
        out.append("…" + " ".join(own[shared:]) if shared >= 3 else sources[i])
    return out


def _cut(text: str, width: int) -> str:
    """``text`` on one line of at most ``width`` characters, ending in … when cut."""
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def copy_examples(root: Path, target: Path, *, force: bool) -> list[str]:
    """Copy every bundled file (the examples and their README) into ``target``.

    Nothing is written if any file would be overwritten without ``force``: the error names
    the files that are in the way.
    """
    if target.exists() and not target.is_dir():
        raise click.ClickException(
            _("{target} exists and is not a folder; name a folder to copy into").format(
                target=target
            )
        )
    names = [name for name, _node in _walk(root) if not name.endswith((".pyc", ".pyo"))]
    if not force:
        existing = [n for n in names if os.path.lexists(target / n)]
        if existing:
            shown = ", ".join(existing[:3])
            if len(existing) > 3:
                more = len(existing) - 3
                shown = ngettext("{files} and {n} more", "{files} and {n} more", more).format(
                    files=shown, n=more
                )
            raise click.ClickException(
                _(
                    "{target} already holds {files}; use --force to overwrite, or name another "
                    "folder"
                ).format(target=target, files=shown)
            )
    for name in names:
        dest = target / name
        try:
            dest.parent.mkdir(parents=True, exist_ok=True)
            if dest.is_symlink():
                dest.unlink()  # --force replaces the link itself, never the file it points to
            shutil.copyfile(root / name, dest)
        except OSError as exc:
            raise click.ClickException(
                _("cannot write {dest}: {why}").format(dest=dest, why=exc.strerror or exc)
            ) from None
    return names


@click.command("examples")
@click.argument("folder", required=False, metavar="[DIR]", type=click.Path(file_okay=False))
@click.option("--force", is_flag=True, help="Overwrite files of the same name in DIR.")
@output_options
def examples_cmd(folder: str | None, force: bool, fmt: str) -> None:
    """List the worked examples that ship with remikcalc, or copy them into DIR.

    Without DIR: one line per example (its name, variant and where it comes from). With DIR:
    copies every example, and the README that indexes them, into DIR (created if missing);
    files already there are left alone unless --force is given. `remikcalc check` with no
    path checks the same files where they are installed.

    \b
    Examples:
      remikcalc examples
      remikcalc examples --json
      remikcalc examples my-examples
      remikcalc check my-examples
    """
    with bundled_root() as root:
        if folder is None:
            # JSON and plain are the same in every language: a file's error in English
            with in_language("en") if fmt in ("json", "plain", "csv") else contextlib.nullcontext():
                records = [_record(root, name) for name in example_names(root)]
            click.echo(_listing(records, fmt))
            return
        target = Path(folder)
        names = copy_examples(root, target, force=force)
    copied = [n for n in names if n.endswith(SUFFIXES)]
    if fmt == "json":
        from remikcalc.render import to_json

        click.echo(to_json({"folder": str(target), "files": names}))
        return
    click.echo(
        ngettext(
            "Copied {n} worked example and their README into {target}.",
            "Copied {n} worked examples and their README into {target}.",
            len(copied),
        ).format(n=len(copied), target=target)
    )
    click.echo(_("Check them with: remikcalc check {target}").format(target=target))


def _error_text(exc: Exception) -> str:
    """A refusal as the command line says it; any other error as Python does."""
    if isinstance(exc, RemikcalcError):
        from remikcalc.commands.refusal import for_command_line

        return for_command_line(exc)
    return str(exc)
