// The recommended (or best) move lit on the table itself (docs/web.md, "Analysis on
// the board"): its card in the mover's hand and its pile, space or colour get the
// class "best" (a dashed outline in their own colour, apart from the chosen card's
// targets and the last move) and say so to screen readers; a move without a card
// (end of turn, draw, pass...) lights its button or the draw pile.

import { split } from "./table.js";

const SAYS = ", the recommended move";

function light(node) {
  if (!node || node.classList.contains("best")) return;
  node.classList.add("best");
  const label = node.getAttribute("aria-label");
  if (label) node.setAttribute("aria-label", label + SAYS);
  else node.setAttribute("title", "the recommended move");
}

// Light ``move`` (one move or a whole turn, "8@own-up 12@own-up /") of ``view`` on the
// table drawn in ``table``; the buttons under it are in ``actions``.
export function markBest(table, actions, view, move) {
  for (const word of String(move).split(/\s+/).filter(Boolean)) {
    const parts = split(view.game, word);
    if (!parts) {
      if (view.game === "uno" && word === "draw") light(table.querySelector(".deck"));
      light(actions.querySelector(`[data-key="action-${CSS.escape(word)}"]`));
      continue;
    }
    const [card, target] = parts;
    light(table.querySelector(`.seat.to-move .hand [data-card="${CSS.escape(card)}"]`));
    if (!target) continue;
    if (view.game === "uno") light(table.querySelector(`[data-key="colour-${CSS.escape(target)}"]`));
    else light(table.querySelector(`[data-target="${CSS.escape(target)}"]`));
  }
}
