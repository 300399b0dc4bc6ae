"""The door's database family: opening a review database (and whether others can read it), its backups and a
restore, the laptops a campaign revoked (what a restore gives back: ``records.restoring``)."""

from __future__ import annotations

from ..store import Store, readable_by_others, restore
from ..store.database import backup_info
from ..records.revocations import revoked_laptops

__all__ = ["Store", "backup_info", "readable_by_others", "restore", "revoked_laptops"]
