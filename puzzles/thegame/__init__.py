"""The Game's puzzles: kinds, generators, rating, the bots and lines they use."""
