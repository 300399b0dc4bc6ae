"""Direct assessments imported from public data (MLQE-PE): no speaker answers them here
(``review.study.research_files.import_da``)."""

from __future__ import annotations

from .base import Task


class DirectAssessment(Task):
    code = "DA"
