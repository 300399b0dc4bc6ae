"""Collections are rarer inside ``fewer_collections`` blocks (nested, in several threads) and as before after
the last one ends, even when it ends with an error."""

from __future__ import annotations

import gc
import threading

import pytest

from scoring.collector import YOUNG_OBJECTS, fewer_collections


def test_thresholds_are_raised_inside_and_restored_after():
    before = gc.get_threshold()
    with fewer_collections():
        assert gc.get_threshold() == (max(YOUNG_OBJECTS, before[0]), *before[1:])
        with fewer_collections():
            assert gc.get_threshold()[0] == max(YOUNG_OBJECTS, before[0])
        assert gc.get_threshold()[0] == max(YOUNG_OBJECTS, before[0])  # the outer block still runs
    assert gc.get_threshold() == before
    with pytest.raises(ZeroDivisionError), fewer_collections():
        1 / 0
    assert gc.get_threshold() == before


def test_blocks_in_several_threads_restore_the_thresholds_once_all_have_ended():
    before = gc.get_threshold()
    inside, leave = threading.Barrier(4), threading.Event()

    @fewer_collections()
    def work():
        inside.wait()
        leave.wait()

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    inside.wait()
    assert gc.get_threshold()[0] == max(YOUNG_OBJECTS, before[0])
    leave.set()
    for t in threads:
        t.join()
    assert gc.get_threshold() == before
