"""Helpers shared by the panel tests: a side-panel-sized scroll area, and pixel counting."""

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QScrollArea


def in_side_panel(qtbot, view, size):
    """Show ``view`` in a scroll area of ``size``, as the window's side panel holds it."""
    scroll = QScrollArea()
    qtbot.addWidget(scroll)
    scroll.setWidget(view)
    scroll.setWidgetResizable(True)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroll.resize(*size)
    scroll.show()
    qtbot.waitExposed(scroll)
    return scroll


def count_pixels_near(image, colour, tolerance=40):
    """How many pixels of ``image`` are within ``tolerance`` (sum over R, G, B) of ``colour``."""
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    pixels = (
        np.frombuffer(image.constBits(), dtype=np.uint8)
        .reshape(image.height(), image.bytesPerLine() // 4, 4)[:, : image.width(), 2::-1]
        .astype(int)
    )  # BGRA in memory -> RGB
    target = QColor(colour)
    distance = np.abs(pixels - [target.red(), target.green(), target.blue()]).sum(axis=2)
    return int((distance < tolerance).sum())
