"""The app's side of a shared folder: ``lyss review sync`` run in a worker thread at start, a few seconds after
each answer (:data:`PUBLISH_AFTER_MS`, once the speaker pauses; at the latest every few answers), at close — and
whenever the folder changes (another laptop's bundle arrived), so ratings travel by
themselves and the speaker never waits. The folder is watched with Qt's file-system watcher (changes
gathered for :data:`SETTLE_MS`, as Syncthing renames files in one after another) and looked at every
:data:`POLL_MS` too, for file systems that do not notify (a network share). The folder is remembered
(QSettings); everything the sync does is :func:`review.exchange.sync.sync`, on the worker's own connection."""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

from review.operations import changes
from review.operations.exchange import sync
from review.operations.records import shared_folder
from review.operations.database import Store

from .qt_common import settings

from .background import Worker, tell

EVERY_KEY = "sync/every_answers"
EARLIER_FOLDER_KEY = "sync/folder"  # where versions before the folder was a row of the database kept it
SETTLE_MS = 2_000  # after the folder changes, wait this long for it to settle before syncing
PUBLISH_AFTER_MS = 3_000  # after an answer, sync this long after the speaker's last one (a pause between items)
POLL_MS = 60_000  # and look anyway this often


class SyncRunner(QObject):
    """Runs a sync when asked, never two at once; ``synced`` carries the report, ``failed`` the error."""

    synced = Signal(object)
    failed = Signal(object)
    started = Signal()

    def __init__(self, store: Store, parent: QObject | None = None):
        super().__init__(parent)
        self.db_path = Path(store.path)
        self._folder_store = store  # the window's connection: the chosen folder is a row of its database
        self._folder = shared_folder.chosen(store) or ""  # read once; changed here only (set_folder)
        earlier = str(settings().value(EARLIER_FOLDER_KEY, "") or "")
        if not self._folder and earlier and shared_folder.choose_if_none(store, earlier):
            self._folder = shared_folder.chosen(store) or ""  # chosen with an earlier version: kept in its settings
        self.every = int(settings().value(EVERY_KEY, sync.EVERY_ANSWERS))
        self._answers = 0
        self._worker: Worker | None = None
        self._store: Store | None = None  # the workers' own connection, used by one sync at a time
        self._again = self._closing = False
        #: what the latest sync did, for a view that opens after it: ("started"|"synced"|"failed", report or error)
        self.last: tuple[str, object] | None = None
        self.finished_at: float | None = None  # time.time() of the latest sync that finished
        self._settle = QTimer(self, singleShot=True, interval=SETTLE_MS)
        self._settle.timeout.connect(self.run)
        self._publish = QTimer(self, singleShot=True, interval=PUBLISH_AFTER_MS)
        self._publish.timeout.connect(self.run)
        self._poll = QTimer(self, interval=POLL_MS)
        self._poll.timeout.connect(self.run)
        self._watcher = QFileSystemWatcher(self)
        self._watcher.directoryChanged.connect(lambda _path: self._settle.start())
        self._watch()

    @property
    def folder(self) -> str:
        return self._folder

    def set_folder(self, folder: str) -> None:
        shared_folder.choose(self._folder_store, folder)
        self._folder = folder
        self._watch()
        self.run()

    def _watch(self) -> None:
        """Watch the chosen folder (and only it); poll it slowly as well."""
        if self._watcher.directories():
            self._watcher.removePaths(self._watcher.directories())
        folder = self.folder
        if folder and Path(folder).is_dir():
            self._watcher.addPath(folder)
            self._poll.start()
        else:
            self._poll.stop()

    def answered(self) -> None:
        """One more answer recorded here: a sync once the speaker pauses (the hub's counts follow within seconds),
        and every ``every`` answers at the latest (a speaker who never pauses)."""
        self._answers += 1
        if self._answers >= self.every:
            self._answers = 0
            self._publish.stop()
            self.run()
        elif self.folder:
            self._publish.start()

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
        self._answers = 0  # this sync publishes every answer so far

        def work(progress):
            if self._store is None:  # opened once, in the first worker: a large database is checked once
                self._store = Store(self.db_path, backup=False)
            return changes.run(self._store, sync.sync, folder, progress=progress)  # with what it changed

        self._worker = Worker(work, self)
        self._worker.succeeded.connect(self._done)
        self._worker.failed.connect(self._failed)
        self.last = ("started", None)
        self.started.emit()
        self._worker.start()

    def _done(self, done) -> None:
        report = done.result
        if not self._closing:  # after close the window and its database are gone
            tell(done)  # the pages showing what a merge changed redraw
            self.finished_at = time.time()
            if not self._watcher.directories():
                self._watch()  # the folder came back (a USB disk plugged in again)
            self.last = ("synced", report)
            self.synced.emit(report)
            self._next()

    def _failed(self, exc: BaseException) -> None:
        if not self._closing:
            self.finished_at = time.time()
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
        self._settle.stop()
        self._publish.stop()
        self._poll.stop()
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
