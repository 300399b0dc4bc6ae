"""Adaptive campaigns: served only where a decision is open, never an item twice, a decided system no
longer served — in the review package, on the command line and in the app (pytest-qt) — and the
speaker-hour planner."""

from __future__ import annotations

import copy
import json
import random
import shutil

import pytest

from helpers import background_done, open_window, shared_file, start_reviewing
from desktop.cli import main
from review import records, sentences
from review.rating import campaigns, practice, sequence
from review.rating.session import ReviewSession, record_answer
from review.records import catalogue
from review.store import Store
from review.study import decisions, planner, verdicts
from review.study.maths import questions

QUALITY = {"good": 4.6, "also-good": 4.6, "poor": 1.2}  # mean adequacy each system gets


def _systems(scored_demo, tmp_path) -> list:
    """Three scored run cards of the same test set (the demo), one per system, written to files."""
    base = json.loads(scored_demo.read_text(encoding="utf-8"))
    paths = []
    for k, name in enumerate(QUALITY):
        card = copy.deepcopy(base)
        card["model_slug"] = card["run_id"] = name
        for e in card["entries"]:
            e["predicted"] = f"{e['predicted']} {'' if k == 0 else name}".strip()
        path = tmp_path / f"{name}.scored.json"
        path.write_text(json.dumps(card), encoding="utf-8")
        paths.append(path)
    return paths


def _rate(store, cid, speaker, rng, answers: int) -> list[str]:
    """Answer ``answers`` items as they are served; the runs of the items answered, in order."""
    served = []
    for _ in range(answers):
        ReviewSession.open(store, cid, speaker)  # opening the session serves the next segment when due
        position = records.sequences.next_position(store, cid, speaker)
        if position is None:
            break
        item = records.sequences.item_at(store, cid, speaker, position)
        run = store.one("select name from runs where id = ?", [item["run_id"]])["name"]
        value = min(5, max(1, round(QUALITY[run] + rng.uniform(-0.6, 0.6))))
        record_answer(store, cid, speaker, {"adequacy": value, "fluency": value}, position=position)
        served.append(run)
    return served


def _rate_until_poor_settles(store, cid, speakers, rng, after: int = 0) -> list[str]:
    """Two speakers taking turns, one segment at a time, until every decision about "poor" is made, and
    then ``after`` more rounds."""
    served = []
    while "poor" in decisions.decide(store, cid).serving:
        for s in speakers:
            served += _rate(store, cid, s, rng, 3)
    for _ in range(after):
        for s in speakers:
            served += _rate(store, cid, s, rng, 2)
    return served


@pytest.fixture
def adaptive_db(scored_demo, tmp_path):
    paths = _systems(scored_demo, tmp_path)
    db = tmp_path / "adaptive.sqlite"
    store = Store(db, create=True)
    cid = campaigns.create_adaptive_campaign(store, [catalogue.load_scored(str(p)) for p in paths], "A")
    speakers = [records.speakers.add_speaker(store, name, "demo") for name in ("Rita", "Joseph")]
    for s in speakers:
        practice.mark_done(store, cid, s)
    return store, db, cid, speakers, paths


def test_a_decided_system_is_no_longer_served_and_no_item_comes_twice(adaptive_db):
    store, _, cid, speakers, _ = adaptive_db
    served = _rate_until_poor_settles(store, cid, speakers, random.Random(4), after=4)
    found = decisions.status(store, cid)
    poor = [c for c in found["comparisons"] if "poor" in (c["a"], c["b"])]
    assert all(c["decision"] != "open" for c in poor)
    assert next(t for t in found["tiers"] if t["run"] == "poor")["decision"] == "refused"
    assert "poor" not in found["serving"]
    # after the last decision about "poor" (the item count at which it settled), no "poor" item is served
    settled = max(c["decided_after"] for c in poor)
    poor_served = [k for k, run in enumerate(served) if run == "poor"]
    # the comparisons used the segments served before they settled (one more may have been on a screen)
    assert settled <= len(poor_served) <= settled + len(speakers)
    assert poor_served[-1] < len(served) - 10 and served[-10:].count("poor") == 0 and len(served) > len(poor_served) + 10
    # never an item twice, and with one rater per item never the same item for two speakers
    rows = store.rows("select speaker_id, item_id from assignments where campaign_id = ?", [cid])
    assert len({(r["speaker_id"], r["item_id"]) for r in rows}) == len(rows)
    assert len({r["item_id"] for r in rows}) == len(rows)
    # it used fewer ratings than rating every system on every segment
    assert found["answers"] < found["items"]


def test_the_choice_is_seeded_and_recorded(adaptive_db, tmp_path):
    """The same state gives the same choice (seeded by campaign, speaker and position), and what was
    chosen is the speaker's assignments."""
    store, db, cid, speakers, _ = adaptive_db
    store.close()
    twin = tmp_path / "twin.sqlite"
    shutil.copy(db, twin)
    chosen = []
    for path in (db, twin):
        with Store(path) as copy_:
            _rate(copy_, cid, speakers[0], random.Random(1), 12)
            chosen.append([r["item_id"] for r in copy_.rows("select item_id from assignments where campaign_id = ? "
                                                            "order by speaker_id, position", [cid])])
    assert chosen[0] == chosen[1] and len(chosen[0]) >= 12


def test_practice_comes_first_in_an_adaptive_campaign(adaptive_db):
    store, _, cid, _, _ = adaptive_db
    newcomer = records.speakers.add_speaker(store, "Louise", "demo")
    session = ReviewSession.open(store, cid, newcomer)
    assert session.practising and session.practice_items
    assert records.sequences.length(store, cid, newcomer) > 0  # her first segment is already served


def test_status_on_the_command_line_gives_the_app_s_figures(adaptive_db, capsys):
    store, db, cid, speakers, _ = adaptive_db
    _rate(store, cid, speakers[0], random.Random(2), 80)
    store.close()
    assert main(["study", "status", "--db", str(db), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    with Store(db) as again:
        assert printed == json.loads(json.dumps(decisions.status(again, cid)))
    assert main(["study", "status", "--db", str(db)]) == 0
    text = capsys.readouterr().out
    assert "good is better than poor" in text and "serving:" in text
    assert "speaker-hours" in text or "a forecast from" in text or "no more hours needed" in text


def test_create_campaign_from_several_cards_needs_adaptive(adaptive_db, capsys):
    _, db, _, _, paths = adaptive_db
    assert main(["review", "create-campaign", *map(str, paths), "--task", "A", "--db", str(db)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--adaptive" in err
    assert main(["review", "create-campaign", *map(str, paths), "--task", "A", "--adaptive", "--alpha", "0.1",
                 "--db", str(db)]) == 0
    assert main(["review", "create-campaign", str(paths[0]), "--task", "A", "--adaptive", "--alpha", "1.5",
                 "--db", str(db)]) == 2


def test_runs_of_different_test_sets_are_refused(scored_demo, tmp_path):
    paths = _systems(scored_demo, tmp_path)
    other = json.loads(paths[1].read_text(encoding="utf-8"))
    other["entries"][0]["source"] = "Something else entirely."
    store = Store(tmp_path / "x.sqlite", create=True)
    with pytest.raises(Exception, match="not runs of the same test set"):
        campaigns.create_adaptive_campaign(store, [catalogue.load_scored(str(paths[0])), other], "A")


def test_a_decided_system_leaves_the_app_s_review_and_campaigns_tab(adaptive_db, qtbot):
    store, db, cid, speakers, _ = adaptive_db
    _rate_until_poor_settles(store, cid, speakers, random.Random(4))
    assert "poor" not in decisions.status(store, cid)["serving"]
    store.close()
    window = open_window(qtbot, db)
    window.show_panel(window.campaigns)
    panel = window.campaigns
    qtbot.waitUntil(lambda: panel.plan.text().startswith("serving"), timeout=60000)  # worked out in the background
    model = panel.decisions.model()
    rows = [[model.data(model.index(r, c)) for c in range(model.columnCount())] for r in range(model.rowCount())]
    assert any(r[0].strip().startswith("good is better than poor") for r in rows)
    assert any(r[0].startswith("poor's tier (") and " is refused after " in r[0] for r in rows)
    plan = panel.plan.text()  # good vs also-good is open: hours to it, or when a forecast comes
    assert plan.startswith("serving: good, also-good") and ("speaker-hours" in plan or "a forecast from" in plan)
    window.tabs.setCurrentWidget(window.review)
    page = start_reviewing(qtbot, window)
    assert page.progress.text().startswith("Item ") and " of " not in page.progress.text()  # no "200 of 201"
    for _ in range(6):  # the next items the speaker is shown are never the decided system's
        item = page.session.item
        with Store(db) as look:
            run = look.one("select name from runs where id = ?", [item["run_id"]])["name"]
        assert run != "poor"
        page.session.answers.record(page.session.position, {"adequacy": 4, "fluency": 4})
        page.session.advance()
        if page.session.finished:
            break


# ----------------------------------------------------------------------------- the planner

def test_the_shipped_prior_is_what_the_esa_times_give():
    esa = shared_file("data/wmt23-en-de-esa/240315rc5ESA.scores.csv")
    wmt = shared_file("data/wmt23-en-de")
    refitted = planner.fit_prior(str(esa), str(wmt))
    shipped = planner.prior()
    for key in ("intercept_seconds", "seconds_per_word", "answers", "median_seconds"):
        assert refitted[key] == shipped[key]
    assert 5 < shipped["intercept_seconds"] < 60 and 0 < shipped["seconds_per_word"] < 1


def test_a_campaign_uses_its_own_times_once_it_has_enough(adaptive_db):
    store, _, cid, speakers, _ = adaptive_db
    assert planner.campaign_model(store, cid)["source"].startswith("prior")
    for _ in range(planner.MIN_TIMED + 5):
        session = ReviewSession.open(store, cid, speakers[0])
        session.start()
        if session.finished:
            break
        words = planner.words(session.item["source"], session.item["output"])
        # 7 s and half a second a word of work, and a second away from the app on each item
        session.answers.record(session.position, {"adequacy": 4, "fluency": 4}, seconds=8.0 + 0.5 * words, away_seconds=1.0)
    model = planner.campaign_model(store, cid)
    assert model["source"] == "this campaign's timed answers" and model["answers"] >= planner.MIN_TIMED
    assert model["intercept_seconds"] == pytest.approx(7.0, abs=1e-6)
    assert model["seconds_per_word"] == pytest.approx(0.5, abs=1e-6)


def test_paper_answers_have_no_time_and_are_left_out(adaptive_db):
    store, _, cid, speakers, _ = adaptive_db
    for _ in range(planner.MIN_TIMED + 2):
        ReviewSession.open(store, cid, speakers[1])
        position = records.sequences.next_position(store, cid, speakers[1])
        if position is None:
            break
        record_answer(store, cid, speakers[1], {"adequacy": 3, "fluency": 3}, position=position, medium="paper")
    assert planner.campaign_model(store, cid)["source"].startswith("prior")


def _good_against_poor(store, speakers, paths, rounds: int) -> str:
    """A second adaptive campaign, "good" against "poor", rated for ``rounds`` rounds of two answers a speaker."""
    two = campaigns.create_adaptive_campaign(store, [catalogue.load_scored(str(p)) for p in (paths[0], paths[2])], "A")
    for s in speakers:
        practice.mark_done(store, two, s)
    rng = random.Random(9)
    for _ in range(rounds):
        for s in speakers:
            _rate(store, two, s, rng, 2)
    return two


def test_nothing_is_served_once_every_decision_is_made(adaptive_db):
    store, _, _, speakers, paths = adaptive_db
    two = _good_against_poor(store, speakers, paths, 40)
    found = decisions.status(store, two)
    assert found["serving"] == [] and found["plan"]["open_decisions"] == 0
    assert sequence.serve_next_segment(store, two, speakers[0]) == 0
    assert records.sequences.next_position(store, two, speakers[0]) is None
    assert found["answers"] < found["items"]  # settled before every output was rated


def test_an_adaptive_campaign_travels_and_its_decisions_follow_each_merge(scored_demo, tmp_path):
    """The hub's adaptive campaign over three runs goes to an enrolled laptop in a bundle; the laptop's
    speaker is served there; the hub's decisions count those answers after the merge."""
    from review.exchange import bundles
    from review.records import laptops
    paths = _systems(scored_demo, tmp_path)
    hub, lap = Store(tmp_path / "hub.sqlite", create=True), Store(tmp_path / "lap.sqlite", create=True)
    cid = campaigns.create_adaptive_campaign(hub, [catalogue.load_scored(str(p)) for p in paths], "A")
    laptops.enrol(hub, lap.device_id, cid)
    laptops.trust(lap, hub.device_id)
    setup = tmp_path / "setup.lyssbundle"
    bundles.export_bundle(hub, str(setup))
    bundles.merge(lap, str(setup))
    assert decisions.status(lap, cid)["runs"] == list(QUALITY)  # every run's items came along
    speaker = records.speakers.add_speaker(lap, "Rita", "demo")
    practice.mark_done(lap, cid, speaker)
    _rate(lap, cid, speaker, random.Random(3), 30)
    answers = tmp_path / "answers.lyssbundle"
    bundles.export_bundle(lap, str(answers))
    before = decisions.status(hub, cid)
    bundles.merge(hub, str(answers))
    after = decisions.status(hub, cid)
    assert before["answers"] == 0 and after["answers"] == 30
    announced = ("history", "since", "stands")  # the hub announced what settled; its records reach the laptop later
    assert [{k: v for k, v in c.items() if k not in announced} for c in after["comparisons"]] == \
        decisions.status(lap, cid)["comparisons"]


def test_a_campaign_that_asks_which_system_is_best_stops_once_it_knows(scored_demo, tmp_path, capsys):
    """`--question best --delta 1`: "poor" leaves as soon as it is surely worse; the two good systems (the same
    quality) are tied within δ, so the campaign stops serving long before every segment is rated; the question
    travels in bundles with the campaign."""
    from review.exchange import bundles
    from review.records import laptops
    base = json.loads(scored_demo.read_text(encoding="utf-8"))  # the demo four times over: still 42 segments
    base["entries"] = [{**e, "id": f"{k}-{e['id']}"} for k in range(4) for e in base["entries"]]
    longer = tmp_path / "longer.scored.json"
    longer.write_text(json.dumps(base), encoding="utf-8")
    paths = [str(p) for p in _systems(longer, tmp_path)]
    db = str(tmp_path / "best.sqlite")
    assert main(["review", "init", "--db", db]) == 0
    assert main(["review", "create-campaign", "--db", db, *paths, "--task", "A", "--adaptive", "--question", "best",
                 "--delta", "1"]) == 0
    store = Store(db)
    cid = catalogue.list_campaigns(store)[0]["id"]
    assert catalogue.campaign(store, cid)["settings"]["question"] == {"kind": "best", "delta": 1.0}
    rng = random.Random(5)
    speakers = [records.speakers.add_speaker(store, f"S{k}", "LYSS study") for k in range(2)]
    for s in speakers:
        practice.mark_done(store, cid, s)
    rated = sum(len(_rate(store, cid, s, rng, 3)) for s in speakers)
    capsys.readouterr()
    assert main(["study", "status", "--db", db, "--campaign", cid]) == 0
    said = capsys.readouterr().out  # before a forecast: when one comes, and what the campaign can cost at most
    now = decisions.status(store, cid)
    fed, left = now["asked"]["items"], now["plan"]["left_in_campaign"]
    # the demo's 42 segments four times over are 42 segments: a segment held twice is rated once, counts once, and a
    # campaign of fewer than 120 forecasts from half its segments
    assert now["plan"]["to_decision"]["forecast_from"] == 21 < questions.FORECAST_FROM
    assert f"to the decision: a forecast from 21 answered sentences on; {fed} so far" in said
    assert f"left in the campaign: {left['items']} sentences, {left['items'] * len(now['serving'])} ratings" in said
    assert left["items"] == 42 - fed
    got = 1
    while decisions.decide(store, cid).serving and got:
        got = sum(len(_rate(store, cid, s, rng, 3)) for s in speakers)
        rated += got
    found = decisions.decide(store, cid)
    assert found.asked["decided"] and found.asked["best"] in ("good", "also-good")
    assert "poor" not in found.asked["still_in"] and found.serving == []
    segments = store.one("select count(*) as n from campaign_items where campaign_id = ?", [cid])["n"]
    assert rated < segments  # far fewer ratings than the fixed design's (every system on every segment)
    capsys.readouterr()
    assert main(["study", "status", "--db", db, "--campaign", cid]) == 0
    said = capsys.readouterr().out
    assert ("is best: no other run is more than 1 better" in said or "are within 1 of each other" in said) and \
        "serving: nothing more is needed: every question asked is decided" in said
    assert "every question asked is decided: no more hours needed" in said
    # the question travels with the campaign
    other = Store(tmp_path / "field.sqlite")
    laptops.trust(other, store.device_id)
    bundles.export_bundle(store, str(tmp_path / "b.lyssbundle"))
    bundles.merge(other, str(tmp_path / "b.lyssbundle"))
    assert catalogue.campaign(other, cid)["settings"]["question"] == {"kind": "best", "delta": 1.0}
    assert decisions.decide(other, cid).asked["best"] == found.asked["best"]


@pytest.mark.parametrize("extra, says", [
    (["--question", "best", "--delta", "0"], "--delta: 0"),
    (["--question", "best"], "--delta: None"),
    (["--question", "non-inferior", "--delta", "1"], "compares two runs"),
    (["--question", "tier", "--delta", "1", "--threshold", "3"], "asks about one run"),
    (["--question", "pairs", "--delta", "1", "--no-adaptive"], "add --adaptive"),
])
def test_bad_campaign_questions_are_one_line(scored_demo, tmp_path, capsys, extra, says):
    paths = [str(p) for p in _systems(scored_demo, tmp_path)]
    db = str(tmp_path / "q.sqlite")
    assert main(["review", "init", "--db", db]) == 0
    adaptive_flag = [] if "--no-adaptive" in extra else ["--adaptive"]
    extra = [e for e in extra if e != "--no-adaptive"]
    chosen = paths[:1] if not adaptive_flag else paths
    capsys.readouterr()
    assert main(["review", "create-campaign", "--db", db, *chosen, "--task", "A", *adaptive_flag, *extra]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1, err


def test_a_tier_question_on_the_task_scale_and_a_baseline_by_name(scored_demo, tmp_path, capsys):
    paths = [str(p) for p in _systems(scored_demo, tmp_path)]
    db = str(tmp_path / "t.sqlite")
    assert main(["review", "init", "--db", db]) == 0
    for extra, says in ((["--question", "tier", "--delta", "1", "--threshold", "9"], "--threshold: 9 must lie on the "
                                                                                      "scale (1, 5]"),
                        (["--question", "non-inferior", "--delta", "1", "--baseline", "nobody"], "--baseline: nobody")):
        chosen = paths[:1] if "tier" in extra else paths[:2]
        capsys.readouterr()
        assert main(["review", "create-campaign", "--db", db, *chosen, "--task", "A", "--adaptive", *extra]) == 2
        assert says in capsys.readouterr().err
    assert main(["review", "create-campaign", "--db", db, *paths[:2], "--task", "A", "--adaptive", "--question",
                 "non-inferior", "--delta", "1", "--baseline", "also-good"]) == 0
    with Store(db) as store:
        cid = catalogue.list_campaigns(store)[0]["id"]
        asked = catalogue.campaign(store, cid)["settings"]["question"]
        assert asked["kind"] == "non-inferior" and asked["baseline"] == store.one(
            "select id from runs where name = 'also-good'")["id"]


def test_the_campaigns_tab_shows_the_question_and_its_answer(scored_demo, tmp_path, qtbot):
    from desktop.campaign_panel import CampaignPanel
    paths = [str(p) for p in _systems(scored_demo, tmp_path)]
    store = Store(tmp_path / "q.sqlite")
    cid = campaigns.create_adaptive_campaign(store, [catalogue.load_scored(p) for p in paths], "A",
                                             question={"kind": "best", "delta": 1.0})
    panel = CampaignPanel(store)
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.decisions_shown, timeout=60000):  # worked out in the background
        panel.show_decisions(cid)
    model = panel.decisions.model()
    first = model.index(0, 0).data()
    assert first == "which run is best: open after 0 sentences; still in: also-good, good, poor"
    assert panel.plan.text().startswith("serving: good, also-good, poor\nto the decision: a forecast from 21 answered "
                                        "sentences on; 0 so far")
    assert "left in the campaign: 42 sentences, 126 ratings" in panel.plan.text()


def test_the_app_creates_a_campaign_that_asks_a_question(scored_demo, tmp_path, qtbot, monkeypatch):
    """Campaigns tab → Adaptive campaign from several runs…: the question, its margin and the run in use are
    asked in dialogs; the campaign keeps them."""
    import desktop.campaign_panel as study_panel
    from desktop.campaign_panel import CampaignPanel
    paths = [str(p) for p in _systems(scored_demo, tmp_path)][:2]
    store = Store(tmp_path / "app.sqlite")
    panel = CampaignPanel(store)
    qtbot.addWidget(panel)
    answers = iter([("Is the new run at least as good as the one in use", True), ("also-good", True)])
    monkeypatch.setattr(study_panel.QInputDialog, "getItem", lambda *a, **k: next(answers))
    monkeypatch.setattr(study_panel.QInputDialog, "getDouble", lambda *a, **k: (0.5, True))
    panel.create_adaptive(paths)
    assert background_done()
    cid = catalogue.list_campaigns(store)[0]["id"]
    asked = catalogue.campaign(store, cid)["settings"]["question"]
    assert asked["kind"] == "non-inferior" and asked["delta"] == 0.5
    assert asked["baseline"] == store.one("select id from runs where name = 'also-good'")["id"]
    assert "ready" in panel.status.text()


def test_a_question_campaign_travels_through_a_shared_folder_and_both_laptops_reach_the_same_answer(
        scored_demo, tmp_path, qtbot):
    """The hub's `--question best` campaign reaches a field laptop through the shared folder; the laptop's
    speakers are served by the question there, their answers come back at each sync, and hub and laptop end
    with the same answer, nothing more served on either; the hub's Campaigns tab shows it."""
    from desktop.campaign_panel import CampaignPanel
    from review.exchange import sync
    from review.records import laptops
    base = json.loads(scored_demo.read_text(encoding="utf-8"))
    base["entries"] = [{**e, "id": f"{k}-{e['id']}"} for k in range(4) for e in base["entries"]]
    longer = tmp_path / "longer.scored.json"
    longer.write_text(json.dumps(base), encoding="utf-8")
    paths = _systems(longer, tmp_path)
    folder = tmp_path / "shared"
    folder.mkdir()
    hub, lap = Store(tmp_path / "hub.sqlite", create=True), Store(tmp_path / "lap.sqlite", create=True)
    cid = campaigns.create_adaptive_campaign(hub, [catalogue.load_scored(str(p)) for p in paths], "A",
                                             question={"kind": "best", "delta": 1.0})
    laptops.enrol(hub, lap.device_id, cid)
    laptops.trust(lap, hub.device_id)
    sync.sync(hub, folder)
    sync.sync(lap, folder)
    assert catalogue.campaign(lap, cid)["settings"]["question"] == {"kind": "best", "delta": 1.0}
    speakers = [records.speakers.add_speaker(lap, name, "demo") for name in ("Ana", "Ben")]
    for s in speakers:
        practice.mark_done(lap, cid, s)
    rng, rounds = random.Random(8), 0
    while decisions.decide(lap, cid).serving and rounds < 200:
        for s in speakers:
            _rate(lap, cid, s, rng, 3)
        sync.sync(lap, folder)
        sync.sync(hub, folder)
        rounds += 1
    on_hub = decisions.status(hub, cid)  # the coordinator's laptop announces the verdict: its record travels
    sync.sync(hub, folder)
    sync.sync(lap, folder)
    on_lap = decisions.status(lap, cid)
    assert on_lap["asked"]["decided"] and on_lap["serving"] == [] and on_hub["serving"] == []
    assert on_hub["asked"] == on_lap["asked"] and on_hub["answers"] == on_lap["answers"] < 504
    assert on_lap["asked"]["stands"] and [e["event"] for e in on_lap["asked"]["history"]] == ["settled"]
    assert on_hub["plan"]["open_decisions"] == 0
    for s in speakers:  # a segment on a speaker's screen when the question settled may be finished
        _rate(lap, cid, s, rng, 3)
    assert all(_rate(lap, cid, s, rng, 1) == [] for s in speakers)  # then nothing more is served
    panel = CampaignPanel(hub)
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.decisions_shown, timeout=60000):  # worked out in the background
        panel.show_decisions(cid)
    first = panel.decisions.model().index(0, 0).data()
    assert first == sentences.english(on_hub["asked"]["said"][0])  # the app and the command line say the same
    assert on_hub["asked"]["best"] in first
    assert panel.plan.text() == "\n".join(sentences.english(one) for one in on_hub["said"])
    assert panel.plan.text().startswith("serving: nothing more is needed: every question asked is decided")


def test_a_campaign_too_small_for_its_margin_is_warned_of_on_the_command_line_and_in_the_app(scored_demo, tmp_path,
                                                                                          capsys, qtbot):
    """42 segments on the 1–5 adequacy scale: a margin of 0.1 needs more segments than that even if every rating
    differed by exactly 0.1 (``sequences.fewest_items``); a margin of 1 does not. Both faces say the same line."""
    from review.study.maths import sequences
    from desktop.campaign_panel import CampaignPanel
    paths = [str(p) for p in _systems(scored_demo, tmp_path)[:2]]
    db = str(tmp_path / "small.sqlite")
    assert main(["review", "init", "--db", db]) == 0
    needed = sequences.fewest_items(0.1 / (2 * 4))
    assert needed > 42
    for delta, warned in (("0.1", True), ("1", False)):
        capsys.readouterr()
        assert main(["review", "create-campaign", "--db", db, *paths, "--task", "A", "--adaptive", "--question",
                     "non-inferior", "--delta", delta, "--baseline", "good"]) == 0
        out = capsys.readouterr().out
        expected = (f"warning: this campaign has 42 sentences: too few to settle a difference of 0.1 even if every "
                    f"rating differed by exactly that (at least {needed} are needed); its questions may end open")
        assert (expected in out) is warned, out
    store = Store(tmp_path / "app.sqlite", create=True)
    panel = CampaignPanel(store)
    qtbot.addWidget(panel)
    panel.create_adaptive(paths, question={"kind": "non-inferior", "delta": 0.1, "baseline": "good"})
    assert background_done()
    assert panel.status.text().endswith("Warning: " + expected.removeprefix("warning: "))


def test_best_is_never_said_of_a_run_whose_tier_is_refused_without_saying_so():
    best = {"kind": "Best", "best": "sysA", "asked": True}
    tiers = [{"kind": "Tier", "system": "sysA", "decision": "not reached", "asked": False},
             {"kind": "Tier", "system": "sysB", "decision": "reached", "asked": False}]
    notes = [sentences.english(n) for n in verdicts.tier_notes(best, [best, *tiers])]
    assert notes == ["note: sysA's tier is refused: the best of these runs, but not good enough for its tier"]
    assert verdicts.tier_notes({**best, "best": "sysB"}, [best, *tiers]) == []
    assert [sentences.english(n) for n in verdicts.tier_notes(tiers[0], tiers)] == [
        "(this campaign asks another question: this tier is shown beside it, for information)"]


def test_a_speaker_with_nothing_more_to_rate_is_told_nothing_more_is_needed(adaptive_db, capsys):
    """Once every question asked is decided an adaptive campaign serves nothing more: the speaker is told that
    nothing more is needed from them now, not that they answered every item."""
    store, db, cid, speakers, paths = adaptive_db
    two = _good_against_poor(store, speakers, paths, 60)
    assert decisions.status(store, two)["decided"]
    store.close()
    capsys.readouterr()
    assert main(["review", "answer", "--db", str(db), "--campaign", two, "--speaker", speakers[0], "--answers",
                 '{"adequacy": 4, "fluency": 4}']) == 0
    assert capsys.readouterr().out.strip() == "nothing more is needed from you now"
    # issue 55, 4: paper says the same (before: "every item of this speaker is answered already … --include-answered
    # prints them all", and --include-answered said the same)
    forms = str(db.parent / "decided.pdf")
    assert main(["review", "print-forms", "--db", str(db), "--campaign", two, "--speaker", speakers[0],
                 "--out", forms]) == 2
    err = capsys.readouterr().err
    assert "the campaign's questions are decided: nothing more is needed from this speaker, nothing to print" in err
    assert main(["review", "print-forms", "--db", str(db), "--campaign", two, "--speaker", speakers[0],
                 "--out", forms, "--include-answered"]) == 0
    with Store(db) as again:
        answered = again.one("select count(*) as n from ratings where campaign_id = ? and speaker_id = ?",
                             [two, speakers[0]])["n"]
    with open(forms.replace(".pdf", ".csv"), encoding="utf-8") as fh:
        assert answered > 0 and sum(1 for _ in fh) - 1 >= answered  # every answered item is printed
