"""Studies at scale, for every game: ``run.py`` is what every `playable study GAME`
shares (resumable SQLite runs on worker processes or Dask, retries with a larger
budget), ``report.py`` is `playable report`, and ``<game>.py`` holds one game's study
command, tables and figures (:data:`playable.solver.games.NAMES`)."""
