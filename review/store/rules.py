"""What a withdrawal and a revocation do to a database's rows, handed to the store by the records.

The records are the one writer of answers and speakers (``review.records.withdrawals`` and
``review.records.revocations`` delete and update them); the store applies the same rules below them — to the live
database when it opens one a withdrawal left unfinished, to every backup, during a restore, and after a merge — so
it is handed the records' functions rather than holding a second copy of their writes. ``review`` hands them when it
is first imported (``review/__init__.py``), before any database can be opened."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class RowRules:
    apply_tombstones: Callable[[Any, list[dict]], dict[str, int]]  # (db, tombstones) → counts of what was deleted
    apply_revocations: Callable[[Any], int]  # (db) → answers deleted or put back


_HANDED: list[RowRules] = []


def hand(rules: RowRules) -> None:
    """The records hand their rules (once; a second hand-over replaces the first)."""
    _HANDED[:] = [rules]


def rules() -> RowRules:
    """The rules the records handed."""
    if not _HANDED:
        raise RuntimeError("the records have not handed the store their rules (import review first)")
    return _HANDED[0]
