"""Qt's translation lookup, and the marker for words translated where they are shown.

Both are called by these names with literal arguments, so that ``pyside6-lupdate``
finds every string (it cannot see through a wrapper).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

#: Qt's translation lookup: ``translate(context, source[, disambiguation])``.
translate = QCoreApplication.translate


def QT_TRANSLATE_NOOP(context: str, source: str) -> str:  # noqa: N802 (Qt's name)
    """Mark ``source`` for translation where it is defined (lupdate finds it by this
    name); ``translate(context, source)`` words it where it is shown."""
    return source
