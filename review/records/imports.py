"""Each import of a research file into a campaign (issue 66): when, which file (its name and SHA-256), how many rows
it held and how many ratings it added. The first import makes the campaign; importing again (the same file changes
nothing; another under the same name may add ratings) is recorded too, and ``study status`` and the report show it."""

from __future__ import annotations

from ..store import Store, now


def record(db, campaign_id: str, file: str, sha256: str, rows: int, ratings_added: int) -> None:
    """Record one import (inside the import's transaction)."""
    db["imports"].insert({"campaign_id": campaign_id, "at": now(), "file": file, "sha256": sha256, "rows": rows,
                          "ratings_added": ratings_added})


def of_campaign(store: Store, campaign_id: str) -> list[dict]:
    """A campaign's imports, oldest first."""
    return store.rows("select at, file, sha256, rows, ratings_added from imports where campaign_id = ? order by at",
                      [campaign_id])
