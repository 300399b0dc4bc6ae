"""Reading and writing run cards.

Three input shapes are auto-detected and validated, all into one :class:`RunCard`:

1. a run card JSON (Scoring Specification §9 plus per-entry results),
2. the reference harness's ``*_report.json`` (``run_id, config, overall, entries``),
3. plain parallel text: TSV or JSONL with source/reference/prediction columns, or three text files.

Every problem raises :class:`~scoring.errors.InputError` naming the file, the place and the problem.
"""

from __future__ import annotations

import math
import operator
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterator

from .collector import fewer_collections
from .errors import BadValue, FileProblem
from .files import json_lines, parse_json, read_json, read_text, refuse_overwriting_inputs, write_json_atomic  # noqa: F401  (re-exported)

SOURCE_KEYS = ("source", "src")
REFERENCE_KEYS = ("reference", "expected", "ref", "target")
PREDICTION_KEYS = ("predicted", "prediction", "hypothesis", "hyp", "output")
ID_KEYS = ("id", "entry_id")
TOKEN_KEYS = ("prompt_tokens", "completion_tokens", "reasoning_tokens", "cached_tokens")
_TOKEN_FIELDS = frozenset(TOKEN_KEYS + ("usage",))  # where an entry's token counts are read from

# what most entries have of these, shared by all of them (a million entries, a million empty lists and dicts less)
_NOTHING: tuple = ()
_NO_FIELDS = MappingProxyType({})
_MORE_FIELDS = ("raw_predicted", "difficulty", "provenance", "domain", "variants", "morphological_analysis",
                "latency_s", "cost_usd", "tokens", "error", "extra")
_DEFAULTS = (None, None, None, None, _NOTHING, None, None, None, _NO_FIELDS, None, _NO_FIELDS)


class Entry:
    """One translated sentence with what the run recorded about it: its id and three texts, and the fields few
    entries have (kept together, in an object of their own, only when one of them is set: a million entries are
    held while a large run is scored, each 80 bytes besides its texts)."""

    __slots__ = ("id", "source", "reference", "predicted", "_more")
    FIELDS = ("id", "source", "reference", "predicted", *_MORE_FIELDS)

    def __init__(self, id: str, source: str, reference: str, predicted: str, raw_predicted: str | None = None,
                 difficulty: str | None = None, provenance: str | None = None, domain: str | None = None,
                 variants: list[str] | tuple = (), morphological_analysis: Any = None, latency_s: float | None = None,
                 cost_usd: float | None = None, tokens: dict[str, int] | None = None, error: str | None = None,
                 extra: dict[str, Any] | None = None):
        self.id, self.source, self.reference, self.predicted = id, source, reference, predicted
        if (raw_predicted is None and difficulty is None and provenance is None and domain is None and not variants
                and morphological_analysis is None and latency_s is None and cost_usd is None and not tokens
                and error is None and not extra):
            self._more = None
        else:
            self._more = _More(raw_predicted, difficulty, provenance, domain, variants if variants else _NOTHING,
                               morphological_analysis, latency_s, cost_usd, tokens if tokens else _NO_FIELDS, error,
                               extra if extra else _NO_FIELDS)

    @classmethod
    def of_texts(cls, id: str, source: str, reference: str, predicted: str) -> "Entry":
        """An entry of an id and its three texts alone (built at half the cost: a million of them are read)."""
        entry = object.__new__(cls)
        entry.id, entry.source, entry.reference, entry.predicted, entry._more = id, source, reference, predicted, None
        return entry

    @property
    def plain(self) -> bool:
        """Whether only the id and the three texts are set (most entries)."""
        return self._more is None

    def replace(self, **changes: Any) -> "Entry":
        """A copy with some fields changed (as ``dataclasses.replace``)."""
        return Entry(**{name: changes.get(name, getattr(self, name)) for name in self.FIELDS})

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    __hash__ = None  # type: ignore[assignment]  (as the dataclass it was: mutable, compared by value)

    def __repr__(self) -> str:
        return "Entry(" + ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS) + ")"


class _More:
    """The fields few entries have, for an entry that has one."""

    __slots__ = _MORE_FIELDS

    def __init__(self, *values: Any):
        for name, value, default in zip(_MORE_FIELDS, values, _DEFAULTS):
            setattr(self, name, default if value is None else value)

    def __reduce__(self):  # (the shared empty mapping is not pickled: None stands for it)
        return _More, tuple(None if v is _NO_FIELDS else v for v in map(self.__getattribute__, _MORE_FIELDS))


def _more_field(name: str, default: Any) -> property:
    def get(entry: Entry) -> Any:
        more = entry._more
        return default if more is None else getattr(more, name)

    def put(entry: Entry, value: Any) -> None:
        if entry._more is None:
            entry._more = _More(*_DEFAULTS)
        setattr(entry._more, name, value)

    return property(get, put, doc=f"the entry's {name} (what most entries have when it is not set)")


for _name, _default in zip(_MORE_FIELDS, _DEFAULTS):
    setattr(Entry, _name, _more_field(_name, _default))


@dataclass
class RunCard:
    """A run: its entries and its run-level fields (``meta`` keeps everything else as given)."""

    path: str
    format: str
    entries: list[Entry]
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def glossary(self) -> dict[str, list[str]] | None:
        return self.meta.get("_glossary")

    @property
    def target_language(self) -> str | None:
        return self.meta.get("_target_language")

    def optional_values(self, name: str) -> list:
        """Each entry's value of one of its optional fields (``difficulty``, ``latency_s``, ``tokens``, …; its default
        where unset) — at once when no entry has any (most large runs: an id and three texts each), else entry by
        entry."""
        values = [_DEFAULT_OF[name]] * len(self.entries)
        for i, entry in with_more_fields(self.entries):
            values[i] = getattr(entry, name)
        return values


_MORE_OF = operator.attrgetter("_more")  # an entry's fields beyond its id and texts (None: it has none)
_DEFAULT_OF = dict(zip(_MORE_FIELDS, _DEFAULTS))


def with_more_fields(entries: list[Entry]) -> list[tuple[int, Entry]]:
    """(position, entry) of the entries with a field beyond their id and three texts: the only ones whose optional
    fields hold anything but their defaults (found at once when there is none: most large runs)."""
    if not any(map(_MORE_OF, entries)):
        return []
    return [(i, entry) for i, entry in enumerate(entries) if not entry.plain]


def read_scored(path: str | os.PathLike) -> dict | None:
    """A scored run card (what ``lyss score --out`` writes), recognised by its content — a ``scores``
    block, the ``lyss`` record with its profile, and entries — or ``None`` for anything else (a run
    card to score). Problems reading the file are an :class:`InputError`."""
    if Path(path).suffix.lower() != ".json":
        return None
    data = read_json(path)
    scored = (isinstance(data, dict) and isinstance(data.get("scores"), dict) and isinstance(data.get("lyss"), dict)
              and isinstance(data["lyss"].get("profile"), dict) and isinstance(data.get("entries"), list))
    return data if scored else None


# ----------------------------------------------------------------------------- field checks

def _place(index: int, raw: dict | None) -> str:
    if isinstance(raw, dict):
        for key in ID_KEYS:
            if key in raw and isinstance(raw[key], (str, int)):
                return f"entry {index + 1} (id {raw[key]!r})"
    return f"entry {index + 1}"


def _first_key(raw: dict, keys: tuple[str, ...]) -> str | None:
    for key in keys:
        if key in raw:
            return key
    return None


def _text_field(path: Path, place: str, raw: dict, keys: tuple[str, ...], *, nullable: bool) -> str:
    key = _first_key(raw, keys)
    if key is None:
        raise FileProblem(str(path), place, f"missing field '{keys[0]}'")
    value = raw[key]
    if value is None and nullable:
        return ""
    if not isinstance(value, str):
        raise FileProblem(str(path), place, f"field '{key}' must be text, got {type(value).__name__}")
    return value


MAX_QUANTITY = 1e12  # seconds, dollars or tokens beyond this are a broken run card, and their sums overflow


def _number(path: Path, place: str, key: str, value: Any, *, integer: bool = False) -> float | int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise FileProblem(str(path), place, f"field '{key}' must be a number, got {type(value).__name__}")
    if isinstance(value, float) and not math.isfinite(value):
        raise FileProblem(str(path), place, f"field '{key}' is not a finite number")
    if value < 0:
        raise FileProblem(str(path), place, f"field '{key}' must not be negative")
    if value > MAX_QUANTITY:
        raise FileProblem(str(path), place, f"field '{key}' is implausibly large (over {MAX_QUANTITY:.0e})")
    if integer:
        if float(value) != int(value):
            raise FileProblem(str(path), place, f"field '{key}' must be a whole number")
        return int(value)
    return float(value)


def _entry_tokens(path: Path, place: str, raw: dict) -> dict[str, int]:
    tokens: dict[str, int] = {}
    if _TOKEN_FIELDS.isdisjoint(raw):  # most run cards: nothing to read
        return tokens
    usage = raw.get("usage")
    if usage is not None and not isinstance(usage, dict):
        raise FileProblem(str(path), place, "field 'usage' must be an object")
    usage = usage or {}
    for key in ("completion_tokens_details", "prompt_tokens_details"):
        if usage.get(key) is not None and not isinstance(usage[key], dict):
            raise FileProblem(str(path), place, f"field 'usage.{key}' must be an object")
    details_c = usage.get("completion_tokens_details") or {}
    details_p = usage.get("prompt_tokens_details") or {}
    candidates = {
        "prompt_tokens": raw.get("prompt_tokens", usage.get("prompt_tokens")),
        "completion_tokens": raw.get("completion_tokens", usage.get("completion_tokens")),
        "reasoning_tokens": raw.get("reasoning_tokens", details_c.get("reasoning_tokens")),
        "cached_tokens": raw.get("cached_tokens", details_p.get("cached_tokens")),
    }
    for key, value in candidates.items():
        number = _number(path, place, key, value, integer=True)
        if number is not None:
            tokens[key] = int(number)
    return tokens


_KNOWN_FIELDS = set(SOURCE_KEYS + REFERENCE_KEYS + PREDICTION_KEYS + ID_KEYS + TOKEN_KEYS) | {
    "raw_predicted", "difficulty", "provenance", "domain", "variants", "morphological_analysis",
    "latency_s", "cost_usd", "usage", "error",
}


def entry_from_dict(path: Path, index: int, raw: Any, *, default_id: str | None = None) -> Entry:
    """Validate one entry object and build an :class:`Entry`."""
    simple = _simple_entry(raw)
    if simple is not None:
        return simple
    place = _place(index, raw)
    if not isinstance(raw, dict):
        raise FileProblem(str(path), place, f"must be an object, got {type(raw).__name__}")
    id_key = _first_key(raw, ID_KEYS)
    if id_key is None:
        if default_id is None:
            raise FileProblem(str(path), place, "missing field 'id'")
        entry_id = default_id
    else:
        value = raw[id_key]
        if isinstance(value, bool) or not isinstance(value, (str, int)) or value == "":
            raise FileProblem(str(path), place, f"field '{id_key}' must be non-empty text or a whole number")
        entry_id = str(value)
    source = _text_field(path, place, raw, SOURCE_KEYS, nullable=False)
    reference = _text_field(path, place, raw, REFERENCE_KEYS, nullable=False)
    predicted = _text_field(path, place, raw, PREDICTION_KEYS, nullable=True)
    raw_predicted = raw.get("raw_predicted")
    if raw_predicted is not None and not isinstance(raw_predicted, str):
        raise FileProblem(str(path), place, "field 'raw_predicted' must be text")
    variants = raw.get("variants") or []
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise FileProblem(str(path), place, "field 'variants' must be a list of texts")
    difficulty = raw.get("difficulty")
    if difficulty is not None:
        if isinstance(difficulty, bool) or not isinstance(difficulty, (int, str, float)):
            raise FileProblem(str(path), place, "field 'difficulty' must be a number or text")
        if isinstance(difficulty, float):
            if not math.isfinite(difficulty):
                raise FileProblem(str(path), place, "field 'difficulty' is not a finite number")
            difficulty = int(difficulty) if difficulty == int(difficulty) else difficulty
        difficulty = str(difficulty)
    for key in ("provenance", "domain", "error"):
        if raw.get(key) is not None and not isinstance(raw[key], str):
            raise FileProblem(str(path), place, f"field '{key}' must be text")
    return Entry(
        id=entry_id,
        source=source,
        reference=reference,
        predicted=predicted,
        raw_predicted=raw_predicted,
        difficulty=difficulty,
        provenance=raw.get("provenance") or None,
        domain=raw.get("domain") or None,
        variants=list(variants) if variants else _NOTHING,
        morphological_analysis=raw.get("morphological_analysis"),
        latency_s=_number(path, place, "latency_s", raw.get("latency_s")),
        cost_usd=_number(path, place, "cost_usd", raw.get("cost_usd")),
        tokens=_entry_tokens(path, place, raw) or _NO_FIELDS,
        error=raw.get("error") or None,
        extra={k: v for k, v in raw.items() if k not in _KNOWN_FIELDS} or _NO_FIELDS,
    )


def _simple_entry(raw: Any) -> Entry | None:
    """The entry of an object holding only an id and the three texts, each of a kind :func:`entry_from_dict`
    takes as it is (most run cards' entries: built at a third of the cost of every check), else None."""
    if type(raw) is not dict or len(raw) != 4 or "id" not in raw or "source" not in raw or "reference" not in raw:
        return None
    for key in PREDICTION_KEYS:
        if key in raw:
            break
    else:
        return None
    entry_id, source, reference, predicted = raw["id"], raw["source"], raw["reference"], raw[key]
    if not (type(source) is str and type(reference) is str and type(predicted) is str
            and ((type(entry_id) is str and entry_id) or type(entry_id) is int)):
        return None
    return Entry.of_texts(str(entry_id), source, reference, predicted)



_entry_id = operator.attrgetter("id")


def _check_entries(path: Path, entries: list[Entry]) -> list[Entry]:
    if not entries:
        raise FileProblem(str(path), "entries", "the corpus is empty")
    if len(set(map(_entry_id, entries))) == len(entries):  # (most cards: no id twice; else the first found is named)
        return entries
    seen: dict[str, int] = {}
    for i, entry in enumerate(entries):
        if entry.id in seen:
            raise FileProblem(str(path), f"entry {i + 1} (id {entry.id!r})",
                             f"duplicate id (first used by entry {seen[entry.id] + 1})")
        seen[entry.id] = i
    return entries


def _check_finite(path: Path, obj: Any, where: str = "") -> None:
    """Reject NaN/Infinity anywhere (JSON written by Python may carry them)."""
    if isinstance(obj, float) and not math.isfinite(obj):
        raise FileProblem(str(path), where or "value", "not a finite number")
    if isinstance(obj, dict):
        for k, v in obj.items():
            _check_finite(path, v, f"{where}.{k}" if where else str(k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            _check_finite(path, v, f"{where}[{i}]")


# ----------------------------------------------------------------------------- glossary, language

def _glossary(path: Path, raw: Any) -> dict[str, list[str]] | None:
    """Accept ``{term: target | [targets]}`` or ``[{"source": t, "targets": [...]}]``."""
    if raw is None:
        return None
    out: dict[str, list[str]] = {}
    if isinstance(raw, dict):
        items = raw.items()
    elif isinstance(raw, list):
        items = []
        for i, item in enumerate(raw):
            if not isinstance(item, dict) or not isinstance(item.get("source"), str):
                raise FileProblem(str(path), f"glossary[{i}]", "needs a 'source' text and 'targets'")
            items.append((item["source"], item.get("targets", item.get("target"))))
    else:
        raise FileProblem(str(path), "glossary", "must be an object or a list")
    for term, targets in items:
        if isinstance(targets, str):
            targets = [targets]
        if not isinstance(targets, list) or not targets or not all(isinstance(t, str) for t in targets):
            raise FileProblem(str(path), f"glossary[{term!r}]", "targets must be a text or a list of texts")
        out[term] = targets
    return out or None


_PAIR = re.compile(r"(?<![a-z])([a-z]{2,3})[-_]([a-z]{2,3})(?![a-z])")


def _language_from_pair(text: Any) -> str | None:
    if not isinstance(text, str):
        return None
    match = _PAIR.search(text.lower())
    return match.group(2) if match else None


def _target_language(meta: dict) -> str | None:
    dataset = meta.get("dataset") if isinstance(meta.get("dataset"), dict) else {}
    config = meta.get("config") if isinstance(meta.get("config"), dict) else {}
    for value in (meta.get("target_language"), meta.get("target_lang_code"), config.get("target_lang_code"),
                  dataset.get("target_language")):
        if isinstance(value, str) and value:
            return value
    for value in (dataset.get("language_pair"), meta.get("language_pair"), dataset.get("id"),
                  config.get("corpus_path"), config.get("dataset_id")):
        lang = _language_from_pair(value)
        if lang:
            return lang
    return None


# ----------------------------------------------------------------------------- the three shapes

def _check_run_numbers(path: Path, meta: dict) -> None:
    """Run-level quantities the cost and speed metrics read: numbers in range when they are numbers."""
    places = [("top level", meta, ("elapsed_seconds", "elapsed_s"))]
    for block in ("totals", "overall"):
        if isinstance(meta.get(block), dict):
            places.append((block, meta[block], (*TOKEN_KEYS, "total_tokens", "total_cost_usd")))
    for place, block, keys in places:
        for key in keys:
            value = block.get(key)
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                _number(path, place, key, value)


def _from_json_object(path: Path, data: Any) -> RunCard:
    if isinstance(data, list):
        data = {"entries": data}
    if not isinstance(data, dict):
        raise FileProblem(str(path), "top level", "must be a JSON object with 'entries'")
    is_report = "overall" in data and "config" in data and "entries" in data
    key = "entries" if "entries" in data else ("results" if "results" in data else None)
    if key is None:
        raise FileProblem(str(path), "top level", "no 'entries' list (not a run card or report)")
    raw_entries = data[key]
    if not isinstance(raw_entries, list):
        raise FileProblem(str(path), key, "must be a list")
    entries = [entry_from_dict(path, i, raw) for i, raw in enumerate(raw_entries)]
    meta = {k: v for k, v in data.items() if k != key}
    _check_finite(path, {k: v for k, v in meta.items() if k not in ("overall",)})
    scores = meta.get("scores")
    if isinstance(scores, dict) and scores.get("tier_confirmation") is not None \
            and not isinstance(scores["tier_confirmation"], dict):
        raise FileProblem(str(path), "scores.tier_confirmation", "must be an object")
    _check_run_numbers(path, meta)
    meta["_glossary"] = _glossary(path, data.get("glossary"))
    meta["_target_language"] = _target_language(data)
    return RunCard(str(path), "champollion-report" if is_report else "runcard", _check_entries(path, entries), meta)


def _from_jsonl(path: Path, text: str) -> RunCard:
    entries = _simple_lines(text) or [_simple_entry(raw) or entry_from_dict(path, i, raw, default_id=str(lineno))
                                      for i, (lineno, raw) in enumerate(json_lines(path, text))]  # (most: simple)
    return RunCard(str(path), "jsonl", _check_entries(path, entries), {})


_PLAIN = r'[^"\\\x00-\x1f]'  # a character a JSON text holds as it is (not a quote, a backslash or a control)
_SIMPLE_LINE = re.compile(  # an entry of an id and its three texts alone, as json writes one (no escape in a text)
    rf'^[ \t\r]*\{{"id": (?:(-?(?:0|[1-9][0-9]{{0,17}}))|"({_PLAIN}+)"), "source": "({_PLAIN}*)", '
    rf'"reference": "({_PLAIN}*)", "(?:{"|".join(map(re.escape, PREDICTION_KEYS))})": "({_PLAIN}*)"\}}[ \t\r]*$',
    re.MULTILINE)


def _simple_lines(text: str) -> list[Entry] | None:
    """The entries of a JSON Lines text each of whose lines is an entry of an id and its three texts alone, as json
    writes one with no escape in a text (a large run's card, often), read by one expression — the values json
    gives, at half the cost of each line parsed; None for any other text (read line by line, its problems named).
    Each match is one line: as many as the text has lines, and every line is one."""
    if _SIMPLE_LINE.match(text) is None:  # (a card of other lines: its first line says so at once)
        return None
    entries: list[Entry] = []
    of_texts, start = Entry.of_texts, 0
    while start < len(text):  # a few MB of whole lines at a time: their matches' tuples let go before the next
        end = text.find("\n", start + READ_AT_ONCE) + 1 or len(text)
        found = _SIMPLE_LINE.findall(text, start, end)
        if len(found) != text.count("\n", start, end) + (not text.endswith("\n", start, end)):
            return None  # (a line of another kind: the card read line by line, from here no further matching)
        entries += [of_texts(("0" if number == "-0" else number) or text_id, source, reference, predicted)
                    for number, text_id, source, reference, predicted in found]
        start = end
    return entries


READ_AT_ONCE = 1 << 22  # characters of whole lines matched at once (a million entries' tuples at once: 80 MB held)


def _from_tsv(path: Path, text: str) -> RunCard:
    """Tab-separated, one entry a line, no quoting (a tab or a line break cannot be inside a cell)."""
    rows = [line.removesuffix("\r").split("\t") for line in text.split("\n")]
    if rows and rows[-1] == [""]:
        rows.pop()
    if not rows:
        raise FileProblem(str(path), "", "the corpus is empty")
    header = [h.strip().lower() for h in rows[0]]
    needed = {"source": SOURCE_KEYS, "reference": REFERENCE_KEYS, "prediction": PREDICTION_KEYS}
    for name, keys in needed.items():
        if not any(k in header for k in keys):
            raise FileProblem(str(path), "line 1", f"header has no '{name}' column (found: {', '.join(header)})")
    entries = []
    for lineno, row in enumerate(rows[1:], 2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            raise FileProblem(str(path), f"line {lineno}", f"{len(row)} columns, the header has {len(header)}")
        raw = dict(zip(header, row))
        entries.append(entry_from_dict(path, len(entries), raw, default_id=str(lineno - 1)))
    return RunCard(str(path), "tsv", _check_entries(path, entries), {})


def _from_three_files(source: Path, reference: Path, prediction: Path) -> RunCard:
    texts = [read_text(p).splitlines() for p in (source, reference, prediction)]
    counts = [len(t) for t in texts]
    if len(set(counts)) != 1:
        raise FileProblem(str(prediction), "", f"line counts differ: source {counts[0]}, reference {counts[1]}, "
                                              f"prediction {counts[2]}")
    entries = [Entry(id=str(i + 1), source=s, reference=r, predicted=h)
               for i, (s, r, h) in enumerate(zip(*texts))]
    return RunCard(str(prediction), "text", _check_entries(prediction, entries), {})


def run_name(text: str) -> str:
    """A run's name as a person gives it (``lyss score --name``): one line of readable text, at most 200 characters."""
    name = text.strip()
    if not name or len(name) > 200 or not name.isprintable():
        raise BadValue("--name", text, "give the run's name as one line of readable text (at most 200 characters)")
    return name


@fewer_collections()
def load(paths: list[str] | str) -> RunCard:
    """Load a run card, a harness report, a TSV/JSONL file, or three text files (source, reference, prediction)."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [str(paths)]
    if len(paths) == 3:
        return _from_three_files(*(Path(p) for p in paths))
    if len(paths) != 1:
        raise BadValue(" ".join(paths), "", "give one file, or three text files: SOURCE REFERENCE PREDICTION")
    path = Path(paths[0])
    text = read_text(path)
    suffix = path.suffix.lower()
    if suffix == ".jsonl":
        return _from_jsonl(path, text)
    if suffix in (".tsv", ".tab"):
        return _from_tsv(path, text)
    if suffix == ".json" or text.lstrip().startswith(("{", "[")):
        return _from_json_object(path, parse_json(path, text))
    raise FileProblem(str(path), "", "unknown format: give a .json run card, .jsonl, .tsv, "
                                    "or three text files SOURCE REFERENCE PREDICTION")


# ----------------------------------------------------------------------------- writing
