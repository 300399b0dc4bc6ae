"""The speakers of this laptop: registration with consent, preferences (travelling with the speaker, or kept on
this laptop), withdrawal (their answers gone here, in backups and in the shared folders) and finding them."""

from __future__ import annotations

import json
import unicodedata
from typing import Any, Callable, Iterable

from scoring.errors import BadValue, NotFound

from .catalogue import campaign_language, find_by_id_or_name
from .terms import uses as terms_uses
from ..sentences import english, line, refused
from ..store import Store, dumps, keys, mark_withdrawal_pending, new_id, now, signing
from .withdrawals import apply_tombstones


def active(alias: str = "s") -> str:
    """The one rule of an active speaker, as SQL over a ``speakers`` row named ``alias``: not withdrawn. Every
    query that counts, lists or serves speakers says it with this."""
    return f"{alias}.withdrawn = 0"


ACTIVE_IDS = f"(select s.id from speakers s where {active()})"  # the ids of the active speakers, as a SQL list


def chosen_script(store: Store, campaign_id: str, speaker_id: str) -> dict | None:
    """The other script of the campaign's language the speaker reads in (its pack's display entry:
    script, label, converter), or None for the script the outputs are stored in."""
    display = (campaign_language(store, campaign_id).get("display") or [None])[0]
    return display if display and preference(store, speaker_id, "script") == display["script"] else None


def readable(text: str) -> bool:
    """Text a person can read on one line: no control, format or line-separator characters."""
    return bool(text.strip()) and not any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in text)


def add_speaker(store: Store, display_name: str, consent_scope: str, community: str | None = None,
                dialect: str | None = None, consent_uses: list[str] | None = None) -> str:
    """A speaker with a pseudonymous id; consent (date and scope) is recorded before any answer. ``consent_uses``: the
    uses of their answers they agreed to, by name (``review.records.terms.uses``): an export for another use leaves
    their answers out; ``None``: their consent names no use (the scope's words say what they agreed to)."""
    if not consent_scope.strip():
        raise refused(BadValue, "speaker", "consent", "speaker.no consent")
    if consent_uses is not None:
        known = terms_uses()  # the uses a council decides on are the uses a speaker consents to
        unknown = [u for u in consent_uses if u not in known]
        if unknown:
            raise BadValue("--consent-uses", unknown[0], f"one of {', '.join(known)}")
    for field, value in (("name", display_name), ("community", community), ("dialect", dialect),
                         ("consent", consent_scope)):
        if value is not None and not readable(value):
            raise refused(BadValue, "speaker", field, "speaker.unreadable")
    salt = new_id()
    speaker_id = signing.speaker_id_for(store.public_key, salt)
    stamp = now()
    with store.transaction() as db:
        db["speakers"].insert({"id": speaker_id, "display_name": display_name, "community": community,
                               "dialect": dialect, "consent_at": stamp, "consent_scope": consent_scope,
                               "withdrawn": 0, "withdrawn_at": None, "created_at": stamp, "preferences": dumps({}),
                               "registered_by": store.public_key, "id_salt": salt, "preferences_at": stamp,
                               "consent_uses": None if consent_uses is None else dumps(sorted(set(consent_uses))),
                               "signer": store.public_key})
    return speaker_id


def known(store: Store, speaker_id: str) -> bool:
    """Whether this laptop has a speaker of this id (withdrawn or not)."""
    return store.one("select 1 as found from speakers where id = ?", [speaker_id]) is not None


def speaker(store: Store, speaker_id: str) -> dict:
    """A speaker's row, ``preferences`` decoded."""
    row = store.one("select * from speakers where id = ?", [speaker_id], json_columns=["preferences"])
    if row is None:
        raise refused(NotFound, "speaker", speaker_id, "speaker.not found")
    return row


def active_speaker(store: Store, speaker_id: str) -> dict:
    row = speaker(store, speaker_id)
    if row["withdrawn"]:
        raise refused(BadValue, "speaker", speaker_id, "speaker.withdrawn")
    return row


def preferences(store: Store, speaker_id: str) -> dict:
    """A speaker's preferences: their registering laptop's, with what they chose on this laptop on top
    (a speaker registered elsewhere keeps their choices here without changing that laptop's record)."""
    row = speaker(store, speaker_id)
    here = store.one("select preferences from local_preferences where speaker_id = ?", [speaker_id],
                     json_columns=["preferences"])
    return {**row["preferences"], **(here["preferences"] if here else {})}


def preference(store: Store, speaker_id: str, key: str) -> Any:
    """One of a speaker's preferences (``None`` when not set)."""
    return preferences(store, speaker_id).get(key)


def set_preference(store: Store, speaker_id: str, key: str, value: Any) -> None:
    """Remember a speaker's choice: in their own record when this laptop registered them (it travels with
    them), else on this laptop only (a speaker belongs to the laptop that registered them)."""
    with store.transaction() as db:
        row = speaker(store, speaker_id)
        if row["registered_by"] in (None, store.public_key):
            db["speakers"].update(speaker_id, {"preferences": dumps({**row["preferences"], key: value}),
                                               "preferences_at": now()})
            return
        prefs = preferences(store, speaker_id)
        db["local_preferences"].upsert({"speaker_id": speaker_id, "preferences": dumps({**prefs, key: value}),
                                        "preferences_at": now()}, pk="speaker_id")


def record_withdrawal(store: Store, speaker_id: str) -> int:
    """Delete a speaker's answers and personal details here and in every backup, and keep a signed tombstone that
    travels in bundles. Returns how many answers were deleted here."""
    speaker(store, speaker_id)
    stone = signing.sign_tombstone(store.private_key, store.public_key, {
        "kind": "speaker", "id": speaker_id, "deleted_at": now(), "device_id": store.device_id})
    with store.transaction() as db:  # recorded, and marked as not yet carried out everywhere
        deleted = db["ratings"].count_where("speaker_id = ?", [speaker_id])
        apply_tombstones(db, [stone])
        mark_withdrawal_pending(db)
    return deleted


def withdrawal_scope(store: Store, speaker_id: str, say: Callable[[dict], str] = english) -> dict:
    """What withdrawing a speaker deletes (asked before it is done, at a terminal and in the app): ``name``
    (:func:`shown_name`), ``answers`` here, ``backups`` of this laptop."""
    row = speaker(store, speaker_id)
    answers = store.one("select count(*) as n from ratings where speaker_id = ?", [speaker_id])["n"]
    return {"name": shown_name(row, say), "answers": answers, "backups": len(store.backups())}


def withdrawal_words(store: Store, speaker_id: str) -> str:
    scope = withdrawal_scope(store, speaker_id)
    return (f"withdraw {scope['name']} ({speaker_id})? {scope['answers']} answer{'s' if scope['answers'] != 1 else ''}"
            f", their history and notes will be deleted here, in this laptop's {scope['backups']} backups and "
            f"wherever this laptop's bundles go; this cannot be undone")


def shown_name(row: dict, say: Callable[[dict], str] = english) -> str:
    """How a speaker is named on this laptop: their name when it was registered here, else which laptop
    has it (names never travel) — said (``review.sentences``) by ``say``: in English, or in the app's language."""
    if row.get("display_name"):
        return row["display_name"]
    registrar = row.get("registered_by")
    return say(line("speaker.from laptop", code=keys.code_of(registrar)) if keys.is_public_key(registrar) else
               line("speaker.imported"))


def put_back(store: Store, row: dict) -> None:
    """A speaker's row as a replaced copy of this laptop's database held it (``records.restoring``): inserted as signed
    there when the database lacks them, else their name and what else stays on this laptop with it."""
    with store.transaction() as db:
        columns = set(db["speakers"].columns_dict)
        if db["speakers"].count_where("id = ?", [row["id"]]):
            db["speakers"].update(row["id"], {k: row[k] for k in ("display_name", "community", "dialect")
                                              if k in row and k in columns})
        else:
            db["speakers"].insert({k: v for k, v in row.items() if k in columns})


def names_here(store: Store, speaker_ids, say: Callable[[dict], str] = english) -> dict[str, str]:
    """speaker id → how this laptop names them (:func:`shown_name`: the name where it was registered here)."""
    ids = list(dict.fromkeys(speaker_ids))
    rows = store.rows("select id, display_name, registered_by from speakers where id in (select value from "
                      "json_each(?))", [json.dumps(ids)])
    named = {r["id"]: shown_name(r, say) for r in rows}
    return {i: named.get(i) or say(line("speaker.unknown")) for i in ids}


def list_speakers(store: Store) -> list[dict]:
    """Speakers who have not withdrawn, with their answer counts; the name where this laptop has it, else
    "(from laptop CODE)"."""
    rows = store.rows("select s.id, s.display_name, s.registered_by, s.created_at, count(r.uuid) as answers "
                      f"from speakers s left join ratings r on r.speaker_id = s.id where {active()} "
                      "group by s.id order by s.display_name is null, s.display_name, s.id")
    return [{"id": r["id"], "display_name": r["display_name"], "name": shown_name(r), "created_at": r["created_at"],
             "answers": r["answers"]} for r in rows]


def find_speaker(store: Store, text: str) -> str:
    """A speaker's id from their id or their (unique) name on this laptop."""
    return find_by_id_or_name(store, "speaker", "select id from speakers where id = ?",
                 f"select s.id from speakers s where s.display_name = ? and {active()}", text)


def registrars(store: Store, speaker_ids: Iterable[str]) -> dict[str, str | None]:
    """The speakers held here among ``speaker_ids`` → the key of the laptop that registered each (``None``: before
    signing)."""
    return {r["id"]: r["registered_by"] for r in store.rows(
        "select id, registered_by from speakers where id in (select value from json_each(?))",
        [json.dumps(sorted(speaker_ids))])}


def active_registrars(store: Store) -> dict[str, str | None]:
    """Every active speaker → the key of the laptop that registered them."""
    return {r["id"]: r["registered_by"] for r in store.rows(f"select s.id, s.registered_by from speakers s where "
                                                            f"{active()}")}


def consent_scopes(store: Store, campaign_id: str) -> list[dict]:
    """The consent a campaign's active speakers gave, each scope with how many gave it (no names)."""
    return store.rows(f"select coalesce(s.consent_scope, '') as scope, count(*) as speakers from speakers s where "
                      f"{active()} and s.id in (select speaker_id from ratings where campaign_id = ?) "
                      f"group by scope order by speakers desc, scope", [campaign_id])


def add_imported_raters(db, speaker_ids: list[str]) -> None:
    """The anonymous raters of imported public data (no name, no laptop), each once."""
    db["speakers"].insert_all([{"id": s, "display_name": None, "community": None, "dialect": None,
                                "consent_at": None, "consent_scope": "imported public data (anonymous raters)",
                                "withdrawn": 0, "withdrawn_at": None, "created_at": now(), "preferences": dumps({})}
                               for s in speaker_ids], ignore=True)


def not_consenting(store: Store, use: str) -> list[str]:
    """The active speakers whose consent names the uses they agreed to, and not this one: an export for this use
    leaves their answers out. (A consent that names no use says what it covers in its words alone.)"""
    return [r["id"] for r in store.rows(f"select s.id, s.consent_uses from speakers s where {active()} and "
                                        f"s.consent_uses is not null")
            if use not in json.loads(r["consent_uses"])]
