"""Conflicts settled by the coordinator's word (``lyss review resolve``): a row of fixed content (a campaign, a run, an
item, a score, a community's terms or decision) held here with other content than the one a bundle of the shared
folder brings under the same key — both signed by the row's owner (two LYSS versions making a campaign's settings
differently, say) — is refused alone at every merge and stays named in ``sync status`` and ``review check``. Resolving
keeps one version everywhere: of the versions this laptop and the folder's bundles hold, signed by the owner, the
earliest (the merge rule of fixed rows: its time, then its canonical JSON), so every laptop that resolves keeps the
same one; this laptop's own is replaced when it is not that one, and the folder is read whole at the next sync."""

from __future__ import annotations

import os
from pathlib import Path

from scoring.errors import BadValue, InputError

from ..records import shared_folder
from ..store import Store, dumps, merging, signing
from ..store.schema import TABLES
from .bundles import read_bundle
from .ownership import FIXED, content_of, differing
from .sync import SUFFIX, own_name


def _authentic(table: str, held: dict, row: dict, data: dict) -> bool:
    """A version signed by the owner of the version held here (a campaign: over the same list of items)."""
    if table == "campaigns":
        items = [r["item_id"] for r in sorted((r for r in data["campaign_items"] if r["campaign_id"] == row["id"]),
                                              key=lambda r: (r["position"], r["item_id"]))]
        return row["coordinator"] == held["coordinator"] and signing.valid_campaign(row, items)
    return row.get("signer") == held.get("signer") and signing.valid_row(table, row)


def _order(table: str, row: dict) -> tuple:
    stamp = TABLES[table].stamp
    return ((row.get(stamp) or "") if stamp else "", dumps({c: row.get(c) for c in TABLES[table].travelling}))


def conflicts(store: Store, folder: str | os.PathLike) -> dict[tuple, dict]:
    """(table, key) → ``held`` (this laptop's version), ``versions`` (every authentic one, this laptop's first) and
    ``laptops`` (the codes of the bundles holding another), for every conflict with the folder's bundles."""
    found: dict[tuple, dict] = {}
    for path in sorted(Path(folder).glob(f"*{SUFFIX}")):
        if path.name == own_name(store):
            continue
        try:
            manifest, data = read_bundle(str(path))
        except InputError:
            continue  # a file refused whole is no version of anything
        for table in FIXED:
            for row in data.get(table, []):
                key = tuple(row[k] for k in TABLES[table].pk)
                held = merging.held_row(store, table, key)
                if held is None or content_of(table, held) == content_of(table, row) or \
                        not _authentic(table, held, row, data):
                    continue
                entry = found.setdefault((table, key), {"held": held, "versions": [held], "laptops": set()})
                if all(content_of(table, v) != content_of(table, row) for v in entry["versions"]):
                    entry["versions"].append({c: row.get(c) for c in held})
                entry["laptops"].add(manifest["device_id"])
    return found


def resolve(store: Store, folder: str | os.PathLike | None = None) -> list[dict]:
    """Keep the earliest version of every conflicting row here (see the module). Returns one entry per conflict:
    ``table``, ``key``, ``columns`` (what differed), ``kept`` ("here" or "replaced") and ``laptops``."""
    folder = folder or shared_folder.chosen(store)
    if not folder or not Path(folder).is_dir():
        raise BadValue("resolve", str(folder or ""), "no shared folder to read the other versions from: give --folder")
    store.require_home("resolve")
    out = []
    for (table, key), entry in sorted(conflicts(store, folder).items()):
        held = entry["held"]
        earliest = min(entry["versions"], key=lambda row: _order(table, row))
        columns = sorted({c for v in entry["versions"] for c in differing(table, held, v)})
        if earliest is not held:
            merging.replace_fixed(store, table, earliest)
        out.append({"table": table, "key": list(key), "columns": columns, "laptops": sorted(entry["laptops"]),
                    "kept": "here" if earliest is held else "replaced"})
    if out:
        shared_folder.forget(store, str(Path(folder).resolve()))
    return out


__all__ = ["conflicts", "resolve"]
