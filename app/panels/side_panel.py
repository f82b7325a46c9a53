"""The tabbed side panel: its pages are built the first time they are needed.

Most pages (the head card, the steps, the two-layer story, the learned heads, the
model width) are opened later or never. Building them all up front, with their
imports and their styling, used to cost about half of the time to the first paint.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QScrollArea, QTabWidget, QVBoxLayout, QWidget

from app.panels.pages import PublishesResults, ShowsResults
from app.text.wording import fill, translate
from app.ui.binding import listen
from app.ui.qt_typing import present


@dataclass(frozen=True)
class Page:
    """One tab: its title, how to build its view, and whether that view needs scrolling."""

    title: str
    build: Callable[[], QWidget]
    scrolls: bool = True


def _viewport() -> QWidget:
    """A scroll area's viewport as Qt makes it, but made here: PySide then knows it.
    The first widget that Qt made and Python meets costs PySide a search through every
    QtWidgets class (12 ms at start, before the first paint) to find its type."""
    viewport = QWidget()
    viewport.setObjectName("qt_scrollarea_viewport")
    viewport.setBackgroundRole(QPalette.ColorRole.Base)
    viewport.setAutoFillBackground(True)
    return viewport


def scrolling(widget: QWidget) -> QScrollArea:
    """Wrap a widget so that large zoom levels scroll (vertically) instead of clipping."""
    scroll = QScrollArea()
    scroll.setViewport(_viewport())
    scroll.setWidget(widget)
    scroll.setWidgetResizable(True)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    # A frame, not a control: Tab goes to what it holds (and scrolls it into view), and
    # a focusable frame was an invisible stop that trapped Tab in the side panel.
    scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    return scroll


def _takes_focus(view: QWidget) -> bool:
    """Whether anything in ``view`` is a Tab stop."""
    return any(
        bool(child.focusPolicy() & Qt.FocusPolicy.TabFocus)
        for child in (view, *view.findChildren(QWidget))
    )


class SidePanel(QTabWidget):
    """Tabs whose contents are built on first show, or on first request with ``view``.

    Every tab holds a fixed, empty holder widget from the start (``holders``), so
    the tab bar, the View menu and ``setCurrentWidget`` work before any page exists.
    With ``results``, the page in view draws each new result, and a page catches up
    when it is shown (so a click costs one page's drawing, not four).
    """

    #: A page was just built: its name and the widget put in its tab.
    page_built = Signal(str, QWidget)

    def __init__(
        self,
        pages: dict[str, Page],
        parent: QWidget | None = None,
        results: PublishesResults | None = None,
    ) -> None:
        super().__init__(parent)
        self.setDocumentMode(True)
        self._pages = pages
        self._views: dict[str, QWidget] = {}
        #: The widget in each tab, by page name.
        self.holders: dict[str, QWidget] = {}
        for name, page in pages.items():
            holder = QWidget()
            QVBoxLayout(holder).setContentsMargins(0, 0, 0, 0)
            holder.setAccessibleName(fill(translate("SidePanel", "%1 page"), page.title))
            self.holders[name] = holder
            self.addTab(holder, page.title)
        self._results = results
        self.currentChanged.connect(self._show_current)
        if results is not None:
            listen(self, results.attention_changed, self._show_current)
        self._show_current()

    @property
    def views(self) -> dict[str, QWidget]:
        """The pages built so far, by name (a copy)."""
        return dict(self._views)

    def current_name(self) -> str | None:
        """The page in view, or None when the current tab is not one of ours."""
        for name, holder in self.holders.items():
            if holder is self.currentWidget():
                return name
        return None

    def view(self, name: str) -> QWidget:
        """The page's view, built now if it was not yet."""
        if name not in self._views:
            page = self._pages[name]
            view = page.build()
            content = scrolling(view) if page.scrolls else view
            content.setAccessibleName(fill(translate("SidePanel", "%1 page"), page.title))
            if page.scrolls and not _takes_focus(view):
                # A page of pictures and text only (the steps): the frame itself is the
                # stop, so the arrow and Page keys scroll to what lies below its fold.
                content.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            present(self.holders[name].layout()).addWidget(content)
            self._views[name] = view
            self.page_built.emit(name, content)
        return self._views[name]

    def _show_current(self, *_args) -> None:
        """The page in view, built if it was not yet, drawing the latest result."""
        name = self.current_name()
        view = self.view(name) if name is not None else None
        if self._results is not None and isinstance(view, ShowsResults):
            view.show_result(self._results.attention)
