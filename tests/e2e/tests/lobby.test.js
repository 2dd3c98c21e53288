// End to end in headless Chromium: a seat is never lost by closing the tab.
// The lobby lists the tables this browser plays under "Your tables", with
// the way back into the seat (its token), "Your turn" when it is; a browser
// without the seat sees the same table only to watch. The player's name and
// whether they are online show beside their seat.
// Needs MEEPLE_URL (a running `meeple serve`, see run.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { BASE, SHOTS, createFromLobby, useBrowser } from '../browser.js';

const browser = useBrowser({ width: 1200, height: 900 });

test('the lobby offers this browser its own seat back', async () => {
  const page = await browser().newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));

  // A name given once in this browser goes with the seats it takes.
  await page.goto(`${BASE}/`);
  await page.evaluate(() => localStorage.setItem('meeple.name', 'Ayşe'));
  const { id, token } = await createFromLobby(page, 'reversi', ['you', 'computer:1']);
  await page.waitForSelector('.reversi-board');
  assert.match(await page.textContent('.seats-list'), /Black: Ayşe — you/);

  // The tab is gone; the lobby brings the seat back.
  await page.goto(`${BASE}/`);
  const row = `#your-tables .table-row`;
  await page.waitForSelector(row);
  const link = await page.$eval(`${row} a.button.primary`, (a) => ({ text: a.textContent, href: a.getAttribute('href') }));
  assert.equal(link.text, 'Your turn');
  assert.match(await page.textContent(row), /Ayşe · computer 1/);
  assert.equal(link.href, `#/table/${id}?token=${token}`);
  // Listed once: not again among the others' games.
  const elsewhere = await page.$$eval('.lists .card:not(#your-tables) a', (as, tid) =>
    as.filter((a) => (a.getAttribute('href') || '').includes(tid)).length, id);
  assert.equal(elsewhere, 0);
  await page.screenshot({ path: path.join(SHOTS, 'lobby-your-tables.png'), fullPage: true });
  await page.click(`${row} a.button.primary`);
  await page.waitForSelector('.reversi-board');
  assert.equal(await page.textContent('.who'), 'You play Black.');
  // Our own seat shows online while this page is open.
  await page.waitForSelector('.seats-list li .presence[data-online="true"]');

  // A browser that holds no seat there may only watch.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${BASE}/`);
  await page.waitForSelector(`.table-row a[href="#/table/${id}"]`);
  assert.equal(await page.$('#your-tables'), null);
  assert.equal(await page.textContent(`.table-row a[href="#/table/${id}"]`), 'Watch');

  assert.deepEqual(errors, []);
  await page.close();
});

test('the seat chooser names each game\'s computer levels', async () => {
  const page = await browser().newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#game');
  const levels = async () => page.$$eval('select[data-seat="1"] option[value^="computer:"]',
    (os) => os.map((o) => o.textContent));
  // Reversi: 0 (random) to 10, each with what it plays.
  await page.selectOption('#game', 'reversi');
  let names = await levels();
  assert.equal(names.length, 11);
  assert.equal(names[0], 'Computer, level 0: random');
  assert.match(names[10], /^Computer, level 10: searches 1.25 s a move/);
  assert.match(names[1], /^Computer, level 1: .*30 % of its moves random$/);
  // Goa has five, its top a search; the default seat is its standard
  // level (GET /api/games: levels.standard), 4, its first search.
  await page.selectOption('#game', 'goa');
  names = await levels();
  assert.equal(names.length, 6);
  assert.match(names[2], /^Computer, level 2: the heuristic, 20 % of its moves random$/);
  assert.match(names[5], /^Computer, level 5: ISMCTS, 12800 iterations a move/);
  assert.equal(await page.$eval('select[data-seat="1"]', (s) => s.value), 'computer:4');
  // The King is Dead has five, the top a search (the turn search with two
  // players, basic game; ISMCTS in every other), level 3 ISMCTS with some moves
  // random; the default seat is its top.
  await page.selectOption('#game', 'king-is-dead');
  names = await levels();
  assert.equal(names.length, 6);
  assert.match(names[1], /^Computer, level 1: the heuristic, 95 % of its moves random$/);
  assert.match(names[2], /^Computer, level 2: the heuristic$/);
  assert.match(names[3], /^Computer, level 3: ISMCTS, 200 iterations a move, random playouts, \d+ % of its moves random \(.*three-player: \d+ % random.*\)$/);
  assert.match(names[5], /^Computer, level 5: alpha-beta over whole turns, [\d,]+ positions a move \(advanced two-player: the same, the other's Cunning cards drawn from what its plays suggest; every other game: ISMCTS, 200 iterations a move, random playouts\)$/);
  assert.equal(await page.$eval('select[data-seat="1"]', (s) => s.value), 'computer:5');
  // Risk has five, the top searching; the default seat is its top.
  await page.selectOption('#game', 'risk');
  names = await levels();
  assert.equal(names.length, 6);
  assert.match(names[1], /^Computer, level 1: the heuristic, 85 % of its moves random$/);
  assert.match(names[5], /^Computer, level 5: ISMCTS, 100 iterations a decision/);
  assert.equal(await page.$eval('select[data-seat="1"]', (s) => s.value), 'computer:5');
  assert.deepEqual(errors, []);
  await page.close();
});
