"""Pieces shared by every game: result records, budgets, notation errors."""
