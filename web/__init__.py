"""The web board and puzzle player (``playable serve``): JSON endpoints over the
library API (web/app.py), searches in bounded worker processes (web/jobs.py), and a
static front end with no build step (web/static/)."""
