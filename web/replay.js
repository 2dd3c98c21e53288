// Replay of a finished game from GET /api/tables/{id}/replay (the spectator
// view after every step, each step numbered with its turn): a slider and
// buttons step a whole turn at a time, with the turn's log in words; finer
// buttons (and Shift+arrows) step one action.
import { api } from './api.js';
import { boardFor, seatName } from './boards/index.js';
import { h, keyboardScrollable } from './dom.js';

export function renderReplay(root, id) {
  const board = h('section.board');
  const label = h('p.step', { id: 'step' });
  const turnLabel = h('p.turn', { id: 'turn' });
  const words = h('ol.turn-words', { id: 'turn-words', 'aria-label': 'This turn in words' });
  const err = h('p.error', { role: 'alert' });
  const slider = h('input', { type: 'range', id: 'turn-slider', min: 0, max: 0, value: 0, 'aria-label': 'turn' });
  let steps = [];
  let game = '';
  let i = 0; // the step shown: the board after it
  let last = []; // last[t]: the last step of turn t
  const turns = () => last.length;

  const draw = () => {
    const st = steps[i];
    const t = st.turn;
    boardFor(game)(board, { view: st.view, legal: [], table: {}, scores: null }, { onAction: () => {}, hint: null });
    label.textContent = i === 0 ? `Start (${steps.length - 1} steps)` : `Step ${i} of ${steps.length - 1}: ${st.words || st.text}`;
    turnLabel.textContent = t === 0
      ? `Before the first turn (${turns() - 1} turns)`
      : `Turn ${t} of ${turns() - 1}: ${seatName(game, st.turn_seat, st.view)}`;
    // The turn's words up to the step shown (the whole turn after a turn step).
    const first = t === 0 ? 1 : last[t - 1] + 1;
    const lines = [];
    for (let k = first; k <= i; ++k) if (steps[k].words) lines.push(h('li', {}, steps[k].words));
    words.replaceChildren(...lines);
    keyboardScrollable(words);
    slider.value = String(t);
  };
  const go = (n) => { i = Math.max(0, Math.min(steps.length - 1, n)); draw(); };
  const goTurn = (t) => go(last[Math.max(0, Math.min(turns() - 1, t))]);
  slider.addEventListener('input', () => goTurn(Number(slider.value)));

  const button = (attrs, text, onclick) => h('button', { ...attrs, onclick }, text);
  const controls = h('div.controls', {},
    button({ id: 'first', 'aria-label': 'start' }, 'Start', () => go(0)),
    // Back: to the end of the turn before (where this turn began).
    button({ id: 'prev-turn', 'aria-label': 'previous turn' }, '◀◀ Turn', () => goTurn(steps[i].turn - 1)),
    button({ id: 'prev', 'aria-label': 'previous step' }, '◀ Step', () => go(i - 1)),
    button({ id: 'next', 'aria-label': 'next step' }, 'Step ▶', () => go(i + 1)),
    // On: to the end of this turn, or of the next when this one is shown whole.
    button({ id: 'next-turn', 'aria-label': 'next turn' }, 'Turn ▶▶', () => goTurn(i === last[steps[i].turn] ? steps[i].turn + 1 : steps[i].turn)),
    button({ id: 'last', 'aria-label': 'end' }, 'End', () => go(steps.length - 1)));
  root.append(h('div.replay', {}, h('h2', {}, 'Replay'), turnLabel, h('label.turn-slider', {}, slider), controls, label,
    board, words, err,
    h('p', {}, h('a', { href: `#/table/${id}` }, 'table'), ' · ', h('a', { href: '#/' }, 'lobby'))));
  const onKey = (e) => {
    if (e.target === slider) return; // the slider moves itself
    if (e.key === 'ArrowLeft') e.shiftKey ? go(i - 1) : document.getElementById('prev-turn').click();
    if (e.key === 'ArrowRight') e.shiftKey ? go(i + 1) : document.getElementById('next-turn').click();
  };
  window.addEventListener('keydown', onKey);
  api.replay(id).then((r) => {
    steps = r.steps;
    game = r.table.game;
    last = [];
    steps.forEach((st, k) => { last[st.turn] = k; });
    slider.max = String(turns() - 1);
    draw();
  }).catch((e) => { err.textContent = e.message; });
  return () => window.removeEventListener('keydown', onKey);
}
