"""A campaign's verdicts as its coordinator's laptop announced them (issue 66): each settle and each re-open is one
signed row (``verdict_records``) that travels with the campaign and never changes. The question it is about
(``tier RUN``, ``pair A B``, ``asked KIND``), the verdict, the result it was said from (interval, items), what it
rests on (how many answers, a digest of them, and per speaker — a salted digest of the speaker's id, never the id
— how many), when, and for a re-open why. ``review.study.standing`` decides what to write and reads them back."""

from __future__ import annotations

import hashlib
import json

from ..store import Store, dumps, now, signing

SETTLED, REOPENED = "settled", "reopened"


def speaker_key(campaign_id: str, speaker_id: str) -> str:
    """How a verdict record names a speaker it rests on: a digest salted with the campaign (a withdrawal finds its
    speaker's answers by it; the record holds no speaker's id)."""
    return hashlib.sha256(f"{campaign_id}\x1f{speaker_id}".encode()).hexdigest()[:16]


def held(store: Store, campaign_id: str) -> list[dict]:
    """Every record of a campaign, oldest first (by time, a re-open before the settle that follows it at once)."""
    rows = store.rows("select question, event, verdict, result, rests_on, reason, at from verdict_records where "
                      "campaign_id = ? order by at, event", [campaign_id])
    for r in rows:
        for column in ("result", "rests_on", "reason"):
            r[column] = json.loads(r[column]) if r[column] else None
    return rows


def coordinates(store: Store, campaign: dict) -> bool:
    """Whether this laptop announces the campaign's verdicts: its coordinator's, writable."""
    return campaign.get("coordinator") == store.public_key and not store.read_only


def withdrawn(store: Store, campaign_id: str) -> dict[str, str]:
    """The speakers withdrawn here (their tombstones), as :func:`speaker_key` names them → when."""
    return {speaker_key(campaign_id, r["id"]): r["at"] for r in store.rows(
        "select id, min(deleted_at) as at from tombstones where kind = 'speaker' group by id")}


def write(store: Store, campaign_id: str, events: list[dict]) -> None:
    """Record events (``question``, ``event``, ``verdict``, ``result``, ``rests_on``, ``reason``) at one moment (a
    question's re-open and the settle that follows it sort in that order), signed by this laptop (the campaign's
    coordinator)."""
    if not events:
        return
    stamp = now()
    with store.transaction() as db:
        for event in events:
            row = {"campaign_id": campaign_id, "question": event["question"], "event": event["event"],
                   "verdict": event.get("verdict"), "result": dumps(event["result"]),
                   "rests_on": dumps(event["rests_on"]), "reason": dumps(event["reason"]) if event.get("reason")
                   else None, "at": stamp}
            db["verdict_records"].insert(signing.sign_row(store.private_key, store.public_key, "verdict_records",
                                                          row))
