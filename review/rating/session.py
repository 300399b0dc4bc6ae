"""A speaker's review session, without Qt: every rule of what happens when a speaker answers, marks,
undoes, pauses or comes back lives here; the app's item screen only draws a session's state and turns
keys into its methods, and ``lyss review answer`` and ``lyss review import-forms`` record through it.

The state a screen draws: the ``item`` (real or practice), the ``step`` — ``question`` (numbered
options), ``mark`` and ``score`` (a task that marks error spans), ``feedback`` (after a practice
answer) or ``finished`` — the answers given so far (``partial``), the ``marking`` and ``score`` of a
span task, and the ``note``.

Nothing is lost: an answer is on disk before the next item is shown, and an unfinished item — the
options chosen so far, the marks, the score, the note — is kept as a **draft** on disk at every change
(``drafts``, a table that stays on this laptop), so it comes back after a pause, a close or a crash.
Undo is per action: while an item is being answered, Ctrl+Z takes back the last mark or option; only
on an untouched item does it take back the previous answer (and say which).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Callable

from scoring.errors import BadValue

from . import adaptive, practice, recording, sequence
from .. import records, tasks as task_defs
from ..store import Store, dumps, now
from ..tasks.base import Task, applicable
from ..tasks.error_spans import Marking, hint_positions, rejected_words

QUESTION, MARK, SCORE, FEEDBACK, FINISHED = "question", "mark", "score", "feedback", "finished"


@dataclass
class Outcome:
    """What an action did, for the screen to say: ``what`` is one of ``saved`` (an answer is on disk and
    the next item is shown), ``next_question``, ``changed`` (a mark, a move, a score), ``skipped``, ``feedback``
    (a practice answer explained), ``practice_done``, ``finished``, ``needs_answer`` (Enter on an
    unanswered item), ``undone_step`` (the last mark or option taken back), ``undone_answer`` (the
    previous answer removed: ``position`` says which), ``nothing``, ``note_saved``, ``note_kept``."""
    what: str
    position: int | None = None


class ReviewSession:
    """One speaker in one campaign. ``clock`` (seconds, monotonic) is replaceable for tests."""

    def __init__(self, store: Store, campaign_id: str, speaker_id: str,
                 clock: Callable[[], float] = time.monotonic):
        self.store, self.campaign_id, self.speaker_id, self.clock = store, campaign_id, speaker_id, clock
        sequence.join(store, campaign_id, speaker_id)
        adaptive.top_up(store, campaign_id, speaker_id)  # an adaptive campaign serves its first segment
        found = records.campaign(store, campaign_id)
        self.task: Task = task_defs.task(found["task"])
        self.language = found["settings"].get("language") or {"display": [], "items": {}, "tasks": {}}
        self.hints_on = bool(found["settings"].get("hints"))
        self.open_ended = records.is_adaptive(found)  # items are served as the decisions need them: no "of N"
        self.practice_items = practice.items(store, campaign_id) \
            if practice.offered(store, campaign_id, speaker_id) else []
        self.item: dict = {}
        self.position = 0
        self.step = FINISHED
        self.partial: dict = {}
        self.marking: Marking | None = None
        self.score: int | None = None
        self.hints: set[int] = set()
        self.note: str | None = None
        self.feedback: dict | None = None
        self._history: list[tuple[dict, list[dict], int | None]] = []  # the item's states before each action
        self._shown_at, self._started = clock(), now()
        self._away, self._away_since = 0.0, None

    # -- where we are --------------------------------------------------------------------------

    @property
    def practising(self) -> bool:
        return bool(self.practice_items)

    @property
    def finished(self) -> bool:
        return self.step == FINISHED

    def start(self) -> Outcome:
        """The first screen: the practice round when it is due, else the first unanswered item."""
        if self.practice_items:
            self._show_practice(0)
            return Outcome("nothing")
        return self._first_open()

    def _first_open(self) -> Outcome:
        self.practice_items, self.feedback = [], None
        position = sequence.next_position(self.store, self.campaign_id, self.speaker_id)
        if position is None and adaptive.top_up(self.store, self.campaign_id, self.speaker_id):
            position = sequence.next_position(self.store, self.campaign_id, self.speaker_id)
        if position is None:
            self.step = FINISHED
            return Outcome("finished")
        self.show(position)
        return Outcome("nothing")

    def show(self, position: int) -> None:
        """Show a position of the speaker's sequence: its saved answer, or its draft if there is one."""
        self.position = position
        item = sequence.item_at(self.store, self.campaign_id, self.speaker_id, position)
        draft = self.store.one("select answers, note from drafts where campaign_id = ? and speaker_id = ? and "
                               "position = ?", [self.campaign_id, self.speaker_id, position])
        self._load(item, json.loads(draft["answers"]) if draft else None, draft["note"] if draft else None)

    def _show_practice(self, index: int) -> None:
        self.position = index
        self._load(self.practice_items[index], None, None)

    def _load(self, item: dict, draft: dict | None, draft_note: str | None) -> None:
        self.item, self.feedback, self._history = item, None, []
        self._drafted = draft is not None
        saved = dict(item["answer"] or {})
        begun = draft or {}
        self.note = draft_note if draft_note is not None else item["note"]
        self._shown_at, self._started = self.clock(), now()
        self._away = 0.0
        self._away_since = self.clock() if self._away_since is not None else None
        if self.task.marks_spans:
            spans = begun.get("spans", saved.get("spans"))
            self.marking = Marking(item["output"], spans)
            self.score = begun.get("score", saved.get("score"))
            self.partial = {}
            self.hints = set(hint_positions(item["output"], rejected_words(item, self.language))) \
                if self.hints_on and not self.practising else set()
            self.step = SCORE if begun.get("scoring") else MARK
        else:
            self.marking, self.score, self.hints = None, None, set()
            self.partial = dict(begun.get("partial", {})) if draft else saved
            self.step = QUESTION

    def questions(self) -> list[dict]:
        return [q for q in self.task.questions if applicable(q, self.partial)]

    def current_question(self) -> dict | None:
        """The first question not answered yet (``None``: every applicable one is answered)."""
        return next((q for q in self.questions() if q["id"] not in self.partial), None)

    def progress(self) -> tuple[int, int]:
        """(answered, total) of the real sequence."""
        return self.item.get("answered", 0), self.item.get("total", 0)

    def touched(self) -> bool:
        """Whether the item holds unfinished work: changed since it was shown, or a draft brought back."""
        return bool(self._history) or self._drafted

    # -- options ---------------------------------------------------------------------------------

    def choose(self, number: int) -> Outcome:
        """Answer the current question with option ``number`` (1-based); a complete item is committed."""
        if self.step != QUESTION:
            return Outcome("nothing")
        question = self.current_question()
        fresh = question is None  # answering a completed item again starts from its first question
        if fresh:
            question = next(q for q in self.task.questions if applicable(q, {}))
        options = question.get("options", [])
        if not 1 <= number <= len(options):
            return Outcome("nothing")
        self._remember()
        if fresh:
            self.partial = {}
        self.partial[question["id"]] = options[number - 1]["value"]
        if self.current_question() is None:
            return self.commit({q["id"]: self.partial[q["id"]] for q in self.questions()})
        self._save_draft()
        return Outcome("next_question")

    # -- error spans -----------------------------------------------------------------------------

    def move(self, step: int, extend: bool = False) -> Outcome:
        if self.step == MARK:
            self.marking.move(step, extend)
            return Outcome("changed")
        if self.step == SCORE and self.score is not None:
            return self.set_score(self.score + step)
        return Outcome("nothing")

    def go_to(self, position: int, extend: bool = False) -> Outcome:
        if self.step != MARK:
            return Outcome("nothing")
        self.marking.go_to(position, extend)
        return Outcome("changed")

    def mark(self, severity: str) -> Outcome:
        if self.step != MARK:
            return Outcome("nothing")
        self._remember()
        self.marking.mark(severity)
        self._save_draft()
        return Outcome("changed")

    def to_missing(self) -> Outcome:
        return self.go_to(self.marking.missing_position) if self.step == MARK else Outcome("nothing")

    def remove(self) -> Outcome:
        if self.step != MARK or self.marking.span_at(self.marking.cursor) is None:
            return Outcome("nothing")
        self._remember()
        self.marking.remove()
        self._save_draft()
        return Outcome("changed")

    def dismiss_hint(self) -> Outcome:
        """The speaker finds nothing wrong with the hinted word under the cursor: its hint goes."""
        if self.step != MARK or self.marking.cursor not in self.hints:
            return Outcome("nothing")
        self.hints.discard(self.marking.cursor)
        return Outcome("changed")

    def to_score(self) -> Outcome:
        """Done marking: the score comes next (it starts in the middle of its range, as a slider does)."""
        if self.step != MARK:
            return Outcome("nothing")
        self.step = SCORE
        if self.score is None:
            low, high = self.score_question()["range"]
            self.score = (low + high) // 2
        self._save_draft()
        return Outcome("changed")

    def back_to_marking(self) -> Outcome:
        if self.step != SCORE:
            return Outcome("nothing")
        self.step = MARK
        self._save_draft()
        return Outcome("changed")

    def score_question(self) -> dict:
        return next(q for q in self.task.questions if "range" in q)

    def set_score(self, value: int) -> Outcome:
        if self.step != SCORE:
            return Outcome("nothing")
        low, high = self.score_question()["range"]
        value = int(min(max(value, low), high))
        if value != self.score:
            self._remember()
            self.score = value
            self._save_draft()
        return Outcome("changed")

    def anchor(self, number: int) -> Outcome:
        """Number key ``number`` on the score: the anchor it names (1 → 0, 2 → 33, 3 → 66, 4 → 100)."""
        anchors = self.score_question().get("anchors", [])
        if self.step != SCORE or not 1 <= number <= len(anchors):
            return Outcome("nothing")
        return self.set_score(anchors[number - 1]["value"])

    def finish_spans(self) -> Outcome:
        """Enter on the score: the marks and the score are the answer."""
        if self.step != SCORE:
            return Outcome("nothing")
        low, _ = self.score_question()["range"]
        return self.commit(self.marking.answer(self.score if self.score is not None else low))

    # -- committing, moving, undoing -------------------------------------------------------------

    def commit(self, answers: dict) -> Outcome:
        """Save a complete answer (durable when this returns) and show the next item; a practice answer is
        explained instead and stored nowhere."""
        if self.practising:
            self.feedback = practice.feedback(self.item, answers)
            self.step = FEEDBACK
            return Outcome("feedback")
        self.record(self.position, answers, self.note, seconds=self.clock() - self._shown_at,
                    started_at=self._started, away_seconds=self.time_away())
        self.item["answer"] = answers
        self._history = []
        return self._next(Outcome("saved"))

    def record(self, position: int, answers: dict, note: str | None = None, *, seconds: float | None = None,
               started_at: str | None = None, away_seconds: float | None = None, medium: str | None = None) -> str:
        """Store an answer at a position of this speaker's sequence (the app, ``lyss review answer`` and
        paper forms alike); its draft goes in the same transaction. Returns the answer's uuid."""
        return recording.answer(self.store, self.campaign_id, self.speaker_id, position, answers, note, seconds,
                                started_at=started_at, away_seconds=away_seconds, medium=medium)

    def advance(self) -> Outcome:
        """Enter or →: after a practice explanation, the next practice item (or the real ones); on an
        answered item, the next one (``sequence.position_after``); else the speaker is asked to answer."""
        if self.step == FEEDBACK:
            if self.position + 1 < len(self.practice_items):
                self._show_practice(self.position + 1)
                return Outcome("nothing")
            practice.mark_done(self.store, self.campaign_id, self.speaker_id)
            self._first_open()
            return Outcome("practice_done" if not self.finished else "finished")
        if self.practising or self.finished:
            return Outcome("nothing")
        if self.step == MARK:
            return self.to_score()
        if self.step == SCORE:
            return self.finish_spans()
        if not self.item.get("answer") or self.touched():
            return Outcome("needs_answer")
        return self._next(Outcome("nothing"))

    def _next(self, outcome: Outcome) -> Outcome:
        position = sequence.position_after(self.store, self.campaign_id, self.speaker_id, self.position)
        if position is None and adaptive.top_up(self.store, self.campaign_id, self.speaker_id):
            position = sequence.position_after(self.store, self.campaign_id, self.speaker_id, self.position)
        if position is None:
            self.step = FINISHED
            return Outcome("finished" if outcome.what == "nothing" else outcome.what, outcome.position)
        self.show(position)
        return outcome

    def back(self) -> Outcome:
        """← : the previous item (its answer shown, to change or keep)."""
        if self.practising or self.position == 0 or self.finished:
            return Outcome("nothing")
        self.show(self.position - 1)
        return Outcome("changed")

    def skip(self) -> Outcome:
        """Leave this item unanswered for now (its draft stays) and go on to the next open one (round to
        the first when it is the last)."""
        if self.practising or self.finished:
            return Outcome("nothing")
        position = sequence.open_position_after(self.store, self.campaign_id, self.speaker_id, self.position)
        if position is None and adaptive.top_up(self.store, self.campaign_id, self.speaker_id):
            position = sequence.open_position_after(self.store, self.campaign_id, self.speaker_id, self.position)
        if position is None:
            self.step = FINISHED
            return Outcome("finished")
        self.show(position)
        return Outcome("skipped")

    def undo(self) -> Outcome:
        """Ctrl+Z: the last mark, score change or option of this item when it has one; on an untouched
        item, the previous answer (its position is shown again)."""
        if self.practising:
            return Outcome("nothing")
        if self._history:
            self.partial, spans, self.score = self._history.pop()
            if self.marking is not None:
                self.marking.spans = spans
            self._save_draft()
            return Outcome("undone_step")
        if self._drafted:  # a draft brought back (its steps are not known): back to the item as saved
            self._drop_draft()
            self.show(self.position)
            return Outcome("undone_step")
        position = recording.undo_last(self.store, self.campaign_id, self.speaker_id)
        if position is None:
            return Outcome("nothing")
        self.show(position)
        return Outcome("undone_answer", position)

    def set_note(self, text: str | None) -> Outcome:
        """A note on this item: saved with the answer at once when the item is answered, else kept in its
        draft until it is."""
        self.note = (text or "").strip() or None
        if self.practising:
            return Outcome("nothing")
        if self.item.get("answer") and not self.touched():
            self.record(self.position, self.item["answer"], self.note)
            self.item["note"] = self.note
            return Outcome("note_saved")
        self._save_draft()
        return Outcome("note_kept")

    # -- drafts ----------------------------------------------------------------------------------

    def _remember(self) -> None:
        spans = [dict(s) for s in self.marking.spans] if self.marking is not None else []
        self._history.append((dict(self.partial), spans, self.score))

    def _draft(self) -> dict:
        if self.marking is not None:
            return {"spans": self.marking.spans, "score": self.score, "scoring": self.step == SCORE}
        return {"partial": self.partial}

    def _save_draft(self) -> None:
        """Keep the unfinished item on disk (one small transaction): it survives a pause, a close, a crash."""
        if self.practising or self.finished:
            return
        with self.store.transaction() as db:
            db.execute("insert or replace into drafts (campaign_id, speaker_id, position, answers, note, updated_at) "
                       "values (?, ?, ?, ?, ?, ?)", [self.campaign_id, self.speaker_id, self.position,
                                                     dumps(self._draft()), self.note, now()])

    def _drop_draft(self) -> None:
        with self.store.transaction() as db:
            db.execute("delete from drafts where campaign_id = ? and speaker_id = ? and position = ?",
                       [self.campaign_id, self.speaker_id, self.position])

    def has_unsaved_work(self) -> bool:
        """Whether the item shown holds work that is not an answer yet (kept as a draft; a close asks)."""
        return not self.practising and not self.finished and self.touched()

    # -- time ------------------------------------------------------------------------------------

    def focus(self, active: bool) -> None:
        """The app went out of focus (another window, the laptop asleep) or came back: the time away is
        recorded with the answer, so the time per item counts only the time in front of it."""
        if active and self._away_since is not None:
            self._away += self.clock() - self._away_since
            self._away_since = None
        elif not active and self._away_since is None:
            self._away_since = self.clock()

    def time_away(self) -> float:
        ongoing = self.clock() - self._away_since if self._away_since is not None else 0.0
        return round(self._away + ongoing, 3)


def record_answer(store: Store, campaign_id: str, speaker_id: str, answers: Any, note: str | None = None,
                  position: int | None = None, medium: str | None = None) -> tuple[int | None, str | None]:
    """One answer from outside the app (``lyss review answer``, a paper form): checked against the task
    before anything is written, recorded through the speaker's session at ``position`` (default: the
    next unanswered item). Returns (position, uuid), or (None, None) when every item is answered.
    One transaction: an answer refused for any reason leaves nothing behind (not even the speaker's new
    sequence)."""
    task_defs.task(records.campaign(store, campaign_id)["task"]).validate(answers)
    if position is not None and (not isinstance(position, int) or position < 0):
        raise BadValue("--position", str(position), "must be a position of the speaker's sequence (0, 1, …)")
    with store.transaction():
        session = ReviewSession(store, campaign_id, speaker_id)
        if position is None:
            position = sequence.next_position(store, campaign_id, speaker_id)
            if position is None:
                return None, None
        return position, session.record(position, answers, note, medium=medium)
