"""An evening's words beyond its settlement (:mod:`remikcalc.render.settlement` writes that):
why a sheet is left out of it, and which names look like one person's, in the language spoken.

The reasons are :class:`~remikcalc.session.evening.LeftOut`'s and the names
:class:`~remikcalc.session.evening.LookAlike`'s; a page shows each under the sheet's title, so
the sentences here name no sheet.
"""

from __future__ import annotations

from remikcalc.base.i18n import _
from remikcalc.session.evening import LeftOut, LookAlike

__all__ = ["left_out_reason", "look_alike_text"]


def left_out_reason(left: LeftOut) -> str:
    """Why the sheet is left out of the evening, and what would count it in.

    >>> from remikcalc.session.evening import LeftOut
    >>> left_out_reason(LeftOut(1, "b.yaml", "stake_mismatch", "a.yaml", None, "point", "PLN"))
    'No stake yet, and the evening is settled in money (PLN): set a stake to count this sheet in.'
    """
    none = _("no currency")
    if left.code == "stake_mismatch":
        if left.settled_in is None:
            return _(
                "No stake yet, and the evening is settled in money: set a stake to count "
                "this sheet in."
            )
        return _(
            "No stake yet, and the evening is settled in money ({currency}): set a stake to "
            "count this sheet in."
        ).format(currency=left.settled_in)
    if left.code == "currency_mismatch":
        return _(
            "Its stake is in {currency}, and the evening is settled in {evening}: only sheets "
            "of one currency add up."
        ).format(currency=left.currency or none, evening=left.settled_in or none)
    if left.unit == "stake":
        return _(
            "It counts in stakes and the other sheets in points: without a stake they do not "
            "add up. Give every sheet a stake to settle them together in money."
        )
    return _(
        "It counts in points and the other sheets in stakes: without a stake they do not add "
        "up. Give every sheet a stake to settle them together in money."
    )


def look_alike_text(alike: LookAlike) -> str:
    """Two names that may be one person's, said as a question for the table.

    >>> from remikcalc.session.evening import LookAlike
    >>> look_alike_text(LookAlike("Gleb K.", "Gleb", (0,), (1,), "prefix"))
    'Gleb K. and Gleb: one person? The evening settles them as two.'
    """
    return _("{name} and {other}: one person? The evening settles them as two.").format(
        name=alike.name, other=alike.other
    )
