"""Exception hierarchy: every refusal is typed.

Every error remikcalc raises on bad input is a :class:`RemikcalcError`. Beside its message (a
sentence for people, in the language spoken, naming no command-line option and no file path)
it carries what a program needs to act on it:

- ``code``: a short stable identifier of the reason (``no_closer``, ``card_twice``, ...),
  listed in docs/INTERFACE.md; it never changes with the language;
- ``field``: the input it is about, where one is (``closer``, ``hands``, ``upcard``, a sheet
  setting such as ``players`` or ``stake``);
- ``player``: the player it is about, where one is;
- ``cards``: the card codes it names, so that a front end that must not show one player's
  cards to another can tell which they are;
- ``details``: whatever else a front end needs to say it in its own words (numbers, names);
- ``quoted``: the refusals whose sentences its message repeats (a deal's refusal inside the
  sheet's that lists it), so that a front end can say each of those in its own words too.

Each front end words a refusal its own way (:mod:`remikcalc.commands.refusal`,
:mod:`remikcalc.web.refusal`, with :mod:`remikcalc.render.refusal`'s mechanism): the command line
adds its options ("--closer NAME") and which file is unchanged, the score pad its buttons.

>>> err = DealError("who knocked?", code="no_closer", field="closer", details={"draw": True})
>>> err.code, err.field, err.player, err.cards, err.details
('no_closer', 'closer', None, (), {'draw': True})
>>> str(err)
'who knocked?'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


class RemikcalcError(ValueError):
    """Base class: the message is a complete sentence meant for the user; ``code`` and the
    other attributes say the same for a program (see the module's docstring)."""

    exit_code = 1
    #: the code of a refusal whose raise site names none (each subclass has its own)
    default_code = "invalid"

    def __init__(
        self,
        message: str = "",
        *,
        code: str | None = None,
        field: str | None = None,
        player: str | None = None,
        cards: Iterable[str] = (),
        details: Mapping[str, Any] | None = None,
        quoted: Iterable[RemikcalcError] = (),
    ) -> None:
        super().__init__(message)
        self.code: str = code if code is not None else self.default_code
        self.field = field
        self.player = player
        self.cards: tuple[str, ...] = tuple(cards)
        self.details: dict[str, Any] = dict(details or {})
        self.quoted: tuple[RemikcalcError, ...] = tuple(quoted)

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else ""

    def retold(
        self, message: str, *, field: str | None = None, player: str | None = None
    ) -> RemikcalcError:
        """The same refusal (type, code and the rest) told in another sentence, which may
        repeat this one's (``quoted``); ``field`` and ``player``, where given, say what the
        new sentence is about.

        >>> inner = CardError("XX: unknown rank", code="unknown_rank")
        >>> outer = inner.retold(f"Anna's hand: {inner}", field="hands", player="Anna")
        >>> outer.code, outer.field, outer.player, outer.quoted == (inner,)
        ('unknown_rank', 'hands', 'Anna', True)
        """
        error = type(self).__new__(type(self))  # a subclass's own __init__ may take other arguments
        RemikcalcError.__init__(
            error,
            message,
            code=self.code,
            field=self.field if field is None else field,
            player=self.player if player is None else player,
            cards=self.cards,
            details=self.details,
            quoted=(self,),
        )
        return error

    def __reduce__(self) -> tuple[Any, ...]:
        # keyword-only attributes survive copy and pickle
        return (_rebuild, (type(self), self.message, self.__dict__.copy()))


def _rebuild(cls: type[RemikcalcError], message: str, state: dict[str, Any]) -> RemikcalcError:
    error = cls.__new__(cls)
    RemikcalcError.__init__(error, message)
    error.__dict__.update(state)
    return error


class CardError(RemikcalcError):
    """A card code that cannot be parsed, or a pack limit broken."""

    default_code = "bad_card"


class MeldError(RemikcalcError):
    """Cards grouped as a meld that is not legal under the rules."""

    default_code = "bad_meld"


class RulesError(RemikcalcError):
    """An unknown variant, preset or rule key, or a bad rule value (a usage error)."""

    exit_code = 2
    default_code = "bad_rule"


class ArgumentError(RemikcalcError):
    """A value given for one argument that cannot be taken (a usage error): ``field`` names
    the argument (``players``, ``title``, ``currency``, ``new``)."""

    exit_code = 2
    default_code = "bad_argument"

    field: str

    @property
    def param(self) -> str:
        """The argument's name (``field``)."""
        return self.field


class DealError(RemikcalcError):
    """A deal that cannot have happened (wrong hand size, knock over the limit, ...)."""

    default_code = "bad_deal"


class SheetError(RemikcalcError):
    """A score sheet that does not load or an action the sheet does not allow."""

    default_code = "bad_sheet"


class SettleError(RemikcalcError):
    """A stake or settlement request that cannot be honoured."""

    default_code = "cannot_settle"


class NotationWarning(UserWarning):
    """A card that reads, but perhaps not as it was meant: the Polish-looking ``Jk`` is the
    joker, not the jack of kier (``Wk``). Issued with :func:`warnings.warn`; the command line
    shows it on stderr as ``warning: ...``, a library caller sees it as Python shows warnings.
    """
