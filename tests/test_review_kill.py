"""Kill a process that is recording answers (SIGKILL, many times, at random moments): no committed
answer is lost and the integrity check passes."""

from __future__ import annotations

import os
import random
import signal
import time

import pytest

from review import records
from review.rating import campaigns, sequence
from review.records import catalogue
from review.store import Store

def _record_until_killed(path: str, cid: str, out: int) -> None:
    """The child's work: answer again and again, writing "uuid position" to ``out`` after each commit returned."""
    store = Store(path, backup=False)
    speaker = records.speakers.add_speaker(store, "speaker", "kill test")
    sequence.join(store, cid, speaker)
    k = 0
    while True:
        pos = records.sequences.next_position(store, cid, speaker)
        if pos is None:
            pos = k % 10
        uuid = records.answers.answer(store, cid, speaker, pos, {"adequacy": 1 + k % 5, "fluency": 1 + (k * 3) % 5})
        os.write(out, f"{uuid} {pos}\n".encode())  # written only after the commit returned
        k += 1


def _forked_recorder(path: str, cid: str) -> tuple[int, int]:
    """A child forked from this (already imported) process, recording answers: its pid and the pipe it writes to.
    (A fresh interpreter per kill spent most of the test importing.)"""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        os.close(read)
        try:
            _record_until_killed(path, cid, write)
        finally:
            os._exit(1)
    os.close(write)
    return pid, read


def _read_all(fd: int) -> str:
    chunks = []
    while chunk := os.read(fd, 65536):
        chunks.append(chunk)
    os.close(fd)
    return b"".join(chunks).decode()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL") or not hasattr(os, "fork"), reason="needs SIGKILL and fork (POSIX)")
def test_sigkill_never_loses_a_committed_answer(tmp_path, scored_demo):
    path = tmp_path / "review.sqlite"
    with Store(path) as store:
        cid = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "A")
    rng = random.Random(7)
    committed: dict[str, str] = {}
    for _ in range(20):
        pid, pipe = _forked_recorder(str(path), cid)
        first = b""
        while not first.endswith(b"\n"):  # the child is recording: now kill it at a random moment
            byte = os.read(pipe, 1)
            assert byte, "the child ended before its first answer"
            first += byte
        time.sleep(rng.uniform(0.0, 0.4))
        os.kill(pid, signal.SIGKILL)
        text = first.decode() + _read_all(pipe)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, status
        complete = text[: text.rfind("\n") + 1]  # a line cut by the kill is not evidence
        for line in complete.splitlines():
            parts = line.split()
            assert len(parts) == 2, f"a line that is no 'uuid position': {line!r} in {text!r}"
            committed[parts[0]] = line
    assert len(committed) >= 20, "every child recorded at least one answer before being killed"
    with Store(path) as store:
        assert store.integrity_ok()
        present = {r["uuid"] for r in store.rows("select uuid from ratings")}
    missing = set(committed) - present
    assert not missing, f"{len(missing)} committed answers lost"
