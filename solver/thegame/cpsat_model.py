"""The Game as a CP-SAT model: the exact rules, written as constraints (docs/engines-thegame.md).

This module only *builds* the model; :mod:`playable.solver.thegame.cpsat` solves it, reads the
line back and replays it through the reference rules. The formulation, in short
(docs/engines-thegame.md has the long form):

* **Turn slots.** Time is a fixed number ``T`` of turn slots; slot ``t`` belongs to
  player ``(first + t) mod P`` (players take turns in order; TG-9: ``first`` is a
  variable for a fresh deal). A slot is *laid* (the player lays ``n[t]`` cards, at
  least the minimum), *skipped* (the player's hand is empty, TG-7) or *stopped* (the
  game has ended; every later slot is stopped too).
* **Cards.** Every card in a hand or the draw pile gets one Boolean ``x[c, t]`` per
  slot it may be laid in (or none: not laid) and, through the pile circuits, a pile.
* **Drawing (TG-4).** ``L(t)`` cards are laid up to the end of slot ``t``; the draw
  pile then has handed out ``D(t) = min(L(t), K)`` cards, written as an order encoding
  ``b[k, t] = [D(t) > k]``. Draw card ``k`` is drawn at the end of the first slot with
  ``b[k, t] = 1``, by that slot's player, so it can only be laid in a *later* slot of
  the *same* player (``t - jP`` for some ``j >= 1``).
* **Minimum (TG-5, TG-7).** A laid slot lays at least 2 (expert 3) cards while the draw
  pile has cards at its start, else at least 1; a player holding cards who does not
  lay stops the game. The hand count ``h[t]`` (initial hand + cards drawn - cards laid)
  tells a skip from a stop.
* **Piles (TG-3).** Each pile is a path starting at its top card: one CP-SAT circuit per
  pile over the node "pile start" and every card, where an arc ``a -> b`` exists only
  if ``b`` may go on ``a`` (greater on an ascending pile or exactly 10 lower; smaller
  on a descending one or exactly 10 higher), and a card's self-loop means "not on this
  pile". An arc forces ``slot(a) <= slot(b)``; cards of one pile in one slot are laid
  in path order (different piles do not interact within a turn).

Exactness: every legal game is a solution (its slots, counts and pile orders satisfy
every constraint), and every solution is a legal *prefix* of a game: each laid slot is
a turn the rules allow. The model lets the team stop at a turn boundary where the rules
would force another turn; that never changes the optimum, because continuing a game
only lays more cards (TG-8 counts cards not laid), so the fewest cards left over all
prefixes equals the fewest over complete games. :mod:`playable.solver.thegame.cpsat` checks the
other direction on every answer: a proven-optimal line must end in a terminal position.

Slot bound: while the draw pile has cards every slot after the first lays at least
``m`` (2, expert 3) cards, so the draw pile is empty by slot ``2 + (K - 1) // m``; after
that every player holding cards lays at least one per own slot, so ``P * Hmax`` more
slots empty every hand. ``T`` is the sum, so no game needs more slots.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from playable.solver.thegame.rules import PILES, State, accepts

#: A linear expression of the model (an int when it is constant).
Expr = cp_model.LinearExpr | int


@dataclass
class PileCircuit:
    """The literals of one pile's circuit (node 0 = the pile start, node i + 1 = card i)."""

    start: dict[int, cp_model.IntVar] = field(default_factory=dict)  # card index -> first
    unused: cp_model.IntVar | None = None  # the start's self-loop: nothing laid here
    arcs: dict[tuple[int, int], cp_model.IntVar] = field(default_factory=dict)
    end: dict[int, cp_model.IntVar] = field(default_factory=dict)  # card index -> last
    on: dict[int, cp_model.IntVar] = field(default_factory=dict)  # card index -> on pile


@dataclass
class GameModel:
    """A built CP-SAT model of one position and the handles to read a solution back.

    ``cards`` lists the cards still in play (hands, then the draw pile); ``first`` is
    the fixed first player or ``None`` when the model chooses it (``first_lits``).
    """

    model: cp_model.CpModel
    state: State
    cards: list[int]
    slots: int
    first: int | None
    first_lits: list[cp_model.IntVar]
    x: list[dict[int, cp_model.IntVar]]  # card index -> slot -> literal
    laid: list[cp_model.IntVar]
    slot_of: list[cp_model.IntVar]
    piles: list[PileCircuit]
    lay: list[cp_model.IntVar]
    stop: list[cp_model.IntVar]
    drawn: list[list[cp_model.IntVar]]  # b[k][t]
    cards_left: Expr

    def player(self, t: int, first: int) -> int:
        """The player of slot ``t`` when ``first`` moves in slot 0."""
        return (first + t) % self.state.variant.players


def slot_count(state: State) -> int:
    """The number of turn slots no game from ``state`` can exceed (module docstring)."""
    variant = state.variant
    m = variant.minimum(False)
    k = len(state.draw)
    before_empty = 0 if k == 0 else 2 + (k - 1) // m
    if k and any(not hand for hand in state.hands):
        # Not reachable by play (hands are full while the draw pile has cards), but a
        # position may be written so: empty hands are skipped, which stretches every
        # round of turns by at most P - 1 slots.
        before_empty *= variant.players
    hmax = max(variant.hand_size, *(len(h) for h in state.hands))
    return before_empty + variant.players * hmax


def build_model(state: State, choose_first: bool) -> GameModel:
    """The CP-SAT model of ``state``; with ``choose_first`` the model picks who starts
    (TG-9: a fresh deal, every hand full, nothing laid yet)."""
    variant = state.variant
    players = variant.players
    model = cp_model.CpModel()
    hand_cards = [(c, p) for p, hand in enumerate(state.hands) for c in hand]
    cards = [c for c, _ in hand_cards] + list(state.draw)
    owner = {i: p for i, (_, p) in enumerate(hand_cards)}
    draw_index = {len(hand_cards) + k: k for k in range(len(state.draw))}
    n_cards, big_k, laid0 = len(cards), len(state.draw), state.laid
    slots = slot_count(state)
    m = variant.minimum(False)

    # --- who plays which slot (TG-9) -------------------------------------------------
    first: int | None = None if choose_first and players > 1 else state.to_move
    first_lits: list[cp_model.IntVar] = []
    if first is None:
        first_lits = [model.new_bool_var(f"first_{p}") for p in range(players)]
        model.add_exactly_one(first_lits)

    # --- card x slot -----------------------------------------------------------------
    x: list[dict[int, cp_model.IntVar]] = []
    laid: list[cp_model.IntVar] = []
    slot_of: list[cp_model.IntVar] = []
    for i, card in enumerate(cards):
        allowed: list[int]
        if i in owner:
            p = owner[i]
            if first is None:
                allowed = list(range(slots))
            else:
                allowed = [t for t in range(slots) if (first + t) % players == p]
        else:
            allowed = list(range(1, slots))  # drawn at the end of a slot, laid later
        lits = {t: model.new_bool_var(f"x_{card}_{t}") for t in allowed}
        x.append(lits)
        done = model.new_bool_var(f"laid_{card}")
        model.add(sum(lits.values()) == done)
        laid.append(done)
        when = model.new_int_var(0, slots - 1, f"slot_{card}")
        model.add(when == sum(t * lit for t, lit in lits.items()))
        slot_of.append(when)
        if i in owner and first is None:
            for t, lit in lits.items():  # a hand card is laid by its holder only
                model.add_implication(lit, first_lits[(owner[i] - t) % players])

    count = [sum(x[i][t] for i in range(n_cards) if t in x[i]) for t in range(slots)]
    total: list[Expr] = []  # L(t): cards laid by the end of slot t
    running: Expr = laid0
    for t in range(slots):
        running = running + count[t]
        total.append(running)

    # --- drawing: b[k][t] = [D(t) > k], D(t) = min(L(t), K) (TG-4) ------------------
    drawn = [[model.new_bool_var(f"b_{k}_{t}") for t in range(slots)] for k in range(big_k)]
    handed_out: list[Expr] = [0] * slots  # D(t)
    for t in range(slots):
        if big_k == 0:
            continue
        for k in range(big_k):
            if k > 0:
                model.add_implication(drawn[k][t], drawn[k - 1][t])
            if t + 1 < slots:
                model.add_implication(drawn[k][t], drawn[k][t + 1])
        handed_out[t] = sum(drawn[k][t] for k in range(big_k))
        model.add(handed_out[t] <= total[t])
        model.add(handed_out[t] >= total[t]).only_enforce_if(drawn[big_k - 1][t].negated())
    for i, k in draw_index.items():
        for t, lit in x[i].items():
            # drawn at the end of an earlier slot of the same player: t - P, t - 2P, ...
            drawn_then = [
                drawn[k][d] - (drawn[k][d - 1] if d > 0 else 0)
                for d in range(t - players, -1, -players)
            ]
            if drawn_then:
                model.add(sum(drawn_then) >= lit)
            else:
                model.add(lit == 0)

    # --- turns: lay / skip / stop, the minimum, the hand count (TG-4, TG-5, TG-7) -----
    def empty_at(t: int) -> Expr:
        """1 when the draw pile is empty at the start of slot t."""
        if big_k == 0:
            return 1
        return 0 if t == 0 else drawn[big_k - 1][t - 1]

    def hand_at_start(t: int) -> Expr:
        """h[t]: cards held by the player of slot t when the slot begins."""
        if t < players:
            if first is None:
                return variant.hand_size  # a fresh deal: every hand is full
            return len(state.hands[(first + t) % players])
        before = t - players
        got = handed_out[before] - (handed_out[before - 1] if before > 0 else 0)
        return hand_at_start(before) - count[before] + got

    lay = [model.new_bool_var(f"lay_{t}") for t in range(slots)]
    stop = [model.new_bool_var(f"stop_{t}") for t in range(slots)]
    hand_size_cap = max(variant.hand_size, *(len(h) for h in state.hands))
    for t in range(slots):
        held = hand_at_start(t)
        model.add(count[t] <= held)
        model.add(count[t] <= hand_size_cap * lay[t])
        if t + 1 < slots:
            model.add_implication(stop[t], stop[t + 1])
        if t == 0 and laid0 > 0:
            # The turn in progress is completed (legal_moves only starts completable turns).
            model.add(count[0] + laid0 >= state.minimum)
            model.add(stop[0] == 0)
            model.add(lay[0] == 1)
            continue
        if t == 0 and first is not None and not state.hands[first] and n_cards:
            # rules.is_terminal: the player to move holds nothing and cannot lay the
            # minimum, so the game is over (such a position is not reachable by play).
            model.add(stop[0] == 1)
        model.add_implication(stop[t], lay[t].negated())
        model.add(count[t] >= m * lay[t] - (m - 1) * empty_at(t))
        model.add(held == 0).only_enforce_if([lay[t].negated(), stop[t].negated()])

    # --- piles: one circuit each (TG-3) ------------------------------------------------
    piles: list[PileCircuit] = []
    for q in PILES:
        top = state.piles[q]
        circuit = PileCircuit()
        arcs: list[tuple[int, int, cp_model.LiteralT]] = []
        circuit.unused = model.new_bool_var(f"unused_{q}")
        arcs.append((0, 0, circuit.unused))
        for i, card in enumerate(cards):
            on = model.new_bool_var(f"on_{card}_{q}")
            circuit.on[i] = on
            # The circuit must pass through the start: cards alone could otherwise close
            # a loop of their own (a -> a - 10 -> a on an ascending pile).
            model.add_implication(on, circuit.unused.negated())
            arcs.append((i + 1, i + 1, on.negated()))
            last = model.new_bool_var(f"last_{card}_{q}")
            circuit.end[i] = last
            arcs.append((i + 1, 0, last))
            if accepts(q, top, card):
                lit = model.new_bool_var(f"start_{card}_{q}")
                circuit.start[i] = lit
                arcs.append((0, i + 1, lit))
        for i, a in enumerate(cards):
            for j, b in enumerate(cards):
                if i != j and accepts(q, a, b):
                    lit = model.new_bool_var(f"arc_{a}_{b}_{q}")
                    circuit.arcs[(i, j)] = lit
                    arcs.append((i + 1, j + 1, lit))
                    model.add(slot_of[i] <= slot_of[j]).only_enforce_if(lit)
        model.add_circuit(arcs)
        piles.append(circuit)
    for i in range(n_cards):
        model.add(sum(piles[q].on[i] for q in PILES) == laid[i])
    _break_pile_symmetry(model, state, cards, piles)

    cards_left = n_cards - sum(laid)
    model.minimize(cards_left)
    return GameModel(
        model,
        state,
        cards,
        slots,
        first,
        first_lits,
        x,
        laid,
        slot_of,
        piles,
        lay,
        stop,
        drawn,
        cards_left,
    )


def _break_pile_symmetry(
    model: cp_model.CpModel, state: State, cards: list[int], piles: list[PileCircuit]
) -> None:
    """Two piles of one direction with the same top are interchangeable: swapping their
    whole sequences maps a legal game to a legal game (TG-3 only looks at the top).
    So the first card of the lower-numbered pile may be required to be the smaller one,
    an unused pile counting as larger than every card."""
    unused_value = max(cards, default=0) + 1
    for q, r in ((0, 1), (2, 3)):
        if state.piles[q] != state.piles[r]:
            continue

        def first_card(pile: PileCircuit) -> Expr:
            assert pile.unused is not None
            return sum(cards[i] * lit for i, lit in pile.start.items()) + (
                unused_value * pile.unused
            )

        model.add(first_card(piles[q]) <= first_card(piles[r]))
