"""Make the program's icon for every system from its one drawing.

    python scripts/make_icons.py [--check]

The drawing is ``resources/desktop/attention-heads.svg``. Every size below is drawn from
it by Qt's SVG renderer (``QSvgRenderer``), never scaled from another size, and written:

- ``packaging/attention-heads.ico``: Windows (the programs' icon in Explorer, the task
  bar and the title bar), 16 to 256 px;
- ``packaging/attention-heads.icns``: macOS (the app in Finder and the Dock), 16 to
  1024 px;
- ``resources/desktop/hicolor/<N>x<N>/apps/attention-heads.png``: Linux menus and docks
  that want a picture rather than the SVG, 16 to 512 px, laid out as the hicolor theme
  is, so that the folder can be copied into ``~/.local/share/icons/hicolor/``.

Both container formats hold PNG pictures, which Windows (since Vista) and macOS (since
10.7) read; they are written here, so no image library is needed beyond Qt. The files
are committed: the bundle's recipe (``packaging/attention-heads.spec``) names them.
``--check`` draws every size and compares it with the committed files instead of
writing (``tests/test_icons.py`` does the same).
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "resources" / "desktop" / "attention-heads.svg"
ICO = ROOT / "packaging" / "attention-heads.ico"
ICNS = ROOT / "packaging" / "attention-heads.icns"
HICOLOR = ROOT / "resources" / "desktop" / "hicolor"
PNG_NAME = "attention-heads.png"

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: macOS's entries: (type, pixels). The "@2x" types hold the double size for Retina.
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"ic11", 32),  # 16 @2x
    (b"icp6", 64),
    (b"ic12", 64),  # 32 @2x
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic13", 256),  # 128 @2x
    (b"ic09", 512),
    (b"ic14", 512),  # 256 @2x
    (b"ic10", 1024),  # 512 @2x
)
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
#: The largest difference in any channel (0-255) between a committed picture and a new
#: drawing that still counts as the same: PNG is lossless, so only another Qt's
#: antialiasing can differ.
TOLERANCE = 8


def _qt():
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    return QGuiApplication.instance() or QGuiApplication([])


def render(size: int):
    """The drawing at ``size`` x ``size`` pixels: a QImage (ARGB32, transparent around)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(SOURCE))
    if not renderer.isValid():
        raise SystemExit(f"{SOURCE} is not an SVG Qt can draw")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    return image.convertToFormat(QImage.Format.Format_ARGB32)


def png_bytes(image) -> bytes:
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data.data())


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico: its directory, then one PNG per size (256 is written as 0)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries, pictures = b"", b""
    for size, png in sorted(pngs.items()):
        side = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset)
        pictures += png
        offset += len(png)
    return header + entries + pictures


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns: 'icns' and its length, then each type with its PNG."""
    body = b"".join(
        kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for kind, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def png_path(size: int) -> Path:
    return HICOLOR / f"{size}x{size}" / "apps" / PNG_NAME


def outputs() -> dict[Path, bytes]:
    """Every file this script writes, with what it holds."""
    sizes = sorted({*ICO_SIZES, *PNG_SIZES, *(size for _kind, size in ICNS_TYPES)})
    pngs = {size: png_bytes(render(size)) for size in sizes}
    files = {
        ICO: ico_bytes({size: pngs[size] for size in ICO_SIZES}),
        ICNS: icns_bytes(pngs),
    }
    files.update({png_path(size): pngs[size] for size in PNG_SIZES})
    return files


def differs(image, expected) -> int:
    """The largest difference in any channel between two pictures of one size."""
    import numpy as np
    from PySide6.QtGui import QImage

    def pixels(picture) -> np.ndarray:
        picture = picture.convertToFormat(QImage.Format.Format_RGBA8888)
        raw = np.frombuffer(picture.constBits(), np.uint8, picture.sizeInBytes())
        rows = raw.reshape(picture.height(), picture.bytesPerLine())
        return rows[:, : picture.width() * 4].astype(int)

    if image.size() != expected.size():
        return 255
    return int(np.abs(pixels(image) - pixels(expected)).max())


def check() -> list[str]:
    """What differs between the committed files and a new drawing (empty: nothing)."""
    from PySide6.QtGui import QImage

    problems = []
    for path, data in outputs().items():
        if not path.is_file():
            problems.append(f"{path.relative_to(ROOT)} is missing")
        elif path.suffix == ".png":
            drawn, committed = QImage.fromData(data, "PNG"), QImage(str(path))
            if differs(committed, drawn) > TOLERANCE:
                problems.append(f"{path.relative_to(ROOT)} is not the drawing")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare; write nothing")
    args = parser.parse_args(argv)
    _qt()
    if args.check:
        problems = check()
        for problem in problems:
            print(problem, file=sys.stderr)
        return 1 if problems else 0
    for path, data in outputs().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"wrote {path.relative_to(ROOT)} ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
