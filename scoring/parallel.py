"""Work split over worker processes. Each piece of work runs in a process of its own and sends its result
back through a pipe; a process that ends is a process whose memory is all returned.

Where processes start by ``fork`` (Linux) a worker inherits the caller's data: nothing is pickled on the
way in, so closures over large lists are fine. Where they start by ``spawn`` (Windows, macOS; any system
with ``LYSS_START_METHOD=spawn``, as the tests run it) the work and its item are pickled to a fresh
interpreter: work that cannot be pickled (a closure, a lambda) is done here instead, in order — slower,
never different."""

from __future__ import annotations

import multiprocessing
import os
import sys
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
    """``work(item)`` for each item, in order, as each is ready: at most ``processes`` items at a time, each
    in a worker process. An item whose process fails or dies (an exception, a crash in a C library) is done
    again here with ``fallback`` (default: ``work``), so a failure costs speed, never a result, and a real
    error is raised here with its own traceback. ``meanwhile`` runs here once the first processes are
    working (this process would only wait for them). Results are never all held at once by this function:
    a caller that keeps only what it needs of each keeps memory to that. Work that cannot travel
    (:func:`travels`, with the first item) is done here, item by item."""
    if not travels(work, *items[:1]):  # the first item stands for the others (one kind of thing)
        if meanwhile is not None:
            meanwhile()
        yield from map(work, items)
        return
    starting = context()
    running: list[tuple[int, object, object]] = []

    def collect() -> R:
        index, process, pipe = running.pop(0)
        try:
            ok, value = pipe.recv()
        except (EOFError, OSError):
            ok, value = False, None
        process.join()
        pipe.close()
        return value if ok else (fallback or work)(items[index])

    for index, item in enumerate(items):
        if len(running) == max(1, processes):
            if meanwhile is not None:
                meanwhile()
                meanwhile = None
            yield collect()
        receive, send = starting.Pipe(duplex=False)
        process = starting.Process(target=_run, args=(work, item, send), daemon=True)
        process.start()
        send.close()
        running.append((index, process, receive))
    if meanwhile is not None:
        meanwhile()
    while running:
        yield collect()


def _run(work, item, pipe) -> None:
    try:
        value = (True, work(item))
    except BaseException:  # noqa: BLE001 - reported by redoing the item in the parent
        value = (False, None)
    pipe.send(value)
    pipe.close()
