"""Who owns what: the rule each row of a bundle must satisfy, whoever carried the bundle.

Every travelling row names its author (``signer``) and carries the author's signature; this module
says which authors a row may have. The table (``docs/security.md`` has the same one):

| row | owner | checked here |
| --- | --- | --- |
| campaign, its list of items | the coordinator who signed it | a coordinator this laptop trusts |
| run, item, human score | the coordinators of the campaigns built on the run | signer among them; same id, same content |
| enrolment, hand-over, revocation | the campaign's coordinator | signer is the coordinator |
| speaker (consent, preferences) | the laptop that registered them | signer is ``registered_by`` |
| a speaker's sequence (assignments), its degraded items | the laptop that registered the speaker | signer is ``registered_by``; items of the campaign |
| answer, its history | the laptop that recorded it | for a speaker it registered or was handed (``review.records.laptops.may_record``); enrolled; fits the sequence; times consistent |
| withdrawal, undo (tombstone) | the laptop that registered the speaker or recorded the answer, or a trusted coordinator | kept always, honoured only then (``review.records.withdrawals``) |

Each check names the table, the row and the rule of every row that breaks one, in :class:`Verdicts`: the row
waits while what it needs may still arrive, or is refused alone; the others merge (``review.exchange.bundle_checks``).
"""

from __future__ import annotations

import json
from collections import defaultdict
from functools import lru_cache

from scoring.errors import InputError

from ..records import catalogue, laptops, sequences, speakers as speakers_records
from ..sentences import Joined, line, refused
from ..store import keys, merging
from ..store.schema import COORDINATOR, TABLES, TRAVELLING, owned_by


class Refused(InputError):
    """A bundle refused whole."""


class NotEnrolledYet(Refused):
    """A bundle from a laptop no coordinator here has enrolled (nor trusted): nothing is merged, and it waits
    for its enrolment (read again at every sync) — a laptop that shares the folder before it is enrolled."""


@lru_cache(maxsize=4096)  # a bundle's thousands of rows name a few laptops
def _code(public: str | None) -> str:
    return keys.code_of(public) if keys.is_public_key(public) else str(public)


def _codes(publics) -> str:
    return ", ".join(sorted(_code(p) for p in publics)) or "none"


class Holdings:
    """What the rules look up: every row of the bundle together with what this laptop already holds."""

    def __init__(self, store, data: dict, trusted: set[str]):
        self.store, self.data, self.trusted = store, data, trusted
        self.campaigns = {r["id"]: r for r in catalogue.campaign_rows(store)}
        self.campaigns.update({r["id"]: r for r in data["campaigns"]})
        self.coordinators: dict[str, set[str]] = defaultdict(set)  # run id → coordinators' keys
        for c in self.campaigns.values():
            self.coordinators[c["run_id"]].add(c["coordinator"])
        # items and speakers: only those the bundle names (a hub holds thousands; each bundle names a few)
        held_campaign_items = catalogue.every_campaign_item(store)
        items = {r["id"] for r in data["items"]} | {r["item_id"] for r in held_campaign_items} | {
            r[c] for t, columns in (("human_scores", ("item_id",)), ("campaign_items", ("item_id",)),
                                    ("assignments", ("item_id", "qc_of")), ("ratings", ("item_id",)))
            for r in data[t] for c in columns if r.get(c)}
        self.items = {r["id"]: r for r in catalogue.items_named(store, items)}
        for r in data["items"]:
            self.items.setdefault(r["id"], r)
        speakers = {r["id"] for r in data["speakers"]} | {
            r["speaker_id"] for t in ("handovers", "assignments", "ratings", "rating_history") for r in data[t]}
        self.registrar = speakers_records.registrars(store, speakers)
        for r in data["speakers"]:
            self.registrar.setdefault(r["id"], r["registered_by"])
        self.campaign_items: dict[str, set[str]] = defaultdict(set)
        for r in [*held_campaign_items, *data["campaign_items"]]:
            self.campaign_items[r["campaign_id"]].add(r["item_id"])
        for campaign_id, item_ids in self.campaign_items.items():  # a campaign over several runs owns each of them
            coordinator = self.campaigns.get(campaign_id, {}).get("coordinator")
            for item_id in item_ids:
                run_id = (self.items.get(item_id) or {}).get("run_id")
                if coordinator and run_id:
                    self.coordinators[run_id].add(coordinator)
        coordinator_of = lambda r: self.campaigns.get(r["campaign_id"], {}).get("coordinator")  # noqa: E731
        self.circle = set(laptops.in_circle(store))  # enrolled here before any campaign of theirs exists
        self.enrolled: dict[str, set[str]] = defaultdict(set)  # campaign → the codes of the laptops enrolled
        for r in [*laptops.enrolments(store), *data["enrolments"]]:
            self.enrolled[r["campaign_id"]].add(r["device_code"])
        self.handed: dict[tuple, dict[str, str]] = defaultdict(dict)  # (campaign, speaker) → code → when handed them
        for r in [*laptops.handovers(store), *data["handovers"]]:
            if r["signer"] == coordinator_of(r):
                handed = self.handed[(r["campaign_id"], r["speaker_id"])]
                handed[r["device_code"]] = min(handed.get(r["device_code"], r["handed_at"]), r["handed_at"])
        # the sequences of the speakers the bundle's answers and sequences name (not every speaker's: a hub
        # merging two hundred laptops reads each sequence once)
        named = sorted({(r["campaign_id"], r["speaker_id"]) for t in ("assignments", "ratings") for r in data[t]})
        self.sequence = {(r["campaign_id"], r["speaker_id"], r["position"]): r for r in
                         sequences.slots_of(store, named)}
        for r in data["assignments"]:
            self.sequence.setdefault((r["campaign_id"], r["speaker_id"], r["position"]), r)
        self.degraded_makers: dict[str, set[str]] = defaultdict(set)  # degraded item → laptops whose sequences use it
        # only the degraded items the bundle carries are asked about
        carried = {r["id"] for r in data["items"] if r.get("kind") == "degraded"}
        arriving = [r for r in data["assignments"] if self.sequence[(r["campaign_id"], r["speaker_id"], r["position"])] is r]
        for r in [*sequences.degraded_uses(store, carried), *arriving]:
            if r["qc"] == "degraded":
                self.degraded_makers[r["item_id"]].add(r["signer"])

    def output(self, item_id: str) -> str | None:
        """An item's text as this laptop holds it, else as the bundle brings it (error spans must lie inside it)."""
        return (self.items.get(item_id) or {}).get("output")

    def may_record(self, public: str, campaign_id: str, speaker_id: str) -> bool:
        """The one rule (``review.records.laptops.may_record``) over what this laptop and the bundle hold; a speaker
        neither holds is not recorded for yet (the answer waits for them)."""
        return speaker_id in self.registrar and laptops.may_record(public, self.registrar[speaker_id],
                                                                   self.handed.get((campaign_id, speaker_id), ()))

    def handed_elsewhere(self, public: str, campaign_id: str, speaker_id: str, at: str) -> tuple[str, str] | None:
        """The one rule of a hand-over (``review.records.laptops.handed_elsewhere``) over what this laptop and the
        bundle hold."""
        return laptops.handed_elsewhere(public, self.handed.get((campaign_id, speaker_id), {}), at)

    def takes_part(self, public: str, campaign_id: str) -> bool:
        """The one rule (``review.records.laptops.takes_part_in``) over what this laptop and the bundle hold."""
        coordinator = (self.campaigns.get(campaign_id) or {}).get("coordinator")
        return laptops.takes_part_in(public, coordinator, self.enrolled.get(campaign_id, ()))

    def enrolled_anywhere(self, code: str) -> bool:
        return code in self.circle or any(code in codes for codes in self.enrolled.values())


def _refuse(path: str, place: str, key: str):
    raise refused(Refused, path, place, key)


class Verdicts:
    """The rows of a good bundle that do not merge now. A row *waits* while something it needs is not here
    yet (a campaign, run, item, speaker or sequence position; the coordinator's enrolment, hand-over or
    trust; a row that itself waits): kept, and judged again at every merge and sync. A row whose author may
    not write it, or whose content is impossible, though everything it names is here, is *refused alone*.
    What says the file itself was made or altered by someone else raises :class:`Refused` instead."""

    def __init__(self, path: str):
        self.path = path
        self.waiting: dict[int, tuple[str, dict, dict, dict]] = {}  # id(row) → (table, row, waits for, why), said
        self.refused: dict[int, tuple[str, dict, dict]] = {}  # id(row) → (table, row, why): a said line
        self.waiting_coordinators: set[str] = set()  # coordinators of campaigns that wait: their rows wait too

    def wait(self, table: str, row: dict, waits_for: dict, why: dict) -> None:
        if id(row) not in self.refused:
            self.waiting.setdefault(id(row), (table, row, waits_for, why))

    def refuse(self, table: str, row: dict, why: dict) -> None:
        if id(row) not in self.waiting:
            self.refused.setdefault(id(row), (table, row, why))

    def __contains__(self, row: dict) -> bool:
        return id(row) in self.waiting or id(row) in self.refused

    def __bool__(self) -> bool:
        return bool(self.waiting or self.refused)


def enrolment_words(code: str, campaign_id: str) -> dict:
    return line("judge.awaits enrolment", code=code, campaign=campaign_id)


def place(table: str, n: int, key: str | None = None, kind: str = "") -> Joined:
    """Where a row is in its bundle ("ratings row 3 (uuid)"), as a said line within a reason: ``kind`` names its
    key's kind where the text says it (``run``, ``item``, ``laptop``)."""
    if key is None:
        return Joined([line("judge.row number", table=table, n=n)])
    return Joined([line(f"judge.row {kind}".rstrip(), table=table, n=n, id=key)])


def column_place(table: str, n: int, column: str) -> Joined:
    """Where a value is in its bundle ("ratings row 3 seconds"), as a said line within a reason."""
    return Joined([line("judge.row column", table=table, n=n, column=column)])


# ----------------------------------------------------------------------------- content never changes

FIXED = tuple(name for name in TRAVELLING if TABLES[name].fixed)  # content-addressed: never changes under its key
# a campaign made again with the same content (its coordinator restored from before it, then ran the same command)
# differs only in the columns declared ``varies`` (its time and signature): the same campaign, its earliest version
# kept everywhere (merge SMALLEST)


def content_of(table: str, row: dict) -> str:
    return json.dumps({c: row.get(c) for c in TABLES[table].content}, sort_keys=True, ensure_ascii=False)


def differing(table: str, held: dict, row: dict) -> list[str]:
    """The columns in which two contents under one id differ (what a conflict is about)."""
    return [c for c in TABLES[table].content if held.get(c) != row.get(c)]


def check_content(verdicts: Verdicts, data: dict, store) -> None:
    """A content-addressed row (run, item, human score, campaign) is never replaced by other content under
    the same id: two contents in one bundle refuse the file; a row whose id this laptop holds with other
    content is refused alone (whichever arrives first, the one its owner signed is the one kept)."""
    for table in FIXED:
        pk = TABLES[table].pk
        seen: dict[tuple, str] = {}
        for n, row in enumerate(data[table], 1):
            key = tuple(row[k] for k in pk)
            content = content_of(table, row)
            if seen.setdefault(key, content) != content:
                _refuse(verdicts.path, f"{table} row {n} ({'/'.join(map(str, key))})", "bundle.two contents")
            mine = merging.held_row(store, table, key)
            if mine is not None and content_of(table, mine) != content:
                verdicts.refuse(table, row, line("judge.conflict", place=place(table, n, "/".join(map(str, key))),
                                                 columns=", ".join(differing(table, mine, row))))


# ----------------------------------------------------------------------------- owners

def check_owners(verdicts: Verdicts, data: dict, held: Holdings) -> None:
    for check in (_runs_items_scores, _coordinator_rows, _speakers, _sequences, _items_once, _answers):
        check(verdicts, data, held)


def _not_owner(verdicts: Verdicts, table: str, row: dict, why: dict) -> None:
    """A run, item or score signed by a coordinator whose campaign on it waits waits too; else it is refused."""
    if row["signer"] in verdicts.waiting_coordinators:
        verdicts.wait(table, row, line("judge.awaits campaign of", coordinator=_code(row["signer"])), why)
    else:
        verdicts.refuse(table, row, why)


def _runs_items_scores(verdicts: Verdicts, data: dict, held: Holdings) -> None:
    for n, row in enumerate(data["runs"], 1):
        owners = held.coordinators.get(row["id"], set())
        if row["signer"] not in owners:
            _not_owner(verdicts, "runs", row, line("judge.run owner", place=place("runs", n, row["id"], "run"),
                                                   run=row["id"], owners=_codes(owners), signer=_code(row["signer"])))
    for n, row in enumerate(data["items"], 1):
        if row["kind"] == "degraded":
            makers = held.degraded_makers.get(row["id"], set())
            if row["signer"] not in makers:  # the sequence that uses it may be on its way
                verdicts.wait("items", row, line("judge.awaits degraded sequence", laptop=_code(row["signer"]),
                                                 item=row["id"]),
                              line("judge.degraded owner", place=place("items", n, row["id"], "item"), item=row["id"],
                                   makers=_codes(makers), signer=_code(row["signer"])))
            continue
        owners = held.coordinators.get(row["run_id"], set())
        if row["signer"] not in owners:
            _not_owner(verdicts, "items", row, line("judge.item owner", place=place("items", n, row["id"], "item"),
                                                    item=row["id"], owners=_codes(owners), signer=_code(row["signer"])))
    for n, row in enumerate(data["human_scores"], 1):
        owners = held.coordinators.get((held.items.get(row["item_id"]) or {}).get("run_id"), set())
        if row["signer"] not in owners:
            _not_owner(verdicts, "human_scores", row,
                       line("judge.scores owner", place=place("human_scores", n, row["item_id"], "item"),
                            item=row["item_id"], owners=_codes(owners), signer=_code(row["signer"])))




def _coordinator_rows(verdicts: Verdicts, data: dict, held: Holdings) -> None:
    """The campaign's coordinator alone signs its signed rows (a campaign, its items and enrolments carry signatures
    of their own, checked in ``review.exchange.bundle_checks``)."""
    for table in owned_by(COORDINATOR):
        if TABLES[table].signed != "row":
            continue
        for n, row in enumerate(data[table], 1):
            coordinator = held.campaigns[row["campaign_id"]]["coordinator"]
            if row["signer"] != coordinator:
                where = place(table, n, row["device_code"], "laptop") if "device_code" in row else place(table, n)
                verdicts.refuse(table, row, line(f"judge.coordinator's {table}", place=where,
                                                 campaign=row["campaign_id"], coordinator=_code(coordinator),
                                                 signer=_code(row["signer"])))


def _speakers(verdicts: Verdicts, data: dict, held: Holdings) -> None:
    for n, row in enumerate(data["speakers"], 1):
        where = place("speakers", n, row["id"])
        if row["registered_by"]:
            if row["signer"] != row["registered_by"]:
                verdicts.refuse("speakers", row, line("judge.speaker owner", place=where, speaker=row["id"],
                                                      registrar=_code(row["registered_by"]),
                                                      signer=_code(row["signer"])))
        elif _code(row["signer"]) not in held.trusted and \
                not held.enrolled_anywhere(_code(row["signer"])):
            verdicts.wait("speakers", row, line("judge.awaits enrolment or trust", code=_code(row["signer"])),
                          line("judge.speaker unsigned", place=where, speaker=row["id"]))


def _sequences(verdicts: Verdicts, data: dict, held: Holdings) -> None:
    for n, row in enumerate(data["assignments"], 1):
        where = Joined([line("judge.row position", table="assignments", n=n, speaker=row["speaker_id"],
                             position=row["position"])])
        registrar = held.registrar.get(row["speaker_id"])
        if row["signer"] != (registrar or row["signer"]):
            verdicts.refuse("assignments", row, line("judge.sequence owner", place=where, speaker=row["speaker_id"],
                                                     registrar=_code(registrar), signer=_code(row["signer"])))
            continue
        if not held.takes_part(row["signer"], row["campaign_id"]):
            verdicts.wait("assignments", row, enrolment_words(_code(row["signer"]), row["campaign_id"]),
                          line("judge.not enrolled", place=where, laptop=_code(row["signer"]),
                               campaign=row["campaign_id"]))
            continue
        ours = held.campaign_items[row["campaign_id"]]
        item = held.items.get(row["item_id"]) or {}
        original = row["item_id"] if row["qc"] != "degraded" else row["qc_of"]
        if original not in ours or (row["qc"] and row["qc_of"] != original) or \
                (row["qc"] == "degraded" and item.get("kind") != "degraded"):
            verdicts.refuse("assignments", row, line("judge.not campaign item", place=where, item=row["item_id"],
                                                     campaign=row["campaign_id"]))


def _items_once(verdicts: Verdicts, data: dict, held: Holdings) -> None:
    """A speaker rates an item once in a campaign: a sequence holds an item at one position, and its
    quality-control repeat at one more at most (else one speaker would count as several raters). The
    later position is refused."""
    arriving = {(r["campaign_id"], r["speaker_id"], r["position"]): r for r in data["assignments"]}
    if not arriving:
        return
    speakers = {key[:2] for key in arriving}
    first: dict[tuple, int] = {}
    for (campaign_id, speaker_id, position), r in sorted(held.sequence.items()):
        if (campaign_id, speaker_id) not in speakers or r["qc"] == "degraded":
            continue
        key = (campaign_id, speaker_id, r["item_id"], r["qc"])
        row = arriving.get((campaign_id, speaker_id, position))
        if first.setdefault(key, position) != position and row is not None:
            verdicts.refuse("assignments", row, line("judge.item twice", speaker=speaker_id, campaign=campaign_id,
                                                     item=r["item_id"], first=first[key], position=position))


def _answers(verdicts: Verdicts, data: dict, held: Holdings) -> None:
    for table in ("ratings", "rating_history"):
        for n, row in enumerate(data[table], 1):
            where = place(table, n, row["uuid"])
            signer = row["signer"]
            if _code(signer) != row["device_id"]:
                verdicts.refuse(table, row, line("judge.answer owner", place=where, laptop=row["device_id"],
                                                 signer=_code(signer)))
            elif not held.takes_part(signer, row["campaign_id"]):  # the first rule a stranger breaks
                verdicts.wait(table, row, enrolment_words(row["device_id"], row["campaign_id"]),
                              line("judge.not enrolled", place=where, laptop=row["device_id"],
                                   campaign=row["campaign_id"]))
            elif moved := held.handed_elsewhere(signer, row["campaign_id"], row["speaker_id"],
                                                row["updated_at" if table == "ratings" else "at"]):
                holder, when = moved
                verdicts.refuse(table, row, line("judge.after hand-over", place=where, laptop=row["device_id"],
                                                 speaker=row["speaker_id"], holder=holder,
                                                 when=when[:16].replace("T", " ")))
            elif not held.may_record(signer, row["campaign_id"], row["speaker_id"]):
                verdicts.wait(table, row, line("judge.awaits hand-over", speaker=row["speaker_id"],
                                               laptop=row["device_id"]),
                              line("judge.not handed", place=where, speaker=row["speaker_id"],
                                   registrar=_code(held.registrar.get(row["speaker_id"])), laptop=row["device_id"]))
    for n, row in enumerate(data["ratings"], 1):
        if row not in verdicts:
            _fits(verdicts, place("ratings", n, row["uuid"]), row, held)


def _fits(verdicts: Verdicts, where: Joined, row: dict, held: Holdings) -> None:
    """An answer fits its place: the item the speaker's sequence holds at that position; times in order."""
    slot = held.sequence.get((row["campaign_id"], row["speaker_id"], row["position"]))
    if slot is None:
        named = {"speaker": row["speaker_id"], "campaign": row["campaign_id"], "position": row["position"]}
        verdicts.wait("ratings", row, line("judge.awaits position", **named),
                      line("judge.no position", place=where, **named))
        return
    if slot["item_id"] != row["item_id"]:
        verdicts.refuse("ratings", row, line("judge.other item", place=where, position=row["position"],
                                             speaker=row["speaker_id"], held=slot["item_id"], item=row["item_id"]))
    elif row["updated_at"] < row["created_at"]:
        verdicts.refuse("ratings", row, line("judge.updated before created", place=where))
    elif row["started_at"] is not None and row["ended_at"] is not None and row["ended_at"] < row["started_at"]:
        verdicts.refuse("ratings", row, line("judge.ended before started", place=where))
    elif row["away_seconds"] is not None and row["away_seconds"] > (row["seconds"] or 0):
        verdicts.refuse("ratings", row, line("judge.away too long", place=where))
