// What the Risk browser tests share (risk.test.js, risk-2008.test.js): the
// map's selectors, waiting for our turn on the map, and for Risk 2008 a way
// to play every seat of a table through the API up to the decision a test
// then takes by clicking.
// (Outside tests/ so that `node --test tests/` does not run it as a test.)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { BASE } from './browser.js';

// A territory of the map (web/boards/risk-map.js draws one group each).
export const T = '.risk-map g.territory';

const root = new URL('../../', import.meta.url);
export const LAYOUT = JSON.parse(fs.readFileSync(new URL('web/boards/risk-layout.json', root)));
export const IDS = LAYOUT.territories.map((t) => t.id);
export const neighbours = (id) => LAYOUT.links.filter((l) => l.includes(id)).map(([a, b]) => (a === id ? b : a));

export const phase = (page) => page.getAttribute('#phase', 'data-phase');

// Waits until we may click the map (a legal territory) or the phase is no
// longer one of `phases`; answers the phase then.
export async function ourTurnOr(page, phases) {
  await page.waitForFunction((ps) => {
    const ph = document.querySelector('#phase')?.dataset.phase;
    return ph && (!ps.includes(ph) || document.querySelector('.risk-map g.territory.legal'));
  }, phases, { timeout: 30000 });
  return phase(page);
}

// Waits until territory `id` carries `n` armies (with `atLeast`, n or
// more) and its badge draws that count, both read in one evaluation, or
// until the phase is none of `during`. A set-up's last placement also rolls
// the first player in the same commit, and a computer that starts may
// attack the territory before a poll sees the count (the server sends a
// slow page only its newest snapshot): a second read after the wait, or a
// wait that only ends on the count, would race it.
export function armiesShownOrOver(page, id, n, { during = [], atLeast = false, timeout = 30000 } = {}) {
  return page.waitForFunction(([sel, want, phases, least]) => {
    const ph = document.querySelector('#phase')?.dataset.phase;
    if (phases.length && ph && !phases.includes(ph)) return true;
    const g = document.querySelector(sel);
    if (!g) return false;
    const attr = Number(g.dataset.armies);
    return (least ? attr >= want : attr === want) && Number(g.querySelector('text.armies')?.textContent) === attr;
  }, [`${T}[data-territory="${id}"]`, n, during, atLeast], { timeout });
}

// --- Through the API (docs/api.md) ---

// Creates a table; answers its id and every seat's token by seat (null for
// a computer seat).
export async function createTable(request) {
  const res = await fetch(`${BASE}/api/tables`, { method: 'POST', body: JSON.stringify(request) });
  assert.equal(res.status, 201, await res.clone().text());
  const created = await res.json();
  const tokens = created.table.seats.map((s) => created.tokens.find((t) => t.seat === s.seat)?.token ?? null);
  return { id: created.id, tokens, token: tokens[0] };
}

// The snapshot for the seat holding `token`.
export async function snapshot(id, token) {
  const res = await fetch(`${BASE}/api/tables/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200, await res.clone().text());
  return res.json();
}

// Sends one action for the seat holding `token`; answers the HTTP status
// (a 409 means someone else moved first: the caller looks again).
export async function act(id, token, action, version) {
  const res = await fetch(`${BASE}/api/tables/${id}/actions`, {
    method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ action, version }),
  });
  if (res.status !== 200 && res.status !== 409) assert.fail(`${JSON.stringify(action)}: HTTP ${res.status} ${await res.text()}`);
  return res.status;
}

// Makes the server push a fresh snapshot to every viewer of the table
// without touching the game (seat `seat` changes its name), and waits until
// the page has drawn it: the element `selector` is a new one. Every
// snapshot re-renders the board, so this is what happens when another
// seat moves while the player is typing.
let renames = 0;
export async function pushSnapshot(page, table, selector, seat = 1) {
  await page.$eval(selector, (el) => { el.dataset.beforePush = 'yes'; });
  const res = await fetch(`${BASE}/api/tables/${table.id}/seat`, {
    method: 'POST', headers: { Authorization: `Bearer ${table.tokens[seat]}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: `Player ${++renames}` }),
  });
  assert.equal(res.status, 200, await res.clone().text());
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return el && !el.dataset.beforePush;
  }, selector, { timeout: 10000 });
}

// Plays a table whose every seat we hold through the API: the seat to move
// plays `choose(snap, seat)` (an action's JSON), until `stop(snap)` holds
// on seat 0's snapshot, which is answered. The server rolls the dice and
// answers defences itself (auto_answer), so every step is a seat's.
export async function playSeats(table, choose, stop, limit = 2000) {
  for (let i = 0; i < limit; i++) {
    const mine = await snapshot(table.id, table.tokens[0]);
    if (stop(mine)) return mine;
    assert.notEqual(mine.table.status, 'finished', 'the game ended first');
    const seat = mine.table.to_move;
    if (typeof seat !== 'number') {
      await new Promise((r) => setTimeout(r, 20));
      continue;
    }
    const sn = seat === 0 ? mine : await snapshot(table.id, table.tokens[seat]);
    if (!sn.legal.length) continue;
    await act(table.id, table.tokens[seat], choose(sn, seat), sn.table.version);
  }
  assert.fail(`not reached in ${limit} steps`);
}

// --- Risk 2008: a table set up so that seat 0 can collect a given reward ---

const EDITION = JSON.parse(fs.readFileSync(new URL('data/risk/2008.json', root)));
export const OBJECTIVES = EDITION.objectives.list;
// Reward tokens 0..3 are the minor ones, 4..7 the major ones
// (docs/state-format.md "Risk 2008").
export const REWARD_TOKENS = [...EDITION.rewards.minor, ...EDITION.rewards.major];
const bit = (mask, i) => Math.floor(Number(mask) / 2 ** i) % 2 === 1;

// The territories that meet objective `o` with this table's cities, if
// holding them from the set-up on is enough (no conquest needed), else null.
function territoriesFor(o, view) {
  const c = o.condition;
  const continent = (k) => LAYOUT.territories.filter((t) => t.continent === k).map((t) => t.id);
  if (c.kind === 'control_continents') return c.continents.flatMap(continent);
  if (c.kind === 'control_any_continents' && c.count === 2) return [...continent('australia'), ...continent('south_america')];
  if (c.kind === 'control_cities') return IDS.filter((id, i) => bit(view.cities, i)).slice(0, c.count);
  return null;
}

// Creates Command Room tables for 3 players, every seat ours (human), until
// one has a reward of `rewards` (names of data/risk/2008.json) lying on an
// objective that seat 0 meets by what it claims in the set-up (a continent,
// two continents, cities). The tokens are laid out at random when the
// table is created; about 2 tables in 3 qualify, so 30 tries fail with
// odds below 1e-14. Answers {table, objective, token, mine, theirs}: the
// territories seat 0 is to claim, its capital first (one with a neighbour
// outside the objective's, so that it can attack), then a neighbour of it
// (for a manoeuvre), then the rest the objective needs; and that outside
// neighbour, which the other seats claim first.
export async function rewardTable(rewards) {
  for (let tries = 0; tries < 30; tries++) {
    const table = await createTable({ game: 'risk-2008', options: { mode: 'command-room', players: 3 },
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }] });
    const { view } = await snapshot(table.id, table.token);
    for (let i = 0; i < OBJECTIVES.length; i++) {
      const token = view.objective_token[i];
      if (view.objective_place[i] !== -2 || token < 0 || !rewards.includes(REWARD_TOKENS[token])) continue;
      const need = territoriesFor(OBJECTIVES[i], view);
      if (!need) continue;
      const front = need.find((t) => neighbours(t).some((u) => !need.includes(u)));
      const enemy = neighbours(front).find((u) => !need.includes(u));
      const buddy = need.find((t) => neighbours(front).includes(t)) || neighbours(front).find((u) => u !== enemy);
      const mine = [...new Set([front, buddy, ...need])];
      assert.ok(mine.length <= 14, 'seat 0 claims 14 territories in a 3-player set-up');
      return { table, objective: OBJECTIVES[i], token, mine, theirs: [enemy] };
    }
  }
  assert.fail('no table with the reward on an objective met by the set-up');
}

// How every seat plays in playSeats: seat 0 takes the territories `mine`
// (in order) in the set-up and piles all its troops on the first; the
// others take `theirs` first, then what is left, and pile theirs on one
// territory too. Nobody attacks, collects an objective or manoeuvres, so
// the set-up's owners stay. `claim(snap)`, if given, chooses seat 0's
// objective (JSON id or null) when it may collect one.
export function passivePlay({ mine, theirs }, { claim = () => null } = {}) {
  return (sn, seat) => {
    const v = sn.view;
    const places = sn.legal.filter((a) => a.json.territory).map((a) => a.json.territory);
    const free = (t) => places.includes(t);
    switch (v.phase) {
      case 'capital':
      case 'claim': {
        const t = seat === 0 ? mine.find(free) || places.find((p) => !theirs.includes(p)) || places[0]
          : theirs.find(free) || places.find((p) => !mine.includes(p)) || places[0];
        return { type: v.phase, territory: t };
      }
      case 'place':
        return { type: 'place', territory: seat === 0 ? mine[0] : places[0], count: 1 };
      case 'draft':
        return { type: 'place', territory: seat === 0 ? mine[0] : places[0], count: v.counters[6] };
      case 'claim_objective':
        return { type: 'claim_objective', objective: seat === 0 ? claim(sn) : null };
      case 'airfield':
        return { type: 'airfield', territory: places[0] };
      case 'attack':
      case 'manoeuvre':
        return { type: 'end' };
      case 'move':
        return { type: 'done' };
      default:
        return sn.legal[0].json;
    }
  };
}
