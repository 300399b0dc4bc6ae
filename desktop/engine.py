"""The one writer of the window's review: an :class:`Engine` owns a connection to the database on a thread of its own
and runs the jobs the pages hand it, one at a time, in the order they were handed; each job's result (or error) is
delivered on the window's thread, in the same order, to the page that asked — while that page is there. A speaker's
answer is written there, durable before its result is delivered (the screen moves on only then), and nothing a page
does waits for SQLite on the window's thread.

Anki's way: the screen shows, the engine decides. A page hands the engine an operation and draws what comes back; it
never reads a session while the engine may be changing it (the item page queues keys while a job of its own is in
flight, :mod:`desktop.item_page`)."""

from __future__ import annotations

import os
import queue
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

import shiboken6
from PySide6.QtCore import QCoreApplication, QEventLoop, QObject, Signal

from review.operations.database import Store

from .qt_common import friendly_error

Job = Callable[[Store], Any]


@dataclass(frozen=True)
class _Handed:
    owner: QObject | None
    job: Job
    done: Callable[[Any], Any] | None
    failed: Callable[[BaseException], Any] | None


@dataclass(frozen=True)
class _Delivery:
    handed: _Handed
    value: Any
    ok: bool


class Engine(QObject):
    """One database's writer: :meth:`hand` a job, its result comes back on the window's thread."""

    _delivered = Signal(object)  # from the engine's thread: delivered on the window's, where this object lives

    def __init__(self, path: str | os.PathLike):
        super().__init__()
        self.path = str(path)
        self._jobs: queue.SimpleQueue[_Handed | None] = queue.SimpleQueue()
        self._pending = 0  # handed and not yet delivered (counted on the window's thread only)
        self._store: Store | None = None
        self._delivered.connect(self._deliver)
        # a thread of Python's, not a QThread: one left at the end of a process that never closed its window (a page
        # made alone in a test) goes with the process instead of aborting it
        self._lane = threading.Thread(target=self._work, name=f"lyss-engine {self.path}", daemon=True)
        self._lane.start()

    @property
    def busy(self) -> bool:
        """Whether a job handed is still to be delivered."""
        return self._pending > 0

    def hand(self, owner: QObject | None, job: Job, done: Callable[[Any], Any] | None = None,
             failed: Callable[[BaseException], Any] | None = None) -> None:
        """Run ``job(store)`` on the engine's connection after every job handed before it; ``done(result)`` or
        ``failed(error)`` on the window's thread once it ran — not at all when ``owner`` is gone by then."""
        self._pending += 1
        self._jobs.put(_Handed(owner, job, done, failed))

    def _work(self) -> None:
        """On the engine's thread: each job in turn, its result sent to the window's thread."""
        while (handed := self._jobs.get()) is not None:
            try:
                if self._store is None:  # opened on this thread, which alone uses it
                    self._store = Store(self.path, backup=False, create=False, checked=True)
                delivery = _Delivery(handed, handed.job(self._store), True)
            except Exception as exc:  # delivered as the job's failure: the engine goes on with the next
                delivery = _Delivery(handed, exc, False)
            self._delivered.emit(delivery)
        if self._store is not None:
            self._store.close()
            self._store = None

    def _deliver(self, delivery: _Delivery) -> None:
        self._pending -= 1
        handed = delivery.handed
        if handed.owner is not None and not shiboken6.isValid(handed.owner):
            return  # the page is gone: nothing to draw on (what the job wrote is written)
        try:
            if delivery.ok:
                if handed.done is not None:
                    handed.done(delivery.value)
            elif handed.failed is not None:
                handed.failed(delivery.value)
            else:
                friendly_error(handed.owner, delivery.value)
        except Exception as exc:  # drawing the result failed: said, and the engine goes on
            friendly_error(handed.owner, exc)

    def stop(self) -> None:
        """Run what was handed, then end the thread and close its connection (at close: nothing handed is lost)."""
        self._jobs.put(None)
        self._lane.join()


_ENGINES: dict[str, Engine] = {}
_STOPPED: list[Engine] = []  # stopped engines, deleted by Qt's event loop (never while one of their results is drawn)


def engine(path: str | os.PathLike) -> Engine:
    """The engine of a database (one a database, whichever page asks)."""
    key = str(path)
    found = _ENGINES.get(key)
    if found is None or not shiboken6.isValid(found):
        found = _ENGINES[key] = Engine(key)
    return found


def engines_busy() -> bool:
    """Whether any engine has a job still to be delivered."""
    return any(shiboken6.isValid(e) and e.busy for e in _ENGINES.values())


def wait_for_engines(seconds: float = 60.0) -> bool:
    """Let every job handed run and its result be drawn (what a result does may hand another: waited for too); False
    when some are still to come after ``seconds``. For the tests, the screenshots and the self-test."""
    deadline = time.monotonic() + seconds
    while True:
        QCoreApplication.processEvents(QEventLoop.AllEvents, 10)  # a result drawn may hand the next job: seen after
        if not engines_busy() or time.monotonic() > deadline:
            return not engines_busy()
        time.sleep(0.001)


def stop_engines() -> None:
    """At close: every engine runs what it was handed and stops; the results still to draw are drawn while their
    pages are there."""
    _STOPPED[:] = [e for e in _STOPPED if shiboken6.isValid(e)]
    for key, found in list(_ENGINES.items()):
        if shiboken6.isValid(found):
            found.stop()
            found.deleteLater()
            _STOPPED.append(found)
        del _ENGINES[key]
    QCoreApplication.processEvents()
