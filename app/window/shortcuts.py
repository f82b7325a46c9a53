"""Every command of the window's menus, in one table: the menus, their keys and the Help
list of keys are all built from it, so they cannot disagree.

What a command does lives in ``app.window.commands`` (by the same id); this module is
data only, so the kiosk and the Help dialog can read it without building a window.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import core
from app.text.wording import QT_TRANSLATE_NOOP, fill, head_name, translate
from app.window.side_pages import PAGES, PageDeclaration, page_title

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
    checks: str | None = None  # a boolean field of the state its tick shows (bound both ways)

    @property
    def checkable(self) -> bool:
        return self.checks is not None

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


def _page_commands(pages: Sequence[PageDeclaration]) -> list[Command]:
    return [
        Command(f"{p.name}_page", "view/pages", p.name, (p.key,), p.help, page=p.name)
        for p in pages
    ]


#: The commands between the heads and the pages, in menu order.
_BEFORE_PAGES = (
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
            checks="presenting",
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
    )  # fmt: skip
#: The commands after the pages, in menu order.
_AFTER_PAGES = (
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
            "menu_bar", "help", QT_TRANSLATE_NOOP("MainWindow", "Go to the menu bar"),
            ("F10",), QT_TRANSLATE_NOOP("Shortcuts", "Open the menu bar, for the arrow keys"),
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
            "print", "file", QT_TRANSLATE_NOOP("MainWindow", "&Print…"),
            ("Ctrl+P",), QT_TRANSLATE_NOOP("Shortcuts", "Print what the window shows"),
        ),
        Command(
            "worksheet", "file", QT_TRANSLATE_NOOP("MainWindow", "&Worksheet…"),
        ),
        Command(
            "quit", "file", QT_TRANSLATE_NOOP("MainWindow", "&Quit"),
            ("Ctrl+Q",), QT_TRANSLATE_NOOP("Shortcuts", "Quit"),
            separated=True,
        ),
    )  # fmt: skip


def build_commands(pages: Sequence[PageDeclaration] = PAGES) -> dict[str, Command]:
    """Every command by id, in menu order: a command per head, the table above, a command
    per side page; raises ValueError on two commands with one id or one key."""
    return unique_commands(*_head_commands(), *_BEFORE_PAGES, *_page_commands(pages), *_AFTER_PAGES)


def unique_commands(*commands: Command) -> dict[str, Command]:
    """The commands by id; two with one id, or two sharing a key, are a mistake."""
    by_id: dict[str, Command] = {}
    owner: dict[str, str] = {}
    for command in commands:
        if command.id in by_id:
            raise ValueError(f"two commands have the id {command.id!r}")
        for key in command.keys:
            if key in owner:
                raise ValueError(f"{command.id} and {owner[key]} both take the key {key}")
            owner[key] = command.id
        by_id[command.id] = command
    return by_id


COMMANDS = build_commands()
#: The commands that have keys, in the table's order: what Help lists.
SHORTCUTS: dict[str, Command] = {c.id: c for c in COMMANDS.values() if c.keys}
