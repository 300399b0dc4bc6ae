"""A verdict stands once announced (issue 66, 3). Answers from a laptop that was offline — for items it served before
the coordinator's laptop served them — arrive after the coordinator's laptop announced "refused": they used to turn it
into "reached" (the earlier-served answers count first); now the verdict announced stands, with its history, and what
they say is reported as "since then". Only a withdrawal re-opens it, and the record says so. The records are signed
rows that travel: every laptop that holds them says the same verdict."""

from __future__ import annotations

import json

from review import records
from review.exchange import bundles
from review.rating import campaigns, sequence
from review.records import catalogue, laptops
from review.sentences import english
from review.store import Store
from review.study import decisions


def _answer_all(store: Store, cid: str, name: str, score, first: int | None = None) -> str:
    """The speaker answers every item (until ``first`` of the campaign's own items are answered: the quality-control
    items the sequence mixes in, which land where the campaign's random id puts them, are answered on the way and not
    counted): ``score``, or ``score(position)``."""
    speaker = records.speakers.add_speaker(store, name, "LYSS study")
    sequence.join(store, cid, speaker)
    own = 0
    for position in range(records.sequences.length(store, cid, speaker)):
        if first is not None and own == first:
            break
        value = score(position) if callable(score) else score
        records.answers.answer(store, cid, speaker, position, {"spans": [], "score": value})
        own += not records.sequences.item_at(store, cid, speaker, position)["qc"]
    return speaker


def _carry(source: Store, target: Store, path) -> None:
    bundles.export_bundle(source, str(path))
    bundles.merge(target, str(path), backup=False)


def _tier(found: dict) -> dict:
    return found["tiers"][0]


def _lines(found: dict) -> list[str]:
    return [english(s) for q in found["questions"] for s in q["said"]]


def _two_laptops(tmp_path, scored_demo):
    hub = Store(tmp_path / "hub.sqlite", create=True)
    field = Store(tmp_path / "field.sqlite", create=True)
    cid = campaigns.create_campaign(hub, catalogue.load_scored(str(scored_demo)), "E", raters=1, name="round 1")
    laptops.enrol(hub, field.device_id, cid)
    laptops.trust(field, hub.device_id)
    _carry(hub, field, tmp_path / "campaign.lyssbundle")
    return hub, field, cid


def test_answers_served_earlier_on_an_offline_laptop_do_not_move_a_verdict_announced(tmp_path, scored_demo):
    hub, field, cid = _two_laptops(tmp_path, scored_demo)
    _answer_all(field, cid, "Rita", 100)  # served first, on a laptop that stays offline: every output accepted
    _answer_all(hub, cid, "Joseph", 20)  # served later, here: none accepted
    first = decisions.status(hub, cid)
    assert _tier(first)["decision"] == "refused"
    refused_after = _tier(first)["decided_after"]
    announced = hub.rows("select question, event, verdict, signer from verdict_records")
    assert [(r["event"], r["verdict"], r["signer"]) for r in announced] == [("settled", "refused", hub.public_key)]

    _carry(field, hub, tmp_path / "late.lyssbundle")  # Rita's answers arrive, and count first in serving order
    after = decisions.status(hub, cid)
    live = decisions.decide(hub, cid).units[announced[0]["question"]]
    assert live.verdict == "reached, unconfirmed"  # what the answers in hand alone would say now: before, the verdict
    assert _tier(after)["decision"] == "refused" and _tier(after)["decided_after"] == refused_after
    said = _lines(after)
    assert any("announced on" in s and "refused" in s for s in said), said
    now = next(s for s in said if s.startswith("since then"))
    assert "42 items" in now and "100%" in now, now  # the answers since are reported beside it, not hidden
    assert hub.one("select count(*) as n from verdict_records")["n"] == 1  # looking again writes nothing
    assert decisions.status(hub, cid)["tiers"] == after["tiers"]

    _carry(hub, field, tmp_path / "announced.lyssbundle")  # the record travels: the field laptop says the same
    on_field = decisions.status(field, cid)
    assert _tier(on_field)["decision"] == "refused" and _tier(on_field)["decided_after"] == refused_after
    assert field.one("select count(*) as n from verdict_records")["n"] == 1  # not its to write: nothing added


def test_a_withdrawal_re_opens_a_verdict_and_the_history_says_so(tmp_path, scored_demo):
    hub, field, cid = _two_laptops(tmp_path, scored_demo)
    rita = _answer_all(field, cid, "Rita", 100)
    joseph = _answer_all(hub, cid, "Joseph", 20)
    assert _tier(decisions.status(hub, cid))["decision"] == "refused"
    _carry(field, hub, tmp_path / "late.lyssbundle")
    assert _tier(decisions.status(hub, cid))["decision"] == "refused"
    withdrawn = records.speakers.record_withdrawal(hub, joseph)
    found = decisions.status(hub, cid)
    tier = _tier(found)
    assert tier["decision"] == "reached, unconfirmed"  # decided again on what remains: Rita's answers
    events = [(r["event"], r["verdict"], json.loads(r["reason"] or "null")) for r in hub.rows(
        "select event, verdict, reason from verdict_records order by at, event")]
    assert [e[:2] for e in events] == [("settled", "refused"), ("reopened", None), ("settled", "reached, unconfirmed")]
    rested = json.loads(hub.one("select rests_on from verdict_records where verdict = 'refused'")["rests_on"])
    assert events[1][2] == {"why": "withdrawn", "speakers": 1, "answers": rested["answers"],
                            "rested_on": rested["answers"]}
    assert 0 < rested["answers"] <= withdrawn
    said = _lines(found)
    assert any("re-opened on" in s and "1 speaker withdrew" in s for s in said), said
    assert sum("announced on" in s for s in said) == 2, said
    with hub.conn:  # the record names no speaker: the withdrawn one leaves no id in it
        text = "".join(json.dumps(r) for r in hub.rows("select * from verdict_records"))
    assert joseph not in text and rita not in text


def test_a_verdict_rests_on_every_item_its_question_took_up_to_it():
    """Best stops serving the runs it eliminates: the segments it took after an elimination hold fewer runs, and
    still count in what its verdict rests on; a pair rests on the segments fed while it was open."""
    from review.study import standing
    taken = [{"a": "a1", "b": "b1", "c": "c1"}, {"a": "a2", "b": "b2"}, {"a": "a3", "b": "b3"}, {"a": "a4"}]
    counted = {i: {"rated": i, "ratings": [("spk-1", 5)]} for entry in taken for i in entry.values()}
    best = standing.Unit("asked Best", (0, None), ["a", "b", "c"], "a", 3, {})
    assert standing.rests_on(best, taken, counted, "cmp-1")["answers"] == 3 + 2 + 2
    pair = standing.Unit("pair a c", (0, 0), ["a", "c"], "a better", 1, {})
    assert standing.rests_on(pair, taken, counted, "cmp-1")["answers"] == 2


def test_a_verdict_announced_waits_for_nothing_and_costs_no_more_hours(tmp_path, scored_demo):
    """After the late answers the answers in hand leave the tier open (25 of the first 30 of 42 accepted, beside the
    rule's 80 %) and would forecast more hours; the verdict that stands needs nothing more."""
    hub, field, cid = _two_laptops(tmp_path, scored_demo)
    _answer_all(field, cid, "Rita", lambda position: 20 if position % 6 == 0 else 100, first=30)
    _answer_all(hub, cid, "Joseph", 20, first=10)
    decisions.status(hub, cid)
    _carry(field, hub, tmp_path / "late.lyssbundle")
    found = decisions.status(hub, cid)
    live = decisions.decide(hub, cid).units
    assert [u.verdict for u in live.values()] == [None]  # open, on the answers in hand
    assert found["decided"] and found["tiers"][0]["decision"] == "refused" and found["waiting"] is None and found["plan"]["open_decisions"] == 0


def test_a_restore_forgets_no_verdict_announced(tmp_path, scored_demo, capsys):
    """The coordinator's laptop restored from a backup made before it announced a verdict keeps the announcement (the
    records are among the decisions a restore takes back), and says the same verdict with the same history."""
    from desktop.cli import main
    hub, field, cid = _two_laptops(tmp_path, scored_demo)
    _answer_all(hub, cid, "Joseph", 20)
    hub.backup("on-demand")  # before the verdict was announced
    before = decisions.status(hub, cid)
    path = hub.path
    hub.close()
    assert main(["review", "restore", "--db", str(path)]) == 0
    with Store(path) as restored:
        assert [(r["event"], r["verdict"]) for r in restored.rows("select event, verdict from verdict_records")] == [
            ("settled", "refused")]
        after = decisions.status(restored, cid)
    assert after["tiers"] == before["tiers"] and _lines(after) == _lines(before)
