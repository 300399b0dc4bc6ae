"""The study's report of a pre-mark split (issue 35, part 3): answers to items shown with pre-marks against those
the split held back, their difference in score, MQM-style score and seconds with an interval — checked against
values set by hand."""

from __future__ import annotations

from statistics import fmean

import pytest

from desktop.cli import main
from review import records
from review.rating import campaigns, practice, sequence
from review.records import catalogue
from review.store import Store
from review.study.premark_effect import premark_effect
from review.tasks import premarks


def test_a_split_campaign_reports_the_effect_of_pre_marks(tmp_path, scored_demo, capsys):
    store = Store(tmp_path / "split.sqlite")
    cid = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "E", items=20, premark_split=0.5,
                                    premark_control=0.0)
    settings = catalogue.campaign(store, cid)["settings"]
    shown_mqm, held = [], 0
    for name in ("Mary", "Joseph", "Rita"):
        speaker = records.speakers.add_speaker(store, name, "LYSS study")
        practice.mark_done(store, cid, speaker)
        sequence.join(store, cid, speaker)
        for position in range(records.sequences.length(store, cid, speaker)):
            item = records.sequences.item_at(store, cid, speaker, position)
            if item["qc"]:
                records.answers.answer(store, cid, speaker, position, {"spans": [], "score": 50})
                continue
            could = premarks.served(item, {**settings, "premark_split": 0.0}, cid, speaker)
            proposed = premarks.served(item, settings, cid, speaker)
            kept = [premarks.kept_span(m) for m in proposed]
            answer = {"spans": kept, "score": 40 if proposed else 60, **({"premarks": proposed} if proposed else {})}
            records.answers.answer(store, cid, speaker, position, answer, seconds=10.0 if proposed else 20.0)
            if proposed:
                shown_mqm.append(-1.0 * len(proposed))  # every pre-mark kept, minor: −1 each
            elif could:
                held += 1
    r = premark_effect(store, cid)
    assert (r["shown"], r["held_back"]) == (len(shown_mqm), held) and held >= 2 and len(shown_mqm) >= 2
    assert r["score"]["difference"] == pytest.approx(-20.0) and r["score"]["ci_lower"] == pytest.approx(-20.0)
    assert r["seconds"]["difference"] == pytest.approx(-10.0)
    assert r["mqm"]["difference"] == pytest.approx(fmean(shown_mqm))
    assert main(["study", "premark-effect", "--db", str(store.path), "--campaign", cid, "--json"]) == 0
    assert '"held_back": %d' % held in capsys.readouterr().out


def test_without_a_split_the_effect_is_null_with_its_reason(tmp_path, scored_demo):
    store = Store(tmp_path / "nosplit.sqlite")
    cid = campaigns.create_campaign(store, catalogue.load_scored(str(scored_demo)), "E", items=10)
    r = premark_effect(store, cid)
    assert r["score"] is None and "no split" in r["reason"]


def test_the_planner_uses_the_seconds_a_split_measured(tmp_path, scored_demo):
    """A campaign that places pre-marks plans with the prior plus the seconds a pre-marked item takes more or
    less, as this laptop's split campaigns of the language and mode measured them, on the share of its items
    served with pre-marks; before that, the prior alone and the reason."""
    from review.study import planner
    store = Store(tmp_path / "plan.sqlite")
    scored = catalogue.load_scored(str(scored_demo))
    later = campaigns.create_campaign(store, scored, "E", items=42, seed=99, premark_control=0.0)
    unmeasured = planner.campaign_model(store, later)
    assert unmeasured["intercept_seconds"] == planner.prior()["intercept_seconds"]
    assert unmeasured["premarks"]["seconds_per_item"] is None and "split" in unmeasured["premarks"]["reason"]
    split = campaigns.create_campaign(store, scored, "E", items=42, premark_split=0.5, premark_control=0.0)
    settings = catalogue.campaign(store, split)["settings"]
    shown = held = 0
    for name in ("Mary", "Joseph", "Rita", "Ana"):
        speaker = records.speakers.add_speaker(store, name, "LYSS study")
        practice.mark_done(store, split, speaker)
        sequence.join(store, split, speaker)
        for position in range(records.sequences.length(store, split, speaker)):
            item = records.sequences.item_at(store, split, speaker, position)
            proposed = premarks.served(item, settings, split, speaker)
            could = premarks.served(item, {**settings, "premark_split": 0.0}, split, speaker)
            answer = {"spans": [], "score": 50, **({"premarks": proposed} if proposed else {})}
            records.answers.answer(store, split, speaker, position, answer, seconds=12.0 if proposed else 20.0)
            if not item["qc"]:
                shown, held = shown + bool(proposed), held + bool(could and not proposed)
    assert min(shown, held) >= 10
    later_settings = catalogue.campaign(store, later)["settings"]
    items = store.rows("select i.* from campaign_items ci join items i on i.id = ci.item_id where ci.campaign_id = ? "
                       "and i.kind = 'segment'", [later], json_columns=["extra"])
    share = sum(bool(premarks.served(i, later_settings, later, "")) for i in items) / len(items)
    model = planner.campaign_model(store, later)
    assert model["premarks"]["seconds_per_item"] == pytest.approx(-8.0)
    assert (model["premarks"]["shown"], model["premarks"]["held_back"]) == (shown, held)
    assert 0 < share < 1 and model["premarks"]["share_served_with"] == pytest.approx(share)
    assert model["intercept_seconds"] == pytest.approx(planner.prior()["intercept_seconds"] - 8.0 * share)
    own = planner.campaign_model(store, split)  # enough timed answers: its own line, pre-marks included
    assert own["source"] == planner.OWN_TIMES and own["premarks"]["included"]
