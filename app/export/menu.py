"""File > Export: what can be exported, and the menu that asks where to save it.

The code that writes the files (``app.export.api``, with QtSvg) is imported on the first
export, not at start-up.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction

# The dialogs' classes (QFileDialog, QMessageBox, QTreeView, QHeaderView) are imported
# where they are used: a Qt class's first use builds its enums, which no start-up needs.
from PySide6.QtWidgets import QDialog, QMenu, QWidget

from app.export.kinds import FORMATS
from app.text.wording import fill, translate
from app.ui.dialog_size import resize_within_screen

if TYPE_CHECKING:
    from app.export.source import ExportSource


def menu_label(what: str) -> str:
    """What an export holds, as its menu entries begin."""
    return {
        "heatmap": translate("ExportMenu", "Heatmap"),
        "minimaps": translate("ExportMenu", "Small maps of all heads"),
        "window": translate("ExportMenu", "Whole window"),
        "weights": translate("ExportMenu", "Weights of the selected head"),
        "handout": translate("ExportMenu", "Handout of the window"),
    }[what]


def caption(what: str, fmt: str) -> str:
    """The save dialog's title."""
    template = {
        "heatmap": translate("ExportMenu", "Export heatmap as %1"),
        "minimaps": translate("ExportMenu", "Export small maps of all heads as %1"),
        "window": translate("ExportMenu", "Export whole window as %1"),
        "weights": translate("ExportMenu", "Export weights of the selected head as %1"),
        "handout": translate("ExportMenu", "Export a handout of the window as %1"),
    }[what]
    return fill(template, fmt.upper())


def name_filter(fmt: str) -> str:
    return {
        "png": translate("ExportMenu", "PNG image (*.png)"),
        "svg": translate("ExportMenu", "SVG drawing (*.svg)"),
        "csv": translate("ExportMenu", "CSV table (*.csv)"),
        "pdf": translate("ExportMenu", "PDF document (*.pdf)"),
    }[fmt]


#: The file dialog's size, in lines of text (width, height).
FILE_DIALOG_LINES = (44, 24)

AskPath = Callable[[QWidget, str, Path, str], "str | None"]
ShowError = Callable[[QWidget, str], None]


def ask_save_path(parent: QWidget, caption: str, suggested: Path, name_filter: str) -> str | None:
    """Ask where to save, with Qt's own (non-native) dialog; None if cancelled.

    Qt's dialog looks the same everywhere, asks before replacing a file, and can be
    driven by tests, which a platform dialog cannot.
    """
    from PySide6.QtWidgets import QFileDialog

    dialog = QFileDialog(parent, caption, os.fspath(suggested.parent), name_filter)
    dialog.setObjectName("exportDialog")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setFileMode(QFileDialog.FileMode.AnyFile)
    dialog.setDefaultSuffix(suggested.suffix.lstrip("."))
    dialog.selectFile(suggested.name)
    _fit_to_text(dialog)
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.selectedFiles():
            return None
        return dialog.selectedFiles()[0]
    finally:
        dialog.deleteLater()


def _fit_to_text(dialog: QDialog) -> None:
    """Room for file names and dates at the window's text size, within the screen (at
    presenter sizes Qt's default size cut every column short)."""
    from PySide6.QtWidgets import QHeaderView, QTreeView

    dialog.ensurePolished()
    line = dialog.fontMetrics().height()
    width, height = line * FILE_DIALOG_LINES[0], line * FILE_DIALOG_LINES[1]
    resize_within_screen(dialog, max(width, dialog.width()), max(height, dialog.height()))
    # The detail view's columns keep widths made for small text: names take the room
    # left, size, type and date what their text needs. (Qt names the view "treeView";
    # without it the dialog keeps Qt's own columns.)
    view = dialog.findChild(QTreeView, "treeView")
    if view is not None:
        header = view.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in range(1, header.count()):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)


def show_export_error(parent: QWidget, message: str) -> None:
    from PySide6.QtWidgets import QMessageBox

    nothing = translate("ExportMenu", "Nothing was saved.")
    QMessageBox.warning(parent, translate("ExportMenu", "Export failed"), f"{nothing}\n\n{message}")


def start_folder() -> Path:
    from PySide6.QtCore import QStandardPaths

    for location in (
        QStandardPaths.StandardLocation.PicturesLocation,
        QStandardPaths.StandardLocation.DocumentsLocation,
    ):
        folder = Path(QStandardPaths.writableLocation(location) or "")
        if folder.parts and folder.is_dir():
            return folder
    return Path.home()


class ExportMenu(QObject):
    """File > Export: pictures of the heatmap, the small maps or the window; the weights.

    Parameters
    ----------
    window : ExportSource
        The window: what it shows is exported, and the dialogs open over it.
    parent_menu : QMenu
        The submenu is added to it (usually File).
    ask_path, show_error : callable, optional
        Replace the file dialog and the error box (tests, or another front end).
    """

    def __init__(
        self,
        window: ExportSource,
        parent_menu: QMenu,
        ask_path: AskPath | None = None,
        show_error: ShowError | None = None,
    ) -> None:
        super().__init__(window.window())
        self._window = window
        self._ask_path = ask_path or ask_save_path
        self._show_error = show_error or show_export_error
        self.folder: Path | None = None  # where the last export went; the dialog starts there
        self.menu: QMenu = parent_menu.addMenu(translate("ExportMenu", "&Export"))
        self.menu.setObjectName("exportMenu")
        self.actions: dict[tuple[str, str], QAction] = {}
        for what, formats in FORMATS.items():
            if what in ("weights", "handout"):
                self.menu.addSeparator()
            for fmt in formats:
                entry = fill(translate("ExportMenu", "%1 as %2…"), menu_label(what), fmt.upper())
                action = self.menu.addAction(entry)
                action.setObjectName(f"export_{what}_{fmt}")
                action.triggered.connect(lambda _=False, w=what, f=fmt: self.export(w, f))
                self.actions[(what, fmt)] = action

    def export(self, what: str, fmt: str) -> Path | None:
        """Ask for a file name and export; returns the path written, or None."""
        from app.export import api as export  # the writing code, with QtSvg: on first export

        fmt = export.check_format(what, fmt)
        result = self._window.controller.attention
        folder = self.folder or start_folder()
        suggested = folder / export.default_name(result, what, fmt)
        chosen = self._ask_path(
            self._window.window(), caption(what, fmt), suggested, name_filter(fmt)
        )
        if not chosen:
            return None
        path = Path(chosen)
        try:
            if not path.suffix and not path.is_dir():
                path = path.with_suffix(f".{fmt}")
            export.check_target(path)
            written = export.export_part(self._window, what, path, fmt=fmt)
        except export.ExportError as error:
            self._show_error(self._window.window(), error.message())
            return None
        except OSError as error:  # from is_dir(): a name too long for the file system, say
            self._show_error(
                self._window.window(), export.cannot_write(path, error.strerror).message()
            )
            return None
        self.folder = written.parent
        return written
