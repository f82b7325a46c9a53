"""Kiosk mode: fullscreen, touch-first, locked in, and self-resetting when left alone.

``install_kiosk(window, config)`` does it all; the single-instance lock is taken
before the window exists (see ``claim_single_instance``).
"""

from app.kiosk.config import KioskConfig, load_config
from app.kiosk.mode import Kiosk, install_kiosk
from app.kiosk.recovery import ExceptionReset, install_exception_reset
from app.kiosk.single_instance import (
    SECOND_INSTANCE_EXIT,
    KioskAlreadyRunningError,
    claim_single_instance,
)

__all__ = [
    "SECOND_INSTANCE_EXIT",
    "KioskAlreadyRunningError",
    "ExceptionReset",
    "Kiosk",
    "KioskConfig",
    "claim_single_instance",
    "install_exception_reset",
    "install_kiosk",
    "load_config",
]
