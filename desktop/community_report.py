"""The report a community council reads (``lyss study report``, the Campaigns tab's button): A4 pages drawn with
Qt's own PDF writer, in the app's language — each question and its verdict in words, a picture of each comparison's
interval narrowing segment by segment with the margin δ marked, each run's tier, the speakers and their hours (no
names), the consent they gave and where the answers are kept. What it says comes from
:func:`review.study.report.community_report`; every text is drawn as plain text."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QPolygonF

from review.operations.sentences import written

from .printing import page_image, painting, pdf_writer, save_image
from .qt_common import campaign_title, number_marks, plural, said, sized_font, tr

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

    def chart(self, comparison: dict, caption: str) -> dict:
        """One comparison under its caption (kept on one page): the interval of a − b after each sentence (the band),
        0, the zone the band had to reach for the verdict (``comparison["rule"]``: shaded, its edges dashed) and the
        sentence after which it did. Returns where it drew: the frame and the maps from items and values to the
        page (what a test reads the picture with)."""
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
        p = self.painter
        top, bottom = _zone(comparison["rule"], low, high)
        if comparison["rule"]:
            p.fillRect(QRectF(frame.left(), y(top), frame.width(), y(bottom) - y(top)), MARGIN_ZONE)
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
        for _, value in comparison["rule"]:
            p.drawLine(QPointF(frame.left(), y(value)), QPointF(frame.right(), y(value)))
        self._axes(frame, comparison, x, y, last)
        self.y = frame.bottom() + 30 * self.scale
        return {"frame": frame, "x": x, "y": y}

    def _axes(self, frame: QRectF, comparison: dict, x, y, last: int) -> None:
        p = self.painter
        low, high = comparison["scale"]
        p.setPen(QPen(Qt.gray, 1))
        p.drawRect(frame)
        p.setFont(_font("small"))
        p.setPen(QPen(Qt.black))
        for value, label in ((high, _number(high, True)), (0.0, "0"), (low, _number(low, True))):
            p.drawText(QRectF(self.page.left(), y(value) - 10 * self.scale, 60 * self.scale, 20 * self.scale),
                       Qt.AlignRight | Qt.AlignVCenter, label)
        p.setPen(QPen(QColor(30, 110, 30)))  # the zone's edges labelled beside their lines
        right = QRectF(frame.right() + 6 * self.scale, 0, 100 * self.scale, 20 * self.scale)
        for side, value in comparison["rule"]:
            p.drawText(right.translated(0, y(value) - (20 * self.scale if side == "above" else 0)),
                       Qt.AlignLeft | (Qt.AlignBottom if side == "above" else Qt.AlignTop), _number(value, True))
        settled = comparison["settled_after"]
        if settled:
            p.setPen(QPen(QColor(180, 60, 40), 1.5 * self.scale, Qt.DotLine))
            p.drawLine(QPointF(x(settled), frame.top()), QPointF(x(settled), frame.bottom()))
        p.setPen(QPen(Qt.black))
        under = QRectF(frame.left(), frame.bottom() + 2, frame.width(), 24 * self.scale)
        p.drawText(under, Qt.AlignLeft, "1")
        p.drawText(under, Qt.AlignHCenter, tr("sentences answered") + (
            "; " + tr("verdict after {0}").format(settled) if settled else ""))
        p.drawText(under, Qt.AlignRight, str(last))


def _zone(rule: list[list], low: float, high: float) -> tuple[float, float]:
    """The values between which a rule wants the band: above a value reaches the top, below one the bottom."""
    top = min((v for side, v in rule if side == "below"), default=high)
    bottom = max((v for side, v in rule if side == "above"), default=low)
    return top, bottom


def _number(value: float, signed: bool = False) -> str:
    """A number as the interface's language writes it."""
    return written(value, "signed" if signed else "plain", decimal=number_marks()[0])


def rule_words(comparison: dict) -> str:
    """The caption's rule, from the claim the verdict makes: where the band had to lie, and when it got there."""
    rule = comparison["rule"]
    if not rule:
        return tr("No verdict on this pair yet.")
    if len(rule) == 2:
        (_, one), (_, two) = sorted(rule, key=lambda r: r[1])
        where = tr("the band lies wholly between {0} and {1}").format(_number(one, True), _number(two, True))
    else:
        side, value = rule[0]
        where = (tr("the band lies wholly above {0}") if side == "above" else
                 tr("the band lies wholly below {0}")).format(_number(value, True))
    if comparison["settled_after"]:
        return tr("The verdict came once {0}: after {1} sentences.").format(where, comparison["settled_after"])
    return tr("The verdict comes once {0}.").format(where)


def _comparison_words(comparison: dict) -> str:
    return tr("{0} compared with {1}: the band holds how much better {0} is (below 0: worse).").format(
        comparison["a"], comparison["b"]) + " " + rule_words(comparison)


def _sections(report: dict, folder: str | None, laptop_names: dict[str, str]) -> list[tuple[str, object]]:
    """The report's blocks in order: (kind, what): "title", "heading", "text", "small", "gap" or "chart"."""
    title = campaign_title(report["name"], report["task"], report["language"])
    blocks: list[tuple[str, object]] = [
        ("title", tr("What the speakers' ratings say: {0}").format(title)),
        ("small", tr("Made on {0}. Answers: {1}. Items to rate in the campaign: {2}.").format(
            report["made_at"][:10], report["answers"], report["items"])),
        ("heading", tr("How to read this")),
        ("small", tr("A run is one system's translations of the test sentences; an item is one translation a speaker "
                     "rates. Each verdict rests on an interval: the range the true value lies in, as sure as the "
                     "campaign set (95 % unless it says otherwise). “A − B lies between −2 and +47” means that A may "
                     "be up to 2 points worse than B, or up to 47 points better: nothing more precise is known yet. "
                     "A verdict is given only when its interval allows no other answer; until then the question is "
                     "open.")),
        ("heading", tr("The questions and their answers"))]
    if report.get("order"):
        blocks.append(("text", said(report["order"])))
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
        ("small", tr("Each picture follows one comparison, sentence by sentence. The blue band is where the true "
                     "difference between the two runs lies, sure at the level the campaign set, checked after every "
                     "sentence; it narrows as speakers answer. The green zone, between its dashed edges, is where "
                     "the band had to lie for the verdict written above the picture; the dotted line marks the "
                     "sentence after which it did."))]
    blocks += [("chart", comparison) for comparison in report["comparisons"]]
    return blocks


def _people(report: dict) -> list[tuple[str, object]]:
    people = report["speakers"]
    blocks: list[tuple[str, object]] = [
        ("heading", tr("Who answered")),
        ("text", tr("Speakers who answered: {0} (their names are not in this report). Answers: {1}. Time in front of "
                    "the app: {2} h.").format(people["speakers"], people["answers"],
                                              written(people["hours"], "hours", decimal=number_marks()[0])))]
    if people["on_paper"]:
        blocks.append(("text", tr("Answers given on paper forms (their time is not recorded): {0}.").format(
            people["on_paper"])))
    if people["untimed"]:
        blocks.append(("text", tr("Answers keyed in without the app's screen (their time is not recorded): "
                                  "{0}.").format(people["untimed"])))
    blocks += _attention(report.get("attention") or {})
    blocks.append(("heading", tr("Consent")))
    blocks += [("text", tr("“{0}” — speakers who gave it: {1}").format(c["scope"], c["speakers"]))
               for c in report["consent"]] or [("text", tr("No speaker has answered yet."))]
    return blocks + _terms(report)


def _attention(found: dict) -> list[tuple[str, object]]:
    """How often the speakers caught the attention items (no names): per kind of error with its interval, and how many
    speakers were below the campaign's rate."""
    if not found.get("speakers_checked"):
        return []
    what = {"swapped": tr("a phrase of another sentence swapped in"),
            "grammar": tr("one word in a wrong form of the language's grammar")}[found["kind"]]
    blocks: list[tuple[str, object]] = [
        ("heading", tr("Attention items")),
        ("small", tr("Some items were made wrong on purpose ({0}). A speaker catches one by rating it lower than the "
                     "translation it was made from, or by marking the word. It shows whether a speaker hears such an "
                     "error; it does not measure how well they judge translations.").format(what))]
    for kind, k in found["by_kind"].items():
        caught = tr("{0}: caught {1} of {2} ({3} %; 95 % interval {4}–{5} %).", "one") if plural(k["caught"]) == "one" \
            else tr("{0}: caught {1} of {2} ({3} %; 95 % interval {4}–{5} %).", "other")
        blocks.append(("text", caught.format(
            tr("swapped phrase") if kind == "swapped" else kind, k["caught"], k["checked"], round(100 * k["rate"]),
            round(100 * k["low"]), round(100 * k["high"]))))
    blocks.append(("text", tr("Speakers below the campaign's {0} %: {1} of {2} (shown to the coordinator; their answers "
                              "are kept).").format(round(100 * found["min_catch"]), found["speakers_flagged"],
                                                   found["speakers_checked"])))
    for r in found.get("speakers") or []:
        kinds = "; ".join(tr("{0} {1} of {2} ({3}–{4} %)").format(
            tr("swapped phrase") if kind == "swapped" else kind, k["caught"], k["checked"], round(100 * k["low"]),
            round(100 * k["high"])) for kind, k in r["by_kind"].items())
        line = (tr("Speaker {0}: caught {1} of {2} ({3} %; 95 % interval {4}–{5} %): {6}.", "one")
                if plural(r["caught"]) == "one" else
                tr("Speaker {0}: caught {1} of {2} ({3} %; 95 % interval {4}–{5} %): {6}.", "other")).format(
            r["speaker"], r["caught"], r["checked"], round(100 * r["rate"]), round(100 * r["low"]),
            round(100 * r["high"]), kinds)
        blocks.append(("small", line + (" " + tr("Below the campaign's rate.") if r["flagged"] else "")))
    return blocks


def _terms(report: dict) -> list[tuple[str, object]]:
    """The community's terms for the campaign's data and the council's decisions, as they were given (plain text)."""
    found = report.get("terms")
    blocks: list[tuple[str, object]] = [("heading", tr("The community's terms"))]
    if not found:
        return blocks + [("text", tr("This campaign carries no community's terms."))]
    blocks += [("text", tr("Whose data: {0}. Licence: {1}.").format(found["community"], found["licence"]["name"])),
               ("small", found["licence"]["text"])]
    blocks += [("text", f"{label['name']}: {label['text']}") for label in found["labels"]]
    blocks.append(("text", tr("Uses the community allows: {0}.").format(", ".join(found["uses"]) or "—")))
    verdicts = {"allowed": tr("allowed"), "refused": tr("refused")}
    blocks += [("text", (tr("{0}: {1} by {2} on {3} — the decision that stands.") if d.get("stands") else
                         tr("{0}: {1} by {2} on {3} — corrected by a later decision.") if d.get("corrected_by") else
                         tr("{0}: {1} by {2} on {3} — earlier: a later decision stands.")).format(
        d["use"], verdicts[d["verdict"]], d["decided_by"], d["decided_on"])) for d in report["use_decisions"]]
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
