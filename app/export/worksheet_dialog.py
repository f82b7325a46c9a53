"""File > Worksheet…: choose the language, the paper, the sentence and the file, then
write the worksheet (student pages and the teacher's key) as PDF."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

import core
from app.export.files import ExportError
from app.export.kinds import PAPERS
from app.export.menu import AskPath, ask_save_path, start_folder
from app.export.sheet import default_paper
from app.text.errors import token_error
from app.text.i18n import LANGUAGES, current_language
from app.text.lesson import is_lesson_sentence, lesson_sentence
from app.text.wording import translate
from app.ui.dialog_size import resize_within_screen


def paper_label(paper: str) -> str:
    return {
        "a4": translate("WorksheetDialog", "A4 (210 × 297 mm)"),
        "letter": translate("WorksheetDialog", "Letter (8.5 × 11 in)"),
    }[paper]


def suggested_name(language: str, paper: str) -> str:
    return f"worksheet-{language}-{paper}.pdf"


class WorksheetDialog(QDialog):
    """The worksheet's choices; ``save()`` writes it (the Save button calls it).

    Parameters
    ----------
    parent : QWidget
    sentence : str
        The window's sentence, offered first (a lesson sentence in the chosen language).
    ask_path : callable, optional
        Stands in for the file dialog (tests).
    """

    def __init__(
        self, parent: QWidget | None, sentence: str, ask_path: AskPath | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("worksheetDialog")
        self.setWindowTitle(translate("WorksheetDialog", "Worksheet for a class"))
        self._ask_path = ask_path or ask_save_path
        self.written: Path | None = None
        self.language = QComboBox()
        for code, name in LANGUAGES.items():
            self.language.addItem(name, code)
        self.language.setCurrentIndex(list(LANGUAGES).index(current_language()))
        self.paper = QComboBox()
        for paper in PAPERS:
            self.paper.addItem(paper_label(paper), paper)
        self.paper.setCurrentIndex(PAPERS.index(default_paper()))
        self.sentence = QLineEdit(self._offered(sentence))
        self.sentence.setCursorPosition(0)  # the sentence's start in view, not its end
        self.file = QLineEdit(str(start_folder() / self._suggested()))
        self._suggested_file = self.file.text()
        self.message = QLabel()
        self.message.setObjectName("error")
        self.message.setWordWrap(True)
        self.message.hide()
        self._lay_out()
        self.language.currentIndexChanged.connect(self._follow_choice)
        self.paper.currentIndexChanged.connect(self._follow_choice)

    def _lay_out(self) -> None:
        lesson = QPushButton(translate("WorksheetDialog", "Lesson sentence"))
        lesson.clicked.connect(lambda: self.sentence.setText(lesson_sentence(self.chosen_language)))
        choose = QPushButton(translate("WorksheetDialog", "Choose…"))
        choose.clicked.connect(self._choose_file)
        form = QFormLayout()
        form.addRow(translate("WorksheetDialog", "Language:"), self.language)
        form.addRow(translate("WorksheetDialog", "Paper:"), self.paper)
        form.addRow(translate("WorksheetDialog", "Sentence:"), _row(self.sentence, lesson))
        form.addRow(translate("WorksheetDialog", "File:"), _row(self.file, choose))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        save = buttons.addButton(
            translate("WorksheetDialog", "Write the worksheet"),
            QDialogButtonBox.ButtonRole.AcceptRole,
        )
        save.setObjectName("writeWorksheet")
        buttons.accepted.connect(self._save_and_close)
        buttons.rejected.connect(self.reject)
        about = QLabel(
            translate(
                "WorksheetDialog",
                "Student pages to fill in, then the teacher's key with every answer on pages "
                "of its own.",
            )
        )
        about.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(about)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        line = self.fontMetrics().height()
        resize_within_screen(self, line * 40, self.sizeHint().height())

    @property
    def chosen_language(self) -> str:
        return str(self.language.currentData())

    @property
    def chosen_paper(self) -> str:
        return str(self.paper.currentData())

    def _offered(self, sentence: str) -> str:
        """The window's sentence; a lesson sentence in the worksheet's language."""
        if is_lesson_sentence(sentence):
            return lesson_sentence(self.chosen_language)
        return sentence

    def _suggested(self) -> str:
        return suggested_name(self.chosen_language, self.chosen_paper)

    def _follow_choice(self) -> None:
        """A new language brings its lesson sentence, and a name the person did not
        change follows the language and the paper."""
        self.sentence.setText(self._offered(self.sentence.text()))
        if self.file.text() == self._suggested_file:
            self.file.setText(str(Path(self._suggested_file).with_name(self._suggested())))
            self._suggested_file = self.file.text()

    def _choose_file(self) -> None:
        caption = translate("WorksheetDialog", "Save the worksheet as")
        pdf = translate("WorksheetDialog", "PDF document (*.pdf)")
        chosen = self._ask_path(self, caption, Path(self.file.text()), pdf)
        if chosen:
            self.file.setText(chosen)

    def _say(self, message: str) -> None:
        self.message.setText(message)
        self.message.show()

    def save(self) -> Path | None:
        """Write the worksheet as chosen; the path written, or None (the reason is shown)."""
        from app.export.worksheet import write_worksheet

        sentence = self.sentence.text()
        try:
            core.tokenize(sentence)
        except core.TokenError as error:
            self._say(token_error(error))
            return None
        path = Path(self.file.text().strip() or ".")
        if path.suffix.lower() != ".pdf" and not path.is_dir():
            path = path.with_name(path.name + ".pdf")
        try:
            self.written = write_worksheet(path, sentence, self.chosen_paper, self.chosen_language)
        except ExportError as error:
            self._say(error.message())
            return None
        except OSError as error:  # from is_dir(): a name too long for the file system
            self._say(str(error.strerror))
            return None
        return self.written

    def _save_and_close(self) -> None:
        if self.save() is not None:
            self.accept()


def _row(field: QWidget, button: QPushButton) -> QHBoxLayout:
    row = QHBoxLayout()
    row.addWidget(field, 1)
    row.addWidget(button)
    return row
