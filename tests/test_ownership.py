"""Trust inside the circle: a properly enrolled laptop (L1, enrolled in campaign X only) signs bundles
that try to change what it does not own. Each such row is set aside alone — refused, or waiting when
what would allow it may still arrive — with one line naming the table, the row and the rule, while
the rest of the file merges; merges stay a function of the set of bundles, and hostile rows never
change an honest one (a Hypothesis test over random sets and orders)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import refused_alone, waiting_reasons
from review import records
from review.exchange import bundles
from review.rating import campaigns, roster, sequence
from review.records import catalogue, laptops
from review.store import Store, signing
from review.study import analyses
from scoring.errors import InputError
from test_bundle_attacks import _forge
from sizes import examples

ANSWER = {"adequacy": 3, "fluency": 4}


class Circle:
    """A hub coordinating campaigns X (run R1) and Y (run R2); L1 enrolled in X only, L2 in X and Y; a
    speaker with answers on each; every laptop has merged the others' bundles."""

    def __init__(self, folder: Path, scored: dict):
        self.folder = folder
        self.hub = Store(folder / "hub.sqlite")
        self.x = campaigns.create_campaign(self.hub, scored, "A", items=12)
        other = json.loads(json.dumps(scored))
        other["model_slug"] = "demo/other-system"
        for e in other["entries"]:
            e["predicted"] = e.get("predicted", "") + " ."
        self.y = campaigns.create_campaign(self.hub, other, "A", items=12)
        self.l1, self.l2 = Store(folder / "l1.sqlite"), Store(folder / "l2.sqlite")
        laptops.enrol(self.hub, self.l1.device_id, self.x)
        for cid in (self.x, self.y):
            laptops.enrol(self.hub, self.l2.device_id, cid)
        for lap in (self.l1, self.l2):
            laptops.trust(lap, self.hub.device_id)
        self.setup = self.export(self.hub, "setup")
        self.s1 = self.speaker(self.l1, "One", self.x)
        self.s2 = self.speaker(self.l2, "Two", self.x)
        self.b1, self.b2 = self.export(self.l1, "l1"), self.export(self.l2, "l2")
        bundles.merge(self.hub, str(self.b1))
        bundles.merge(self.hub, str(self.b2))
        bundles.merge(self.l1, str(self.b2))  # L1 now holds L2's rows: what it would tamper with

    def speaker(self, lap: Store, name: str, cid: str) -> str:
        bundles.merge(lap, str(self.setup))
        spk = records.speakers.add_speaker(lap, name, "LYSS study")
        sequence.join(lap, cid, spk)
        for n in range(4):
            records.answers.answer(lap, cid, spk, n, {"adequacy": 1 + n, "fluency": 2})
        return spk

    def export(self, store: Store, name: str) -> Path:
        path = self.folder / f"{name}.lyssbundle"
        bundles.export_bundle(store, str(path))
        return path

    def forged(self, name: str, edit) -> Path:
        """L1's own bundle, edited, every row L1 claims signed again by L1, the bundle signed by L1."""
        return _forge(self.export(self.l1, "l1-now"), self.folder / f"{name}.lyssbundle", edit, signer=self.l1)


@pytest.fixture
def circle(tmp_path, scored_demo):
    return Circle(tmp_path, catalogue.load_scored(str(scored_demo)))


def _row(data, table, **match):
    return next(r for r in data[table] if all(r[k] == v for k, v in match.items()))


def _claim(row: dict, lap: Store) -> dict:
    row["signer"] = lap.public_key
    return row


def _item_of(circle, cid) -> str:
    return circle.hub.one("select item_id from campaign_items where campaign_id = ? order by position", [cid])["item_id"]


def _attacks(c: Circle) -> dict:
    """name → (edit of L1's bundle data, the words the refusal must contain)."""
    y_item, x_item = _item_of(c, c.y), _item_of(c, c.x)
    run_x = c.hub.one("select run_id from campaigns where id = ?", [c.x])["run_id"]
    hub_code = c.hub.device_id
    l2_rating = c.hub.one("select * from ratings where speaker_id = ? order by position", [c.s2])
    slots = c.hub.rows("select * from assignments where campaign_id = ? and speaker_id = ? order by position",
                       [c.x, c.s1])

    def item(item_id):
        def edit(d):
            row = _claim(_row(d, "items", id=item_id), c.l1)
            row.update(output="something else entirely", metrics=json.dumps({"composite": 0.99}))
        return edit

    def run(d):
        _claim(_row(d, "runs", id=run_x), c.l1).update(name="renamed", scored_card=json.dumps({"entries": []}))

    def scores(d):
        d["human_scores"].append({"item_id": x_item, "kind": "adequacy", "score": 5.0, "signer": c.l1.public_key,
                                  "signature": None})

    def consent(d):
        _claim(_row(d, "speakers", id=c.s2), c.l1).update(consent_scope="anything", consent_at="2020-01-01T00:00:"
                                                                                               "00.000000Z")

    def resend(d):
        row = _claim(_row(d, "ratings", uuid=l2_rating["uuid"]), c.l1)
        row.update(device_id=c.l1.device_id, updated_at="2026-12-01T00:00:00.000000Z")

    def rating(**change):
        def edit(d):
            row = next(r for r in d["ratings"] if r["speaker_id"] == c.s1)
            row.update(change)
        return edit

    def another_slots_item(d):
        """The item of a position the answer is not at, and not its own item (a campaign repeats some items)."""
        row = next(r for r in d["ratings"] if r["speaker_id"] == c.s1)
        row.update(item_id=next(s["item_id"] for s in slots if s["item_id"] != row["item_id"]))

    def outside(d):
        row = next(r for r in d["ratings"] if r["speaker_id"] == c.s1)
        row.update(item_id=y_item)

    return {
        "item of campaign Y": (item(y_item), f"belongs to coordinator {hub_code}"),
        "item of its own campaign": (item(x_item), f"belongs to coordinator {hub_code}"),
        "the run": (run, f"run {run_x} belongs to coordinator {hub_code}"),
        "human scores": (scores, f"belong to coordinator {hub_code}"),
        "another laptop's speaker": (consent, f"belongs to laptop {c.l2.device_id}, which registered them"),
        "another laptop's answer": (resend, f"belongs to laptop {c.l2.device_id}"),
        "an item outside its campaign": (outside, "holds item"),
        "a position holding another item": (another_slots_item, "holds item"),
        "a position past the end": (rating(position=999), "has no position 999"),
        "more time away than on screen": (rating(seconds=5.0, away_seconds=50.0), "more time away"),
        "ending before it appeared": (rating(started_at="2026-11-30T10:00:00.000000Z",
                                             ended_at="2026-11-30T09:00:00.000000Z"), "before the item appeared"),
        "updated before created": (rating(created_at="2026-11-30T10:00:00.000000Z",
                                          updated_at="2026-11-30T09:00:00.000000Z"), "updated before"),
    }


ATTACKS = ["item of campaign Y", "item of its own campaign", "the run", "human scores", "another laptop's speaker",
           "another laptop's answer", "an item outside its campaign", "a position holding another item",
           "a position past the end", "more time away than on screen", "ending before it appeared",
           "updated before created"]


WAITS = {"a position past the end", "another laptop's answer"}  # position 999 may yet be added; a hand-over of
#                                                                   the speaker may yet come: those answers wait


def set_aside(store: Store, changed: dict) -> list[str]:
    """Every row a merge set aside, as its one line: refused alone, or waiting here."""
    return refused_alone(changed) + waiting_reasons(store)


@pytest.mark.parametrize("attack", ATTACKS)
def test_an_enrolled_laptop_cannot_change_what_it_does_not_own(circle, attack):
    edit, words = _attacks(circle)[attack]
    forged = circle.forged(attack.replace(" ", "-").replace("'", ""), edit)
    before = bundles.table_snapshot(circle.hub)
    changed = bundles.merge(circle.hub, str(forged))
    said = set_aside(circle.hub, changed)
    assert len(said) == 1 and words in said[0] and "\n" not in said[0], said
    assert (changed["waiting"] == 1) == (attack in WAITS)
    assert bundles.table_snapshot(circle.hub) == before  # the row set aside; the rest of the file was held already


def test_a_row_altered_under_its_authors_name_is_refused(circle):
    """Keeping the hub as the signer of an item L1 edited: the hub's signature no longer holds."""
    item = _item_of(circle, circle.x)
    forged = circle.forged("altered", lambda d: _row(d, "items", id=item).update(output="changed"))
    with pytest.raises(InputError, match="items row .*signature does not hold"):
        bundles.merge(circle.hub, str(forged))


def test_an_undo_signed_by_another_laptop_is_kept_but_never_honoured_in_either_order(circle, tmp_path):
    """L1 signs an undo of L2's answer: kept, not honoured; merging L2's and L1's bundles in both orders
    gives one ratings table."""
    from review.store.signing import sign_tombstone
    victim = circle.hub.one("select uuid from ratings where speaker_id = ?", [circle.s2])["uuid"]

    def undo(d):
        d["tombstones"].append(sign_tombstone(circle.l1.private_key, circle.l1.public_key, {
            "kind": "rating", "id": victim, "deleted_at": "2026-11-30T00:00:00.000000Z",
            "device_id": circle.l1.device_id}))

    forged = circle.forged("undo", undo)
    tables = []
    for k, order in enumerate([(circle.b2, forged), (forged, circle.b2)]):
        target = Store(tmp_path / f"order{k}.sqlite")
        laptops.trust(target, circle.hub.device_id)
        bundles.merge(target, str(circle.setup))
        for path in order:
            bundles.merge(target, str(path))
        assert target.one("select count(*) as n from ratings where uuid = ?", [victim])["n"] == 1
        tables.append(bundles.table_snapshot(target)["ratings"])
    assert tables[0] == tables[1]


def test_a_bundle_without_answers_cannot_move_the_hubs_correlation(circle):
    """Metrics of items rewritten by a laptop (no answer in the bundle): refused, the correlation as before."""
    def metrics(d):
        d["ratings"], d["rating_history"] = [], []
        for row in d["items"]:
            if row["run_id"] == circle.hub.one("select run_id from campaigns where id = ?", [circle.x])["run_id"]:
                _claim(row, circle.l1)["metrics"] = json.dumps({"composite": 1.0})
    before = analyses.correlate(circle.hub, "composite", "adequacy_z", campaign_id=circle.x)
    changed = bundles.merge(circle.hub, str(circle.forged("metrics", metrics)))
    assert changed["rows_refused"] and all("to coordinator" in line or "other content under this id" in line
                                           for line in refused_alone(changed))  # its own degraded items, altered
    assert analyses.correlate(circle.hub, "composite", "adequacy_z", campaign_id=circle.x) == before


def test_task_e_spans_are_checked_against_the_items_text_the_hub_holds(tmp_path, scored_demo):
    scored = catalogue.load_scored(str(scored_demo))
    hub = Store(tmp_path / "hub.sqlite")
    cid = campaigns.create_campaign(hub, scored, "E", items=5)
    lap = Store(tmp_path / "lap.sqlite")
    laptops.enrol(hub, lap.device_id)
    laptops.trust(lap, hub.device_id)
    setup = tmp_path / "setup.lyssbundle"
    bundles.export_bundle(hub, str(setup))
    bundles.merge(lap, str(setup))
    spk = records.speakers.add_speaker(lap, "Esa", "LYSS study")
    sequence.join(lap, cid, spk)
    records.answers.answer(lap, cid, spk, 0, {"spans": [], "score": 70})
    good = tmp_path / "good.lyssbundle"
    bundles.export_bundle(lap, str(good))
    item = lap.one("select item_id from ratings")["item_id"]
    length = len(hub.one("select output from items where id = ?", [item])["output"])

    def past_the_end(d):
        _row(d, "items", id=item).update(output="x" * (length + 50))  # the bundle's own copy, lengthened
        row = d["ratings"][0]
        row["answers"] = json.dumps({"spans": [{"start": length + 10, "end": length + 20, "severity": "minor"}],
                                     "score": 70}, sort_keys=True)

    forged = _forge(good, tmp_path / "spans.lyssbundle", past_the_end, signer=lap)
    with pytest.raises(InputError, match="items row|spans"):  # the hub's item, altered: the file is refused whole
        bundles.merge(hub, str(forged))

    def only_the_span(d):
        d["items"] = [r for r in d["items"] if r["id"] != item]
        d["ratings"][0]["answers"] = json.dumps({"spans": [{"start": length + 10, "end": length + 20,
                                                            "severity": "minor"}], "score": 70}, sort_keys=True)

    changed = bundles.merge(hub, str(_forge(good, tmp_path / "span-only.lyssbundle", only_the_span, signer=lap)))
    assert len(changed["rows_refused"]) == 1 and "spans" in refused_alone(changed)[0]  # the answer, alone
    assert hub.one("select count(*) as n from ratings")["n"] == 0
    bundles.merge(hub, str(good))
    assert hub.one("select count(*) as n from ratings")["n"] == 1


# ----------------------------------------------------------------------------- revocation

def test_revocation_refuses_later_answers_everywhere_and_tells_the_laptop(circle, tmp_path):
    c = circle
    cutoff = c.hub.one("select max(updated_at) as t from ratings where device_id = ?", [c.l1.device_id])["t"]
    spk = c.s1
    for n in range(4, 7):  # answers L1 makes after the cut-off (the laptop was stolen)
        records.answers.answer(c.l1, c.x, spk, n, ANSWER)
    late = c.export(c.l1, "l1-late")
    since = c.l1.one("select min(updated_at) as t from ratings where position >= 4")["t"]
    assert since > cutoff
    r = laptops.revoke(c.hub, c.l1.device_id, since, c.x)
    assert r["campaigns"] == [c.x]
    revocation = c.export(c.hub, "revocation")
    # at the hub: the four earlier answers kept, the three later ones refused
    changed = bundles.merge(c.hub, str(late))
    assert changed["ratings_refused_revoked"] == 3
    kept = c.hub.rows("select position from ratings where device_id = ? order by position", [c.l1.device_id])
    assert [row["position"] for row in kept] == [0, 1, 2, 3]
    # at L2, in either order: the same end state
    snapshots = []
    for k, order in enumerate([(late, revocation), (revocation, late)]):
        target = Store(tmp_path / f"l2-copy{k}.sqlite")
        laptops.trust(target, c.hub.device_id)
        bundles.merge(target, str(c.setup))
        for path in order:
            bundles.merge(target, str(path))
        snapshots.append(bundles.table_snapshot(target)["ratings"])
        assert target.one("select count(*) as n from ratings where device_id = ?", [c.l1.device_id])["n"] == 4
    assert snapshots[0] == snapshots[1]
    # L1 is told when it merges the coordinator's bundle
    told = bundles.merge(c.l1, str(revocation))
    assert told["revoked"] and told["revoked"][0]["campaign_id"] == c.x and told["revoked"][0]["from_at"] == since
    # the study lists L1's kept answers as from a revoked laptop
    rows = {row["speaker_id"]: row for row in analyses.speaker_reliability(c.hub, c.x)}
    assert any("revoked laptop" in flag for flag in rows[spk]["flags"])
    # a revocation signed by anyone but the coordinator is refused
    changed = bundles.merge(c.hub, str(_forge(c.b2, tmp_path / "self-revoke.lyssbundle", lambda d: d[
        "revocations"].append(signing.sign_row(c.l2.private_key, c.l2.public_key, "revocations", {
            "campaign_id": c.x, "device_code": c.l1.device_id, "revoked_at": since, "from_at": since})), signer=c.l2)))
    assert len(changed["rows_refused"]) == 1 and "belongs to coordinator" in refused_alone(changed)[0]
    assert c.hub.one("select count(*) as n from revocations where signer = ?", [c.l2.public_key])["n"] == 0


def test_revoke_from_the_command_line(circle, capsys):
    from desktop.cli import main
    assert main(["review", "revoke", circle.l1.device_id.lower(), "--from", "2026-11-30", "--db",
                 str(circle.hub.path)]) == 0
    out = capsys.readouterr().out
    assert f"revoked {circle.l1.device_id}" in out and "2026-11-30T00:00:00.000000Z" in out
    assert main(["review", "revoke", circle.l1.device_id, "--from", "yesterday", "--db", str(circle.hub.path)]) == 2
    assert "--from" in capsys.readouterr().err


# ----------------------------------------------------------------------------- the set, with hostile bundles

HONEST = ["setup", "l1", "l2", "l1-more", "l2-withdrawal"]


@pytest.fixture(scope="module")
def pool(tmp_path_factory, scored_demo):
    """Honest bundles (the hub's, each laptop's at two moments, a withdrawal) and hostile ones (every attack
    above, plus an outsider relaying L1's genuine bundle and a signed undo of another laptop's answer)."""
    folder = tmp_path_factory.mktemp("pool")
    c = Circle(folder, catalogue.load_scored(str(scored_demo)))
    honest = {"setup": c.setup, "l1": c.b1, "l2": c.b2}
    for n in range(4, 6):
        records.answers.answer(c.l1, c.x, c.s1, n, ANSWER)
    honest["l1-more"] = c.export(c.l1, "l1-more")
    extra = records.speakers.add_speaker(c.l2, "Leaving", "LYSS study")
    sequence.join(c.l2, c.x, extra)
    records.answers.answer(c.l2, c.x, extra, 0, ANSWER)
    roster.withdraw(c.l2, extra)
    honest["l2-withdrawal"] = c.export(c.l2, "l2-withdrawal")
    hostile = {name: c.forged(f"h{k}", edit) for k, (name, (edit, _)) in enumerate(_attacks(c).items())}
    outsider = Store(folder / "outsider.sqlite")
    hostile["outsider relays"] = _forge(c.b1, folder / "outsider.lyssbundle", lambda d: None, signer=outsider)
    from review.store.signing import sign_tombstone
    victim = c.hub.one("select uuid from ratings where speaker_id = ?", [c.s2])["uuid"]

    def only_an_undo(d):
        for rows in d.values():
            rows.clear()
        d["tombstones"].append(sign_tombstone(c.l1.private_key, c.l1.public_key, {
            "kind": "rating", "id": victim, "deleted_at": "2026-11-30T00:00:00.000000Z", "device_id": c.l1.device_id}))

    hostile["undo of another's answer"] = c.forged("undo", only_an_undo)
    source = c.export(c.l1, "l1-source")  # what the hostile files were forged from: their rows L1 may write merge
    return folder, c.hub.device_id, honest, hostile, source


def _merged(folder: Path, hub_code: str, paths: list[Path], name: str) -> dict:
    target = Store(folder / f"{name}.sqlite", backup=False)
    laptops.trust(target, hub_code)
    for path in paths:
        try:
            bundles.merge(target, str(path))
        except InputError:
            pass
    snapshot = bundles.table_snapshot(target)
    target.close()
    for suffix in ("", "-wal", "-shm"):
        Path(f"{folder / name}.sqlite{suffix}").unlink(missing_ok=True)
    return snapshot


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(data=st.data())
def test_merge_is_a_function_of_the_honest_set_whatever_hostile_bundles_come_between(pool, data):
    """Whatever hostile files come between, in any order: every honest row is there, no row is there that neither
    an honest file nor the genuine file the hostile ones were forged from holds, and the order changes nothing."""
    folder, hub_code, honest, hostile, source = pool
    chosen = data.draw(st.sets(st.sampled_from(HONEST), min_size=1), label="honest")
    evil = data.draw(st.sets(st.sampled_from(sorted(hostile))), label="hostile")
    order = data.draw(st.permutations([honest[h] for h in sorted(chosen)] + [hostile[h] for h in sorted(evil)]),
                      label="order")
    lower = _merged(folder, hub_code, [honest[h] for h in HONEST if h in chosen], "lower")
    upper = _merged(folder, hub_code, [honest[h] for h in HONEST if h in chosen] + [source], "upper")
    got = _merged(folder, hub_code, order, "got")
    again = _merged(folder, hub_code, order[::-1], "again")
    for table in lower:
        if table != "tombstones":  # a signed undo by the wrong laptop is kept (never honoured): nothing else may differ
            assert set(lower[table]) <= set(got[table]) <= set(upper[table]), table
            assert got[table] == again[table], table  # (that undo is refused whole before L1's enrolment arrives)
    assert set(lower["tombstones"]) <= set(got["tombstones"])
