// The King is Dead board: a schematic SVG map of Britain's eight regions
// with their followers, control and instability, the struggle track, and
// the side facts (hands, courts, discards, supply, the card being resolved).
// No rules live here: what may be clicked comes only from snap.legal, and
// the server checks everything again (a refused action shows its message).
//
// view (games/king_is_dead/state_json.cpp to_json_for): {phase, current,
//   current_player, regions: {id: {followers: [scots, welsh, english],
//   status: open|unstable|scots|welsh|english}}, track: [region ids by
//   space], locked: [bool by space], struggles, supply, bag, players:
//   [{court, discard, hand, hand_size, hidden_cards, last_play}], passes,
//   seq, effect: {card, steps} | null, last_effect, winners?, end?, terminal}
//
// Clicking: a follower step (summon, swaps) is a click on a faction's cube
// in a region; a region step a click on the region; a track step (Negotiate)
// a click on a track space; cards, factions, players and Pass are buttons.
// Regions carry data-region, data-status and data-followers ("s/w/e"),
// cubes data-region, data-faction and data-count, track spaces data-space,
// for tests. Every legal action stays reachable in the "All legal actions"
// list.
import { h, s } from '../dom.js';
import { renderGeneric } from './generic.js';

// The layout is static data next to this file (positions and a copy of the
// board's facts, kept equal by tests/web/kid_layout_test.cpp); until it
// arrives the generic board shows, so a missing file never blocks play.
let layout = null;
let loading = null;
function loadLayout(redraw) {
  if (!loading) {
    loading = fetch(new URL('./king-is-dead-layout.json', import.meta.url))
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`king-is-dead-layout.json: HTTP ${r.status}`))))
      .then((l) => {
        layout = l;
        layout.byId = Object.fromEntries(l.regions.map((r) => [r.id, r]));
      });
  }
  loading.then(redraw, (e) => console.error(e));
}

// What each card does, in a line (king_is_dead.md §9, §10), for tooltips.
const CARD_TEXT = {
  scottish_support: 'Place 2 Scots in one open region next to a Scottish-controlled region (or next to Moray while it has no disc).',
  welsh_support: 'Place 2 Welsh in one open region next to a Welsh-controlled region (or next to Gwynedd while it has no disc).',
  english_support: 'Place 2 English in one open region next to an English-controlled region (or next to Essex while it has no disc).',
  assemble: 'Place 1 Scot, 1 Welsh and 1 English follower, each in any open region.',
  negotiate: 'Swap two face-up region cards on the track that carry no disc, then lock one of them.',
  manoeuvre: 'Swap one follower with one follower in another open region.',
  outmanoeuvre: 'Swap one follower with two followers in a bordering open region (1 for 1 only when no 1-for-2 exists).',
  spy: 'Resolve the top card of another player\'s discard pile as if you had played it.',
  ambush: 'Place 2 Scots in one open region, then return one follower from it.',
  march: 'Move 2 followers from one open region to a bordering open region.',
  plot: 'Never played: at the end it counts as one follower of your choice and wins a coronation tie.',
  aid: 'Place 2 followers of the faction most plentiful in the supply in one open region.',
  influence: 'Swap one English follower with two Scots/Welsh in another open region (in full or not at all).',
  dispute: 'Swap one Welsh follower with one non-Welsh follower in another open region.',
  edict: 'Swap two Scots with two non-Scots in a bordering open region (fallbacks 2-for-1, 1-for-1).',
  resist: 'Place 2 Welsh/English followers in one region eligible for the Scots.',
  muster: 'In a region eligible for the Scots: return one Scot, then place 2 followers of any factions.',
  quell: 'In a region eligible for the Welsh: return one Welsh, then place 2 followers of any factions.',
  suppress: 'In a region eligible for the English: return one English and one more follower, then place one.',
  betrayal: 'Swap one follower of your court with one follower in any open region.',
};
const PHASES = { setup: 'Setting up', action: 'Play a card or pass', effect: 'Resolving a card', summon: 'Summoning a follower', ended: 'Game over' };
const STEP_PROMPT = {
  follower: 'click a highlighted cube on the map (it names a region and a faction: where to place, or which follower to move, as the card says)',
  region: 'click a highlighted region',
  faction: 'choose a faction',
  seat: 'choose a player',
  space: 'click a region card on the track',
};

const cap = (w) => w[0].toUpperCase() + w.slice(1);
const cardName = (c) => (c === 'betrayal' ? 'Betrayal' : c.split('_').map(cap).join(' '));
// As the engine and the log name them (boards/index.js).
const seatLabel = (p) => `Player ${'ABCD'[p]}`;

// The end screen: the numbers §12/§13 compare and the step that decided
// (view.verdict, games/king_is_dead/victory.cpp).
const STEP_WORDS = {
  sets: 'Decided by the most complete sets.',
  most_recent_play: 'Tied on sets: decided by the most recent card play.',
  first_faction: 'Decided by the first faction.',
  plot: 'Tied: decided by Plot — its holder wins a coronation tie.',
  second_faction: 'Tied: decided by the second faction.',
  first_to_empty_hand: 'Still tied: decided by who first played all their cards.',
  shared: 'Still tied after every tie-break: a shared victory.',
};
function verdict(why, factions) {
  if (!why || !why.end) return null;
  const fname = (id) => (factions.find((f) => f.id === id) || { name: id }).name;
  const perSeat = (counts) => counts.map((k, p) => `${seatLabel(p)} ${k}`).join(', ');
  const lines = [];
  if (why.end === 'invasion') {
    const unit = (u) => (why.by === 'team' ? `team ${u === 0 ? 'A' : 'B'}` : seatLabel(u));
    lines.push(`The French invade (3 instability discs). Complete sets in court${why.by === 'team' ? ' (partners together)' : ''}, an unplayed Plot counting: ${why.sets.map((k, u) => `${unit(u)} ${k}`).join(', ')}.`);
  } else {
    lines.push(`Coronation after 8 power struggles. Regions controlled: ${Object.entries(why.regions).map(([f, k]) => `${fname(f)} ${k}`).join(', ')}; first faction ${fname(why.first)}, second ${why.second ? fname(why.second) : 'none'}.`);
    lines.push(`${fname(why.first)} in court (an unplayed Plot counts 1): ${perSeat(why.first_counts)}.`);
    if (why.decided_by !== 'first_faction') lines.push(`Tied: ${why.tied.map(seatLabel).join(', ')}.`);
    if (why.second_counts && !['first_faction', 'plot'].includes(why.decided_by)) lines.push(`${fname(why.second)} in court: ${perSeat(why.second_counts)}.`);
  }
  if (why.end === 'invasion' && why.decided_by !== 'sets') {
    lines.push(`Latest card play (the game's play count): ${why.last_play.map((k, u) => `${why.by === 'team' ? `team ${u === 0 ? 'A' : 'B'}` : seatLabel(u)} ${k || 'never'}`).join(', ')}.`);
  }
  lines.push(STEP_WORDS[why.decided_by] || why.decided_by);
  return h('div.verdict', { id: 'verdict', 'data-decided-by': why.decided_by }, lines.map((l) => h('p.small', {}, l)));
}

// The last card played, in words, from the view's record of it (the no-undo
// rule keeps its player and net follower change, §8.4): "Player B played
// Outmanoeuvre: Moray 1 Scot out, 2 Welsh in; Lancaster …".
function lastCard(v, factions) {
  const le = v.last_effect;
  if (!le || le.player < 0 || le.type === 'none') return null;
  const p = v.players[le.player];
  const card = p && p.discard.length ? cardName(p.discard[p.discard.length - 1]) : 'a card';
  const changes = [];
  layout.regions.forEach((r, q) => {
    const d = le.delta[q] || [];
    const parts = [];
    factions.forEach((f, i) => {
      if (d[i] > 0) parts.push(`+${d[i]} ${f.name}`);
      if (d[i] < 0) parts.push(`−${-d[i]} ${f.name}`);
    });
    if (parts.length) changes.push(`${r.name} ${parts.join(', ')}`);
  });
  return h('p.small', { id: 'last-card' }, `Last card: ${seatLabel(le.player)} played ${card}`,
    changes.length ? ` — ${changes.join('; ')}` : ' — no change to the map', '.');
}

export function renderKingIsDead(container, snap, opts) {
  if (!layout) {
    renderGeneric(container, snap, opts);
    loadLayout(() => { if (container.isConnected) renderKingIsDead(container, snap, opts); });
    return;
  }
  const { onAction, hint } = opts;
  const v = snap.view;
  const legal = snap.legal || [];
  const factions = layout.factions;
  const fi = Object.fromEntries(factions.map((f, i) => [f.id, i]));
  const teams = v.players.length === 4; // four players always play in teams (§4.3)
  const teamOf = (p) => (p % 2 === 0 ? 'A' : 'B');

  // 1. Sort the legal actions by where they are clicked.
  const byFollower = new Map(); // "region|faction" -> action
  const byRegion = new Map();
  const bySpace = new Map();
  const byCard = new Map();
  const buttons = [];
  let pass = null;
  for (const a of legal) {
    const j = a.json || {};
    if (j.type === 'follower') byFollower.set(`${j.region}|${j.faction}`, a);
    else if (j.type === 'region') byRegion.set(j.region, a);
    else if (j.type === 'space') bySpace.set(j.space, a);
    else if (j.type === 'play') byCard.set(j.card, a);
    else if (j.type === 'pass') pass = a;
    else buttons.push(a);
  }
  const isHint = (a) => hint && a && hint.id === a.id;

  // 2. The map.
  const W = layout.width;
  const H = layout.height;
  const RW = layout.region_width;
  const RH = layout.region_height;
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'kid-map', role: 'group', 'aria-label': 'Map of Britain' });
  svg.append(s('rect', { x: 0, y: 0, width: W, height: H, class: 'sea' }));
  for (const [a, b] of layout.borders) {
    const p = layout.byId[a];
    const q = layout.byId[b];
    svg.append(s('line', { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: 'border' }));
  }
  const spaceOf = Object.fromEntries((v.track || []).map((r, i) => [r, i + 1]));
  for (const lr of layout.regions) svg.append(region(lr));

  function region(lr) {
    const r = v.regions[lr.id] || { followers: [0, 0, 0], status: 'open' };
    const x0 = lr.x - RW / 2;
    const y0 = lr.y - RH / 2;
    const act = byRegion.get(lr.id);
    const classes = ['region', `status-${r.status}`];
    if (act) classes.push('legal');
    if (isHint(act)) classes.push('hint');
    const home = factions.find((f) => f.home === lr.id);
    const statusText = r.status === 'open' ? 'open' : r.status === 'unstable' ? 'unstable' : `${cap(r.status)} control`;
    const label = `${lr.name}${home ? ` (home of the ${home.name})` : ''}: ${statusText}, ` +
      factions.map((f, i) => `${r.followers[i]} ${f.name}`).join(', ');
    const g = s('g', { class: classes.join(' '), 'data-region': lr.id, 'data-status': r.status,
      'data-followers': r.followers.join('/'), 'aria-label': label });
    const title = s('title', {});
    title.textContent = label;
    g.append(title);
    g.append(s('rect', { x: x0, y: y0, width: RW, height: RH, rx: 10, class: 'land' }));
    const name = s('text', { x: x0 + 8, y: y0 + 16, class: 'name' });
    name.textContent = lr.name + (home ? ' ⌂' : '');
    g.append(name);
    // The struggle order: which track space holds this region's card.
    const k = spaceOf[lr.id];
    if (k) {
      const resolved = r.status !== 'open';
      const badge = s('g', { class: `order${resolved ? ' resolved' : ''}${v.locked && v.locked[k - 1] ? ' locked' : ''}` });
      badge.append(s('circle', { cx: x0 + RW - 13, cy: y0 + 12, r: 9 }));
      const t = s('text', { x: x0 + RW - 13, y: y0 + 16 });
      t.textContent = String(k);
      badge.append(t);
      g.append(badge);
    }
    if (r.status !== 'open') {
      const st = s('text', { x: lr.x, y: lr.y + 6, class: 'resolved-label' });
      st.textContent = r.status === 'unstable' ? '⚠ unstable' : `${cap(r.status)}`;
      g.append(st);
    } else {
      factions.forEach((f, i) => {
        const n = r.followers[i];
        const fa = byFollower.get(`${lr.id}|${f.id}`);
        const cx = x0 + 12 + i * 36;
        const cube = s('g', { class: `cube ${f.colour}${fa ? ' legal' : ''}${isHint(fa) ? ' hint' : ''}${n ? '' : ' empty'}`,
          'data-region': lr.id, 'data-faction': f.id, 'data-count': n });
        const ct = s('title', {});
        ct.textContent = `${n} ${f.name} in ${lr.name}`;
        cube.append(ct);
        // A transparent hit cell around the cube, as wide as its column: 32 px targets on phones.
        cube.append(s('rect', { x: cx - 4, y: y0 + 24, width: 36, height: 36, class: 'hit' }));
        cube.append(s('rect', { x: cx, y: y0 + 28, width: 28, height: 26, rx: 4 }));
        const t = s('text', { x: cx + 14, y: y0 + 46 });
        t.textContent = String(n);
        cube.append(t);
        if (fa) clickable(cube, () => onAction(fa));
        g.append(cube);
      });
    }
    if (act) clickable(g, () => onAction(act));
    return g;
  }

  function clickable(el, act) {
    el.setAttribute('tabindex', '0');
    el.setAttribute('role', 'button');
    el.addEventListener('click', (e) => { e.stopPropagation(); act(); });
    el.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); e.stopPropagation(); act(); }
    });
  }

  // 3. The struggle track: region cards in the order they are contested.
  const track = h('ol.kid-track', { id: 'track' }, (v.track || []).map((rid, i) => {
    const k = i + 1;
    const rr = v.regions[rid] || {};
    const resolved = k <= v.struggles;
    const a = bySpace.get(k);
    const li = h('li', {
      class: [resolved ? 'resolved' : '', k === v.struggles + 1 ? 'next' : '', v.locked && v.locked[i] ? 'locked' : '',
        a ? 'legal' : '', isHint(a) ? 'hint' : ''].filter(Boolean).join(' '),
      'data-space': k, 'data-region': rid,
      title: resolved ? `struggle ${k}: ${rr.status}` : `struggle ${k}${v.locked && v.locked[i] ? ' (locked by a negotiation disc)' : ''}`,
    }, h('span.k', {}, String(k)), ' ', layout.byId[rid] ? layout.byId[rid].name : rid,
    v.locked && v.locked[i] && !resolved ? h('span.lock', {}, ' (locked)') : '', resolved ? ` — ${rr.status === 'unstable' ? 'unstable' : cap(rr.status || '')}` : '');
    if (a) clickable(li, () => onAction(a));
    return li;
  }));

  // 4. What is happening now and what you may do.
  const cp = v.current_player;
  const you = typeof snap.you === 'number' ? snap.you : -1;
  let turn;
  if (v.terminal) {
    const w = v.winners || [];
    const how = v.end === 'invasion' ? 'the French invade' : 'a coronation';
    turn = w.length ? `Game over (${how}): ${w.map(seatLabel).join(' and ')} ${w.length > 1 ? 'win' : 'wins'}${teams ? ` (team ${teamOf(w[0])})` : ''}` : 'Game over';
  } else if (snap.table && snap.table.status === 'finished') {
    turn = 'Game over'; // by resignation: the table says who won
  } else if (cp >= 0) {
    turn = `${seatLabel(cp)}${teams ? ` (team ${teamOf(cp)})` : ''} to play${you === cp ? ' — your turn' : ''}`;
  } else turn = 'Drawing…';
  const stepType = legal.length ? (legal.find((a) => a.json && a.json.type !== 'pass') || legal[0]).json.type : null;
  let prompt = null;
  if (you === cp && !v.terminal) {
    if (v.phase === 'action') prompt = 'Play a card from your hand (the card is used up), or pass.';
    else if (v.phase === 'summon') prompt = 'Summon one follower into your court: click a follower in an open region.';
    else if (v.phase === 'effect' && v.effect) prompt = `${cardName(v.effect.card)}: ${STEP_PROMPT[stepType] || 'choose'}.`;
  }
  const unstable = Object.values(v.regions).filter((r) => r.status === 'unstable').length;
  const cardButton = (c, a) => h(`button.kid-card${a ? '.primary' : ''}`, {
    'data-card': c, 'data-action': a ? a.text : null, class: isHint(a) ? 'hint' : null, disabled: !a,
    title: CARD_TEXT[c] || '', onclick: a ? () => onAction(a) : null,
  }, cardName(c));
  const stepButton = (a) => {
    const j = a.json;
    let label = a.text;
    let cls = '';
    if (j.type === 'faction') {
      const f = factions[fi[j.faction]];
      label = f ? f.name : j.faction;
      cls = f ? `.faction.${f.colour}` : '';
    } else if (j.type === 'seat') label = `${seatLabel(j.seat)}${v.players[j.seat] && v.players[j.seat].discard.length ? ` (${cardName(v.players[j.seat].discard[v.players[j.seat].discard.length - 1])})` : ''}`;
    return h(`button.primary${cls}`, { 'data-action': a.text, class: isHint(a) ? 'hint' : null, title: a.text, onclick: () => onAction(a) }, label);
  };
  const me = you >= 0 ? v.players[you] : null;
  const controls = [];
  if (prompt) controls.push(h('p.prompt', { id: 'prompt' }, prompt));
  if (v.phase === 'effect' && v.effect && CARD_TEXT[v.effect.card]) controls.push(h('p.small.card-text', { id: 'card-text' }, CARD_TEXT[v.effect.card]));
  if (me && !v.terminal) {
    controls.push(h('div.kid-hand', { id: 'hand' }, h('h3', {}, `Your hand (${me.hand_size})`),
      me.hand.length ? me.hand.map((c) => cardButton(c, byCard.get(c))) : h('p.muted', {}, 'empty')));
  } else if (byCard.size) {
    controls.push(h('div.kid-hand', { id: 'hand' }, [...byCard.entries()].map(([c, a]) => cardButton(c, a))));
  }
  if (buttons.length) controls.push(h('div.legal-buttons', { id: 'kid-buttons' }, buttons.map(stepButton)));
  if (pass) controls.push(h('p', {}, h('button', { id: 'pass', 'data-action': pass.text, class: isHint(pass) ? 'hint' : null, onclick: () => onAction(pass) }, 'Pass')));

  const counts = (arr) => factions.map((f, i) => h(`span.count.${f.colour}`, { title: f.name }, String(arr[i])));
  const now = [
    h('p', { id: v.terminal ? 'result' : 'turn', class: v.terminal ? 'result' : 'turn' }, turn),
    v.terminal ? verdict(v.verdict, factions) : null,
    h('p.phase', { id: 'phase', 'data-phase': v.phase }, PHASES[v.phase] || v.phase,
      v.phase === 'effect' && v.effect ? h('span', { id: 'effect' }, ` — ${cardName(v.effect.card)}`) : null),
    h('p.small', {}, `Struggles ${v.struggles}/8 · instability ${unstable}/3 (the French invade at 3) · passes in a row ${v.passes}/${v.players.length}`),
    lastCard(v, factions),
    h('p.small', { id: 'supply' }, 'Supply ', counts(v.supply), v.phase === 'setup' ? [' · bag ', counts(v.bag)] : null),
    ...controls,
    legal.length ? h('details.all-legal', {}, h('summary', {}, `All legal actions (${legal.length})`),
      h('div.legal-buttons', {}, legal.map((a) => h('button', { 'data-action': a.text, title: JSON.stringify(a.json), onclick: () => onAction(a) }, a.text)))) : null,
  ];
  // Everyone's court, hand size, discards (the top card is what a Spy copies).
  const rows = v.players.map((p, i) => h('tr', { class: i === cp ? 'to-move' : '', 'data-seat': i },
    h('td', {}, seatLabel(i), teams ? ` (${teamOf(i)})` : '', i === you ? ' — you' : ''),
    h('td.court', {}, counts(p.court)),
    h('td', {}, String(p.hand_size), v.terminal && p.hand.length ? ` (${p.hand.map(cardName).join(', ')})` : ''),
    h('td', { title: p.discard.map(cardName).join(', ') }, p.discard.length ? cardName(p.discard[p.discard.length - 1]) : '—')));
  const standing = [
    h('table.kid-players', {}, h('thead', {}, h('tr', {}, ['Player', 'Court', 'Hand', 'Discard (top)'].map((x) => h('th', {}, x)))), h('tbody', {}, rows)),
    h('h3', {}, 'Struggle track'), track,
  ];
  const focused = container.contains(document.activeElement) ? document.activeElement.getAttribute('data-region') : null;
  const panned = container.querySelector('.kid-wrap')?.scrollLeft || 0; // narrow screens pan the map (style.css)
  // The wrapper pans the map on narrow screens: focusable, so the keyboard can scroll it too.
  container.replaceChildren(h('div.kid-wrap', { 'data-version': snap.table && snap.table.version,
    tabindex: 0, role: 'region', 'aria-label': 'Map' }, svg),
    h('div.facts.kid-facts', {}, h('div.kid-now', {}, now), h('div.kid-standing', {}, standing)));
  if (focused) svg.querySelector(`[data-region="${focused}"][tabindex]`)?.focus();
  if (panned) svg.parentNode.scrollLeft = panned;
}
