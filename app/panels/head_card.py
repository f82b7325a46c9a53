"""The selected head's card: what it does, its rule, where it was found, a live score, "try this".

The texts live in ``resources/text/heads.json`` and are checked on loading; a
bad file gives a card that says so instead of a crash. Each "Show me" button
puts the state where its prompt needs it, in one ``state.batch()``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QTextDocumentFragment
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QScroller,
    QVBoxLayout,
    QWidget,
)

from app.model.page_results import PageResults
from app.model.results import AttentionResult
from app.model.state import AppState
from app.panels.card_text import (
    MIN_PROMPTS,
    CardText,
    Prompt,
    ShowMe,
    formula_html,
    parse_head_cards,
)
from app.panels.glossary import connect_term_links, expand_term_links, link_style
from app.panels.sentence_swap import SwapNotice, prompt_note
from app.text.errors import resource_error
from app.text.i18n import current_language
from app.text.resources import ResourceError, load_json, localized
from app.text.wording import fill, format_percent, format_weight, head_name, translate
from app.ui.binding import listen
from app.ui.qt_typing import present
from app.ui.theme import THEMES, Theme

__all__ = ["MIN_PROMPTS", "CardText", "HeadCard", "Prompt", "ShowMe", "load_head_cards"]

HEADS_FILE = "text/heads.json"


def no_score_text() -> str:
    return translate("HeadCard", "No cells to score on this sentence.")


def then_text() -> str:
    return translate(
        "HeadCard",
        "Then the [[causal_mask|causal mask]] and a [[softmax]] turn each row of scores "
        "into weights.",
    )


def word_note() -> str:
    return translate(
        "HeadCard", "<i>w<sub>i</sub></i> is the word at position <i>i</i>, compared without case."
    )


log = logging.getLogger(__name__)


def load_head_cards(name: str | None = None) -> tuple[dict[str, CardText], str | None]:
    """The cards (in the language in use) and None, or no cards and a message saying
    why; never raises."""
    name = name or localized(HEADS_FILE, current_language())
    try:
        return parse_head_cards(load_json(name)), None
    except ResourceError as error:
        log.warning("The head descriptions %s could not be loaded: %s", name, error)
        error.name = error.name or name  # a check of its contents knows no file name
        message = fill(
            translate("HeadCard", "The head descriptions could not be loaded: %1."),
            resource_error(error),
        )
        return {}, message


def open_side_page(widget: QWidget, name: str) -> None:
    """Bring the side panel holding ``widget`` to its page ``name`` (nothing outside one)."""
    from app.panels.side_panel import SidePanel

    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, SidePanel):
        parent = parent.parentWidget()
    if parent is not None and name in parent.holders:
        parent.setCurrentWidget(parent.holders[name])


def _label(object_name: str = "") -> QLabel:
    label = QLabel()
    label.setWordWrap(True)
    if object_name:
        label.setObjectName(object_name)
    return label


class HeadCard(QScrollArea):
    """The card of the selected head; scrolls vertically rather than clip at large zoom."""

    #: A Show me set the stage up (its ShowMe): the window brings the stage into view.
    showed = Signal(object)

    def __init__(
        self,
        state: AppState,
        results: PageResults,
        open_term: Callable[[str], None],
        cards: dict[str, CardText] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._results = results
        self._state = state
        self._open_term = open_term
        if cards is None:
            cards, error = load_head_cards()
        else:
            error = None if cards else translate("HeadCard", "No head descriptions were given.")
        self._cards = cards
        self._rich: dict[QLabel, str] = {}  # label -> its rich text, before the link style
        self._link_style = ""
        self._head_shown: str | None = None
        self._score_key: tuple | None = None
        #: The pattern score on display (None: nothing to score).
        self.score: float | None = None
        self.show_buttons: list[QPushButton] = []
        self.prompts: tuple[Prompt, ...] = ()

        self._build_labels(error)
        self.setWidget(self._build_page(bool(cards)))
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        QScroller.grabGesture(self.viewport(), QScroller.ScrollerGestureType.TouchGesture)
        self.set_theme(THEMES[state.theme_id], state.font_px)
        self._show_head(state.head_id)
        self.no_score.hide()
        self.score_value.setText("…")  # until the first result arrives
        listen(self, state.session_changed, self._start_session)

    # -- building ---------------------------------------------------------------------

    def _build_labels(self, error: str | None) -> None:
        self.title = _label("cardTitle")
        self.error = _label("cardNote")
        self.error.setText(error or "")
        self.error.setVisible(bool(error))
        self.does = self._rich_label()
        self.rule = self._rich_label()
        self.formula = self._rich_label("cardFormula")
        self.formula.setAccessibleName(translate("HeadCard", "The rule as a formula"))
        self.then = self._rich_label("cardNote")
        self.score_heading = self._rich_label("cardHeading")
        self._set_rich(
            self.score_heading,
            translate("HeadCard", "[[pattern_score|Pattern score]] on this sentence"),
        )
        self.score_value = _label("cardScore")
        self.score_value.setAccessibleName(translate("HeadCard", "Pattern score"))
        self.no_score = _label()
        self.no_score.setText(no_score_text())
        self.score_meaning = self._rich_label("cardNote")
        self.source = self._rich_label()
        self.swap_notice = SwapNotice(self._state)
        self.prompt_box = QVBoxLayout()
        self.prompt_box.setSpacing(8)
        #: Under each prompt: the sentence it is written for, when not the learner's.
        self.prompt_notes: list[QLabel] = []

    def _build_page(self, has_cards: bool) -> QWidget:
        self.sections = QWidget()  # everything but the error, hidden when there is no text
        body = QVBoxLayout(self.sections)
        body.setContentsMargins(0, 0, 0, 0)
        body.setSpacing(6)
        sections = (
            (self.title, self.does),
            (self._heading(translate("HeadCard", "Rule")), self.rule, self.formula, self.then),
            (self.score_heading, self.score_value, self.no_score, self.score_meaning),
            (self._heading(translate("HeadCard", "Where it was described")), self.source),
            (self._heading(translate("HeadCard", "Try this")), self.swap_notice),
        )
        for number, widgets in enumerate(sections):
            if number:
                body.addSpacing(10)  # a gap before each heading groups its lines
            for widget in widgets:
                body.addWidget(widget)
        body.addLayout(self.prompt_box)
        self.sections.setVisible(has_cards)
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(4, 4, 8, 4)
        layout.addWidget(self.error)
        layout.addWidget(self.sections)
        layout.addStretch(1)
        return page

    def _rich_label(self, object_name: str = "") -> QLabel:
        label = _label(object_name)
        connect_term_links(label, self._open_term)
        return label

    @staticmethod
    def _heading(text: str) -> QLabel:
        label = _label("cardHeading")
        label.setText(text)
        return label

    def _set_rich(self, label: QLabel, text: str) -> None:
        self._rich[label] = expand_term_links(text)
        label.setText(self._link_style + self._rich[label])

    def _show_head(self, head_id: str) -> None:
        self._head_shown = head_id
        self.title.setText(fill(translate("HeadCard", "%1 head"), head_name(head_id)))
        card = self._cards.get(head_id)
        if card is None:
            return
        self._set_rich(self.does, card.does)
        self._set_rich(self.rule, card.rule)
        formula = formula_html(card.formula)
        self._set_rich(self.formula, formula)
        self._set_rich(self.then, then_text() + (f" {word_note()}" if "<sub>" in formula else ""))
        self._set_rich(self.score_meaning, card.score)
        self._set_rich(self.source, card.source)
        self._show_prompts(card.prompts)

    def _show_prompts(self, prompts: tuple[Prompt, ...]) -> None:
        for label in [label for label in self._rich if label.objectName() == "tryText"]:
            del self._rich[label]
        while self.prompt_box.count():
            old = present(present(self.prompt_box.takeAt(0)).widget())
            old.hide()
            old.deleteLater()
        self.prompts = prompts
        self.show_buttons = []
        self.prompt_notes = []
        for prompt in prompts:
            frame = QFrame()
            frame.setObjectName("tryPrompt")
            text = self._rich_label("tryText")
            self._set_rich(text, prompt.text)
            button = QPushButton(translate("HeadCard", "Show me"))
            button.setAccessibleName(translate("HeadCard", "Show me"))
            button.setAccessibleDescription(
                QTextDocumentFragment.fromHtml(self._rich[text]).toPlainText()
            )
            button.clicked.connect(lambda _=False, show=prompt.show: self._press(show))
            note = _label("cardNote")
            row = QHBoxLayout()
            row.addStretch(1)
            row.addWidget(button)
            box = QVBoxLayout(frame)
            box.addWidget(text)
            box.addWidget(note)
            box.addLayout(row)
            self.prompt_box.addWidget(frame)
            self.show_buttons.append(button)
            self.prompt_notes.append(note)
        self._show_prompt_notes(self._state.tokens)

    def _show_prompt_notes(self, tokens: tuple[str, ...]) -> None:
        for prompt, note in zip(self.prompts, self.prompt_notes, strict=True):
            note.setText(prompt_note(prompt.show, tokens))
            note.setVisible(bool(note.text()))

    def _press(self, show: ShowMe) -> None:
        """Show me: set the state up, say if the sentence changed, open a page if asked."""
        self.swap_notice.apply(show)
        if self.swap_notice.isVisible():
            self.ensureWidgetVisible(self.swap_notice)
        if show.page is not None:
            open_side_page(self, show.page)
        self.showed.emit(show)

    # -- results and theme ------------------------------------------------------------

    def show_result(self, result: AttentionResult) -> None:
        """Follow the selected head; recompute the score when sentence, head or mask moved."""
        if result.head_id != self._head_shown:
            self._show_head(result.head_id)
        key = (result.tokens, result.head_id, result.causal)
        if self._score_key is None or key[0] != self._score_key[0]:
            self._show_prompt_notes(result.tokens)
        if key != self._score_key:
            self._score_key = key
            self._show_score(self._results.pattern_score(result))

    def _show_score(self, score: float | None) -> None:
        self.score = score
        self.score_value.setVisible(score is not None)
        self.no_score.setVisible(score is None)
        if score is not None:
            self.score_value.setText(format_percent(score))
            self.score_value.setAccessibleDescription(
                fill(translate("HeadCard", "%1 of 1"), format_weight(score, 4))
            )

    def _start_session(self) -> None:
        """A new visitor reads the card from its top."""
        self.verticalScrollBar().setValue(0)

    def set_theme(self, theme: Theme, font_px: int) -> None:
        """Colours and sizes; links take the accent colour."""
        self.setStyleSheet(
            f"""
            QLabel#cardTitle {{ font-size: {round(font_px * 1.35)}px; font-weight: bold; }}
            QLabel#cardHeading {{ font-weight: bold; }}
            QLabel#cardScore {{ font-size: {font_px * 2}px; font-weight: bold;
                                color: {theme.text}; }}
            QLabel#cardNote {{ color: {theme.muted}; }}
            QFrame#tryPrompt {{ background: {theme.panel}; border: 1px solid {theme.border};
                                border-radius: 6px; }}
            QFrame#tryPrompt QLabel {{ background: transparent; }}
            """
        )
        self._link_style = link_style(theme)
        for label, text in self._rich.items():
            label.setText(self._link_style + text)
