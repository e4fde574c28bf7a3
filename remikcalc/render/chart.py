"""The score progression as an SVG image, written as text (no plotting library).

Each player's total after every entry of the sheet, one line per player per game: a new game
starts its lines anew from 0 after a gap with a vertical line, so a line never falls from the
last game's total to 0 as if the points were lost. The x axis is numbered as ``show`` numbers
the deals (an event, a re-entry, has a tick but no number); the game target (or, in remik
bridge, the total that puts a player out) is a dashed line. Every text (the names above all,
which come from the sheet file) is escaped; colours and lines are SVG presentation attributes
(no ``style``), so the image passes a strict content security policy.

:func:`chart_data` gives the geometry (tested on its own); :func:`progression_svg` draws it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from remikcalc.base.i18n import _
from remikcalc.base.numtext import number_text
from remikcalc.rules.variant_words import variant_word
from remikcalc.scoring.tally import Reentry
from remikcalc.session import Replay
from remikcalc.session.replay import deal_numbers

__all__ = ["PALETTE", "Chart", "Line", "chart_data", "progression_svg"]

#: the players' colours, in seating order (distinct on white, and for most colour blindness)
PALETTE = (
    "#1f5fbf",  # blue
    "#c0392b",  # red
    "#1e8449",  # green
    "#d68910",  # orange
    "#7d3c98",  # purple
    "#6e4b2a",  # brown
    "#c2185b",  # pink
    "#117a8b",  # teal
)
#: dash patterns, for a ninth player on (the colours come round again)
_DASHES = ("", "6 3", "2 3", "8 3 2 3")

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _text(value: str) -> str:
    """Text for an SVG element's content: escaped, without the characters XML cannot hold."""
    return escape(_NOT_XML.sub("\ufffd", value))


def _attr(value: str) -> str:
    """An attribute value, quoted and escaped."""
    return quoteattr(_NOT_XML.sub("\ufffd", value))


@dataclass(frozen=True, slots=True)
class Line:
    """One player's totals through one game: (x position, total) in order."""

    player: str
    game: int
    points: tuple[tuple[float, int], ...]


@dataclass(frozen=True, slots=True)
class Chart:
    """What the chart draws: the lines, the x axis's ticks (position, deal number or None for
    an event), the game boundaries (position, the game that starts there), the target."""

    players: tuple[str, ...]
    lines: tuple[Line, ...]
    ticks: tuple[tuple[float, int | None], ...]
    boundaries: tuple[tuple[float, int], ...]
    target: int | None
    eliminates: bool
    width: float  # the last x position


def chart_data(state: Replay) -> Chart:
    """The chart of a replayed sheet: x 0 is the start (every total 0); each entry takes the
    next position; a new game takes one more position for its start at 0, and the boundary
    sits half way between the last game's end and that start."""
    players = tuple(state.sheet.players)
    numbers = deal_numbers(state.steps)
    open_lines: dict[str, list[tuple[float, int]]] = {p: [(0.0, 0)] for p in players}
    done: list[Line] = []
    ticks: list[tuple[float, int | None]] = []
    boundaries: list[tuple[float, int]] = []
    x, game = 0.0, 1

    def close(player: str) -> None:
        points = open_lines.pop(player, [])
        if points:
            done.append(Line(player, game, tuple(points)))

    for step in state.steps:
        if step.game != game:
            for p in players:
                close(p)
            game = step.game
            x += 1
            boundaries.append((x - 0.5, game))
            open_lines = {p: [(x, 0)] for p in players}
        x += 1
        ticks.append((x, None if isinstance(step.result, Reentry) else numbers.get(step.n)))
        for p in players:
            total = step.totals.get(p)
            if total is None:  # not in the totals (not playing): the line stops here
                close(p)
                continue
            open_lines.setdefault(p, []).append((x, total))
    for p in players:
        close(p)
    order = {p: i for i, p in enumerate(players)}
    lines = sorted(done, key=lambda line: (line.game, order[line.player]))
    tally = state.tally
    return Chart(
        players,
        tuple(lines),
        tuple(ticks),
        tuple(boundaries),
        tally.limit,
        tally.eliminates,
        max(x, 1.0),
    )


def _nice_step(span: float, count: int = 5) -> int:
    """A round step (1, 2, 5 × 10^k) giving about ``count`` ticks over ``span``."""
    raw = max(span / count, 1.0)
    power = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if raw <= m * power:
            return int(m * power)
    return int(10 * power)  # pragma: no cover - the loop ends at 10


def _fmt(value: float) -> str:
    """A coordinate: at most one decimal, no trailing zeros."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _short(name: str, limit: int = 18) -> str:
    return name if len(name) <= limit else name[: limit - 1] + "…"


def _legend(players: Sequence[str], width: float, left: float) -> list[tuple[float, float, str]]:
    """Where each name of the legend goes: (x, row, player), wrapping into rows."""
    places = []
    x, row = left, 0
    for p in players:
        need = 26 + 9 * len(_short(p)) + 14
        if x > left and x + need > width - 8:
            x, row = left, row + 1
        places.append((x, row, p))
        x += need
    return [(x, float(row), p) for x, row, p in places]


@dataclass(frozen=True, slots=True)
class _Plot:
    """Where the plot sits in the image (the legend and the title above it, the deal numbers
    below), and the totals its height spans, in steps of ``step`` from ``low`` to ``high``."""

    width: int
    height: int
    left: float
    right: float
    top: float
    plot_w: float
    plot_h: float
    low: int
    high: int
    step: int
    span: float  # the x positions the width spans

    @property
    def base(self) -> float:
        """The x axis's height."""
        return self.top + self.plot_h

    def sx(self, x: float) -> float:
        return self.left + self.plot_w * x / self.span

    def sy(self, v: float) -> float:
        return self.top + self.plot_h * (self.high - v) / (self.high - self.low)


def _plot(chart: Chart, legend_rows: int, width: int, height: int) -> _Plot:
    """The plot of ``chart`` in an image ``width`` wide and at least ``height`` high."""
    left, right = 44.0, 10.0
    top = 26.0 + legend_rows * 20.0 + 6
    bottom = 40.0
    height = max(height, int(top + bottom + 160))
    plot_w, plot_h = width - left - right, height - top - bottom

    values = [v for line in chart.lines for _x, v in line.points]
    if chart.target is not None:
        values.append(chart.target)
    low, high = min([0, *values]), max([0, *values])
    if high == low:
        high = low + 10
    step = _nice_step(high - low)
    low = math.floor(low / step) * step
    high = math.ceil(high / step) * step

    span = chart.width + 0.4  # room on the right for the last point
    return _Plot(width, height, left, right, top, plot_w, plot_h, low, high, step, span)


def progression_svg(
    state: Replay, *, title: str | None = None, width: int = 400, height: int = 280
) -> str:
    """The sheet's progression as a standalone SVG document (text), in the language spoken."""
    chart = chart_data(state)
    font = 15
    if title is None:
        title = state.sheet.title or _("{variant}: score progression").format(
            variant=variant_word(state.rules.variant)
        )
    left = 44.0
    legend = _legend(chart.players, width, left)
    rows = 1 + int(max((r for _x, r, _p in legend), default=0))
    plot = _plot(chart, rows, width, height)
    height = plot.height

    out: list[str] = []
    add = out.append
    label = _("Score progression: {title}").format(title=title)
    add(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label={_attr(label)} '
        f'font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif" '
        f'font-size="{font}">'
    )
    add(f"<title>{_text(label)}</title>")
    add(f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>')
    add(
        f'<text x="{_fmt(left)}" y="18" font-weight="700" fill="#1b1f1d">'
        f"{_text(_short(title, 44))}</text>"
    )
    for i, (x, row, p) in enumerate(legend):
        y = 26 + row * 20 + 12
        colour, dash = _style(i)
        add(
            f'<g class="legend"><line x1="{_fmt(x)}" y1="{_fmt(y - 4)}" x2="{_fmt(x + 20)}" '
            f'y2="{_fmt(y - 4)}" stroke="{colour}" stroke-width="3"{dash}/>'
            f'<text x="{_fmt(x + 26)}" y="{_fmt(y)}" fill="#1b1f1d">{_text(_short(p))}</text>'
            "</g>"
        )
    out += _grid(plot)
    out += _x_axis(plot, chart)
    out += _games_and_target(plot, chart)
    out += _player_lines(plot, chart)
    out += _target_label(plot, chart)
    add("</svg>")
    return "\n".join(out) + "\n"


def _grid(plot: _Plot) -> list[str]:
    """The grid and the y axis."""
    out: list[str] = []
    add = out.append
    left, right, width, sy = plot.left, plot.right, plot.width, plot.sy
    v = plot.low
    while v <= plot.high:
        y = sy(v)
        colour = "#8a948f" if v == 0 else "#e1e6e3"
        add(
            f'<line x1="{_fmt(left)}" y1="{_fmt(y)}" x2="{_fmt(width - right)}" y2="{_fmt(y)}" '
            f'stroke="{colour}" stroke-width="1"/>'
        )
        add(
            f'<text x="{_fmt(left - 6)}" y="{_fmt(y + 4)}" text-anchor="end" fill="#5b6661">'
            f"{_text(number_text(v))}</text>"
        )
        v += plot.step
    return out


def _x_axis(plot: _Plot, chart: Chart) -> list[str]:
    """The x axis: deal numbers (every one, or every k-th when there are many)."""
    out: list[str] = []
    add = out.append
    left, right, width, sx = plot.left, plot.right, plot.width, plot.sx
    base = plot.base
    add(
        f'<line x1="{_fmt(left)}" y1="{_fmt(base)}" x2="{_fmt(width - right)}" '
        f'y2="{_fmt(base)}" stroke="#5b6661" stroke-width="1"/>'
    )
    numbered = [t for t in chart.ticks if t[1] is not None]
    every = max(1, math.ceil(len(numbered) * 28 / plot.plot_w))
    for x, n in chart.ticks:
        px = sx(x)
        add(
            f'<line x1="{_fmt(px)}" y1="{_fmt(base)}" x2="{_fmt(px)}" y2="{_fmt(base + 4)}" '
            f'stroke="#5b6661" stroke-width="1"/>'
        )
        if n is not None and (n - 1) % every == 0:
            add(
                f'<text x="{_fmt(px)}" y="{_fmt(base + 18)}" text-anchor="middle" '
                f'fill="#5b6661">{n}</text>'
            )
    add(
        f'<text x="{_fmt(left + plot.plot_w / 2)}" y="{_fmt(plot.height - 6)}" '
        f'text-anchor="middle" fill="#5b6661">{_text(_("deal"))}</text>'
    )
    return out


def _games_and_target(plot: _Plot, chart: Chart) -> list[str]:
    """A vertical line where each new game starts, and its number; the target (or the total
    that puts a player out)."""
    out: list[str] = []
    add = out.append
    top, base, sx = plot.top, plot.base, plot.sx
    for x, game in chart.boundaries:
        px = sx(x)
        add(
            f'<line class="game" x1="{_fmt(px)}" y1="{_fmt(top)}" x2="{_fmt(px)}" '
            f'y2="{_fmt(base)}" stroke="#0b5d45" stroke-width="1.5" stroke-dasharray="4 3"/>'
        )
        add(
            f'<text x="{_fmt(px + 4)}" y="{_fmt(top + 14)}" fill="#0b5d45">'
            f"{_text(_('game {n}').format(n=game))}</text>"
        )
    if chart.target is not None:
        left, right, width = plot.left, plot.right, plot.width
        y = plot.sy(chart.target)
        add(
            f'<line class="target" x1="{_fmt(left)}" y1="{_fmt(y)}" x2="{_fmt(width - right)}" '
            f'y2="{_fmt(y)}" stroke="#8a5a00" stroke-width="1.5" stroke-dasharray="6 4"/>'
        )
    return out


def _target_label(plot: _Plot, chart: Chart) -> list[str]:
    """The target line's words ("out at 100"), drawn over the players' lines on a halo of the
    paper's white, at the left, where the lines start low and seldom cross it."""
    if chart.target is None:
        return []
    y = plot.sy(chart.target)
    words = _("out at {n}") if chart.eliminates else _("target {n}")
    return [
        f'<text class="target-label" x="{_fmt(plot.left + 4)}" y="{_fmt(y - 5)}" '
        f'fill="#8a5a00" stroke="#ffffff" stroke-width="4" stroke-linejoin="round" '
        f'paint-order="stroke">{_text(words.format(n=number_text(chart.target)))}</text>'
    ]


def _player_lines(plot: _Plot, chart: Chart) -> list[str]:
    """The players' lines, one per player per game (with a dot at each total, unless there
    are very many)."""
    out: list[str] = []
    add = out.append
    sx, sy = plot.sx, plot.sy
    order = {p: i for i, p in enumerate(chart.players)}
    dots = sum(len(line.points) for line in chart.lines) <= 240
    for line in chart.lines:
        colour, dash = _style(order[line.player])
        points = " ".join(f"{_fmt(sx(x))},{_fmt(sy(v))}" for x, v in line.points)
        add(
            f'<polyline class="player" data-player={_attr(line.player)} '
            f'data-game="{line.game}" points="{points}" fill="none" stroke="{colour}" '
            f'stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round"{dash}>'
            f"<title>{_text(line.player)}</title></polyline>"
        )
        if dots:
            for x, v in line.points[1:]:
                add(f'<circle cx="{_fmt(sx(x))}" cy="{_fmt(sy(v))}" r="3" fill="{colour}"/>')
    return out


def _style(i: int) -> tuple[str, str]:
    """A player's colour and dash pattern (as an attribute, or empty), by seat."""
    colour = PALETTE[i % len(PALETTE)]
    dash = _DASHES[(i // len(PALETTE)) % len(_DASHES)]
    return colour, f' stroke-dasharray="{dash}"' if dash else ""
