"""A campaign made again never splits the laptops (issue 65, 7): made again here under another name, it is refused in
one line naming the campaign; made again on a coordinator's laptop that lost it (restored from before it, its own
bundle gone), under another name, it is the same campaign — the circle's earlier version stands on
every laptop, and the coordinator's sync says its later copy gave way. Before: "refused alone (it differs in name)"
once, then every sync said "unchanged", the hub "Plains Cree round 1" and the field laptops "c0" for good."""

from __future__ import annotations

import json

from circle_of_three import Circle
from review.store import Store, restore


def _names(c: Circle) -> dict[str, list[str]]:
    out = {}
    for laptop in ("hub", "rita", "joe"):
        with Store(c.db[laptop]) as store:
            out[laptop] = [r["name"] for r in store.rows("select name from campaigns order by id")]
    return out


def _terms(c: Circle) -> set[str]:
    found = set()
    for laptop in ("hub", "rita", "joe"):
        with Store(c.db[laptop]) as store:
            found |= {r["terms"] for r in store.rows("select terms from campaign_terms")}
    return found


def test_a_campaign_made_again_under_another_name_here_is_refused_naming_it(tmp_path, scored_demo, capsys):
    c = Circle(tmp_path, scored_demo, capsys)
    code, out, err = c.run("review", "create-campaign", "--db", c.db["hub"], str(scored_demo), "--task", "A",
                           "--items", "6", "--name", "Plains Cree round 1")
    assert code == 2 and out == "" and err.strip() == (
        f"lyss: --name: Plains Cree round 1: this campaign exists already as 'round 1' ({c.campaign}): the same "
        f"runs, task, items and settings make the same campaign; use that one, or give another --seed to make "
        f"another")
    assert c.on("hub", "review", "create-campaign", str(scored_demo), "--task", "A", "--items", "6", "--name",
                "round 1").split()[0] == c.campaign  # the same name: the same campaign, nothing new


def test_a_coordinator_that_lost_a_campaign_and_made_it_again_does_not_split_the_circle(tmp_path, scored_demo,
                                                                                        capsys):
    terms = {"community": "Example Nation (test data)", "licence": "CC-BY-4.0", "uses": ["study"]}
    first = tmp_path / "terms.json"
    first.write_text(json.dumps(terms), "utf-8")
    c = Circle(tmp_path, scored_demo, capsys)
    before = c.on("hub", "review", "backup").strip()
    made = c.on("hub", "review", "create-campaign", str(scored_demo), "--task", "T", "--items", "4", "--name", "c0",
                "--terms", str(first)).split()[0]
    c.settle()
    restore(c.db["hub"], next((tmp_path / "hub.sqlite.backups").glob("*on-demand*")))  # the store's own restore:
    (c.folder / f"{c.code['hub']}.lyssbundle").unlink()  # nothing taken back, and its own file gone too
    again = c.on("hub", "review", "create-campaign", str(scored_demo), "--task", "T", "--items", "4", "--name",
                 "Plains Cree round 1").split()[0]  # its terms survived the restore (a coordinator's decisions do)
    assert again == made and before
    out = c.ok("review", "sync", str(c.folder), "--db", c.db["hub"])
    assert f"campaign {made} is 'c0' in the circle, made earlier: this laptop's later copy of it, 'Plains Cree " \
           f"round 1', gives way" in out, out
    c.settle()
    assert c.refused() == []
    names = _names(c)
    assert names["hub"] == names["rita"] == names["joe"] and "c0" in names["hub"], names
    assert "Plains Cree round 1" not in names["hub"]
    assert len(_terms(c)) == 1 and json.loads(next(iter(_terms(c))))["uses"] == ["study"]
    assert c.differences() == {}
