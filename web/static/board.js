// The web board's front end: plain modules, no build step (docs/web.md). It draws a
// position of any of the four games as a card table (table.js), plays by "a card,
// then where it goes" (every try checked by the server's reference rules, whose
// refusal is shown with its rule id), deals new games, runs solve/analyse jobs and
// steps through their lines, and trains on a library's puzzles (trainer.js). The
// server keeps no state: every request sends the position's text (web/app.py).

import { el } from "./cards.js";
import { DRAW, targetsOf, movesFor, actionsOf, actionName, split } from "./table.js";
import * as words from "./words.js";
import { setupTrainer } from "./trainer.js";
import { setupAnalysis } from "./analysis.js";
import { setupReview } from "./review.js";
import { markBest } from "./highlight.js";

const $ = (id) => document.getElementById(id);

export const state = {
  view: null,        // the position on the board (a view from the server)
  history: [],       // earlier views, for undo
  played: [],        // the moves of each step since the position was loaded (lists)
  last: null,        // the last step: {player, moves} (highlighted on the table)
  selected: null,    // the card chosen in the mover's hand
  choices: null,     // several legal moves for one card and target (Sequence, SQ-7)
  frames: [],        // the positions along a solver's line
  frame: -1,         // which frame is shown (-1: the board's own position)
  job: null,         // the search running: {id, task}
  locked: false,     // the puzzle was judged: the board shows, it does not play
  onPlayed: null,    // what the trainer does after each step
  best: null,        // the move lit on the table: {text (of its position), move}
};

export async function call(method, path, body) {
  const options = { method, headers: { "Content-Type": "application/json" } };
  if (body !== undefined) options.body = JSON.stringify(body);
  const response = await fetch(path, options);
  const document = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(document.error || `HTTP ${response.status}`);
  return document;
}

// A refusal of the rules (or any error) in the message line beside the table.
export function showError(error) {
  const text = error ? String(error.message || error) : "";
  $("error").textContent = text;
  $("error").hidden = !text;
}

export async function guarded(work) {
  showError(null);
  try {
    await work();
  } catch (error) {
    showError(error);
  }
}

export const playedText = () => state.played.flat().join(" ");

// ------------------------------------------------------------------ drawing

function context(view, interactive) {
  const targets = interactive ? targetsOf(view, state.selected) : new Map();
  const playableCards = new Set(view.legal_moves.map((m) => split(view.game, m)).filter(Boolean).map((s) => s[0]));
  return {
    view, interactive, selected: interactive ? state.selected : null, targets, playableCards,
    last: state.frame >= 0 ? frameLast() : state.last,
    onCard: (card) => guarded(() => chooseCard(card)),
    onTarget: (target) => guarded(() => chooseTarget(target)),
    onAction: (move) => guarded(() => (interactive ? play(move) : undefined)),
  };
}

function frameLast() {
  const frame = state.frames[state.frame];
  return { player: frame.player, moves: frame.move.split(/\s+/) };
}

export function draw(view, readOnly = false) {
  const interactive = !readOnly && !view.is_over && !state.locked;
  // keep the keyboard on the table: the element focused before is found again by its key
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
  const wasOnTable = $("table").contains(document.activeElement);
  $("title").textContent = view.title;
  $("text").textContent = view.text;
  $("status").textContent = words.status(view) + (readOnly ? " · viewing a line (← → step, Home: start)" : "");
  $("status").classList.toggle("over", view.is_over);
  $("table").replaceChildren(DRAW[view.game](view, context(view, interactive)));
  drawActions(view, interactive);
  if (state.best && state.best.text === view.text) markBest($("table"), $("actions"), view, state.best.move);
  $("moves").replaceChildren(...(interactive ? view.legal_moves.map((move) =>
    el("button", { class: "move", type: "button", onclick: () => guarded(() => play(move)) }, move))
    : [el("em", {}, readOnly ? "viewing a line: back to the board to play" : "no moves to play")]));
  $("played").textContent = state.played.length ? `played: ${playedText()}` : "";
  $("undo").disabled = !state.history.length || readOnly;
  const last = state.frame >= 0 ? frameLast() : state.last;
  $("last-move").textContent = last ? `Last move: Player ${last.player + 1}: ${last.moves.join(" ")}` : "";
  if (wasOnTable || focused) {
    const again = focused && $("table-section").querySelector(`[data-key="${CSS.escape(focused)}"]`);
    if (again) again.focus();
    else if (wasOnTable) $("table").focus();
  }
}

const HOW_TO_PLAY = {
  thegame: "Click a card of the player to move, then a pile; end the turn when done.",
  facetoface: "Click a card, then one of your piles or the opponent's; end the turn when done.",
  uno: "Click a card to play it (a wild, then its colour), or the draw pile to draw.",
  sequence: "Click a card, then a space on the board (a jack: any space it may take).",
};

function drawActions(view, interactive) {
  const buttons = [];
  if (interactive) {
    if (state.choices) {
      buttons.push(el("span", {}, "Which sequences does it complete? "),
        ...state.choices.map((move) => el("button", { type: "button", class: "action", dataset: { key: `choice-${move}` },
          onclick: () => guarded(() => play(move)) }, move)));
    }
    const actions = new Set(actionsOf(view));
    // the end of a turn is always offered in the turn games: a try too early gets the rule (TG-5, FF-4)
    if (view.game === "thegame" || view.game === "facetoface") actions.add("/");
    for (const move of actions) {
      buttons.push(el("button", { type: "button", class: `action${move === "/" ? " end-turn" : ""}`,
        dataset: { key: `action-${move}` }, onclick: () => guarded(() => play(move)) }, actionName(move)));
    }
  }
  $("actions").replaceChildren(...buttons);
  $("hint-line").textContent = !interactive ? "" : state.selected
    ? (view.game === "uno" ? `${state.selected}: name the colour it calls.`
      : `${state.selected} chosen: now click where it goes (lit up), or the card again to put it back.`)
    : HOW_TO_PLAY[view.game];
}

export function setView(view, { reset = false, last = null } = {}) {
  if (reset) {
    state.history = [];
    state.played = [];
    state.locked = false;
    clearSearch();
  }
  state.view = view;
  state.last = reset ? null : last;
  state.selected = null;
  state.choices = null;
  state.frame = -1;
  $("board-empty").hidden = true;
  $("table-section").hidden = false;
  $("table-extras").hidden = false;
  draw(view);
}

// No position: the table is emptied (a puzzle the board cannot show, answered as text).
export function clearBoard(message) {
  state.view = null;
  state.history = [];
  state.played = [];
  state.last = null;
  state.selected = null;
  clearSearch();
  for (const id of ["table", "actions", "moves"]) $(id).replaceChildren();
  for (const id of ["played", "text", "last-move", "status"]) $(id).textContent = "";
  $("table-section").hidden = true;
  $("table-extras").hidden = true;
  $("board-empty").hidden = false;
  $("board-empty").textContent = message;
}

// ------------------------------------------------------------------- playing

function chooseCard(card) {
  if (!state.view || state.locked) return;
  state.choices = null;
  if (state.view.game === "uno" && !card.startsWith("W")) {  // a coloured card is played at once
    state.selected = null;
    return play(card);
  }
  state.selected = state.selected === card ? null : card;
  draw(state.view);
}

function chooseTarget(target) {
  if (!state.view || state.locked || state.frame >= 0) return;
  if (state.selected === null) {
    throw new Error("choose a card from the hand of the player to move first");
  }
  const moves = movesFor(state.view, state.selected, target);
  if (moves.length > 1) {
    state.choices = moves;
    draw(state.view);
    return;
  }
  return play(moves[0]);
}

export async function play(moves, endTurn = false) {
  if (state.locked) return;
  const before = state.view;
  const view = await call("POST", "/api/play", { text: before.text, moves, end_turn: endTurn });
  state.history.push(before);
  const tokens = step(moves, endTurn, view);
  state.played.push(tokens);
  setView(view, { last: { player: before.to_move, moves: tokens } });
  if (state.onPlayed) await state.onPlayed(view, tokens);
}

// The tokens of one step; a whole turn played with end_turn ends with "/" unless
// the game ended with it (the server ends the turn only when "/" is legal then).
function step(moves, endTurn, after) {
  const tokens = moves.split(/\s+/).filter(Boolean);
  const turnGame = after.game === "thegame" || after.game === "facetoface";
  if (endTurn && turnGame && !after.is_over && tokens[tokens.length - 1] !== "/") tokens.push("/");
  return tokens;
}

// A game record opened on the board (POST /api/record): its start, then each move as
// a step played, so Undo, Save record and Review treat it as a game played here.
export function replay(opened) {
  trainer.leave();
  setView(opened.start, { reset: true });
  let last = null;
  for (const { player, move, view } of opened.moves) {
    state.history.push(state.view);
    state.played.push([move]);
    state.view = view;
    last = { player, moves: [move] };
  }
  if (last) setView(state.view, { last });
}

function undo() {
  if (!state.history.length || state.locked) return;
  state.played.pop();
  const view = state.history.pop();
  setView(view, {});
}

// ---------------------------------------------------------- solve and analyse

export function clearSearch() {
  state.frames = [];
  state.frame = -1;
  state.best = null;
  for (const id of ["progress", "summary", "result", "line-where"]) $(id).textContent = "";
  $("summary").classList.remove("verdict-line");
  $("analysis").replaceChildren();
  $("analysis-more").replaceChildren();
  $("line").replaceChildren();
  $("line-controls").hidden = true;
}

async function search(task) {
  if (!state.view) throw new Error("load a position first");
  if (state.job) throw new Error("a search is running: stop it first");
  clearSearch();
  const body = { text: state.view.text, seconds: Number($("seconds").value) };
  const depth = Number($("depth").value);
  if (state.view.game === "sequence") body[task === "solve" ? "turns" : "depth"] = task === "solve" ? Math.max(1, depth) : depth;
  const job = await follow(await call("POST", `/api/${task}`, body), task, (running) => {
    $("progress").textContent = running.state === "stopping"
      ? words.stoppingSentence(task, running) : words.progressSentence(task, running);
  });
  $("progress").textContent = "";
  if (job.state === "cancelled") {
    $("summary").textContent = words.stoppedSentence(task, job);
    return;
  }
  if (job.state !== "done" && job.state !== "stopped") throw new Error(`the ${task} failed: ${job.error}`);
  showResult(task, job.result, job.state === "stopped");
  if (job.state === "stopped") $("progress").textContent = words.partialSentence(task, job);
}

// Poll the job ``job`` (just started) until it ends, calling ``shown`` with it each
// time; Stop is offered meanwhile (docs/web.md: a stopped job answers what it has).
export async function follow(job, task, shown) {
  state.job = { id: job.id, task };
  $("stop").disabled = false;
  try {
    while (job.state === "waiting" || job.state === "running" || job.state === "stopping") {
      shown(job);
      await new Promise((resolve) => setTimeout(resolve, 300));
      job = await call("GET", `/api/jobs/${job.id}`);
    }
  } finally {
    state.job = null;
    $("stop").disabled = true;
  }
  return job;
}

// Stop the job running (its partial result comes with its next poll).
export async function stopJob() {
  if (state.job) await call("DELETE", `/api/jobs/${state.job.id}`);
}

function showResult(task, result, stopped) {
  const doc = result.document;
  $("result").textContent = JSON.stringify(doc, null, 1);
  if (task === "analyse") analysis.show(result);
  else $("summary").textContent = words.solveSentence(doc, state.view, stopped);
  showFrames(result.frames);
}

export function showFrames(frames) {
  state.frames = frames;
  if (state.frames.length) {
    $("line-controls").hidden = false;
    $("line").replaceChildren(...state.frames.map((f, i) =>
      el("li", {}, el("button", { type: "button", class: "line-step", onclick: () => showFrame(i) },
        `Player ${f.player + 1}: ${f.move}${f.error ? ` (${f.error})` : ""}`))));
    showFrame(-1);
  }
}

function showFrame(index) {
  if (!state.frames.length) return;
  const last = state.frames.length - 1;
  state.frame = Math.max(-1, Math.min(index, last));
  while (state.frame >= 0 && !state.frames[state.frame].view) state.frame -= 1;
  [...$("line").children].forEach((li, i) => {
    li.classList.toggle("current", i === state.frame);
    li.firstChild.setAttribute("aria-current", i === state.frame ? "step" : "false");
  });
  $("line-where").textContent = state.frame < 0 ? "start of the line" : `after move ${state.frame + 1} of ${state.frames.length}`;
  if (state.frame < 0) draw(state.view);
  else draw(state.frames[state.frame].view, true);
}

function continueFromFrame() {
  if (state.frame < 0) return;
  let last = null;
  for (let i = 0; i <= state.frame; i += 1) {
    state.history.push(i === 0 ? state.view : state.frames[i - 1].view);
    const tokens = step(state.frames[i].move, true, state.frames[i].view);
    state.played.push(tokens);
    last = { player: state.frames[i].player, moves: tokens };
  }
  const view = state.frames[state.frame].view;
  clearSearch();
  setView(view, { last });
}

// Arrow keys step through a shown line (not while typing or moving on the Sequence grid).
function lineKeys(event) {
  if (!state.frames.length || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest("input, select, textarea, .grid")) return;
  const to = { ArrowRight: state.frame + 1, ArrowLeft: state.frame - 1, Home: -1, End: state.frames.length - 1 }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  showFrame(to);
}

// ---------------------------------------------------------------------- deals

async function newDeal(sameAsBoard) {
  let game = $("deal-game").value;
  let players = Number($("deal-players").value);
  if (sameAsBoard && state.view) {
    game = state.view.game;
    players = state.view.players;
  }
  const body = { game, players };
  const seed = $("deal-seed").value.trim();
  if (seed && !sameAsBoard) body.seed = Number(seed);
  const view = await call("POST", "/api/deal", body);
  $("deal-note").textContent = `Dealt ${view.title} for ${view.players} players, seed ${view.seed} (playable deal ${view.game} --players ${view.players} --seed ${view.seed}).`;
  trainer.leave();
  setView(view, { reset: true });
  $("table").focus();
}

// The games and the player counts each allows, as the server's game registry gives
// them (GET /api/games): the board keeps no table of game facts of its own.
const GAMES = new Map();

function dealPlayers() {
  const counts = GAMES.get($("deal-game").value) || [];
  const chosen = Number($("deal-players").value);
  const kept = counts.includes(chosen) ? chosen : counts.includes(2) ? 2 : counts[0];
  $("deal-players").replaceChildren(...counts.map((n) => el("option", { value: String(n) }, String(n))));
  if (kept !== undefined) $("deal-players").value = String(kept);
}

// ---------------------------------------------------------------------- setup

function tab(puzzles) {
  $("controls-board").hidden = puzzles;
  $("controls-puzzles").hidden = !puzzles;
  $("tab-board").setAttribute("aria-selected", String(!puzzles));
  $("tab-puzzles").setAttribute("aria-selected", String(puzzles));
  $("tab-board").classList.toggle("active", !puzzles);
  $("tab-puzzles").classList.toggle("active", puzzles);
  $("tab-board").tabIndex = puzzles ? -1 : 0;  // one tab stop; the arrow keys switch
  $("tab-puzzles").tabIndex = puzzles ? 0 : -1;
}

function tabKeys(event) {
  if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
  event.preventDefault();
  const other = event.target.id === "tab-board" ? "tab-puzzles" : "tab-board";
  $(other).focus();
  $(other).click();
}

const analysis = setupAnalysis({ state, call, guarded, showFrames, play, draw });
const review = setupReview({ state, call, guarded, draw, follow, stopJob, replay });
const trainer = setupTrainer({ state, call, guarded, setView, clearBoard, showFrames, draw, playedText, tab });

async function start() {
  const { games } = await call("GET", "/api/games");
  for (const g of games) GAMES.set(g.name, g.player_counts);
  $("deal-game").replaceChildren(...games.map((g) => el("option", { value: g.name }, g.title)));
  const { examples } = await call("GET", "/api/examples");
  $("example").replaceChildren(...examples.map((name) => el("option", { value: name }, name)));
  $("load-example").onclick = () => guarded(async () => {
    trainer.leave();
    setView(await call("POST", "/api/load", { example: $("example").value }), { reset: true });
  });
  $("load-text").onclick = () => guarded(async () => {
    trainer.leave();
    setView(await call("POST", "/api/load", { text: $("upload").value }), { reset: true });
  });
  $("deal-game").onchange = dealPlayers;
  dealPlayers();
  $("deal").onclick = () => guarded(() => newDeal(false));
  $("deal-again").onclick = () => guarded(() => newDeal(true));
  $("undo").onclick = undo;
  review.start();
  $("solve").onclick = () => guarded(() => search("solve"));
  $("analyse").onclick = () => guarded(() => search("analyse"));
  $("stop").onclick = () => guarded(stopJob);
  $("line-start").onclick = () => showFrame(-1);
  $("line-back").onclick = () => showFrame(state.frame - 1);
  $("line-forward").onclick = () => showFrame(state.frame + 1);
  $("line-continue").onclick = continueFromFrame;
  $("tab-board").onclick = () => tab(false);
  $("tab-puzzles").onclick = () => guarded(() => trainer.open());
  $("tab-board").parentElement.addEventListener("keydown", tabKeys);
  tab(false);
  document.addEventListener("keydown", lineKeys);
  document.body.dataset.ready = "yes";
}

guarded(start);
