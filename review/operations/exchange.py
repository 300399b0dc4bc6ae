"""The door's exchange family: bundles out and in, checking and resolving what laptops hold, the shared folder's
sync (Syncthing itself: :mod:`.syncthing`)."""

from __future__ import annotations

from ..exchange import bundles, check, resolve, sync

__all__ = ["bundles", "check", "resolve", "sync"]
