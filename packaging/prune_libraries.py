"""Remove from the bundle the shared libraries nothing in it loads any more.

PyInstaller collects each binary's dependencies before the spec leaves some Qt plugins out (the GTK
theme, VNC, touch input…), so their dependencies (cairo, pango, GTK's pixbuf loaders, Kerberos through
QtNetwork…) stay behind unused. This walks the ELF ``NEEDED`` entries from every Python extension
module, Qt plugin, the launcher and libpython, and deletes the libraries of ``_internal/`` and Qt's
``lib/`` that no path reaches. Libraries loaded with ``dlopen`` by name are not seen by such a walk:
``KEEP`` names them. ``lyss selftest`` and the first window (``make bundle-check``) prove the result.

    python packaging/prune_libraries.py dist/lyss [--dry-run]
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

KEEP = ("libpython", "libxcb", "libX", "libEGL", "libGL", "libfontconfig", "libfreetype")  # loaded by name


def needed(path: Path) -> list[str]:
    """The library names an ELF file asks the loader for."""
    out = subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True).stdout
    return [line.split("[", 1)[1].split("]", 1)[0] for line in out.splitlines() if "(NEEDED)" in line]


def is_elf(path: Path) -> bool:
    try:
        with path.open("rb") as fh:
            return fh.read(4) == b"\x7fELF"
    except OSError:
        return False


def prune(bundle: Path, dry_run: bool = False) -> list[Path]:
    internal = bundle / "_internal"
    prunable_dirs = {internal, internal / "PySide6" / "Qt" / "lib"}
    libraries: dict[str, Path] = {}
    roots: list[Path] = [bundle / "lyss"]
    for path in internal.rglob("*"):
        if not path.is_file() or path.is_symlink() or not is_elf(path):
            continue
        if path.parent in prunable_dirs and ".so" in path.name and not path.name.startswith(KEEP) \
                and ".cpython-" not in path.name and ".abi3." not in path.name:
            libraries[path.name] = path
        else:
            roots.append(path)  # extension modules, plugins, bundled packages' own libraries
    reached: set[str] = set()
    todo = list(roots)
    while todo:
        for name in needed(todo.pop()):
            if name in libraries and name not in reached:
                reached.add(name)
                todo.append(libraries[name])
    unused = sorted(path for name, path in libraries.items() if name not in reached)
    if not dry_run:
        for path in unused:
            path.unlink()
    return unused


def main() -> int:
    bundle = Path(sys.argv[1])
    dry_run = "--dry-run" in sys.argv[2:]
    unused = prune(bundle, dry_run)
    size = sum(p.stat().st_size for p in unused) if dry_run else None
    for path in unused:
        print(f"{'would remove' if dry_run else 'removed'} {path.relative_to(bundle)}")
    print(f"{len(unused)} unused libraries" + (f" ({size / 1e6:.1f} MB)" if size is not None else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
