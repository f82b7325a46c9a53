"""The side panel's pages, one declaration each (``PAGES``), built on first use.

A page's module is imported only when the page is first shown (most are opened late
or never), and the view arrives themed: ``build_pages`` hands each new view to the
window's painter before it is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

import core
from app.model.state import AppState
from app.panels.side_panel import Page, SidePanel
from app.text.wording import QT_TRANSLATE_NOOP, fill, translate
from app.ui.binding import listen
from app.window.roles import PageHost


def _card(window: PageHost) -> QWidget:
    from app.panels.head_card import HeadCard

    def show_term(term: str) -> None:
        window.glossary.show_term(term)  # the glossary is built on its first term

    card = HeadCard(window.state, window.controller.page_results, show_term)
    # Show me changes what the stage shows: where the side panel stands under the stage,
    # scroll up to it (a page the prompt opens as well is where to look instead).
    card.showed.connect(lambda show: None if show.page else window.reveal_stage())
    return card


def _steps(window: PageHost) -> QWidget:
    from app.panels.steps_view import StepsView

    return StepsView(window.state, window.controller.page_results)


def _story(window: PageHost) -> QWidget:
    from app.panels.induction_story import InductionStoryView

    return InductionStoryView(window.state, window.controller.page_results)


def _learned(window: PageHost) -> QWidget:
    from app.panels.learned_view import LearnedView

    return LearnedView(window.state, window.controller.learned_results)


def _english(window: PageHost) -> QWidget:
    from app.panels.english_view import EnglishView

    return EnglishView(window.state, window.controller.page_results)


def _gpt2(window: PageHost) -> QWidget:
    from app.panels.gpt2_view import GPT2View

    return GPT2View(window.state, window.controller.page_results.gpt2())


def kiosk_offers(name: str, model_dir: str) -> bool:
    """Whether a kiosk shows page ``name``: the GPT-2 page only with a model folder set up
    (a visitor cannot choose one)."""
    return name != "gpt2" or bool(model_dir)


def _width(window: PageHost) -> QWidget:
    from app.panels.preset_panel import PresetPanel

    panel = PresetPanel(window.state)
    listen(panel, window.controller.shape_changed, panel.show_shape)
    panel.show_shape(window.controller.shape)
    return panel


def _challenges(window: PageHost) -> QWidget:
    return window.challenges  # built with the window: its tab title counts the goals


def _grid_page(window: PageHost) -> QWidget:
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


@dataclass(frozen=True)
class PageDeclaration:
    """One side page, declared once: the tab, the View menu's entry, its key, Help's line
    and what is said when it opens all come from here.

    Attributes
    ----------
    name : str
        The page's id (``pages[name]``, the command ``<name>_page``).
    title : str
        Its tab title, English, marked for translation ("MainWindow").
    key : str
        The key that opens it (a QKeySequence string).
    help : str
        Help's line for the key, English, marked for translation ("Shortcuts").
    build : callable
        Makes the page's view for a window, the first time it is shown.
    styled : bool
        Whether the view is handed to the window's painter as it arrives.
    scrolls : bool
        Whether the view is wrapped in a scroll area (the card scrolls itself).
    """

    name: str
    title: str
    key: str
    help: str
    build: Callable[[PageHost], QWidget]
    styled: bool = True
    scrolls: bool = True


#: The side pages, in the order of their tabs.
PAGES: tuple[PageDeclaration, ...] = (
    PageDeclaration(
        "heads", QT_TRANSLATE_NOOP("MainWindow", "Heads"), "C",
        QT_TRANSLATE_NOOP("Shortcuts", "Compare all heads in small maps"),
        _grid_page, styled=False,
    ),
    PageDeclaration(
        "card", QT_TRANSLATE_NOOP("MainWindow", "Card"), "H",
        QT_TRANSLATE_NOOP("Shortcuts", "The selected head's card: rule, sources, try this"),
        _card, scrolls=False,
    ),
    PageDeclaration(
        "challenges", QT_TRANSLATE_NOOP("MainWindow", "Goals"), "G",
        QT_TRANSLATE_NOOP("Shortcuts", "Goals: the lesson's three challenges"),
        _challenges, styled=False,
    ),
    PageDeclaration(
        "steps", QT_TRANSLATE_NOOP("MainWindow", "Steps"), "S",
        QT_TRANSLATE_NOOP("Shortcuts", "Scores, then mask, then softmax"),
        _steps,
    ),
    PageDeclaration(
        "story", QT_TRANSLATE_NOOP("MainWindow", "2 layers"), "I",
        QT_TRANSLATE_NOOP("Shortcuts", "How two layers make an induction head"),
        _story,
    ),
    PageDeclaration(
        "learned", QT_TRANSLATE_NOOP("MainWindow", "Learned"), "L",
        QT_TRANSLATE_NOOP("Shortcuts", "Heads of a trained model, and training one yourself"),
        _learned,
    ),
    PageDeclaration(
        "english", QT_TRANSLATE_NOOP("MainWindow", "English"), "E",
        QT_TRANSLATE_NOOP("Shortcuts", "Heads of a small model that has read English"),
        _english,
    ),
    PageDeclaration(
        "gpt2", QT_TRANSLATE_NOOP("MainWindow", "GPT-2"), "T",
        QT_TRANSLATE_NOOP("Shortcuts", "Heads of GPT-2, from a model folder"),
        _gpt2,
    ),
    PageDeclaration(
        "width", QT_TRANSLATE_NOOP("MainWindow", "Width"), "W",
        QT_TRANSLATE_NOOP("Shortcuts", "Model width: how d_model is cut into heads"),
        _width,
    ),
)  # fmt: skip
#: The pages by name, in tab order.
PAGE_BY_NAME: dict[str, PageDeclaration] = {page.name: page for page in PAGES}


def page_title(name: str) -> str:
    """A side page's tab title in the language in use."""
    return translate("MainWindow", PAGE_BY_NAME[name].title)


def follow_goals(tabs: SidePanel, state: AppState) -> None:
    """The Goals tab counts the challenges done: now, and after each one."""

    def retitle() -> None:
        done, total = len(state.completed), len(core.CHALLENGES)
        index = tabs.indexOf(tabs.holders["challenges"])
        tabs.setTabText(index, fill(translate("MainWindow", "Goals %1/%2"), done, total))

    retitle()
    listen(tabs, state.completed_changed, retitle)


def build_pages(window: PageHost) -> dict[str, Page]:
    """How to build each side page for ``window``; the styled views arrive themed."""

    def page(declared: PageDeclaration) -> Page:
        def build() -> QWidget:
            view = declared.build(window)
            if declared.styled:
                window.painter.style_page(view)
            return view

        return Page(page_title(declared.name), build, scrolls=declared.scrolls)

    return {declared.name: page(declared) for declared in PAGES}
