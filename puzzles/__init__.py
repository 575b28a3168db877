"""Puzzles of a set difficulty for the four games, and the SQLite puzzle library.

``playable.puzzles.base`` defines levels, the puzzle record and the
:class:`PuzzleKind` protocol; one folder per game (``thegame/``, ``uno/``, ...) holds
its generators and rating, and its ``kinds`` module lists its kinds in ``KINDS``.
"""
