"""The Game's puzzle kinds (puzzles/thegame*.py): answer lines, replay, bots, rating
and the ``lay-all`` generator."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playable.puzzles.base import Level, Puzzle, PuzzleKind
from playable.puzzles.registry import kind_of
from playable.puzzles.thegame.bots import RandomGreedy, RandomPlanner, success_share
from playable.puzzles.thegame.kinds import KINDS
from playable.puzzles.thegame.line import replay_line
from playable.puzzles.thegame.rating import distinct_first_plays, score_of, winning_first_plays
from playable.solver.core.errors import NotationError
from playable.solver.thegame.bruteforce import optimal
from playable.solver.thegame.notation import Deal, format_line, parse, parse_line, parse_position
from playable.solver.thegame.players import GreedyPlayer, play_cost, play_out
from playable.solver.thegame.rules import Play, State, Variant, deal, end_turn, lay, shuffled_deck
from tests.puzzle_checks import check_level, check_regenerated

LAY_ALL = KINDS[0]


@cache
def made_by(kind: PuzzleKind, level: Level) -> Puzzle:
    """The puzzle of the first seed that yields one (most seeds do; trying a few keeps
    the tests independent of which seeds a change of the solver's lines affects)."""
    for seed in range(8):
        made = kind.generate(level, seed, 60.0)
        if made is not None:
            assert made.seed == seed
            return made
    raise AssertionError(f"no {kind.name} puzzle of level {level.value} from seeds 0-7")


def puzzle(level: Level) -> Puzzle:
    return made_by(LAY_ALL, level)


def position(p: Puzzle) -> State:
    return parse_position(p.position)


# ------------------------------------------------------------------ answer lines


def test_line_with_players_parses() -> None:
    turns = parse_line("1: 37@0 75@2 / 2: 12@1 13@1")
    assert [(t.player, t.plays) for t in turns] == [
        (1, (Play(37, 0), Play(75, 2))),
        (2, (Play(12, 1), Play(13, 1))),
    ]
    assert (turns[1].line, turns[1].column) == (1, 16)


def test_player_prefix_is_optional() -> None:
    turns = parse_line("37@0 75@2/12@1,13@1")
    assert [t.player for t in turns] == [None, None]
    assert turns[1].plays == (Play(12, 1), Play(13, 1))


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ("", 1, 1),
        ("1: 37@0 / ", 1, 10),
        ("1: 37@0 // 2: 4@1", 1, 10),
        ("1: 37@4", 1, 4),
        ("1: 37@0 x", 1, 9),
        ("1: 37@0 2: 4@1", 1, 9),
        ("1: 37@0 /\n2: 4@1 5", 2, 8),
        ("1:", 1, 1),
    ],
)
def test_malformed_lines_name_line_and_column(text: str, line: int, column: int) -> None:
    with pytest.raises(NotationError) as error:
        parse_line(text)
    assert (error.value.line, error.value.column) == (line, column)


@settings(max_examples=50, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 4),
            st.lists(st.builds(Play, st.integers(2, 99), st.integers(0, 3)), min_size=1),
        ),
        min_size=1,
        max_size=6,
    )
)
def test_formatted_lines_parse_back(turns: list[tuple[int, list[Play]]]) -> None:
    parsed = parse_line(format_line(turns))
    assert [(t.player, list(t.plays)) for t in parsed] == [(p + 1, plays) for p, plays in turns]


SMALL = Variant(1, max_card=20)
#: solo, cards 2..20: hand 2..9 (TG-2: 8 cards), draw 10..20
ORDERED = deal(SMALL, list(range(2, 21)))


def test_replay_of_a_winning_line_wins() -> None:
    # lay the hand in pairs, drawing after each turn; the draw is ascending too
    state = ORDERED
    turns = []
    while not state.is_won:
        plays = list(state.hand[:2]) if state.draw else list(state.hand)
        turns.append("1: " + " ".join(f"{c}@0" for c in plays))
        for c in plays:
            state = lay(state, c, 0)
        if not state.is_won:
            state = end_turn(state)
    assert replay_line(ORDERED, parse_line(" / ".join(turns))).wins


def test_replay_rejects_a_card_that_does_not_fit() -> None:
    # TG-3: 2 cannot go on ascending pile 0 once it shows 9
    result = replay_line(ORDERED, parse_line("9@0 2@0"))
    assert result.fault is not None and "cannot go on" in result.fault


def test_replay_accepts_the_backwards_trick() -> None:
    # TG-3: 14 on descending pile 2 showing 4 (exactly 10 higher) is legal
    line = "2@0 3@0 / 4@2 5@0 / 12@1 13@1 / 14@2 15@1"
    result = replay_line(ORDERED, parse_line(line))
    assert result.final.piles == (5, 15, 14, 21)
    assert result.fault is not None and "not laid" in result.fault  # legal, but unfinished
    wrong = replay_line(ORDERED, parse_line("2@0 3@0 / 4@2 5@0 / 12@1 13@1 / 15@2 14@1"))
    assert wrong.fault is not None and "cannot go on" in wrong.fault  # 11 higher: no


def test_replay_rejects_a_turn_below_the_minimum() -> None:
    # TG-5: two cards a turn while the draw pile has cards
    result = replay_line(ORDERED, parse_line("1: 2@0 / 1: 3@0 4@0"))
    assert result.fault is not None and "at least 2" in result.fault


def test_replay_rejects_the_wrong_player() -> None:
    result = replay_line(ORDERED, parse_line("2: 2@0 3@0"))
    assert result.fault is not None and "player 1 is to move" in result.fault


def test_replay_rejects_a_turn_after_the_last_card() -> None:
    # TG-7: the game ends as soon as the last card is laid
    state = State(SMALL, (1, 1, 21, 21), ((5, 20),), ())
    assert replay_line(state, parse_line("5@0 20@0")).wins
    late = replay_line(state, parse_line("5@0 / 20@0 / 7@0"))
    assert late.fault is not None and "after every card" in late.fault


def test_replay_rejects_a_line_that_stops_early() -> None:
    result = replay_line(ORDERED, parse_line("2@0 3@0"))
    assert result.fault is not None and "17 cards not laid" in result.fault


# ---------------------------------------------------------------------- bots


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(1, 3), planner=st.booleans())
def test_randomized_bots_play_legal_games_to_the_end(
    seed: int, players: int, planner: bool
) -> None:
    # play_out replays every play through the rules; cards are conserved (TG-1)
    variant = Variant(players, max_card=30)
    start = deal(variant, shuffled_deck(variant, seed))
    rng = random.Random(seed)
    bot = RandomPlanner(rng) if planner else RandomGreedy(rng)
    out = play_out(start, bot)
    laid = sum(len(plays) for _, plays in out.turns)
    assert laid + out.cards_left == variant.deck_size


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(1, 3))
def test_without_slips_the_greedy_bot_follows_the_greedy_rule(seed: int, players: int) -> None:
    # epsilon 0, patience 2: the same first play as GreedyPlayer up to ties of cost
    # (later plays may differ after a tie was broken the other way)
    variant = Variant(players, max_card=40)
    state = deal(variant, shuffled_deck(variant, seed))
    ours = RandomGreedy(random.Random(seed), epsilon=0.0).choose_turn(state)
    theirs = GreedyPlayer().choose_turn(state)
    assert costs(state, ours)[:1] == costs(state, theirs)[:1]


def costs(state: State, plays: list[Play]) -> list[int]:
    result = []
    for play in plays:
        result.append(play_cost(state, play))
        state = lay(state, play.card, play.pile)
    return result


def test_success_share_of_a_trivial_position_is_one() -> None:
    state = State(SMALL, (1, 1, 21, 21), ((20,),), ())
    assert success_share(state, "greedy", 5, random.Random(0)) == 1.0
    assert success_share(state, "planner", 5, random.Random(0)) == 1.0


# -------------------------------------------------------------------- rating


def test_equivalent_first_plays_are_counted_once() -> None:
    plays = distinct_first_plays(ORDERED)
    # both ascending piles show 1 and both descending show 21: 8 cards x 2 directions
    assert len(plays) == 16


def test_winning_first_plays_agree_with_the_brute_force() -> None:
    state = position(puzzle(Level.EASY))
    winners, total, _ = winning_first_plays(state, 100_000)
    plays = distinct_first_plays(state)
    assert total == len(plays)
    brute = {p for p in plays if optimal(lay(state, p.card, p.pile), 200_000).cards_left == 0}
    assert set(winners) == brute


def test_score_rises_with_each_signal() -> None:
    base = score_of(0.5, 0.5, 20)
    assert score_of(0.2, 0.5, 20) > base
    assert score_of(0.5, 0.8, 20) > base
    assert score_of(0.5, 0.5, 30) > base
    assert 0.0 <= score_of(1.0, 0.0, 0) <= score_of(0.0, 1.0, 99) <= 1.0


# ----------------------------------------------------------------- lay-all kind


def test_kinds_are_registered_lay_all_first() -> None:
    assert kind_of("thegame") is LAY_ALL
    assert kind_of("thegame", "short-deck") is KINDS[1]
    assert [k.name for k in KINDS] == ["lay-all", "short-deck"]
    assert all(k.game == "thegame" for k in KINDS)


@pytest.mark.parametrize("level", [Level.EASY, Level.EXPERT])
def test_generated_puzzle_is_of_its_level_and_its_solution_checks(level: Level) -> None:
    p = puzzle(level)
    state = position(p)
    check_level(p, level)
    assert {"greedy_success", "planner_success", "winning_first_moves", "depth"} <= set(
        p.rating.metrics
    )
    assert p.rating.metrics["depth"] == state.cards_left
    assert LAY_ALL.check(p, p.solution, 5.0).correct


def test_expert_is_harder_than_easy_on_held_out_measures() -> None:
    easy = puzzle(Level.EASY).rating.metrics
    expert = puzzle(Level.EXPERT).rating.metrics
    assert expert["planner_success"] < easy["planner_success"]


def test_check_rejects_wrong_answers() -> None:
    p = puzzle(Level.EXPERT)
    turns = p.solution.split(" / ")
    assert not LAY_ALL.check(p, " / ".join(turns[:-1]), 5.0).correct  # stops early
    assert not LAY_ALL.check(p, "1: 1@0 2@0", 5.0).correct  # cards not held
    with pytest.raises(NotationError):
        LAY_ALL.check(p, "1: 37@9", 5.0)


def test_a_losing_first_play_cannot_be_completed() -> None:
    p = puzzle(Level.EXPERT)
    m = p.rating.metrics
    assert m["winning_first_moves"] < m["first_moves"]
    state = position(p)
    winners, _, _ = winning_first_plays(state, 100_000)
    loser = next(q for q in distinct_first_plays(state) if q not in winners)
    # the greedy bot's best continuation after it still leaves cards, as proved
    after = lay(state, loser.card, loser.pile)
    rest = play_out(after, GreedyPlayer())
    assert rest.cards_left > 0
    plays = [[loser, *rest.turns[0][1]], *(t[1] for t in rest.turns[1:])]
    line = " / ".join(" ".join(str(q) for q in turn) for turn in plays)
    assert not LAY_ALL.check(p, line, 5.0).correct


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_generation_is_deterministic(kind: PuzzleKind) -> None:
    check_regenerated(kind, made_by(kind, Level.EASY), 60.0)


# -------------------------------------------------------------- short-deck kind

SHORT_DECK = KINDS[1]


def deal_puzzle(level: Level) -> Puzzle:
    return made_by(SHORT_DECK, level)


@pytest.mark.parametrize("level", [Level.EASY, Level.EXPERT])
def test_short_deck_puzzle_is_a_deal_of_its_level(level: Level) -> None:
    p = deal_puzzle(level)
    game = parse(p.position)
    assert isinstance(game, Deal) and game.variant.max_card < 99
    assert p.kind == "short-deck"
    check_level(p, level)
    assert p.rating.metrics["depth"] == game.variant.deck_size
    assert SHORT_DECK.check(p, p.solution, 5.0).correct
    assert p.solution.startswith("1: ")  # player 1 starts the deal


def test_short_deck_check_rejects_wrong_answers() -> None:
    p = deal_puzzle(Level.EASY)
    turns = p.solution.split(" / ")
    assert not SHORT_DECK.check(p, " / ".join(turns[:-1]), 5.0).correct
    assert not SHORT_DECK.check(p, " / ".join(turns[1:]), 5.0).correct
    with pytest.raises(NotationError):
        SHORT_DECK.check(p, "1: 3@0 /", 5.0)


def test_short_deck_levels_are_ordered_on_held_out_measures() -> None:
    easy = deal_puzzle(Level.EASY).rating.metrics
    expert = deal_puzzle(Level.EXPERT).rating.metrics
    assert expert["planner_success"] < easy["planner_success"]
    assert expert["depth"] > easy["depth"]
