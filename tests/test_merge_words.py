"""What a merge says is what it did (issue 55, 7): this laptop's own answers relayed back signed are not "replaced"
(before: "2 replaced" when only their signatures were filled in), and a merge that brings nothing says so."""

from __future__ import annotations

from helpers import enrolled_study, rate
from desktop.cli import main
from review.exchange import bundles
from review.records import catalogue


def test_own_answers_relayed_back_signed_are_not_replaced_and_a_merge_of_nothing_new_says_so(tmp_path, scored_demo,
                                                                                             capsys):
    hub, cid, (lap,) = enrolled_study(tmp_path, catalogue.load_scored(str(scored_demo)), 1)
    setup = tmp_path / "setup.lyssbundle"
    bundles.export_bundle(hub, str(setup))
    bundles.merge(lap, str(setup))
    rate(lap, cid, "Mary", 2)
    answers = tmp_path / "answers.lyssbundle"
    bundles.export_bundle(lap, str(answers))
    bundles.merge(hub, str(answers))
    back = tmp_path / "back.lyssbundle"
    bundles.export_bundle(hub, str(back))  # the hub's whole bundle: Mary's answers among them, signed
    assert lap.one("select count(*) as n from ratings where signature is null")["n"] == 2  # signed only when sent
    db = str(lap.path)
    lap.close()
    capsys.readouterr()
    assert main(["review", "merge", "--db", db, str(back)]) == 0
    said = capsys.readouterr().out
    assert "answers: 0 added, 0 replaced, 0 deleted" in said, said
    assert "2 of this laptop's own answers came back signed (unchanged)" in said, said
    assert main(["review", "merge", "--db", db, str(back)]) == 0
    said = capsys.readouterr().out
    assert said.strip().endswith("nothing new — this laptop held all of it already"), said
