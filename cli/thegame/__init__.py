"""The Game on the command line: options, deal/show/play, solve/analyse, simulate, study."""
