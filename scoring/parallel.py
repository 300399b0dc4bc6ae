"""Work split over forked processes. Each piece of work runs in a process of its own that inherits the
caller's data by ``fork`` (nothing is pickled on the way in, so closures over large lists are fine) and
sends its result back through a pipe; a process that ends is a process whose memory is all returned."""

from __future__ import annotations

import multiprocessing
from typing import Callable, Iterator, Sequence, TypeVar

T = TypeVar("T")
R = TypeVar("R")


def can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def fork_map(work: Callable[[T], R], items: Sequence[T], processes: int,
             fallback: Callable[[T], R] | None = None) -> list[R]:
    """``[work(item) for item in items]``; see :func:`fork_each`."""
    return list(fork_each(work, items, processes, fallback))


def fork_each(work: Callable[[T], R], items: Sequence[T], processes: int,
              fallback: Callable[[T], R] | None = None, meanwhile: Callable[[], None] | None = None) -> Iterator[R]:
    """``work(item)`` for each item, in order, as each is ready: at most ``processes`` items at a time, each
    in a forked process. An item whose process fails or dies (an exception, a crash in a C library) is done
    again here with ``fallback`` (default: ``work``), so a failure costs speed, never a result, and a real
    error is raised here with its own traceback. ``meanwhile`` runs here once the first processes are
    working (this process would only wait for them). Results are never all held at once by this function:
    a caller that keeps only what it needs of each keeps memory to that."""
    context = multiprocessing.get_context("fork")
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
        receive, send = context.Pipe(duplex=False)
        process = context.Process(target=_run, args=(work, item, send), daemon=True)
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
