"""Sequence: board, reference rules (SQ-1 ... SQ-11), notation, analysis and search."""
