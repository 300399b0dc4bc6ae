"""Attention items in the language's own grammar (issue 57, 2 and 3): a campaign made with ``--qc grammar`` mixes into
each speaker's items, at the share asked, outputs with one word in a wrong form the language pack made when the run
was scored (the scored entries' ``lyss.perturbations``); the study counts how often each speaker caught them (rated
lower than the output they came from; in a task that marks spans, a span over the changed word), per kind of error,
with Wilson's 95% interval, and flags a speaker below the campaign's rate. Simulated speakers who catch each item
with a known probability check the counts exactly and the intervals' coverage."""

from __future__ import annotations

import csv
import json
import random

import pytest

from desktop.cli import main
from review import records
from review.rating import campaigns, practice, sequence
from review.records import catalogue
from review.store import Store
from review.study import analyses, report, research_files
from review.study.maths.proportions import wilson
from review.tasks import attention
from test_community_report import _pdf_text

SHARE = 0.25


@pytest.fixture
def grammar_campaign(tmp_path, scored_demo):
    store = Store(tmp_path / "attention.sqlite")
    cid = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "A", items=42, qc="grammar",
                                    qc_share=SHARE, qc_min_catch=0.5)
    return store, cid


def _slots(store, cid, speaker):
    return store.rows("select a.position, a.qc, a.qc_of, a.item_id, i.output, i.extra from assignments a join items "
                      "i on i.id = a.item_id where a.campaign_id = ? and a.speaker_id = ? order by a.position",
                      [cid, speaker], json_columns=["extra"])


def test_wilson_interval_test_vectors():
    # Newcombe (1998), Table I: 0/10 → 0–0.2775 (method 3), and the textbook 5/10 → 0.2366–0.7634
    assert wilson(0, 10) == (0.0, pytest.approx(0.2775, abs=5e-5))
    low, high = wilson(5, 10)
    assert (low, high) == (pytest.approx(0.2366, abs=5e-5), pytest.approx(0.7634, abs=5e-5))
    assert wilson(10, 10)[1] == 1.0 and wilson(10, 10)[0] == pytest.approx(0.7225, abs=5e-5)


def test_a_campaign_serves_wrong_forms_at_the_share_asked(grammar_campaign, scored_demo):
    store, cid = grammar_campaign
    entries = {str(e["id"]): e for e in json.loads(scored_demo.read_text("utf-8"))["entries"]}
    for name in ("Mary", "Joe"):
        speaker = records.speakers.add_speaker(store, name, "LYSS study")
        sequence.join(store, cid, speaker)
        slots = _slots(store, cid, speaker)
        genuine = sum(s["qc"] == "" for s in slots)
        checks = [s for s in slots if s["qc"] == "degraded"]
        assert len(checks) == round(genuine * SHARE) == 10
        assert len({s["qc_of"] for s in checks}) == len(checks)  # ten different outputs
        for slot in checks:
            original = catalogue.item(store, slot["qc_of"], decoded=True)
            change = attention.of_item(slot["extra"])
            made = entries[original["entry_id"]]["lyss"]["perturbations"]["perturbations"]
            assert {k: change[k] for k in ("word", "form", "kind", "changed")} in \
                [{k: p[k] for k in ("word", "form", "kind", "changed")} for p in made]  # the pack's own form
            before, after = original["output"], slot["output"]
            assert before[:change["start"]] == after[:change["start"]]  # one word changed, the rest as it was
            assert after[change["start"]:change["end"]] == change["form"] != change["word"]
            assert before[change["start"] + len(change["word"]):] == after[change["end"]:]
            assert slot["extra"]["lyss"] == original["extra"]["lyss"]  # pre-marks placed as on the original


def test_the_command_line_says_what_it_serves_and_refuses_in_one_line(tmp_path, scored_demo, capsys):
    db = tmp_path / "cli.sqlite"
    Store(db)
    Store(tmp_path / "no.sqlite")
    assert main(["review", "create-campaign", str(scored_demo), "--task", "T", "--qc", "grammar", "--qc-share", "0.1",
                 "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "attention items: one word in a wrong form of the language's grammar, 10% of each speaker's items" in out
    assert "outputs have one" in out
    for argv, words in ((["--task", "B", "--qc", "grammar"], "task B serves no attention items"),
                        (["--task", "A", "--qc", "grammar", "--qc-share", "1.5"], "a share between 0 and 1"),
                        (["--task", "B", "--qc", "grammar", "--adaptive"], "task B serves no attention items")):
        assert main(["review", "create-campaign", str(scored_demo), *argv, "--db", str(tmp_path / "no.sqlite")]) == 2
        err = capsys.readouterr().err
        assert words in err and len(err.strip().splitlines()) == 1


def _simulate(store, cid, name: str, p: float, rng: random.Random) -> dict:
    """A speaker who rates each output 2–5 and each attention item one lower than its original with probability
    ``p`` (else the same): returns the attention items they caught and saw, by kind."""
    speaker = records.speakers.add_speaker(store, name, "LYSS study")
    sequence.join(store, cid, speaker)
    slots = _slots(store, cid, speaker)
    value = {s["item_id"]: rng.randint(2, 5) for s in slots if s["qc"] == ""}
    truth = {"caught": 0, "checked": 0, "kinds": {}}
    for s in slots:
        if s["qc"] == "degraded":
            caught = rng.random() < p
            answer = value[s["qc_of"]] - 1 if caught else value[s["qc_of"]]
            kind = truth["kinds"].setdefault(attention.of_item(s["extra"])["kind"], [0, 0])
            kind[0] += caught
            kind[1] += 1
            truth["caught"] += caught
            truth["checked"] += 1
        else:
            answer = value[s["item_id"]]
        records.answers.answer(store, cid, speaker, s["position"], {"adequacy": answer, "fluency": 3})
    truth["speaker"] = speaker
    return truth


def test_catch_rates_of_simulated_speakers(grammar_campaign, tmp_path):
    store, cid = grammar_campaign
    rng = random.Random(57)
    careful = [_simulate(store, cid, f"careful {k}", 0.8, rng) for k in range(30)]
    hurried = _simulate(store, cid, "Joe", 0.1, rng)
    found = analyses.speaker_catch_rates(store, cid)
    by_speaker = {r["speaker_id"]: r for r in found["speakers"]}
    for truth in [*careful, hurried]:  # the counts are exactly the simulation's
        row = by_speaker[truth["speaker"]]
        assert (row["caught"], row["checked"], row["waiting"]) == (truth["caught"], truth["checked"], 0)
        assert (row["low"], row["high"]) == wilson(truth["caught"], truth["checked"])
        assert {k: [v["caught"], v["checked"]] for k, v in row["by_kind"].items()} == truth["kinds"]
    covered = sum(by_speaker[t["speaker"]]["low"] <= 0.8 <= by_speaker[t["speaker"]]["high"] for t in careful)
    assert covered >= 26  # a 95% interval: 28.5 of 30 expected
    pooled = sum(t["caught"] for t in careful), sum(t["checked"] for t in careful)
    low, high = wilson(*pooled)
    assert low <= 0.8 <= high
    flag = by_speaker[hurried["speaker"]]["flag"]
    assert flag.startswith(f"caught {hurried['caught']} of {hurried['checked']} attention items") and \
        "below the campaign's 50%" in flag
    assert sum(by_speaker[t["speaker"]]["flag"] is not None for t in careful) <= 2
    reliability = {r["speaker_id"]: r for r in analyses.speaker_reliability(store, cid)}
    assert flag in reliability[hurried["speaker"]]["flags"]  # the quality table says it too: flagged, not left out
    said = report.community_report(store, cid)["attention"]  # the council's report: no names, the counts pooled
    assert said["speakers_checked"] == 31 and said["speakers_flagged"] == 1 + sum(
        by_speaker[t["speaker"]]["flag"] is not None for t in careful)
    assert {k: v["caught"] for k, v in said["by_kind"].items()} == {
        k: sum(t["kinds"].get(k, [0])[0] for t in [*careful, hurried]) for k in said["by_kind"]}
    pdf = tmp_path / "report.pdf"
    assert main(["study", "report", "--db", str(store.path), "--campaign", cid, "--out", str(pdf)]) == 0
    text = _pdf_text(pdf)
    assert "Attention items" in text and f"Speakers below the campaign's 50 %: {said['speakers_flagged']} of 31" in text
    assert "Joe" not in text and "careful 1" not in text
    out = tmp_path / "raw.csv"
    research_files.export_ratings(store, str(out), "csv", include_raw=True, campaign_id=cid)
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    marked = [r for r in rows if r["qc"] == "degraded"]
    assert len(marked) == sum(t["checked"] for t in [*careful, hurried]) and all(r["attention_kind"] in ("number", "person", "obviation") and r["attention_form"]
                          for r in marked)
    assert all(r["attention_kind"] == "" for r in rows if r["qc"] != "degraded")


def test_in_a_task_that_marks_spans_a_span_over_the_word_is_a_catch(tmp_path, scored_demo):
    store = Store(tmp_path / "esa.sqlite")
    cid = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "E", items=42, qc="grammar",
                                    qc_share=SHARE, premark="off")
    speaker = records.speakers.add_speaker(store, "Mary", "LYSS study")
    practice.mark_done(store, cid, speaker)
    sequence.join(store, cid, speaker)
    marked = 0
    for k, s in enumerate(_slots(store, cid, speaker)):
        change = attention.of_item(s["extra"]) if s["qc"] == "degraded" else None
        spans = []
        if change and k % 2 == 0:  # every other one marked, on the wrong form's last letters
            spans, marked = [{"start": change["end"] - 2, "end": change["end"], "severity": "major"}], marked + 1
        records.answers.answer(store, cid, speaker, s["position"], {"spans": spans, "score": 60})
    row = analyses.speaker_catch_rates(store, cid)["speakers"][0]
    assert (row["caught"], row["checked"]) == (marked, 10)


def test_the_campaigns_tab_makes_a_campaign_with_attention_items_in_the_grammar(tmp_path, scored_demo, qtbot):
    from desktop.campaign_panel import CampaignPanel
    from helpers import background_done
    store = Store(tmp_path / "app.sqlite")
    panel = CampaignPanel(store)
    qtbot.addWidget(panel)
    panel.task.setCurrentIndex(panel.task.findData("B"))
    assert not panel.qc.isEnabled()  # a task with no attention items
    panel.task.setCurrentIndex(panel.task.findData("A"))
    assert panel.qc.isEnabled()
    panel.qc.setCurrentIndex(panel.qc.findData("grammar"))
    panel.create(str(scored_demo))
    assert background_done()
    qtbot.waitUntil(lambda: "ready" in panel.status.text())
    cid = catalogue.list_campaigns(store)[0]["id"]
    assert catalogue.campaign(store, cid)["settings"]["attention"]["kind"] == "grammar"
    assert "Attention items: 26 of 42 outputs have a word in a wrong form" in panel.status.text()


def test_the_practice_round_ends_with_a_wrong_form_and_explains_it(grammar_campaign, scored_demo):
    store, cid = grammar_campaign
    plain = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "A", items=42)
    assert [i["practice"] for i in practice.items(store, plain)] == ["reference", "unrelated", "swapped", "reference"]
    shown = practice.items(store, cid)
    last = shown[-1]
    assert last["practice"] == "wrong_form" and last["output"] != last["reference"]
    before, after = last["reference"].split(), last["output"].split()
    assert len(before) == len(after) and sum(a != b for a, b in zip(before, after)) == 1  # one word, the rest right
    assert last["source"] not in [item["source"] for item in shown[:-1]]
    assert not practice.feedback(last, {"adequacy": 5, "fluency": 5})["right"]
    said = practice.feedback(last, {"adequacy": 3, "fluency": 4})
    assert said["right"] and "wrong form on purpose" in said["explanation"]


def _serve_and_answer(store, cid, speaker, own: int, rng: random.Random, check_value: int) -> list[dict]:
    """A speaker of an adaptive campaign answers segment after segment until ``own`` of the campaign's own items are
    answered: each own item 2–5 (seeded), each attention item ``check_value``. Returns their slots."""
    answered = 0
    while answered < own and sequence.serve_next_segment(store, cid, speaker):
        for s in _slots(store, cid, speaker):
            if s["position"] in records.sequences.open_positions(store, cid, speaker):
                value = check_value if s["qc"] == "degraded" else rng.randint(2, 5)
                records.answers.answer(store, cid, speaker, s["position"], {"adequacy": value, "fluency": 3})
                answered += s["qc"] == ""
    return _slots(store, cid, speaker)


def test_an_adaptive_question_campaign_serves_attention_items_no_decision_counts(tmp_path, scored_demo):
    """Issue 70: `create-campaign --adaptive --qc grammar` was refused. Now each segment brings the speaker's attention
    items up to the share asked, made from that segment's outputs by the pack's grammar; no decision counts them (the
    same answers with the checks rated 1 or 5 give the same evidence and verdicts), and the catch rates read them."""
    from field_scenario import three_runs
    from review.study import decisions
    store = Store(tmp_path / "adaptive.sqlite")
    runs = three_runs(scored_demo)
    cid = campaigns.create_adaptive_campaign(store, runs, "A", qc="grammar", qc_share=SHARE, qc_min_catch=0.5,
                                             question={"kind": "best", "delta": 1})
    speaker = records.speakers.add_speaker(store, "Mary", "LYSS study")
    slots = _serve_and_answer(store, cid, speaker, 60, random.Random(70), check_value=1)
    own = [s for s in slots if s["qc"] == ""]
    checks = [s for s in slots if s["qc"] == "degraded"]
    # each segment brings the checks up to the share of everything served so far, never past it; a segment whose
    # outputs have no wrong form in the grammar brings fewer (the campaign's ids, random, order the segments)
    assert 2 <= len(checks) <= round(len(slots) * SHARE), (len(own), len(checks))
    positions = {s["item_id"]: s["position"] for s in slots}
    for slot in checks:  # a wrong form of an output served to this speaker in the same segment, the pack's own
        change = attention.of_item(slot["extra"])
        original = catalogue.item(store, slot["qc_of"], decoded=True)
        assert change["form"] != change["word"] and slot["output"] == attention.applied(original["output"], {
            **change, "end": change["start"] + len(change["word"])})
        # among its segment's outputs: every output between it and its original has the original's source (a
        # segment may carry several checks, so the distance alone is no bound: 4 apart in 1 of 12 runs)
        low, high = sorted((positions[slot["qc_of"]], slot["position"]))
        between = [s["item_id"] for s in slots if low <= s["position"] <= high and s["qc"] == ""]
        assert {catalogue.item(store, i)["source"] for i in between} == {original["source"]}, (low, high)
    before = decisions.decide(store, cid)
    assert before.counted and not set(before.counted) & {s["item_id"] for s in checks}  # no check is evidence
    for slot in checks:  # the same speaker rating every check 5 instead of 1: nothing a decision reads moves
        records.answers.answer(store, cid, speaker, slot["position"], {"adequacy": 5, "fluency": 3})
    after = decisions.decide(store, cid)
    assert after.counted == before.counted
    assert [(a, fed) for _, a, fed in after.fed] == [(a, fed) for _, a, fed in before.fed]
    assert {k: (u.verdict, u.result) for k, u in after.units.items()} == \
        {k: (u.verdict, u.result) for k, u in before.units.items()}
    rates = analyses.speaker_catch_rates(store, cid)["speakers"]
    assert [(r["caught"], r["checked"]) for r in rates] == [(0, len(checks))]  # 5 is not lower than 2–5
    for slot in checks:
        records.answers.answer(store, cid, speaker, slot["position"], {"adequacy": 1, "fluency": 3})
    rates = analyses.speaker_catch_rates(store, cid)["speakers"]
    assert [(r["caught"], r["checked"]) for r in rates] == [(len(checks), len(checks))]


def test_the_planner_counts_attention_items_in_a_speaker_s_time(tmp_path, scored_demo):
    from field_scenario import three_runs
    from review.study import decisions
    store = Store(tmp_path / "plan.sqlite")
    runs = three_runs(scored_demo)
    plain = campaigns.create_adaptive_campaign(store, runs, "A", question={"kind": "best", "delta": 1})
    checked = campaigns.create_adaptive_campaign(store, runs, "A", question={"kind": "best", "delta": 1},
                                                 qc="grammar", qc_share=SHARE)
    hours = {cid: decisions.status(store, cid)["plan"] for cid in (plain, checked)}
    assert hours[plain]["attention_share"] == 0.0 and hours[checked]["attention_share"] == SHARE
    assert hours[checked]["left_in_campaign"]["speaker_hours"] == pytest.approx(
        hours[plain]["left_in_campaign"]["speaker_hours"] * (1 + SHARE), abs=0.011)


def test_catch_rates_where_people_look(grammar_campaign, tmp_path, qtbot, capsys):
    """Issue 70, item 3: the catch rates per speaker and kind with their intervals were only in `--json`. Now `lyss
    study quality` says them (named where this laptop has the name), the study page's Attention items table shows
    them, and the community's report gives each speaker's, numbered, with no name."""
    from desktop.qt_common import application
    from desktop.study_panel import StudyPanel
    from helpers import background_done
    store, cid = grammar_campaign
    rng = random.Random(70)
    truths = [_simulate(store, cid, name, p, rng) for name, p in (("Mary", 0.9), ("Joe", 0.1), ("Rita", 0.6))]
    assert main(["study", "quality", "--db", str(store.path), "--campaign", cid]) == 0
    text = capsys.readouterr().out
    for name, truth in zip(("Mary", "Joe", "Rita"), truths):
        assert f"{name} ({truth['speaker']})" in text
        for kind, (caught, checked) in truth["kinds"].items():
            low, high = wilson(caught, checked)
            assert f"{kind} {caught} of {checked} caught ({caught / checked:.0%}, 95% interval {low:.0%}–{high:.0%})" \
                in text, (kind, text)
    assert "flag: caught" in text  # Joe, at 10 %

    said = report.community_report(store, cid)["attention"]
    assert [r["speaker"] for r in said["speakers"]] == [1, 2, 3] and not any("speaker_id" in r for r in said["speakers"])
    by_checked = sorted((r["caught"], r["checked"]) for r in said["speakers"])
    assert by_checked == sorted((t["caught"], t["checked"]) for t in truths)
    pdf = tmp_path / "report.pdf"
    assert main(["study", "report", "--db", str(store.path), "--campaign", cid, "--out", str(pdf)]) == 0
    pages = _pdf_text(pdf)
    assert "Speaker 1: caught" in pages and "Speaker 3: caught" in pages and "Below the campaign's rate." in pages
    assert not any(name in pages for name in ("Mary", "Joe", "Rita"))

    application()
    panel = StudyPanel(store)
    qtbot.addWidget(panel)
    panel.campaign_choice.setCurrentIndex(panel.campaign_choice.findData(cid))
    panel.attention_items()
    assert background_done()
    qtbot.waitUntil(lambda: panel.table.model().rowCount() == 3)
    model = panel.table.model()
    rows = [[model.data(model.index(r, c)) for c in range(model.columnCount())] for r in range(model.rowCount())]
    mary = next(r for r in rows if r[0] == "Mary")
    caught, checked = truths[0]["caught"], truths[0]["checked"]
    low, high = wilson(caught, checked)
    assert mary[1] == f"{caught}/{checked} · {round(100 * caught / checked)} % ({round(100 * low)}–{round(100 * high)})"
    assert next(r for r in rows if r[0] == "Joe")[-1] == "below 50 %"  # the flag, said in full below the table
    assert "Joe: caught" in panel.text.toPlainText()
