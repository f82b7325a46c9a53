"""Tab in reading order, all the way round the window and back.

Qt's own chain follows the order widgets were made in, and the side pages, the
heatmap and the kiosk's additions are made later, on first use: Tab went where they
happened to land, and two focusable frames (scroll areas) made it bounce between the
tab bar and an invisible stop. Here the window says the order itself: the stage as the
eye reads it (the sentence field, the tokens, the heatmap, then the column beside it:
the heads, the mask, the buttons), the side panel's tabs and the page in view; Tab
after the last stop comes back to the first. Only what can be seen and used is a stop.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from app.window.roles import FocusHost


def is_stop(widget: QWidget, window: QWidget) -> bool:
    """Whether Tab may land on ``widget``: shown, usable, taking Tab focus, in ``window``."""
    return (
        widget.isVisible()
        and widget.isEnabled()
        and widget.width() > 0
        and widget.height() > 0
        and bool(widget.focusPolicy() & Qt.FocusPolicy.TabFocus)
        and widget.focusProxy() is None
        and widget.window() is window
    )


def qt_chain(window: QWidget) -> list[QWidget]:
    """Every widget of Qt's focus chain of ``window``, in its order."""
    found: list[QWidget] = []
    widget = window.nextInFocusChain()
    while widget is not None and widget is not window and len(found) < 5000:
        found.append(widget)
        widget = widget.nextInFocusChain()
    return found


def stage_order(window: FocusHost) -> list[QWidget]:
    """The stage's controls as the eye reads them, then the side panel's tabs."""
    editor = window.sentence_editor
    return [
        editor.edit,
        editor.lesson_button,
        editor.examples,
        window.token_strip,
        *([window.heatmap] if window.heatmap is not None else []),
        *window.head_selector.buttons.values(),
        window.mask_toggle,
        window.edit_sentence,
        window.more_pages,
        *window.stage.extra_column_widgets(),
        window.side_tabs.tabBar(),
        window.back_to_stage,
    ]


def enter(window: QWidget, page: QWidget) -> bool:
    """Focus the first Tab stop inside ``page`` (a side page just opened); False when it
    has none, and the focus stays where it was."""
    for widget in qt_chain(window):
        if is_stop(widget, window) and page.isAncestorOf(widget):
            widget.setFocus(Qt.FocusReason.TabFocusReason)
            return True
    return False


def reading_order(host: FocusHost) -> list[QWidget]:
    """Every Tab stop of the window, in the order Tab visits them."""
    window = host.window()
    first = [w for w in stage_order(host) if is_stop(w, window)]
    placed = set(first)
    rest = [w for w in qt_chain(window) if w not in placed and is_stop(w, window)]
    return first + rest


def step(host: FocusHost, forward: bool) -> bool:
    """Move the focus to the next (or previous) stop; False when the focus is on no
    stop of ours (then Qt's own chain moves it)."""
    window = host.window()
    chain = reading_order(host)
    current = QApplication.focusWidget()
    if not chain or current not in chain:
        if not chain or current is not None and current.window() is not window:
            return False
        target = chain[0] if forward else chain[-1]
    else:
        index = chain.index(current)
        target = chain[(index + (1 if forward else -1)) % len(chain)]
    reason = Qt.FocusReason.TabFocusReason if forward else Qt.FocusReason.BacktabFocusReason
    target.setFocus(reason)
    return True
