"""Rendering: the only package that imports tabulate (and only to wrap a table's cells).

Everything here turns library results into text: tables for people, JSON for tools.

Output formats (``--format``, declared once in :mod:`remikcalc.commands.common`):

- ``table``: aligned columns for people, fitted to the terminal (:func:`terminal_width`):
  the widest cells are wrapped until the table fits;
- ``plain``: tab-separated values, never wrapped;
- ``csv``: comma-separated values written by the :mod:`csv` module (quoted where needed),
  one header row per table; a command that prints several tables separates them with one
  blank line, and leaves out the sentences around them;
- ``markdown``: pipe tables (GitHub style), never wrapped; ``|`` inside a cell is escaped;
- ``json``: one JSON document (see :func:`to_json`).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # json, csv, decimal and fractions load when used: not for every table
    from decimal import Decimal
    from fractions import Fraction

__all__ = [
    "FORMATS",
    "TABLE_FORMATS",
    "blocks",
    "draw_table",
    "fill",
    "fit_widths",
    "one_full_stop",
    "plural_number",
    "semicolon_csv",
    "table",
    "terminal_width",
    "to_json",
]

#: every ``--format`` a command that prints a table takes
FORMATS = ("table", "plain", "csv", "markdown", "json")
#: the formats drawn by :func:`table`
TABLE_FORMATS = ("table", "plain", "csv", "markdown")
#: a column is never wrapped narrower than this
MIN_COLUMN = 8
#: nor narrower than its longest word, up to this many characters: words break only when
#: longer (a cell of one long token), so a table may stay wider than the terminal
MAX_WORD = 20
_GAP = 2  # tabulate's "simple" format puts two spaces between columns


def _default(obj: Any) -> Any:
    from decimal import Decimal

    if isinstance(obj, Decimal):
        # A raw Decimal keeps the digits it carries ("1.50": rounded to a currency's minor unit,
        # or a stake as typed); amounts meant to be written exactly go through amount_text.
        from remikcalc.base.money import decimal_literal

        return decimal_literal(obj)
    if isinstance(obj, tuple | set | frozenset):
        return list(obj)
    raise TypeError(f"cannot write {type(obj).__name__} as JSON")


def to_json(obj: Any, *, lines: bool = False) -> str:
    """UTF-8 JSON (no ASCII escapes); ``lines=True`` gives one compact line (JSON Lines)."""
    import json

    if lines:
        return json.dumps(obj, ensure_ascii=False, default=_default, separators=(", ", ": "))
    from remikcalc.render.indented import indented

    return indented(obj, _default)  # json.dumps(..., indent=2), written faster


#: a terminal reporting fewer columns than this reports no size (``script``'s pseudo-terminal
#: says 0 x 0): its width is unknown
_TERMINAL_FLOOR = 10


def terminal_width() -> int:
    """The width tables are fitted to: ``COLUMNS`` when it is a positive number, else the
    width of the terminal the output goes to, else 80 (output to a file or a pipe, or a
    terminal that reports a width of 0 or one below 10 columns: no real size).

    As :func:`shutil.get_terminal_size` (``COLUMNS`` wins), but the terminal asked is the
    one ``sys.stdout`` writes to, so output captured or redirected is always 80 wide.
    """
    text = os.environ.get("COLUMNS", "").strip()
    if text.isdigit() and int(text) > 0:
        return max(int(text), 20)
    try:
        if sys.stdout.isatty():
            columns = os.get_terminal_size(sys.stdout.fileno()).columns
            if columns >= _TERMINAL_FLOOR:
                return max(columns, 20)
    except (AttributeError, OSError, ValueError):  # no real file behind sys.stdout
        pass
    return 80


# Text the small renderer below draws exactly as tabulate does: no control character but the
# line feed (no ANSI colours, no carriage return, no tabulate separating-line mark) and none of
# the other characters str.splitlines() breaks lines at.
_UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029]")


def draw_table(
    cells: Sequence[Sequence[str]], heads: Sequence[str], *, markdown: bool = False
) -> str | None:
    """``cells`` under ``heads`` drawn as tabulate draws them with ``disable_numparse=True``
    (``tablefmt="simple"``, or ``"github"`` with ``markdown=True``), without importing it:
    tabulate 0.10 reads its own version from the installed distributions when imported, which
    cost a third of a short command's start-up. None for a table outside what it is checked to
    draw identically (``tests/test_table_renderer.py``): rows of another length than the
    headers (or than each other), or text with control characters other than line feeds.

    Columns are left-aligned, as wide as their widest line (a header's width plus 2), two
    spaces apart (``simple``) or between pipes with one space of padding (``github``);
    cells are stripped of surrounding white space, headers are not; a character is one column
    wide (tabulate's own measure when the optional ``wcwidth`` is not installed).

    >>> print(draw_table([["Anna", "12"], ["Boris", "-3"]], ["player", "net"]))
    player    net
    --------  -----
    Anna      12
    Boris     -3
    """
    ncols = len(heads) if heads else len(cells[0]) if cells else 0
    if ncols == 0 or any(len(r) != ncols for r in cells):
        return None
    texts = [*heads, *(c for r in cells for c in r)]
    if _UNSAFE.search("\n".join(texts)):  # in one text, as none is a line feed
        return None
    multiline = "\n" in "".join(texts)
    if markdown and multiline:
        return None
    rows = [[c.strip() for c in r] for r in cells]
    widths = [_text_width(h) + 2 for h in heads] if heads else [0] * ncols
    for r in rows:
        for i, c in enumerate(r):
            w = _text_width(c)
            if w > widths[i]:
                widths[i] = w
    if markdown:
        pad, sep, begin, end, fill = " ", "|", "|", "|", [w + 2 for w in widths]
    else:
        pad, sep, begin, end, fill = "", "  ", "", "", widths
    rule = (begin + sep.join("-" * w for w in fill) + end).rstrip()
    lines: list[str] = [] if heads else [rule]

    def add_line(row: list[str]) -> None:  # a row of one-line cells, as add() draws it
        line = sep.join(pad + c.ljust(w) + pad for c, w in zip(row, widths, strict=True))
        lines.append((begin + line + end).rstrip())

    def add(row_lines: list[list[str]]) -> None:
        for k in range(max(map(len, row_lines))):
            line = sep.join(
                pad + (cl[k] if k < len(cl) else "").ljust(w) + pad
                for cl, w in zip(row_lines, widths, strict=True)
            )
            lines.append((begin + line + end).rstrip())

    if heads:
        add([h.split("\n") for h in heads])
        lines.append(rule)
    for r in rows:
        if multiline:  # an empty cell has no lines; a row of empty cells has none at all
            add([c.split("\n") if c else [] for c in r])
        else:
            add_line(r)
    if not heads and not markdown:
        lines.append(rule)
    return "\n".join(lines)


def _cell(value: Any) -> str:
    return "" if value is None else str(value)


def _text_width(text: str) -> int:
    if "\n" not in text:  # most cells: one line
        return len(text)
    return max((len(line) for line in text.split("\n")), default=0)


def _longest_word(text: str) -> int:
    return max((len(word) for word in text.split()), default=0)


def fit_widths(
    widths: Sequence[int],
    width: int,
    *,
    gap: int = _GAP,
    floors: Sequence[int] | None = None,
) -> list[int] | None:
    """Column widths that fit ``width`` (columns ``gap`` apart), taken from the widest first
    but none below :data:`MIN_COLUMN` (or its own width), nor below its ``floors`` entry
    (the longest word it holds); None when they fit as they are.

    >>> fit_widths([5, 40, 30], 60)
    [5, 25, 26]
    >>> fit_widths([5, 10], 80) is None
    True
    >>> fit_widths([5, 40, 30], 60, floors=[5, 30, 10])
    [5, 30, 21]
    """
    cols = list(widths)
    if sum(cols) + gap * (len(cols) - 1) <= width:
        return None
    floor = [
        min(w, max(MIN_COLUMN, f)) for w, f in zip(cols, floors or [0] * len(cols), strict=True)
    ]
    excess = sum(cols) + gap * (len(cols) - 1) - width
    # A column at a time, the widest above its floor giving one character (the first of the
    # widest on a tie), in strides: all the widest come down together to the next width met
    # (another column's, or a floor), and what is left of the excess is the first of them.
    while excess > 0:
        free = [i for i in range(len(cols)) if cols[i] > floor[i]]
        if not free:
            break  # as narrow as it goes: the table stays wider than the terminal
        top = max(cols[i] for i in free)
        widest = [i for i in free if cols[i] == top]
        below = max([cols[i] for i in free if cols[i] < top] + [floor[i] for i in widest])
        steps = min(top - below, excess // len(widest))
        if steps == 0:
            for i in widest[:excess]:
                cols[i] -= 1
            break
        for i in widest:
            cols[i] -= steps
        excess -= steps * len(widest)
    return cols


def _csv(rows: list[list[str]], headers: Sequence[str]) -> str:
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if headers:
        writer.writerow(headers)
    writer.writerows(rows)
    return out.getvalue().rstrip("\n")


_DECIMAL = re.compile(r"-?\d+\.\d+")


def semicolon_csv(text: str) -> str:
    r"""CSV (``--format csv``) rewritten for a spreadsheet set to a decimal comma, as Polish
    and Russian ones are (``--format csv-semicolon``): fields separated by ``;``, every number
    with a decimal point written with a comma (``-5.30`` → ``-5,30``); everything else, the
    English headings, the blank line between tables and the currency codes, as in csv.

    >>> print(semicolon_csv('player,net,money,currency\nAnna,1.5,5.30,PLN\n\nfrom,to\n'))
    player;net;money;currency
    Anna;1,5;5,30;PLN
    <BLANKLINE>
    from;to
    <BLANKLINE>
    """
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\n")
    for row in csv.reader(io.StringIO(text)):
        if not row:
            out.write("\n")
            continue
        writer.writerow([c.replace(".", ",") if _DECIMAL.fullmatch(c) else c for c in row])
    return out.getvalue()


def _md_cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _wrap_args(tabulate: Any) -> dict[str, Any]:
    """tabulate's wrapping keeps "elimination-reentry-pool.yaml" whole (its wrapper breaks at
    hyphens by default); a tabulate without the argument breaks as it always did."""
    import inspect

    if "break_on_hyphens" in inspect.signature(tabulate).parameters:
        return {"break_on_hyphens": False}
    return {}


# the white space textwrap replaces by a space or expands (all but the space itself)
_WRAP_SPACE = re.compile("[\t\n\x0b\x0c\r]")


def fill(text: str, width: int | None = None, *, indent: str = "", hang: str = "  ") -> str:
    """A sentence for people wrapped to ``width`` (default :func:`terminal_width`) at spaces,
    its first line after ``indent``, the others after ``hang``; a word longer than the width
    stays whole.

    >>> print(fill("Boris pays Anna 23.60 PLN", 16, indent="  ", hang="    "))
      Boris pays
        Anna 23.60
        PLN
    """
    limit = terminal_width() if width is None else width
    if (
        text
        and len(indent) + len(text) <= limit
        and text == text.strip()  # textwrap drops a line's white space at its ends
        and not _WRAP_SPACE.search(text)
    ):  # one line, as textwrap would give it, without sending it through textwrap
        return indent + text
    import textwrap

    return textwrap.fill(
        text,
        limit,
        initial_indent=indent,
        subsequent_indent=hang,
        break_long_words=False,
        break_on_hyphens=False,
    )


def blocks(
    rows: Sequence[Sequence[str]],
    headers: Sequence[str],
    width: int,
    *,
    lead: int = 1,
    inline_from: int | None = None,
) -> str:
    """A table too wide for the terminal (a phone's 40 columns) as one block per row: the
    row's first ``lead`` cells head it, then each other cell on a line of its own,
    ``  heading: value`` (wrapped, a cell's own lines kept under each other), left out where
    it is empty or ``-``; the cells from ``inline_from`` on share one line, ``heading value``
    each, comma-separated (``show``'s totals after a deal).

    >>> print(blocks([["Anna", "9C 9D 9H", "-", "2"]], ["player", "melds", "laid off", "count"],
    ...              40))
    Anna
      melds: 9C 9D 9H
      count: 2
    >>> print(blocks([["1", "Anna knocked", "Anna +12", "12", "0"]],
    ...              ["#", "deal", "scores", "Anna", "Boris"], 40, lead=2, inline_from=3))
    1  Anna knocked
      scores: Anna +12
      Anna 12, Boris 0
    """
    import textwrap

    heads = [h.replace("\n", " ") for h in headers]
    out: list[str] = []
    end = len(heads) if inline_from is None else inline_from
    for row in rows:
        cells = [c.strip() for c in row]
        head = "  ".join(c for c in cells[:lead] if c)
        out.append(fill(head, width, hang="  ") if head else "")
        for h, c in zip(heads[lead:end], cells[lead:end], strict=False):
            if c in ("", "-"):
                continue
            label = f"  {h}: "
            pad = " " * (len(label) if len(label) <= width // 2 else 4)
            lines: list[str] = []
            for k, part in enumerate(c.split("\n")):
                first = label if k == 0 else pad
                lines += textwrap.wrap(
                    part,
                    width,
                    initial_indent=first,
                    subsequent_indent=pad,
                    break_long_words=False,
                    break_on_hyphens=False,
                )
            out += lines
        if inline_from is not None:
            pairs = zip(heads[inline_from:], cells[inline_from:], strict=False)
            together = [f"{h} {c}" for h, c in pairs if c]
            if together:
                out.append(fill(", ".join(together), width, indent="  ", hang="    "))
    return "\n".join(line for line in out if line)


def table(
    rows: Iterable[Sequence[Any]],
    headers: Sequence[str] = (),
    *,
    fmt: str = "table",
    width: int | None = None,
    lead: int = 1,
    inline_from: int | None = None,
    whole: Sequence[int] = (),
    as_blocks: bool = True,
) -> str:
    """One table in ``fmt`` (see the module's docstring): ``table`` for people, fitted to
    ``width`` (default :func:`terminal_width`), ``plain`` tab-separated, ``csv``, or a
    ``markdown`` pipe table.

    A ``table`` that does not fit even with its cells wrapped (a phone's 40 columns) is drawn
    as :func:`blocks`, one per row (``lead`` and ``inline_from`` say how), or, with
    ``as_blocks=False``, left as wide as it is (for a caller with another way to fit it).
    The columns in ``whole`` (file names) never break inside a word, however long; no cell
    breaks at a hyphen.

    >>> print(table([["Anna", "9C | 9D"]], ["player", "melds"], fmt="markdown"))
    | player   | melds    |
    |----------|----------|
    | Anna     | 9C \\| 9D |
    >>> print(table([["Anna", "a, b"]], ["player", "note"], fmt="csv"))
    player,note
    Anna,"a, b"
    """
    cells = [[_cell(c) for c in r] for r in rows]
    heads = [str(h) for h in headers]
    if fmt == "plain":
        lines = ["\t".join(heads)] if heads else []
        lines += ["\t".join(r) for r in cells]
        return "\n".join(lines)
    if fmt == "csv":
        return _csv(cells, heads)
    if fmt == "markdown":
        md_cells = [[_md_cell(c) for c in r] for r in cells]
        md_heads = [_md_cell(h) for h in heads]
        drawn = draw_table(md_cells, md_heads, markdown=True)
        if drawn is not None:
            return drawn
        from tabulate import tabulate

        return tabulate(md_cells, headers=md_heads, tablefmt="github", disable_numparse=True)
    if fmt != "table":
        raise ValueError(f"no table format {fmt!r}")
    ncols = max([len(heads), *(len(r) for r in cells)], default=0)
    natural = [
        max(
            [_text_width(heads[i]) + _GAP if i < len(heads) else 0]
            + [_text_width(r[i]) for r in cells if i < len(r)]
        )
        for i in range(ncols)
    ]
    limit = terminal_width() if width is None else width
    if sum(natural) + _GAP * (ncols - 1) <= limit:  # fits as it is: drawn once
        drawn = draw_table(cells, heads)
        if drawn is not None:
            return drawn
        from tabulate import tabulate

        return tabulate(cells, headers=heads, tablefmt="simple", disable_numparse=True)
    text = _wrapped_table(cells, heads, natural, limit, whole)
    if _text_width(text) > limit and heads and as_blocks:  # still too wide: a block per row
        return blocks(cells, heads, limit, lead=lead, inline_from=inline_from)
    return text


def _wrapped_table(
    cells: list[list[str]], heads: list[str], natural: list[int], limit: int, whole: Sequence[int]
) -> str:
    """A ``table`` too wide for ``limit`` columns, its cells wrapped to fit as well as they go
    (``natural``: each column's width unwrapped; the columns in ``whole`` keep their words)."""
    ncols = len(natural)
    # too wide: a column keeps its longest word whole (up to MAX_WORD), lines break between
    # words
    words = [
        min(
            10**9 if i in whole else MAX_WORD,
            max(
                [_longest_word(heads[i]) if i < len(heads) else 0]
                + [_longest_word(r[i]) for r in cells if i < len(r)]
            ),
        )
        for i in range(ncols)
    ]
    fitted = fit_widths(natural, limit, floors=words) or natural
    from tabulate import tabulate  # wrapping cells: tabulate's own text wrapper

    wrap: dict[str, Any] = _wrap_args(tabulate)

    text = ""
    for _ in range(8):  # tabulate pads and wraps on its own terms: measure, narrow again
        text = tabulate(
            cells,
            headers=heads,
            tablefmt="simple",
            disable_numparse=True,
            maxcolwidths=list(fitted),
            maxheadercolwidths=list(fitted),
            **wrap,
        )
        over = _text_width(text) - limit
        if over <= 0:
            break
        narrower = fit_widths(fitted, sum(fitted) + _GAP * (ncols - 1) - over, floors=words)
        if narrower is None or narrower == fitted:
            break  # as narrow as the columns go
        fitted = narrower
    return text


_DOUBLE_STOP = re.compile(r"(?<!\.)\.\.$", re.M)


def one_full_stop(text: str) -> str:
    """A sentence that ends with a name ending in a full stop ("Gleb K.") ends with one full
    stop, not two; each line of ``text`` alike (an ellipsis stays as it is).

    >>> one_full_stop("Game finished, winner Gleb K.."), one_full_stop("Wait...")
    ('Game finished, winner Gleb K.', 'Wait...')
    """
    return _DOUBLE_STOP.sub(".", text) if ".." in text else text


def plural_number(value: Fraction | Decimal | int) -> int:
    """The number that chooses a message's plural form for an amount: the whole number
    itself, or 2 for a fraction (Polish and Russian put a counted noun after a fraction in the
    genitive singular, the form they use after 2: "2,5 stawki", "2,5 ставки").

    >>> from decimal import Decimal
    >>> from fractions import Fraction
    >>> plural_number(Decimal("5")), plural_number(Fraction(5, 2)), plural_number(-1)
    (5, 2, 1)
    """
    whole = int(value)
    return abs(whole) if value == whole else 2
