"""How the item page (:class:`desktop.item_page.ItemPage`) moves its session, mixed into it: the session lives on the
database's engine (:mod:`desktop.engine`) — opened there, every move of it made there, one at a time, its outcome drawn
on the window's thread when it comes back — and the speaker's keys and clicks made meanwhile wait in a queue, each with
the moment it was made, and reach the session in that order. An adaptive campaign's next segment is served in the
background (a worker on a connection of the page's own); its end is told to the session on the engine before the keys
queued behind it."""

from __future__ import annotations

import time
from collections import deque
from typing import Any, Callable, NamedTuple

from review.operations.rating import sequence
from review.operations.rating import Outcome, ReviewSession
from review.operations.database import Store

from .background import OwnStore, in_background, wait_for_background
from .engine import engine
from .qt_common import friendly_error


class Moment(NamedTuple):
    """An action of the speaker's (a key, a click) or of the serving, and when it was made."""
    action: Callable[[], None]
    at: float


class EngineSide:
    """What the engine's thread reads and writes for the page: a plain object, never a Qt one (a widget is touched on
    the window's thread only) — the moment of the move being made, which is the session's clock."""

    def __init__(self):
        self.at = 0.0

    def clock(self) -> float:
        """When the key or click of the move being made was made, not when the engine came to it: a key queued behind
        a serving is timed as the speaker pressed it."""
        return self.at

    def made_at(self, at: float) -> None:
        """A move made at ``at`` — never before the move before it: a key pressed before its item was shown answered
        it at once."""
        self.at = max(self.at, at)

class ItemMoves:
    """The session's moves on the engine and the queue of what waits for them. The page owns ``session``, ``store``,
    the queues (``_queued``, ``_arrivals``), ``_in_flight`` and draws (``_after``, ``_draw``, ``_show_choosing``,
    ``_show_language``)."""

    def start(self, campaign_id: str, speaker_id: str, position: int | None = None) -> None:
        """Open the speaker's session on the engine (an adaptive campaign's first items are chosen there); meanwhile
        the page shows no item and keeps the keys pressed for the session. ``position``: the item to come back to."""
        self.campaign_id, self.speaker_id = campaign_id, speaker_id
        side = self._side = EngineSide()
        served = self._served = sequence.ServedElsewhere(lambda: None)  # served when its move comes back (_go_on)
        self._queued, self._arrivals, self.session = deque(), deque(), None
        self._show_choosing()
        opened_at = self.now()

        def open_session(store: Store) -> tuple[ReviewSession, Outcome | None]:
            side.made_at(opened_at)
            session = ReviewSession.open(store, campaign_id, speaker_id, clock=side.clock,
                                         serve_elsewhere=served)
            outcome = session.start()
            if position is not None and not session.practising and not session.waiting:
                session.show(position)
                outcome = None  # drawn as it is shown
            return session, outcome

        def opened(result: tuple[ReviewSession, Outcome | None]) -> None:
            if self._served is not served:
                return  # another session was opened meanwhile
            self.session, outcome = result
            self._show_language()
            if outcome is None:
                self._draw()
            else:
                self._after(outcome)
        self._hand(open_session, opened)

    def show_position(self, position: int) -> None:
        self._act(lambda: self._ask(lambda session: session.show(position), draw=True))

    @staticmethod
    def now() -> float:
        """The page's clock (seconds, monotonic), read on the window's thread when a key or click is made."""
        return time.perf_counter()

    def _act(self, action: Callable[[], None]) -> None:
        """Do an action of the speaker's now, or — while a move is on the engine, or the session waits for a segment
        served in the background — queue it: keys and clicks reach the session in the order they were made, and the
        window never waits. The session's writes are not told to the other pages (``background.tell``): none is in
        view while a speaker answers, each shows the answers when it is (a tab's refresh), the sync hears of them by
        :attr:`answered`."""
        moment = Moment(action, self.now())
        if self.keys_wait():
            self._queued.append(moment)
        else:
            self._do(moment)

    def _do(self, moment: Moment) -> None:
        """An action, its moves timed at the moment it was made."""
        self._pressed_at = moment.at
        try:
            moment.action()
        except Exception as exc:
            friendly_error(self, exc)
        finally:
            self._pressed_at = None

    def _hand(self, job: Callable[[Store], Any], delivered: Callable[[Any], None]) -> None:
        """A job of this page to the engine; ``delivered(result)`` draws it here when it comes back, then the keys
        queued meanwhile go on. The page reads its session only between its jobs."""
        self._in_flight += 1

        def done(result: Any) -> None:
            self._in_flight -= 1
            try:
                delivered(result)
            except Exception as exc:
                friendly_error(self, exc)
            self._go_on()
            if not self._in_flight:
                self.came_back.emit()

        def failed(exc: BaseException) -> None:
            self._in_flight -= 1
            friendly_error(self, exc)
            self._go_on()
        engine(self.store.path).hand(self, job, done, failed)

    def _ask(self, move: Callable[[ReviewSession], Outcome | None], resumed: bool = False,
             draw: bool = False) -> None:
        """A move of the session, made on the engine; its outcome drawn when it comes back (``draw``: a move with no
        outcome that shows another item)."""
        session = self.session
        if session is None:
            return  # no session open: nothing to move
        at, side = self._pressed_at if self._pressed_at is not None else self.now(), self._side

        def made(store: Store) -> Outcome | None:
            side.made_at(at)
            return move(session)

        def delivered(outcome: Outcome | None) -> None:
            if self.session is not session:
                return  # a session opened meanwhile is drawn by its own moves
            if outcome is not None:
                self._after(outcome, resumed)
            elif draw:
                self._draw()
        self._hand(made, delivered)

    def keys_wait(self) -> bool:
        """Whether a key now joins the queue: a move is on the engine, the session waits for a segment, or keys before
        it still wait."""
        return bool(self._queued or self._arrivals or self._in_flight) or (
            self.session is not None and self.session.waiting)

    def _serve_in_background(self, shown: int | None) -> None:
        """Serve on the page's own connection (``shown``: ahead, while the speaker reads it); when it ends, a session
        that waited for it goes on (on the engine, before any key queued behind it), then the keys pressed meanwhile,
        in order."""
        if self._preparing:
            return
        self._preparing = True
        campaign, speaker, served = self.campaign_id, self.speaker_id, self._served

        def arrived(session: ReviewSession, result: tuple[int, int]) -> Outcome | None:
            served.ended(result, ahead=shown is not None)  # this session's (one opened meanwhile has its own)
            return session.resume() if session.waiting else None

        def ready(result: tuple[int, int]) -> None:
            self._preparing = False
            self._arrive(lambda: self._ask(lambda session: arrived(session, result), resumed=True))

        def failed(exc: BaseException) -> None:
            self._preparing = False
            friendly_error(self, exc)  # the item stays shown, its answer saved: the next key asks again
            self._arrive(lambda: self._ask(lambda session: session.stop_waiting()))

        if self._serving is None or self._serving.path != self.store.path:
            self._serving = OwnStore(self.store.path, writes=True)
        in_background(self, self._serving.job(lambda store, progress: sequence.serving_job(
            store, campaign, speaker, shown)), ready, failed)

    def _arrive(self, action: Callable[[], None]) -> None:
        """A serving's end, told to the session now, or after the move on the engine (before the keys queued)."""
        moment = Moment(action, self.now())
        if self._in_flight:
            self._arrivals.append(moment)
        else:
            self._do(moment)

    def settle(self, seconds: float = 60.0) -> None:
        """At close: the moves on the engine, a move waiting for its segment and the keys pressed behind it are made
        before the window goes (the serving is let end, its result delivered): nothing a speaker pressed is lost."""
        if self.keys_wait():
            wait_for_background(seconds)

    def _go_on(self) -> None:
        """After a job came back: the segment the session asked for, then what waited, in order."""
        if not self._in_flight and not self._arrivals and self.session is not None and self.session.waiting:
            self._serve_in_background(None)  # the segment it asked for (unless one is being served, or has ended and
            # is still to be told: it is told first)
        while not self._in_flight:
            if self._arrivals:
                self._do(self._arrivals.popleft())
            elif self._queued and self.session is None:
                self._queued.clear()  # the session did not open: what was pressed for it has nothing to reach
            elif self._queued and not self.session.waiting:
                self._do(self._queued.popleft())
            else:
                break
