"""The side panel's pages: their titles and how each is built on first use.

A page's module is imported only when the page is first shown (most are opened late
or never), and the view arrives themed: ``build_pages`` hands each new view to the
window's painter before it is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from app.panels.side_panel import Page
from app.text.wording import translate

if TYPE_CHECKING:
    from app.window.main_window import MainWindow

#: The side pages, in order (their titles: ``page_title``).
PAGE_TITLES = (
    "heads", "card", "challenges", "steps", "story", "learned", "english", "gpt2", "width",
)  # fmt: skip


def page_title(name: str) -> str:
    """A side page's tab title in the language in use."""
    titles = {
        "heads": translate("MainWindow", "Heads"),
        "card": translate("MainWindow", "Card"),
        "challenges": translate("MainWindow", "Goals"),
        "steps": translate("MainWindow", "Steps"),
        "story": translate("MainWindow", "2 layers"),
        "learned": translate("MainWindow", "Learned"),
        "english": translate("MainWindow", "English"),
        "gpt2": translate("MainWindow", "GPT-2"),
        "width": translate("MainWindow", "Width"),
    }
    return titles[name]


def _card(window: MainWindow) -> QWidget:
    from app.panels.head_card import HeadCard

    card = HeadCard(
        window.state,
        window.controller.page_results,
        lambda term: window.glossary.show_term(term),
    )
    # Show me changes what the stage shows: where the side panel stands under the stage,
    # scroll up to it (a page the prompt opens as well is where to look instead).
    card.showed.connect(lambda show: None if show.page else window.reveal_stage())
    return card


def _steps(window: MainWindow) -> QWidget:
    from app.panels.steps_view import StepsView

    return StepsView(window.state, window.controller.page_results)


def _story(window: MainWindow) -> QWidget:
    from app.panels.induction_story import InductionStoryView

    return InductionStoryView(window.state, window.controller.page_results)


def _learned(window: MainWindow) -> QWidget:
    from app.panels.learned_view import LearnedView

    return LearnedView(window.state, window.controller.learned_results)


def _english(window: MainWindow) -> QWidget:
    from app.panels.english_view import EnglishView

    return EnglishView(window.state, window.controller.page_results)


def _gpt2(window: MainWindow) -> QWidget:
    from app.panels.gpt2_view import GPT2View

    return GPT2View(window.state, window.controller.page_results.gpt2())


def kiosk_offers(name: str, model_dir: str) -> bool:
    """Whether a kiosk shows page ``name``: the GPT-2 page only with a model folder set up
    (a visitor cannot choose one)."""
    return name != "gpt2" or bool(model_dir)


def _width(window: MainWindow) -> QWidget:
    from app.panels.preset_panel import PresetPanel

    panel = PresetPanel(window.state)
    window.controller.shape_changed.connect(panel.show_shape)
    panel.show_shape(window.controller.shape)
    return panel


def _grid_page(window: MainWindow) -> QWidget:
    grid_page = QWidget()
    box = QVBoxLayout(grid_page)
    box.addWidget(window.head_grid)
    hint = QLabel(
        translate("MainWindow", "Every head on the same sentence. Click a map to select its head.")
    )
    hint.setObjectName("summary")
    hint.setWordWrap(True)
    box.addWidget(hint)
    box.addStretch(1)
    return grid_page


#: The pages built here, on first use, and styled as they arrive.
_STYLED: dict[str, Callable[[MainWindow], QWidget]] = {
    "card": _card,
    "steps": _steps,
    "story": _story,
    "learned": _learned,
    "english": _english,
    "gpt2": _gpt2,
    "width": _width,
}


def build_pages(window: MainWindow) -> dict[str, Page]:
    """How to build each side page for ``window``; the views arrive themed."""

    def styled(name: str) -> Page:
        def build() -> QWidget:
            view = _STYLED[name](window)
            window.painter.style_page(view)
            return view

        return Page(page_title(name), build, scrolls=name != "card")  # the card scrolls

    pages = {name: styled(name) for name in _STYLED}
    pages["heads"] = Page(page_title("heads"), lambda: _grid_page(window))
    pages["challenges"] = Page(page_title("challenges"), lambda: window.challenges)
    return {name: pages[name] for name in PAGE_TITLES}
