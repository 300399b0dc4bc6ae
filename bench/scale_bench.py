"""``lyss score`` on 300,000 and 1,000,000 short entries (every surface, behavioural and compliance metric
with 1,000-resample harness-exact intervals), against the ``sacrebleu`` command line computing chrF++ alone
on the same text, measured one after the other in the same run: wall time and peak memory (RSS of the
largest process), both as ratios. ``LYSS_BENCH_SCALE_ENTRIES`` (comma-separated) measures other sizes.
Where the time goes: ``python -m bench.scale_profile``."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SIZES = [int(n) for n in os.environ.get("LYSS_BENCH_SCALE_ENTRIES", "300000,1000000").split(",")]
GOALS = {300_000: 0.4, 1_000_000: 0.5}  # time ratio to the sacrebleu command (issue 71); peak ≤ 1 GB
PEAK_GOAL_MB = 1000
MEASURE = ("import resource, subprocess, sys, time; t = time.perf_counter(); "
           "code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode; "
           "print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, code)")


def measure(command: list[str], stdin=None) -> tuple[float, float]:
    """(seconds, peak RSS in MB) of one command, in a fresh process of its own."""
    out = subprocess.run([sys.executable, "-c", MEASURE, *command], capture_output=True, text=True, check=True,
                         stdin=stdin).stdout.split()
    if out[2] != "0":
        raise SystemExit(f"{command[0]} failed")
    return float(out[0]), float(out[1]) / 1024


def write_corpus(folder: Path, n: int) -> None:
    """``run.jsonl`` (n entries of two to six common words, a third of them translated exactly) and the same
    outputs and references as ``hyp.txt`` and ``ref.txt``, one segment a line (what sacrebleu reads)."""
    rng = random.Random(3)
    words = "the dog cat runs sleeps house water tree red big small eats sees".split()
    with (folder / "run.jsonl").open("w") as card, (folder / "hyp.txt").open("w") as hyp, \
            (folder / "ref.txt").open("w") as ref:
        for i in range(n):
            r = " ".join(rng.choice(words) for _ in range(rng.randint(2, 6)))
            h = r if i % 3 == 0 else " ".join(rng.choice(words) for _ in range(rng.randint(2, 6)))
            card.write(json.dumps({"id": i, "source": r, "reference": r, "prediction": h}) + "\n")
            hyp.write(h + "\n")
            ref.write(r + "\n")


def measure_size(n: int) -> None:
    """One size: sacrebleu's command, then ``lyss score``, each alone; their ratios and the goals."""
    work = Path(tempfile.mkdtemp(prefix="lyss-scale-"))
    try:
        write_corpus(work, n)
        bin_dir = Path(sys.executable).parent
        sacrebleu = shutil.which("sacrebleu", path=str(bin_dir)) or "sacrebleu"
        lyss = shutil.which("lyss", path=str(bin_dir)) or "lyss"
        with (work / "hyp.txt").open() as stdin:
            base_t, base_m = measure([sacrebleu, str(work / "ref.txt"), "-m", "chrf", "--chrf-word-order", "2", "-b"],
                                     stdin=stdin)
        env_cache = os.environ.get("LYSS_CACHE_DIR")
        os.environ["LYSS_CACHE_DIR"] = "off"
        try:
            ours_t, ours_m = measure([lyss, "score", str(work / "run.jsonl"), "--out", str(work / "scored.json")])
        finally:
            if env_cache is None:
                os.environ.pop("LYSS_CACHE_DIR")
            else:
                os.environ["LYSS_CACHE_DIR"] = env_cache
        scored = json.loads((work / "scored.json").read_text("utf-8"))["scores"]
        goal = GOALS.get(n)
        print(f"entries: {n:,}; cores: {os.cpu_count()}")
        print(f"  baseline  sacrebleu CLI chrF++ (no intervals):   {base_t:7.1f} s, peak {base_m:7.0f} MB")
        print(f"  lyss      score, every metric, 1,000 resamples:  {ours_t:7.1f} s, peak {ours_m:7.0f} MB")
        print(f"  ratios to baseline: time {ours_t / base_t:.2f}" + (f" (goal ≤ {goal})" if goal else "") +
              f", memory {ours_m / base_m:.2f}; peak {ours_m / 1000:.2f} GB (goal ≤ {PEAK_GOAL_MB / 1000:.1f} GB)")
        print(f"  chrF++ {scored['chrf_plus_plus']:.2f} "
              f"[{scored['confidence_intervals']['chrf_plus_plus']['ci_lower']:.2f}, "
              f"{scored['confidence_intervals']['chrf_plus_plus']['ci_upper']:.2f}]")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main() -> None:
    for n in SIZES:
        measure_size(n)
