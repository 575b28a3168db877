"""The Game (cooperative, 1-5 players): rules, notation, search."""
