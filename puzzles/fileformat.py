"""The puzzle file: a small header, the position in its game's notation, the answer.

::

    # Lay every card; you play alone and know the draw order.
    playable puzzle thegame
    kind: lay-all
    level: hard
    score: 0.63
    seed: 12
    unique: no
    goal: Lay every card; you play alone and know the draw order.
    metrics: greedy_success=0.1 planner_success=0.35 winning_first_moves=2
    held-out: planner_success
    --- position
    playable thegame position
    ...
    --- solution
    1: 37@0 75@2 / 1: 12@1 13@1

The header follows the common notation rules (docs/notation.md); ``--- position``
starts the position, copied verbatim in the game's own notation, and the optional
``--- solution`` section holds the answer in the game's move notation (left out by
``playable puzzles export --no-solution``). Errors name line and column of the whole
file, including errors inside the position.
"""

from __future__ import annotations

from typing import Any

from playable.puzzles.base import Level, Puzzle, Rating
from playable.puzzles.registry import GAMES, parse_position
from playable.solver.core.cardlist import (
    Field,
    fields_of,
    is_number,
    required,
    single,
    split_document,
)
from playable.solver.core.errors import NotationError
from playable.solver.games import game as game_named

POSITION_MARK = "--- position"
SOLUTION_MARK = "--- solution"
_KEYS = ("kind", "level", "score", "seed", "unique", "goal", "metrics", "held-out")


def format_puzzle(puzzle: Puzzle, with_solution: bool = True) -> str:
    """The puzzle file text of ``puzzle`` (``with_solution=False`` hides the answer)."""
    metrics = " ".join(f"{name}={_number(value)}" for name, value in puzzle.rating.metrics.items())
    lines = [
        f"# {puzzle.goal}",
        f"playable puzzle {puzzle.game}",
        f"kind: {puzzle.kind}",
        f"level: {puzzle.level.value}",
        f"score: {puzzle.rating.score:.3f}",
        f"seed: {puzzle.seed}",
        f"unique: {'yes' if puzzle.unique else 'no'}",
        f"goal: {puzzle.goal}",
    ]
    if metrics:
        lines.append(f"metrics: {metrics}")
    if puzzle.rating.held_out:
        lines.append(f"held-out: {' '.join(puzzle.rating.held_out)}")
    lines += [POSITION_MARK, puzzle.position.rstrip("\n")]
    if with_solution and puzzle.solution:
        lines += [SOLUTION_MARK, puzzle.solution]
    return "\n".join(lines) + "\n"


def parse_puzzle(text: str, source: str = "<input>") -> Puzzle:
    """The puzzle of a puzzle file; the position must parse in its game's notation."""
    try:
        return _parse(text, source)
    except NotationError as error:
        raise error.with_source(source) from None


def _parse(text: str, source: str) -> Puzzle:
    lines = text.splitlines()
    marks = {i: line.strip() for i, line in enumerate(lines) if line.strip().startswith("---")}
    for index, mark in marks.items():
        if mark not in (POSITION_MARK, SOLUTION_MARK):
            raise NotationError(
                f"expected '{POSITION_MARK}' or '{SOLUTION_MARK}', got '{mark}'", index + 1, 1
            )
    starts = {mark: index for index, mark in marks.items()}
    if len(starts) != len(marks):
        repeated = next(i for i in marks if starts[marks[i]] != i)
        raise NotationError(f"section '{marks[repeated]}' given twice", repeated + 1, 1)
    if POSITION_MARK not in starts:
        raise NotationError(f"missing the '{POSITION_MARK}' section", len(lines) or 1, 1)
    begin = starts[POSITION_MARK]
    end = starts.get(SOLUTION_MARK, len(lines))
    if end < begin:
        raise NotationError(f"'{SOLUTION_MARK}' must come after the position", end + 1, 1)

    doc = split_document("\n".join(lines[:begin]))
    if doc.game != "puzzle":
        raise NotationError(
            f"expected a first line 'playable puzzle GAME', got 'playable {doc.game} {doc.kind}'",
            doc.header_line,
            1,
        )
    game = doc.kind
    if game not in GAMES:
        raise NotationError(
            f"no puzzles for game '{game}' (games: {', '.join(GAMES)})", doc.header_line, 1
        )
    fields = fields_of(doc, _KEYS)
    position = "\n".join(lines[begin + 1 : end]) + "\n"
    _check_position(game, position, offset=begin + 1)
    solution = " ".join(line.split("#", 1)[0].strip() for line in lines[end + 1 :]).strip()
    level = _level(required(fields, "level", doc))
    score = _score(fields["score"]) if "score" in fields else level.band[0]
    return Puzzle(
        game=game,
        kind=single(required(fields, "kind", doc)).text,
        level=level,
        seed=int(_word(fields, "seed", "0", digits=True)),
        position=position,
        goal=fields["goal"].value if "goal" in fields else "",
        solution=solution,
        unique=_word(fields, "unique", "no", choices=("yes", "no")) == "yes",
        rating=Rating(score, _metrics(fields.get("metrics")), _held_out(fields.get("held-out"))),
    )


def _check_position(game: str, position: str, offset: int) -> None:
    """Parse the position with its game's notation; errors move to file lines."""
    try:
        parse_position(game, position)
    except NotationError as error:
        raise NotationError(error.message, error.line + offset, error.column) from None


def position_json(game: str, text: str) -> dict[str, Any]:
    """The position of a puzzle as ``playable show --json`` of it gives it: every
    hand, the whole draw order (The Game, Face to Face's two piles, UNO), the known
    draws and the discards (Sequence), i.e. every card the solver and the answer
    check may use (docs/puzzles.md, "What is shown")."""
    parsed = parse_position(game, text)  # an unknown game: UnknownPuzzle, one line
    if game == "uno":  # a play-out hand is no round: the game interface refuses it
        from playable.solver.uno.notation import PlayoutHand, hand_to_json

        if isinstance(parsed, PlayoutHand):
            return hand_to_json(parsed)
    rules = game_named(game)
    return rules.to_json(rules.parse(text))


def puzzle_to_json(puzzle: Puzzle, with_solution: bool = True) -> dict[str, Any]:
    """The JSON document of a puzzle (``--json`` output): the header, the position
    text and, as ``state``, the position as its game's ``show --json`` document."""
    return {
        "game": puzzle.game,
        "kind": puzzle.kind,
        "level": puzzle.level.value,
        "score": round(puzzle.rating.score, 4),
        "seed": puzzle.seed,
        "unique": puzzle.unique,
        "goal": puzzle.goal,
        "metrics": puzzle.rating.metrics,
        "held_out": list(puzzle.rating.held_out),
        "position": puzzle.position,
        "state": position_json(puzzle.game, puzzle.position),
        **({"solution": puzzle.solution} if with_solution else {}),
    }


def _level(f: Field) -> Level:
    word = single(f)
    try:
        return Level(word.text)
    except ValueError:
        names = ", ".join(level.value for level in Level)
        raise word.error(f"expected a level ({names}), got '{word.text}'") from None


def _score(f: Field) -> float:
    word = single(f)
    try:
        value = float(word.text)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1.0:
        raise word.error(f"expected a score between 0 and 1, got '{word.text}'")
    return value


def _word(
    fields: dict[str, Field],
    key: str,
    default: str,
    digits: bool = False,
    choices: tuple[str, ...] = (),
) -> str:
    if key not in fields:
        return default
    word = single(fields[key])
    if digits and not is_number(word.text):
        raise word.error(f"expected a whole number for '{key}', got '{word.text}'")
    if choices and word.text not in choices:
        raise word.error(f"expected {' or '.join(choices)} for '{key}', got '{word.text}'")
    return word.text


def _metrics(f: Field | None) -> dict[str, float]:
    metrics: dict[str, float] = {}
    for token in f.tokens() if f else []:
        name, _, value = token.text.partition("=")
        try:
            metrics[name] = float(value)
        except ValueError:
            raise token.error(f"expected name=number, got '{token.text}'") from None
    return metrics


def _held_out(f: Field | None) -> tuple[str, ...]:
    return tuple(token.text for token in f.tokens()) if f else ()


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.4g}"
