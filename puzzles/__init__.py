"""Puzzles of a set difficulty for the four games, and the SQLite puzzle library.

``puzzles.base`` defines levels, the puzzle record and the :class:`PuzzleKind`
protocol; one module per game (``puzzles.thegame``, ...) lists its kinds in ``KINDS``.
"""
