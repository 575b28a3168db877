"""playable: exact solvers and puzzle analysis for The Game, Face to Face, UNO and Sequence."""

__version__ = "0.1.0"
