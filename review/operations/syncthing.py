"""The door to Syncthing, the daemon that carries a shared folder between laptops: planning and applying its folder
and devices (a family of its own: it loads ssl, which only the commands that talk to Syncthing need)."""

from __future__ import annotations

from ..exchange import syncthing

__all__ = ["syncthing"]
