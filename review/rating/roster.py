"""A speaker's withdrawal, everywhere this laptop reaches: their answers and personal details gone here and in every
backup (``review.records.speakers``), and this laptop's bundle in its shared folders written anew without them."""

from __future__ import annotations

from ..exchange import sync
from ..records import laptops, speakers
from ..store import Store


def withdraw(store: Store, speaker_id: str) -> dict:
    """Delete a speaker's answers and personal details here, in every backup and in this laptop's bundles, and keep
    a signed tombstone that travels in bundles. Returns ``{"deleted", "backups", "travels"}``: ``travels`` is False
    when other laptops will not honour it (this laptop neither registered the speaker nor coordinates: the
    coordinator should withdraw the speaker too)."""
    row = speakers.speaker(store, speaker_id)
    deleted = speakers.record_withdrawal(store, speaker_id)
    backups = store.complete_withdrawals()
    sync.republish(store)  # the laptop's bundle in its shared folders, anew without the speaker
    travels = row["registered_by"] in (None, store.public_key) or bool(laptops.coordinated_campaigns(store))
    return {"deleted": deleted, "backups": backups, "travels": travels}
