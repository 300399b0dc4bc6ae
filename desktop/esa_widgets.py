"""Task E's two widgets: the output with its error spans, marked word by word (keyboard or mouse), and
the 0–100 score with its four anchors. The marking itself is :class:`review.tasks.error_spans.Marking`; these only
draw it and pass keys and clicks on. Text is drawn as text (never markup)."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QSlider, QVBoxLayout, QWidget

from review.operations.rating import Step
from review.operations.tasks import Marking

from .qt_common import FlowLayout, accessible, name_buttons, set_font

# Severity colours and, for readers who do not tell colours apart, a line style: minor dashed, major solid.
FILL = {"minor": QColor(255, 214, 102), "major": QColor(244, 143, 143)}
LINE = {"minor": Qt.DashLine, "major": Qt.SolidLine}
SELECTION = QColor(140, 180, 255)


class SpanView(QWidget):
    """The output, one box per word plus "[something missing]" at the end; marked words are filled and
    underlined by severity, the cursor word framed, a Shift-selection tinted. A click asks to move the
    cursor there (``clicked``: the word's position, and whether Shift extends the selection)."""

    clicked = Signal(int, bool)

    def __init__(self, missing_label: str, points: int = 22):
        super().__init__()
        self.marking = Marking("")
        self.missing_label = missing_label
        self.severity_labels: dict[str, str] = {}  # severity → its label in the interface's language
        self.hints: set[int] = set()  # word positions the analyser rejected (campaigns with hints only)
        self.setFocusPolicy(Qt.NoFocus)  # the item page keeps the keyboard
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Minimum)
        self.set_points(points)
        self._boxes: list[QRect] = []

    def set_points(self, points: float) -> None:
        font = QFont()
        font.setPointSizeF(points)
        self.setFont(font)
        self.updateGeometry()

    def show_marking(self, marking: Marking) -> None:
        self.marking = marking
        self._boxes = []
        self.updateGeometry()
        self.refresh()

    def refresh(self) -> None:
        self.setAccessibleDescription(self.describe())
        self.update()

    def _labels(self) -> list[str]:
        text = self.marking.text
        missing = self.marking.span_at(self.marking.missing_position) or {}
        named = self.tr("{0}: {1}?").format(self.missing_label, ", ".join(missing["terms"])) \
            if missing.get("terms") else self.missing_label  # the source's terms a pre-mark finds left out
        return [text[s:e] for s, e in self.marking.words] + [named]

    def _layout(self, width: int) -> list[QRect]:
        """Word boxes wrapped to ``width``."""
        metrics = QFontMetrics(self.font())
        gap, pad, line = metrics.horizontalAdvance(" "), 6, metrics.height() + 14
        x = y = 0
        boxes = []
        for label in self._labels():
            w = metrics.horizontalAdvance(label) + 2 * pad
            if x and x + w > width:
                x, y = 0, y + line
            boxes.append(QRect(x, y, w, line - 6))
            x += w + gap
        return boxes

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        width = max(self.width(), 400)
        boxes = self._layout(width)
        return QSize(width, (boxes[-1].bottom() + 8) if boxes else 40)

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        boxes = self._layout(width)
        return (boxes[-1].bottom() + 8) if boxes else 40

    def paintEvent(self, event) -> None:  # noqa: N802
        self._boxes = self._layout(self.width())
        painter = QPainter(self)
        first, last = self.marking.selection()
        selecting = self.marking.anchor is not None
        for position, (box, label) in enumerate(zip(self._boxes, self._labels())):
            span = self.marking.span_at(position)
            if span is not None:
                painter.fillRect(box, FILL[span["severity"]])
                painter.setPen(QPen(Qt.black, 3, LINE[span["severity"]]))
                painter.drawLine(box.bottomLeft(), box.bottomRight())
                if "premark" in span:  # placed by the language's tools, not by the speaker: a dashed frame
                    painter.setPen(QPen(Qt.black, 1, Qt.DashLine))
                    painter.drawRect(box.adjusted(3, 3, -4, -4))
            elif selecting and first <= position <= last:
                painter.fillRect(box, SELECTION)
            elif position in self.hints:  # a faint hint: dotted, grey, never a colour of its own
                painter.setPen(QPen(Qt.gray, 2, Qt.DotLine))
                painter.drawLine(box.bottomLeft(), box.bottomRight())
            missing = position == self.marking.missing_position
            painter.setPen(Qt.darkGray if missing and span is None else self.palette().windowText().color())
            painter.drawText(box, Qt.AlignCenter, label)
            if position == self.marking.cursor:
                painter.setPen(QPen(self.palette().highlight().color(), 3))
                painter.drawRect(box.adjusted(1, 1, -2, -2))
        painter.end()

    def mousePressEvent(self, event) -> None:  # noqa: N802
        """A click puts the cursor on a word; Shift+click extends the selection to it."""
        point = event.position().toPoint()
        for position, box in enumerate(self._boxes):
            if box.contains(point):
                self.clicked.emit(position, bool(event.modifiers() & Qt.ShiftModifier))
                return

    def describe(self) -> str:
        """What a screen reader says: the word at the cursor, its mark, and how many marks there are."""
        position = self.marking.cursor
        label = self._labels()[position] if position < len(self._labels()) else ""
        span = self.marking.span_at(position)
        severity = self.severity_labels.get(span["severity"], span["severity"]) if span else ""
        state = self.tr("marked {0}").format(severity) if span else self.tr("not marked")
        if span and "premark" in span:
            state += self.tr(" (placed by {0}: Delete drops it, 1 or 2 re-grades it)").format(span["premark"])
        if position in self.hints and not span:
            state += self.tr(" (the analyser did not recognise this word: H dismisses the hint)")
        return self.tr("{0}: {1}; {2} marks in all").format(label, state, len(self.marking.spans))


class ScoreBar(QWidget):
    """0–100 on a slider, with the four anchors as buttons (keys 1–4)."""

    def __init__(self, anchors: list[dict], labels: dict[str, str]):
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        self.slider = QSlider(Qt.Horizontal)
        self.slider.setRange(0, 100)
        self.slider.setFocusPolicy(Qt.NoFocus)
        accessible(self.slider, self.tr("Score from 0 to 100"))
        self.value = QLabel()
        set_font(self.value, 20, True)
        self.value.setMinimumWidth(70)
        self.slider.valueChanged.connect(lambda v: self.value.setText(str(v)))
        top.addWidget(self.slider, 1)
        top.addWidget(self.value)
        layout.addLayout(top)
        row = FlowLayout()
        self.anchors = anchors
        for number, anchor in enumerate(anchors, 1):
            button = QPushButton(f"{number}  {anchor['value']} · {labels[str(anchor['value'])]}")
            set_font(button, 12)
            button.setFocusPolicy(Qt.NoFocus)
            button.clicked.connect(lambda _=False, v=anchor["value"]: self.slider.setValue(v))
            row.addWidget(button)
        layout.addLayout(row)
        self.slider.setValue(50)
        self.value.setText("50")



class EsaPanel(QWidget):
    """Task E on the item screen, drawn from a :class:`review.rating.session.ReviewSession`: first the marking
    (arrows, Shift, 1 minor, 2 major, M missing, Delete), Enter; then the score (1–4 anchors, ← → by 1,
    ↑ ↓ by 10), Enter saves. The buttons, the slider and clicks on words ask the item page (``request``:
    an action name and its argument), which asks the session."""

    request = Signal(str, object)

    def __init__(self, points: int = 22):
        super().__init__()
        self.phase = Step.MARK
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.caption = QLabel()
        set_font(self.caption, 12, True)
        layout.addWidget(self.caption)
        self.view = SpanView("", points)
        self.view.clicked.connect(lambda position, extend: self.request.emit("go_to", (position, extend)))
        accessible(self.view, self.tr("Translation to mark"))
        layout.addWidget(self.view)
        self.prompt = QLabel()
        set_font(self.prompt, 16, True)
        self.prompt.setWordWrap(True)
        layout.addWidget(self.prompt)
        self.mark_row = QWidget()
        FlowLayout(self.mark_row)  # the marking buttons wrap at large text sizes
        layout.addWidget(self.mark_row)
        self.score_bar: ScoreBar | None = None
        self.score_slot = QVBoxLayout()
        layout.addLayout(self.score_slot)
        self._drawing = False

    def load(self, task, words: dict, caption: str) -> None:
        """Set up for one item of a task that marks spans: its severities' buttons and its score's anchors."""
        spans_q, score_q = task.spans_question, task.score_question
        shown = words["questions"][spans_q["id"]]
        self.words, self.prompts = words, {Step.MARK: spans_q["id"], Step.SCORE: score_q["id"]}
        self.caption.setText(caption)
        self.view.missing_label = shown["missing_label"]
        self.view.severity_labels = {k: v["label"] for k, v in shown["severities"].items()}
        row = self.mark_row.layout()
        while row.count():
            old = row.takeAt(0).widget()
            old.hide()
            old.deleteLater()
        for severity in spans_q["severities"]:
            button = QPushButton(f"{severity['key']}  {shown['severities'][severity['value']]['label']}")
            set_font(button, 13)
            button.setToolTip(shown["severities"][severity["value"]]["help"])
            button.setFocusPolicy(Qt.NoFocus)
            button.clicked.connect(lambda _=False, v=severity["value"]: self.request.emit("mark", v))
            row.addWidget(button)
        for text, action in ((self.tr("Something missing  (M)"), "to_missing"),
                             (self.tr("Remove mark  (Delete)"), "remove"),
                             (self.tr("Done marking  (Enter)"), "to_score")):
            button = QPushButton(text)
            set_font(button, 13)
            button.setFocusPolicy(Qt.NoFocus)
            button.clicked.connect(lambda _=False, a=action: self.request.emit(a, None))
            row.addWidget(button)
        if self.score_bar is not None:  # the previous item's: gone from the screen now, deleted later
            self.score_slot.removeWidget(self.score_bar)
            self.score_bar.hide()
            self.score_bar.deleteLater()
        self.score_bar = ScoreBar(score_q["anchors"], words["questions"][score_q["id"]]["anchors"])
        self.score_bar.slider.valueChanged.connect(
            lambda v: None if self._drawing else self.request.emit("set_score", v))
        self.score_slot.addWidget(self.score_bar)
        name_buttons(self)

    def draw(self, session) -> None:
        """Show the session's marking, hints, step and score."""
        self._drawing = True
        try:
            if self.view.marking is not session.marking:
                self.view.show_marking(session.marking)
            self.view.hints = session.hints
            self.view.refresh()
            self.phase = Step.SCORE if session.step == Step.SCORE else Step.MARK
            self.prompt.setText(self.words["questions"][self.prompts[self.phase]]["prompt"])
            self.mark_row.setVisible(self.phase == Step.MARK)
            self.score_bar.setVisible(self.phase == Step.SCORE)
            if session.score is not None:
                self.score_bar.slider.setValue(int(session.score))
        finally:
            self._drawing = False
