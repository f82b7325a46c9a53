"""Adapters between the plain-Python model and Qt: the saved settings (QSettings) and the
training child process (QProcess). The model layer itself never imports Qt."""
