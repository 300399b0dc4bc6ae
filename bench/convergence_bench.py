"""The convergence property (``tests/test_convergence.py``) run longer than ``make test`` runs it: many more random
sequences of campaigns, enrolments, answers, backups, restores, revocations, withdrawals and syncs on three or four
laptops. Prints how many sequences held and how long they took (``LYSS_CONVERGENCE_BENCH``: how many; 300 by
default)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from .common import ROOT


def main() -> None:
    examples = os.environ.get("LYSS_CONVERGENCE_BENCH", "300")
    env = {**os.environ, "LYSS_CONVERGENCE_EXAMPLES": examples}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "tests/test_convergence.py", "--hypothesis-show-statistics"],
                          cwd=ROOT, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    statistics = done.stdout.partition("Hypothesis Statistics")[2].splitlines()
    shown = [line.strip() for line in statistics if line.strip().startswith(("* ", "- ")) and "phase" not in line
             or "passing" in line]
    print(f"convergence: {examples} random sequences (and the explicit examples) on 3–4 laptops, "
          f"{'all held' if done.returncode == 0 else 'A SEQUENCE FAILED'} in {seconds:.1f} s")
    for line in shown:
        print(f"  {line}")
    if done.returncode != 0:
        print("\n".join(line for line in done.stdout.splitlines()
                        if "Error:" in line or "Falsifying" in line or line.startswith("E  ") and (
                            "steps=" in line or "field=" in line or "('" in line or line.strip() in ("E ), (",)))[-4000:])
