"""The built bundle (``make bundle`` first): its size (against the target of ``packaging/size_targets.json``) and its
first window, cold
and warm (goal < 1.0 s cold), next to two baselines measured in the same run: the bundle's own start
without Qt's window (``lyss --version``) and a bare PySide6 window from the virtual environment."""

from __future__ import annotations

import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import ROOT

BUNDLE = ROOT / "dist" / "lyss"
RUNS = 5
BARE = ("import sys; from PySide6.QtWidgets import QApplication, QLabel; app = QApplication(sys.argv[:1]); "
        "w = QLabel('hello'); w.show(); app.processEvents(); w.repaint()")


def _drop_caches() -> bool:
    """Empty the page cache (root only), so that the next start reads its files from disk."""
    os.sync()
    try:
        Path("/proc/sys/vm/drop_caches").write_text("3\n")
        return True
    except OSError:
        return False


def _seconds(command: list[str], home: str) -> float:
    env = {"HOME": home, "LANG": "C.UTF-8", "QT_QPA_PLATFORM": "offscreen", "PATH": os.environ.get("PATH", "")}
    start = time.perf_counter()
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, timeout=120)
    return time.perf_counter() - start


def _megabytes(folder: Path) -> tuple[float, float]:
    """Unpacked size as ``du -m`` counts it (MiB of blocks, folders included), and in millions of bytes."""
    entries = [folder, *(p for p in folder.rglob("*") if not p.is_symlink())]
    blocks = sum(p.stat().st_blocks * 512 for p in entries)
    return blocks / 2**20, sum(p.stat().st_size for p in entries if p.is_file()) / 1e6


def _target() -> int | None:
    """The size target the build enforces on this system: packaging/build.py's own reading of
    packaging/size_targets.json (a build script, loaded by path: "packaging" is also PyPI's library)."""
    spec = importlib.util.spec_from_file_location("lyss_build", ROOT / "packaging" / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    return build.size_target(sys.platform)


def main() -> None:
    launcher = BUNDLE / "lyss"
    if not launcher.exists():
        print(f"no bundle at {BUNDLE}: run make bundle first")
        return
    mib, megabytes = _megabytes(BUNDLE)
    archives = sorted((ROOT / "dist").glob("lyss-*.tar.gz"))
    archive = f", archive {archives[-1].stat().st_size / 2**20:.0f} MB" if archives else ""
    target = _target()
    print(f"bundle size: {mib:.0f} MB unpacked ({megabytes:.1f} million bytes){archive}   "
          f"({f'target ≤ {target} MB' if target else 'no target on this system'})")
    with tempfile.TemporaryDirectory(prefix="lyss-bundle-bench-") as home:
        window = [str(launcher), "app", "--db", str(Path(home) / "first.sqlite"), "--quit-when-shown"]
        _seconds(window, home)  # the database and settings exist from now on, as on a laptop's second start
        cold, warm, start, bare = [], [], [], []
        dropped = True
        for _ in range(RUNS):
            dropped &= _drop_caches()
            cold.append(_seconds(window, home))
            warm.append(_seconds(window, home))
            start.append(_seconds([str(launcher), "--version"], home))
            bare.append(_seconds([sys.executable, "-c", BARE], home))
    median = statistics.median
    print(f"first window (start, main window drawn offscreen, quit; median of {RUNS}):")
    print(f"  baseline  the bundle's start, no window (lyss --version):  {median(start):.2f} s")
    print(f"  baseline  bare PySide6 window from the venv:                {median(bare):.2f} s")
    cold_name = "cold" if dropped else "again (page cache not droppable here)"
    print(f"  lyss      first window, {cold_name + ':':36}{median(cold):.2f} s   ratio to bare "
          f"{median(cold) / median(bare):.1f}×   (goal < 1.0 s cold)")
    print(f"  lyss      first window, {'warm:':36}{median(warm):.2f} s   ratio to bare {median(warm) / median(bare):.1f}×")
