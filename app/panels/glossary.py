"""The glossary: short definitions, links to them from any label, and the dialog that shows them.

Texts in ``resources/text/*.json`` mark a link to a term as ``[[term_id]]`` or
``[[term_id|shown text]]``; ``expand_term_links`` turns the marks into
``<a href="term:ID">`` links, and ``connect_term_links`` makes a label's links
open the term inside the program (never in a web browser).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QScroller,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from app.text.errors import resource_error
from app.text.i18n import current_language
from app.text.resources import ResourceError, load_json, localized
from app.text.wording import fill, translate
from app.ui.dialog_size import resize_within_screen
from app.ui.theme import THEMES, Theme, style_sheet

GLOSSARY_FILE = "text/glossary.json"
LINK_SCHEME = "term:"
_LINK_MARK = re.compile(r"\[\[([a-z0-9_]+)(?:\|([^\]]+))?\]\]")
_ID = re.compile(r"[a-z][a-z0-9_]*")

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Term:
    """One entry: an id for links, the name people read, a rich-text definition."""

    id: str
    name: str
    definition: str  # may hold [[term]] marks


@dataclass(frozen=True)
class Glossary:
    """Terms by id; empty, with ``error`` saying why, when the file was unusable."""

    terms: dict[str, Term] = field(default_factory=dict)
    error: str | None = None

    def __contains__(self, term_id: object) -> bool:
        return term_id in self.terms

    def __iter__(self) -> Iterator[Term]:
        return iter(self.terms.values())

    def __len__(self) -> int:
        return len(self.terms)

    def get(self, term_id: str) -> Term | None:
        return self.terms.get(term_id)


def linked_ids(text: str) -> list[str]:
    """The term ids a text links to with ``[[...]]`` marks."""
    return [m.group(1) for m in _LINK_MARK.finditer(text)]


def parse_glossary(data: Any) -> dict[str, Term]:
    """Check the parsed JSON and build the terms; a ResourceError says what is wrong."""
    if not isinstance(data, dict) or not isinstance(data.get("terms"), list):
        raise ResourceError("the glossary must be an object with a list of 'terms'")
    terms: dict[str, Term] = {}
    for number, entry in enumerate(data["terms"], start=1):
        if not isinstance(entry, dict):
            raise ResourceError(f"glossary entry {number} is not an object")
        values: dict[str, str] = {}
        for key in ("id", "name", "definition"):
            value = entry.get(key)
            if not isinstance(value, str) or not value.strip():
                raise ResourceError(f"glossary entry {number} needs a non-empty text {key!r}")
            values[key] = value
        if not _ID.fullmatch(values["id"]):
            raise ResourceError(f"glossary id {values['id']!r} must be lower_case_with_underscores")
        if values["id"] in terms:
            raise ResourceError(f"glossary id {values['id']!r} appears twice")
        terms[values["id"]] = Term(**values)
    for term in terms.values():
        unknown = [t for t in linked_ids(term.definition) if t not in terms]
        if unknown:
            raise ResourceError(f"glossary entry {term.id!r} links to unknown terms {unknown}")
    return terms


def load_glossary(name: str = GLOSSARY_FILE) -> Glossary:
    """Read and check the glossary; never raises: a bad file gives an empty glossary."""
    try:
        return Glossary(parse_glossary(load_json(name)))
    except ResourceError as error:
        log.warning("The glossary %s could not be loaded: %s", name, error)
        error.name = error.name or name  # a check of its contents knows no file name
        message = fill(
            translate("GlossaryDialog", "The glossary could not be loaded: %1."),
            resource_error(error),
        )
        return Glossary(error=message)


def default_glossary() -> Glossary:
    """The program's glossary in the language in use, read once per language."""
    return _glossary_in(current_language())


@lru_cache(maxsize=4)
def _glossary_in(language: str) -> Glossary:
    return load_glossary(localized(GLOSSARY_FILE, language))


def forget_glossaries() -> None:
    """Read the glossary files again next time (tests that damage them)."""
    _glossary_in.cache_clear()


def term_link(term_id: str, text: str | None = None) -> str:
    """Rich text for a link to a glossary term: ``<a href="term:ID">text</a>``.

    ``text`` defaults to the term's name (or its id, if the glossary lacks it).
    """
    if text is None:
        term = default_glossary().get(term_id)
        text = term.name if term else term_id.replace("_", " ")
    return f'<a href="{LINK_SCHEME}{escape(term_id)}">{escape(text)}</a>'


def link_style(theme: Theme) -> str:
    """A ``<style>`` to put before a label's rich text so that links take the theme's colour.

    Labels under a Qt style sheet ignore the palette's link colour, so the colour
    has to travel with the text.
    """
    return f"<style>a {{ color: {theme.accent}; }}</style>"


def expand_term_links(text: str) -> str:
    """Replace every ``[[id]]`` / ``[[id|text]]`` mark in rich text by a term link."""
    return _LINK_MARK.sub(lambda m: term_link(m.group(1), m.group(2)), text)


def connect_term_links(label: QLabel, open_term: Callable[[str], None]) -> None:
    """Make ``term:`` links in ``label`` call ``open_term(id)`` on a click, tap or Enter.

    Other links do nothing: a kiosk must never open a web browser.
    """

    def activated(href: str) -> None:
        if href.startswith(LINK_SCHEME):
            open_term(href[len(LINK_SCHEME) :])

    label.setTextFormat(Qt.TextFormat.RichText)
    label.setOpenExternalLinks(False)
    label.setTextInteractionFlags(
        Qt.TextInteractionFlag.LinksAccessibleByMouse
        | Qt.TextInteractionFlag.LinksAccessibleByKeyboard
    )
    label.linkActivated.connect(activated)


#: The dialog's size at the normal text size, in pixels; larger text makes it larger.
DIALOG_SIZE = (760, 480)


class GlossaryDialog(QDialog):
    """Terms on the left, the chosen definition on the right, in large type; Esc closes."""

    def __init__(self, glossary: Glossary | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("GlossaryDialog", "Glossary"))
        self.glossary = glossary if glossary is not None else default_glossary()
        self.current_id: str | None = None
        self._definition_html = ""
        self._link_style = ""

        self.term_list = self._build_list()
        text_scroll = self._build_text_pane()
        self.close_button = QPushButton(translate("GlossaryDialog", "Close"))
        self.close_button.setAccessibleName(translate("GlossaryDialog", "Close the glossary"))
        self.close_button.clicked.connect(self.close)

        body = QHBoxLayout()
        body.addWidget(self.term_list)
        body.addWidget(text_scroll, 1)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addLayout(body, 1)
        layout.addLayout(buttons)
        self.resize(*DIALOG_SIZE)
        self.set_theme(THEMES["light"], 16)
        if self.term_list.count():
            self.term_list.setCurrentRow(0)
        else:
            self.term_list.hide()  # an empty list would only look broken
            empty = translate("GlossaryDialog", "The glossary is empty.")
            self._show_text(
                translate("GlossaryDialog", "Glossary"), escape(self.glossary.error or empty)
            )

    def _build_list(self) -> QListWidget:
        terms = QListWidget()
        terms.setAccessibleName(translate("GlossaryDialog", "Glossary terms"))
        terms.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for term in sorted(self.glossary, key=lambda t: t.name.casefold()):
            item = QListWidgetItem(term.name)
            item.setData(Qt.ItemDataRole.UserRole, term.id)
            terms.addItem(item)
        terms.currentItemChanged.connect(self._on_item)
        QScroller.grabGesture(terms.viewport(), QScroller.ScrollerGestureType.TouchGesture)
        return terms

    def _build_text_pane(self) -> QScrollArea:
        self.title = QLabel()
        self.title.setObjectName("glossaryTitle")
        self.title.setWordWrap(True)
        self.definition = QLabel()
        self.definition.setObjectName("glossaryText")
        self.definition.setWordWrap(True)
        self.definition.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        connect_term_links(self.definition, self.show_term)
        page = QWidget()
        box = QVBoxLayout(page)
        box.addWidget(self.title)
        box.addWidget(self.definition)
        box.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidget(page)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        QScroller.grabGesture(scroll.viewport(), QScroller.ScrollerGestureType.TouchGesture)
        return scroll

    def set_theme(self, theme: Theme, font_px: int) -> None:
        """Colours of ``theme``; text a quarter larger than the window's, for reading."""
        big = round(font_px * 1.25)
        touch = round(big * 2.4)  # fingers need about 48 px at the normal size
        self.setStyleSheet(
            style_sheet(theme, big)
            + f"""
            QListWidget {{ border: 1px solid {theme.border}; background: {theme.panel}; }}
            QListWidget::item {{ min-height: {touch}px; padding: 0 {big // 2}px; }}
            QListWidget::item:selected {{ background: {theme.accent};
                                          color: {theme.accent_text}; }}
            QLabel#glossaryTitle {{ font-size: {round(big * 1.4)}px; font-weight: bold; }}
            QPushButton {{ min-width: {big * 6}px; min-height: {touch}px; }}
            """
        )
        self._link_style = link_style(theme)
        self.definition.setText(self._link_style + self._definition_html)
        # The list is as wide as its longest name, so no name is cut off.
        font = self.term_list.font()
        font.setPixelSize(big)
        widest = max(
            (QFontMetrics(font).horizontalAdvance(t.name) for t in self.glossary), default=0
        )
        scrollbar = self.term_list.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        self.term_list.setFixedWidth(widest + big + scrollbar + 12)
        # Room for a definition of a few lines at this text size.
        resize_within_screen(self, max(DIALOG_SIZE[0], big * 36), max(DIALOG_SIZE[1], big * 22))

    def show_term(self, term_id: str) -> None:
        """Show the dialog at ``term_id``'s definition (or say that it has none)."""
        for row in range(self.term_list.count()):
            if self.term_list.item(row).data(Qt.ItemDataRole.UserRole) == term_id:
                self.term_list.setCurrentRow(row)
                break
        else:
            self.current_id = None
            self._show_text(
                term_id.replace("_", " "),
                escape(
                    self.glossary.error
                    or translate("GlossaryDialog", "This term has no entry in the glossary yet.")
                ),
            )
        # A dialog with a parent stays above it, so no raise_() (offscreen Qt warns on it).
        self.show()
        self.activateWindow()

    def _on_item(self, item: QListWidgetItem | None) -> None:
        if item is None:
            return
        term = self.glossary.get(item.data(Qt.ItemDataRole.UserRole))
        if term is None:  # every item is made from a term; nothing to show otherwise
            return
        self.current_id = term.id
        self._show_text(term.name, expand_term_links(term.definition))

    def _show_text(self, title: str, rich_text: str) -> None:
        # "Causal mask" reads as a heading; a symbol such as "d_model" keeps its case.
        heading = title if "_" in title else title[:1].upper() + title[1:]
        self.title.setText(escape(heading))
        self._definition_html = rich_text
        self.definition.setText(self._link_style + rich_text)
