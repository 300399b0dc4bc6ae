"""Speakers at work on a real review database (issue 51): several speakers answer through the real sequences,
sessions and store, in the order real people produce — some skip the outputs they find bad and come back to them
last, some take eleven times longer over a ruined output — and the campaign's decisions are read with
``review.study.decisions``, as ``lyss study status`` reads them."""

from __future__ import annotations

import heapq
import json
import random
from pathlib import Path

from review import records
from review.rating import campaigns, practice, sequence
from review.rating.session import ReviewSession, What
from review.records import catalogue
from review.store import Store
from review.study import decisions
from scoring import engine, runcard
from scoring.rubric import load_profile


def scored_run(folder: Path, name: str, outputs: list[str]) -> dict:
    """A scored run card of the given outputs (one entry each, the same sources for every run), as loaded."""
    entries = [{"id": str(k), "source": f"source {k}", "reference": f"tânisi {k}", "predicted": text}
               for k, text in enumerate(outputs)]
    folder.mkdir(parents=True, exist_ok=True)
    card = folder / f"{name}.json"
    card.write_text(json.dumps({"entries": entries, "model_slug": name}), "utf-8")
    out = folder / f"{name}.scored.json"
    runcard.write_json_atomic(out, engine.score_run(runcard.load(str(card)), load_profile("B"), n_bootstrap=10))
    return catalogue.load_scored(str(out))


def _speakers(store: Store, campaign_id: str, count: int) -> list[str]:
    found = [records.speakers.add_speaker(store, f"Speaker {k}", "study") for k in range(count)]
    for speaker in found:
        practice.mark_done(store, campaign_id, speaker)
    return found


def parallel_speakers(path: Path, runs: list[dict], question: dict, value, seconds, count: int = 5) -> dict:
    """An adaptive campaign asking ``question`` (task E), ``count`` speakers at once: each is served a segment when
    free and answers its outputs one by one, an output taking ``seconds(output)``; an answer is recorded when it
    is finished (so in the order of the clock, not of serving). ``value(output)``: the score it gets. Returns the
    campaign's status once no speaker has anything more to rate."""
    store = Store(path, create=True)
    cid = campaigns.create_adaptive_campaign(store, runs, "E", question=question)
    speakers = _speakers(store, cid, count)
    walks = {s: sequence.Sequence(store, cid, s) for s in speakers}
    events: list[tuple[float, int, str, int]] = []
    tick = 0

    def start(now: float, speaker: str) -> None:
        nonlocal tick
        position = walks[speaker].first_open()
        if position is not None:
            output = records.sequences.item_at(store, cid, speaker, position)["output"]
            tick += 1
            heapq.heappush(events, (now + seconds(output), tick, speaker, position))

    for speaker in speakers:
        start(0.0, speaker)
    while events:
        now, _, speaker, position = heapq.heappop(events)
        output = records.sequences.item_at(store, cid, speaker, position)["output"]
        records.answers.answer(store, cid, speaker, position, {"spans": [], "score": value(output)})
        start(now, speaker)
    found = decisions.status(store, cid)
    store.close()
    return found


def skipping_speakers(path: Path, run: dict, adequacy, skip: float, rng: random.Random, count: int = 3) -> dict:
    """A fixed campaign of task A (three ratings an item), ``count`` speakers taking turns in the app's session:
    each answers the item shown with ``adequacy(output)`` (for both questions), except that an output rated below 4
    is skipped with probability ``skip`` the first time it is shown (it comes back after the others, as the app's
    Skip does). Returns the campaign's status."""
    store = Store(path, create=True)
    cid = campaigns.create_campaign(store, run, "A", raters=count)
    sessions = [ReviewSession.open(store, cid, s) for s in _speakers(store, cid, count)]
    for session in sessions:
        session.start()
    skipped: set[tuple[int, int]] = set()
    while any(not s.finished for s in sessions):
        for k, session in enumerate(sessions):
            if session.finished:
                continue
            value = adequacy(session.item["output"])
            if value < 4 and (k, session.position) not in skipped and rng.random() < skip:
                skipped.add((k, session.position))
                session.skip()
                continue
            if session.choose(value).what == What.NEXT_QUESTION:
                session.choose(value)  # fluency, the second question
    found = decisions.status(store, cid)
    store.close()
    return found
