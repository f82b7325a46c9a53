"""The model's five likeliest next words at the query, as labelled bars."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.panels.english.wording import unknown_word
from app.text.wording import format_percent, translate
from app.ui.theme import THEMES, Theme
from core.english.analysis import Prediction


def prediction_text(prediction: Prediction) -> str:
    """'chased' (the model's words stay English) or the unknown-word wording."""
    return prediction.word if prediction.known else unknown_word()


class PredictionBars(QWidget):
    """One row per guess: the word, a bar as long as its probability, the percentage."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.predictions: tuple[Prediction, ...] = ()
        self._theme: Theme = THEMES["light"]
        self._font_px = 16
        self.setAccessibleName(translate("PredictionBars", "The model's next-word guesses"))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_predictions(self, predictions: Sequence[Prediction]) -> None:
        self.predictions = tuple(predictions)
        self.setAccessibleDescription(
            ", ".join(f"{prediction_text(p)} {format_percent(p.probability)}" for p in predictions)
        )
        self.updateGeometry()
        self.update()

    def set_theme(self, theme: Theme, font_px: int) -> None:
        self._theme, self._font_px = theme, font_px
        self.updateGeometry()
        self.update()

    def _font(self) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(self._font_px)
        return font

    def _row_height(self) -> int:
        return QFontMetrics(self._font()).height() + 8

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(300, self._row_height() * max(1, len(self.predictions)))

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(160, self.sizeHint().height())

    def paintEvent(self, event) -> None:  # noqa: N802
        painter = QPainter(self)
        font = self._font()
        metrics = QFontMetrics(font)
        painter.setFont(font)
        row_h = self._row_height()
        word_w = min(
            self.width() * 0.45,
            max(
                (metrics.horizontalAdvance(prediction_text(p)) for p in self.predictions), default=0
            )
            + 12,
        )
        percent_w = metrics.horizontalAdvance(format_percent(1.0)) + 8
        bar_w = max(1.0, self.width() - word_w - percent_w)
        text_flags = int(Qt.AlignmentFlag.AlignVCenter)
        for row, p in enumerate(self.predictions):
            top = row * row_h
            painter.setPen(QColor(self._theme.text if p.known else self._theme.muted))
            word = metrics.elidedText(
                prediction_text(p), Qt.TextElideMode.ElideRight, int(word_w) - 8
            )
            painter.drawText(QRectF(0, top, word_w, row_h), text_flags, word)
            bar = QRectF(word_w, top + 4, max(1.0, bar_w * p.probability), row_h - 8)
            painter.fillRect(bar, QColor(self._theme.accent if row == 0 else self._theme.muted))
            painter.setPen(QColor(self._theme.text))
            painter.drawText(
                QRectF(word_w + bar.width() + 4, top, percent_w, row_h),
                text_flags,
                format_percent(p.probability),
            )
        painter.end()
