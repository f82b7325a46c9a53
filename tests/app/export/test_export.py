"""Exports: pictures and tables that open, say the truth, and never half-replace a file."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET  # noqa: N817
from argparse import Namespace
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QBuffer, QIODevice, QPoint, Qt, QTimer
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit, QMessageBox, QTreeView

import core
from app.cli import run_table
from app.export import api as export
from app.export import pictures as export_pictures
from app.export.api import ExportError
from app.export.menu import ExportMenu
from app.model.results import compute_attention
from app.ui.theme import ZOOM_STEPS
from tests.tools import require_tool

ROOT = Path(__file__).resolve().parents[3]
SVG = "{http://www.w3.org/2000/svg}"
DRAWING = {f"{SVG}{tag}" for tag in ("rect", "path", "polyline", "polygon", "line", "text")}
OLD = b"an older file that must survive\n"


def lesson(head="induction", query=7, causal=True):
    return compute_attention(tuple(core.LESSON_TOKENS), head, query, causal)


# -- default names (pure) ----------


@pytest.mark.parametrize(
    ("args", "name"),
    [
        (("heatmap", "png"), "attention-induction-mask-on-q7.png"),
        (("heatmap", ".SVG"), "attention-induction-mask-on-q7.svg"),
        (("minimaps", "png"), "all-heads-mask-on.png"),
        (("window", "svg"), "window-induction-mask-on-q7.svg"),
        (("weights", "csv"), "weights-induction-mask-on.csv"),
    ],
)
def test_default_names_say_what_the_file_holds(args, name):
    assert export.default_name(lesson(), *args) == name


def test_default_names_follow_head_query_and_mask():
    result = lesson("same_word", 0, causal=False)
    assert export.default_name(result, "heatmap", "png") == "attention-same-word-mask-off-q0.png"
    assert export.default_name(result, "weights", "csv") == "weights-same-word-mask-off.csv"


def test_default_names_are_plain_file_names_for_every_head():
    for head in core.HEADS:
        for what, formats in export.FORMATS.items():
            for fmt in formats:
                name = export.default_name(lesson(head), what, fmt)
                assert name == Path(name).name and " " not in name and "_" not in name


@pytest.mark.parametrize(("what", "suffix"), [("heatmap", "csv"), ("weights", "png"), ("x", "png")])
def test_default_name_refuses_a_format_that_does_not_fit(what, suffix):
    with pytest.raises(ValueError):
        export.default_name(lesson(), what, suffix)


@pytest.mark.parametrize(
    ("path", "what", "expected"),
    [
        ("a.png", None, ("heatmap", "png")),
        ("a.SVG", "window", ("window", "svg")),
        ("dir/a.svg", "minimaps", ("minimaps", "svg")),
        ("a.csv", None, ("weights", "csv")),
    ],
)
def test_command_line_target_comes_from_the_suffix(path, what, expected):
    assert export.resolve_target(path, what) == expected


@pytest.mark.parametrize(("path", "what"), [("a.jpg", None), ("a", None), ("a.csv", "window")])
def test_command_line_target_refuses_nonsense(path, what):
    with pytest.raises(ValueError):
        export.resolve_target(path, what)


# -- CSV ----------


@pytest.mark.parametrize("causal", [True, False])
def test_csv_cells_equal_the_weights_with_masked_where_hidden(tmp_path, causal):
    result = lesson("induction", causal=causal)
    path = export.export_weights_csv(result, tmp_path / "w.csv")
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    labels = [f"{token} {i}" for i, token in enumerate(result.tokens)]
    assert rows[0] == ["query \\ key", *labels]  # each key by word and position
    assert len(set(rows[0])) == len(rows[0])  # "the" four times, each label once
    cells = rows[1:]
    assert len(cells) == len(result.tokens)
    hidden = result.hidden
    for i, row in enumerate(cells):
        assert len(row) == len(result.tokens) + 1
        assert row[0] == labels[i]  # each query by word and position
        for j, cell in enumerate(row[1:]):
            if hidden[i, j]:
                assert cell == "masked"
            else:
                assert cell == f"{result.selected[i, j]:.2f}"
                assert float(cell) == pytest.approx(result.selected[i, j], abs=0.005)
    assert ("masked" in path.read_text()) is causal


def test_csv_is_exactly_what_the_table_command_prints(tmp_path):
    result = lesson("same_word", causal=False)
    out = io.StringIO()
    args = Namespace(head="same_word", sentence=core.LESSON_SENTENCE, no_mask=True, format="csv")
    run_table(args, out)
    path = export.export_weights_csv(result, tmp_path / "w.csv")
    assert path.read_bytes() == out.getvalue().encode("utf-8")


# -- failures ----------


def test_missing_folder_raises_and_creates_nothing(tmp_path):
    target = tmp_path / "nowhere" / "w.csv"
    with pytest.raises(ExportError, match="does not exist"):
        export.export_weights_csv(lesson(), target)
    assert not target.parent.exists()


def test_a_folder_in_the_way_raises(tmp_path):
    (tmp_path / "w.csv").mkdir()
    with pytest.raises(ExportError, match="folder"):
        export.export_weights_csv(lesson(), tmp_path / "w.csv")


def unwritable_places(tmp_path):
    """Folders nobody can write into, root included (CI runs the tests as root)."""
    plain = tmp_path / "a-plain-file"
    plain.write_bytes(OLD)
    places = [plain / "w.csv"]  # a "folder" that is a regular file
    if Path("/proc/self").is_dir():  # the kernel's own folder takes no new files
        places.append(Path("/proc") / "attention-heads-export-test.csv")
    return places


def test_unwritable_folder_raises_and_writes_nothing(tmp_path):
    for target in unwritable_places(tmp_path):
        with pytest.raises(ExportError, match="could not write"):
            export.export_weights_csv(lesson(), target)
        assert not target.exists()
    assert (tmp_path / "a-plain-file").read_bytes() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-plain-file"]  # no temporary file


@pytest.mark.slow  # a real process of the program
@pytest.mark.parametrize("limit", [0, 10, 4096])
def test_a_write_that_fails_halfway_keeps_the_old_file(tmp_path, limit):
    """A file size limit makes the disk 'fill up' part way through (root cannot dodge it).

    Run in a child process: the limit applies to every file the process writes.
    """
    target = tmp_path / "big.csv"
    target.write_bytes(OLD)
    script = textwrap.dedent(
        f"""
        import resource, signal, sys
        from app.export.api import ExportError, write_atomic
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, resource.RLIM_INFINITY))
        try:
            write_atomic({str(target)!r}, b"x" * 20000)
        except ExportError as error:
            print(error)
            sys.exit(3)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert done.returncode == 3, done.stderr
    assert "could not write" in done.stdout
    assert target.read_bytes() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.csv"]  # no temporary left


def test_a_failed_picture_keeps_the_old_file(window, tmp_path, monkeypatch):
    target = tmp_path / "h.png"
    target.write_bytes(OLD)
    monkeypatch.setattr(QImage, "save", lambda *args: False)
    with pytest.raises(ExportError, match="PNG"):
        export.export_widget(window.heatmap, target)
    assert target.read_bytes() == OLD


def test_a_successful_export_replaces_the_old_file(tmp_path):
    target = tmp_path / "w.csv"
    target.write_bytes(OLD)
    export.export_weights_csv(lesson(), target)
    assert target.read_text().startswith("query \\ key,the 0,cat 1,chased 2")


# -- pictures ----------


def parts(window):
    return {"heatmap": window.heatmap, "minimaps": window.head_grid, "window": window}


def distinct_colours(image: QImage) -> int:
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    pixels = np.frombuffer(image.constBits(), np.uint32, image.sizeInBytes() // 4)
    return len(np.unique(pixels))


@pytest.mark.parametrize("what", export.PICTURES)
def test_png_loads_has_the_widget_size_and_is_not_blank(window, tmp_path, what):
    widget = parts(window)[what]
    path = export.export_widget(widget, tmp_path / f"{what}.png")
    image = QImage(str(path))
    assert not image.isNull()
    ratio = widget.devicePixelRatioF()
    assert (image.width(), image.height()) == (
        round(widget.width() * ratio),
        round(widget.height() * ratio),
    )
    assert distinct_colours(image) > 20


@pytest.mark.parametrize("what", export.PICTURES)
def test_svg_is_xml_with_a_viewbox_and_drawing(window, tmp_path, what):
    widget = parts(window)[what]
    path = export.export_widget(widget, tmp_path / f"{what}.svg", title="a title")
    root = ET.parse(path).getroot()
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox").split() == ["0", "0", str(widget.width()), str(widget.height())]
    drawn = [element for element in root.iter() if element.tag in DRAWING]
    assert len(drawn) > 20
    assert root.find(f"{SVG}title").text == "a title"


def svg_texts(path: Path) -> list[str]:
    root = ET.parse(path).getroot()
    return ["".join(t.itertext()).strip() for t in root.iter(f"{SVG}text")]


def test_heatmap_svg_keeps_its_words_and_numbers_as_text(qtbot, window, tmp_path):
    window.resize(1920, 1080)  # cells wide enough for the words on both axes
    qtbot.waitUntil(lambda: window.heatmap.axes_show_words, timeout=3000)
    path = export.export_widget(window.heatmap, tmp_path / "h.svg")
    texts = svg_texts(path)
    assert any("Induction head" in t for t in texts)  # the title above the plot
    assert "0.92" in texts  # a cell number: vector text, not a pasted bitmap
    assert any("chased" in t for t in texts)  # a token on an axis


def test_svg_has_no_line_that_some_viewers_would_draw_cells_wide(window, tmp_path):
    """Qt's fixed-width pens under a plot's scale are turned into ordinary widths."""
    data = (export.export_widget(window.heatmap, tmp_path / "h.svg")).read_text()
    root = ET.fromstring(data)
    for group in root.iter(f"{SVG}g"):
        if export_pictures._matrix_scale(group.get("transform")) > 2:
            for child in group:
                assert child.get("vector-effect") != "non-scaling-stroke"
    assert 'font-family="Sans Serif"' not in data


def test_svg_export_leaves_the_heatmap_caches_as_they_were(window, tmp_path):
    item = window.heatmap.labels
    before = item.cacheMode()
    export.export_widget(window.heatmap, tmp_path / "h.svg")
    assert item.cacheMode() == before


def test_svg_title_names_head_mask_and_query(window, tmp_path):
    path = export.export_part(window, "heatmap", tmp_path / "h.svg")
    title = ET.parse(path).getroot().find(f"{SVG}title").text
    assert title == "Attention Heads: Induction head, causal mask on, query cat (7)"


def test_tidy_svg_turns_small_grids_into_vector_cells_and_fixes_fonts():
    grid = QImage(3, 2, QImage.Format.Format_ARGB32)
    grid.fill(0xFF336699)
    grid.setPixel(2, 0, 0xFFFFCC00)
    grid.setPixel(1, 1, 0x00000000)  # transparent: a masked cell
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    grid.save(buffer, "PNG")
    href = "data:image/png;base64," + bytes(buffer.data().toBase64()).decode()
    raw = (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
        '<g transform="matrix(10,0,0,10,5,5)" stroke-width="4" font-family="Sans Serif">'
        '<rect vector-effect="non-scaling-stroke" width="1" height="1"/>'
        f'<image width="6" height="2" image-rendering="optimizeSpeed" xlink:href="{href}"/>'
        "</g></svg>"
    ).encode()
    root = ET.fromstring(export.tidy_svg(raw))
    rect = root.find(f"{SVG}g/{SVG}rect")
    assert rect.get("stroke-width") == "0.4" and rect.get("vector-effect") is None
    assert root.find(f".//{SVG}image") is None
    cells = root.find(f"{SVG}g/{SVG}g")
    assert cells.get("stroke") == "none"  # the group's pen must not outline the cells
    drawn = [(r.get("x"), r.get("y"), r.get("width"), r.get("fill")) for r in cells]
    assert drawn == [  # runs of equal pixels in a row merge; the transparent cell is left out
        ("0", "0", "4", "#336699"),
        ("4", "0", "2", "#ffcc00"),
        ("0", "1", "2", "#336699"),
        ("4", "1", "2", "#336699"),
    ]
    assert root.find(f"{SVG}g").get("font-family").endswith("sans-serif")


def heatmap_svg(window, tmp_path):
    path = export.export_widget(window.heatmap, tmp_path / "h.svg")
    return path, ET.parse(path).getroot()


def test_heatmap_svg_draws_cells_and_colour_bar_as_vectors(window, tmp_path):
    _, root = heatmap_svg(window, tmp_path)
    assert root.find(f".//{SVG}image") is None
    fills = [r.get("fill") for r in root.iter(f"{SVG}rect")]
    # Cell (0, 0) holds weight 1.00: the top colour of the map, as a rectangle.
    top = window.heatmap.lookup_table()[-1]
    assert "#{:02x}{:02x}{:02x}".format(*(int(c) for c in top[:3])) in fills
    # The colour bar adds one rectangle per colour of its ramp.
    assert len(set(fills)) >= 200


def rsvg_png(svg: Path, out: Path) -> QImage:
    done = subprocess.run(
        ["rsvg-convert", "-o", str(out), str(svg)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    image = QImage(str(out))
    assert not image.isNull()
    return image


@require_tool("rsvg-convert")  # from Debian's librsvg2-bin
def test_a_second_renderer_draws_the_heatmap_svg_like_the_screen(window, tmp_path):
    """librsvg, not Qt, reads the file: the cells and the colour bar must be there."""
    widget = window.heatmap
    path, _ = heatmap_svg(window, tmp_path)
    drawn = rsvg_png(path, tmp_path / "h.png")
    screen = widget.grab().toImage()
    # Qt writes the size in millimetres; converting back, librsvg may round a
    # fraction of a pixel up.
    assert abs(drawn.width() - widget.width()) <= 1
    assert abs(drawn.height() - widget.height()) <= 1
    heatmap = window.heatmap
    for row, col in ((7, 2), (0, 0), (9, 1), (3, 1), (0, 9)):  # bright, dark and masked
        rect = heatmap.cell_rect(row, col)
        point = QPoint(
            int(rect.left() + rect.width() * 0.15), int(rect.top() + rect.height() * 0.15)
        )
        a, b = drawn.pixelColor(point), screen.pixelColor(point)
        assert all(abs(p - q) <= 40 for p, q in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True)), (
            row,
            col,
            a.name(),
            b.name(),
        )
    # The colour bar, half way up: coloured as on screen, not blank or black.
    bar = heatmap.colorbar.bar.sceneBoundingRect().center()
    point = heatmap.graphics.mapTo(heatmap, heatmap.graphics.mapFromScene(bar))
    a, b = drawn.pixelColor(point), screen.pixelColor(point)
    assert b.saturation() > 60
    assert all(abs(p - q) <= 40 for p, q in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def test_minimaps_export_brings_their_tab_forward(window, tmp_path):
    window.side_tabs.setCurrentIndex(window.side_tabs.count() - 1)
    QApplication.processEvents()
    assert not window.head_grid.isVisible()
    path = export.export_part(window, "minimaps", tmp_path / "m.png")
    assert window.head_grid.isVisible()
    assert distinct_colours(QImage(str(path))) > 20


# -- the menu ----------


class Recorder:
    """Stands in for the file dialog and the error box."""

    def __init__(self, answer):
        self.answer = answer
        self.asked = []
        self.errors = []

    def ask(self, parent, caption, suggested, name_filter):
        self.asked.append((caption, suggested, name_filter))
        return None if self.answer is None else str(self.answer)

    def error(self, parent, message):
        self.errors.append(message)


def make_menu(window, answer):
    recorder = Recorder(answer)
    menu = ExportMenu(window, window.menuBar().addMenu("Test"), recorder.ask, recorder.error)
    return menu, recorder


def test_menu_offers_every_part_in_every_format(window):
    menu, _ = make_menu(window, None)
    assert set(menu.actions) == {(w, f) for w, fs in export.FORMATS.items() for f in fs}
    assert menu.menu.title() == "&Export"
    texts = [a.text() for a in menu.menu.actions() if not a.isSeparator()]
    assert "Heatmap as PNG…" in texts and "Weights of the selected head as CSV…" in texts


@pytest.mark.parametrize(("what", "fmt"), [(w, f) for w, fs in export.FORMATS.items() for f in fs])
def test_menu_action_writes_the_file_it_was_given(window, tmp_path, what, fmt):
    target = tmp_path / f"out.{fmt}"
    menu, recorder = make_menu(window, target)
    menu.actions[(what, fmt)].trigger()
    assert target.stat().st_size > 0
    caption, suggested, name_filter = recorder.asked[0]
    assert suggested.name == export.default_name(window.controller.attention, what, fmt)
    assert f"*.{fmt}" in name_filter
    assert recorder.errors == []
    assert menu.folder == tmp_path


def test_menu_follows_the_state_in_its_suggested_name(window):
    menu, recorder = make_menu(window, None)
    window.state.set_head("first_token")
    window.state.set_causal(False)
    assert menu.export("heatmap", "png") is None  # cancelled: nothing written
    assert recorder.asked[0][1].name.startswith("attention-first-token-mask-off-q")


def test_menu_adds_the_suffix_when_the_name_has_none(window, tmp_path):
    menu, _ = make_menu(window, tmp_path / "plain")
    assert menu.export("weights", "csv") == tmp_path / "plain.csv"


def test_menu_shows_an_error_and_keeps_the_old_file(window, tmp_path):
    menu, recorder = make_menu(window, tmp_path / "missing" / "h.svg")
    assert menu.export("heatmap", "svg") is None
    assert len(recorder.errors) == 1 and "does not exist" in recorder.errors[0]


@pytest.mark.parametrize("zoom", [16, 28])
def test_the_real_dialog_can_be_driven(window, tmp_path, zoom):
    target = tmp_path / "driven.png"
    suggested = export.default_name(window.controller.attention, "heatmap", "png")
    window.state.set_zoom(ZOOM_STEPS.index(zoom))
    sizes = []

    def answer():
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QFileDialog)
        try:
            sizes.append((dialog.size(), dialog.fontMetrics().height()))
            view = dialog.findChild(QTreeView, "treeView")
            header = view.header()
            for column in range(header.count()):  # no column title is cut short
                title = str(view.model().headerData(column, Qt.Orientation.Horizontal))
                assert header.sectionSize(column) >= header.fontMetrics().horizontalAdvance(title)
            assert dialog.testOption(QFileDialog.Option.DontUseNativeDialog)
            assert dialog.findChild(QLineEdit, "fileNameEdit").text() == suggested
            dialog.findChild(QLineEdit, "fileNameEdit").setText(str(target))
            dialog.accept()
        finally:
            if dialog.isVisible():  # a check failed: close it, or the test would hang
                dialog.reject()

    QTimer.singleShot(50, answer)
    menu = ExportMenu(window, window.menuBar().addMenu("Test"))
    assert menu.export("heatmap", "png") == target
    assert not QImage(str(target)).isNull()
    # room for names and dates at the text size, and never larger than the screen
    (size, line), screen = sizes[0], window.screen().availableGeometry()
    assert size.width() >= min(40 * line, screen.width() * 0.9)
    assert size.width() <= screen.width() and size.height() <= screen.height()


def test_the_real_error_box_names_the_problem(window, tmp_path, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: shown.append(args[2]))
    menu = ExportMenu(window, window.menuBar().addMenu("Test"), lambda *a: str(tmp_path))
    assert menu.export("weights", "csv") is None
    assert "folder" in shown[0] and "Nothing was saved" in shown[0]


# -- command line ----------


def test_offscreen_export_writes_and_returns_zero(window, tmp_path, qapp):
    assert export.export_offscreen(qapp, window, str(tmp_path / "m.svg"), "minimaps") == 0
    assert ET.parse(tmp_path / "m.svg").getroot().tag == f"{SVG}svg"
    assert export.export_offscreen(qapp, window, str(tmp_path / "w.csv"), None) == 0
    header = (tmp_path / "w.csv").read_text().splitlines()[0]
    assert header == ",".join(
        ["query \\ key", *(f"{t} {i}" for i, t in enumerate(core.LESSON_TOKENS))]
    )


def test_offscreen_export_failure_is_one_line_and_code_1(window, tmp_path, qapp, capsys):
    code = export.export_offscreen(qapp, window, str(tmp_path / "no" / "h.png"), None)
    assert code == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("attention-heads: error: could not write")


def test_offscreen_export_rejects_a_bad_suffix(window, qapp, tmp_path):
    with pytest.raises(ValueError, match="format"):
        export.export_offscreen(qapp, window, str(tmp_path / "h.gif"), None)


def test_the_program_exports_from_the_command_line(tmp_path):
    target = tmp_path / "shot.svg"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "app",
            "--head",
            "same_word",
            "--export",
            str(target),
            "--export-what",
            "heatmap",
            "--size",
            "1024x768",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert done.returncode == 0, done.stderr
    assert any("Same word head" in t for t in svg_texts(target))
