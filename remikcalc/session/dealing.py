"""Who deals: the dealer of the next deal, by the variant's rule (docs/RULES.md, "Who deals").

The rule is the family's (:attr:`~remikcalc.rules.families.FamilySpec.deal_passes`):

- ``left``: the deal passes to the next player in seating order (the sheet's ``players``)
  who plays the next deal, so a player who is out (remik bridge) is passed over and one
  who re-entered is dealt to again; the first dealer is the sheet's ``dealer``, and without
  it nobody is known;
- ``winner`` (gin, oklahoma): the winner of a deal deals the next; a deal nobody won (a
  draw) is dealt again by the same dealer. So from the first deal won on, the dealer is
  known even when the sheet does not say who dealt first.

A game that ends does not start the count again: the first deal of the next game is dealt by
whoever the rule names after the last deal of the one before (docs/DECISIONS.md).

:class:`~remikcalc.session.replay.Replay` keeps who dealt each deal (``Step.dealer``) and
asks :func:`dealer_after` for the next one.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from remikcalc.rules.families import DealPassing

__all__ = ["dealer_after"]


def dealer_after(
    passing: DealPassing,
    seats: Sequence[str],
    playing: Collection[str],
    dealer: str | None,
    winner: str | None,
) -> str | None:
    """Who deals after a deal dealt by ``dealer`` (None: not known) and won by ``winner``
    (None: nobody won it), ``playing`` being the players of the next deal; None when the
    rule cannot tell.

    >>> seats = ("Anna", "Boris", "Carl")
    >>> dealer_after("left", seats, seats, "Carl", "Anna")
    'Anna'
    >>> dealer_after("left", seats, ("Anna", "Carl"), "Anna", None)  # Boris is out
    'Carl'
    >>> dealer_after("winner", seats[:2], seats[:2], None, "Boris")
    'Boris'
    >>> dealer_after("winner", seats[:2], seats[:2], "Anna", None)  # a draw: Anna again
    'Anna'
    """
    if passing == "winner":
        return winner if winner is not None else dealer
    if dealer is None or dealer not in seats:
        return None
    at = seats.index(dealer)
    for step in range(1, len(seats) + 1):
        player = seats[(at + step) % len(seats)]
        if player in playing:
            return player
    return None
