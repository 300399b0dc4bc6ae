"""Scoring a run and comparing runs: what ``lyss score``, ``lyss compare`` and the app's scoring view do,
in one place. The language is handed in: a :class:`Setup` (conventions, plugins, profile, notes and the
review profile) that a language pack prepares (``eval_standards.setup.prepare``); the engine never
looks a language up itself."""

from __future__ import annotations

from typing import Any, Callable, Protocol

from . import comparable, compare as comparing, engine, stats
from .conventions import LanguageConventions
from .rubric import Rubric
from .runcard import RunCard


class Setup(Protocol):
    """What a language pack hands the engine for one run."""
    conventions: LanguageConventions
    plugins: list
    profile: Rubric
    notes: list[str]
    review: dict


def score(card: RunCard, setup: Setup, **engine_options: Any) -> dict:
    """The scored run card (spec §9) of a run with a language pack's setup, with the setup's notes and the
    review profile the speakers' screens read."""
    scored = engine.score_run(card, setup.profile, conventions=setup.conventions, plugins=setup.plugins,
                              **engine_options)
    scored["lyss"]["notes"] = [*setup.notes, *_own_composite_note(card, scored)]
    scored["lyss"]["language"]["review"] = setup.review
    return scored


def _own_composite_note(card: RunCard, scored: dict) -> list[str]:
    """A harness report carries its own composite, made with the harness's weights over its own metrics: say why
    LYSS's composite (the Scoring Specification's profile) is another number."""
    overall = card.meta.get("overall") if isinstance(card.meta.get("overall"), dict) else {}
    own = ((overall.get("confidence_intervals") or {}).get("composite_score") or {}).get("score")
    ours = scored["scores"].get("composite")
    if not isinstance(own, (int, float)) or isinstance(own, bool) or ours is None or round(own, 4) == round(ours, 4):
        return []
    weights = ", ".join(scored["scores"].get("composite_weights", {}))
    return [f"the report's own composite, {own:.4f}, is the harness's: its weights over its own metrics. LYSS's "
            f"composite, {ours:.4f}, follows the Scoring Specification (profile {scored['lyss']['profile']['name']}: "
            f"{weights}), so the two are different numbers; compare runs with LYSS's"]


def compare(cards: list[RunCard], setup_for: Callable[[RunCard], Setup], metric: str = "composite",
            seed: int = stats.DEFAULT_SEED, n_bootstrap: int = stats.DEFAULT_RESAMPLES, n_trials: int = 10000,
            progress=None, allow_profile_mismatch: bool = False) -> dict:
    """Paired significance of two or more runs over the same entries (matched by id), each scored with the
    setup the language pack prepares for the first; see :func:`scoring.compare.compare_runs`. A composite
    compared with one scored elsewhere under another profile is refused unless ``allow_profile_mismatch``
    (:func:`scoring.comparable.refuse_mixed_profiles`)."""
    cards = comparing.align(cards)
    setup = setup_for(cards[0])
    if metric == "composite":
        named = {card.path: comparable.scored_with(card.meta) for card in cards}
        here = comparable.described(setup.profile.name, [plugin.info() for plugin in setup.plugins])
        comparable.refuse_mixed_profiles({**named, "scoring here": here}, allow_profile_mismatch)
    runs = []
    for k, card in enumerate(cards):
        if progress is not None:
            progress(f"scoring {card.path}", 0.8 * k / len(cards))
        runs.append(engine.score(card, setup.profile, conventions=setup.conventions, plugins=setup.plugins,
                                 seed=seed, n_bootstrap=n_bootstrap))
    if progress is not None:
        progress("significance", 0.8)
    return {**comparing.compare_runs(runs, setup.profile, metric, seed, n_bootstrap, n_trials),
            "baseline": runs[0].name, "profile": setup.profile.name}
