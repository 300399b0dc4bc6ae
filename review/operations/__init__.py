"""The faces' door into ``review/``: what the app and the command line may ask of the review, by family — the database
(:mod:`.database`), the speaker's side (:mod:`.rating`), the records the faces read (:mod:`.records`), the laptops'
exchange (:mod:`.exchange`), the study (:mod:`.study`), the tasks (:mod:`.tasks`) and the words of said lines
(:mod:`.sentences`). ``desktop/`` imports only from here (import-linter holds it to that), so the rooms behind the door
can change without a face noticing, and what a face may do is written in one place.

A write a face makes is run through :func:`.changes.run`, which returns its result and the tables it wrote
(:class:`.changes.Done`): the app tells its other pages, which redraw what they show from those tables (Anki's way:
the screen shows, the operations change the collection and say what changed). Each family module loads only what its
faces use: the speaker's window starts without the study's statistics."""
