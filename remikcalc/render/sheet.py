"""Rendering a score sheet: the running table, sparklines, and a chart (PNG, SVG or PDF).

Input is a replayed sheet (:class:`remikcalc.session.Replay`); the settlement and the pool are
rendered by :mod:`remikcalc.render.settlement`.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal

from remikcalc.base.i18n import N_, _, ngettext
from remikcalc.base.money import amount_text
from remikcalc.base.numtext import number_text, signed_text
from remikcalc.render import plural_number, table, terminal_width, to_json
from remikcalc.render.deal import outcome_text
from remikcalc.rules.variant_words import variant_word
from remikcalc.scoring.result import DealResult
from remikcalc.scoring.tally import Reentry, Tally
from remikcalc.scoring.why import reason_text
from remikcalc.session import DealEntry, Replay, Step
from remikcalc.session.replay import deal_numbers, event_numbers

__all__ = [
    "SHEET_SCHEMA",
    "StatusKind",
    "StatusLine",
    "chart_png",
    "dealer_line",
    "entry_text",
    "progression",
    "render_added",
    "render_sheet",
    "sheet_json",
    "sparkline",
    "status_lines",
    "step_label",
    "totals_line",
]

SHEET_SCHEMA = "remikcalc.sheet/1"
BARS = "▁▂▃▄▅▆▇█"
#: the sparkline levels for a console that cannot show ``BARS`` (a Windows code page, ASCII)
ASCII_BARS = "_.-=#"
SPARK_WIDTH = 60


def sparkline(
    values: Sequence[int], low: int | None = None, high: int | None = None, bars: str = BARS
) -> str:
    """One bar per value, scaled between ``low`` and ``high`` (default: the values' own range).

    >>> sparkline([0, 25, 50, 75, 100]), sparkline([0, 25, 50, 75, 100], bars=ASCII_BARS)
    ('▁▃▅▆█', '_.-=#')
    """
    if not values:
        return ""
    lo = min(values) if low is None else low
    hi = max(values) if high is None else high
    if hi <= lo:
        return bars[0] * len(values)
    top = len(bars) - 1
    # integer rounding: (v - lo) * top / (hi - lo), half up
    return "".join(bars[((v - lo) * top * 2 + (hi - lo)) // ((hi - lo) * 2)] for v in values)


def progression(state: Replay) -> dict[str, list[int]]:
    """Each player's total after every entry (starting from 0)."""
    series: dict[str, list[int]] = {p: [0] for p in state.sheet.players}
    for step in state.steps:
        for p in series:
            series[p].append(step.totals.get(p, series[p][-1]))
    return series


def _same(message: str) -> str:
    return message


def _signed(value: int, people: bool) -> str:
    """A deal's score with its sign (``+25``, ``-12``), for people in their notation."""
    if not people:
        return f"{value:+d}"
    return signed_text(value)


def scores_text(step: Step, *, people: bool = True) -> str:
    """The entry's scores: "Anna +25, Boris -25"; a re-entry's payment into the pool. For
    people in their language, or in English with plain numbers (``people=False``: plain,
    csv)."""
    tr = _ if people else _same
    if isinstance(step.result, Reentry):
        paid = sum((p.amount for p in step.result.payments), Decimal(0))
        amount = number_text(paid) if people else amount_text(paid)
        return tr(N_("pays {amount} to the pool, restarts at {restart}")).format(
            amount=amount, restart=step.result.restart
        )
    parts = [f"{p} {_signed(s, people)}" for p, s in step.result.scores.items() if s]
    return ", ".join(parts) or tr(N_("no score"))


def entry_text(step: Step, *, translated: bool = True) -> str:
    """The entry in words: "Piotr undercuts Ola", "Zosia went out in one go", "Carl
    re-enters" (see :func:`remikcalc.render.deal.outcome_text`); in English when not
    ``translated`` (JSON, plain, csv)."""
    tr = _ if translated else _same
    result = step.result
    if isinstance(result, Reentry):
        return tr(N_("{name} re-enters")).format(name=result.player)
    assert isinstance(step.entry, DealEntry)
    return outcome_text(result, translated=translated)


def step_label(state: Replay, step: Step) -> str:
    """ "Deal 3" or, for an event, "Event e1" (as ``add`` and ``edit`` head what they
    entered, and as ``edit`` and ``delete`` address it)."""
    number = deal_numbers(state.steps).get(step.n)
    if number is None:
        return _("Event e{n}").format(n=event_numbers(state.steps)[step.n])
    return _("Deal {n}").format(n=number)


def _game_starts(state: Replay) -> set[int]:
    """Entry numbers that start a new game (after the first): the steps say which game."""
    steps = state.steps
    return {b.n for a, b in zip(steps, steps[1:], strict=False) if b.game != a.game}


def sheet_json(state: Replay) -> dict[str, Any]:
    """The running sheet as data (``show --format json``)."""
    tally = state.tally
    rows = []
    numbers = deal_numbers(state.steps)
    hollywood = bool(tally.columns())
    columns = tally.column_history()  # Hollywood: every column's totals after each entry
    for i, step in enumerate(state.steps):
        row: dict[str, Any] = {"n": step.n, "entry": entry_text(step, translated=False)}
        if step.n in numbers:
            row["deal"] = numbers[step.n]
        if isinstance(step.result, Reentry):
            row.update(outcome="reenter", event=True, player=step.result.player)
        else:
            row.update(
                outcome=step.result.outcome,
                closer=step.result.closer,
                winner=step.result.winner,
                scores=dict(step.result.scores),
            )
        row["totals"] = dict(step.totals)
        row["game"] = step.game
        if hollywood:
            row["columns"] = columns[i]
        if step.out:
            row["out"] = list(step.out)
        rows.append(row)
    series = progression(state)
    data: dict[str, Any] = {
        "schema": SHEET_SCHEMA,
        "variant": str(state.rules.variant),
        "players": list(state.sheet.players),
        "title": state.sheet.title,
        "rows": rows,
        "totals": dict(tally.totals),
        "finished": tally.finished,
        "winner": tally.winner,
        "left": tally.left(),
        "progression": series,
        "dealer": state.next_dealer(),
    }
    if tally.eliminates:
        data["out"] = list(tally.eliminated())
    if tally.has_pool:
        data["pool"] = amount_text(tally.pool())
    games = tally.sheet_games()
    if games is not None:
        data["columns" if hollywood else "games"] = [
            {"totals": dict(g.totals), "hands_won": dict(g.hands_won), "winner": g.winner}
            for g in games
        ]
    return data


def note_text(tally: Tally) -> str | None:
    """:meth:`~remikcalc.scoring.tally.Tally.note` (a tie at the top past the target, which plays
    on) in the language spoken."""
    note = tally.note()
    return None if note is None else reason_text(note)


def dealer_line(state: Replay) -> str | None:
    """Who deals the next deal, in the language spoken: "Next to deal: Boris" (remik bridge:
    "... (takes 11 cards)", the dealer's extra card); None when that is not known."""
    dealer = state.next_dealer()
    if dealer is None:
        return None
    extra = state.rules.spec.dealer_extra_cards
    if not extra:
        return _("Next to deal: {player}").format(player=dealer)
    cards = state.rules.hand_size + extra
    line = ngettext(
        "Next to deal: {player} (takes {n} card)", "Next to deal: {player} (takes {n} cards)", cards
    )
    return line.format(player=dealer, n=cards)


#: what a status line says: a Hollywood column's totals, who is out, the pool, the game won,
#: that the next deal starts a new game, a note (a tie past the target), the points left, who
#: deals next
StatusKind = Literal["column", "out", "pool", "finished", "next_game", "note", "left", "dealer"]


@dataclass(frozen=True, slots=True)
class StatusLine:
    """One line of a sheet's status: what it says (``kind``) and its words."""

    kind: StatusKind
    text: str


def status_lines(state: Replay) -> list[StatusLine]:
    """The sheet's status in sentences (who is out, the pool, game over, points left, who deals
    next), in the language spoken: what ``show`` prints under the table. Each line says what
    it is about, so that a page can leave out what it shows in its own way."""
    tally = state.tally
    lines: list[StatusLine] = []
    for i, game in enumerate(tally.columns(), start=1):  # Hollywood
        totals = ", ".join(f"{p} {number_text(t)}" for p, t in game.totals.items())
        if game.winner:
            line = _("Column {n}: {totals} (won by {winner})")
            text = line.format(n=i, totals=totals, winner=game.winner)
        else:
            text = _("Column {n}: {totals} (open)").format(n=i, totals=totals)
        lines.append(StatusLine("column", text))
    out = [f"{p} ({number_text(tally.totals[p])})" for p in tally.eliminated()]
    if out:
        lines.append(StatusLine("out", _("Out: {players}").format(players=", ".join(out))))
    if tally.has_pool:
        pool = tally.pool()
        line = ngettext("Pool: {amount} stake", "Pool: {amount} stakes", plural_number(pool))
        lines.append(StatusLine("pool", line.format(amount=number_text(pool))))
    if tally.finished:
        if tally.winner:
            text = _("Game over: {winner} won.").format(winner=tally.winner)
        else:
            text = _("Game over: shared won.")
        lines.append(StatusLine("finished", text))
        if tally.closed() is None:
            lines.append(StatusLine("next_game", _("The next deal starts a new game.")))
    note = note_text(tally)
    if note is not None:
        lines.append(StatusLine("note", note))
    left = tally.left()
    if left and not tally.finished:
        parts = ", ".join(f"{p} {number_text(n)}" for p, n in left.items())
        if tally.eliminates:  # the limit puts a player out
            line = _("Points left before going out at {target}: {players}")
        else:
            line = _("Points left to reach {target}: {players}")
        target = tally.limit
        shown = "None" if target is None else number_text(target)
        lines.append(StatusLine("left", line.format(target=shown, players=parts)))
    dealer = dealer_line(state)
    if dealer is not None:
        lines.append(StatusLine("dealer", dealer))
    return lines


def _fill(line: str) -> str:
    """A sentence wrapped to the terminal (``table`` format), the rest indented."""
    return textwrap.fill(line, terminal_width(), subsequent_indent="  ", break_on_hyphens=False)


def _out(total: str, people: bool) -> str:
    """A total with the mark of a player out of the game: "120 out"."""
    return _("{total} out").format(total=total) if people else f"{total} out"


def _rows(state: Replay, fmt: str) -> tuple[list[str], list[list[Any]]]:
    """The running table: one row per entry with every player's total after it.

    Deals are numbered; an event (a re-entry) has no number, and is marked ``e1``, ``e2``
    in ``table`` and ``markdown`` (as ``edit`` and ``delete`` address it). In Hollywood
    scoring each player's cell holds his three column totals, ``18/0/0`` (in plain and csv,
    one column each: ``Anna 1``, ``Anna 2``, ``Anna 3``). A new game is marked by a row of
    its own in ``table`` and ``markdown``; plain and csv give every row its game in a
    ``game`` column after ``#``.
    """
    players = list(state.sheet.players)
    tally = state.tally
    count = len(tally.columns())  # Hollywood: three columns; else none
    hollywood = count > 0
    columns = tally.column_history()
    people = fmt in ("table", "markdown")  # plain and csv: English words, plain numbers
    tr = _ if people else _same
    number: Any = number_text if people else str
    split = hollywood and not people  # one number per cell for other programs
    if split:
        heads = [f"{p} {i}" for p in players for i in range(1, count + 1)]
    else:
        heads = [f"{p} 1/2/3" if hollywood else p for p in players]
    # plain and csv have no marker row between games: each row names its game instead
    game_column = [] if people else ["game"]
    # csv, for a spreadsheet: each deal's score a number in a column of its own
    score_columns = [f"{p} score" for p in players] if fmt == "csv" else []
    headers = ["#", *game_column, tr(N_("deal")), tr(N_("scores")), *score_columns, *heads]
    starts = _game_starts(state)
    numbers = deal_numbers(state.steps)
    # for people an event is marked e1, e2, ... (how edit and delete address it)
    events = {n: f"e{e}" for n, e in event_numbers(state.steps).items()} if people else {}
    rows: list[list[Any]] = []
    for i, step in enumerate(state.steps):
        deal = numbers.get(step.n, events.get(step.n))
        if step.n in starts and fmt in ("table", "markdown"):
            rows.append(["", _("-- game {n} --").format(n=step.game), "", *[""] * len(players)])
        if split:
            totals = [str(c[p]) for p in players for c in columns[i]]
        elif hollywood:
            totals = ["/".join(number(c[p]) for c in columns[i]) for p in players]
        else:
            totals = [
                ""
                if p not in step.totals
                else _out(number(step.totals[p]), people)
                if p in step.out
                else number(step.totals[p])
                for p in players
            ]
        scored: list[Any] = []
        if score_columns:
            result = step.result
            deal_scores = result.scores if isinstance(result, DealResult) else {}
            scored = [deal_scores.get(p, 0) if deal_scores or deal else "" for p in players]
        rows.append(
            [
                "" if deal is None else deal,
                *([] if people else [step.game]),
                entry_text(step, translated=people),
                scores_text(step, people=people),
                *scored,
                *totals,
            ]
        )
    return headers, rows


def _fitted_tables(headers: list[str], rows: list[list[Any]], players: int) -> str:
    """The running table for people, fitted to the terminal: one table when it fits (its
    wide cells wrapped); else, with many players (twelve at continental), the entries
    (``#``, deal, scores) in one table and the players' totals after it in tables of as many
    players as fit side by side, each with the ``#`` column again: a player's column cannot
    be narrower than the player's name. Where the entries do not fit or the totals would fit
    in one table (a phone's 40 columns), a block a deal (:func:`remikcalc.render.blocks`)."""
    width = terminal_width()
    whole = table(rows, headers, width=width, as_blocks=False)
    lead = len(headers) - players  # "#", deal, scores

    def fits(text: str) -> bool:
        return max(map(len, text.splitlines()), default=0) <= width

    if fits(whole):
        return whole
    entries = table([row[:lead] for row in rows], headers[:lead], width=width, as_blocks=False)
    if players < 2 or not fits(entries):  # a phone's width: a block a deal
        return table(rows, headers, width=width, lead=2, inline_from=3)
    marker = [row[1] if row[0] == "" and row[2] == "" and row[1] else None for row in rows]

    def number(i: int, row: list[Any]) -> Any:
        return marker[i] if marker[i] is not None else row[0]

    parts = [entries]
    first = max(len(str(number(i, r))) for i, r in enumerate(rows))
    first = max(first, len(headers[0]) + 2)
    start = lead
    while start < len(headers):
        used, end = first, start
        while end < len(headers):
            column = max([len(headers[end]) + 2, *(len(str(r[end])) for r in rows)])
            if end > start and used + 2 + column > width:
                break
            used += 2 + column
            end += 1
        cells = [[number(i, r), *r[start:end]] for i, r in enumerate(rows)]
        parts.append(table(cells, [headers[0], *headers[start:end]], width=width))
        start = end
    if len(parts) == 2:  # the totals fit side by side: a phone's width, a block a deal reads best
        return table(rows, headers, width=width, lead=2, inline_from=3)
    return "\n\n".join(parts)


def render_sheet(
    state: Replay, fmt: str = "table", *, chart: bool = True, ascii_only: bool = False
) -> str:
    """The running sheet in ``fmt``: ``table`` (title, rows, status lines, sparklines),
    ``markdown`` (the same, the rows as a pipe table, no sparklines), ``plain``/``csv`` (the
    rows only) or ``json``.

    ``ascii_only`` draws the sparklines with :data:`ASCII_BARS` (a console without the bars).
    """
    if fmt == "json":
        return to_json(sheet_json(state))
    players = list(state.sheet.players)
    headers, rows = _rows(state, fmt)
    if fmt in ("plain", "csv"):
        return table(rows, headers, fmt=fmt)
    title = state.sheet.title or f"{variant_word(state.rules.variant)}: {', '.join(players)}"
    if fmt == "table":
        title = _fill(title)
        drawn = _fitted_tables(headers, rows, len(players)) if rows else _("(no deals yet)")
    else:
        drawn = table(rows, headers, fmt=fmt) if rows else _("(no deals yet)")
    parts = [title, "", drawn]
    status = [line.text for line in status_lines(state)]
    if status:
        parts += ["", *(f"- {line}" if fmt == "markdown" else _fill(line) for line in status)]
    if chart and state.steps and fmt == "table":
        series = progression(state)
        every = [v for vs in series.values() for v in vs]
        low, high = min(every), max(every)
        width = max(len(p) for p in players)
        parts.append("")
        for p, values in series.items():
            shown = values[-SPARK_WIDTH:]
            more = ("..." if ascii_only else "…") if len(values) > SPARK_WIDTH else ""
            line = sparkline(shown, low, high, ASCII_BARS if ascii_only else BARS)
            parts.append(f"{p.ljust(width)}  {more}{line} {number_text(values[-1])}")
    return "\n".join(parts).rstrip()


def totals_line(state: Replay) -> str:
    """The running totals in one line: "Totals: Anna 28, Boris 18" (Hollywood: every
    column, "Totals: Anna 18/0/0, Boris 0/0/0"; a player out is marked)."""
    tally = state.tally
    last = state.steps[-1] if state.steps else None
    columns = tally.columns()
    if columns:  # Hollywood
        cells = {
            p: "/".join(number_text(g.totals[p]) for g in columns) for p in state.sheet.players
        }
    else:
        cells = {p: number_text(t) for p, t in tally.totals.items()}
        for p in last.out if last is not None else ():
            cells[p] = _out(cells[p], True)
    totals = ", ".join(f"{p} {t}" for p, t in cells.items())
    return _("Totals: {players}").format(players=totals)


def render_added(
    state: Replay,
    step: Step,
    fmt: str = "table",
    *,
    verbose: bool = False,
    ascii_only: bool = False,
) -> str:
    """What ``add`` (and ``edit``) print after saving: the entry (the deal's table, or the
    event in a line), then the running totals in one line and the status (who is out, the
    pool, game over, points left); ``verbose`` gives the whole sheet instead of the totals.

    ``plain`` and ``csv`` give the deal's rows, then the sheet's rows with ``verbose``, or one
    ``total`` row per player; ``json`` is not drawn here (the commands write their own).
    """
    from remikcalc.render.deal import render_deal

    result = step.result
    deal = isinstance(result, DealResult) and result.details is not None
    if fmt in ("plain", "csv"):
        if isinstance(result, DealResult):
            head = render_deal(result, fmt)
        else:
            head = table(
                [["event", entry_text(step, translated=False), scores_text(step, people=False)]],
                (),
                fmt=fmt,
            )
        if verbose:
            return f"{head}\n\n{render_sheet(state, fmt)}"
        totals = [[p, t] for p, t in state.tally.totals.items()]
        return f"{head}\n\n{table(totals, ['player', 'total'], fmt=fmt)}"
    from remikcalc.render.running import running_lines

    label = step_label(state, step)
    # a new game starts with this entry: marked as show marks it
    parts = [_("-- game {n} --").format(n=step.game), ""] if step.n in _game_starts(state) else []
    if deal:
        assert isinstance(result, DealResult)
        parts.append(f"{label}: " + render_deal(result, fmt))
    else:
        parts.append(
            _("{label}: {entry} ({scores})").format(
                label=label, entry=entry_text(step), scores=scores_text(step)
            )
        )
    money = running_lines(state, last=step.n == len(state.steps))
    if verbose:
        sheet = render_sheet(state, fmt, ascii_only=ascii_only)
        return "\n".join([*parts, "", sheet, *(["", *map(_fill, money)] if money else [])])
    lines = [totals_line(state), *(line.text for line in status_lines(state)), *money]
    parts += ["", *(_fill(line) for line in lines)]
    return "\n".join(parts)


def chart_png(state: Replay, path: str, kind: str = "png") -> None:
    """Draw the score progression to a ``kind`` (png, svg, pdf) file (needs the optional
    ``plot`` extra)."""
    from importlib import import_module

    try:
        import_module("matplotlib").use("Agg")
        plt: Any = import_module("matplotlib.pyplot")
    except ImportError:
        raise ImportError(
            _("the chart needs matplotlib: {command}").format(
                command="pip install 'remikcalc[plot]'"
            )
        ) from None
    from remikcalc.render.chart import chart_data

    chart = chart_data(state)
    fig, ax = plt.subplots(figsize=(8, 4.5))
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    named: set[str] = set()
    for line in chart.lines:
        colour = colours[chart.players.index(line.player) % len(colours)]
        xs = [x for x, _total in line.points]
        ys = [total for _x, total in line.points]
        # a line of a later game starts from 0 at its own start: no fall from the last total,
        # and no mark there (that 0 is no deal)
        marks = list(range(0 if line.game == 1 else 1, len(xs)))
        label = None if line.player in named else line.player
        named.add(line.player)
        ax.plot(xs, ys, marker="o", color=colour, label=label, markevery=marks)
    for at, n in chart.boundaries:
        ax.axvline(at, linestyle=":", linewidth=1, color="grey")
        ax.annotate(
            _("game {n}").format(n=n),
            (at, 1),
            xycoords=("data", "axes fraction"),
            xytext=(3, -12),
            textcoords="offset points",
            fontsize=8,
            color="grey",
        )
    if chart.target is not None:  # the game target, or the total that puts a player out
        ax.axhline(chart.target, linestyle="--", linewidth=1, color="grey")
    deals = [(x, n) for x, n in chart.ticks if n is not None]
    step = max(1, len(deals) // 12)  # at most a dozen numbers on the axis
    ax.set_xticks([x for x, _n in deals[::step]], [str(n) for _x, n in deals[::step]])
    ax.set_xlabel(_("deal (as show numbers them)"))
    ax.set_ylabel(_("total"))
    title = state.sheet.title or _("{variant}: score progression").format(
        variant=variant_word(state.rules.variant)
    )
    ax.set_title(textwrap.fill(title, 70), fontsize=10)
    ax.legend()
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    try:
        fig.savefig(path, format=kind)
    finally:
        plt.close(fig)
