"""Where the query looks most, in words big enough for the back row."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QLabel, QWidget

from app.model.results import AttentionResult
from app.panels.pages import PublishesResults, draw_results
from app.text.wording import readout_of, translate
from app.ui.fitting import FittedText, elide_to

#: The lines the readout keeps in the normal window, whatever the sentence says.
READOUT_LINES = 2


class Readout(QLabel):
    """'cat (7) looks most at chased (2), 92%'; a tie names every key.

    In a room (see ``fit_sizes``) the readout keeps the height it was given: a longer
    sentence takes a smaller size, never another line of the room's height.
    """

    def __init__(
        self, parent: QWidget | None = None, results: PublishesResults | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("readout")
        self.setWordWrap(True)
        # No fixed accessible name: the sentence itself is the name, so a screen reader
        # reads what the room sees.
        self.setAccessibleDescription(translate("Readout", "Where the query looks most"))
        self.fitted = FittedText(self, "readout")
        draw_results(self, self.show_result, results)

    def fit_sizes(self, sizes: tuple[int, int] | None) -> None:
        """Fit the words to this label's fixed size, from ``sizes[0]`` px down to
        ``sizes[1]`` (then cut with "…"); ``None`` lets the text size decide again, in a
        frame of ``READOUT_LINES`` lines (a wrapping sentence never moves the controls)."""
        self.fitted.set_sizes(sizes)
        self._reserve_lines()

    def _reserve_lines(self) -> None:
        if self.fitted.sizes is not None:
            return  # a room gave this label its height
        self.ensurePolished()
        margins = self.contentsMargins()
        height = READOUT_LINES * QFontMetrics(self.font()).lineSpacing()
        height += margins.top() + margins.bottom()
        if (self.minimumHeight(), self.maximumHeight()) != (height, height):
            self.setFixedHeight(height)
        self._show_within_lines()

    def _show_within_lines(self) -> None:
        """In the normal window: the whole sentence, or as much as its lines hold."""
        full = self.fitted.full_text
        if self.fitted.sizes is not None or not full:
            return
        rect = self.contentsRect()
        shown = (
            elide_to(full, self.font(), rect.width(), rect.height()) if rect.width() > 1 else full
        )
        if self.text() != shown:
            self.setText(shown)
        self.setAccessibleName(full if shown != full else "")
        self.setToolTip(full if shown != full else "")

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._reserve_lines()

    def show_result(self, result: AttentionResult) -> None:
        text = readout_of(result)
        if text == self.fitted.full_text and self.text():
            return
        # A screen reader hears the change from the window's herald (with what
        # changed: the head, the mask ...), and from the label's new name.
        self.fitted.show(text)
        self._show_within_lines()
        if self.fitted.sizes is not None and self.text() != text:
            self.setAccessibleName(text)  # cut on screen, whole when read
        elif self.fitted.sizes is not None and self.accessibleName():
            self.setAccessibleName("")

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self.fitted.refit()
        self._show_within_lines()
