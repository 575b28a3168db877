"""Face to Face's searches behind the one engine interface (solver/core/engine.py)."""

from __future__ import annotations

import random
from typing import Any

from playable.solver.core.budget import Budget, freeze_loaded_objects
from playable.solver.core.engine import BudgetMaker, Engine, SearchOptions
from playable.solver.core.result import SolveResult
from playable.solver.facetoface.rules import State

#: The tree search's leaf solves (``leaf_nodes`` turns) are made only with fewer cards
#: left than this in all (hands and draw piles of both players, 116 at the deal): on
#: positions of play from seed 20261129 they proved 1 of 83 positions with 80-89 cards
#: left and 5 of 242 with more, each costing 10-16 ms, against 0.1 ms for a play-out.
LEAF_CARDS = 80


class FaceToFaceEngine:
    """Who wins with perfect play, over whole turns (:mod:`playable.solver.facetoface.search`);
    the analysis shares one budget among the turns."""

    analysis_shares_budget = True
    #: the play-outs' rule, (extra_gap, opp_penalty): the careful bot's (CarefulPlayer;
    #: playout_kernel.CAREFUL, and playout_kernel.GREEDY is GreedyPlayer's), with random
    #: costs of 0..rollout_jitter added to each play (playout_kernel.play_out). Chosen
    #: on run seed 20261129 of benchmarks/analysis_strength.py against the determinized
    #: bot (greedy 0 of 8 games won, careful 2 of 9, careful with jitter 6 3 of 10) and
    #: because single deterministic play-outs rank the first plays of a deal by luck
    #: (examples/deal.facetoface.txt: 12@own-down, which leaves its pile 2..11, wins the
    #: careful game; with jitter 6 it wins 38% of 400 play-outs, 12@own-up 53%)
    rollout_rule: tuple[int, int] = (0, 0)
    rollout_jitter = 6
    #: the tree search ranks each node's plays by the careful bot's cost (:meth:`order`)
    #: as its prior (docs/analysis.md, "A prior from the quick bot"): the analysis at
    #: 1 s a decision then won 27 of 30 games against the determinized bot on tuning run
    #: seed 20261130 of benchmarks/analysis_strength.py, against 25-29% without it
    tree_prior = True
    leaf_nodes = 40  # a node is a whole turn, each generating all the next turns

    def warm_up(self) -> None:
        from playable.solver.facetoface import playout_kernel
        from playable.solver.facetoface.search import warm_up

        warm_up()
        playout_kernel.warm_up()
        freeze_loaded_objects("facetoface")

    def solve(self, state: State, budget: Budget, options: SearchOptions) -> SolveResult:
        from playable.solver.facetoface.search import solve

        return solve(state, budget, line=options.line)

    def analyse(self, state: State, budgets: BudgetMaker, options: SearchOptions) -> dict[str, Any]:
        from playable.solver.facetoface.analysis import analyse

        return analyse(state, budgets(), options.memory_mb)

    def leaf_worth(self, state: State) -> bool:
        """Whether a leaf solve of ``state`` is worth its cost (:data:`LEAF_CARDS`):
        early in a game the tree search's time goes to play-outs instead."""
        return state.cards_left(0) + state.cards_left(1) < LEAF_CARDS

    def best_proven(self, analysis: dict[str, Any]) -> bool:
        """The game over, a turn proven to win, or every turn proven to lose (FF-6)."""
        return bool(analysis["finished"]) or analysis["value"] != "unknown"

    def rollout(self, state: State, rng: random.Random) -> tuple[float, ...] | None:
        """The careful bot (:attr:`rollout_rule`) plays both seats to the end in one
        compiled call (:mod:`~playable.solver.facetoface.playout_kernel`, the same
        games as ``players.CarefulPlayer`` through the reference rules); 1 for the
        winner, -1 for the loser (FF-6). A position the kernel cannot play out (one
        the rules never reach) is played by the Python bot of the same rule."""
        from playable.solver.facetoface.playout_kernel import FAILED, winner_and_turns

        seed = rng.getrandbits(31) if self.rollout_jitter else 0
        won, _ = winner_and_turns(state, self.rollout_rule, self.rollout_jitter, seed)
        if won == FAILED:
            from playable.solver.facetoface.players import GreedyPlayer, play_game

            extra_gap, opp_penalty = self.rollout_rule
            bot = GreedyPlayer(extra_gap, opp_penalty)
            won = play_game(state, (bot, bot), rng).winner
        return (1.0, -1.0) if won == 0 else (-1.0, 1.0)

    def turn_plan(self, state: State) -> list[Any]:
        """The determinized player's whole turn for the player to move (the rest of it,
        mid-turn), then the end of the turn (FF-4; the last card of a winning turn ends
        the game instead, FF-6): the seat player's default at each card of the turn
        (solver/core/seat_player.py). The determinized player is the best Face to Face
        bot (benchmarks/results/facetoface_players.md) and decides on the mover's seat
        view alone; a fresh one is seeded from that view's text (the seat player's
        ``decision_seed``), so every deal of one view gets the same plan
        (tests/facetoface/test_turn_plan.py)."""
        from playable.solver.core.seat_player import decision_seed
        from playable.solver.facetoface.players import DeterminizedPlayer
        from playable.solver.facetoface.rules import END_TURN
        from playable.solver.games import views

        seats = views("facetoface")
        text = seats.format(seats.view_of(state, state.to_move))
        player = DeterminizedPlayer(seed=decision_seed(0, text))
        return [*player.choose_turn(state, player.rng), END_TURN]

    def order(self, state: State, moves: list[Any]) -> list[Any] | None:
        """Face to Face: plays by the careful player's cost (FF-2, FF-3), ending the turn
        ranked as a play that leaves no gap."""
        from playable.solver.facetoface.players import play_cost
        from playable.solver.facetoface.rules import Play

        def cost(move: Any) -> tuple[float, str]:
            return (play_cost(state, move, 0) if isinstance(move, Play) else 0.5, str(move))

        return sorted(moves, key=cost)

    def bounds(self, result: SolveResult, wins_only: bool) -> tuple[float, float] | None:
        """A proven win or loss of the player to move (FF-6): a margin of +2 or -2."""
        value = result.extra.get("value")
        return {"win": (2.0, 2.0), "loss": (-2.0, -2.0)}.get(str(value))


ENGINE: Engine = FaceToFaceEngine()
