"""Issue 68, item 5: the same card scored on an install without the language's analyser (the bundle without a
non-commercial analyser, a laptop that never added one) gets profile B, and with it profile A; the two composites
weigh different metrics. A scored card names its profile and analysers; `lyss gate` and `lyss compare` refuse to
compare composites of different profiles without --allow-profile-mismatch, saying why, in one line, exit 2."""

from __future__ import annotations

import json

import pytest

from desktop.cli import main
from eval_standards.tools import forget_tools
from helpers import DEMO, SHARED, score_with_cli

pytestmark = pytest.mark.skipif(not (SHARED / "fst" / "crk-descriptive-analyzer.hfstol").is_file(),
                                reason="needs the Cree analyser (LYSS_SHARED)")


def _without_analysers(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("LYSS_SHARED", str(tmp_path / "no-shared"))
    monkeypatch.setenv("LYSS_DATA_DIR", str(tmp_path / "no-data"))
    monkeypatch.delenv("LYSS_ANALYZERS", raising=False)
    forget_tools()


@pytest.fixture
def two_installs(tmp_path, monkeypatch, capsys):
    """The demo scored as this install scores it (profile A) and as one without the Cree analyser (profile B)."""
    with_analyser, _ = score_with_cli(capsys, DEMO, tmp_path / "a.json", "--lang", "crk", "--bootstrap", "20")
    _without_analysers(tmp_path, monkeypatch)
    without, _ = score_with_cli(capsys, DEMO, tmp_path / "b.json", "--lang", "crk", "--bootstrap", "20")
    monkeypatch.undo()
    forget_tools()
    yield with_analyser, without
    forget_tools()


def test_a_scored_card_names_its_profile_and_the_analyser_it_used(two_installs):
    a, b = two_installs
    assert a["lyss"]["profile"]["name"] == "A" and b["lyss"]["profile"]["name"] == "B"
    fst = next(p for p in a["lyss"]["plugins"] if p["name"] == "giellalt-fst")["analyser"]
    assert fst["file"] == "crk-descriptive-analyzer.hfstol" and len(fst["sha256"]) == 64
    assert next(p for p in b["lyss"]["plugins"] if p["name"] == "giellalt-fst")["analyser"] is None
    # the composites really differ: the same predictions, two scales
    assert a["scores"]["composite"] != b["scores"]["composite"]


def test_gate_refuses_two_profiles_unless_asked(two_installs, tmp_path, capsys):
    before = {p.name: p.read_bytes() for p in tmp_path.glob("*.json")}
    assert main(["gate", str(tmp_path / "b.json"), "--baseline", str(tmp_path / "a.json")]) == 2
    said = capsys.readouterr().err.strip()
    assert said.count("\n") == 0 and said.startswith(f"lyss: {tmp_path / 'a.json'}: lyss.profile: scored with "
                                                     "profile A (crk-descriptive-analyzer.hfstol), ")
    assert f"{tmp_path / 'b.json'} with profile B (no analyser)" in said and "--allow-profile-mismatch" in said
    assert {p.name: p.read_bytes() for p in tmp_path.glob("*.json")} == before  # nothing written
    assert main(["gate", str(tmp_path / "b.json"), "--baseline", str(tmp_path / "a.json"), "--json",
                 "--allow-profile-mismatch"]) in (0, 1)
    verdict = json.loads(capsys.readouterr().out)
    a, b = two_installs
    assert verdict["overall"] == b["scores"]["composite"] and verdict["baseline"] == a["scores"]["composite"]
    # the same profile on both sides is no mismatch
    assert main(["gate", str(tmp_path / "a.json"), "--baseline", str(tmp_path / "a.json")]) == 0


def test_compare_refuses_a_card_scored_elsewhere_with_another_profile(two_installs, tmp_path, monkeypatch, capsys):
    """The card scored with the analyser, compared on an install without it: re-scored here it would get profile
    B, and its composite would not be the one its owner saw."""
    _without_analysers(tmp_path, monkeypatch)
    card = str(tmp_path / "a.json")
    assert main(["compare", card, str(DEMO), "--lang", "crk", "--bootstrap", "20", "--trials", "20"]) == 2
    said = capsys.readouterr().err.strip()
    assert said.count("\n") == 0 and "scoring here with profile B (no analyser)" in said
    assert main(["compare", card, str(DEMO), "--lang", "crk", "--bootstrap", "20", "--trials", "20",
                 "--allow-profile-mismatch"]) == 0
    assert "every run scored here with profile B" in capsys.readouterr().out
    # chrF++ does not depend on the profile: compared without the flag
    assert main(["compare", card, str(DEMO), "--lang", "crk", "--bootstrap", "20", "--trials", "20",
                 "--metric", "chrf_plus_plus"]) == 0
