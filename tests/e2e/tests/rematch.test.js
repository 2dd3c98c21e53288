// End to end in headless Chromium: a rematch. Two players, each in their own
// browser (Ana, Black, at 1366×768; Ben, White, on a 390px phone), and a
// spectator (dark colour scheme) at a two-human Reversi table; Ana resigns,
// which ends the game at once. Ana's "Rematch" makes the new table and takes
// her there in her seat; Ben's open page, without a reload, then offers
// "Join the rematch", which takes him to the same table in his seat; the
// spectator's page offers "Watch the rematch". Back at the old table Ana's
// button reads "Go to the rematch" and goes there with the token it kept;
// a browser that lost that token is told the server's reason (409) in the
// table's error area.
// Needs MEEPLE_URL (a running `meeple serve`, see run.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { BASE, SHOTS, createFromLobby, useBrowser } from '../browser.js';

const ana = useBrowser({ width: 1366, height: 768 });
const ben = useBrowser({ width: 390, height: 844 });
const watcher = useBrowser({ width: 1366, height: 768 });

// A page that records its script errors and its rematch requests.
async function open(context, errors) {
  const page = await context.newPage();
  page.rematchPosts = 0;
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/tables\/[^/]+\/rematch$/.test(r.url())) page.rematchPosts += 1;
  });
  return page;
}

const hashTable = (page) => page.evaluate(() => ({
  id: location.hash.split('/')[2]?.split('?')[0],
  token: new URLSearchParams(location.hash.split('?')[1] || '').get('token'),
}));

const text = async (page, sel) => (await page.textContent(sel)).trim();
// The seats list comes to read `re` (names arrive with a push).
const seats = (page, re) => page.waitForFunction(([src, flags]) =>
  new RegExp(src, flags).test(document.querySelector('.seats-list')?.textContent || ''), [re.source, re.flags]);
// Both seats taken by their players, who have the table open.
const bothHere = (page) => page.waitForFunction(() =>
  document.querySelectorAll('.seats-list [data-online="true"]').length === 2);

test('two players start a rematch, each in their own seat, and a spectator follows', async () => {
  const errors = [];
  const a = await open(ana(), errors);
  const b = await open(ben(), errors);
  const s = await open(watcher(), errors);
  await s.emulateMedia({ colorScheme: 'dark' });

  // Ana creates the table with White invited; Ben opens the invite link.
  await a.goto(`${BASE}/`);
  await a.evaluate(() => localStorage.setItem('meeple.name', 'Ana'));
  const old = await createFromLobby(a, 'reversi', ['you', 'invite']);
  await a.waitForSelector('.reversi-board');
  const invite = await a.inputValue('input[aria-label="Invite link for White"]');
  assert.match(invite, new RegExp(`/#/table/${old.id}\\?token=`));
  await b.goto(`${BASE}/`);
  await b.evaluate(() => localStorage.setItem('meeple.name', 'Ben'));
  await b.goto(invite);
  await b.waitForSelector('.reversi-board');
  await s.goto(`${BASE}/#/table/${old.id}`);
  await s.waitForSelector('.reversi-board');
  await bothHere(a);
  await seats(a, /Black: Ana — you.*White: Ben/s);

  // Ana resigns: the game is over on every page; no rematch offered while
  // it ran, none to a spectator before it exists.
  assert.equal(await a.$('#rematch'), null);
  await a.click('#resign');
  await a.click('#resign-yes');
  for (const p of [a, b, s]) await p.waitForSelector('#resigned');
  assert.equal(await text(a, '#rematch'), 'Rematch');
  assert.equal(await text(b, '#rematch'), 'Rematch');
  assert.equal(await s.$('#rematch'), null);
  assert.equal(await s.$('#watch-rematch'), null);
  await a.screenshot({ path: path.join(SHOTS, 'rematch-offered.png') });

  // Ana: the new table, as Black, with a fresh token kept in this browser.
  await a.click('#rematch');
  await a.waitForFunction((id) => location.hash.startsWith('#/table/') && !location.hash.startsWith(`#/table/${id}`), old.id);
  const next = await hashTable(a);
  assert.ok(next.id && next.token, JSON.stringify(next));
  assert.notEqual(next.token, old.token);
  assert.equal(a.rematchPosts, 1);
  await a.waitForFunction(() => document.querySelector('.who')?.textContent === 'You play Black.');
  assert.deepEqual(await a.evaluate((id) => JSON.parse(localStorage.getItem(`meeple.you.${id}`)), next.id),
    { seat: 0, token: next.token });

  // Ben's page, still open at the old table, learns of it from the push.
  await b.waitForFunction(() => document.querySelector('#rematch')?.textContent === 'Join the rematch');
  assert.ok(await b.evaluate(() => document.documentElement.scrollWidth) <= 390, 'no sideways scrolling on a phone');
  await b.screenshot({ path: path.join(SHOTS, 'rematch-join-390.png'), fullPage: true });
  // So does the spectator's.
  await s.waitForSelector('#watch-rematch');
  assert.equal(await text(s, '#watch-rematch'), 'Watch the rematch');
  assert.equal(await s.getAttribute('#watch-rematch', 'href'), `#/table/${next.id}`);
  assert.equal(await s.$('#rematch'), null);
  await s.screenshot({ path: path.join(SHOTS, 'rematch-watch-dark.png') });

  // Ben joins: the same new table, as White.
  await b.click('#rematch');
  await b.waitForFunction((id) => location.hash.startsWith(`#/table/${id}?token=`), next.id);
  const bens = await hashTable(b);
  assert.equal(bens.id, next.id);
  assert.ok(bens.token && bens.token !== next.token);
  assert.equal(b.rematchPosts, 1);
  await b.waitForFunction(() => document.querySelector('.who')?.textContent === 'You play White.');

  // Each sees the other at the new table; the game is on (Black to move).
  for (const p of [a, b]) {
    await bothHere(p);
    await p.waitForSelector('.reversi-board');
    assert.equal(await p.$('#rematch-card'), null);
  }
  await seats(a, /Black: Ana — you.*White: Ben/s);
  await seats(b, /Black: Ana.*White: Ben — you/s);
  await a.waitForSelector('.reversi-board .legal');
  await a.screenshot({ path: path.join(SHOTS, 'rematch-new-table.png') });
  await b.screenshot({ path: path.join(SHOTS, 'rematch-new-table-390.png') });

  // The spectator follows the link.
  await s.click('#watch-rematch');
  await s.waitForFunction((id) => location.hash === `#/table/${id}`, next.id);
  await s.waitForFunction(() => document.querySelector('.who')?.textContent === 'You are watching.');
  await s.waitForSelector('.reversi-board');

  // Back at the old table, Ana's button goes to the rematch with the token
  // this browser kept, without asking the server again.
  await a.goto(`${BASE}/#/table/${old.id}?token=${old.token}`);
  await a.waitForFunction(() => document.querySelector('#rematch')?.textContent === 'Go to the rematch');
  await a.click('#rematch');
  await a.waitForFunction((want) => location.hash === want, `#/table/${next.id}?token=${next.token}`);
  assert.equal(a.rematchPosts, 1);

  // A browser that lost the token: "Join the rematch" asks, and the server
  // refuses (the seat's token was given out already); its reason is shown.
  await a.goto(`${BASE}/#/table/${old.id}?token=${old.token}`);
  await a.waitForSelector('#rematch');
  await a.evaluate((id) => {
    localStorage.removeItem(`meeple.tokens.${id}`);
    localStorage.removeItem(`meeple.you.${id}`);
  }, next.id);
  await a.reload();
  await a.waitForFunction(() => document.querySelector('#rematch')?.textContent === 'Join the rematch');
  const answer = a.waitForResponse((r) => /\/rematch$/.test(r.url()));
  await a.click('#rematch');
  assert.equal((await answer).status(), 409);
  await a.waitForFunction(() => document.querySelector('#error')?.textContent.trim());
  const refusal = await text(a, '#error');
  console.log(`the second request for a seat: ${refusal}`);
  assert.doesNotMatch(refusal, /^HTTP \d+$/, 'the server\'s own message');
  assert.equal(a.rematchPosts, 2);
  assert.equal((await hashTable(a)).id, old.id);
  assert.equal(await text(a, '#rematch'), 'Join the rematch');
  assert.equal(await a.isEnabled('#rematch'), true);
  await a.screenshot({ path: path.join(SHOTS, 'rematch-refused.png') });

  assert.deepEqual(errors, []);
  for (const p of [a, b, s]) await p.close();
});
