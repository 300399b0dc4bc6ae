"""A speaker's sequence in a campaign (the ``assignments`` table, and the skips that stay on this laptop): the one
writer of its rows, and the positions a screen walks through (the next open one, the one after, the item shown at a
position with the speaker's progress). What goes into a sequence is chosen by ``review.rating.sequence``."""

from __future__ import annotations

import json
from typing import Iterable

from scoring.errors import NotFound

from ..store import Store, now
from .catalogue import campaign, is_adaptive
from .speakers import active


def record(store: Store, campaign_id: str, speaker_id: str, slots: list[dict], new_items: list[dict] = (),
           *, at: int = 0) -> int:
    """Append ``slots`` (``item_id``, ``qc``, ``qc_of``) to a speaker's sequence from position ``at``, with the items
    made for it (degraded copies), in one write transaction, all stamped with the moment they were served. Nothing
    is written when the sequence no longer has ``at`` positions (another process served first): returns how many
    slots were recorded."""
    served_at = now()
    with store.transaction() as db:
        if length(store, campaign_id, speaker_id) != at:
            return 0
        db["items"].insert_all(list(new_items), ignore=True)
        db["assignments"].insert_all([{"campaign_id": campaign_id, "speaker_id": speaker_id, "position": at + k,
                                       "item_id": s["item_id"], "qc": s["qc"], "qc_of": s["qc_of"],
                                       "served_at": served_at, "signer": store.public_key}
                                      for k, s in enumerate(slots)])
    return len(slots)


def length(store: Store, campaign_id: str, speaker_id: str) -> int:
    return store.one("select count(*) as n from assignments where campaign_id = ? and speaker_id = ?",
                     [campaign_id, speaker_id])["n"]


def progress(store: Store, campaign_id: str, speaker_id: str) -> tuple[int, int]:
    """(answered, total) for a speaker's sequence."""
    row = store.one("select (select count(*) from ratings where campaign_id = :c and speaker_id = :s) as done, "
                    "(select count(*) from assignments where campaign_id = :c and speaker_id = :s) as total",
                    {"c": campaign_id, "s": speaker_id})
    return row["done"], row["total"]


def progress_words(store: Store, campaign_id: str, speaker_id: str) -> str:
    """A speaker's progress in the words every command uses: "3 of 12" for a fixed sequence; for a campaign that
    serves items while its questions are open, the answers only (its total grows: "4 of 5" would mislead)."""
    done, total = progress(store, campaign_id, speaker_id)
    if is_adaptive(campaign(store, campaign_id)):
        return f"{done} answered (items are served while the study's questions are open)"
    return f"{done} of {total}"


def next_position(store: Store, campaign_id: str, speaker_id: str) -> int | None:
    """The first position of the sequence without an answer (``None`` when finished)."""
    row = store.one("select min(a.position) as p from assignments a left join ratings r on r.campaign_id = "
                    "a.campaign_id and r.speaker_id = a.speaker_id and r.position = a.position where "
                    "a.campaign_id = ? and a.speaker_id = ? and r.uuid is null", [campaign_id, speaker_id])
    return row["p"] if row else None


_OPEN = ("from assignments a left join ratings r on r.campaign_id = a.campaign_id and r.speaker_id = a.speaker_id "
         "and r.position = a.position where a.campaign_id = ? and a.speaker_id = ?")


def position_after(store: Store, campaign_id: str, speaker_id: str, position: int) -> int | None:
    """Where the screen goes after ``position`` (the one next-item rule): the following position when
    it is already answered (a speaker paging through earlier answers keeps paging), else the next
    unanswered position after this one, round to the first (an item skipped comes back last); ``None``
    as soon as every item is answered. One statement."""
    row = store.one(f"select (select r.uuid is not null {_OPEN} and a.position = ?) as following_answered, "
                    f"coalesce((select min(a.position) {_OPEN} and r.uuid is null and a.position > ?), "
                    f"(select min(a.position) {_OPEN} and r.uuid is null)) as next_open",
                    [campaign_id, speaker_id, position + 1, campaign_id, speaker_id, position,
                     campaign_id, speaker_id])
    if row["next_open"] is None:
        return None
    return position + 1 if row["following_answered"] else row["next_open"]


def open_position_after(store: Store, campaign_id: str, speaker_id: str, position: int) -> int | None:
    """The next unanswered position after ``position``, wrapping round to the first (skipping an item);
    ``None`` when every item is answered. One statement."""
    row = store.one(f"select coalesce((select min(a.position) {_OPEN} and r.uuid is null and a.position > ?), "
                    f"(select min(a.position) {_OPEN} and r.uuid is null)) as p",
                    [campaign_id, speaker_id, position, campaign_id, speaker_id])
    return row["p"]


def item_at(store: Store, campaign_id: str, speaker_id: str, position: int) -> dict:
    """What the screen shows at a position, in one statement: the item, the task, the existing answer if
    any, and the speaker's progress (``answered`` of ``total``)."""
    row = store.one("select a.position, a.qc, i.*, c.task, r.answers as answer, r.note, "
                    "(select count(*) from ratings where campaign_id = a.campaign_id and speaker_id = a.speaker_id) "
                    "as answered, (select count(*) from assignments where campaign_id = a.campaign_id and "
                    "speaker_id = a.speaker_id) as total from assignments a join items i on i.id = a.item_id "
                    "join campaigns c on c.id = a.campaign_id left join ratings r on r.campaign_id = a.campaign_id "
                    "and r.speaker_id = a.speaker_id and r.position = a.position where a.campaign_id = ? and "
                    "a.speaker_id = ? and a.position = ?", [campaign_id, speaker_id, position], json_columns=["extra"])
    if row is None:
        raise NotFound("campaign", f"position {position}", "no such item in this speaker's sequence")
    row["answer"] = json.loads(row["answer"]) if row["answer"] is not None else None
    return row




SKIPS_TO_SET_ASIDE = 2  # an item a speaker skipped this often is served to another speaker as well


def set_aside(store: Store, campaign_id: str, speaker_id: str) -> set[int]:
    """The positions a speaker has skipped ``SKIPS_TO_SET_ASIDE`` times here and not answered: the campaign serves
    those items to another speaker (they hold back the decisions until someone answers them), and this speaker may
    go on to the next segment (answering them later still counts)."""
    rows = store.rows("select k.position from skips k left join ratings r on r.campaign_id = k.campaign_id and "
                      "r.speaker_id = k.speaker_id and r.position = k.position where k.campaign_id = ? and "
                      "k.speaker_id = ? and k.times >= ? and r.uuid is null",
                      [campaign_id, speaker_id, SKIPS_TO_SET_ASIDE])
    return {r["position"] for r in rows}


def open_positions(store: Store, campaign_id: str, speaker_id: str) -> set[int]:
    """The served positions the speaker has still to answer (those set aside left out)."""
    row = store.one(f"select group_concat(a.position) as open {_OPEN} and r.uuid is null", [campaign_id, speaker_id])
    positions = {int(p) for p in (row["open"] or "").split(",") if p}
    return positions - set_aside(store, campaign_id, speaker_id)


def waits_for_answers(store: Store, campaign_id: str, speaker_id: str) -> bool:
    """Whether the speaker has a served item to answer (other than those set aside)."""
    return bool(open_positions(store, campaign_id, speaker_id))


def speakers_progress(store: Store, campaign_id: str) -> list[dict]:
    """Per speaker: answered / total, and how many of the total are quality-control checks (an item again,
    or a degraded copy), for coordinators (pseudonymous ids; names stay on this laptop)."""
    campaign(store, campaign_id)  # no such campaign: said in one line
    return store.rows(
        "select a.speaker_id, s.display_name, s.registered_by, count(*) as total, count(r.uuid) as answered, "
        "sum(a.qc != '') as checks "
        "from assignments a join speakers s on s.id = a.speaker_id left join ratings r on r.campaign_id = "
        "a.campaign_id and r.speaker_id = a.speaker_id and r.position = a.position where a.campaign_id = ? and "
        f"{active()} group by a.speaker_id order by a.speaker_id", [campaign_id])


def demand(store: Store, campaign_id: str, speaker_id: str) -> list[dict]:
    """A campaign's items whose entry this speaker has not been given (``id``, ``run_id``, ``entry_id``), each with how
    many active speakers were given it (``given``), an item a speaker set aside (:func:`set_aside`) not counted. The
    counts are made once for the campaign and the speaker's entries gathered once (it is asked at every segment an
    adaptive campaign serves: counted item by item, it took most of a second on 6,000 items)."""
    return store.rows(
        "with given as (select a.item_id, count(*) as n from assignments a join speakers s on s.id = a.speaker_id "
        f"where a.campaign_id = ? and {active()} and not exists (select 1 from skips k where k.campaign_id = "
        "a.campaign_id and k.speaker_id = a.speaker_id and k.position = a.position and k.times >= ? and not exists "
        "(select 1 from ratings r where r.campaign_id = a.campaign_id and r.speaker_id = a.speaker_id and "
        "r.position = a.position)) group by a.item_id), "
        "seen as (select distinct i2.entry_id from assignments a2 join items i2 on i2.id = a2.item_id "
        "where a2.campaign_id = ? and a2.speaker_id = ?) "
        "select i.id, i.run_id, i.entry_id, coalesce(g.n, 0) as given from campaign_items ci "
        "join items i on i.id = ci.item_id left join given g on g.item_id = i.id "
        "where ci.campaign_id = ? and i.entry_id not in (select entry_id from seen)",
        [campaign_id, SKIPS_TO_SET_ASIDE, campaign_id, speaker_id, campaign_id])


def served_counts(store: Store, campaign_id: str, speaker_id: str) -> tuple[int, int]:
    """(the campaign's own items served to a speaker, the attention items served to them)."""
    found = store.one("select coalesce(sum(qc = ''), 0) as own, coalesce(sum(qc = 'degraded'), 0) as checks from "
                      "assignments where campaign_id = ? and speaker_id = ?", [campaign_id, speaker_id])
    return found["own"], found["checks"]


def servings(store: Store, campaign_id: str) -> list[dict]:
    """Every serving of an item in a campaign but quality-control copies (``item_id``, ``speaker_id``, ``position``,
    ``served_at``): the facts its serving order is made from (``review.study.order``)."""
    return store.rows("select item_id, speaker_id, position, served_at from assignments where campaign_id = ? and "
                      "qc = ''", [campaign_id])




def slots_of(store: Store, pairs: Iterable[tuple[str, str]]) -> list[dict]:
    """The sequences of the (campaign, speaker) ``pairs``, every position (``campaign_id``, ``speaker_id``,
    ``position``, ``item_id``, ``qc``, ``qc_of``, ``signer``): one query however many pairs."""
    return store.rows("select campaign_id, speaker_id, position, item_id, qc, qc_of, signer from assignments where "
                      "(campaign_id, speaker_id) in (select json_extract(value, '$[0]'), json_extract(value, '$[1]') "
                      "from json_each(?))", [json.dumps(sorted(pairs))])


def degraded_uses(store: Store, item_ids: Iterable[str]) -> list[dict]:
    """The positions that serve one of the degraded ``item_ids`` (``item_id``, ``signer``, ``qc``)."""
    return store.rows("select item_id, signer, qc from assignments where qc = 'degraded' and item_id in (select value "
                      "from json_each(?))", [json.dumps(sorted(item_ids))])


def add_imported(db, slots: list[dict]) -> None:
    """The sequences of imported raters (a position held already stays)."""
    db["assignments"].insert_all(slots, ignore=True)
