"""Shared helpers for the benchmarks."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("LYSS_SHARED", ROOT.parent / "shared"))


def timed(fn, *args, **kwargs):
    start = time.perf_counter()
    result = fn(*args, **kwargs)
    return time.perf_counter() - start, result


def cycled_report_entries(n: int) -> list[dict]:
    """n entries cycling the four shared harness reports, with unique ids."""
    entries = []
    for path in sorted((SHARED / "data" / "champollion-reports").glob("*_report.json")):
        entries += json.loads(path.read_text("utf-8"))["entries"]
    if not entries:
        raise SystemExit(f"bench needs {SHARED}/data/champollion-reports")
    out = []
    for i in range(n):
        e = dict(entries[i % len(entries)])
        e["id"] = f"{e['id']}#{i}"
        out.append(e)
    return out
