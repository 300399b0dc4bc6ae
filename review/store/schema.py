"""The review database's tables, declared once.

Everything else is derived from :data:`TABLES`: creating a new database and upgrading an old one
(:func:`create_missing`), the columns and types a bundle row must have (``review.exchange.bundle_checks``),
what a bundle carries (``review.exchange.bundles``) and which columns a row's signature covers
(``review.store.signing``). A column is one of five kinds:

- ``text``, ``integer``, ``number`` (a finite float), ``json`` (text holding a JSON object) and
  ``timestamp`` (UTC, ``2026-01-31T12:00:00.000000Z``, so that it sorts as text).

A table *travels* when bundles carry it; within it, a *local* column never leaves this laptop (a
speaker's name, whether they withdrew here) and a *private* one neither. Every travelling row is
signed by its author: ``signer`` (an Ed25519 public key) and ``signature`` over the row's
travelling columns (:func:`signed_columns`); campaigns, enrolments and tombstones carry signatures
of their own older forms (``review.store.signing``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

TEXT, INTEGER, NUMBER, JSON, TIMESTAMP = "text", "integer", "number", "json", "timestamp"
SQL_TYPES = {TEXT: str, INTEGER: int, NUMBER: float, JSON: str, TIMESTAMP: str}


@dataclass(frozen=True)
class Column:
    name: str
    kind: str = TEXT
    nullable: bool = True
    local: bool = False  # stays on this laptop: never in a bundle, never signed
    default: object = None
    since: int = 0  # the schema version that added a travelling column: a row signed before it (empty there)
    #                 is signed without it, and a bundle of an older version lacks it (read as empty)


@dataclass(frozen=True)
class Table:
    name: str
    columns: tuple[Column, ...]
    pk: tuple[str, ...]
    travels: bool = True
    signed: str | None = "row"  # "row": signer + signature over the row; "campaign", "enrolment", "tombstone":
    #                             the older per-kind messages of review.store.signing; None: covered by another row
    foreign_keys: tuple[tuple[str, str, str], ...] = ()
    indexes: tuple[tuple[tuple[str, ...], bool], ...] = ()  # (columns, unique)
    choices: dict[str, frozenset] = field(default_factory=dict)
    identity: tuple[str, ...] = ()  # what names a row across laptops, when the primary key is local
    merge: str | None = None  # how a bundle's rows meet the stored ones (one of MERGE_RULES; travelling tables)
    stamp: str | None = None  # for SMALLEST: the column whose earliest value wins (then the smaller canonical JSON)
    refers: tuple[tuple[str, str], ...] = ()  # (column, table): references a bundle's checks hold that SQL does not

    @property
    def references(self) -> tuple[tuple[str, str], ...]:
        """(column, table) for every row id this table names: its foreign keys and the ones only checked."""
        return tuple((column, table) for column, table, _ in self.foreign_keys) + self.refers

    @property
    def key(self) -> tuple[str, ...]:
        return self.identity or self.pk

    def column(self, name: str) -> Column:
        return next(c for c in self.columns if c.name == name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)

    @property
    def travelling(self) -> tuple[str, ...]:
        """The columns a bundle row of this table has, exactly."""
        return tuple(c.name for c in self.columns if not c.local)


# How a bundle's row meets the stored one with the same key (review.exchange.bundles): every rule picks one
# version whatever the order of arrival, so that the tables are a function of the set of bundles merged.
SMALLEST = "smallest"  # the earliest ``stamp``, then the smaller canonical JSON
KEEP = "keep"  # rows that never change once written: what is new is inserted, the rest is there already
NEWEST_SIGNED = "newest signed"  # the registering laptop's newest version (a speaker); a withdrawal stays
LATEST_ANSWER = "latest answer"  # per uuid and per (campaign, speaker, position): the latest ``updated_at``
TOMBSTONE = "tombstone"  # a deletion, carried out where its author may delete
MERGE_RULES = (SMALLEST, KEEP, NEWEST_SIGNED, LATEST_ANSWER, TOMBSTONE)


def _signed_by(*columns: Column) -> tuple[Column, ...]:
    return (*columns, Column("signer", TEXT), Column("signature", TEXT))


T, I, R, J, S = TEXT, INTEGER, NUMBER, JSON, TIMESTAMP
C = Column
TABLES: dict[str, Table] = {t.name: t for t in (
    Table("meta", (C("key", T, False), C("value", T)), ("key",), travels=False, signed=None),
    Table("trusted", (C("public_key", T), C("code", T, False), C("added_at", S), C("label", T)), ("code",),
          travels=False, signed=None),
    # the laptops this coordinator enrolled in its circle: enrolled in every campaign it creates, now and later
    # (review.records.laptops.enrol); each campaign's enrolment is signed and travels as before
    Table("circle", (C("code", T, False), C("joined_at", S, False)), ("code",), travels=False, signed=None),
    Table("runs", _signed_by(
        C("id", T, False), C("name", T), C("model_slug", T), C("language", T), C("card_sha256", T),
        C("scored_card", J), C("extra", J), C("imported_at", S, False), C("source", T)), ("id",), merge=SMALLEST, stamp="imported_at"),
    Table("items", _signed_by(
        C("id", T, False), C("run_id", T, False), C("entry_id", T, False), C("kind", T, False), C("source", T),
        C("output", T), C("reference", T), C("difficulty", T), C("metrics", J), C("extra", J)), ("id",),
        merge=SMALLEST, foreign_keys=(("run_id", "runs", "id"),), indexes=((("run_id", "entry_id"), False),)),
    Table("human_scores", _signed_by(C("item_id", T, False), C("kind", T, False), C("score", R)),
          ("item_id", "kind"), merge=SMALLEST, foreign_keys=(("item_id", "items", "id"),)),
    Table("speakers", _signed_by(
        C("id", T, False), C("display_name", T, local=True), C("community", T, local=True),
        C("dialect", T, local=True), C("consent_at", S), C("consent_scope", T),
        C("withdrawn", I, False, local=True, default=0), C("withdrawn_at", S, local=True), C("created_at", S),
        C("preferences", J), C("registered_by", T), C("id_salt", T), C("preferences_at", S),
        C("consent_uses", J, since=10)), ("id",),
        merge=NEWEST_SIGNED),
    Table("campaigns", (
        C("id", T, False), C("name", T, False), C("task", T, False), C("run_id", T, False),
        C("raters_per_item", I, False), C("created_at", S, False), C("settings", J, False),
        C("coordinator", T, False), C("signature", T, False)), ("id",), signed="campaign",
        merge=SMALLEST, stamp="created_at",
        foreign_keys=(("run_id", "runs", "id"),)),
    Table("campaign_items", (C("campaign_id", T, False), C("item_id", T, False), C("position", I, False)),
          ("campaign_id", "item_id"), signed=None, merge=KEEP,
          foreign_keys=(("campaign_id", "campaigns", "id"), ("item_id", "items", "id"))),
    Table("enrolments", (
        C("campaign_id", T, False), C("device_code", T, False), C("enrolled_at", S, False), C("signer", T, False),
        C("signature", T, False)), ("campaign_id", "device_code"), signed="enrolment",
        merge=SMALLEST, stamp="enrolled_at", refers=(("campaign_id", "campaigns"),)),
    Table("revocations", _signed_by(
        C("campaign_id", T, False), C("device_code", T, False), C("revoked_at", S, False), C("from_at", S, False)),
        ("campaign_id", "device_code", "from_at"), merge=KEEP, refers=(("campaign_id", "campaigns"),)),
    Table("handovers", _signed_by(
        C("campaign_id", T, False), C("speaker_id", T, False), C("device_code", T, False),
        C("handed_at", S, False)), ("campaign_id", "speaker_id", "device_code"), merge=KEEP,
        refers=(("campaign_id", "campaigns"), ("speaker_id", "speakers"))),
    # a community's terms for a campaign's data (review.records.terms): its licence, labels, allowed uses; version 0
    # at the campaign's creation, each amendment the next; signed by the campaign's coordinator, never changed
    Table("campaign_terms", _signed_by(
        C("campaign_id", T, False), C("version", I, False), C("terms", J, False), C("made_at", S, False)),
        ("campaign_id", "version"), merge=KEEP, refers=(("campaign_id", "campaigns"),)),
    # a council's decision on one use of a campaign's data (allowed or refused), as the coordinator recorded it
    Table("use_decisions", _signed_by(
        C("campaign_id", T, False), C("use", T, False), C("verdict", T, False), C("decided_by", T, False),
        C("decided_on", T, False), C("note", T), C("recorded_at", S, False)),
        ("campaign_id", "use", "recorded_at"), merge=KEEP, refers=(("campaign_id", "campaigns"),),
        choices={"verdict": frozenset({"allowed", "refused"})}),
    Table("assignments", _signed_by(
        C("campaign_id", T, False), C("speaker_id", T, False), C("position", I, False), C("item_id", T, False),
        C("qc", T, False), C("qc_of", T), C("served_at", S, since=8)), ("campaign_id", "speaker_id", "position"),
        merge=SMALLEST,
        foreign_keys=(("campaign_id", "campaigns", "id"), ("speaker_id", "speakers", "id"),
                      ("item_id", "items", "id")),
        indexes=((("signer",), False),),  # a laptop's own rows, read at every sync of a shared folder
        choices={"qc": frozenset({"", "repeat", "degraded"})}),
    Table("ratings", _signed_by(
        C("uuid", T, False), C("campaign_id", T, False), C("speaker_id", T, False), C("position", I, False),
        C("item_id", T, False), C("answers", J, False), C("note", T), C("created_at", S, False),
        C("updated_at", S, False), C("device_id", T, False), C("seconds", R), C("started_at", S), C("ended_at", S),
        C("away_seconds", R), C("medium", T)), ("uuid",), merge=LATEST_ANSWER,
        foreign_keys=(("campaign_id", "campaigns", "id"), ("speaker_id", "speakers", "id"),
                      ("item_id", "items", "id")),
        indexes=((("campaign_id", "speaker_id", "position"), True), (("signer",), False)),
        choices={"medium": frozenset({"paper"})}),
    Table("rating_history", _signed_by(
        C("id", I, False, local=True), C("uuid", T, False), C("campaign_id", T, False), C("speaker_id", T, False),
        C("answers", J, False), C("note", T), C("at", S, False), C("device_id", T, False), C("action", T, False)),
        ("id",), indexes=((("uuid", "at", "action", "device_id"), True), (("signer",), False)),
        identity=("uuid", "at", "action", "device_id"), merge=KEEP,
        refers=(("campaign_id", "campaigns"), ("speaker_id", "speakers")),
        choices={"action": frozenset({"create", "edit", "undo"})}),
    Table("tombstones", (
        C("kind", T, False), C("id", T, False), C("deleted_at", S, False), C("device_id", T, False),
        C("signer", T, False), C("signature", T, False)), ("kind", "id", "signer"), signed="tombstone",
        merge=TOMBSTONE,
        choices={"kind": frozenset({"speaker", "rating"})}),
    # the items a speaker skipped here, and how often (review.rating.recording): an item skipped twice is served to
    # another speaker as well (review.rating.sequence); stays on this laptop and goes with a withdrawn speaker
    Table("skips", (C("campaign_id", T, False), C("speaker_id", T, False), C("position", I, False),
                    C("times", I, False), C("skipped_at", S)), ("campaign_id", "speaker_id", "position"),
          travels=False, signed=None),
    Table("local_preferences", (C("speaker_id", T, False), C("preferences", J), C("preferences_at", S)),
          ("speaker_id",), travels=False, signed=None),
    Table("drafts", (C("campaign_id", T, False), C("speaker_id", T, False), C("position", I, False),
                     C("answers", J, False), C("note", T), C("updated_at", S, False)),
          ("campaign_id", "speaker_id", "position"), travels=False, signed=None),
    # the take-outs written here (review.records.take_out): where, when, and which speakers each held — a withdrawal
    # rewrites the ones still there without the speaker, and names the others (review.store.take_outs)
    Table("take_outs", (C("folder", T, False), C("made_at", S, False), C("campaigns", J, False),
                        C("speakers", J, False)), ("folder",), travels=False, signed=None),
    # the names this laptop gives other laptops ("Rita's laptop"): shown beside their codes, never sent anywhere
    Table("laptop_names", (C("code", T, False), C("name", T, False), C("named_at", S)), ("code",), travels=False,
          signed=None),
    # the rows of good bundles that wait for something not here yet (review.exchange.waiting): judged again at
    # every merge and sync; a withdrawn speaker's go with them
    Table("waiting_rows", (C("table_name", T, False), C("digest", T, False), C("row", J, False), C("speaker_id", T),
                           C("waits_for", T, False), C("reason", T), C("from_device", T), C("arrived_at", S)),
          ("table_name", "digest"), travels=False, signed=None, indexes=((("speaker_id",), False),)),
    # the bundles of a shared folder as this laptop last saw them (review.exchange.sync): an unchanged file costs a stat
    # (inode and ctime: what a copy tool cannot set back, as it can a file's size and time)
    Table("sync_files", (C("folder", T, False), C("name", T, False), C("size", I), C("mtime_ns", I),
                         C("sha256", T), C("device_code", T), C("created_at", T), C("answers", I), C("status", T),
                         C("reason", T), C("seen_at", S), C("inode", I), C("ctime_ns", I)), ("folder", "name"),
          travels=False, signed=None),
)}

TABLES_ADDED = {"campaign_terms": 10, "use_decisions": 10}  # travelling tables newer than bundles: the schema version
#                                                               that added each (an older bundle holds none)
DECISIONS = ("enrolments", "revocations", "handovers", "campaign_terms", "use_decisions")  # a coordinator's signed rows: relayed by every laptop,
#                                                        never forgotten by a restore
TRAVELLING = tuple(name for name, t in TABLES.items() if t.travels)  # in the order a merge applies them


@functools.cache
def signed_columns(table: str) -> tuple[str, ...]:
    """The columns a row signature covers: every travelling column but the signature itself."""
    return tuple(c for c in TABLES[table].travelling if c != "signature")


@functools.cache
def later_columns(table: str) -> dict[str, int]:
    """The travelling columns added after a table was first signed, with the schema version that added each: a
    signature covers one only when it holds a value (rows signed before it still verify)."""
    return {c.name: c.since for c in TABLES[table].columns if c.since and not c.local}


def create_missing(db) -> None:
    """Create every declared table and column the database lacks (a new database gets them all)."""
    existing = set(db.table_names())
    for table in TABLES.values():
        if table.name not in existing:
            db[table.name].create({c.name: SQL_TYPES[c.kind] for c in table.columns}, pk=table.pk if len(
                table.pk) > 1 else table.pk[0], foreign_keys=list(table.foreign_keys),
                defaults={c.name: c.default for c in table.columns if c.default is not None})
            for columns, unique in table.indexes:
                db[table.name].create_index(list(columns), unique=unique)
            continue
        have = set(db[table.name].columns_dict)
        for c in table.columns:
            if c.name not in have:
                db[table.name].add_column(c.name, SQL_TYPES[c.kind])
        for columns, unique in table.indexes:
            db[table.name].create_index(list(columns), unique=unique, if_not_exists=True)
