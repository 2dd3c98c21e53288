// The Risk board: an SVG world map from the seat's view, plus the
// side facts (phase, turn, players, your cards and missions, the last dice).
// No rules live here: what may be clicked comes only from snap.legal, and
// the server checks everything again (a refused action shows its message).
//
// view (games/risk/risk_state.cpp view()): {phase, current_player, active,
//   reinforcements, territories: [{id, owner, armies, by_player?, controller?}],
//   players: [{seat, colour, cards, territories, eliminated, team?, hand?,
//   missions?}], battle?, last_roll?, neutrals?, winner, terminal, ...}
// Owners index the colours below; in the 2-player games owners 2..5 are
// the neutral armies. Team Risk adds per-colour stacks (by_player).
//
// Clicking: claim/place a highlighted territory; attack and fortify take a
// source then a target (sources carry class "legal", the chosen one
// "source", its targets "target"). Territories carry data-territory,
// data-owner and data-armies for tests. Everything else is a button, and
// every legal action stays reachable in the "All legal actions" list.
import { h, s } from '../dom.js';
import { R, drawMap, mountMap, startRender, tname } from './risk-map.js';
import { actionButton, attackControls, placeCount } from './risk-controls.js';

export const COLOURS = ['red', 'blue', 'green', 'yellow', 'black', 'purple'];
export const seatNames = COLOURS.map((c) => c[0].toUpperCase() + c.slice(1));
const DIE = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];
const PHASES = {
  claim: 'Claiming territories', setup_place: 'Placing the starting armies',
  two_player_place: 'Placing the starting armies (and the neutrals\')', reinforce: 'Reinforcement',
  attack: 'Attack', defend: 'Defence', move_in: 'Moving into the conquered territory',
  forced_trade: 'Trading cards after an elimination', forced_place: 'Placing the traded armies',
  fortify: 'Fortification', fortify_move: 'Fortifying', bribe: 'Bribing neutrals',
  ally_reinforce: 'Reinforcing allies', ally_place: 'Placing an ally\'s armies',
  ally_fortify: 'Fortifying for an ally', remove_army: 'Removing lost armies', game_over: 'Game over',
};

// The choice in progress (attack/fortify source, dice, armies per click)
// survives the re-render that every snapshot causes; it is per table.
let ui = { key: null };

const cap = (w) => w[0].toUpperCase() + w.slice(1);
const cardName = (c) => (/^joker/.test(c) ? 'Joker' : tname(c));
const ownerName = (o) => (o >= 0 && o < COLOURS.length ? cap(COLOURS[o]) : 'nobody');

export function renderRisk(container, snap, opts) {
  const start = startRender(renderRisk, container, snap, opts);
  if (!start) return;
  const { onAction, hint, redraw, v, legal, key } = start;
  if (ui.key !== key) ui = { key, from: null, to: null, dice: null, count: 1, auto: null, sent: -1 };
  const teams = v.mode === 'teams';
  const terr = Object.fromEntries(v.territories.map((t) => [t.id, t]));

  // 1. Sort the legal actions by what the map can do with them.
  const direct = new Map(); // territory -> claim/place action
  const pairs = new Map(); // from -> Map(to -> [actions]) for attack/fortify
  let move = null; // {more, done}: one army at a time after a conquest or fortify
  const buttons = [];
  for (const a of legal) {
    const j = a.json || {};
    if ((j.type === 'claim' || j.type === 'place') && j.territory) direct.set(j.territory, a);
    else if ((j.type === 'attack' || j.type === 'fortify') && j.from) {
      if (!pairs.has(j.from)) pairs.set(j.from, new Map());
      const to = pairs.get(j.from);
      if (!to.has(j.to)) to.set(j.to, []);
      to.get(j.to).push(a);
    } else if (j.type === 'more' || j.type === 'done') (move = move || {})[j.type] = a;
    else buttons.push(a);
  }
  const pairType = pairs.size ? pairs.values().next().value.values().next().value[0].json.type : null;
  // The choice survives snapshots in which someone else decides (the
  // defence, a roll): it is dropped only when it is ours to act and the
  // choice is no longer legal (the target fell, the source is spent).
  if (legal.length && !pairs.has(ui.from)) ui.from = null;
  const targets = ui.from ? pairs.get(ui.from) || null : null;
  if (legal.length && (!targets || !targets.has(ui.to))) ui.to = null;
  if (legal.length && (!ui.from || !ui.to || pairType !== 'attack')) ui.auto = null;
  const hintAt = hint && hint.json ? hint.json.territory || hint.json.from : null;

  // 2. The map (risk-map.js), with the battle under way and the chosen
  // attack or fortification drawn as lines.
  const lines = [];
  if (v.battle) lines.push({ from: v.battle.from, to: v.battle.to, cls: 'battle-line' });
  if (ui.from && ui.to) lines.push({ from: ui.from, to: ui.to, cls: 'choice-line' });
  const svg = drawMap({ territory, lines });

  function territory(lt) {
    const t = terr[lt.id] || { owner: -1, armies: 0 };
    const owner = teams && t.controller !== undefined ? t.controller : t.owner;
    const classes = ['territory', owner >= 0 ? COLOURS[owner] : 'unowned'];
    let act = null;
    if (direct.has(lt.id)) {
      classes.push('legal');
      act = () => place(direct.get(lt.id));
    } else if (targets && targets.has(lt.id)) {
      classes.push('target');
      act = () => chooseTarget(lt.id);
    } else if (pairs.has(lt.id)) {
      classes.push('legal');
      if (ui.from === lt.id) classes.push('source');
      act = () => { ui.from = ui.from === lt.id ? null : lt.id; ui.to = null; redraw(); };
    }
    if (lt.id === ui.from && !classes.includes('source')) classes.push('source');
    if (hintAt === lt.id) classes.push('hint');
    if (v.battle && (v.battle.from === lt.id || v.battle.to === lt.id)) classes.push('in-battle');
    const shared = owner < 0 && t.armies > 0; // Team Risk: tied colours, nobody controls it
    // The name starts with the visible words, name then count (WCAG 2.5.3,
    // label in name: a voice user says what they see).
    const label = `${lt.name} ${t.armies} ${t.armies === 1 ? 'army' : 'armies'}, ${shared ? 'shared' : ownerName(owner)}`;
    const decorate = (g) => {
      // Team Risk: a territory may hold several colours of one team (§12).
      const stacks = Object.entries(t.by_player || {});
      if (teams && stacks.length > 1) {
        stacks.forEach(([colour, k], i) => {
          const x = lt.x + R + 4 + i * 13;
          g.append(s('circle', { cx: x, cy: lt.y - R + 2, r: 6.5, class: `stack ${colour}` }));
          const st = s('text', { x, y: lt.y - R + 5.5, class: 'stack-count' });
          st.textContent = String(k);
          g.append(st);
        });
      }
      if (teams && owner >= 0 && v.players[owner] && v.players[owner].team) {
        const tl = s('text', { x: lt.x - R - 3, y: lt.y - R + 4, class: 'team-letter' });
        tl.textContent = v.players[owner].team;
        g.append(tl);
      }
    };
    return { classes, owner, armies: t.armies, label, act, decorate };
  }

  // 3. What clicks do.
  const reinforcements = v.reinforcements || 0;
  // Read at the click: the count box keeps what is typed in ui.count
  // without redrawing (risk-controls.js placeCount).
  const perClick = () => Math.max(1, Math.min(ui.count || 1, reinforcements || 1));
  function place(a) {
    // More than one army per click is one compound action ("place N on T").
    const k = perClick();
    if (a.json.type === 'place' && k > 1) {
      onAction({ json: { type: 'place', territory: a.json.territory, count: k }, text: `place ${k} ${a.json.territory}` });
    } else onAction(a);
  }
  function chooseTarget(to) {
    if (pairType === 'attack') {
      // Choose first, see the odds, then roll (once, or until done).
      ui.to = to;
      ui.auto = null;
      redraw();
    } else {
      ui.to = to;
      ui.fortify = null;
      redraw();
    }
  }
  // The attack along the chosen pair with the chosen dice, else the most
  // the source may roll.
  const attackAction = () => {
    const options = (targets && targets.get(ui.to)) || [];
    return options.find((a) => a.json.dice === ui.dice) || options[options.length - 1];
  };
  // "Attack until conquered or down to N": each snapshot in which it is our
  // turn to attack along the same pair rolls again, once per version.
  const version = snap.table ? snap.table.version : -1;
  if (ui.auto && pairType === 'attack' && ui.from === ui.auto.from && ui.to === ui.auto.to && ui.sent !== version) {
    const left = terr[ui.from] ? terr[ui.from].armies : 0;
    const a = attackAction();
    if (a && left > ui.auto.stopAt) {
      ui.sent = version;
      setTimeout(() => onAction(a), 0);
    } else ui.auto = null;
  }
  // Armies that may leave a territory in one move: all but one (in Team
  // Risk only your own colour, R29). Only to prefill a count box — the
  // server checks the real limit and explains a refusal.
  const mine = snap.you >= 0 && v.players[snap.you] ? v.players[snap.you].colour : null;
  const movable = (id) => {
    const t = terr[id];
    if (!t) return 1;
    const all = t.armies - 1;
    return teams && mine && t.by_player ? Math.min(all, t.by_player[mine] || 0) : all;
  };

  // 4. Controls for the current step.
  const controls = [];
  const button = actionButton({ hint, onAction });
  if (direct.size) {
    const verb = legal.some((a) => a.json.type === 'claim') ? 'Click a free territory to claim it.' : 'Click a highlighted territory to place an army there.';
    controls.push(h('p.prompt', { id: 'prompt' }, verb));
    if (reinforcements > 1 && [...direct.values()].some((a) => a.json.type === 'place')) {
      controls.push(placeCount({ ui, redraw, most: reinforcements, perClick: perClick(), word: 'Armies' }));
    }
  }
  if (pairType === 'attack') {
    if (!ui.from) controls.push(h('p.prompt', { id: 'prompt' }, 'Attack: click one of your highlighted territories, then a target.'));
    else {
      controls.push(...attackControls({ ui, redraw, onAction, targets, tname, count: (id) => terr[id].armies, ownerName: (id) => ownerName(terr[id].owner), word: 'armies',
        odds: (dice) => battleOdds(v, ui.from, ui.to, dice, terr),
        cancel: () => h('button', { id: 'cancel', onclick: () => { ui.from = ui.to = null; ui.auto = null; redraw(); } }, 'Cancel'), attackAction }));
    }
  } else if (pairType === 'fortify') {
    if (ui.from && ui.to) {
      const most = Math.max(1, movable(ui.from));
      const n = Math.min(ui.fortify || most, most);
      const input = h('input', { id: 'fortify-count', type: 'number', min: 1, max: most, value: n, oninput: (e) => { ui.fortify = Number(e.target.value) || 1; }, onchange: (e) => { ui.fortify = Number(e.target.value) || 1; } });
      controls.push(h('p.prompt', { id: 'prompt' }, `Move from ${tname(ui.from)} to ${tname(ui.to)}: `, input, ' armies ',
        h('button.primary', { id: 'fortify-go', onclick: () => {
          const k = Number(input.value) || 1;
          onAction({ json: { type: 'fortify', from: ui.from, to: ui.to, count: k }, text: `fortify ${ui.from} ${ui.to} ${k}` });
          ui.from = ui.to = null;
        } }, 'Move'), ' ', h('button', { id: 'cancel', onclick: () => { ui.from = ui.to = null; redraw(); } }, 'Cancel')));
    } else {
      controls.push(h('p.prompt', { id: 'prompt' }, ui.from ? `Fortify from ${tname(ui.from)}: click where to.` : 'Fortify: click a highlighted territory to move armies from, then where to (or end the turn).'));
    }
  }
  if (move) {
    // The view's "move" names the source, the target and the armies moved so
    // far, both after a conquest and in a fortification.
    const m = v.move || (v.battle ? { from: v.battle.from, to: v.battle.to, moved: 0 } : null);
    const so = m && m.moved ? ` (${m.moved} moved so far)` : '';
    const parts = [h('p.prompt', { id: 'prompt' }, m ? `Move armies from ${tname(m.from)} into ${tname(m.to)}${so}.` : 'Move armies one at a time.')];
    if (move.more) parts.push(button(move.more, '+1 army', '.primary'));
    if (m && move.more && terr[m.to]) {
      // "move N" counts every army moved in this step (after a conquest the
      // surviving attackers count as moved), so "all" adds what may still leave.
      const all = m.moved + movable(m.from);
      parts.push(h('button', { id: 'move-all', onclick: () => onAction({ json: { type: 'move', count: all }, text: `move ${all}` }) }, `Move all (${all})`));
    }
    if (move.done) parts.push(button(move.done, 'Done'));
    controls.push(h('div.move-buttons', {}, parts));
  }
  const label = (a) => {
    const j = a.json;
    if (j.type === 'defend') return `Defend with ${j.dice} ${j.dice === 1 ? 'die' : 'dice'}`;
    if (j.type === 'trade') return `Trade ${j.cards.map(cardName).join(' + ')}`;
    if (j.type === 'end') return { attack: 'End attacks', fortify: 'End turn (no fortification)', ally_fortify: 'No ally fortification' }[v.phase] || cap(a.text);
    if (j.type === 'declare') {
      const m = (v.players[snap.you]?.missions || []).find((x) => x.mission === j.mission);
      return `Declare mission: ${m ? m.text : j.mission}`;
    }
    return cap(a.text);
  };
  if (buttons.length) controls.push(h('div.legal-buttons', { id: 'risk-buttons' }, buttons.map((a) => button(a, label(a), a.json.type === 'end' ? '' : '.primary'))));

  // 5. Side facts.
  const cp = v.current_player;
  let turn;
  if (v.terminal) {
    const ret = snap.table && snap.table.returns;
    const winners = ret ? ret.map((r, i) => (r > 0 ? i : -1)).filter((i) => i >= 0) : v.winner >= 0 ? [v.winner] : [];
    turn = winners.length ? `Game over: ${winners.map(ownerName).join(' and ')} ${winners.length > 1 ? 'win' : 'wins'}` : 'Game over';
  } else if (snap.table && snap.table.status === 'finished') {
    turn = 'Game over'; // by resignation: the table says who won
  } else if (cp >= 0) {
    turn = `${ownerName(cp)} to play${snap.you === cp ? ' — your turn' : ''}`;
  } else turn = 'Rolling…';
  const armies = (o) => v.territories.reduce((n, t) => n + (teams ? (t.by_player || {})[COLOURS[o]] || 0 : t.owner === o ? t.armies : 0), 0);
  const lands = (o) => v.territories.filter((t) => (teams ? t.controller : t.owner) === o).length;
  const rows = v.players.map((p) => h('tr', { class: [p.seat === cp ? 'to-move' : '', p.eliminated ? 'out' : ''].join(' '), 'data-seat': p.seat },
    h('td', {}, h(`span.swatch.${p.colour}`), ' ', cap(p.colour), p.team ? ` (${p.team})` : '', p.seat === snap.you ? ' — you' : ''),
    h('td', {}, String(p.territories)), h('td', {}, String(armies(p.seat))), h('td', {}, String(p.cards)),
    h('td', {}, p.eliminated ? 'out' : '')));
  // The neutral colours of the 2-player games have no seat.
  for (let o = v.players.length; o < COLOURS.length && v.mode && v.mode.startsWith('two-player'); o++) {
    const st = (v.neutrals || []).find((n) => n.neutral === COLOURS[o]);
    rows.push(h('tr.neutral', { 'data-owner': o }, h('td', {}, h(`span.swatch.${COLOURS[o]}`), ` ${cap(COLOURS[o])} (neutral)`),
      h('td', {}, String(lands(o))), h('td', {}, String(armies(o))), h('td', {}, st ? String(st.bribe_cards) : ''), h('td', {}, st ? st.status : '')));
  }
  const me = v.players[snap.you];
  // Mission Risk: your own four missions, and the others' that are public
  // (completed ones; all four once a player has completed three, §8.2).
  function missions() {
    const known = v.players.filter((p) => p.missions && (p === me || p.missions.some((m) => m.mission)));
    if (!known.length) return null;
    return h('div.missions', { id: 'missions' }, h('h3', {}, 'Missions'), known.map((p) =>
      h('div', { 'data-seat': p.seat }, h(`span.swatch.${p.colour}`), ` ${p === me ? 'Yours' : cap(p.colour)}: `,
        h('ol', {}, p.missions.filter((m) => p === me || m.mission).map((m) =>
          h('li', { class: m.completed ? 'done' : '' }, m.text || 'hidden', m.completed ? ' ✓' : ''))))));
  }
  // Set-up: the starting armies the player to move has yet to place, and in
  // the 2-player game what this turn of placement owes (own and neutrals).
  function setupLeft() {
    if (!v.setup_left || cp < 0 || !v.players[cp]) return null;
    const left = v.setup_left[v.players[cp].colour];
    const pt = v.placement_turn;
    const owed = pt ? `; this turn ${pt.own} of ${cap(v.players[cp].colour)}'s${pt.neutrals.length ? ` and one each for ${pt.neutrals.map(cap).join(', ')}` : ''}` : '';
    return h('span', { id: 'setup-left' }, ` — ${left} starting ${left === 1 ? 'army' : 'armies'} left${owed}`);
  }
  // What is happening now and what you may do, then the standing of everyone.
  const now = [
    h('p', { id: v.terminal ? 'result' : 'turn', class: v.terminal ? 'result' : 'turn' }, turn),
    h('p.phase', { id: 'phase', 'data-phase': v.phase }, PHASES[v.phase] || v.phase.replace(/_/g, ' '),
      reinforcements > 0 && !v.terminal ? h('span', {}, ' — ', h('b', { id: 'reinforcements' }, String(reinforcements)), ' to place') : null,
      setupLeft(),
      v.losses_to_remove ? ` — ${v.losses_to_remove} lost armies to remove` : null),
    v.battle ? h('p.battle', { id: 'battle' }, `${tname(v.battle.from)} (${v.battle.attack_dice} dice) attacks ${tname(v.battle.to)}`) : null,
    battleResult(snap),
    v.last_roll ? h('p.dice', { id: 'last-roll', title: `attack ${v.last_roll.attack.join(' ')}, defence ${v.last_roll.defence.join(' ')}` }, 'Last roll: ',
      h('span.att', {}, v.last_roll.attack.map((d) => DIE[d]).join('')), ' vs ', h('span.def', {}, v.last_roll.defence.map((d) => DIE[d]).join(''))) : null,
    ...controls,
    legal.length ? h('details.all-legal', {}, h('summary', {}, `All legal actions (${legal.length})`),
      h('div.legal-buttons', {}, legal.map((a) => button(a, a.text)))) : null,
  ];
  const standing = [
    h('table.risk-players', {}, h('thead', {}, h('tr', {}, ['Player', 'Lands', 'Armies', 'Cards', ''].map((x) => h('th', {}, x)))), h('tbody', {}, rows)),
    v.cavalryman !== undefined ? h('p.small', {}, `Next set trades for ${v.cavalryman} armies · deck ${v.deck} cards`) : h('p.small', {}, `Deck ${v.deck} cards`),
    me && me.hand ? h('div.hand', { id: 'hand' }, h('h3', {}, `Your cards (${me.hand.length})`),
      me.hand.length ? h('ul', {}, me.hand.map((c) => h('li', { class: `card ${c.symbol}` }, `${cardName(c.card)} · ${c.symbol}`))) : h('p.muted', {}, 'none')) : null,
    missions(),
  ];
  mountMap(container, svg, now, standing, snap.table && snap.table.version);
}

const pct = (p) => `${(100 * p).toFixed(p > 0.005 && p < 0.995 ? 0 : 1)}%`;

// The exact odds the view gives for the chosen attack (games/risk/odds.h):
// conquest by attacking to the end, and this roll's outcomes with the
// defender rolling the most dice.
function battleOdds(v, from, to, dice, terr) {
  if (!v.odds) return null;
  const conquest = v.odds.conquest[`${from}>${to}`];
  const def = Math.min(2, terr[to].armies);
  const roll = v.odds.roll[`${dice}v${def}`] || [];
  const compared = roll.length - 1;
  const outcomes = roll.map((p, lost) => `${lost === 0 ? 'you lose none' : `you lose ${lost}`}${compared - lost ? `, they lose ${compared - lost}` : ''}: ${pct(p)}`);
  return h('div.odds', { id: 'odds' },
    conquest !== undefined ? h('p', {}, 'Conquest if you attack until it falls or you cannot: ', h('b', { id: 'conquest-odds' }, pct(conquest))) : null,
    h('p.small', {}, `This roll (${dice} v ${def} ${def === 1 ? 'die' : 'dice'}): ${outcomes.join(' · ')}`));
}

// The latest battle in words, from the log the server keeps for this seat
// ("Red v Blue at Egypt, dice 6 2 1 v 4: Red loses 0, Blue loses 1. …").
function battleResult(snap) {
  const entries = (snap.log && snap.log.entries) || [];
  for (let k = entries.length - 1; k >= 0 && k >= entries.length - 4; --k) {
    if (/ v .+ at .+: .+ loses \d+, .+ loses \d+\./.test(entries[k].text)) {
      return h('p.battle-result', { id: 'battle-result' }, entries[k].text);
    }
  }
  return null;
}
