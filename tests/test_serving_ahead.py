"""Serving ahead (issue 58): while a speaker reads the last item served to them, the app serves an adaptive campaign's
next segment on a connection of its own; the answer then finds it instead of working the decisions out again. And what
is worked out from a campaign's items alone is kept across answers, but not across a change of its items."""

from __future__ import annotations

import pytest

import json

from test_adaptive import _systems
from review import records
from review.rating import campaigns, practice, sequence
from review.records import catalogue
from review.store import Store


def _campaign(tmp_path, scored_demo) -> tuple[Store, str, str]:
    store = Store(tmp_path / "ahead.sqlite", backup=False)
    runs = [catalogue.load_scored(str(p)) for p in _systems(scored_demo, tmp_path)]
    cid = campaigns.create_adaptive_campaign(store, runs, "A")
    speaker = records.speakers.add_speaker(store, "Mary", "test")
    practice.mark_done(store, cid, speaker)
    return store, cid, speaker


def test_the_next_segment_is_served_ahead_only_when_the_item_shown_is_the_last_open_one(tmp_path, scored_demo):
    store, cid, speaker = _campaign(tmp_path, scored_demo)
    walk = sequence.Sequence(store, cid, speaker)  # serves the first segment
    first = walk.first_open()
    served = records.sequences.length(store, cid, speaker)
    open_now = records.sequences.open_positions(store, cid, speaker)
    if len(open_now) > 1:  # several outputs of the segment are open: nothing is served ahead of them
        assert sequence.prepare_next(store, cid, speaker, first) == 0
        for position in sorted(open_now)[:-1]:
            records.answers.answer(store, cid, speaker, position, {"adequacy": 4, "fluency": 4})
        first = max(open_now)
    before = records.sequences.length(store, cid, speaker)
    assert before == served and first == before - 1
    with Store(store.path, backup=False, checked=True) as other:  # the app's background connection
        added = sequence.prepare_next(other, cid, speaker, first)
    assert added >= 1
    length = records.sequences.length(store, cid, speaker)
    assert length == before + added
    with Store(store.path, backup=False, checked=True) as other:  # asked again: something is open now
        assert sequence.prepare_next(other, cid, speaker, first) == 0
    records.answers.answer(store, cid, speaker, first, {"adequacy": 4, "fluency": 4})
    after = walk.after(first)
    assert after == first + 1  # the segment served ahead, not another one
    assert records.sequences.length(store, cid, speaker) == length  # nothing served twice
    items = [r["item_id"] for r in store.rows("select item_id from assignments where campaign_id = ? and "
                                              "speaker_id = ?", [cid, speaker])]
    assert len(items) == len(set(items))  # never an item twice


def test_a_walk_finds_a_segment_another_connection_served_while_it_looked(tmp_path, scored_demo):
    store, cid, speaker = _campaign(tmp_path, scored_demo)
    walk = sequence.Sequence(store, cid, speaker)
    for position in sorted(records.sequences.open_positions(store, cid, speaker)):
        records.answers.answer(store, cid, speaker, position, {"adequacy": 4, "fluency": 4})
    last = records.sequences.length(store, cid, speaker) - 1
    asked = []
    served = sequence.ServedElsewhere(lambda: asked.append(1))  # what the app does: a background serving starts
    walk.serve_elsewhere = served
    with pytest.raises(sequence.ServingUnderWay):  # under way: the walk waits, serving nothing itself
        walk.after(last)
    assert asked == [1] and records.sequences.length(store, cid, speaker) == last + 1
    served.ended((last + 1, 0), ahead=True)  # an ahead serving that found items open says nothing of this length
    with pytest.raises(sequence.ServingUnderWay):
        walk.after(last)
    with Store(store.path, backup=False, checked=True) as other:
        before, added = sequence.serving_job(other, cid, speaker)
    served.ended((before, added), ahead=False)
    assert before == last + 1 and added >= 1
    assert walk.after(last) == last + 1
    assert records.sequences.length(store, cid, speaker) == last + 1 + added  # served once, by the other


def test_what_a_campaigns_items_alone_give_is_kept_across_answers_and_made_again_when_they_change(tmp_path,
                                                                                                  scored_demo):
    store, cid, speaker = _campaign(tmp_path, scored_demo)
    segments = catalogue.segment_items(store, cid)
    runs = catalogue.runs_of(store, cid)
    sequence.Sequence(store, cid, speaker)
    records.answers.answer(store, cid, speaker, records.sequences.next_position(store, cid, speaker),
                           {"adequacy": 3, "fluency": 3})
    assert catalogue.segment_items(store, cid) is segments and catalogue.runs_of(store, cid) is runs  # kept
    extra = json.loads(scored_demo.read_text("utf-8"))
    extra["model_slug"] = extra["run_id"] = "late"
    for e in extra["entries"]:
        e["predicted"] = e["predicted"] + " late"
    run_id = catalogue.import_run(store, extra)
    late = store.rows("select id from items where run_id = ? and kind = 'segment'", [run_id])
    with store.transaction() as db:  # a campaign's items arriving later (a bundle merged in two parts)
        db["campaign_items"].insert_all({"campaign_id": cid, "item_id": r["id"], "position": 10_000 + k}
                                        for k, r in enumerate(late))
    again = catalogue.segment_items(store, cid)
    assert again is not segments and len(again) == len(segments) + len(late)
    assert [r["id"] for r in catalogue.runs_of(store, cid)][-1] == run_id
