// The fairness check in the page (web/fairness.js): the revealed seed is
// checked against the seed hash this browser saw first, kept in
// localStorage — not against the hash in the same end-of-game message.
// Two finished computer games: one whose first-seen hash (as a page that
// watched the start would have kept it) differs from the end-of-game hash
// must fail the check; one never seen before the end must say it cannot
// check. (The lobby → play → "matches" path is in reversi.test.js.)
//
// Needs MEEPLE_URL (a running `meeple serve`, see run.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, useBrowser } from '../browser.js';

const browser = useBrowser({ width: 1200, height: 900 });

async function finishedComputerGame() {
  const res = await fetch(`${BASE}/api/tables`, {
    method: 'POST',
    body: JSON.stringify({ game: 'reversi', seats: [{ kind: 'computer', level: 0 }, { kind: 'computer', level: 0 }] }),
  });
  assert.equal(res.status, 201);
  const created = await res.json();
  for (let i = 0; i < 600; i++) {
    const s = await (await fetch(`${BASE}/api/tables/${created.id}`)).json();
    if (s.table.status === 'finished') return { id: created.id, hash: created.table.seed_sha256, seed: s.table.seed };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the computer game did not finish');
}

test('a seed hash that differs from the one first seen fails the check', async () => {
  const game = await finishedComputerGame();
  const page = await browser().newPage();
  await page.goto(`${BASE}/`);
  // What a page that watched the start would have kept, had the server
  // published another commitment then.
  const other = game.hash.replace(/^./, (c) => (c === '0' ? '1' : '0'));
  await page.evaluate(([id, hash]) => {
    localStorage.setItem(`meeple.seedhash.${id}`, JSON.stringify({ hash, version: 0, revealed: false }));
  }, [game.id, other]);
  await page.goto(`${BASE}/#/table/${game.id}`);
  await page.waitForSelector('#seed-check[data-ok]');
  assert.equal(await page.getAttribute('#seed-check', 'data-ok'), 'false');
  assert.match(await page.textContent('#seed-check'), /hash changed/);
  assert.equal(await page.textContent('#seed-first-seen'), other);
  await page.close();
});

test('a table first seen after the end says the check was impossible', async () => {
  const game = await finishedComputerGame();
  const page = await browser().newPage();
  await page.goto(`${BASE}/#/table/${game.id}`);
  await page.waitForSelector('#seed-check[data-ok]');
  assert.equal(await page.getAttribute('#seed-check', 'data-ok'), 'null');
  assert.match(await page.textContent('#seed-check'), /never saw the hash published at the start/);
  // The record kept says so for later visits too.
  await page.reload();
  await page.waitForSelector('#seed-check[data-ok]');
  assert.equal(await page.getAttribute('#seed-check', 'data-ok'), 'null');
  await page.close();
});

test('the lobby offers Join only for open seats', async () => {
  const make = async (seats) => {
    const r = await fetch(`${BASE}/api/tables`, { method: 'POST', body: JSON.stringify({ game: 'reversi', seats }) });
    assert.equal(r.status, 201);
    return (await r.json()).id;
  };
  const invited = await make([{ kind: 'human' }, { kind: 'human', access: 'invite' }]);
  const open = await make([{ kind: 'human' }, { kind: 'human', access: 'open' }]);
  const page = await browser().newPage();
  await page.goto(`${BASE}/`);
  await page.waitForSelector('.lists .card');
  const rowOf = async (id) => page.waitForSelector(`li.table-row:has(a[href="#/table/${id}"])`);
  assert.equal(await (await rowOf(invited)).$('button'), null);
  const join = await (await rowOf(open)).$('button');
  assert.ok(join, 'the open seat is offered');
  await join.click();
  await page.waitForFunction(() => /token=/.test(location.hash));
  await page.waitForSelector('.reversi-board');
  assert.match(await page.textContent('.who'), /You play/);
  await page.close();
});
