"""Where ``lyss score`` spends its time on a large run card: each stage's wall time, its CPU time (this
process and its worker processes) and the peak memory reached by its end, for N short entries (every
metric, 1,000 resamples; N from ``LYSS_PROFILE_ENTRIES``, default 300,000).

``python -m bench.scale_profile`` prints the stages; ``python -m bench.scale_profile --functions`` adds the
hundred-odd functions of this process that took the most time (cProfile; worker processes are not seen
by it, their stage's CPU time is)."""

from __future__ import annotations

import cProfile
import io
import os
import pstats
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

from bench.scale_bench import write_corpus
from eval_standards.setup import prepare
from scoring import runcard, runs

N = int(os.environ.get("LYSS_PROFILE_ENTRIES", "300000"))


class Stages:
    """Times between the engine's progress reports (and around loading and writing), wall and CPU."""

    def __init__(self):
        self.rows: list[tuple[str, float, float, tuple[float, float, float]]] = []
        self.name, self.wall, self.cpu = "", time.perf_counter(), _cpu()

    def __call__(self, stage: str, fraction: float = 0.0) -> bool:
        self.end()
        self.name = stage
        return True

    def end(self) -> None:
        wall, cpu = time.perf_counter(), _cpu()
        if self.name:
            self.rows.append((self.name, wall - self.wall, cpu - self.cpu, _memory_mb()))
        self.wall, self.cpu = wall, cpu

    def print(self) -> None:
        total_wall = sum(r[1] for r in self.rows)
        total_cpu = sum(r[2] for r in self.rows)
        print(f"{'stage':<36} {'wall s':>7} {'share':>6} {'CPU s':>7} {'cores':>6}   MB: {'now':>5} {'peak':>5} "
              f"{'workers':>7}")
        for name, wall, cpu, (now, peak, workers) in self.rows:
            print(f"{name:<36} {wall:7.2f} {wall / total_wall:6.0%} {cpu:7.2f} {cpu / max(wall, 1e-9):6.2f}       "
                  f"{now:5.0f} {peak:5.0f} {workers:7.0f}")
        print(f"{'total':<36} {total_wall:7.2f} {'':>6} {total_cpu:7.2f} {total_cpu / total_wall:6.2f}")


def _cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _memory_mb() -> tuple[float, float, float]:
    """This process's resident memory at the stage's end and its peak so far, and the peak of the largest worker
    process so far (a forked worker counts the pages it shares with this process)."""
    with open("/proc/self/statm") as statm:
        now = int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    return (now, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)


def main() -> None:
    functions = "--functions" in sys.argv
    work = Path(tempfile.mkdtemp(prefix="lyss-profile-"))
    try:
        write_corpus(work, N)
        profiler = cProfile.Profile() if functions else None
        if profiler:
            profiler.enable()
        stages = Stages()
        stages("read the run card")
        card = runcard.load(str(work / "run.jsonl"))
        scored = runs.score(card, prepare(card), use_cache=False, progress=stages)
        stages("write the scored card")
        runcard.write_json_atomic(work / "scored.json", scored)
        stages.end()
        if profiler:
            profiler.disable()
        print(f"entries: {N:,}; cores: {os.cpu_count()}; lyss score's stages (the engine's progress reports)")
        stages.print()
        if profiler:
            text = io.StringIO()
            pstats.Stats(profiler, stream=text).sort_stats("tottime").print_stats(40)
            print(text.getvalue())
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
