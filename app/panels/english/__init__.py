"""Pieces of the English page: the head detector and the next-word guesses."""
