// The analysis on the board (docs/web.md, "Analysis on the board"): the analyse job's
// document (`playable analyse --json`, docs/analysis.md) as the top moves with their
// values and principal lines, proven moves apart from estimated ones ("proven win"
// against "est. 62% [55–69%] of 120"), the document's plain sentence as the verdict,
// and the recommended move lit on the table (highlight.js). A line is stepped through
// on the table: its positions come from the server's rules (POST /api/line).

import { el } from "./cards.js";
import * as words from "./words.js";

//: Moves shown before "Show all".
export const TOP = 10;

const percent = (x) => `${Math.round(100 * x)}%`;

// A proven move's value in words: the game decided, or The Game's cards left.
export function provenText(game, value) {
  if (typeof value !== "number") return "proven";
  if (game === "thegame") return value >= 0 ? "proven win" : `proven: ${-value} card${value === -1 ? "" : "s"} left`;
  if (value > 0) return "proven win";
  if (value < 0) return "proven loss";
  return "proven draw";
}

// An estimated move: its share of won simulations with the 95% interval and their number.
export function estimateText(row) {
  const s = row.successes || {};
  if (!row.samples) return "not searched";
  const text = `est. ${percent(s.rate)} [${percent(s.low)}–${percent(s.high)}] of ${row.samples}`;
  return row.estimate !== null && row.estimate !== undefined && row.basis === "bound" ? `${text} (bound)` : text;
}

// The rows of the document, best first: {move, proven, badge, line, score}. The tree
// search's moves where it ran (``estimates``), else the exact analysis' own rows.
export function rowsOf(doc) {
  const game = doc.game;
  if (doc.estimates && Array.isArray(doc.estimates.moves)) {
    return doc.estimates.moves.map((row) => ({
      move: row.move,
      proven: Boolean(row.proven),
      badge: row.proven ? provenText(game, row.value) : estimateText(row),
      line: Array.isArray(row.line) ? row.line : [],
      score: scoreOf(game, row),
    })).sort((a, b) => compare(b.score, a.score) || (a.move === doc.recommended ? -1 : b.move === doc.recommended ? 1 : 0));
  }
  const rows = Array.isArray(doc.moves) ? doc.moves : [];
  return rows.map((row, index) => {
    const proven = row.status === "solved" || row.status === "unsolvable" || row.value === "win" || row.value === "loss";
    let badge = proven ? `proven ${row.value === "loss" ? "loss" : row.value === "win" ? "win" : ""}`.trim() : "open";
    if (typeof row.cards_left === "number") {
      badge = row.status === "solved" ? "proven win" : `${proven ? "proven: " : "best found: "}${row.cards_left} card${row.cards_left === 1 ? "" : "s"} left`;
    } else if (row.gain !== undefined && !proven) badge = `gain ${row.gain}`;
    const line = Array.isArray(row.line) ? row.line.map((item) => item.move ?? item) : [];
    const rank = row.value === "win" || row.status === "solved" ? 2 : row.value === "loss" ? 0 : 1;
    return { move: row.move, proven, badge, line, score: [rank, -index], index };
  }).sort((a, b) => compare(b.score, a.score));
}

// Best first: by win chance (1 or 0 where proven: The Game, every card laid, TG-8; the
// others, a positive margin), a proof before an estimate, then the value; a move the
// search never tried last.
function scoreOf(game, row) {
  if (row.proven) {
    const value = row.value ?? 0;
    const won = game === "thegame" ? value >= 0 : value > 0;
    return [won ? 1 : value === 0 ? 0.5 : 0, 1, value];
  }
  if (!row.samples) return [-1];
  return [(row.successes || {}).rate ?? 0, 0, row.estimate ?? 0];
}

function compare(a, b) {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const x = a[i] ?? 0; const y = b[i] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

// The verdict: the document's own sentence (``summary``) where the tree search ran,
// else the exact analysis in words, its lists of moves cut to a few.
export function verdictSentence(doc) {
  if (doc.summary || !Array.isArray(doc.moves)) return words.analyseSentence(doc);
  const named = (value) => doc.moves.filter((row) => row.value === value).map((row) => row.move);
  const some = (moves) => moves.slice(0, 3).join(", ") + (moves.length > 3 ? ` and ${moves.length - 3} more` : "");
  const wins = named("win");
  const losses = named("loss");
  if (!wins.length && !losses.length) return words.analyseSentence(doc);
  const parts = [];
  if (wins.length) parts.push(`Winning with perfect play (proven): ${some(wins)}.`);
  else parts.push(`No move is proven to win; losing (proven): ${some(losses)}.`);
  const open = doc.moves.length - wins.length - losses.length;
  if (open) parts.push(`${open} move${open === 1 ? "" : "s"} left open.`);
  const best = bestOf(doc);
  if (best) parts.push(`Best: ${best}.`);
  return parts.join(" ");
}

// The move the board lights: the recommended one, else the exact analysis' best.
export function bestOf(doc) {
  if (doc.recommended) return doc.recommended;
  if (doc.best_move) return doc.best_move;
  const rows = Array.isArray(doc.moves) ? doc.moves : [];
  const win = rows.find((row) => row.value === "win" || row.status === "solved");
  if (win) return win.move;
  return doc.game === "thegame" && rows.length ? rows[0].move : null;
}

export function setupAnalysis({ state, call, guarded, showFrames, play, draw }) {
  const $ = (id) => document.getElementById(id);
  let all = false;

  async function stepLine(row, rowFrames) {
    if (rowFrames && rowFrames.length) return showFrames(rowFrames);
    if (!row.line.length) return undefined;
    const { frames } = await call("POST", "/api/line", { text: state.view.text, moves: row.line.join(" ") });
    return showFrames(frames);
  }

  function table(doc, result) {
    const rows = rowsOf(doc);
    const best = bestOf(doc);
    const shown = all ? rows : rows.slice(0, TOP);
    const frames = result.row_frames || [];
    const body = shown.map((row) => el("tr", { class: `${row.proven ? "proven" : "estimated"}${row.move === best ? " best-row" : ""}` },
      el("td", {}, el("button", { class: "move", type: "button",
        onclick: () => guarded(() => play(row.move, state.view.game === "facetoface" && row.move.includes(" "))) }, row.move)),
      el("td", {}, el("span", { class: `badge ${row.proven ? "proven" : "estimate"}` }, row.badge),
        row.move === best ? el("span", { class: "badge recommended" }, "recommended") : "",
        row.line.length || (frames[row.index] || []).length
          ? el("button", { type: "button", class: "show-line", "aria-label": `step through the line of ${row.move}`,
            onclick: () => guarded(() => stepLine(row, frames[row.index])) },
          `line: ${row.line.length ? row.line.join(" ") : `${frames[row.index].length} moves`}`)
          : "")));
    const toggle = rows.length > TOP ? el("button", { type: "button", id: "analysis-all",
      "aria-pressed": all ? "true" : "false", onclick: () => { all = !all; table(doc, result); } },
    all ? `Show the top ${TOP}` : `Show all ${rows.length} moves`) : "";
    $("analysis").replaceChildren(
      el("caption", {}, `${all || rows.length <= TOP ? "Every move" : `The top ${TOP} of ${rows.length} moves`}: proven or estimated`),
      el("tr", {}, el("th", { scope: "col" }, "move"), el("th", { scope: "col" }, "value and line")),
      ...body);
    $("analysis-more").replaceChildren(toggle);
  }

  // Show an analyse job's result: verdict, the top moves, the best move on the table.
  function show(result) {
    const doc = result.document;
    all = false;
    $("summary").textContent = verdictSentence(doc);
    $("summary").classList.add("verdict-line");
    const best = bestOf(doc);
    state.best = best ? { text: state.view.text, move: best } : null;
    table(doc, result);
    if (state.frame < 0) draw(state.view);
  }

  return { show };
}
