"""The data files of Attention Heads: texts, translations, models, desktop files."""
