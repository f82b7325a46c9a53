"""Every command of the window's menus, in one table: the menus, their keys and the Help
list of keys are all built from it, so they cannot disagree.

What a command does lives in ``app.window.commands`` (by the same id); this module is
data only, so the kiosk and the Help dialog can read it without building a window.
"""

from __future__ import annotations

from dataclasses import dataclass

import core
from app.text.wording import QT_TRANSLATE_NOOP, fill, head_name, translate
from app.window.side_pages import PAGE_TITLES, page_title

#: The menu bar's menus, left to right, by id (titles: ``menu_title``). A "/" names a
#: submenu; it appears where its first command stands in the table.
MENUS = ("file", "heads", "view", "help")


def menu_title(menu_id: str) -> str:
    """A menu's title in the language in use."""
    titles = {
        "file": translate("MainWindow", "&File"),
        "heads": translate("MainWindow", "&Heads"),
        "view": translate("MainWindow", "&View"),
        "view/pages": translate("MainWindow", "Side panel"),
        "help": translate("MainWindow", "&Help"),
    }
    return titles[menu_id]


@dataclass(frozen=True)
class Command:
    """One menu entry, its keys (the first is the one shown) and what Help says of them."""

    id: str
    menu: str  # a menu id of MENUS, or "view/pages" for the side panel's submenu
    label: str  # the menu entry, English, marked for translation ("MainWindow"); a head's
    # or a page's entry is worded from its head_id or page instead
    keys: tuple[str, ...] = ()  # QKeySequence strings; none: reached by the menu only
    description: str = ""  # Help's line for the keys, marked for translation ("Shortcuts")
    head_id: str | None = None  # the head a head key selects
    page: str | None = None  # the side page a page key opens
    separated: bool = False  # a separator line above it in its menu
    checkable: bool = False

    def label_text(self) -> str:
        """The menu entry in the language in use."""
        if self.head_id is not None:
            return head_name(self.head_id)
        if self.page is not None:
            return page_title(self.page)
        return translate("MainWindow", self.label)

    def text(self) -> str:
        """What the keys do, in the language in use."""
        if self.head_id is not None:
            return fill(translate("Shortcuts", self.description), head_name(self.head_id))
        return translate("Shortcuts", self.description)


def _head_commands() -> list[Command]:
    return [
        Command(
            f"head_{n}",
            "heads",
            head.id,
            (str(n),),
            QT_TRANSLATE_NOOP("Shortcuts", "Show the %1 head"),
            head_id=head.id,
        )
        for n, head in enumerate(core.HEADS.values(), start=1)
    ]


_PAGE_HELP = {
    "heads": QT_TRANSLATE_NOOP("Shortcuts", "Compare all heads in small maps"),
    "card": QT_TRANSLATE_NOOP("Shortcuts", "The selected head's card: rule, sources, try this"),
    "challenges": QT_TRANSLATE_NOOP("Shortcuts", "Goals: the lesson's three challenges"),
    "steps": QT_TRANSLATE_NOOP("Shortcuts", "Scores, then mask, then softmax"),
    "story": QT_TRANSLATE_NOOP("Shortcuts", "How two layers make an induction head"),
    "learned": QT_TRANSLATE_NOOP(
        "Shortcuts", "Heads of a trained model, and training one yourself"
    ),
    "english": QT_TRANSLATE_NOOP("Shortcuts", "Heads of a small model that has read English"),
    "gpt2": QT_TRANSLATE_NOOP("Shortcuts", "Heads of GPT-2, from a model folder"),
    "width": QT_TRANSLATE_NOOP("Shortcuts", "Model width: how d_model is cut into heads"),
}
_PAGE_KEYS = {
    "heads": "C", "card": "H", "challenges": "G", "steps": "S",
    "story": "I", "learned": "L", "english": "E", "gpt2": "T", "width": "W",
}  # fmt: skip


def _page_commands() -> list[Command]:
    return [
        Command(
            f"{name}_page", "view/pages", name, (_PAGE_KEYS[name],), _PAGE_HELP[name], page=name
        )
        for name in PAGE_TITLES
    ]


COMMANDS: dict[str, Command] = {
    c.id: c
    for c in (
        *_head_commands(),
        Command(
            "query_left", "heads", QT_TRANSLATE_NOOP("MainWindow", "Previous query token"),
            ("Left",), QT_TRANSLATE_NOOP("Shortcuts", "Move the query one token left"),
            separated=True,
        ),
        Command(
            "query_right", "heads", QT_TRANSLATE_NOOP("MainWindow", "Next query token"),
            ("Right",), QT_TRANSLATE_NOOP("Shortcuts", "Move the query one token right"),
        ),
        Command(
            "mask", "heads", QT_TRANSLATE_NOOP("MainWindow", "Toggle the causal mask"),
            ("M",), QT_TRANSLATE_NOOP("Shortcuts", "Turn the causal mask on or off"),
        ),
        Command(
            "fullscreen", "view", QT_TRANSLATE_NOOP("MainWindow", "Fullscreen"),
            ("F",), QT_TRANSLATE_NOOP("Shortcuts", "Fullscreen on or off"),
        ),
        Command(
            "presenter", "view", QT_TRANSLATE_NOOP("MainWindow", "Presenter mode"),
            ("P",),
            QT_TRANSLATE_NOOP(
                "Shortcuts", "Presenter mode: fullscreen, projector colours, large text"
            ),
            checkable=True,
        ),
        Command(
            "clicker_next", "view", QT_TRANSLATE_NOOP("MainWindow", "Next stop of the tour"),
            ("PgDown",),
            QT_TRANSLATE_NOOP("Shortcuts", "Next stop of the tour (presentation clicker)"),
        ),
        Command(
            "clicker_previous", "view",
            QT_TRANSLATE_NOOP("MainWindow", "Previous stop of the tour"),
            ("PgUp",), QT_TRANSLATE_NOOP("Shortcuts", "Previous stop of the tour"),
        ),
        *_page_commands(),
        Command(
            "zoom_in", "view", QT_TRANSLATE_NOOP("MainWindow", "Zoom in"),
            ("Ctrl+=", "Ctrl++"), QT_TRANSLATE_NOOP("Shortcuts", "Larger text"),
        ),
        Command(
            "zoom_out", "view", QT_TRANSLATE_NOOP("MainWindow", "Zoom out"),
            ("Ctrl+-",), QT_TRANSLATE_NOOP("Shortcuts", "Smaller text"),
        ),
        Command(
            "zoom_reset", "view", QT_TRANSLATE_NOOP("MainWindow", "Actual size"),
            ("Ctrl+0",), QT_TRANSLATE_NOOP("Shortcuts", "Text back to normal size"),
        ),
        Command(
            "help", "help", QT_TRANSLATE_NOOP("MainWindow", "Keyboard shortcuts"),
            ("F1",), QT_TRANSLATE_NOOP("Shortcuts", "This list"),
        ),
        Command(
            "glossary", "help", QT_TRANSLATE_NOOP("MainWindow", "Glossary"),
            ("D",), QT_TRANSLATE_NOOP("Shortcuts", "Open the glossary (definitions)"),
        ),
        Command("about", "help", QT_TRANSLATE_NOOP("MainWindow", "About Attention Heads")),
        Command(
            "open_model", "file", QT_TRANSLATE_NOOP("MainWindow", "Open model…"),
            ("Ctrl+O",), QT_TRANSLATE_NOOP("Shortcuts", "Open a GPT-2 model folder"),
        ),
        Command(
            "quit", "file", QT_TRANSLATE_NOOP("MainWindow", "&Quit"),
            ("Ctrl+Q",), QT_TRANSLATE_NOOP("Shortcuts", "Quit"),
            separated=True,
        ),
    )
}  # fmt: skip
#: The commands that have keys, in the table's order: what Help lists.
SHORTCUTS: dict[str, Command] = {c.id: c for c in COMMANDS.values() if c.keys}


def shortcuts_html() -> str:
    """The shortcut table for the Help dialog."""
    from html import escape  # imported with the dialog: html.entities is big

    rows = "".join(
        f"<tr><td><b>{escape(' / '.join(s.keys))}</b>&nbsp;&nbsp;</td>"
        f"<td>{escape(s.text())}</td></tr>"
        for s in SHORTCUTS.values()
    )
    return f"<table>{rows}</table>"
