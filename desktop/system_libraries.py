"""The system libraries the app's window needs (``system_libraries.txt``): ``lyss app`` names a missing one in one
line instead of Qt's abort ("xcb plugin could not be loaded")."""

from __future__ import annotations

import ctypes
import os
import sys
from pathlib import Path

from scoring.errors import InputError

LIST = Path(__file__).with_name("system_libraries.txt")
DRAWN_ELSEWHERE = {"offscreen", "minimal", "vnc", "wayland", "eglfs", "linuxfb"}  # platforms that need no xcb


def needed() -> list[tuple[str, str]]:
    """(Debian package, library file) for every library of the list."""
    rows = [line.split() for line in LIST.read_text("utf-8").splitlines() if line.strip() and not line.startswith("#")]
    return [(row[0], row[1]) for row in rows]


def missing() -> list[tuple[str, str]]:
    """The libraries of the list this machine cannot load."""
    out = []
    for package, library in needed():
        try:
            ctypes.CDLL(library)
        except OSError:
            out.append((package, library))
    return out


def check_desktop() -> None:
    """On Linux with Qt's xcb platform: raise one line naming the first library missing (and how to install all)."""
    platform = os.environ.get("QT_QPA_PLATFORM", "xcb").split(":")[0]
    if not sys.platform.startswith("linux") or platform in DRAWN_ELSEWHERE:
        return
    gone = missing()
    if gone:
        packages = " ".join(package for package, _ in gone)
        raise InputError("app", gone[0][1], f"the window needs this system library, which is not installed "
                                            f"({len(gone)} missing; Debian or Ubuntu: sudo apt install {packages}, "
                                            f"or make install as root)")
