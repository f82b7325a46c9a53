"""The icons for Windows, macOS and Linux: there, readable, and the one drawing at each size."""

from __future__ import annotations

import struct
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import make_icons  # noqa: E402  (the script that makes them: scripts/make_icons.py)


def decoded(path: Path) -> list:
    """Every picture Qt reads from ``path``, in the file's order."""
    from PySide6.QtGui import QImageReader

    reader = QImageReader(str(path))
    pictures = []
    for index in range(max(reader.imageCount(), 1)):
        assert reader.jumpToImage(index) or index == 0
        image = reader.read()
        assert not image.isNull(), f"{path.name} #{index}: {reader.errorString()}"
        pictures.append(image)
    return pictures


@pytest.fixture(scope="module")
def drawn(qapp):
    """The SVG drawn at every size the icons hold."""
    sizes = {*make_icons.ICO_SIZES, *make_icons.PNG_SIZES}
    sizes |= {size for _kind, size in make_icons.ICNS_TYPES}
    return {size: make_icons.render(size) for size in sizes}


def assert_is_the_drawing(pictures, sizes, drawn):
    assert [p.width() for p in pictures] == list(sizes)
    for picture in pictures:
        assert picture.height() == picture.width()
        assert make_icons.differs(picture, drawn[picture.width()]) <= make_icons.TOLERANCE


def test_the_windows_icon_holds_every_size_of_the_drawing(drawn):
    data = make_icons.ICO.read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, len(make_icons.ICO_SIZES))
    for index in range(count):  # each entry points at a PNG inside the file
        *_, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * index)
        assert data[offset : offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + length <= len(data)
    assert_is_the_drawing(decoded(make_icons.ICO), make_icons.ICO_SIZES, drawn)


def test_the_macos_icon_holds_every_type_of_the_drawing(drawn):
    data = make_icons.ICNS.read_bytes()
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    kinds, at = [], 8
    while at < len(data):
        kind, length = data[at : at + 4], struct.unpack_from(">I", data, at + 4)[0]
        assert data[at + 8 : at + 16] == b"\x89PNG\r\n\x1a\n"
        kinds.append(kind)
        at += length
    assert at == len(data)
    assert kinds == [kind for kind, _size in make_icons.ICNS_TYPES]
    sizes = [size for _kind, size in make_icons.ICNS_TYPES]
    assert_is_the_drawing(decoded(make_icons.ICNS), sizes, drawn)


@pytest.mark.parametrize("size", make_icons.PNG_SIZES)
def test_the_linux_icon_at_each_size_is_the_drawing(drawn, size):
    path = make_icons.png_path(size)
    assert path.relative_to(ROOT).as_posix() == (
        f"resources/desktop/hicolor/{size}x{size}/apps/attention-heads.png"
    )
    assert_is_the_drawing(decoded(path), [size], drawn)


def test_a_changed_drawing_is_noticed(drawn):
    from PySide6.QtGui import QColor, QPainter

    changed = drawn[64].copy()
    painter = QPainter(changed)
    painter.fillRect(20, 20, 6, 6, QColor("#ff00ff"))
    painter.end()
    assert make_icons.differs(changed, drawn[64]) > make_icons.TOLERANCE
    assert make_icons.differs(drawn[32], drawn[64]) > make_icons.TOLERANCE  # a wrong size


def test_the_script_finds_the_committed_icons_up_to_date(drawn):
    assert make_icons.check() == []
