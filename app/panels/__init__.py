"""Panels: each draws one part of a published result and writes user input to the state."""
