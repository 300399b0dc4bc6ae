"""A weighted optimized-lookup copy of an unweighted one, written byte by byte (no HFST library needed): the
same states and transitions, each transition given a weight from a rule so that readings differ in weight.

Unweighted (HFST_OL) transitions are 8 bytes (input, output, target); weighted (HFST_OLW) ones 12 (a float
after the target). A final index entry's target field holds its weight in a weighted file (0.0 here)."""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np

from eval_standards import hfstol


def weighted_copy(source: Path, target: Path, weight_of=lambda j: 0.25 * (j % 5)) -> Path:
    data = source.read_bytes()
    found = hfstol.layout(data)
    assert not found.weighted
    start = 0
    header = b""
    if data.startswith(b"HFST\0"):
        length = struct.unpack_from("<H", data, 5)[0]
        props = data[8:8 + length].replace(b"HFST_OL\0", b"HFST_OLW\0")
        header = b"HFST\0" + struct.pack("<H", len(props)) + b"\0" + props
        start = 8 + length
    ol = list(hfstol.OL_HEADER.unpack_from(data, start))
    ol[6] = 1  # weighted
    alphabet = data[start + hfstol.OL_HEADER.size:found.tables_at]
    index = np.frombuffer(data, dtype=np.dtype([("i", "<u2"), ("t", "<u4")]), count=found.index_entries,
                          offset=found.tables_at).copy()
    final = (index["i"] == hfstol.NO_SYMBOL) & (index["t"] == 1)
    index["t"][final] = 0  # weight 0.0 as the bits of a float
    trans = np.frombuffer(data, dtype=np.dtype([("i", "<u2"), ("o", "<u2"), ("t", "<u4")]),
                          count=found.transitions, offset=found.tables_at + found.index_entries * 6)
    out = np.zeros(found.transitions, dtype=np.dtype([("i", "<u2"), ("o", "<u2"), ("t", "<u4"), ("w", "<f4")]))
    out["i"], out["o"], out["t"] = trans["i"], trans["o"], trans["t"]
    live = trans["i"] != hfstol.NO_SYMBOL
    out["w"][live] = [weight_of(j) for j in np.flatnonzero(live)]
    target.write_bytes(header + hfstol.OL_HEADER.pack(*ol) + alphabet + index.tobytes() + out.tobytes())
    return target
