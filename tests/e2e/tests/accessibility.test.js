// Accessibility of every page, checked by axe-core in headless Chromium
// (issue 16): the lobby, a Reversi table as its seated player and as a
// spectator, a Risk table on the player's own attack with a source and a
// target chosen (so the prompt, the dice buttons and the odds are shown),
// the same for Risk 2008 (with its marks, objectives and hand),
// a table of The King is Dead on the player's turn (cards) and after
// Assemble (followers on the map), a finished table offering its rematch
// (to a seat, to watch), and the replay of a finished game — each
// at 1366×768, at 390×844 and at 1366×768 in the dark colour scheme.
// Violations of impact "serious" or "critical" fail the test; the others
// are printed as information. No screenshots here (layout.test.js takes them).
//
// Needs MEEPLE_URL (a running `meeple serve`, see run.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, useBrowser } from '../browser.js';
import { axeViolations, describeViolations, triage } from '../axe.js';

const browser = useBrowser({ width: 1366, height: 768 });
// The two screens, light; and the laptop in the dark colour scheme, which
// style.css follows (its colours must keep their contrast too).
const SCREENS = [
  { width: 1366, height: 768, colorScheme: 'light' },
  { width: 390, height: 844, colorScheme: 'light' },
  { width: 1366, height: 768, colorScheme: 'dark' },
];

async function createTable(request) {
  const res = await fetch(`${BASE}/api/tables`, { method: 'POST', body: JSON.stringify(request) });
  assert.equal(res.status, 201, await res.clone().text());
  const created = await res.json();
  const mine = created.tokens.find((t) => t.seat === 0);
  return { id: created.id, token: mine ? mine.token : null };
}

const snapshot = async (table) => (await fetch(`${BASE}/api/tables/${table.id}`,
  { headers: table.token ? { Authorization: `Bearer ${table.token}` } : {} })).json();

// Plays seat 0's legal actions in turn (the first, the second, … of each
// list, so that Risk's armies are spread out), through the API, until
// `done(snapshot)` holds on our turn: the quick way to a given point of a
// game (the clicking itself is tested in each game's own test).
async function playUntil(table, done) {
  for (let i = 0; i < 2000; i++) {
    const sn = await snapshot(table);
    if (sn.legal.length && done(sn)) return sn;
    if (sn.table.status === 'finished') throw new Error('the game ended first');
    if (!sn.legal.length) {
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    await fetch(`${BASE}/api/tables/${table.id}/actions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${table.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: sn.legal[i % sn.legal.length].json, version: sn.table.version }),
    });
  }
  throw new Error('not reached in 2000 steps');
}

// Rules waived, each with its reason (none now: a Risk territory's name
// begins with its visible text since the map was fixed for WCAG 2.5.3).
const WAIVE = [];

// Opens `hash` at each size, brings the page to the state to check with
// `prepare(page)`, runs axe and fails on serious or critical violations.
async function check(name, hash, prepare) {
  const failures = [];
  for (const { colorScheme, ...size } of SCREENS) {
    const page = await browser().newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme });
    await page.goto(`${BASE}/${hash}`);
    await prepare(page);
    const { failing, rest } = triage(await axeViolations(page, { waive: WAIVE }));
    const where = `${name} at ${size.width}×${size.height}, ${colorScheme}`;
    if (rest.length) console.log(`info: ${where}, not failing:\n${describeViolations(rest)}`);
    if (failing.length) {
      console.log(`FAIL: ${where}:\n${describeViolations(failing)}`);
      failures.push(`${where}: ${failing.map((v) => v.id).join(', ')}`);
    }
    assert.deepEqual(errors, [], where);
    await page.close();
  }
  assert.deepEqual(failures, [], 'serious or critical accessibility violations (details above)');
}

// The table is live and drawn (the "connecting…" state is not what is checked).
const live = (page) => page.waitForFunction(() => /● live/.test(document.querySelector('#live')?.textContent || ''));

test('the lobby', async () => {
  await check('lobby', '#/', async (page) => {
    await page.waitForSelector('#create');
    await page.waitForSelector('.lists .card');
  });
});

test('a Reversi table, seated and watching', async () => {
  const table = await createTable({ game: 'reversi', seats: [{ kind: 'human' }, { kind: 'computer', level: 0 }] });
  // A few moves in, so the log, the move list and the last move are shown.
  await playUntil(table, (sn) => sn.table.version >= 4);
  await check('Reversi (seat)', `#/table/${table.id}?token=${table.token}`, async (page) => {
    await page.waitForSelector('.reversi-board .sq.legal');
    await live(page);
  });
  await check('Reversi (spectator)', `#/table/${table.id}`, async (page) => {
    await page.waitForSelector('.reversi-board');
    await live(page);
  });
});

test('a Risk table, attacking with a target chosen', async () => {
  const table = await createTable({ game: 'risk', options: { mode: 'domination', players: 3 },
    seats: [{ kind: 'human' }, { kind: 'computer', level: 1 }, { kind: 'computer', level: 1 }] });
  // An attack phase with an attack to make (not only "end attack").
  await playUntil(table, (sn) => sn.view.phase === 'attack' && sn.legal.some((a) => a.json.type === 'attack'));
  await check('Risk (attack)', `#/table/${table.id}?token=${table.token}`, async (page) => {
    await page.waitForSelector('.risk-map g.territory.legal');
    await live(page);
    await page.click('.risk-map g.territory.legal');
    await page.waitForSelector('.risk-map g.territory.target');
    await page.click('.risk-map g.territory.target');
    await page.waitForSelector('#odds');
  });
  await check('Risk (spectator)', `#/table/${table.id}`, async (page) => {
    await page.waitForSelector('.risk-map');
    await live(page);
  });
});

test('a Risk 2008 table, attacking with a target chosen', async () => {
  const table = await createTable({ game: 'risk-2008', options: { mode: 'command-room', players: 3 },
    seats: [{ kind: 'human' }, { kind: 'computer', level: 1 }, { kind: 'computer', level: 1 }] });
  await playUntil(table, (sn) => sn.view.phase === 'attack' && sn.legal.some((a) => a.json.type === 'attack'));
  await check('Risk 2008 (attack)', `#/table/${table.id}?token=${table.token}`, async (page) => {
    await page.waitForSelector('.risk-map g.territory.legal');
    await live(page);
    await page.click('.risk-map g.territory.legal');
    await page.waitForSelector('.risk-map g.territory.target');
    await page.click('.risk-map g.territory.target');
    await page.waitForSelector('#attack-once');
  });
});

test('a table of The King is Dead', async () => {
  const table = await createTable({ game: 'king-is-dead', options: { players: 2 },
    seats: [{ kind: 'human' }, { kind: 'computer', level: 1 }] });
  await check('The King is Dead', `#/table/${table.id}?token=${table.token}`, async (page) => {
    await page.waitForSelector('#hand button.kid-card.primary', { timeout: 60000 });
    await live(page);
  });
  // Assemble played: the followers to place are buttons on the map.
  await playUntil(table, (sn) => sn.view.phase === 'action');
  const sn = await snapshot(table);
  const assemble = sn.legal.find((a) => a.json.type === 'play' && a.json.card === 'assemble');
  assert.ok(assemble, 'Assemble is in the starting hand (§4.2)');
  const played = await fetch(`${BASE}/api/tables/${table.id}/actions`, {
    method: 'POST', headers: { Authorization: `Bearer ${table.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ action: assemble.json, version: sn.table.version }) });
  assert.equal(played.status, 200, await played.text());
  await check('The King is Dead (Assemble)', `#/table/${table.id}?token=${table.token}`, async (page) => {
    await page.waitForSelector('.kid-map [role="button"]', { timeout: 30000 });
    await live(page);
  });
});

test('a finished table and its rematch', async () => {
  // Two human seats (the second invited); Black resigns, which ends it.
  const res = await fetch(`${BASE}/api/tables`, { method: 'POST',
    body: JSON.stringify({ game: 'reversi', seats: [{ kind: 'human' }, { kind: 'human', access: 'invite' }] }) });
  assert.equal(res.status, 201, await res.clone().text());
  const created = await res.json();
  const seat = (n) => created.tokens.find((t) => t.seat === n).token;
  const post = async (route, token) => {
    const r = await fetch(`${BASE}/api/tables/${created.id}/${route}`, { method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' });
    assert.equal(r.status, 200, await r.clone().text());
  };
  await post('resign', seat(0));
  await check('finished (Rematch offered)', `#/table/${created.id}?token=${seat(0)}`, async (page) => {
    await page.waitForSelector('#rematch');
    await live(page);
  });
  // Black starts the rematch: White is offered to join it, a spectator to watch it.
  await post('rematch', seat(0));
  await check('finished (Join the rematch)', `#/table/${created.id}?token=${seat(1)}`, async (page) => {
    await page.waitForFunction(() => document.querySelector('#rematch')?.textContent === 'Join the rematch');
    await live(page);
  });
  await check('finished (spectator, Watch the rematch)', `#/table/${created.id}`, async (page) => {
    await page.waitForSelector('#watch-rematch');
    await live(page);
  });
});

test('the replay of a finished game', async () => {
  // Two computer seats finish a Reversi game on their own within seconds.
  const table = await createTable({ game: 'reversi', seats: [{ kind: 'computer', level: 0 }, { kind: 'computer', level: 0 }] });
  // Up to 60 s on a busy sanitizer build; a game still running then fails
  // here by name, not later as a missing board.
  let status = '';
  for (let i = 0; i < 600 && (status = (await snapshot(table)).table.status) !== 'finished'; i++) await new Promise((r) => setTimeout(r, 100));
  assert.equal(status, 'finished', 'the two computers finished their game');
  await check('replay', `#/replay/${table.id}`, async (page) => {
    await page.waitForSelector('.reversi-board');
    await page.click('#next-turn');
    await page.waitForFunction(() => /^Turn 1/.test(document.querySelector('#turn')?.textContent || ''));
  });
});
