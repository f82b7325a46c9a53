"""What a screen reader says when a key changes the lesson.

The readout says where the query looks; a learner who cannot see the heatmap also
needs to hear what changed: the head, the mask, the sentence, the page, the tour's
stop. Each change is put into one sentence and handed to the herald
(``app.accessibility.herald``), which gets it to old and new screen readers alike.
A query moved on the focused token strip is said by the strip itself (its focused item
moves, and its description is the readout), so it is not said twice; when more changed
(a head, a tour stop), the news goes into the item the focus moves to, before it moves,
so that the screen reader reads it there. That is why this listener hears each result
before the views draw it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible

from app.accessibility.herald import Herald
from app.accessibility.items import PaintedItem
from app.panels.challenges import confirmation
from app.text.wording import fill, head_name, readout_of, translate
from app.ui.binding import listen
from app.window.tour import TOUR
from core.challenges import CHALLENGES

if TYPE_CHECKING:
    from app.model.results import AttentionResult
    from app.window.roles import SpokenHost


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


def sentence(part: str) -> str:
    """A part of the message, ending as a sentence ends."""
    return part if part.endswith((".", "!", "?")) else f"{part}."


class SpokenChanges(QObject):
    """Follows the window's results and pages, and tells the herald what changed."""

    def __init__(self, window: SpokenHost) -> None:
        super().__init__(window.window())
        self.window = window
        self.herald = Herald(window.window())
        self._previous: AttentionResult | None = window.controller.attention
        self._stop = -1
        # The challenges complete before the result being said: kept here, from the
        # state's own announcements (which come after the result's), so what is said
        # never depends on whether the challenge tracker has heard the result yet.
        self._completed = window.state.completed
        # Connected before the window draws results (see the module).
        listen(self, window.controller.attention_changed, self._result)
        listen(self, window.state.completed_changed, self._remember_completed)
        listen(self, window.state.presenting_changed, self._presenting)

    def follow_pages(self) -> None:
        """Say each side page that is opened (once the side panel exists)."""
        self.window.side_tabs.currentChanged.connect(self._page)

    def _result(self, result: AttentionResult) -> None:
        previous, self._previous = self._previous, result
        self.herald.forget()  # what was said of the last result is old news now
        if previous is None:
            return
        parts = change_text(previous, result) + self._completions(result)
        caption = self._tour_caption()
        if caption:
            parts.append(caption)
        if not parts and previous.query == result.query:
            return  # nothing a learner did
        strip = self.window.token_strip
        moving = strip.hasFocus() and previous.query != result.query
        if not parts and moving:
            return  # the strip's focused item moves, and says the readout itself
        message = " ".join(sentence(p) for p in [*parts, readout_of(result)])
        item = self._strip_item(result.query) if moving else None
        self.herald.tell(message, item)

    def _completions(self, result: AttentionResult) -> list[str]:
        """The confirmation of each challenge this result completes (a learner's move
        only: a tour stop completes nothing)."""
        if self.window.controller.is_scripted:
            return []
        new = [c for c in CHALLENGES if c.id in result.met_challenges - self._completed]
        done = len(self._completed)
        return [confirmation(self.window.state, c, done + n) for n, c in enumerate(new, start=1)]

    def _remember_completed(self, completed: frozenset[str]) -> None:
        self._completed = completed

    def _presenting(self, on: bool) -> None:
        self.herald.tell(
            translate("Spoken", "Presenter mode on")
            if on
            else translate("Spoken", "Presenter mode off")
        )

    def _strip_item(self, position: int) -> PaintedItem | None:
        iface = QAccessible.queryAccessibleInterface(self.window.token_strip)
        item = iface.child(position) if iface is not None else None
        return item if isinstance(item, PaintedItem) else None

    def _tour_caption(self) -> str:
        """The tour's caption when a new stop of it is what changed."""
        index = self.window.presenter.stop_index
        if index < 0 or index == self._stop or not TOUR[index].is_shown_by(self.window.state):
            if index < 0 or not TOUR[index].is_shown_by(self.window.state):
                self._stop = -1
            return ""
        self._stop = index
        where = fill(translate("TourCaption", "Tour %1 of %2"), index + 1, len(TOUR))
        return f"{where} · {TOUR[index].text()}"

    def _page(self, index: int) -> None:
        title = self.window.side_tabs.tabText(index).replace("&", "")
        if title and not self.window.side_tabs.tabBar().hasFocus():  # the tab says itself
            self.herald.tell(fill(translate("Spoken", "%1 page shown"), title))
