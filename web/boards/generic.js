// The fallback for games without a board of their own yet: the seat's view
// as readable JSON and the server's legal actions as buttons.
import { h } from '../dom.js';

export function renderGeneric(container, snap, { onAction, hint }) {
  const v = snap.view;
  const buttons = snap.legal.map((a) =>
    h('button', {
      class: hint && hint.id === a.id ? 'hint' : '',
      'data-action': a.text,
      title: JSON.stringify(a.json),
      onclick: () => onAction(a),
    }, a.text));
  container.replaceChildren(
    h('div.generic', {},
      v.terminal ? h('p.result', { id: 'result' }, `Game over. Scores: ${JSON.stringify(snap.scores ?? {})}`) : null,
      snap.legal.length ? h('div.legal-buttons', {}, buttons) : null,
      h('pre.view', {}, JSON.stringify(v, null, 2))));
}
