"""The metric-plugin protocol: how language packs (``eval_standards``) add LYSS metrics.

A plugin fills score slots the engine carries as ``null`` until then (``fst_acceptance_rate``,
``equivalent_match_rate``, ``semantic_score``, ``orthographic_accuracy``, ``morphological_accuracy``…).
The engine never imports a plugin by name: callers hand it plugin objects.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol, runtime_checkable

from .runcard import Entry

Columns = dict[str, tuple[list[float], list[float]]]


@runtime_checkable
class MetricPlugin(Protocol):
    """One LYSS metric family.

    - ``name``: a short identifier recorded in the run card (``lyss-fst``).
    - ``provides``: the ``scores`` keys it fills.
    - ``availability()``: ``None`` when it can run, otherwise the reason it cannot (and how to fix it).
    - ``compute(entry)``: the per-entry result, a JSON-able dict stored under the entry's ``lyss``.
    - ``aggregate(results)``: the corpus values for ``provides`` (``None`` with a reason when they
      cannot be computed) plus any extra keys (counts, class tallies).
    - ``columns(results)``: per-entry (numerator, denominator) pairs for each composite metric it
      provides; the corpus value is Σnum / Σden. The engine resamples these for confidence intervals
      and uses num/den as the entry's own value in the per-entry breakdown.
    """

    name: str
    provides: tuple[str, ...]

    def availability(self) -> str | None: ...

    def compute(self, entry: Entry) -> dict[str, Any]: ...

    def aggregate(self, results: list[dict[str, Any]]) -> dict[str, Any]: ...

    def columns(self, results: list[dict[str, Any]]) -> Columns: ...


class BasePlugin:
    """The optional hooks, declared with their defaults: always available, no columns, no
    code-switching hook, no cache, nothing to prepare."""

    name = "plugin"
    provides: tuple[str, ...] = ()
    #: optional ``token -> bool``: is this output word a contact-language word? (code-switching)
    leaked_word: Callable[[str], bool] | None = None
    #: what the per-entry results depend on besides the entries (analyser and data fingerprints);
    #: ``None``: never cached
    cache_id: str | None = None

    def availability(self) -> str | None:
        return None

    def start_run(self, entries: list[Entry]) -> None:
        """Called once per run before anything is computed (cheap: e.g. note the run's vocabulary)."""

    def prepare(self, entries: list[Entry]) -> None:
        """Called before ``compute`` when results are not cached (batch work: look up every word at once)."""

    def info(self) -> dict[str, Any]:
        """Extra facts recorded in the scored run card's ``lyss.plugins``."""
        return {}

    def columns(self, results: list[dict[str, Any]]) -> Columns:
        return {}

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "provides": list(self.provides), "available": self.availability() is None,
                "reason": self.availability()}
