"""The names of the files a laptop keeps in a shared folder, and how a name from that folder is shown.

Everything in a shared folder was written by some other device, names included: a name is checked
before anything is read (``<laptop code>.lyssbundle``), and shown escaped and cut (a name may hold any
byte but ``/``, a line break, or be thousands of characters long).

A laptop's own bundle is written beside its final name as ``.~lyss.<code>.<random>.tmp`` and renamed.
Such a file outlives its sync only when the sync was killed; the laptop's next sync removes it, and so
does a withdrawal (the leftover may hold the withdrawn speaker's answers), so no old copy stays in the
folder for a transport to carry on. No other laptop reads it (it does not end in ``.lyssbundle``).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from . import keys

SUFFIX = ".lyssbundle"
TMP_PREFIX = ".~lyss."
TMP_SUFFIX = ".tmp"
SHOWN_CHARACTERS = 80


def own_name(code: str) -> str:
    return f"{code}{SUFFIX}"


def tmp_prefix(code: str) -> str:
    """The start of the name of this laptop's bundle while it is being written."""
    return f"{TMP_PREFIX}{code}."


def laptop_of(name: str) -> str | None:
    """The laptop code a bundle's file name gives (``None``: not a laptop's file name)."""
    if not name.endswith(SUFFIX):
        return None
    code = name[: -len(SUFFIX)]
    return code if keys.normalise_code(code) == code else None


def shown(name: str, limit: int = SHOWN_CHARACTERS) -> str:
    """A name from the folder as a message may print it: bytes that are not UTF-8 and characters that are
    not printable escaped, and a long name cut."""
    text = name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    text = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} characters)"


def _is_own_leftover(name: str, code: str) -> bool:
    return ((name.startswith(tmp_prefix(code)) and name.endswith(TMP_SUFFIX))
            or (name.startswith(f".{own_name(code)}.") and name.endswith(f".tmp{SUFFIX}")))  # the name earlier versions wrote


def own_leftovers(folder: str | os.PathLike, code: str) -> list[Path]:
    """This laptop's bundles left half-written in a folder by a sync that was killed (regular files only)."""
    found = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if _is_own_leftover(entry.name, code):
                    try:
                        if stat.S_ISREG(entry.stat(follow_symlinks=False).st_mode):
                            found.append(Path(entry.path))
                    except OSError:
                        continue
    except OSError:
        return []
    return sorted(found)


def remove_own_leftovers(folder: str | os.PathLike, code: str) -> int:
    """Remove them; returns how many went (one that cannot be removed is left for the next try)."""
    removed = 0
    for path in own_leftovers(folder, code):
        try:
            path.unlink()
            removed += 1
        except OSError:
            continue
    return removed


def remove_own_bundle(folder: str | os.PathLike, code: str) -> bool:
    """Remove this laptop's published bundle from a folder (a withdrawal it may still hold: the next sync
    writes it anew). Only a regular file is removed. Returns whether one went."""
    path = Path(folder) / own_name(code)
    try:
        if stat.S_ISREG(path.lstat().st_mode):
            path.unlink()
            return True
    except OSError:
        pass
    return False
