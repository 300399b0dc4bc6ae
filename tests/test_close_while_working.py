"""Closing the app while a worker runs, with both cores busy (issue 58): the window scored a large run card and was
closed and deleted meanwhile. Before, the scoring thread was a Qt child of its page and went with it while it ran:
"QThread: Destroyed while thread '' is still running" and the app aborted (exit status 134). Now every worker lives
until it ends, and the window cancels and waits for it at close."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from helpers import DEMO, ROOT

HOG = "while True: pass"


def test_closing_the_window_while_it_scores_never_aborts_with_both_cores_busy(tmp_path):
    card = json.loads(DEMO.read_text("utf-8"))
    card["entries"] = [dict(e, id=f"{e['id']}-{k}") for k in range(150) for e in card["entries"]]
    big = tmp_path / "big.runcard.json"
    big.write_text(json.dumps(card, ensure_ascii=False), "utf-8")
    hogs = [subprocess.Popen([sys.executable, "-c", HOG]) for _ in range(2)]  # an old laptop, busy
    try:
        done = subprocess.run([sys.executable, str(ROOT / "tests" / "close_while_scoring.py"), str(ROOT),
                               str(tmp_path / "app.sqlite"), str(big)], capture_output=True, text=True, timeout=600,
                              env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    assert "Destroyed while thread" not in done.stderr, done.stderr
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().endswith("closed while scoring")
