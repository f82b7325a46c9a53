"""The matrices canvas paints its grid once and only the query's marks on a new query:
what it shows must be exactly what painting everything anew shows."""

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QRegion
from PySide6.QtWidgets import QWidget

from app.panels.learned.matrices import MatricesCanvas, Matrix
from app.panels.matrix_painting import GREY_LUT
from app.ui.theme import THEMES


def _matrix(n: int, seed: int) -> Matrix:
    weights = np.tril(np.random.default_rng(seed).random((n, n)))
    weights /= weights.sum(axis=1, keepdims=True)
    return Matrix(f"head {seed}", weights, np.triu(np.ones((n, n), bool), k=1))


def _canvas(qtbot, n: int, count: int, width: int) -> MatricesCanvas:
    canvas = MatricesCanvas(clickable=True)
    qtbot.addWidget(canvas)
    canvas.set_style(THEMES["dark"], 16, GREY_LUT)
    labels = [f"word{i} {i}" for i in range(n)]
    canvas.set_content([_matrix(n, s) for s in range(count)], labels, 0)
    canvas.resize(width, canvas.heightForWidth(width))
    canvas.show()
    return canvas


def _image(canvas: MatricesCanvas) -> QImage:
    image = QImage(canvas.size(), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    return image


def _cached(canvas: MatricesCanvas) -> QImage:
    """What the canvas paints: its picture, then the query's marks."""
    image = _image(canvas)
    canvas.render(image, QPoint(), QRegion(), QWidget.RenderFlag(0))
    return image


def _fresh(canvas: MatricesCanvas) -> QImage:
    """Everything painted at once for the query, as the canvas did before its picture."""
    image = _image(canvas)
    painter = QPainter(image)
    canvas._paint_base(painter, canvas.compute_layout(canvas.width()), canvas.query)
    painter.end()
    return image


@pytest.mark.parametrize(("n", "count", "width"), [(9, 1, 480), (9, 2, 700), (40, 1, 300)])
def test_a_new_query_looks_exactly_as_a_fresh_paint(qtbot, n, count, width):
    canvas = _canvas(qtbot, n, count, width)
    canvas.grab()  # the picture is made for query 0
    for query in (3, n - 1, 0, None, 5):
        canvas.set_query(query)
        assert _cached(canvas) == _fresh(canvas), query


def test_a_new_query_moves_the_outline(qtbot):
    canvas = _canvas(qtbot, 9, 1, 480)
    canvas.grab()
    canvas.set_query(6)
    image = canvas.grab().toImage()
    grid = canvas.grid(0)
    query = QColor(THEMES["dark"].query)

    def edge(row: int) -> QColor:  # the outline's left edge, beside the row's middle
        return image.pixelColor(int(grid.left) - 1, int(grid.top + (row + 0.5) * grid.cell))

    assert edge(6) == query and edge(0) != query
