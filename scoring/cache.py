"""The on-disk cache of computed results, in formats that cannot run code: JSON for structure and a
numpy ``.npz`` (read with ``allow_pickle=False``) for arrays. A planted or damaged cache file is at
worst ignored; the key covers every input of the computation, so a cache is only ever faster."""

from __future__ import annotations

import json
import zipfile
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import numpy as np

from .errors import InputError
from .files import atomic_path, cache_dir, write_text_atomic  # noqa: F401  (cache_dir: re-exported)

ARRAY = "__ndarray__"
MEMORY_ENTRIES = 16


def _split(value: Any, arrays: dict[str, np.ndarray]) -> Any:
    """JSON-able structure with every array replaced by a reference into ``arrays``."""
    if isinstance(value, np.ndarray):
        name = f"a{len(arrays)}"
        arrays[name] = value
        return {ARRAY: name}
    if isinstance(value, dict):
        return {k: _split(v, arrays) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_split(v, arrays) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


def _join(value: Any, arrays) -> Any:
    if isinstance(value, dict):
        if set(value) == {ARRAY}:
            return arrays[value[ARRAY]]
        return {k: _join(v, arrays) for k, v in value.items()}
    if isinstance(value, list):
        return [_join(v, arrays) for v in value]
    return value


def read(path: Path) -> Any:
    """A cached value, or ``None`` when missing, damaged or not ours."""
    try:
        structure = json.loads(path.with_suffix(".json").read_text("utf-8"))
        npz = path.with_suffix(".npz")
        if npz.exists():
            with np.load(npz, allow_pickle=False) as found:
                arrays = {k: found[k] for k in found.files}
        else:
            arrays = {}
        return _join(structure, arrays)
    except (OSError, ValueError, KeyError, RecursionError, zipfile.BadZipFile, EOFError):
        return None


def write(path: Path, value: Any) -> None:
    """Write arrays first, the JSON last (its presence marks a complete entry); failures only cost speed."""
    arrays: dict[str, np.ndarray] = {}
    structure = _split(value, arrays)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if arrays:
            with atomic_path(path.with_suffix(".npz")) as tmp:
                np.savez(tmp, **arrays)
        write_text_atomic(path.with_suffix(".json"), json.dumps(structure, ensure_ascii=False))
    except (OSError, ValueError, TypeError, InputError):
        pass


@lru_cache(maxsize=MEMORY_ENTRIES)
def _memory(kind: str, key: str) -> list:
    """The in-process box for one recent key: empty, or holding its value. The least recently used keys'
    boxes are dropped, so at most ``MEMORY_ENTRIES`` values stay in memory."""
    return []


def clear_memory() -> None:
    """Forget what this process remembered (benchmarks measuring a cold start)."""
    _memory.cache_clear()


def cached(kind: str, key: str, compute: Callable[[], Any], use_cache: bool = True) -> tuple[Any, bool]:
    """``compute()`` remembered in memory and on disk under ``<cache>/<kind>/<key>.{json,npz}``.
    Returns (value, whether it came from the cache)."""
    if not use_cache:
        return compute(), False
    box = _memory(kind, key)
    if box:
        return box[0], True
    folder = cache_dir()
    path = folder / kind / key if folder is not None else None
    if path is not None:
        value = read(path)
        if value is not None:
            box.append(value)
            return value, True
    value = compute()
    box.append(value)
    if path is not None:
        write(path, value)
    return value, False
