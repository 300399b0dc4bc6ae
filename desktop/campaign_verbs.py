"""The ``lyss review`` verbs of speakers and campaigns (their parsers: ``cli_review.py``): registering a speaker,
making a campaign and its terms, answers by script and on paper, what is shown, progress, exports and take-outs.
Each makes one call into :mod:`review` and prints."""

from __future__ import annotations

import json
from pathlib import Path

from eval_standards.text import convert as convert_text
from review.operations import records
from review.operations.rating import campaigns, paper
from review.operations.rating import record_answer
from review.operations.rating import shown_item
from review.operations.records import catalogue, exports, restoring, take_out, terms
from review.operations.database import revoked_laptops
from review.operations.study import decisions, research_files, verdicts
from review.operations.tasks import attention
from scoring.errors import BadValue
from scoring.files import atomic_path, json_text, refuse_overwriting_inputs, write_atomic

from .terminal import shown
from .verbs import print_result, said_text


def _review_add_speaker(store, args) -> int:
    uses = None if args.consent_uses is None else [u.strip() for u in args.consent_uses.split(",") if u.strip()]
    print(restoring.register(store, args.name, args.consent_scope, args.community, args.dialect, uses,
                             True if args.same_person else False if args.another_person else None))
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
    result["revoked_laptops"] = revoked_laptops(store.db, campaign_id)
    for r in result["revoked_laptops"]:
        text += (f"\nlaptop {r['code']}: revoked (from {r['from_at'][:16].replace('T', ' ')}); {r['kept']} of its "
                 f"answers, signed before, are kept")
    return print_result(result, args.json, text)


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
