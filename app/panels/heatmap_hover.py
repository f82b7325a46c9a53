"""Which cell or axis label lies under a point of the heatmap, and what its tooltip says."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF

from app.text.wording import fill, translate


def cell_under(view, n: int, scene_pos: QPointF) -> tuple[int, int] | None:
    """(query, key) of the cell under a scene point of ``view``, or None outside the
    ``n`` x ``n`` matrix."""
    if not view.sceneBoundingRect().contains(scene_pos):
        return None
    point = view.mapSceneToView(scene_pos)
    row, col = math.floor(point.y()), math.floor(point.x())
    if 0 <= row < n and 0 <= col < n:
        return row, col
    return None


def hover_text(view, scene_pos: QPointF, labels: list[str]) -> str:
    """The tooltip over an axis label or a cell: the token(s) by word and position."""
    point = view.mapSceneToView(scene_pos)
    n = len(labels)
    corners = (view.mapViewToScene(QPointF(0, 0)), view.mapViewToScene(QPointF(n, n)))
    rect = QRectF(*corners).normalized()  # the matrix, in scene coordinates
    col, row = math.floor(point.x()), math.floor(point.y())
    if rect.left() <= scene_pos.x() <= rect.right() and scene_pos.y() < rect.top():
        return fill(translate("HeatmapView", "key %1"), labels[col]) if 0 <= col < n else ""
    if rect.top() <= scene_pos.y() <= rect.bottom() and scene_pos.x() < rect.left():
        return fill(translate("HeatmapView", "query %1"), labels[row]) if 0 <= row < n else ""
    if 0 <= row < n and 0 <= col < n:
        return fill(translate("HeatmapView", "query %1, key %2"), labels[row], labels[col])
    return ""
