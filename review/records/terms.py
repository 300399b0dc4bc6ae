"""A community's terms travel with its data (issue 56). A campaign carries its community's terms — who they are, a
licence (one LYSS ships, ``review/data/terms.json``, or the community's own text), labels in the community's words
(Local Contexts' Traditional Knowledge and Biocultural labels, as data the community provides: nothing fetched), the
uses it allows, a contact — signed by the campaign's coordinator and relayed like the campaign; an amendment is a new
version, never a change. A council's decision on one use (allowed or refused, by whom, when) is recorded the same way.
A use of the data (an export, a reweighting) is allowed when the terms allow it and the latest decision on it allows
it; :func:`refusal` says in one line what is missing otherwise."""

from __future__ import annotations

import datetime
import json
import re
from typing import Any

from scoring.errors import BadValue, FileProblem
from scoring.runcard import read_json

from .. import tasks as task_defs
from ..sentences import refused
from ..store import Store, dumps, now, signing

LONGEST = 4000  # characters of one text of the terms (a licence's own text, a label's)


def _shipped() -> dict:
    return task_defs.settings("terms")


def uses() -> dict[str, str]:
    """The uses a council decides on (name → what it means)."""
    return dict(_shipped()["uses"])


def _text(value: Any, path: str, place: str, required: bool = True) -> str | None:
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip() or len(value) > LONGEST or \
            any(ord(c) < 32 and c not in "\n\t" for c in value):
        raise refused(FileProblem, path, place, "terms.text", longest=LONGEST)
    return value.strip()


def checked(terms: Any, path: str) -> dict:
    """A community's terms as a file gives them, checked field by field (one line naming the field)."""
    if not isinstance(terms, dict):
        raise refused(FileProblem, path, "", "terms.object")
    unknown = sorted(set(terms) - {"community", "licence", "labels", "uses", "contact"})
    if unknown:
        raise refused(FileProblem, path, unknown[0], "terms.unknown field")
    licences = _shipped()["licences"]
    licence = terms.get("licence")
    if isinstance(licence, str):
        if licence not in licences:
            raise refused(FileProblem, path, "licence", "terms.unknown licence", licence=repr(licence),
                          licences=", ".join(licences))
        licence = {"id": licence, **licences[licence]}
    elif isinstance(licence, dict):
        licence = {"id": None, "name": _text(licence.get("name"), path, "licence.name"),
                   "text": _text(licence.get("text"), path, "licence.text")}
    else:
        raise refused(FileProblem, path, "licence", "terms.licence", licences=", ".join(licences))
    labels = terms.get("labels", [])
    if not isinstance(labels, list):
        raise refused(FileProblem, path, "labels", "terms.labels")
    labels = [{"name": _text(label.get("name") if isinstance(label, dict) else None, path, f"labels[{n}].name"),
               "text": _text(label.get("text") if isinstance(label, dict) else None, path, f"labels[{n}].text")}
              for n, label in enumerate(labels)]
    allowed = terms.get("uses")
    known = uses()
    if not isinstance(allowed, list) or not all(isinstance(u, str) for u in allowed):
        raise refused(FileProblem, path, "uses", "terms.uses", known=", ".join(known))
    for use in allowed:
        if use not in known:
            raise refused(FileProblem, path, "uses", "terms.unknown use", use=repr(use), known=", ".join(known))
    return {"community": _text(terms.get("community"), path, "community"), "licence": licence, "labels": labels,
            "uses": sorted(set(allowed)), "contact": _text(terms.get("contact"), path, "contact", required=False)}


def read(path: str) -> dict:
    """A terms file (JSON), checked."""
    return checked(read_json(path), path)


def history(store: Store, campaign_id: str) -> list[dict]:
    """Every version of a campaign's terms, oldest first (``version``, ``terms``, ``made_at``)."""
    return [{**r, "terms": json.loads(r["terms"])} for r in store.rows(
        "select version, terms, made_at from campaign_terms where campaign_id = ? order by version", [campaign_id])]


def current(store: Store, campaign_id: str) -> dict | None:
    """A campaign's terms as they stand (its newest version, with ``version`` and ``made_at``), or ``None``."""
    found = history(store, campaign_id)
    return {**found[-1]["terms"], "version": found[-1]["version"], "made_at": found[-1]["made_at"]} if found else None


def _coordinated(store: Store, campaign_id: str, verb: str) -> None:
    row = store.one("select coordinator from campaigns where id = ?", [campaign_id])
    if row is None or row["coordinator"] != store.public_key:
        raise BadValue("--campaign", campaign_id, f"only the campaign's coordinator records its {verb}")


def record(store: Store, campaign_id: str, terms: dict, amend: bool = False) -> int:
    """Record a campaign's terms (``amend``: a new version over the ones it has). Returns the version recorded; the
    same terms again record nothing."""
    _coordinated(store, campaign_id, "terms")
    found = history(store, campaign_id)
    if found and found[-1]["terms"] == terms:
        return found[-1]["version"]
    if found and not amend:
        raise BadValue("--terms", campaign_id, "the campaign has its terms already: change them with lyss review "
                                               "amend-terms (a new version; the earlier ones stay)")
    if not found and amend:
        raise BadValue("amend-terms", campaign_id, "the campaign has no terms yet: give them with create-campaign "
                                                   "--terms, or record them here with lyss review terms --set FILE")
    version = found[-1]["version"] + 1 if found else 0
    with store.transaction() as db:
        db["campaign_terms"].insert(signing.sign_row(store.private_key, store.public_key, "campaign_terms", {
            "campaign_id": campaign_id, "version": version, "terms": dumps(terms), "made_at": now()}))
    return version


DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def decide(store: Store, campaign_id: str, use: str, by: str, on: str, allowed: bool = True,
           note: str | None = None, corrects: str | None = None) -> dict:
    """Record a council's decision on one use of a campaign's data. Returns it. ``corrects``: the earlier decision on
    the same use this one corrects (the moment it was recorded, or its start: ``review terms`` shows it) — the
    corrected one never stands again, whatever its day (a decision recorded with a mistaken day is put right so)."""
    _coordinated(store, campaign_id, "decisions")
    if use not in uses():
        raise BadValue("--use", use, f"one of {', '.join(uses())}")
    if not isinstance(by, str) or not by.strip() or len(by) > 200 or not by.isprintable():
        raise BadValue("--by", by or "", "who decided: 1 to 200 printable characters (\"Council of …\")")
    _check_day(on)
    found = current(store, campaign_id)
    if found is not None and use not in found["uses"]:
        raise BadValue("--use", use, f"the community's terms for this campaign do not allow it (they allow: "
                                     f"{', '.join(found['uses']) or 'no use'}): amend the terms first (lyss review "
                                     f"amend-terms), then record the council's decision")
    if note is not None and (len(note) > LONGEST or not note.isprintable()):
        raise BadValue("--note", note[:40], f"at most {LONGEST} printable characters")
    row = {"campaign_id": campaign_id, "use": use, "verdict": "allowed" if allowed else "refused",
           "decided_by": by.strip(), "decided_on": on, "note": note, "recorded_at": now(),
           "corrects": _corrected(store, campaign_id, use, corrects)}
    with store.transaction() as db:
        db["use_decisions"].insert(signing.sign_row(store.private_key, store.public_key, "use_decisions", row))
    return row


def _check_day(on: str | None) -> None:
    """A decision's day: a real one (2026-13-45 is not), and not after today on this laptop (a typo such as
    9999-12-31 would otherwise stand over every real decision, the latest day standing)."""
    if not DATE.fullmatch(on or ""):
        raise BadValue("--date", on or "", "the day of the decision, as YYYY-MM-DD")
    try:
        day = datetime.date.fromisoformat(on)
    except ValueError:
        raise BadValue("--date", on, "not a day of the calendar (YYYY-MM-DD)") from None
    if day > datetime.date.today():
        raise BadValue("--date", on, f"after today ({datetime.date.today().isoformat()}): record a decision once it "
                                     f"is made, on the day it was made")


def _corrected(store: Store, campaign_id: str, use: str, named: str | None) -> str | None:
    """The decision ``--corrects`` names: exactly one earlier decision on the use, by the moment it was recorded."""
    if named is None:
        return None
    found = [d for d in decisions(store, campaign_id) if d["use"] == use and d["recorded_at"].startswith(named)]
    if len(found) != 1:
        held = ", ".join(d["recorded_at"] for d in decisions(store, campaign_id) if d["use"] == use) or "none"
        raise BadValue("--corrects", named, f"names {len(found) or 'no'} decision on {use!r}: give the moment one "
                                            f"was recorded (lyss review terms shows them: {held})")
    return found[0]["recorded_at"]


def decisions(store: Store, campaign_id: str) -> list[dict]:
    """Every decision recorded on a campaign's uses, oldest first, each with ``stands``: whether it is the one that
    stands on its use (the latest not corrected by another), the others being its history (``corrected_by``: the
    moment the decision that corrects it was recorded)."""
    found = store.rows("select use, verdict, decided_by, decided_on, note, recorded_at, corrects from use_decisions "
                       "where campaign_id = ? order by decided_on, recorded_at", [campaign_id])
    corrected = {(d["use"], d["corrects"]): d["recorded_at"] for d in found if d["corrects"]}
    latest = {d["use"]: k for k, d in enumerate(found) if (d["use"], d["recorded_at"]) not in corrected}
    return [{**d, "stands": latest.get(d["use"]) == k, "corrected_by": corrected.get((d["use"], d["recorded_at"]))}
            for k, d in enumerate(found)]


def decision(store: Store, campaign_id: str, use: str) -> dict | None:
    """The decision that stands on one use: the latest (by its day, then when it was recorded) that no later one
    corrects."""
    return next((d for d in decisions(store, campaign_id) if d["use"] == use and d["stands"]), None)


def refusal(store: Store, campaign_id: str, use: str) -> str | None:
    """Why this use of a campaign's data is not allowed, in words, or ``None`` when it is (allowed by its terms and
    by the decision that stands, or a campaign without terms: nothing to enforce, as the export's manifest says)."""
    terms = current(store, campaign_id)
    if terms is None:
        return None
    if use not in terms["uses"]:
        return (f"the community's terms for campaign {campaign_id} ({terms['community']}) do not allow {use!r} "
                f"(they allow: {', '.join(terms['uses']) or 'no use'}); only an amendment of the terms can")
    stands = decision(store, campaign_id, use)
    if stands is None:
        return (f"no council decision is recorded for {use!r} on campaign {campaign_id} ({terms['community']}): "
                f"lyss review decide-use --campaign {campaign_id} --use {use} --by \"…\" --date YYYY-MM-DD")
    if stands["verdict"] != "allowed":
        return (f"{stands['decided_by']} refused {use!r} on campaign {campaign_id} on {stands['decided_on']}")
    return None


def manifest(store: Store, campaign_ids: list[str], use: str | None) -> dict:
    """What an export carries about whose data it is: per campaign, its terms and the decision on this use."""
    return {"use": use, "campaigns": {cid: {"terms": current(store, cid), "decision": decision(store, cid, use)
                                            if use else None} for cid in sorted(campaign_ids)},
            "note": "a campaign without terms records no community's terms: nothing was enforced for it"}


def with_answers(store: Store) -> list[str]:
    """The campaigns holding answers (what an export or a reweighting without a campaign named reads)."""
    return [r["campaign_id"] for r in store.rows("select distinct campaign_id from ratings order by campaign_id")]


def require(store: Store, campaign_ids: list[str], use: str | None, option: str = "--use") -> None:
    """Refuse, in one line, a use of these campaigns' data that their communities' terms or councils do not allow
    (``use`` None: refused when one of them carries terms — the use must be said)."""
    governed = [cid for cid in campaign_ids if current(store, cid) is not None]
    if use is None:
        if governed:
            allowed = current(store, governed[0])["uses"]
            raise BadValue(option, "", f"campaign {governed[0]} carries its community's terms: say what this is for "
                                       f"({option} {'|'.join(allowed) or '…'}; the terms allow: "
                                       f"{', '.join(allowed) or 'no use'})")
        return
    if use not in uses():
        raise BadValue(option, use, f"one of {', '.join(uses())}")
    problems = [why for cid in governed for why in [refusal(store, cid, use)] if why]
    if problems:
        more = f" (and {len(problems) - 1} other campaign{'' if len(problems) == 2 else 's'})" if len(problems) > 1 \
            else ""
        raise BadValue(option, use, f"{problems[0]}{more}: nothing was written")
