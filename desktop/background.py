"""The app's work off the window's thread, and what it changed: a :class:`Worker` per long job (never destroyed while
it runs), a connection of its own for it (:class:`OwnStore`, :func:`on_own_store`); a page's write of the review handed
to the database's engine (:func:`operate_later`, :mod:`desktop.engine`) — none is made on the window's thread; waiting
for both in tests and at close; and the notices of what an operation changed (:func:`notices`, :func:`tell`), which the
pages listen to and redraw from."""

from __future__ import annotations

import logging
import os
import time
from typing import Any, Callable

import shiboken6
from PySide6.QtCore import QCoreApplication, QEventLoop, QObject, QThread, Signal
from PySide6.QtWidgets import QWidget

from review.operations import changes
from review.operations.database import Store

from .engine import engine, engines_busy, stop_engines, wait_for_engines
from .qt_common import friendly_error, guarded

LOG = logging.getLogger("lyss.app")
Progress = Callable[[str, float], bool]  # a worker's job reports (stage, fraction) and learns whether to go on

ORG, APP = "LYSS", "LYSS Desktop"


class Worker(QThread):
    """Runs ``job(progress)`` off the GUI thread. ``progress(stage, fraction)`` returns False once
    :meth:`cancel` was called, which the engine turns into a clean stop.

    A worker has a life of its own: it is never a Qt child of the page that starts it (``owner``), so closing the
    page or the window never destroys a thread that still runs (Qt aborts the app when it does: "QThread:
    Destroyed while thread is still running"). Started, it is kept until it ends; the window cancels and waits for
    every one at close (:func:`finish_background_work`). Its signals reach the page only while the page is there."""

    progressed = Signal(str, float)
    succeeded = Signal(object)
    failed = Signal(object)
    _done = Signal(object, bool)  # from the thread: (result or error, whether it failed), delivered in the GUI thread
    _stepped = Signal(str, float)

    def __init__(self, job: Callable[[Progress], Any], owner: QObject | None = None):
        super().__init__()
        self._job = job
        self._owner = owner
        self._cancelled = False
        self._done.connect(self._deliver)  # slots of this object, which lives in the GUI thread: queued there
        self._stepped.connect(self._step)
        self.finished.connect(self._ended)

    def start(self, *args) -> None:
        _BACKGROUND.add(self)
        super().start(*args)

    def cancel(self) -> None:
        self._cancelled = True

    def _ended(self) -> None:
        """In the GUI thread, once the thread said it finished: let it go (after it has really ended)."""
        self.wait()
        _BACKGROUND.discard(self)

    def _owner_gone(self) -> bool:
        return self._owner is not None and not shiboken6.isValid(self._owner)

    def _progress(self, stage: str, fraction: float) -> bool:
        self._stepped.emit(stage, fraction)
        return not self._cancelled

    def _step(self, stage: str, fraction: float) -> None:
        if not self._owner_gone():
            self.progressed.emit(stage, fraction)

    def _deliver(self, value: object, failed: bool) -> None:
        if self._owner_gone():
            return  # the page is gone: nothing to show the result on
        (self.failed if failed else self.succeeded).emit(value)

    def run(self) -> None:
        try:
            self._done.emit(self._job(self._progress), False)
        except Exception as exc:
            self._done.emit(exc, True)


_BACKGROUND: set[Worker] = set()  # every worker started and not yet ended


class Notices(QObject):
    """What the window's operations changed, told to every page (:func:`review.operations.changes.run` says which
    tables each wrote): a page that shows those tables redraws, the one that made the change already has."""

    changed = Signal(object, object)  # the tables written (a frozenset), the page that wrote them (None: no page)


_NOTICES: Notices | None = None


def notices() -> Notices:
    """The application's notices of change (one, whichever window or page tells or listens)."""
    global _NOTICES
    if _NOTICES is None or not shiboken6.isValid(_NOTICES):
        _NOTICES = Notices()
    return _NOTICES


def tell(done: changes.Done, page: QObject | None = None) -> Any:
    """Tell the pages what an operation changed (nothing when it only read); returns its result."""
    if done.changed:
        notices().changed.emit(done.changed, page)
    return done.result


def operate_later(page: QObject | None, store: Store, operation: Callable[..., Any], *args,
                  done: Callable[[Any], Any] | None = None, failed: Callable[[BaseException], Any] | None = None,
                  **kwargs) -> None:
    """A write of the review handed to the database's engine (:mod:`desktop.engine`): the pages are told what it
    changed, then ``done(result)`` — on the window's thread, once it is written; ``failed(error)`` (a friendly dialog
    unless given) if it was refused."""
    def told(result: changes.Done) -> None:
        value = tell(result, page)
        if done is not None:
            done(value)
    engine(store.path).hand(page, lambda own: changes.run(own, operation, *args, **kwargs), told, failed)


def as_operation(job: Callable[[Store, Progress], Any]) -> Callable[[Store, Progress], changes.Done]:
    """A background job that writes (``job(store, progress)``), made to return what it changed with its result."""
    return lambda store, progress: changes.run(store, job, progress)


def background_running() -> bool:
    """Whether a worker is still running, or an engine's job (or its result not yet delivered)."""
    return bool(_BACKGROUND) or engines_busy()


def in_background(owner: QWidget, job: Callable[[Progress], Any], shown: Callable[[Any], Any],
                  failed: Callable[[BaseException], Any] | None = None,
                  progressed: Callable[[str, float], Any] | None = None) -> Worker:
    """Start ``job(progress)`` in a :class:`Worker`; ``shown(result)`` draws its result on ``owner`` (an error in it
    becomes a friendly dialog), ``failed(error)`` says what went wrong (a friendly dialog unless given)."""
    worker = Worker(job, owner)
    worker.succeeded.connect(guarded(owner, shown))
    worker.failed.connect(failed or (lambda exc: friendly_error(owner, exc)))
    if progressed is not None:
        worker.progressed.connect(progressed)
    worker.start()
    return worker


def on_own_store(path: str | os.PathLike, job: Callable[[Store, Progress], Any],
                 writes: bool = False) -> Callable[[Progress], Any]:
    """``job(store, progress)`` as a worker's job: on a connection of its own to the window's database (SQLite's
    connections are not shared between threads), read-only unless ``writes``, closed when the job ends."""
    def work(progress):
        with _background_store(path, writes) as own:
            return job(own, progress)
    return work


def _background_store(path: str | os.PathLike, writes: bool) -> Store:
    """A worker's connection to the window's database, which the window opened and checked already."""
    return Store(path, backup=False, read_only=not writes, create=False, checked=True)


class OwnStore:
    """A connection of its own to the window's database for one kind of background work, used by one worker at a time:
    opened by the first worker (a large database is never opened on the GUI thread), kept for the next (SQLite's page
    cache and the store's kept results stay warm: serving a segment on a fresh connection took six times as long), and
    closed at close (:func:`finish_background_work`)."""

    def __init__(self, path: str | os.PathLike, writes: bool = False):
        self.path, self.writes = path, writes
        self._store: Store | None = None
        _CONNECTIONS.add(self)

    def job(self, job: Callable[[Store, Progress], Any]) -> Callable[[Progress], Any]:
        """``job(store, progress)`` as a worker's job, on this connection."""
        def work(progress):
            if self._store is None:
                self._store = _background_store(self.path, self.writes)
            return job(self._store, progress)
        return work

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None


_CONNECTIONS: set[OwnStore] = set()


def wait_for_background(seconds: float = 120.0) -> bool:
    """Let every worker end and its result be drawn (what follows a result may start another worker: waited for too);
    False when some still run after ``seconds``. For the tests, the screenshots and the self-test."""
    deadline = time.monotonic() + seconds
    while True:
        QCoreApplication.processEvents(QEventLoop.AllEvents, 20)  # what a result does is looked at after it
        if not background_running() or time.monotonic() > deadline:
            return not background_running()
        if _BACKGROUND:
            time.sleep(0.005)
        else:
            wait_for_engines(max(0.0, deadline - time.monotonic()))


def finish_background_work(seconds: float = 30.0) -> None:
    """At close: cancel every running worker, then wait for each (at most ``seconds``): no thread is destroyed while
    it runs, and an answer is on disk before any of them starts, so a cancel loses nothing."""
    for worker in list(_BACKGROUND):
        worker.cancel()
    stop_engines()  # what was handed is written first: an answer is never cancelled
    for worker in list(_BACKGROUND):
        if not worker.wait(int(seconds * 1000)):
            LOG.warning("a background task still ran %s s after the window closed: left to the end of the process",
                        seconds)
    if not _BACKGROUND:
        for connection in list(_CONNECTIONS):
            connection.close()
