"""Pre-marked error spans (issue 35, part 2 and 3): a task E campaign places the language pack's own candidate
errors (the analyser's rejected words, the orthography's problems) before the speaker sees an item; the speaker
keeps, drops or re-grades each with one key — in the session, in the app (pytest-qt, keys only) and with `lyss
review answer --keep/--drop` — and the answer records what was proposed and what was kept. Control pre-marks on
words no tool flagged give a per-speaker figure; a split serves part of the items without."""

from __future__ import annotations

import csv
import json

import pytest
from PySide6.QtCore import Qt

from helpers import background_done, open_window, review_database, shared_file, start_reviewing
from desktop.cli import main
from review import records
from review.rating import campaigns, practice, sequence
from review.rating.session import ReviewSession, record_answer
from review.records import catalogue
from review.store import Store
from review.study import analyses, research_files
from review.tasks import premarks
from review.tasks.error_spans import Marking


def _flagged(item: dict) -> set[str]:
    """The words the demo's scoring flagged in an item (analyser and orthography), by hand."""
    found = item["extra"]["lyss"]
    return {*found["giellalt-fst"]["rejected"], *found["orthography"]["problems"]}


def _campaign(tmp_path, scored_demo, **options):
    store = Store(tmp_path / "premarks.sqlite")
    cid = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "E", items=20, **options)
    speaker = records.speakers.add_speaker(store, "Mary", "LYSS study")
    practice.mark_done(store, cid, speaker)
    return store, cid, speaker


def _to_premarked(session: ReviewSession) -> None:
    """Answer (no marks, score 50) until an item with the tools' pre-marks is shown (not a control alone)."""
    for _ in range(40):
        if any(not m["control"] and not m.get("missing") for m in session.proposed):
            return
        session.to_score()
        session.finish_spans()
    raise AssertionError("no item with pre-marks")


def test_the_tools_marks_are_placed_and_kept_dropped_or_regraded(tmp_path, scored_demo):
    store, cid, speaker = _campaign(tmp_path, scored_demo)
    assert catalogue.campaign(store, cid)["settings"]["premark"] == "tools"
    session = ReviewSession.open(store, cid, speaker)
    session.start()
    _to_premarked(session)
    item, proposed = session.item, list(session.proposed)
    output = item["output"]
    marked = {premarks._core(w) for m in proposed if not m["control"] and not m.get("missing")
              for w in output[m["start"]:m["end"]].split()}
    assert marked and marked <= {premarks._core(w) for w in _flagged(item)}  # neighbours joined into one span
    assert [s.get("premark") for s in session.marking.spans] == [m["source"] for m in proposed]
    session.move(10_000)  # the cursor past the last word: Tab goes round to the first pre-mark
    session.next_mark()
    first = session.marking.cursor
    assert Marking(output).words[first][0] == proposed[0]["start"]
    session.mark("major")  # re-graded with one key: its words stay
    assert session.marking.spans[0] == {"start": proposed[0]["start"], "end": proposed[0]["end"],
                                        "severity": "major", "premark": proposed[0]["source"]}
    if len(proposed) > 1:
        session.next_mark()
        session.remove()  # dropped with one key
    session.to_score()
    position = session.position
    session.finish_spans()
    saved = records.sequences.item_at(store, cid, speaker, position)["answer"]
    assert saved["premarks"] == proposed
    kept = [premarks.kept_span(m) for n, m in enumerate(proposed) if n != 1]  # the second dropped, the rest alone
    kept[0]["severity"] = "major"
    assert saved["spans"] == kept


def test_controls_splits_and_bad_settings(tmp_path, scored_demo, capsys):
    store, cid, speaker = _campaign(tmp_path, scored_demo, premark_control=0.5)
    settings = catalogue.campaign(store, cid)["settings"]
    sequence.join(store, cid, speaker)
    served = [premarks.served(records.sequences.item_at(store, cid, speaker, p), settings, cid, speaker)
              for p in range(records.sequences.length(store, cid, speaker))]
    controls = [m for marks in served for m in marks if m["control"]]
    assert controls and all(m["source"] in ("analyser", "orthography", "tools") for m in controls)
    item = records.sequences.item_at(store, cid, speaker, 0)
    everything = premarks.served(item, {**settings, "premark_split": 1.0}, cid, speaker)
    assert everything == []  # a speaker's items served without pre-marks: none placed
    for option, value in (("--premark", "magic"), ("--premark-split", "1.5"), ("--premark-control", "0.6")):
        assert main(["review", "create-campaign", str(scored_demo), "--task", "E", option, value,
                     "--db", str(store.path)]) == 2
    assert main(["review", "create-campaign", str(scored_demo), "--task", "A", "--premark", "tools",
                 "--db", str(store.path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 4 and all(line.startswith("lyss: --premark") for line in err)


def test_keep_and_drop_from_the_command_line_and_the_control_figure(tmp_path, scored_demo):
    store, cid, speaker = _campaign(tmp_path, scored_demo, premark_control=0.5)
    settings = catalogue.campaign(store, cid)["settings"]
    sequence.join(store, cid, speaker)
    kept_controls = seen_controls = 0
    expected = {}
    for position in range(records.sequences.length(store, cid, speaker)):
        item = records.sequences.item_at(store, cid, speaker, position)
        if item["kind"] != "segment":
            continue
        proposed = premarks.served(item, settings, cid, speaker)
        drop = [n for n, m in enumerate(proposed) if m["control"] and position % 2]  # every other control dropped
        seen_controls += sum(m["control"] for m in proposed)
        kept_controls += sum(m["control"] for n, m in enumerate(proposed) if n not in drop)
        keep = [n for n in range(len(proposed)) if n not in drop]
        record_answer(store, cid, speaker, {"spans": [], "score": 60}, position=position, keep=keep, drop=drop)
        if proposed:
            expected[position] = (len(proposed), len(keep), sum(m["control"] for m in proposed),
                                  sum(m["control"] for n, m in enumerate(proposed) if n not in drop))
    with pytest.raises(Exception, match="pre-marks, numbered from 0"):
        record_answer(store, cid, speaker, {"spans": [], "score": 60}, position=0, keep=[99], replace=True)
    figure = next(r for r in analyses.speaker_reliability(store, cid) if r["speaker_id"] == speaker)
    assert (figure["control_premarks_seen"], figure["control_premarks_kept"]) == (seen_controls, kept_controls)
    assert seen_controls > 0
    exported = tmp_path / "raw.csv"  # a researcher's columns: how many placed, how many kept, controls apart
    research_files.export_ratings(store, str(exported), "csv", include_raw=True)
    with exported.open(encoding="utf-8", newline="") as fh:
        rows = [r for r in csv.DictReader(fh) if r["answer_premarks_proposed"]]
    assert {int(r["position"]): tuple(int(r[f"answer_{c}"]) for c in ("premarks_proposed", "premarks_kept",
                                                                        "premark_controls", "premark_controls_kept"))
            for r in rows} == expected


def test_the_app_keeps_drops_and_regrades_by_keys(qtbot, qapp, tmp_path, scored_demo):
    path, cid, speaker = review_database(tmp_path / "review.sqlite", scored_demo, "E", 20)
    window = open_window(qtbot, path)
    page = start_reviewing(qtbot, window)
    for _ in range(40):
        if any(not m.get("missing") for m in page.session.proposed):
            break
        qtbot.keyClick(page, Qt.Key_Return)
        qtbot.keyClick(page, Qt.Key_Return)
    proposed, position = list(page.session.proposed), page.position
    assert proposed and "Tab" in page.hint.text()
    qtbot.keyClick(page, Qt.Key_Tab)  # the next pre-mark
    assert "placed by" in page.esa.view.describe()
    marking = page.session.marking
    if marking.cursor == marking.missing_position:  # Tab goes through every mark, "something missing" last
        qtbot.keyClick(page, Qt.Key_Tab)
        assert "placed by" in page.esa.view.describe()
    at = Marking(page.item["output"]).words[page.session.marking.cursor][0]
    qtbot.keyClick(page, Qt.Key_2)  # re-graded major
    qtbot.keyClick(page, Qt.Key_Return)  # done marking
    qtbot.keyClick(page, Qt.Key_Return)  # the score as it stands: saved
    with Store(path) as store:
        answer = json.loads(store.one("select answers from ratings where speaker_id = ? and position = ?",
                                      [speaker, position])["answers"])
    assert answer["premarks"] == proposed
    regraded = next(s for s in answer["spans"] if not s.get("missing") and s["start"] <= at < s["end"])
    assert regraded["severity"] == "major" and "premark" in regraded
    assert len([s for s in answer["spans"] if "premark" in s]) == len(proposed)  # the others kept as placed


def test_terms_left_out_are_one_missing_premark_naming_them(qtbot, tmp_path, scored_demo):
    """The run card's glossary terms an output lacks (the scoring's terminology misses) and, after them, the
    source words the language's dictionary finds unsaid (the semantic validator's missing terms): one
    "something missing" pre-mark naming them, kept, re-graded or dropped at the missing position."""
    from desktop.esa_widgets import SpanView
    scored = json.loads(scored_demo.read_text("utf-8"))
    expected = {}
    for e in scored["entries"]:  # by hand, from the scored card
        glossary = e["metrics"]["terminology"]["misses"]
        unsaid = e["lyss"]["crk-semantic"].get("missing_terms") or []
        expected[e["predicted"]] = ("glossary", glossary) if glossary else ("dictionary", unsaid) if unsaid else None
    assert {v[0] for v in expected.values() if v} == {"glossary", "dictionary"}
    store, cid, speaker = _campaign(tmp_path, scored_demo, premark_control=0.0)
    settings = catalogue.campaign(store, cid)["settings"]
    sequence.join(store, cid, speaker)
    found = {}
    for position in range(records.sequences.length(store, cid, speaker)):
        item = records.sequences.item_at(store, cid, speaker, position)
        if item["kind"] == "segment" and not item["qc"]:
            missing = [m for m in premarks.served(item, settings, cid, speaker) if m.get("missing")]
            found[item["output"]] = (missing[0]["source"], missing[0]["terms"]) if missing else None
    assert found and all(found[o] == expected[o] for o in found)
    output, mark = next((o, v) for o, v in found.items() if v)
    marking = Marking(output, [premarks.placed({"missing": True, "severity": "minor", "source": mark[0],
                                                "terms": mark[1], "control": False})])
    assert marking.next_mark() and marking.cursor == marking.missing_position  # Tab reaches it
    marking.mark("major")  # re-graded in place: still the pre-mark
    assert marking.answer(30)["spans"] == [{"missing": True, "severity": "major", "premark": mark[0]}]
    view = SpanView("[something missing]")
    qtbot.addWidget(view)
    view.show_marking(marking)
    assert view._labels()[-1] == f"[something missing]: {', '.join(mark[1])}?"
    view.marking.cursor = marking.missing_position
    assert f"placed by {mark[0]}" in view.describe()
    assert marking.remove() and marking.answer(30)["spans"] == []  # dropped with one key


def test_the_practice_round_shows_premarks_and_says_where_they_come_from(qtbot, qapp, tmp_path, scored_demo):
    """A campaign with pre-marks practises them: a mark on a word of a right translation is to be dropped, one
    on the words swapped in is to be kept; the practice items name the campaign's sources, and the screen
    says them. A campaign without pre-marks practises none."""
    store = Store(tmp_path / "practice.sqlite")
    cid = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "E", items=20,
                                    premark="tools+reference")
    shown = practice.items(store, cid)
    by_kind = {i["practice"]: i for i in shown}
    assert by_kind["reference"]["premark_sources"] == ["analyser", "orthography", "dictionary", "glossary",
                                                        "reference"]
    swapped = by_kind["swapped"]
    mark = swapped["premarks"][0]
    # the marked words are words swapped in: not the reference's words in their places (a word swapped in may be
    # one the reference has elsewhere: "nôhkom nêhiyawêw." made "nêhiyawêw. nêhiyawêw.", one campaign in 200)
    placed = len(swapped["output"][:mark["start"]].split())
    marked = swapped["output"][mark["start"]:mark["end"]].split()
    in_their_places = swapped["reference"].split()[placed:placed + len(marked)]
    assert mark["expect"] == "keep" and marked and marked != in_their_places
    wrong = by_kind["reference"]["premarks"][0]
    assert wrong["expect"] == "drop" and wrong["source"] == practice.PRACTICE_SOURCE
    kept = {"spans": [premarks.placed(wrong)], "score": 100}
    found = practice.feedback(by_kind["reference"], kept)
    assert not found["right"] and found["wrong"] == [{"question": "premark", "answered": "kept",
                                                      "expected": "dropped"}]
    assert found["premark_explanation"].startswith("The dashed mark on this sentence sat on a word that is right")
    assert practice.feedback(by_kind["reference"], {"spans": [], "score": 100})["right"]
    plain = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "E", items=20, premark="off")
    assert all(i["premarks"] == [] and i["premark_sources"] == [] for i in practice.items(store, plain))
    speaker = records.speakers.add_speaker(store, "Mary", "LYSS study")
    session = ReviewSession.open(store, cid, speaker)
    session.start()
    assert session.practising and session.proposed == shown[0]["premarks"]
    assert [s.get("premark") for s in session.marking.spans] == [practice.PRACTICE_SOURCE] * len(shown[0]["premarks"])
    app_store = Store(tmp_path / "app.sqlite")  # the screen: one campaign, a speaker who has not practised
    campaigns.create_campaign(app_store, catalogue.load_scored(str(scored_demo)), "E", items=20,
                              premark="tools+reference")
    records.speakers.add_speaker(app_store, "Mary", "LYSS study")
    app_store.close()
    page = start_reviewing(qtbot, open_window(qtbot, app_store.path))
    assert page.session.practising and page.session.proposed
    assert "by: analyser, orthography, dictionary, glossary, reference" in page.status.text()


def test_an_adaptive_task_e_campaign_serves_premarks(tmp_path, scored_demo, capsys):
    """Several runs, served as decisions need them, each item with the pre-marks its campaign places (and the
    split holds back), through the command line."""
    base = json.loads(scored_demo.read_text("utf-8"))
    paths = []
    for name in ("first", "second"):
        card = {**base, "model_slug": name, "run_id": name,
                "entries": [{**e, "predicted": f"{e['predicted']} {name}"} for e in base["entries"]]}
        paths.append(tmp_path / f"{name}.json")
        paths[-1].write_text(json.dumps(card), "utf-8")
    db = tmp_path / "adaptive.sqlite"
    Store(db, create=True).close()
    assert main(["review", "create-campaign", *map(str, paths), "--task", "E", "--adaptive", "--premark",
                 "tools+reference", "--premark-split", "0.5", "--db", str(db)]) == 0
    store = Store(db)
    cid = catalogue.list_campaigns(store)[0]["id"]
    settings = catalogue.campaign(store, cid)["settings"]
    assert (settings["premark"], settings["premark_split"], settings["adaptive"]) == ("tools+reference", 0.5, True)
    speaker = records.speakers.add_speaker(store, "Mary", "LYSS study")
    practice.mark_done(store, cid, speaker)
    shown = held = 0
    for _ in range(12):
        session = ReviewSession.open(store, cid, speaker)
        session.start()
        item = session.item
        assert session.proposed == premarks.served(item, settings, cid, speaker)
        could = premarks.served(item, {**settings, "premark_split": 0.0}, cid, speaker)
        shown, held = shown + bool(session.proposed), held + bool(could and not session.proposed)
        position, proposed = session.position, list(session.proposed)
        session.to_score()
        session.finish_spans()
        saved = records.sequences.item_at(store, cid, speaker, position)["answer"]
        assert saved.get("premarks", []) == proposed and len(saved["spans"]) == len(proposed)  # left alone: kept
    assert shown and held  # the split holds some back, per speaker


def test_a_task_e_campaign_over_shared_wmt_outputs_made_in_the_app_shows_the_reference_s_premarks(
        qtbot, tmp_path, capsys):
    """WMT23 en-de from shared (a system's first 60 segments, scored as three text files; German has no language
    pack, so no tool of its own): the Campaigns tab makes a task E campaign with the tools and the reference, and
    the item page shows the reference's pre-marks, named by their source."""
    from desktop.campaign_panel import CampaignPanel
    folder = shared_file("data/wmt23-en-de")
    texts = []
    for name, path in (("source", "sources/en-de.txt"), ("reference", "references/en-de.refA.txt"),
                       ("output", "system-outputs/en-de/NLLB_Greedy.txt")):
        texts.append(tmp_path / f"{name}.txt")
        texts[-1].write_text("\n".join((folder / path).read_text("utf-8").splitlines()[:60]) + "\n", "utf-8")
    card = tmp_path / "nllb.scored.json"
    assert main(["score", *map(str, texts), "--name", "NLLB_Greedy", "--lang", "de", "--bootstrap", "20",
                 "--out", str(card)]) == 0
    store = Store(tmp_path / "wmt.sqlite")
    panel = CampaignPanel(store)
    qtbot.addWidget(panel)
    panel.task.setCurrentIndex(panel.task.findData("E"))
    assert panel.premark.isEnabled()
    panel.premark.setCurrentIndex(panel.premark.findData("tools+reference"))
    panel.create(str(card))
    assert background_done()
    cid = catalogue.list_campaigns(store)[0]["id"]
    assert catalogue.campaign(store, cid)["settings"]["premark"] == "tools+reference"
    speaker = records.speakers.add_speaker(store, "Ana", "LYSS study")
    practice.mark_done(store, cid, speaker)
    store.close()
    page = start_reviewing(qtbot, open_window(qtbot, store.path))
    for _ in range(40):  # to the first item with a mark that is not a control mark (which items come first follows
        if any(not m["control"] for m in page.session.proposed or ()):  # the campaign's id: the laptop's key)
            break
        qtbot.keyClick(page, Qt.Key_Return)
        qtbot.keyClick(page, Qt.Key_Return)
    proposed, item = page.session.proposed, page.item
    assert proposed and {m["source"] for m in proposed if not m["control"]} == {"reference"}
    reference_words = {premarks._core(w) for w in item["reference"].split()}
    for m in proposed:
        if not m["control"]:
            assert all(premarks._core(w) not in reference_words for w in item["output"][m["start"]:m["end"]].split())
    qtbot.keyClick(page, Qt.Key_Tab)
    assert "placed by reference" in page.esa.view.describe()
