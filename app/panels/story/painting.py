"""Painting the walk-through's picture, laid out by ``canvas.StoryCanvas``.

Chips for the tokens, each matrix with its title, numbers and labels, and in the last
step the marks that say which rows the KV cache keeps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen

from app.panels.matrix_painting import (
    Grid,
    paint_column_numbers,
    paint_grid,
    paint_row_labels,
    row_label,
    text_height,
)
from app.panels.story.words import row_state
from app.text.wording import translate

if TYPE_CHECKING:
    from app.panels.story.canvas import Place, StoryCanvas, StoryLayout


def paint_story(
    canvas: StoryCanvas, painter: QPainter, layout: StoryLayout, grids: dict[str, Grid]
) -> None:
    """Everything of the step: chips, titles, labels, grids, the cache's marks."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    if layout.chips:
        paint_chips(canvas, painter, layout.chips)
    label_font = canvas.font_at(0.8)
    story = canvas.shown_story
    tokens = story.tokens
    for index, (name, grid) in enumerate(grids.items()):
        place = layout.places[name]
        painter.setFont(canvas.font_at(0.9, bold=True))
        painter.setPen(QColor(canvas.theme.text))
        painter.drawText(
            place.header,
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom)
            | int(Qt.TextFlag.TextWordWrap),
            place.title,
        )
        paint_frame(canvas, painter, grid, place)
        paint_column_numbers(
            painter,
            place.frame,
            grid.left,
            grid.top - (10 if canvas.step == 4 else 2),
            grid.cell,
            canvas.theme,
            label_font,
        )
        if canvas.step == 3:
            labels = [row_label(tokens, story.query)]
            paint_row_labels(
                painter, labels, grid.left, grid.top, grid.cell, canvas.theme, label_font, 0
            )
        elif place.words and (index == 0 or place.header.left() == 0):
            labels = [row_label(tokens, i) for i in range(grid.rows)]
            query = story.query if canvas.step != 4 else None
            paint_row_labels(
                painter, labels, grid.left, grid.top, grid.cell, canvas.theme, label_font, query
            )
        paint_grid(painter, grid, canvas.theme, number_font(canvas, place))
        if canvas.step == 4:
            paint_cache_marks(canvas, painter, name, grid, place.words)
    if layout.legend_top >= 0:
        paint_cache_legend(canvas, painter, layout.legend_top)


def number_font(canvas: StoryCanvas, place: Place) -> QFont | None:
    if not place.number_px:
        return None
    font = QFont(canvas.font())
    font.setPixelSize(place.number_px)
    return font


def paint_frame(canvas: StoryCanvas, painter: QPainter, grid: Grid, place: Place) -> None:
    """In the last step, the room the rest of the sentence will take, dashed."""
    if canvas.step != 4 or grid.rows == place.frame:
        return
    side = place.frame * grid.cell
    pen = QPen(QColor(canvas.theme.border), 1, Qt.PenStyle.DashLine)
    painter.save()
    painter.setPen(pen)
    painter.drawRect(QRectF(grid.left, grid.top, side, side))
    painter.restore()


def paint_chips(canvas: StoryCanvas, painter: QPainter, rects: list[QRectF]) -> None:
    theme, story = canvas.theme, canvas.shown_story
    big, small = canvas.font_at(1.0, bold=True), canvas.small_font()
    big_h = QFontMetrics(big).height()
    pad = max(4, canvas.font_px // 3)
    matches = set(story.layer_two.matches)
    painter.save()
    for i, rect in enumerate(rects):
        matched = canvas.step == 2 and i in matches
        fill = QColor(theme.accent if matched else theme.panel)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(fill)
        painter.drawRoundedRect(rect, 6, 6)
        if i == story.query:
            painter.setPen(QPen(QColor(theme.query), 3))
        elif canvas.step == 0 and i in matches:
            painter.setPen(QPen(QColor(theme.accent), 3, Qt.PenStyle.DashLine))
        else:
            painter.setPen(QPen(QColor(theme.border), 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 6, 6)
        top, bottom = canvas.chip_texts(i)
        text = QColor(theme.accent_text) if matched else QColor(theme.text)
        painter.setPen(text)
        painter.setFont(big)
        inner = rect.adjusted(pad, pad, -pad, -pad)
        painter.drawText(
            QRectF(inner.left(), inner.top(), inner.width(), big_h),
            Qt.AlignmentFlag.AlignCenter,
            top,
        )
        painter.setFont(small)
        painter.setPen(text if matched else QColor(theme.muted))
        painter.drawText(
            QRectF(inner.left(), inner.top() + big_h, inner.width(), inner.height() - big_h),
            Qt.AlignmentFlag.AlignCenter,
            bottom,
        )
    painter.restore()


def paint_cache_marks(
    canvas: StoryCanvas, painter: QPainter, name: str, grid: Grid, words: bool
) -> None:
    """Right of each row: kept (cached), new, or changed; above each column: cached."""
    theme, t = canvas.theme, grid.rows
    frame = canvas.shown_story.cache.frames[t - 1]
    changed = frame.changed_masked if name == "mask_on" else frame.changed_unmasked
    font = canvas.small_font()
    metrics = QFontMetrics(font)
    words = words and grid.cell >= metrics.height() * 0.9
    x = grid.left + t * grid.cell + 4
    painter.save()
    painter.setFont(font)
    for i in range(t):
        state = "new" if i == t - 1 else ("changed" if changed[i] else "kept")
        colour = QColor(theme.accent if state == "kept" else theme.query)
        bar = QRectF(x, grid.top + i * grid.cell + 1, 5, grid.cell - 2)
        painter.fillRect(bar, colour)
        if words:
            painter.setPen(colour if state != "kept" else QColor(theme.text))
            painter.drawText(
                QRectF(x + 8, grid.top + i * grid.cell, 200, grid.cell),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                row_state(state),
            )
    if name == "mask_on":  # the keys and values the new row reads from the cache
        y = grid.top - 7
        if t > 1:
            painter.fillRect(QRectF(grid.left, y, (t - 1) * grid.cell - 1, 5), QColor(theme.accent))
        painter.fillRect(
            QRectF(grid.left + (t - 1) * grid.cell, y, grid.cell, 5), QColor(theme.query)
        )
    painter.restore()


def cache_legend() -> tuple[tuple[str, str], ...]:
    return (
        (
            "accent",
            translate(
                "InductionStory",
                "kept: read from the cache; the bar over the columns marks the cached keys "
                "and values the new row reads",
            ),
        ),
        (
            "query",
            translate("InductionStory", "new or changed: has to be computed (again)"),
        ),
    )


def cache_legend_height(canvas: StoryCanvas, width: float) -> float:
    font = canvas.small_font()
    return sum(text_height(font, width - 12, text) + 4 for _, text in cache_legend())


def paint_cache_legend(canvas: StoryCanvas, painter: QPainter, top: float) -> None:
    font = canvas.small_font()
    metrics = QFontMetrics(font)
    painter.save()
    painter.setFont(font)
    for colour, text in cache_legend():
        height = text_height(font, canvas.width() - 12, text)
        painter.fillRect(
            QRectF(0, top + 2, 5, metrics.height() - 4), QColor(getattr(canvas.theme, colour))
        )
        painter.setPen(QColor(canvas.theme.muted))
        painter.drawText(
            QRectF(12, top, canvas.width() - 12, height), int(Qt.TextFlag.TextWordWrap), text
        )
        top += height + 4
    painter.restore()
