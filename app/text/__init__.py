"""Words and texts: translation, the wording of numbers, tokens and results, the lesson's
sentences and the packaged text files. Knows no state and no widget."""
