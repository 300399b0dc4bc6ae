"""Scoring 10,000 entries (all surface, behavioural and compliance metrics, 1,000-resample CIs) against
the ``sacrebleu`` command line computing chrF++ alone with ``--confidence`` on the same text."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.common import cycled_report_entries, timed
from scoring import engine, runcard
from scoring.rubric import load_profile

N = int(os.environ.get("LYSS_BENCH_ENTRIES", "10000"))


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="lyss-bench-"))
    try:
        entries = cycled_report_entries(N)
        card_path = work / "card.json"
        card_path.write_text(json.dumps({"entries": entries}, ensure_ascii=False), "utf-8")
        (work / "hyp.txt").write_text("\n".join(e["predicted"].replace("\n", " ") for e in entries) + "\n", "utf-8")
        (work / "ref.txt").write_text("\n".join(e["expected"].replace("\n", " ") for e in entries) + "\n", "utf-8")
        sacrebleu = shutil.which("sacrebleu", path=str(Path(sys.executable).parent)) or "sacrebleu"
        base_time, proc = timed(subprocess.run, [sacrebleu, str(work / "ref.txt"), "-i", str(work / "hyp.txt"),
                                                 "-m", "chrf", "--chrf-word-order", "2", "--confidence", "-b"],
                                capture_output=True, text=True, check=True)
        os.environ["LYSS_CACHE_DIR"] = str(work / "cache")
        load_time, card = timed(runcard.load, str(card_path))
        first, scored = timed(engine.score_run, card, load_profile("B"))
        again, rescored = timed(engine.score_run, card, load_profile("A"))
        assert rescored["lyss"]["entry_statistics_from_cache"]
        print(f"entries: {N}; cores: {os.cpu_count()}")
        print(f"baseline  sacrebleu CLI chrF++ --confidence: {base_time:.2f} s  (chrF++ {proc.stdout.strip()})")
        print(f"lyss      load run card:                     {load_time:.2f} s")
        print(f"lyss      score (cold cache, profile B):     {first:.2f} s  ratio to baseline {first / base_time:.2f} "
              f"(goal ≤ 0.5)   chrF++ {scored['scores']['chrf_plus_plus']:.2f}")
        print(f"lyss      re-score (warm cache, profile A):  {again:.2f} s  ratio to first run {again / first:.3f} "
              f"(target < 0.10)")
    finally:
        shutil.rmtree(work, ignore_errors=True)
