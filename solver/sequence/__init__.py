"""Sequence: board, reference rules (SQ-1 ... SQ-10), notation, analysis and search."""
