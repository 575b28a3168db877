// The card table of each game, drawn from a view (web/tasks.py: the position's JSON
// as `playable show --json` gives it, and its legal moves). Playing is "a card, then
// where it goes": ``targetsOf`` reads the legal targets of the chosen card from the
// legal moves the server sent, and ``moveFor`` turns a card and a target into the
// move's text, legal or not; an illegal try is still sent so that the server answers
// with the rules' line and its rule id (docs/web.md).

import { el, numberCard, unoCard, sequenceCard, cardBack, UNO_COLOURS } from "./cards.js";

export const COLUMNS = "abcdefghij";
const SIDE_NAMES = ["blue", "green", "red"];
const ONE_EYED = new Set(["JH", "JS"]);

// ------------------------------------------------------- moves from the view

// Split a card move into its card and target: "44@0" -> ["44", "0"],
// "11@own-up" -> ["11", "own-up"], "5C@b1+a1-e1" -> ["5C", "b1"], "JHxe4" ->
// ["JH", "e4"], "W:green" -> ["W", "green"], "R7" -> ["R7", ""]; null for moves
// without a card ("/", "draw", "pass", "dead:9C", "colour:red", ...).
export function split(game, move) {
  if (game === "uno") {
    if (!/^([RYGB]([0-9]|S|R|D2)|W4?)(:[a-z]+)?$/.test(move)) return null;
    const [card, colour] = move.split(":");
    return [card, colour || ""];
  }
  if (game === "sequence") {
    const found = /^([2-9TJQKA][CDHS])([@x])([a-j][0-9])/.exec(move);
    return found ? [found[1], found[3]] : null;
  }
  const found = /^([0-9]+)@(.+)$/.exec(move);
  return found ? [found[1], found[2]] : null;
}

// The legal moves of ``card`` by target: Map target -> [moves].
export function targetsOf(view, card) {
  const found = new Map();
  if (card === null) return found;
  for (const move of view.legal_moves) {
    const parts = split(view.game, move);
    if (!parts || parts[0] !== card) continue;
    if (!found.has(parts[1])) found.set(parts[1], []);
    found.get(parts[1]).push(move);
  }
  return found;
}

// The move text for ``card`` on ``target``: the legal ones if any (Sequence may offer
// several: one per set of sequences a placement completes, SQ-7), else the one
// illegal try the rules will refuse with their reason.
export function movesFor(view, card, target) {
  const legal = targetsOf(view, card).get(target);
  if (legal && legal.length) return legal;
  if (view.game === "sequence") return [`${card}${ONE_EYED.has(card) ? "x" : "@"}${target}`];
  if (view.game === "uno") return [target ? `${card}:${target}` : card];
  return [`${card}@${target}`];
}

// The moves that are not a card put somewhere: end turn, draw, pass, challenge ...
export function actionsOf(view) {
  return view.legal_moves.filter((move) => split(view.game, move) === null);
}

const ACTION_NAMES = {
  "/": "End turn", draw: "Draw a card", pass: "Pass", challenge: "Challenge the +4",
  accept: "Accept the penalty",
};
export function actionName(move) {
  if (ACTION_NAMES[move]) return ACTION_NAMES[move];
  if (move.startsWith("colour:")) return `Name ${move.slice(7)}`;
  if (move.startsWith("dead:")) return `Discard dead ${move.slice(5)}`;
  return move;
}

// ------------------------------------------------------------------ pieces

function seat(view, index, label, ...content) {
  const moving = index === view.to_move && !view.is_over;
  return el("section", { class: `seat${moving ? " to-move" : ""}`, "aria-label": label },
    el("h3", { class: "seat-name" }, label, moving ? el("span", { class: "badge" }, "to move") : ""), ...content);
}

// A hand of cards: the mover's cards are buttons (choose one, then a target).
function hand(cards, face, playable, ctx, label) {
  return el("div", { class: "hand", role: "group", "aria-label": label },
    cards.map((card, i) => {
      const text = String(card);
      if (!playable) return face(card, { class: "small" });
      const chosen = ctx.selected === text;
      return face(card, {
        tag: "button", type: "button", class: `${chosen ? "selected" : ""} ${ctx.playableCards.has(text) ? "" : "no-move"}`,
        "aria-pressed": chosen ? "true" : "false", dataset: { key: `card-${text}-${i}` },
        onclick: () => ctx.onCard(text),
      });
    }));
}

const lastTokens = (ctx) => (ctx.last ? ctx.last.moves : []);

// ---------------------------------------------------------------- The Game

function drawTheGame(view, ctx) {
  const p = view.position;
  const max = p.variant.max_card;
  const lastPiles = new Set(lastTokens(ctx).map((m) => split("thegame", m)).filter(Boolean).map((s) => s[1]));
  const piles = el("div", { class: "piles", role: "group", "aria-label": "piles" }, p.piles.map((top, i) => {
    const up = i < 2;
    const target = String(i);
    const lit = ctx.targets.has(target);
    const label = `pile ${i}, ${up ? "ascending" : "descending"}, showing ${top}` +
      (lastPiles.has(target) ? ", last played" : "") + (lit ? ", a legal place for the chosen card" : "");
    return el("button", { type: "button", class: `pile${lit ? " target" : ""}${lastPiles.has(target) ? " last" : ""}`,
      "aria-label": label, dataset: { key: `pile-${i}`, target }, onclick: () => ctx.onTarget(target) },
    el("span", { class: "pile-name" }, `${up ? "↑" : "↓"} pile ${i}`),
    numberCard(top, { class: "top" }),
    el("span", { class: "pile-range" }, up ? `1 → ${max}` : `${max + 1} → 2`));
  }));
  const info = el("p", { class: "info" },
    `Draw pile ${p.draw.length} · laid this turn ${p.laid} of at least ${p.minimum} · cards left ${p.cards_left}`);
  return el("div", { class: "table thegame" }, piles, info,
    p.hands.map((cards, i) => seat(view, i, `Player ${i + 1}`,
      hand(cards, numberCard, ctx.interactive && i === view.to_move, ctx, `Player ${i + 1}'s hand`))));
}

// ------------------------------------------------------------ Face to Face

function drawFaceToFace(view, ctx) {
  const p = view.position;
  const max = p.max_card;
  // the last step's piles, named from its mover's side ("own-up" of the mover)
  const lastPiles = new Set();
  for (const move of lastTokens(ctx)) {
    const parts = split("facetoface", move);
    if (!parts) continue;
    const [whose, way] = parts[1].split("-");
    lastPiles.add(`${whose === "own" ? ctx.last.player : 1 - ctx.last.player}-${way}`);
  }
  const side = (i) => {
    const own = i === view.to_move;
    const piles = el("div", { class: "piles", role: "group", "aria-label": `Player ${i + 1}'s piles` },
      ["up", "down"].map((way) => {
        const target = `${own ? "own" : "opp"}-${way}`;
        const lit = ctx.targets.has(target);
        const last = lastPiles.has(`${i}-${way}`);
        const top = p.piles[i][way];
        return el("button", { type: "button", class: `pile${lit ? " target" : ""}${last ? " last" : ""}`,
          "aria-label": `Player ${i + 1}'s ${way === "up" ? "ascending" : "descending"} pile showing ${top}` +
            (last ? ", last played" : "") + (lit ? ", a legal place for the chosen card" : ""),
          dataset: { key: `pile-${i}-${way}`, target }, onclick: () => ctx.onTarget(target) },
        el("span", { class: "pile-name" }, way === "up" ? "↑ up" : "↓ down"),
        numberCard(top, { class: "top" }),
        el("span", { class: "pile-range" }, way === "up" ? `1 → ${max}` : `${max + 1} → 2`));
      }));
    const drawPile = cardBack(p.draws[i].length, { class: "small", "aria-label": `Player ${i + 1}'s draw pile: ${p.draws[i].length} cards` });
    const cards = hand(p.hands[i], numberCard, ctx.interactive && i === view.to_move, ctx, `Player ${i + 1}'s hand`);
    const info = el("p", { class: "info" }, `cards left ${p.cards_left[i]}`);
    // player 2 sits across the table: piles face the middle
    return seat(view, i, `Player ${i + 1}`, i === 1 ? [cards, el("div", { class: "row" }, drawPile, piles), info]
      : [el("div", { class: "row" }, drawPile, piles), cards, info]);
  };
  return el("div", { class: "table facetoface" }, side(1),
    el("p", { class: "middle info" }, `laid this turn: ${p.laid_own} on own piles, ${p.laid_opp} on the opponent's`),
    side(0));
}

// --------------------------------------------------------------------- UNO

// docs/notation-uno.md: direction "left" (+1, the start) passes play to the next
// player number, "right" (-1) to the one before; drawn as the order of the seats.
export function directionText(direction, players) {
  const order = [...Array(players).keys()].map((i) => i + 1);
  if (direction < 0) order.reverse();
  const shown = [...order, order[0]].slice(0, Math.min(players, 4) + 1).join(" → ");
  return direction > 0 ? `left ↻ (${shown})` : `right ↺ (${shown})`;
}

function drawUno(view, ctx) {
  const p = view.position;
  const lastCard = lastTokens(ctx).some((m) => split("uno", m));
  const drawLegal = view.legal_moves.includes("draw");
  const centre = el("div", { class: "uno-centre" },
    el("button", { type: "button", class: `card back deck${ctx.interactive && drawLegal ? " target" : ""}`,
      "aria-label": `draw pile: ${p.draw.length} cards${drawLegal ? ", click to draw" : ""}`, dataset: { key: "deck" },
      onclick: () => ctx.onAction("draw") }, el("span", { class: "count", "aria-hidden": "true" }, p.draw.length)),
    unoCard(p.top, { class: `top${lastCard ? " last" : ""}` }, p.top.startsWith("W") ? p.colour : null),
    el("div", { class: "uno-state" },
      el("p", {}, "Colour: ", el("strong", { class: `colour-name colour-${(p.colour || "-")[0]}` }, p.colour || "to be named")),
      el("p", {}, `Direction: ${directionText(p.direction, view.players)}`),
      el("p", {}, `Discards ${p.discard.length}` + (p.phase !== "play" ? ` · phase: ${p.phase}` : "") +
        (p.pending ? ` · penalty waiting: ${p.pending}` : "") + (p.drawn ? ` · just drawn: ${p.drawn}` : ""))));
  const wildChoice = ctx.selected && ctx.selected.startsWith("W") ? el("div", { class: "choose-colour", role: "group", "aria-label": "name a colour" },
    el("span", {}, `${ctx.selected}: name a colour`),
    Object.entries(UNO_COLOURS).map(([letter, name]) => el("button", { type: "button",
      class: `colour-button uno-${letter}${ctx.targets.has(name) ? " target" : ""}`, dataset: { key: `colour-${name}` },
      onclick: () => ctx.onTarget(name) }, name))) : "";
  return el("div", { class: "table uno" }, centre, wildChoice,
    p.hands.map((cards, i) => seat(view, i, `Player ${i + 1}`,
      hand(cards, (card, attrs) => unoCard(card, attrs), ctx.interactive && i === view.to_move, ctx, `Player ${i + 1}'s hand`))));
}

// ---------------------------------------------------------------- Sequence

// The cells of a completed sequence "a9-e9" (a straight line of five or more).
export function lineCells(line) {
  const [from, to] = line.split("-");
  const c0 = COLUMNS.indexOf(from[0]); const r0 = Number(from.slice(1));
  const c1 = COLUMNS.indexOf(to[0]); const r1 = Number(to.slice(1));
  const steps = Math.max(Math.abs(c1 - c0), Math.abs(r1 - r0));
  const dc = Math.sign(c1 - c0); const dr = Math.sign(r1 - r0);
  return [...Array(steps + 1).keys()].map((k) => [r0 + k * dr, c0 + k * dc]);
}

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

function drawSequence(view, ctx) {
  const p = view.position;
  const sides = p.sides;
  const inSequence = new Map();
  for (const s of p.sequences) for (const [r, c] of lineCells(s.line)) inSequence.set(`${r},${c}`, s.side);
  const lastCells = new Set(lastTokens(ctx).map((m) => split("sequence", m)).filter(Boolean).map((s) => s[1]));
  const chipSide = { B: 0, G: 1, R: 2 };
  const cells = [];
  p.board.forEach((row, r) => [...row].forEach((chip, c) => {
    const name = `${COLUMNS[c]}${r}`;
    const card = view.layout[r][c];
    const corner = card === "XX";
    const side = chipSide[chip];
    const lit = ctx.targets.has(name);
    const seq = inSequence.get(`${r},${c}`);
    const words = [name, corner ? "free corner" : sequenceCard(card).getAttribute("aria-label")];
    if (side !== undefined) words.push(`${SIDE_NAMES[side]} chip`);
    if (seq !== undefined) words.push(`in a ${SIDE_NAMES[seq]} sequence`);
    if (lastCells.has(name)) words.push("last played");
    if (lit) words.push("a legal place for the chosen card");
    const classes = ["cell", corner ? "corner" : "", side !== undefined ? `chip-${chip}` : "", lit ? "target" : "",
      seq !== undefined ? "in-sequence" : "", lastCells.has(name) ? "last" : ""].filter(Boolean).join(" ");
    const face = corner ? el("span", { class: "free", "aria-hidden": "true" }, "★")
      : sequenceCard(card, { class: "mini", "aria-hidden": "true" });
    cells.push(el("button", { type: "button", class: classes, "aria-label": words.join(", "),
      tabindex: "-1", dataset: { key: `cell-${name}`, target: name, row: r, column: c }, onclick: () => ctx.onTarget(name) },
    side !== undefined ? el("span", { class: "chip", "aria-hidden": "true" }) : "", face));
  }));
  // one tab stop for the grid; the arrow keys move within it
  const focusable = cells.find((cell) => cell.classList.contains("target")) || cells[0];
  focusable.setAttribute("tabindex", "0");
  const overlay = svg("svg", { class: "sequence-lines", viewBox: "0 0 10 10", "aria-hidden": "true", focusable: "false" });
  for (const s of p.sequences) {
    const cellsOf = lineCells(s.line);
    const [[ra, ca], [rb, cb]] = [cellsOf[0], cellsOf[cellsOf.length - 1]];
    overlay.append(svg("line", { x1: ca + 0.5, y1: ra + 0.5, x2: cb + 0.5, y2: rb + 0.5, class: `side-${s.side}` }));
  }
  const grid = el("div", { class: "grid", role: "group", "aria-label": "Sequence board: arrow keys move between the spaces",
    onkeydown: (event) => gridKeys(event) }, cells, overlay);
  // On a phone the board is wider than the screen (every space a 44 px target): it
  // scrolls sideways in its own region, which the keyboard can focus and scroll, and
  // a space focused by the arrow keys scrolls into view (docs/web.md).
  const labelled = el("div", { class: "board-scroll", role: "region", tabindex: "0",
    "aria-label": "Sequence board (scrolls sideways on a narrow screen)" },
  el("div", { class: "board" },
    el("div", { class: "col-labels", "aria-hidden": "true" }, [...COLUMNS].map((c) => el("span", {}, c))),
    el("div", { class: "row-labels", "aria-hidden": "true" }, [...Array(10).keys()].map((r) => el("span", {}, r))),
    grid));
  const sideOf = (i) => i % sides;
  const sequences = p.sequences.length
    ? p.sequences.map((s) => `${SIDE_NAMES[s.side]} ${s.line}`).join(", ") : "none yet";
  return el("div", { class: "table sequence" }, labelled,
    el("p", { class: "info" }, `Sequences: ${sequences} · draw pile ${p.draw.length + p.unknown} cards`),
    p.hands.map((cards, i) => seat(view, i, `Player ${i + 1} (${SIDE_NAMES[sideOf(i)]})`,
      hand(cards, sequenceCard, ctx.interactive && i === view.to_move, ctx, `Player ${i + 1}'s hand`))));
}

function gridKeys(event) {
  const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
  const cell = event.target.closest(".cell");
  if (!cell || !moves[event.key]) return;
  event.preventDefault();
  event.stopPropagation();
  const [dr, dc] = moves[event.key];
  const r = Math.min(9, Math.max(0, Number(cell.dataset.row) + dr));
  const c = Math.min(9, Math.max(0, Number(cell.dataset.column) + dc));
  const next = cell.parentElement.querySelector(`[data-row="${r}"][data-column="${c}"]`);
  cell.setAttribute("tabindex", "-1");
  next.setAttribute("tabindex", "0");
  next.focus();
}

export const DRAW = { thegame: drawTheGame, facetoface: drawFaceToFace, uno: drawUno, sequence: drawSequence };
