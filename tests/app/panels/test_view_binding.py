"""Views bind themselves to the results they draw: at once, then each new one, for as
long as they live; the side panel draws only the page in view, and a page shown later
catches up. No window here: a stand-in publishes the results."""

from PySide6.QtWidgets import QLabel

import core
from app.model.results import compute_attention
from app.model.signals import Signal
from app.model.state import AppState
from app.panels.head_grid import HeadGrid
from app.panels.pages import draw_results
from app.panels.readout import Readout
from app.panels.side_panel import Page, SidePanel
from app.panels.token_strip import TokenStrip


class Results:
    """What a controller publishes: the result now and a signal of each new one."""

    attention_changed = Signal()

    def __init__(self, sentence: str) -> None:
        self.attention = self.make(sentence)

    @staticmethod
    def make(sentence: str, query: int = 0):
        tokens = core.tokenize(sentence)
        return compute_attention(tuple(tokens), "previous_token", query, True)

    def publish(self, sentence: str, query: int = 0) -> None:
        self.attention = self.make(sentence, query)
        self.attention_changed.emit(self.attention)


class Drawn(QLabel):
    """A page that draws results, counting them."""

    def __init__(self) -> None:
        super().__init__()
        self.drawn = []

    def show_result(self, result) -> None:
        self.drawn.append(result.tokens)


def test_a_view_draws_the_result_now_and_each_new_one(qtbot):
    results = Results("the cat sat")
    strip = TokenStrip(AppState(), results=results)
    readout = Readout(results=results)
    grid = HeadGrid(AppState(), results=results)
    for view in (strip, readout, grid):
        qtbot.addWidget(view)
    assert strip.result.tokens == ("the", "cat", "sat")
    assert "the" in readout.text()
    results.publish("a dog ran far", query=3)
    assert strip.result.tokens == ("a", "dog", "ran", "far")
    assert "far" in readout.text()
    assert grid.maps["previous_token"].is_selected and not grid.maps["induction"].is_selected


def test_a_view_that_is_gone_hears_nothing_more(qtbot):
    results = Results("the cat sat")
    view = Drawn()
    draw_results(view, view.show_result, results)
    results.publish("a dog")
    assert view.drawn == [("the", "cat", "sat"), ("a", "dog")]
    destroyed = []
    view.destroyed.connect(lambda: destroyed.append(True))
    view.deleteLater()
    qtbot.waitUntil(lambda: bool(destroyed))
    results.publish("birds fly")  # the Python object lives on; its widget does not
    assert view.drawn == [("the", "cat", "sat"), ("a", "dog")]


def test_the_side_panel_draws_the_page_in_view_and_a_shown_page_catches_up(qtbot):
    results = Results("the cat sat")
    views = {"one": Drawn(), "two": Drawn()}
    pages = {name: Page(name, lambda view=view: view) for name, view in views.items()}
    panel = SidePanel(pages, results=results)
    qtbot.addWidget(panel)
    assert views["one"].drawn == [("the", "cat", "sat")] and views["two"].drawn == []
    results.publish("a dog")
    assert views["one"].drawn[-1] == ("a", "dog") and views["two"].drawn == []
    panel.setCurrentWidget(panel.holders["two"])
    assert views["two"].drawn == [("a", "dog")]
    results.publish("birds fly")
    assert views["two"].drawn[-1] == ("birds", "fly") and len(views["one"].drawn) == 2
