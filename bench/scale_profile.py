"""Where ``lyss score`` spends its time on a large run card: each stage's wall time, its CPU time (this
process and its worker processes) and the peak memory reached by its end, for N short entries (every
metric, 1,000 resamples; N from ``LYSS_PROFILE_ENTRIES``, default 300,000).

``python -m bench.scale_profile`` prints the stages; ``python -m bench.scale_profile --functions`` adds the
hundred-odd functions of this process that took the most time (cProfile; worker processes are not seen
by it, their stage's CPU time is); ``--parts`` adds what each part of an entry's work costs, in one process, in
microseconds an entry (50,000 of the same entries: reading, sacrebleu's statistics, each metric's record,
the records' columns, the run's consistency, an entry's written dict and its encoding)."""

from __future__ import annotations

import cProfile
import io
import json
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
from scoring import behaviour, entry_stats, metrics, runcard, runs, surface
from scoring.collector import fewer_collections
from scoring.conventions import infer_conventions
from scoring.rows import RowsBuilder

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


PART_ENTRIES = 50_000


def _parts(folder: Path) -> list[tuple[str, float]]:
    """(part, µs an entry) of the first ``PART_ENTRIES`` entries, each part timed alone in this process."""
    folder = folder / "parts"
    folder.mkdir()
    write_corpus(folder, PART_ENTRIES)
    card = runcard.load(str(folder / "run.jsonl"))
    n, entries = len(card.entries), card.entries
    conv = infer_conventions([e.reference for e in entries], card.target_language)
    context = metrics.EntryContext(conv, card.glossary, None)
    found: list[tuple[str, float]] = []

    def timed(name: str, work):
        started = time.perf_counter()
        result = work()
        found.append((name, (time.perf_counter() - started) / n * 1e6))
        return result

    with fewer_collections():
        timed("read (JSON Lines → entries)", lambda: runcard.load(str(folder / "run.jsonl")))
        predicted, references = [e.predicted for e in entries], [e.reference for e in entries]
        for name in entry_stats.STATISTICS:
            timed(f"statistics: {name}", lambda: surface.batch_statistics(predicted, references, (name,)))
        records = [{} for _ in entries]
        recorded = metrics.recorded()
        spent = [0.0] * len(recorded)
        clock = time.perf_counter
        for record, e in zip(records, entries):  # entry by entry, as the engine does (an entry's texts remembered)
            for k, metric in enumerate(recorded):
                started = clock()
                record.update(metric.record(e, context))
                spent[k] += clock() - started
        found.extend((f"record: {metric.name}", spent[k] / n * 1e6) for k, metric in enumerate(recorded))
        builder = RowsBuilder(n)
        timed("records' columns", lambda: [builder.set(i, r) for i, r in enumerate(records)])
        timed("consistency (the run's)", lambda: behaviour.consistency([e.source for e in entries], predicted,
                                                                        card.glossary))
        scored = runs.score(card, prepare(card), use_cache=False, n_bootstrap=10)
        written = timed("an entry's written dict", lambda: list(scored["entries"]))
        encode = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode
        timed("its encoding (JSON)", lambda: [encode(d) for d in written])
    return found


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
        if "--parts" in sys.argv:
            found = _parts(work)
            print(f"\nan entry's parts, one process ({PART_ENTRIES:,} entries), µs an entry")
            for name, micro in found:
                print(f"  {name:<40} {micro:7.1f}")
            print(f"  {'all of them':<40} {sum(m for _, m in found):7.1f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
