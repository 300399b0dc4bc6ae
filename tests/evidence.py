"""The seeded results of the long Monte-Carlo checks, kept with a digest of the code and data that made them.

A check of a decision (say: "at least as good" is claimed in at most α + 2 SE of 200 orders) has two halves:

- ``make evidence`` (``LYSS_EVIDENCE=1``) computes it at its full size, asserts the claim on what it computed and
  keeps the result in ``tests/evidence/<name>.json`` with the digest. The orders are seeded, so the same code and
  data give the same numbers: a record whose digest matches and whose numbers differ fails.
- ``make test`` computes it at a quick size (the same code path, a few orders) and asserts the claim on the kept
  result, after checking that the kept result was made by the code and data it runs now: a change to the maths
  (or to the shared data) fails here, naming the check, until ``make evidence`` has run again.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Callable

from helpers import SHARED
from sizes import EVIDENCE

ROOT = Path(__file__).resolve().parent.parent
FOLDER = Path(__file__).resolve().parent / "evidence"
# what the decisions' figures are computed by: the questions and sequences, the experiments that replay them and the
# reader of the shared ratings
DECISION_CODE = ("review/study/maths", "review/study/experiments", "review/study/research_files.py")


def _files(path: Path) -> list[Path]:
    if not path.is_dir():
        return [path]
    return sorted(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def digest(code: tuple[str, ...] = DECISION_CODE, data: tuple[Path, ...] = ()) -> str:
    """SHA-256 over the bytes of every file of ``code`` (paths in the repository) and ``data`` (folders or files),
    each under its name, line ends as on Linux (a Windows checkout may turn them into CR LF)."""
    h = hashlib.sha256()
    for root, base in [(ROOT / c, ROOT) for c in code] + [(Path(d), Path(d).parent) for d in data]:
        for f in _files(root):
            name = "/".join(f.relative_to(base).parts)
            h.update(name.encode() + b"\0" + f.read_bytes().replace(b"\r\n", b"\n") + b"\0")
    return h.hexdigest()


def kept(name: str) -> dict | None:
    path = FOLDER / f"{name}.json"
    return json.loads(path.read_text("utf-8")) if path.exists() else None


def check(name: str, compute: Callable[[int], object], claim: Callable[[object], None], *, orders: tuple[int, int],
          data: tuple[Path, ...] = (), code: tuple[str, ...] = DECISION_CODE, seeded: bool = True) -> object:
    """``compute(n)`` runs the check over ``n`` seeded orders; ``orders`` is (full size, quick size). ``seeded``
    False: the figures may differ between runs of the same code (campaigns through a real store, whose row ids are
    random): the claim is asserted on each run, the kept figures are those of the first run of this code.

    Under ``make evidence``: computed at full size, ``claim`` asserted on it, kept (or compared with the kept result of
    the same digest). Under ``make test``: computed at the quick size (it must give a result of the kept one's
    shape), and ``claim`` asserted on the kept result, which must carry the current digest. Returns the result the
    claim was asserted on."""
    full, quick = orders
    now = digest(code, data)
    record = kept(name)
    if EVIDENCE:
        result = portable(json.loads(json.dumps(compute(full))))  # as JSON keeps it (tuples as lists)
        claim(result)
        if record is None or record["digest"] != now:
            FOLDER.mkdir(exist_ok=True)
            (FOLDER / f"{name}.json").write_text(json.dumps({"digest": now, "orders": full, "result": result},
                                                            indent=1, sort_keys=True) + "\n", "utf-8")
        elif seeded:
            assert record["result"] == result, (f"{name}: the same code and data gave other figures than kept "
                                                f"(seeded): {record['result']} then {result}")
        return result
    assert record is not None, f"{name}: no kept evidence (tests/evidence/{name}.json): run make evidence"
    assert record["digest"] == now, (f"{name}: the code or data it checks changed since its evidence was kept: "
                                     f"run make evidence (and commit tests/evidence/{name}.json)")
    assert record["orders"] == full, (f"{name}: kept for {record['orders']} orders, the check asks {full}: "
                                      f"run make evidence")
    smoke = portable(json.loads(json.dumps(compute(quick))))
    assert shape(smoke) == shape(record["result"]), (name, smoke)
    claim(record["result"])
    return record["result"]


def portable(value: object) -> object:
    """``value`` with every path into the shared folder written from ``$LYSS_SHARED``: the record is the same on
    a machine whose shared folder lies elsewhere (CI checks out under another root)."""
    if isinstance(value, dict):
        return {k: portable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [portable(v) for v in value]
    if isinstance(value, str):
        for root in {str(SHARED), str(SHARED.resolve())}:
            if value == root or value.startswith(root + "/"):
                return "$LYSS_SHARED" + value[len(root):]
    return value


def shape(value: object) -> object:
    """The keys and kinds of a result, not its numbers (a share and a count are both numbers; None is a number
    not yet known; a list's shape is its first element's)."""
    if isinstance(value, dict):
        return {k: shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [shape(value[0])] if value else []
    if value is None or isinstance(value, (int, float)) and not isinstance(value, bool):
        return "number"
    return type(value).__name__
