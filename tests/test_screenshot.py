"""The README's picture is the window as it is now: drawn again as
``scripts/make_screenshot.py`` draws it, and compared with ``docs/screenshot.png``.

Another machine's fonts may put a text's edges a shade apart, so the pictures are
compared in blocks of 8 x 8 pixels, each by its mean colour: edges that differ a little
leave a block's mean as it was, while a control that moved, grew or changed its words
changes whole blocks. When this fails after a change to the window, run
``python scripts/make_screenshot.py`` and commit the picture.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import make_screenshot  # noqa: E402  (scripts/make_screenshot.py)

pytestmark = pytest.mark.slow  # the program starts in a process of its own

BLOCK = 8
#: A block differs when its mean moved by more than this in a channel (0-255).
BLOCK_TOLERANCE = 16
#: The picture is stale when more than this share of its blocks differ.
STALE_SHARE = 0.001


def pixels(path_or_image) -> np.ndarray:
    """An image as a height x width x 4 array of 0-255 (RGBA)."""
    from PySide6.QtGui import QImage

    image = QImage(str(path_or_image)) if isinstance(path_or_image, Path) else path_or_image
    assert not image.isNull()
    image = image.convertToFormat(QImage.Format.Format_RGBA8888)
    raw = np.frombuffer(image.constBits(), np.uint8, image.sizeInBytes())
    rows = raw.reshape(image.height(), image.bytesPerLine())
    return rows[:, : image.width() * 4].reshape(image.height(), image.width(), 4).astype(float)


def differing_share(drawn: np.ndarray, committed: np.ndarray) -> float:
    """The share of 8 x 8 blocks whose mean colour differs (1.0 for another size)."""
    if drawn.shape != committed.shape:
        return 1.0
    height, width = (n - n % BLOCK for n in drawn.shape[:2])

    def means(picture: np.ndarray) -> np.ndarray:
        cut = picture[:height, :width]
        return cut.reshape(height // BLOCK, BLOCK, width // BLOCK, BLOCK, 4).mean(axis=(1, 3))

    moved = np.abs(means(drawn) - means(committed)).max(axis=2)
    return float((moved > BLOCK_TOLERANCE).mean())


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    path = tmp_path_factory.mktemp("picture") / "window.png"
    result = make_screenshot.render(path)
    assert result.returncode == 0, result.stderr
    return pixels(path)


@pytest.fixture(scope="module")
def committed():
    return pixels(make_screenshot.PICTURE)


def test_the_committed_picture_is_the_window_as_it_is_now(drawn, committed):
    share = differing_share(drawn, committed)
    assert share <= STALE_SHARE, (
        f"{share:.1%} of docs/screenshot.png differs from the window: "
        "run python scripts/make_screenshot.py and commit the picture"
    )


def test_the_readme_shows_that_picture():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "](docs/screenshot.png)" in readme.split("## ")[0]  # before the first heading


def test_softer_text_edges_pass_and_a_moved_control_fails(drawn, committed):
    # Text drawn a shade softer (another font rasteriser): every pixel is averaged with
    # its right-hand neighbour.
    softer = drawn.copy()
    softer[:, :-1] = (drawn[:, :-1] + drawn[:, 1:]) / 2
    assert differing_share(softer, committed) <= STALE_SHARE
    # The whole layout 3 pixels to the right: a control that moved.
    moved = np.roll(drawn, 3, axis=1)
    assert differing_share(moved, committed) > STALE_SHARE
    # One label of about 100 x 24 pixels with other words.
    relabelled = drawn.copy()
    relabelled[40:64, 200:300] = 255 - relabelled[40:64, 200:300]
    assert differing_share(relabelled, committed) > STALE_SHARE
