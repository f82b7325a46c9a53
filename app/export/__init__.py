"""Exports: pictures (PNG, SVG) and tables (CSV) of what the window shows.

``api`` is what the window and the command line call; ``menu`` is File > Export.
"""
