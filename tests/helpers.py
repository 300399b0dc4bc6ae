"""What the tests call: the project's folders, the shared data (or a skip that names it), scoring and review
databases made the way a person makes them, and the app's window opened and walked. Fixtures are in
``conftest.py``."""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path

import pytest

from scoring.shifted import ShiftedColumns

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("LYSS_SHARED", ROOT.parent / "shared"))
REPORTS = SHARED / "data" / "champollion-reports"
DEMO = ROOT / "examples" / "demo-crk.runcard.json"


def confseq(module: str):
    """A module of confseq (the independent implementation the decisions are checked against), or a skip that
    names it: it builds from source with Boost (make install builds it; ``.[test]`` alone does not)."""
    import numpy as np
    if not hasattr(np, "float_"):  # confseq 0.0.11 still names numpy 1's alias in a type hint
        np.float_ = np.float64
    return pytest.importorskip(f"confseq.{module}", reason="confseq is built by make install (Boost), not by .[test]")


def shared_file(relative: str) -> Path:
    """A file under shared/, or a skip naming it (CI always has shared/)."""
    path = SHARED / relative
    if not path.exists():
        pytest.skip(f"needs {path} (shared/ not found; set LYSS_SHARED)")
    return path


def report_paths() -> list[Path]:
    return sorted(REPORTS.glob("*_report.json")) if REPORTS.exists() else []


def report_texts() -> tuple[list[str], list[str]]:
    """Every entry's output and reference in the shared harness reports."""
    predicted, references = [], []
    for path in report_paths():
        for e in json.loads(path.read_text("utf-8"))["entries"]:
            predicted.append(e["predicted"] or "")
            references.append(e["expected"])
    return predicted, references

def score_with_cli(capsys, card: Path, out: Path, *options: str) -> tuple[dict, str]:
    """``lyss score CARD --out OUT OPTIONS``: the scored run card it wrote and what it printed."""
    import json

    from desktop.cli import main
    assert main(["score", str(card), "--out", str(out), *options]) == 0
    return json.loads(out.read_text("utf-8")), capsys.readouterr().out


@functools.cache
def _empty_database() -> Path:
    """An empty review database made once per test process (a key pair, the schema and its triggers)."""
    import tempfile

    from review.store import Store

    made = Path(tempfile.mkdtemp(prefix="lyss-template-")) / "template.sqlite"
    Store(made).close()
    return made


def one_laptop_database(path: Path) -> Path:
    """An empty review database at ``path`` as ``lyss review init`` makes it, copied from one made once per test
    process and adopted here, as ``lyss review adopt`` does with a copy. Every copy is the same laptop: for tests of
    one laptop, never for a circle."""
    import shutil

    from review.store import Store

    shutil.copy2(_empty_database(), path)  # its mode too: only its owner reads the private key
    with Store(path) as store:
        store.adopt()
    return path


def review_database(path: Path, scored: Path, task: str, items: int, practised: bool = True,
                    **options) -> tuple[Path, str, str]:
    """A review database at ``path`` with one campaign of ``task`` from a scored run card (``options``: the
    campaign's, such as ``premark``) and one speaker, Mary (her practice round done unless ``practised`` is
    False). Returns (path, campaign, speaker)."""
    from review.records import catalogue
    from review.rating import campaigns, practice
    from review import records
    from review.store import Store

    with Store(path) as store:
        cid = campaigns.create_campaign(store, catalogue.load_scored(str(scored)), task, items=items, **options)
        speaker = records.speakers.add_speaker(store, "Mary", "LYSS study")
        if practised:
            practice.mark_done(store, cid, speaker)
    return path, cid, speaker


def sent(traced: list[str]) -> list[str]:
    """The statements a connection's trace callback saw, as the program sent them: SQLite's trace repeats a statement
    as the check trigger of its table starts (review/store/schema.py, ``check_triggers``), so a line the same as the
    one before it is that trigger, not a statement of the program's."""
    return [sql for k, sql in enumerate(traced) if k == 0 or sql != traced[k - 1]]


def open_window(qtbot, path: Path):
    """The app's main window on a review database, shown, closed with the test."""
    from desktop.main_window import MainWindow
    from desktop.qt_common import application
    application()
    window = MainWindow(str(path))
    qtbot.addWidget(window)
    window.show()
    return window


def start_reviewing(qtbot, window):
    """Sign in as the first speaker and start the first campaign: the item page."""
    from PySide6.QtCore import Qt
    review = window.review
    assert review.currentWidget() is review.sign_in
    qtbot.keyClick(review.sign_in.list, Qt.Key_Return)
    assert review.currentWidget() is review.campaigns
    qtbot.keyClick(review.campaigns.list, Qt.Key_Return)
    assert review.currentWidget() is review.items
    served(qtbot, review.items)
    return review.items


def served(qtbot, page, timeout: int = 60_000):
    """The item page once its session is open, and the segment an adaptive campaign waits for served (in the
    background) and shown, every key pressed meanwhile made."""
    try:
        qtbot.waitUntil(lambda: page.session is not None and not page.keys_wait(), timeout=timeout)
    except Exception:
        session = page.session
        raise AssertionError(f"not served: session {session is not None}, waiting {session and session.waiting}, "
                             f"moves in flight {page._in_flight}, keys queued {len(page._queued)}, servings ended "
                             f"{len(page._arrivals)}, serving {page._preparing}, status {page.status.text()!r}")
    return page


def enrolled_study(root: Path, scored: dict, laptops_wanted: int, items: int = 8):
    """A coordinator's database with one task A campaign and field laptops it enrolled in that campaign and that trust
    it — nothing exchanged yet. Returns (hub, campaign, field laptops)."""
    from review.records import laptops
    from review.rating import campaigns
    from review.store import Store

    hub = Store(root / "hub.sqlite")
    cid = campaigns.create_campaign(hub, scored, "A", items=items)
    fields = [Store(root / f"laptop{k}.sqlite") for k in range(laptops_wanted)]
    for lap in fields:
        laptops.enrol(hub, lap.device_id, cid)  # in this campaign alone (the circle: tests/test_circle.py)
        laptops.trust(lap, hub.device_id)
    return hub, cid, fields


def rate(store, campaign_id: str, name: str, answers: int) -> str:
    """A new speaker on this laptop who answers up to ``answers`` items of the campaign. Returns their id."""
    from review.rating import sequence

    from review import records

    speaker = records.speakers.add_speaker(store, name, "LYSS study")
    sequence.join(store, campaign_id, speaker)
    for k in range(answers):
        position = records.sequences.next_position(store, campaign_id, speaker)
        if position is None:
            break
        records.answers.answer(store, campaign_id, speaker, position, {"adequacy": 1 + k % 5, "fluency": 1 + (k * 2) % 5})
    return speaker


def other_version(scored: dict, slug: str = "demo/other", suffix: str = " .") -> dict:
    """Another system's run of the same test set: a copy of ``scored`` whose every output ends with ``suffix``."""
    import json
    other = json.loads(json.dumps(scored))
    other["model_slug"] = slug
    for entry in other["entries"]:
        entry["predicted"] = (entry.get("predicted") or "") + suffix
    return other


def pin_order(store, campaign_id: str, seed: str = "pinned") -> None:
    """Give a campaign a fixed order seed: a campaign's id, and so the order its questions take its items in, holds
    the laptop's key (random), and a sequential decision may settle on a prefix in one order and not in another."""
    with store.transaction() as db:
        settings = json.loads(store.one("select settings from campaigns where id = ?", [campaign_id])["settings"])
        db.execute("update campaigns set settings = ? where id = ?",
                   [json.dumps({**settings, "order_seed": seed}), campaign_id])


def moves_done(seconds: float = 60.0) -> bool:
    """What the pages handed the engine (desktop/engine.py) is done and drawn — a session opened, an answer written, a
    speaker registered — while a serving held elsewhere may still run."""
    from desktop.engine import wait_for_engines
    return wait_for_engines(seconds)


def background_done(seconds: float = 120.0) -> bool:
    """Every worker the app started has ended and its result is drawn (see ``desktop.background.wait_for_background``)."""
    from desktop.background import wait_for_background
    return wait_for_background(seconds)


def in_english(said) -> str:
    """A reason as the command line says it: a said line, or one kept as JSON in the database (a bundle's refusal,
    what a row waits for and why)."""
    from review.records import shared_folder  # deferred: helpers is imported by tests of every kind
    from review.sentences import english
    return english(said if isinstance(said, dict) else shared_folder.said(said))


def refused_alone(changed: dict) -> list[str]:
    """The rows a merge refused alone, each as its one line in English."""
    return [in_english(said) for said in changed["rows_refused"]]


def waiting_reasons(store) -> list[str]:
    """Why each row waits here, in English."""
    return [in_english(r["reason"]) for r in store.rows("select reason from waiting_rows")]


def whole_matrix(statistics):
    """A per-entry statistics matrix as a whole (n × k) array, however the records keep it (``scoring.shifted``)."""
    return statistics.full() if isinstance(statistics, ShiftedColumns) else statistics
