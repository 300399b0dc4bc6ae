"""``lyss score`` on 1,000,000 short entries (every surface, behavioural and compliance metric with
1,000-resample harness-exact intervals), against the ``sacrebleu`` command line computing chrF++ alone
on the same text: wall time and peak memory (RSS of the largest process), both as ratios."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

N = int(os.environ.get("LYSS_BENCH_SCALE_ENTRIES", "1000000"))
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


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="lyss-scale-"))
    try:
        rng = random.Random(3)
        words = "the dog cat runs sleeps house water tree red big small eats sees".split()
        card, hyp, ref = (work / "run.jsonl").open("w"), (work / "hyp.txt").open("w"), (work / "ref.txt").open("w")
        for i in range(N):
            r = " ".join(rng.choice(words) for _ in range(rng.randint(2, 6)))
            h = r if i % 3 == 0 else " ".join(rng.choice(words) for _ in range(rng.randint(2, 6)))
            card.write(json.dumps({"id": i, "source": r, "reference": r, "prediction": h}) + "\n")
            hyp.write(h + "\n")
            ref.write(r + "\n")
        for fh in (card, hyp, ref):
            fh.close()
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
        print(f"entries: {N:,}; cores: {os.cpu_count()}")
        print(f"baseline  sacrebleu CLI chrF++ (no intervals):   {base_t:7.1f} s, peak {base_m:7.0f} MB")
        print(f"lyss      score, every metric, 1,000 resamples:  {ours_t:7.1f} s, peak {ours_m:7.0f} MB   "
              f"ratios to baseline: time {ours_t / base_t:.2f} (goal ≤ 1.0), memory {ours_m / base_m:.2f}; "
              f"peak {ours_m / 1000:.2f} GB (goal ≤ 1.5 GB at 1,000,000 entries)")
        print(f"          chrF++ {scored['chrf_plus_plus']:.2f} "
              f"[{scored['confidence_intervals']['chrf_plus_plus']['ci_lower']:.2f}, "
              f"{scored['confidence_intervals']['chrf_plus_plus']['ci_upper']:.2f}]")
    finally:
        shutil.rmtree(work, ignore_errors=True)
