"""The door's records family: the rows the faces read and the few they write directly — speakers and their
preferences, answers, sequences, laptops, the catalogue of runs and campaigns, terms, exports and take-outs, the
shared folder."""

from __future__ import annotations

from ..records import (answers, catalogue, exports, laptops, restoring, sequences, shared_folder, speakers, take_out,
                       terms)

__all__ = ["answers", "catalogue", "exports", "laptops", "restoring", "sequences", "shared_folder", "speakers",
           "take_out", "terms"]
