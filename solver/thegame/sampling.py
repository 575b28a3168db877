"""The Game: the sampling (determinization, Monte Carlo) player (docs/results.md).

For the player to move it lists candidate whole turns (:func:`candidate_turns`: the
distinct ways to lay the minimum and a few longer turns, each kept only if it ranks
among the best by the planner's score), deals the cards it cannot see many times at
random, plays every candidate out in every deal with the numba rollout of
:mod:`playable.solver.thegame.sampling_kernel`, and picks the candidate with the fewest cards
left on average. Every candidate meets the same deals (common random numbers), so
the comparison between candidates is far less noisy than the means themselves.

What the player sees (TG-10): its own hand, the piles, the number of cards in each
hand and in the draw pile, and which cards are still unseen (:func:`observe`). The
unseen set is public knowledge: every card is laid face up, so the set of cards not
yet laid, minus one's own hand, is known to a player who remembers the game. The
reference :class:`~playable.solver.thegame.rules.State` does not keep the laid cards, so
:func:`observe` reads the same set as the sorted union of the other hands and the
draw pile, which forgets who holds what and the draw order. Nothing else about the
hidden cards reaches the player; :class:`Observation` is all it works from.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from playable.solver.thegame.players import STRANDED, minimum_turns
from playable.solver.thegame.rules import Play, State, Variant, accepts

#: Fewest sampled deals of the first halving round: with one or two deals a round
#: throws good candidates out by luck (solo, 6 deals: 166 cards left against 124 for
#: the planner with a first block of 1 deal).
FIRST_BLOCK = 4

#: Ranking key of a candidate: (planner score, the plays as (card, pile) pairs).
RankKey = tuple[int, tuple[tuple[int, int], ...]]


@dataclass(frozen=True)
class Observation:
    """Everything the player to move may know (TG-10): no hidden card's owner or place."""

    variant: Variant
    piles: tuple[int, int, int, int]
    hand: tuple[int, ...]
    to_move: int
    laid: int
    minimum: int
    hand_counts: tuple[int, ...]
    draw_count: int
    unseen: tuple[int, ...]


def observe(state: State) -> Observation:
    """What the player to move sees of ``state`` (see the module docstring)."""
    others = [c for q, h in enumerate(state.hands) if q != state.to_move for c in h]
    return Observation(
        variant=state.variant,
        piles=state.piles,
        hand=state.hand,
        to_move=state.to_move,
        laid=state.laid,
        minimum=state.minimum,
        hand_counts=tuple(len(h) for h in state.hands),
        draw_count=len(state.draw),
        unseen=tuple(sorted(others + list(state.draw))),
    )


@dataclass(frozen=True)
class Candidate:
    """One whole candidate turn: its plays, the piles and hand it leaves, its score."""

    plays: tuple[Play, ...]
    piles: tuple[int, int, int, int]
    hand: tuple[int, ...]
    score: int

    @property
    def key(self) -> RankKey:
        return self.score, tuple((p.card, p.pile) for p in self.plays)


def turn_score(before: tuple[int, ...], after: tuple[int, ...], hand: tuple[int, ...]) -> int:
    """The planner's score of a turn (``players.PlannerPlayer``): the gaps it opens
    plus :data:`~playable.solver.thegame.players.STRANDED` for each hand card no pile takes.

    The gaps of a turn telescope: on an ascending pile every play costs ``new - old``
    (a trick is exactly -10 = new - old), so a pile's total is ``after - before``; on
    a descending pile ``before - after``. The score depends only on the end position.
    """
    gaps = (after[0] - before[0]) + (after[1] - before[1])
    gaps += (before[2] - after[2]) + (before[3] - after[3])
    if min(after[0], after[1]) < max(after[2], after[3]):
        return gaps  # every card is above one of these or below the other: none stranded
    stranded = sum(1 for c in hand if not any(accepts(p, t, c) for p, t in enumerate(after)))
    return gaps + STRANDED * stranded


def _canonical(piles: tuple[int, ...], hand: tuple[int, ...]) -> tuple[int, ...]:
    """Piles 0/1 and 2/3 are interchangeable: one key for both orders."""
    low, high = sorted(piles[:2]), sorted(piles[2:])
    return (low[0], low[1], high[0], high[1], *hand)


def candidate_turns(
    obs: Observation, keep_minimum: int = 12, keep_longer: int = 3, beam: int = 64
) -> list[Candidate]:
    """Candidate whole turns for the player to move, best planner score first.

    Turns are grown one play at a time; two turns that reach the same piles (up to
    swapping the two piles of a direction) and hand are one candidate. Of the turns
    that lay exactly the minimum, the ``keep_minimum`` best by :func:`turn_score` are
    kept; each longer length keeps its ``keep_longer`` best, grown from the kept turns
    one card shorter. Before the minimum is reached the ``beam`` best partial turns are
    grown. Only plays that fit (TG-3) are tried; a turn shorter than the minimum is
    never a candidate (TG-7 decision). When the player has already laid the minimum,
    ending the turn now is a candidate too.
    """
    need = max(obs.minimum - obs.laid, 0)
    start = Candidate((), obs.piles, obs.hand, 0)
    level = [start]
    result = [start] if need == 0 else []
    depth = 0
    while level:
        depth += 1
        grown: dict[tuple[int, ...], Candidate] = {}
        for node in level:
            for i, card in enumerate(node.hand):
                rest = node.hand[:i] + node.hand[i + 1 :]
                for pile in range(4):
                    if not accepts(pile, node.piles[pile], card):
                        continue
                    piles = list(node.piles)
                    piles[pile] = card
                    after = (piles[0], piles[1], piles[2], piles[3])
                    key = _canonical(after, rest)
                    if key in grown:
                        continue
                    score = turn_score(obs.piles, after, rest)
                    grown[key] = Candidate((*node.plays, Play(card, pile)), after, rest, score)
        ranked = sorted(grown.values(), key=lambda c: c.key)
        if depth < need:
            level = ranked[:beam]
            continue
        keep = keep_minimum if depth == need else keep_longer
        level = ranked[:keep]
        result.extend(level)
    return sorted(result, key=lambda c: c.key)


@dataclass
class SamplingPlayer:
    """Plays the candidate turn with the fewest cards left on average over sampled deals.

    ``samples``: about how many sampled deals the last two candidates are compared on
    (:meth:`select`); ``keep_minimum`` and ``keep_longer``: how many candidates
    :func:`candidate_turns` keeps; ``policy``: the rollout policy of every player
    after the candidate turn, ``"planner"`` (``PlannerPlayer`` in numba) or
    ``"greedy"``; ``extra_gap``: that policy's limit for laying beyond the minimum,
    None for :func:`default_extra_gap`; ``seed`` makes the player
    deterministic: the deals of a decision are drawn from a generator seeded with
    ``seed`` and the observation, so equal observations give equal choices.
    """

    samples: int = 128
    keep_minimum: int = 12
    keep_longer: int = 3
    extra_gap: int | None = None
    policy: str = "planner"
    seed: int = 0
    name: str = "sampling"

    def choose_turn(self, state: State) -> list[Play]:
        obs = observe(state)
        candidates = candidate_turns(obs, self.keep_minimum, self.keep_longer)
        if not candidates:
            # every partial turn that reached the minimum fell out of the beam: take
            # the exhaustive list instead (rare; the rules' own enumeration)
            candidates = [
                Candidate(
                    tuple(plays),
                    after.piles,
                    after.hand,
                    turn_score(obs.piles, after.piles, after.hand),
                )
                for plays, after in minimum_turns(state)
            ]
            candidates.sort(key=lambda c: c.key)
        if len(candidates) <= 1:
            return list(candidates[0].plays) if candidates else []
        return list(candidates[self.select(obs, candidates)].plays)

    def select(self, obs: Observation, candidates: list[Candidate]) -> int:
        """The index of the chosen candidate, by successive halving.

        Every round plays the surviving candidates on a fresh block of sampled deals,
        shared by all of them (common random numbers), and keeps the better half by
        mean cards left over every deal seen so far (ties to the better planner
        score). Blocks double each round, so the last two candidates are compared on
        about ``samples`` deals (at least :data:`FIRST_BLOCK` in the first round) while
        the weak candidates cost only a few playouts; comparing all candidates on all
        deals would pick lucky outliers.
        """
        rng = np.random.default_rng([self.seed, *_fingerprint(obs)])
        survivors = list(range(len(candidates)))
        totals = np.zeros(len(candidates), dtype=np.int64)
        rounds = max(1, (len(candidates) - 1).bit_length())
        block = max(FIRST_BLOCK, self.samples // ((1 << rounds) - 1)) if obs.unseen else 1
        while len(survivors) > 1:
            out = self.playouts(obs, [candidates[i] for i in survivors], rng, block)
            totals[survivors] += out.sum(axis=1)
            survivors.sort(key=lambda i: (totals[i], i))
            survivors = survivors[: (len(survivors) + 1) // 2] if obs.unseen else survivors[:1]
            block *= 2
        return survivors[0]

    def playouts(
        self, obs: Observation, candidates: list[Candidate], rng: np.random.Generator, n: int
    ) -> npt.NDArray[np.int64]:
        """``out[c, s]``: cards left (TG-8) when candidate ``c`` is played in the sampled
        deal ``s`` of ``n`` fresh deals of the unseen cards (the same for every candidate)."""
        from playable.solver.thegame.sampling_kernel import (
            GREEDY,
            MAX_HAND,
            PLANNER,
            Candidates,
            Policy,
            evaluate,
        )

        unseen = np.array(obs.unseen, dtype=np.int64)
        samples = np.tile(unseen, (n, 1))
        if unseen.size:
            samples = rng.permuted(samples, axis=1)
        count = len(candidates)
        cand_piles = np.array([c.piles for c in candidates], dtype=np.int64)
        cand_hands = np.zeros((count, MAX_HAND), dtype=np.int64)
        for i, c in enumerate(candidates):
            cand_hands[i, : len(c.hand)] = c.hand
        cand_counts = np.array([len(c.hand) for c in candidates], dtype=np.int64)
        cand_laid = np.array([obs.laid + len(c.plays) for c in candidates], dtype=np.int64)
        out = np.zeros((count, n), dtype=np.int64)
        how = Policy(
            obs.variant.minimum(False),
            default_extra_gap(obs.variant) if self.extra_gap is None else self.extra_gap,
            PLANNER if self.policy == "planner" else GREEDY,
        )
        evaluate(
            Candidates(cand_piles, cand_hands, cand_counts, cand_laid),
            np.array(obs.hand_counts, dtype=np.int64),
            obs.to_move,
            samples,
            obs.draw_count,
            how,
            out,
        )
        return out


def default_extra_gap(variant: Variant) -> int:
    """The planner rollouts' limit for laying beyond the minimum: 0 solo, 3 in a team.

    Measured with the numba planner alone over deals 0..299 (mean cards left for the
    limits 0 / 1 / 2 / 3 / 4): solo 16.2 / 17.1 / 16.9 / 17.5 / 19.1; 2 players
    12.3 / 10.7 / 11.0 / 10.2 / 10.7; 3 players 17.2 / 15.4 / 14.1 / 13.1 / 13.4;
    4 players 11.8 / 10.9 / 10.4 / 10.1 / 9.9; 5 players 9.6 / 9.4 / 8.8 / 8.1 / 7.9.
    """
    return 0 if variant.players == 1 else 3


def _fingerprint(obs: Observation) -> list[int]:
    """The observation as non-negative integers (to seed the sampling generator)."""
    return [
        *obs.piles,
        obs.to_move,
        obs.laid,
        obs.draw_count,
        *obs.hand_counts,
        *obs.hand,
        len(obs.unseen),
        *obs.unseen,
    ]
