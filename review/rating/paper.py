"""Paper forms, for communities with too few laptops: a speaker's sequence as printable items (the app's
``desktop/paper_forms.py`` draws them into a PDF), a CSV template beside it, and the import of that CSV
once a coordinator has keyed the answers in. Answers from paper are marked ``medium = 'paper'``.

In the CSV a question is answered by the number printed beside the ticked box (or an option's value
written out); task E's errors are written with the form's word numbers: ``2-3 major; 5 minor; missing
minor``. A task E item served with pre-marks prints them lettered (A, B, …) with their word numbers and a box
"drop"; the CSV's ``premarks_dropped`` takes the letters of those ticked, and the others stay on the answer, as
on the screen."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from scoring.errors import BadValue, FileProblem, InputError
from scoring.files import read_text, write_atomic

from . import sequence
from .. import tasks as task_defs
from ..records import catalogue, sequences, speakers
from ..tasks import premarks
from ..tasks.error_spans import word_span
from ..store import Store
from ..records.answers import Answers
from .sequence import Sequence

FIXED = ["item_code", "campaign_id", "speaker_id", "position"]


def item_code(campaign_id: str, position: int) -> str:
    """A code a person can read out and copy: the campaign's last five characters and the position."""
    return f"{campaign_id[-5:].upper()}-{position + 1:03d}"


PAGE_ITEMS = 8  # items a form prints by default for a campaign that serves them as its questions need (one page's worth)


def form_items(store: Store, campaign_id: str, speaker_id: str, include_answered: bool = False,
               items: int | None = None) -> list[dict]:
    """The items of the speaker's sequence still unanswered (every one with ``include_answered``), as the form
    prints them (the speaker joins the campaign), at most ``items`` of them. A campaign that serves items while its
    questions are open serves the ones it will need next, up to ``items`` (:data:`PAGE_ITEMS` by default)."""
    total = sequence.join(store, campaign_id, speaker_id)
    if catalogue.is_adaptive(catalogue.campaign(store, campaign_id)):
        wanted = items or PAGE_ITEMS
        while _open(store, campaign_id, speaker_id, total) < wanted and \
                sequence.serve_next_segment(store, campaign_id, speaker_id, ahead=True):
            total = sequences.length(store, campaign_id, speaker_id)
        if not include_answered:  # a page's worth of open items; with the answered ones, every one (or --items)
            items = wanted
    settings = catalogue.campaign(store, campaign_id)["settings"]
    out = []
    for position in range(total):
        item = sequences.item_at(store, campaign_id, speaker_id, position)
        if item["answer"] is not None and not include_answered:
            continue
        words = task_defs.task(item["task"]).numbered_words(item["output"])
        out.append({**item, "code": item_code(campaign_id, position),
                    "numbered_output": [(k + 1, item["output"][s:e]) for k, (s, e) in enumerate(words)],
                    "premarks": _printed_premarks(item, settings, campaign_id, speaker_id, words)})
    return out[:items] if items else out


def nothing_to_print(store: Store, campaign_id: str, speaker_id: str) -> str:
    """Why :func:`form_items` found nothing for the speaker, in words: every served item answered, the campaign's
    questions decided (nothing more is needed), or no item wanted from this speaker now."""
    campaign = catalogue.campaign(store, campaign_id)
    if not catalogue.is_adaptive(campaign):
        return "every item of this speaker is answered already: nothing to print (--include-answered prints them all)"
    from ..study import decisions  # deferred: its statistics load numpy, which printing needs only here
    if not decisions.decide(store, campaign_id).serving_runs:
        return ("the campaign's questions are decided: nothing more is needed from this speaker, nothing to print"
                + (" (--include-answered prints what they answered)" if sequences.length(
                    store, campaign_id, speaker_id) else ""))
    return ("no item is wanted from this speaker now (they have seen every segment still open): nothing to print"
            " (--include-answered prints what they answered)")


DROPPED = "premarks_dropped"  # the template's column for the letters of the pre-marks a speaker ticked "drop"


def _letter(n: int) -> str:
    """A pre-mark's name on a form: A, B, …, Z, AA, AB, … (letters, so as not to be taken for word numbers)."""
    return _letter(n // 26 - 1) + chr(65 + n % 26) if n >= 26 else chr(65 + n)


def _proposed(item: dict, settings: dict, campaign_id: str, speaker_id: str) -> list[dict]:
    """The pre-marks the item is served with, as on the screen (none for a task that marks no spans)."""
    if not task_defs.task(item["task"]).marks_spans:
        return []
    return premarks.served(item, settings, campaign_id, speaker_id)


def _printed_premarks(item: dict, settings: dict, campaign_id: str, speaker_id: str,
                      words: list[tuple[int, int]]) -> list[dict]:
    """The pre-marks as a form prints them: a letter, the word numbers (or "missing" and the terms it names), the
    severity and where it came from; each stays on the answer unless the speaker ticks "drop"."""
    output = item["output"] or ""
    return [{"letter": _letter(n), "severity": m["severity"], "source": m["source"],
             "words": "missing" if m.get("missing") else word_span(words, m["start"], m["end"]),
             "text": "" if m.get("missing") else output[m["start"]:m["end"]], "terms": list(m.get("terms") or [])}
            for n, m in enumerate(_proposed(item, settings, campaign_id, speaker_id))]


def _open(store: Store, campaign_id: str, speaker_id: str, total: int) -> int:
    done, _ = sequences.progress(store, campaign_id, speaker_id)
    return total - done


def questions(task: str) -> list[dict]:
    return task_defs.task(task).questions


def write_template(path: str, store: Store, campaign_id: str, speaker_id: str, items: list[dict]) -> int:
    """The CSV a coordinator fills from the paper forms: one row per printed item (``items``, from
    :func:`form_items`), one column per question."""
    found = catalogue.campaign(store, campaign_id)
    task = found["task"]
    marks = task_defs.task(task).marks_spans and bool(premarks.sources(found["settings"]))
    columns = FIXED + [q["id"] for q in questions(task)] + ([DROPPED] if marks else []) + ["note"]
    rows = [{"item_code": item["code"], "campaign_id": campaign_id, "speaker_id": speaker_id,
             "position": item["position"]} for item in items]

    def fill(fh) -> None:
        writer = csv.DictWriter(fh, fieldnames=columns, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    write_atomic(path, fill, newline="")
    return len(rows)


def import_forms(store: Store, path: str, replace: bool = False, translations: tuple = ()) -> dict:
    """Key in the answers of filled paper forms (the CSV :func:`write_template` wrote). Every row is
    checked first; a problem names the file, the line and the column, and nothing is written. Importing
    the same file again changes nothing. A row whose position already holds another answer (given in the
    app, or on an earlier form) is refused unless ``replace``; what was replaced is returned. An answer may be
    the number printed beside the box or the option's words as any form printed them: the task's, the language
    pack's own, or a translation of the interface (``translations``: functions that translate a task's words, as
    ``review.tasks.texts`` takes them)."""
    rows = _csv_rows(path)
    if not rows or any(c not in rows[0] for c in FIXED):
        raise FileProblem(path, "line 1", f"needs the columns {', '.join(FIXED)} (the template print-forms wrote)")
    ready, problems = [], []
    seen: dict[tuple, int] = {}
    for lineno, row in enumerate(rows, 2):
        key = tuple((row.get(c) or "").strip() for c in FIXED)
        if key in seen:
            problems.append(FileProblem(path, f"line {lineno}", f"names the same item as line {seen[key]} "
                                                                f"({key[0]}): keep one of the two lines"))
            continue
        seen[key] = lineno
        try:
            parsed = _row(store, path, lineno, row, translations)
        except FileProblem as exc:
            problems.append(exc)
            continue
        except InputError as exc:  # an unknown campaign, speaker or position: named with the file's line
            problems.append(FileProblem(path, f"line {lineno}", exc.line()))
            continue
        if parsed is not None:
            ready.append((lineno, *parsed))
    _refuse_problems(path, problems)
    if not replace:
        _refuse_conflicts(store, path, ready)
    added, replaced = 0, []
    writers: dict[tuple, Answers] = {}
    with store.transaction():
        for lineno, campaign_id, speaker_id, position, answers, note in ready:
            try:
                existing = sequences.item_at(store, campaign_id, speaker_id, position)
                if existing["answer"] == answers and existing["note"] == note:
                    continue
                if existing["answer"] is not None:
                    was, now = (_said(a, existing["task"], existing["output"]) for a in (existing["answer"], answers))
                    replaced.append({"line": lineno, "position": position, "was": existing["answer"],
                                     "now": answers, "said": f"{was} replaced by {now}"})
                if (campaign_id, speaker_id) not in writers:
                    Sequence(store, campaign_id, speaker_id)  # the speaker joins (their sequence is made once)
                    writers[(campaign_id, speaker_id)] = Answers(store, campaign_id, speaker_id)
                writers[(campaign_id, speaker_id)].record(position, answers, note, medium="paper")
            except FileProblem:
                raise
            except InputError as exc:  # a speaker withdrawn since the forms were printed: the file's line says who
                raise FileProblem(path, f"line {lineno}", exc.line()) from None
            added += 1
    return {"rows": len(rows), "answered": len(ready), "recorded": added, "blank": len(rows) - len(ready),
            "replaced": replaced}


def _refuse_problems(path: str, problems: list[FileProblem]) -> None:
    """Every bad row of a form at once, in one line (the first alone as it was): nothing is recorded."""
    if len(problems) == 1:
        raise problems[0]
    if problems:
        places = ", ".join(p.place.removeprefix("line ").split(" ")[0] for p in problems)
        raise FileProblem(path, f"lines {places}", f"{len(problems)} rows to mend, nothing was recorded: " + "; ".join(
            f"{p.place}: {p.problem}" for p in problems))


def _refuse_conflicts(store: Store, path: str, ready: list[tuple]) -> None:
    """Every line whose position already holds another answer, named at once in the form's own terms (word numbers
    for error spans); nothing is recorded."""
    found = []
    for lineno, campaign_id, speaker_id, position, answers, note in ready:
        existing = sequences.item_at(store, campaign_id, speaker_id, position)
        if existing["answer"] is not None and (existing["answer"], existing["note"]) != (answers, note):
            found.append((lineno, position, _said(existing["answer"], existing["task"], existing["output"])))
    if not found:
        return
    fix = "keep it, or add --replace to put the paper's answer in its place; nothing was recorded"
    if len(found) == 1:
        lineno, position, said = found[0]
        raise FileProblem(path, f"line {lineno}", f"position {position} is answered already ({said}): {fix}")
    lines = ", ".join(str(lineno) for lineno, _, _ in found)
    each = "; ".join(f"position {position} ({said})" for _, position, said in found)
    raise FileProblem(path, f"lines {lines}", f"{len(found)} positions are answered already: {each}: "
                                              f"{fix.replace('keep it', 'keep them')}")


def _said(answers: Any, task: str | None = None, output: str | None = None) -> str:
    """An answer as the form writes it: ``adequacy 4, fluency 5``; error spans by word number."""
    if not isinstance(answers, dict):
        return str(answers)
    if not task:
        return ", ".join(f"{k} {v}" for k, v in answers.items() if k != "premarks")
    return task_defs.task(task).answer_words(answers, output or "")


MAX_CELL = 10_000  # characters: longer than any answer or note written on a form


def _csv_rows(path: str) -> list[dict]:
    """The CSV's rows, each cell checked for length; a malformed file is one line naming where."""
    read = [0]  # lines handed to the CSV reader so far: where a problem is

    def lines():
        for line in io.StringIO(read_text(path)):
            read[0] += 1
            yield line
    reader = csv.DictReader(lines())
    rows = []
    try:
        for row in reader:
            long = next((k for k, v in row.items() if isinstance(v, str) and len(v) > MAX_CELL), None)
            if long is not None or None in row:
                raise FileProblem(path, f"line {read[0]}", f"column {long!r} is longer than {MAX_CELL} characters"
                                  if long is not None else "more cells than the header has columns")
            rows.append(row)
    except csv.Error as exc:
        problem = f"a cell longer than {MAX_CELL} characters" if "field limit" in str(exc) else \
            f"not a readable CSV row ({exc})"
        raise FileProblem(path, f"line {read[0]}", problem) from None
    return rows


def _row(store: Store, path: str, lineno: int, row: dict, translations: tuple = ()) -> tuple | None:
    """One CSV row checked: (campaign, speaker, position, answers, note), or None for a row left blank."""
    where = lambda column: (path, f"line {lineno} {column}")
    campaign_id, speaker_id = (row.get("campaign_id") or "").strip(), (row.get("speaker_id") or "").strip()
    text = (row.get("position") or "").strip()
    if not re.fullmatch(r"[0-9]{1,9}", text):
        raise FileProblem(*where("position"), "not a number")
    position = int(text)
    if (row.get("item_code") or "").strip() != item_code(campaign_id, position):
        raise FileProblem(*where("item_code"), "does not match the campaign and position on this row")
    campaign = catalogue.campaign(store, campaign_id)
    task = campaign["task"]
    if not speakers.known(store, speaker_id):
        raise FileProblem(*where("speaker_id"), f"unknown speaker {speaker_id!r}: no speaker with this id on this "
                                                "laptop (merge a bundle of the laptop that printed the form first)")
    item = sequences.item_at(store, campaign_id, speaker_id, position)
    given = {q["id"]: (row.get(q["id"]) or "").strip() for q in questions(task)}
    if not any(given.values()):
        return None
    language = (campaign["settings"] or {}).get("language")
    printed = [task_defs.texts(task, language, translate)["questions"] for translate in (None, *translations)]
    answers: dict[str, Any] = {}
    for q in questions(task):
        if not task_defs.applicable(q, answers):
            continue
        labels = {str(o["value"]): [shown[q["id"]]["labels"][str(o["value"])] for shown in printed]
                  for o in q.get("options", [])}
        value = task_defs.task(task).from_paper(q, given[q["id"]], item["output"], where(q["id"]), labels)
        if value is not None:
            answers[q["id"]] = value
    try:
        clean = task_defs.validate(task, answers, item["output"])
    except BadValue as exc:
        raise FileProblem(*where(exc.place or "answers"), exc.problem) from None
    if DROPPED in row:  # the form printed the item's pre-marks: those not ticked "drop" are kept
        proposed = _proposed(item, catalogue.campaign(store, campaign_id)["settings"], campaign_id, speaker_id)
        dropped = _dropped(row[DROPPED] or "", len(proposed), where(DROPPED))
        _dropped_and_marked_again(clean, proposed, dropped, item, where(DROPPED))
        clean = premarks.joined(clean, proposed, dropped)
    return campaign_id, speaker_id, position, clean, (row.get("note") or "").strip() or None


def _dropped_and_marked_again(answers: dict, proposed: list[dict], dropped: set[int], item: dict,
                              place: tuple[str, str]) -> None:
    """A pre-mark ticked "drop" whose very words the speaker marked again says two things at once (on the screen one
    cannot do both): asked about, by its letter and words, rather than taken either way."""
    words = task_defs.task(item["task"]).numbered_words(item["output"] or "")
    own = [s for s in answers.get("spans", []) if isinstance(s, dict)]
    for n in sorted(dropped):
        mark = proposed[n]
        again = next((s for s in own if (s.get("missing") and mark.get("missing")) or (
            not s.get("missing") and not mark.get("missing") and (s["start"], s["end"]) == (mark["start"], mark["end"]))),
            None)
        if again is None:
            continue
        at = "missing" if mark.get("missing") else word_span(words, mark["start"], mark["end"])
        written = f"{at} {again.get('severity')}"
        named = "something missing" if mark.get("missing") else f"words {at}"
        raise FileProblem(*place, f"pre-mark {_letter(n)} ({named}, {mark['severity']}) is ticked 'drop' and its words "
                                  f"are marked again ('{written}'): to keep it with that severity, remove "
                                  f"{_letter(n)} from {DROPPED}; to drop it, remove '{written}' from the errors")


def _dropped(text: str, count: int, place: tuple[str, str]) -> set[int]:
    """The letters a coordinator keyed in for the pre-marks ticked "drop" (``B``, ``A C``, ``a,c``), as numbers
    from 0; a letter the form did not print names the place."""
    letters = {_letter(n): n for n in range(count)}
    dropped = set()
    for token in filter(None, re.split(r"[\s,;]+", text.strip().upper())):
        if token not in letters:
            printed = f"the form printed pre-marks {_letter(0)} to {_letter(count - 1)}" if count else \
                "the form printed no pre-mark for this item"
            raise FileProblem(*place, f"{token!r}: {printed}; write the letters of those ticked 'drop'")
        dropped.add(letters[token])
    return dropped
