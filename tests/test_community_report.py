"""Issues 43 and 52: a report a community council can read (``lyss study report``, the Campaigns tab's button) — each
question's verdict in words (in the app's language), each comparison's interval segment by segment with δ, each
run's tier, the speakers and their hours without names, their consent and where the answers are kept; the PDF is
read back for its verdicts."""

from __future__ import annotations

import random
import unicodedata

import pytest

from helpers import background_done, open_window
from desktop.cli import main
from review import records, sentences
from review.rating import campaigns, practice
from review.rating.session import ReviewSession
from review.records import catalogue
from review.records.answers import Answers
from review.store import Store
from review.study import decisions, report

from test_adaptive import QUALITY, _systems

TIMED = (30.0, 10.0)  # seconds an answer took, of which away from the screen: 20 s in front of the app


def _rate(store, cid, speaker, rng, answers: int, timed: bool) -> int:
    given = 0
    for _ in range(answers):
        ReviewSession.open(store, cid, speaker)  # serves the next segment when due
        position = records.sequences.next_position(store, cid, speaker)
        if position is None:
            break
        item = records.sequences.item_at(store, cid, speaker, position)
        run = store.one("select name from runs where id = ?", [item["run_id"]])["name"]
        value = min(5, max(1, round(QUALITY[run] + rng.uniform(-0.6, 0.6))))
        timing = {"seconds": TIMED[0], "away_seconds": TIMED[1]} if timed else {"medium": "paper"}
        Answers(store, cid, speaker).record(position, {"adequacy": value, "fluency": value}, **timing)
        given += 1
    return given


@pytest.fixture
def studied(scored_demo, tmp_path):
    """Three systems, two speakers (one on the app, timed; one on paper), rated until "poor" is settled."""
    paths = _systems(scored_demo, tmp_path)
    db = tmp_path / "study.sqlite"
    store = Store(db, create=True)
    cid = campaigns.create_adaptive_campaign(store, [catalogue.load_scored(str(p)) for p in paths], "A")
    speakers = [records.speakers.add_speaker(store, name, scope) for name, scope in
                (("Rita", "LYSS study, answers shared with the council"), ("Joseph", "LYSS study"))]
    for s in speakers:
        practice.mark_done(store, cid, s)
    rng, timed = random.Random(4), 0
    while "poor" in decisions.decide(store, cid).serving:
        timed += _rate(store, cid, speakers[0], rng, 3, timed=True)
        _rate(store, cid, speakers[1], rng, 3, timed=False)
    return store, db, cid, timed


def test_the_report_holds_every_comparison_replayed_and_the_people_without_names(studied):
    store, db, cid, timed = studied
    found = report.community_report(store, cid)
    pairs = next(q for q in decisions.decide(store, cid).questions if q["kind"] == "Pairs")["pairs"]
    assert [(c["a"], c["b"]) for c in found["comparisons"]] == [(p["a"], p["b"]) for p in pairs]
    for comparison, pair in zip(found["comparisons"], pairs):
        # replayed on the scores the decision was fed: its last interval is the decision's, settled when it was
        n, low, high = comparison["points"][-1]
        assert (n, [low, high]) == (pair["items"], pair["interval"])
        assert comparison["settled_after"] == pair["decided_after"]
        assert [p[0] for p in comparison["points"]] == list(range(1, n + 1))
        assert all(b[1] >= a[1] - 1e-12 and b[2] <= a[2] + 1e-12 for a, b in zip(comparison["points"],
                                                                                comparison["points"][1:]))
        assert comparison["delta"] == pytest.approx(0.05 * 4) and comparison["scale"] == [-4.0, 4.0]
    assert all(c["rule"] == [["above", 0.0]] for c in found["comparisons"] if "poor" in (c["a"], c["b"]))  # better
    answers = store.rows("select medium, seconds, away_seconds from ratings where campaign_id = ?", [cid])
    on_paper = sum(r["medium"] == "paper" for r in answers)
    assert found["speakers"] == {"speakers": 2, "answers": len(answers), "on_paper": on_paper, "untimed": 0,
                                 "hours": round(timed * (TIMED[0] - TIMED[1]) / 3600, 2)}
    assert timed + on_paper == len(answers) and timed > 0 and on_paper > 0
    assert found["consent"] == [{"scope": "LYSS study", "speakers": 1},
                                {"scope": "LYSS study, answers shared with the council", "speakers": 1}]
    assert "Rita" not in str(found) and "Joseph" not in str(found)
    assert found["kept_at"]["database"] == str(db) and found["kept_at"]["this_laptop"] == store.device_id


def _pdf_text(pdf) -> str:
    """The PDF's text as read back, ligatures (ﬂ) as letters and every run of spaces one."""
    from pypdf import PdfReader
    text = " ".join(page.extract_text() for page in PdfReader(str(pdf)).pages)
    return " ".join(unicodedata.normalize("NFKC", text).split())


def test_the_pdf_says_every_verdict_in_the_language_asked(studied, tmp_path, capsys):
    store, db, cid, _ = studied
    found = report.community_report(store, cid)
    pdf = tmp_path / "report.pdf"
    assert main(["study", "report", "--db", str(db), "--campaign", cid, "--out", str(pdf), "--language", "en"]) == 0
    assert f"to {pdf}" in capsys.readouterr().out
    text = _pdf_text(pdf)
    verdict_lines = [sentences.english(one) for q in found["questions"] + found["tiers"] for one in q["said"]]
    assert len(verdict_lines) >= 7  # the pairs' head, three pairs, three tiers
    for line in verdict_lines:
        assert " ".join(line.split()) in text, (line, text[text.find(line[:12]) - 20:][:200])
    assert "Speakers who answered: 2 (their names are not in this report)" in text and "Rita" not in text
    assert "“LYSS study” — speakers who gave it: 1" in text and "on paper forms" in text
    assert "How to read this" in text and "How sure the answers are" in text and "verdict after" in text
    assert "1 speakers" not in text and "segments" not in text
    assert main(["study", "report", "--db", str(db), "--campaign", cid, "--out", str(pdf), "--language", "fr"]) == 0
    text = _pdf_text(pdf)
    better = next(one for q in found["questions"] for one in q["said"] if one["text"].startswith("{a} is better"))
    french = "{a} est meilleur que {b} ({a} − {b} se situe entre {low} et {high}), après {items} phrases"
    written = sentences.localized(better, french, ",", "\u00a0%")
    assert " ".join(unicodedata.normalize("NFKC", written).split()) in text
    assert "," in better["values"]["low"].replace(".", ",") and better["values"]["low"].replace(".", ",") in text
    assert "Comment lire ce rapport" in text and "Locuteurs qui ont répondu : 2" in text and " h." in text


@pytest.mark.parametrize("argv, says", [
    (["--out", "report.txt"], "--out: report.txt: give a file name ending in .pdf"),
    (["--out", "r.pdf", "--language", "xx"], "--language: xx: no interface in that language"),
    (["--out", "r.pdf", "--campaign", "nothing-like-it"], "nothing-like-it: no such campaign"),
])
def test_a_bad_report_request_is_one_line_and_writes_nothing(studied, tmp_path, capsys, monkeypatch, argv, says):
    _, db, _, _ = studied
    monkeypatch.chdir(tmp_path)
    assert main(["study", "report", "--db", str(db), *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("lyss: ") and says in err and err.count("\n") == 1, err
    assert not list(tmp_path.glob("r*.pdf")) and not (tmp_path / "report.txt").exists()


def test_the_campaigns_tab_writes_the_report(studied, tmp_path, qtbot):
    store, db, cid, _ = studied
    found = report.community_report(store, cid)
    store.close()
    window = open_window(qtbot, db)
    window.show_panel(window.campaigns)
    panel = window.campaigns
    panel.campaigns.selectRow(panel._ids.index(cid))
    pdf = tmp_path / "from the app.pdf"
    panel.community_report(str(pdf))
    assert background_done()
    assert str(pdf) in panel.status.text()
    text = _pdf_text(pdf)
    assert all(" ".join(sentences.english(one).split()) in text for q in found["questions"] for one in q["said"])


def test_each_picture_shows_the_band_inside_the_zone_its_caption_names_when_it_says_so(studied, qapp):
    """Each comparison's picture, drawn as the report draws it: at the sentence its caption names, the blue band lies
    where the caption's rule wants it (read from the picture's pixels), and before it, it did not."""
    from PySide6.QtGui import QColor, QPainter
    from desktop.community_report import BAND, ReportPainter, rule_words
    from desktop.printing import page_image
    store, _, cid, _ = studied
    found = report.community_report(store, cid)
    settled = [c for c in found["comparisons"] if c["settled_after"]]
    assert settled and any(not c["settled_after"] for c in found["comparisons"]) is not None
    for comparison in settled:
        image, page = page_image()
        painter = QPainter(image)
        drawn = ReportPainter(painter, page, lambda: None).chart(comparison, rule_words(comparison))
        painter.end()
        assert f"after {comparison['settled_after']} sentences" in rule_words(comparison)
        frame, x, y = drawn["frame"], drawn["x"], drawn["y"]
        column = min(round(x(comparison["settled_after"])), round(frame.right()) - 2)  # the last point: its edge
        blue = [row for row in range(round(frame.top()) + 2, round(frame.bottom()) - 1)
                if _bluish(QColor(image.pixel(column, row)))]
        assert blue, comparison
        def value(row):
            low, high = comparison["scale"]
            return low + (frame.bottom() - row) / frame.height() * (high - low)
        band_low, band_high = value(max(blue)), value(min(blue))
        pixel = (comparison["scale"][1] - comparison["scale"][0]) / frame.height() * 2  # two pixels of slack
        for side, bound in comparison["rule"]:
            assert (band_low > bound - pixel) if side == "above" else (band_high < bound + pixel), (comparison, side)
        n, low, high = next(p for p in comparison["points"] if p[0] == comparison["settled_after"])
        assert report.holds(comparison["rule"], low, high, 1e-6)
        earlier = [p for p in comparison["points"] if p[0] < comparison["settled_after"]]
        assert not any(report.holds(comparison["rule"], lo, hi) for _, lo, hi in earlier)
    assert BAND.blue() > BAND.red()


def _bluish(color) -> bool:
    return color.blue() > color.red() + 40 and color.blue() > color.green() + 10
