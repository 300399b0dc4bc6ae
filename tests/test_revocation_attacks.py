"""A revoked laptop is a stranger from its revocation's time on: what it signed before stays as it was signed
then (an edit made later puts the answer back to its earlier version, never drops it), and its withdrawals and
undos signed later are kept but never honoured. ``revoke`` itself refuses what cannot be meant."""

from __future__ import annotations

import json
import re

import pytest

from desktop.cli import main
from helpers import in_english, refused_alone, waiting_reasons
from review import records
from review.exchange import bundles
from review.rating import campaigns, roster, sequence
from review.records import catalogue, laptops
from review.store import Store, now
from test_ownership import Circle

ORIGINAL = {"adequacy": 1, "fluency": 2}


@pytest.fixture
def circle(tmp_path, scored_demo):
    return Circle(tmp_path, catalogue.load_scored(str(scored_demo)))


def answers_of(store: Store, device: str) -> dict:
    return {r["uuid"]: (json.loads(r["answers"]), r["updated_at"]) for r in
            store.rows("select uuid, answers, updated_at from ratings where device_id = ?", [device])}


def test_revoke_refuses_an_empty_date_its_own_code_a_stranger_and_cuts_long_codes(circle, capsys):
    hub = str(circle.hub.path)
    cases = {
        ("--from", ""): "give a date like 2026-11-30",
        ("--from", "   "): "give a date like 2026-11-30",
        ("--from", "2026-02-30"): "not a real date",
    }
    for (option, value), says in cases.items():
        assert main(["review", "revoke", circle.l1.device_id, option, value, "--db", hub]) == 2
        err = capsys.readouterr().err
        assert says in err and len(err.splitlines()) == 1, err
    assert main(["review", "revoke", circle.hub.device_id, "--db", hub]) == 2
    assert "this laptop's own code: a coordinator cannot revoke itself" in capsys.readouterr().err
    stranger = Store(circle.folder / "stranger.sqlite")
    assert main(["review", "revoke", stranger.device_id, "--db", hub]) == 2
    assert "not enrolled in any campaign this laptop coordinates: nothing to revoke" in capsys.readouterr().err
    assert main(["review", "revoke", circle.l1.device_id, "--campaign", circle.y, "--db", hub]) == 2
    assert "not enrolled in that campaign" in capsys.readouterr().err
    assert main(["review", "revoke", "X" * 5000, "--db", hub]) == 2
    err = capsys.readouterr().err
    assert len(err) < 400 and "(5,000 characters)" in err, err
    assert circle.hub.one("select count(*) as n from revocations")["n"] == 0  # nothing was written


def test_an_edit_after_the_revocation_puts_the_answer_back_to_its_earlier_version(circle, tmp_path):
    c = circle
    before = answers_of(c.hub, c.l1.device_id)
    assert len(before) == 4
    since = now()
    records.answers.answer(c.l1, c.x, c.s1, 0, {"adequacy": 5, "fluency": 5})  # the thief edits a kept answer
    records.answers.answer(c.l1, c.x, c.s1, 5, ORIGINAL)  # and records a new one
    late = c.export(c.l1, "l1-edited")
    laptops.revoke(c.hub, c.l1.device_id, since, c.x)
    revocation = c.export(c.hub, "revocation")
    changed = bundles.merge(c.hub, str(late))
    assert changed["ratings_refused_revoked"] == 2  # the edit undone, the new answer dropped
    assert answers_of(c.hub, c.l1.device_id) == before  # the pre-revocation version stays, as it was signed
    # another laptop, in every order, whatever it held first: the same answers
    seen = []
    for k, order in enumerate([(c.b1, late, revocation), (late, revocation), (revocation, late), (revocation, c.b1,
                                                                                                   late)]):
        target = Store(tmp_path / f"copy{k}.sqlite")
        laptops.trust(target, c.hub.device_id)
        bundles.merge(target, str(c.setup))
        for path in order:
            bundles.merge(target, str(path))
        seen.append(answers_of(target, c.l1.device_id))
    assert all(s == before for s in seen), seen
    # history signed from the revocation on is gone; the pre-revocation history stays
    history = c.hub.rows("select at from rating_history where device_id = ?", [c.l1.device_id])
    assert history and all(h["at"] < since for h in history)


def test_withdrawals_and_undos_a_revoked_laptop_signs_later_are_not_honoured(circle, tmp_path):
    c = circle
    since = now()
    laptops.revoke(c.hub, c.l1.device_id, since, c.x)
    revocation = c.export(c.hub, "revocation")
    undone = c.l1.one("select uuid from ratings where speaker_id = ? order by updated_at desc", [c.s1])["uuid"]
    assert records.answers.undo_last(c.l1, c.x, c.s1) is not None  # the thief undoes a kept answer…
    roster.withdraw(c.l1, c.s1)  # the thief deletes the speaker's kept answers
    late = c.export(c.l1, "l1-withdrew")
    for order in ([late], [revocation, late]):
        target = c.hub if order == [late] else Store(tmp_path / "l2-copy.sqlite")
        if target is not c.hub:
            laptops.trust(target, c.hub.device_id)
            for path in (c.setup, c.b1):
                bundles.merge(target, str(path))
        for path in order:
            bundles.merge(target, str(path))
        assert target.one("select count(*) as n from ratings where speaker_id = ?", [c.s1])["n"] == 4
        assert target.one("select count(*) as n from ratings where uuid = ?", [undone])["n"] == 1
        assert target.one("select withdrawn from speakers where id = ?", [c.s1])["withdrawn"] == 0
        assert target.one("select count(*) as n from tombstones where id = ?", [c.s1])["n"] == 1  # kept, not honoured
    # the coordinator can still withdraw the speaker (at the speaker's request)
    roster.withdraw(c.hub, c.s1)
    assert c.hub.one("select count(*) as n from ratings where speaker_id = ?", [c.s1])["n"] == 0


def test_one_speaker_given_an_item_at_several_positions_is_refused_and_counted_once(circle, tmp_path):
    """The attack: an enrolled laptop appends positions that repeat items its speaker already has, answers
    them, and signs it all itself. The merge refuses each repeated position alone with the rule named; and whatever a database holds,
    the study counts one speaker's answers to one item once."""
    c = circle
    slots = {r["position"]: r for r in c.l1.rows("select * from assignments where speaker_id = ?", [c.s1])}
    answered = [r for r in c.l1.rows("select * from ratings where speaker_id = ? order by position", [c.s1])
                if slots[r["position"]]["qc"] == ""]
    first = [slots[r["position"]] for r in answered]
    assert first
    length = c.l1.one("select count(*) as n from assignments where speaker_id = ?", [c.s1])["n"]

    def repeat_each(data):
        for k, (slot, rating) in enumerate(zip(first, answered)):
            extra = {**slot, "position": length + k}
            data["assignments"].append(extra)
            data["ratings"].append({**rating, "uuid": f"{rating['uuid'][:-4]}ffff", "position": length + k})

    forged = c.forged("repeats", repeat_each)
    held = c.hub.one("select count(*) as n from ratings")["n"]
    changed = bundles.merge(c.hub, str(forged))
    assert len(changed["rows_refused"]) == len(first)  # each repeated position, named, alone
    assert all(re.search(r"gives item it-\w+ at positions \d+ and \d+: one speaker rates an item once \(a "
                         r"quality-control repeat aside\)", line) for line in refused_alone(changed))
    assert c.hub.one("select count(*) as n from assignments where speaker_id = ? and position >= ?",
                     [c.s1, length])["n"] == 0
    assert c.hub.one("select count(*) as n from ratings")["n"] == held  # their answers wait for positions never made
    # a database that holds such rows anyway (made before this check) counts each speaker once per item
    before = records.answers.values(c.hub, "A", "adequacy", c.x)
    with c.hub.transaction() as db:
        db.conn.execute("PRAGMA foreign_keys=OFF")
        for k, (slot, rating) in enumerate(zip(first, answered)):
            db["assignments"].insert({**slot, "position": length + k})
            db["ratings"].insert({**rating, "uuid": f"dup-{k}", "position": length + k,
                                  "answers": json.dumps({"adequacy": 5, "fluency": 5})})
    after = records.answers.values(c.hub, "A", "adequacy", c.x)
    assert sorted((r["speaker_id"], r["item_id"], r["value"]) for r in after) == \
        sorted((r["speaker_id"], r["item_id"], r["value"]) for r in before)


@pytest.mark.parametrize("order", [("hub", "old"), ("old", "hub", "old"), ("old", "hub"), ("hub", "old", "hub")])
def test_a_withdrawal_travels_whole_to_a_laptop_that_joins_late(tmp_path, scored_demo, order):
    """A field laptop's speaker (with quality-control items made for their sequence) answers and withdraws; the
    coordinator merges both bundles and exports. A laptop that joins later (it trusts the coordinator only)
    merges the coordinator's bundle and the field laptop's older one in any order: the speaker never comes back."""
    scored = catalogue.load_scored(str(scored_demo))
    hub = Store(tmp_path / "hub.sqlite")
    cid = campaigns.create_campaign(hub, scored, "A", items=12)
    field = Store(tmp_path / "field.sqlite")
    laptops.enrol(hub, field.device_id)
    laptops.trust(field, hub.device_id)
    bundles.export_bundle(hub, str(tmp_path / "setup.lyssbundle"))
    bundles.merge(field, str(tmp_path / "setup.lyssbundle"))
    speaker = records.speakers.add_speaker(field, "Ana", "LYSS study")
    sequence.join(field, cid, speaker)
    assert field.one("select count(*) as n from assignments where qc = 'degraded'")["n"] > 0
    for position in range(6):
        records.answers.answer(field, cid, speaker, position, ORIGINAL)
    old = tmp_path / "old.lyssbundle"
    bundles.export_bundle(field, str(old))
    bundles.merge(hub, str(old))
    roster.withdraw(field, speaker)
    bundles.export_bundle(field, str(tmp_path / "after.lyssbundle"))
    bundles.merge(hub, str(tmp_path / "after.lyssbundle"))
    after = tmp_path / "hub-after.lyssbundle"
    bundles.export_bundle(hub, str(after))
    late = Store(tmp_path / f"late-{'-'.join(order)}.sqlite")
    laptops.trust(late, hub.device_id)
    from scoring.errors import InputError
    for name in order:
        try:
            bundles.merge(late, str(after if name == "hub" else old))
        except InputError as exc:
            assert name == "old" and "campaign" in str(exc)  # before the campaign arrived: refused, retried later
    assert late.one("select count(*) as n from ratings where speaker_id = ?", [speaker])["n"] == 0
    assert late.one("select count(*) as n from tombstones where id = ?", [speaker])["n"] == 1
    assert late.one("select withdrawn from speakers where id = ?", [speaker]) in (None, {"withdrawn": 1})


def test_an_edit_signed_by_a_laptop_never_enrolled_is_refused_for_that(circle):
    """An enrolled laptop relays an edit of one of L1's answers that a stranger (never enrolled) signed: the
    edit waits for the stranger's enrolment — the first rule it breaks, named with the coordinator's command —
    and is not applied; the rest of the file merges."""
    from review.store import signing
    from test_bundle_attacks import _forge
    from scoring.errors import InputError
    c = circle
    stranger = Store(c.folder / "stranger.sqlite")

    edited = {}

    def edit(data):
        row = next(r for r in data["ratings"] if r["speaker_id"] == c.s1)
        row.update(answers=json.dumps({"adequacy": 5, "fluency": 5}, sort_keys=True), updated_at=now(),
                   device_id=stranger.device_id)
        row.update(signing.sign_row(stranger.private_key, stranger.public_key, "ratings", row))
        edited.update(row)

    forged = _forge(c.export(c.l1, "l1-all"), c.folder / "stranger-edit.lyssbundle", edit, signer=c.l1)
    held = bundles.table_snapshot(c.hub)["ratings"]
    changed = bundles.merge(c.hub, str(forged))
    reasons = waiting_reasons(c.hub)
    assert len(reasons) == 1 and reasons[0].startswith("ratings row ") and reasons[0].endswith(
        f" ({edited['uuid']}): laptop {stranger.device_id} is not enrolled in campaign {c.x}"), reasons
    assert [in_english(said) for said in changed["waiting_lines"]] == [f"1 answer waits for laptop {stranger.device_id}'s enrolment in campaign {c.x} "
                                        f"(its coordinator: lyss review enrol {stranger.device_id} --campaign {c.x})"]
    assert bundles.table_snapshot(c.hub)["ratings"] == held  # the edit is not applied
