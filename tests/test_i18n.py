"""The French interface: complete, up to date with the code and the data files, and switchable at run
time from View; a task's words and the language's name in French."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from helpers import moves_done, open_window, review_database, start_reviewing
from scoring.errors import InputError

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
    from PySide6.QtCore import Qt
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
        qtbot.keyClick(page, Qt.Key_4)
        qtbot.keyClick(page, Qt.Key_4)  # the first item answered: the second shown
        english = french.switch_language("en")
        qtbot.addWidget(english)
        assert english.tabs.tabText(0) == "Review"
        assert moves_done()  # the session opened again on the engine, at the item the speaker was at
        again = english.review.items
        assert english.review.currentWidget() is again and again.position == 1
        assert again.progress.text().startswith("2 of")
    finally:
        set_ui_language("en", remember=False)


ENGLISH = set("""the and of to is are was with for your you this that what which when where who press answer answers
item items task tasks speaker speakers save cancel close open yes back next choose show mark marked errors error
missing none little much most meaning translation translations campaign campaigns laptop laptops bundle bundles
merge export withdraw create trust enrol revoke practice done continue start guidelines notes skip
undo natural valid word words same depends study agreement correlate quality precision rejections reweight
confirm tier plot metric value interval breakdown difficulty output file folder keys
enter quit view language larger smaller contrast high""".split())


def _visible_texts(window) -> list[tuple[str, str]]:
    """(where, text) of every text a person sees: labels, buttons, tabs, lists, combos, table headers,
    browsers, menus; data (sentences, names, ids) is marked as such and left out."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QComboBox, QLabel, QListWidget, QTabBar,
                                   QTextBrowser, QWidget)
    found = []
    for w in window.findChildren(QWidget):
        if not w.isVisible() or any(p.property("lyss_data") for p in _ancestry(w)):
            continue
        if isinstance(w, QLabel):
            found.append((type(w).__name__, w.text()))
        elif isinstance(w, QAbstractButton):
            found.append((type(w).__name__, w.text()))
        elif isinstance(w, QTabBar):
            found += [("tab", w.tabText(k)) for k in range(w.count())]
        elif isinstance(w, QComboBox):
            found.append(("combo", w.currentText()))
        elif isinstance(w, QTextBrowser):
            found.append(("text", w.toPlainText()))
        elif isinstance(w, QListWidget):
            found += [("list", w.item(k).text()) for k in range(w.count())]
        elif isinstance(w, QAbstractItemView) and w.model() is not None:
            model = w.model()
            found += [("header", str(model.headerData(k, Qt.Horizontal) or "")) for k in range(model.columnCount())]
    for menu in (window.menuBar().actions() if hasattr(window, "menuBar") else []):
        found.append(("menu", menu.text()))
        found += [("menu", a.text()) for a in (menu.menu().actions() if menu.menu() else [])]
    return found


def _ancestry(w):
    while w is not None:
        yield w
        w = w.parentWidget()


def _english(texts: list[tuple[str, str]]) -> list[str]:
    import re
    out = []
    for where, text in texts:
        words = {t.lower() for t in re.findall(r"\w+", text.replace("&", ""))}
        if words & ENGLISH:
            out.append(f"{where}: {text!r} ({', '.join(sorted(words & ENGLISH))})")
    return out


def test_every_screen_speaks_french(qtbot, tmp_path, scored_demo):
    """Every page a speaker or coordinator sees, in French: no English word left, Qt's own buttons included."""
    from PySide6.QtWidgets import QApplication, QMessageBox
    from desktop.qt_common import application, set_ui_language
    from review.records import catalogue
    from review.rating import campaigns, practice
    from review.store import Store
    application()
    path, cid, speaker = review_database(tmp_path / "fr.sqlite", scored_demo, "A", 12)
    with Store(path) as store:
        cid_e = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "E", items=12)
        practice.mark_done(store, cid_e, speaker)
    set_ui_language("fr", remember=False)
    try:
        window = open_window(qtbot, path)
        review, seen = window.review, {}
        seen["sign-in"] = _visible_texts(window)
        review.setCurrentWidget(review.consent)
        seen["consent"] = _visible_texts(window)
        review.open_speaker(speaker)
        seen["tasks"] = _visible_texts(window)
        review.open_campaign(cid)
        moves_done()  # the session opened on the engine
        seen["task A"] = _visible_texts(window)
        review.items.write_note()
        seen["note"] = _visible_texts(review.items.note_dialog)
        review.items.note_dialog.reject()
        review.open_speaker(speaker)
        review.open_campaign(cid_e)
        moves_done()  # the session opened on the engine
        seen["task E marking"] = _visible_texts(window)
        review.items._after(review.items.session.to_score())
        seen["task E score"] = _visible_texts(window)
        review.setCurrentWidget(review.done)
        seen["done"] = _visible_texts(window)
        window.show_panel(window.score)
        window.score.open_path(str(scored_demo))
        qtbot.waitUntil(lambda: window.score.scored is not None, timeout=60000)
        seen["score"] = _visible_texts(window)
        for tab in (window.campaigns, window.study):
            window.tabs.setCurrentWidget(tab)
            QApplication.processEvents()
            seen[tab.__class__.__name__] = _visible_texts(window)
        box = QMessageBox(QMessageBox.Question, "", "", QMessageBox.Yes | QMessageBox.No | QMessageBox.Cancel)
        seen["Qt's own buttons"] = [("button", b.text()) for b in box.buttons()]
        english = [f"{page}: {line}" for page, texts in seen.items() for line in _english(texts)]
        assert not english, "\n".join(english)
    finally:
        set_ui_language("en", remember=False)


def test_what_the_records_refuse_and_how_they_name_a_speaker_reach_the_french_app_in_french(qtbot, tmp_path,
                                                                                         scored_demo, monkeypatch):
    """Issue 69: sentences built in the records reached the French app in English. A refusal (a laptop the coordinator
    did not enrol) and a speaker named by the laptop that registered them are said lines: the command line prints them
    in English, the app in French."""
    import desktop.qt_common as qt_common
    from desktop.qt_common import application, friendly_error, said, set_ui_language
    from review.records import catalogue, laptops, speakers
    from review.rating import campaigns
    from review.store import Store, now
    application()
    with Store(tmp_path / "hub.sqlite") as hub, Store(tmp_path / "field.sqlite") as field:
        cid = campaigns.create_campaign(hub, catalogue.load_scored(str(scored_demo)), "A", items=6)
        from review.exchange import bundles
        laptops.trust(field, hub.device_id)
        bundles.export_bundle(hub, str(tmp_path / "hub.lyssbundle"))
        bundles.merge(field, str(tmp_path / "hub.lyssbundle"))
        mary = speakers.add_speaker(field, "Mary", "LYSS study")
        refused = laptops.refusal(field, cid, mary, now())
        mary_row = {"display_name": None, "registered_by": hub.public_key}
        assert refused.line().endswith("is not enrolled in campaign " + cid + ": answers recorded here would be "
                                       "refused on every other laptop, so none is recorded; its coordinator enrols "
                                       f"it with: lyss review enrol {field.device_id} --campaign {cid}")
        assert speakers.shown_name(mary_row) == f"(from laptop {hub.device_id})"
        shown = []
        monkeypatch.setattr(qt_common, "message", lambda parent, text, *a: shown.append(text))
        set_ui_language("fr", remember=False)
        try:
            friendly_error(None, refused)
            assert shown == [f"campaign: {cid}: cet ordinateur ({field.device_id}) n'est pas inscrit à la campagne "
                             f"{cid} : les réponses enregistrées ici seraient refusées par tous les autres ordinateurs, "
                             f"aucune n'est donc enregistrée ; son coordinateur l'inscrit avec : lyss review enrol "
                             f"{field.device_id} --campaign {cid}"]
            assert speakers.shown_name(mary_row, said) == f"(de l'ordinateur {hub.device_id})"
            assert speakers.names_here(field, ["spk-nobody"], said) == {"spk-nobody": "(locuteur inconnu)"}
        finally:
            set_ui_language("en", remember=False)


def test_a_bundle_refused_whole_is_said_in_french_on_the_sharing_page(qtbot, tmp_path):
    """Issue 69 (words): why a bundle was refused whole (its file's checks) was English text kept beside it; it is a
    said line now, kept as JSON: English in ``lyss sync status`` and on the command line, French in the French app."""
    import zipfile
    from desktop.qt_common import application, said, set_ui_language
    from review.exchange import sync
    from review.store import Store
    application()
    folder = tmp_path / "shared"
    folder.mkdir()
    with Store(tmp_path / "hub.sqlite") as hub, Store(tmp_path / "field.sqlite") as field:
        sync.publish(field, folder)
        bundle = folder / sync.own_name(field)
        with zipfile.ZipFile(bundle) as z:
            members = {name: z.read(name) for name in z.namelist() if name != "manifest.sig"}
        with zipfile.ZipFile(bundle, "w") as z:  # the signature taken out: made by hand, or by an older LYSS
            for name, data in members.items():
                z.writestr(name, data)
        sync.sync(hub, folder)
        [seen] = [r for r in sync.laptops_seen(hub, folder) if r["code"] == field.device_id]
        assert seen["status"] == "refused"
        english = "manifest.sig: unsigned bundle (made by an older LYSS or by hand): refused, nothing was merged"
        assert said(seen["reason"]) == english
        set_ui_language("fr", remember=False)
        try:
            assert said(seen["reason"]) == ("manifest.sig : paquet non signé (créé par un LYSS plus ancien ou à la "
                                            "main) : refusé, rien n'a été fusionné")
            again = sync.sync(hub, folder)  # unchanged since: not read again, said again from what was kept
            [outcome] = [o for o in again.outcomes if o.name == bundle.name]
            assert said(outcome.said[0]).startswith("manifest.sig : paquet non signé")
        finally:
            set_ui_language("en", remember=False)


def test_what_a_coordinator_types_wrong_in_the_app_is_refused_in_french(qtbot, tmp_path, monkeypatch):
    """Issue 69 (words): the records' refusals a coordinator meets in the app — a laptop's code that does not check,
    their own code enrolled, a terms file with a field too many, a speaker registered without consent — are said
    lines: English on the command line as before, French in the French app."""
    import json
    import desktop.qt_common as qt_common
    from desktop.qt_common import application, friendly_error, set_ui_language
    from review.records import laptops, speakers, terms
    from review.store import Store
    application()
    (tmp_path / "terms.json").write_text(json.dumps({"community": "c", "licence": "CC-BY-4.0", "uses": [],
                                                     "colour": "red"}), "utf-8")
    shown = []
    monkeypatch.setattr(qt_common, "message", lambda parent, text, *a: shown.append(text))
    with Store(tmp_path / "hub.sqlite") as hub:
        code = laptops.this_code(hub)
        wrong = code[:-1] + ("0" if code[-1] != "0" else "1")
        caught = []
        for attempt in (lambda: laptops.enrol(hub, wrong), lambda: laptops.enrol(hub, code),
                        lambda: terms.read(str(tmp_path / "terms.json")),
                        lambda: speakers.add_speaker(hub, "Mary", " ")):
            with pytest.raises(InputError) as refused:
                attempt()
            caught.append(refused.value)
        assert [e.problem for e in caught] == [
            "this code does not check: read it again on that laptop (lyss review code)",
            "that is this laptop's own code: a coordinator takes part in its campaigns already (enrol the field "
            "laptops' codes, from `lyss review code` on each)",
            "not a field of the terms (community, licence, labels, uses, contact)",
            "record what the speaker agreed to (consent scope)"]
        set_ui_language("fr", remember=False)
        try:
            for exc in caught:
                friendly_error(None, exc)
        finally:
            set_ui_language("en", remember=False)
    assert shown[0].endswith("ce code ne se vérifie pas : relisez-le sur cet ordinateur (lyss review code)")
    assert shown[1].endswith("c'est le code de cet ordinateur : un coordinateur participe déjà à ses campagnes "
                             "(inscrivez les codes des ordinateurs de terrain, donnés par `lyss review code` sur "
                             "chacun)")
    assert shown[2].endswith("colour: n'est pas un champ des conditions (community, licence, labels, uses, contact)")
    assert shown[3] == "speaker: consent: notez ce que la personne a accepté (portée du consentement)"
