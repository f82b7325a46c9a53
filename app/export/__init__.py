"""Exports: pictures (PNG, SVG) and tables (CSV) of what the window shows, and paper:
the handout (PDF, File > Print) and the worksheet with its teacher's key.

``api`` is what the window and the command line call; ``menu`` is File > Export.
"""
