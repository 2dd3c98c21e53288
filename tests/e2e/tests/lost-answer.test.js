// A move whose answer is lost: the browser's POST reaches the real server and
// is applied, but the connection is cut before the answer arrives (as when a
// server or load balancer restarts). The page sends it again with the same
// request_id (web/api.js), the server answers "repeated" instead of applying
// it twice, and the player sees no error: one move in the log, the game goes on.
// And an answer that comes late: the next move, clicked on the snapshot that
// came before it, is sent all the same (web/table.js dropped it once).
//
// Needs MEEPLE_URL (a running `meeple serve`, see run.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, createFromLobby, useBrowser } from '../browser.js';

const browser = useBrowser({ width: 1200, height: 900 });

test('a move whose answer was lost is sent again and applied once', async () => {
  const page = await browser().newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const { id } = await createFromLobby(page, 'reversi', ['you', 'computer:1']);
  await page.waitForSelector('.reversi-board .sq.legal');

  const sent = [];
  const answers = [];
  await page.route('**/api/tables/*/actions', async (route) => {
    sent.push(JSON.parse(route.request().postData()));
    // The server gets the request and commits it ...
    const response = await route.fetch();
    answers.push(await response.json());
    // ... but the first answer never reaches the page.
    if (sent.length === 1) return route.abort('connectionreset');
    return route.fulfill({ response });
  });

  const square = await page.$eval('.reversi-board .sq.legal', (g) => g.dataset.square);
  await page.click(`.reversi-board .sq.legal[data-square="${square}"]`);
  await page.waitForSelector(`.reversi-board .sq[data-square="${square}"] circle.disc`);
  // Wait for the retry's answer (the first retry waits 250 ms).
  for (let i = 0; i < 100 && answers.length < 2; i++) await page.waitForTimeout(50);

  assert.equal(sent.length, 2, 'the page sent the move once more');
  assert.match(sent[0].request_id, /^[0-9a-f]{24}$/);
  assert.deepEqual(sent[1], sent[0], 'the same request, with the same id');
  assert.deepEqual(answers[0], { version: 1 });
  assert.deepEqual(answers[1], { version: 1, repeated: true });
  assert.equal(await page.textContent('#error'), '', 'the player sees no error');

  // The server applied it once: the first entry is the move, and no other
  // entry of seat 0 follows before the computer's reply.
  const state = await (await fetch(`${BASE}/api/tables/${id}`)).json();
  assert.equal(state.history[0].text, square);
  assert.equal(state.history.filter((h) => h.seat === 0).length, 1);

  // And the game goes on: the next move is an ordinary one.
  await page.unroute('**/api/tables/*/actions');
  await page.waitForSelector('.reversi-board .sq.legal', { timeout: 30000 });
  const next = await page.$eval('.reversi-board .sq.legal', (g) => g.dataset.square);
  await page.click(`.reversi-board .sq.legal[data-square="${next}"]`);
  await page.waitForSelector(`.reversi-board .sq[data-square="${next}"] circle.disc`);
  assert.equal(await page.textContent('#error'), '');
  assert.deepEqual(errors, []);
});

test('a click on the next snapshot is sent though the previous answer is late', async () => {
  const page = await browser().newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const { id } = await createFromLobby(page, 'reversi', ['you', 'computer:1']);
  await page.waitForSelector('.reversi-board .sq.legal');
  // Every answer reaches the page 2 s late; the server has committed the
  // move at once, the computer replies, and the page sees our turn again.
  await page.route('**/api/tables/*/actions', async (route) => {
    const response = await route.fetch();
    await new Promise((r) => setTimeout(r, 2000));
    return route.fulfill({ response });
  });
  const first = await page.$eval('.reversi-board .sq.legal', (g) => g.dataset.square);
  await page.click(`.reversi-board .sq.legal[data-square="${first}"]`);
  await page.waitForFunction((sq) => document.querySelector(`.reversi-board .sq[data-square="${sq}"] circle.disc`)
    && document.querySelector('.reversi-board .sq.legal'), first);
  // Our second move, before the first answer came: it is not dropped.
  const next = await page.$eval('.reversi-board .sq.legal', (g) => g.dataset.square);
  await page.click(`.reversi-board .sq.legal[data-square="${next}"]`);
  await page.waitForSelector(`.reversi-board .sq[data-square="${next}"] circle.disc`, { timeout: 10000 });
  const state = await (await fetch(`${BASE}/api/tables/${id}`)).json();
  assert.deepEqual(state.history.filter((x) => x.seat === 0).map((x) => x.text), [first, next]);
  await page.unroute('**/api/tables/*/actions');
  assert.equal(await page.textContent('#error'), '');
  assert.deepEqual(errors, []);
  await page.close();
});
