"""matplotlib figures of studies and simulations of every game (PNG files, drawn
without a display: the Agg backend)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from playable.solver.core.files import write_atomic


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _save(figure: Any, path: Path) -> None:
    """Write ``figure`` as a PNG file whole or not at all (solver/core/files.py)."""
    png = io.BytesIO()
    figure.savefig(png, dpi=120, format="png")
    write_atomic(path, png.getvalue())


def slug(text: str) -> str:
    """``text`` as a file-name part: ASCII letters, digits and ``-_.`` only."""
    return "".join(c if c.isascii() and (c.isalnum() or c in "-_.") else "-" for c in text)


def cards_left_histogram(label: str, distribution: dict[int, int], path: Path) -> Path:
    """Bar chart: how many deals of The Game end with each number of cards left."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(8, 4))
    keys = sorted(distribution)
    axes.bar(keys, [distribution[k] for k in keys], color="#3b75af")
    axes.set_xlabel("cards left (TG-8)")
    axes.set_ylabel("deals")
    axes.set_title(f"Cards left: {label}")
    figure.tight_layout()
    _save(figure, path)
    plt.close(figure)
    return path


def rates_with_intervals(
    title: str, ylabel: str, bars: list[tuple[str, dict[str, Any]]], path: Path
) -> Path:
    """One bar per (label, proportion JSON) with its 95% Wilson interval as error bar."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(max(6, 1.3 * len(bars)), 4))
    labels = [label for label, _ in bars]
    rates = [100 * p["rate"] for _, p in bars]
    below = [100 * (p["rate"] - p["low"]) for _, p in bars]
    above = [100 * (p["high"] - p["rate"]) for _, p in bars]
    axes.bar(labels, rates, yerr=[below, above], capsize=5, color="#4c9a5a")
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    axes.set_ylim(0, max([100 * p["high"] for _, p in bars] + [1]) * 1.15)
    plt.setp(axes.get_xticklabels(), rotation=20, ha="right")
    figure.tight_layout()
    _save(figure, path)
    plt.close(figure)
    return path
