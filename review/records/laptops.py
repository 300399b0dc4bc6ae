"""Which laptops may do what: a coordinator enrols laptops in its campaigns, hands a speaker over to
another laptop, and revokes a laptop (a stolen one); a field laptop trusts its coordinator. Each of
these rows is signed by the campaign's coordinator and travels in bundles like an answer, so every
laptop of the study applies the same rules (``docs/security.md``, "Who owns what")."""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from functools import lru_cache
from typing import Collection, Mapping

from scoring.errors import BadValue

from .. import sentences
from ..sentences import Number, line
from ..store import Store, keys, now, signing
from .revocations import apply_revocations, revocations_of, revoked_laptops
from .withdrawals import trusted_codes


def _code(code: str, verb: str) -> str:
    device = keys.normalise_code(code)
    if device is None:
        raise sentences.refused(BadValue, verb, code, f"laptop.code {keys.code_problem(code)}")
    return device


def this_code(store: Store) -> str:
    """This laptop's code as people read and type it, its check character included (``review.store.keys``)."""
    return keys.written_code(store.device_id)


def coordinated_campaigns(store: Store) -> list[str]:
    return [r["id"] for r in store.rows("select id from campaigns where coordinator = ?", [store.public_key])]


def _my_campaigns(store: Store, campaign_id: str | None, verb: str, code: str) -> list[str]:
    mine = coordinated_campaigns(store)
    if campaign_id is not None:
        if campaign_id not in mine:
            raise sentences.refused(BadValue, "--campaign", campaign_id, "laptop.not its campaign")
        mine = [campaign_id]
    if not mine:
        raise sentences.refused(BadValue, verb, code, "laptop.no campaign yet")
    return mine


def enrol(store: Store, code: str, campaign_id: str | None = None, name: str | None = None) -> tuple[str, list[str]]:
    """Let the laptop with this code contribute answers to the campaigns this laptop coordinates. With no campaign
    named, into this coordinator's circle: every campaign it coordinates now and every one it creates later (each
    creation signs that laptop's enrolment with the campaign, :func:`enrol_circle`), before any campaign too; with
    one named, that campaign alone. ``name``: what this laptop calls it from now on ("Rita's laptop"). Returns the
    canonical code and the campaigns it was enrolled in now."""
    device = _code(code, "enrol")
    if device == store.device_id:
        raise sentences.refused(BadValue, "enrol", code, "laptop.enrol itself")
    mine = coordinated_campaigns(store) if campaign_id is None else _my_campaigns(store, campaign_id, "enrol", code)
    name = _checked_name(name)
    stamp = now()
    with store.transaction() as db:
        if campaign_id is None:
            db["circle"].insert({"code": device, "joined_at": stamp}, ignore=True)
        _sign_enrolments(store, mine, [device], stamp)
        if name:
            db["laptop_names"].insert({"code": device, "name": name, "named_at": stamp}, replace=True)
    return device, mine


def _sign_enrolments(store: Store, campaigns: list[str], codes: list[str], stamp: str) -> None:
    for cid in campaigns:
        for device in codes:
            row = signing.sign_enrolment(store.private_key, store.public_key,
                                         {"campaign_id": cid, "device_code": device, "enrolled_at": stamp})
            store.db["enrolments"].insert(row, ignore=True)


def enrolled_line(store: Store, code: str, campaigns: list[str], whole_circle: bool) -> dict:
    """What an enrolment did, as a said line: into the circle (every campaign, now and later), or into one."""
    laptop = named(store, code)
    if not whole_circle:
        return line("enrol.one", laptop=laptop, campaign=campaigns[0])
    if not campaigns:
        return line("enrol.circle none yet", laptop=laptop)
    return line("enrol.circle once" if len(campaigns) == 1 else "enrol.circle", laptop=laptop,
                n=Number(len(campaigns), "count"))


def in_circle(store: Store) -> list[str]:
    """The codes of the laptops enrolled in this coordinator's circle, in the order they joined."""
    return [r["code"] for r in store.rows("select code from circle order by joined_at, code")]


def enrol_circle(store: Store, campaign_id: str) -> list[str]:
    """Enrol every laptop of this coordinator's circle in a campaign it has just created (inside the creation's
    transaction). Returns their codes."""
    codes = in_circle(store)
    _sign_enrolments(store, [campaign_id], codes, now())
    return codes


NAME_LONGEST = 60


def _checked_name(name: str | None) -> str | None:
    if name is None:
        return None
    name = " ".join(name.split())
    if not name or len(name) > NAME_LONGEST or not name.isprintable():
        raise sentences.refused(BadValue, "--name", name[:NAME_LONGEST], "laptop.name", longest=NAME_LONGEST)
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
    members = set(in_circle(store))
    codes = sorted((set(enrolled) | set(revoked) | set(seen) | trusted | set(given) | members) - {store.device_id})
    return [{"code": code, "name": given.get(code), "campaigns": enrolled.get(code, []), "in_circle": code in members,
             "trusted_coordinator": code in trusted, "last_bundle": seen.get(code), "revoked_from": revoked.get(code)}
            for code in codes]


def role(laptop: dict) -> dict:
    """What a laptop of the :func:`circle` is to this one, as a said line: the coordinator it trusts, a laptop of
    this coordinator's circle (every campaign, now and later), or a laptop enrolled in so many campaigns (or none)."""
    count = len(laptop["campaigns"])
    if laptop["trusted_coordinator"]:
        return line("circle.coordinator")
    if laptop.get("in_circle"):
        return line("circle.member")
    return line("circle.not enrolled") if count == 0 else line("circle.enrolled once") if count == 1 else \
        line("circle.enrolled", n=Number(count, "count"))


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
            raise sentences.refused(BadValue, "trust --remove", code, "laptop.not trusted")
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
    and marked in the study as from a revoked laptop. Signed by the coordinator; travels in bundles. With no
    campaign named, the laptop leaves the circle too: no campaign created later enrols it."""
    device = _code(code, "revoke")
    if device == store.device_id:
        raise sentences.refused(BadValue, "revoke", code, "laptop.revoke itself")
    left_circle = campaign_id is None and device in in_circle(store)
    mine = coordinated_campaigns(store) if left_circle else _my_campaigns(store, campaign_id, "revoke", code)
    enrolled = {r["campaign_id"] for r in store.rows("select campaign_id from enrolments where device_code = ?",
                                                     [device])}
    if not enrolled & set(mine) and not left_circle:
        raise sentences.refused(BadValue, "revoke", code, "laptop.not enrolled in that campaign" if campaign_id
                                else "laptop.not enrolled in any")
    mine = [cid for cid in mine if cid in enrolled]
    stamp = now()
    since = stamp if from_at is None else from_at
    with store.transaction() as db:
        if left_circle:
            db.execute("delete from circle where code = ?", [device])
        for cid in mine:
            db["revocations"].insert(signing.sign_row(store.private_key, store.public_key, "revocations", {
                "campaign_id": cid, "device_code": device, "revoked_at": stamp, "from_at": since}), ignore=True)
        dropped = apply_revocations(db)
    return {"code": device, "campaigns": mine, "from_at": since, "answers_dropped": dropped, "left_circle": left_circle}


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


# ----------------------------------------------------------------------------- the one rule of who may record what

def takes_part_in(public: str, coordinator: str | None, enrolled: Collection[str]) -> bool:
    """A laptop (its public key) takes part in a campaign when it coordinates it or is enrolled in it (``enrolled``:
    the codes of the laptops the coordinator enrolled). The rule this laptop obeys before it records an answer or a
    sequence, and the rule every laptop judges a bundle's rows by (``review.exchange.ownership``)."""
    return coordinator == public or _short_code(public) in enrolled


def may_record(public: str, registrar: str | None, handed: Collection[str]) -> bool:
    """A laptop may record a speaker's answers when it registered the speaker or the campaign's coordinator handed the
    speaker over to it (``handed``: the codes of those laptops). A speaker registered before signing existed names no
    registrar: the laptop that holds their record records them. Used here and by the bundle judge alike."""
    return registrar in (None, public) or _short_code(public) in handed


def handed_elsewhere(public: str, handed: Mapping[str, str], at: str) -> tuple[str, str] | None:
    """A hand-over is a move: from the time of the latest hand-over of a speaker at or before ``at`` only the laptop it
    names records them. ``handed``: code → when the campaign's coordinator handed the speaker to that laptop. Returns
    (the code of the laptop that holds the speaker at ``at``, since when) when that is not this laptop (``public``),
    else ``None`` (before any hand-over the registering laptop records them, as :func:`may_record` says)."""
    past = [(when, code) for code, when in handed.items() if when <= at]
    if not past:
        return None
    when, holder = max(past)
    return None if holder == _short_code(public) else (holder, when)


@lru_cache(maxsize=4096)  # a bundle's thousands of rows name a few laptops
def _short_code(public: str | None) -> str:
    return keys.code_of(public) if keys.is_public_key(public) else str(public)


def facts(store: Store, campaign_id: str, speaker_id: str | None = None) -> dict:
    """What the rule looks at for this laptop in a campaign (one statement): the campaign's ``coordinator``, the
    laptops ``enrolled`` and ``handed`` the speaker (codes, this laptop's at most), the speaker's ``registrar``
    (``...`` when there is no such speaker), since when the coordinator revoked this laptop (``revoked_from``) and
    every hand-over of the speaker in the campaign (``handovers``: code → when)."""
    found = store.one(
        "select c.coordinator, exists (select 1 from enrolments e where e.campaign_id = c.id and e.device_code = "
        ":code) as enrolled, exists (select 1 from handovers h where h.campaign_id = c.id and h.speaker_id = :speaker "
        "and h.device_code = :code and h.signer = c.coordinator) as handed, (select json_group_object(h.device_code, "
        "h.handed_at) from handovers h where h.campaign_id = c.id and h.speaker_id = :speaker and h.signer = "
        "c.coordinator) as handovers, (select s.registered_by from speakers s "
        "where s.id = :speaker) as registrar, exists (select 1 from speakers s where s.id = :speaker) as known, "
        "(select min(v.from_at) from revocations v where v.campaign_id = c.id and v.device_code = :code and v.signer = "
        "c.coordinator) as revoked_from from campaigns c where c.id = :campaign",
        {"code": store.device_id, "speaker": speaker_id, "campaign": campaign_id})
    if found is None:
        return {"coordinator": None, "enrolled": set(), "handed": set(), "registrar": ..., "revoked_from": None,
                "handovers": {}}
    mine = {store.device_id}
    return {"coordinator": found["coordinator"], "enrolled": mine if found["enrolled"] else set(),
            "handed": mine if found["handed"] else set(), "handovers": json.loads(found["handovers"] or "{}"),
            "registrar": found["registrar"] if found["known"] else ..., "revoked_from": found["revoked_from"]}


def takes_part(store: Store, campaign_id: str) -> bool:
    """Whether this laptop may record answers in the campaign (:func:`takes_part_in`)."""
    known = facts(store, campaign_id)
    return takes_part_in(store.public_key, known["coordinator"], known["enrolled"])


def revoked_here(store: Store, campaign_id: str) -> str | None:
    """When this laptop's answers to a campaign have been refused from (its coordinator revoked it), else ``None``
    (a revocation from a later date leaves it recording until then)."""
    since = facts(store, campaign_id)["revoked_from"]
    return since if since is not None and since <= now() else None


def refusal(store: Store, campaign_id: str, speaker_id: str, at: str) -> BadValue | None:
    """Why this laptop may not record the speaker's answer in the campaign at ``at`` (the rule above, in the order a
    laptop meets it: revoked, not taking part, the speaker another laptop's), else ``None``; said (``review.sentences``)
    so that the app says it in its reader's language."""
    known = facts(store, campaign_id, speaker_id)
    if known["revoked_from"] is not None and at >= known["revoked_from"]:
        return sentences.refused(BadValue, "campaign", campaign_id, "refused.revoked",
                                 since=known["revoked_from"][:16].replace("T", " "))
    if not takes_part_in(store.public_key, known["coordinator"], known["enrolled"]):
        return not_enrolled(store, campaign_id)
    moved = handed_elsewhere(store.public_key, known["handovers"], at)
    if moved:
        holder, when = moved
        return sentences.refused(BadValue, "speaker", speaker_id, "refused.handed over", speaker=speaker_id,
                                 holder=holder, when=when[:16].replace("T", " "), code=store.device_id)
    registrar = known["registrar"]
    if registrar is not ... and not may_record(store.public_key, registrar, known["handed"]):
        return sentences.refused(BadValue, "speaker", speaker_id, "refused.registered elsewhere",
                                 registrar=keys.code_of(registrar), speaker=speaker_id, code=store.device_id)
    return None


def not_enrolled(store: Store, campaign_id: str) -> BadValue:
    """The refusal of a laptop that does not take part in a campaign, and the command that changes it."""
    return sentences.refused(BadValue, "campaign", campaign_id, "refused.not enrolled", code=store.device_id,
                             campaign=campaign_id)


def revocations_of_this_laptop(store: Store) -> list[dict]:
    """The revocations of this laptop its campaigns' coordinators signed (``review.records.revocations``)."""
    return revocations_of(store.db, store.device_id)


def enrolments(store: Store) -> list[dict]:
    """Every enrolment held here (``campaign_id``, ``device_code``)."""
    return store.rows("select campaign_id, device_code from enrolments")


def handovers(store: Store) -> list[dict]:
    """Every hand-over held here, as stored (its ``signer`` tells whether the campaign's coordinator made it)."""
    return store.rows("select * from handovers")


def enrolled_in(store: Store, campaign_id: str) -> list[str]:
    """The codes of the laptops enrolled in a campaign, in the order they were enrolled."""
    return [r["device_code"] for r in store.rows(
        "select device_code from enrolments where campaign_id = ? order by enrolled_at, device_code", [campaign_id])]


def revoked_in(store: Store, campaign_id: str) -> dict[str, str]:
    """The laptops revoked in a campaign (code → from when)."""
    return {r["device_code"]: r["from_at"] for r in store.rows(
        "select device_code, min(from_at) as from_at from revocations where campaign_id = ? group by device_code",
        [campaign_id])}


def revoked_laptops_here(store: Store) -> list[dict]:
    """Every laptop revoked in a campaign held here, from when, and how many of its answers are kept
    (``review.records.revocations``)."""
    return revoked_laptops(store.db)


def trusted(store: Store) -> set[str]:
    """The codes of the coordinators this laptop trusts."""
    return trusted_codes(store.db)
