"""The records: each family of tables has one module here that alone writes its rows and is their reader of record
(docs/architecture.md has the table of who writes what). The rooms above (``review.rating``, ``review.exchange``,
``review.study``) ask these modules and hold no SQL of their own; the store below owns the file, the transactions,
the schema and the generic merge writes.

- ``catalogue``: runs, items, campaigns and their lists of items, human scores; a campaign's same outputs.
- ``speakers``: speakers, their consent, preferences; the one "active speaker" rule.
- ``answers``: answers (ratings), their history, drafts, skips.
- ``sequences``: a speaker's sequence in a campaign (assignments), the positions a screen walks.
- ``laptops``: enrolments, revocations, hand-overs, trust, names; the one rule of who may record what.
- ``withdrawals``: withdrawals and undos (tombstones) carried out — answers, history and a speaker's local rows
  deleted, the speaker's name and details cleared — here and, handed down, in every backup and restore.
- ``revocations``: what a revoked laptop signed from its revocation's time on, dropped or put back.
- ``lagging``: laptops behind their own rows (relayed until they carry them again).
- ``shared_folder``: the folder this laptop syncs, its files as last seen, the rows that wait for what they need.
- ``payload``: what this laptop's bundles carry of every travelling table (a reader only).
"""

from . import answers, catalogue, lagging, laptops, payload, sequences, shared_folder, speakers

__all__ = ["answers", "catalogue", "lagging", "laptops", "payload", "sequences", "shared_folder", "speakers"]
