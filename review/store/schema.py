"""The review database's tables, declared once.

Everything else is derived from :data:`TABLES`: creating a new database and upgrading an old one
(:func:`create_missing`), the columns and types a bundle row must have (``review.exchange.bundle_checks``),
what a bundle carries (``review.exchange.bundles``) and which columns a row's signature covers
(``review.store.signing``). A column is one of five kinds:

- ``text``, ``integer``, ``number`` (a finite float), ``json`` (text holding a JSON object), ``text list`` (text
  holding a JSON list of text) and ``timestamp`` (UTC, ``2026-01-31T12:00:00.000000Z``, so that it sorts as text).

A table *travels* when bundles carry it; within it, a *local* column never leaves this laptop (a
speaker's name, whether they withdrew here), and a *personal* one (a name, a community, a dialect) leaves it
only in a take-out made ``--with-names``. Every travelling row is signed by its author: ``signer`` (an Ed25519
public key) and ``signature`` over the row's travelling columns (:func:`signed_columns`); campaigns, enrolments and
tombstones carry signatures of their own older forms (``review.store.signing``). Each travelling table names its
``owner`` (who may write its rows, ``review.exchange.ownership``) and whether its content is ``fixed`` (a row never
changes under its key: only the columns declared ``varies`` may differ between two versions of it).

The kinds are checked in one place, :func:`value_problem`: a bundle's rows by ``review.exchange.bundle_checks``,
and every row any writer stores by the database itself, through triggers made from the same declaration
(:func:`check_triggers`), so a value a writer can store is a value every other laptop accepts.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import re
from dataclasses import dataclass, field

TEXT, INTEGER, NUMBER, JSON, TEXT_LIST, TIMESTAMP = "text", "integer", "number", "json", "text list", "timestamp"
SQL_TYPES = {TEXT: str, INTEGER: int, NUMBER: float, JSON: str, TEXT_LIST: str, TIMESTAMP: str}
JSON_KINDS = (JSON, TEXT_LIST)  # stored as text holding JSON: decoded where a row leaves the database as data
TIMESTAMP_FORMAT = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$")
TIMESTAMP_GLOB = "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9][0-9][0-9][0-9]Z"
LARGEST_WHOLE = 2**53  # what JSON's numbers hold exactly, on every laptop

# who may write a travelling table's rows (review.exchange.ownership holds each rule)
COORDINATOR = "the campaign's coordinator"
RUN_OWNERS = "the coordinators of the campaigns on its run"
REGISTRAR = "the laptop that registered the speaker"
RECORDER = "the laptop that recorded the answer (the speaker's, or handed them)"
AUTHOR = "its author (the speaker's laptop, the answer's, or a trusted coordinator)"
OWNERS = (COORDINATOR, RUN_OWNERS, REGISTRAR, RECORDER, AUTHOR)


@dataclass(frozen=True)
class Column:
    name: str
    kind: str = TEXT
    nullable: bool = True
    local: bool = False  # stays on this laptop: never in a bundle, never signed
    default: object = None
    since: int = 0  # the schema version that added a travelling column: a row signed before it (empty there)
    #                 is signed without it, and a bundle of an older version lacks it (read as empty)
    personal: bool = False  # a local column about a person (name, community, dialect): in a take-out --with-names only
    varies: bool = False  # in a table of fixed content: may differ between two versions of one row (when it was
    #                       made again, who signed it) without a conflict

    def __post_init__(self):
        if self.kind not in SQL_TYPES:
            raise ValueError(f"column {self.name}: unknown kind {self.kind!r}")
        if self.personal and not self.local:
            raise ValueError(f"column {self.name}: a personal column stays on the laptop (local)")


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
    owner: str | None = None  # who may write its rows (one of OWNERS): every travelling table names one
    fixed: bool = False  # its content never changes under its key (only the columns declared ``varies`` may)

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

    @property
    def content(self) -> tuple[str, ...]:
        """The travelling columns two versions of a row of fixed content must agree on."""
        return tuple(c.name for c in self.columns if not c.local and not c.varies and c.name != "signature")

    def taken_out(self, with_names: bool) -> tuple[str, ...]:
        """The columns a take-out writes: the travelling ones, and the personal ones with names."""
        return tuple(c.name for c in self.columns if not c.local or (with_names and c.personal))


# How a bundle's row meets the stored one with the same key (review.exchange.bundles): every rule picks one
# version whatever the order of arrival, so that the tables are a function of the set of bundles merged.
SMALLEST = "smallest"  # the earliest ``stamp``, then the smaller canonical JSON
KEEP = "keep"  # rows that never change once written: what is new is inserted, the rest is there already
NEWEST_SIGNED = "newest signed"  # the registering laptop's newest version (a speaker); a withdrawal stays
LATEST_ANSWER = "latest answer"  # per uuid and per (campaign, speaker, position): the latest ``updated_at``
TOMBSTONE = "tombstone"  # a deletion, carried out where its author may delete
MERGE_RULES = (SMALLEST, KEEP, NEWEST_SIGNED, LATEST_ANSWER, TOMBSTONE)


def _signed_by(*columns: Column, signer_varies: bool = False) -> tuple[Column, ...]:
    return (*columns, Column("signer", TEXT, varies=signer_varies), Column("signature", TEXT, varies=True))


T, I, R, J, L, S = TEXT, INTEGER, NUMBER, JSON, TEXT_LIST, TIMESTAMP
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
        C("scored_card", J), C("extra", J), C("imported_at", S, False, varies=True), C("source", T), signer_varies=True),
        ("id",), merge=SMALLEST, stamp="imported_at", owner=RUN_OWNERS, fixed=True),
    Table("items", _signed_by(
        C("id", T, False), C("run_id", T, False), C("entry_id", T, False), C("kind", T, False), C("source", T),
        C("output", T), C("reference", T), C("difficulty", T), C("metrics", J), C("extra", J), signer_varies=True),
        ("id",), merge=SMALLEST, owner=RUN_OWNERS, fixed=True, foreign_keys=(("run_id", "runs", "id"),), indexes=((("run_id", "entry_id"), False),)),
    Table("human_scores", _signed_by(C("item_id", T, False), C("kind", T, False), C("score", R), signer_varies=True),
          ("item_id", "kind"), merge=SMALLEST, owner=RUN_OWNERS, fixed=True, foreign_keys=(("item_id", "items", "id"),)),
    Table("speakers", _signed_by(
        C("id", T, False), C("display_name", T, local=True, personal=True), C("community", T, local=True, personal=True),
        C("dialect", T, local=True, personal=True), C("consent_at", S), C("consent_scope", T),
        C("withdrawn", I, False, local=True, default=0), C("withdrawn_at", S, local=True), C("created_at", S),
        C("preferences", J), C("registered_by", T), C("id_salt", T), C("preferences_at", S),
        C("consent_uses", L, since=10)), ("id",),
        merge=NEWEST_SIGNED, owner=REGISTRAR),
    Table("campaigns", (
        C("id", T, False), C("name", T, False, varies=True), C("task", T, False), C("run_id", T, False),
        C("raters_per_item", I, False), C("created_at", S, False, varies=True), C("settings", J, False),
        C("coordinator", T, False), C("signature", T, False, varies=True)), ("id",), signed="campaign",
        merge=SMALLEST, stamp="created_at", owner=COORDINATOR, fixed=True,
        foreign_keys=(("run_id", "runs", "id"),)),
    Table("campaign_items", (C("campaign_id", T, False), C("item_id", T, False), C("position", I, False)),
          ("campaign_id", "item_id"), signed=None, merge=KEEP, owner=COORDINATOR,
          foreign_keys=(("campaign_id", "campaigns", "id"), ("item_id", "items", "id"))),
    Table("enrolments", (
        C("campaign_id", T, False), C("device_code", T, False), C("enrolled_at", S, False), C("signer", T, False),
        C("signature", T, False)), ("campaign_id", "device_code"), signed="enrolment", owner=COORDINATOR,
        merge=SMALLEST, stamp="enrolled_at", refers=(("campaign_id", "campaigns"),)),
    Table("revocations", _signed_by(
        C("campaign_id", T, False), C("device_code", T, False), C("revoked_at", S, False), C("from_at", S, False)),
        ("campaign_id", "device_code", "from_at"), merge=KEEP, owner=COORDINATOR, refers=(("campaign_id", "campaigns"),)),
    Table("handovers", _signed_by(
        C("campaign_id", T, False), C("speaker_id", T, False), C("device_code", T, False),
        C("handed_at", S, False)), ("campaign_id", "speaker_id", "device_code"), merge=KEEP, owner=COORDINATOR,
        refers=(("campaign_id", "campaigns"), ("speaker_id", "speakers"))),
    # a community's terms for a campaign's data (review.records.terms): its licence, labels, allowed uses; version 0
    # at the campaign's creation, each amendment the next; signed by the campaign's coordinator, never changed
    Table("campaign_terms", _signed_by(
        C("campaign_id", T, False), C("version", I, False), C("terms", J, False, varies=True),
        C("made_at", S, False, varies=True)),
        ("campaign_id", "version"), merge=SMALLEST, stamp="made_at", owner=COORDINATOR, fixed=True, refers=(("campaign_id", "campaigns"),)),
    # a council's decision on one use of a campaign's data (allowed or refused), as the coordinator recorded it
    Table("use_decisions", _signed_by(
        C("campaign_id", T, False), C("use", T, False), C("verdict", T, False), C("decided_by", T, False),
        C("decided_on", T, False), C("note", T), C("recorded_at", S, False), C("corrects", S, since=11)),
        ("campaign_id", "use", "recorded_at"), merge=KEEP, owner=COORDINATOR, fixed=True, refers=(("campaign_id", "campaigns"),),
        choices={"verdict": frozenset({"allowed", "refused"})}),
    # a campaign's verdicts as its coordinator's laptop announced them (review.records.verdict_records): each settle
    # and each re-open one signed row, never changed, so that a verdict stands once announced and its history is kept
    Table("verdict_records", _signed_by(
        C("campaign_id", T, False), C("question", T, False), C("event", T, False), C("verdict", T),
        C("result", J, False), C("rests_on", J, False), C("reason", J), C("at", S, False)),
        ("campaign_id", "question", "at", "event"), merge=KEEP, owner=COORDINATOR, fixed=True,
        refers=(("campaign_id", "campaigns"),), choices={"event": frozenset({"settled", "reopened"})}),
    Table("assignments", _signed_by(
        C("campaign_id", T, False), C("speaker_id", T, False), C("position", I, False), C("item_id", T, False),
        C("qc", T, False), C("qc_of", T), C("served_at", S, since=8)), ("campaign_id", "speaker_id", "position"),
        merge=SMALLEST, owner=REGISTRAR,
        foreign_keys=(("campaign_id", "campaigns", "id"), ("speaker_id", "speakers", "id"),
                      ("item_id", "items", "id")),
        indexes=((("signer",), False),),  # a laptop's own rows, read at every sync of a shared folder
        choices={"qc": frozenset({"", "repeat", "degraded"})}),
    Table("ratings", _signed_by(
        C("uuid", T, False), C("campaign_id", T, False), C("speaker_id", T, False), C("position", I, False),
        C("item_id", T, False), C("answers", J, False), C("note", T), C("created_at", S, False),
        C("updated_at", S, False), C("device_id", T, False), C("seconds", R), C("started_at", S), C("ended_at", S),
        C("away_seconds", R), C("medium", T)), ("uuid",), merge=LATEST_ANSWER, owner=RECORDER,
        foreign_keys=(("campaign_id", "campaigns", "id"), ("speaker_id", "speakers", "id"),
                      ("item_id", "items", "id")),
        indexes=((("campaign_id", "speaker_id", "position"), True), (("signer",), False)),
        choices={"medium": frozenset({"paper"})}),
    Table("rating_history", _signed_by(
        C("id", I, False, local=True), C("uuid", T, False), C("campaign_id", T, False), C("speaker_id", T, False),
        C("answers", J, False), C("note", T), C("at", S, False), C("device_id", T, False), C("action", T, False)),
        ("id",), indexes=((("uuid", "at", "action", "device_id"), True), (("signer",), False)),
        identity=("uuid", "at", "action", "device_id"), merge=KEEP, owner=RECORDER,
        refers=(("campaign_id", "campaigns"), ("speaker_id", "speakers")),
        choices={"action": frozenset({"create", "edit", "undo"})}),
    Table("tombstones", (
        C("kind", T, False), C("id", T, False), C("deleted_at", S, False), C("device_id", T, False),
        C("signer", T, False), C("signature", T, False)), ("kind", "id", "signer"), signed="tombstone",
        merge=TOMBSTONE, owner=AUTHOR,
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
    Table("take_outs", (C("folder", T, False), C("made_at", S, False), C("campaigns", L, False),
                        C("speakers", L, False)), ("folder",), travels=False, signed=None),
    # each export written here (review.records.exports): where, when, what (csv, jsonl, mtme), for which use, of which
    # campaigns and whose answers it holds — a withdrawal names the ones that hold the speaker, to chase
    Table("exports", (C("path", T, False), C("made_at", S, False), C("kind", T, False), C("use", T),
                      C("campaigns", L, False), C("speakers", L, False)), ("path", "made_at"), travels=False,
          signed=None),
    # each import of a research file into a campaign (review.records.imports): when, which file (its digest), how many
    # rows and how many ratings it added — a re-import is recorded and shown, never silent; stays on this laptop (an
    # imported campaign never travels)
    Table("imports", (C("campaign_id", T, False), C("at", S, False), C("file", T, False), C("sha256", T, False),
                      C("rows", I, False), C("ratings_added", I, False)), ("campaign_id", "at"), travels=False,
          signed=None),
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

# travelling tables newer than bundles: the schema version that added each (an older bundle holds none)
TABLES_ADDED = {"campaign_terms": 10, "use_decisions": 10, "verdict_records": 11}
DECISIONS = ("enrolments", "revocations", "handovers", "campaign_terms", "use_decisions",
             "verdict_records")  # a coordinator's signed rows: relayed by every laptop,
#                                                        never forgotten by a restore
TRAVELLING = tuple(name for name, t in TABLES.items() if t.travels)  # in the order a merge applies them


def owned_by(owner: str) -> tuple[str, ...]:
    """The travelling tables whose rows ``owner`` (one of :data:`OWNERS`) writes."""
    return tuple(name for name in TRAVELLING if TABLES[name].owner == owner)


# ----------------------------------------------------------------------------- the kinds, checked in one place

def value_problem(column: Column, value, latest: str | None = None) -> str | None:
    """What is wrong with a column's value for its kind (``None``: nothing), in a bundle's words. ``latest``: the
    latest timestamp accepted (a bundle's clock-skew rule), else any. ``None`` values are the caller's (nullable)."""
    kind = column.kind
    if kind == TEXT:
        return None if isinstance(value, str) else "must be text"
    if kind == INTEGER:
        return None if isinstance(value, int) and not isinstance(value, bool) and abs(value) < LARGEST_WHOLE else \
            "must be a whole number"
    if kind == NUMBER:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
        return None if ok else "must be a finite number"
    if kind == TIMESTAMP:
        if not isinstance(value, str) or not TIMESTAMP_FORMAT.match(value):
            return "must be a UTC timestamp like 2026-01-31T12:00:00.000000Z"
        return f"{value} is in the future (more than a day ahead)" if latest and value > latest else None
    if not isinstance(value, str):
        return "must be JSON text"
    try:
        parsed = json.loads(value)
    except (ValueError, RecursionError):
        return "is not valid JSON"
    if kind == JSON:
        return None if isinstance(parsed, dict) else "must hold a JSON object"
    ok = isinstance(parsed, list) and all(isinstance(v, str) for v in parsed)
    return None if ok else "must hold a JSON list of text"


def _bad_sql(column: Column, table: Table, ref: str) -> str:
    """A SQL condition true when ``ref`` (``NEW.[column]``) breaks the declaration: what :func:`value_problem` and the
    choices say, in SQL (a bundle's future-time rule aside: it depends on the clock)."""
    kind = column.kind
    if kind == TEXT:
        bad = f"typeof({ref}) != 'text'"
    elif kind == INTEGER:
        bad = f"typeof({ref}) != 'integer' or abs({ref}) >= {LARGEST_WHOLE}"
    elif kind == NUMBER:  # SQLite stores no NaN; an infinity reads as a real beyond the largest double
        bad = f"typeof({ref}) not in ('integer', 'real') or abs({ref}) > 1.7976931348623157e308"
    elif kind == TIMESTAMP:
        bad = f"typeof({ref}) != 'text' or {ref} not glob '{TIMESTAMP_GLOB}'"
    elif kind == JSON:
        bad = f"typeof({ref}) != 'text' or not json_valid({ref}) or json_type({ref}) != 'object'"
    else:
        bad = (f"typeof({ref}) != 'text' or not json_valid({ref}) or json_type({ref}) != 'array' or exists (select 1 "
               f"from json_each({ref}) where type != 'text')")
    choices = table.choices.get(column.name)
    if choices:
        bad += f" or {ref} not in ({', '.join(quote(v) for v in sorted(choices))})"
    if column.nullable:
        return f"({ref} is not null and ({bad}))"
    return f"({ref} is null or {bad})"


def quote(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


@functools.cache
def check_triggers() -> dict[str, str]:
    """The triggers that make the database refuse what a bundle check would refuse: one per travelling table and
    statement (insert, update), named by a digest of the declaration so that a changed declaration replaces them.
    A value is checked where it is written: an update checks only the columns it changes (an old row stays
    readable). The message names the table and column, as a bundle's refusal does."""
    triggers = {}
    for name in TRAVELLING:
        table = TABLES[name]
        for event in ("insert", "update"):
            bads, raises = [], []
            for c in table.columns:
                if c.local:
                    continue
                ref = f"NEW.[{c.name}]"
                bad = _bad_sql(c, table, ref)
                if event == "update":
                    bad = f"({ref} is not OLD.[{c.name}] and {bad})"
                bads.append(bad)
                raises.append(f"select raise(abort, {quote(f'{name} {c.name}: {_declared(c)}')}) where {bad};")
            body = "\n    ".join(raises)  # run only when a value is wrong: the first wrong column names itself
            sql = f"before {event} on [{name}] for each row when {' or '.join(bads)} begin\n    {body}\nend"
            digest = hashlib.sha256(sql.encode()).hexdigest()[:12]
            trigger = f"lyss_check_{name}_{event}_{digest}"
            triggers[trigger] = f"create trigger [{trigger}] {sql}"
    return triggers


def _declared(column: Column) -> str:
    words = {TEXT: "text", INTEGER: "a whole number", NUMBER: "a finite number", JSON: "text holding a JSON object",
             TEXT_LIST: "text holding a JSON list of text", TIMESTAMP: "a UTC timestamp like 2026-01-31T12:00:00.000000Z"}
    return f"must be {words[column.kind]}" + ("" if column.nullable else " (never empty)") + " as its table declares"


def checks_installed(conn) -> bool:
    """Whether a database holds exactly the triggers of :func:`check_triggers` (one read, at every open)."""
    have = {r[0] for r in conn.execute("select name from sqlite_master where type = 'trigger' and name like "
                                       "'lyss_check_%'").fetchall()}
    return have == set(check_triggers())


def install_checks(db) -> None:
    """The triggers of :func:`check_triggers`, and no older ones."""
    wanted = check_triggers()
    have = {r[0] for r in db.execute("select name from sqlite_master where type = 'trigger' and name like "
                                     "'lyss_check_%'").fetchall()}
    for stale in have - set(wanted):
        db.execute(f"drop trigger [{stale}]")
    for name in set(wanted) - have:
        db.execute(wanted[name])


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
    install_checks(db)
