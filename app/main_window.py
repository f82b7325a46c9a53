"""The main window."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QMainWindow


class MainWindow(QMainWindow):
    """Placeholder until the explorer lands."""

    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle("Attention Heads")
        self.setCentralWidget(QLabel("Attention Heads"))
        self.resize(1024, 768)
