// End to end in headless Chromium: handing a seat over. A table's move
// timer is chosen at creation and counted down at the table; a player may
// leave their seat to the computer, which then plays it, and take it back
// with "I'm back" (the timer running out is the same hand-over: the server
// tests move its clock, tests/server/timer_test.cpp); a player may resign,
// asked once more first. The log says each.
// Needs MEEPLE_URL (a running `meeple serve`, see run.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { SHOTS, createFromLobby, useBrowser } from '../browser.js';

const browser = useBrowser({ width: 1366, height: 768 });

test('a player leaves their seat to the computer and comes back', async () => {
  const page = await browser().newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));

  // Created from the lobby with a minute per move; White is a friend who
  // has not come yet, so the game waits at White's turn.
  await createFromLobby(page, 'reversi', ['you', 'invite'], { moveSeconds: 60 });
  await page.waitForSelector('.reversi-board');
  // Black's time runs down on the page between snapshots.
  assert.match(await page.textContent('#move-timer'), /^Time per move: 1 min · Black: (1:00|0:\d\d) left$/);
  const before = await page.textContent('#time-left');
  await page.waitForFunction((t) => document.querySelector('#time-left')?.textContent !== t, before);

  // Black hands the seat over: the computer makes Black's move.
  await page.click('#leave-seat');
  await page.waitForSelector('#time-left', { state: 'detached' }); // White has not come: no clock
  await page.waitForSelector('#away #back');
  await page.waitForFunction(() => document.querySelector('#log')?.textContent.includes('Black plays'));
  assert.match(await page.textContent('#log'), /Black left their seat to the computer/);
  assert.match(await page.textContent('.seats-list'), /Black: player — you.*the computer plays for them/s);
  await page.screenshot({ path: path.join(SHOTS, 'timer-away.png') });

  // Back: the card goes, the seat is the player's again, the log says so.
  await page.click('#back');
  await page.waitForSelector('#away', { state: 'detached' });
  await page.waitForFunction(() => document.querySelector('#log')?.textContent.includes('Black is back'));
  assert.doesNotMatch(await page.textContent('.seats-list'), /the computer plays for them/);
  await page.waitForSelector('#leave-seat');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a player resigns a two-player game, asked once more first', async () => {
  const page = await browser().newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await createFromLobby(page, 'reversi', ['you', 'computer:1']);
  await page.waitForSelector('.reversi-board');

  // Cancel changes nothing; "Yes, resign" ends the game for White.
  await page.click('#resign');
  await page.click('#resign-no');
  await page.waitForSelector('#resign');
  await page.click('#resign');
  assert.match(await page.textContent('#confirm-resign'), /The other player wins at once/);
  await page.click('#resign-yes');
  await page.waitForSelector('#resigned');
  assert.equal((await page.textContent('#resigned')).trim(), 'Black resigned: White wins.');
  assert.match(await page.textContent('#log'), /Black resigned: White wins/);
  assert.match(await page.textContent('.seats-list'), /Black: player — you.*— resigned/s);
  assert.equal(await page.$('#resign'), null);
  assert.equal((await page.textContent('#turn')).trim(), 'Game over');
  assert.equal(await page.$$eval('.legal-dot', (d) => d.length), 0);
  await page.screenshot({ path: path.join(SHOTS, 'resigned.png') });
  assert.deepEqual(errors, []);
  await page.close();
});
