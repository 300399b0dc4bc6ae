"""The app's responsiveness: from a number key to the next item on screen (target < 50 ms), and from
launch to the first window (target < 2 s from source) — each next to a bare Qt baseline measured in
the same run."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported

import numpy as np  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QLabel  # noqa: E402

from bench.common import ROOT  # noqa: E402
from desktop.main_window import MainWindow  # noqa: E402
from desktop.qt_common import application  # noqa: E402
from review import records  # noqa: E402
from review.rating import campaigns, practice  # noqa: E402
from review.store import Store  # noqa: E402
from scoring import engine, runcard  # noqa: E402
from scoring.rubric import load_profile  # noqa: E402

BARE = ("import sys; from PySide6.QtWidgets import QApplication, QLabel; app = QApplication(sys.argv[:1]); "
        "w = QLabel('hello'); w.show(); app.processEvents(); print('shown', flush=True)")
LYSS = ("import sys; from desktop.qt_common import application; from desktop.main_window import MainWindow; "
        "app = application(); w = MainWindow(sys.argv[1]); w.show(); app.processEvents(); print('shown', flush=True)")


def _launch(code: str, *args: str) -> float:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            env=env, text=True)
    proc.stdout.readline()
    elapsed = time.perf_counter() - start
    proc.kill()
    proc.wait()
    return elapsed


def _timed(app, widget, key, modifier=None) -> float:
    start = time.perf_counter()
    QTest.keyClick(widget, key, modifier or Qt.NoModifier)
    app.processEvents()
    widget.repaint()
    return time.perf_counter() - start


def esa_keys(app, window, scored: dict, speaker: str, b50: float, b95: float) -> None:
    """Task E: a marking key to the output redrawn (target < 30 ms), and Enter on the score to the next
    item drawn (target < 50 ms)."""
    cid = campaigns.create_campaign(window.store, scored, "E")
    practice.mark_done(window.store, cid, speaker)
    window.review.open_campaign(cid)
    page = window.review.items
    marking, nexts = [], []
    for k in range(40):
        for key, modifier in ((Qt.Key_Right, None), (Qt.Key_Right, Qt.ShiftModifier), (Qt.Key_1 + k % 2, None),
                              (Qt.Key_M, None), (Qt.Key_Delete, None)):
            marking.append(_timed(app, page, key, modifier))
        _timed(app, page, Qt.Key_Return)  # to the score
        before = page.position
        nexts.append(_timed(app, page, Qt.Key_Return))
        assert page.position != before
    m50, m95 = np.percentile(marking, [50, 95]) * 1000
    n50, n95 = np.percentile(nexts, [50, 95]) * 1000
    print("task E (error spans), 40 items:")
    print(f"  baseline  QLabel text change + repaint:  p50 {b50:.2f} ms, p95 {b95:.2f} ms")
    print(f"  lyss      marking key, output redrawn:   p50 {m50:.2f} ms, p95 {m95:.2f} ms   (target < 30 ms)")
    print(f"  lyss      Enter on score, next item:     p50 {n50:.2f} ms, p95 {n95:.2f} ms   (target < 50 ms)")


def main() -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    work = Path(tempfile.mkdtemp(prefix="lyss-gui-bench-"))
    os.environ["XDG_CONFIG_HOME"] = str(work / "config")
    try:


        db = work / "review.sqlite"
        scored = engine.score_run(runcard.load(str(ROOT / "examples" / "demo-crk.runcard.json")), load_profile("B"),
                                  n_bootstrap=10)
        with Store(db) as store:
            cid = campaigns.create_campaign(store, scored, "A")
            spk = records.speakers.add_speaker(store, "bench", "bench")
            practice.mark_done(store, cid, spk)
        bare = [_launch(BARE) for _ in range(3)]
        ours = [_launch(LYSS, str(db)) for _ in range(3)]
        print("launch to first window (median of 3, offscreen):")
        print(f"  baseline  bare PySide6 window:   {np.median(bare):.2f} s")
        print(f"  lyss      LYSS main window:      {np.median(ours):.2f} s   ratio {np.median(ours) / np.median(bare):.1f}×"
              f"   (target < 2 s)")

        app = application()
        window = MainWindow(str(db))
        window.show()
        review = window.review
        review.open_speaker(spk)
        review.open_campaign(cid)
        page = review.items
        app.processEvents()
        times = []
        for k in range(40):
            QTest.keyClick(page, Qt.Key_1 + k % 5)
            before = page.position
            start = time.perf_counter()
            QTest.keyClick(page, Qt.Key_4)   # completes the item: commit, then draw the next one
            app.processEvents()
            page.repaint()
            times.append(time.perf_counter() - start)
            assert page.position != before
        label = QLabel("x")
        label.show()
        base = []
        for k in range(40):
            start = time.perf_counter()
            label.setText(f"item {k}")
            app.processEvents()
            label.repaint()
            base.append(time.perf_counter() - start)
        p50, p95 = np.percentile(times, [50, 95]) * 1000
        b50, b95 = np.percentile(base, [50, 95]) * 1000
        print("number key to the next item on screen (40 items, answer committed first):")
        print(f"  baseline  QLabel text change + repaint:  p50 {b50:.2f} ms, p95 {b95:.2f} ms")
        print(f"  lyss      commit + next item drawn:      p50 {p50:.2f} ms, p95 {p95:.2f} ms   (target < 50 ms)")
        esa_keys(app, window, scored, spk, b50, b95)
        window.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)
