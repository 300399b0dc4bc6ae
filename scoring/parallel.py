"""Work split over worker processes. A few workers are started for a list of items, each does its share of
them and sends each result back through a pipe, and ends with the list: a process that ends is a process
whose memory is all returned.

Where processes start by ``fork`` (Linux) a worker inherits the caller's data: nothing is pickled on the
way in, so closures over large lists are fine. Where they start by ``spawn`` (Windows, macOS; any system
with ``LYSS_START_METHOD=spawn``, as the tests run it) the work and its item are pickled to a fresh
interpreter: work that cannot be pickled (a closure, a lambda) is done here instead, in order — slower,
never different."""

from __future__ import annotations

import gc
import multiprocessing
import os
import sys
import threading
from multiprocessing.reduction import ForkingPickler
from typing import Callable, Iterator, Sequence, TypeVar

T = TypeVar("T")
R = TypeVar("R")

START_METHOD_VARIABLE = "LYSS_START_METHOD"


def start_method() -> str:
    """How worker processes start here: ``LYSS_START_METHOD`` when it names one this system has, else ``fork``
    on Linux, else ``spawn`` — macOS has fork, but a process with Qt's (or the system frameworks') threads
    running may crash in a forked child there, as Python's own default there says."""
    methods = multiprocessing.get_all_start_methods()
    chosen = os.environ.get(START_METHOD_VARIABLE, "")
    if chosen in methods:
        return chosen
    return "fork" if sys.platform.startswith("linux") and "fork" in methods else "spawn"


def context():
    """The multiprocessing context of :func:`start_method`."""
    return multiprocessing.get_context(start_method())


def travels(work: Callable, *items) -> bool:
    """Whether ``work`` (and its ``items``) can reach a worker process: always by fork; by spawn only when
    multiprocessing's own pickler (the one that would send them) takes them. Nothing is kept or read back."""
    if start_method() == "fork":
        return True
    try:
        ForkingPickler.dumps((work, items))
    except Exception:  # noqa: BLE001 - whatever stops the pickler here would stop the spawned worker
        return False
    return True


def process_map(work: Callable[[T], R], items: Sequence[T], processes: int,
             fallback: Callable[[T], R] | None = None) -> list[R]:
    """``[work(item) for item in items]``; see :func:`process_each`."""
    return list(process_each(work, items, processes, fallback))


def process_each(work: Callable[[T], R], items: Sequence[T], processes: int,
              fallback: Callable[[T], R] | None = None, meanwhile: Callable[[], None] | None = None) -> Iterator[R]:
    """``work(item)`` for each item, in order, as each is ready, by at most ``processes`` worker processes started
    once: the items dealt to them like cards (worker k does items k, k + p, k + 2p, …, one after another). An item
    that fails in its worker, or whose worker dies (a crash in a C library: its items left are then all done
    here), is done again here with ``fallback`` (default: ``work``), so a failure costs speed, never a result, and
    a real error is raised here with its own traceback. ``meanwhile`` runs here once the workers are working
    (this process would only wait for them). Results are never all held at once: a worker holds at most the result
    it is sending and the one it is making (it sends one while it makes the next: a caller busy elsewhere does not
    leave its core idle), so a caller that keeps only what it needs of each keeps memory to that; by spawn a worker is
    sent its items one at a time, each when it has sent the result before (it holds one item, not its share). Work
    that cannot travel (:func:`travels`, with the first item) is done here, item by item.

    Workers are started once, not once an item: a forked process copies each page of this process it writes to,
    and a fresh one copies them again (a large run written in blocks of 10,000 entries: a fifth of the workers'
    time, and this process's forks, went to that)."""
    if not travels(work, *items[:1]):  # the first item stands for the others (one kind of thing)
        if meanwhile is not None:
            meanwhile()
        yield from map(work, items)
        return
    count = max(1, min(processes, len(items)))
    starting = context()
    inherited = starting.get_start_method() == "fork"
    workers: list[tuple[object, object, object]] = []
    try:
        for k in range(count):
            receive, send = starting.Pipe(duplex=False)
            tasks_in = tasks = None
            if inherited:  # its items inherited: the list of them made here costs a reference each
                share = [items[i] for i in range(k, len(items), count)]
            else:  # sent one at a time as it finishes the one before (a whole share at once would be held whole)
                share, (tasks_in, tasks) = None, starting.Pipe(duplex=False)
            process = starting.Process(target=_serve, args=(work, share, tasks_in, send), daemon=True)
            process.start()
            send.close()
            if tasks is not None:
                tasks_in.close()
                _hand(tasks, items, k)
            workers.append((process, receive, tasks))
        if meanwhile is not None:
            meanwhile()
        for index, item in enumerate(items):
            _, receive, tasks = workers[index % count]
            try:
                ok, value = receive.recv()
            except (EOFError, OSError):  # the worker died: this item (and its others) done here
                ok, value = False, None
            if tasks is not None:
                _hand(tasks, items, index + count)  # (the worker has sent its result: it waits for the next)
            yield value if ok else (fallback or work)(item)
    finally:
        for process, receive, tasks in workers:
            if process.is_alive():
                process.terminate()  # (only when the caller stopped before the last result)
            process.join()
            receive.close()
            if tasks is not None:
                tasks.close()


def _hand(tasks, items: Sequence, index: int) -> None:
    """Send a worker started by spawn its next item (in a tuple), or None when it has no more."""
    try:
        tasks.send((items[index],) if index < len(items) else None)
    except (BrokenPipeError, ConnectionResetError, OSError):  # the worker died: its items are done here
        pass


def _serve(work, share: Sequence | None, tasks, pipe) -> None:
    """A worker: each item of its share in order (or, by spawn, of the items it is sent one at a time), each result
    sent by a thread while the next item is worked on (the caller may be busy: a worker that waited for it to read
    left its core idle), one result sent before the next is. Python's cycle collector is off in it: what a worker
    leaves in cycles is returned when it ends, and a collection there looks through what it inherited too (a large
    run's records: half a CPU-second of 9 in the workers at 300,000 entries)."""
    gc.disable()
    sending: _Sending | None = None
    for item in share if share is not None else (task[0] for task in iter(tasks.recv, None)):
        try:
            value = (True, work(item))
        except BaseException:  # noqa: BLE001 - reported by redoing the item in the parent
            value = (False, None)
        if sending is not None and not sending.done():  # (the caller stopped listening)
            return
        sending = _Sending(pipe, value)
    if sending is None or sending.done():
        pipe.close()


class _Sending:
    """One result sent through the pipe by a thread of its own; :meth:`done` waits for it, and says whether the
    caller took it."""

    def __init__(self, pipe, value):
        self._pipe, self._value, self._taken = pipe, value, False
        self._thread = threading.Thread(target=self._send, daemon=True)
        self._thread.start()

    def _send(self) -> None:
        try:
            try:
                self._pipe.send(self._value)
            except OSError:
                raise
            except Exception:  # noqa: BLE001 - a result that does not pickle: the item is done in the parent
                self._pipe.send((False, None))
        except OSError:  # (a broken pipe: the caller stopped listening)
            return
        self._taken = True
        self._value = None

    def done(self) -> bool:
        self._thread.join()
        return self._taken
