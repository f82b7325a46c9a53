"""The presenter's tour: each head's telling moment on the lesson's sentence, with a caption.

A stop sets the head, the query and the mask as the program's own move, so it never
completes a challenge or pops a confirmation mid-talk. Its one-line caption, shown
under the readout while the stop is on screen, says what the audience should notice.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QBoxLayout, QLabel, QLayout, QWidget

from app.text.lesson import is_lesson_sentence, lesson_sentence
from app.text.wording import QT_TRANSLATE_NOOP, fill, translate
from app.ui.binding import listen
from app.ui.fitting import FittedText
from app.ui.qt_typing import present


@dataclass(frozen=True)
class Stop:
    """One stop of the tour: what the audience should be looking at, and why."""

    head_id: str
    query: int
    causal: bool
    caption: str = ""

    def is_shown_by(self, state) -> bool:
        """True while ``state`` is exactly this stop (on the lesson's sentence, any language)."""
        return is_lesson_sentence(state.sentence) and (
            state.head_id,
            state.query,
            state.causal,
        ) == (self.head_id, self.query, self.causal)

    def text(self) -> str:
        """The caption in the language in use (the translation speaks of its own tokens)."""
        return translate("Tour", self.caption)


#: The tour, on the lesson's sentence: "the cat chased the dog . the cat chased the".
TOUR: tuple[Stop, ...] = (
    Stop(
        "previous_token",
        5,
        True,
        QT_TRANSLATE_NOOP(
            "Tour", "Each token looks one step back: “.” (5) gives nearly all to “dog” (4)."
        ),
    ),
    Stop(
        "same_word",
        9,
        True,
        QT_TRANSLATE_NOOP(
            "Tour", "The last “the” (9) shares its weight among the earlier copies at 0, 3 and 6."
        ),
    ),
    Stop(
        "same_word",
        0,
        True,
        QT_TRANSLATE_NOOP(
            "Tour",
            "The first “the” (0) has no earlier copy and cannot see later ones: all on itself.",
        ),
    ),
    Stop(
        "same_word",
        0,
        False,
        QT_TRANSLATE_NOOP(
            "Tour", "Mask off: the first “the” (0) now reaches forward to its copies at 3, 6 and 9."
        ),
    ),
    Stop(
        "induction",
        7,
        True,
        QT_TRANSLATE_NOOP(
            "Tour",
            "“cat” (7) looks at “chased” (2), what followed the earlier “cat”: the next word.",
        ),
    ),
    Stop(
        "induction",
        9,
        True,
        QT_TRANSLATE_NOOP(
            "Tour",
            "“the” (9) splits between “cat” (1), “dog” (4) and “cat” (7): each followed a “the”.",
        ),
    ),
    Stop(
        "induction",
        8,
        True,
        QT_TRANSLATE_NOOP(
            "Tour",
            "“chased” (8) looks at “the” (3), which followed the earlier “chased”: "
            "“the” comes next.",
        ),
    ),
    Stop(
        "first_token",
        9,
        True,
        QT_TRANSLATE_NOOP(
            "Tour",
            "Every row piles onto position 0: “the” (9) sends nearly everything to “the” (0).",
        ),
    ),
    Stop(
        "first_token",
        9,
        False,
        QT_TRANSLATE_NOOP(
            "Tour",
            "Mask off: “the” (9) and every row above keep their weight on “the” (0), "
            "always visible.",
        ),
    ),
    Stop(
        "broad",
        9,
        True,
        QT_TRANSLATE_NOOP(
            "Tour", "“the” (9) gives each of the ten tokens it can see the same share, 10%."
        ),
    ),
    Stop(
        "broad",
        9,
        False,
        QT_TRANSLATE_NOOP(
            "Tour",
            "Mask off: the last token's row stays put; the rows above it now spread to the end.",
        ),
    ),
)


def go_to(window, index: int) -> Stop:
    """Show stop ``index`` of the tour in ``window`` (lesson sentence, head, query, mask)."""
    stop = TOUR[index]
    state = window.state
    # Outermost: the batch's single change is handled before the guard is lifted.
    with window.controller.scripted(), state.batch():
        if not is_lesson_sentence(state.sentence):
            state.set_sentence(lesson_sentence())
        state.set_head(stop.head_id)
        state.set_query(stop.query)
        state.set_causal(stop.causal)
    caption_for(window).show_stop(index)
    return stop


class TourCaption(QLabel):
    """'Tour 5 of 11 · what to notice', under the readout while that stop is on screen.

    In a room it stands in the stage's notes, whose size is fixed: the words fit it.
    """

    def __init__(self, state, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state = state
        self.stop: Stop | None = None
        self.setObjectName("tourCaption")
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        self.setAccessibleName(translate("TourCaption", "What to notice"))
        self.fitted = FittedText(self, "tourCaption", "font-style: italic;")
        self.hide()
        listen(self, state.changed, self._follow)

    def fit_sizes(self, sizes: tuple[int, int] | None) -> None:
        """Fit the words to the caption's room (see ``app.ui.fitting``), or stop."""
        self.fitted.set_sizes(sizes)

    def show_stop(self, index: int) -> None:
        self.stop = TOUR[index]
        where = fill(translate("TourCaption", "Tour %1 of %2"), index + 1, len(TOUR))
        self.show()
        self._shown_changed()
        self.fitted.show(f"{where} · {self.stop.text()}")

    def full_text(self) -> str:
        """The caption's words, whole (the label shows them cut only if they do not fit)."""
        return self.fitted.full_text

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self.fitted.refit()

    def _follow(self, *_args) -> None:
        # The caption speaks of one exact state; once the learner moves on it is wrong.
        if self.stop is not None and not self.stop.is_shown_by(self._state):
            self.stop = None
            self.hide()
            self._shown_changed()

    def _shown_changed(self) -> None:
        # Outside a room the notes take room only while they hold a caption.
        notes = self.parentWidget()
        if notes is not None and notes.objectName() == "stageNotes":
            room = notes.minimumHeight() > 0 or notes.minimumWidth() > 0
            notes.setVisible(room or self.stop is not None)


def caption_for(window) -> TourCaption:
    """The window's caption, placed right under the readout the first time it is needed."""
    caption = getattr(window, "tour_caption", None)
    if caption is None:
        caption = TourCaption(window.state)
        notes = getattr(getattr(window, "stage", None), "notes", None)
        if notes is not None:  # the stage's notes: under the readout, or in a room's grid
            present(notes.layout()).addWidget(caption, 1)  # the notes' whole height
            window.tour_caption = caption
            window.arrange()
            return caption
        readout = window.readout
        box = _layout_holding(readout.parentWidget().layout(), readout)
        if box is None:  # the readout is not in a box layout: float the caption under it
            caption.setParent(readout.parentWidget())
            caption.setGeometry(readout.x(), readout.geometry().bottom() + 2, readout.width(), 40)
        else:
            box.insertWidget(box.indexOf(readout) + 1, caption)
        window.tour_caption = caption
    return caption


def _layout_holding(layout: QLayout | None, widget: QWidget) -> QBoxLayout | None:
    """The box layout, ``layout`` or one nested in it, that holds ``widget`` directly."""
    if layout is None:
        return None
    if isinstance(layout, QBoxLayout) and layout.indexOf(widget) >= 0:
        return layout
    for index in range(layout.count()):
        found = _layout_holding(present(layout.itemAt(index)).layout(), widget)
        if found is not None:
            return found
    return None
