"""No input ends in a traceback: a hypothesis-driven fuzz of every command.

Every command and option of the `playable` app is found by walking the typer
command tree (a new command or option is fuzzed without touching this file) and
invoked in-process with Typer's ``CliRunner`` on:

* junk files in every format: random bytes, random ``key: value`` text under
  each game's header, and the example files with random edits (`show`, `solve`,
  `analyse`, `play`, also through stdin);
* junk option values: zero, negative, huge, ``nan``/``inf``, ``1e23``, other
  scripts' digits, random text, and for path options directories, missing
  folders, existing files and junk or wrong-kind SQLite files;
* junk databases for every ``--db`` and ``report``.

Each run must end with an exit code of 0, 1, 2 or 3, no Python exception escaping
the command and no "Traceback" on any stream; an exit code 2 (usage or input
error) must print exactly one line on stderr. The few subprocess cases at the end
check the same for what only a real process shows (a FIFO, process
substitution, a junk database), and run a handful of commands (every example
under ``-m slow``) with stdin or stdout closed, stdout on ``/dev/full``, an ASCII
locale and unusable ``COLUMNS`` values: one line and exit code 2 where the result
cannot be written, else the exit code and output of a normal run. Examples are
bounded so the file runs in well under 30 s; solver options come with small
budgets.
"""

from __future__ import annotations

import itertools
import os
import random
import shlex
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import typer.main
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from playable.cli.main import app
from playable.puzzles.library import PuzzleLibrary
from playable.solver.core.study import ResultStore
from playable.solver.thegame.rules import Variant
from playable.solver.thegame.simulate import Simulation, store_config
from playable.solver.thegame.study import Study

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.txt"))
RUNNER = CliRunner()
FUZZ = settings(
    max_examples=int(os.environ.get("PLAYABLE_FUZZ_EXAMPLES", "40")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=os.environ.get("PLAYABLE_FUZZ_RANDOM") is None,
)

# Values for any option: out of range, not numbers, other scripts' digits, ...
NASTY = [
    "0",
    "-1",
    "-5",
    "3",
    "1e23",
    "99999999999999999999",
    "-99999999999999999999",
    "nan",
    "inf",
    "-inf",
    "1.5",
    "",
    " ",
    "-",
    "abc",
    "²",
    "٣",
    "1²",
    "R1,R1,R1,R1,R1,R1,R1",
    "W:green",
    "2,3,٣,5",
    "banana",
    "tcp://banana",
    # valid words, so that fuzzed runs reach the engines and bots
    "easy",
    "hard",
    "greedy",
    "careful",
    "random",
    "stronger",
    "kernel",
    "cpsat",
    "dfs",
    "search",
    "local",
    "green",
    "R5",
    "W4",
    "greedy,random,random",
]
# Characters for random text: no ASCII digits (a random valid count could start a
# long run), no NUL (argv cannot carry it).
TEXT = st.text(st.characters(codec="utf-8", exclude_characters="0123456789\x00"), max_size=12)


def _walk(command: object, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], object]]:
    children = getattr(command, "commands", None)
    if children is None:
        yield path, command
        return
    for name, child in children.items():
        yield from _walk(child, (*path, name))


COMMANDS = dict(_walk(typer.main.get_command(app), ()))


def _options(path: tuple[str, ...]) -> list[str]:
    """The value-taking options of a command (flags are fuzzed by presence)."""
    params = getattr(COMMANDS[path], "params", [])
    return [p.opts[0] for p in params if getattr(p, "is_flag", None) is False]


def _flags(path: tuple[str, ...]) -> list[str]:
    params = getattr(COMMANDS[path], "params", [])
    return [p.opts[0] for p in params if getattr(p, "is_flag", None) is True]


#: The options of a study small enough for a fuzz case (one 11-card deal, 1 s).
SMALL_STUDY = ["--deals", "1", "--max-card", "12", "--seconds", "1", "--workers", "1"]
#: The same for Face to Face (one deal of cards 2..9, solved for both first players).
SMALL_FACETOFACE_STUDY = ["--deals", "1", "--max-card", "9", "--nodes", "2000", "--workers", "1"]
#: The same for UNO (one round from the deal, a tiny node budget and table).
SMALL_UNO_STUDY = ["--deals", "1", "--nodes", "2000", "--memory", "16", "--workers", "1"]
#: A cheap `playable generate` (one short attempt at an easy The Game puzzle).
SMALL_GENERATE = ["thegame", "--difficulty", "easy", "--seconds", "0.2", "--max-attempts", "1"]

#: The files the ``files`` fixture makes (and "missing", in a folder that does not exist).
PATH_NAMES = [
    "dir",
    "text.txt",
    "junk.sqlite",
    "empty.sqlite",
    "header.sqlite",
    "study.sqlite",
    "sim.sqlite",
    "library.sqlite",
    "truncated.sqlite",
    "other.sqlite",
    "odd.sqlite",
    "garbled.sqlite",
    "garbled-config.sqlite",
    "missing",
]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Paths fuzzed into path options and positional files."""
    folder = tmp_path_factory.mktemp("fuzz")
    (folder / "dir").mkdir()
    (folder / "text.txt").write_text("hello\n")
    (folder / "junk.sqlite").write_bytes(b"junk" * 10)
    (folder / "empty.sqlite").write_bytes(b"")
    (folder / "header.sqlite").write_bytes(b"SQLite format 3\x00" + bytes(84))
    study = ResultStore(folder / "study.sqlite", Study(Variant(2), 1.0).config())
    study.record(0, {"status": "solved", "value": 0, "seconds": 0.1, "proven_optimal": True})
    study.close()
    simulation = store_config(Simulation(Variant(2), "greedy"))
    ResultStore(folder / "sim.sqlite", simulation).close()
    odd = ResultStore(folder / "odd.sqlite", {"game": "thegame", "kind": "study", "x": 1})
    odd.record(0, {"status": "solved", "value": 0})
    odd.close()
    PuzzleLibrary(folder / "library.sqlite").close()
    for name, sql in (
        ("garbled.sqlite", "UPDATE results SET result = 'not json'"),
        ("garbled-config.sqlite", "UPDATE study SET value = '[1'"),
    ):
        shutil.copy(folder / "study.sqlite", folder / name)
        garbled = sqlite3.connect(folder / name)
        garbled.execute(sql)
        garbled.commit()
        garbled.close()
    data = (folder / "study.sqlite").read_bytes()
    (folder / "truncated.sqlite").write_bytes(data[: len(data) // 3])
    other = sqlite3.connect(folder / "other.sqlite")
    other.execute("CREATE TABLE t (x)")
    other.commit()
    other.close()
    paths = {name: str(folder / name) for name in PATH_NAMES if name != "missing"}
    paths["missing"] = str(folder / "no-such-folder" / "x.sqlite")
    paths["new"] = str(folder / "new.sqlite")
    paths["out"] = str(folder / "out")
    paths["folder"] = str(folder)
    return paths


def invoke(args: list[str], stdin: bytes | None = None) -> None:
    """Run one command in-process and check it ended cleanly."""
    result = RUNNER.invoke(app, args, input=stdin)
    shown = f"playable {' '.join(args)!r}"
    error = result.exception
    assert error is None or isinstance(error, SystemExit), (
        f"{shown} raised {type(error).__name__}: {error}"
    )
    output = result.stdout + result.stderr
    assert "Traceback" not in output, f"{shown} printed a traceback:\n{output}"
    assert result.exit_code in (0, 1, 2, 3), f"{shown} exited {result.exit_code}:\n{output}"
    if result.exit_code == 2:
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1, f"{shown}: an input error must be one line:\n{result.stderr}"


# ---------------------------------------------------------------------------------------
# Junk files in every format


def _header_and_fields() -> st.SearchStrategy[str]:
    headers = st.sampled_from(
        [
            "playable thegame deal",
            "playable thegame position",
            "playable uno deal",
            "playable uno position",
            "playable uno hand",
            "playable sequence position",
            "playable facetoface deal",
            "playable facetoface position",
            "playable puzzle thegame",
            "playable bogus deal",
        ]
    )
    keys = st.sampled_from(
        [
            "players",
            "max-card",
            "deck",
            "deck 1",
            "deck 2",
            "piles",
            "hand 1",
            "hand 2",
            "hand ²",
            "draw",
            "to-move",
            "laid",
            "top",
            "colour",
            "hand",
            "phase",
            "dealer",
            "sides",
            "row 0",
            "sequences",
            "kind",
            "level",
            "seed",
        ]
    )
    values = st.lists(st.sampled_from([*NASTY, "1", "2", "37", "R5", "G1", "W4", "a0"]) | TEXT)
    field = st.tuples(keys, values).map(lambda kv: f"{kv[0]}: {' '.join(kv[1])}")
    return st.tuples(headers, st.lists(field, max_size=8)).map(
        lambda hf: "\n".join([hf[0], *hf[1]]) + "\n"
    )


@st.composite
def _edited_example(draw: st.DrawFn) -> str:
    lines = EXAMPLES[draw(st.integers(0, len(EXAMPLES) - 1))].read_text().splitlines()
    for _ in range(draw(st.integers(1, 3))):
        if not lines:
            break
        at = draw(st.integers(0, len(lines) - 1))
        edit = draw(st.sampled_from(["drop", "copy", "replace", "insert"]))
        if edit == "drop":
            del lines[at]
        elif edit == "copy":
            lines.insert(at, lines[at])
        else:
            words = lines[at].split(" ")
            spot = draw(st.integers(0, len(words) - 1))
            words[spot] = draw(st.sampled_from(NASTY) | TEXT)
            if edit == "insert":
                words.insert(spot, draw(st.sampled_from(NASTY)))
            lines[at] = " ".join(words)
    return "\n".join(lines) + "\n"


JUNK_FILES = (
    st.binary(max_size=200)
    | _header_and_fields().map(str.encode)
    | _edited_example().map(str.encode)
)
_counter = itertools.count()


@FUZZ
@given(
    content=JUNK_FILES,
    verb=st.sampled_from(["show", "solve", "analyse", "play", "review", "stdin"]),
)
def test_junk_files(files: dict[str, str], content: bytes, verb: str) -> None:
    path = Path(files["folder"]) / f"junk-{next(_counter)}.txt"
    path.write_bytes(content)
    if verb == "stdin":
        invoke(["show", "-"], stdin=content)
    elif verb == "show":
        invoke(["show", str(path)])
    elif verb == "play":
        invoke(["play", str(path)])
    elif verb == "review":
        invoke(["review", str(path), "--nodes", "500"])
    else:
        invoke([verb, str(path), "--seconds", "1"])


# ---------------------------------------------------------------------------------------
# Junk option values


def _bases(files: dict[str, str]) -> dict[tuple[str, ...], list[str]]:
    """A cheap, valid invocation of each command (a small deal, small budgets); the
    `deal` commands need no arguments."""
    example = {e.name: str(e) for e in EXAMPLES}
    budget = ["--seconds", "1", "--nodes", "2000"]
    seat = ["--samples", "2", "--nodes", "200"]
    bases: dict[tuple[str, ...], list[str]] = {
        ("show",): [example["thegame-solo.deal.txt"]],
        ("move",): [example["thegame-solo.deal.txt"], "5@0"],
        ("review",): [example["review.facetoface.txt"], "--nodes", "2000"],
        ("report",): [files["study.sqlite"]],
        ("generate",): list(SMALL_GENERATE),
        ("play", "thegame"): ["--max-card", "20"],
        ("solve", "thegame"): ["--max-card", "12", *budget],
        ("analyse", "thegame"): ["--max-card", "12", *budget],
        ("solve", "uno"): ["--hand", "R1,R2", "--top", "R5", "--seconds", "1"],
        ("analyse", "uno"): [example["endgame.uno.txt"], *budget],
        ("solve", "sequence"): [example["win-in-2.sequence.txt"], *budget],
        ("analyse", "sequence"): [example["win-in-2.sequence.txt"], *budget],
        ("solve", "facetoface"): [example["endgame.facetoface.txt"], *budget],
        ("analyse", "facetoface"): [example["endgame.facetoface.txt"], *budget],
        ("solve", "puzzle"): [example["thegame-lay-all-easy.puzzle.txt"], "--seconds", "1"],
        ("simulate", "thegame"): ["--games", "2", "--workers", "1"],
        ("simulate", "uno"): ["--games", "1", "--target", "50", "--workers", "1"],
        ("simulate", "sequence"): ["--games", "1", "--max-turns", "40", "--workers", "1"],
        ("simulate", "facetoface"): ["--games", "1", "--workers", "1"],
        ("play", "facetoface"): ["--max-card", "20", "--bot", "greedy"],
        ("play", "uno"): ["--max-turns", "200"],
        ("play", "sequence"): ["--max-turns", "40"],
        ("study", "thegame"): [*SMALL_STUDY, "--db", files["new"]],
        ("study", "facetoface"): [*SMALL_FACETOFACE_STUDY, "--db", files["new"]],
        ("study", "uno"): [*SMALL_UNO_STUDY, "--db", files["new"]],
        ("puzzles", "list"): ["--db", files["library.sqlite"]],
        ("puzzles", "show"): ["1", "--db", files["library.sqlite"]],
        ("puzzles", "answer"): ["1", "5@0", "--db", files["library.sqlite"], "--seconds", "1"],
        ("puzzles", "export"): ["--db", files["library.sqlite"], "-o", files["out"]],
        ("check", "thegame"): [files["text.txt"]],
        ("view",): [example["thegame-solo-late.position.txt"], "--seat", "1"],
        ("analyse", "seat"): [example["thegame-solo-late.position.txt"], "--seat", "1", *seat],
        # --check validates the options and exits: the walk must not start a server
        ("serve",): ["--check"],
    }
    return bases


def _base(path: tuple[str, ...], files: dict[str, str]) -> list[str]:
    return [*path, *_bases(files).get(path, [])]


FUZZED = sorted(p for p in COMMANDS if _options(p))


@FUZZ
@given(data=st.data())
def test_junk_option_values(files: dict[str, str], data: st.DataObject) -> None:
    path = data.draw(st.sampled_from(FUZZED))
    args = _base(path, files)
    options = _options(path)
    for option in data.draw(st.lists(st.sampled_from(options), min_size=1, max_size=3)):
        if option in ("--db", "-o", "--plots", "--record"):
            value = files[data.draw(st.sampled_from(PATH_NAMES))]
        else:
            value = data.draw(st.sampled_from(NASTY) | TEXT)
        args += [option, value]
    args += data.draw(st.lists(st.sampled_from(_flags(path) or ["--json"]), max_size=2))
    invoke(args)


@FUZZ
@given(name=st.sampled_from(PATH_NAMES), command=st.integers(0, 8))
def test_junk_databases(files: dict[str, str], name: str, command: int) -> None:
    db = files[name]
    invoke(
        [
            ["report", db],
            ["puzzles", "list", "--db", db],
            ["puzzles", "show", "1", "--db", db],
            ["puzzles", "export", "--db", db, "-o", files["out"]],
            ["simulate", "thegame", "--games", "1", "--workers", "1", "--db", db],
            ["study", "thegame", *SMALL_STUDY, "--db", db],
            ["study", "uno", *SMALL_UNO_STUDY, "--db", db],
            ["generate", *SMALL_GENERATE, "--db", db],
            ["solve", "thegame", "--max-card", "12", "--nodes", "2000", "--split", "1", "--db", db],
        ][command]
    )


def test_every_command_is_fuzzed(files: dict[str, str]) -> None:
    """Each command with options other than `deal` has a cheap base invocation."""
    bases = _bases(files)
    assert [p for p in FUZZED if p[0] != "deal" and p not in bases] == []


# ---------------------------------------------------------------------------------------
# What only a real process shows


def run(*args: str, shell: str | None = None) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "playable.cli.main", *args]
    return subprocess.run(
        ["bash", "-c", shell] if shell else command,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def test_fifo_and_process_substitution_are_read_once(tmp_path: Path) -> None:
    deal = EXAMPLES[0].read_text()
    example = next(e for e in EXAMPLES if e.name == "thegame-solo.deal.txt")
    substituted = run(shell=f"{sys.executable} -m playable.cli.main show <(cat {example}) --json")
    assert substituted.returncode == 0, substituted.stderr
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    writer = subprocess.Popen(["bash", "-c", f"cat {EXAMPLES[0]} > {fifo}"])
    shown = run("show", str(fifo))
    writer.wait(timeout=10)
    assert shown.returncode == 0, shown.stderr
    assert deal  # the file the FIFO carried


@pytest.mark.parametrize(
    "args",
    [
        ["study", "thegame", "--players", "2", "--deals", "1", "--db", "JUNK"],
        ["report", "JUNK"],
        ["deal", "thegame", "-o", "DIR"],
        ["study", "thegame", "--deals", "1", "--scheduler", "banana", "--db", "NEW"],
    ],
)
def test_subprocess_input_errors_are_one_line(tmp_path: Path, args: list[str]) -> None:
    junk = tmp_path / "x.sqlite"
    junk.write_text("junk")
    library = tmp_path / "lib.sqlite"
    PuzzleLibrary(library).close()
    names = {"JUNK": str(junk), "DIR": str(tmp_path), "NEW": str(tmp_path / "n.sqlite")}
    names["LIBRARY"] = str(library)
    result = run(*[names.get(a, a) for a in args])
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_random_bytes_through_a_pipe() -> None:
    rng = random.Random(15)
    content = bytes(rng.randrange(256) for _ in range(300))
    result = subprocess.run(
        [sys.executable, "-m", "playable.cli.main", "show", "-"],
        input=content,
        capture_output=True,
        timeout=60,
        check=False,
        cwd=ROOT,
    )
    assert result.returncode == 2 and b"Traceback" not in result.stderr


# ---------------------------------------------------------------------------------------
# Hostile terminals and disks (cli/output.py, README "Exit codes"): the walks above run
# again as real processes of .venv/bin/playable with stdin or stdout closed, stdout on
# a full disk, an ASCII locale and unusable terminal widths.

PLAYABLE = str(Path(sys.executable).parent / "playable")

#: condition -> (shell redirection, environment)
CONDITIONS: dict[str, tuple[str, dict[str, str]]] = {
    "stdin closed": ("<&-", {}),
    "stdout closed": (">&-", {}),
    "stdout on a full disk": (">/dev/full", {}),
    "ASCII locale": ("", {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0"}),
    "COLUMNS=0": ("", {"COLUMNS": "0"}),
}
#: More widths no terminal has, for the slow walk.
SLOW_CONDITIONS: dict[str, tuple[str, dict[str, str]]] = {
    "COLUMNS=-5": ("", {"COLUMNS": "-5"}),
    "COLUMNS=abc": ("", {"COLUMNS": "abc"}),
    "COLUMNS=huge": ("", {"COLUMNS": "99999999999999999999", "LINES": "0"}),
    "COLUMNS=1": ("", {"COLUMNS": "1"}),
}

#: A handful of commands that print a result and exit 0, with symbols an ASCII
#: terminal lacks (UNO's ▶, The Game's arrows), boxes, JSON and a search.
QUICK = [
    ["show", "examples/endgame.uno.txt"],
    ["show", "--json", "examples/thegame-solo.deal.txt"],
    ["solve", "examples/win-in-2.sequence.txt", "--nodes", "20000"],
]
#: The quick walk's reader of stdin (with stdin closed: one line, exit 2).
STDIN = ["show", "-"]


def _slow_commands() -> list[list[str]]:
    commands = [["--help"], ["solve", "--help"], ["deal", "uno", "--seed", "3"]]
    for example in EXAMPLES:
        name = f"examples/{example.name}"
        commands += [["show", name], ["show", "--json", name]]
        if "puzzle" not in example.name:
            # node budgets only: the same answer under any load
            commands.append(["solve", name, "--nodes", "2000"])
            if example.name != "deal.facetoface.txt":  # hundreds of first turns: minutes
                commands.append(["analyse", name, "--nodes", "2000"])
    for game in ("thegame", "uno", "facetoface", "sequence"):
        commands.append(["deal", game, "--seed", "5"])
    return commands


def _shell(
    args: list[str], redirection: str, env: dict[str, str]
) -> subprocess.CompletedProcess[bytes]:
    """One command as a shell runs it; ``-`` reads the UNO endgame from stdin (unless
    the condition closes stdin)."""
    words = " ".join(shlex.quote(a) for a in args)
    stdin = "< examples/endgame.uno.txt" if "-" in args and redirection != "<&-" else ""
    return subprocess.run(
        ["bash", "-c", f"{shlex.quote(PLAYABLE)} {words} {stdin} {redirection}"],
        capture_output=True,
        timeout=300,  # a kernel compiled anew (cold numba cache) takes minutes
        check=False,
        cwd=ROOT,
        env={**os.environ, **env},
    )


def _check_condition(
    condition: str, args: list[str], baseline: subprocess.CompletedProcess[bytes]
) -> None:
    redirection, env = {**CONDITIONS, **SLOW_CONDITIONS}[condition]
    result = _shell(args, redirection, env)
    shown = f"{condition}: playable {' '.join(args)}"
    out, err = result.stdout, result.stderr.decode("utf-8", "replace")
    assert b"Traceback" not in out + result.stderr, f"{shown} printed a traceback:\n{err}"
    printed = bool(baseline.stdout.strip())
    if redirection in (">&-", ">/dev/full") and printed:
        assert result.returncode == 2, f"{shown} exited {result.returncode}:\n{err}"
        lines = err.strip().splitlines()
        assert len(lines) == 1 and "cannot write the output to stdout" in lines[0], shown + err
        return
    if redirection == "<&-" and "-" in args:
        assert result.returncode == 2, f"{shown} exited {result.returncode}:\n{err}"
        assert err.strip().splitlines() == ["error: <stdin>: closed (no standard input to read)"]
        return
    assert result.returncode == baseline.returncode, f"{shown} exited {result.returncode}:\n{err}"
    assert bool(out.strip()) == printed, f"{shown} printed nothing"
    if env.get("LC_ALL") == "C":
        out.decode("ascii")  # every symbol has its ASCII stand-in


def _check_all(
    pairs: list[tuple[str, list[str]]], baselines: dict[str, subprocess.CompletedProcess[bytes]]
) -> None:
    """Run every (condition, command) pair, a few processes at a time; report every
    failure together."""
    with ThreadPoolExecutor(4) as pool:
        checks = {
            pool.submit(_check_condition, condition, args, baselines[" ".join(args)]): condition
            for condition, args in pairs
        }
        failures = []
        for check in checks:
            try:
                check.result()
            except AssertionError as failure:  # it names its condition and command
                failures.append(str(failure))
            except subprocess.TimeoutExpired as failure:
                failures.append(f"{checks[check]}: {failure}")
    assert not failures, "\n\n".join(failures)


def test_hostile_terminals_and_disks() -> None:
    """A handful of commands per condition, all run at once; each exits 0 with output in
    a normal terminal."""
    normal = subprocess.CompletedProcess[bytes]([], 0, b"a result", b"")
    pairs = [(condition, args) for condition in sorted(CONDITIONS) for args in QUICK]
    pairs.append(("stdin closed", STDIN))
    _check_all(pairs, {" ".join(args): normal for args in [*QUICK, STDIN]})


@pytest.mark.slow
def test_hostile_terminals_and_disks_every_example() -> None:
    commands = _slow_commands()
    with ThreadPoolExecutor(4) as pool:
        baselines = dict(
            zip(
                (" ".join(a) for a in commands),
                pool.map(lambda a: _shell(a, "", {}), commands),
                strict=True,
            )
        )
    conditions = sorted({**CONDITIONS, **SLOW_CONDITIONS})
    _check_all([(c, a) for c in conditions for a in commands], baselines)
