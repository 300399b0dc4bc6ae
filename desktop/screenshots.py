"""``make screenshots``: render every screen offscreen into docs/screenshots/*.png.

Uses a throw-away review database with the embedded demo scored by its language pack and a few
answers, so that every screen shows real content."""

from __future__ import annotations

import json
import os
import random
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before Qt is imported

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from desktop.cli import main as cli_main  # noqa: E402
from desktop.community_report import write_pngs  # noqa: E402
from desktop.main_window import MainWindow  # noqa: E402
from desktop.paper_forms import first_page_png  # noqa: E402
from desktop.qt_common import SETTINGS_FOLDER, application  # noqa: E402
from desktop.background import background_running, wait_for_background  # noqa: E402
from desktop.engine import wait_for_engines  # noqa: E402
from eval_standards import analysers  # noqa: E402
from eval_standards.demos import DEFAULT, demo_path, other_demos  # noqa: E402
from review.operations import records  # noqa: E402
from review.operations.exchange import sync  # noqa: E402
from review.operations.rating import campaigns, paper, practice, sequence  # noqa: E402
from review.operations.rating import ReviewSession, record_answer  # noqa: E402
from review.operations.records import catalogue, laptops, terms  # noqa: E402
from review.operations.database import Store  # noqa: E402
from review.operations.study import community_report  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
SCREEN = (1280, 800)  # a common laptop screen: the window the screenshots show fits it


class Shots:
    """The app on a throw-away database with the demo scored by its language pack and a few answers."""
    def __init__(self) -> None:
        self.work = Path(tempfile.mkdtemp(prefix="lyss-shots-"))
        os.environ["LYSS_CACHE_DIR"] = str(self.work / "cache")
        os.environ[SETTINGS_FOLDER] = str(self.work / "settings")  # never the user's settings (a shared folder
        self.app = application()                                   # chosen here would outlive this run)
        self.cli, self.demo = cli_main, demo_path(ROOT)
        self.scored = self.work / "demo-scored.json"
        cli_main(["score", str(self.demo), "--lang", DEFAULT, "--out", str(self.scored)])
        OUT.mkdir(parents=True, exist_ok=True)
        self.window = MainWindow(str(self.work / "review.sqlite"))
        self.window.resize(*SCREEN)
        self.window.show()

    def shot(self, name: str) -> None:
        deadline = time.monotonic() + 120
        while background_running() and time.monotonic() < deadline:  # what the pages work out in the background
            self.app.processEvents()
            time.sleep(0.02)
        self.app.processEvents()
        self.app.processEvents()
        self.window.grab().save(str(OUT / f"{name}.png"))
        print(f"docs/screenshots/{name}.png")

    def shot_now(self, name: str) -> None:
        """The window as it is, work in the background still under way."""
        self.app.processEvents()
        self.window.grab().save(str(OUT / f"{name}.png"))
        print(f"docs/screenshots/{name}.png")

    def close(self) -> None:
        self.window.close()
        shutil.rmtree(self.work, ignore_errors=True)


def demo_campaigns(store, scored: Path) -> tuple[str, list[str]]:
    """Campaigns of tasks A, B and C, and two speakers who answered 30 items of A. Returns (A's id, speakers)."""
    cid = campaigns.create_campaign(store, catalogue.load_scored(str(scored)), "A", items=40)
    campaigns.create_campaign(store, catalogue.load_scored(str(scored)), "B")
    campaigns.create_campaign(store, catalogue.load_scored(str(scored)), "C")
    others = [records.speakers.add_speaker(store, name, "demo") for name in ("Rita", "Joseph")]
    for k, spk in enumerate(others):
        sequence.join(store, cid, spk)
        for n in range(30):
            pos = records.sequences.next_position(store, cid, spk)
            item = records.sequences.item_at(store, cid, spk, pos)
            base = json.loads(item["metrics"] or "{}").get("composite", 0.5)
            value = max(1, min(5, round(1 + 4 * base) - (k and n % 3 == 0)))
            records.answers.answer(store, cid, spk, pos, {"adequacy": value, "fluency": max(1, value - (n % 2))})
    return cid, others


def review_screens(shots: Shots, cid: str, speaker: str) -> None:
    review, shot = shots.window.review, shots.shot
    review.show_sign_in()
    shot("01-sign-in")
    review.setCurrentWidget(review.consent)
    review.consent.name.setText("Mary Cardinal")
    shot("02-consent")
    review.open_speaker(speaker)
    shot("03-choose-task")
    review.open_campaign(cid)
    shot("04-review-item")
    QTest.keyClick(review.items, Qt.Key_4)
    shot("05-review-second-question")
    review.items.script_choice.setChecked(True)  # the language's other script (its pack's converter)
    shot("06-review-other-script")
    review.items.script_choice.setChecked(False)
    review.open_campaign(next(c["id"] for c in catalogue.list_campaigns(shots.window.store) if c["task"] == "B"))
    shot("07-review-task-b")


def coordinator_screens(shots: Shots, cid: str) -> None:
    window, shot = shots.window, shots.shot
    window.show_panel(window.score)
    window.score.open_path(str(shots.demo), wait=True)
    window.score.table.selectRow(3)
    shot("08-score-view")
    window.show_panel(window.campaigns)
    window.campaigns.refresh()
    shot("09-campaigns")
    for name in ("Rita's laptop", "The old laptop"):  # two laptops of the circle, one lost and revoked
        other = Store(shots.work / f"{name.split()[0]}.sqlite")
        laptops.enrol(window.store, other.device_id, name=name)
        other.close()
    laptops.revoke(window.store, other.device_id, "2026-11-30T00:00:00.000000Z")
    window.campaigns.show_circle()
    window.campaigns.pages.setCurrentWidget(window.campaigns.circle_page)
    shot("23-campaigns-circle")
    window.campaigns.pages.setCurrentWidget(window.campaigns.campaigns_page)
    window.show_panel(window.study)
    window.study.refresh()
    window.study.correlate(wait=True)
    shot("10-study-correlation")
    window.study.agreement(wait=True)
    shot("11-study-agreement")
    window.set_high_contrast(True)
    window.tabs.setCurrentWidget(window.review)
    window.review.open_campaign(cid)
    shot("12-review-high-contrast")
    window.set_high_contrast(False)


def speaker_loop_screens(shots: Shots, cid: str, speaker: str) -> None:
    """The practice round's feedback, task E's marking and scoring, and a paper form's first page."""
    window, shot = shots.window, shots.shot
    store, review = window.store, window.review
    newcomer = records.speakers.add_speaker(store, "Mary Cardinal", "demo")
    window.tabs.setCurrentWidget(review)
    review.open_speaker(newcomer)
    review.open_campaign(cid)
    QTest.keyClick(review.items, Qt.Key_2)
    QTest.keyClick(review.items, Qt.Key_4)
    shot("14-practice-feedback")
    ecid = campaigns.create_campaign(store, catalogue.load_scored(str(shots.scored)), "E", items=20, premark="off")
    practice.mark_done(store, ecid, speaker)
    review.open_speaker(speaker)
    review.open_campaign(ecid)
    page = review.items
    for _ in range(20):  # an item of four words or more, the others answered
        wait_for_engines()  # the session is on the engine: read once its moves came back
        if len(page.item["output"].split()) >= 4:
            break
        QTest.keyClick(page, Qt.Key_Return)
        QTest.keyClick(page, Qt.Key_Return)
    for key, modifier in ((Qt.Key_1, None), (Qt.Key_Right, None), (Qt.Key_Right, None),
                          (Qt.Key_Right, Qt.ShiftModifier), (Qt.Key_2, None), (Qt.Key_M, None), (Qt.Key_1, None),
                          (Qt.Key_Home, None), (Qt.Key_Right, None)):
        QTest.keyClick(page, key, modifier or Qt.NoModifier)
    shot("15-task-e-marking")
    QTest.keyClick(page, Qt.Key_Return)
    QTest.keyClick(page, Qt.Key_2)
    QTest.keyClick(page, Qt.Key_Up)
    shot("16-task-e-score")
    premarked_screen(shots, speaker)
    items = paper.form_items(store, cid, newcomer)
    first_page_png(str(OUT / "17-paper-form.png"), items, catalogue.campaign_language(store, cid),
                   catalogue.campaign(store, cid), "Mary Cardinal")
    print("docs/screenshots/17-paper-form.png")


def premarked_screen(shots: Shots, speaker: str) -> None:
    """Task E with the language's tools' marks placed before the speaker sees the item (dashed frames, the
    glossary's missing terms named), the cursor on the first (Tab); before it, the practice round's pre-mark."""
    store, review = shots.window.store, shots.window.review
    pcid = campaigns.create_campaign(store, catalogue.load_scored(str(shots.scored)), "E", items=42, seed=7)
    review.open_campaign(pcid)
    page = review.items
    shots.shot("25-practice-premarks")  # the practice round first: a mark to drop, and where marks come from
    practice.mark_done(store, pcid, speaker)
    review.open_campaign(pcid)
    page = review.items
    for _ in range(42):  # an item with a word pre-marked and something missing, the others answered
        wait_for_engines()
        kinds = {bool(m.get("missing")) for m in page.session.proposed}
        if kinds == {True, False} and len(page.item["output"].split()) >= 3:
            break
        QTest.keyClick(page, Qt.Key_Return)
        QTest.keyClick(page, Qt.Key_Return)
    QTest.keyClick(page, Qt.Key_Tab)
    shots.shot("24-task-e-premarks")
    items = [i for i in paper.form_items(store, pcid, speaker, items=42) if i["premarks"]]  # the same marks, on paper
    first_page_png(str(OUT / "26-paper-form-premarks.png"), items, catalogue.campaign_language(store, pcid),
                   catalogue.campaign(store, pcid), "speaker")
    print("docs/screenshots/26-paper-form-premarks.png")


def french_screen(shots: Shots, cid: str, speaker: str) -> None:
    """The interface in French (View → Language of the interface), on a review item."""
    french = shots.window.switch_language("fr")
    shots.window = french
    french.resize(*SCREEN)
    french.review.open_speaker(speaker)
    french.review.open_campaign(cid)
    shots.shot("18-french-review-item")
    shots.window = french.switch_language("en")


def large_text_screen(shots: Shots, cid: str, speaker: str) -> None:
    """Text at 200 % (View → Larger text) on a 1024 × 768 screen: the answers wrap and the page scrolls to them."""
    window = shots.window
    window.resize(1024, 768)
    window.set_font_size(22)
    window.tabs.setCurrentWidget(window.review)
    window.review.open_speaker(speaker)
    window.review.open_campaign(cid)
    for _ in range(5):
        shots.app.processEvents()
    shots.shot("19-review-text-200-percent")
    window.set_font_size(11)
    window.resize(*SCREEN)


def _systems(scored: Path, systems: dict[str, float], copies: int = 1) -> list[dict]:
    """Run cards of the demo's test set (``copies`` times over), one per system (each output but the first system's
    ends with its system's name: outputs that are the same are rated once)."""
    base = json.loads(scored.read_text(encoding="utf-8"))
    base["entries"] = [{**e, "id": f"{k}-{e['id']}" if copies > 1 else e["id"]} for k in range(copies)
                       for e in base["entries"]]
    runs = []
    for k, name in enumerate(systems):
        card = json.loads(json.dumps(base))
        card["model_slug"] = name
        for e in card["entries"]:
            e["predicted"] = f"{e['predicted']} {name}" if k else e["predicted"]
        runs.append(card)
    return runs


def _rate_as_served(store, cid: str, speakers: list[str], systems: dict[str, float], rounds: int) -> None:
    """Each speaker answers three segments a round, as they are served, near each system's quality."""
    names = {r["id"]: r["name"] for r in catalogue.list_runs(store)}
    rng = random.Random(7)
    for _ in range(rounds):
        for speaker in speakers:
            for _ in range(3):
                ReviewSession.open(store, cid, speaker)  # serves the next segment when one is due
                position = records.sequences.next_position(store, cid, speaker)
                if position is None:
                    break
                item = records.sequences.item_at(store, cid, speaker, position)
                value = max(1, min(5, round(systems[names[item["run_id"]]] + rng.uniform(-0.7, 0.7))))
                record_answer(store, cid, speaker, {"adequacy": value, "fluency": value}, position=position)


def _show_campaign(shots: Shots, cid: str, name: str) -> None:
    window = shots.window
    window.show_panel(window.campaigns)
    window.campaigns.refresh()
    window.campaigns.campaigns.selectRow(window.campaigns._ids.index(cid))
    shots.shot(name)


def decisions_screen(shots: Shots, speakers: list[str]) -> None:
    """An adaptive campaign over three systems of the demo's test set, part-way: the Campaigns tab with
    its decisions, what is still served and the hours left."""
    store = shots.window.store
    systems = {"demo/strong": 4.6, "demo/also-strong": 4.4, "demo/weak": 1.4}
    cid = campaigns.create_adaptive_campaign(store, _systems(shots.scored, systems), "A")
    terms.record(store, cid, terms.read(str(ROOT / "examples" / "community-terms.example.json")))  # whose data it is
    terms.decide(store, cid, "study", "Council of the example community", "2026-12-01")
    _rate_as_served(store, cid, speakers, systems, 5)
    _show_campaign(shots, cid, "20-campaign-decisions")
    choosing_screen(shots, cid)
    found = community_report(store, cid)
    for name, ui in (("27-community-report", "en"), ("28-community-report-fr", "fr")):  # the button's PDF, as images
        for k, page in enumerate(write_pngs(str(shots.work / f"report-{ui}"), found, ui=ui), 1):
            shutil.copyfile(page, OUT / f"{name}-{k}.png")
            print(f"docs/screenshots/{name}-{k}.png")


def choosing_screen(shots: Shots, cid: str) -> None:
    """A speaker opening an adaptive campaign: their first items are chosen in the background, and the page says so
    (the keys pressed meanwhile are kept). The serving is held until the picture is taken: on the demo it takes a
    blink, on a campaign of thousands of items most of a second."""
    window, review = shots.window, shots.window.review
    speaker = records.speakers.add_speaker(window.store, "Louis", "demo")
    practice.mark_done(window.store, cid, speaker)  # the practice round behind them: their first real items
    held, serve = threading.Event(), sequence.serving_job

    def held_serving(*args, **kwargs):
        held.wait(60)
        return serve(*args, **kwargs)

    sequence.serving_job = held_serving
    try:
        window.show_panel(review)
        review.open_speaker(speaker)
        review.open_campaign(cid)
        wait_for_engines()  # the session opened, waiting for its first segment (held)
        shots.shot_now("30-review-choosing-items")
    finally:
        held.set()
        sequence.serving_job = serve
    wait_for_background(120)


def question_screen(shots: Shots, speakers: list[str]) -> None:
    """A campaign that asks which system is best (within 0.1) over the demo held four times (still its 42
    segments: one held twice is rated once): the question first in the decisions, settled, and the runs' tiers
    shown beside it."""
    store = shots.window.store
    systems = {"demo/new": 4.0, "demo/in-use": 3.9, "demo/old": 2.2}
    cid = campaigns.create_adaptive_campaign(store, _systems(shots.scored, systems, copies=4), "A",
                                             question={"kind": "best", "delta": 0.1})
    _rate_as_served(store, cid, speakers, systems, 30)
    _show_campaign(shots, cid, "22-campaign-question")


def shared_folder_screen(shots: Shots, cid: str) -> None:
    """The Campaigns tab with a shared folder: a field laptop's answers merged by sync, a damaged file refused."""
    window, store = shots.window, shots.window.store
    folder = shots.work / "shared"
    folder.mkdir()
    field = Store(shots.work / "field.sqlite")
    laptops.enrol(store, field.device_id, name="Field laptop")
    laptops.trust(field, store.device_id)
    sync.sync(store, folder)
    sync.sync(field, folder)  # the campaign arrives on the field laptop
    speaker = records.speakers.add_speaker(field, "Field speaker", "demo")
    practice.mark_done(field, cid, speaker)
    for k in range(6):
        record_answer(field, cid, speaker, {"adequacy": 1 + k % 5, "fluency": 5 - k % 5})
    sync.sync(field, folder)
    field.close()
    _second_coordinator(shots, folder, cid)
    (folder / "7Q2M-XK4D-99PA-LM3T.lyssbundle").write_bytes(b"half a file: a copy interrupted by hand")
    window.show_panel(window.campaigns)
    window.campaigns.choose_shared_folder(str(folder))
    while window.syncer.busy():
        shots.app.processEvents()
        QTest.qWait(50)
    window.campaigns.campaigns.selectRow(window.campaigns._ids.index(cid))
    window.campaigns.check_circle()  # the check before the field, below the folder's laptops
    while window.campaigns.check_state.text() in ("", window.campaigns.tr("Checking…")):
        shots.app.processEvents()
        QTest.qWait(50)
    shots.shot("21-shared-folder")


def _second_coordinator(shots: Shots, folder: Path, cid: str) -> None:
    """Another coordinator shares the folder with a campaign of their own and a laptop they enrolled: this laptop
    does not trust them, so their file is refused and their laptop's rows wait here (for the trust, and for the
    campaign), while nothing else is held up."""
    other = Store(shots.work / "other-coordinator.sqlite")
    run = catalogue.load_scored(str(shots.scored))
    two = campaigns.create_campaign(other, run, "A", items=6, seed=7, name="second study")
    theirs = Store(shots.work / "their-laptop.sqlite")
    laptops.enrol(other, theirs.device_id, two)
    laptops.trust(theirs, other.device_id)
    sync.sync(other, folder)
    sync.sync(theirs, folder)
    speaker = records.speakers.add_speaker(theirs, "Their speaker", "demo")
    practice.mark_done(theirs, two, speaker)
    for k in range(3):
        record_answer(theirs, two, speaker, {"adequacy": 1 + k, "fluency": 4})
    sync.sync(theirs, folder)
    other.close()
    theirs.close()


def main() -> int:
    shots = Shots()
    cid, speakers = demo_campaigns(shots.window.store, shots.scored)
    review_screens(shots, cid, speakers[0])
    coordinator_screens(shots, cid)
    second_language(shots)
    speaker_loop_screens(shots, cid, speakers[0])
    french_screen(shots, cid, speakers[0])
    large_text_screen(shots, cid, speakers[0])
    decisions_screen(shots, speakers)
    question_screen(shots, speakers)
    shared_folder_screen(shots, cid)
    attention_screen(shots)
    shots.close()
    return 0


def attention_screen(shots: Shots) -> None:
    """The study page's Attention items: three speakers of a campaign with wrong forms of the grammar mixed in, one of
    them catching few (flagged, never left out)."""
    store = shots.window.store
    cid = campaigns.create_campaign(store, catalogue.load_scored(str(shots.scored)), "A", items=42, qc="grammar",
                                    qc_share=0.25, name="Attention items — demo")
    for name, every in (("Rita", 1), ("Joseph", 2), ("Marie", 6)):  # catches all, every other one, one in six
        speaker = records.speakers.add_speaker(store, name, "demo")
        sequence.join(store, cid, speaker)
        checks = 0
        for position in range(records.sequences.length(store, cid, speaker)):
            item = records.sequences.item_at(store, cid, speaker, position)
            if item["qc"] == "degraded":
                checks += 1
                value = 2 if checks % every == 0 else 4
            else:
                value = 4
            records.answers.answer(store, cid, speaker, position, {"adequacy": value, "fluency": 4})
    study = shots.window.study
    shots.window.show_panel(study)
    study.refresh()
    study.campaign_choice.setCurrentIndex(study.campaign_choice.findData(cid))
    wait_for_background(120)  # the correlation a new campaign's choice starts, drawn before the table replaces it
    study.attention_items()
    shots.shot("29-study-attention-items")


def second_language(shots: Shots) -> None:
    """A task C campaign of each other language's demo (its analyser is read from ../shared, never bundled)."""
    for code in other_demos(ROOT):
        if analysers.find(code) is None:
            print(f"note: no {code} analyser found (../shared/fst): its screenshot is left out")
            continue
        window, shot = shots.window, shots.shot
        scored = shots.work / f"{code}-scored.json"
        shots.cli(["score", str(demo_path(ROOT, code)), "--lang", code, "--out", str(scored)])
        store = window.store
        cid = campaigns.create_campaign(store, catalogue.load_scored(str(scored)), "C")
        speaker = records.speakers.add_speaker(store, f"Speaker of {code}", "demo")
        window.tabs.setCurrentWidget(window.review)
        window.review.open_speaker(speaker)
        window.review.open_campaign(cid)
        shot(f"13-review-{code}-task-c")


if __name__ == "__main__":
    sys.exit(main())
