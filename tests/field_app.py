"""A field laptop's app in a process of its own (its own settings: the shared folder its Syncthing gives it), for the
tests and the bench that time an answer's way to the hub: ``python tests/field_app.py DB FOLDER SECONDS``. It opens
the app on DB with FOLDER shared, waits for its first syncs to end, signs in the first speaker, answers one item
with two keys (4, 5), prints ``answered <time.time()>`` (and each sync after it) and keeps running (the app publishes by itself) for SECONDS."""

from __future__ import annotations

import os
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, QTimer, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from desktop import sync_runner  # noqa: E402
from desktop.main_window import MainWindow  # noqa: E402
from desktop.qt_common import application  # noqa: E402
from review.records import shared_folder  # noqa: E402
from review.store import Store  # noqa: E402


def _quiet(window) -> bool:
    runner = window.syncer
    return (runner.last or ("",))[0] == "synced" and not runner.busy() and not runner._settle.isActive()


def _run_events(ms: int) -> None:
    """Qt's event loop for ``ms``: the app's sync worker (a thread) runs meanwhile (QTest.qWait would hold Python's
    lock and starve it)."""
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def _wait(condition, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit(f"field app: not within {seconds:.0f} s")
        _run_events(100)


def main(db: str, folder: str, seconds: float) -> int:
    application()
    with Store(db) as store:
        shared_folder.choose_if_none(store, folder)
    window = MainWindow(db)
    window.show()
    for _ in range(2):  # the syncs at start, and those the folder's changes set off, are over
        _wait(lambda: _quiet(window), 60)
        _run_events(sync_runner.SETTLE_MS + 500)
    review = window.review
    QTest.keyClick(review.sign_in.list, Qt.Key_Return)
    QTest.keyClick(review.campaigns.list, Qt.Key_Return)
    page = review.items
    QTest.keyClick(page, Qt.Key_4)
    QTest.keyClick(page, Qt.Key_5)  # one answer saved; nothing else is pressed
    print(f"answered {time.time()}", flush=True)
    window.syncer.synced.connect(lambda report: print(f"synced {time.time()} {report}", flush=True))
    window.syncer.failed.connect(lambda exc: print(f"failed {time.time()} {exc!r}", flush=True))
    _run_events(int(seconds * 1000))
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], float(sys.argv[3])))
