"""Remove from the bundle the shared libraries nothing in it loads any more.

PyInstaller collects each binary's dependencies before the spec leaves some Qt plugins out (the GTK
theme, VNC, touch input…), so their dependencies (cairo, pango, GTK's pixbuf loaders, Kerberos through
QtNetwork…) stay behind unused. This walks the ELF ``NEEDED`` entries from every Python extension
module, Qt plugin, the launcher and libpython, and deletes the libraries of ``_internal/`` and Qt's
``lib/`` that no path reaches. Libraries loaded with ``dlopen`` by name are not seen by such a walk:
``KEEP`` names them. ``lyss selftest`` and the first window (``make bundle-check``) prove the result.

Then a library that is linked but never called (``HOLLOW``: hfst's wheel links ICU's i18n part, 3.4 MB,
and calls only character properties and case mapping, which live in libicuuc) is replaced by an empty
library of the same name — only when no ELF file of the bundle imports any symbol it exports (checked
here with ``nm``; otherwise it stays) and a C compiler is at hand.

    python packaging/prune_libraries.py dist/lyss [--dry-run]
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

KEEP = ("libpython", "libxcb", "libX", "libEGL", "libGL", "libfontconfig", "libfreetype")  # loaded by name
# Libraries every Linux desktop has, left to the system (desktop/system_libraries.txt names their package, and `lyss
# app` names it when missing): D-Bus's client drags in libsystemd, libgcrypt, libgpg-error and lz4 (2.8 MB).
FROM_SYSTEM = ("libdbus-1.so",)
HOLLOW = ("hfst.libs/libicui18n-",)  # linked, never called (see the module's docstring)


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
        if path.parent in prunable_dirs and path.name.startswith(FROM_SYSTEM):
            continue  # never reached: deleted below with what only it needs
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
    unused = sorted([*(path for name, path in libraries.items() if name not in reached),
                     *(path for folder in prunable_dirs for path in folder.glob("*.so*")
                       if path.name.startswith(FROM_SYSTEM))])
    if not dry_run:
        for path in unused:
            path.unlink()
    return unused


def symbols(path: Path, which: str) -> set[str]:
    """The dynamic symbols an ELF file exports (``which="defined"``) or imports (``"undefined"``),
    without their version."""
    out = subprocess.run(["nm", "-D", f"--{which}-only", str(path)], capture_output=True, text=True).stdout
    return {line.split()[-1].split("@")[0] for line in out.splitlines() if line.strip()}


def soname(path: Path) -> str | None:
    out = subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True).stdout
    return next((line.split("[", 1)[1].split("]", 1)[0] for line in out.splitlines() if "(SONAME)" in line), None)


def hollow(bundle: Path, dry_run: bool = False) -> list[Path]:
    """Replace each ``HOLLOW`` library that nothing calls by an empty one with its name; the replaced."""
    internal = bundle / "_internal"
    candidates = [p for pattern in HOLLOW for p in internal.glob(pattern + "*") if not p.is_symlink() and is_elf(p)]
    if not candidates or shutil.which("gcc") is None or shutil.which("nm") is None:
        return []
    elves = [p for p in [bundle / "lyss", *internal.rglob("*")] if p.is_file() and not p.is_symlink() and is_elf(p)]
    imported = {p: symbols(p, "undefined") for p in elves}
    replaced = []
    for path in candidates:
        called = symbols(path, "defined") & set().union(*(s for p, s in imported.items() if p != path))
        name = soname(path)
        if called or name is None:
            print(f"kept {path.relative_to(bundle)}: {len(called)} of its symbols are called")
            continue
        if not dry_run:
            empty = path.with_name(path.name + ".empty")
            subprocess.run(["gcc", "-shared", "-fPIC", "-x", "c", "/dev/null", f"-Wl,-soname,{name}", "-o", str(empty)],
                           check=True)
            empty.replace(path)
        replaced.append(path)
    return replaced


def main() -> int:
    bundle = Path(sys.argv[1])
    dry_run = "--dry-run" in sys.argv[2:]
    unused = prune(bundle, dry_run)
    size = sum(p.stat().st_size for p in unused) if dry_run else None
    for path in unused:
        print(f"{'would remove' if dry_run else 'removed'} {path.relative_to(bundle)}")
    print(f"{len(unused)} unused libraries" + (f" ({size / 1e6:.1f} MB)" if size is not None else ""))
    for path in hollow(bundle, dry_run):
        print(f"{'would empty' if dry_run else 'emptied'} {path.relative_to(bundle)} (linked, never called)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
