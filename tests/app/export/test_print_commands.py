"""The command line's handouts and worksheets, and the worksheet dialog: what they write,
and one clear line with the usual exit code for each bad input, nothing half-written.

Exit codes as everywhere on the command line: 2 for a bad argument or an unusable
sentence (before anything is drawn), 1 for a file that cannot be written.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

import core
from app.export.worksheet_dialog import WorksheetDialog
from app.main import main
from app.text.i18n import current_language
from app.text.lesson import lesson_sentence
from app.text.wording import translate
from tests.app.export import pdf_reading as pdf
from tests.app.export.pdf_reading import needs_poppler

ROOT = Path(__file__).resolve().parents[3]
SIXTY_FIVE = " ".join(["word"] * 65)
OLD = b"an older file that must survive\n"


def run(argv: list[str], capsys) -> tuple[int, list[str]]:
    """``main(argv)`` in this process: its exit code and its lines on stderr."""
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's usage errors
        code = stop.code
    return code, capsys.readouterr().err.strip().splitlines()


@needs_poppler
def test_the_worksheet_command_writes_the_language_and_paper_asked_for(qapp, tmp_path, capsys):
    target = tmp_path / "arbeitsblatt.pdf"
    argv = ["worksheet", "--language", "de", "--paper", "letter", "-o", str(target)]
    assert run(argv, capsys) == (0, [])
    assert pdf.info(target)["paper"] == "letter"
    words = pdf.text(target, 1, 1)
    assert pdf.holds(words, lesson_sentence("de")) and "Arbeitsblatt" in words
    assert sorted(p.name for p in tmp_path.iterdir()) == ["arbeitsblatt.pdf"]


@needs_poppler
def test_the_worksheet_takes_the_teachers_sentence(qapp, tmp_path, capsys):
    target = tmp_path / "w.pdf"
    sentence = "a rose is a rose is a rose"
    assert (
        run(["worksheet", "--language", "en", "-o", str(target), "--sentence", sentence], capsys)[0]
        == 0
    )
    assert pdf.holds(pdf.text(target, 1, 1), sentence)


@needs_poppler
@pytest.mark.parametrize("paper", ["a4", "letter", "A4", "Letter"])
def test_export_pdf_lays_the_handout_out_on_the_paper_asked_for(qapp, tmp_path, capsys, paper):
    target = tmp_path / "handout.pdf"
    assert run(["--export", str(target), "--paper", paper], capsys) == (0, [])
    assert pdf.info(target)["paper"] == {"a4": "A4", "letter": "letter"}[paper.lower()]


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (
            ["worksheet", "-o", "{dir}/w.pdf", "--paper", "b5"],
            "paper 'b5' is not one of: a4, letter",
        ),
        (
            ["--export", "{dir}/h.pdf", "--paper", "legal"],
            "paper 'legal' is not one of: a4, letter",
        ),
        (["--paper", "a4"], "--paper is for a .pdf export"),
        (["--export", "{dir}/h.png", "--paper", "a4"], "--paper is for a .pdf export"),
        (["worksheet", "-o", "{dir}/w.txt"], "must end in .pdf"),
        (["worksheet", "-o", ""], "the file name is empty"),
        (["worksheet"], "the following arguments are required: -o/--output"),
        (["worksheet", "-o", "{dir}/w.pdf", "--language", "fr"], "language 'fr' is not one of"),
        (["worksheet", "-o", "{dir}/w.pdf", "--sentence", SIXTY_FIVE], "more than 64 tokens"),
        (["worksheet", "-o", "{dir}/w.pdf", "--sentence", " "], "The sentence is empty"),
        (["--export", "{dir}/h.pdf", "--export-what", "minimaps"], "a .pdf file holds the handout"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(qapp, tmp_path, capsys, argv, says):
    argv = [a.replace("{dir}", str(tmp_path)) for a in argv]
    code, err = run(argv, capsys)
    assert code == 2
    assert len(err) == 1 and says in err[0], err
    assert "Traceback" not in err[0]
    assert list(tmp_path.iterdir()) == []  # nothing drawn, nothing written


def unwritable_folders(tmp_path: Path) -> list[Path]:
    """Folders that take no new file, for root too (CI runs the tests as root)."""
    plain = tmp_path / "a-plain-file"
    plain.write_bytes(OLD)
    folders = [plain]  # a "folder" that is a regular file
    if Path("/proc/self").is_dir():
        folders.append(Path("/proc"))  # the kernel's own folder takes no new files
    if os.geteuid() != 0:  # root may write anywhere else
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o555)
        folders.append(locked)
    return folders


@pytest.mark.parametrize("command", ["worksheet", "export"])
def test_an_unwritable_folder_is_one_line_and_exit_code_1(qapp, tmp_path, capsys, command):
    for folder in unwritable_folders(tmp_path):
        target = folder / "attention-heads-test.pdf"
        argv = (
            ["worksheet", "-o", str(target)]
            if command == "worksheet"
            else ["--export", str(target)]
        )
        code, err = run(argv, capsys)
        assert code == 1
        assert len(err) == 1 and err[0].startswith("attention-heads: error: could not write"), err
        assert not target.exists()
    assert (tmp_path / "a-plain-file").read_bytes() == OLD
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left in (["a-plain-file"], ["a-plain-file", "locked"])  # no temporary file


@pytest.mark.slow  # a real process of the program
@pytest.mark.parametrize("command", ["worksheet", "export"])
def test_a_write_cut_short_keeps_the_old_file_and_leaves_nothing(
    tmp_path, tmp_path_factory, command
):
    """A file size limit fills the disk part way through the PDF (root cannot dodge it)."""
    target = tmp_path / "old.pdf"
    target.write_bytes(OLD)
    state = tmp_path_factory.mktemp("state")  # not in tmp_path: it must hold the PDF only
    argv = ["worksheet", "-o", str(target)] if command == "worksheet" else ["--export", str(target)]
    script = textwrap.dedent(
        f"""
        import resource, signal, sys
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, resource.RLIM_INFINITY))
        from app.main import main
        sys.exit(main({argv!r}))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        # A log of its own: the limit counts the log's size too, and the suite's other
        # processes grow the shared one past it (its write then failed as well).
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_STATE_HOME": str(state)},
    )
    assert done.returncode == 1, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "could not write" in lines[0], lines
    assert target.read_bytes() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.pdf"]


@pytest.mark.slow  # a real process of the program
def test_the_default_heatmap_export_names_the_words_on_both_axes(tmp_path):
    target = tmp_path / "heatmap.svg"
    done = subprocess.run(
        [sys.executable, "-m", "app", "--export", str(target)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert done.returncode == 0, done.stderr
    svg = "{http://www.w3.org/2000/svg}"
    texts = {"".join(t.itertext()).strip() for t in ET.parse(target).getroot().iter(f"{svg}text")}
    for i, token in enumerate(core.LESSON_TOKENS):
        assert f"{token} {i}" in texts  # the rows: "chased 2"
    assert {"cat", "dog"} <= texts  # the columns: the word over its position


# -- File > Worksheet… ---------------------------------------------------------------------------


def test_the_dialog_offers_the_lesson_in_the_chosen_language(qtbot, tmp_path):
    dialog = WorksheetDialog(None, core.LESSON_SENTENCE)
    qtbot.addWidget(dialog)
    assert dialog.chosen_language == "en" and dialog.sentence.text() == core.LESSON_SENTENCE
    dialog.language.setCurrentIndex(dialog.language.findData("de"))
    assert dialog.sentence.text() == lesson_sentence("de")
    assert Path(dialog.file.text()).name.startswith("worksheet-de-")
    dialog.paper.setCurrentIndex(dialog.paper.findData("letter"))
    assert Path(dialog.file.text()).name == "worksheet-de-letter.pdf"
    dialog.sentence.setText("my own sentence")
    dialog.language.setCurrentIndex(dialog.language.findData("en"))
    assert dialog.sentence.text() == "my own sentence"  # the teacher's own stays


@needs_poppler
def test_the_dialog_writes_the_worksheet(qtbot, tmp_path):
    dialog = WorksheetDialog(None, "the cat sat on the mat")
    qtbot.addWidget(dialog)
    dialog.language.setCurrentIndex(dialog.language.findData("de"))
    dialog.paper.setCurrentIndex(dialog.paper.findData("letter"))
    dialog.file.setText(str(tmp_path / "blatt"))
    written = dialog.save()
    assert written == tmp_path / "blatt.pdf" and dialog.message.isHidden()
    assert pdf.info(written)["paper"] == "letter"
    assert "Lösungen für die Lehrkraft" in pdf.text(written)
    assert pdf.holds(pdf.text(written, 1, 1), "the cat sat on the mat")
    assert current_language() == "en"  # the window keeps its language
    assert translate("Worksheet", "Teacher's key") == "Teacher's key"


@pytest.mark.parametrize(
    ("sentence", "where", "says"),
    [
        ("   ", "w.pdf", "The sentence is empty"),
        (SIXTY_FIVE, "w.pdf", "more than 64 tokens"),
        ("the cat", "missing/w.pdf", "does not exist"),
    ],
)
def test_the_dialog_says_what_is_wrong_and_writes_nothing(qtbot, tmp_path, sentence, where, says):
    dialog = WorksheetDialog(None, sentence)
    qtbot.addWidget(dialog)
    dialog.file.setText(str(tmp_path / where))
    assert dialog.save() is None
    assert not dialog.message.isHidden() and says in dialog.message.text()
    assert list(tmp_path.iterdir()) == []


def test_file_worksheet_opens_the_dialog(window):
    seen = []

    def answer():
        dialog = QApplication.activeModalWidget()
        seen.append(type(dialog).__name__)
        if dialog is not None:
            dialog.reject()

    QTimer.singleShot(100, answer)
    window.run_command("worksheet")
    assert seen == ["WorksheetDialog"]
