"""The French interface: complete, up to date with the code and the data files, and switchable at run
time from View; a task's words and the language's name in French."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from conftest import open_window, review_database, start_reviewing

I18N = Path(__file__).resolve().parents[1] / "desktop" / "i18n"


def _messages(ts: Path) -> dict[str, str | None]:
    out = {}
    for message in ET.parse(ts).getroot().iter("message"):
        translation = message.find("translation")
        out[message.find("source").text] = None if translation.get("type") == "unfinished" else translation.text
    return out


def test_the_french_translation_is_complete_and_current(tmp_path):
    """lupdate over today's code and data finds no text the shipped .ts lacks, and every text is translated."""
    sys.path.insert(0, str(I18N))
    import update
    assert (I18N / "data_strings.py").read_text("utf-8") == update.data_strings_source()  # current with the data
    fresh = tmp_path / "fresh.ts"
    sources = sorted(str(p) for p in (I18N.parent).glob("*.py")) + [str(I18N / "data_strings.py")]
    subprocess.run([update.tool("pyside6-lupdate"), *sources, "-ts", str(fresh)], check=True, capture_output=True)
    shipped = _messages(I18N / "lyss_fr.ts")
    assert set(_messages(fresh)) <= set(shipped), "run `make translations` and translate the new texts"
    untranslated = [s for s, t in shipped.items() if not t]
    assert untranslated == []
    compiled = tmp_path / "fresh.qm"  # the shipped .qm is the shipped .ts compiled (by content, not date)
    subprocess.run([update.tool("pyside6-lrelease"), str(I18N / "lyss_fr.ts"), "-qm", str(compiled)], check=True,
                   capture_output=True)
    assert compiled.read_bytes() == (I18N / "lyss_fr.qm").read_bytes()


def test_switching_to_french_at_run_time(qtbot, qapp, tmp_path, scored_demo):
    from desktop.qt_common import application, set_ui_language, ui_languages
    application()
    assert ui_languages() == {"en": "English", "fr": "français"}  # each named in its own language
    window = open_window(qtbot, review_database(tmp_path / "r.sqlite", scored_demo, "A", 10)[0])
    try:
        french = window.switch_language("fr")
        qtbot.addWidget(french)
        assert [french.tabs.tabText(k) for k in range(4)] == ["Évaluer", "Évaluer un run", "Campagnes", "Étude"]
        hint = french.minimumSizeHint()
        assert hint.width() <= 1280 and hint.height() <= 800  # the longer French words still fit 1280×800
        page = start_reviewing(qtbot, french)
        assert page.question.text() == "Quelle part du sens est exprimée ?"
        assert page.second_label.text() == "Traduction en cri des Plaines"  # the card's French name
        assert page.progress.text().startswith("1 sur")
        english = french.switch_language("en")
        qtbot.addWidget(english)
        assert english.tabs.tabText(0) == "Review"
    finally:
        set_ui_language("en", remember=False)
