"""Screen-reader support: nodes for what is painted, radio semantics, announcements.

``install()`` puts the factory in place; the panels tell assistive technology about
changes through ``events`` and the ``*_shown`` functions, which cost nothing while no
assistive technology listens.
"""

from app.accessibility.factory import install

__all__ = ["install"]
