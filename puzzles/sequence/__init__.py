"""Sequence puzzles: kinds, generators, rating and the proof search they use."""
