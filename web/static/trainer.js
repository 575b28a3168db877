// The puzzle trainer (docs/web.md, "Puzzle trainer"): the next puzzle of a game and
// level, moves checked as they are played, a hint, the solution on request, and a
// streak and rating kept in this browser (localStorage).
//
// Every move is checked by the server's reference rules as it is played (a refused
// one shows its rule id). The answer itself is judged by the puzzle kind's own check
// on the server (POST /api/puzzles/{id}/attempt), as soon as the part of the answer
// the kind judges has been played (the puzzle's ``answer_span``): the first move
// (UNO ending, Sequence win-in-n), the first whole turn (Face to Face win-from-here)
// or the whole line (The Game lay-all: many lines lay every card, so a prefix cannot
// be held against the one stored solution, and the line is judged at its end). A
// hint (the solution's first move) or the solution marks the puzzle as revealed: the
// server then counts a right answer as a try, not a success, and here it counts as a
// miss for the streak and the rating.

import { el } from "./cards.js";

const $ = (id) => document.getElementById(id);
const STORE = "playable.trainer";
const START_RATING = 1200;

export function loadRecord() {
  try {
    const record = JSON.parse(localStorage.getItem(STORE) || "{}");
    return { rating: START_RATING, streak: 0, best: 0, done: {}, ...record };
  } catch {
    return { rating: START_RATING, streak: 0, best: 0, done: {} };
  }
}

function saveRecord(record) {
  try {
    localStorage.setItem(STORE, JSON.stringify(record));
  } catch {
    // storage refused (private mode, full): the record lives for this page only
  }
}

// Elo against the puzzle: its difficulty score in [0, 1] as a rating 800..2400.
export function rated(rating, score, won) {
  const puzzleRating = 800 + 1600 * score;
  const expected = 1 / (1 + 10 ** ((puzzleRating - rating) / 400));
  return Math.round(rating + 32 * ((won ? 1 : 0) - expected));
}

const SPAN_WORDS = {
  move: "Your first move is judged as soon as you play it.",
  turn: "Your first turn is judged when you end it (or win with it).",
  line: "Your line is judged when no card can be played any more.",
};

export function setupTrainer(board) {
  const { state, call, guarded, setView, clearBoard, showFrames, playedText, tab } = board;
  let puzzle = null;        // the puzzle open: its document, plus revealed/judged
  let record = loadRecord();
  let listed = [];

  function showRecord() {
    $("trainer-record").textContent = `Rating ${record.rating} · streak ${record.streak} (best ${record.best})`;
  }

  function judgedOnce(won) {
    if (puzzle.counted) return;
    puzzle.counted = true;
    record.rating = rated(record.rating, puzzle.score, won);
    record.streak = won ? record.streak + 1 : 0;
    record.best = Math.max(record.best, record.streak);
    record.done[puzzle.id] = won ? "solved" : "missed";
    saveRecord(record);
    showRecord();
  }

  async function open() {
    tab(true);
    const found = await call("GET", "/api/puzzles");
    const keep = (id) => $(id).value;
    const game = keep("puzzle-game");
    const level = keep("puzzle-level");
    $("puzzle-game").replaceChildren(el("option", { value: "" }, "any game"), ...found.games.map((g) => el("option", { value: g }, g)));
    $("puzzle-level").replaceChildren(el("option", { value: "" }, "any level"), ...found.levels.map((l) => el("option", { value: l }, l)));
    $("puzzle-game").value = game;
    $("puzzle-level").value = level;
    showRecord();
    await list();
  }

  async function list() {
    const query = new URLSearchParams({ game: $("puzzle-game").value, level: $("puzzle-level").value });
    listed = (await call("GET", `/api/puzzles?${query}`)).puzzles;
    $("puzzle-list").replaceChildren(...(listed.length ? listed.map((p) => el("li", {},
      el("button", { type: "button", class: "puzzle-open", onclick: () => guarded(() => openPuzzle(p.id)) }, `#${p.id}`),
      ` ${p.game} ${p.kind}, ${p.level}` + (record.done[p.id] ? ` · you: ${record.done[p.id]}` : "") +
      ` · solved ${p.solved} of ${p.tries}`)) : [el("li", {}, "no puzzles of this game and level")]));
  }

  // The next puzzle of the chosen game and level: the first after the one open that
  // this browser has not met yet, else simply the next one.
  async function next() {
    await list();
    if (!listed.length) throw new Error("no puzzles of this game and level in the library");
    const after = puzzle ? listed.findIndex((p) => p.id === puzzle.id) : -1;
    const order = [...listed.slice(after + 1), ...listed.slice(0, after + 1)];
    const fresh = order.find((p) => !record.done[p.id]);
    await openPuzzle((fresh || order[0]).id);
  }

  async function openPuzzle(id) {
    const found = await call("GET", `/api/puzzles/${id}`);
    puzzle = { ...found, revealed: false, judged: false, counted: false };
    $("verdict-box").hidden = true;
    $("verdict").textContent = "";
    $("verdict").className = "";
    $("solution").textContent = "";
    $("answer").value = "";
    $("submit").disabled = false;
    $("puzzle-info").replaceChildren(
      el("h3", {}, `Puzzle #${found.id}: ${found.game} ${found.kind}, ${found.level}`),
      el("p", { class: "goal" }, found.goal || found.description),
      el("p", {}, found.view ? SPAN_WORDS[found.answer_span] || "" : "Type the answer below and submit it."),
      el("p", { class: "muted", id: "puzzle-count" }, `Solved ${found.solved} of ${found.tries} attempts in this library`),
      found.view ? "" : el("pre", { class: "puzzle-text" }, found.text));
    $("puzzle-actions").hidden = false;
    state.onPlayed = found.view ? afterMove : null;
    if (found.view) setView(found.view, { reset: true });
    else clearBoard(`This position is answered as text (${found.view_error}).`);
  }

  // After each move on the board: judge the answer once the kind's span is played.
  async function afterMove(view, tokens) {
    if (!puzzle || puzzle.judged) return;
    $("answer").value = playedText();
    const span = puzzle.answer_span;
    const complete = span === "move" || view.is_over || (span === "turn" && tokens.includes("/"));
    if (complete) await submit();
  }

  async function submit() {
    if (!puzzle) throw new Error("open a puzzle first");
    const answer = $("answer").value.trim() || playedText();
    const verdict = await call("POST", `/api/puzzles/${puzzle.id}/attempt`, { answer, revealed: puzzle.revealed });
    puzzle.judged = true;
    state.locked = true;
    $("submit").disabled = true;  // one verdict a try: "Start again" for another
    if (state.view) board.draw(state.view);
    const counted = verdict.correct && !puzzle.revealed;
    judgedOnce(counted);
    $("verdict-box").hidden = false;
    $("puzzle-count").textContent = `Solved ${verdict.solved} of ${verdict.tries} attempts in this library`;
    $("verdict").className = verdict.correct ? (counted ? "good" : "shown") : "bad";
    $("verdict").textContent = (verdict.correct ? (counted ? "Correct: " : "Right, but the solution was shown, so it is not counted as solved: ") : "Not right: ") +
      `${verdict.message} (solved ${verdict.solved} of ${verdict.tries} attempts)`;
  }

  function markRevealed() {
    if (!puzzle.revealed) {
      puzzle.revealed = true;
      judgedOnce(false);
    }
  }

  async function hint() {
    if (!puzzle) throw new Error("open a puzzle first");
    const found = await call("GET", `/api/puzzles/${puzzle.id}/solution`);
    markRevealed();
    const words = found.solution.split(/\s+/).map((word) => word.replace(/^[0-9]+:/, ""));
    const first = words.find((word) => word && word !== "/");
    $("solution").textContent = `Hint: start with ${first}.`;
  }

  async function reveal() {
    if (!puzzle) throw new Error("open a puzzle first");
    const found = await call("GET", `/api/puzzles/${puzzle.id}/solution`);
    markRevealed();
    $("solution").textContent = `Solution: ${found.solution}`;
    if (found.frames.length && puzzle.view) {
      state.locked = false;
      setView(puzzle.view, { reset: true });  // step through it from the puzzle's start
      state.locked = true;
      puzzle.judged = true;
      showFrames(found.frames);
    }
  }

  async function restart() {
    if (!puzzle) throw new Error("open a puzzle first");
    puzzle.judged = false;
    $("submit").disabled = false;
    $("verdict-box").hidden = true;
    $("verdict").textContent = "";
    $("verdict").className = "";
    $("answer").value = "";
    if (puzzle.view) setView(puzzle.view, { reset: true });
  }

  // Leaving the trainer for another position (a deal, an example): no puzzle is open.
  function leave() {
    puzzle = null;
    state.onPlayed = null;
    state.locked = false;
    $("puzzle-actions").hidden = true;
    $("puzzle-info").replaceChildren();
    $("verdict-box").hidden = true;
    $("verdict").textContent = "";
    $("solution").textContent = "";
  }

  $("puzzle-list-button").onclick = () => guarded(list);
  $("puzzle-next").onclick = () => guarded(next);
  $("submit").onclick = () => guarded(submit);
  $("hint").onclick = () => guarded(hint);
  $("reveal").onclick = () => guarded(reveal);
  $("restart").onclick = () => guarded(restart);
  $("verdict-again").onclick = () => guarded(restart);
  $("verdict-next").onclick = () => guarded(next);
  return { open, leave, next };
}
