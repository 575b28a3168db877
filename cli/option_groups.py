"""Options several commands share, declared once and added to each command.

typer reads a command's options from its signature, so commands that share options
would repeat the same parameters in every signature. :func:`with_options` instead
gives a command one parameter holding a dataclass (e.g. ``StudyOptions``) and adds
that dataclass's fields to the signature typer sees, each with the option declared
for it in the dataclass's annotations (cli/options.py), so the shared options are
written, documented and checked in one place.
"""

from __future__ import annotations

import functools
import inspect
import typing
from collections.abc import Callable
from dataclasses import MISSING, fields
from typing import Any, TypeVar

Command = TypeVar("Command", bound=Callable[..., None])


def with_options(name: str, group: type[Any]) -> Callable[[Command], Command]:
    """Give the command's parameter ``name`` an instance of the dataclass ``group``
    built from options named after its fields (typed in the dataclass with the
    ``Annotated`` options of cli/options.py, defaults from the dataclass); those
    options follow the command's own in ``--help``."""
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

        @functools.wraps(command)
        def run(**values: Any) -> None:
            options = group(**{p.name: values.pop(p.name) for p in shared})
            command(**values, **{name: options})

        run.__signature__ = signature.replace(parameters=[*own, *shared])  # type: ignore[attr-defined]
        run.__annotations__ = {p.name: p.annotation for p in [*own, *shared]}
        return typing.cast(Command, run)

    return decorate
