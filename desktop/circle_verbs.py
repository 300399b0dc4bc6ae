"""The ``lyss review`` verbs of the laptop and its circle (their parsers: ``cli_review.py``): this laptop's code,
its lists and backups, enrolling, trusting, revoking and handing over laptops, bundles in and out, a withdrawal, an
adoption and a restore. Each makes one call into :mod:`review` and prints."""

from __future__ import annotations


from review.operations import records, sentences
from review.operations.exchange import bundles, check, resolve, sync
from review.operations.rating import roster
from review.operations.records import catalogue, exports, laptops, restoring, take_out
from review.operations.database import Store, restore
from review.operations.database import backup_info
from scoring.errors import BadValue

from .terminal import shown
from .verbs import confirmed, print_result, said_text, table


def _review_init(store, args) -> int:
    print(f"review database ready: {args.db}\nthis laptop's code: {laptops.this_code(store)}")
    return 0


def _review_code(store, args) -> int:
    print(laptops.this_code(store))
    return 0


def _review_list(store, args) -> int:
    rows = {"speakers": records.speakers.list_speakers, "campaigns": catalogue.list_campaigns, "runs": catalogue.list_runs,
            "backups": Store.list_backups, "laptops": laptops.circle}[args.what](store)
    if args.json:
        return print_result(rows, True)
    if args.what == "laptops":
        return _print_laptops(rows)
    if not rows:
        print(f"no {args.what} yet")
        return 0
    print(table(rows, LISTED[args.what]))
    return 0


# the columns a list prints, each with its header (its JSON keeps every field): one count of items everywhere
LISTED = {
    "campaigns": [("id", "campaign"), ("name", "name"), ("task", "task"), ("raters_per_item", "ratings an item needs"),
                  ("items", "items to rate"), ("adaptive", "adaptive"), ("takes_part", "this laptop takes part"),
                  ("created_at", "made")],
    "speakers": [("id", "speaker"), ("name", "name"), ("answers", "answers"), ("created_at", "registered")],
    "runs": [("id", "run"), ("name", "name"), ("language", "language"), ("items", "items"), ("source", "from")],
    "backups": [("made", "made"), ("reason", "why"), ("bytes", "bytes"), ("file", "file")],
}


def _print_laptops(rows: list[dict]) -> int:
    if not rows:
        print("no other laptop known yet (lyss review enrol CODE --name NAME)")
    for r in rows:
        role = said_text(laptops.role(r))
        revoked = f"; revoked from {r['revoked_from']}" if r["revoked_from"] else ""
        print(f"{r['name'] or '—':<24} {r['code']}  {role}; last bundle {r['last_bundle'] or 'not seen'}{revoked}")
    return 0


def _review_backup(store, args) -> int:
    made = backup_info(store.backup("on-demand"))
    print(f"backed up to {made['file']} ({made['bytes']} bytes, {made['made']}); lyss review restore --db {args.db} "
          f"{made['file']} puts it back")
    return 0


def _review_enrol(store, args) -> int:
    campaign_id = catalogue.find_campaign(store, args.campaign) if args.campaign else None
    code, done = laptops.enrol(store, args.code, campaign_id, args.name)
    print(said_text(laptops.enrolled_line(store, code, done, campaign_id is None)))
    return 0


def _review_revoke(store, args) -> int:
    since = None if args.since is None else laptops.timestamp(args.since)  # `--from ''` is a mistake, not "now"
    campaign_id = catalogue.find_campaign(store, args.campaign) if args.campaign else None
    r = laptops.revoke(store, args.code, since, campaign_id)
    if r["left_circle"]:
        print(f"{laptops.named(store, r['code'])} left this coordinator's circle: no campaign created from now on "
              f"enrols it")
    if r["campaigns"]:
        n = len(r["campaigns"])
        print(f"revoked {r['code']} in {n} campaign{'' if n == 1 else 's'} from {r['from_at']}: its "
              f"answers signed from then on are refused wherever this travels ({r['answers_dropped']} dropped here); "
              f"earlier ones are kept and marked in lyss study reliability")
    return 0


def _review_hand_over(store, args) -> int:
    speaker_id = records.speakers.find_speaker(store, args.speaker)
    campaign_id = catalogue.find_campaign(store, args.campaign) if args.campaign else None
    code, done = laptops.hand_over(store, speaker_id, args.code, campaign_id)
    print(f"laptop {code} may now record the answers of {speaker_id} in {len(done)} campaign{'' if len(done) == 1 else 's'}")
    return 0


def _review_trust(store, args) -> int:
    if args.remove:
        code = laptops.distrust(store, args.code)
        print(f"this laptop no longer accepts new campaigns, enrolments or withdrawals signed by {code}")
        return 0
    code = laptops.trust(store, args.code, args.label)
    print(f"this laptop now accepts campaigns coordinated by {code}")
    return 0


def _review_names_back(store, args) -> int:
    if restoring.lacks(store) is None:
        raise BadValue("names-back", args.db, "this database was never restored: there is no replaced copy to read")
    back = restoring.names_back(store)
    if not back:
        print("every speaker this laptop registered is here with their name: nothing to put back")
    for speaker in back:
        print(f"put back {shown(speaker['name'] or '(no name)')} ({speaker['id']})")
    return 0


def _review_export_bundle(store, args) -> int:
    manifest = bundles.export_bundle(store, args.out)
    n = manifest["counts"]["ratings"]
    print(f"wrote {args.out}: {n} answer{'' if n == 1 else 's'}, sha256 {manifest['sha256'][:16]}…")
    return 0


def _review_resolve(store, args) -> int:
    settled = resolve.resolve(store, args.folder)
    if not settled:
        print("no conflict with the bundles of the shared folder: nothing to resolve")
    for r in settled:
        what = f"{r['table']} {'/'.join(map(str, r['key']))} ({', '.join(r['columns'])} differed)"
        if r["kept"] == "here":
            print(f"{what}: this laptop's version is the earliest and stays; laptops {', '.join(r['laptops'])} "
                  f"hold another until they resolve too (lyss review resolve)")
        else:
            print(f"{what}: replaced here by the earliest version, from the shared folder; the next sync reads "
                  f"the folder again")
    return 0


def _review_check(store, args) -> int:
    found = check.check(store)
    if args.json:
        print_result({"healthy": found["healthy"], "problems": [sentences.english(s) for s in found["problems"]],
                "fine": [sentences.english(s) for s in found["fine"]]}, True)
    else:
        for said in found["fine"]:
            print(f"ok       {shown(sentences.english(said))}")
        for said in found["problems"]:
            print(f"PROBLEM  {shown(sentences.english(said))}")
        print(sentences.english(found["summary"]))
    return 0 if found["healthy"] else 1


def _review_merge(store, args) -> int:
    changed = bundles.merge(store, args.bundle)
    said = [sentences.line("sync.nothing new")] if not changed["rows_changed"] and not changed["waited"] else [
        *sync.merge_lines({**changed, "ratings_refused_revoked": 0})]
    if changed["ratings_signed"]:
        said.append(sentences.line("sync.signed back", n=sentences.Number(changed["ratings_signed"], "count"),
                                   one="n"))
    print(f"merged {args.bundle} from {changed['from_device']}: {sentences.joined_english(said)}")
    if changed["ratings_refused_revoked"]:
        n = changed["ratings_refused_revoked"]
        print(f"  {n} answer{'' if n == 1 else 's'} refused: signed by a revoked laptop after its revocation")
    for r in changed["revoked"]:
        print(f"  THIS LAPTOP WAS REVOKED in campaign {r['campaign_id']} from {r['from_at']}: answers made here "
              f"since then are refused everywhere; ask the coordinator")
    _print_set_aside(changed)
    return 0


def _print_set_aside(changed: dict) -> None:
    """The rows that wait here (for what) and the rows refused alone (why), each on its own line."""
    if changed["waited"]:
        n = changed["waited"]
        print(f"  {n} row{' that waited here was' if n == 1 else 's that waited here were'} placed")
    for said in changed["waiting_lines"]:
        print(f"  {sentences.english(said)}: kept here until then")
    if changed["rows_refused"]:
        n = len(changed["rows_refused"])
        print(f"  {n} row{'' if n == 1 else 's'} refused alone, {'for' if n == 1 else 'each for'} the reason it "
              f"gives (the rest merged):")
    for said in changed["rows_refused"]:
        print(f"    {sentences.english(said)}")


def _review_withdraw(store, args) -> int:
    lost = restoring.lost_speaker(store, args.speaker)
    if lost is not None:
        raise BadValue("speaker", args.speaker, f"not in this database: it was restored from a backup older than "
                                                f"them (registered {lost['registered'][:10]}, {lost['id']}); put them "
                                                f"back first (lyss review names-back --db {args.db}, or a sync), then "
                                                f"withdraw them — or the coordinator withdraws {lost['id']} on the "
                                                f"coordinator's laptop")
    speaker_id = records.speakers.find_speaker(store, args.speaker)
    if not args.yes and not confirmed(records.speakers.withdrawal_words(store, speaker_id)):
        return 2
    held = take_out.holding(store, speaker_id)
    copies = exports.holding(store, speaker_id)
    r = roster.withdraw(store, speaker_id)
    print(f"withdrew {speaker_id}: {r['deleted']} answers deleted here and in {r['backups']} backups")
    still = {t["folder"] for t in take_out.holding(store, speaker_id)}
    for t in held:
        print(f"  take-out {t['folder']} (made {t['made_at'][:10]}): " + (
            "no longer there: whoever holds a copy of it must delete this speaker's rows" if t["folder"] in still
            else "rewritten without them"))
    for e in copies:  # a copy outside LYSS: named, for the coordinator to chase
        print(f"  export {e['path']} ({e['kind']}, made {e['made_at'][:10]}{', for ' + e['use'] if e['use'] else ''}): "
              f"holds their answers — delete it, or export again, and ask whoever received it to do the same")
    if store.displaced:
        print(f"  this database is a copy (made at {store.displaced['path']}): the withdrawal stays in it and travels "
              f"nowhere; withdraw the speaker on the laptop itself, or make this copy the laptop (lyss review adopt)")
    else:
        print("  the withdrawal travels in bundles" if r["travels"] else
              "  other laptops will not honour it: this laptop neither registered the speaker nor coordinates "
              "a campaign; ask the coordinator to withdraw the speaker too")
    return 0


def _review_adopt(store, args) -> int:
    was = store.adopt()
    if was is None:
        print(f"{args.db} is this laptop ({laptops.this_code(store)}) where it is already: nothing to change")
        return 0
    print(f"{args.db} is now laptop {laptops.this_code(store)}, here: it publishes and merges again. The database it "
          f"was copied from ({was['path']}{', on another computer' if was['elsewhere'] else ''}) must not be used "
          f"any more: two databases signing as one laptop split the circle")
    return 0


def run_restore(args) -> int:
    used = restore(args.db, args.backup)
    print(f"restored {args.db} from {used.name}; every withdrawal, revocation, enrolment and hand-over it knows of "
          f"is applied again; the database it replaced is kept among the backups (lyss review list backups)")
    with Store(args.db, create=False) as store:
        back = bundles.give_back_after_restore(store)
        left = restoring.lacks(store)
    for said in _given_back(back):
        print(said)
    for said in restored_lines(left, args.db):
        print(said)
    return 0


def _given_back(back: dict | None) -> list[str]:
    """What a restore gave back from the database it replaced, one line each."""
    if not back:
        return []
    merged, said = back["merged"], []
    if merged and (merged["ratings_added"] or merged["ratings_replaced"] or merged["campaigns_added"]):
        said.append(f"taken back from the replaced database: {sentences.joined_english(sync.merge_lines(merged))}")
    for why in (merged or {}).get("rows_refused", []):
        said.append(f"  not taken back: {sentences.english(why)}")
    if back["names"]:
        names = back["names"]
        said.append(f"put back {len(names)} speaker name{'' if len(names) == 1 else 's'} from the replaced database: "
                    + ", ".join(f"{shown(s['name'] or '(no name)')} ({s['id']})" for s in names))
    for t in back["take_outs"]:
        said.append(f"remembered again the take-out written to {t['folder']} on {t['made_at'][:10]} (a withdrawal "
                    f"reaches it)")
    return said


def restored_lines(lacking: dict | None, db: str) -> list[str]:
    """What a restored database still lacks after taking back what the replaced one held, and how it comes back."""
    if not lacking or not (lacking["answers"] or lacking["speakers"]):
        return ["nothing this laptop recorded is missing"] if lacking else []
    out = []
    n, speakers = lacking["answers"], lacking["speakers"]
    if n:
        out.append(f"{n} answer{' recorded here was' if n == 1 else 's recorded here were'} not taken back from the "
                   f"replaced database (each said above): the next sync takes back what this laptop's bundle in the "
                   f"shared folder holds (lyss review sync FOLDER), or merge a bundle exported since (lyss review "
                   f"merge FILE)")
    if speakers:
        names = ", ".join(f"{shown(s['name'] or '(no name)')} ({s['id']}, registered {s['registered'][:10]})"
                          for s in speakers)
        count = len(speakers)
        out.append(f"it lacks {count} speaker{'' if count == 1 else 's'} registered here since: {names}; their "
                   f"answers come back with the sync, their names never travel: lyss review names-back --db {db} "
                   f"puts them back from the replaced copy, and a speaker who registers again with the same name is "
                   f"asked whether they are the same person (then they keep their id)")
    return out
