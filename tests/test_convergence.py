"""Convergence, property-tested (issues 42 and 55). Hypothesis draws random sequences of what a study's laptops do —
the coordinator creates campaigns (again, after a restore) and enrols laptops (in one campaign or all), speakers answer
and edit answers with notes, laptops take backups and are restored to any of them, the coordinator revokes a laptop
(from now or from the past, in one campaign or all) or withdraws a speaker, a laptop withdraws a speaker, a bundle
goes by USB (twice), a transport delivers a stale copy late or half a file, and any laptop syncs the shared folder at
any moment — on a coordinator and two or three field laptops. After every laptop has synced a few
times more:

- every laptop holds the same answers, and the same rows in every shared table (campaigns, runs, items,
  enrolments, speakers, sequences, history…: ``_shared`` says what is a laptop's own record), notes byte for byte;
- the last round of syncs refuses nothing (but what a revoked laptop signed since it was revoked);
- every answer that some laptop or some file of the folder still holds then is there — or a later answer at its
  place — unless its speaker withdrew or its laptop was revoked before it was signed (an answer lost by every laptop
  that held it, each restored from a backup older than it, is in their replaced-by-restore backups only);
- no withdrawn speaker's answer or waiting row is anywhere: in a database, a backup, or a file of the folder.

``make test`` runs one example, ``make evidence`` six; ``make bench`` runs many more (``LYSS_CONVERGENCE_EXAMPLES``)."""

from __future__ import annotations

import json
import os
import sqlite3
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from review import records
from review.exchange import bundles, sync
from review.rating import campaigns, roster, sequence
from review.records import catalogue, laptops, payload
from review.store import Store, keys, restore
from scoring.errors import InputError
from sizes import examples

pytestmark = pytest.mark.evidence  # make evidence runs it at full size (docs/testing.md)

EXAMPLES = int(os.environ.get("LYSS_CONVERGENCE_EXAMPLES", examples(6, 1)))
FIELD = 3  # field laptops at most (a coordinator besides)

step = st.one_of(
    st.tuples(st.just("create"), st.integers(0, 1)),
    st.tuples(st.just("enrol"), st.integers(1, FIELD), st.sampled_from([None, 0, 1])),
    st.tuples(st.just("answer"), st.integers(1, FIELD), st.integers(1, 3)),
    st.tuples(st.just("answer"), st.integers(1, FIELD), st.integers(1, 3)),  # answers, twice as often
    st.tuples(st.just("sync"), st.integers(0, FIELD)),
    st.tuples(st.just("sync"), st.integers(1, FIELD)),
    st.tuples(st.just("backup"), st.integers(0, FIELD)),
    st.tuples(st.just("restore"), st.integers(0, FIELD), st.integers(0, 5)),
    st.tuples(st.just("revoke"), st.integers(1, FIELD)),
    st.tuples(st.just("withdraw"), st.integers(1, FIELD)),
    # issue 55, 7: what real transports and people add
    st.tuples(st.just("usb"), st.integers(0, FIELD), st.integers(0, FIELD)),  # export, carry, merge (twice)
    st.tuples(st.just("hold"), st.integers(0, FIELD)),  # a transport keeps a copy of a laptop's file…
    st.tuples(st.just("late"), st.integers(0, FIELD)),  # …and delivers it late, over a newer one
    st.tuples(st.just("half"), st.integers(0, FIELD)),  # a file half-written under a laptop's name
    st.tuples(st.just("edit"), st.integers(1, FIELD), st.sampled_from(["", "a note", "ᓀᐦᐃᔭᐍᐏᐣ  \u200d note"])),
    st.tuples(st.just("revoke_past"), st.integers(1, FIELD), st.sampled_from([None, 0, 1]), st.integers(0, 3)),
    st.tuples(st.just("coordinator_withdraws"), st.integers(1, FIELD)),
)


class Study:
    """The laptops (0: the coordinator), the shared folder, and what the test remembers of what happened."""

    def __init__(self, root: Path, scored: dict, field: int):
        self.root, self.scored = root, scored
        self.folder = root / "shared"
        self.folder.mkdir()
        self.laptops = [Store(root / f"laptop{k}.sqlite") for k in range(field + 1)]
        self.campaigns: list[str | None] = [None, None]
        self.speaker: dict[int, str] = {}
        self.withdrawn: set[str] = set()
        self.revoked: dict[str, str] = {}  # laptop code → from when
        self.held: dict[str, dict] = {}  # uuid → the answer, held by some laptop or file when the syncs begin
        self.held_back: dict[int, bytes] = {}  # laptop → a copy of its file a transport holds back
        self.revoked_in: dict[tuple[str, str], str] = {}  # (laptop code, campaign) → from when
        self.last_round: list = []  # the sync reports of the last round of settle
        for lap in self.laptops[1:]:
            laptops.trust(lap, self.laptops[0].device_id)

    def lap(self, k: int) -> Store | None:
        return self.laptops[k] if k < len(self.laptops) else None

    def create(self, k: int) -> None:
        """Campaign k (again, when a restore took it from the coordinator's laptop: its id is the same)."""
        if self.campaigns[k] not in [c["id"] for c in catalogue.list_campaigns(self.laptops[0])]:
            self.campaigns[k] = campaigns.create_campaign(self.laptops[0], self.scored, "A", items=4, seed=k,
                                                          name=f"c{k}")

    def enrol(self, k: int, which: int | None) -> None:
        lap = self.lap(k)
        if lap is None or not any(self.campaigns) or (which is not None and self.campaigns[which] is None):
            return
        try:
            laptops.enrol(self.laptops[0], lap.device_id, None if which is None else self.campaigns[which])
        except InputError:  # a restore took the campaign from the coordinator's laptop (and no laptop brought it back)
            return

    def answer(self, k: int, answers: int) -> None:
        lap = self.lap(k)
        if lap is None:
            return
        open_here = [c["id"] for c in catalogue.list_campaigns(lap) if laptops.takes_part(lap, c["id"])]
        if not open_here:
            return
        cid = open_here[answers % len(open_here)]
        speaker = self.speaker.get(k)
        if speaker is None or lap.one("select 1 as x from speakers where id = ? and withdrawn = 0", [speaker]) is None:
            speaker = self.speaker[k] = records.speakers.add_speaker(lap, f"speaker {k}", "LYSS study")
        try:
            if lap.one("select 1 as x from assignments where campaign_id = ? and speaker_id = ?",
                       [cid, speaker]) is None:
                sequence.join(lap, cid, speaker)
            for n in range(answers):
                position = records.sequences.next_position(lap, cid, speaker)
                if position is None:
                    return
                records.answers.answer(lap, cid, speaker, position, {"adequacy": 1 + n % 5, "fluency": 2})
        except InputError:  # revoked here, or not enrolled: refused on the laptop, nothing written
            return

    def sync(self, k: int) -> None:
        lap = self.lap(k)
        if lap is None:
            return
        sync.sync(lap, self.folder)

    def backup(self, k: int) -> None:
        if self.lap(k) is not None:
            self.lap(k).backup("on-demand")

    def restore(self, k: int, which: int) -> None:
        lap = self.lap(k)
        if lap is None:
            return
        found = [b for b in lap.backups() if "replaced" not in b.name]
        if not found:
            return
        path = lap.path
        lap.close()
        restore(path, found[which % len(found)])
        self.laptops[k] = Store(path)

    def revoke(self, k: int) -> None:
        lap = self.lap(k)
        if lap is None or lap.device_id in self.revoked or not any(self.campaigns):
            return
        try:
            r = laptops.revoke(self.laptops[0], lap.device_id)
        except InputError:  # not enrolled in any campaign yet
            return
        self.revoked[lap.device_id] = r["from_at"]

    def usb(self, k: int, j: int) -> None:
        """Laptop k's bundle carried on a stick to laptop j and merged there — twice (a duplicate delivery)."""
        source, target = self.lap(k), self.lap(j)
        if source is None or target is None or k == j:
            return
        stick = self.root / f"stick-{k}-{j}.lyssbundle"
        bundles.export_bundle(source, str(stick))
        for _ in range(2):
            try:
                bundles.merge(target, str(stick))
            except InputError:  # not enrolled there yet, say: refused whole, nothing merged
                return

    def hold(self, k: int) -> None:
        lap = self.lap(k)
        own = self.folder / sync.own_name(lap) if lap is not None else None
        if own is not None and own.is_file():
            self.held_back[k] = own.read_bytes()

    def late(self, k: int) -> None:
        """The copy held back arrives now, over whatever newer file is there (a slow transport)."""
        lap = self.lap(k)
        if lap is not None and k in self.held_back:
            (self.folder / sync.own_name(lap)).write_bytes(self.held_back.pop(k))

    def half(self, k: int) -> None:
        """Half of laptop k's file, under its name (a copy interrupted; the next whole one replaces it)."""
        lap = self.lap(k)
        own = self.folder / sync.own_name(lap) if lap is not None else None
        if own is not None and own.is_file():
            raw = own.read_bytes()
            own.write_bytes(raw[: len(raw) // 2])

    def edit(self, k: int, note: str) -> None:
        """The laptop's speaker changes their first answer (with a note)."""
        lap, speaker = self.lap(k), self.speaker.get(k)
        if lap is None or speaker is None:
            return
        row = lap.one("select campaign_id, position, answers from ratings where speaker_id = ? order by position "
                      "limit 1", [speaker])
        if row is None:
            return
        changed = {**json.loads(row["answers"]), "fluency": 1 + json.loads(row["answers"])["fluency"] % 5}
        try:
            records.answers.answer(lap, row["campaign_id"], speaker, row["position"], changed, note=note or None)
        except InputError:  # revoked here
            return

    def revoke_past(self, k: int, which: int | None, back: int) -> None:
        """A revocation from a moment in the past (one of the answers' times), in one campaign or all."""
        lap = self.lap(k)
        if lap is None or lap.device_id in self.revoked or (which is not None and self.campaigns[which] is None):
            return
        times = sorted(r["updated_at"] for r in lap.rows("select updated_at from ratings where device_id = ?",
                                                          [lap.device_id]))
        since = times[-1 - back % len(times)] if times else None
        try:
            r = laptops.revoke(self.laptops[0], lap.device_id, since,
                               None if which is None else self.campaigns[which])
        except InputError:  # not enrolled (there) yet
            return
        if r["campaigns"] and which is None:
            self.revoked[lap.device_id] = r["from_at"]
        elif r["campaigns"]:
            self.revoked_in[(lap.device_id, self.campaigns[which])] = r["from_at"]

    def coordinator_withdraws(self, k: int) -> None:
        """The coordinator withdraws laptop k's speaker (asked in person), from the coordinator's laptop."""
        hub, speaker = self.laptops[0], self.speaker.get(k)
        if speaker is None or hub.one("select 1 as x from speakers where id = ? and withdrawn = 0", [speaker]) is None:
            return
        roster.withdraw(hub, speaker)
        self.speaker.pop(k, None)
        self.withdrawn.add(speaker)

    def withdraw(self, k: int) -> None:
        lap = self.lap(k)
        speaker = self.speaker.pop(k, None)
        if lap is None or speaker is None or lap.one("select 1 as x from speakers where id = ? and withdrawn = 0",
                                                     [speaker]) is None:
            return
        roster.withdraw(lap, speaker)
        if lap.device_id not in self.revoked:  # one signed by a laptop revoked before it is carried out nowhere
            self.withdrawn.add(speaker)

    def settle(self, rounds: int = 3) -> None:
        """Every laptop syncs ``rounds`` times, then until a round changes nothing; first, every answer some laptop or
        file holds is remembered."""
        for lap in self.laptops:
            self.held.update((r["uuid"], r) for r in lap.rows("select * from ratings"))
        for path in self.folder.glob(f"*{sync.SUFFIX}"):
            try:
                with zipfile.ZipFile(path) as z:
                    self.held.update((r["uuid"], r) for r in json.loads(z.read("data.json"))["ratings"])
            except zipfile.BadZipFile:  # half-written: it holds nothing anyone can read
                continue
        for n in range(rounds + 5):  # then on until a round changes nothing (a chain of news takes a round a link)
            self.last_round = [sync.sync(lap, self.folder) for lap in self.laptops]
            quiet = all(o.status in ("unchanged", "waiting") for r in self.last_round for o in r.outcomes)
            if n + 1 >= rounds and quiet:
                return
        raise AssertionError(f"the syncs never settle: {[o.line() for r in self.last_round for o in r.outcomes]}")

    def close(self) -> None:
        for lap in self.laptops:
            lap.close()


def _answers(store: Store) -> set[tuple]:
    return {(r["uuid"], r["campaign_id"], r["speaker_id"], r["position"], r["updated_at"], r["answers"])
            for r in store.rows("select * from ratings")}


def _mentions(path: Path, speaker: str) -> int:
    """How many rows of a database (a backup) name the speaker."""
    conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
    try:
        tables = {r[0] for r in conn.execute("select name from sqlite_master where type = 'table'")}
        return sum(conn.execute(f"select count(*) from [{t}] where speaker_id = ?", [speaker]).fetchone()[0]
                   for t in ("ratings", "rating_history", "waiting_rows", "drafts") if t in tables)
    finally:
        conn.close()


def _in_folder(folder: Path, speaker: str) -> int:
    found = 0
    for path in folder.glob(f"*{sync.SUFFIX}"):
        with zipfile.ZipFile(path) as z:
            data = json.loads(z.read("data.json"))
        found += sum(1 for t in ("ratings", "rating_history") for r in data[t] if r["speaker_id"] == speaker)
    return found


def _revoked_from(revoked: dict[str, str], revoked_in: dict[tuple[str, str], str], code: str | None,
                  campaign_id: str | None) -> str | None:
    """The earliest time a laptop is revoked from in a campaign (in all of them, or in that one), else ``None``."""
    found = [t for t in (revoked.get(code), revoked_in.get((code, campaign_id))) if t is not None]
    return min(found) if found else None


def _after_revocation(row: dict, revoked: dict[str, str], revoked_in: dict[tuple[str, str], str]) -> bool:
    """A row a revoked laptop signed from the time it was revoked from: refused everywhere but on that laptop."""
    signer = row.get("signer")
    code = keys.code_of(signer) if keys.is_public_key(signer) else None
    since = _revoked_from(revoked, revoked_in, code, row.get("campaign_id"))
    stamps = [row.get(c) for c in ("created_at", "served_at", "updated_at") if row.get(c)]
    return since is not None and any(stamp >= since for stamp in stamps)


def _shared(lap: Store, withdrawn: set[str], revoked: dict[str, str],
            revoked_in: dict[tuple[str, str], str]) -> tuple[dict[str, dict[str, list[str]]], set[str]]:
    """Every shared table's rows as they travel, by campaign ("" for the rows of none), and the campaigns the laptop
    takes part in (coordinates or is enrolled in: those it relays). Left out: the signature (a laptop signs its own
    rows when it publishes them; the signature follows from the content), the rows of withdrawn speakers (what a
    withdrawal leaves on a laptop that held them — the speaker's id marked withdrawn, their served sequence — is that
    laptop's record, not shared: a laptop that never held them cannot hold it) and what a revoked laptop signed since
    (it keeps it; no one else takes it)."""
    out: dict[str, dict[str, list[str]]] = {}
    part = {r["id"] for r in lap.rows("select id from campaigns where coordinator = ? or id in (select campaign_id "
                                      "from enrolments where device_code = ?)", [lap.public_key, lap.device_id])}
    for table, rows in payload.table_snapshot(lap).items():
        kept: dict[str, list[str]] = {}
        for text in rows:
            row = json.loads(text)
            if row.get("speaker_id") in withdrawn or (table == "speakers" and row["id"] in withdrawn) or \
                    _after_revocation(row, revoked, revoked_in):
                continue
            row.pop("signature", None)
            campaign = row["id"] if table == "campaigns" else row.get("campaign_id", "")
            kept.setdefault(campaign, []).append(json.dumps(row, sort_keys=True))
        out[table] = {campaign: sorted(found) for campaign, found in kept.items()}
    return out, part


def _differences(study: Study) -> dict[str, list[str]]:
    """Per shared table, the laptops whose rows differ from the coordinator's (every travelling column), compared on
    the campaigns both take part in: a campaign a laptop takes no part in (a decision a restore kept for a campaign
    lost with it, a campaign carried on a stick) is its own copy, which it does not relay."""
    withdrawn = {r["id"] for lap in study.laptops for r in lap.rows("select id from speakers where withdrawn = 1")}
    found = [_shared(lap, withdrawn, study.revoked, study.revoked_in) for lap in study.laptops]
    (first, first_part), out = found[0], {}
    for k, (tables, part) in enumerate(found[1:], 1):
        common = (first_part & part) | {""}
        for table, by_campaign in tables.items():
            if any(by_campaign.get(c, []) != first[table].get(c, []) for c in common):
                out.setdefault(table, []).append(study.laptops[k].path.name)
    return out


def check(study: Study) -> None:
    held = [_answers(lap) for lap in study.laptops]
    assert all(h == held[0] for h in held), "the laptops hold different answers"
    assert _differences(study) == {}, "the laptops hold different rows"
    revoked = set(study.revoked) | {code for code, _ in study.revoked_in}
    for report in study.last_round:  # once settled, a sync refuses nothing (but what a revoked laptop signed since)
        assert not report.refused, [o.line() for o in report.refused]
        assert all(not o.added.get("rows_refused") or o.device in revoked for o in report.merged), \
            [o.line() for o in report.merged if o.added.get("rows_refused")]
    slots = {(a[1], a[2], a[3]): a for a in held[0]}
    for uuid, r in study.held.items():
        if r["speaker_id"] in study.withdrawn:
            continue
        since = _revoked_from(study.revoked, study.revoked_in, r["device_id"], r["campaign_id"])
        if since is not None and r["updated_at"] >= since:
            continue
        there = slots.get((r["campaign_id"], r["speaker_id"], r["position"]))
        assert there is not None and there[4] >= r["updated_at"], f"answer {uuid} of {r['device_id']} is lost"
    for speaker in study.withdrawn:
        for lap in study.laptops:
            assert _mentions(lap.path, speaker) == 0, f"{speaker} is still in {lap.path.name}"
            for backup in lap.backups():
                assert _mentions(backup, speaker) == 0, f"{speaker} is still in the backup {backup.name}"
        assert _in_folder(study.folder, speaker) == 0, f"{speaker} is still in the shared folder"


@pytest.fixture(scope="module")
def scored(scored_demo):
    return catalogue.load_scored(str(scored_demo))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                        HealthCheck.too_slow,
                                                                        HealthCheck.data_too_large])
@given(field=st.integers(2, FIELD), steps=st.lists(step, min_size=6, max_size=30))
# the stories, always tried: a field laptop restored after its answers left it; the coordinator's laptop
# restored from before a campaign its laptops answer; a withdrawal, then a restore from before it; a revocation
@example(field=2, steps=[("backup", 2), ("answer", 2, 2), ("sync", 2), ("sync", 0), ("restore", 2, 0)])
@example(field=2, steps=[("backup", 0), ("create", 1), ("enrol", 1, 1), ("sync", 0), ("sync", 1), ("answer", 1, 3),
                         ("sync", 1), ("sync", 0), ("restore", 0, 0), ("answer", 1, 3)])
@example(field=2, steps=[("answer", 1, 2), ("backup", 1), ("sync", 1), ("sync", 0), ("withdraw", 1),
                         ("restore", 1, 0)])
@example(field=3, steps=[("answer", 1, 2), ("sync", 1), ("revoke", 1), ("sync", 0), ("answer", 1, 2), ("sync", 1),
                         ("answer", 3, 1)])
# found by make bench: a laptop restored from before a speaker arrived keeps them in its replaced-by-restore backup,
# which the speaker's withdrawal, arriving later, must reach
@example(field=2, steps=[("answer", 1, 2), ("sync", 1), ("sync", 2), ("restore", 2, 0), ("withdraw", 1)])
# and: an answer lost by both laptops that held it, each restored from before it (expected lost; nothing else is)
@example(field=3, steps=[("answer", 3, 1), ("sync", 3), ("sync", 0), ("restore", 3, 0), ("sync", 3), ("restore", 0, 0)])
# found by make test: a laptop revoked before one of its speakers withdraws (the withdrawal, honoured at first on
# that laptop only, is honoured nowhere once the laptop holds its revocation: the same answers everywhere)
@example(field=2, steps=[("answer", 2, 1), ("revoke", 2), ("sync", 2), ("sync", 0), ("withdraw", 2)])
# and: a field laptop, not the coordinator's, merged the answers of a laptop restored from before them
@example(field=2, steps=[("answer", 2, 1), ("sync", 2), ("restore", 2, 0), ("sync", 1), ("sync", 2)])
# issue 55, 7: the coordinator restored from before campaign 1 creates it again (same id, new time and signature): one
# row everywhere, the earliest (before: each laptop kept its own, and every merge refused the other "alone")
@example(field=2, steps=[("backup", 0), ("create", 1), ("enrol", 1, 1), ("sync", 0), ("sync", 1), ("restore", 0, 0),
                         ("create", 1)])
# and: a stale copy delivered late over a newer file, a half-written file, a stick merged twice, an edit with a
# note, a revocation from the past in one campaign, the coordinator withdrawing a speaker it merged
@example(field=2, steps=[("answer", 1, 2), ("sync", 1), ("hold", 1), ("answer", 1, 2), ("sync", 1), ("late", 1),
                         ("sync", 0), ("half", 0), ("sync", 2), ("usb", 2, 0), ("edit", 1, "ᓀᐦᐃᔭᐍᐏᐣ  \u200d note"),
                         ("revoke_past", 2, 0, 0), ("sync", 1), ("sync", 0), ("coordinator_withdraws", 1)])
# found by make evidence: a field laptop revoked from the past withdraws its speaker before it learns of it; the only
# other copy of an answer it made before that time is on a field laptop that read the withdrawal before the
# revocation (the coordinator's bundle, removed from the folder by the withdrawal it refused, was not written again;
# then read after the others): the answer was lost everywhere
@example(field=3, steps=[("create", 0), ("create", 0), ("late", 0), ("answer", 3, 1), ("create", 0), ("sync", 3),
                         ("create", 0), ("coordinator_withdraws", 3), ("create", 0), ("late", 0), ("late", 0),
                         ("create", 0), ("half", 0), ("answer", 3, 3), ("sync", 1), ("half", 0), ("create", 0),
                         ("create", 0), ("create", 0), ("hold", 0), ("answer", 1, 3), ("revoke_past", 3, None, 1),
                         ("withdraw", 3), ("half", 3), ("sync", 3)])
def test_every_laptop_ends_with_the_same_rows_whatever_happens_in_between(tmp_path_factory, scored, field, steps):
    study = Study(tmp_path_factory.mktemp("study"), scored, field)
    try:
        study.create(0)  # a campaign every field laptop is enrolled in and holds: the rest is drawn
        for k in range(1, field + 1):
            study.enrol(k, 0)
        study.settle(1)
        for action, *args in steps:
            getattr(study, action)(*args)
        study.settle()
        event("answers held somewhere: " + ("none" if not study.held else "1 to 9" if len(study.held) < 10
                                            else "10 or more"))
        event(f"restores: {sum(1 for a, *_ in steps if a == 'restore')}")
        check(study)
    finally:
        study.close()
