// Controls that the Risk boards share (risk.js for European Risk,
// risk-2008.js for the 2008 edition), beside the map of risk-map.js: the
// buttons of legal actions, the "so many per click" line of a placement and
// the attack controls. What differs between the boards comes in as
// parameters: the word for what a territory holds ("armies" or "troops"),
// how the prompt names the territories, the extra lines. The element ids,
// classes and labels are the ones the e2e tests look for.
import { h } from '../dom.js';

// A button for legal action `a`: `label` on it, classes `cls` (".primary"),
// data-action and the tooltip its text, the "hint" class when it is the
// hinted action. Answers the function making them.
export function actionButton({ hint, onAction }) {
  return (a, label, cls = '') => h(`button${cls}`, {
    'data-action': a.text, class: hint && hint.id === a.id ? 'hint' : null, title: a.text, onclick: () => onAction(a),
  }, label);
}

// The "<Word> per click [n] [all N] [1]" line while placing: `most` to place
// in all, the count shown `perClick`, kept in ui.count (the board reads it
// when a territory is clicked).
//
// The count boxes here keep their value in `ui` as it is typed (input), not
// only on change: every snapshot re-renders the board, and one arriving
// between typing and clicking would otherwise put the old value back.
// Typing never redraws: the change event comes with the mousedown on a
// territory (the box loses focus), and a redraw then replaced the map under
// the pointer, so the click that followed the typing was lost.
export function placeCount({ ui, redraw, most, perClick, word }) {
  const keep = (e) => { ui.count = Number(e.target.value) || 1; };
  const input = h('input', { id: 'place-count', type: 'number', min: 1, max: most, value: perClick,
    oninput: keep, onchange: keep });
  return h('p.place-count', {}, h('label', { for: 'place-count' }, `${word} per click `), input, ' ',
    h('button', { id: 'place-all', onclick: () => { ui.count = most; redraw(); } }, `all ${most}`), ' ',
    h('button', { id: 'place-one', onclick: () => { ui.count = 1; redraw(); } }, '1'));
}

// The attack controls once a source is chosen (ui.from): the dice buttons
// (aria-pressed on the chosen one), the prompt, and with a target (ui.to)
// "Attack once" / "Attack until conquered or down to [N] <word>" and the
// line of an attack under way (ui.auto). Answers the elements in order.
//
// - targets: Map target id -> the legal attacks on it from ui.from.
// - count(id): what territory id holds; ownerName(id): its owner's name.
// - word: 'armies' or 'troops' (the stop-at input's label and the text after it).
// - diceLabel(d): the aria-label of the "d" dice button, or none.
// - countSource: the prompt before a target says the source's count too.
// - odds(dice): a line after the prompt once the target is chosen, or none.
// - cancel(): a fresh Cancel button.
// - attackAction(): the attack along the pair with the chosen dice.
export function attackControls({ ui, redraw, onAction, targets, tname, count, ownerName, word,
  diceLabel = null, countSource = false, odds = null, cancel, attackAction }) {
  const out = [];
  const pool = ui.to ? targets.get(ui.to) : [...targets.values()].flat();
  const dice = [...new Set(pool.map((a) => a.json.dice))].sort();
  const chosen = dice.includes(ui.dice) ? ui.dice : dice[dice.length - 1];
  const diceButtons = dice.map((d) => h(d === chosen ? 'button.primary.dice' : 'button.dice', {
    'data-dice': d, 'aria-pressed': String(d === chosen), 'aria-label': diceLabel ? diceLabel(d) : null,
    onclick: () => { ui.dice = d; redraw(); } }, String(d)));
  const from = ui.from;
  const to = ui.to;
  if (!to) {
    const source = countSource ? `${tname(from)} (${count(from)})` : tname(from);
    out.push(h('p.prompt', { id: 'prompt' }, `Attack from ${source}: click a target. Dice: `, diceButtons, ' ', cancel()));
    return out;
  }
  out.push(h('p.prompt', { id: 'prompt' }, `Attack ${tname(to)} (${ownerName(to)}, ${count(to)}) from ${tname(from)} (${count(from)}). Dice: `, diceButtons));
  if (odds) out.push(odds(chosen));
  const stopAt = h('input', { id: 'stop-at', 'aria-label': `Stop attacking at this many ${word}`, type: 'number', min: 1, max: Math.max(1, count(from) - 1), value: ui.stopAt || 1,
    oninput: (e) => { ui.stopAt = Math.max(1, Number(e.target.value) || 1); },
    onchange: (e) => { ui.stopAt = Math.max(1, Number(e.target.value) || 1); } });
  out.push(h('p.attack-buttons', {},
    h('button.primary', { id: 'attack-once', onclick: () => { ui.auto = null; const a = attackAction(); if (a) onAction(a); } }, 'Attack once'), ' ',
    h('button.primary', { id: 'attack-until', onclick: () => {
      ui.stopAt = Math.max(1, Number(stopAt.value) || 1);
      ui.auto = { from: ui.from, to: ui.to, stopAt: ui.stopAt };
      ui.sent = -1;
      redraw();
    } }, 'Attack until conquered'), ' or down to ', stopAt, ` ${word} `, cancel()));
  if (ui.auto) out.push(h('p.small', { id: 'auto-attack' }, `Attacking until ${tname(to)} falls or ${tname(from)} is down to ${ui.auto.stopAt}…`));
  return out;
}
