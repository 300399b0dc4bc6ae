"""Issue 70, item 4: the speaker's pages without rough edges. Each test failed before its change:
- the page moved on by itself after an answer and an Enter pressed then said "Please answer first.";
- `lyss review show` refused a fixed campaign's speaker before their first answer;
- `import-forms` refused "Most", a printed option, without saying what it accepts, and called a row with an unknown
  speaker "no such item";
- the French report said "1 repérés sur 1"."""

from __future__ import annotations

import csv
import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from desktop.cli import main
from helpers import open_window, review_database, start_reviewing


def test_an_enter_after_the_page_moved_on_by_itself_is_no_request(qtbot, tmp_path, scored_demo):
    path, _, _ = review_database(tmp_path / "keys.sqlite", scored_demo, "A", 12)
    window = open_window(qtbot, path)
    window.activateWindow()
    page = start_reviewing(qtbot, window)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is page)

    def press(key):
        qtbot.keyClick(QApplication.focusWidget() or window, key)
    press(Qt.Key_4)
    press(Qt.Key_3)  # the answer is complete: saved, and the next item is shown
    assert page.position == 1 and "answer first" not in page.status.text()
    press(Qt.Key_Return)  # the habit: Enter after choosing
    assert page.position == 1 and "answer first" not in page.status.text()
    press(Qt.Key_Return)  # a second Enter on the unread item asks
    assert page.status.text() == "Please answer first."


def test_review_show_shows_position_0_before_the_first_answer(tmp_path, scored_demo, capsys):
    path, cid, speaker = review_database(tmp_path / "show.sqlite", scored_demo, "A", 12)
    assert main(["review", "show", "--db", str(path), "--campaign", cid, "--speaker", speaker, "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["position"] == 0 and shown["served"] is False and shown["answer"] is None
    # what the first answer then serves is that very item
    assert main(["review", "answer", "--db", str(path), "--campaign", cid, "--speaker", speaker, "--position", "0",
                 "--answers", '{"adequacy": 4, "fluency": 3}']) == 0
    capsys.readouterr()
    assert main(["review", "show", "--db", str(path), "--campaign", cid, "--speaker", speaker, "--position", "0",
                 "--json"]) == 0
    after = json.loads(capsys.readouterr().out)
    assert after["item_id"] == shown["item_id"] and after["texts"] == shown["texts"]


def _template(tmp_path, path, cid, speaker, capsys) -> tuple[list[dict], list[str]]:
    forms, template = tmp_path / "forms.pdf", tmp_path / "forms.csv"
    assert main(["review", "print-forms", "--db", str(path), "--campaign", cid, "--speaker", speaker, "--out",
                 str(forms)]) == 0
    capsys.readouterr()
    with template.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        return list(reader), list(reader.fieldnames)


def _write(path, rows: list[dict], columns: list[str]) -> None:
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, columns)
        writer.writeheader()
        writer.writerows(rows)


def test_import_forms_takes_every_printed_option_and_names_what_it_takes(tmp_path, scored_demo, capsys):
    path, cid, speaker = review_database(tmp_path / "forms.sqlite", scored_demo, "A", 12)
    rows, columns = _template(tmp_path, path, cid, speaker, capsys)
    filled = tmp_path / "filled.csv"
    rows[0].update(adequacy="Most", fluency="flawless")  # the English words, in any case
    rows[1].update(adequacy="La plupart", fluency="Impeccable")  # a form printed in French
    rows[2].update(adequacy="4", fluency="2")
    _write(filled, rows[:3], columns)
    assert main(["review", "import-forms", str(filled), "--db", str(path)]) == 0
    assert "3 answered rows of 3 (3 recorded" in capsys.readouterr().out
    for position, expected in ((0, {"adequacy": 4, "fluency": 5}), (1, {"adequacy": 4, "fluency": 5}),
                               (2, {"adequacy": 4, "fluency": 2})):
        assert main(["review", "show", "--db", str(path), "--campaign", cid, "--speaker", speaker, "--position",
                     str(position), "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["answer"] == expected

    rows[3].update(adequacy="Mostly", fluency="4")
    _write(filled, rows[3:4], columns)
    assert main(["review", "import-forms", str(filled), "--db", str(path)]) == 2
    said = capsys.readouterr().err.strip()
    assert said.count("\n") == 0 and "'Mostly' is not an answer to adequacy: write the number of the box ticked or " \
        "its words (1 None, 2 Little, 3 Much, 4 Most, 5 All)" in said

    rows[3].update(adequacy="4", speaker_id="spk-nobody")
    _write(filled, rows[3:4], columns)
    assert main(["review", "import-forms", str(filled), "--db", str(path)]) == 2
    said = capsys.readouterr().err
    assert "speaker_id: unknown speaker 'spk-nobody'" in said and "no such item" not in said


def test_the_french_report_agrees_a_count_with_its_word():
    from desktop.qt_common import application, plural, set_ui_language, tr
    application()
    try:
        set_ui_language("fr", remember=False)
        assert [plural(n) for n in (0, 1, 2)] == ["one", "one", "other"]
        text = "{0}: caught {1} of {2} ({3} %; 95 % interval {4}–{5} %)."
        assert tr(text, plural(1)).format("nombre", 1, 1, 100, 21, 100).startswith("nombre : 1 repéré sur 1")
        assert tr(text, plural(3)).format("nombre", 3, 4, 75, 30, 95).startswith("nombre : 3 repérés sur 4")
        set_ui_language("en", remember=False)
        assert [plural(n) for n in (0, 1, 2)] == ["other", "one", "other"]
        assert tr(text, plural(1)).format("number", 1, 1, 100, 21, 100).startswith("number: caught 1 of 1")
    finally:
        set_ui_language("en", remember=False)
