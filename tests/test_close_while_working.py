"""Closing the app while a worker runs, with both cores busy (issue 58). Before, the scoring thread was a Qt child of
its page and went with it while it ran: "QThread: Destroyed while thread '' is still running" and the app aborted
(exit status 134). Now every worker lives until it ends, and the window cancels and waits for it at close. Each run
is a process of its own: an abort must not take pytest with it."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys

import pytest

from helpers import DEMO, ROOT

pytestmark = pytest.mark.under_load


def _app_script(script: str, *args: str) -> subprocess.CompletedProcess:
    done = subprocess.run([sys.executable, str(ROOT / "tests" / script), str(ROOT), *args], capture_output=True,
                          text=True, timeout=600, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert "Destroyed while thread" not in done.stderr, done.stderr
    assert done.returncode == 0, done.stderr[-2000:]
    return done


def test_closing_the_window_while_it_scores_never_aborts_with_both_cores_busy(tmp_path):
    card = json.loads(DEMO.read_text("utf-8"))
    card["entries"] = [dict(e, id=f"{e['id']}-{k}") for k in range(150) for e in card["entries"]]
    big = tmp_path / "big.runcard.json"
    big.write_text(json.dumps(card, ensure_ascii=False), "utf-8")
    done = _app_script("close_while_scoring.py", str(tmp_path / "app.sqlite"), str(big))
    assert done.stdout.strip().endswith("closed while scoring")


@pytest.fixture(scope="module")
def busy_laptop(tmp_path_factory, scored_demo):
    """A laptop with a 2,000-item adaptive campaign (its status replays forecasts for a while), a speaker past the
    practice round and a shared folder."""
    from bench.review_bench import large_runs
    from review import records
    from review.rating import campaigns, practice
    from review.store import Store
    root = tmp_path_factory.mktemp("busy")
    with Store(root / "laptop.sqlite", backup=False) as store:
        cid = campaigns.create_adaptive_campaign(store, large_runs(json.loads(scored_demo.read_text("utf-8")), 1000),
                                                 "A")
        speaker = records.speakers.add_speaker(store, "Mary", "test")
        practice.mark_done(store, cid, speaker)
        (root / "shared").mkdir()
        records.shared_folder.choose(store, str(root / "shared"))
    return root, cid, speaker


MOMENTS = [random.Random(58).uniform(0.0, 0.3), random.Random(59).uniform(0.3, 2.0)]  # seconds after the work was asked


@pytest.mark.parametrize("kind", ["sync", "status", "report"])
def test_closing_at_any_moment_of_a_sync_a_status_or_a_report_never_aborts_nor_loses_the_answer(
        busy_laptop, tmp_path, kind):
    from review.store import Store
    root, cid, speaker = busy_laptop
    under_way = []
    for k, delay in enumerate(MOMENTS):
        db = tmp_path / f"{kind}-{k}.sqlite"
        shutil.copy(root / "laptop.sqlite", db)
        with Store(db, backup=False) as copied:  # each copy stands for the laptop (a copy syncs nothing otherwise)
            copied.adopt()
        done = _app_script("close_at_a_moment.py", str(db), speaker, cid, kind, f"{delay:.3f}",
                           str(tmp_path / f"report-{k}.pdf"))
        position, state, said = done.stdout.split()
        assert said == "closed", done.stdout
        under_way.append(state == "busy")
        with Store(db, backup=False) as store:
            answer = store.one("select answers from ratings where campaign_id = ? and speaker_id = ? and position = ?",
                               [cid, speaker, int(position)])
        assert answer is not None and json.loads(answer["answers"]) == {"adequacy": 4, "fluency": 3}, (kind, delay)
    assert under_way[0], f"the {kind} had ended before the first close: the test closed nothing under way"
