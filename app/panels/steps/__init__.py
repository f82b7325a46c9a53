"""The steps page's parts: its words and its picture."""
