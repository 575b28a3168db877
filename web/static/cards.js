// Card faces of the four games, drawn as DOM elements (no images: the page's
// Content-Security-Policy allows only its own files, docs/security.md). Each face
// carries a text label for screen readers as well as its look.

export const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  if (tag === "span" && attrs["aria-label"] && !attrs.role) node.setAttribute("role", "img");
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === "") continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
};

// ------------------------------------------------------------------------ UNO

export const UNO_COLOURS = { R: "red", Y: "yellow", G: "green", B: "blue" };

// What a UNO card shows in its corner and says aloud: "R7" -> 7, "GS" -> skip,
// "BR" -> reverse, "YD2" -> +2, "W" -> wild, "W4" -> +4 (docs/notation-uno.md).
export function unoFace(card) {
  const colour = UNO_COLOURS[card[0]];
  const rest = card.slice(1);
  if (card === "W") return { colour: null, symbol: "W", name: "wild" };
  if (card === "W4") return { colour: null, symbol: "+4", name: "wild draw four" };
  if (rest === "S") return { colour, symbol: "⊘", name: `${colour} skip` };
  if (rest === "R") return { colour, symbol: "⇄", name: `${colour} reverse` };
  if (rest === "D2") return { colour, symbol: "+2", name: `${colour} draw two` };
  return { colour, symbol: rest, name: `${colour} ${rest}` };
}

// A UNO card; ``named`` is the colour a wild on the discard pile named (UN-3).
export function unoCard(card, attrs = {}, named = null) {
  const face = unoFace(card);
  const base = card.split(":")[0];
  const colourClass = face.colour ? `uno-${card[0]}` : named ? `uno-W uno-named-${named[0].toUpperCase()}` : "uno-W";
  const label = named && !face.colour ? `${face.name}, colour named: ${named}` : face.name;
  return el(attrs.tag || "span", { ...attrs, tag: undefined, class: `card uno ${colourClass} ${attrs.class || ""}`,
    "aria-label": label, dataset: { card: base, ...(attrs.dataset || {}) } },
  el("span", { class: "corner", "aria-hidden": "true" }, face.symbol),
  el("span", { class: "oval", "aria-hidden": "true" }, face.symbol),
  named && !face.colour ? el("span", { class: "named", "aria-hidden": "true" }, named) : null);
}

// ------------------------------------------------------------------- Sequence

const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const SUIT_NAMES = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_NAMES = { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" };

// "TD" -> {rank: "10", suit: "♦", red: true, name: "10 of diamonds"}
export function playingCard(card) {
  const rank = card[0] === "T" ? "10" : card[0];
  const suit = card[1];
  let name = `${RANK_NAMES[card[0]] || rank} of ${SUIT_NAMES[suit]}`;
  if (card === "JC" || card === "JD") name += " (two-eyed: a wild, SQ-5)";
  if (card === "JH" || card === "JS") name += " (one-eyed: removes a chip, SQ-5)";
  return { rank, suit: SUITS[suit], red: suit === "D" || suit === "H", name };
}

export function sequenceCard(card, attrs = {}) {
  const face = playingCard(card);
  return el(attrs.tag || "span", { ...attrs, tag: undefined,
    class: `card playing ${face.red ? "red" : "black"} ${attrs.class || ""}`,
    "aria-label": face.name, dataset: { card, ...(attrs.dataset || {}) } },
  el("span", { class: "rank", "aria-hidden": "true" }, face.rank),
  el("span", { class: "suit", "aria-hidden": "true" }, face.suit));
}

// ------------------------------------------------------- The Game, Face to Face

// A number card; ``tint`` shades it by its value so far-apart cards look apart.
export function numberCard(number, attrs = {}) {
  return el(attrs.tag || "span", { ...attrs, tag: undefined, class: `card number ${attrs.class || ""}`,
    "aria-label": attrs["aria-label"] || `card ${number}`, dataset: { card: String(number), ...(attrs.dataset || {}) } },
  el("span", { class: "corner", "aria-hidden": "true" }, number),
  el("span", { class: "value", "aria-hidden": "true" }, number));
}

export const cardBack = (count, attrs = {}) => el(attrs.tag || "span",
  { ...attrs, tag: undefined, class: `card back ${attrs.class || ""}`, "aria-label": attrs["aria-label"] || `draw pile: ${count} cards` },
  el("span", { class: "count", "aria-hidden": "true" }, count));
