"""Whole review sessions driven without Qt (review.rating.session): every task, practice, undo per action, drafts
that survive a pause or a crash (a new session on the same database), time shown and time away."""

from __future__ import annotations

import json

import pytest

from review import records, tasks
from review.rating import campaigns, practice
from review.rating.session import FEEDBACK, MARK, QUESTION, ReviewSession, SCORE
from review.records import catalogue
from review.store import Store


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def scored(scored_demo):
    return catalogue.load_scored(str(scored_demo))


def _db(tmp_path, scored, task, items=12, practised=True, **options):
    store = Store(tmp_path / f"{task}.sqlite")
    options = {"premark": "off", **options} if task == "E" else options  # marking from scratch unless asked
    cid = campaigns.create_campaign(store, scored, task, items=items, **options)
    spk = records.speakers.add_speaker(store, "Mary", "LYSS study")
    if practised:
        practice.mark_done(store, cid, spk)
    return store, cid, spk


def _answers(store, cid, spk) -> dict[int, dict]:
    return {r["position"]: json.loads(r["answers"]) for r in
            store.rows("select position, answers from ratings where campaign_id = ? and speaker_id = ?", [cid, spk])}


@pytest.mark.parametrize("task", ["A", "B", "C", "T"])
def test_an_options_task_from_start_to_finish(tmp_path, scored, task):
    store, cid, spk = _db(tmp_path, scored, task, items=6)
    session = ReviewSession.open(store, cid, spk)
    session.start()
    total = session.item["total"]
    seen = []
    while not session.finished:
        assert session.step == QUESTION
        seen.append(session.position)
        outcome = None
        while session.step == QUESTION and session.position == seen[-1] and not session.finished:
            outcome = session.choose(1)
            if outcome.what != "next_question":
                break
        assert outcome.what in ("saved", "finished")
    assert seen == list(range(total))
    stored = _answers(store, cid, spk)
    assert len(stored) == total
    first = tasks.task(task).questions[0]
    assert all(a[first["id"]] == first["options"][0]["value"] for a in stored.values())


def test_task_c_asks_its_second_question_only_after_yes(tmp_path, scored):
    store, cid, spk = _db(tmp_path, scored, "C", items=4)
    session = ReviewSession.open(store, cid, spk)
    session.start()
    assert session.current_question()["id"] == "valid"
    assert session.choose(1).what == "next_question" and session.current_question()["id"] == "kind"  # yes → kind
    assert session.choose(2).what == "saved"
    assert session.choose(2).what == "saved"  # no: no second question
    assert list(_answers(store, cid, spk).values()) == [{"valid": "yes", "kind": "loanword"}, {"valid": "no"}]


def test_undo_takes_back_a_step_on_a_touched_item_and_the_last_answer_on_an_untouched_one(tmp_path, scored):
    store, cid, spk = _db(tmp_path, scored, "A")
    session = ReviewSession.open(store, cid, spk)
    session.start()
    session.choose(4)
    session.choose(5)  # position 0 answered
    assert session.position == 1
    session.choose(3)  # half of position 1
    assert session.undo().what == "undone_step"
    assert session.partial == {} and session.position == 1 and len(_answers(store, cid, spk)) == 1
    outcome = session.undo()  # untouched now: the previous answer goes, and its item is shown again
    assert (outcome.what, outcome.position, session.position) == ("undone_answer", 0, 0)
    assert _answers(store, cid, spk) == {}
    assert session.undo().what == "nothing"


def test_marking_spans_undo_score_and_commit(tmp_path, scored):
    store, cid, spk = _db(tmp_path, scored, "E")
    session = ReviewSession.open(store, cid, spk)
    session.start()
    while len(session.marking.words) < 3:  # an item long enough to mark two separate words
        session.to_score()
        session.finish_spans()
    position = session.position
    assert session.step == MARK
    session.mark("minor")                      # word 0
    session.move(2)
    session.mark("major")                      # word 2
    assert len(session.marking.spans) == 2
    assert session.undo().what == "undone_step"  # Ctrl+Z while marking: the last mark only
    assert len(session.marking.spans) == 1 and session.position == position
    assert len(_answers(store, cid, spk)) == position  # no saved answer was touched
    session.to_missing()
    session.mark("minor")
    assert session.advance().what == "changed" and session.step == SCORE and session.score == 50
    session.anchor(3)
    session.move(1)
    session.move(-10)
    assert session.score == 57
    assert session.advance().what == "saved"
    answer = _answers(store, cid, spk)[position]
    words = session_words = answer["spans"]
    assert answer["score"] == 57 and len(session_words) == 2 and words[-1] == {"missing": True, "severity": "minor"}


def test_an_unfinished_item_survives_a_pause_a_close_and_a_crash(tmp_path, scored):
    store, cid, spk = _db(tmp_path, scored, "E")
    session = ReviewSession.open(store, cid, spk)
    session.start()
    position = session.position
    session.mark("major")
    session.set_note("the verb is wrong")
    session.to_score()
    session.set_score(20)
    del session  # the app closes, or the laptop loses power: nothing but the database remains
    store.close()
    store = Store(tmp_path / "E.sqlite")
    again = ReviewSession.open(store, cid, spk)
    again.start()
    assert again.position == position and again.step == SCORE and again.score == 20
    assert len(again.marking.spans) == 1 and again.note == "the verb is wrong" and again.touched()
    again.finish_spans()
    row = store.one("select answers, note from ratings where position = ?", [position])
    assert json.loads(row["answers"])["score"] == 20 and row["note"] == "the verb is wrong"
    assert store.one("select count(*) as n from drafts")["n"] == 0  # the answer replaced its draft


def test_a_half_answered_options_item_comes_back_after_a_pause(tmp_path, scored):
    store, cid, spk = _db(tmp_path, scored, "A")
    session = ReviewSession.open(store, cid, spk)
    session.start()
    session.choose(2)
    session.set_note("a note before the answer")
    again = ReviewSession.open(store, cid, spk)
    again.start()
    assert again.partial == {"adequacy": 2} and again.current_question()["id"] == "fluency"
    assert again.note == "a note before the answer"
    assert again.undo().what == "undone_step" and again.partial == {}  # a draft brought back can be dropped
    assert store.one("select count(*) as n from drafts")["n"] == 0


def test_practice_first_then_real_items_and_nothing_stored(tmp_path, scored):
    store, cid, spk = _db(tmp_path, scored, "A", practised=False)
    session = ReviewSession.open(store, cid, spk)
    session.start()
    assert session.practising and len(session.practice_items) == 4
    for _ in range(4):
        session.choose(5)
        assert session.choose(5).what == "feedback" and session.step == FEEDBACK
        assert "right" in session.feedback
        last = session.advance()
    assert last.what == "practice_done" and not session.practising and session.position == 0
    assert _answers(store, cid, spk) == {} and not practice.offered(store, cid, spk)


def test_time_shown_and_time_away(tmp_path, scored):
    store, cid, spk = _db(tmp_path, scored, "T")
    clock = Clock()
    session = ReviewSession.open(store, cid, spk, clock=clock)
    session.start()
    clock.now += 3
    session.focus(False)
    clock.now += 40
    session.focus(True)
    clock.now += 3
    session.choose(3)
    row = store.one("select seconds, away_seconds from ratings")
    assert (row["seconds"], row["away_seconds"]) == (46.0, 40.0)


def test_enter_on_an_unanswered_item_asks_for_an_answer_and_skip_leaves_it_open(tmp_path, scored):
    store, cid, spk = _db(tmp_path, scored, "T")
    session = ReviewSession.open(store, cid, spk)
    session.start()
    assert session.advance().what == "needs_answer" and session.position == 0
    assert session.skip().what == "skipped" and session.position == 1  # position 0 stays open
    session.choose(2)  # position 1 answered; the next open one is 2
    assert session.position == 2
    assert session.back().what == "changed" and session.position == 1
    assert session.advance().what == "nothing" and session.position == 2  # answered: Enter goes on
    for _ in range(session.item["total"]):
        if session.position == 0:
            break
        session.choose(1)
    assert session.position == 0 and len(_answers(store, cid, spk)) == session.item["total"] - 1  # skipped: last
    assert session.choose(1).what == "saved" and session.finished
