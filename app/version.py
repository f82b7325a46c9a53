"""The program's version, as installed (no Qt here: ``--version`` must stay fast)."""

from __future__ import annotations

from importlib import metadata

DISTRIBUTION = "attention-heads"


def app_version() -> str:
    """The installed package's version, e.g. '0.1.0'; 'unknown' when run uninstalled."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "unknown"
