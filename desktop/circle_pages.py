"""The coordinator's two pages of the laptop's circle, part of the Campaigns tab
(:class:`desktop.campaign_panel.CampaignPanel`): this laptop and its circle (its code, enrolling, trusting and revoking
laptops, a copy adopted), and sharing answers (the shared folder and its sync, bundles by USB stick)."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QHeaderView, QInputDialog, QLabel, QTableView

from review.operations.exchange import bundles, check, sync
from review.operations.records import laptops, shared_folder
from review.operations.database import Store

from .qt_common import accessible, ask, guarded, said, set_font

from .background import operate_later
from .tables import fill_table, table_view


class CirclePages:
    """The circle's and the sharing pages' rows and actions, mixed into the Campaigns tab (which owns ``store``,
    ``status``, ``refresh`` and ``_background``)."""

    def _circle_rows(self, store: Store) -> tuple:
        """This laptop and its circle: its code, enrolment, trust, revocation."""
        self.code = QLabel(self.tr("This laptop's code: {0}").format(laptops.this_code(store)))
        self.code.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.code.setWordWrap(True)  # at large text sizes the code goes to a line of its own
        set_font(self.code, 14, True)
        about = self._words(self.tr(
            "A coordinator enrols the laptops that may send answers to their campaigns, and revokes a laptop that "
            "is lost or stolen. A field laptop trusts its coordinator, so that it accepts their campaigns. Each is "
            "done with the other laptop's code, read out or copied from its own page."))
        return (self.code, about,
                self._row(self._button(self.tr("Enrol a laptop…"), self.enrol,
                                       self.tr("Let another laptop send answers to the campaigns you coordinate")),
                          self._button(self.tr("Trust a coordinator…"), self.trust,
                                       self.tr("Accept the campaigns of your study's coordinator")),
                          self._button(self.tr("Revoke a laptop…"), self.revoke,
                                       self.tr("Refuse the answers a lost or stolen laptop signs from now on"))),
                self._circle_table())

    def _circle_table(self) -> QTableView:
        """The laptops this one knows: name, code, campaigns, last bundle seen, revoked from."""
        self.circle_laptops = accessible(table_view(), self.tr("Laptops of the circle"), self.tr(
            "Each laptop enrolled, trusted, revoked or seen in the shared folder, with the name given it here"))
        self.show_circle()
        return self.circle_laptops

    def show_circle(self) -> None:
        rows = laptops.circle(self.store)
        fill_table(self.circle_laptops, [self.tr("Name"), self.tr("Laptop"), self.tr("Role"), self.tr("Last bundle"),
                                    self.tr("Revoked from")],
              [[r["name"] or "—", r["code"], said(laptops.role(r)),
                (r["last_bundle"] or "—")[:16].replace("T", " "),
                (r["revoked_from"] or "—")[:16].replace("T", " ")] for r in rows])

    def _sharing_rows(self) -> tuple:
        """The folder the laptops share, what its last sync did and the laptops seen in it; bundles by USB stick."""
        self.shared_folder = self._words(self.tr("Shared folder: none (bundles travel by USB stick)"))
        choose = self._button(self.tr("Choose shared folder…"), self.choose_shared_folder, self.tr(
            "A folder your laptops share (Syncthing, a network drive): answers then travel on their own, at start, "
            "every few answers and at close"))
        self.sync_now = self._button(self.tr("Sync now"), lambda: self.syncer and self.syncer.run())
        self.sync_now.setEnabled(False)
        self.sync_state = self._words("")
        self.laptops_seen = accessible(table_view(), self.tr("Laptops seen in the shared folder"),
                                       self.tr("Each laptop's last bundle, its answers, whether it is enrolled, and "
                                               "why a bundle was refused"))
        self.laptops_seen.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        self.laptops_seen.hide()
        self.waiting_rows = self._words("")  # rows of good bundles that wait here for what they need
        usb = self._row(self._words(self.tr("Without a shared folder, by USB stick:")),
                        self._button(self.tr("Export bundle…"), self.export_bundle),
                        self._button(self.tr("Merge bundle…"), self.merge_bundle))
        self.check_state = self._words("")
        self.check_state.setTextFormat(Qt.PlainText)  # laptops' names and the bundles' reasons: data, never markup
        self.copy_words = self._words("")
        self.copy_words.setTextFormat(Qt.PlainText)
        self.adopt_button = self._button(self.tr("This is now the laptop"), self.adopt, self.tr(
            "This database was moved here (a new laptop, another folder): from now on it publishes and merges as the "
            "laptop. Never for a copy made to look at: the laptop it was copied from would be split from its circle"))
        self.copy_row = self._row(self.copy_words, self.adopt_button)
        self._show_copy()
        check_now = self._button(self.tr("Check before the field"), self.check_circle, self.tr(
            "This laptop's own bundle as the other laptops would judge it, answers not shared yet, bundles refused or "
            "waiting, laptops not heard from"))
        return (self.copy_row, self._row(self.shared_folder, choose, self.sync_now), self.sync_state,
                self.laptops_seen, self.waiting_rows, usb, self._row(check_now), self.check_state)

    def _show_copy(self) -> None:
        """A copy of a laptop's database (or one moved here) says so, and how it becomes the laptop."""
        was = self.store.displaced
        self.copy_words.setText(self.tr(
            "This database was made at {0}: a copy publishes and merges nothing as the laptop. If it was moved here "
            "to stay, make it the laptop.").format(was["path"]) if was else "")
        self.copy_words.setVisible(bool(was))
        self.adopt_button.setVisible(bool(was))

    def adopt(self) -> None:
        if ask(self, self.tr("This is now the laptop"), self.tr(
                "From now on this database publishes and merges as laptop {0}. The database it was copied from must "
                "not be used any more. Go on?").format(laptops.this_code(self.store))):
            self.store.adopt()
            self._show_copy()
            self.status.setText(self.tr("This database is now laptop {0}, here.").format(laptops.this_code(self.store)))

    def check_circle(self) -> None:
        """``lyss review check`` on this page: worked out in the background, each finding on a line of its own."""
        self.check_state.setText(self.tr("Checking…"))
        self._background(lambda store, progress: check.check(store), self._checked)

    def _checked(self, found: dict) -> None:
        self.status.setText("")
        lines = [said(found["summary"])] + ["• " + said(s) for s in found["problems"]] + \
            ["✓ " + said(s) for s in found["fine"]]
        self.check_state.setText("\n".join(lines))

    def attach_sync(self, syncer) -> None:
        """Show what the app's :class:`~desktop.sync_runner.SyncRunner` does, starting with what its latest
        sync did (the tab may open long after the sync at start)."""
        self.syncer = syncer
        syncer.started.connect(self._sync_started)
        syncer.synced.connect(guarded(self, self.show_sync))
        syncer.failed.connect(guarded(self, self._sync_failed))
        self._show_folder()
        if syncer.last is not None:
            kind, outcome = syncer.last
            if kind == "started":
                self._sync_started()
            elif kind == "synced":
                self.show_sync(outcome)
            else:
                self._sync_failed(outcome)

    def _sync_started(self) -> None:
        self.sync_state.setText(self.tr("Synchronising…"))

    def _show_folder(self) -> None:
        folder = self.syncer.folder if self.syncer else ""
        self.shared_folder.setText(self.tr("Shared folder: {0}").format(folder) if folder else
                                   self.tr("Shared folder: none (bundles travel by USB stick)"))
        self.sync_now.setEnabled(bool(folder))
        self.show_laptops()

    def choose_shared_folder(self, folder: str | None = None) -> None:
        if folder is None:
            folder = QFileDialog.getExistingDirectory(self, self.tr("Choose shared folder"))
        if folder and self.syncer:
            self.syncer.set_folder(folder)
            self._show_folder()
            self.pages.setCurrentWidget(self.sharing_page)

    def show_sync(self, report) -> None:
        """After a sync: what it merged and refused, the laptops seen, the campaigns again. A sync that found nothing
        new (the folder's own changes set one off seconds later) keeps saying what the last merge did."""
        merged, refused = len(report.merged), len(report.refused)
        now = time.strftime("%H:%M:%S")
        if merged or refused or not self._last_merge:
            text = self.tr("Synchronised at {0}: {1}.").format(now, said(sync.summary(report)))
            if merged:
                self._last_merge = text
        else:
            text = self.tr("Synchronised at {0}: nothing new.").format(now) + "\n" + self.tr("Last merge: {0}").format(
                self._last_merge)
        for o in report.refused:
            text += "\n" + self.tr("Refused {0}: {1}").format(o.name, "; ".join(said(line) for line in o.said))
        for o in report.merged:
            if o.added.get("rows_refused"):
                text += "\n" + self.tr("Merged {0}, some rows refused alone: {1}").format(
                    o.name, "; ".join(said(line) for line in o.said))
        self.sync_state.setText(text)
        self.refresh()
        self.show_laptops()

    def _sync_failed(self, exc: BaseException) -> None:
        self.sync_state.setText(self.tr("The shared folder could not be synchronised: {0}").format(
            getattr(exc, "problem", None) or str(exc)))

    def show_laptops(self) -> None:
        self.show_circle()  # a sync may have seen a laptop's bundle
        folder = self.syncer.folder if self.syncer else ""
        rows = sync.laptops_seen(self.store, folder) if folder else []
        self.laptops_seen.setVisible(bool(rows))
        self.waiting_rows.setText("\n".join(self.tr("{0} (kept here until then)").format(said(line))
                                             for line in shared_folder.lines(self.store)))
        yes, no = self.tr("yes"), self.tr("no")
        states = {"published": self.tr("this laptop"), "merged": self.tr("merged"), "refused": self.tr("refused"),
                  "waiting": self.tr("waiting for its enrolment")}
        fill_table(self.laptops_seen, [self.tr("Laptop"), self.tr("Last bundle"), self.tr("Answers"), self.tr("Enrolled"),
                                  self.tr("State")],
              [[f"{r['name']} ({r['code']})" if r.get("name") else r["code"], (r["bundle_time"] or "—")[:16].replace("T", " "),
                "—" if r["answers"] is None else str(r["answers"]),
                self.tr("coordinator") if r["coordinator"] else (
                    self.tr("revoked") if r["revoked_from"] else yes if r["enrolled"] else no),
                (self.tr("revoked (from {0}): {1} answers signed before kept here; ").format(
                    r["revoked_from"][:16].replace("T", " "), r["kept"]) if r["revoked_from"] else "") +
                states.get(r["status"], r["status"]) + (f": {said(r['reason'])}" if r["reason"] else "")] for r in rows])

    def export_bundle(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export bundle"), "answers.lyssbundle",
                                              self.tr("LYSS bundles (*.lyssbundle)"))
        if path:
            self._background(lambda store, progress: bundles.export_bundle(store, path),
                             lambda manifest: self.status.setText(self.tr("Wrote {0}: {1} answers.").format(
                                 path, manifest["counts"]["ratings"])))

    def merge_bundle(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Merge bundle"), "", self.tr("LYSS bundles (*.lyssbundle)"))
        if path:
            self._background(lambda store, progress: bundles.merge(store, path), self._merged, writes=True)

    def _merged(self, changed: dict) -> None:
        text = self.tr("Merged: {0}.").format("; ".join(said(line) for line in sync.merge_lines(changed)))
        for r in changed["revoked"]:
            text += " " + self.tr("This laptop was revoked in campaign {0} from {1}: answers made here since "
                                  "then are refused everywhere. Ask the coordinator.").format(
                r["campaign_id"], r["from_at"])
        self.status.setText(text)
        self.refresh()

    def _ask_code(self, title: str, prompt: str) -> str | None:
        code, ok = QInputDialog.getText(self, title, prompt)
        return code.strip() if ok and code.strip() else None

    def enrol(self, code: str | None = None, name: str | None = None) -> None:
        """Enrol a laptop: its code and a name for it asked in two dialogs, or given (``code``, ``name``)."""
        if code is None:
            code = self._ask_code(self.tr("Enrol a laptop"), self.tr(
                "The code shown on the other laptop (Campaigns tab, or `lyss review code`). Read it aloud or "
                "compare the two screens:"))
            if code:
                given, ok = QInputDialog.getText(self, self.tr("Enrol a laptop"), self.tr(
                    "A name for this laptop, shown beside its code (for example Rita's laptop; optional):"))
                name = given.strip() if ok and given.strip() else None
        if code:
            def enrolled(result: tuple[str, bool]) -> None:
                self.status.setText(said(laptops.enrolled_line(self.store, *result, True)))
                self.show_circle()
            operate_later(self, self.store, laptops.enrol, code, None, name, done=enrolled)

    def trust(self, code: str | None = None) -> None:
        code = code or self._ask_code(self.tr("Trust a coordinator"), self.tr(
            "The code shown on the coordinator's laptop. Read it aloud or compare the two screens:"))
        if code:
            def trusted(canonical: str) -> None:
                self.status.setText(self.tr("This laptop now accepts the campaigns of coordinator {0}.").format(
                    canonical))
                self.show_circle()
            operate_later(self, self.store, laptops.trust, code, done=trusted)

    def revoke(self, code: str | None = None) -> None:
        code = code or self._ask_code(self.tr("Revoke a laptop"), self.tr(
            "The code of the lost or stolen laptop. The answers it signs from now on are refused wherever "
            "your bundles go; its earlier answers are kept and marked in the study:"))
        if code and ask(self, self.tr("Revoke"), self.tr("Revoke laptop {0}? This cannot be undone.").format(
                code.upper())):
            operate_later(self, self.store, laptops.revoke, code, done=self._revoked)

    def _revoked(self, r: dict) -> None:
        text = self.tr("Laptop {0} is revoked from {1} in every campaign it was enrolled in.").format(
            laptops.named(self.store, r["code"]), r["from_at"][:16].replace("T", " "))
        if r["left_circle"]:
            text += " " + self.tr("It has left the circle: no campaign created from now on enrols it.")
        self.status.setText(text)
        self.show_circle()
