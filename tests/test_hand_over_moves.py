"""A hand-over is a move (issue 65, 4): once a laptop knows its speaker was handed over to another laptop, it refuses
to record for them in one line naming the new laptop; an answer the old laptop recorded after the hand-over (before it
knew) is refused alone on every other laptop, said at the sync and in ``sync status``, and never replaces the new
laptop's answer. Three laptops, one shared folder, the command line."""

from __future__ import annotations

from circle_of_three import Circle
from review.store import Store


def test_after_a_hand_over_only_the_new_laptop_records_the_speaker(tmp_path, scored_demo, capsys):
    c = Circle(tmp_path, scored_demo, capsys)
    mary = c.add_speaker("rita", "Mary")
    for _ in range(2):
        c.answer("rita", mary)
    c.settle()
    c.on("hub", "review", "hand-over", mary, c.code["joe"])
    for laptop in ("hub", "joe"):  # Rita's laptop is in the field: it has not heard of the hand-over
        c.ok("review", "sync", str(c.folder), "--db", c.db[laptop])
    c.answer("joe", mary, adequacy=1, fluency=1)  # position 2, on Joe's laptop
    c.answer("rita", mary, adequacy=5, fluency=5)  # position 2 again, later, on Rita's (it did not know): exit 0

    code, out, _ = c.run("review", "sync", str(c.folder), "--db", c.db["rita"])
    assert code == 0, out
    code, out, _ = c.run("review", "sync", str(c.folder), "--db", c.db["hub"])
    assert "replaced" not in out, out  # before: "1 replaced" — Rita's later answer overwrote Joe's everywhere
    refused = [line for line in out.splitlines() if c.code["rita"] in line and "refused alone" in line]
    assert len(refused) == 1 and f"after speaker {mary} was handed over to laptop {c.code['joe']}" in refused[0], out
    c.settle()
    for laptop in ("hub", "joe"):
        with Store(c.db[laptop]) as store:
            held = store.one("select device_id, answers from ratings where speaker_id = ? and position = 2", [mary])
        assert held["device_id"] == c.code["joe"] and '"adequacy": 1' in held["answers"], (laptop, held)
    status = c.ok("sync", "status", "--db", c.db["hub"], "--folder", str(c.folder))
    rita_line = next(line for line in status.splitlines() if line.startswith(("rita's laptop", c.code["rita"])))
    assert "refused alone" in rita_line and "handed over" in rita_line, status

    # now Rita's laptop knows: it refuses in one line, naming the laptop that records Mary now
    code, out, err = c.run("review", "answer", "--db", c.db["rita"], "--campaign", c.campaign, "--speaker", mary,
                           "--answers", '{"adequacy": 3, "fluency": 3}')
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, (code, out, err)
    assert f"handed over to laptop {c.code['joe']}" in err and "not on this laptop" in err, err
    # Joe's laptop goes on recording; the answers it and Rita's laptop recorded before the hand-over stay everywhere
    c.answer("joe", mary)
    c.settle()
    for laptop in ("hub", "rita", "joe"):
        with Store(c.db[laptop]) as store:
            by = [r["device_id"] for r in store.rows("select device_id from ratings where speaker_id = ? and "
                                                      "position != 2 order by position", [mary])]
        assert by == [c.code["rita"], c.code["rita"], c.code["joe"]], (laptop, by)
