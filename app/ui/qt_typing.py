"""Typing help for Qt's optional returns that the widget tree guarantees."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def present(value: T | None) -> T:
    """``value``, which Qt's signatures allow to be None but our structure never leaves so.

    For a child's ``parentWidget()``, a widget's own ``layout()``, an item of a layout
    within ``count()``, the running ``QApplication.instance()``: a None there is a bug,
    reported here rather than as an attribute error further on.
    """
    if value is None:
        raise RuntimeError("a Qt object the widget tree guarantees is missing")
    return value
