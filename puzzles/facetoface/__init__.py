"""Face to Face puzzles: kinds, rating, calibration and sampling of hidden cards."""
