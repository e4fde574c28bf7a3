"""Statistics per player over one or more replayed sheets (``remikcalc stats``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from remikcalc.rules.dealinput import name_key
from remikcalc.scoring.result import DealOutcome, DealResult
from remikcalc.session.replay import Replay
from remikcalc.sheet.model import DealEntry, Entry

#: outcomes a player achieves (the closer's, or the undercutting defender's); not draws or points
NOT_ACHIEVED: tuple[DealOutcome, ...] = ("draw", "scores")


@dataclass(frozen=True, slots=True)
class BestDeal:
    """A player's best deal: where it is (the sheet's path, and its place among the sheets
    given, from 0) and what it scored."""

    sheet: str
    n: int
    score: int
    place: int = 0


@dataclass(slots=True)
class PlayerStats:
    """One player's figures over the deals he played (re-entries are not deals)."""

    name: str
    deals: int = 0
    won: int = 0
    outcomes: dict[DealOutcome, int] = field(default_factory=dict)
    caught: list[int] = field(default_factory=list)  # counts left in hand in deals he lost
    best: BestDeal | None = None
    gain: int = 0  # the best deal's score, negated where scores are penalties (bridge)
    streak: int = 0  # the longest run of deals won in a row
    run: int = 0  # the current run

    @property
    def average_caught(self) -> Fraction | None:
        return Fraction(sum(self.caught), len(self.caught)) if self.caught else None

    @property
    def worst_caught(self) -> int | None:
        return max(self.caught) if self.caught else None


def _achiever(entry: Entry, result: DealResult) -> str | None:
    """Who achieved the deal's outcome: the undercutting defender, else the closer; nobody
    for a draw or a deal entered as points only (its ``how`` is a claim no card checks, and
    bridge gives a points-only closing its outcome from the stakes: DECISIONS.md)."""
    if result.outcome in NOT_ACHIEVED or (
        isinstance(entry, DealEntry) and entry.scores is not None
    ):
        return None
    return result.winner if result.outcome == "undercut" else result.closer


def player_stats(replays: Sequence[Replay]) -> dict[str, PlayerStats]:
    """Each player's statistics over the replayed sheets, players matched by name ignoring
    case (shown as first spelled), in order of first appearance.

    A deal counts for the players it scores; a streak runs over the deals a player plays, in
    sheet order; the best deal is the highest score, a bridge score counted negated (there the
    scores are penalties, ``FamilySpec.low_wins``), the first of equals, never a draw (a
    stock run out is nobody's deal: its score, 0 in bridge, is no player's best).
    """
    stats: dict[str, PlayerStats] = {}
    for n, state in enumerate(replays, start=1):
        low = state.rules.spec.low_wins
        where = state.sheet.path or f"sheet {n}"
        for p in state.sheet.players:
            stats.setdefault(name_key(p), PlayerStats(p))
        number = 0  # the deal's number as ``show`` and ``edit`` give it: events have none
        for step in state.steps:
            result = step.result
            if not isinstance(result, DealResult):
                continue
            number += 1
            achiever = _achiever(step.entry, result)
            winner = result.winner  # who won the deal: as the tally (settle) counts it
            for p in state.sheet.players:
                if p not in result.scores and p not in result.points:
                    continue
                st = stats[name_key(p)]
                st.deals += 1
                if winner == p:
                    st.won += 1
                    st.run += 1
                    st.streak = max(st.streak, st.run)
                else:
                    st.run = 0
                    if p in result.points and winner is not None:
                        st.caught.append(result.points[p])
                if achiever == p:
                    st.outcomes[result.outcome] = st.outcomes.get(result.outcome, 0) + 1
                score = None if result.outcome == "draw" else result.scores.get(p)
                gain = None if score is None else -score if low else score
                if gain is not None and score is not None and (st.best is None or gain > st.gain):
                    st.best, st.gain = BestDeal(where, number, score, n - 1), gain
    return {s.name: s for s in stats.values()}
