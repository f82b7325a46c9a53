"""A touch-first way to the side pages: one large button per page, in rows that wrap.

A tab bar with eight tabs does not fit a 1024 px screen at a room's text size: it cut
its tabs off behind small scroll arrows that no finger can hit. The kiosk hides it and
shows these buttons instead, every one whole and at least 48 px high.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QButtonGroup, QPushButton, QVBoxLayout, QWidget

from app.text.wording import translate
from app.ui.binding import listen
from app.ui.flow_row import FlowRow
from app.window.side_pages import kiosk_offers

if TYPE_CHECKING:
    from app.kiosk.host import PagedWindow

# Space between the buttons, and around them.
SPACING = 8


class PageChooser(QWidget):
    """The side pages' buttons, and one back to the heatmap."""

    def __init__(self, window: PagedWindow, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pageChooser")
        self.setAccessibleName(translate("PageChooser", "Side pages"))
        self._window = window
        tabs = window.side_tabs
        layout = FlowRow(spacing=SPACING)
        layout.setContentsMargins(0, SPACING, 0, SPACING)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(layout)
        self.group = QButtonGroup(self)
        self.group.setExclusive(True)
        #: One button per page, by the page's name.
        self.buttons: dict[str, QPushButton] = {}
        for name, holder in window.pages.items():
            if not kiosk_offers(name, window.state.model_dir):
                continue
            button = QPushButton(tabs.tabText(tabs.indexOf(holder)))
            button.setCheckable(True)
            button.clicked.connect(lambda _=False, n=name: self.choose(n))
            self.group.addButton(button)
            self.buttons[name] = button
            layout.addWidget(button)
        self.back = QPushButton(translate("StageWindow", "▴ Heatmap"))
        self.back.setAccessibleName(translate("StageWindow", "Back to the heatmap"))
        self.back.clicked.connect(window.reveal_stage)
        layout.addWidget(self.back)
        tabs.currentChanged.connect(self._follow)
        listen(self, window.state.completed_changed, self._retitle)
        self._follow()

    def choose(self, name: str) -> None:
        """Show page ``name`` under the buttons, scrolled into view."""
        self._window.open_page(self._window.pages[name])

    def _follow(self, *_args) -> None:
        current = self._window.side_tabs.current_name()
        if current in self.buttons:
            self.buttons[current].setChecked(True)

    def _retitle(self, *_args) -> None:
        """Tab titles can change ("Goals 1/3"): the buttons say the same."""
        tabs = self._window.side_tabs
        for name, button in self.buttons.items():
            button.setText(tabs.tabText(tabs.indexOf(self._window.pages[name])))

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt override)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt override)
        layout = self.layout()
        return layout.heightForWidth(width) if layout is not None else 0


def install_page_chooser(window: PagedWindow) -> PageChooser:
    """Hide the tab bar and put the chooser between the stage and the pages."""
    chooser = PageChooser(window)
    window.side_tabs.tabBar().hide()
    window.splitter.insertWidget(1, chooser)
    window.page_chooser = chooser
    window.arrange()
    return chooser


def remove_page_chooser(window: PagedWindow) -> None:
    """The tab bar again (the kiosk stops)."""
    chooser = getattr(window, "page_chooser", None)
    if chooser is None:
        return
    window.page_chooser = None
    chooser.hide()
    chooser.setParent(None)
    chooser.deleteLater()
    window.side_tabs.tabBar().show()
    window.arrange()
