// End to end in a real headless Chromium: a 2-player Goa table (you against
// a level-0 computer). The test checks the grid (25 cells, 20 edge slots)
// against the server's view and that the other seat's ducats are not shown,
// then plays by clicking: the flag and the number markers on highlighted
// places, bids with the bid box until it wins an auction (bidding all its
// ducats; a lot the computer keeps is retried on the next one), whatever the
// won tile asks, and Taxes on its development board; the ducats must follow.
// Screenshots at 1366×900 and 390×844 go to SCREENSHOT_DIR; at 390 px the
// page must not scroll sideways; axe-core finds nothing serious, light or dark.
//
// Synchronisation is on DOM state only: every click is followed by a wait
// for the new snapshot (data-version) it causes, and each target is waited
// for (a push of the same version may redraw the board at any time).
// Needs MEEPLE_URL (a running `meeple serve`, see run.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { BASE, SHOTS, useBrowser } from '../browser.js';
import { axeViolations, describeViolations, triage } from '../axe.js';

const browser = useBrowser({ width: 1366, height: 900 });
const PHONE = { width: 390, height: 844 };
const version = (page) => page.getAttribute('.goa-wrap', 'data-version').then(Number);
const stage = (page) => page.getAttribute('#stage', 'data-stage').then(Number);

async function clickAndWait(page, selector) {
  const before = await version(page);
  await page.click(selector);
  await page.waitForFunction((v) => Number(document.querySelector('.goa-wrap')?.dataset.version) > v, before, { timeout: 30000 });
}

test('Goa (2 players): place the flag and markers, win an auction by bidding, take Taxes, by clicking', async () => {
  const res = await fetch(`${BASE}/api/tables`, { method: 'POST', body: JSON.stringify({
    game: 'goa', options: { players: 2 }, seats: [{ kind: 'human' }, { kind: 'computer', level: 0 }] }) });
  assert.equal(res.status, 201, await res.clone().text());
  const created = await res.json();
  const id = created.id;
  const token = created.tokens.find((t) => t.seat === 0).token;
  const get = async () => (await fetch(`${BASE}/api/tables/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json();
  const url = `${BASE}/#/table/${id}?token=${token}`;

  const page = await browser().newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForSelector('.goa-grid');
  assert.equal(await page.$$eval('.goa-grid .goa-cell', (l) => l.length), 25);
  assert.equal(await page.$$eval('.goa-grid .goa-slot', (l) => l.length), 20);

  // Our first decision (the start player is drawn: it may be the computer's flag first).
  await page.waitForSelector('#prompt', { timeout: 60000 });
  const first = await get();
  assert.equal(first.view.current_player, 0);
  // The grid shows the server's tiles.
  const drawn = await page.$$eval('.goa-grid .goa-cell', (l) => l.map((e) => [Number(e.dataset.pos), e.dataset.tile || null]));
  for (const [pos, tile] of drawn) {
    const t = first.view.grid[pos];
    assert.equal(tile, t >= 0 ? first.view.catalog.tiles[t].id : null, `cell ${pos}`);
  }
  // Our ducats are shown, the other seat's are not (the view hides them).
  assert.equal(first.view.players[1].ducats, null);
  assert.equal(await page.textContent('#my-board .ducats'), String(first.view.players[0].ducats));
  assert.equal(await page.getAttribute('.goa-player[data-seat="1"] .ducats', 'data-hidden'), 'true');
  assert.equal(await page.textContent('.goa-player[data-seat="1"] .ducats'), 'hidden');
  // Seats are named by the game's colours.
  assert.match(await page.textContent('#turn'), /^Red to play — your turn/);

  let placed = 0; // flag and markers placed by clicking
  let bidsMade = 0;
  let won = null; // {amount} once a lot went to us for our bid
  let taxes = null; // {before, after} ducats
  let shots = new Set();
  const shoot = async (name) => {
    if (shots.has(name)) return;
    shots.add(name);
    await page.screenshot({ path: path.join(SHOTS, `goa-${name}.png`), fullPage: true });
  };
  for (let i = 0; i < 400 && !(won && taxes); i++) {
    // Our move (or the end).
    await page.waitForFunction(() => document.querySelector('#prompt') || document.querySelector('#result'), null, { timeout: 60000 });
    if (await page.$('#result')) break;
    const sn = await get();
    if (sn.view.current_player !== 0 || !sn.legal.length) { // the page is behind: look again
      await page.waitForTimeout(200);
      continue;
    }
    // Act on what the page shows once it shows this snapshot (not an older one).
    await page.waitForFunction((v) => Number(document.querySelector('.goa-wrap')?.dataset.version) >= v, sn.table.version, { timeout: 30000 });
    if (await version(page) !== sn.table.version) continue;
    const st = await stage(page);
    assert.equal(st, sn.view.stage);
    const task = sn.view.tasks.length ? sn.view.tasks[sn.view.tasks.length - 1] : null;
    if (!task && (st === 4 || st === 5)) {
      // The flag or a number marker: a highlighted place on the grid.
      await page.waitForSelector('.goa-grid button.legal');
      const legalPlaces = await page.$$eval('.goa-grid button.legal', (l) => l.map((e) => e.dataset.at));
      const expected = sn.legal.map((a) => a.json.at).sort();
      assert.deepEqual([...legalPlaces].sort(), expected, 'the highlighted places are the legal ones');
      await shoot(st === 4 ? 'flag' : 'marker');
      await clickAndWait(page, '.goa-grid button.legal');
      placed += 1;
    } else if (!task && st === 6) {
      await page.waitForSelector('#bid-control');
      if (await page.$('#bid')) {
        // Everything we have: the computer then cannot afford to keep the lot (it pays one less).
        const max = await page.getAttribute('#bid-amount', 'max');
        await page.fill('#bid-amount', max);
        await shoot('bid');
        const lot = sn.view.lot;
        const since = Math.max(-1, ...sn.log.entries.map((e) => e.i));
        await clickAndWait(page, '#bid');
        bidsMade += 1;
        // The computer (the auctioneer) sells to us, or buys the lot itself.
        const sold = await waitForLog(get, /^Yellow (sells the lot|buys the lot)/, since);
        if (/sells/.test(sold)) won = { amount: Number(max), lot };
      } else {
        await clickAndWait(page, '#pass');
      }
    } else if (!task && st === 7) {
      // Our own lot: take it, or sell it.
      await page.waitForSelector('#goa-buttons button');
      await clickAndWait(page, (await page.$('#goa-buttons button[data-action="take_lot"]')) ? '#goa-buttons button[data-action="take_lot"]' : '#goa-buttons button[data-action="sell"]');
    } else if (!task && st === 8) {
      // Taxes, on the development board's Taxes row.
      await page.waitForSelector('#my-board [data-act="taxes"]');
      await shoot('action');
      const before = Number(await page.textContent('#my-board .ducats'));
      const level = sn.view.players[0].levels[2];
      await clickAndWait(page, '#my-board [data-act="taxes"]');
      const after = (await get()).view.players[0].ducats;
      if (!taxes) {
        taxes = { before, after };
        const gain = sn.view.catalog.tracks.find((t) => t.id === 'taxes').value[level - 1];
        assert.equal(after, before + gain, `Taxes at level ${level} gives ${gain} ducats`);
        await page.waitForFunction((d) => document.querySelector('#my-board .ducats')?.textContent === String(d), after);
      }
    } else if (!task && st === 9) {
      await page.waitForSelector('#pass');
      await clickAndWait(page, '#pass');
    } else if (task && (task[0] === 11 || task[0] === 5) && sn.legal.some((a) => a.json.type === 'stop')) {
      // The end of an action (or an Expedition): end the turn.
      await page.waitForSelector('#goa-buttons button[data-action="stop"]');
      await clickAndWait(page, '#goa-buttons button[data-action="stop"]');
    } else {
      // A sub-decision (a won tile's spice, spices to place...): the first
      // thing offered, where the board offers it.
      await shoot(`task-${task ? task[0] : st}`);
      const target = await firstTarget(page);
      await clickAndWait(page, target);
    }
  }
  assert.ok(placed >= 1, 'placed the flag or a marker by clicking');
  assert.ok(bidsMade >= 1, 'made a bid');
  assert.ok(won, `won an auction by bidding (${bidsMade} bids)`);
  assert.ok(taxes, 'took Taxes');
  // The log in words tells the bid and the action.
  const log = await page.$$eval('#log li', (l) => l.map((li) => li.textContent));
  assert.ok(log.some((t) => t.startsWith('Red bids ')), log.join('\n'));
  assert.ok(log.some((t) => t.startsWith('Red chooses taxes')), log.join('\n'));
  // Still hidden later on.
  assert.equal(await page.textContent('.goa-player[data-seat="1"] .ducats'), 'hidden');
  await page.screenshot({ path: path.join(SHOTS, 'goa-1366.png'), fullPage: true });

  // A phone: the same table fits 390 px without sideways scrolling.
  const phone = await browser().newPage();
  phone.on('pageerror', (e) => errors.push(String(e)));
  await phone.setViewportSize(PHONE);
  await phone.goto(url);
  await phone.waitForSelector('.goa-grid .goa-cell');
  await phone.waitForFunction(() => /● live/.test(document.querySelector('#live')?.textContent || ''));
  assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth) <= PHONE.width,
    `the page is ${await phone.evaluate(() => document.documentElement.scrollWidth)}px wide on a 390px screen`);
  await phone.screenshot({ path: path.join(SHOTS, 'goa-390.png'), fullPage: true });

  // No serious or critical accessibility violation (axe-core) on the board
  // in play: at 390 px, at 1366 px, and at 1366 px in the dark scheme.
  const failures = [];
  for (const [where, pg, scheme] of [['390', phone, 'light'], ['1366', page, 'light'], ['1366 dark', page, 'dark']]) {
    await pg.emulateMedia({ colorScheme: scheme });
    const { failing } = triage(await axeViolations(pg));
    if (failing.length) failures.push(`${where}:\n${describeViolations(failing)}`);
  }
  assert.deepEqual(failures, [], 'serious or critical accessibility violations');
  await phone.close();

  assert.deepEqual(errors, []);
  await page.close();
});

test('Goa (2 players, Quick starter): move two cubes to row 2 by clicking', async () => {
  const res = await fetch(`${BASE}/api/tables`, { method: 'POST', body: JSON.stringify({
    game: 'goa', options: { players: 2, quick_start: true }, seats: [{ kind: 'human' }, { kind: 'computer', level: 0 }] }) });
  assert.equal(res.status, 201, await res.clone().text());
  const created = await res.json();
  const token = created.tokens.find((t) => t.seat === 0).token;
  const get = async () => (await fetch(`${BASE}/api/tables/${created.id}`, { headers: { Authorization: `Bearer ${token}` } })).json();
  const page = await browser().newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${BASE}/#/table/${created.id}?token=${token}`);
  // Our choice comes first or after the computer's (the start player is drawn).
  await page.waitForSelector('#prompt', { timeout: 60000 });
  const before = await get();
  assert.equal(before.view.stage, 11, 'the Quick starter comes before round 1');
  assert.match(await page.textContent('#prompt'), /^Quick starter: move 2 of your cubes to row 2 .* or take 10 ducats\./);
  assert.ok(await page.$('#goa-buttons button[data-action="quick_ducats"]'), 'the ducats are offered');
  await clickAndWait(page, '#my-board button[data-act="track"][data-track="ships"]');
  await page.waitForSelector('#prompt');
  assert.match(await page.textContent('#prompt'), /one more cube/);
  assert.equal(await page.$('#goa-buttons button[data-action="quick_ducats"]'), null, 'no ducats after a cube');
  assert.equal(await page.$('#my-board button[data-act="track"][data-track="ships"]'), null, 'ships moved already');
  await clickAndWait(page, '#my-board button[data-act="track"][data-track="taxes"]');
  const after = await get();
  assert.deepEqual(after.view.players[0].levels, [2, 1, 2, 1, 1]);
  assert.equal(after.view.players[0].ducats, before.view.players[0].ducats);
  await page.waitForSelector('#my-board tr[data-track="ships"][data-level="2"]');
  const log = await page.$$eval('#log li', (l) => l.map((li) => li.textContent));
  assert.ok(log.some((t) => t.startsWith('Red moves the Ships cube to row 2 (Quick starter)')), log.join('\n'));
  assert.ok(log.some((t) => t.startsWith('Red moves the Taxes cube to row 2 (Quick starter)')), log.join('\n'));
  await page.screenshot({ path: path.join(SHOTS, 'goa-quick-starter.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

// What to click for a sub-decision: a grid place, a spice on a holding, a
// card, a kept tile, or a button under the prompt (the last resort: the
// list of all legal actions).
async function firstTarget(page) {
  const order = ['.goa-grid button.legal', '#goa-buttons button:not([data-action="stop"])', '#my-board .goa-holding button',
    '#my-board .goa-card button', '#my-board .goa-kept button', '#goa-buttons button', '#my-board [data-act]'];
  await page.waitForSelector(order.join(', '));
  for (const sel of order) if (await page.$(sel)) return sel;
  throw new Error('nothing to click');
}

// Waits for the log's first line matching `re` after entry `since`.
async function waitForLog(get, re, since) {
  for (let i = 0; i < 300; i++) {
    const sn = await get();
    const hit = (sn.log ? sn.log.entries : []).find((e) => e.i > since && re.test(e.text));
    if (hit) return hit.text;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the auction did not end');
}
