"""The Game: Face to Face (2 players, competitive): rules, notation, search, players."""
