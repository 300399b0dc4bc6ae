"""Which laptops may do what: a coordinator enrols laptops in its campaigns, hands a speaker over to
another laptop, and revokes a laptop (a stolen one); a field laptop trusts its coordinator. Each of
these rows is signed by the campaign's coordinator and travels in bundles like an answer, so every
laptop of the study applies the same rules (``docs/security.md``, "Who owns what")."""

from __future__ import annotations

import re
from datetime import datetime, timezone

from scoring.errors import BadValue

from ..store import Store, keys, now, signing
from ..store.revocation import apply_revocations


def _code(code: str, verb: str) -> str:
    device = keys.normalise_code(code)
    if device is None:
        raise BadValue(verb, code, "not a laptop code (four groups of four letters or digits, "
                                   "as `lyss review code` shows on that laptop)")
    return device


def coordinated_campaigns(store: Store) -> list[str]:
    return [r["id"] for r in store.rows("select id from campaigns where coordinator = ?", [store.public_key])]


def _my_campaigns(store: Store, campaign_id: str | None, verb: str, code: str) -> list[str]:
    mine = coordinated_campaigns(store)
    if campaign_id is not None:
        if campaign_id not in mine:
            raise BadValue("--campaign", campaign_id, "this laptop does not coordinate that campaign")
        mine = [campaign_id]
    if not mine:
        raise BadValue(verb, code, "this laptop coordinates no campaign yet (create one first)")
    return mine


def enrol(store: Store, code: str, campaign_id: str | None = None, name: str | None = None) -> tuple[str, list[str]]:
    """Let the laptop with this code contribute answers to a campaign this laptop coordinates (every such
    campaign when none is named); ``name``: what this laptop calls it from now on ("Rita's laptop"). Returns the
    canonical code and the campaigns it was enrolled in."""
    device = _code(code, "enrol")
    mine = _my_campaigns(store, campaign_id, "enrol", code)
    name = _checked_name(name)
    stamp = now()
    with store.transaction() as db:
        for cid in mine:
            row = signing.sign_enrolment(store.private_key, store.public_key,
                                         {"campaign_id": cid, "device_code": device, "enrolled_at": stamp})
            db["enrolments"].insert(row, ignore=True)
        if name:
            db["laptop_names"].insert({"code": device, "name": name, "named_at": stamp}, replace=True)
    return device, mine


NAME_LONGEST = 60


def _checked_name(name: str | None) -> str | None:
    if name is None:
        return None
    name = " ".join(name.split())
    if not name or len(name) > NAME_LONGEST or not name.isprintable():
        raise BadValue("--name", name[:NAME_LONGEST], f"a laptop's name is 1 to {NAME_LONGEST} printable characters")
    return name


def name(store: Store, code: str, given: str) -> str:
    """Call the laptop with this code ``given`` on this laptop (names never travel). Returns the canonical code."""
    device = _code(code, "name")
    given = _checked_name(given)
    with store.transaction() as db:
        db["laptop_names"].insert({"code": device, "name": given, "named_at": now()}, replace=True)
    return device


def names(store: Store) -> dict[str, str]:
    """Laptop code → the name this laptop gives it."""
    return {r["code"]: r["name"] for r in store.rows("select code, name from laptop_names")}


def named(store: Store, code: str) -> str:
    """A laptop's code with its name here, when it has one: "Rita's laptop (ABCD-…)"."""
    given = names(store).get(code)
    return f"{given} ({code})" if given else code


def circle(store: Store) -> list[dict]:
    """The laptops this laptop knows of: every one enrolled in a campaign held here, trusted, revoked, named or
    seen in a shared folder, with its name, its campaigns, its last bundle seen and the time it is revoked from."""
    given = names(store)
    enrolled: dict[str, list[str]] = {}
    for r in store.rows("select device_code, campaign_id from enrolments order by campaign_id"):
        enrolled.setdefault(r["device_code"], []).append(r["campaign_id"])
    revoked = {r["device_code"]: r["from_at"] for r in store.rows(
        "select device_code, min(from_at) as from_at from revocations group by device_code")}
    seen = {r["device_code"]: r["created_at"] for r in store.rows(
        "select device_code, max(created_at) as created_at from sync_files where device_code is not null "
        "group by device_code")}
    trusted = {r["code"] for r in store.rows("select code from trusted")}
    codes = sorted((set(enrolled) | set(revoked) | set(seen) | trusted | set(given)) - {store.device_id})
    return [{"code": code, "name": given.get(code), "campaigns": enrolled.get(code, []),
             "trusted_coordinator": code in trusted, "last_bundle": seen.get(code), "revoked_from": revoked.get(code)}
            for code in codes]


def trust(store: Store, code: str, label: str | None = None) -> str:
    """Accept campaigns, enrolments and withdrawals from the coordinator laptop with this code (read
    aloud or compared on two screens). Returns the canonical code."""
    device = _code(code, "trust")
    with store.transaction() as db:
        db["trusted"].insert({"public_key": None, "code": device, "added_at": now(), "label": label}, ignore=True)
    return device


def distrust(store: Store, code: str) -> str:
    """Stop accepting new campaigns, enrolments and withdrawals from a coordinator (its laptop was
    stolen); what was merged from it before stays. Returns the canonical code."""
    device = _code(code, "trust --remove")
    with store.transaction() as db:
        if not db["trusted"].count_where("code = ?", [device]):
            raise BadValue("trust --remove", code, "this laptop does not trust that code")
        db.execute("delete from trusted where code = ?", [device])
    return device


DATE = re.compile(r"^\d{4}-\d\d-\d\d([T ]\d\d:\d\d(:\d\d(\.\d{1,6})?)?)?Z?$")


def timestamp(text: str, option: str = "--from") -> str:
    """A date or a UTC time as people type it (``2026-11-30``, ``2026-11-30T14:00``) → a stored timestamp."""
    if not DATE.match(text.strip()):
        raise BadValue(option, text, "give a date like 2026-11-30 or a UTC time like 2026-11-30T14:00")
    try:
        parsed = datetime.fromisoformat(text.strip().rstrip("Z").replace(" ", "T"))
    except ValueError as exc:
        raise BadValue(option, text, f"not a real date ({exc})") from None
    return parsed.replace(tzinfo=timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def revoke(store: Store, code: str, from_at: str | None = None, campaign_id: str | None = None) -> dict:
    """Revoke a laptop's enrolment in the campaigns this laptop coordinates: the answers it signs from
    ``from_at`` on (default: now) are refused wherever the revocation arrives; earlier ones are kept
    and marked in the study as from a revoked laptop. Signed by the coordinator; travels in bundles."""
    device = _code(code, "revoke")
    mine = _my_campaigns(store, campaign_id, "revoke", code)
    if device == store.device_id:
        raise BadValue("revoke", code, "that is this laptop's own code: a coordinator cannot revoke itself")
    enrolled = {r["campaign_id"] for r in store.rows("select campaign_id from enrolments where device_code = ?",
                                                     [device])}
    if not enrolled & set(mine):
        raise BadValue("revoke", code, "that laptop is not enrolled in " + (
            "that campaign" if campaign_id else "any campaign this laptop coordinates") + ": nothing to revoke "
            "(check the code on that laptop: lyss review code)")
    mine = [cid for cid in mine if cid in enrolled]
    stamp = now()
    since = stamp if from_at is None else from_at
    with store.transaction() as db:
        for cid in mine:
            db["revocations"].insert(signing.sign_row(store.private_key, store.public_key, "revocations", {
                "campaign_id": cid, "device_code": device, "revoked_at": stamp, "from_at": since}), ignore=True)
        dropped = apply_revocations(db)
    return {"code": device, "campaigns": mine, "from_at": since, "answers_dropped": dropped}


def hand_over(store: Store, speaker_id: str, code: str, campaign_id: str | None = None) -> tuple[str, list[str]]:
    """Let the laptop with this code record a speaker's answers in campaigns this laptop coordinates (the
    speaker moves to another laptop; their sequence stays the one the registering laptop made)."""
    device = _code(code, "hand-over")
    mine = _my_campaigns(store, campaign_id, "hand-over", code)
    stamp = now()
    with store.transaction() as db:
        for cid in mine:
            db["handovers"].insert(signing.sign_row(store.private_key, store.public_key, "handovers", {
                "campaign_id": cid, "speaker_id": speaker_id, "device_code": device, "handed_at": stamp}),
                ignore=True)
    return device, mine
