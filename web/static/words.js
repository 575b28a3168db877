// Results in plain words: who won, what a search proved or reached, how long it
// took. Players are numbered from 1 as on the table ("Player 1"); the documents
// number them from 0 (docs/json.md).

const SIDES = ["blue", "green", "red"];
const player = (index) => `Player ${index + 1}`;

export function seconds(value) {
  if (typeof value !== "number") return "";
  return value < 0.1 ? `${(value * 1000).toFixed(0)} ms` : `${value.toFixed(value < 10 ? 1 : 0)} s`;
}

export const count = (n) => (typeof n === "number" ? n.toLocaleString("en") : String(n));

// The end of a game: "Game over: player 2 wins" / "every card laid" (TG-8) / ...
export function gameOver(view) {
  const p = view.position;
  if (view.game === "thegame") {
    return p.cards_left === 0 ? "Game over: every card laid" : `Game over: ${p.cards_left} cards could not be laid`;
  }
  if (view.game === "sequence" && p.winner !== null && p.winner !== undefined) {
    const seats = [...Array(view.players).keys()].filter((i) => i % p.sides === p.winner).map((i) => i + 1);
    return `Game over: ${SIDES[p.winner]} wins (player${seats.length > 1 ? "s" : ""} ${seats.join(", ")})`;
  }
  if (p.winner !== null && p.winner !== undefined) {
    const points = view.game === "uno" && view.returns ? view.returns[p.winner] : null;
    return `Game over: ${player(p.winner).toLowerCase()} wins` + (points ? ` (${points} points)` : "");
  }
  const best = view.returns ? view.returns.indexOf(Math.max(...view.returns)) : -1;
  return best >= 0 ? `Game over: ${player(best).toLowerCase()} wins` : "Game over";
}

export function status(view) {
  return view.is_over ? gameOver(view) : `${player(view.to_move)} to move`;
}

const budget = (doc) => `${count(doc.nodes || 0)} positions searched in ${seconds(doc.seconds)}`;

// One sentence for a solve document (docs/json.md), by status; ``stopped``: Stop
// ended it (not its budget).
export function solveSentence(doc, view, stopped = false) {
  const game = doc.game || view.game;
  if (doc.status === "solved") {
    if (game === "thegame") return `Solved: every card can be laid (proven). ${budget(doc)}.`;
    if (game === "sequence") {
      return `Solved: ${SIDES[doc.side ?? doc.winner]} forces a win within ${doc.turns} own turn${doc.turns === 1 ? "" : "s"}, against every defence. ${budget(doc)}.`;
    }
    if (doc.winner !== null && doc.winner !== undefined) return `Solved: ${player(doc.winner)} wins with perfect play. ${budget(doc)}.`;
    return `Solved. ${budget(doc)}.`;
  }
  if (doc.status === "unsolvable") {
    if (game === "thegame") return `Proven: not every card can be laid; at best ${doc.cards_left} stay in hand. ${budget(doc)}.`;
    if (game === "sequence") return `Proven: no forced win within ${doc.max_turns ?? doc.turns ?? "the"} own turns. ${budget(doc)}.`;
    if (doc.winner !== null && doc.winner !== undefined) return `Proven: ${player(doc.winner)} wins with perfect play. ${budget(doc)}.`;
    return `Proven: the player to move cannot force a win. ${budget(doc)}.`;
  }
  // unknown: the budget ran out (or, UNO, a reshuffle ends what is known); say what was reached
  const reached = [];
  if (game === "thegame" && typeof doc.cards_left === "number") {
    reached.push(`the best line found leaves ${doc.cards_left} card${doc.cards_left === 1 ? "" : "s"}`);
    if (doc.bound > 0) reached.push(`at least ${doc.bound} stay in hand whatever is played (proven)`);
  }
  if (game === "sequence" && doc.max_turns) reached.push(`a forced win within ${doc.max_turns} own turns was neither found nor ruled out`);
  if (doc.reshuffle_leaves) reached.push(`${doc.reshuffle_leaves} lines reach a reshuffle, the end of known information (UN-9)`);
  if (Array.isArray(doc.line) && doc.line.length) reached.push("the best line found is shown below");
  const ended = stopped ? "stopped" : "the budget ran out";
  return `No answer: ${ended} after ${seconds(doc.seconds)} and ${count(doc.nodes || 0)} positions searched; ` +
    (reached.length ? `${reached.join("; ")}.` : "nothing is proven yet.");
}

// One sentence for an analysis document: its own summary where it gives one.
export function analyseSentence(doc) {
  const parts = [];
  const rows = Array.isArray(doc.moves) ? doc.moves : [];
  const valued = (value) => rows.filter((row) => row.value === value).map((row) => row.move);
  if (doc.summary) parts.push(doc.summary.replace(/^./, (c) => c.toUpperCase()) + ".");
  else if (valued("win").length || valued("loss").length) {  // proven values (UNO, Face to Face)
    if (valued("win").length) parts.push(`Winning with perfect play: ${valued("win").join(", ")}.`);
    if (valued("loss").length) parts.push(`Losing: ${valued("loss").join(", ")}.`);
    const open = rows.length - valued("win").length - valued("loss").length;
    if (open) parts.push(`${open} move${open === 1 ? "" : "s"} left open.`);
  } else if (doc.value) parts.push(`The player to move: ${doc.value} with perfect play.`);
  else if (rows.length && typeof rows[0].cards_left === "number") {
    parts.push(`Best: ${rows[0].move}, leaving ${rows[0].cards_left} card${rows[0].cards_left === 1 ? "" : "s"}${rows[0].status === "solved" ? " (proven)" : ""}.`);
  }
  const best = doc.recommended || doc.best_move;
  if (best) parts.push(`Recommended: ${best}.`);
  if (doc.seconds !== undefined) parts.push(`${budget(doc)}.`);
  return parts.join(" ");
}

const NOUNS = { solve: "the solve", analyse: "the analysis", review: "the review" };

// A job stopped by hand that answered what it had (state "stopped", docs/web.md).
export function partialSentence(task, job) {
  const noun = NOUNS[task] || "the search";
  return `Stopped: partial result. ${noun[0].toUpperCase()}${noun.slice(1)} answered what it had ` +
    `reached after ${seconds(job.elapsed)}; what is not labelled proven is not proven.`;
}

// While a stopped job is finishing its answer.
export function stoppingSentence(task, job) {
  return `Stopping ${NOUNS[task] || "the search"}… it answers what it has reached (after ${seconds(job.elapsed)}).`;
}

// A job that gave no answer after Stop (state "cancelled"): stopped before it
// started, or its process ended for not stopping in time; its last progress report.
export function stoppedSentence(task, job) {
  if (!job.elapsed && job.error === "stopped on request") return "Stopped before it started.";
  const p = job.progress || {};
  const info = p.info && Object.keys(p.info).length
    ? `; last report: ${Object.entries(p.info).filter(([, v]) => typeof v !== "object")
      .map(([k, v]) => `${k.replace(/_/g, " ")} ${v}`).join(", ")}` : "";
  const why = job.error && job.error !== "stopped on request" ? ` ${job.error};` : "";
  return `Stopped after ${seconds(job.elapsed)}:${why} ${count(p.nodes || 0)} positions searched${info}. Nothing is proven.`;
}

export function progressSentence(task, job) {
  const p = job.progress || {};
  const info = p.info && Object.keys(p.info).length
    ? ` · ${Object.entries(p.info).map(([k, v]) => `${k.replace(/_/g, " ")} ${v}`).join(", ")}` : "";
  const what = task === "solve" ? "Solving" : "Analysing";
  if (job.state === "waiting") return `${what}: waiting for a free worker…`;
  return `${what}… ${seconds(job.elapsed)} of ${seconds(job.seconds)}` + (p.nodes ? ` · ${count(p.nodes)} positions` : "") + info;
}
