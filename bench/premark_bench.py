"""Speakers' minutes (issue 35): the shared ESA annotations of WMT23 en-de replayed with and without the
reference's pre-marks (``lyss study replay-esa``): the pre-marks' precision and recall against the words the
annotators marked, the keys per item on the marking screen (without pre-marks: the baseline, measured in the
same run), the speaker-hours; and the outputs a campaign over every system rates once (one rating per distinct
output) against every output."""

from __future__ import annotations

import unicodedata

from bench.common import SHARED, timed
from review.study.experiments import replay


def main() -> None:
    esa = SHARED / "data" / "wmt23-en-de-esa" / "240315rc5ESA.scores.csv"
    wmt = SHARED / "data" / "wmt23-en-de"
    if not esa.exists() or not wmt.exists():
        print(f"  the ESA export or the WMT23 texts are not in {SHARED}/data: skipped")
        return
    seconds, r = timed(replay.replay_esa, str(esa), str(wmt))
    print(f"{r['items']} ESA items replayed, pre-marks from the reference ({r['match']}):")
    print(f"  precision {r['precision']:.3f} ({r['premarked_words']} words pre-marked), recall {r['recall']:.3f} "
          f"({r['annotated_words']} words annotated)")
    print(f"  baseline  keys per item without pre-marks: {r['keys_per_item_without']:.2f}")
    print(f"  lyss      keys per item with pre-marks:    {r['keys_per_item_with']:.2f}   ratio "
          f"{r['keys_per_item_with'] / r['keys_per_item_without']:.2f} (below 1 saves keys)   ({seconds:.1f} s)")
    print(f"  speaker-hours without pre-marks: {r['hours_without']}; with: {r['hours_with_reason']}")
    sources = (wmt / "sources" / "en-de.txt").read_text("utf-8").splitlines()
    shown = lambda text: " ".join(unicodedata.normalize("NFC", text).split())  # noqa: E731
    outputs, distinct = 0, set()
    for path in sorted((wmt / "system-outputs" / "en-de").glob("*.txt")):
        if path.stem.startswith("ref"):
            continue
        for source, output in zip(sources, path.read_text("utf-8").splitlines()):
            outputs += 1
            distinct.add((shown(source), shown(output)))
    print(f"one rating per distinct output: {len(distinct)} items to rate where every output is {outputs} "
          f"(baseline); ratio {len(distinct) / outputs:.3f}")
