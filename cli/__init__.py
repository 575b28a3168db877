"""The `playable` command line: thin typer commands over `solver/` and `puzzles/`."""
