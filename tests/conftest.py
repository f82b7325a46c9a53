"""Shared test set-up: every Qt test runs on the offscreen platform."""

import os

# Must happen before anything creates a QApplication.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
