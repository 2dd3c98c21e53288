// The Risk 2008 board: the world map of risk-map.js (shared with European
// Risk) from the seat's view, with capitals, cities and airfields marked,
// and the side facts: whose turn and the phase in words, troops to place,
// the objectives on the board and who holds which, the reward tokens,
// everyone's cards, your own hand with its stars, the last roll.
// No rules live here: what may be clicked comes only from snap.legal, and
// the server checks everything again (a refused action shows its message).
//
// view (games/risk_2008/state_json.cpp view(); docs/state-format.md "Risk
// 2008"): the state JSON with `hands` masked (your own hand, and the active
// player's cards selected for a trade) and `deck` replaced by `deck_size`,
// plus hand_sizes, current_player, terminal and seat. Per-territory arrays
// follow data/risk/map.json, which is the layout's order; masks are numbers
// up to 2^42 (read with bit() below, never with 32-bit operators).
// Edition facts (colours, objectives, rewards, stars, star chart) come from
// risk-2008.json next to this file, a copy of data/risk/2008.json's.
//
// Clicking: capital/claim/place/airfield on a highlighted territory; attack
// and manoeuvre take a source then a target (sources carry class "legal",
// the chosen one "source", its targets "target"). Territories carry
// data-territory, data-owner and data-armies (troops) for tests, and
// data-capital / data-city / data-airfield where marked. Everything else
// is a button, and every legal action stays reachable in the "All legal
// actions" list.
import { h, s } from '../dom.js';
import { R, drawMap, mapLayout, mountMap, startRender, tname } from './risk-map.js';
import { actionButton, attackControls, placeCount } from './risk-controls.js';

export const COLOURS = ['yellow', 'green', 'blue', 'red', 'black'];
export const seatNames = COLOURS.map((c) => c[0].toUpperCase() + c.slice(1));
const DIE = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];
const PHASES = {
  cities: 'Drawing the city cards', objectives: 'Laying out the objectives', tokens: 'Placing the reward tokens',
  first: 'Rolling for the first player', capital: 'Placing capitals', claim: 'Claiming territories',
  place: 'Placing the starting troops', deal: 'Dealing the starting cards', draft: 'Draft',
  attack: 'Attack', defend: 'Defence', roll: 'Rolling the dice', move: 'Moving troops',
  claim_objective: 'Collecting an objective', airfield: 'Placing an airfield', manoeuvre: 'Manoeuvre',
  draw: 'Drawing a card', game_over: 'Game over',
};
const REWARDS = {
  airfield: 'Airfield', starting_manoeuvre: 'Starting Manoeuvre', additional_manoeuvre: 'Additional Manoeuvre',
  guaranteed_card: 'Guaranteed Card', bonus_attack_die: 'Bonus Attack Die', bonus_defence_die: 'Bonus Defence Die',
  bonus_troops: 'Bonus Troops',
};

// The edition file, fetched once like the layout.
let edition = null;
let loading = null;
function loadEdition(redraw) {
  if (!loading) {
    loading = fetch(new URL('./risk-2008.json', import.meta.url))
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`risk-2008.json: HTTP ${r.status}`))))
      .then((e) => { edition = e; });
  }
  loading.then(redraw, (e) => console.error(e));
}

// The choice in progress survives the re-render of every snapshot; per table.
let ui = { key: null };

const cap = (w) => w[0].toUpperCase() + w.slice(1);
// Bit i of a mask of up to 42 bits (a JSON number; JS bit operators are 32-bit).
const bit = (mask, i) => Math.floor(Number(mask) / 2 ** i) % 2 === 1;
const plural = (k, one, many) => `${k} ${k === 1 ? one : many}`;

export function renderRisk2008(container, snap, opts) {
  // The generic view until both the layout and the edition file are here.
  const start = startRender(renderRisk2008, container, snap, opts, { loaded: () => edition !== null, load: loadEdition });
  if (!start) return;
  const { onAction, hint, redraw, v, legal, key } = start;
  const layout = mapLayout();
  const version = snap.table ? snap.table.version : -1;
  if (ui.key !== key) ui = { key, from: null, to: null, dice: null, count: 1, auto: null, follow: null, mode: null, sent: -1 };
  const n = v.players;
  const colourOf = (p) => (edition.seat_colours[p] || COLOURS[p] || 'unowned');
  const nameOf = (p) => (p >= 0 && p < n ? cap(colourOf(p)) : 'nobody');
  const ids = layout.territories.map((t) => t.id);
  const index = Object.fromEntries(ids.map((id, i) => [id, i]));
  const troops = (id) => v.troops[index[id]];
  const ownerOf = (id) => v.owner[index[id]];
  const counters = v.counters || [];
  const toPlace = v.phase === 'draft' ? counters[6] || 0 : 0;
  const manoeuvresLeft = counters[7] || 0;
  const capitalAt = {}; // territory index -> seat whose capital it is
  (v.capital || []).forEach((t, p) => { if (t >= 0) capitalAt[t] = p; });
  const airfieldAt = {}; // territory index -> seat holding the airfield there
  (v.airfield_at || []).forEach((t, k) => { if (t >= 0) airfieldAt[t] = v.token_holder[k]; });
  const rewardOf = (k) => (k < 4 ? edition.rewards.minor[k] : edition.rewards.major[k - 4]);
  const [bFrom, bTo, bAtt] = v.battle || [-1, -1, 0];
  const inBattle = (v.phase === 'defend' || v.phase === 'roll') && bFrom >= 0 && bTo >= 0;
  const mv = v.move || [-1, -1, 0, 0, 0, -1];

  // 1. Sort the legal actions by what the board can do with them.
  const direct = new Map(); // territory -> capital/claim/place/airfield action
  const pairsByType = { attack: new Map(), manoeuvre: new Map() }; // from -> Map(to -> [actions])
  let move = null; // {more, done}
  const selects = new Map(); // card -> select action
  let trade = null;
  const claims = new Map(); // objective id ('' for none) -> action
  const defends = [];
  let end = null;
  const buttons = []; // anything else: a button of its own
  for (const a of legal) {
    const j = a.json || {};
    if (['capital', 'claim', 'place', 'airfield'].includes(j.type) && j.territory in index) direct.set(j.territory, a);
    else if ((j.type === 'attack' || j.type === 'manoeuvre') && j.from in index && j.to in index) {
      const pairs = pairsByType[j.type];
      if (!pairs.has(j.from)) pairs.set(j.from, new Map());
      const to = pairs.get(j.from);
      if (!to.has(j.to)) to.set(j.to, []);
      to.get(j.to).push(a);
    } else if (j.type === 'more' || j.type === 'done') (move = move || {})[j.type] = a;
    else if (j.type === 'select' && j.card in index) selects.set(j.card, a);
    else if (j.type === 'trade') trade = a;
    else if (j.type === 'claim_objective') claims.set(j.objective || '', a);
    else if (j.type === 'defend') defends.push(a);
    else if (j.type === 'end' && !end) end = a;
    else buttons.push(a);
  }
  // In the attack step a Starting Manoeuvre may be legal beside the attacks:
  // the player switches which one the map's clicks choose.
  const types = Object.keys(pairsByType).filter((t) => pairsByType[t].size);
  const pairType = types.includes(ui.mode) ? ui.mode : types[0] || null;
  const pairs = pairType ? pairsByType[pairType] : new Map();
  // The choice survives snapshots in which someone else decides; it is
  // dropped when it is ours to act and it is no longer legal, or is of
  // another kind (an attack's source is no manoeuvre's).
  if (legal.length && ui.kind !== pairType) { ui.from = ui.to = null; ui.kind = pairType; }
  if (legal.length && !pairs.has(ui.from)) ui.from = null;
  const targets = ui.from ? pairs.get(ui.from) || null : null;
  if (legal.length && (!targets || !targets.has(ui.to))) ui.to = null;
  if (legal.length && (!ui.from || !ui.to || pairType !== 'attack')) ui.auto = null;
  const hintAt = hint && hint.json ? hint.json.territory || hint.json.from : null;

  // Follow-up actions the board sends itself (the rest of a move of N
  // troops, the next roll of "attack until"), once per snapshot version. The
  // server refuses an action sent against an older version, so a retry while
  // the page has not yet seen the result cannot apply twice.
  function send(a) {
    ui.sent = version;
    const attempt = (k) => {
      if (!container.isConnected) return;
      if (String(container.querySelector('.risk-wrap')?.dataset.version) !== String(version)) return;
      onAction(a);
      if (k < 5) setTimeout(() => attempt(k + 1), 1500);
    };
    setTimeout(() => attempt(0), 0);
  }
  if (ui.follow && legal.length) {
    const f = ui.follow;
    if (v.phase === 'move' && mv[0] === index[f.from] && mv[1] === index[f.to] && move) {
      if (ui.sent !== version) {
        if (mv[2] < f.want && move.more) send({ json: { type: 'more', count: f.want - mv[2] }, text: `more ${f.want - mv[2]}` });
        else if (move.done) { send(move.done); ui.follow = null; }
      }
    } else ui.follow = null;
  }

  // 2. The map, with the battle under way and the chosen pair as lines.
  const lines = [];
  if (inBattle) lines.push({ from: ids[bFrom], to: ids[bTo], cls: 'battle-line' });
  if (v.phase === 'move' && mv[0] >= 0 && mv[1] >= 0) lines.push({ from: ids[mv[0]], to: ids[mv[1]], cls: 'choice-line' });
  else if (ui.from && ui.to) lines.push({ from: ui.from, to: ui.to, cls: 'choice-line' });
  const svg = drawMap({ territory, lines, ariaLabel: 'Risk 2008 world map' });

  function territory(lt) {
    const i = index[lt.id];
    const owner = v.owner[i];
    const count = v.troops[i];
    const classes = ['territory', owner >= 0 ? colourOf(owner) : 'unowned'];
    let act = null;
    if (direct.has(lt.id)) {
      classes.push('legal');
      act = () => place(direct.get(lt.id));
    } else if (targets && targets.has(lt.id)) {
      classes.push('target');
      act = () => { ui.to = lt.id; ui.auto = null; redraw(); };
    } else if (pairs.has(lt.id)) {
      classes.push('legal');
      if (ui.from === lt.id) classes.push('source');
      act = () => { ui.from = ui.from === lt.id ? null : lt.id; ui.to = null; redraw(); };
    }
    if (lt.id === ui.from && !classes.includes('source')) classes.push('source');
    if (hintAt === lt.id) classes.push('hint');
    if (inBattle && (bFrom === i || bTo === i)) classes.push('in-battle');
    const city = bit(v.cities, i);
    const capital = i in capitalAt ? capitalAt[i] : -1;
    const airfield = i in airfieldAt ? airfieldAt[i] : -1;
    // Visible words first (name, count), then what the marks say.
    const label = `${lt.name} ${plural(count, 'troop', 'troops')}, ${owner >= 0 ? nameOf(owner) : 'empty'}`
      + `${capital >= 0 ? `, capital of ${nameOf(capital)}` : ''}${city ? ', city' : ''}`
      + `${airfield >= 0 ? `, airfield of ${nameOf(airfield)}` : ''}`;
    // The marks are shapes, not text: the label says them, and text in the
    // territory would have to be part of its accessible name (WCAG 2.5.3).
    const decorate = (g) => {
      if (capital >= 0) {
        // The capital's star, in its colour, top left of the badge.
        g.setAttribute('data-capital', colourOf(capital));
        g.append(s('polygon', { points: star(lt.x - R + 1, lt.y - R + 1, 8.5, 3.6), class: `capital-mark ${colourOf(capital)}` }));
      }
      if (city) {
        // A city: a little walled square, top right.
        g.setAttribute('data-city', 'true');
        g.append(s('rect', { x: lt.x + R - 6, y: lt.y - R - 4, width: 10, height: 10, rx: 1.5, class: 'city-mark' }));
        g.append(s('rect', { x: lt.x + R - 3, y: lt.y - R - 1, width: 4, height: 4, class: 'city-core' }));
      }
      if (airfield >= 0) {
        // An airfield: a plane in its holder's colour, bottom right.
        g.setAttribute('data-airfield', colourOf(airfield));
        g.append(s('circle', { cx: lt.x + R, cy: lt.y + R - 2, r: 7.5, class: `airfield-mark ${colourOf(airfield)}` }));
        g.append(s('path', { d: plane(lt.x + R, lt.y + R - 2), class: 'airfield-plane' }));
      }
    };
    return { classes, owner, armies: count, label, act, decorate };
  }

  // 3. What clicks do: the draft places `perClick()` troops in one compound
  // action ("place N on T"); set-up placements alternate seats, one each.
  // Read at the click: the count box keeps what is typed in ui.count
  // without redrawing (risk-controls.js placeCount).
  const perClick = () => (v.phase === 'draft' ? Math.max(1, Math.min(ui.count || 1, toPlace || 1)) : 1);
  function place(a) {
    const k = perClick();
    if (a.json.type === 'place' && k > 1) {
      onAction({ json: { type: 'place', territory: a.json.territory, count: k }, text: `place ${k} ${a.json.territory}` });
    } else onAction(a);
  }
  const attackAction = () => {
    const options = (targets && targets.get(ui.to)) || [];
    return options.find((a) => a.json.dice === ui.dice) || options[options.length - 1];
  };
  // "Attack until conquered or down to N": each snapshot in which it is our
  // turn to attack along the same pair rolls again, once per version.
  if (ui.auto && pairType === 'attack' && ui.from === ui.auto.from && ui.to === ui.auto.to && ui.sent !== version) {
    const a = attackAction();
    if (a && troops(ui.from) > ui.auto.stopAt) send(a);
    else ui.auto = null;
  }

  // 4. Controls for the current step.
  const controls = [];
  const button = actionButton({ hint, onAction });
  const cancel = () => h('button', { id: 'cancel', onclick: () => { ui.from = ui.to = null; ui.auto = null; redraw(); } }, 'Cancel');
  if (direct.size) {
    const type = direct.values().next().value.json.type;
    const verb = {
      capital: 'Click an empty highlighted territory to place your capital there (with 1 troop).',
      claim: 'Click an empty highlighted territory to claim it.',
      airfield: 'Click one of your highlighted territories to place your airfield there.',
    }[type] || (v.phase === 'draft' ? 'Click one of your highlighted territories to place troops there.' : 'Click one of your highlighted territories to place a starting troop there.');
    controls.push(h('p.prompt', { id: 'prompt' }, verb));
    if (v.phase === 'draft' && toPlace > 1) controls.push(placeCount({ ui, redraw, most: toPlace, perClick: perClick(), word: 'Troops' }));
  }
  if (types.length > 1) {
    // Both attacks and the Starting Manoeuvre are open.
    const other = types.find((t) => t !== pairType);
    controls.push(h('p', {}, h('button', { id: 'switch-mode', onclick: () => { ui.mode = other; ui.from = ui.to = null; ui.auto = null; redraw(); } },
      other === 'manoeuvre' ? 'Use the Starting Manoeuvre instead' : 'Back to attacking')));
  }
  if (pairType === 'attack') {
    if (!ui.from) controls.push(h('p.prompt', { id: 'prompt' }, 'Attack: click one of your highlighted territories, then a target.'));
    else {
      controls.push(...attackControls({ ui, redraw, onAction, targets, tname, count: troops, ownerName: (id) => nameOf(ownerOf(id)), word: 'troops',
        diceLabel: (d) => plural(d, 'die', 'dice'), countSource: true, cancel, attackAction }));
    }
  } else if (pairType === 'manoeuvre') {
    const what = v.phase === 'attack' ? 'Starting Manoeuvre' : `Manoeuvre${manoeuvresLeft > 1 ? ` (${manoeuvresLeft} left)` : ''}`;
    if (ui.from && ui.to) {
      const most = Math.max(1, troops(ui.from) - 1);
      const k = Math.min(ui.moveCount || most, most);
      // Kept as it is typed, not only on change: a snapshot re-renders the
      // board between typing and clicking Move.
      const keep = (e) => { ui.moveCount = Number(e.target.value) || 1; };
      const input = h('input', { id: 'manoeuvre-count', type: 'number', min: 1, max: most, value: k, oninput: keep, onchange: keep });
      controls.push(h('p.prompt', { id: 'prompt' }, `${what} from ${tname(ui.from)} to ${tname(ui.to)}: `,
        h('label', { for: 'manoeuvre-count' }, 'troops '), input, ' ',
        h('button.primary', { id: 'manoeuvre-go', onclick: () => {
          const want = Math.max(1, Math.min(most, Number(input.value) || 1));
          const a = targets.get(ui.to)[0];
          ui.follow = { from: ui.from, to: ui.to, want };
          ui.from = ui.to = null;
          ui.moveCount = null;
          onAction(a);
        } }, 'Move'), ' ', cancel()));
    } else {
      controls.push(h('p.prompt', { id: 'prompt' }, ui.from ? `${what} from ${tname(ui.from)}: click where to.`
        : `${what}: click one of your highlighted territories to move troops from, then where to, through your own territories.`));
    }
  }
  if (move) {
    // A move under way: after a conquest (the dice rolled moved in already)
    // or a manoeuvre (its first troop moved). "more N" moves N at once.
    const from = mv[0] >= 0 ? ids[mv[0]] : null;
    const to = mv[1] >= 0 ? ids[mv[1]] : null;
    const left = from ? Math.max(0, troops(from) - 1) : 0;
    const parts = [h('p.prompt', { id: 'prompt' }, from && to
      ? `${mv[4] === 0 ? 'Conquest' : 'Manoeuvre'}: ${plural(mv[2], 'troop', 'troops')} moved from ${tname(from)} into ${tname(to)}; up to ${left} more may follow.`
      : 'Move troops one at a time.')];
    // A count typed for another move is not this one's.
    if (ui.moveKey !== `${mv[0]}>${mv[1]}`) { ui.moveKey = `${mv[0]}>${mv[1]}`; ui.moveMore = null; }
    if (move.more && from && left > 0) {
      const k = Math.min(ui.moveMore ?? left, left);
      const keep = (e) => { ui.moveMore = Math.max(0, Number(e.target.value) || 0); }; // as typed (see manoeuvre-count)
      const input = h('input', { id: 'move-count', type: 'number', min: 0, max: left, value: k, oninput: keep, onchange: keep });
      parts.push(h('p', {}, h('label', { for: 'move-count' }, 'Move this many more: '), input, ' ',
        h('button.primary', { id: 'move-go', onclick: () => {
          const more = Math.max(0, Math.min(left, Number(input.value) || 0));
          ui.moveMore = null;
          if (more === 0) { if (move.done) onAction(move.done); return; }
          ui.follow = { from, to, want: mv[2] + more };
          onAction({ json: { type: 'more', count: more }, text: `more ${more}` });
        } }, 'Move and finish')));
    }
    const small = [];
    if (move.more) small.push(button(move.more, '+1 troop'));
    if (move.done) small.push(button(move.done, 'Done'));
    parts.push(h('p.move-buttons', {}, small));
    controls.push(h('div.move-buttons', {}, parts));
  }
  if (defends.length) {
    controls.push(h('p.prompt', { id: 'prompt' }, `${tname(ids[bTo])} is attacked from ${tname(ids[bFrom])} with ${plural(bAtt, 'die', 'dice')}: defend with `,
      defends.flatMap((a) => [button(a, plural(a.json.dice, 'die', 'dice'), '.primary.dice'), ' '])));
  }
  if (claims.size) {
    controls.push(h('p.prompt', { id: 'prompt' }, 'You may collect one objective you have met (see Objectives), or none.'));
  }
  if (selects.size || trade) {
    controls.push(h('p.prompt', {}, 'Before placing, you may trade cards once this turn: select them in your hand.'));
  }
  const endLabel = { attack: 'End attacks', manoeuvre: 'End manoeuvres (and the turn)' }[v.phase] || 'End';
  const labelOf = (a) => (a.json.type === 'claim_objective' && !a.json.objective ? 'Collect no objective' : cap(a.text));
  const ends = [...(end ? [button(end, endLabel)] : []), ...(claims.has('') ? [button(claims.get(''), 'Collect no objective')] : [])];
  if (buttons.length || ends.length) {
    controls.push(h('div.legal-buttons', { id: 'risk-buttons' }, buttons.map((a) => button(a, labelOf(a), '.primary')), ends));
  }

  // 5. Side facts.
  const cp = v.current_player;
  let turn;
  if (v.terminal) {
    turn = v.winner >= 0 ? `Game over: ${nameOf(v.winner)} wins` : 'Game over';
  } else if (snap.table && snap.table.status === 'finished') {
    turn = 'Game over'; // by resignation: the table says who won
  } else if (cp >= 0) {
    const verb = v.phase === 'defend' ? 'to defend' : 'to play';
    turn = `${nameOf(cp)} ${verb}${snap.you === cp ? ' — your turn' : ''}`;
  } else turn = `${nameOf(v.active)} to play — ${v.phase === 'roll' ? 'rolling…' : 'drawing…'}`;
  const setupLeft = ['capital', 'claim', 'place'].includes(v.phase) && v.setup_left
    ? h('span', { id: 'setup-left' }, ` — ${nameOf(v.active)} has ${plural(v.setup_left[v.active], 'starting troop', 'starting troops')} left`) : null;
  const turnNo = counters[5] > 0 && !['capital', 'claim', 'place'].includes(v.phase) ? ` (turn ${counters[5]})` : '';
  const dice = v.dice || [];
  const faces = (idx) => idx.map((k) => dice[k]).filter((f) => f > 0);
  const att = faces([0, 1, 2]);
  const def = faces([4, 5]);
  const lastRoll = att.length && def.length && v.battle[4] > 0 ? h('p.dice', { id: 'last-roll', title: `attack ${att.join(' ')}${dice[3] ? ` bonus ${dice[3]}` : ''}, defence ${def.join(' ')}${dice[6] ? ` bonus ${dice[6]}` : ''}` },
    'Last roll: ', h('span.att', { 'aria-label': `attack ${att.join(' ')}` }, att.map((d) => DIE[d]).join('')),
    dice[3] ? h('span.att.bonus', { 'aria-label': `bonus ${dice[3]}` }, ` +${DIE[dice[3]]}`) : null, ' vs ',
    h('span.def', { 'aria-label': `defence ${def.join(' ')}` }, def.map((d) => DIE[d]).join('')),
    dice[6] ? h('span.def.bonus', { 'aria-label': `bonus ${dice[6]}` }, ` +${DIE[dice[6]]}`) : null) : null;
  const now = [
    h('p', { id: v.terminal ? 'result' : 'turn', class: v.terminal ? 'result' : 'turn' }, turn),
    h('p.phase', { id: 'phase', 'data-phase': v.phase }, `${PHASES[v.phase] || v.phase.replace(/_/g, ' ')}${turnNo}`,
      toPlace > 0 && !v.terminal ? h('span', {}, ' — ', h('b', { id: 'to-place' }, String(toPlace)), ' troops to place') : null,
      setupLeft),
    inBattle ? h('p.battle', { id: 'battle' }, `${tname(ids[bFrom])} (${nameOf(v.owner[bFrom])}, ${plural(bAtt, 'die', 'dice')}) attacks ${tname(ids[bTo])} (${nameOf(v.owner[bTo])})`) : null,
    battleResult(snap),
    lastRoll,
    ...controls,
    legal.length ? h('details.all-legal', {}, h('summary', {}, `All legal actions (${legal.length})`),
      h('div.legal-buttons', {}, legal.map((a) => button(a, a.text)))) : null,
  ];

  // Everyone's standing: lands, troops, cities, cards, objectives, capital.
  const lands = (p) => v.owner.filter((o) => o === p).length;
  const troopsOf = (p) => v.owner.reduce((k, o, i) => k + (o === p ? v.troops[i] : 0), 0);
  const citiesOf = (p) => v.owner.filter((o, i) => o === p && bit(v.cities, i)).length;
  const held = (p) => v.objective_place.filter((w) => w === p).length;
  // World Conquest (§13, [UNVERIFIED]): no objectives or rewards; the last player left wins.
  const worldConquest = v.mode === 'world_conquest';
  const players = Array.from({ length: n }, (_, p) => p);
  const rows = players.map((p) => {
    const c = v.capital[p];
    return h('tr', { class: [p === v.active && !v.terminal ? 'to-move' : '', v.eliminated[p] ? 'out' : ''].join(' '), 'data-seat': p },
      // The capital under the name: where, and who holds it if not its colour.
      h('td', {}, h(`span.swatch.${colourOf(p)}`), ' ', nameOf(p), p === snap.you ? ' — you' : '', v.eliminated[p] ? ' (out)' : '',
        c >= 0 ? h('span.capital-line', { 'data-capital-of': colourOf(p) }, `capital ${tname(ids[c])}${v.owner[c] !== p ? ` (${v.owner[c] >= 0 ? `held by ${nameOf(v.owner[c])}` : 'empty'})` : ''}`) : null),
      h('td', {}, String(lands(p))), h('td', {}, String(troopsOf(p))), h('td', {}, String(citiesOf(p))),
      h('td', { 'data-cards': v.hand_sizes[p] }, String(v.hand_sizes[p])),
      worldConquest ? null : h('td', {}, `${held(p)}/${edition.to_win}`));
  });
  // Narrow headers: the side panel is narrow beside the map.
  const table = h('table.risk-players.r2008', {}, h('thead', {}, h('tr', {}, ['Player', 'Lands', 'Troops', 'Cities', 'Cards'].map((x) => h('th', {}, x)),
    worldConquest ? null : h('th', {}, h('abbr', { title: `Objectives held, of the ${edition.to_win} to win` }, 'Obj.')))),
    h('tbody', {}, rows));

  // The objectives laid out: on the board (with the reward token on it) or
  // held, and a button for each one this player may collect now.
  const objectives = edition.objectives.map((o, i) => ({ ...o, i, where: v.objective_place[i], token: v.objective_token[i] }))
    .filter((o) => o.where !== -1);
  const objectiveList = worldConquest ? h('div.objectives', { id: 'objectives' }, h('h3', {}, 'Objectives'),
    h('p', { id: 'no-objectives' }, 'World Conquest [UNVERIFIED]: no objectives and no rewards — the last player left wins.'))
    : h('div.objectives', { id: 'objectives' }, h('h3', {}, `Objectives (${edition.to_win} and your capital win)`),
    h('ul', {}, objectives.map((o) => h('li', { 'data-objective': o.id, 'data-where': o.where === -2 ? 'board' : colourOf(o.where) },
      h('b', {}, o.name), ` (${o.type})`,
      o.token >= 0 ? ` · reward: ${REWARDS[rewardOf(o.token)] || rewardOf(o.token)}` : '',
      o.where === -2 ? ' · on the board' : [' · held by ', h(`span.swatch.${colourOf(o.where)}`), ` ${nameOf(o.where)}`],
      claims.has(o.id) ? [' ', button(claims.get(o.id), `Collect ${o.name}`, '.primary')] : null))));
  // The reward tokens players hold (Command Room).
  const tokens = (v.token_holder || []).map((p, k) => ({ p, k })).filter((t) => t.p >= 0);
  const rewards = tokens.length ? h('div.rewards', { id: 'rewards' }, h('h3', {}, 'Rewards held'), h('ul', {}, tokens.map(({ p, k }) =>
    h('li', {}, h(`span.swatch.${colourOf(p)}`), ` ${nameOf(p)}: ${REWARDS[rewardOf(k)] || rewardOf(k)}`,
      v.airfield_at[k] >= 0 ? ` at ${tname(ids[v.airfield_at[k]])}` : '')))) : null;

  // Your hand, with the stars of each card; the cards selected for a trade,
  // and the select toggles while a trade is open.
  const me = typeof snap.you === 'number' && snap.you >= 0 ? snap.you : -1;
  let hand = null;
  if (me >= 0 && v.hands) {
    const cards = ids.map((id, i) => ({ id, i })).filter((c) => bit(v.hands[me], c.i));
    const picked = cards.filter((c) => bit(v.selected, c.i));
    const stars = (cs) => cs.reduce((k, c) => k + edition.stars[c.i], 0);
    const total = cards.length ? stars(cards) : 0;
    const chosen = stars(picked);
    hand = h('div.hand', { id: 'hand' }, h('h3', {}, `Your cards (${cards.length}, ${plural(total, 'star', 'stars')})`),
      cards.length ? h('ul', {}, cards.map((c) => {
        const sel = bit(v.selected, c.i);
        const st = edition.stars[c.i];
        return h('li', { class: `card${sel ? ' selected' : ''}`, 'data-card': c.id, 'data-stars': st },
          `${tname(c.id)} `, h('span.stars', { 'aria-label': plural(st, 'star', 'stars') }, '★'.repeat(st)),
          sel ? ' (selected)' : '',
          selects.has(c.id) ? [' ', h('button', { 'data-action': selects.get(c.id).text, 'aria-pressed': String(sel), onclick: () => onAction(selects.get(c.id)) },
            sel ? `Unselect ${tname(c.id)}` : `Select ${tname(c.id)}`)] : null);
      })) : h('p.muted', {}, 'none'),
      picked.length || trade ? h('p', { id: 'trade-line' }, `Selected: ${plural(chosen, 'star', 'stars')}`,
        edition.star_chart[chosen] ? ` = ${edition.star_chart[chosen]} troops` : '',
        trade ? [' ', button(trade, `Trade for ${edition.star_chart[chosen] || '?'} troops`, '.primary')] : '') : null,
      h('p.small', {}, 'Star chart: ', Object.entries(edition.star_chart).map(([k, t]) => `${k}★ ${t}`).join(' · ')));
  }
  // Another player's trade selection is shown to the table.
  const shown = players.filter((p) => p !== me && Number(v.hands[p]) > 0);
  const selection = shown.length ? h('p.small', { id: 'others-selection' }, shown.map((p) =>
    `${nameOf(p)} selects ${ids.filter((id, i) => bit(v.hands[p], i)).map(tname).join(', ')} to trade. `)) : null;
  const discards = ids.filter((id, i) => bit(v.discard, i)).length;
  const standing = [
    table,
    h('p.small', {}, `Deck ${plural(v.deck_size, 'card', 'cards')} · traded ${discards}`),
    selection,
    hand,
    objectiveList,
    rewards,
    h('p.small.legend', {}, h('span.legend-capital', { 'aria-hidden': 'true' }, '★'), ' capital · ',
      h('span.legend-city', { 'aria-hidden': 'true' }, 'C'), ' city · ',
      h('span.legend-airfield', { 'aria-hidden': 'true' }, '✈'), ' airfield'),
  ];
  mountMap(container, svg, now, standing, version);
}

// A five-pointed star's points around (x, y).
function star(x, y, outer, inner) {
  const pts = [];
  for (let k = 0; k < 10; k++) {
    const r = k % 2 ? inner : outer;
    const a = -Math.PI / 2 + (k * Math.PI) / 5;
    pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}
// A small plane seen from above, nose up, centred on (x, y).
function plane(x, y) {
  return `M${x},${y - 5} l1,3 l4,2 v1 l-4,-1 l-.5,3 l1.5,1 v1 l-2,-.5 l-2,.5 v-1 l1.5,-1 l-.5,-3 l-4,1 v-1 l4,-2 z`;
}

// The latest battle in words, from the log the server keeps for this seat
// ("die 4: Yellow loses 0, Green loses 1; Brazil falls").
function battleResult(snap) {
  const entries = (snap.log && snap.log.entries) || [];
  for (let k = entries.length - 1; k >= 0 && k >= entries.length - 4; --k) {
    if (/: .+ loses \d+, .+ loses \d+/.test(entries[k].text)) {
      return h('p.battle-result', { id: 'battle-result' }, entries[k].text);
    }
  }
  return null;
}
