"""Pieces of the GPT-2 page: the grid of heads, the head finder, the background runner."""
