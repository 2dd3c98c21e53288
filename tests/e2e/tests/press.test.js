// A snapshot that arrives while the player's button is down. The browser
// makes a click only of a press and a release on the same element; a board
// redrawn in between (another player coming online, a seat renamed, the
// computer's move) replaces the element pressed, and the click was lost:
// the player clicked a square and nothing happened. The page now keeps a
// snapshot that comes during a press until the release (web/table.js), so
// the click lands, and draws it just after.
//
// Needs MEEPLE_URL (a running `meeple serve`, see run.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, createFromLobby, useBrowser } from '../browser.js';

const browser = useBrowser({ width: 1200, height: 900 });

// Renames the seat of `token` (from another tab, say): the server pushes
// every watcher a snapshot of the same position.
async function rename(id, token, name) {
  const r = await fetch(`${BASE}/api/tables/${id}/seat`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  assert.equal(r.status, 200, await r.text());
}

test('a snapshot pushed between press and release neither loses the click nor is lost', async () => {
  const page = await browser().newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  // White is invited and has not come, so the game waits after Black's move.
  const { id, token } = await createFromLobby(page, 'reversi', ['you', 'invite']);
  await page.waitForSelector('.reversi-board .sq.legal');

  const square = await page.$eval('.reversi-board .sq.legal', (g) => g.dataset.square);
  const box = await (await page.$(`.reversi-board .sq.legal[data-square="${square}"]`)).boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();

  // Black's seat is renamed while the button is down.
  await rename(id, token, 'Ada');
  // The page has it and holds it for the release.
  await page.waitForSelector('.table-page[data-held-draw]', { timeout: 10000 });
  assert.doesNotMatch(await page.textContent('.seats-list'), /Ada/);

  await page.mouse.up();
  // The click reached the square: Black's disc is there once the server
  // has it, and the held snapshot (the new name) was drawn too.
  await page.waitForSelector(`.reversi-board .sq[data-square="${square}"] circle.disc.black`, { timeout: 10000 });
  await page.waitForFunction(() => /Ada/.test(document.querySelector('.seats-list')?.textContent ?? ''));
  assert.equal(await page.$('.table-page[data-held-draw]'), null);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a press that never ends on the page holds a snapshot for a second at most', async () => {
  const page = await browser().newPage();
  const { id, token } = await createFromLobby(page, 'reversi', ['you', 'invite']);
  await page.waitForSelector('.reversi-board .sq.legal');
  // The button goes down on the table's title; its release happens
  // elsewhere (outside the window, say) and never reaches the page.
  const title = await (await page.$('.table-head h2')).boundingBox();
  await page.mouse.move(title.x + 5, title.y + title.height / 2);
  await page.mouse.down();
  await rename(id, token, 'Grace');
  await page.waitForSelector('.table-page[data-held-draw]', { timeout: 10000 });
  // Drawn without the release.
  await page.waitForFunction(() => /Grace/.test(document.querySelector('.seats-list')?.textContent ?? ''),
    null, { timeout: 5000 });
  assert.equal(await page.$('.table-page[data-held-draw]'), null);
  await page.mouse.up();
  await page.close();
});

test("the lobby's refresh between press and release does not lose the click", async () => {
  const page = await browser().newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const { id } = await createFromLobby(page, 'reversi', ['you', 'computer:1']);
  await page.goto(`${BASE}/`);
  const link = `.lists a.button[href^="#/table/${id}"]`;
  await page.waitForSelector(link);
  const box = await (await page.$(link)).boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // The lists refresh every 5 s: the next one waits for the release.
  await page.waitForSelector('.lists[data-held-draw]', { timeout: 10000 });
  await page.mouse.up();
  await page.waitForFunction((t) => location.hash.startsWith(`#/table/${t}`), id, { timeout: 10000 });
  await page.waitForSelector('.reversi-board');
  assert.deepEqual(errors, []);
  await page.close();
});
