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

import time
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Callable

from scoring.errors import BadValue

from . import practice
from .. import tasks as task_defs
from ..records.catalogue import campaign
from ..store import Store, now
from ..tasks.base import Task, applicable
from ..tasks import premarks
from ..tasks.error_spans import Marking, hint_positions, rejected_words
from ..records.answers import Answers
from .sequence import Sequence, ServingUnderWay


class Step(StrEnum):
    """Where the speaker is on the item shown."""
    QUESTION = "question"  # numbered options
    MARK = "mark"  # marking error spans
    SCORE = "score"  # the score after the marks
    FEEDBACK = "feedback"  # a practice answer explained
    FINISHED = "finished"  # nothing left to answer


QUESTION, MARK, SCORE, FEEDBACK, FINISHED = Step


class What(StrEnum):
    """What an action did, for the screen to say."""
    SAVED = "saved"  # an answer is on disk and the next item is shown
    NEXT_QUESTION = "next_question"
    CHANGED = "changed"  # a mark, a move, a score
    SKIPPED = "skipped"
    FEEDBACK = "feedback"  # a practice answer explained
    PRACTICE_DONE = "practice_done"
    FINISHED = "finished"
    NEEDS_ANSWER = "needs_answer"  # Enter on an unanswered item
    UNDONE_STEP = "undone_step"  # the last mark or option taken back
    UNDONE_ANSWER = "undone_answer"  # the previous answer removed: the outcome's ``position`` says which
    NOTHING = "nothing"
    NOTE_SAVED = "note_saved"
    NOTE_KEPT = "note_kept"
    WAITING = "waiting"  # the next segment is being served elsewhere: the item stays shown until ``resume``


SAME_ITEM = frozenset({What.CHANGED, What.NEXT_QUESTION, What.UNDONE_STEP, What.NOTHING, What.NEEDS_ANSWER,
                       What.NOTE_SAVED, What.NOTE_KEPT, What.WAITING})


@dataclass
class Outcome:
    """What an action did (:class:`What`), and for an undone answer, at which position; ``saved``: an answer went to
    disk (also when the session then waits for its next segment)."""
    what: What
    position: int | None = None
    saved: bool = False

    @property
    def same_item(self) -> bool:
        """Whether the action left the speaker on the item shown (the screen redraws only what changed)."""
        return self.what in SAME_ITEM


class ReviewSession:
    """One speaker in one campaign: walks the ``sequence``, writes through ``answers``, asks what ``task``
    asks. Holds no SQL. ``clock`` (seconds, monotonic) is replaceable for tests."""

    def __init__(self, sequence: Sequence, answers: Answers, task: Task,
                 clock: Callable[[], float] = time.monotonic):
        self.sequence, self.answers, self.task, self.clock = sequence, answers, task, clock
        settings = sequence.campaign["settings"]
        self.language = settings.get("language") or {"display": [], "items": {}, "tasks": {}}
        self.hints_on = bool(settings.get("hints"))
        self.open_ended = sequence.open_ended
        self.practice_items = sequence.practice()
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
        self._moved_on_by_itself = False  # an answer just showed this item: an Enter already on its way is no request
        self._resume: Callable[[], Outcome] | None = None  # the move waiting for a segment served elsewhere

    @classmethod
    def open(cls, store: Store, campaign_id: str, speaker_id: str, clock: Callable[[], float] = time.monotonic,
             serve_elsewhere: Callable[[int], int | None] | None = None) -> "ReviewSession":
        """A speaker's session in a campaign (joining them to it the first time). ``serve_elsewhere``: an adaptive
        campaign's segments are served by it (:class:`Sequence`); a move that needs one then *waits*
        (:attr:`waiting`) instead of serving, and :meth:`resume` makes it when that serving has ended."""
        sequence = Sequence(store, campaign_id, speaker_id, serve_elsewhere)
        task = task_defs.task(sequence.campaign["task"])
        return cls(sequence, Answers(store, campaign_id, speaker_id), task, clock)

    # -- where we are --------------------------------------------------------------------------

    @property
    def practising(self) -> bool:
        return bool(self.practice_items)

    @property
    def takes_notes(self) -> bool:
        """A note belongs to a real item: none in the practice round, none once finished."""
        return not self.practising and not self.finished

    @property
    def finished(self) -> bool:
        return self.step == FINISHED

    @property
    def waiting(self) -> bool:
        """A move waits for a segment being served elsewhere (the answer before it is on disk already)."""
        return self._resume is not None

    def resume(self) -> Outcome:
        """The move that waited, once its segment's serving has ended (it may wait again: a serving elsewhere
        that found another under way)."""
        move, self._resume = self._resume, None
        return move() if move is not None else Outcome(What.NOTHING)

    def stop_waiting(self) -> None:
        """Give up the move that waited (its serving failed): the item stays shown, and the next move asks again."""
        self._resume = None

    def _waits(self, move: Callable[[], Outcome], outcome: Outcome) -> Outcome:
        self._resume = move
        return Outcome(What.WAITING, outcome.position, saved=outcome.what == What.SAVED)

    def start(self) -> Outcome:
        """The first screen: the practice round when it is due, else the first unanswered item."""
        if self.practice_items:
            self._show_practice(0)
            return Outcome(What.NOTHING)
        return self._first_open()

    def _first_open(self, then: Outcome | None = None) -> Outcome:
        self.practice_items, self.feedback = [], None
        try:
            position = self.sequence.first_open()
        except ServingUnderWay:
            return self._waits(lambda: self._first_open(then), then or Outcome(What.NOTHING))
        if position is None:
            self.step = FINISHED
            return Outcome(What.FINISHED)
        self.show(position)
        return then or Outcome(What.NOTHING)

    def show(self, position: int) -> None:
        """Show a position of the speaker's sequence: its saved answer, or its draft if there is one."""
        self.position = position
        self._load(self.sequence.item(position), *self.answers.draft(position))

    def _show_practice(self, index: int) -> None:
        self.position = index
        self._load(self.practice_items[index], None, None)

    def _load(self, item: dict, draft: dict | None, draft_note: str | None) -> None:
        self.item, self.feedback, self._history = item, None, []
        self._moved_on_by_itself = False
        self._drafted = draft is not None
        saved = dict(item["answer"] or {})
        begun = draft or {}
        self.note = draft_note if draft_note is not None else item["note"]
        self._shown_at, self._started = self.clock(), now()
        self._away = 0.0
        self._away_since = self.clock() if self._away_since is not None else None
        if self.task.marks_spans:
            self.proposed = begun.get("premarks", saved.get("premarks"))
            if self.proposed is None:  # a fresh item: the pre-marks its campaign serves, already placed
                self.proposed = list(item.get("premarks") or []) if self.practising else [] if saved else \
                    premarks.served(item, self.sequence.campaign["settings"], self.sequence.campaign_id,
                                    self.sequence.speaker_id)
            placed = [premarks.placed(m) for m in self.proposed] if not saved and not draft else None
            self.marking = Marking(item["output"], begun.get("spans", saved.get("spans", placed)))
            self.score = begun.get("score", saved.get("score"))
            self.partial = {}
            self.hints = set(hint_positions(item["output"], rejected_words(item, self.language))) \
                if self.hints_on and not self.practising else set()
            self.step = SCORE if begun.get("scoring") else MARK
        else:
            self.marking, self.score, self.hints, self.proposed = None, None, set(), []
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
            return Outcome(What.NOTHING)
        question = self.current_question()
        fresh = question is None  # answering a completed item again starts from its first question
        if fresh:
            question = next(q for q in self.task.questions if applicable(q, {}))
        options = question.get("options", [])
        if not 1 <= number <= len(options):
            return Outcome(What.NOTHING)
        self._remember()
        if fresh:
            self.partial = {}
        self.partial[question["id"]] = options[number - 1]["value"]
        if self.current_question() is None:
            return self.commit({q["id"]: self.partial[q["id"]] for q in self.questions()})
        self._save_draft()
        return Outcome(What.NEXT_QUESTION)

    # -- error spans -----------------------------------------------------------------------------

    def move(self, step: int, extend: bool = False) -> Outcome:
        if self.step == MARK:
            self.marking.move(step, extend)
            return Outcome(What.CHANGED)
        if self.step == SCORE and self.score is not None:
            return self.set_score(self.score + step)
        return Outcome(What.NOTHING)

    def go_to(self, position: int, extend: bool = False) -> Outcome:
        if self.step != MARK:
            return Outcome(What.NOTHING)
        self.marking.go_to(position, extend)
        return Outcome(What.CHANGED)

    def mark(self, severity: str) -> Outcome:
        if self.step != MARK:
            return Outcome(What.NOTHING)
        self._remember()
        self.marking.mark(severity)
        self._save_draft()
        return Outcome(What.CHANGED)

    def to_missing(self) -> Outcome:
        return self.go_to(self.marking.missing_position) if self.step == MARK else Outcome(What.NOTHING)

    def next_mark(self) -> Outcome:
        """Tab: the cursor to the next mark (a pre-mark to keep, drop with Delete, or re-grade with 1 or 2)."""
        if self.step != MARK or not self.marking.next_mark():
            return Outcome(What.NOTHING)
        return Outcome(What.CHANGED)

    def remove(self) -> Outcome:
        if self.step != MARK or self.marking.span_at(self.marking.cursor) is None:
            return Outcome(What.NOTHING)
        self._remember()
        self.marking.remove()
        self._save_draft()
        return Outcome(What.CHANGED)

    def dismiss_hint(self) -> Outcome:
        """The speaker finds nothing wrong with the hinted word under the cursor: its hint goes."""
        if self.step != MARK or self.marking.cursor not in self.hints:
            return Outcome(What.NOTHING)
        self.hints.discard(self.marking.cursor)
        return Outcome(What.CHANGED)

    def to_score(self) -> Outcome:
        """Done marking: the score comes next (it starts in the middle of its range, as a slider does)."""
        if self.step != MARK:
            return Outcome(What.NOTHING)
        self.step = SCORE
        if self.score is None:
            low, high = self.task.score_question["range"]
            self.score = (low + high) // 2
        self._save_draft()
        return Outcome(What.CHANGED)

    def back_to_marking(self) -> Outcome:
        if self.step != SCORE:
            return Outcome(What.NOTHING)
        self.step = MARK
        self._save_draft()
        return Outcome(What.CHANGED)

    def set_score(self, value: int) -> Outcome:
        if self.step != SCORE:
            return Outcome(What.NOTHING)
        low, high = self.task.score_question["range"]
        value = int(min(max(value, low), high))
        if value != self.score:
            self._remember()
            self.score = value
            self._save_draft()
        return Outcome(What.CHANGED)

    def anchor(self, number: int) -> Outcome:
        """Number key ``number`` on the score: the anchor it names (1 → 0, 2 → 33, 3 → 66, 4 → 100)."""
        anchors = self.task.score_question.get("anchors", [])
        if self.step != SCORE or not 1 <= number <= len(anchors):
            return Outcome(What.NOTHING)
        return self.set_score(anchors[number - 1]["value"])

    def finish_spans(self) -> Outcome:
        """Enter on the score: the marks and the score are the answer."""
        if self.step != SCORE:
            return Outcome(What.NOTHING)
        low, _ = self.task.score_question["range"]
        answer = self.marking.answer(self.score if self.score is not None else low)
        return self.commit({**answer, "premarks": self.proposed} if self.proposed else answer)

    # -- committing, moving, undoing -------------------------------------------------------------

    def commit(self, answers: dict) -> Outcome:
        """Save a complete answer (durable when this returns) and show the next item; a practice answer is
        explained instead and stored nowhere."""
        if self.practising:
            self.feedback = practice.feedback(self.item, answers)
            self.step = FEEDBACK
            return Outcome(What.FEEDBACK)
        self.answers.record(self.position, answers, self.note, seconds=self.clock() - self._shown_at,
                            started_at=self._started, away_seconds=self.time_away())
        self.item["answer"] = answers
        self._history = []
        return self._next(Outcome(What.SAVED))

    def advance(self) -> Outcome:
        """Enter or →: after a practice explanation, the next practice item (or the real ones); on an
        answered item, the next one (``Sequence.after``); else the speaker is asked to answer."""
        if self.step == FEEDBACK:
            if self.position + 1 < len(self.practice_items):
                self._show_practice(self.position + 1)
                return Outcome(What.NOTHING)
            self.sequence.practice_done()
            return self._first_open(Outcome(What.PRACTICE_DONE))
        if self.practising or self.finished:
            return Outcome(What.NOTHING)
        if self.step == MARK:
            return self.to_score()
        if self.step == SCORE:
            return self.finish_spans()
        if not self.item.get("answer") or self.touched():
            if self._moved_on_by_itself and not self.touched():
                # the page moved on by itself when the last answer was given: a speaker's Enter after their choice
                # (a habit, or pressed as the page changed) is not a request to leave an item they have not read
                self._moved_on_by_itself = False
                return Outcome(What.NOTHING)
            return Outcome(What.NEEDS_ANSWER)
        return self._next(Outcome(What.NOTHING))

    def _next(self, outcome: Outcome) -> Outcome:
        try:
            position = self.sequence.after(self.position)
        except ServingUnderWay:
            return self._waits(lambda: self._next(outcome), outcome)
        if position is None:
            self.step = FINISHED
            return Outcome(What.FINISHED if outcome.what == "nothing" else outcome.what, outcome.position)
        self.show(position)
        self._moved_on_by_itself = outcome.what == What.SAVED
        return outcome

    def back(self) -> Outcome:
        """← : the previous item (its answer shown, to change or keep)."""
        if self.practising or self.position == 0 or self.finished:
            return Outcome(What.NOTHING)
        self.show(self.position - 1)
        return Outcome(What.CHANGED)

    def skip(self) -> Outcome:
        """Leave this item unanswered for now (its draft stays) and go on to the next open one (round to
        the first when it is the last)."""
        if self.practising or self.finished:
            return Outcome(What.NOTHING)
        if not self.item.get("answer"):
            self.answers.skip(self.position)
        return self._skip_to_open()

    def _skip_to_open(self) -> Outcome:
        try:
            position = self.sequence.open_after(self.position)
        except ServingUnderWay:
            return self._waits(self._skip_to_open, Outcome(What.SKIPPED))
        if position is None:
            self.step = FINISHED
            return Outcome(What.FINISHED)
        self.show(position)
        return Outcome(What.SKIPPED)

    def undo(self) -> Outcome:
        """Ctrl+Z: the last mark, score change or option of this item when it has one; on an untouched
        item, the previous answer (its position is shown again)."""
        if self.practising:
            return Outcome(What.NOTHING)
        if self._history:
            self.partial, spans, self.score = self._history.pop()
            if self.marking is not None:
                self.marking.spans = spans
            self._save_draft()
            return Outcome(What.UNDONE_STEP)
        if self._drafted:  # a draft brought back (its steps are not known): back to the item as saved
            self._drop_draft()
            self.show(self.position)
            return Outcome(What.UNDONE_STEP)
        position = self.answers.undo_last()
        if position is None:
            return Outcome(What.NOTHING)
        self.show(position)
        return Outcome(What.UNDONE_ANSWER, position)

    def set_note(self, text: str | None) -> Outcome:
        """A note on this item: saved with the answer at once when the item is answered, else kept in its
        draft until it is."""
        if not self.takes_notes:
            return Outcome(What.NOTHING)
        self.note = (text or "").strip() or None
        if self.item.get("answer") and not self.touched():
            self.answers.record(self.position, self.item["answer"], self.note)
            self.item["note"] = self.note
            return Outcome(What.NOTE_SAVED)
        self._save_draft()
        return Outcome(What.NOTE_KEPT)

    # -- drafts ----------------------------------------------------------------------------------

    def _remember(self) -> None:
        spans = [dict(s) for s in self.marking.spans] if self.marking is not None else []
        self._history.append((dict(self.partial), spans, self.score))

    def _draft(self) -> dict:
        if self.marking is not None:
            return {"spans": self.marking.spans, "score": self.score, "scoring": self.step == SCORE,
                    "premarks": self.proposed}
        return {"partial": self.partial}

    def _save_draft(self) -> None:
        """Keep the unfinished item on disk: it survives a pause, a close, a crash."""
        if not self.practising and not self.finished:
            self.answers.save_draft(self.position, self._draft(), self.note)

    def _drop_draft(self) -> None:
        self.answers.drop_draft(self.position)

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
                  position: int | None = None, medium: str | None = None, keep: list[int] | None = None,
                  drop: list[int] | None = None, replace: bool = False) -> tuple[int | None, str | None]:
    """One answer from outside the app (``lyss review answer``, a paper form): checked against the task
    before anything is written, recorded at ``position`` of the speaker's sequence (default: the next
    unanswered item). Returns (position, uuid), or (None, None) when every item is answered. ``keep`` and
    ``drop`` (a task that marks spans): the pre-marks the item is served with, by their number in order (0, 1,
    …), kept among the answer's spans or dropped; once either is given, a pre-mark neither names is kept, as on
    the screen. Without either, the answer is recorded as given (as from a paper form: no pre-marks shown).
    A position answered already is refused unless ``replace`` (the refusal says the answer there in the task's
    words). One transaction: an answer refused for any reason leaves nothing behind (not even the speaker's new
    sequence)."""
    task = task_defs.task(campaign(store, campaign_id)["task"])
    task.validate(answers)
    if position is not None and (not isinstance(position, int) or position < 0):
        raise BadValue("--position", str(position), "must be a position of the speaker's sequence (0, 1, …)")
    if (keep or drop) and not task.marks_spans:
        raise BadValue("--keep", "", "pre-marks are kept or dropped in a task that marks error spans (E)")
    with store.transaction():
        served = Sequence(store, campaign_id, speaker_id)
        if position is None:
            position = served.first_open()
            if position is None:
                return None, None
        elif not replace:
            previous = served.item(position)
            if previous["answer"] is not None:
                saved = task.answer_words(previous["answer"], previous["output"] or "")
                raise BadValue("--position", str(position),
                               f"is answered already ({saved}): add --replace to replace that answer")
        if keep or drop:
            answers = _with_premarks(answers, served, position, keep or [], drop or [])
        return position, Answers(store, campaign_id, speaker_id).record(position, answers, note, medium=medium)


def _with_premarks(answers: dict, served: Sequence, position: int, keep: list[int], drop: list[int]) -> dict:
    """An answer given outside the app, with the pre-marks its item is served with: those not dropped join its
    spans, and the answer records what was proposed."""
    proposed = premarks.served(served.item(position), served.campaign["settings"], served.campaign_id,
                               served.speaker_id)
    wrong = next((n for n in [*keep, *drop] if not 0 <= n < len(proposed)), None)
    if wrong is not None or set(keep) & set(drop):
        raise BadValue("--keep/--drop", str(wrong if wrong is not None else sorted(set(keep) & set(drop))[0]),
                       f"the item has {len(proposed)} pre-marks, numbered from 0; each is kept or dropped once")
    return premarks.joined(answers, proposed, drop)
