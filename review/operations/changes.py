"""An operation's result and what it changed: :func:`run` calls a function of the review on a store and returns
:class:`Done` — the result, and the tables its statements wrote (SQLite says which, as each statement is prepared) —
so that a face redraws what those tables show, and only that."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Generic, TypeVar

from ..store import Store, tables_written

T = TypeVar("T")


@dataclass(frozen=True)
class Done(Generic[T]):
    """What an operation gave back and the tables it wrote (empty: it only read)."""
    result: T
    changed: frozenset[str]


def run(store: Store, operation: Callable[..., T], *args: Any, **kwargs: Any) -> Done[T]:
    """``operation(store, *args, **kwargs)``, with the tables it wrote."""
    with tables_written(store) as written:
        result = operation(store, *args, **kwargs)
    return Done(result, frozenset(written))
