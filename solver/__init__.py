"""Rules engines and exact solvers for The Game, Face to Face, UNO and Sequence."""
