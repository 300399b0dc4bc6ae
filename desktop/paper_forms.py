"""Paper forms drawn with Qt's own PDF writer: one block per item (its code, the source, the output in
large type, the answer scale with boxes to tick), A4 pages a person reads at arm's length. The fonts
the app carries draw every script of the language packs and their diacritics. Everything is drawn as
plain text."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPainter, QPen

from review.operations import tasks

from .printing import page_image, painting, pdf_writer, save_image
from .qt_common import campaign_title, sized_font, task_captions, task_words, tr

POINTS = {"code": 13, "caption": 11, "text": 16, "question": 13, "option": 13, "options": 13}


def _font(kind: str) -> QFont:
    return sized_font(POINTS[kind], bold=kind in ("code", "question"))


class FormPainter:
    """Draws items top to bottom on pages of ``page`` (pixels), starting a new page when an
    item would not fit."""

    def __init__(self, painter: QPainter, page: QRectF, new_page, language: dict, header: str,
                 convert: Callable[[str], str] | None = None):
        self.painter, self.page, self.new_page, self.language, self.header = painter, page, new_page, language, header
        self.convert = convert or (lambda text: text)  # the script the speaker reads in
        self.y = page.top()
        self._header()

    def _header(self) -> None:
        self._text(self.header, "caption")
        self.y += 10

    def _height(self, text: str, kind: str) -> float:
        metrics = QFontMetricsF(_font(kind), self.painter.device())
        box = metrics.boundingRect(QRectF(0, 0, self.page.width(), 1e6), Qt.TextWordWrap, text)
        return box.height()

    def _columns(self, texts: list[str]) -> None:
        """Options to tick, in two columns (half the paper of one per line, the same size of type)."""
        self.painter.setFont(_font("option"))
        half = (self.page.width() - 24) / 2
        for row in range(0, len(texts), 2):
            height = 0.0
            for column, text in enumerate(texts[row:row + 2]):
                rect = QRectF(self.page.left() + 24 + column * half, self.y, half - 12, 1e6)
                height = max(height, self.painter.boundingRect(rect, Qt.TextWordWrap, text).height())
                self.painter.drawText(rect, Qt.TextWordWrap, text)
            self.y += height + 4

    def _text(self, text: str, kind: str, indent: float = 0) -> None:
        self.painter.setFont(_font(kind))
        rect = QRectF(self.page.left() + indent, self.y, self.page.width() - indent, 1e6)
        drawn = self.painter.boundingRect(rect, Qt.TextWordWrap, text)
        self.painter.drawText(rect, Qt.TextWordWrap, text)
        self.y += drawn.height() + 4

    def item(self, item: dict) -> None:
        blocks = self._blocks(item)
        needed = sum(self._height(text if kind != "options" else "\n" * ((len(text) - 1) // 2), kind) + 4
                     for text, kind in blocks) + 40
        if self.y + needed > self.page.bottom() and self.y > self.page.top() + 60:
            self.new_page()
            self.y = self.page.top()
            self._header()
        for text, kind in blocks:
            if kind == "options":
                self._columns(text)
            else:
                self._text(text, kind, indent=24 if kind == "option" else 0)
        self.y += 12
        self.painter.setPen(QPen(Qt.gray, 2))
        self.painter.drawLine(int(self.page.left()), int(self.y), int(self.page.right()), int(self.y))
        self.painter.setPen(QPen(Qt.black))
        self.y += 20

    def _blocks(self, item: dict) -> list[tuple[str, str]]:
        words = task_words(item["task"], self.language)
        captions = task_captions(item["kind"], self.language)
        blocks = [(f"{item['code']}", "code"), (captions[0], "caption"), (item["source"] or "—", "text"),
                  (captions[1], "caption")]
        if item["numbered_output"]:  # task E: the words numbered, to write errors as "2-3 major"
            blocks.append(("  ".join(f"{n}·{w}" for n, w in item["numbered_output"]), "text"))
        else:
            blocks.append((self.convert(item["output"]) or "—", "text"))
        blocks += self._premarks(item, words)
        if item["kind"] in ("pair", "word"):
            blocks.append((self.convert(item["reference"]) or "—", "text"))
        for q in tasks.task(item["task"]).questions:
            shown = words["questions"][q["id"]]
            blocks.append((shown["prompt"], "question"))
            if q.get("scale") == "spans":
                blocks.append((tr("Write the word numbers of each error, then minor or major (for example: 2-3 major); "
                                  "'missing' if something was left out."), "option"))
                blocks += [("_" * 60, "option")] * 2
            elif "anchors" in q:
                blocks.append(([f"☐  {a}  {label}" for a, label in shown["anchors"].items()], "options"))
                blocks.append((tr("or a number from 0 to 100:") + " ______", "option"))
            else:
                blocks.append(([f"☐  {n}  {shown['labels'][str(o['value'])]}"
                                for n, o in enumerate(q.get("options", []), 1)], "options"))
        return blocks


    def _premarks(self, item: dict, words: dict) -> list[tuple[str, str]]:
        """The marks proposed before the speaker reads, lettered, each with its words and a box to tick "drop"."""
        if not item.get("premarks"):
            return []
        question = next(q["id"] for q in tasks.task(item["task"]).questions if q.get("scale") == "spans")
        spans = words["questions"][question]
        lines = [(tr("Marks proposed before you read: each stays on your answer unless you tick “drop”."), "caption")]
        drop, word_numbers = tr("drop"), tr("words")
        for mark in item["premarks"]:
            severity = spans["severities"][mark["severity"]]["label"]
            if mark["words"] == "missing":
                where = f"{spans['missing_label']} {', '.join(map(self.convert, mark['terms']))}".rstrip()
            else:
                where = f"{word_numbers} {mark['words']}  «{self.convert(mark['text'])}»"
            lines.append((f"☐ {drop}    {mark['letter']}   {where} — {severity} ({mark['source']})", "option"))
        return lines


class _PageFull(Exception):
    """The first page is full (drawing one page only)."""


def _header(campaign: dict, items: list[dict], who: str) -> str:
    """A form's heading: the campaign (its title in the form's language) and who answers it."""
    task = items[0]["task"] if items else campaign["task"]
    heading = f"{campaign_title(campaign['name'], task, campaign['settings'].get('language'))} — {who}"
    found = campaign.get("terms")
    if found:  # whose words these are travels on every page
        heading += "\n" + tr("The answers belong to {0} ({1}); uses allowed: {2}.").format(
            found["community"], found["licence"]["name"], ", ".join(found["uses"]) or "—")
    return heading


def write_pdf(path: str, items: list[dict], language: dict, campaign: dict, who: str,
              convert: Callable[[str], str] | None = None, ui: str | None = None) -> int:
    """The forms as a PDF (A4, 15 mm margins), their words in ``ui`` (default: the interface's); returns
    the number of pages."""
    with painting(ui):
        header = _header(campaign, items, who)
        writer, page = pdf_writer(path, header.splitlines()[0])
        painter = QPainter(writer)
        pages = [1]

        def new_page() -> None:
            writer.newPage()
            pages[0] += 1

        forms = FormPainter(painter, page, new_page, language, header, convert)
        for item in items:
            forms.item(item)
        painter.end()
    return pages[0]


def first_page_png(path: str, items: list[dict], language: dict, campaign: dict, who: str,
                   convert: Callable[[str], str] | None = None) -> None:
    """The first page as it prints, as a PNG (for screenshots and checks)."""
    with painting():
        header = _header(campaign, items, who)
        image, page = page_image()
        painter = QPainter(image)

        def new_page() -> None:
            raise _PageFull

        forms = FormPainter(painter, page, new_page, language, header, convert)
        try:
            for item in items:
                forms.item(item)
        except _PageFull:
            pass
        painter.end()
    save_image(image, path)
