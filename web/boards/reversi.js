// The Reversi board: an SVG from the seat's view (no rules here — legal
// squares come from the server's list of legal actions).
//
// view: {board: ["--------", ...] rank 1 first, 'X' black, 'O' white,
//        legal_moves, last_move, last_flips, discs, to_move, terminal,
//        must_pass, last_was_pass, result}
// render(container, snapshot, {onAction, hint}) draws the board and the
// side facts; squares carry data-square="d3" and the class "legal".
import { h, s } from '../dom.js';

const FILES = 'abcdefgh';
const SIZE = 44;
const PAD = 20;

export function renderReversi(container, snap, { onAction, hint }) {
  const v = snap.view;
  const legalBySquare = new Map();
  const others = [];
  for (const a of snap.legal) {
    if (a.json && typeof a.json.move === 'string' && a.json.move !== 'pass') legalBySquare.set(a.json.move, a);
    else others.push(a);
  }
  const flips = new Set(v.last_flips || []);
  const total = PAD + SIZE * 8 + 4;
  const svg = s('svg', { viewBox: `0 0 ${total} ${total}`, class: 'reversi-board', role: 'grid', 'aria-label': 'Reversi board' });
  svg.append(s('rect', { x: PAD, y: PAD, width: SIZE * 8, height: SIZE * 8, class: 'felt' }));
  for (let f = 0; f < 8; f++) {
    // The coordinates are drawn for the eye; each square's name says them.
    const t = s('text', { x: PAD + f * SIZE + SIZE / 2, y: PAD - 6, class: 'coord', 'aria-hidden': 'true' });
    t.textContent = FILES[f];
    svg.append(t);
  }
  for (let r = 0; r < 8; r++) {
    const t = s('text', { x: PAD / 2, y: PAD + r * SIZE + SIZE / 2 + 4, class: 'coord', 'aria-hidden': 'true' });
    t.textContent = String(r + 1);
    svg.append(t);
    // A grid's cells sit in rows (ARIA), one rank each.
    const row = s('g', { role: 'row' });
    svg.append(row);
    for (let f = 0; f < 8; f++) {
      const name = FILES[f] + (r + 1);
      const c = v.board[r][f];
      const x = PAD + f * SIZE;
      const y = PAD + r * SIZE;
      const legal = legalBySquare.get(name);
      const classes = ['sq'];
      if (legal) classes.push('legal');
      if (name === v.last_move) classes.push('last');
      if (flips.has(name)) classes.push('flipped');
      if (hint && hint.text === name) classes.push('hint');
      // The name says what the eye sees: the disc, or that a move may go there.
      const what = c === 'X' ? ', black' : c === 'O' ? ', white' : legal ? ', legal move' : '';
      const g = s('g', { class: classes.join(' '), 'data-square': name, role: 'gridcell', 'aria-label': name + what });
      g.append(s('rect', { x, y, width: SIZE, height: SIZE, class: 'cell' }));
      if (c === 'X' || c === 'O') {
        g.append(s('circle', { cx: x + SIZE / 2, cy: y + SIZE / 2, r: SIZE * 0.4, class: c === 'X' ? 'disc black' : 'disc white' }));
        if (name === v.last_move) g.append(s('circle', { cx: x + SIZE / 2, cy: y + SIZE / 2, r: SIZE * 0.1, class: 'last-dot' }));
        if (flips.has(name)) g.append(s('circle', { cx: x + SIZE / 2, cy: y + SIZE / 2, r: SIZE * 0.43, class: 'flip-ring' }));
      } else if (legal) {
        g.append(s('circle', { cx: x + SIZE / 2, cy: y + SIZE / 2, r: SIZE * 0.12, class: 'legal-dot' }));
      } else if ((v.legal_moves || []).includes(name) && snap.table?.status !== 'finished') {
        // Another seat's legal square: shown faintly to watchers.
        g.append(s('circle', { cx: x + SIZE / 2, cy: y + SIZE / 2, r: SIZE * 0.07, class: 'legal-dot other' }));
      }
      if (legal) g.addEventListener('click', () => onAction(legal));
      row.append(g);
    }
  }
  const name = (k) => (k === 'black' ? 'Black' : 'White');
  let turn;
  if (v.terminal) {
    const b = v.discs.black;
    const w = v.discs.white;
    turn = v.result === 'draw' ? `Game over: a draw, ${b}–${w}` : `Game over: ${name(v.result)} wins ${Math.max(b, w)}–${Math.min(b, w)}`;
  } else if (snap.table && snap.table.status === 'finished') {
    turn = 'Game over'; // by resignation: the table says who won
  } else {
    turn = `${name(v.to_move)} to move`;
    if (v.must_pass) turn += ' — no legal move, must pass';
  }
  const notices = [];
  if (v.last_was_pass) notices.push(h('p.notice', { id: 'pass-notice' }, 'The last player had no move and passed.'));
  const facts = h('div.facts', {},
    h('div.counts', {},
      h('span.count', {}, h('span.swatch.black'), ' Black ', h('b', { id: 'count-black' }, String(v.discs.black))),
      h('span.count', {}, h('span.swatch.white'), ' White ', h('b', { id: 'count-white' }, String(v.discs.white)))),
    h('p', { id: v.terminal ? 'result' : 'turn', class: v.terminal ? 'result' : 'turn' }, turn),
    notices,
    others.length ? h('div.other-actions', {}, others.map((a) =>
      h('button.primary', { 'data-action': a.text, onclick: () => onAction(a) }, a.text === 'pass' ? 'Pass' : a.text))) : null);
  container.replaceChildren(h('div.board-wrap', {}, svg), facts);
}

export const seatNames = ['Black', 'White'];
