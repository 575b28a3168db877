// The web board's front end: one module, no build step. It draws a position of any
// of the four games from its JSON (playable show --json), plays the legal moves the
// server lists, runs solve/analyse jobs and steps through their lines, and plays the
// puzzles of a library. The server keeps no state: every request sends the
// position's text (docs: web/app.py).

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
};

const playedText = () => state.played.flat().join(" ");

const state = {
  view: null,        // the position on the board (a view from the server)
  history: [],       // earlier views, for undo
  played: [],        // the moves of each step since the position was loaded (lists)
  frames: [],        // the positions along a solver's line
  frame: -1,         // which frame is shown (-1: the board's own position)
  puzzle: null,      // the puzzle being played
  job: null,         // the id of the search running, if any
};

async function call(method, path, body) {
  const options = { method, headers: { "Content-Type": "application/json" } };
  if (body !== undefined) options.body = JSON.stringify(body);
  const response = await fetch(path, options);
  const document = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(document.error || `HTTP ${response.status}`);
  return document;
}

function showError(error) {
  $("error").textContent = error ? `error: ${error.message || error}` : "";
}

async function guarded(work) {
  showError(null);
  try {
    await work();
  } catch (error) {
    showError(error);
  }
}

// ------------------------------------------------------------------ drawing

const cards = (list) => el("span", { class: "cards" }, list.map((c) => el("span", { class: "card" }, c)));
const unoCard = (c) => el("span", { class: `card uno-${c[0]}` }, c);

function seat(index, toMove, ...content) {
  return el("div", { class: index === toMove ? "seat to-move" : "seat" },
    el("strong", {}, `Player ${index + 1}${index === toMove ? " (to move)" : ""}: `), ...content);
}

function drawTheGame(p, view) {
  const piles = el("div", {}, p.piles.map((top, i) =>
    el("div", { class: "pile" }, el("div", {}, `pile ${i} ${i < 2 ? "ascending ↑" : "descending ↓"}`),
      el("div", { class: "top" }, top))));
  return el("div", {}, piles,
    el("p", {}, `Draw pile: ${p.draw.length} cards · laid this turn: ${p.laid} (minimum ${p.minimum}) · cards left: ${p.cards_left}`),
    p.hands.map((hand, i) => seat(i, view.to_move, cards(hand))));
}

function drawFaceToFace(p, view) {
  return el("div", {}, p.piles.map((piles, i) => seat(i, view.to_move,
    el("div", { class: "pile" }, el("div", {}, "up"), el("div", { class: "top" }, piles.up)),
    el("div", { class: "pile" }, el("div", {}, "down"), el("div", { class: "top" }, piles.down)),
    el("div", {}, "Hand: ", cards(p.hands[i])),
    el("div", {}, `Draw pile: ${p.draws[i].length} cards · cards left: ${p.cards_left[i]}`))),
  el("p", {}, `Laid this turn: ${p.laid_own} on own piles, ${p.laid_opp} on the opponent's`));
}

function drawUno(p, view) {
  return el("div", {},
    el("p", {}, "Top card: ", unoCard(p.top), ` · colour: ${p.colour} · direction: ${p.direction > 0 ? "→" : "←"}`),
    el("p", {}, `Draw pile: ${p.draw.length} cards · discards: ${p.discard.length} · phase: ${p.phase}` +
      (p.pending ? ` · pending draw: ${p.pending}` : "") + (p.drawn ? ` · drawn: ${p.drawn}` : "")),
    p.hands.map((hand, i) => seat(i, view.to_move, el("span", {}, hand.map(unoCard)))));
}

function drawSequence(p, view) {
  const columns = "abcdefghij";
  const table = el("table", { class: "grid" },
    el("tr", {}, el("th", {}), [...columns].map((c) => el("th", {}, c))),
    p.board.map((row, r) => el("tr", {}, el("th", {}, r), [...row].map((chip, c) => {
      const card = view.layout[r][c];
      const cell = el("td", { class: card === "XX" ? "corner" : "", title: `${columns[c]}${r} ${card}` });
      if (chip !== "." && chip !== "*") cell.append(el("span", { class: `chip chip-${chip}` }, chip));
      else cell.append(card === "XX" ? "free" : card);
      return cell;
    }))));
  return el("div", {}, table,
    el("p", {}, `Sequences: ${p.sequences.map((s) => `side ${s.side + 1} ${s.line}`).join(", ") || "none"}` +
      ` · draw pile: ${p.draw.length + p.unknown} cards`),
    p.hands.map((hand, i) => seat(i, view.to_move, cards(hand))));
}

const DRAW = { thegame: drawTheGame, facetoface: drawFaceToFace, uno: drawUno, sequence: drawSequence };

function draw(view, readOnly = false) {
  $("title").textContent = view.title;
  $("text").textContent = view.text;
  $("status").textContent = view.is_over
    ? `Game over · returns ${JSON.stringify(view.returns)}`
    : `Player ${view.to_move + 1} to move`;
  $("board").replaceChildren(DRAW[view.game](view.position, view));
  $("moves").replaceChildren(...(readOnly ? [el("em", {}, "viewing a line: back to the board to play")] :
    view.legal_moves.map((move) =>
      el("button", { class: "move", type: "button", onclick: () => guarded(() => play(move)) }, move))));
  $("played").textContent = state.played.length ? `played: ${playedText()}` : "";
}

function setView(view, resetHistory) {
  if (resetHistory) {
    state.history = [];
    state.played = [];
    clearSearch();
  }
  state.view = view;
  state.frame = -1;
  draw(view);
  if (state.puzzle) $("answer").value = playedText();
}

// ------------------------------------------------------------------- playing

async function play(moves, endTurn = false) {
  const view = await call("POST", "/api/play", { text: state.view.text, moves, end_turn: endTurn });
  state.history.push(state.view);
  state.played.push(step(moves, endTurn, view));
  setView(view, false);
}

// The tokens of one step; a whole turn played with end_turn ends with "/" unless
// the game ended with it (the server ends the turn only when "/" is legal then).
function step(moves, endTurn, after) {
  const tokens = moves.split(/\s+/).filter(Boolean);
  const turnGame = after.game === "thegame" || after.game === "facetoface";
  if (endTurn && turnGame && !after.is_over && tokens[tokens.length - 1] !== "/") tokens.push("/");
  return tokens;
}

function undo() {
  if (!state.history.length) return;
  state.played.pop();
  setView(state.history.pop(), false);
}

// ---------------------------------------------------------- solve and analyse

function clearSearch() {
  state.frames = [];
  state.frame = -1;
  for (const id of ["progress", "summary", "result", "line-where"]) $(id).textContent = "";
  $("analysis").replaceChildren();
  $("line").replaceChildren();
  $("line-controls").hidden = true;
}

async function search(task) {
  if (!state.view) throw new Error("load a position first");
  clearSearch();
  const body = { text: state.view.text, seconds: Number($("seconds").value) };
  const depth = Number($("depth").value);
  if (state.view.game === "sequence") body[task === "solve" ? "turns" : "depth"] = task === "solve" ? Math.max(1, depth) : depth;
  let job = await call("POST", `/api/${task}`, body);
  state.job = job.id;
  while (job.state === "waiting" || job.state === "running") {
    const p = job.progress || {};
    $("progress").textContent = `${task}: ${job.state}, ${job.elapsed.toFixed(1)} s of ${job.seconds} s` +
      (p.nodes ? ` · ${p.nodes.toLocaleString()} nodes` : "") +
      (p.info && Object.keys(p.info).length ? ` · ${JSON.stringify(p.info)}` : "");
    await new Promise((resolve) => setTimeout(resolve, 300));
    job = await call("GET", `/api/jobs/${job.id}`);
  }
  state.job = null;
  $("progress").textContent = `${task}: ${job.state} after ${job.elapsed.toFixed(1)} s`;
  if (job.state !== "done") throw new Error(job.error);
  showResult(task, job.result);
}

function showResult(task, result) {
  const doc = result.document;
  $("result").textContent = JSON.stringify(doc, null, 1);
  const keys = ["status", "value", "winner", "cards_left", "best_move", "proven_optimal", "nodes", "seconds"];
  $("summary").textContent = keys.filter((k) => doc[k] !== undefined && doc[k] !== null)
    .map((k) => `${k}: ${doc[k]}`).join(" · ");
  if (task === "analyse" && Array.isArray(doc.moves)) {
    const columns = ["move", ...new Set(doc.moves.flatMap((row) => Object.keys(row)
      .filter((k) => ["value", "gain", "cards_left", "status"].includes(k))))];
    const lines = result.row_frames || [];
    $("analysis").replaceChildren(el("tr", {}, columns.map((c) => el("th", {}, c)), el("th", {}, "line")),
      ...doc.moves.map((row, i) => el("tr", {}, columns.map((c) => el("td", {}, c === "move"
        ? el("button", { class: "move", type: "button", onclick: () => guarded(() => play(row.move, state.view.game === "facetoface")) }, row.move)
        : String(row[c] ?? ""))),
      el("td", {}, lines[i] && lines[i].length
        ? el("button", { type: "button", class: "show-line", onclick: () => showFrames(lines[i]) }, `${lines[i].length} moves`)
        : ""))));
  }
  showFrames(result.frames);
}

function showFrames(frames) {
  state.frames = frames;
  if (state.frames.length) {
    $("line-controls").hidden = false;
    $("line").replaceChildren(...state.frames.map((f, i) =>
      el("li", { onclick: () => showFrame(i) }, `player ${f.player + 1}: ${f.move}${f.error ? ` (${f.error})` : ""}`)));
    showFrame(-1);
  }
}

function showFrame(index) {
  const last = state.frames.length - 1;
  state.frame = Math.max(-1, Math.min(index, last));
  while (state.frame >= 0 && !state.frames[state.frame].view) state.frame -= 1;
  [...$("line").children].forEach((li, i) => li.classList.toggle("current", i === state.frame));
  $("line-where").textContent = state.frame < 0 ? "start of the line" : `after move ${state.frame + 1} of ${state.frames.length}`;
  if (state.frame < 0) draw(state.view);
  else draw(state.frames[state.frame].view, true);
}

function continueFromFrame() {
  if (state.frame < 0) return;
  for (let i = 0; i <= state.frame; i += 1) {
    state.history.push(i === 0 ? state.view : state.frames[i - 1].view);
    state.played.push(step(state.frames[i].move, true, state.frames[i].view));
  }
  const view = state.frames[state.frame].view;
  clearSearch();
  setView(view, false);
}

// -------------------------------------------------------------------- puzzles

async function listPuzzles() {
  const query = new URLSearchParams({ game: $("puzzle-game").value, level: $("puzzle-level").value });
  const found = await call("GET", `/api/puzzles?${query}`);
  $("puzzle-list").replaceChildren(...(found.puzzles.length ? found.puzzles.map((p) => el("li", {},
    el("button", { type: "button", onclick: () => guarded(() => openPuzzle(p.id)) }, `#${p.id}`),
    ` ${p.game} ${p.kind}, ${p.level} (${p.score}) · solved ${p.solved} of ${p.tries}`)) : [el("li", {}, "no puzzles")]));
}

async function openPuzzle(id) {
  const puzzle = await call("GET", `/api/puzzles/${id}`);
  state.puzzle = puzzle;
  $("verdict").textContent = "";
  $("solution").textContent = "";
  $("answer").value = "";
  $("puzzle-info").replaceChildren(el("h3", {}, `Puzzle #${puzzle.id}: ${puzzle.game} ${puzzle.kind}, ${puzzle.level}`),
    el("p", {}, puzzle.goal || puzzle.description),
    el("p", {}, `Solved ${puzzle.solved} of ${puzzle.tries} attempts`),
    puzzle.view ? "" : el("p", {}, `The board cannot show this position (${puzzle.view_error}); type your answer.`),
    puzzle.view ? "" : el("pre", {}, puzzle.text));
  if (puzzle.view) setView(puzzle.view, true);
}

async function submitAnswer() {
  if (!state.puzzle) throw new Error("open a puzzle first");
  const verdict = await call("POST", `/api/puzzles/${state.puzzle.id}/attempt`, { answer: $("answer").value });
  $("verdict").className = verdict.correct ? "good" : "bad";
  $("verdict").textContent = `${verdict.correct ? "Correct" : "Not yet"}: ${verdict.message} (solved ${verdict.solved} of ${verdict.tries})`;
}

async function reveal() {
  if (!state.puzzle) throw new Error("open a puzzle first");
  const found = await call("GET", `/api/puzzles/${state.puzzle.id}/solution`);
  $("solution").textContent = `Solution: ${found.solution}`;
  if (found.frames.length && state.puzzle.view) {
    setView(state.puzzle.view, true);  // step through it from the puzzle's start
    showFrames(found.frames);
  }
}

// ---------------------------------------------------------------------- setup

function tab(puzzles) {
  $("controls-board").hidden = puzzles;
  $("controls-puzzles").hidden = !puzzles;
  $("tab-board").classList.toggle("active", !puzzles);
  $("tab-puzzles").classList.toggle("active", puzzles);
  if (!puzzles) state.puzzle = null;
}

async function start() {
  const { examples } = await call("GET", "/api/examples");
  $("example").replaceChildren(...examples.map((name) => el("option", { value: name }, name)));
  $("load-example").onclick = () => guarded(async () => {
    setView(await call("POST", "/api/load", { example: $("example").value }), true);
  });
  $("load-text").onclick = () => guarded(async () => setView(await call("POST", "/api/load", { text: $("upload").value }), true));
  $("undo").onclick = undo;
  $("solve").onclick = () => guarded(() => search("solve"));
  $("analyse").onclick = () => guarded(() => search("analyse"));
  $("stop").onclick = () => guarded(async () => state.job && call("DELETE", `/api/jobs/${state.job}`));
  $("line-start").onclick = () => showFrame(-1);
  $("line-back").onclick = () => showFrame(state.frame - 1);
  $("line-forward").onclick = () => showFrame(state.frame + 1);
  $("line-continue").onclick = continueFromFrame;
  $("tab-board").onclick = () => tab(false);
  $("tab-puzzles").onclick = () => guarded(async () => {
    tab(true);
    const found = await call("GET", "/api/puzzles");
    $("puzzle-game").replaceChildren(el("option", { value: "" }, "any"), ...found.games.map((g) => el("option", { value: g }, g)));
    $("puzzle-level").replaceChildren(el("option", { value: "" }, "any"), ...found.levels.map((l) => el("option", { value: l }, l)));
    await listPuzzles();
  });
  $("puzzle-list-button").onclick = () => guarded(listPuzzles);
  $("submit").onclick = () => guarded(submitAnswer);
  $("reveal").onclick = () => guarded(reveal);
  document.body.dataset.ready = "yes";
}

guarded(start);
