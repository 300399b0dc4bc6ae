"""Qt's ICU data (libicudata, 31 MB) cut to what the app can use: the collation root with the English and
French tailorings (QCollator: the file dialog's natural sort), break rules, normalisation and character
properties, time-zone rules, the English and French locale data. Names of languages, regions, currencies,
units and time zones in other languages, number spell-out, transliteration, dictionary-based word breaks
and the legacy encoders go (the app reads and writes UTF-8 only).

``python packaging/icu_trim.py LIBICUDATA.so`` replaces the library in place with one built from the
trimmed package (ICU's own ``icupkg`` removes the items; ``gcc`` links the package into a library that
exports the same ``icudt<major>_dat`` symbol). Without ``icupkg`` or ``gcc`` it changes nothing."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

GONE_FOLDERS = ("curr/", "lang/", "region/", "unit/", "zone/", "rbnf/", "translit/")
KEPT_LOCALES = ("root", "en", "fr")
LOCALE = re.compile(r"^(?:coll/)?([a-z]{2,3})(?:_[A-Za-z0-9]*)*\.res$")


def removed(item: str) -> bool:
    """Whether a package item (``coll/de.res``, ``ibm-943_P15A-2003.cnv``…) is cut."""
    if item.startswith(GONE_FOLDERS) or item.endswith((".cnv", ".dict")) or item == "unames.icu":
        return True
    locale = LOCALE.match(item)
    return bool(locale) and locale.group(1) not in KEPT_LOCALES


def symbol_of(library: Path) -> tuple[str, int, int]:
    """The data symbol's name, file offset and size."""
    symbols = subprocess.run(["readelf", "-Ws", "--dyn-syms", str(library)], capture_output=True, text=True).stdout
    name, value, size = next((p[7], int(p[1], 16), int(p[2], 0)) for p in (line.split() for line in symbols.splitlines())
                             if len(p) >= 8 and re.fullmatch(r"icudt\d+_dat", p[7]))
    segments = subprocess.run(["readelf", "-lW", str(library)], capture_output=True, text=True).stdout
    for line in segments.splitlines():
        fields = line.split()
        if fields[:1] == ["LOAD"]:
            offset, vaddr, filesz = int(fields[1], 16), int(fields[2], 16), int(fields[4], 16)
            if vaddr <= value < vaddr + filesz:
                return name, offset + value - vaddr, size
    raise ValueError(f"{library}: {name} lies in no loaded segment")


def trim(library: Path) -> tuple[int, int] | None:
    """Replace ``library`` with its trimmed package; (bytes before, after), or None when the tools are missing."""
    if not (shutil.which("icupkg") and shutil.which("gcc") and shutil.which("readelf")):
        return None
    name, offset, size = symbol_of(library)
    with tempfile.TemporaryDirectory() as work:
        work_dir = Path(work)
        package = name.replace("_dat", "l.dat")  # icupkg names the items after the file: icudt73l.dat
        (work_dir / "in").mkdir()
        (work_dir / "out").mkdir()
        full, small = work_dir / "in" / package, work_dir / "out" / package
        with library.open("rb") as fh:
            fh.seek(offset)
            full.write_bytes(fh.read(size))
        items = subprocess.run(["icupkg", "-l", str(full)], capture_output=True, text=True, check=True).stdout.split()
        (work_dir / "remove.txt").write_text("\n".join(i for i in items if removed(i)) + "\n")
        # --ignore-deps: the break rules name the dictionaries of Chinese, Japanese, Khmer, Lao, Burmese and
        # Thai word breaks, which Qt does not ask ICU for (its text boundaries are its own)
        subprocess.run(["icupkg", "--ignore-deps", "-r", str(work_dir / "remove.txt"), str(full), str(small)],
                       check=True, capture_output=True)
        assembly = work_dir / "data.S"
        assembly.write_text(f'.section .rodata\n.global {name}\n.type {name}, @object\n.balign 16\n{name}:\n'
                            f'.incbin "{small}"\n.size {name}, .-{name}\n.section .note.GNU-stack,"",@progbits\n')
        built = work_dir / library.name
        subprocess.run(["gcc", "-shared", "-o", str(built), str(assembly), f"-Wl,-soname,{library.name}"],
                       check=True, capture_output=True)
        before = library.stat().st_size
        shutil.copyfile(built, library)
        return before, library.stat().st_size


if __name__ == "__main__":
    for path in sys.argv[1:]:
        result = trim(Path(path))
        if result is None:
            print(f"note: icupkg or gcc missing: {path} stays as it is", file=sys.stderr)
        else:
            print(f"{path}: {result[0] / 2**20:.1f} MB → {result[1] / 2**20:.1f} MB")
