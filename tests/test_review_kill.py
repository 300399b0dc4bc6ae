"""Kill a process that is recording answers (SIGKILL, many times, at random moments): no committed
answer is lost and the integrity check passes."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

import pytest

from helpers import ROOT
from review.rating import campaigns
from review.records import catalogue
from review.store import Store

CHILD = r"""
import sys
from review import records
from review.rating import roster, sequence
from review.store import Store
store = Store(sys.argv[1], backup=False)
cid = sys.argv[2]
speaker = records.speakers.add_speaker(store, "speaker", "kill test")
sequence.join(store, cid, speaker)
k = 0
while True:
    pos = records.sequences.next_position(store, cid, speaker)
    if pos is None:
        pos = k % 10
    uuid = records.answers.answer(store, cid, speaker, pos, {"adequacy": 1 + k % 5, "fluency": 1 + (k * 3) % 5})
    print(uuid, pos, flush=True)  # printed only after the commit returned
    k += 1
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_sigkill_never_loses_a_committed_answer(tmp_path, scored_demo):
    path = tmp_path / "review.sqlite"
    with Store(path) as store:
        cid = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "A")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    rng = random.Random(7)
    committed: dict[str, str] = {}
    for _ in range(20):
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(path), cid], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, env=env, text=True)
        first = child.stdout.readline()  # the child is recording: now kill it at a random moment
        time.sleep(rng.uniform(0.0, 0.4))
        child.send_signal(signal.SIGKILL)
        # the rest read through the same buffered reader as the first line: communicate() reads the pipe itself and
        # would skip what readline() buffered past it (the lost text once made "id…\n\nuuid…" of the output)
        out, err = child.stdout.read(), child.stderr.read()
        child.wait()
        assert child.returncode == -signal.SIGKILL, err
        text = first + out
        complete = text[: text.rfind("\n") + 1]  # a line cut by the kill is not evidence
        for line in complete.splitlines():
            parts = line.split()
            assert len(parts) == 2, f"a line that is no 'uuid position': {line!r} in {text!r}; stderr {err[-500:]!r}"
            committed[parts[0]] = line
    assert len(committed) >= 20, "every child recorded at least one answer before being killed"
    with Store(path) as store:
        assert store.integrity_ok()
        present = {r["uuid"] for r in store.rows("select uuid from ratings")}
    missing = set(committed) - present
    assert not missing, f"{len(missing)} committed answers lost"
