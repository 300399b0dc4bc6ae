"""A4 pages drawn with Qt's own PDF writer, or as images to look at (screenshots and checks): what the paper forms
and the community report share. A command line needs no screen: drawing is offscreen unless the app runs."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QMarginsF, QRectF, Qt
from PySide6.QtGui import QImage, QPageLayout, QPageSize, QPdfWriter

from scoring.errors import BadValue

from .qt_common import application, set_ui_language, ui_language, ui_languages

DPI = 150  # of the PDF's drawing
MARGIN_MM = 15
IMAGE_DPI = 100  # of a page drawn as an image


@contextmanager
def painting(ui: str | None = None) -> Iterator[None]:
    """Qt's drawing, with the app's fonts, speaking ``ui`` (default: the interface's language) while the pages are
    drawn; the app speaks its own language again afterwards."""
    if QCoreApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    application()
    if ui is not None and ui not in ui_languages():
        raise BadValue("--language", ui, f"no interface in that language (known: {', '.join(ui_languages())})")
    spoken = ui_language()
    if ui is not None and ui != spoken:
        set_ui_language(ui, remember=False)
    try:
        yield
    finally:
        if ui_language() != spoken:
            set_ui_language(spoken, remember=False)


def pdf_writer(path: str, title: str) -> tuple[QPdfWriter, QRectF]:
    """An A4 PDF at :data:`DPI` with its margins, and the rectangle to draw in (pixels, from 0, 0)."""
    writer = QPdfWriter(path)
    writer.setResolution(DPI)
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.A4), QPageLayout.Portrait,
                                     QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM)))
    writer.setTitle(title)
    paint = writer.pageLayout().paintRectPixels(DPI)
    return writer, QRectF(paint).translated(-paint.topLeft())


def page_image() -> tuple[QImage, QRectF]:
    """A blank A4 page as an image at :data:`IMAGE_DPI`, and the rectangle inside its margins."""
    image = QImage(int(210 / 25.4 * IMAGE_DPI), int(297 / 25.4 * IMAGE_DPI), QImage.Format_RGB32)
    image.setDotsPerMeterX(int(IMAGE_DPI / 0.0254))
    image.setDotsPerMeterY(int(IMAGE_DPI / 0.0254))
    image.fill(Qt.white)
    margin = MARGIN_MM / 25.4 * IMAGE_DPI
    return image, QRectF(margin, margin, image.width() - 2 * margin, image.height() - 2 * margin)


def save_image(image: QImage, path: str | Path) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    image.save(str(path))
