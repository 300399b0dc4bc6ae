"""The app's responsiveness on a large campaign, idle and on a busy laptop (issue 58): the keys of a speaker's page, the
first window and Correlate on a 6,000-item adaptive campaign, measured in a process of its own (``bench.app_session``)
once alone and once beside two CPU-bound processes, each next to a bare Qt baseline measured in the same conditions;
and the app's peak memory through that session and while scoring a 10,000-entry run card (goal: 1 GiB, for 4 GB
laptops)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from bench.common import ROOT
from bench.review_bench import large_runs
from review import records
from review.rating import campaigns, practice, sequence
from review.store import Store
from scoring import engine, runcard
from scoring.rubric import load_profile

BARE = ("import sys, time, json; from PySide6.QtWidgets import QApplication, QLabel; app = QApplication(sys.argv[:1]); "
        "w = QLabel('hello'); w.show(); app.processEvents(); print('shown', flush=True); times = []\n"
        "for k in range(40):\n"
        "    t = time.perf_counter(); w.setText(f'item {k}'); app.processEvents(); w.repaint(); "
        "times.append(time.perf_counter() - t)\n"
        "print(json.dumps(times), flush=True)")
LYSS = ("import sys; from desktop.qt_common import application; from desktop.main_window import MainWindow; "
        "app = application(); w = MainWindow(sys.argv[1]); w.show(); app.processEvents(); print('shown', flush=True)")
HOG = "while True: pass"
GOAL_MS = 100  # a key's p95 on a busy laptop
GOAL_MIB = 1024


def _env() -> dict:
    return {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}


@contextmanager
def _hogs(count: int):
    hogs = [subprocess.Popen([sys.executable, "-c", HOG]) for _ in range(count)]
    try:
        yield
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


def _launch(code: str, *args: str) -> tuple[float, list[float]]:
    """Seconds from start to the first window, and what the program printed after it (the baseline's key times)."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            env=_env(), text=True)
    proc.stdout.readline()
    elapsed = time.perf_counter() - start
    rest = proc.stdout.readline() if code is BARE else ""
    proc.kill()
    proc.wait()
    return elapsed, json.loads(rest) if rest else []


def _session(db: Path, out: Path, *args: str) -> dict:
    subprocess.run([sys.executable, "-m", "bench.app_session", *args, str(out)], check=True, env=_env(), cwd=ROOT,
                   stderr=subprocess.DEVNULL)
    return json.loads(out.read_text("utf-8"))


def _campaigns(work: Path) -> Path:
    """Adaptive task A and task E campaigns of two runs of 3,000 segments (6,000 items each); the speaker "bench" past
    both practice rounds; two other speakers answered 60 items of A each (Correlate has something to correlate)."""
    scored = engine.score_run(runcard.load(str(ROOT / "examples" / "demo-crk.runcard.json")), load_profile("B"),
                              n_bootstrap=10)
    runs = large_runs(scored, 3000)
    db = work / "large.sqlite"
    with Store(db, backup=False) as store:
        a = campaigns.create_adaptive_campaign(store, runs, "A")
        e = campaigns.create_adaptive_campaign(store, runs, "E")
        bench = records.speakers.add_speaker(store, "bench", "bench")
        for cid in (a, e):
            practice.mark_done(store, cid, bench)
        for name in ("rater one", "rater two"):
            rater = records.speakers.add_speaker(store, name, "bench")
            for k in range(60):
                position = sequence.Sequence(store, a, rater).first_open()
                records.answers.answer(store, a, rater, position, {"adequacy": 1 + k % 5, "fluency": 1 + k % 4})
    return db


def _card(work: Path, entries: int) -> Path:
    card = json.loads((ROOT / "examples" / "demo-crk.runcard.json").read_text("utf-8"))
    base = card["entries"]
    card["entries"] = [dict(base[k % len(base)], id=f"{base[k % len(base)]['id']}-{k}") for k in range(entries)]
    card.get("lyss", {}).get("input", {}).pop("entries_sha256", None)
    path = work / "large.runcard.json"
    path.write_text(json.dumps(card, ensure_ascii=False), "utf-8")
    return path


def _ms(values: list[float]) -> str:
    p50, p95 = np.percentile(values, [50, 95]) * 1000
    return f"{p50:7.1f} / {p95:7.1f} ms"


def _p95(values: list[float]) -> float:
    return float(np.percentile(values, 95) * 1000)


ROWS = [("a_first_key", "lyss      task A, a question's key (page redrawn)"),
        ("a_next_item", "lyss      task A, answer → next item (read 1 s)"),
        ("a_next_item_no_reading", "lyss      task A, answer → next item (no reading)"),
        ("e_mark_key", "lyss      task E, a marking key (output redrawn)"),
        ("e_next_item", "lyss      task E, Enter → next item (read 1 s)"),
        ("keys_during_correlate", "lyss      task A keys while Correlate computes")]


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="lyss-gui-bench-"))
    os.environ["XDG_CONFIG_HOME"] = str(work / "config")
    try:
        db = _campaigns(work)
        measured = {}
        for label, hogs in (("idle", 0), ("two hogs", 2)):
            copy = work / f"{label}.sqlite"
            shutil.copy(db, copy)
            with _hogs(hogs):
                bare = [_launch(BARE) for _ in range(3)]
                ours = [_launch(LYSS, str(copy))[0] for _ in range(3)]
                found = _session(copy, work / f"{label}.json", str(copy))
            found["bare_launch"] = float(np.median([b[0] for b in bare]))
            found["bare_keys"] = [t for b in bare for t in b[1]]
            found["launch"] = float(np.median(ours))
            measured[label] = found
        idle, busy = measured["idle"], measured["two hogs"]
        print("the app on a 6,000-item adaptive campaign (tasks A and E; two runs of 3,000 segments), alone and beside "
              "two CPU-bound processes (p50 / p95):")
        print(f"  {'':48} {'idle':>22}   {'two hogs':>22}   p95 ratio")
        print(f"  {'baseline  bare PySide6 window, launch (median of 3)':48} {idle['bare_launch']:20.2f} s "
              f"  {busy['bare_launch']:20.2f} s   {busy['bare_launch'] / idle['bare_launch']:.1f}×")
        print(f"  {'lyss      main window, launch (median of 3)':48} {idle['launch']:20.2f} s   {busy['launch']:20.2f} s "
              f"   {busy['launch'] / idle['launch']:.1f}×   (vs bare: {idle['launch'] / idle['bare_launch']:.1f}× idle, "
              f"{busy['launch'] / busy['bare_launch']:.1f}× busy)")
        print(f"  {'baseline  QLabel text change + repaint':48} {_ms(idle['bare_keys']):>22}   "
              f"{_ms(busy['bare_keys']):>22}   {_p95(busy['bare_keys']) / _p95(idle['bare_keys']):.1f}×")
        for key, caption in ROWS:
            print(f"  {caption:48} {_ms(idle[key]):>22}   {_ms(busy[key]):>22}   "
                  f"{_p95(busy[key]) / _p95(idle[key]):.1f}×")
        print(f"  {'lyss      Correlate → plot (median of 8)':48} {idle['correlate']:20.2f} s   "
              f"{busy['correlate']:20.2f} s   {busy['correlate'] / idle['correlate']:.1f}×")
        keys = [k for k, _ in ROWS if k != "a_next_item_no_reading"]
        worst = max(keys, key=lambda k: _p95(busy[k]))
        print(f"  goal, a key's p95 under load < {GOAL_MS} ms for a speaker who reads each item a second: "
              f"{'met' if _p95(busy[worst]) < GOAL_MS else 'NOT met'} (slowest: {worst}, {_p95(busy[worst]):.1f} ms); "
              f"a speaker faster than the serving waits for it: p95 {_p95(busy['a_next_item_no_reading']):.0f} ms")
        print(f"  {'the window meanwhile: its longest stall':48} {max(idle['stalls_no_reading']) * 1000:19.1f} ms   "
              f"{max(busy['stalls_no_reading']) * 1000:19.1f} ms   (a timer asks for a turn every 5 ms; the window "
              f"answers no key, no paint while it stalls)")
        card = _card(work, 10_000)
        scored = _session(card, work / "score.json", "--score", str(card))
        peak = max(idle["peak_mib"], busy["peak_mib"])
        print("peak memory of the app (maximum resident set):")
        print(f"  this session on the 6,000-item campaigns:       {peak:7.0f} MiB   (goal ≤ {GOAL_MIB} MiB: "
              f"{'met' if peak <= GOAL_MIB else 'NOT met'})")
        print(f"  scoring a {scored['entries']:,}-entry run card in the app: {scored['peak_mib']:7.0f} MiB   "
              f"(goal ≤ {GOAL_MIB} MiB: {'met' if scored['peak_mib'] <= GOAL_MIB else 'NOT met'}; "
              f"{scored['score']:.0f} s)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
