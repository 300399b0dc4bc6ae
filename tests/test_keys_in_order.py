"""The item page never waits: the session's moves are made on the database's engine, an adaptive campaign's segments are
served on a connection of the page's own, and the keys a speaker presses while a move is on the engine or a segment is
being served reach the session afterwards, in the order they were pressed (issue 69). Here every background serving
is held at a gate the test opens, so what the page does meanwhile is seen, not timed."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from helpers import moves_done, open_window, review_database, served, start_reviewing
from review import records
from review.rating import campaigns, practice, sequence
from review.records import catalogue
from review.store import Store
from test_adaptive import _systems


@pytest.fixture
def gated(monkeypatch):
    """Every serving the page starts waits for ``gate`` (set: it runs at once); counts how many were started."""
    gate, started = threading.Event(), []
    real = sequence.serving_job

    def held(store, campaign_id, speaker_id, shown=None):
        started.append(shown)
        assert gate.wait(60), "the test never opened the gate"
        return real(store, campaign_id, speaker_id, shown)

    monkeypatch.setattr("desktop.item_page.sequence.serving_job", held)
    return gate, started


def _page(qtbot, tmp_path, scored_demo):
    db = tmp_path / "adaptive.sqlite"
    with Store(db, create=True) as store:
        cid = campaigns.create_adaptive_campaign(
            store, [catalogue.load_scored(str(p)) for p in _systems(scored_demo, tmp_path)], "A")
        speaker = records.speakers.add_speaker(store, "Rita", "demo")
        practice.mark_done(store, cid, speaker)
    window = open_window(qtbot, db)
    window.review.open_speaker(speaker)
    window.review.open_campaign(cid)
    assert moves_done()  # the session opened on the engine (its first segment held at the gate)
    return window.review.items, db, cid, speaker


def _answers(db, cid, speaker) -> list[dict]:
    with Store(db, backup=False, read_only=True) as store:
        return [records.sequences.item_at(store, cid, speaker, p)["answer"]
                for p in range(records.sequences.length(store, cid, speaker))]


def test_keys_pressed_while_the_first_items_are_chosen_answer_them_in_the_order_pressed(qtbot, tmp_path, scored_demo,
                                                                                        gated):
    gate, started = gated
    page, db, cid, speaker = _page(qtbot, tmp_path, scored_demo)
    assert page.session.waiting and not page.item  # the first segment is being chosen, elsewhere
    assert page.status.text() == "Choosing your items…"
    qtbot.keyClick(page, Qt.Key_4)  # adequacy 4, then fluency 3: the window takes them, the session waits
    qtbot.keyClick(page, Qt.Key_3)
    qtbot.wait(50)  # the event loop turns (a window that waited could not)
    assert page.session.waiting and len(page._queued) == 2 and started == [None]
    gate.set()
    qtbot.waitUntil(lambda: not page.keys_wait(), timeout=60_000)
    first = _answers(db, cid, speaker)[0]
    assert first == {"adequacy": 4, "fluency": 3}  # in the order pressed (3 then 4 would be the other way)
    assert page.position == 1


def test_keys_pressed_while_the_next_segment_is_served_wait_for_it_and_lose_nothing(qtbot, tmp_path, scored_demo,
                                                                                     gated):
    gate, started = gated
    gate.set()
    page, db, cid, speaker = _page(qtbot, tmp_path, scored_demo)
    qtbot.waitUntil(lambda: not page.session.waiting and bool(page.item), timeout=60_000)
    gate.clear()  # from now on a serving is held: the one ahead, while the speaker reads the segment's last item
    answered = 0
    while not page.session.waiting:
        qtbot.waitUntil(lambda: bool(page.item), timeout=60_000)
        qtbot.keyClick(page, Qt.Key_5)
        qtbot.keyClick(page, Qt.Key_5)
        answered += 1
        assert answered < 50, "the segment never ran out"
    last = page.position
    assert _answers(db, cid, speaker)[last] == {"adequacy": 5, "fluency": 5}  # on disk before anything else
    for key in (Qt.Key_2, Qt.Key_1, Qt.Key_3, Qt.Key_2):  # the next two items, answered ahead of the serving
        qtbot.keyClick(page, key)
    qtbot.wait(50)
    assert page.session.waiting and len(page._queued) == 4 and page.position == last
    told = []
    page.answered.connect(lambda: told.append(1))
    gate.set()
    qtbot.waitUntil(lambda: not page.keys_wait(), timeout=60_000)
    assert len(told) == 2  # the two answers keyed ahead, each told once (the one that waited was told when saved)
    found = _answers(db, cid, speaker)
    assert found[last + 1] == {"adequacy": 2, "fluency": 1} and found[last + 2] == {"adequacy": 3, "fluency": 2}
    assert page.position == last + 3
    assert None in started  # the walk asked for the segment; nothing was served on the window's thread


def test_an_answer_keyed_while_its_segment_is_served_is_recorded_when_the_window_closes(qtbot, tmp_path, scored_demo,
                                                                                       gated):
    """The speaker answers and closes the window at once, while the first segment is still being chosen: the close
    lets that serving end and records the answer first (keys queued are never dropped)."""
    gate, _ = gated
    page, db, cid, speaker = _page(qtbot, tmp_path, scored_demo)
    assert page.session.waiting
    qtbot.keyClick(page, Qt.Key_4)
    qtbot.keyClick(page, Qt.Key_3)
    threading.Timer(0.3, gate.set).start()  # the serving ends while the window is closing
    page.window().close()
    assert _answers(db, cid, speaker)[0] == {"adequacy": 4, "fluency": 3}


def test_while_a_speaker_s_first_items_are_chosen_the_page_shows_no_other_item(qtbot, tmp_path, scored_demo, gated):
    """The item drawn before (another campaign's, perhaps another speaker's) is not left on the page, its options
    offered, while a new session's first items are chosen (seen on the screenshot 30-review-choosing-items)."""
    gate, started = gated
    db = tmp_path / "two.sqlite"
    with Store(db, create=True) as store:
        plain = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "A", items=6)
        cid = campaigns.create_adaptive_campaign(
            store, [catalogue.load_scored(str(p)) for p in _systems(scored_demo, tmp_path)], "A")
        speaker = records.speakers.add_speaker(store, "Rita", "demo")
        for campaign in (plain, cid):
            practice.mark_done(store, campaign, speaker)
    window = open_window(qtbot, db)
    window.review.open_speaker(speaker)
    window.review.open_campaign(plain)
    assert moves_done()
    page = window.review.items
    assert page.first.text() and page.options_row.count() == 5  # an item of the first campaign, its options
    try:
        window.review.open_campaign(cid)
        assert moves_done()
        qtbot.waitUntil(lambda: started == [None])  # its first segment is being served, held at the gate
        assert page.session.waiting
        assert (page.first.text(), page.second.text(), page.question.text(), page.options_row.count()) == \
            ("", "", "", 0)
        assert page.status.text() == "Choosing your items…"
    finally:
        gate.set()  # (a failure before it would hold the window's close while the serving waits)
    qtbot.waitUntil(lambda: not page.keys_wait(), timeout=60_000)
    assert page.first.text() and page.options_row.count() == 5 and page.status.text() == ""


def test_keys_pressed_faster_than_the_engine_answer_in_the_order_pressed_and_the_window_writes_nothing(qtbot, tmp_path,
                                                                                                     scored_demo):
    """Six keys pressed at once (QTest, not waiting for any move to come back): the first is on the engine while the
    other five join the queue, and the three answers are the pairs in the order pressed. The window's own connection
    reads only: every write of the session is the engine's (desktop/engine.py)."""
    db, cid, speaker = review_database(tmp_path / "plain.sqlite", scored_demo, "A", 6)
    window = open_window(qtbot, db)
    page = start_reviewing(qtbot, window)
    statements = []
    window.store.conn.set_trace_callback(statements.append)
    try:
        keys = (Qt.Key_4, Qt.Key_3, Qt.Key_5, Qt.Key_2, Qt.Key_1, Qt.Key_4)
        for key in keys:
            QTest.keyClick(page, key)
        assert page._in_flight == 1 and len(page._queued) == len(keys) - 1  # nothing came back yet
        assert moves_done()
    finally:
        window.store.conn.set_trace_callback(None)
    assert [a for a in _answers(db, cid, speaker) if a][:3] == [
        {"adequacy": 4, "fluency": 3}, {"adequacy": 5, "fluency": 2}, {"adequacy": 1, "fluency": 4}]
    assert page.position == 3 and page.progress.text().startswith("4 of")
    writes = [s for s in statements if s.split(None, 1)[0].upper() in ("INSERT", "UPDATE", "DELETE", "BEGIN",
                                                                        "REPLACE")]
    assert writes == []


def test_a_campaign_opened_twice_at_once_is_served(qtbot, tmp_path, scored_demo):
    """Two openings handed to the engine before either came back (a double press of Enter): the first comes back to a
    page that has moved on, the second's session waits for its first segment — and is served (the page serves whenever
    its session waits, whichever opening asked)."""
    page, db, cid, speaker = _page(qtbot, tmp_path, scored_demo)
    served(qtbot, page)
    review = page.window().review
    for _ in range(2):
        review.open_campaign(cid)
    assert page.session is None and page._in_flight == 2
    served(qtbot, page)
    assert page.item and page.first.text() and page.options_row.count() == 5
