"""A large on/off switch for the causal mask (key M)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QAbstractButton, QWidget

from app.model.state import AppState
from app.text.wording import translate
from app.ui.binding import bind
from app.ui.painting import paint_focus_ring
from app.ui.theme import THEMES, Theme


def _on_text() -> str:
    return translate("MaskToggle", "Causal mask: on")


def _off_text() -> str:
    return translate("MaskToggle", "Causal mask: off")


class MaskToggle(QAbstractButton):
    """A painted switch: a track with a knob, and words that say the state."""

    def __init__(self, state: AppState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._theme = THEMES[state.theme_id]
        self.setCheckable(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAccessibleName(translate("MaskToggle", "Causal mask, key M"))
        self.setToolTip(
            translate(
                "MaskToggle",
                "Hide or show the future: each token may only see itself and "
                "earlier tokens while the mask is on (key M)",
            )
        )
        bind(self, state, "causal", self.show_causal, self.toggled, state.set_causal)

    def show_causal(self, causal: bool) -> None:
        self.setChecked(causal)
        self.setText(_on_text() if causal else _off_text())
        self.setAccessibleDescription(
            translate("MaskToggle", "on: each token sees only itself and earlier tokens")
            if causal
            else translate("MaskToggle", "off: every token sees the whole sentence")
        )
        self.update()

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.update()

    def _track_size(self) -> QSize:
        h = max(28, round(self.fontMetrics().height() * 1.5))
        return QSize(round(h * 1.9), h)

    def set_stacked(self, stacked: bool) -> None:
        """Words on two lines ("Causal mask:" over "on"): the switch then fits the
        column of head buttons beside the heatmap at large text."""
        if stacked != getattr(self, "_stacked", False):
            self._stacked = stacked
            self.updateGeometry()
            self.update()

    def _label(self) -> str:
        return self.text().replace(": ", ":\n") if getattr(self, "_stacked", False) else self.text()

    def size_for(self, stacked: bool) -> QSize:
        """The size the switch asks for with its words on one line or on two."""
        track = self._track_size()
        font = self.font()
        font.setBold(True)
        metrics = QFontMetrics(font)
        off = _off_text()
        head, _, tail = off.partition(": ")
        lines = [f"{head}:", tail] if stacked and tail else [off]
        text_w = max(metrics.horizontalAdvance(line) for line in lines) + 16
        text_h = metrics.height() * len(lines) + 12
        return QSize(track.width() + text_w + 12, max(48, track.height() + 12, text_h))

    def sizeHint(self) -> QSize:  # noqa: N802
        return self.size_for(getattr(self, "_stacked", False))

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return self.sizeHint()

    def paintEvent(self, event) -> None:  # noqa: N802
        theme = self._theme
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        track = self._track_size()
        rect = QRectF(4, (self.height() - track.height()) / 2, track.width(), track.height())
        on = self.isChecked()
        painter.setPen(QPen(QColor(theme.border), 2))
        painter.setBrush(QColor(theme.accent if on else theme.masked))
        painter.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
        knob = rect.height() - 8
        x = rect.right() - knob - 4 if on else rect.left() + 4
        painter.setBrush(QColor(theme.panel))
        painter.drawEllipse(QRectF(x, rect.top() + 4, knob, knob))
        font = self.font()
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor(theme.text))
        text_rect = QRectF(rect.right() + 10, 0, self.width() - rect.right() - 10, self.height())
        painter.drawText(text_rect, Qt.AlignmentFlag.AlignVCenter, self._label())
        if self.hasFocus():
            paint_focus_ring(painter, QRectF(self.rect()), theme.focus)
        painter.end()
