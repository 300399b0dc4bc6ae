"""A take-out's files (``lyss review take-out``): each table as CSV and as JSONL, a README and a manifest of SHA-256
sums — open formats, readable without LYSS (pandas ``read_csv``/``read_json(lines=True)``, R ``read.csv``) — and the
same files rewritten without a withdrawn speaker: a take-out is a copy of the community's data, and a withdrawal
reaches it while it is where it was written (``Store.complete_withdrawals``). The folder is written beside and
renamed, so a take-out is there whole or not at all."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import shutil
from pathlib import Path

from scoring.errors import FileProblem

MANIFEST = "manifest.json"
README = "README.txt"
FORMAT = "lyss-take-out"


def _jsonl(rows: list[dict]) -> bytes:
    return "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in rows).encode("utf-8")


def _csv(rows: list[dict], columns: list[str]) -> bytes:
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(columns)
    for r in rows:
        writer.writerow(["" if r.get(c) is None else json.dumps(r[c], ensure_ascii=False, sort_keys=True)
                         if isinstance(r.get(c), (dict, list)) else r[c] for c in columns])
    return out.getvalue().encode("utf-8")


def _files(tables: dict[str, list[dict]], columns: dict[str, list[str]]) -> dict[str, bytes]:
    files = {}
    for table, rows in tables.items():
        files[f"{table}.jsonl"] = _jsonl(rows)
        files[f"{table}.csv"] = _csv(rows, columns[table])
    return files


def _listed(files: dict[str, bytes], tables: dict[str, list[dict]]) -> dict[str, dict]:
    return {name: {"sha256": hashlib.sha256(raw).hexdigest(), "bytes": len(raw),
                   "rows": len(tables[name.rsplit(".", 1)[0]])} for name, raw in sorted(files.items())}


def _write_file(path: Path, raw: bytes) -> None:
    with open(path, "wb") as fh:
        fh.write(raw)
        fh.flush()
        os.fsync(fh.fileno())


def write(folder: str | os.PathLike, tables: dict[str, list[dict]], columns: dict[str, list[str]], about: dict,
          readme: str) -> dict:
    """Write a take-out into ``folder`` (new, or empty): every table, the README, the manifest (``about`` and each
    file's SHA-256, size and rows). Returns the manifest."""
    target = Path(folder)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise FileProblem(str(target), "", "exists and is not an empty folder: choose a new folder (nothing written)")
    staging = target.with_name(f".{target.name}.partial")
    shutil.rmtree(staging, ignore_errors=True)
    try:
        staging.mkdir(parents=True, mode=0o700)
        files = _files(tables, columns)
        manifest = {"format": FORMAT, **about, "files": _listed(files, tables)}
        for name, raw in files.items():
            _write_file(staging / name, raw)
        _write_file(staging / README, readme.encode("utf-8"))
        _write_file(staging / MANIFEST, (json.dumps(manifest, ensure_ascii=False, indent=2) + "\n").encode("utf-8"))
        if target.exists():
            target.rmdir()
        os.rename(staging, target)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise FileProblem(str(target), "", f"cannot be written ({exc.strerror}): nothing written") from None
    return manifest


def read(folder: str | os.PathLike) -> tuple[dict, dict[str, list[dict]]]:
    """A take-out's manifest and tables (from the JSONL files), each file checked against its SHA-256."""
    root = Path(folder)
    try:
        manifest = json.loads((root / MANIFEST).read_text("utf-8"))
    except (OSError, ValueError) as exc:
        raise FileProblem(str(root / MANIFEST), "", f"not a take-out's manifest ({exc.__class__.__name__})") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise FileProblem(str(root / MANIFEST), "format", f"not a {FORMAT}")
    tables = {}
    for name, listed in manifest["files"].items():
        raw = (root / name).read_bytes()
        if hashlib.sha256(raw).hexdigest() != listed["sha256"]:
            raise FileProblem(str(root / name), "", "does not match its SHA-256 in the manifest")
        if name.endswith(".jsonl"):
            tables[name[:-len(".jsonl")]] = [json.loads(line) for line in raw.decode("utf-8").splitlines() if line]
    return manifest, tables


def scrub(folder: str | os.PathLike, speakers: set[str]) -> bool:
    """Rewrite a take-out without these speakers' rows (their record, sequences, answers and history), its manifest
    with them. False when the folder is not there (or not a take-out any more): nothing to rewrite here."""
    root = Path(folder)
    try:
        manifest, tables = read(root)
    except (OSError, FileProblem):
        return False
    held = set(manifest.get("speakers", [])) & speakers
    if not held:
        return True
    columns = {}
    for table in tables:
        with open(root / f"{table}.csv", encoding="utf-8", newline="") as fh:
            columns[table] = next(csv.reader(fh))
    tables = {t: [r for r in rows if r.get("speaker_id") not in held and not (t == "speakers" and r.get("id") in held)]
              for t, rows in tables.items()}
    files = _files(tables, columns)
    for name, raw in files.items():
        partial = root / f".{name}.partial"
        _write_file(partial, raw)
        os.replace(partial, root / name)
    manifest.update(files=_listed(files, tables), speakers=sorted(set(manifest.get("speakers", [])) - held))
    partial = root / f".{MANIFEST}.partial"
    _write_file(partial, (json.dumps(manifest, ensure_ascii=False, indent=2) + "\n").encode("utf-8"))
    os.replace(partial, root / MANIFEST)
    return True
