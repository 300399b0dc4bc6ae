"""The report a community council reads (``lyss study report``, the Campaigns tab's button): A4 pages drawn with
Qt's own PDF writer, in the app's language — each question and its verdict in words, a picture of each comparison's
interval narrowing segment by segment with the margin δ marked, each run's tier, the speakers and their hours (no
names), the consent they gave and where the answers are kept. What it says comes from
:func:`review.study.report.community_report`; every text is drawn as plain text."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QPolygonF

from review.study import verdicts

from .printing import page_image, painting, pdf_writer, save_image
from .qt_common import campaign_title, said, sized_font, tr

POINTS = {"title": 18, "heading": 14, "text": 11, "small": 9}
CHART_HEIGHT = 0.16  # of the page's height: four pictures and their words fit a page
BAND = QColor(70, 120, 200, 110)
MARGIN_ZONE = QColor(120, 190, 120, 60)


def _font(kind: str) -> QFont:
    return sized_font(POINTS[kind], bold=kind in ("title", "heading"))


class ReportPainter:
    """Draws the report top to bottom in ``page`` (pixels of the painter's device), calling ``new_page`` when a
    block would not fit."""

    def __init__(self, painter: QPainter, page: QRectF, new_page):
        self.painter, self.page, self.new_page = painter, page, new_page
        self.scale = page.width() / 1000  # sizes below are for a page 1000 wide
        self.y = page.top()

    def _room(self, height: float) -> None:
        if self.y + height > self.page.bottom() and self.y > self.page.top():
            self.new_page()
            self.y = self.page.top()

    def text(self, text: str, kind: str = "text", indent: float = 0) -> None:
        self.painter.setFont(_font(kind))
        rect = QRectF(self.page.left() + indent * self.scale, self.y, self.page.width() - indent * self.scale, 1e6)
        height = self.painter.boundingRect(rect, Qt.TextWordWrap, text).height()
        self._room(height + (40 * self.scale if kind == "heading" else 0))
        rect.moveTop(self.y)
        self.painter.setPen(QPen(Qt.black))
        self.painter.drawText(rect, Qt.TextWordWrap, text)
        self.y += height + 6 * self.scale

    def gap(self, size: float = 14) -> None:
        self.y += size * self.scale

    def _height(self, text: str, kind: str) -> float:
        self.painter.setFont(_font(kind))
        return self.painter.boundingRect(QRectF(0, 0, self.page.width(), 1e6), Qt.TextWordWrap, text).height()

    def chart(self, comparison: dict, caption: str) -> None:
        """One comparison under its caption (kept on one page): the interval of a − b after each segment (the
        band), 0, the margin δ (dashed, its zone shaded) and the segment that settled it."""
        height = self.page.height() * CHART_HEIGHT
        self._room(self._height(caption, "text") + height + 50 * self.scale)
        self.text(caption)
        self.gap(10)
        frame = QRectF(self.page.left() + 70 * self.scale, self.y, self.page.width() - 170 * self.scale, height)
        low, high = comparison["scale"]
        points = comparison["points"]
        last = max(points[-1][0] if points else 1, 1)
        x = lambda n: frame.left() + frame.width() * (n - 1) / max(last - 1, 1)  # noqa: E731
        y = lambda v: frame.bottom() - frame.height() * (min(max(v, low), high) - low) / (high - low)  # noqa: E731
        p, delta = self.painter, comparison["delta"]
        zone_top = y(delta) if not comparison["one_sided"] else frame.top()
        p.fillRect(QRectF(frame.left(), zone_top, frame.width(), y(-delta) - zone_top), MARGIN_ZONE)
        if points:
            outline = [QPointF(x(n), y(hi)) for n, _, hi in points] + [QPointF(x(n), y(lo)) for n, lo, _ in
                                                                       reversed(points)]
            p.setPen(Qt.NoPen)
            p.setBrush(QBrush(BAND))
            p.drawPolygon(QPolygonF(outline))
        p.setBrush(Qt.NoBrush)
        p.setPen(QPen(Qt.black, 1.5 * self.scale))
        p.drawLine(QPointF(frame.left(), y(0)), QPointF(frame.right(), y(0)))
        p.setPen(QPen(QColor(30, 110, 30), 1.5 * self.scale, Qt.DashLine))
        for value in ([-delta] if comparison["one_sided"] else [-delta, delta]):
            p.drawLine(QPointF(frame.left(), y(value)), QPointF(frame.right(), y(value)))
        self._axes(frame, comparison, x, y, last)
        self.y = frame.bottom() + 30 * self.scale

    def _axes(self, frame: QRectF, comparison: dict, x, y, last: int) -> None:
        p, delta = self.painter, comparison["delta"]
        low, high = comparison["scale"]
        p.setPen(QPen(Qt.gray, 1))
        p.drawRect(frame)
        p.setFont(_font("small"))
        p.setPen(QPen(Qt.black))
        for value, label in ((high, verdicts.number(high, True)), (0.0, "0"), (low, verdicts.number(low, True))):
            p.drawText(QRectF(self.page.left(), y(value) - 10 * self.scale, 60 * self.scale, 20 * self.scale),
                       Qt.AlignRight | Qt.AlignVCenter, label)
        p.setPen(QPen(QColor(30, 110, 30)))  # the margin's labels beside its lines: δ above, −δ below
        right = QRectF(frame.right() + 6 * self.scale, 0, 100 * self.scale, 20 * self.scale)
        if not comparison["one_sided"]:
            p.drawText(right.translated(0, y(delta) - 20 * self.scale), Qt.AlignLeft | Qt.AlignBottom,
                       f"δ {verdicts.number(delta, True)}")
        p.drawText(right.translated(0, y(-delta)), Qt.AlignLeft | Qt.AlignTop, f"−δ {verdicts.number(-delta, True)}")
        settled = comparison["settled_after"]
        if settled:
            p.setPen(QPen(QColor(180, 60, 40), 1.5 * self.scale, Qt.DotLine))
            p.drawLine(QPointF(x(settled), frame.top()), QPointF(x(settled), frame.bottom()))
        p.setPen(QPen(Qt.black))
        under = QRectF(frame.left(), frame.bottom() + 2, frame.width(), 24 * self.scale)
        p.drawText(under, Qt.AlignLeft, "1")
        p.drawText(under, Qt.AlignHCenter, tr("segments answered") + (
            "; " + tr("settled after {0}").format(settled) if settled else ""))
        p.drawText(under, Qt.AlignRight, str(last))


def _comparison_words(comparison: dict) -> str:
    return tr("{0} compared with {1}: the band holds how much better {0} is (below 0: worse)").format(
        comparison["a"], comparison["b"])


def _sections(report: dict, folder: str | None, laptop_names: dict[str, str]) -> list[tuple[str, object]]:
    """The report's blocks in order: (kind, what): "title", "heading", "text", "small", "gap" or "chart"."""
    title = campaign_title(report["name"], report["task"], report["language"])
    blocks: list[tuple[str, object]] = [
        ("title", tr("What the speakers' ratings say: {0}").format(title)),
        ("small", tr("Made on {0} from {1} answers; {2} items to rate in the campaign.").format(
            report["made_at"][:10], report["answers"], report["items"])),
        ("heading", tr("The questions and their answers"))]
    for question in report["questions"]:
        first, *rest = question["said"]
        blocks += [("text", said(first)), *(("text", "    " + said(one)) for one in rest), ("gap", 8)]
    if not report["questions"]:
        blocks.append(("text", tr("This campaign asks no question of its runs.")))
    blocks += _pictures(report)
    if report["tiers"]:
        blocks.append(("heading", tr("Each run's tier")))
        blocks += [("text", said(one)) for tier in report["tiers"] for one in tier["said"]]
    return blocks + _people(report) + _where(report, folder, laptop_names)


def _pictures(report: dict) -> list[tuple[str, object]]:
    if not report["comparisons"]:
        return []
    blocks: list[tuple[str, object]] = [
        ("heading", tr("How sure the answers are")),
        ("small", tr("Each picture follows one comparison, segment by segment. The blue band is where the true "
                     "difference between the two runs lies, sure at the level the campaign set, checked after every "
                     "segment; it narrows as speakers answer. The dashed lines are the margin δ: a difference "
                     "inside the shaded zone does not matter. A verdict is given once the band lies wholly above "
                     "0, below 0, or inside the zone; the dotted line marks when."))]
    blocks += [("chart", comparison) for comparison in report["comparisons"]]
    return blocks


def _people(report: dict) -> list[tuple[str, object]]:
    people = report["speakers"]
    blocks: list[tuple[str, object]] = [
        ("heading", tr("Who answered")),
        ("text", tr("{0} speakers (their names are not in this report) gave {1} answers: {2} hours in front of the "
                    "app.").format(people["speakers"], people["answers"], f"{people['hours']:.1f}"))]
    if people["on_paper"]:
        blocks.append(("text", tr("{0} answers were given on paper forms (their time is not recorded).").format(
            people["on_paper"])))
    if people["untimed"]:
        blocks.append(("text", tr("{0} answers were keyed in without the app's screen (their time is not "
                                  "recorded).").format(people["untimed"])))
    blocks.append(("heading", tr("Consent")))
    blocks += [("text", tr("“{0}”: {1} speakers").format(c["scope"], c["speakers"])) for c in report["consent"]] or \
        [("text", tr("No speaker has answered yet."))]
    return blocks


def _where(report: dict, folder: str | None, laptop_names: dict[str, str]) -> list[tuple[str, object]]:
    kept = report["kept_at"]
    named = lambda code: f"{laptop_names[code]} ({code})" if code in laptop_names else code  # noqa: E731
    blocks: list[tuple[str, object]] = [
        ("heading", tr("Where the answers are kept")),
        ("text", tr("On this laptop ({0}): {1}, and its backups in {2}.").format(
            named(kept["this_laptop"]), kept["database"], kept["backups"])),
        ("text", tr("Shared with the other laptops through the folder {0}.").format(folder) if folder else
         tr("No shared folder is set up on this laptop: answers travel by bundle (USB stick)."))]
    for laptop in kept["laptops"]:
        line = tr("Laptop of the campaign: {0}").format(named(laptop["code"]))
        if laptop["revoked_from"]:
            line += " — " + tr("revoked from {0}").format(laptop["revoked_from"][:16].replace("T", " "))
        blocks.append(("text", line))
    blocks.append(("small", tr("A speaker who withdraws is deleted from every laptop of the campaign, backups "
                               "included.")))
    return blocks


def _draw(report: dict, folder: str | None, laptop_names: dict[str, str], painter: QPainter, page: QRectF,
          new_page) -> None:
    drawing = ReportPainter(painter, page, new_page)
    for kind, what in _sections(report, folder, laptop_names):
        if kind == "heading":
            drawing.gap(24)
        if kind == "chart":
            drawing.chart(what, _comparison_words(what))
        elif kind == "gap":
            drawing.gap(what)
        else:
            drawing.text(what, kind)
            if kind == "title":
                drawing.gap()


def write_pdf(path: str, report: dict, folder: str | None = None, laptop_names: dict[str, str] | None = None,
              ui: str | None = None) -> int:
    """The report as a PDF (A4), its words in ``ui`` (default: the interface's); returns the number of pages."""
    with painting(ui):
        writer, page = pdf_writer(path, tr("What the speakers' ratings say: {0}").format(report["name"]))
        painter = QPainter(writer)
        pages = [1]

        def new_page() -> None:
            writer.newPage()
            pages[0] += 1
        _draw(report, folder, laptop_names or {}, painter, page, new_page)
        painter.end()
    return pages[0]


def write_pngs(stem: str, report: dict, folder: str | None = None, laptop_names: dict[str, str] | None = None,
               ui: str | None = None) -> list[str]:
    """The report's pages as PNG images (``stem-1.png``, …), drawn as the PDF is: to look at them."""
    with painting(ui):
        images = [page_image()]
        painter = QPainter(images[0][0])

        def new_page() -> None:
            painter.end()
            images.append(page_image())
            painter.begin(images[-1][0])
        _draw(report, folder, laptop_names or {}, painter, images[0][1], new_page)
        painter.end()
    paths = [f"{stem}-{k}.png" for k in range(1, len(images) + 1)]
    for (image, _), path in zip(images, paths):
        save_image(image, path)
    return paths
