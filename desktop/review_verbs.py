"""The ``lyss review`` and ``lyss study`` verbs (their parsers: ``cli_review.py``): each opens the database,
makes one call into :mod:`review`, and prints."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

from eval_standards.text import convert as convert_text
from review import records, sentences
from review.exchange import bundles, check, resolve, sync
from review.rating import campaigns, paper, roster
from review.rating.session import record_answer
from review.rating.shown import shown_item
from review.records import catalogue, exports, laptops, restoring, shared_folder, take_out, terms
from review.store import Store, readable_by_others, restore, revocation
from review.store.database import backup_info
from review.study import analyses, decisions, report, research_files, reweight, tiers, verdicts
from review.study.experiments import replay, simulation
from review.study.premark_effect import premark_effect
from review.tasks import attention
from scoring.errors import BadValue, FileProblem
from scoring.files import atomic_path, json_text, refuse_overwriting_inputs, write_atomic

from .terminal import ProgressBar, shown


def _print(result: Any, as_json: bool, text: str | None = None) -> int:
    if as_json or text is None:
        print(json_text(result, indent=2, default=str))
    else:
        print(text)
    return 0


def _interval(block: dict | None, key: str = "alpha") -> str:
    if not block or block.get(key) is None:
        return "—"
    ci = f" [{block['ci_lower']:.4f}, {block['ci_upper']:.4f}]" if block.get("ci_lower") is not None else ""
    return f"{block[key]:.4f}{ci}"


def agreement_text(table: list[dict]) -> str:
    lines = [f"{'question':<14} {'scale':<9} {'answers':>7} {'speakers':>8} {'items':>6}  alpha (95% interval)"]
    for r in table:
        levels = "  ".join(f"{level} {_interval(r[level])}" for level in ("nominal", "ordinal", "interval")
                           if level in r)
        lines.append(f"{r['question']:<14} {r['scale']:<9} {r['answers']:>7} {r['raters']:>8} {r['items']:>6}  {levels}")
    return "\n".join(lines)


def correlation_text(r: dict) -> str:
    cis = r.get("confidence_intervals", {})
    lines = [f"{r['metric']} vs {r['human']}: {r['num_sys']} systems, {r['num_items']} items"]
    for level, table in [*((f"segment/{k}", v) for k, v in r["segment"].items()), ("system", r["system"])]:
        prefix = level.replace("/", ".")
        cells = []
        for k, v in table.items():
            ci = cis.get(f"{prefix}.{k}")
            shown_v = f"{v:.4f}" if isinstance(v, float) else f"{v}"
            cells.append(f"{k} {shown_v}" + (f" [{ci['ci_lower']:.4f}, {ci['ci_upper']:.4f}]" if ci else ""))
        lines.append(f"  {level:<13} " + "  ".join(cells))
    return "\n".join(lines)


def reliability_text(rows: list[dict]) -> str:
    lines = [f"{'speaker':<22} {'answers':>7} {'repeats same':>12} {'degraded lower':>14} {'p (MWU)':>8} "
             f"{'median s':>8} {'away s':>7}  flags"]
    for r in rows:
        p = "—" if r["degraded_p_value"] is None else f"{r['degraded_p_value']:.3f}"
        med = "—" if r["median_seconds"] is None else f"{r['median_seconds']:.1f}"
        lines.append(f"{shown(r['speaker_id']):<22} {r['answers']:>7} "
                     f"{str(r['repeats_consistent']) + '/' + str(r['repeats_checked']):>12} "
                     f"{str(r['degraded_scored_lower']) + '/' + str(r['degraded_checked']):>14} {p:>8} {med:>8} "
                     + f"{r['away_seconds']:>7.0f}  " + ("; ".join(r["flags"]) or "none"))
    return "\n".join(lines)


def _store(args):
    """The database ``--db`` names; only ``init`` creates one (a mistyped name is an error, not a new file).
    A database other users of the computer may read is opened with a one-line warning."""
    store = Store(args.db, create=args.verb == "init", read_only=args.read_only)
    if readable_by_others(store.path):
        print(f"lyss: warning: {store.path}: other users of this computer can read it, and it holds this laptop's "
              f"private key: chmod 600 {store.path}", file=sys.stderr)
    return store


def _with_progress(work):
    """Run ``work(progress)`` with a bar on stderr (shown only in a terminal)."""
    bar = ProgressBar()
    try:
        return work(bar)
    finally:
        bar.close()


# ---- lyss review VERB: one function each, (store, args) -> exit status --------------------------------------

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
        return _print(rows, True)
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


def table(rows: list[dict], columns: list[tuple[str, str]]) -> str:
    """Rows as a plain-text table under a header, each column as wide as its widest cell."""
    def cell(value) -> str:
        return "—" if value is None else "yes" if value is True else "no" if value is False else shown(value)
    cells = [[header for _, header in columns], *([cell(r.get(key)) for key, _ in columns] for r in rows)]
    widths = [max(len(row[k]) for row in cells) for k in range(len(columns))]
    return "\n".join("  ".join(text.ljust(width) for text, width in zip(row, widths)).rstrip() for row in cells)


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


def _review_add_speaker(store, args) -> int:
    uses = None if args.consent_uses is None else [u.strip() for u in args.consent_uses.split(",") if u.strip()]
    print(restoring.register(store, args.name, args.consent_scope, args.community, args.dialect, uses,
                             True if args.same_person else False if args.another_person else None))
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


def _review_create_campaign(store, args) -> int:
    if len(args.scored) > 1 and not args.adaptive:
        raise BadValue("SCORED.json", " ".join(args.scored), "several run cards make one campaign only with --adaptive")
    if args.adaptive and (args.items is not None or args.hints):
        raise BadValue("--adaptive", "", "an adaptive campaign serves every shared entry as needed: "
                                         "leave out --items and --hints")
    if args.alpha is not None and not args.adaptive:
        raise BadValue("--alpha", str(args.alpha), "only an adaptive campaign takes decisions as it goes: add --adaptive")
    if args.question is not None and not args.adaptive:
        raise BadValue("--question", args.question, "only an adaptive campaign asks a question as it goes: add "
                                                    "--adaptive")
    runs = [catalogue.load_scored(path) for path in args.scored]
    given = terms.read(args.terms) if args.terms else None  # checked before anything is written
    if args.adaptive:
        question = None if args.question is None else {"kind": args.question, "delta": args.delta,
                                                       "baseline": args.baseline, "threshold": args.threshold}
        cid = campaigns.create_adaptive_campaign(store, runs, args.task, raters=args.raters or 1, seed=args.seed,
                                                 name=args.name, alpha=args.alpha, question=question,
                                                 premark=args.premark, premark_control=args.premark_control,
                                                 premark_split=args.premark_split, qc=args.qc, qc_share=args.qc_share,
                                                 qc_min_catch=args.qc_min_catch)
    else:
        cid = campaigns.create_campaign(store, runs[0], args.task, items=args.items, raters=args.raters or 3,
                                        seed=args.seed, name=args.name, hints=args.hints, premark=args.premark,
                                        premark_control=args.premark_control, premark_split=args.premark_split,
                                        qc=args.qc, qc_share=args.qc_share, qc_min_catch=args.qc_min_catch)
    if given is not None:
        terms.record(store, cid, given)
    made = next(c for c in catalogue.list_campaigns(store) if c["id"] == cid)
    settings = catalogue.campaign(store, cid)["settings"]
    print(f"{cid}  task {args.task}, {made['items']} items: {shown(made['name'])}")
    if given is not None:
        print(f"  the community's terms: {shown(given['community'])}, {shown(given['licence']['name'])}; uses allowed: "
              f"{', '.join(given['uses']) or 'none'} (each needs a council's decision: lyss review decide-use)")
    if settings.get("attention"):
        print("  " + attention.describe(campaigns.attention_summary(store, cid)))
    left = settings.get("left_out") or {}
    if left.get("count"):
        print(f"  left out {left['count']} words: {left['reason']} (e.g. {', '.join(left['examples'][:5])})")
    warning = decisions.size_warning(store, cid)
    if warning:
        print(f"  warning: {said_text(warning)}")
    return 0


def _review_answer(store, args) -> int:
    campaign_id = catalogue.find_campaign(store, args.campaign)
    speaker_id = records.speakers.find_speaker(store, args.speaker)
    try:
        answers = json.loads(args.answers)
    except json.JSONDecodeError as exc:
        raise BadValue("--answers", "", f"invalid JSON: {exc.msg}") from None
    before = shown_item(store, campaign_id, speaker_id, args.position) if args.replace and args.position is not None \
        else None
    position, _ = record_answer(store, campaign_id, speaker_id, answers, args.note, args.position, keep=args.keep,
                                drop=args.drop, replace=args.replace)
    if position is None:
        print(said_text(verdicts.speaker_done()))
        return 0
    if before is not None and before["answer"] is not None:
        now_words = shown_item(store, campaign_id, speaker_id, position)["answer_words"]
        print(f"replaced position {position}: was {before['answer_words']}; now {now_words}")
    print(f"recorded position {position}; {records.sequences.progress_words(store, campaign_id, speaker_id)}")
    return 0


def _review_show(store, args) -> int:
    shown = shown_item(store, catalogue.find_campaign(store, args.campaign), records.speakers.find_speaker(store, args.speaker),
                       args.position)
    if args.json:
        print(json_text(shown, indent=2))
        return 0
    if shown["position"] is None:
        print(said_text(shown["said"]))
        return 0
    print(f"campaign {shown['campaign']} ({shown['campaign_id']}), task {shown['task']}, speaker {shown['speaker_id']},"
          f" position {shown['position']} of {shown['of']} (from 0)" + (
              "" if shown["served"] else "; not served yet: the next answer serves it"))
    for text in shown["texts"]:
        print(f"  {text}")
    if shown["words"]:
        print("words: " + " ".join(f"{n}:{word}" for n, word in enumerate(shown["words"], 1)))
    if shown["premarks"]:
        print("pre-marks (keep or drop them by number: lyss review answer --keep N,N --drop N,N):")
    for m in shown["premarks"]:
        where = "something missing" if m["words"] == "missing" else f"words {m['words']} {json.dumps(m['text'])}"
        print(f"  {m['number']}: {where}, {m['severity']} ({m['source']})")
    saved = json.dumps(shown["answer"], ensure_ascii=False) if shown["answer"] is not None else "none yet"
    print(f"answer: {saved}" + (f"; note: {shown['note']}" if shown["note"] else ""))
    return 0


def _review_progress(store, args) -> int:
    campaign_id = catalogue.find_campaign(store, args.campaign)
    rows = records.sequences.speakers_progress(store, campaign_id)
    result = {"speakers": [{k: v for k, v in r.items() if k not in ("display_name", "registered_by")} for r in rows],
              "coverage": catalogue.coverage(store, campaign_id)}
    text = "\n".join(f"{shown(r['speaker_id'])}  {shown(records.speakers.shown_name(r)):<20} "
                     f"{records.sequences.progress_words(store, campaign_id, r['speaker_id'])}"
                     + (f" ({r['total'] - r['checks']} items + {r['checks']} quality-control checks)"
                        if r["checks"] else "") for r in rows) or "no speaker has joined yet"
    c = result["coverage"]
    text += f"\n{c['items_at_target']} of {c['items']} items have {c['target_speakers']}+ speakers"
    result["revoked_laptops"] = revocation.revoked_laptops(store.db, campaign_id)
    for r in result["revoked_laptops"]:
        text += (f"\nlaptop {r['code']}: revoked (from {r['from_at'][:16].replace('T', ' ')}); {r['kept']} of its "
                 f"answers, signed before, are kept")
    return _print(result, args.json, text)


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
        _print({"healthy": found["healthy"], "problems": [sentences.english(s) for s in found["problems"]],
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
    for line in changed["waiting_lines"]:
        print(f"  {line}: kept here until then")
    if changed["rows_refused"]:
        n = len(changed["rows_refused"])
        print(f"  {n} row{'' if n == 1 else 's'} refused alone, {'for' if n == 1 else 'each for'} the reason it "
              f"gives (the rest merged):")
    for line in changed["rows_refused"]:
        print(f"    {line}")


def _review_withdraw(store, args) -> int:
    lost = restoring.lost_speaker(store, args.speaker)
    if lost is not None:
        raise BadValue("speaker", args.speaker, f"not in this database: it was restored from a backup older than "
                                                f"them (registered {lost['registered'][:10]}, {lost['id']}); put them "
                                                f"back first (lyss review names-back --db {args.db}, or a sync), then "
                                                f"withdraw them — or the coordinator withdraws {lost['id']} on the "
                                                f"coordinator's laptop")
    speaker_id = records.speakers.find_speaker(store, args.speaker)
    if not args.yes and not _confirmed(records.speakers.withdrawal_words(store, speaker_id)):
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


def _confirmed(question: str) -> bool:
    """Ask at a terminal (yes/no); elsewhere refuse, naming ``--yes``. Nothing is done unless the answer is yes."""
    if not sys.stdin.isatty():
        print(f"lyss: {question}: not done (no terminal to ask at); add --yes to confirm", file=sys.stderr)
        return False
    answer = input(f"{question[0].upper()}{question[1:]}. Type yes to go on: ").strip().lower()
    if answer not in ("y", "yes"):
        print("lyss: nothing was withdrawn", file=sys.stderr)
        return False
    return True


def _write_manifest(path: Path, manifest: dict) -> None:
    """Beside an export: whose data it is — each campaign's terms and the decision on the use it was made for."""
    write_atomic(path, lambda fh: fh.write(json_text(manifest, indent=2) + "\n"))


def _review_terms(store, args) -> int:
    campaign_id = catalogue.find_campaign(store, args.campaign)
    if args.set:
        version = terms.record(store, campaign_id, terms.read(args.set))
        print(f"campaign {campaign_id}: the community's terms recorded (version {version})")
        return 0
    found = terms.current(store, campaign_id)
    copies = [e for e in exports.listed(store) if campaign_id in e["campaigns"]]
    if args.json:
        print(json_text({"terms": found, "history": terms.history(store, campaign_id),
                         "decisions": terms.decisions(store, campaign_id), "exports": copies}, indent=2))
        return 0
    if found is None:
        print(f"campaign {campaign_id} carries no community's terms (lyss review terms --set FILE records them)")
    else:
        print(terms_text(found, terms.decisions(store, campaign_id)))
    for e in copies:  # the copies of its answers written here: what a withdrawal would have to chase
        print(f"export: {shown(e['path'])} ({e['kind']}, {e['made_at'][:10]}, for {e['use'] or 'no use named'}; "
              f"answers of {e['speakers']} speaker{'' if e['speakers'] == 1 else 's'})")
    return 0


def terms_text(found: dict, decided: list[dict]) -> str:
    """A campaign's terms and the council's decisions, as plain lines."""
    lines = [f"community: {shown(found['community'])}", f"licence: {shown(found['licence']['name'])}",
             f"  {shown(found['licence']['text'])}"]
    lines += [f"label: {shown(label['name'])}: {shown(label['text'])}" for label in found["labels"]]
    lines.append(f"uses the community allows: {', '.join(found['uses']) or 'none'}")
    if found.get("contact"):
        lines.append(f"contact: {shown(found['contact'])}")
    lines.append(f"(version {found['version']}, {found['made_at'][:10]})")
    lines += [f"decision: {d['use']} {d['verdict']} by {shown(d['decided_by'])} on {d['decided_on']}"
              + (f" ({shown(d['note'])})" if d["note"] else "")
              + (" — stands" if d.get("stands") else f" — corrected by the decision recorded at {d['corrected_by']}"
                 if d.get("corrected_by") else " — earlier, a later one stands")
              + f" (recorded at {d['recorded_at']})" for d in decided]
    return "\n".join(lines)


def _review_amend_terms(store, args) -> int:
    campaign_id = catalogue.find_campaign(store, args.campaign)
    version = terms.record(store, campaign_id, terms.read(args.file), amend=True)
    print(f"campaign {campaign_id}: the community's terms are now version {version} (the earlier ones stay)")
    return 0


def _review_decide_use(store, args) -> int:
    campaign_id = catalogue.find_campaign(store, args.campaign)
    row = terms.decide(store, campaign_id, args.use, args.by, args.date, not args.refuse, args.note, args.corrects)
    print(f"campaign {campaign_id}: {row['use']} {row['verdict']} by {shown(row['decided_by'])} on {row['decided_on']}"
          + (f", correcting the decision recorded at {row['corrects']}" if row["corrects"] else "")
          + ("" if terms.current(store, campaign_id) else " (the campaign carries no terms yet: a use is allowed "
                                                           "only when its terms allow it too)"))
    return 0


def _review_take_out(store, args) -> int:
    ids = [catalogue.find_campaign(store, args.campaign, imported=True)] if args.campaign else [
        c["id"] for c in catalogue.list_campaigns(store, imported=True)]
    refuse_overwriting_inputs(args.out, [store.path])
    manifest = take_out.take_out(store, args.out, ids, args.with_names)
    rows = sum(f["rows"] for name, f in manifest["files"].items() if name.endswith(".jsonl"))
    n = len(manifest["speakers"])
    print(f"wrote {args.out}: {len(ids)} campaign{'' if len(ids) == 1 else 's'}, {n} speaker{'' if n == 1 else 's'}, "
          f"{rows} rows, each table as CSV and JSONL (manifest.json: their SHA-256 sums; README.txt: what each holds)"
          + ("; with names" if args.with_names else "; no names (--with-names adds them)"))
    return 0


def _review_export(store, args) -> int:
    campaign_id = catalogue.find_campaign(store, args.campaign) if args.campaign else None
    exported = [campaign_id] if campaign_id else terms.with_answers(store)
    terms.require(store, exported, args.use)
    if args.format == "mtme":
        if not args.lp:
            raise BadValue("--lp", "", "give the language pair of an mt-metrics-eval export (e.g. en-ciw)")
        found = research_files.export_mtme(store, args.out, args.lp, args.human, campaign_id, args.use)
        _write_manifest(Path(args.out) / "lyss-terms.json", terms.manifest(store, exported, args.use))
        print(json_text(found))
        return 0
    n = research_files.export_ratings(store, args.out, args.format, args.include_raw, campaign_id, args.use)
    _write_manifest(Path(f"{args.out}.terms.json"), {**terms.manifest(store, exported, args.use),
                                                    "answers_left_out_for_consent": n["left_out"]})
    of = f" of campaign {campaign_id}" if campaign_id else ""
    held = (f"{n['answers']} answers, a row for each run whose output an answer rates" if args.include_raw else
            "one for each run, output and question")
    print(f"wrote {n['rows']} rows{of} to {args.out} ({held})")
    if n["left_out"]:
        print(f"  {n['left_out']} answer{'' if n['left_out'] == 1 else 's'} left out: their speakers did not consent "
              f"to {args.use!r}")
    return 0


def _review_print_forms(store, args) -> int:
    from .paper_forms import write_pdf  # deferred: Qt (QPdfWriter) loads only to print forms
    out = Path(args.out)
    if out.suffix.lower() != ".pdf":
        raise BadValue("--out", args.out, "give a file name ending in .pdf (the CSV is written beside it)")
    template = out.with_suffix(".csv")
    refuse_overwriting_inputs(args.out, [store.path])
    campaign_id = catalogue.find_campaign(store, args.campaign)
    speaker_id = records.speakers.find_speaker(store, args.speaker)
    items = paper.form_items(store, campaign_id, speaker_id, args.include_answered, args.items)
    if not items:
        raise BadValue("--speaker", args.speaker, paper.nothing_to_print(store, campaign_id, speaker_id))
    found = {**catalogue.campaign(store, campaign_id), "terms": terms.current(store, campaign_id)}
    script = records.speakers.chosen_script(store, campaign_id, speaker_id)
    convert = None
    if script is not None:
        convert = lambda text: convert_text(script["converter"], text)  # noqa: E731
    ui = args.language or records.speakers.preference(store, speaker_id, "ui_language") or "en"
    language = catalogue.campaign_language(store, campaign_id)
    with atomic_path(out) as tmp:
        who = records.speakers.speaker(store, speaker_id).get("display_name")  # the name, on the laptop holding it
        pages = write_pdf(str(tmp), items, language, found, f"{who} ({speaker_id})" if who else speaker_id, convert,
                          ui=ui)
    paper.write_template(str(template), store, campaign_id, speaker_id, items)
    print(f"wrote {len(items)} items on {pages} pages to {out}, and the CSV to key the answers into: {template}")
    return 0


def _review_import_forms(store, args) -> int:
    from .form_words import translations  # deferred: QtCore, for this one verb (the command line starts without Qt)
    r = paper.import_forms(store, args.csv, args.replace, translations())
    replaced = len(r["replaced"])
    print(f"{r['answered']} answered rows of {r['rows']} ({r['recorded']} recorded, marked as from paper; "
          f"{r['blank']} left blank" + (f"; {replaced} answer{'s' if replaced != 1 else ''} replaced" if replaced
                                        else "") + ")")
    for row in r["replaced"]:
        print(f"  line {row['line']}: position {row['position']}: {shown(row['said'])}")
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
        said.append(f"  not taken back: {why}")
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


def run_review(args) -> int:
    with _store(args) as store:
        return args.verb_func(store, args)


# ---- lyss study VERB ---------------------------------------------------------------------------------------

def _study_agreement(store, args) -> int:
    if args.question:  # one question: one object
        one = analyses.agreement(store, args.task, args.question, args.campaign, args.bootstrap)
        return _print(one, args.json, agreement_text([one]))
    table = analyses.agreement_table(store, args.campaign, args.task, args.bootstrap)
    return _print(table, args.json, agreement_text(table))


def _study_correlate(store, args) -> int:
    metric, human, campaign = analyses.correlate_defaults(store, args.campaign, args.metric, args.human)
    r = _with_progress(lambda bar: analyses.correlate(store, metric, human, args.bootstrap, campaign_id=campaign,
                                                   progress=bar))
    r["notes"] = analyses.correlation_notes(r, args.metric is not None, analyses.metric_names(store))
    return _print(r, args.json, "\n".join([correlation_text(r), *r["notes"]]))


def _study_compare_metrics(store, args) -> int:
    r = analyses.compare_metrics(store, args.metric, args.metric2, args.human, args.statistic, args.grouping,
                              args.resamples)
    return _print(r, args.json, f"Δ {r['statistic']} ({args.metric2} − {args.metric}) = {r['delta']:+.4f}, "
                                f"p = {r['p_value']:.4f} (PERM-BOTH, {r['resamples']} resamples)")


def _study_linter_precision(store, args) -> int:
    r = analyses.linter_precision(store, args.campaign)
    lines = [f"{c:<24} {v['precision']:.3f} [{v['ci_lower']:.3f}, {v['ci_upper']:.3f}] n={v['judged_pairs']}"
             for c, v in r["classes"].items()] or ["no task B answers with a majority yet"]
    return _print(r, args.json, "\n".join(lines))


def _study_fst_rejection(store, args) -> int:
    r = analyses.fst_false_rejection(store, args.campaign)
    text = ("no task C answers with a majority yet" if r["false_rejection_rate"] is None else
            f"false rejection {r['false_rejection_rate']:.3f} [{r['ci_lower']:.3f}, {r['ci_upper']:.3f}] "
            f"over {r['words_decided']} words; valid: {', '.join(r['valid_words'][:20])}")
    return _print(r, args.json, text)


def _study_quality(store, args) -> int:
    found = analyses.speaker_catch_rates(store, args.campaign)
    names = records.speakers.names_here(store, [r["speaker_id"] for r in found["speakers"]])
    return _print(found, args.json, quality_text(found, names))


def quality_text(found: dict, names: dict[str, str] | None = None) -> str:
    """The catch rates as a coordinator reads them: a line per speaker (named where this laptop has the name), their
    catch rate per kind of error with its interval and the flag, then per kind over every speaker."""
    if not found["speakers"]:
        return "no attention item answered yet"
    names = names or {}
    lines = [f"attention items: {attention.KIND_WORDS[found['kind']]}; a speaker catching fewer than "
             f"{found['min_catch']:.0%} is flagged",
             f"{'speaker':<30} {'caught':>9} {'rate':>6} {'95% interval':>13} {'waiting':>7}"]
    for r in found["speakers"]:
        who = f"{names[r['speaker_id']]} ({r['speaker_id']})" if r["speaker_id"] in names else r["speaker_id"]
        lines.append(f"{shown(who):<30} {str(r['caught']) + '/' + str(r['checked']):>9} "
                     f"{_share(r['rate']):>6} {_span(r):>13} {r['waiting']:>7}")
        if r["by_kind"]:
            lines.append("    " + "; ".join(_kind_rate(kind, k) for kind, k in r["by_kind"].items()))
        if r["flag"]:
            lines.append(f"    flag: {r['flag']}")
    for kind, k in found["by_kind"].items():
        lines.append(f"every speaker, {_kind_rate(kind, k)}")
    return "\n".join(lines)


def _kind_rate(kind: str, k: dict) -> str:
    """"number 3 of 4 caught (75%, 95% interval 30%–95%)"."""
    return f"{kind} {k['caught']} of {k['checked']} caught ({_share(k['rate'])}, 95% interval {_span(k)})"


def _share(rate: float | None) -> str:
    return "—" if rate is None else f"{rate:.0%}"


def _span(r: dict) -> str:
    return "—" if r["low"] is None else f"{r['low']:.0%}–{r['high']:.0%}"


def _study_reliability(store, args) -> int:
    rows = analyses.speaker_reliability(store, args.campaign)
    return _print(rows, args.json, reliability_text(rows))


def reweight_text(r: dict) -> str:
    w = ", ".join(f"{k} {v:.3f}" for k, v in r["weights"].items())
    text = (f"fitted weights: {w}\n  cross-validated Pearson {r['cv_pearson']:.4f} vs default profile "
            f"{r['cv_pearson_default']:.4f} ({r['folds']} folds, {r['evidence']['items']} items)")
    if r["evidence"].get("left_out_answers"):
        text += (f"\n  {r['evidence']['left_out_answers']} answers left out: their speakers did not agree to "
                 f"reweighting")
    if r["insufficient"]:
        text += "\n  evidence below the minimum: " + "; ".join(r["insufficient"])
    if r["worse_than_default"]:
        text += "\n  WARNING: the refit cross-validates worse than the default profile"
    if r["written"]:
        text += f"\n  wrote {r['written']} (use it with lyss score --profile {r['written']})"
    return text


def _study_reweight(store, args) -> int:
    r = reweight.reweight(store, args.human, args.base, args.out, args.force)
    return _print(r, args.json, reweight_text(r))


def confirm_tier_text(r: dict) -> str:
    return "\n".join(said_text(one) for one in r["said"])


def _study_confirm_tier(store, args) -> int:
    r = tiers.confirm_tier(store, args.run, campaign=args.campaign)
    return _print(r, args.json, confirm_tier_text(r))


def _study_import_mtme(store, args) -> int:
    r = _with_progress(lambda bar: research_files.import_mtme(store, args.folder, args.lp, args.human, args.metric,
                                                       only=args.systems, progress=bar))
    return _print(r, args.json, f"imported {len(r['systems'])} systems × {r['segments']} segments "
                                f"({r['human']}; metrics {', '.join(r['metrics'])})")


def _study_import_da(store, args) -> int:
    r = research_files.import_da(store, args.tsv, args.name)
    return _print(r, args.json, f"imported {r['items']} items with {r['ratings']} ratings ({r['campaign_id']})")


def said_text(said: dict) -> str:
    """A verdict line of the study in plain text (the app fills the same text in its language)."""
    return shown(sentences.english(said))


def status_text(r: dict) -> str:
    top = 2 + len(r.get("imports") or [])  # what was counted, the order, each import; the pace after the questions
    head, pace = r["summary"][:top], r["summary"][top:]
    lines = [f"{shown(r['name'])} ({r['campaign']})", *(f"  {said_text(one)}" for one in head)]
    for found in r["questions"]:
        first, *rest = found["said"]
        lines.append(f"  {said_text(first)}")
        lines.extend(f"    {said_text(one)}" for one in rest)
    lines.extend(f"  {said_text(one)}" for one in [*r["said"], *pace])
    return "\n".join(lines)


def _study_status(store, args) -> int:
    r = decisions.status(store, catalogue.find_campaign(store, args.campaign, imported=True))
    return _print(r, args.json, status_text(r))


def _study_report(store, args) -> int:
    from .community_report import write_pdf  # deferred: Qt (QPdfWriter) loads only to draw the report
    out = Path(args.out)
    if out.suffix.lower() != ".pdf":
        raise BadValue("--out", args.out, "give a file name ending in .pdf")
    refuse_overwriting_inputs(args.out, [store.path])
    found = report.community_report(store, catalogue.find_campaign(store, args.campaign))
    with atomic_path(out) as tmp:
        pages = write_pdf(str(tmp), found, shared_folder.chosen(store), laptops.names(store),
                          ui=args.language)
    print(f"wrote the report of {found['name']} on {pages} pages to {out}")
    return 0


def _study_premark_effect(store, args) -> int:
    r = premark_effect(store, catalogue.find_campaign(store, args.campaign))
    return _print(r, args.json, premark_effect_text(r))


def premark_effect_text(r: dict) -> str:
    lines = [f"pre-marks ({r['premark']}, split {r['split']:g}): {r['shown']} answers shown them, "
             f"{r['held_back']} held back"]
    for measure, unit in (("score", "points"), ("mqm", "MQM points"), ("seconds", "s")):
        d = r[measure]
        lines.append(f"  {measure}: " + (f"{d['difference']:+.2f} {unit} [{d['ci_lower']:+.2f}, {d['ci_upper']:+.2f}]"
                                         if d else "—"))
    if r.get("reason"):
        lines.append(f"  {r['reason']}")
    return "\n".join(lines)


def simulation_text(r: dict) -> str:
    def share(v):
        return "—" if v is None else f"{v:.3f}"
    return "\n".join([
        f"{r['human']} of {r['lp']} ({r['folder']}): {len(r['systems'])} systems, {r['pairs']} pairs, {r['items']} items "
        f"rated for every system, {r['orders']} orders, alpha {r['alpha']}",
        f"  fixed design ({r['fixed_test']}): {r['fixed_decided']} pairs different",
        f"  sequential: stops after {share(r['mean_fraction'])} of the items on average "
        f"(median {share(r['median_fraction'])}) on those pairs",
        f"  stopped {share(r['sequential_decided'])} of all runs; wrong direction {share(r['wrong_direction'])}; "
        f"type I error (signs flipped) {share(r['type_one_error'])}",
        f"  an adaptive campaign over all systems needs {share(r['adaptive_fraction'])} of the fixed design's ratings"])


def question_text(r: dict) -> str:
    nulls = r["null_type_one_error"]
    asked = (f" ({shown(r['candidate'])} against {shown(r['baseline'])})" if r["question"] == "non-inferior" else
             f" ({shown(r['candidate'])} against {r['threshold']:g})" if r["question"] == "tier" else "")
    lines = [f"{r['human']} of {r['lp']} ({r['folder']}): question {r['question']}{asked}, delta {r['delta']:g}, "
             f"alpha {r['alpha']}, {len(r['systems'])} systems, {r['items']} items, {r['orders']} orders",
             f"  ratings used: {r['fraction']:.3f} of a fixed design's ({r['sequence']} sequence)",
             f"  answers: right within delta {r['correct']:.3f}, wrong {r['wrong']:.3f}, still open {r['open']:.3f}"]
    if nulls:
        lines.append("  type I error under true nulls: " + "; ".join(
            f"{name.replace('_', ' ')} {v['overall']:.3f}" + (f" (worst pair {v['worst_pair']:.3f})" if "worst_pair" in v
                                                              else "") for name, v in nulls.items()))
    return "\n".join(lines)


def run_simulate_sequential(args) -> int:
    if args.question is None:
        r = _with_progress(lambda bar: simulation.simulate(args.folder, args.lp, args.human, args.orders, args.alpha,
                                                           args.seed, progress=bar))
        return _print(r, args.json, simulation_text(r))
    if args.delta is None:
        raise BadValue("--delta", "", "a question needs its margin: the smallest difference that matters (e.g. 2 "
                                      "MQM points)")
    r = _with_progress(lambda bar: simulation.simulate_question(
        args.folder, args.lp, args.human, args.question, args.delta, args.orders, args.alpha, args.seed,
        args.baseline, args.candidate, args.threshold, progress=bar))
    return _print(r, args.json, question_text(r))


def run_replay_esa(args) -> int:
    esa = Path(args.file).resolve()
    if not esa.is_file():
        raise FileProblem(args.file, "", "not found: an Appraise ESA export (CSV)")
    beside = esa.parent.name.removesuffix("-esa")
    wmt = Path(args.wmt) if args.wmt else esa.parent.with_name(beside) if beside else esa.parent
    if not (wmt / "sources" / f"{args.lp}.txt").is_file():
        raise FileProblem(str(wmt), f"sources/{args.lp}.txt", "not found: --wmt names the mt-metrics-eval folder of "
                                                            "the annotated texts")
    if args.premark_seconds is not None and not math.isfinite(args.premark_seconds):
        raise BadValue("--premark-seconds", str(args.premark_seconds), "a number of seconds")
    r = _with_progress(lambda bar: replay.replay_esa(str(esa), str(wmt), args.lp, progress=bar,
                                                     premark_seconds=args.premark_seconds))
    return _print(r, args.json, replay_text(r))


def replay_text(r: dict) -> str:
    def share(v):
        return "—" if v is None else f"{v:.3f}"
    return "\n".join([
        f"{r['items']} annotated items replayed; pre-marks from the reference ({r['match']}):",
        f"  precision {share(r['precision'])} of {r['premarked_words']} pre-marked words, recall {share(r['recall'])} "
        f"of {r['annotated_words']} annotated words",
        f"  keys per item: {share(r['keys_per_item_without'])} without pre-marks, {share(r['keys_per_item_with'])} "
        f"with",
        f"  speaker-hours without pre-marks: {r['hours_without']}; with: "
        f"{r['hours_with'] if r['hours_with'] is not None else r['hours_with_reason']}"])


def run_study(args) -> int:
    with _store(args) as store:
        return args.verb_func(store, args)
