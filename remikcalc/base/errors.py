"""Exception hierarchy.

Every error remikcalc raises on bad input is a :class:`RemikcalcError`; the CLI turns it
into a one-line message on stderr and an exit status (1 for bad data, 2 for bad usage).
"""

from __future__ import annotations


class RemikcalcError(ValueError):
    """Base class: the message is a complete sentence meant for the user."""

    exit_code = 1


class CardError(RemikcalcError):
    """A card code that cannot be parsed, or a pack limit broken."""


class MeldError(RemikcalcError):
    """Cards grouped as a meld that is not legal under the rules."""


class RulesError(RemikcalcError):
    """An unknown variant, preset or rule key, or a bad rule value (a usage error)."""

    exit_code = 2


class ArgumentError(RemikcalcError):
    """A value given for one argument that cannot be taken (a usage error): ``param`` names
    the argument (``players``, ``title``, ``currency``, ``new``)."""

    exit_code = 2

    def __init__(self, message: str, param: str) -> None:
        super().__init__(message)
        self.param = param


class DealError(RemikcalcError):
    """A deal that cannot have happened (wrong hand size, knock over the limit, ...)."""


class SheetError(RemikcalcError):
    """A score sheet that does not load or an action the sheet does not allow."""


class SettleError(RemikcalcError):
    """A stake or settlement request that cannot be honoured."""


class NotationWarning(UserWarning):
    """A card that reads, but perhaps not as it was meant: the Polish-looking ``Jk`` is the
    joker, not the jack of kier (``Wk``). Issued with :func:`warnings.warn`; the command line
    shows it on stderr as ``warning: ...``, a library caller sees it as Python shows warnings.
    """
