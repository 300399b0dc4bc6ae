"""The scored run card ``lyss score --out`` writes stays the same, byte for byte, on the embedded demo and
the four shared harness reports (each scored with the Plains Cree standards and 1,000 resamples): a
refactoring of the engine must not move a single number, key or reason.

The fields that say how this particular run went are set aside first: the seconds it took, whether
the per-entry statistics came from the cache, the input's path, and which library looked the words up
(the hfst binding, pyhfst, hfst-optimized-lookup: the same analyses; the suite runs again without the
compiled ones, and the digests must not move), and the versions of Python, numpy and sacrebleu it ran with
(a clean install takes the newest numpy of the day). The digests were recorded with
``python tests/test_scored_output_unchanged.py --record`` before the metrics became objects; record
them again only for a change that is meant to alter the output, and say so in the commit.

Python 3.12 made ``sum()`` of floats compensated (Neumaier): a few sums differ from 3.11's in their last bit
(a composite of 0.7210608069015294 for 0.7210608069015293), so each side of that change has its digests,
recorded with that Python.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

import pytest

from helpers import DEMO, ROOT, SHARED, report_paths, shared_file

DIGESTS = ROOT / "tests" / "data" / "scored-output.sha256.json"


def inputs() -> list[Path]:
    return [DEMO, *report_paths()]


def normalised(scored: dict) -> bytes:
    """The scored card as ``write_json_atomic`` writes it, without this run's time, cache use, input path
    and folders (the tests' folders are new each run; CI checks out the project and shared/ elsewhere)."""
    lyss = scored["lyss"]
    lyss["scoring_seconds"] = lyss["entry_statistics_from_cache"] = None
    lyss["input"]["path"] = Path(lyss["input"]["path"]).name
    lyss["tools"] = {name: None for name in lyss["tools"]}
    for plugin in lyss["plugins"]:
        if isinstance(plugin.get("analyser"), dict):
            plugin["analyser"]["lookup"] = plugin["analyser"]["batch_lookup"] = None
    text = json.dumps(scored, ensure_ascii=False, indent=2, allow_nan=False) + "\n"
    for name in ("LYSS_DATA_DIR", "LYSS_CACHE_DIR"):
        if os.environ.get(name):
            text = text.replace(os.environ[name], f"${name}")
    return text.replace(str(SHARED), "$LYSS_SHARED").replace(str(ROOT), "$ROOT").encode()


def digest_of(path: Path, out: Path) -> str:
    from desktop.cli import main
    assert main(["score", str(path), "--lang", "crk", "--out", str(out), "--no-cache"]) == 0
    return hashlib.sha256(normalised(json.loads(out.read_text("utf-8")))).hexdigest()


def sum_kind() -> str:
    """Which ``sum()`` of floats this Python has (see the module's note)."""
    return "python>=3.12" if sys.version_info >= (3, 12) else "python<3.12"


@pytest.mark.parametrize("path", inputs(), ids=lambda p: p.name[:40])
def test_the_scored_run_card_is_byte_identical(path, tmp_path, capsys):
    shared_file("fst/crk-descriptive-analyzer.hfstol")
    recorded = json.loads(DIGESTS.read_text("utf-8"))[sum_kind()]
    assert digest_of(path, tmp_path / "scored.json") == recorded[path.name], path.name


if __name__ == "__main__" and sys.argv[1:] == ["--record"]:
    import tempfile
    folder = Path(tempfile.mkdtemp())
    DIGESTS.parent.mkdir(exist_ok=True)
    found = {p.name: digest_of(p, folder / "scored.json") for p in inputs()}
    kept = json.loads(DIGESTS.read_text("utf-8")) if DIGESTS.is_file() else {}
    DIGESTS.write_text(json.dumps({**kept, sum_kind(): found}, indent=2, sort_keys=True) + "\n", "utf-8",
                       newline="\n")
    print(json.dumps(found, indent=2))
