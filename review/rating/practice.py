"""The practice round: three to five items with known answers before a speaker's first real item of a
campaign, each answered and then explained. Built from the campaign's own sentences (so it is in the
speaker's language), never stored as answers; what counts as right is data (``data/practice.json``).
:func:`degrade` makes an output worse on purpose: for the practice round, and for the degraded
quality-control items of every sequence (``review.rating.sequence``)."""

from __future__ import annotations

import json
import random
from typing import Any

from .. import tasks as task_defs
from ..records import sequences
from ..records.catalogue import campaign, practice_candidates
from ..store import Store
from ..tasks import attention, premarks
from ..tasks.error_spans import Marking, check_spans
from ..records.speakers import preference, set_preference


def degrade(output: str, other_reference: str, rng: random.Random) -> str:
    """Appraise-style degraded output: a phrase from another reference swapped in, its length sized to
    the sentence (1 word for ≤ 3 words, 2 for ≤ 5, 3 for ≤ 8, else a quarter of the words)."""
    return _swapped(output, other_reference, rng)[0]


def _swapped(output: str, other_reference: str, rng: random.Random) -> tuple[str, tuple[int, int]]:
    """:func:`degrade`'s text and where the words swapped in lie in it (code-point offsets)."""
    words = output.split()
    donor = other_reference.split() or ["…"]
    n = len(words)
    span = 1 if n <= 3 else 2 if n <= 5 else 3 if n <= 8 else max(3, n // 4)
    span = min(span, max(1, n))
    start = rng.randrange(0, max(1, n - span + 1))
    d_start = rng.randrange(0, max(1, len(donor) - span + 1))
    before, inserted = " ".join(words[:start]), " ".join(donor[d_start:d_start + span])
    at = len(before) + (1 if before else 0)
    return " ".join(words[:start] + donor[d_start:d_start + span] + words[start + span:]), (at, at + len(inserted))


def _data() -> dict:
    return task_defs.settings("practice")


def offered(store: Store, campaign_id: str, speaker_id: str) -> bool:
    """Whether this speaker should practise first: a task with known answers, no practice done yet, and no
    real answer given in this campaign."""
    task = campaign(store, campaign_id)["task"]
    known = any(task in kind["expect"] for kind in _data()["kinds"].values())
    answered, _ = sequences.progress(store, campaign_id, speaker_id)
    return known and not answered and not preference(store, speaker_id, f"practised:{campaign_id}")


def mark_done(store: Store, campaign_id: str, speaker_id: str) -> None:
    set_preference(store, speaker_id, f"practised:{campaign_id}", True)


def items(store: Store, campaign_id: str) -> list[dict]:
    """The practice items, in the order of the data file, as the item screen shows items (``practice``
    says which kind; no ``id``: they are never answered for real)."""
    found = campaign(store, campaign_id)
    rows = practice_candidates(store, campaign_id)
    order = _data()["order"]
    if len(rows) < 2:
        return []
    rng = random.Random(campaign_id)
    chosen = rng.sample(rows, min(len(order), len(rows)))
    out = []
    marked = (found["settings"].get("premark") or "off") != "off"
    wrong = _wrong_form(found, [r for r in rows if r not in chosen[:-1]], rng)
    if wrong is not None:  # the grammar's attention items: the last practice item is one of them
        order, chosen = [*order[:len(chosen) - 1], WRONG_FORM], [*chosen[:-1], wrong[0]]
    for position, (kind, row) in enumerate(zip(order, chosen)):
        other = chosen[(position + 1) % len(chosen)]
        swapped, where = _swapped(row["reference"], other["reference"], rng)
        output = {"reference": row["reference"], "unrelated": other["reference"], "swapped": swapped,
                  WRONG_FORM: wrong and wrong[1]}[kind]
        out.append({"task": found["task"], "kind": "segment", "practice": kind, "position": position,
                    "source": row["source"], "output": output, "reference": row["reference"], "answer": None,
                    "note": None, "extra": {}, "total": len(chosen), "answered": position,
                    "premarks": _premarks(kind, output, where, rng) if marked else [],
                    "premark_sources": premarks.sources(found["settings"])})
    return out


WRONG_FORM = "wrong_form"  # data/practice.json's kind: a right sentence with one word in a wrong form


def _wrong_form(campaign: dict, rows: list[dict], rng: random.Random) -> tuple[dict, str] | None:
    """For a campaign whose attention items are wrong forms of the grammar: a sentence whose output is its reference
    (so the rest is known right) and that output with one word in a wrong form the language pack made; None otherwise."""
    if attention.settings_of(campaign["settings"])["kind"] != attention.GRAMMAR:
        return None
    language = campaign["settings"].get("language") or {}
    found = [(row, forms) for row in rows if row["output"] == row["reference"] and
             (forms := attention.wrong_forms({**row, "extra": json.loads(row["extra"] or "{}")}, language))]
    if not found:
        return None
    row, forms = rng.choice(found)
    change = rng.choice(forms)
    return row, attention.applied(row["output"], change)


PRACTICE_SOURCE = "practice round"  # the source a practice pre-mark shows: no tool placed it


def _premarks(kind: str, output: str, swapped: tuple[int, int], rng: random.Random) -> list[dict]:
    """A practice item's one pre-mark, for a campaign that places them: on the words swapped in (kept is
    right) or on a word of a right translation (dropped is right), as ``data/practice.json`` says."""
    expect = (_data()["kinds"][kind].get("premark") or {}).get("expect")
    words = Marking(output).words
    if expect == "keep":
        words = [(s, e) for s, e in words if s < swapped[1] and e > swapped[0]]
    if expect not in ("keep", "drop") or not words:
        return []
    start, end = (words[0][0], words[-1][1]) if expect == "keep" else rng.choice(words)
    return [{"start": start, "end": end, "severity": "minor", "source": PRACTICE_SOURCE, "control": False,
             "expect": expect}]


def _shown(value: Any) -> str:
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, (int, float)) for v in value):
        return f"{value[0]}–{value[1]}" if value[0] != value[1] else f"{value[0]}"
    return str(value)


def feedback(item: dict, answers: dict) -> dict:
    """How a practice answer compares with the known one: ``right``, the ``explanation`` of the item (and of
    its pre-mark, ``premark_explanation``, when it had one: kept or dropped as expected is part of right),
    and where it differs, ``wrong`` (per question: what was answered and what was expected; the app words
    it with the task's labels) and the same as plain ``answered``/``expected`` texts."""
    kind = _data()["kinds"][item["practice"]]
    expect = kind["expect"].get(item["task"], {})
    wrong, details = [], []
    for question, allowed in expect.items():
        if question == "spans":
            marked = len(check_spans(answers.get("spans", []), item["output"]))
            if marked < allowed:
                wrong.append((f"{marked} marked errors", f"at least {allowed}"))
                details.append({"question": question, "answered": marked, "expected": allowed})
            continue
        value = answers.get(question)
        ok = allowed[0] <= value <= allowed[1] if isinstance(allowed, list) and len(allowed) == 2 and \
            isinstance(value, (int, float)) else value in allowed
        if not ok:
            wrong.append((f"{question} {value}", f"{question} {_shown(allowed)}"))
            details.append({"question": question, "answered": value, "expected": allowed})
    for mark in item.get("premarks") or []:
        kept = any(s.get("premark") and s.get("start") == mark["start"] for s in answers.get("spans", []))
        answered, expected = ("kept" if kept else "dropped"), ("kept" if mark["expect"] == "keep" else "dropped")
        if answered != expected:
            wrong.append((f"pre-mark {answered}", f"pre-mark {expected}"))
            details.append({"question": "premark", "answered": answered, "expected": expected})
    about_mark = kind["premark"]["feedback"] if item.get("premarks") else None
    return {"right": not wrong, "explanation": kind["feedback"], "premark_explanation": about_mark, "wrong": details,
            "answered": ", ".join(a for a, _ in wrong), "expected": ", ".join(e for _, e in wrong)}
