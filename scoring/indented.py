"""``json.dumps(value, ensure_ascii=False, indent=2, allow_nan=False)``, byte for byte, with json's C
encoder doing most of the work.

Python's C encoder does not indent (``indent=`` falls back to the pure-Python encoder, which writes a
scored entry token by token). But a container that holds only scalars is, indented, exactly its compact
encoding with the item separator ``",\\n" + indentation`` — so each run of scalars is encoded by a C
encoder made for its depth, and only the containers that hold containers are walked here. A scored
entry takes about ten C calls instead of a few hundred Python steps.
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring
from typing import Any, Callable

try:
    from json.encoder import c_make_encoder
except ImportError:  # a Python without json's C accelerator: the standard encoder, slower, same bytes
    c_make_encoder = None

SCALARS = frozenset({str, int, float, bool, type(None)})


class IndentedJSON:
    """Text of values as ``json.dumps(value, ensure_ascii=False, indent=2, allow_nan=False,
    default=default)`` gives it, at any depth (the text of a value nested ``depth`` levels in a larger
    document: its lines indented accordingly, its first line not)."""

    def __init__(self, default: Callable[[Any], Any] | None = None):
        self.default = default
        self._encoders: dict[int, Callable] = {}
        self._pads = ["\n"]
        self._open: set[int] = set()  # the containers being written (a container inside itself is refused)

    def text(self, value: Any, depth: int = 0) -> str:
        kind = type(value)
        if c_make_encoder is None:
            return self._standard(value, depth)
        if kind is dict or kind is list or kind is tuple:
            if not value:
                return "{}" if kind is dict else "[]"
            if id(value) in self._open:
                raise ValueError("Circular reference detected")
            self._open.add(id(value))
            try:
                return self._dict(value, depth) if kind is dict else self._list(value, depth)
            finally:
                self._open.discard(id(value))
        if kind in SCALARS:
            return self._flat([value], depth)[1:-1]
        return self._standard(value, depth)  # what json meets rarely: subclasses, what default= turns into JSON

    def _dict(self, value: dict, depth: int) -> str:
        inner = self._pad(depth + 1)
        if all(type(v) in SCALARS for v in value.values()):
            return "{" + inner + self._flat(value, depth + 1)[1:-1] + self._pad(depth) + "}"
        if not all(type(k) is str for k in value):
            return self._standard(value, depth)
        parts, run = [], {}
        for key, item in value.items():
            if type(item) in SCALARS:
                run[key] = item
                continue
            if run:
                parts.append(self._flat(run, depth + 1)[1:-1])
                run = {}
            parts.append(encode_basestring(key) + ": " + self.text(item, depth + 1))
        if run:
            parts.append(self._flat(run, depth + 1)[1:-1])
        return "{" + inner + ("," + inner).join(parts) + self._pad(depth) + "}"

    def _list(self, value: list | tuple, depth: int) -> str:
        inner = self._pad(depth + 1)
        if all(type(v) in SCALARS for v in value):
            return "[" + inner + self._flat(value, depth + 1)[1:-1] + self._pad(depth) + "]"
        return "[" + inner + ("," + inner).join([self.text(v, depth + 1) for v in value]) + self._pad(depth) + "]"

    def _flat(self, value: Any, depth: int) -> str:
        """The compact encoding of a container of scalars, its items separated as at ``depth``."""
        encode = self._encoders.get(depth)
        if encode is None:
            encode = self._encoders[depth] = c_make_encoder(None, self._refuse, encode_basestring, None, ": ",
                                                            "," + self._pad(depth), False, False, False)
        return "".join(encode(value, 0))

    def _pad(self, depth: int) -> str:
        while len(self._pads) <= depth:
            self._pads.append(self._pads[-1] + "  ")
        return self._pads[depth]

    @staticmethod
    def _refuse(value: Any) -> Any:  # never reached: only scalars are encoded flat
        raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")

    def _standard(self, value: Any, depth: int) -> str:
        text = json.dumps(value, ensure_ascii=False, indent=2, allow_nan=False, default=self.default)
        return text.replace("\n", self._pad(depth)) if depth else text
