"""The records own the rows: the one writer of answers runs a counted number of statements per keypress, and the
facts many readers ask for in one command (a campaign's same outputs) are read once while no row changes."""

from __future__ import annotations

import copy
import json

import pytest

from bench.review_bench import large_runs
from helpers import review_database, sent

from review import records
from review.rating import campaigns, sequence
from review.store import Store
from review.study import decisions

ANSWER_STATEMENTS = 7  # BEGIN; the slot; what the rule of who may record looks at; the rating; its history; the
#                        draft's delete; COMMIT (records.answers.answer says the same)


def _statements(store: Store, work) -> list[str]:
    seen: list[str] = []
    store.conn.set_trace_callback(seen.append)
    try:
        work()
    finally:
        store.conn.set_trace_callback(None)
    return sent(seen)


def test_an_answer_is_recorded_and_edited_in_the_same_counted_statements(tmp_path, scored_demo):
    path, cid, speaker = review_database(tmp_path / "r.sqlite", scored_demo, "A", items=6)
    with Store(path) as store:
        sequence.join(store, cid, speaker)
        position = records.sequences.next_position(store, cid, speaker)
        created = _statements(store, lambda: records.answers.answer(store, cid, speaker, position,
                                                                    {"adequacy": 4, "fluency": 3}))
        edited = _statements(store, lambda: records.answers.answer(store, cid, speaker, position,
                                                                   {"adequacy": 2, "fluency": 3}))
        assert len(created) == ANSWER_STATEMENTS, "\n".join(created)
        assert len(edited) == ANSWER_STATEMENTS, "\n".join(edited)
        assert [s.split()[0].lower() for s in created] == ["begin", "select", "select", "insert", "insert", "delete",
                                                           "commit"]
        assert [s.split()[0].lower() for s in edited] == ["begin", "select", "select", "update", "insert", "delete",
                                                          "commit"]
        assert records.sequences.item_at(store, cid, speaker, position)["answer"]["adequacy"] == 2


def test_status_of_a_6000_item_campaign_reads_its_same_outputs_once(tmp_path, scored_demo, monkeypatch):
    calls = []
    real = records.catalogue._same_outputs
    monkeypatch.setattr(records.catalogue, "_same_outputs",
                        lambda store, cid: calls.append(cid) or real(store, cid))
    with Store(tmp_path / "big.sqlite") as store:
        cid = campaigns.create_adaptive_campaign(store, large_runs(json.loads(scored_demo.read_text("utf-8")), 3000), "A")
        assert records.catalogue.campaign_items(store, cid).__len__() == 6000
        calls.clear()
        assert records.catalogue.items_to_rate(store, cid) == 4500  # 1,500 outputs the two runs share
        found = decisions.status(store, cid)
        assert calls == [cid]  # once, however many readers asked (about six in one status)
        assert found["items"] == 4500
        again = decisions.status(store, cid)  # nothing changed: nothing read again, the same figures
        assert calls == [cid] and again == found
        assert again is found  # shared, never copied (issue 69): frozen all the way down, so no caller changes it
        with pytest.raises(TypeError):
            again["runs"].append("changed by the caller")
        with pytest.raises(TypeError):
            again["plan"]["changed"] = True
        with pytest.raises(TypeError):
            decisions.decide(store, cid).questions[0]["said"] = []
        mine = copy.deepcopy(found)  # a copy is the caller's, a plain dict to change
        mine["runs"].append("mine")
        assert type(mine) is dict and decisions.status(store, cid)["runs"] == found["runs"] != mine["runs"]
        assert json.loads(json.dumps(found)) == found  # written as JSON like any dict
