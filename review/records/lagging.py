"""Laptops behind their own rows. A laptop restored from a backup publishes a file without rows it signed that had
already left it (answers, their history, its speakers and their sequences): the laptops that merged them keep them,
but the laptop itself, and any laptop that had not merged them yet, would never see them again. A laptop that
merges such a file notices it lacks rows held here from that laptop and relays that laptop's rows in its own file
(``bundles._payload``) until the laptop's file carries them again: the laptop merges them back and publishes them
itself, the relaying stops, and every laptop ends with the same answers. (Every laptop, not only the
coordinator's: the one that merged the rows before the restore may be a field laptop.)"""

from __future__ import annotations

import json

from ..store import Store
from .speakers import ACTIVE_IDS, active

META_KEY = "laptops_behind"  # the public keys of the laptops whose own file lacks rows they signed that are held here
VERSION = {"speakers": ("id", "preferences_at"), "assignments": ("campaign_id", "speaker_id", "position"),
           "ratings": ("uuid", "updated_at"), "rating_history": ("uuid", "at", "action", "device_id")}
LIVE = {"speakers": active("speakers")}  # a withdrawn speaker's rows leave every file: they are not missing


def behind(store: Store) -> set[str]:
    found = store.one("select value from meta where key = ?", [META_KEY])
    return set(json.loads(found["value"])) if found else set()


def _lacks(db, author: str, data: dict) -> bool:
    """Whether this laptop holds a row of a live speaker that ``author`` signed and its file does not carry (in
    that version or a later one)."""
    for table, columns in VERSION.items():
        carried = {tuple(r[c] for c in columns) for r in data[table] if r["signer"] == author}
        live = LIVE.get(table, f"speaker_id in {ACTIVE_IDS}")
        picked = ", ".join(f"[{c}]" for c in columns)
        for row in db.execute(f"select {picked} from [{table}] where signer = ? and {live}", [author]).fetchall():
            if tuple(row) not in carried:
                return True
    return False


def note(db, store: Store, author: str, data: dict) -> None:
    """After merging ``author``'s file: remember whether it lacks rows held here that ``author`` signed (they are
    relayed from now on) or carries them all again (no longer)."""
    if author == store.public_key:
        return
    laptops = behind(store)
    now_behind = _lacks(db, author, data)
    if now_behind == (author in laptops):
        return
    laptops = laptops | {author} if now_behind else laptops - {author}
    db.execute("insert or replace into meta (key, value) values (?, ?)", [META_KEY, json.dumps(sorted(laptops))])
