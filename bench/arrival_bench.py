"""Seconds from a speaker's answer on a field laptop to the hub app's counts showing it, no key pressed after the
answer (issue 43's bound: 10 s). The field laptop's app runs in a process of its own (``tests/field_app.py``: its own
settings, its own copy of the folder) and answers one item with two keys; the hub's app runs here, offscreen.

- **syncthing**: two real Syncthing daemons on 127.0.0.1 (``tests/syncthing_peers.py``), each laptop its own folder;
- **baseline — one folder**: both apps on the very same folder (what the apps' own waits cost: the field app's pause
  after an answer, the hub's settling of the folder), measured in the same run.

The ratio is what Syncthing adds to the apps' own waits."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported

from PySide6.QtCore import QEventLoop, QTimer  # noqa: E402

from bench.common import ROOT  # noqa: E402
from desktop.cli import main as lyss_main  # noqa: E402
from desktop.main_window import MainWindow  # noqa: E402
from desktop.qt_common import application  # noqa: E402
from review import records  # noqa: E402
from review.exchange import sync  # noqa: E402
from review.rating import campaigns, practice  # noqa: E402
from review.records import catalogue, laptops  # noqa: E402
from review.store import Store  # noqa: E402

TESTS = ROOT / "tests"
sys.path.insert(0, str(TESTS))
from syncthing_peers import SYNCTHING, started_pair  # noqa: E402

DEMO = ROOT / "examples" / "demo-crk.runcard.json"


def _events(ms: int) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def _until(condition, seconds: float) -> float:
    """Run Qt's events until ``condition``; the time it became true."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit(f"arrival bench: not within {seconds:.0f} s")
        _events(50)
    return time.time()


def _study(root: Path, hub_folder: Path, field_folder: Path, carry) -> tuple[Path, Path, str, str]:
    """A hub with a campaign, a field laptop it enrolled that holds it, one speaker there past the practice round."""
    scored = root / "demo-scored.json"
    with contextlib.redirect_stdout(io.StringIO()):
        assert lyss_main(["score", str(DEMO), "--out", str(scored)]) == 0
    hub, field = Store(root / "hub.sqlite"), Store(root / "field.sqlite")
    cid = campaigns.create_campaign(hub, catalogue.load_scored(str(scored)), "A", items=20)
    laptops.enrol(hub, field.device_id)
    laptops.trust(field, hub.device_id)
    sync.sync(hub, hub_folder)
    carry(hub.device_id)
    sync.sync(field, field_folder)
    speaker = records.speakers.add_speaker(field, "Ana", "LYSS study")
    practice.mark_done(field, cid, speaker)
    hub.close()
    field.close()
    return root / "hub.sqlite", root / "field.sqlite", cid, speaker


def _counted(window, cid: str, speaker: str) -> bool:
    tab = window.campaigns
    tab.campaigns.selectRow(tab._ids.index(cid))
    tab.show_progress()
    model = tab.progress.model()
    return any(model.index(r, 0).data() == speaker and model.index(r, 2).data() == "1" for r in range(model.rowCount()))


def _arrival(root: Path, hub_folder: Path, field_folder: Path, carry) -> float:
    hub_path, field_path, cid, speaker = _study(root, hub_folder, field_folder, carry)
    window = MainWindow(str(hub_path))
    window.show()
    window.campaigns.choose_shared_folder(str(hub_folder))
    lines: list[str] = []
    field_app = subprocess.Popen([sys.executable, str(TESTS / "field_app.py"), str(field_path), str(field_folder), "30"],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT,
                                 env={**os.environ, "XDG_CONFIG_HOME": str(root / "field-settings"),
                                      "PYTHONPATH": str(ROOT)})
    threading.Thread(target=lambda: lines.extend(field_app.stdout), daemon=True).start()
    try:
        _until(lambda: any(line.startswith("answered ") for line in lines) or field_app.poll() is not None, 120)
        answered = next((float(line.split()[1]) for line in lines if line.startswith("answered ")), None)
        if answered is None:
            raise SystemExit("arrival bench: the field app did not answer: " + "".join(lines)[-1000:])
        return _until(lambda: _counted(window, cid, speaker), 60) - answered
    finally:
        field_app.kill()
        field_app.wait()
        window.close()


def main() -> None:
    if SYNCTHING is None:
        print("skipped: syncthing is not installed (make install installs Debian's syncthing)")
        return
    os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="lyss-bench-settings-")  # never the user's folder
    application()
    with tempfile.TemporaryDirectory(prefix="lyss-arrival-") as tmp:
        root = Path(tmp)
        (root / "one").mkdir()
        (root / "one" / "shared").mkdir()
        same = _arrival(root / "one", root / "one" / "shared", root / "one" / "shared", lambda _code: None)
        peers = started_pair(root / "two")
        try:
            hub_peer, field_peer = peers
            for p, q in ((hub_peer, field_peer), (field_peer, hub_peer)):
                with contextlib.redirect_stdout(io.StringIO()):
                    assert lyss_main(["sync", "setup", str(p.folder), "--device", f"{q.id}@{q.address}", "--apply",
                                      "--home", str(p.home)]) == 0

            def carry(code: str) -> None:
                hub_peer.scan()
                _until(lambda: (field_peer.folder / f"{code}.lyssbundle").exists(), 60)
            (root / "two" / "db").mkdir()
            through = _arrival(root / "two" / "db", hub_peer.folder, field_peer.folder, carry)
        finally:
            for p in peers:
                p.stop()
    print("answer on a field laptop → the hub app's counts, no key pressed (bound: 10 s)")
    print(f"  baseline — both apps on one folder:   {same:5.1f} s")
    print(f"  two Syncthing daemons on 127.0.0.1:   {through:5.1f} s   ({through / same:.2f}× the baseline)")


if __name__ == "__main__":
    main()
