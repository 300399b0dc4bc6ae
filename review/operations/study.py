"""The door's study family: agreement and correlations, decisions and verdicts, tiers, reweighting, research files,
the report for a community, the effect of pre-marks, and the offline experiments (loads the statistics: only the
faces that study import it)."""

from __future__ import annotations

from ..study import analyses, decisions, report, research_files, reweight, tiers, verdicts
from ..study.experiments import replay, simulation
from ..study.premark_effect import premark_effect
from ..study.report import community_report

__all__ = ["analyses", "community_report", "decisions", "premark_effect", "replay", "report", "research_files",
           "reweight", "simulation", "tiers", "verdicts"]
