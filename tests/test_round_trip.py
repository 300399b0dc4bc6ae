"""A round trip for every writer (issue 65, 2): each command that writes a row that travels runs on the laptop that
writes it (the coordinator's or a field laptop), the rows go to the two other laptops by USB bundle and through the
shared folder, and every shared table is then row-identical on all three (declared local columns aside), with no
row refused anywhere. The app's pages that write do the same in ``test_round_trip_app.py``.

``test_every_command_is_a_writer_with_a_round_trip_or_says_why_not`` fails when a new command appears: it must be a
writer here, or named as a reader or as a writer of what never travels (with why)."""

from __future__ import annotations

import csv
import json

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from circle_of_three import Circle
from desktop import verb_tour
from review.records import terms
from review.store import Store, signing
from sizes import examples

TERMS = {"community": "Example Nation (test data)", "licence": "CC-BY-NC-SA-4.0", "uses": ["study", "reweighting"]}


def _terms_file(circle: Circle, **changes) -> str:
    path = circle.root / f"terms-{len(list(circle.root.glob('terms-*')))}.json"
    path.write_text(json.dumps({**TERMS, **changes}), encoding="utf-8")
    return str(path)


def _speaker_with_answers(circle: Circle, laptop: str = "rita", answers: int = 2) -> str:
    speaker = circle.add_speaker(laptop, "Mary", ["study"])
    for k in range(answers):
        circle.answer(laptop, speaker, adequacy=1 + k, fluency=3)
    circle.settle()
    return speaker


def add_speaker(c: Circle) -> str:
    c.add_speaker("rita", "Mary", ["reweighting", "publication"])
    return "rita"


def answer(c: Circle) -> str:
    speaker = _speaker_with_answers(c, answers=0)
    c.answer("rita", speaker, note="a note")
    c.on("rita", "review", "answer", "--campaign", c.campaign, "--speaker", speaker, "--position", "0", "--replace",
         "--answers", json.dumps({"adequacy": 2, "fluency": 2}), "--note", "changed my mind")
    return "rita"


def answer_with_checks(c: Circle) -> str:
    """Issue 70: an adaptive campaign asking for attention items. The segments a field laptop serves bring the checks
    with them (items made there, assignments marked "degraded"), and they travel like any answer."""
    cid = c.on("hub", "review", "create-campaign", str(c.scored), "--adaptive", "--task", "A", "--qc", "grammar",
               "--qc-share", "0.5", "--name", "with checks").split()[0]
    c.settle()
    speaker = c.add_speaker("rita", "Mary", ["study"])

    def checks() -> list[dict]:
        with Store(c.db["rita"]) as rita:
            return rita.rows("select a.item_id, i.kind from assignments a join items i on i.id = a.item_id where "
                             "a.campaign_id = ? and a.qc = 'degraded'", [cid])
    # every output accepted keeps the tier open for a dozen items (every one refused settles it after two); a check
    # comes with a segment whose output has a wrong form, at half the items served: answered until one has come
    for _ in range(20):
        c.on("rita", "review", "answer", "--campaign", cid, "--speaker", speaker, "--answers",
             json.dumps({"adequacy": 4, "fluency": 4}))
        if checks():
            break
    assert checks() and all(r["kind"] == "degraded" for r in checks())
    return "rita"


def create_campaign(c: Circle) -> str:
    c.on("hub", "review", "create-campaign", str(c.scored), "--task", "C", "--items", "4", "--name", "words")
    return "hub"


def enrol(c: Circle) -> str:
    with Store(c.root / "pat.sqlite") as pat:
        code = pat.device_id
    c.on("hub", "review", "enrol", code, "--campaign", c.campaign)
    return "hub"


def revoke(c: Circle) -> str:
    speaker = _speaker_with_answers(c, "joe")
    c.answer("joe", speaker)
    c.settle()
    c.on("hub", "review", "revoke", c.code["joe"], "--from", "2026-01-01")
    return "hub"


def hand_over(c: Circle) -> str:
    speaker = _speaker_with_answers(c)
    c.on("hub", "review", "hand-over", speaker, c.code["joe"])
    return "hub"


def set_terms(c: Circle) -> str:
    c.on("hub", "review", "terms", "--set", _terms_file(c), "--campaign", c.campaign)
    return "hub"


def amend_terms(c: Circle) -> str:
    c.on("hub", "review", "terms", "--set", _terms_file(c), "--campaign", c.campaign)
    c.settle()
    c.on("hub", "review", "amend-terms", _terms_file(c, uses=["study"]), "--campaign", c.campaign)
    return "hub"


def decide_use(c: Circle) -> str:
    c.on("hub", "review", "terms", "--set", _terms_file(c), "--campaign", c.campaign)
    c.on("hub", "review", "decide-use", "--campaign", c.campaign, "--use", "reweighting", "--by",
         "the council", "--date", "2026-12-01", "--note", "ᐊᐦᐸᐢ: yes")
    return "hub"


def correct_use(c: Circle) -> str:
    """A decision that corrects an earlier one names it (issue 66): the correction travels with its name."""
    decide_use(c)
    found = json.loads(c.on("hub", "review", "terms", "--campaign", c.campaign, "--json"))["decisions"]
    c.on("hub", "review", "decide-use", "--campaign", c.campaign, "--use", "reweighting", "--by", "the council",
         "--date", "2026-11-30", "--refuse", "--corrects", found[0]["recorded_at"])
    return "hub"


def import_forms(c: Circle) -> str:
    speaker = _speaker_with_answers(c, answers=0)
    pdf = c.root / "forms.pdf"
    c.on("rita", "review", "print-forms", "--campaign", c.campaign, "--speaker", speaker, "--out", str(pdf))
    template = pdf.with_suffix(".csv")
    with open(template, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    for row in rows:
        row.update({"adequacy": "3", "fluency": "4", "note": "from paper"})
    with open(template, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    c.on("rita", "review", "import-forms", str(template))
    return "rita"


def withdraw_here(c: Circle) -> str:
    speaker = _speaker_with_answers(c)
    c.on("rita", "review", "withdraw", "--yes", speaker)
    return "rita"


def withdraw_by_coordinator(c: Circle) -> str:
    speaker = _speaker_with_answers(c)
    c.on("hub", "review", "withdraw", "--yes", speaker)
    return "hub"


def resolve_conflict(c: Circle) -> str:
    """The coordinator's laptop holds its campaign with other content than the circle (as two LYSS versions might make
    it): refused alone everywhere, named by sync status, until each laptop resolves — the earliest version stays."""
    with Store(c.db["hub"]) as hub:
        row = hub.one("select * from campaigns where id = ?", [c.campaign])
        items = [r["item_id"] for r in hub.rows("select item_id from campaign_items where campaign_id = ? order by "
                                                 "position", [c.campaign])]
        changed = {**row, "raters_per_item": 2}  # 2 < 3: this version is the earliest (same time, smaller JSON)
        changed.update(signing.sign_campaign(hub.db, hub.private_key, hub.public_key, changed, items))
        with hub.transaction() as db:
            db["campaigns"].update(c.campaign, {"raters_per_item": 2, "signature": changed["signature"]})
    c.settle()
    status = c.ok("sync", "status", "--db", c.db["rita"], "--folder", str(c.folder))
    assert "a conflict" in status and "raters_per_item" in status, status
    for laptop in ("hub", "rita", "joe"):
        said = c.on(laptop, "review", "resolve", "--folder", str(c.folder))
        assert ("stays" if laptop == "hub" else "replaced here by the earliest version") in said, (laptop, said)
    return "hub"


def _refused_everywhere(c: Circle) -> None:
    """Three speakers on Rita's laptop find every output unusable (adequacy 1): the run's tier is refused."""
    for name in ("Mary", "Ann", "Ruth"):
        speaker = c.add_speaker("rita", name, ["study"])
        for _ in range(6):
            c.answer("rita", speaker, adequacy=1, fluency=1)
    c.travel("rita")


def announce_in_status(c: Circle) -> str:
    """`study status` on the coordinator's laptop announces the verdict it shows (a record that travels)."""
    _refused_everywhere(c)
    assert "refused" in c.on("hub", "study", "status", "--campaign", c.campaign)
    return "hub"


def announce_in_report(c: Circle) -> str:
    _refused_everywhere(c)
    c.on("hub", "study", "report", "--campaign", c.campaign, "--out", str(c.root / "report.pdf"))
    return "hub"


# each command that writes a row that travels → how a test writes with it (it returns the laptop that wrote)
WRITERS = {
    "review add-speaker": [add_speaker],
    "review answer": [answer, answer_with_checks],
    "review create-campaign": [create_campaign],
    "review enrol": [enrol],
    "review revoke": [revoke],
    "review hand-over": [hand_over],
    "review terms": [set_terms],
    "review amend-terms": [amend_terms],
    "review decide-use": [decide_use, correct_use],
    "review import-forms": [import_forms],
    "review withdraw": [withdraw_here, withdraw_by_coordinator],
    "review resolve": [resolve_conflict],
    "study status": [announce_in_status],  # on the coordinator's laptop: the verdicts it announces
    "study report": [announce_in_report],
}
# the commands that write only what never travels, and why
LOCAL_WRITERS = {
    "review init": "makes this laptop's database and keys",
    "review trust": "this laptop's trust in a coordinator stays on it",
    "review adopt": "where this laptop's database lives stays on it (tests/test_copy_is_not_the_laptop.py)",
    "review backup": "a copy on this laptop",
    "review restore": "puts one of this laptop's backups in place (tests/test_restore_takes_back.py)",
    "review names-back": "speakers' names stay on the laptop",
    "review take-out": "writes a folder for the community and this laptop's register of take-outs",
    "review export": "writes a file and this laptop's register of exports (a withdrawal names those holding a speaker)",
    "review export-bundle": "carries rows: the transport every round trip here uses",
    "review merge": "carries rows: the transport every round trip here uses",
    "review sync": "carries rows: the transport every round trip here uses",
    "study import-mtme": "a public test set each laptop imports itself: its campaign never travels",
    "study import-da": "a public test set each laptop imports itself: its campaign never travels",
    "study confirm-tier": "writes the confirmation into the scored run card, a file (the verdict it announces on the "
                          "coordinator's laptop is study status's row, whose round trip is announce_in_status)",
    "study reweight": "writes a weight profile, a file",
    "analyzers add": "installs an analyser in this computer's data folder",
    "analyzers remove": "removes one from this computer's data folder",
    "glosses add": "adds glosses to this computer's data folder",
    "cards add": "adds a language card to this computer's data folder",
    "sync setup": "configures this computer's Syncthing",
    "app": "its pages' writes have their own round trips (tests/test_round_trip_app.py)",
    "selftest": "writes in a scratch home of its own",
}
READERS = {"score", "compare", "gate", "rubric", "analyzers list", "analyzers licence", "cards list", "review code",
           "review check",
           "review list", "review show", "review progress", "review print-forms", "sync status",
           *(f"study {verb}" for verb in ("agreement", "correlate", "compare-metrics", "linter-precision",
                                          "fst-rejection", "quality", "reliability", "premark-effect", "simulate-sequential", "replay-esa"))}


def test_every_command_is_a_writer_with_a_round_trip_or_says_why_not():
    commands = {" ".join(path) for path in verb_tour.every_command()}
    named = set(WRITERS) | set(LOCAL_WRITERS) | READERS
    assert commands - named == set(), "a new command: give it a round trip in WRITERS, or say why it needs none"
    assert named - commands == set(), "a command named here is gone"
    assert not (set(WRITERS) & set(LOCAL_WRITERS)) and not (set(WRITERS) & READERS)


@pytest.mark.parametrize("write", [w for ws in WRITERS.values() for w in ws], ids=lambda w: w.__name__)
def test_what_a_command_writes_arrives_on_both_other_laptops_the_same(tmp_path, scored_demo, capsys, write):
    circle = Circle(tmp_path, scored_demo, capsys)
    before = circle.tables("hub")
    writer = write(circle)
    assert circle.tables(writer) != before, f"{write.__name__} wrote nothing that travels"
    circle.travel(writer)


readable = st.text(st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Zl", "Zp")), min_size=1, max_size=40) \
    .filter(lambda s: s.strip())
notes = st.one_of(st.none(), st.text(max_size=30), st.text(min_size=2000, max_size=6000),
                  st.sampled_from(["ᓀᐦᐃᔭᐍᐏᐣ", "nêhiyawêwin \u200d", "<b>bold</b> & 'quotes'", "line\nbreak"]))


@settings(max_examples=examples(8, 2), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(uses=st.sampled_from([[], ["study"], ["reweighting"], sorted(terms.uses())]), name=readable, note=notes)
@example(uses=[], name="-:", note=None)  # found by make evidence: argparse took the name for an option
@example(uses=["study"], name="--x", note="-h")
def test_a_speakers_consent_name_and_notes_in_any_script_travel_unchanged(tmp_path_factory, scored_demo, capsys, uses,
                                                                         name, note):
    circle = Circle(tmp_path_factory.mktemp("circle"), scored_demo, capsys)
    speaker = circle.add_speaker("rita", name, uses)
    circle.answer("rita", speaker, note=note)
    circle.travel("rita")
    for laptop in ("hub", "joe"):
        with Store(circle.db[laptop]) as store:
            row = store.one("select consent_uses, display_name from speakers where id = ?", [speaker])
            rating = store.one("select note from ratings where speaker_id = ?", [speaker])
        assert json.loads(row["consent_uses"]) == sorted(set(uses)) and row["display_name"] is None
        assert rating["note"] == note
