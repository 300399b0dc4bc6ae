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
    assert "0 answers added; 2 of this laptop" in said and "replaced" not in said, said
    assert "2 of this laptop's own answers came back signed (unchanged)" in said, said
    assert main(["review", "merge", "--db", db, str(back)]) == 0
    said = capsys.readouterr().out
    assert said.strip().endswith("nothing new — this laptop held all of it already"), said


def test_every_count_of_a_merge_takes_its_form_in_english_and_in_french():
    """Numbers and plurals right in every sync and merge line (issue 65, 10): "1 answer", "2 answers"; in French the
    singular goes to 0 and 1 ("0 réponse ajoutée"); an arriving withdrawal says what it deleted."""
    from review.exchange.sync import merge_lines
    from review.sentences import joined_english, localized

    french = {"{n} answers added": "{n} réponses ajoutées", "{n} answer added": "{n} réponse ajoutée",
              "{n} speakers withdrawn": "{n} locuteurs retirés", "{n} speaker withdrawn": "{n} locuteur retiré",
              "{n} answers deleted": "{n} réponses supprimées", "{n} answer deleted": "{n} réponse supprimée",
              "{speakers}: {deleted}": "{speakers} : {deleted}", "{n} campaign arrived": "{n} campagne arrivée",
              "{n} campaigns arrived": "{n} campagnes arrivées"}

    def said(**changed) -> tuple[str, str]:
        lines = merge_lines(changed)
        return joined_english(lines), "; ".join(localized(s, None, ",", " %", lambda t: french.get(t, t), "fr")
                                                for s in lines)

    assert said(ratings_added=1) == ("1 answer added", "1 réponse ajoutée")
    assert said(ratings_added=0) == ("0 answers added", "0 réponse ajoutée")
    assert said(ratings_added=2, campaigns_added=1) == ("1 campaign arrived; 2 answers added",
                                                        "1 campagne arrivée; 2 réponses ajoutées")
    assert said(ratings_added=0, speakers_withdrawn=1, ratings_deleted=3) == (
        "0 answers added; 1 speaker withdrawn: 3 answers deleted",
        "0 réponse ajoutée; 1 locuteur retiré : 3 réponses supprimées")
    assert said(ratings_added=0, speakers_withdrawn=2, ratings_deleted=1)[0] == \
        "0 answers added; 2 speakers withdrawn: 1 answer deleted"
