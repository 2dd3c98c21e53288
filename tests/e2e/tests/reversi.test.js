// End to end in a real headless Chromium: the lobby creates a Reversi table
// against the computer, asks for a hint, plays it to the end by clicking legal
// squares (or Pass), then checks the final count three ways (the counters,
// the discs drawn on the board, the server's view) and the replay page.
// Screenshots of the lobby and the finished game go to SCREENSHOT_DIR.
//
// Needs MEEPLE_URL (a running `meeple serve`, see run.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { BASE, SHOTS, useBrowser } from '../browser.js';

const browser = useBrowser({ width: 1200, height: 900 });

async function playToTheEnd(page) {
  for (let turn = 0; turn < 200; turn++) {
    // Wait until the game is over or it is our move (a legal square or Pass).
    await page.waitForFunction(() =>
      document.querySelector('#result') ||
      document.querySelector('.reversi-board .sq.legal') ||
      document.querySelector('button[data-action="pass"]'), null, { timeout: 30000 });
    if (await page.$('#result')) return turn;
    const pass = await page.$('button[data-action="pass"]');
    if (pass) {
      const before = await page.$$eval('#moves li', (l) => l.length);
      await pass.click();
      await page.waitForFunction((n) => document.querySelectorAll('#moves li').length > n, before);
      continue;
    }
    const square = await page.$eval('.reversi-board .sq.legal', (g) => g.dataset.square);
    await page.click(`.reversi-board .sq.legal[data-square="${square}"]`);
    // Our disc appears on that square once the server has committed it.
    await page.waitForSelector(`.reversi-board .sq[data-square="${square}"] circle.disc`, { timeout: 30000 });
  }
  throw new Error('the game did not end within 200 turns');
}

test('lobby → Reversi against the computer → played to the end by clicking', async () => {
  const page = await browser().newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));

  await page.goto(`${BASE}/`);
  await page.waitForSelector('#create');
  await page.waitForSelector('.lists .card');
  await page.screenshot({ path: path.join(SHOTS, 'lobby.png'), fullPage: true });

  await page.selectOption('#game', 'reversi');
  await page.selectOption('select[data-seat="0"]', 'you');
  await page.selectOption('select[data-seat="1"]', 'computer:1');
  await page.click('#create');
  await page.waitForFunction(() => location.hash.startsWith('#/table/'));
  const id = await page.evaluate(() => location.hash.split('/')[2].split('?')[0]);
  await page.waitForSelector('.reversi-board');
  assert.equal(await page.$$eval('.reversi-board circle.disc', (d) => d.length), 4);
  assert.match(await page.textContent('#turn'), /Black to move/);
  assert.equal(await page.$$eval('.reversi-board .sq.legal', (l) => l.length), 4);

  // A hint at the chosen level: its move, highlighted, and the chance to win.
  await page.selectOption('#hint-level', '2');
  await page.click('#hint');
  await page.waitForSelector('#hint-text');
  const hintText = await page.textContent('#hint-text');
  const hinted = /^Try ([a-h][1-8]) — about (\d+)% to win\.$/.exec(hintText);
  assert.ok(hinted, hintText);
  assert.ok(Number(hinted[2]) >= 0 && Number(hinted[2]) <= 100, hintText);
  assert.deepEqual(await page.$$eval('.reversi-board .sq.hint', (l) => l.map((g) => g.dataset.square)), [hinted[1]]);

  const turns = await playToTheEnd(page);
  assert.ok(turns > 5, `only ${turns} turns`);

  // The final count, three ways.
  const black = Number(await page.textContent('#count-black'));
  const white = Number(await page.textContent('#count-white'));
  const drawnBlack = await page.$$eval('.reversi-board circle.disc.black', (d) => d.length);
  const drawnWhite = await page.$$eval('.reversi-board circle.disc.white', (d) => d.length);
  assert.equal(black, drawnBlack);
  assert.equal(white, drawnWhite);
  const server = await (await fetch(`${BASE}/api/tables/${id}`)).json();
  assert.equal(server.table.status, 'finished');
  assert.deepEqual(server.view.discs, { black, white });
  const result = await page.textContent('#result');
  if (black > white) assert.match(result, new RegExp(`Black wins ${black}–${white}`));
  else if (white > black) assert.match(result, new RegExp(`White wins ${white}–${black}`));
  else assert.match(result, /draw/);
  // Fairness: the revealed seed matches the published hash (checked in the page).
  await page.waitForFunction(() => /matches/.test(document.querySelector('#seed-check')?.textContent || ''));
  await page.screenshot({ path: path.join(SHOTS, 'finished-game.png'), fullPage: true });

  // The same table on a phone-sized screen.
  const p2 = await browser().newPage();
  await p2.setViewportSize({ width: 390, height: 844 });
  await p2.goto(`${BASE}/#/table/${id}`);
  await p2.waitForSelector('#result');
  const width = await p2.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width}px wide on a 390px screen`);
  await p2.screenshot({ path: path.join(SHOTS, 'finished-game-phone.png'), fullPage: true });
  // Closed now: a page left in the background gets no frames, so the first
  // page could not take its screenshots.
  await p2.close();

  // Replay, move by move.
  await page.goto(`${BASE}/#/replay/${id}`);
  await page.waitForSelector('.reversi-board');
  assert.match(await page.textContent('#step'), /^Start/);
  assert.equal(await page.$$eval('.reversi-board circle.disc', (d) => d.length), 4);
  assert.match(await page.textContent('#turn'), /^Before the first turn \(\d+ turns\)/);
  await page.click('#next');
  assert.match(await page.textContent('#step'), /^Step 1 of \d+: Black plays [a-h][1-8], flipping \d+\./);
  assert.equal(await page.$$eval('.reversi-board circle.disc', (d) => d.length), 5);
  // By turn: each Reversi move is a turn; the slider jumps to any of them.
  await page.click('#next-turn');
  assert.match(await page.textContent('#turn'), /^Turn 2 of \d+: White/);
  assert.equal(await page.$$eval('#turn-words li', (l) => l.length), 1);
  assert.equal(await page.$$eval('.reversi-board circle.disc', (d) => d.length), 6);
  await page.click('#prev-turn');
  assert.match(await page.textContent('#turn'), /^Turn 1 of \d+: Black/);
  const lastTurn = Number(await page.getAttribute('#turn-slider', 'max'));
  await page.fill('#turn-slider', String(lastTurn));
  assert.match(await page.textContent('#turn'), new RegExp(`^Turn ${lastTurn} of ${lastTurn}:`));
  assert.equal(await page.$$eval('.reversi-board circle.disc', (d) => d.length), black + white);
  await page.screenshot({ path: path.join(SHOTS, 'replay-by-turn.png'), fullPage: true });

  // The lobby again, now listing the finished table.
  await page.goto(`${BASE}/`);
  await page.waitForSelector(`.table-row[data-status="finished"]`);
  await page.screenshot({ path: path.join(SHOTS, 'lobby-with-tables.png'), fullPage: true });

  assert.deepEqual(errors, []);
  await page.close();
});
