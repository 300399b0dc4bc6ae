"""A hub's shared folder with many laptops' bundles (default 200 laptops × 500 answers; set
``LYSS_BENCH_SYNC_LAPTOPS`` and ``LYSS_BENCH_SYNC_ANSWERS`` for a smaller run).

Each laptop is a real review database: enrolled by the coordinator, given the campaign by sync, its
speakers' answers recorded through ``review.rating.recording`` and published by ``lyss review sync``. Then, on
the coordinator's laptop, each in a fresh process (wall time and peak memory):

1. the first ``lyss review sync`` (every bundle merged), against the baseline of the same bundles merged
   one by one with ``lyss review merge`` in one process (``bundles.merge`` per file, as by USB);
2. a second sync after one laptop changed one answer (one bundle read, the others a ``stat``), on the
   database already open as the app's worker holds it, against the baseline of merging that one bundle
   by hand with ``lyss review merge``; then the same from the command line (a new process, which opens
   and checks the database first), and a sync where nothing changed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from bench.common import ROOT
from desktop.cli import main as lyss_main
from review import records
from review.exchange import sync
from review.rating import campaigns, sequence
from review.records import catalogue, laptops
from review.store import Store

LAPTOPS = int(os.environ.get("LYSS_BENCH_SYNC_LAPTOPS", "200"))
ANSWERS = int(os.environ.get("LYSS_BENCH_SYNC_ANSWERS", "500"))
DEMO = ROOT / "examples" / "demo-crk.runcard.json"
MEASURE = ("import resource, subprocess, sys, time; t = time.perf_counter(); "
           "p = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
           "print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, p.returncode); "
           "print(p.stdout[-2000:] + p.stderr[-2000:], file=sys.stderr)")
# this process's own peak (VmHWM, in kB): getrusage(RUSAGE_SELF) would also count the peak of the bench
# process it was forked from (Linux carries ru_maxrss across exec)
INPROCESS = ("import re, sys, time; from review.exchange import sync; from review.store import Store; "
             "s = Store(sys.argv[1], create=False, backup=False); t = time.perf_counter(); sync.sync(s, sys.argv[2]); "
             "print(time.perf_counter() - t, re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1))")
# the baseline merges into a copy of the hub, which it makes the laptop first (a copy merges nothing as the laptop)
MERGE_ALL = ("import sys; from pathlib import Path; from review.exchange import bundles; from review.store import Store; "
             "s = Store(sys.argv[1]); s.adopt(); [bundles.merge(s, str(p)) for p in sorted(Path(sys.argv[2]).glob('*.lyssbundle'))"
             " if p.name != sys.argv[3]]")


def in_process(db: Path, folder: Path) -> tuple[float, float]:
    """(seconds, peak RSS in MB) of one sync on a database already open, as the app's worker runs it."""
    done = subprocess.run([sys.executable, "-c", INPROCESS, str(db), str(folder)], capture_output=True, text=True,
                          check=True)
    seconds, rss = done.stdout.split()
    return float(seconds), float(rss) / 1024


def measure(command: list[str]) -> tuple[float, float]:
    """(seconds, peak RSS in MB) of one command in a fresh process."""
    done = subprocess.run([sys.executable, "-c", MEASURE, *command], capture_output=True, text=True)
    seconds, rss, code = done.stdout.split()
    if code not in ("0", "1"):
        raise SystemExit(f"{command[:3]} failed: {done.stderr}")
    return float(seconds), float(rss) / 1024


def _laptop(args: tuple[str, str, str, int, int]) -> str:
    """One field laptop: its database, the campaign by sync, ANSWERS answers, its bundle published."""

    root, folder, hub_code, k, answers = args
    lap = Store(Path(root) / f"laptop{k:03d}.sqlite", backup=False)
    laptops.trust(lap, hub_code)
    setup = Path(root) / f"setup{k:03d}"  # the campaign alone, as a new laptop receives it first
    setup.mkdir()
    shutil.copy(Path(folder) / f"{hub_code}.lyssbundle", setup)
    sync.sync(lap, setup)
    shutil.rmtree(setup)
    cid = catalogue.find_campaign(lap, None)
    n = s = 0
    while n < answers:
        speaker = records.speakers.add_speaker(lap, f"Speaker {k}-{s}", "LYSS study")
        sequence.join(lap, cid, speaker)
        s += 1
        while n < answers:
            position = records.sequences.next_position(lap, cid, speaker)
            if position is None:
                break
            records.answers.answer(lap, cid, speaker, position, {"adequacy": 1 + (n + k) % 5, "fluency": 1 + n % 5})
            n += 1
    sync.publish(lap, folder)
    lap.close()
    return str(Path(root) / f"laptop{k:03d}.sqlite")


def build(root: Path) -> tuple[Path, Path, list[str]]:

    scored = root / "scored.json"
    with open(os.devnull, "w") as quiet:
        old, sys.stdout = sys.stdout, quiet
        try:
            lyss_main(["score", str(DEMO), "--out", str(scored), "--bootstrap", "10"])
        finally:
            sys.stdout = old
    folder = root / "shared"
    folder.mkdir()
    hub = Store(root / "hub.sqlite", backup=False)
    campaigns.create_campaign(hub, catalogue.load_scored(str(scored)), "A", items=42)
    codes = []
    for k in range(LAPTOPS):  # each laptop's key made here so that the coordinator can enrol it first
        lap = Store(root / f"laptop{k:03d}.sqlite", backup=False)
        codes.append(lap.device_id)
        laptops.enrol(hub, lap.device_id)
        lap.close()
    sync.sync(hub, folder)
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        paths = list(pool.map(_laptop, [(str(root), str(folder), hub.device_id, k, ANSWERS) for k in range(LAPTOPS)]))
    hub.close()
    return root / "hub.sqlite", folder, paths


def main() -> None:
    root = Path(tempfile.mkdtemp(prefix="lyss-sync-"))
    try:
        hub, folder, paths = build(root)
        if os.environ.get("LYSS_BENCH_SYNC_BUILD_ONLY"):
            print(root)
            return
        bundle_mb = sum(p.stat().st_size for p in folder.glob("*.lyssbundle")) / 2**20
        print(f"{LAPTOPS} laptops × {ANSWERS} answers in {folder.name}/ ({bundle_mb:.1f} MB of bundles)")
        lyss = shutil.which("lyss", path=str(Path(sys.executable).parent)) or "lyss"
        baseline_db = root / "baseline.sqlite"
        shutil.copy(hub, baseline_db)
        own = f"{_code(hub)}.lyssbundle"
        base_t, base_m = measure([sys.executable, "-c", MERGE_ALL, str(baseline_db), str(folder), own])
        first_t, first_m = measure([lyss, "review", "sync", str(folder), "--db", str(hub)])
        print(f"  first sync:  {first_t:6.2f} s, peak {first_m:5.0f} MB   (one by one with merge: {base_t:6.2f} s, "
              f"{base_m:.0f} MB; ratio {first_t / base_t:.2f})   target ≤ 30 s")
        _change_one_answer(paths[0], folder)
        one = folder / f"{_code(Path(paths[0]))}.lyssbundle"
        base2_t, _ = measure([lyss, "review", "merge", str(one), "--db", str(baseline_db)])
        app_t, app_m = in_process(hub, folder)
        print(f"  second sync, one bundle changed, as the app runs it (database open): {app_t:6.2f} s, peak "
              f"{app_m:5.0f} MB   (that bundle merged by hand with lyss review merge: {base2_t:6.2f} s; ratio "
              f"{app_t / base2_t:.2f})   target ≤ 1 s")
        _change_one_answer(paths[1], folder)
        second_t, second_m = measure([lyss, "review", "sync", str(folder), "--db", str(hub)])
        print(f"  the same from the command line (a new process opens and checks the database): {second_t:6.2f} s, "
              f"peak {second_m:5.0f} MB")
        nothing_t, _ = in_process(hub, folder)
        print(f"  a sync where nothing changed (database open): {nothing_t:6.3f} s")
    finally:
        if not os.environ.get("LYSS_BENCH_SYNC_BUILD_ONLY"):
            shutil.rmtree(root, ignore_errors=True)


def _code(db: Path) -> str:
    with Store(db, create=False, backup=False) as s:
        return s.device_id


def _change_one_answer(db: str, folder: Path) -> None:
    with Store(db, create=False, backup=False) as lap:
        r = lap.one("select campaign_id, speaker_id, position from ratings where signer = ? order by updated_at "
                    "limit 1", [lap.public_key])
        records.answers.answer(lap, r["campaign_id"], r["speaker_id"], r["position"], {"adequacy": 5, "fluency": 5})
        sync.publish(lap, folder)


if __name__ == "__main__":
    main()
    print(json.dumps({"laptops": LAPTOPS, "answers": ANSWERS}))
