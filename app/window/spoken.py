"""What a screen reader says when a key changes the lesson.

The readout says where the query looks; a learner who cannot see the heatmap also
needs to hear what changed: the head, the mask, the sentence, the page, the tour's
stop. Each change is put into one sentence and handed to the herald
(``app.accessibility.herald``), which gets it to old and new screen readers alike.
A query moved on the focused token strip is said by the strip itself (its focused item
moves, and its description is the readout), so it is not said twice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer

from app.accessibility.herald import Herald
from app.text.wording import fill, head_name, translate

if TYPE_CHECKING:
    from app.model.results import AttentionResult
    from app.window.main_window import MainWindow


def mask_words(causal: bool) -> str:
    return (
        translate("MaskToggle", "Causal mask: on")
        if causal
        else translate("MaskToggle", "Causal mask: off")
    )


def change_text(previous: AttentionResult, result: AttentionResult) -> list[str]:
    """The parts of the sentence that say what changed, before the readout."""
    parts = []
    if previous.tokens != result.tokens:
        parts.append(fill(translate("Spoken", "New sentence, %1 tokens"), len(result.tokens)))
    if previous.head_id != result.head_id:
        parts.append(fill(translate("Spoken", "%1 head"), head_name(result.head_id)))
    if previous.causal != result.causal:
        parts.append(mask_words(result.causal))
    return parts


class SpokenChanges(QObject):
    """Follows the window's results and pages, and tells the herald what changed."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.herald = Herald(window)
        self._previous: AttentionResult | None = window.controller.attention
        self._caption = ""
        window.controller.attention_changed.connect(self._result)
        window.side_tabs.currentChanged.connect(self._page)

    def _result(self, result: AttentionResult) -> None:
        # Once the change is drawn (a tour stop shows its caption right after).
        QTimer.singleShot(0, self, lambda: self._say_result(result))

    def _say_result(self, result: AttentionResult) -> None:
        previous, self._previous = self._previous, result
        if previous is None or result is not self.window.controller.attention:
            return  # a later result is on its way
        parts = change_text(previous, result)
        caption = self._tour_caption()
        if caption and caption != self._caption:
            parts.append(caption)
        self._caption = caption
        if not parts and previous.query == result.query:
            return  # nothing a learner did
        if not parts and self.window.token_strip.hasFocus():
            return  # the strip's focused item moved, and says the readout itself
        self.herald.tell(". ".join([*parts, result.readout_text]))

    def _tour_caption(self) -> str:
        caption = getattr(self.window, "tour_caption", None)
        return caption.text() if caption is not None and caption.isVisible() else ""

    def _page(self, index: int) -> None:
        title = self.window.side_tabs.tabText(index).replace("&", "")
        if title and not self.window.side_tabs.tabBar().hasFocus():  # the tab says itself
            self.herald.tell(fill(translate("Spoken", "%1 page shown"), title))
