"""The store: one SQLite file per laptop (``database``: the Store, its transactions, backups and restore), the
schema every copy shares (``schema``), and the rules that make a row trustworthy wherever it travels — keys and
signatures (``keys``, ``signing``), the names of this laptop's files in shared folders (``folder_files``), since a
withdrawal reaches those too; what withdrawals and revocations do to rows, handed down by the records, their one
writer (``rules``), which the store applies to the live database, its backups and a restore; and which tables a
piece of work wrote (``watching``)."""

from .database import (SCHEMA_VERSION, Store, StoreError, content_id, dumps, mark_withdrawal_pending, new_id, now,
                       readable_by_others, restore)
from .watching import tables_written

__all__ = ["SCHEMA_VERSION", "Store", "StoreError", "content_id", "dumps", "mark_withdrawal_pending", "new_id", "now",
           "readable_by_others", "restore", "tables_written"]
