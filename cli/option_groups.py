"""Options several commands share, declared once and added to each command.

typer reads a command's options from its signature, so commands that share options
would repeat the same parameters in every signature. :func:`with_options` instead
gives a command one parameter holding a dataclass (e.g. ``StudyOptions``) and adds
that dataclass's fields to the signature typer sees, each with the option declared
for it in the dataclass's annotations (cli/options.py), so the shared options are
written, documented and checked in one place.

:class:`FreshDeal` is the base of the groups that deal a fresh game instead of
reading a FILE (The Game's and Face to Face's ``DealOptions``): one check that a
command gets one or the other.
"""

from __future__ import annotations

import functools
import inspect
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import MISSING, fields
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from playable.cli.io import fail, read_source, write_dealt
from playable.cli.options import Json, Output

Command = TypeVar("Command", bound=Callable[..., None])
DealT = TypeVar("DealT")
PositionT = TypeVar("PositionT")


class DealNotation(Protocol):
    """What :class:`FreshDeal` uses of a pile game's ``notation`` module."""

    def parse(self, text: str, source: str = ..., /) -> Any: ...

    def format_deal(self, d: Any, /) -> str: ...

    def deal_to_json(self, d: Any, /) -> dict[str, Any]: ...


def with_options(
    name: str, group: type[Any], *, in_place: bool = False
) -> Callable[[Command], Command]:
    """Give the command's parameter ``name`` an instance of the dataclass ``group``
    built from options named after its fields (typed in the dataclass with the
    ``Annotated`` options of cli/options.py, defaults from the dataclass); those
    options follow the command's own in ``--help``, or with ``in_place`` stand where
    the parameter ``name`` stands in the command's signature."""
    hints = typing.get_type_hints(group, include_extras=True)
    shared = [
        inspect.Parameter(
            f.name,
            inspect.Parameter.KEYWORD_ONLY,
            default=inspect.Parameter.empty if f.default is MISSING else f.default,
            annotation=hints[f.name],
        )
        for f in fields(group)
    ]

    def decorate(command: Command) -> Command:
        signature = inspect.signature(command, eval_str=True)
        own = [p for p in signature.parameters.values() if p.name != name]
        listed = [*own, *shared]
        if in_place:  # every option by keyword, so that any order is a valid signature
            listed = [
                q.replace(kind=inspect.Parameter.KEYWORD_ONLY)
                for p in signature.parameters.values()
                for q in (shared if p.name == name else [p])
            ]

        @functools.wraps(command)
        def run(**values: Any) -> None:
            options = group(**{p.name: values.pop(p.name) for p in shared})
            command(**values, **{name: options})

        run.__signature__ = signature.replace(parameters=listed)  # type: ignore[attr-defined]
        run.__annotations__ = {p.name: p.annotation for p in listed}
        return typing.cast(Command, run)

    return decorate


class FreshDeal(ABC, Generic[DealT, PositionT]):
    """A game's option group that deals a fresh game instead of reading a FILE (The
    Game's and Face to Face's ``--seed``, ``--deck``, ...): a dataclass whose defaults
    mean "no deal option given", so a command takes a FILE or deal options, not both.
    A subclass names its game's notation (``class DealOptions(FreshDeal[Deal, State],
    notation=notation)``), which reads the FILE and writes the deal."""

    #: the usage line when both a FILE and deal options are given
    either: ClassVar[str]
    notation: ClassVar[DealNotation]

    def __init_subclass__(cls, notation: DealNotation | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if notation is not None:
            cls.notation = notation

    @abstractmethod
    def deal(self) -> DealT:
        """The deal these options give."""

    def load(self, file: str | None) -> DealT | PositionT:
        """The deal or position a command works on: from FILE, or from these options."""
        if file is None:
            return self.deal()
        if self != type(self)():
            fail(self.either)
        text, source = read_source(file)
        found: DealT | PositionT = self.notation.parse(text, source)
        return found


def deal_command(group: type[FreshDeal[Any, Any]], help_text: str) -> Callable[..., None]:
    """The ``playable deal GAME`` command of a game whose deal options are ``group``:
    the deal file (``-o`` or stdout), or its JSON document with ``--json``."""

    def command(*, options: FreshDeal[Any, Any], output: Output = None, json: Json = False) -> None:
        d = options.deal()
        write_dealt(options.notation.format_deal(d), options.notation.deal_to_json(d), output, json)

    command.__doc__ = help_text
    return with_options("options", group, in_place=True)(command)
