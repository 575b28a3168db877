"""The output layer (cli/output.py, README "Exit codes"): streams that survive a closed
or full stdout, any locale and any ``COLUMNS``; output files written whole or not at
all; a broken pipe a quiet 141; Ctrl-C in a search its result so far and 130; and no
`deal` option that writes a file `show` refuses.

In-process cases check the pieces; subprocess cases run ``.venv/bin/playable`` the
way a shell does, since only a real process has closed descriptors, ``/dev/full``,
a size limit (``ulimit -f 0``: every file write fails with EFBIG, as on a full disk)
and signals."""

from __future__ import annotations

import errno
import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

from playable.cli.main import app
from playable.cli.output import (
    BROKEN_PIPE_EXIT,
    MAX_COLUMNS,
    MIN_COLUMNS,
    GuardedStream,
    OutputError,
    SaneEnviron,
    printable,
)
from playable.solver.core.files import write_atomic

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
PLAYABLE = str(Path(sys.executable).parent / "playable")
RUNNER = CliRunner()
SOME = settings(max_examples=40, deadline=None)


def shell(script: str, timeout: float = 60, **env: str) -> subprocess.CompletedProcess[str]:
    """Run ``script`` in bash with ``$P`` the playable command, from the repository."""
    return subprocess.run(
        ["bash", "-c", script],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        cwd=ROOT,
        env={**os.environ, "P": PLAYABLE, **env},
    )


def one_error_line(result: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


# ---------------------------------------------------------------------------------------
# The pieces


@SOME
@given(st.text(max_size=40))
def test_any_text_is_printable_in_ascii(text: str) -> None:
    shown = printable(text, "ascii")
    shown.encode("ascii")  # never raises
    assert printable(text, "utf-8") == text


def test_symbols_have_readable_ascii_stand_ins() -> None:
    assert printable("piles after (↑ ↑ ↓ ↓) ▶ ×2 ♥", "ascii") == "piles after (^ ^ v v) > x2 H"
    assert printable("╭─┬─╮│", "ascii") == "+-+-+|"
    assert printable("é٣", "ascii") == "e\\u0663"


ENV_TEXT = st.text(st.characters(exclude_categories=["Cs"], exclude_characters="\x00"), max_size=8)


@SOME
@given(ENV_TEXT | st.integers(-(10**20), 10**20).map(str))
def test_any_columns_value_gives_a_usable_width(value: str) -> None:
    with pytest.MonkeyPatch.context() as env:
        env.setenv("COLUMNS", value)
        env.delenv("LINES", raising=False)
        console = Console(file=io.StringIO(), _environ=SaneEnviron())
        width = console.width
    assert MIN_COLUMNS <= width <= MAX_COLUMNS
    if value.isascii() and value.isdigit() and MIN_COLUMNS <= int(value) <= MAX_COLUMNS:
        assert width == int(value)
    else:
        assert width == 80  # no terminal here: rich's default


class Failing(io.StringIO):
    def __init__(self, code: int) -> None:
        super().__init__()
        self.code = code

    def write(self, text: str) -> int:
        raise OSError(self.code, os.strerror(self.code))


@pytest.mark.parametrize(
    ("code", "exit_code"), [(errno.ENOSPC, 2), (errno.EPIPE, BROKEN_PIPE_EXIT), (errno.EIO, 2)]
)
def test_a_failed_write_on_stdout_is_an_output_error(code: int, exit_code: int) -> None:
    stream = GuardedStream(Failing(code), "stdout", strict=True)
    with pytest.raises(OutputError) as raised:
        stream.write("result\n")
    assert raised.value.exit_code == exit_code
    assert stream.failure is raised.value
    stream.write("more")  # later writes are dropped, not raised again
    stream.flush()


def test_a_closed_stdout_is_an_output_error_and_stderr_is_best_effort() -> None:
    with pytest.raises(OutputError, match="closed"):
        GuardedStream(None, "stdout", strict=True).write("x")
    quiet = GuardedStream(Failing(errno.ENOSPC), "stderr", strict=False)
    quiet.write("a message nobody can read")
    assert quiet.failure is not None


@settings(max_examples=20, deadline=None)
@given(old=st.binary(max_size=300), new=st.text(max_size=300))
def test_an_atomic_write_is_whole_or_not_at_all(
    tmp_path_factory: pytest.TempPathFactory, old: bytes, new: str
) -> None:
    folder = tmp_path_factory.mktemp("atomic")
    target = folder / "deal.txt"
    target.write_bytes(old)
    write_atomic(target, new)
    assert target.read_bytes() == new.encode("utf-8")
    assert sorted(p.name for p in folder.iterdir()) == ["deal.txt"]


def test_a_failed_atomic_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "deal.txt"
    target.write_text("old\n")

    def full(handle: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError):
        write_atomic(target, "new\n")
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["deal.txt"]


def test_an_output_file_keeps_the_permissions_of_the_one_it_replaces(tmp_path: Path) -> None:
    target = tmp_path / "deal.txt"
    target.write_text("old\n")
    target.chmod(0o640)
    write_atomic(target, "new\n")
    assert target.stat().st_mode & 0o777 == 0o640


# ---------------------------------------------------------------------------------------
# Writers refuse what readers refuse


DEALS = {
    "thegame": st.tuples(
        st.sampled_from(["--seed", "--players", "--max-card"]),
        st.integers(-(2**64), 2**64) | st.integers(-3, 120),
    ),
    "uno": st.tuples(
        st.sampled_from(["--seed", "--players", "--dealer", "--target"]),
        st.integers(-(2**64), 2**64) | st.integers(-3, 12),
    ),
    "facetoface": st.tuples(
        st.sampled_from(["--seed", "--max-card"]),
        st.integers(-(2**64), 2**64) | st.integers(-3, 120),
    ),
    "sequence": st.tuples(
        st.sampled_from(["--seed", "--players"]),
        st.integers(-(2**64), 2**64) | st.integers(-3, 13),
    ),
}


@settings(max_examples=30, deadline=None)
@given(data=st.data(), game=st.sampled_from(sorted(DEALS)))
def test_every_dealt_file_is_shown_back(
    tmp_path_factory: pytest.TempPathFactory, data: st.DataObject, game: str
) -> None:
    """`deal` writes a file `show` reads, or refuses its options (exit 2, one line) and
    writes nothing."""
    options = data.draw(st.lists(DEALS[game], min_size=1, max_size=3))
    output = tmp_path_factory.mktemp("deal") / "deal.txt"
    args = ["deal", game, "-o", str(output)]
    for option, value in options:
        args += [option, str(value)]
    dealt = RUNNER.invoke(app, args)
    assert dealt.exception is None or isinstance(dealt.exception, SystemExit), dealt.exception
    if dealt.exit_code == 2:
        assert len(dealt.stderr.strip().splitlines()) == 1, dealt.stderr
        assert not output.exists()
        assert list(output.parent.iterdir()) == []
        return
    assert dealt.exit_code == 0, dealt.stderr
    shown = RUNNER.invoke(app, ["show", str(output)])
    assert shown.exit_code == 0, f"{args}: show refused the file: {shown.stderr}"


def test_a_uno_seed_out_of_the_file_range_is_refused_up_front(tmp_path: Path) -> None:
    output = tmp_path / "deal.txt"
    result = RUNNER.invoke(app, ["deal", "uno", "--seed", "-1", "-o", str(output)])
    assert result.exit_code == 2
    assert "seed" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not output.exists()


# ---------------------------------------------------------------------------------------
# Real processes: files that cannot be written, pipes, signals


def test_a_deal_on_a_full_disk_leaves_no_file(tmp_path: Path) -> None:
    new, old = tmp_path / "new.txt", tmp_path / "old.txt"
    old.write_text("old\n")
    for target in (new, old):
        result = shell(f"ulimit -f 0; $P deal uno -o {target}")
        assert result.returncode == 2
        assert str(target) in one_error_line(result)
    assert not new.exists()
    assert old.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.txt"]


def test_plots_on_a_full_disk_are_one_line(tmp_path: Path) -> None:
    from playable.solver.core.study import ResultStore
    from playable.solver.thegame.rules import Variant
    from playable.solver.thegame.study import Study

    db = tmp_path / "study.sqlite"
    study = ResultStore(db, Study(Variant(2), 1.0).config())
    study.record(0, {"status": "solved", "value": 0, "seconds": 0.1, "proven_optimal": True})
    study.close()
    written = shell(f"$P report {db} --plots {tmp_path / 'plots'}")
    assert written.returncode == 0 and list((tmp_path / "plots").iterdir()), written.stderr
    result = shell(f"ulimit -f 0; $P report {db} --plots {tmp_path / 'full'}")
    assert result.returncode == 2
    one_error_line(result)


def test_a_proof_that_cannot_be_written_is_an_error_not_a_result() -> None:
    lost = EXAMPLES / "thegame-lost.position.txt"
    result = shell(f"$P solve {lost} --proof /dev/full")
    assert result.returncode == 2
    assert "/dev/full" in one_error_line(result)
    assert result.stdout == ""


@pytest.mark.parametrize("json", ["", "--json"])
def test_a_broken_pipe_is_a_quiet_141(json: str) -> None:
    # ``sleep`` lets ``true`` exit first, so every write meets a closed pipe
    deal = EXAMPLES / "thegame-solo.deal.txt"
    result = shell(f"set -o pipefail; (sleep 0.2; $P show {deal} {json}) | true")
    assert result.returncode == BROKEN_PIPE_EXIT, result.stderr
    assert result.stderr == ""


#: Searches that run far longer than the signal's delay, one per game and verb.
LONG = {
    "thegame": ["solve", "thegame", "--expert", "--players", "1", "--seed", "584"],
    "facetoface": ["solve", str(EXAMPLES / "deal.facetoface.txt")],
    "uno": ["solve", "UNO_DEAL"],
    "sequence": ["solve", str(EXAMPLES / "start.sequence.txt"), "--depth", "8"],
    "analyse facetoface": ["analyse", str(EXAMPLES / "deal.facetoface.txt")],
}


def _started(args: list[str], tmp_path: Path) -> subprocess.Popen[str]:
    uno = tmp_path / "uno.txt"
    if "UNO_DEAL" in args:
        subprocess.run([PLAYABLE, "deal", "uno", "--seed", "1", "-o", str(uno)], check=True)
    return subprocess.Popen(
        [PLAYABLE, *[str(uno) if a == "UNO_DEAL" else a for a in args], "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )


def _interrupt(process: subprocess.Popen[str], after: float, times: int = 1) -> bool:
    """SIGINT ``times`` times once ``after`` seconds have passed; False when the
    process ended first."""
    time.sleep(after)
    for _ in range(times):
        if process.poll() is not None:
            return False
        process.send_signal(signal.SIGINT)
        time.sleep(0.05)
    return True


def test_ctrl_c_prints_the_result_so_far_and_exits_130(tmp_path: Path) -> None:
    """Each game's search, all started at once (the test takes one delay, not four):
    the first Ctrl-C stops it as if its budget ran out."""
    import json

    processes = {name: _started(args, tmp_path) for name, args in LONG.items()}
    time.sleep(6)  # numba's kernels load, the searches start (five processes, two cores)
    for name, process in processes.items():
        if not _interrupt(process, 0):
            process.communicate()
            processes[name] = None  # type: ignore[assignment]
    checked = 0
    for name, process in processes.items():
        if process is None:
            continue  # it finished before the signal: nothing to check
        # a cold numba cache compiles first (minutes): the search then stops at once
        out, err = process.communicate(timeout=600)
        assert process.returncode == 130, f"{name}: {process.returncode}\n{err}"
        assert "Traceback" not in err
        if not out:  # stopped before its search began: one line, nothing to print
            assert err == "error: interrupted\n", err
            continue
        document = json.loads(out)
        status = document.get("status", document.get("value"))
        assert status == "unknown", f"{name}: {out[:300]}"
        assert "interrupted" in err and len(err.strip().splitlines()) == 1, err
        checked += 1
    if checked == 0:
        pytest.skip("every search finished before the signal")


def test_a_second_ctrl_c_ends_the_command_at_once() -> None:
    """Two signals close together: they may reach the process as one (a kernel was
    running), or the second may come while it exits; either way it ends with 130 (as
    the shell shows a death by SIGINT too) and no traceback."""
    process = subprocess.Popen(
        [PLAYABLE, *LONG["thegame"]],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        start_new_session=True,
    )
    if not _interrupt(process, 3, times=2):
        pytest.skip("the search finished before the signal")
    _, err = process.communicate(timeout=600)
    assert process.returncode in (130, -signal.SIGINT), err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) <= 2, err


def test_the_second_ctrl_c_handler_exits_130_with_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from playable.cli import budget

    exits: list[int] = []
    written: list[bytes] = []

    def record_exit(code: int) -> None:
        exits.append(code)

    def record_write(fd: int, data: bytes) -> int:
        written.append(data)
        return len(data)

    monkeypatch.setattr(os, "_exit", record_exit)
    monkeypatch.setattr(os, "write", record_write)
    budget.forget_interrupts()
    made = budget.budget_from(None, None, 16, json=True)
    try:
        assert not made.expired()
        budget._on_sigint(signal.SIGINT, None)
        assert budget.interrupted() and made.expired() and exits == []
        budget._on_sigint(signal.SIGINT, None)
        assert exits == [130] and len(written) == 1 and written[0].count(b"\n") == 1
    finally:
        budget.forget_interrupts()
    assert not made.expired()
