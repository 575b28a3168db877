// Save and review a game played on the board (docs/web.md, "Review a played game").
// The moves played since the position was loaded or dealt are written as a game
// record (docs/notation.md, "Game records": the position file, then "moves:" and one
// line per step, "  1: 12@own-up 50@own-down /"), downloaded by "Save record", and
// judged by a review job on the server (POST /api/review: the library code of
// `playable review RECORD --json`, docs/review.md). Verdicts show as they come (the
// job reports the review so far after every move, and a stopped review keeps them);
// clicking a judged move shows the position before it with its best move lit. A
// record can also be opened (a file or pasted text, POST /api/record): the board
// replays it as if it had been played there and reviews it the same way; a bad
// record is one line naming its file, line and column.

import { el } from "./cards.js";
import * as words from "./words.js";

export const VERDICTS = ["forced", "best", "good", "inaccuracy", "mistake", "blunder", "unknown"];

// The record of ``steps`` ({player, moves}: the moves of one step, all by one player)
// played from the position ``start`` (a view): its text, then "moves:" and one line a
// turn ("  1: 12@own-up 50@own-down /"; a player's steps in a row share a line until
// one ends with "/"), as `playable move --record` writes it (solver/core/record.py).
export function recordText(start, steps) {
  const text = start.text.endsWith("\n") ? start.text : `${start.text}\n`;
  const rows = [];
  let open = false;
  for (const { player, moves } of steps) {
    if (open && rows[rows.length - 1].player === player) rows[rows.length - 1].moves.push(...moves);
    else rows.push({ player, moves: [...moves] });
    open = moves[moves.length - 1] !== "/";
  }
  return `${text}moves:\n${rows.map((row) => `  ${row.player + 1}: ${row.moves.join(" ")}\n`).join("")}`;
}

const percent = (x) => `${Math.round(100 * x)}%`;

// A judged move's chance in words: proven, estimated from simulations, or (a seat's
// review) its share of the sampled deals won.
export function chanceText(report, chance) {
  if (!report) return "";
  if (report.wins) return `${percent(report.wins.rate)} of ${report.wins.trials} deals`;
  if (report.proven) return `${chance >= 1 ? "won" : chance <= 0 ? "lost" : percent(chance)} (proven)`;
  if (!report.samples) return "not searched";
  return `${percent(chance)} of ${report.samples} simulations`;
}

// One line for the moves judged so far: how many of each verdict.
export function reviewSentence(doc, total) {
  const moves = doc.moves || [];
  const counts = VERDICTS.map((v) => [v, moves.filter((m) => m.verdict === v).length]).filter(([, n]) => n);
  const judged = `${moves.length} of ${total} move${total === 1 ? "" : "s"} judged`;
  const parts = [`${doc.complete ? "Reviewed" : "So far"}: ${judged}${counts.length ? ` (${counts.map(([v, n]) => `${n} ${v}`).join(", ")})` : ""}.`];
  if (doc.lost_at) {
    parts.push(`The deal could be won until move ${doc.lost_at} (proven)` +
      (doc.winning_line ? `; a line that wins from there: ${doc.winning_line}.` : "."));
  }
  if (doc.kind === "seat-review") parts.push(`Judged from player ${doc.seat + 1}'s view, by sampling the cards it could not see.`);
  return parts.join(" ");
}

export function setupReview({ state, call, guarded, draw, follow, stopJob, replay }) {
  const $ = (id) => document.getElementById(id);
  let reviewed = null;  // {start (view), tokens, doc, total}

  // The steps played on the board since its position was loaded or dealt.
  function steps() {
    return state.played.map((moves, i) => ({ player: state.history[i].to_move, moves }));
  }

  function current() {
    if (!state.view) throw new Error("load or deal a position first");
    if (!state.played.length) throw new Error("play some moves on the table first: the record holds the moves played");
    return { start: state.history[0], steps: steps() };
  }

  function save() {
    const { start, steps: played } = current();
    const text = recordText(start, played);
    $("record-text").textContent = text;
    const link = el("a", { href: URL.createObjectURL(new Blob([text], { type: "text/plain" })),
      download: `${start.game}-record.txt` });
    document.body.append(link);
    link.click();
    setTimeout(() => { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
  }

  function seats() {
    const players = state.view ? state.view.players : 0;
    const chosen = $("review-seat").value;
    $("review-seat").replaceChildren(el("option", { value: "" }, "every move, all cards known"),
      ...[...Array(players).keys()].map((i) => el("option", { value: String(i + 1) }, `player ${i + 1}'s moves, from their view`)));
    if (Number(chosen) <= players) $("review-seat").value = chosen;
  }

  function render(doc, total) {
    $("review-summary").textContent = reviewSentence(doc, total);
    $("review-moves").replaceChildren(...(doc.moves || []).map((move) => {
      const best = move.best_move && move.verdict !== "best" && move.verdict !== "forced" ? move.best_move : null;
      const player = move.player ?? doc.seat;  // a seat's review judges that seat's moves
      const who = player !== undefined ? `Player ${player + 1}: ` : "";
      return el("li", { class: `verdict-${move.verdict}` },
        el("button", { type: "button", class: "reviewed", dataset: { number: String(move.number) },
          "aria-label": `move ${move.number}, ${who}${move.move}, ${move.verdict}: show the position before it`,
          onclick: () => guarded(() => showBefore(move)) },
        who, el("code", {}, move.move),
        el("span", { class: `verdict badge verdict-${move.verdict}` }, move.verdict)),
        move.played ? el("span", { class: "chances" },
          best ? ["best ", el("code", {}, best), ": ", chanceText(move.best, move.chance_best), " · played: "] : "chance: ",
          chanceText(move.played, move.chance_played)) : "");
    }));
  }

  // The table at the position before ``move``, its best move lit (read only).
  async function showBefore(move) {
    if (!reviewed) return;
    const before = reviewed.tokens.slice(0, move.number - 1);
    const view = before.length
      ? await call("POST", "/api/play", { text: reviewed.start.text, moves: before.join(" ") })
      : reviewed.start;
    state.best = move.best_move ? { text: view.text, move: move.best_move } : null;
    state.frames = [];
    state.frame = -1;
    const kept = state.last;  // the table rings the move before this one, not the board's last
    const previous = reviewed.played[move.number - 2];
    state.last = previous ? { player: previous.player, moves: [previous.move] } : null;
    draw(view, true);
    state.last = kept;
    $("status").textContent = `Review: before move ${move.number} (${move.move}, ${move.verdict})` +
      (move.best_move ? `; the best move, ${move.best_move}, is lit` : "");
    $("review-back").hidden = false;
    [...$("review-moves").children].forEach((li) => li.classList.toggle("current", li.firstChild.dataset.number === String(move.number)));
  }

  function back() {
    $("review-back").hidden = true;
    [...$("review-moves").children].forEach((li) => li.classList.remove("current"));
    if (state.view) draw(state.view);
  }

  async function run() {
    if (state.job) throw new Error("a search is running: stop it first");
    const { start, steps: played } = current();
    const text = recordText(start, played);
    $("record-text").textContent = text;
    seats();  // the players of the game on the table now
    const body = { text, seconds: Number($("review-seconds").value) };
    if ($("review-seat").value) body.seat = Number($("review-seat").value);
    $("review-summary").textContent = "";
    $("review-moves").replaceChildren();
    const started = await call("POST", "/api/review", body);
    const moves = played.flatMap((s) => s.moves.map((move) => ({ player: s.player, move })));
    reviewed = { start, played: moves, tokens: moves.map((m) => m.move), doc: null };
    await judge(started);
  }

  // Follow a review job, its verdicts shown as they come, then the review.
  async function judge(started) {
    $("review-stop").disabled = false;
    let job;
    try {
      job = await follow(started, "review", (running) => {
        const info = (running.progress || {}).info || {};
        $("review-progress").textContent = running.state === "waiting" ? "Reviewing: waiting for a free worker…"
          : running.state === "stopping" ? words.stoppingSentence("review", running)
            : `Reviewing… ${info.judged ?? 0} of ${info.total ?? "?"} moves judged · ${words.seconds(running.elapsed)}`;
        if (info.review) render(info.review, info.total);
      });
    } finally {
      $("review-stop").disabled = true;
      $("review-progress").textContent = "";
    }
    const info = (job.progress || {}).info || {};
    if (job.state === "cancelled") {  // no answer: the verdicts of its last report stay
      const kept = info.review || { moves: [], complete: false };
      render(kept, info.total ?? "?");
      $("review-summary").textContent = `${words.stoppedSentence("review", job)} The verdicts of ` +
        `${kept.moves.length} of ${info.total ?? "?"} moves are kept. ${reviewSentence(kept, info.total ?? "?")}`;
      return;
    }
    if (job.state !== "done" && job.state !== "stopped") throw new Error(`the review failed: ${job.error}`);
    reviewed.doc = job.result.document;
    render(job.result.document, job.result.total);
    if (job.state === "stopped") {
      $("review-progress").textContent = words.partialSentence("review", job);
    } else if (!job.result.document.complete) {  // it stopped itself: out of time (web/review.py)
      $("review-summary").textContent = `Out of time: give the review more seconds for the rest. ${$("review-summary").textContent}`;
    }
  }

  // Open the record ``text`` (from the file ``name``, or pasted): on the table, then reviewed.
  async function openRecord(text, name) {
    $("record-error").hidden = true;
    $("record-note").textContent = "";
    try {
      if (state.job) throw new Error("a search is running: stop it first");
      const opened = await call("POST", "/api/record", name ? { text, name } : { text });
      replay(opened);
      const players = new Set(opened.moves.map((m) => m.player)).size;
      $("record-note").textContent = `Opened ${name || "the pasted record"}: ${opened.moves.length} move` +
        `${opened.moves.length === 1 ? "" : "s"} by ${players} player${players === 1 ? "" : "s"}, replayed on the table.`;
      if (!opened.moves.length) throw new Error(`${name || "the record"} holds no moves to review`);
      await run();
    } catch (error) {
      $("record-error").textContent = String(error.message || error);
      $("record-error").hidden = false;
    }
  }

  async function openFile() {
    const file = $("record-file").files[0];
    if (!file) return;
    const text = await file.text();
    $("record-file").value = "";  // the same file can be chosen again
    await openRecord(text, file.name);
  }

  function start() {
    $("record-file").onchange = () => guarded(openFile);
    $("record-paste-open").onclick = () => guarded(() => openRecord($("record-paste").value, ""));
    $("save-record").onclick = () => guarded(async () => save());
    $("review").onclick = () => guarded(run);
    $("review-stop").onclick = () => guarded(stopJob);
    $("review-back").onclick = back;
    $("review-seat").onfocus = seats;
    seats();
  }

  return { start, seats };
}
