"""Build the offline one-folder bundle ``dist/lyss/`` and its archive, on Linux, Windows or macOS.

    python packaging/build.py            (what `make bundle` runs; ANALYZERS=DIR bundles DIR's .hfstol files:
                                          ANALYZERS=packaging/fixture is the small set the workflow bundles)

The same steps on every system: the analysers with their licences, attribution and sha256 manifest, the
fonts, PyInstaller with ``packaging/lyss.spec``, no link left pointing at nothing, a SHA256SUMS manifest,
the size against its target, and an archive (``.tar.gz``; ``.zip`` on Windows). Steps that make the Linux
bundle smaller use Linux tools (readelf, strip, gcc, icupkg) and run only there, and only where the tool is
present: without one, the bundle is larger, never different in what it does.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
BUNDLE = DIST / "lyss"
EXTRA = ROOT / "build" / "bundle-extra"
# The unpacked size the build refuses to exceed, where it has been measured (MiB): packaging/size_targets.json,
# stated once (the bench prints the same): measured on Linux, a ceiling on Windows and macOS until measured there.
SIZE_TARGETS = Path(__file__).resolve().parent / "size_targets.json"


def size_target(platform: str = sys.platform) -> int | None:
    """The unpacked size (MiB) the bundle may not exceed on ``platform`` (``sys.platform``), or None: a system with none."""
    targets = json.loads(SIZE_TARGETS.read_text("utf-8"))["unpacked_mb"]
    return next((mb for system, mb in targets.items() if platform.startswith(system)), None)


def size_measured(platform: str = sys.platform) -> bool:
    """Whether ``platform``'s target rests on a bundle measured there (else it is a ceiling)."""
    measured = json.loads(SIZE_TARGETS.read_text("utf-8"))["measured"]
    return any(platform.startswith(system) and said for system, said in measured.items())


TARGET_MB = size_target()
LINUX, MACOS = sys.platform.startswith("linux"), sys.platform == "darwin"
MAC_APP = DIST / "LYSS Desktop.app"  # packaging/lyss.spec's BUNDLE (macOS): what a person opens and the archive holds
FONTS = ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSansCanadianAboriginal-Regular.ttf",
         "NotoSansCanadianAboriginal-Bold.ttf")
# LYSS_FONT_DIR: where the workflow's Windows and macOS legs put the Noto fonts and their OFL.txt
FONT_FOLDERS = (*([Path(os.environ["LYSS_FONT_DIR"])] if os.environ.get("LYSS_FONT_DIR") else []),
                Path("/usr/share/fonts/truetype/noto"), Path.home() / "Library" / "Fonts", Path("/Library/Fonts"),
                Path(os.environ.get("WINDIR", "C:/Windows")) / "Fonts")
ATTRIBUTION = """# The GiellaLT / ALTLab analysers in this bundle

The Plains Cree (crk) analysers are free software under the GNU Affero General Public License v3.0
(AGPL-3.0.txt beside this file), built by the Alberta Language Technology Lab (ALTLab) from the
GiellaLT lang-crk sources. Attribution (licence section 7(b)):
"© University of Tromsø & the Norwegian Sámi Parliament; © Alberta Language Technology Lab (ALTLab)".

Corresponding source: https://github.com/giellalt/lang-crk (the build recipe and sources of the
analysers); the exact files bundled and their sha256 are in analysers/MANIFEST.json, and their origin
in crk-analysers-SOURCES.md. LYSS Desktop runs them unmodified.
"""


def say(text: str) -> None:
    print(text, flush=True)


def run(*command: str | Path, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run([str(c) for c in command], check=check, cwd=ROOT)


def apt_install(packages: list[str]) -> None:
    """Debian packages the build uses, where this is a Debian system run by root (else a note)."""
    missing = [p for p in packages if shutil.which("dpkg") and
               subprocess.run(["dpkg", "-s", p], capture_output=True).returncode != 0]
    if not missing:
        return
    if not (shutil.which("apt-get") and hasattr(os, "geteuid") and os.geteuid() == 0):
        say(f"note: not installed: {' '.join(missing)} (the bundle is larger, or its window needs them)")
        return
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-qq"], capture_output=True, env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq", *missing], capture_output=True, env=env)


def system_libraries() -> list[str]:
    """The Debian packages of desktop/system_libraries.txt (Qt's xcb plugin on a Linux desktop)."""
    lines = (ROOT / "desktop" / "system_libraries.txt").read_text("utf-8").splitlines()
    return [line.split()[0] for line in lines if line.strip() and not line.startswith("#")]


def chosen_analysers() -> dict:
    """The analysers to bundle: ANALYZERS=DIR's, else every default-bundle language's that the registry finds (its
    generator too when its card declares perturbations)."""
    sys.path.insert(0, str(ROOT))
    from eval_standards import analysers  # deferred: the project, importable once ROOT is on the path
    from eval_standards.cards import available_cards, load_card  # deferred: the same
    chosen = {}
    explicit = os.environ.get("ANALYZERS")
    if explicit:
        for path in sorted(Path(explicit).glob("*.hfstol")):
            chosen[path.name] = analysers.AnalyserFile(path, path.name.split("-")[0], analysers.kind_of(path.name),
                                                       "ANALYZERS")
        return chosen
    for code in available_cards():
        card = load_card(code)
        if not card.get("defaultBundle", True):
            continue  # e.g. a non-commercial analyser (ciw): never in the default bundle
        # what scoring reads: analysers, and the generator of a pack that makes wrong forms (attention items)
        kinds = {"analyser", "generator"} if card.get("perturbations") else {"analyser"}
        for found in analysers.discover(code):
            if found.kind in kinds and found.origin != "bundle" and found.problem() is None:
                chosen.setdefault(found.name, found)
    return chosen


def gather_extra() -> None:
    """build/bundle-extra: analysers and their manifest, licences and attribution, fonts, the README."""
    shutil.rmtree(EXTRA, ignore_errors=True)
    for folder in ("analysers", "fonts", "licences"):
        (EXTRA / folder).mkdir(parents=True)
    chosen = chosen_analysers()
    if not chosen:
        sys.exit("no analyser found to bundle: set ANALYZERS=DIR (the bundle would fail its selftest)")
    manifest = []
    for name, found in sorted(chosen.items()):
        shutil.copyfile(found.path, EXTRA / "analysers" / name)
        manifest.append({"file": name, "lang": found.lang, "kind": found.kind, "bytes": found.path.stat().st_size,
                         "sha256": hashlib.sha256(found.path.read_bytes()).hexdigest(), "from": str(found.path)})
        sources = found.path.parent / "SOURCES.md"
        if sources.exists():
            shutil.copyfile(sources, EXTRA / "licences" / f"{found.lang}-analysers-SOURCES.md")
    (EXTRA / "analysers" / "MANIFEST.json").write_text(json.dumps(manifest, indent=2), "utf-8")
    say(f"bundling {len(manifest)} analysers: {', '.join(m['file'] for m in manifest)}")
    licences(EXTRA / "licences", [found.path for found in chosen.values()])
    fonts(EXTRA / "fonts", EXTRA / "licences")


def licences(folder: Path, analysers: list[Path]) -> None:
    """The analysers' own licence text (AGPL-3.0 with its section 7(b) term), from shared/: nothing downloaded. An
    analyser of another origin (packaging/fixture, the workflow's small set) says its licence in the SOURCES.md beside
    it; one with neither is refused."""
    shutil.copyfile(ROOT / "README.md", folder / "LYSS-README.md")
    shared = Path(os.environ.get("LYSS_SHARED") or ROOT.parent / "shared")
    agpl = shared / "fst" / "LICENSE-lang-crk.txt"
    if agpl.is_file() and any(path.parent.resolve() == agpl.parent.resolve() for path in analysers):
        (folder / "ANALYSERS-ATTRIBUTION.md").write_text(ATTRIBUTION, "utf-8")
        shutil.copyfile(agpl, folder / "AGPL-3.0.txt")
    unsaid = [path for path in analysers if path.parent.resolve() != agpl.parent.resolve()
              and not (path.parent / "SOURCES.md").is_file()]
    if unsaid:
        sys.exit(f"{unsaid[0]}: no licence known (put a SOURCES.md naming it beside the file, or bundle from {agpl.parent})")


def fonts(folder: Path, licence_folder: Path) -> None:
    """Fonts with SRO diacritics and syllabics (SIL Open Font License), where this system has them."""
    for name in FONTS:
        found = next((f / name for f in FONT_FOLDERS if (f / name).is_file()), None)
        if found is None:
            say(f"note: font {name} not found here; the app uses the system's fonts")
            continue
        shutil.copyfile(found, folder / name)
    ofl = [Path("/usr/share/doc/fonts-noto-core/copyright"), *(f / "OFL.txt" for f in FONT_FOLDERS)]
    found_licence = next((path for path in ofl if path.is_file()), None)
    if found_licence is not None:
        shutil.copyfile(found_licence, licence_folder / "NOTO-FONTS-OFL.txt")
    elif any(folder.iterdir()):
        sys.exit("the fonts' licence (SIL OFL) was not found beside them: put OFL.txt in LYSS_FONT_DIR")


def pyinstaller() -> None:
    shutil.rmtree(ROOT / "build" / "lyss", ignore_errors=True)
    shutil.rmtree(BUNDLE, ignore_errors=True)
    shutil.rmtree(MAC_APP, ignore_errors=True)
    # Pillow: PyInstaller makes Windows' .ico and macOS' .icns of the app's PNG icon with it
    run(sys.executable, "-m", "pip", "install", "--quiet", "pyinstaller>=6.5", "pillow>=10")
    run(sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN", "--distpath", DIST,
        "--workpath", ROOT / "build" / "pyinstaller", ROOT / "packaging" / "lyss.spec")


def shrink_linux() -> None:
    """Linux only: libraries nothing loads, symbols, hfst's ICU data and Qt's trimmed (packaging/README.md)."""
    prune = subprocess.run([sys.executable, "packaging/prune_libraries.py", str(BUNDLE)], cwd=ROOT,
                           capture_output=True, text=True, check=True)
    say("\n".join(line for line in prune.stdout.splitlines() if not line.startswith("removed ")))
    if shutil.which("strip"):  # not numpy's auditwheel-patched OpenBLAS: stripping it breaks its loading
        libraries = [p for p in BUNDLE.rglob("*.so*") if p.is_file() and not p.is_symlink()
                     and "numpy.libs" not in p.parts]
        subprocess.run(["strip", "--strip-unneeded", *map(str, libraries)], capture_output=True)
    for data in (BUNDLE / "_internal" / "hfst.libs").glob("libicudata*.so.*"):
        stub_icu_data(data)
    apt_install(["icu-devtools"])
    for data in (BUNDLE / "_internal" / "PySide6" / "Qt" / "lib").glob("libicudata.so.*"):
        run(sys.executable, "packaging/icu_trim.py", data)


def stub_icu_data(data: Path) -> None:
    """hfst's own ICU data (26 MB) replaced by an empty package: hfst uses ICU for character properties and
    case mapping only, both compiled into libicuuc; analyses are identical. Without a C compiler it stays."""
    major = data.name.split(".so.")[1].split(".")[0]
    stub = ROOT / "build" / "icu-stub-data.so"
    made = shutil.which("gcc") and subprocess.run(
        ["gcc", "-shared", "-fPIC", "-O2", f"-DICU_DATA_SYMBOL=icudt{major}_dat", f"-Wl,-soname,{data.name}",
         "-o", str(stub), "packaging/icu_stub_data.c"], cwd=ROOT).returncode == 0
    if made:
        shutil.copyfile(stub, data)
    else:
        say(f"note: no C compiler; hfst's ICU data stays ({data.stat().st_size >> 20} MB)")


def dangling_links(folder: Path) -> list[Path]:
    """Links in ``folder`` whose target is not there (a library the pruning removed)."""
    return [p for p in folder.rglob("*") if p.is_symlink() and not p.exists()]


def remove_dangling_links() -> None:
    """An archive or installer on another system may trip on a link to nothing: none is shipped."""
    links = dangling_links(BUNDLE)
    for link in links:
        link.unlink()
    if links:
        say(f"removed {len(links)} links to files no longer in the bundle: {', '.join(p.name for p in links)}")


def shipped() -> Path:
    """What a person receives: the one folder (Linux, Windows: ``lyss`` and, on Windows, the windowed app beside it),
    or the .app (macOS)."""
    return MAC_APP if MACOS else BUNDLE


def write_manifest(folder: Path) -> None:
    """SHA256SUMS of everything shipped (inside a .app, in Contents/Resources, before it is signed)."""
    where = folder / "Contents" / "Resources" if MACOS else folder
    lines = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.name != "SHA256SUMS"):
        lines.append(f"{hashlib.sha256(path.read_bytes()).hexdigest()}  ./{path.relative_to(folder).as_posix()}\n")
    (where / "SHA256SUMS").write_text("".join(lines), "utf-8", newline="\n")


def sign_mac_app(app: Path) -> None:
    """An ad-hoc signature (``codesign --sign -``): Apple-silicon Macs run no unsigned code, and Gatekeeper can say
    what it is. It names no developer, so a downloaded copy is still held back until the user allows it (System
    Settings, Privacy & Security, Open Anyway); a community's own Developer ID and notarisation lift that
    (docs/packaging.md)."""
    run("codesign", "--force", "--deep", "--sign", "-", app)
    run("codesign", "--verify", "--deep", "--strict", app)


def archive(folder: Path) -> Path:
    """The size against the target, and the archive: .tar.gz (Linux), .zip (Windows), a zip made by ditto (macOS:
    it keeps the .app's signature, links and permissions)."""
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink()) / 2**20
    sys.path.insert(0, str(ROOT))
    from scoring import __version__  # deferred: the project, importable once ROOT is on the path
    system = {"linux": "linux", "win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    base = DIST / f"lyss-{__version__}-{system}-{platform.machine().lower()}"
    if MACOS:
        made = f"{base}.zip"
        run("ditto", "-c", "-k", "--keepParent", folder, made)
    else:
        made = shutil.make_archive(str(base), "zip" if sys.platform == "win32" else "gztar", DIST, folder.name)
    target = (f"target ≤ {TARGET_MB} MB{'' if size_measured() else ', a ceiling: never measured on this system before'}"
              if TARGET_MB else "no target on this system")
    say(f"bundle: {folder} ({size:.0f} MB unpacked, {target}); archive: {made} ({Path(made).stat().st_size >> 20} MB)")
    if TARGET_MB and size > TARGET_MB:
        sys.exit(f"the bundle is {size:.0f} MB, over its {TARGET_MB} MB target")
    return Path(made)


def main() -> None:
    if LINUX:
        apt_install([*system_libraries(), "fonts-noto-core"])
    gather_extra()
    pyinstaller()
    if LINUX:
        shrink_linux()
    remove_dangling_links()
    write_manifest(shipped())
    if MACOS:
        sign_mac_app(MAC_APP)
    archive(shipped())


if __name__ == "__main__":
    main()
