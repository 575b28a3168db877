"""UNO puzzles: kinds, endings, lay-downs and play orders."""
