"""The app's side of a shared folder: ``lyss review sync`` run in a worker thread at start, after every few
answers and at close, so the speaker never waits. The folder is remembered (QSettings); everything the
sync does is :func:`review.sync.sync`, on the worker's own connection to the database."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal

from review import sync
from review.store import Store

from .qt_common import Worker, settings

FOLDER_KEY = "sync/folder"
EVERY_KEY = "sync/every_answers"


class SyncRunner(QObject):
    """Runs a sync when asked, never two at once; ``synced`` carries the report, ``failed`` the error."""

    synced = Signal(object)
    failed = Signal(object)
    started = Signal()

    def __init__(self, db_path: str | Path, parent: QObject | None = None):
        super().__init__(parent)
        self.db_path = Path(db_path)
        self.every = int(settings().value(EVERY_KEY, sync.EVERY_ANSWERS))
        self._answers = 0
        self._worker: Worker | None = None
        self._store: Store | None = None  # the workers' own connection, used by one sync at a time
        self._again = self._closing = False
        #: what the latest sync did, for a view that opens after it: ("started"|"synced"|"failed", report or error)
        self.last: tuple[str, object] | None = None

    @property
    def folder(self) -> str:
        return str(settings().value(FOLDER_KEY, "") or "")

    def set_folder(self, folder: str) -> None:
        settings().setValue(FOLDER_KEY, folder)
        self.run()

    def answered(self) -> None:
        """One more answer recorded here: every ``every`` answers, a sync."""
        self._answers += 1
        if self._answers >= self.every:
            self._answers = 0
            self.run()

    def busy(self) -> bool:
        return self._worker is not None and self._worker.isRunning()

    def run(self) -> None:
        """Sync now in the background (or right after the sync under way)."""
        folder = self.folder
        if not folder:
            return
        if self.busy():
            self._again = True
            return
        def work(progress):
            if self._store is None:  # opened once, in the first worker: a large database is checked once
                self._store = Store(self.db_path, backup=False)
            return sync.sync(self._store, folder, progress=progress)

        self._worker = Worker(work, self)
        self._worker.succeeded.connect(self._done)
        self._worker.failed.connect(self._failed)
        self.last = ("started", None)
        self.started.emit()
        self._worker.start()

    def _done(self, report) -> None:
        if not self._closing:  # after close the window and its database are gone
            self.last = ("synced", report)
            self.synced.emit(report)
            self._next()

    def _failed(self, exc: BaseException) -> None:
        if not self._closing:
            self.last = ("failed", exc)
            self.failed.emit(exc)
            self._next()

    def _next(self) -> None:
        if self._again:
            self._again = False
            self.run()

    def finish(self, seconds: float = 60) -> None:
        """At close: one last sync, waited for (the window is already gone)."""
        self._closing = True
        if self.busy():
            self._worker.wait(int(seconds * 1000))
        self._again = False
        if self.folder:
            self.run()
            if self._worker is not None:
                self._worker.wait(int(seconds * 1000))
        if self._store is not None and not self.busy():
            self._store.close()
            self._store = None
