"""Language packs own the language: Ojibwe (ciw) end to end with the real analyser, contact-language
leakage in Ojibwe and Welsh, readings with error tags last, and task C without English words."""

from __future__ import annotations

import json
import re

import pytest

from helpers import moves_done, ROOT, score_with_cli, shared_file
from desktop.cli import main
from eval_standards.cards import load_card
from eval_standards.tools import LanguageTools, tools_for
from review import records
from review.rating import campaigns
from review.records import catalogue
from review.store import Store

CIW_DEMO = ROOT / "examples" / "demo-ciw.runcard.json"


@pytest.fixture
def ciw_added(tmp_path, monkeypatch):
    """The Ojibwe analyser installed the way a new user would, and nothing else to be found."""
    analyser = shared_file("fst/ciw-analyser-gt-norm.hfstol")
    monkeypatch.setenv("LYSS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("LYSS_SHARED", str(tmp_path / "no-shared"))
    monkeypatch.delenv("LYSS_ANALYZERS", raising=False)
    assert main(["analyzers", "add", str(analyser), "--lang", "ciw", "--accept-licence"]) == 0
    return analyser


def _independent_acceptance(analyser, card: dict) -> float:
    """FST acceptance without LYSS code: hfst directly; words split on white space, punctuation but
    the apostrophe (a letter in Ojibwe) stripped from the edges; a capitalised word tried in lower case.
    Where the hfst binding does not import (the suite's run without it), the figure it gave: 40 of 51."""
    try:
        import hfst
    except ImportError:
        assert card == json.loads(CIW_DEMO.read_text("utf-8"))
        return 40 / 51
    stream = hfst.HfstInputStream(str(analyser))
    fst = stream.read()
    words = accepted = 0
    for entry in card["entries"]:
        for raw in entry["predicted"].split():
            token = re.sub(r"^[^\w']+|[^\w']+$", "", raw)
            if not any(c.isalpha() for c in token):
                continue
            words += 1
            accepted += bool(fst.lookup(token) or (token[:1].isupper() and fst.lookup(token.lower())))
    return accepted / words


def test_ojibwe_demo_is_scored_with_profile_a_by_the_added_analyser(ciw_added, tmp_path, capsys):
    scored, printed = score_with_cli(capsys, CIW_DEMO, tmp_path / "ciw-scored.json", "--lang", "ciw", "--bootstrap", "50")
    s = scored["scores"]
    assert scored["lyss"]["profile"]["name"] == "A" and "profile A" in printed
    card = json.loads(CIW_DEMO.read_text("utf-8"))
    assert s["fst_acceptance_rate"] == pytest.approx(_independent_acceptance(ciw_added, card), abs=1e-12)
    assert s["equivalent_match_rate"] is not None and s["orthographic_accuracy"] is not None
    assert s["morphological_accuracy"] is not None
    fst = {e["id"]: e["lyss"]["giellalt-fst"] for e in scored["entries"]}
    assert fst["book-01"]["analyses"]["Mazina'igan"] and fst["yes-01"]["analyses"]["Eya'"]
    assert scored["lyss"]["language"]["review"]["name"] == "Ojibwe (Anishinaabemowin)"
    leaked = {w for e in scored["entries"] for w in e["metrics"]["leaked_words"]}
    assert {"The", "man", "Black"} <= leaked and not leaked & {"makwa", "Makwa", "Mazina'igan"}
    equivalence = {e["id"]: e["lyss"]["giellalt-equivalence"]["verdict"] for e in scored["entries"]}
    assert equivalence["dog-03"] == "EQUIVALENT" and equivalence["bear-01"] == "EXACT"
    assert equivalence["eagle-01"] == "NO_OUTPUT" and equivalence["river-01"] == "MISS"


def test_the_apostrophe_is_a_letter_in_ojibwe():
    tools = LanguageTools(load_card("ciw"))
    assert tools.words("Eya', mazina'igan gii-nibaa.") == ["Eya'", "mazina'igan", "gii-nibaa"]
    assert LanguageTools(load_card("crk")).words("Eya', mazina'igan") == ["Eya", "mazina'igan"]


def test_english_leaking_into_welsh_is_found_without_an_analyser(tmp_path):
    card = {"target_language": "cym", "entries": [
        {"id": "1", "source": "The cat is black.", "reference": "Mae'r gath yn ddu.", "predicted": "Mae'r cat yn black."},
        {"id": "2", "source": "The dog is big.", "reference": "Mae'r ci yn fawr.", "predicted": "Mae'r ci yn fawr."}]}
    path, out = tmp_path / "cym.json", tmp_path / "cym-scored.json"
    path.write_text(json.dumps(card), "utf-8")
    assert main(["score", str(path), "--out", str(out), "--bootstrap", "10"]) == 0
    scored = json.loads(out.read_text("utf-8"))
    assert scored["entries"][0]["metrics"]["leaked_words"] == ["cat", "black"]
    assert scored["scores"]["code_switching_rate"] == pytest.approx(2 / 8)


def test_error_readings_come_last_so_listed_synonyms_are_found():
    shared_file("fst/crk-descriptive-analyzer.hfstol")
    from eval_standards.crk.linter import Linter
    tools = tools_for(load_card("crk"))
    readings = tools.analyses("takosin")
    assert readings[0] == "takosin+V+AI+Ind+Prs+3Sg" and all("+Err/" in r for r in readings[1:])
    linter = Linter(tools.data("linter"), tools)
    assert linter.verdict("niwâpamâw atim takosin", "niwâpamâw atim takohtêw") == \
        {"verdict": "EQUIVALENT", "classes": ["LEMMA_SYNONYM"]}


def test_gibberish_is_wrong_not_incomplete():
    shared_file("fst/crk-descriptive-analyzer.hfstol")
    from eval_standards.crk.semantic import CrkSemanticMetric
    semantic = CrkSemanticMetric(tools_for(load_card("crk")))
    assert semantic.verdict("The dog is sleeping.", "xyzqq blorp", "atim nipâw.")["verdict"] == "WRONG"


def test_glosses_added_by_the_user_are_used(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LYSS_DATA_DIR", str(tmp_path / "data"))
    bad = tmp_path / "bad.tsv"
    bad.write_text("atim dog\n", "utf-8")
    assert main(["glosses", "add", str(bad), "--lang", "crk"]) == 2
    assert "LEMMA<TAB>gloss" in capsys.readouterr().err
    good = tmp_path / "glosses.tsv"
    good.write_text("# mine\nmaskwa\tbear, bears\n", "utf-8")
    assert main(["glosses", "add", str(good), "--lang", "crk"]) == 0
    assert (tmp_path / "data" / "glosses" / "crk.tsv").read_text("utf-8").splitlines()[-1] == "maskwa\tbear, bears"


def test_task_c_for_ojibwe_asks_only_about_ojibwe_looking_words(ciw_added, tmp_path, qtbot, qapp):
    out = tmp_path / "ciw-scored.json"
    assert main(["score", str(CIW_DEMO), "--lang", "ciw", "--out", str(out), "--bootstrap", "20"]) == 0
    scored = catalogue.load_scored(str(out))
    db = tmp_path / "r.sqlite"
    with Store(db) as store:
        cid = campaigns.create_campaign(store, scored, "C")
        words = {r["output"] for r in store.rows("select i.output from campaign_items ci join items i on "
                                                 "i.id = ci.item_id where ci.campaign_id = ?", [cid])}
        settings = catalogue.campaign(store, cid)["settings"]
        name = catalogue.campaign(store, cid)["name"]
        bcid = campaigns.create_campaign(store, scored, "B")
        records.speakers.add_speaker(store, "Nokomis", "LYSS study")
    assert {"Zibi", "Jimaan", "Wigiwam", "Ozhaawashko"} <= words
    assert not words & {"The", "man", "Black", "I", "am", "going", "home"}
    assert settings["left_out"]["count"] >= 5 and "Ojibwe" in name
    # the review screen names the language, offers no other script, and asks in its words
    from desktop.main_window import MainWindow
    window = MainWindow(str(db))
    qtbot.addWidget(window)
    window.show()
    review = window.review
    review.open_speaker(review.sign_in.store.one("select id from speakers")["id"])
    review.open_campaign(cid)
    moves_done()  # the session opened on the engine
    page = review.items
    assert "Ojibwe (Anishinaabemowin) word" in page.first_label.text()
    assert "Ojibwe (Anishinaabemowin)" in page.question.text()
    assert not page.script_choice.isVisible()
    review.open_campaign(bcid)
    moves_done()  # the session opened on the engine
    assert "Ojibwe (Anishinaabemowin)" in page.instructions.text()
    window.close()


def test_each_pack_states_its_analysers_licence(ciw_added, capsys, tmp_path):
    import json as _json
    record = _json.loads((tmp_path / "data" / "analysers" / "ciw-analyser-gt-norm.hfstol.json").read_text("utf-8"))
    assert record["licence"] == "CC BY-NC-SA 4.0"
    assert main(["analyzers", "licence", "--lang", "ciw"]) == 0
    assert "NO COMMERCIAL USE" in capsys.readouterr().out


def test_a_users_card_is_checked_before_it_is_copied_in(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LYSS_DATA_DIR", str(tmp_path / "data"))
    bad = tmp_path / "xyz.json"
    for card, problem in [({"code": "xyz", "toCanonical": "rot13"}, "unknown converter"),
                          ({"code": "xyz", "evalMetrics": ["os.system"]}, "unknown LYSS plugin"),
                          ({"code": "xyz", "glosses": "../../etc/passwd"}, "data file of the language packs"),
                          ({"code": "../x"}, "two- or three-letter")]:
        bad.write_text(_json_dumps(card), "utf-8")
        assert main(["cards", "add", str(bad)]) == 2
        assert problem in capsys.readouterr().err
    assert not (tmp_path / "data" / "cards").exists()
    good = tmp_path / "good.json"
    good.write_text(_json_dumps({"code": "xyz", "names": {"en": "Example"}, "scripts": ["Latn"], "hasCase": True,
                                 "evalMetrics": ["contact-leakage"], "contactLanguages": ["en"]}), "utf-8")
    assert main(["cards", "add", str(good)]) == 0
    assert load_card("xyz")["names"]["en"] == "Example"
    load_card.cache_clear()


def _json_dumps(value) -> str:
    return json.dumps(value)
