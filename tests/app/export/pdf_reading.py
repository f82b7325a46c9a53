"""Reading a PDF file back as a reader would, with Debian's poppler-utils: its text, its
details, its fonts, its pictures and its pages as pixels."""

from __future__ import annotations

import re
import subprocess
import tempfile
import unicodedata
from pathlib import Path

import numpy as np
from PySide6.QtGui import QImage

from tests.tools import require_tool

#: The mark for tests that read PDF files back.
needs_poppler = require_tool("pdftotext", "pdftoppm", "pdfinfo", "pdffonts", "pdfimages")


def _run(*command: str) -> str:
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def text(path: Path, first: int | None = None, last: int | None = None) -> str:
    """The text of pages ``first`` to ``last`` (1-based, inclusive), in reading order."""
    pages = []
    if first is not None:
        pages += ["-f", str(first)]
    if last is not None:
        pages += ["-l", str(last)]
    return _run("pdftotext", "-enc", "UTF-8", *pages, str(path), "-")


def page_texts(path: Path) -> list[str]:
    """Each page's text."""
    return [text(path, n, n) for n in range(1, info(path)["pages"] + 1)]


def squeezed(words: str) -> str:
    """Text without spaces, line breaks and hyphens (a line may break at a hyphen, and
    pdftotext then drops it): what a phrase is looked up as."""
    return re.sub(r"[\s\-‐]", "", unicodedata.normalize("NFKC", words))


def holds(words: str, phrase: str) -> bool:
    """Whether ``phrase`` stands in the text ``words`` as a whole, wherever its lines
    break: "Map: B" is not in "Map: Broad ..." (a phrase that ends in a letter or digit
    must end there), and "first-token" may have lost its hyphen at a line's end."""
    text = unicodedata.normalize("NFKC", words)
    parts = [re.escape(part).replace("\\-", "-?") for part in phrase.split()]
    wanted = r"\s*".join(parts) + (r"(?!\w)" if phrase[-1:].isalnum() else "")
    return re.search(wanted, text) is not None


def info(path: Path) -> dict:
    """Pages, page size in points, and the paper pdfinfo names."""
    out = _run("pdfinfo", str(path))
    pages = int(re.search(r"^Pages:\s+(\d+)", out, re.M).group(1))
    size = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+) pts(?: \((\w+)\))?", out, re.M)
    return {
        "pages": pages,
        "size": (float(size.group(1)), float(size.group(2))),
        "paper": size.group(3),
        "title": (re.search(r"^Title:\s+(.*)$", out, re.M) or [None, None])[1],
    }


def fonts(path: Path) -> list[dict]:
    """pdffonts' rows: name, whether embedded."""
    lines = _run("pdffonts", str(path)).splitlines()[2:]
    rows = []
    for line in lines:
        parts = line.split()
        # name, type (maybe two words), encoding, emb, sub, uni, object, id
        rows.append({"name": parts[0], "emb": parts[-5], "line": line})
    return rows


def images(path: Path) -> list[str]:
    """pdfimages' rows: every picture the file holds (none in a vector drawing)."""
    return _run("pdfimages", "-list", str(path)).splitlines()[2:]


def page_pixels(path: Path, page: int, dpi: int, grey: bool = False) -> np.ndarray:
    """Page ``page`` (1-based) drawn at ``dpi``: (h, w) grey levels or (h, w, 3) RGB."""
    with tempfile.TemporaryDirectory() as folder:
        stem = Path(folder) / "page"
        _run(
            "pdftoppm",
            "-r",
            str(dpi),
            "-f",
            str(page),
            "-l",
            str(page),
            "-png",
            *(["-gray"] if grey else []),
            "-singlefile",
            str(path),
            str(stem),
        )
        image = QImage(str(stem.with_suffix(".png"))).convertToFormat(QImage.Format.Format_RGB888)
    assert not image.isNull()
    raw = np.frombuffer(image.constBits(), np.uint8, image.sizeInBytes())
    rgb = raw.reshape(image.height(), image.bytesPerLine())[:, : image.width() * 3]
    rgb = rgb.reshape(image.height(), image.width(), 3).astype(float)
    return rgb.mean(axis=2) if grey else rgb


def region(pixels: np.ndarray, rect, dpi: int, inset: float = 0.0) -> np.ndarray:
    """The pixels of ``rect`` (a QRectF in points), less ``inset`` points on every side."""
    k = dpi / 72.0
    x0, y0 = int((rect.left() + inset) * k), int((rect.top() + inset) * k)
    x1, y1 = int((rect.right() - inset) * k), int((rect.bottom() - inset) * k)
    return pixels[y0:y1, x0:x1]


def word_boxes(path: Path) -> list[tuple[int, str, tuple[float, float, float, float]]]:
    """Every word with its page (1-based) and box (x0, y0, x1, y1) in points."""
    import html

    out = _run("pdftotext", "-bbox", "-enc", "UTF-8", str(path), "-")
    boxes, page = [], 0
    for line in out.splitlines():
        if "<page " in line:
            page += 1
        found = re.search(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)</word>',
            line,
        )
        if found:
            x0, y0, x1, y1 = (float(found.group(k)) for k in range(1, 5))
            boxes.append((page, html.unescape(found.group(5)), (x0, y0, x1, y1)))
    return boxes
