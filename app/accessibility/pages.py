"""The side pages' pictures, read as lines of text in the order they are drawn.

The steps, the two-layer story and the learned heads paint their matrices. Each
picture becomes a node whose children are lines a screen reader reads one by one:
a title, then the query's row with the numbers the picture shows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from PySide6.QtCore import QRect
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QAccessibleWidget, QWidget

from app.accessibility.items import ItemCache, PaintedItem, widget_rect_to_screen
from app.text.numbers import score_text, weight_text
from app.text.wording import display_tokens, fill, token_label, translate

if TYPE_CHECKING:
    from app.accessibility.protocols import PictureWidget


def _hidden() -> str:
    return translate("PageText", "hidden by the mask")


def _row_title(title: str, shown: Sequence[str], query: int) -> str:
    return fill(translate("PageText", "%1, query %2:"), title, token_label(shown, query))


def row_line(
    title: str,
    tokens: Sequence[str],
    query: int,
    values: np.ndarray,
    hidden: np.ndarray,
    number: Callable[[float], str] = weight_text,
) -> str:
    """'Weights, query cat (7): the (0) 0.05, cat (1) 0.01, ..., the (9) hidden by the mask'."""
    shown = display_tokens(tuple(tokens))
    cells = [
        f"{token_label(shown, k)} {_hidden() if hidden[k] else number(float(values[k]))}"
        for k in range(len(values))
    ]
    return f"{_row_title(title, shown, query)} " + ", ".join(cells)


class TextLine(PaintedItem):
    """One line of a picture's text."""

    ROLE = QAccessible.Role.StaticText

    def __init__(self, widget: QWidget, index: int, lines: Callable[[], list[str]]) -> None:
        super().__init__(widget, index)
        self._lines = lines

    def exists(self) -> bool:
        return self.index < len(self._lines())

    def name(self) -> str:
        return self._lines()[self.index]

    def screen_rect(self) -> QRect:
        return widget_rect_to_screen(self.widget, self.widget.rect().toRectF())

    def actionNames(self) -> list[str]:  # noqa: N802 (Qt override)
        return []  # text to read, nothing to press


class PictureAccessible(QAccessibleWidget):
    """A painted picture whose children are its lines of text (see the module)."""

    def __init__(self, widget: PictureWidget) -> None:
        super().__init__(widget, QAccessible.Role.Graphic, widget.accessibleName())
        self.picture = widget
        self.lines = widget.text_lines
        self.items: ItemCache[int] = ItemCache(widget, lambda i: TextLine(widget, i, self.lines))

    def childCount(self) -> int:  # noqa: N802 (Qt override)
        return len(self.lines())

    def child(self, index: int) -> QAccessibleInterface | None:
        return self.items.get(index) if 0 <= index < self.childCount() else None

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: N802
        if isinstance(child, TextLine) and child.widget is self.picture and child.exists():
            return child.index
        return -1


def steps_lines(canvas) -> list[str]:
    """The query's row in each stage the steps page draws."""
    steps, q = canvas.steps, canvas.query
    if steps is None or not 0 <= q < len(steps.tokens):
        return []
    no_mask = np.zeros(len(steps.tokens), dtype=bool)
    scores = translate("PageText", "Scores")
    lines = [row_line(scores, steps.tokens, q, steps.scores[q], no_mask, score_text)]
    if steps.causal:
        masked = steps.masked_scores[q]
        title = translate("PageText", "Masked scores")
        lines.append(row_line(title, steps.tokens, q, masked, no_mask, score_text))
    weights = translate("PageText", "Weights")
    lines.append(row_line(weights, steps.tokens, q, steps.weights[q], steps.hidden[q]))
    return lines


def matrices_lines(canvas) -> list[str]:
    """The query's row of each matrix a learned-heads canvas draws."""
    q = canvas.query
    if q is None or not canvas.matrices or not 0 <= q < len(canvas.labels):
        return []
    tokens = [label.rpartition(" ")[0] or label for label in canvas.labels]
    return [row_line(m.title, tokens, q, m.weights[q], m.hidden[q]) for m in canvas.matrices]


def chip_line(story, position: int, step: int) -> str:
    """A chip of the story in words: 'cat (7)', later 'cat (7), carries the (6)'."""
    shown = display_tokens(story.tokens)
    label = token_label(shown, position)
    if position == story.query:
        label = fill(translate("PageText", "%1, the query"), label)
    if step == 0:
        return label
    carried = int(story.layer_one.carried_index[position])
    if carried < 0:
        return fill(translate("PageText", "%1, carries nothing from the token before it"), label)
    template = translate("PageText", "%1, carries %2 from the token before it")
    return fill(template, label, token_label(shown, carried))


def story_lines(story, step: int, layout: Any, grids: dict[str, Any]) -> list[str]:
    """The two-layer story's step: its chips, then each matrix's title and the row it
    is about, with the numbers drawn in its cells (``layout`` and ``grids``: the
    canvas's own, so that the lines say exactly what it paints)."""
    shown = display_tokens(story.tokens)
    lines = [chip_line(story, i, step) for i in range(len(layout.chips))]
    for name, grid in grids.items():
        title = layout.places[name].title
        if grid.outline_row is not None:  # the growing sentence: its newest token
            row = query = grid.outline_row
        else:  # a single row is the query's; a square matrix is read at the query
            row, query = (0 if grid.rows == 1 else story.query), story.query
        if grid.texts is None:
            lines.append(fill(translate("PageText", "%1 (in colour only at this size)"), title))
            continue
        cells = [
            f"{token_label(shown, k)} {_hidden() if grid.hidden[row][k] else text}"
            for k, text in enumerate(grid.texts[row])
        ]
        lines.append(f"{_row_title(title, shown, query)} " + ", ".join(cells))
    return lines
