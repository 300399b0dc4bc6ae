"""One measured session of the app, in a process of its own (``bench.gui_bench`` runs it idle and beside two CPU-bound
processes): ``python -m bench.app_session DB OUT.json`` answers items of the database's adaptive task A and task E
campaigns by keys, presses Correlate and keeps answering while it computes, and writes what it measured (seconds) and
the process's peak memory; ``python -m bench.app_session --score CARD OUT.json`` scores a run card in the app's Score
tab and writes the time and the peak memory."""

from __future__ import annotations

import json
import os
import resource
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported

from PySide6.QtCore import QEventLoop, Qt, QTimer  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from desktop.main_window import MainWindow  # noqa: E402
from desktop.qt_common import application  # noqa: E402
from desktop.background import wait_for_background  # noqa: E402
from review.records import catalogue, speakers  # noqa: E402
from review.store import Store  # noqa: E402

READING = 1.0  # seconds a speaker reads an item before answering (speakers take several; the serving takes less)
ITEMS = 20
CORRELATIONS = 8  # Correlate pressed this often (its median time; the keys pressed meanwhile, every one)


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def _idle(app, seconds: float) -> None:
    """The event loop runs (workers deliver) while the speaker reads."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.005)


def _key(app, page, key, modifier=Qt.NoModifier) -> float:
    """A key that changes the item shown (a mark, a score): until its move came back from the engine and is drawn."""
    came_back = QEventLoop()  # the event loop idles as an app's does (a loop that spun would hold the engine back)
    page.came_back.connect(came_back.quit)
    QTimer.singleShot(120_000, came_back.quit)
    start = time.perf_counter()
    QTest.keyClick(page, key, modifier)
    if page.keys_wait():
        came_back.exec()
    page.came_back.disconnect(came_back.quit)
    page.repaint()
    return time.perf_counter() - start


class Stalls:
    """How long the window's event loop goes without a turn: a timer asks for one every 5 ms, and each gap between
    its ticks beyond that is a stall (a window that waits answers no key, no paint, no close)."""

    def __init__(self):
        self.gaps: list[float] = []
        self._last = None
        self._timer = QTimer()
        self._timer.setInterval(5)
        self._timer.timeout.connect(self._tick)

    def _tick(self) -> None:
        now = time.perf_counter()
        if self._last is not None:
            self.gaps.append(now - self._last)
        self._last = now

    def __enter__(self) -> "Stalls":
        self._timer.start()
        return self

    def __exit__(self, *exc) -> None:
        self._timer.stop()


def _moving_on(app, page, key, modifier=Qt.NoModifier) -> float:
    """A key that moves the page on, to the next item drawn: once its answer is written on the engine and the next
    item drawn — at once, or, when its segment is still being served in the background (a speaker faster than the
    serving), once it is; the window answers meanwhile."""
    before = page.position
    drawn = QEventLoop()
    page.drawn.connect(drawn.quit)
    QTimer.singleShot(120_000, drawn.quit)
    start = time.perf_counter()
    QTest.keyClick(page, key, modifier)
    drawn.exec()
    page.drawn.disconnect(drawn.quit)
    assert page.position != before, "the answer did not move the page on"
    page.repaint()
    return time.perf_counter() - start


def _answer_a(app, page, reading: float, k: int) -> tuple[float, float]:
    """One task A item: the first question's key, then the second's (the answer recorded, the next item drawn)."""
    _idle(app, reading / 2)
    first = _key(app, page, Qt.Key_1 + k % 5)
    _idle(app, reading / 2)
    return first, _moving_on(app, page, Qt.Key_4)


def session(db: str) -> dict:
    found: dict[str, list[float] | float] = {}
    app = application()
    start = time.perf_counter()
    window = MainWindow(db)
    window.show()
    app.processEvents()
    window.repaint()
    found["first_window"] = time.perf_counter() - start
    with Store(db, backup=False, read_only=True) as store:
        ids = {c["task"]: c["id"] for c in catalogue.list_campaigns(store)}
        speaker = speakers.find_speaker(store, "bench")
    review = window.review
    review.open_speaker(speaker)
    review.open_campaign(ids["A"])
    page = review.items
    wait_for_background()
    pairs = [_answer_a(app, page, READING, k) for k in range(ITEMS)]
    found["a_first_key"], found["a_next_item"] = [p[0] for p in pairs], [p[1] for p in pairs]
    wait_for_background()
    pairs = [_answer_a(app, page, 0.0, k) for k in range(ITEMS)]  # faster than the serving
    found["a_next_item_no_reading"] = [p[1] for p in pairs]
    wait_for_background()
    with Stalls() as stalls:  # again, the window's turns watched (the watching itself takes turns: measured apart)
        [_answer_a(app, page, 0.0, k) for k in range(ITEMS)]
    found["stalls_no_reading"] = stalls.gaps
    wait_for_background()
    review.open_campaign(ids["E"])
    wait_for_background()
    marks, nexts = [], []
    for k in range(ITEMS):
        _idle(app, READING / 2)
        for key, modifier in ((Qt.Key_Right, Qt.NoModifier), (Qt.Key_Right, Qt.ShiftModifier),
                              (Qt.Key_1 + k % 2, Qt.NoModifier), (Qt.Key_M, Qt.NoModifier)):
            marks.append(_key(app, page, key, modifier))
        _key(app, page, Qt.Key_Return)  # to the score
        _idle(app, READING / 2)
        nexts.append(_moving_on(app, page, Qt.Key_Return))
    found["e_mark_key"], found["e_next_item"] = marks, nexts
    wait_for_background()
    study = window.study
    study.campaign_choice.setCurrentIndex(study.campaign_choice.findData(ids["A"]))
    review.open_campaign(ids["A"])
    wait_for_background()
    during, took = [], []
    k = 0
    for _ in range(CORRELATIONS):
        start = time.perf_counter()
        study.correlate()
        while study._worker.isRunning():
            first, nxt = _answer_a(app, page, READING, k)
            during += [first, nxt]
            k += 1
        assert wait_for_background(600) and study.plot.points, "Correlate drew no plot"
        took.append(time.perf_counter() - start)
    found["correlate"] = sorted(took)[len(took) // 2]
    found["keys_during_correlate"] = during
    window.close()
    found["peak_mib"] = peak_mib()
    return found


def score(card: str) -> dict:
    app = application()
    window = MainWindow(os.path.join(os.path.dirname(card), "score.sqlite"))
    window.show()
    window.show_panel(window.score)
    start = time.perf_counter()
    window.score.open_path(card)
    assert wait_for_background(3600), "the scoring did not end"
    elapsed = time.perf_counter() - start
    entries = window.score.entries.rowCount()
    assert entries > 0, "nothing scored"
    window.close()
    return {"score": elapsed, "peak_mib": peak_mib(), "entries": entries}


if __name__ == "__main__":
    if sys.argv[1] == "--score":
        result = score(sys.argv[2])
        out = sys.argv[3]
    else:
        result = session(sys.argv[1])
        out = sys.argv[2]
    with open(out, "w", encoding="utf-8") as fh:
        json.dump(result, fh)
