"""Which of Qt's files the bundle leaves out, by the names each system gives them (issue 68: the rule matched Linux's
``libqgif.so`` only, so Windows' ``qgif.dll`` and macOS' ``libqgif.dylib`` were shipped). Read by packaging/lyss.spec.

A plugin is named by its stem on every system: ``libqgif.so``, ``qgif.dll`` and ``libqgif.dylib`` are all ``qgif``.
"""

from __future__ import annotations

from pathlib import PurePosixPath

# whole plugin folders a desktop app does not load: evdev/TUIO input (framebuffer devices), the GTK and portal
# themes (Qt draws its own dialogs), icon engines (the app's icons are pictures)
UNUSED_FOLDERS = ("generic", "platformthemes", "iconengines")
# platforms other than the desktop's own and offscreen (the selftest draws the first window offscreen): VNC,
# framebuffer, minimal, Vulkan display, Windows' Direct2D; image formats the app never reads
UNUSED_PLUGINS = frozenset({"qvnc", "qlinuxfb", "qminimal", "qvkkhrdisplay", "qdirect2d", "qgif", "qicns", "qjpeg",
                            "qtga", "qtiff", "qwbmp", "qwebp", "qsvg"})
# Wayland and EGLFS support, wherever it is (libraries and plugins): on a Wayland desktop Qt uses xcb through XWayland
UNUSED_WORDS = ("wayland", "Wayland", "WlShell", "EglFs", "EglFS", "eglfs")


def plugin_name(destination: str) -> str | None:
    """``qgif`` for ``PySide6/Qt/plugins/imageformats/libqgif.so`` (or ``…\\qgif.dll``, ``…/libqgif.dylib``);
    None for a file that is not a Qt plugin."""
    path = PurePosixPath(destination.replace("\\", "/"))
    if "plugins" not in path.parts[:-1]:
        return None
    name = path.name.split(".")[0]
    return name[3:] if name.startswith("lib") else name


def left_out(destination: str) -> bool:
    """Whether the bundle leaves this file (a PyInstaller destination name) out."""
    if any(word in destination for word in UNUSED_WORDS):
        return True
    name = plugin_name(destination)
    if name is None:
        return False
    folder = PurePosixPath(destination.replace("\\", "/")).parent.name
    return folder in UNUSED_FOLDERS or name in UNUSED_PLUGINS
