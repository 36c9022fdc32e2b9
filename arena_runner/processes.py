"""Child processes that die with their parent (Linux), so a killed runner or worker leaves none behind."""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO

PR_SET_PDEATHSIG = 1


def _dies_with_parent(signum: int) -> Callable[[], None] | None:
    if not sys.platform.startswith("linux"):
        return None

    def arrange() -> None:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signum)

    return arrange


def start(
    command: Sequence[str],
    log: Path | None,
    *,
    parent_death: int = signal.SIGTERM,
    env: Mapping[str, str] | None = None,
    new_session: bool = False,
) -> subprocess.Popen[bytes]:
    """Start ``command`` with its output appended to ``log`` (or discarded); ``parent_death`` reaches it if we die.

    With ``new_session`` it leads a process group of its own (its children join it): a Ctrl-C at the
    terminal reaches the runner alone, which stops the group itself (:func:`stop_group`).
    """
    output: IO[bytes] | int = subprocess.DEVNULL
    if log is not None:
        log.parent.mkdir(parents=True, exist_ok=True)
        output = log.open("ab")
    try:
        return subprocess.Popen(
            list(command),
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT,
            preexec_fn=_dies_with_parent(parent_death),  # noqa: PLW1509 (prctl only: no locks, no threads)
            env=None if env is None else dict(env),
            start_new_session=new_session,
        )
    finally:
        if not isinstance(output, int):
            output.close()


def stop(process: subprocess.Popen[bytes], grace: float = 5.0) -> int:
    """SIGTERM, then SIGKILL after ``grace`` seconds; the exit status."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            process.kill()
    return process.wait()


def signal_group(process: subprocess.Popen[bytes], signum: int) -> None:
    """Send ``signum`` to the process group ``process`` leads (started with ``new_session``)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signum)


def stop_group(process: subprocess.Popen[bytes], grace: float) -> int | None:
    """Wait up to ``grace`` seconds for ``process`` to exit, then kill its whole group; its exit status."""
    try:
        return process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        signal_group(process, signal.SIGKILL)
        try:
            return process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return None
