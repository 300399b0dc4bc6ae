"""The one place that writes answers: record or edit the answer at a position (durable on disk when it
returns, with its history), undo the last one (a tombstone travels in bundles), keep the draft of an
unfinished item, and refuse on a laptop the coordinator revoked. :class:`Answers` is one speaker's in one
campaign, as a session holds them."""

from __future__ import annotations

import json

from typing import Any, Iterator

from scoring.errors import NotFound

from .. import tasks as task_defs
from . import laptops
from ..store import Store, dumps, new_id, now, signing
from .catalogue import same_outputs
from .speakers import ACTIVE_IDS, active, active_speaker


def answer(store: Store, campaign_id: str, speaker_id: str, position: int, answers: dict,
           note: str | None = None, seconds: float | None = None, started_at: str | None = None,
           away_seconds: float | None = None, medium: str | None = None) -> str:
    """Record (or edit) the answer at a position; durable on disk when this returns. Returns its uuid.
    ``started_at``: when the item appeared on screen (the app); the answer's time is its ``ended_at``;
    ``away_seconds``: how much of ``seconds`` the app was not in front (focus lost); ``medium``: "paper"
    for answers keyed in from a paper form.
    Seven statements: BEGIN, two reads (the slot, what the rule of who may record looks at), two inserts (or an
    update and an insert), the draft's delete, COMMIT."""
    stamp = now()
    with store.transaction() as db:
        found = store.one("select a.item_id, i.output, c.task, s.withdrawn, r.uuid, r.seconds, r.started_at, "
                          "r.away_seconds from assignments a join items i on i.id = a.item_id "
                          "join campaigns c on c.id = a.campaign_id join speakers s on s.id = a.speaker_id left join "
                          "ratings r on r.campaign_id = a.campaign_id and r.speaker_id = a.speaker_id and r.position = "
                          "a.position where a.campaign_id = :campaign and a.speaker_id = :speaker "
                          "and a.position = :position",
                          {"campaign": campaign_id, "speaker": speaker_id, "position": position})
        if found is None or found["withdrawn"]:
            active_speaker(store, speaker_id)  # which of the two: no such speaker, or withdrawn
            raise NotFound("campaign", f"position {position}", "no such item in this speaker's sequence")
        refused = laptops.refusal(store, campaign_id, speaker_id, stamp)  # the one rule of who may record what
        if refused is not None:
            raise refused
        clean = task_defs.validate(found["task"], answers, found["output"])
        if found["uuid"]:
            rating_uuid, action = found["uuid"], "edit"
            edit = {"answers": dumps(clean), "note": note, "updated_at": stamp, "device_id": store.device_id,
                    "seconds": _added(found["seconds"], seconds),
                    "away_seconds": _added(found["away_seconds"], away_seconds), "medium": medium,
                    "started_at": found["started_at"] or started_at, "ended_at": stamp, "signer": store.public_key,
                    "signature": None}
            store.conn.execute(f"update ratings set {', '.join(f'[{c}] = :{c}' for c in edit)} where uuid = :uuid",
                               {**edit, "uuid": rating_uuid})  # one statement (sqlite-utils' update reads the schema)
        else:
            rating_uuid, action = new_id(), "create"
            store.insert("ratings", {"uuid": rating_uuid, "campaign_id": campaign_id, "speaker_id": speaker_id,
                                     "position": position, "item_id": found["item_id"], "answers": dumps(clean),
                                     "note": note, "created_at": stamp, "updated_at": stamp,
                                     "device_id": store.device_id, "seconds": seconds, "started_at": started_at,
                                     "ended_at": stamp, "away_seconds": away_seconds, "medium": medium,
                                     "signer": store.public_key})
        store.insert("rating_history", {"uuid": rating_uuid, "campaign_id": campaign_id, "speaker_id": speaker_id,
                                        "answers": dumps(clean), "note": note, "at": stamp,
                                        "device_id": store.device_id, "action": action, "signer": store.public_key})
        store.conn.execute("delete from drafts where campaign_id = ? and speaker_id = ? and position = ?",
                           [campaign_id, speaker_id, position])  # the unfinished version is finished now
    return rating_uuid


def _added(before: float | None, more: float | None) -> float | None:
    return None if before is None and more is None else (before or 0) + (more or 0)


def undo_last(store: Store, campaign_id: str, speaker_id: str) -> int | None:
    """Remove the speaker's most recent answer (a tombstone records it for bundles). Returns its position."""
    last = store.one("select * from ratings where campaign_id = ? and speaker_id = ? order by updated_at desc, "
                     "uuid desc limit 1", [campaign_id, speaker_id])
    if last is None:
        return None
    stamp = now()
    with store.transaction() as db:
        db["ratings"].delete(last["uuid"])
        db["tombstones"].insert(signing.sign_tombstone(store.private_key, store.public_key, {
            "kind": "rating", "id": last["uuid"], "deleted_at": stamp, "device_id": store.device_id}))
        db["rating_history"].insert({"uuid": last["uuid"], "campaign_id": campaign_id, "speaker_id": speaker_id,
                                     "answers": last["answers"], "note": last["note"], "at": stamp,
                                     "device_id": store.device_id, "action": "undo", "signer": store.public_key})
    return last["position"]


def skip(store: Store, campaign_id: str, speaker_id: str, position: int) -> int:
    """Count one skip of the item at a position (a table that stays on this laptop). Returns the count."""
    with store.transaction() as db:
        db.execute("insert into skips (campaign_id, speaker_id, position, times, skipped_at) values (?, ?, ?, 1, ?) "
                   "on conflict (campaign_id, speaker_id, position) do update set times = times + 1, skipped_at = "
                   "excluded.skipped_at", [campaign_id, speaker_id, position, now()])
    return store.one("select times from skips where campaign_id = ? and speaker_id = ? and position = ?",
                     [campaign_id, speaker_id, position])["times"]


class Answers:
    """One speaker's answers in one campaign: what a review session writes, and all it writes."""

    def __init__(self, store: Store, campaign_id: str, speaker_id: str):
        self.store, self.campaign_id, self.speaker_id = store, campaign_id, speaker_id

    def record(self, position: int, answers: dict, note: str | None = None, **timing) -> str:
        """:func:`answer` at a position (``timing``: seconds, started_at, away_seconds, medium)."""
        return answer(self.store, self.campaign_id, self.speaker_id, position, answers, note, **timing)

    def undo_last(self) -> int | None:
        return undo_last(self.store, self.campaign_id, self.speaker_id)

    def draft(self, position: int) -> tuple[dict | None, str | None]:
        """The unfinished item kept at a position: its answers so far and its note ((None, None): none)."""
        found = self.store.one("select answers, note from drafts where campaign_id = ? and speaker_id = ? and "
                               "position = ?", [self.campaign_id, self.speaker_id, position])
        return (json.loads(found["answers"]), found["note"]) if found else (None, None)

    def save_draft(self, position: int, answers: dict, note: str | None) -> None:
        """Keep an unfinished item on disk (one small transaction): it survives a pause, a close, a crash."""
        with self.store.transaction() as db:
            db.execute("insert or replace into drafts (campaign_id, speaker_id, position, answers, note, updated_at) "
                       "values (?, ?, ?, ?, ?, ?)", [self.campaign_id, self.speaker_id, position, dumps(answers),
                                                     note, now()])

    def skip(self, position: int) -> int:
        """The speaker leaves the item at a position unanswered for now: counted here (an item skipped twice is
        served to another speaker as well, ``review.rating.sequence``). Returns how often it was skipped."""
        return skip(self.store, self.campaign_id, self.speaker_id, position)

    def drop_draft(self, position: int) -> None:
        with self.store.transaction() as db:
            db.execute("delete from drafts where campaign_id = ? and speaker_id = ? and position = ?",
                       [self.campaign_id, self.speaker_id, position])


def count(store: Store, campaign_id: str) -> int:
    """How many answers a campaign holds (every speaker's, every laptop's)."""
    return store.one("select count(*) as n from ratings where campaign_id = ?", [campaign_id])["n"]


def raters(store: Store, campaign_id: str) -> list[dict]:
    """Who answered which item of a campaign (``item_id``, ``speaker_id``), active speakers only."""
    return store.rows(f"select r.item_id, r.speaker_id from ratings r join speakers s on s.id = r.speaker_id where "
                      f"r.campaign_id = ? and {active()}", [campaign_id])


def time_spent(store: Store, campaign_id: str) -> dict:
    """A campaign's answers without names: how many ``speakers`` and ``answers``, on ``paper``, ``untimed`` (neither
    on paper nor timed) and the ``seconds`` in front of the app (time away from the screen left out)."""
    return store.one("select count(distinct speaker_id) as speakers, count(*) as answers, "
                     "sum(case when medium = 'paper' then 1 else 0 end) as paper, "
                     "sum(case when medium is not 'paper' and seconds is null then 1 else 0 end) as untimed, "
                     "sum(max(coalesce(seconds, 0) - coalesce(away_seconds, 0), 0)) as seconds "
                     "from ratings where campaign_id = ?", [campaign_id])


# ----------------------------------------------------------------------------- the answers a study reads

def _value_sql(task, question: str) -> tuple[str, list]:
    """The SQL that reads one answer's value of ``question``: SQLite's json_extract of ``r.answers`` (text answers stay
    text), or the sum of its spans' severity weights where the task derives it (task E's MQM-style score)."""
    weights = task.span_weights(question)
    if weights is None:
        return "json_extract(r.answers, ?)", ["$." + json.dumps(question)]
    cases = " ".join("when ? then ?" for _ in weights)
    return (f"(select coalesce(sum(case json_extract(value, '$.severity') {cases} end), 0.0) "
            f"from json_each(r.answers, '$.spans'))", [x for pair in weights.items() for x in pair])


def values(store: Store, task: str, question: str, campaign_id: str | None = None,
            columns: tuple[str, ...] | None = None) -> list:
    """Non-QC answers to one question: speaker, item, campaign, run, entry, when it was recorded and the
    value (dicts); with ``columns``, tuples of just those columns and the value (large studies).
    One speaker's answers to one item count once, whatever positions they came in (the first position's); an
    answer to an output several runs share counts for each of them (``catalogue.same_outputs``)."""
    # SQLite reads the one answer out of the JSON (json_extract; text answers stay text), or the task
    # derives it (task E's MQM-style score of its spans)
    value, value_params = _value_sql(task_defs.task(task), question)
    named = {"speaker_id": "r.speaker_id", "item_id": "r.item_id", "campaign_id": "r.campaign_id",
             "run_id": "i.run_id", "entry_id": "i.entry_id", "recorded_at": "r.created_at", "position": "r.position",
             "served_at": "a.served_at"}
    chosen = columns if columns is not None else tuple(named)
    sql = (f"select r.campaign_id, r.speaker_id, r.item_id, r.position, {', '.join(named[c] for c in chosen)}, "
           f"{value} from ratings r "
           "join assignments a on a.campaign_id = r.campaign_id and a.speaker_id = r.speaker_id and "
           "a.position = r.position join campaigns c on c.id = r.campaign_id join items i on i.id = r.item_id "
           "join speakers s on s.id = r.speaker_id where a.qc = '' and " + active() + " and c.task = ?")
    params: list[Any] = [*value_params, task]
    if campaign_id:
        sql += " and r.campaign_id = ?"
        params.append(campaign_id)
    rows = [row for row in store.conn.execute(sql, params) if row[-1] is not None]
    first: dict[tuple, int] = {}
    for row in rows:
        if first.setdefault(row[:3], row[3]) > row[3]:
            first[row[:3]] = row[3]
    once = _with_same_outputs(store, [row for row in rows if first[row[:3]] == row[3]], chosen)
    if columns is not None:
        return list(once)
    keys = (*chosen, "value")
    return [dict(zip(keys, row)) for row in once]


def _with_same_outputs(store: Store, rows: list[tuple], chosen: tuple[str, ...]) -> Iterator[tuple]:
    """Each answer row without its first four columns, and after it, in a campaign that rates each distinct output
    once, the same answer for every other item with that output (``catalogue.same_outputs``): its rating counts for
    every run that produced it."""
    same = {cid: same_outputs(store, cid) for cid in {row[0] for row in rows}}
    place = {c: chosen.index(c) for c in ("item_id", "run_id", "entry_id") if c in chosen}
    direct = {row[:3] for row in rows}  # a copy a speaker answered itself (on a laptop of an older version) keeps it
    for row in rows:
        yield row[4:]
        for copy in same[row[0]].get(row[2], ()):
            if (row[0], row[1], copy["item_id"]) in direct:
                continue
            again = list(row[4:])
            for column, at in place.items():
                again[at] = copy[column]
            yield tuple(again)


def with_their_slots(store: Store, campaign_id: str) -> list[dict]:
    """Every answer of a campaign with its place in the speaker's sequence (``speaker_id``, ``qc``, ``qc_of``,
    ``item_id``, ``answers``, ``seconds``, ``away_seconds``, ``medium``, ``device_id``) and since when its laptop
    was revoked by the campaign's coordinator (``revoked_from``): what rater-quality checks read."""
    return store.rows("select a.speaker_id, a.qc, a.qc_of, a.item_id, r.answers, r.seconds, r.away_seconds, "
                      "r.medium, r.device_id, (select min(v.from_at) from revocations v join campaigns c on c.id = "
                      "v.campaign_id and v.signer = c.coordinator where v.campaign_id = r.campaign_id and "
                      "v.device_code = r.device_id) as revoked_from from assignments a join "
                      "ratings r on r.campaign_id = a.campaign_id and r.speaker_id = a.speaker_id and r.position = "
                      "a.position where a.campaign_id = ?", [campaign_id])


def tasks_answered(store: Store) -> list[str]:
    """The tasks of the campaigns that hold answers."""
    return [r["task"] for r in store.rows("select distinct c.task from campaigns c join ratings r on r.campaign_id = "
                                          "c.id order by c.task")]


def add_imported(db, rows: list[dict]) -> None:
    """Imported ratings (public data; an answer held already stays)."""
    db["ratings"].insert_all(rows, ignore=True)


def for_export(store: Store, campaign_id: str | None = None) -> list[dict]:
    """Every answer of active speakers (of one campaign when given), with its campaign's name and task, its run and
    entry, its place in the sequence and its times: what the exports write, in campaign, speaker, position order."""
    return store.rows(
        "select r.uuid, r.campaign_id, c.name as campaign_name, c.task, r.speaker_id, r.item_id, i.run_id, "
        "coalesce(u.name, u.model_slug) as run_name, i.entry_id, r.position, a.qc, "
        "r.answers, r.note, r.created_at, r.updated_at, r.seconds, r.started_at, r.ended_at, r.away_seconds, "
        "r.medium "
        "from ratings r join campaigns c on c.id = r.campaign_id join items i on i.id = r.item_id "
        "left join runs u on u.id = i.run_id join speakers s on s.id = r.speaker_id left join assignments a "
        "on a.campaign_id = r.campaign_id and a.speaker_id = r.speaker_id and a.position = r.position "
        f"where {active()} and (? is null or r.campaign_id = ?) order by r.campaign_id, r.speaker_id, r.position",
        [campaign_id, campaign_id])


def campaigns_holding_answers(store: Store) -> list[dict]:
    """Every campaign that holds answers (``id``, ``name``, ``task``), oldest first."""
    return store.rows("select c.id, c.name, c.task from campaigns c where exists (select 1 from ratings r where "
                      "r.campaign_id = c.id) order by c.created_at")


def campaigns_answered(store: Store, task: str) -> list[dict]:
    """The campaigns of a task that hold answers (``id``, ``name``), oldest first."""
    return store.rows("select c.id, c.name from campaigns c where c.task = ? and exists (select 1 from ratings r "
                      "where r.campaign_id = c.id) order by c.created_at", [task])


def timed(store: Store, campaign_id: str) -> list[dict]:
    """A campaign's answers timed in front of the app (``seconds``, ``away_seconds``, the item's ``source`` and
    ``output``): what the planner fits a speaker's pace on. Paper answers are not timed."""
    return store.rows("select r.seconds, r.away_seconds, i.source, i.output from ratings r join items i on "
                      "i.id = r.item_id where r.campaign_id = ? and r.seconds is not null and "
                      "coalesce(r.medium, '') != 'paper'", [campaign_id])


def on_screen(store: Store, campaign_id: str) -> list[dict]:
    """A campaign's answers given in front of the app by active speakers, quality-control items aside (the speaker,
    the answer, its times, the item's ``id``, ``output``, ``reference`` and decoded ``extra``)."""
    return store.rows("select r.speaker_id, r.answers, r.seconds, r.away_seconds, i.id, i.output, i.reference, "
                      "i.extra from ratings r join assignments a on a.campaign_id = r.campaign_id and a.speaker_id = "
                      "r.speaker_id and a.position = r.position join items i on i.id = r.item_id join speakers s on "
                      f"s.id = r.speaker_id where r.campaign_id = ? and a.qc = '' and {active()} and "
                      "coalesce(r.medium, '') != 'paper'", [campaign_id], json_columns=["extra"])


def own_since(store: Store, since: str | None) -> int:
    """How many answers this laptop recorded or changed after ``since`` (``None``: ever) — of active speakers."""
    found = store.one(f"select count(*) as n from ratings r where r.device_id = ? and r.updated_at > ? and "
                      f"r.speaker_id in {ACTIVE_IDS}", [store.device_id, since or ""])
    return found["n"]
