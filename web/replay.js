// Replay of a finished game, move by move, from GET /api/tables/{id}/replay
// (the spectator view after every step).
import { api } from './api.js';
import { boardFor } from './boards/index.js';
import { h } from './dom.js';

export function renderReplay(root, id) {
  const board = h('section.board');
  const label = h('p.step', { id: 'step' });
  const err = h('p.error', { role: 'alert' });
  let steps = [];
  let game = '';
  let i = 0;
  const draw = () => {
    const st = steps[i];
    boardFor(game)(board, { view: st.view, legal: [], table: {}, scores: null }, { onAction: () => {}, hint: null });
    label.textContent = i === 0 ? `Start (${steps.length - 1} steps)` : `Step ${i} of ${steps.length - 1}: ${st.text}`;
  };
  const go = (n) => { i = Math.max(0, Math.min(steps.length - 1, n)); draw(); };
  const controls = h('div.controls', {},
    h('button', { onclick: () => go(0), 'aria-label': 'first' }, '⏮'),
    h('button', { id: 'prev', onclick: () => go(i - 1), 'aria-label': 'previous' }, '◀'),
    h('button', { id: 'next', onclick: () => go(i + 1), 'aria-label': 'next' }, '▶'),
    h('button', { onclick: () => go(steps.length - 1), 'aria-label': 'last' }, '⏭'));
  root.append(h('div.replay', {}, h('h2', {}, 'Replay'), label, controls, board, err,
    h('p', {}, h('a', { href: `#/table/${id}` }, 'table'), ' · ', h('a', { href: '#/' }, 'lobby'))));
  const onKey = (e) => { if (e.key === 'ArrowLeft') go(i - 1); if (e.key === 'ArrowRight') go(i + 1); };
  window.addEventListener('keydown', onKey);
  api.replay(id).then((r) => { steps = r.steps; game = r.table.game; draw(); }).catch((e) => { err.textContent = e.message; });
  return () => window.removeEventListener('keydown', onKey);
}
