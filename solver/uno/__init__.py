"""UNO: the faithful rules (docs/rules.md UN-1 ... UN-10), notation, play-out and endgame
solvers, bots and the simulator."""
