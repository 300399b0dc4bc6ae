"""Python's cycle collector, made to run less often while a large run is read, scored or written.

The collector looks through young container objects every time 700 more have been made (and through
older ones every tenth and hundredth time). Reading, scoring and writing a run make millions of small
containers — entries, per-entry statistics, the dicts written out — that hold no reference cycle, so
most of that looking finds nothing: at 100,000 entries it was a quarter of ``lyss score``'s time.
Inside :func:`fewer_collections` a collection starts after 10,000 new objects instead; objects without
cycles are freed at once as always (reference counting), so memory is the same.
"""

from __future__ import annotations

import gc
import threading
from contextlib import contextmanager
from typing import Iterator

YOUNG_OBJECTS = 10_000  # new container objects between two collections (Python's default: 700)

_lock = threading.Lock()
_depth = 0
_saved: tuple[int, ...] = ()


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Collections rarer until the outermost such block ends (any thread; blocks may nest)."""
    global _depth, _saved
    with _lock:
        if _depth == 0:
            _saved = gc.get_threshold()
            gc.set_threshold(max(YOUNG_OBJECTS, _saved[0]), *_saved[1:])
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0:
                gc.set_threshold(*_saved)
