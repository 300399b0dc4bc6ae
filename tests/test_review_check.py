"""``lyss review check``, the check before the laptops leave (issue 65, 3): this laptop's own bundle judged as the other
laptops would judge it, answers not published yet, bundles of the folder refused or waiting, laptops not heard from.
Exit 0 healthy, 1 problems found, 2 cannot run. Three laptops, a real shared folder, the command line."""

from __future__ import annotations

import sqlite3

from circle_of_three import Circle


def _check(c: Circle, laptop: str) -> tuple[int, list[str]]:
    code, out, err = c.run("review", "check", "--db", c.db[laptop])
    assert err == "", err
    return code, out.splitlines()


def test_a_settled_circle_is_healthy_and_each_problem_is_named_in_one_line(tmp_path, scored_demo, capsys):
    c = Circle(tmp_path, scored_demo, capsys)
    for laptop in ("hub", "rita", "joe"):
        code, lines = _check(c, laptop)
        assert code == 0 and lines[-1] == "nothing stands between this laptop and its circle", lines
        assert lines[0].startswith("ok       this laptop's own bundle passes every check another laptop makes (")
        assert "ok       every answer recorded here is in the shared folder" in lines

    mary = c.add_speaker("rita", "Mary", ["reweighting"])
    c.answer("rita", mary)
    code, lines = _check(c, "rita")
    assert code == 1 and "PROBLEM  1 answer recorded here is not in the shared folder yet: sync before leaving " \
                         "(lyss review sync)" in lines and lines[-1] == "1 thing to settle before the laptops leave"
    c.settle()
    assert _check(c, "rita")[0] == 0

    (c.folder / "AAAA-BBBB-CCCC-DDDD.lyssbundle").write_bytes(b"not a zip")
    c.settle()
    code, lines = _check(c, "hub")
    assert code == 1 and any(line.startswith("PROBLEM  the bundle of AAAA-BBBB-CCCC-DDDD is refused here: not a "
                                             "readable LYSS bundle") for line in lines), lines


def test_a_laptop_not_heard_from_is_named(tmp_path, scored_demo, capsys):
    c = Circle(tmp_path, scored_demo, capsys)
    with_pat = c.root / "pat.sqlite"
    c.ok("review", "init", "--db", str(with_pat))
    pat = c.ok("review", "code", "--db", str(with_pat)).strip()
    c.on("hub", "review", "enrol", pat, "--name", "Pat's laptop")
    code, lines = _check(c, "hub")
    assert code == 1 and f"PROBLEM  no bundle of Pat's laptop ({pat[:-2]}) has been seen here yet: sync it once " \
                         f"with this laptop before the field" in lines, lines


def test_the_old_laptop_of_a_handed_over_speaker_learns_its_rows_would_be_refused(tmp_path, scored_demo, capsys):
    c = Circle(tmp_path, scored_demo, capsys)
    mary = c.add_speaker("rita", "Mary")
    c.answer("rita", mary)
    c.settle()
    c.on("hub", "review", "hand-over", mary, c.code["joe"])
    c.answer("rita", mary)  # Rita's laptop has not heard of it: recorded
    c.ok("review", "sync", str(c.folder), "--db", c.db["hub"])
    c.ok("review", "sync", str(c.folder), "--db", c.db["rita"])  # now it has (and published its row)
    code, lines = _check(c, "rita")
    problem = [line for line in lines if line.startswith("PROBLEM  2 rows of this laptop's bundle would be refused on "
                                                         "the other laptops: ratings row")]  # and its history
    assert code == 1 and len(problem) == 1 and f"handed over to laptop {c.code['joe']}" in problem[0], lines


def test_a_row_no_other_laptop_would_take_is_found_before_the_field(tmp_path, scored_demo, capsys):
    """A row written by a LYSS older than its column's declaration (the database's checks did not exist then): the
    whole bundle would be refused everywhere — said here, in one line, before the laptop leaves."""
    c = Circle(tmp_path, scored_demo, capsys)
    mary = c.add_speaker("rita", "Mary", ["study"])
    conn = sqlite3.connect(c.db["rita"])
    for (name,) in conn.execute("select name from sqlite_master where type = 'trigger'").fetchall():
        conn.execute(f"drop trigger [{name}]")
    conn.execute("update speakers set consent_uses = '{\"study\": true}' where id = ?", [mary])
    conn.commit()
    conn.close()
    code, out, err = c.run("review", "check", "--db", c.db["rita"], "--json")
    assert code == 1
    import json
    found = json.loads(out)
    assert found["healthy"] is False and found["problems"][0] == (
        "other laptops would refuse this laptop's whole bundle: speakers row 1 consent_uses: must hold a JSON list of "
        "text: nothing was merged")


def test_check_cannot_run_without_a_database(tmp_path, capsys):
    from desktop.cli import main
    assert main(["review", "check", "--db", str(tmp_path / "none.sqlite")]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_the_sharing_page_checks_the_circle_as_the_command_line_does(qtbot, qapp, tmp_path, scored_demo, capsys):
    from desktop.qt_common import application
    from desktop.campaign_panel import CampaignPanel
    from helpers import background_done
    from review.store import Store

    application()
    c = Circle(tmp_path, scored_demo, capsys)
    mary = c.add_speaker("rita", "<b>Mary</b>")
    c.answer("rita", mary)
    store = Store(c.db["rita"])
    panel = CampaignPanel(store)
    qtbot.addWidget(panel)
    panel.check_circle()
    assert background_done()
    qtbot.waitUntil(lambda: "Checking" not in panel.check_state.text())
    shown = panel.check_state.text().splitlines()
    assert shown[0] == "1 thing to settle before the laptops leave"
    assert shown[1] == "• 1 answer recorded here is not in the shared folder yet: sync before leaving (lyss review sync)"
    assert shown[2].startswith("✓ this laptop's own bundle passes every check another laptop makes")
    store.close()
