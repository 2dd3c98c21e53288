// The Goa board: the 5×5 auction grid with its edge slots, the flag and the
// number markers; the auction in progress with its bids; every player's
// development board, plantations and colonies with their spices, ships,
// colonists, additional action cards, kept tiles and expedition hand; the
// round and action-turn track; and the final scoring breakdown.
// No rules live here: what may be clicked comes only from snap.legal, and the
// server checks everything again (a refused action shows its message).
//
// view (games/goa/state_json.cpp GoaState::view): the state's to_json with
// other seats' ducats (null), hands (a count) and Mission tiles ("mission")
// hidden, the bonanza tiles "hidden", the deck as a count, plus
// current_player, terminal, scores (when over: per seat {total, development,
// colonies, expeditions, most_ducats, plantations, duty, printed}) and
// catalog: {tiles, cards, colonies, tracks, track_vp, spices}.
//
// Clicking: the flag, a number marker or a Swap is a click on a highlighted
// grid cell or edge slot; a bid is a number and "Bid"; the actions are
// buttons on your development board (on the row of the track they use);
// spices are placed, paid and sold with the buttons on a plantation or
// colony; expedition cards are played or discarded with their buttons; kept
// tiles are used with theirs. Anything else legal is a button under the
// prompt, and every legal action stays reachable in "All legal actions".
// Grid places carry data-pos (0..44, games/goa/play_area.h numbering) and
// data-at (the engine's position name), holdings data-holding, cards
// data-card, for tests.
import { h } from '../dom.js';
import { renderGeneric } from './generic.js';

export const seatNames = ['Red', 'Yellow', 'Green', 'Blue'];
const seatLabel = (p) => seatNames[p] || `Seat ${p + 1}`;

const STAGES = [
  'Setting up the era', 'Dealing the bonanza tiles', 'Drawing for the start player', 'Drawing for the start player',
  'Placing the flag', 'Placing the number markers', 'Auction: bidding', 'Auction: the auctioneer decides',
  'Action turns', 'Additional actions', 'Game over', 'Quick starter',
];
// What a pending sub-decision asks (TaskKind in games/goa/goa_state.h).
const TASKS = [
  'Drawing expedition cards', 'Place spices: use the + buttons on your plantations and colonies',
  'Resolve the tile you won', 'Resolve the bonanza tile', 'Pay spices for the development step (buttons on your holdings)',
  'Expedition: draw cards, discard, or stop', 'Revealing cards for the foundation', 'Found the colony: pay the shortfall in colonists or decline',
  'Choose the colony tile', 'Choose the spices for the colony tile', 'Next lot', 'End of your action: play a card, use a tile, or end the turn',
  'Harvest: take a ship, a colonist or a spice', 'Sell spices for ducats (buttons on your holdings), or stop', 'Choose the track to develop',
  'Vice-king: choose the track', 'Duty: pay the spices (buttons on your holdings)', 'Extra harvest: fill your holdings',
  'Resupply: choose what to take', 'Swap: click the grid tile to take', 'Espionage: choose the opponent and the action',
];
const SPICE_CLASS = ['gi', 'pe', 'ci', 'nu', 'cl']; // catalog.spices order: Ginger, Pepper, Cinnamon, Nutmeg, Clove
const EFFECTS = {
  SHIPS: ['Ships', 'Bonus: take ships.'],
  COLONISTS: ['Colonists', 'Bonus: take colonists.'],
  DUCATS: ['Ducats', 'Bonus: take ducats.'],
  SPICES: ['Spices', 'Bonus: place spices on your holdings.'],
  SELL: ['Sell', 'Bonus: sell spices for ducats.'],
  BUY_PROGRESS: ['Buy progress', 'Bonus: one development step paid in ducats.'],
  HARVEST_MIX: ['Harvest mix (A)', 'A card: played before your action, which must then be Harvest.'],
  COLONY_EXTRA: ['Colony extra (A)', 'A card: one more card revealed when you found a colony.'],
  PROGRESS_SHIPS: ['Progress: ships (A)', 'A card: played before your action, which must then be Develop.'],
  PROGRESS_SPICES: ['Progress: spices (A)', 'A card: played before your action, which must then be Develop.'],
};
const TILE_TEXT = {
  plantation: 'A plantation: its spaces grow its spice.',
  crop_rotation: 'Crop rotation: a plantation space for any spice you choose.',
  recurring_ship: 'Red tile: a ship every round you use it.',
  recurring_ducats: 'Red tile: ducats every round you use it.',
  recurring_colonist: 'Red tile: a colonist every round you use it.',
  recurring_spice: 'Red tile: a spice every round you use it.',
  recurring_expedition: 'Red tile: an expedition card every round you use it.',
  duty: 'Duty: VP at the end if its spices are paid.',
  extra_actions: 'Additional action cards.',
  expeditions: 'Expedition cards.',
  ships: 'Ships.',
  colonists: 'Colonists.',
  settlement: 'Settlement: helps to found a colony.',
  ships_or_colonists: 'Ships or colonists: your choice.',
  foreman: 'Foreman: single-space plantations score 3 VP instead of 1.',
  extra_harvest: 'Extra harvest: fill your holdings once.',
  swap: 'Swap: take a tile from the grid and leave this one there.',
  favor: 'Favor: take a tile removed at the era set-up.',
  espionage: 'Espionage: carry out an opponent\'s action.',
  resupply: 'Resupply.',
  vice_king: 'Vice-king: a free development step.',
  mission: 'Mission: VP at the end.',
};
const MAIN_ACTIONS = { ships: 'Ships', harvest: 'Harvest', taxes: 'Taxes', expedition: 'Expedition' };
const SCORE_ROWS = [['development', 'Development'], ['colonies', 'Colonies'], ['expeditions', 'Expedition symbols'],
  ['most_ducats', 'Most ducats'], ['plantations', 'Single plantations'], ['duty', 'Duty'], ['printed', 'Missions and bonanza']];

const cap = (w) => (w ? w[0].toUpperCase() + w.slice(1) : w);
const plural = (n, one, many) => `${n} ${n === 1 ? one : many || `${one}s`}`;

// "(2,3)" -> 13; "L2" -> 27; "R0" -> 30; "T4" -> 39; "B1" -> 41 (play_area.h).
export function positionIndex(name) {
  const m = /^\((\d),(\d)\)$/.exec(name);
  if (m) return Number(m[1]) * 5 + Number(m[2]);
  const e = /^([LRTB])(\d)$/.exec(name || '');
  if (!e) return -1;
  return { L: 25, R: 30, T: 35, B: 40 }[e[1]] + Number(e[2]);
}
export function positionName(pos) {
  if (pos < 25) return `(${Math.floor(pos / 5)},${pos % 5})`;
  return `${'LRTB'[Math.floor((pos - 25) / 5)]}${(pos - 25) % 5}`;
}
// For people: "row 3, column 4", "left of row 1".
function positionWords(pos) {
  if (pos < 25) return `row ${Math.floor(pos / 5) + 1}, column ${(pos % 5) + 1}`;
  const k = (pos - 25) % 5 + 1;
  return [`left of row ${k}`, `right of row ${k}`, `above column ${k}`, `below column ${k}`][Math.floor((pos - 25) / 5)];
}

// The choice in progress (the bid typed) survives the redraw every push causes.
let ui = { key: null, bid: null };

export function renderGoa(container, snap, opts) {
  const v = snap.view;
  if (!v || !v.catalog || !Array.isArray(v.grid)) {
    renderGeneric(container, snap, opts);
    return;
  }
  const { onAction, hint } = opts;
  const cat = v.catalog;
  const quick = cat.quick_starter || { cubes: 2, ducats: 10 };
  const legal = snap.legal || [];
  const you = typeof snap.you === 'number' ? snap.you : -1;
  const key = (snap.table && snap.table.id) || 'replay';
  if (ui.key !== key) ui = { key, bid: null };
  const n = v.players.length;
  const tileName = (t) => (cat.tiles[t] ? cat.tiles[t].name : `tile ${t}`);
  const tileById = (id) => cat.tiles.find((t) => t.id === id);
  const spiceIndex = (name) => cat.spices.findIndex((s) => s.toLowerCase() === String(name).toLowerCase());
  const spiceName = (name) => cat.spices[spiceIndex(name)] || cap(name);
  const colonyById = (id) => cat.colonies.find((c) => c.id === id);
  const isHint = (a) => hint && a && hint.id === a.id;
  const task = Array.isArray(v.tasks) && v.tasks.length ? v.tasks[v.tasks.length - 1] : null;
  const cp = v.current_player;
  const mine = you >= 0 && cp === you && legal.length > 0;

  // 1. Sort the legal actions by where they are clicked.
  const byPos = new Map(); // grid position -> flag / marker / swap action
  const bids = [];
  let pass = null;
  const develop = new Map(); // track id -> action
  const pickTrack = new Map(); // track id -> "track" action (Buy progress, Vice-king)
  const found = new Map(); // colony id -> action
  const main = new Map(); // ships|harvest|taxes|expedition -> action
  const spiceAt = new Map(); // holding index -> [actions]
  const playCard = new Map(); // card id -> action
  const discardCard = new Map();
  const useTile = new Map(); // tile id -> action
  const buttons = [];
  for (const a of legal) {
    const j = a.json || {};
    if (j.type === 'flag' || j.type === 'marker') byPos.set(positionIndex(j.at), a);
    else if (j.type === 'swap') { byPos.set(positionIndex(j.cell), a); buttons.push(a); }
    else if (j.type === 'bid') bids.push(a);
    else if (j.type === 'pass') pass = a;
    else if (j.type === 'develop') develop.set(j.track, a);
    else if (j.type === 'track') pickTrack.set(j.track, a);
    else if (j.type === 'found') found.set(j.colony, a);
    else if (MAIN_ACTIONS[j.type]) main.set(j.type, a);
    else if (j.type === 'place_spice' || j.type === 'pay_spice' || j.type === 'sell_spice') {
      if (!spiceAt.has(j.holding)) spiceAt.set(j.holding, []);
      spiceAt.get(j.holding).push(a);
    } else if (j.type === 'play_card') playCard.set(String(j.card), a);
    else if (j.type === 'discard_card') discardCard.set(String(j.card), a);
    else if (j.type === 'use_tile') useTile.set(j.tile, a);
    else buttons.push(a);
  }
  bids.sort((a, b) => a.json.amount - b.json.amount);

  const auction = v.auction;
  const highBid = auction ? Math.max(0, ...auction.bids) : 0;
  const bidderOf = (i) => (auction.auctioneer + 1 + i) % n;
  const highBidder = auction && highBid > 0 ? bidderOf(auction.bids.indexOf(highBid)) : -1;

  // A button's words, for everything that is not clicked on a place.
  function label(a) {
    const j = a.json || {};
    switch (j.type) {
      case 'pass': return v.stage === 9 ? 'Pass (no additional action)' : 'Pass';
      case 'sell': return highBid > 0 ? `Sell the lot to ${seatLabel(highBidder)} for ${plural(highBid, 'ducat')}` : 'Take the lot (nobody bid)';
      case 'buy': return highBid > 0 ? `Buy it yourself for ${plural(highBid - 1, 'ducat')} (to the bank)` : 'Take the lot (nobody bid)';
      case 'take_lot': return 'Take the lot (nobody bid)';
      case 'pay_shortfall': return 'Pay the shortfall in colonists';
      case 'decline': return 'Decline';
      case 'draw': return 'Draw an expedition card';
      case 'stop': return 'End the turn';
      case 'additional_action': return 'Use an additional action card';
      case 'buy_additional_action': return 'Buy an additional action card (8 ducats)';
      case 'quick_ducats': return `Take ${plural(quick.ducats, 'ducat')} instead`;
      case 'take': return `Take ${j.what}`;
      case 'discard_plantation': {
        const p = you >= 0 ? v.players[you].plantations[j.plantation] : null;
        return `Discard plantation ${j.plantation + 1}${p ? ` (${tileName(p.tile)})` : ''}`;
      }
      case 'spice': return spiceName(j.spice);
      case 'colony_tile': return `Colony tile ${j.tile + 1}`;
      case 'favor': { const t = tileById(j.tile); return `Take ${t ? t.name : ''} (${j.tile}) from the removed tiles`; }
      case 'swap': return `Swap: take the tile at ${positionWords(positionIndex(j.cell))}`;
      case 'espionage': {
        const opp = seatNames.find((s) => s.toLowerCase() === String(j.opponent).toLowerCase()) || j.opponent;
        if (j.action === 'found') return `Spy: ${opp}'s Found colony in ${(colonyById(j.colony) || { name: j.colony }).name}`;
        return `Spy: ${opp}'s ${cap(j.action)}`;
      }
      default: return a.text;
    }
  }
  // cls: '.primary.other' (a class attribute would replace the tag's classes).
  const actButton = (a, text, cls = '', attrs = {}) => h(`button${cls}${isHint(a) ? '.hint' : ''}`, {
    'data-action': a.text, title: a.text, onclick: () => onAction(a), ...attrs,
  }, text);

  // 2. The grid: 7×7 places, the 5×5 cells inside, the 20 edge slots around.
  const flagAt = v.flag;
  const markerAt = new Map(); // cell -> marker k
  (v.markers || []).forEach((cell, k) => { if (k >= 2 && cell >= 0) markerAt.set(cell, k); });
  const lotCell = v.lot >= 2 && v.markers ? v.markers[v.lot] : -1;
  const corners = { 0: 0, 4: 1, 20: 2, 24: 3 };
  const places = [];
  for (let r = 0; r < 7; r++) {
    for (let c = 0; c < 7; c++) {
      const edgeRow = r === 0 || r === 6;
      const edgeCol = c === 0 || c === 6;
      if (edgeRow && edgeCol) { places.push(h('div.goa-corner', { 'aria-hidden': 'true' })); continue; }
      let pos;
      if (r === 0) pos = 35 + c - 1;
      else if (r === 6) pos = 40 + c - 1;
      else if (c === 0) pos = 25 + r - 1;
      else if (c === 6) pos = 30 + r - 1;
      else pos = (r - 1) * 5 + (c - 1);
      places.push(place(pos, pos >= 25));
    }
  }
  function place(pos, edge) {
    const a = byPos.get(pos);
    const t = edge ? -1 : v.grid[pos];
    const info = t >= 0 ? cat.tiles[t] : null;
    const k = markerAt.get(pos);
    const flag = flagAt === pos;
    const bonanza = !edge && pos in corners && v.bonanza && v.bonanza[corners[pos]] !== -1 && v.bonanza[corners[pos]] !== null;
    const classes = [edge ? 'goa-slot' : 'goa-cell'];
    if (info) classes.push(`kind-${info.kind}`, info.spice >= 0 && SPICE_CLASS[info.spice] ? `spice-${SPICE_CLASS[info.spice]}` : '');
    else if (!edge) classes.push('sold');
    if (a) classes.push('legal');
    if (isHint(a)) classes.push('hint');
    if ((v.stage === 6 || v.stage === 7) && (pos === lotCell || (v.lot === 1 && flag))) classes.push('lot');
    const words = [cap(positionWords(pos))];
    if (info) words.push(`${info.name} (${info.id})${info.vp ? `, ${info.vp} VP` : ''}`);
    else if (!edge) words.push('no tile');
    if (k) words.push(`number marker ${k}`);
    if (flag) words.push('the flag');
    if (bonanza) words.push('a bonanza tile lies under it');
    if (a) words.push(`click: ${a.text}`);
    const label = words.join(': ').replace(/: (?=[a-z])/g, ', ');
    const content = [
      info ? h('span.tid', {}, info.id) : null,
      info ? h('span.tname', {}, shortName(info)) : null,
      info && info.vp ? h('span.tvp', {}, `${info.vp} VP`) : null,
      bonanza ? h('span.bonanza', { title: 'A bonanza tile lies under this corner' }, '★') : null,
      k ? h('span.marker', {}, String(k)) : null,
      flag ? h('span.flag', {}, '⚑') : null,
    ];
    const attrs = { class: classes.filter(Boolean).join(' '), 'data-pos': pos, 'data-at': positionName(pos),
      'data-tile': info ? info.id : null, title: `${label}${info && TILE_TEXT[info.kind] ? ` — ${TILE_TEXT[info.kind]}` : ''}` };
    if (a) return h('button', { ...attrs, 'aria-label': label, 'data-action': a.text, onclick: () => onAction(a) }, content);
    return h('div', { ...attrs, role: 'img', 'aria-label': label }, content);
  }
  const grid = h('div.goa-grid', { id: 'goa-grid', role: 'group', 'aria-label': 'Auction grid' }, places);

  // 3. The round and action-turn track.
  const roundTrack = h('ol.goa-rounds', { id: 'rounds', 'aria-label': 'Rounds' }, [1, 2, 3, 4, 5, 6, 7, 8].map((r) =>
    h('li', { class: [r === v.round ? 'now' : '', r < v.round ? 'done' : '', r === 5 ? 'era-b' : ''].filter(Boolean).join(' '),
      'aria-current': r === v.round ? 'step' : null, title: `Round ${r} (era ${r <= 4 ? 'A' : 'B'})` }, String(r))));
  const turns = Array.isArray(v.turn_order) && v.turn_order.length && (v.stage === 8 || v.stage === 9)
    ? h('ol.goa-turns', { id: 'turns', 'aria-label': 'Action turns this round' }, v.turn_order.map((p, i) =>
      h('li', { class: [`seat-${p}`, v.stage === 8 && i === v.turn ? 'now' : '', v.stage === 9 || i < v.turn ? 'done' : ''].filter(Boolean).join(' '),
        title: `Action turn ${i + 1}: ${seatLabel(p)}` }, seatLabel(p))))
    : null;
  const roundLine = h('div.goa-round', {},
    h('span', { id: 'round', 'data-round': v.round }, v.round > 8 ? 'Game over' : `Round ${v.round} of 8 · era ${v.era === 1 ? 'B' : 'A'}`),
    roundTrack,
    v.flag_holder >= 0 ? h('span.small', {}, ` Start player: ${seatLabel(v.flag_holder)}`) : null);

  // 4. What is happening now and what you may do.
  let turn;
  if (v.terminal) {
    const sc = Array.isArray(v.scores) ? v.scores : [];
    const best = Math.max(...sc.map((s) => s.total));
    const top = sc.map((s, p) => (s.total === best ? p : -1)).filter((p) => p >= 0);
    // Ties on VP go to the most ducats (ducats are shown once the game is over).
    let winners = top;
    if (top.length > 1) {
      const most = Math.max(...top.map((p) => v.players[p].ducats || 0));
      winners = top.filter((p) => (v.players[p].ducats || 0) === most);
    }
    turn = `Game over: ${winners.map(seatLabel).join(' and ')} ${winners.length > 1 ? 'share the victory' : 'wins'} with ${best} VP`;
  } else if (snap.table && snap.table.status === 'finished') {
    turn = 'Game over';
  } else if (cp >= 0) {
    turn = `${seatLabel(cp)} to play${cp === you ? ' — your turn' : ''}`;
  } else turn = 'Drawing…';

  let prompt = null;
  if (mine) {
    if (task) prompt = taskWords(task);
    else if (v.stage === 4) prompt = 'Place the flag: click a highlighted space beside a tile (the flag\'s lot is auctioned first).';
    else if (v.stage === 5) prompt = `Place number marker ${nextMarker()}: click a highlighted tile.`;
    else if (v.stage === 6) {
      prompt = !bids.length ? `You cannot outbid ${highBid}: pass.`
        : highBid > 0 ? `Bid more than ${highBid} for ${lotWords()}, or pass.` : `Bid for ${lotWords()}, or pass.`;
    }
    else if (v.stage === 7) prompt = highBid > 0 ? `You are the auctioneer: sell ${lotWords()} to ${seatLabel(highBidder)} for ${highBid}, or buy it for ${highBid - 1}.` : `Nobody bid: take ${lotWords()}.`;
    else if (v.stage === 8) prompt = `Action ${actionNumber()} of 3: choose an action on your development board (or play an expedition card first).`;
    else if (v.stage === 9) prompt = 'Additional actions: use an additional action card, or pass.';
    else if (v.stage === 11) {
      prompt = buttons.some((a) => a.json.type === 'quick_ducats')
        ? `Quick starter: move ${quick.cubes} of your cubes to row 2 (the ↑ buttons on your development board), or take ${plural(quick.ducats, 'ducat')}.`
        : 'Quick starter: move one more cube to row 2 (the ↑ buttons on your development board).';
    }
    else prompt = 'Choose.';
  }
  // The pending sub-decision in words, with what it is about.
  function taskWords([kind, , count, arg]) {
    const colony = cat.colonies[arg] ? cat.colonies[arg].name : 'the colony';
    switch (kind) {
      case 1: return `Place ${plural(count, 'spice')}: click + on your plantations and colonies.`;
      case 2: return `You won ${tileName(arg)}: ${buttons.some((a) => a.json.type === 'discard_plantation') ? 'your plantation spaces are full, discard one'
        : buttons.some((a) => a.json.type === 'spice') ? 'choose its spice' : buttons.some((a) => a.json.type === 'take') ? 'take ships or colonists' : 'choose'}.`;
      case 4: return `Develop ${cat.tracks[arg] ? cat.tracks[arg].name : 'the track'}: pay the spices with the buttons on your holdings.`;
      case 5: return `Expedition (${plural(count, 'card')} drawn): draw, discard, or stop.`;
      case 7: return `Found ${colony}: pay the shortfall in colonists, or decline.`;
      case 8: return `Found ${colony}: choose its colony tile.`;
      case 9: return `Found ${colony}: choose the spices for its tile.`;
      default: return `${TASKS[kind] || 'Choose'}.`;
    }
  }
  function nextMarker() {
    let k = 2;
    while (v.markers && v.markers[k] >= 0) k++;
    return k;
  }
  function actionNumber() {
    if (!Array.isArray(v.turn_order)) return 1;
    return v.turn_order.slice(0, v.turn + 1).filter((p) => p === cp).length;
  }
  function lotWords() {
    if (v.lot === 1) return 'the flag';
    const t = lotCell >= 0 ? v.grid[lotCell] : -1;
    return t >= 0 ? `${tileName(t)} (${cat.tiles[t].id}, marker ${v.lot})` : `lot ${v.lot}`;
  }

  const controls = [];
  if (prompt) controls.push(h('p.prompt', { id: 'prompt' }, prompt));
  // The auction in progress: the lot, the auctioneer, every decision so far.
  if (auction && (v.stage === 6 || v.stage === 7)) {
    const decided = auction.bids.map((b, i) => h('li', { 'data-seat': bidderOf(i) },
      `${seatLabel(bidderOf(i))}: ${b > 0 ? `bids ${b}` : 'passes'}`));
    const waiting = [];
    for (let i = auction.bids.length; i < n - 1; i++) waiting.push(h('li.muted', {}, `${seatLabel(bidderOf(i))}: to bid`));
    controls.push(h('div.goa-auction', { id: 'auction', 'data-lot': v.lot },
      h('p', {}, h('strong', {}, `Auction of ${lotWords()}`), ` · auctioneer ${seatLabel(auction.auctioneer)}${auction.auctioneer === you ? ' (you)' : ''}`),
      h('ul.goa-bids', { id: 'bids' }, decided, waiting),
      h('p.small', {}, highBid > 0 ? `Highest bid ${highBid} (${seatLabel(highBidder)}). The auctioneer then sells to the highest bidder or buys for one less.` : 'No bid yet.')));
  }
  // The bid: a number among the legal amounts, then Bid or Pass.
  if (bids.length) {
    const amounts = bids.map((a) => a.json.amount);
    const lo = amounts[0];
    const hi = amounts[amounts.length - 1];
    const byAmount = new Map(bids.map((a) => [a.json.amount, a]));
    const start = ui.bid !== null && byAmount.has(ui.bid) ? ui.bid : lo;
    const input = h('input', { type: 'number', id: 'bid-amount', min: lo, max: hi, step: 1, value: start, inputmode: 'numeric',
      'aria-label': `Bid (${lo} to ${hi} ducats)` });
    const why = h('span.small', { id: 'bid-why', role: 'status' });
    const send = () => {
      const x = Number(input.value);
      const a = byAmount.get(x);
      if (!a) { why.textContent = ` A bid is a whole number from ${lo} to ${hi}.`; return; }
      ui.bid = null;
      onAction(a);
    };
    input.addEventListener('input', () => { ui.bid = Number(input.value); why.textContent = ''; });
    input.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); send(); } });
    const hinted = bids.find(isHint);
    controls.push(h('div.goa-bid', { id: 'bid-control' },
      h('label', { for: 'bid-amount' }, 'Your bid '), input, ' ',
      h(`button.primary${hinted ? '.hint' : ''}`, { id: 'bid', onclick: send }, 'Bid'), ' ',
      pass ? actButton(pass, 'Pass', '', { id: 'pass' }) : null,
      h('span.small', {}, ` (${lo}–${hi}${hinted ? `; hint: ${hinted.json.amount}` : ''})`), why));
  } else if (pass && v.stage === 6) {
    controls.push(h('div.goa-bid', { id: 'bid-control' }, actButton(pass, 'Pass', '', { id: 'pass' })));
  } else if (pass) {
    buttons.unshift(pass);
  }
  if (buttons.length) {
    controls.push(h('div.legal-buttons', { id: 'goa-buttons' }, buttons.map((a) =>
      actButton(a, label(a), a.json.type === 'stop' || a.json.type === 'pass' ? '' : '.primary', a.json.type === 'pass' ? { id: 'pass' } : {}))));
  }
  if (mine && (main.size || develop.size || found.size || pickTrack.size)) {
    controls.push(h('p.small', {}, 'The actions are buttons on your development board', h('span.phone-only', {}, ' (below the grid)'), '.'));
  }
  if (mine && (spiceAt.size || playCard.size || discardCard.size || useTile.size)) {
    const where = [spiceAt.size ? 'your plantations and colonies' : '', playCard.size || discardCard.size ? 'your expedition cards' : '',
      useTile.size ? 'your kept tiles' : ''].filter(Boolean);
    controls.push(h('p.small', {}, `Also clickable: ${where.join(', ')}`, h('span.phone-only', {}, ' (below the grid)'), '.'));
  }

  const now = [
    h('p', { id: v.terminal ? 'result' : 'turn', class: v.terminal ? 'result' : 'turn' }, turn),
    h('p.phase', { id: 'stage', 'data-stage': v.stage }, STAGES[v.stage] || `Stage ${v.stage}`,
      task && !mine && TASKS[task[0]] && task[1] >= 0 ? h('span.small', {}, ` — ${seatLabel(task[1])}: ${TASKS[task[0]].split(':')[0].toLowerCase()}`) : null),
    ...controls,
    v.terminal ? scoreTable() : null,
    legal.length ? h('details.all-legal', {}, h('summary', {}, `All legal actions (${legal.length})`),
      h('div.legal-buttons', {}, legal.map((a) => h('button', { 'data-action': a.text, title: JSON.stringify(a.json), onclick: () => onAction(a) }, a.text)))) : null,
  ];

  function scoreTable() {
    const sc = Array.isArray(v.scores) ? v.scores : null;
    if (!sc) return null;
    return h('table.goa-scores', { id: 'scores' },
      h('caption', {}, 'Final scoring (VP)'),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, h('span.sr-only', {}, 'Category')), sc.map((_, p) => h('th', { scope: 'col', class: `seat-${p}` }, seatLabel(p))))),
      h('tbody', {},
        SCORE_ROWS.map(([k, name]) => h('tr', { 'data-row': k }, h('th', { scope: 'row' }, name), sc.map((s) => h('td', {}, String(s[k] ?? 0))))),
        h('tr.total', { 'data-row': 'total' }, h('th', { scope: 'row' }, 'Total'), sc.map((s) => h('td', {}, String(s.total)))),
        h('tr', { 'data-row': 'ducats' }, h('th', { scope: 'row' }, 'Ducats (tie-break)'), sc.map((_, p) => h('td', {}, String(v.players[p].ducats ?? '?'))))));
  }

  // 5. Every player's board: the development tracks (with your actions on
  // them), supplies, plantations and colonies, kept tiles and the hand.
  const order = you >= 0 ? [you, ...[...Array(n).keys()].filter((p) => p !== you)] : [...Array(n).keys()];
  const boards = order.map((p) => playerBoard(p));

  function devBoard(p) {
    const pl = v.players[p];
    const own = p === you;
    const rows = cat.tracks.map((t, i) => {
      const level = pl.levels[i];
      const cells = t.value.map((val, l) => h('td', { class: l + 1 === level ? 'level now' : l + 1 < level ? 'level done' : 'level',
        title: `Level ${l + 1}: ${Array.isArray(val) ? `take ${val[0]}, hand limit ${val[1]}` : val}${cat.track_vp ? ` · ${cat.track_vp[l]} VP` : ''}` },
      h('span.lv', {}, Array.isArray(val) ? `${val[0]}/${val[1]}` : String(val))));
      const next = level < 5 && Array.isArray(t.cost) && t.cost[level - 1] ? costWords(t.cost[level - 1]) : '';
      const acts = [];
      if (own) {
        const m = main.get(t.id);
        if (m) acts.push(actButton(m, MAIN_ACTIONS[t.id], '.primary.goa-act', { 'data-act': t.id }));
        if (t.id === 'colonists') {
          for (const [cid, a] of found) {
            const col = colonyById(cid);
            acts.push(actButton(a, `Found ${col ? col.name : cid}`, '.primary.goa-act', { 'data-act': 'found', 'data-colony': cid,
              title: `${a.text}${col ? ` (needs ${col.required} colonists in all)` : ''}` }));
          }
        }
        const d = develop.get(t.id);
        if (d) acts.push(actButton(d, 'Develop ↑', '.goa-act', { 'data-act': 'develop', 'data-track': t.id, 'aria-label': `Develop ${t.name} to level ${level + 1}${next ? ` (pay ${next})` : ''}` }));
        const k = pickTrack.get(t.id);
        if (k) acts.push(actButton(k, `${t.name} ↑`, '.primary.goa-act', { 'data-act': 'track', 'data-track': t.id }));
      }
      return h('tr', { 'data-track': t.id, 'data-level': level },
        h('th', { scope: 'row', title: next ? `Next step costs ${next}` : 'Top level' }, t.name),
        cells, own ? h('td.acts', {}, acts) : null);
    });
    return h('table.goa-dev', { 'aria-label': `${seatLabel(p)}'s development board` },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Track'), [1, 2, 3, 4, 5].map((l) => h('th', { scope: 'col', title: cat.track_vp ? `${cat.track_vp[l - 1]} VP` : '' }, `L${l}`)),
        own ? h('th', { scope: 'col' }, h('span.sr-only', {}, 'Actions')) : null)),
      h('tbody', {}, rows));
  }
  function costWords(counts) {
    if (!Array.isArray(counts)) return '';
    return counts.map((k, s) => (k ? `${k > 1 ? `${k} ` : ''}${cat.spices[s]}` : '')).filter(Boolean).join(', ');
  }

  function holdings(p) {
    const pl = v.players[p];
    const own = p === you;
    const list = [...pl.plantations.map((x) => ({ ...x, kind: 'plantation' })), ...pl.colonies.map((x) => ({ ...x, kind: 'colony' }))];
    if (!list.length) return h('p.small.muted', {}, 'No plantations or colonies yet.');
    return h('ul.goa-holdings', {}, list.map((x, i) => {
      const name = x.kind === 'colony' ? `${(cat.colonies[x.colony] || { name: 'Colony' }).name} (colony)` : tileName(x.tile);
      const filled = (x.spices || []).reduce((a, b) => a + b, 0);
      const allowed = cat.spices.filter((_, s) => (x.allowed >> s) & 1);
      const cubes = [];
      (x.spices || []).forEach((k, s) => { for (let q = 0; q < k; q++) cubes.push(h(`span.spice.spice-${SPICE_CLASS[s]}`, { title: cat.spices[s] }, cat.spices[s][0])); });
      for (let q = filled; q < x.capacity; q++) cubes.push(h('span.spice.empty', { title: 'empty space' }));
      const acts = own ? (spiceAt.get(i) || []) : [];
      const verb = { place_spice: 'Place', pay_spice: 'Pay', sell_spice: 'Sell' };
      return h('li', { class: ['goa-holding', acts.length ? 'legal' : ''].filter(Boolean).join(' '), 'data-holding': i, 'data-kind': x.kind,
        'data-spices': (x.spices || []).join('/') },
      h('span.hname', { title: `accepts ${allowed.join(', ') || 'nothing'}` }, name),
      h('span.cubes', { role: 'img', 'aria-label': `${filled} of ${x.capacity} spaces filled${filled ? `: ${(x.spices || []).map((k, s) => (k ? `${k} ${cat.spices[s]}` : '')).filter(Boolean).join(', ')}` : ''}` }, cubes),
      acts.length ? h('span.hacts', {}, acts.map((a) => actButton(a, `${a.json.type === 'place_spice' ? '+' : verb[a.json.type]} ${spiceName(a.json.spice)}`,
        `.goa-spice.spice-${SPICE_CLASS[spiceIndex(a.json.spice)]}`, { 'aria-label': `${verb[a.json.type]} ${spiceName(a.json.spice)} ${a.json.type === 'place_spice' ? 'on' : 'from'} ${name}` }))) : null);
    }));
  }

  function hand(p) {
    const pl = v.players[p];
    if (!Array.isArray(pl.hand)) return h('p.small.goa-hand-count', {}, `Expedition cards: ${pl.hand} (hidden)`);
    if (!pl.hand.length) return h('p.small.muted', {}, 'No expedition cards.');
    return h('ul.goa-hand', { id: p === you ? 'hand' : null }, pl.hand.map((ci) => {
      const c = cat.cards[ci] || { id: ci, effect: '?', colonists: 0, symbol: '' };
      const [name, text] = EFFECTS[c.effect] || [c.effect, ''];
      const play = p === you ? playCard.get(String(c.id)) : null;
      const disc = p === you ? discardCard.get(String(c.id)) : null;
      return h('li', { class: ['goa-card', play || disc ? 'legal' : ''].filter(Boolean).join(' '), 'data-card': c.id, title: text },
        h('span.cname', {}, name), h('span.small', {}, ` ${plural(c.colonists, 'colonist')} · ${String(c.symbol).replace(/_/g, ' ')}`),
        play || disc ? h('span.cacts', {},
          play ? actButton(play, 'Play', '.primary', { 'aria-label': `Play ${name} (card ${c.id})` }) : null,
          disc ? actButton(disc, 'Discard', '', { 'aria-label': `Discard ${name} (card ${c.id})` }) : null) : null);
    }));
  }

  function kept(p) {
    const hd = v.holdings && v.holdings[p];
    if (!hd) return null;
    const tiles = hd.tiles || [];
    const bz = (hd.bonanza_vp || []).reduce((a, b) => a + b, 0);
    if (!tiles.length && !bz) return null;
    return h('p.small.goa-kept', {}, 'Tiles: ', tiles.map((k) => {
      if (k.tile === 'mission') return h('span.tile-chip', { title: 'A Mission tile (hidden)' }, 'Mission (hidden)');
      const info = cat.tiles[k.tile] || { id: k.tile, name: String(k.tile), kind: '' };
      const a = p === you ? useTile.get(info.id) : null;
      const text = `${info.name}${k.used ? ' (used)' : ''}`;
      if (a) return actButton(a, `Use ${info.name}`, '.primary.tile-chip', { title: `${a.text}: ${TILE_TEXT[info.kind] || ''}` });
      return h(`span.tile-chip${k.used ? '.used' : ''}`, { title: TILE_TEXT[info.kind] || info.id }, text);
    }), bz ? h('span.tile-chip', {}, `Bonanza ${bz} VP`) : null);
  }

  function playerBoard(p) {
    const pl = v.players[p];
    const own = p === you;
    const ducats = pl.ducats === null || pl.ducats === undefined
      ? h('span.ducats', { 'data-hidden': 'true', title: 'Other players\' ducats are hidden' }, 'hidden')
      : h('span.ducats', {}, String(pl.ducats));
    const handCount = Array.isArray(pl.hand) ? pl.hand.length : pl.hand;
    return h('section', { class: `goa-player seat-${p}${p === cp ? ' to-move' : ''}`, 'data-seat': p, id: own ? 'my-board' : null,
      'aria-label': `${seatLabel(p)}${own ? ' (you)' : ''}` },
    h('h3', {}, h('span.seat-dot', { 'aria-hidden': 'true' }), `${seatLabel(p)}${own ? ' — you' : ''}${p === v.flag_holder ? ' ⚑' : ''}`),
    h('p.goa-supply', {},
      h('span', { title: 'Ducats' }, 'Ducats ', ducats), ' · ',
      h('span.ships', { title: 'Ships' }, `Ships ${pl.ships}`), ' · ',
      h('span.colonists', { title: 'Colonists' }, `Colonists ${pl.colonists}`), ' · ',
      h('span', { title: 'Additional action cards' }, `Action cards ${pl.additional_action_cards}`), ' · ',
      h('span', { title: 'Expedition cards in hand' }, `Expedition ${handCount}`)),
    devBoard(p),
    holdings(p),
    kept(p),
    hand(p));
  }

  const common = h('p.small.goa-common', { id: 'goa-common' },
    `Expedition deck ${typeof v.deck === 'number' ? v.deck : (v.deck || []).length} · discard ${(v.discard || []).length}`,
    Array.isArray(v.favor_pool) && v.favor_pool.length ? ` · removed tiles: ${v.favor_pool.map((t) => cat.tiles[t] ? cat.tiles[t].id : t).join(', ')}` : '',
    // Colonies: the colonists a foundation needs, and how many of their tiles are taken (colony_taken: a bit per tile).
    ` · colonies: ${cat.colonies.map((col, i) => {
      const taken = Array.isArray(v.colony_taken) ? popcount(v.colony_taken[i]) : 0;
      return `${col.name} (needs ${col.required}${taken ? `, ${taken} taken` : ''})`;
    }).join(', ')}`);

  const focused = container.contains(document.activeElement) ? focusKey(document.activeElement) : null;
  container.replaceChildren(
    h('div.goa-wrap', { 'data-version': snap.table && snap.table.version, 'data-stage': v.stage }, roundLine, turns, grid),
    h('div.facts.goa-facts', {}, h('div.goa-now', {}, now), h('div.goa-standing', {}, boards, common)));
  if (focused) {
    const el = [...container.querySelectorAll('button, input')].find((e) => focusKey(e) === focused);
    if (el) el.focus();
  }
}

function popcount(x) {
  let k = 0;
  for (let y = x >>> 0; y; y &= y - 1) k++;
  return k;
}

// What identifies a control across redraws (the same action, or the bid box).
function focusKey(el) {
  return el.id ? `#${el.id}` : el.dataset.action || el.dataset.pos || null;
}

// A tile's words in a grid cell: "Clove ×2" for plantations, else its name.
function shortName(info) {
  const m = /^(\w+) plantation x(\d)$/.exec(info.name || '');
  if (m) return `${m[1]} ×${m[2]}`;
  // A break after the slash of "Ships/Colonists" (a zero-width space).
  return (info.name || info.id).replace(/ \(red\)$/, ' ●').replace(/\//g, '/\u200b');
}
