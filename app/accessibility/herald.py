"""Saying what a key changed, to every screen reader.

Newer readers (Orca 46 and later, NVDA) speak Qt's announcement event. Older ones do
not listen for it (Orca 43, in Debian 12), but they do speak the focused item's
description when it changes. So ``Herald.tell`` does both: it announces the news and,
for as long as the focus stays where it is, makes it the focused item's description.
When the focus moves on, the item's own description comes back.

A key that moves the focus and changes the lesson at once (Down among the heads) must
not be said twice: the screen reader reads the new focus's description as it presents
it, and would read it again for the change. Our own nodes (painted items, the choices
read as radio buttons) hold the news without an event of Qt's, so where the focus has
just arrived the news is only put there, and said with the focus.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication, QWidget

from app.accessibility import events
from app.accessibility.choices import NEWS_PROPERTY
from app.accessibility.items import PaintedItem, alive


class Herald(QObject):
    """Tells the screen reader of ``window`` what just changed (see the module)."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self._item: PaintedItem | None = None
        #: A widget whose node reads the news from NEWS_PROPERTY, while it holds some.
        self._news_on: QWidget | None = None
        #: Where the focus arrived in this turn of the event loop (None once it settled).
        self._arrived: QWidget | None = None
        #: A widget of Qt's own whose description holds the news: (widget, its own, news).
        self._lent: tuple[QWidget, str, str] | None = None
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_moved)

    def forget(self) -> None:
        """The news of the last change is old: painted items say their own again."""
        self._clear_item()

    def tell(self, message: str, moving_to: PaintedItem | None = None) -> None:
        """Say ``message`` politely, in every screen reader (nothing without one).

        ``moving_to``: the item the focus is about to move to (the token strip's next
        query): the news becomes its description before the move, and the move says it.
        """
        if not message or not events.is_active():
            return
        events.announce(self.window, message)
        if moving_to is not None:
            self._give_back_widget()
            self._clear_item()
            moving_to.news = message
            self._item = moving_to
            return
        focused = QApplication.focusWidget()
        if focused is None or focused.window() is not self.window:
            return
        iface = QAccessible.queryAccessibleInterface(focused)
        child = iface.focusChild() if iface is not None else None
        if isinstance(child, PaintedItem):  # a token, a cell, a tab: ours
            self._give_back_widget()
            self._clear_item()
            child.news = message
            self._item = child
            events.notify(child, events.Event.DescriptionChanged)
        elif getattr(iface, "reads_news", False):  # a choice read as a radio button: ours
            self._give_back_widget()
            self._clear_item()
            focused.setProperty(NEWS_PROPERTY, message)
            self._news_on = focused
            if focused is not self._arrived:  # else said as the new focus is presented
                events.notify(focused, events.Event.DescriptionChanged)
        else:
            self._clear_item()
            self._lend(focused, message)

    def _lend(self, widget: QWidget, message: str) -> None:
        if self._lent is not None and self._lent[0] is not widget:
            self._give_back_widget()
        own = self._lent[1] if self._lent is not None else widget.accessibleDescription()
        self._lent = (widget, own, message)
        if widget.accessibleDescription() == message:  # said again: Qt sends nothing
            events.notify(widget, events.Event.DescriptionChanged)
        else:
            widget.setAccessibleDescription(message)  # Qt tells the screen reader

    def _clear_item(self) -> None:
        if self._news_on is not None:
            if alive(self._news_on):
                self._news_on.setProperty(NEWS_PROPERTY, None)
            self._news_on = None
        if self._item is not None:
            self._item.news = ""
            self._item = None

    def _give_back_widget(self) -> None:
        lent, self._lent = self._lent, None
        if lent is not None:
            widget, own, news = lent
            # Unless the widget has said something else of its own since.
            if alive(widget) and widget.accessibleDescription() == news:
                widget.setAccessibleDescription(own)

    def _focus_moved(self, _old: QWidget | None, now: QWidget | None) -> None:
        self._arrived = now
        QTimer.singleShot(0, self, self._settled)
        self._clear_item()
        if self._lent is not None:
            # After Qt's word of the new focus, so that the old item's own description
            # is not read out as the focus leaves it.
            QTimer.singleShot(0, self, self._give_back_widget)

    def _settled(self) -> None:
        self._arrived = None
