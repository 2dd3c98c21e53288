// End to end in a real headless Chromium: the lobby creates a table of The
// King is Dead (basic game, 2 players: you against a computer seat). The
// test checks the map (8 regions, 13 borders), that it equals the server's
// view, then plays Assemble from the hand by clicking and resolves every
// step of it and the summon by clicking the highlighted regions and
// followers; the court, the discard pile and the hand must follow. Then it
// passes with the button. Screenshots go to SCREENSHOT_DIR.
//
// Synchronisation is on DOM state only: every click is followed by a wait
// for the new snapshot (data-version) it causes.
// Needs MEEPLE_URL (a running `meeple serve`, see run.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { BASE, SHOTS, useBrowser } from '../browser.js';

const browser = useBrowser({ width: 1300, height: 950 });
const version = (page) => page.getAttribute('.kid-wrap', 'data-version').then(Number);
const phase = (page) => page.getAttribute('#phase', 'data-phase');

// Clicks and waits until the server's next snapshot is drawn.
async function clickAndWait(page, selector) {
  const before = await version(page);
  await page.click(selector);
  await page.waitForFunction((v) => Number(document.querySelector('.kid-wrap')?.dataset.version) > v, before, { timeout: 30000 });
}

// Our turn to play a card: a playable card in our hand.
const ourTurn = (page) => page.waitForSelector('#hand button.kid-card.primary', { timeout: 60000 });

test('lobby → The King is Dead (2 players) → play Assemble and summon by clicking', async () => {
  const page = await browser().newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));

  await page.goto(`${BASE}/`);
  await page.waitForSelector('#create');
  await page.selectOption('#game', 'king-is-dead');
  await page.waitForSelector('#opt-players');
  await page.fill('#opt-players', '2');
  await page.dispatchEvent('#opt-players', 'change');
  await page.waitForSelector('select[data-seat="1"]');
  await page.selectOption('select[data-seat="0"]', 'you');
  await page.selectOption('select[data-seat="1"]', 'computer:1');
  await page.click('#create');
  await page.waitForFunction(() => location.hash.startsWith('#/table/'));
  const id = await page.evaluate(() => location.hash.split('/')[2].split('?')[0]);
  const token = await page.evaluate(() => new URLSearchParams(location.hash.split('?')[1]).get('token'));

  // The map: eight regions, 13 borders, and the struggle track of 8 spaces.
  await page.waitForSelector('.kid-map');
  assert.equal(await page.$$eval('.kid-map g.region', (l) => l.length), 8);
  assert.equal(await page.$$eval('.kid-map line.border', (l) => l.length), 13);
  assert.equal(await page.$$eval('#track li', (l) => l.length), 8);

  await ourTurn(page);
  assert.equal(await phase(page), 'action');
  // Nobody else moves now: the map must equal the server's view.
  const get = async () => (await fetch(`${BASE}/api/tables/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json();
  const server = (await get()).view;
  assert.equal(server.current_player, 0);
  const drawn = Object.fromEntries(await page.$$eval('.kid-map g.region', (l) => l.map((g) => [g.dataset.region, [g.dataset.status, g.dataset.followers]])));
  for (const [rid, r] of Object.entries(server.regions)) assert.deepEqual(drawn[rid], [r.status, r.followers.join('/')], rid);
  const track = await page.$$eval('#track li', (l) => l.map((li) => li.dataset.region));
  assert.deepEqual(track, server.track);
  // The basic hand: 8 cards, Support cards and Assemble among them (§4.2).
  const hand = await page.$$eval('#hand button.kid-card', (l) => l.map((b) => b.dataset.card));
  assert.equal(hand.length, server.players[0].hand.length);
  assert.ok(hand.includes('assemble'), hand.join(','));
  await page.screenshot({ path: path.join(SHOTS, 'king-is-dead-hand.png'), fullPage: true });

  // 1. Play Assemble, then resolve its steps and the summon by clicking.
  const courtBefore = server.players[0].court.reduce((a, b) => a + b, 0);
  await clickAndWait(page, '#hand button.kid-card.primary[data-card="assemble"]');
  let steps = 0;
  let shot = false;
  for (; steps < 10; steps++) {
    const ph = await phase(page);
    if (ph !== 'effect' && ph !== 'summon') break;
    if (!(await page.evaluate(() => document.querySelector('#turn')?.textContent.includes('your turn')))) break;
    if (!shot) {
      await page.screenshot({ path: path.join(SHOTS, 'king-is-dead-effect.png'), fullPage: true });
      shot = true;
    }
    // Whatever the step asks is highlighted: a region, a follower, a button
    // or Pass (a placement with nowhere to go).
    // Wait for one: a push of the same version (a seat coming online) may
    // redraw the board just now.
    await page.waitForSelector('.kid-map g.region.legal, .kid-map g.cube.legal, #track li.legal, #kid-buttons button, #pass');
    // The phase, whose turn, the version and the target from one look at
    // the page: read one by one, a snapshot drawn in between paired one
    // state's phase with another's target (CI once saw the summon's phase
    // and an action phase's Pass).
    const look = await page.evaluate(() => {
      const targets = ['.kid-map g.region.legal', '.kid-map g.cube.legal', '#track li.legal', '#kid-buttons button', '#pass'];
      return {
        phase: document.querySelector('#phase')?.dataset.phase,
        ours: Boolean(document.querySelector('#turn')?.textContent.includes('your turn')),
        version: document.querySelector('.kid-wrap')?.dataset.version,
        target: targets.find((t) => document.querySelector(t)),
      };
    });
    if (look.phase !== ph) console.log(`# the page moved from ${ph} to ${look.phase} (version ${look.version}, ours: ${look.ours}) before a click`);
    if ((look.phase !== 'effect' && look.phase !== 'summon') || !look.ours) break;
    const target = look.target;
    if (look.phase === 'summon') assert.equal(target, '.kid-map g.cube.legal', 'the summon takes a follower from the map');
    await clickAndWait(page, target);
  }
  assert.ok(steps >= 2, `Assemble's placements and the summon took ${steps} clicks`);
  const after = await get();
  assert.deepEqual(after.view.players[0].discard, ['assemble']);
  assert.equal(after.view.players[0].court.reduce((a, b) => a + b, 0), courtBefore + 1, 'one follower summoned');
  assert.equal(after.view.players[0].hand.length, hand.length - 1);
  assert.match(await page.textContent('tr[data-seat="0"]'), /Assemble/);
  // Assemble's placements in words (the view's record of the last card).
  assert.match(await page.textContent('#last-card'), /^Last card: Player [AB] played /);
  // The log in words tells the play, its effect and the summon.
  const log = await page.$$eval('#log li', (l) => l.map((li) => li.textContent));
  assert.ok(log.includes('Player A plays Assemble.'), log.join('\n'));
  assert.ok(log.some((t) => t.startsWith("Player A's Assemble: ")), log.join('\n'));
  assert.ok(log.some((t) => /^Player A summons (a Scots|a Welsh|an English) follower from /.test(t)), log.join('\n'));

  // 2. Pass with the button when our turn comes again (the game may not end first).
  // The move list names it ("Player A pass"), and the log in words.
  await ourTurn(page);
  const ourPasses = () => page.$$eval('#moves li', (l) => l.filter((li) => li.textContent === 'Player A pass').length);
  const passesBefore = await ourPasses();
  const loggedPasses = () => page.$$eval('#log li', (l) => l.filter((li) => li.textContent.startsWith('Player A passes')).length);
  const loggedBefore = await loggedPasses();
  await clickAndWait(page, '#pass');
  await page.waitForFunction((n) => [...document.querySelectorAll('#moves li')].filter((li) => li.textContent === 'Player A pass').length > n,
    passesBefore, { timeout: 30000 });
  await page.waitForFunction((n) => [...document.querySelectorAll('#log li')].filter((li) => li.textContent.startsWith('Player A passes')).length > n,
    loggedBefore, { timeout: 30000 });
  await page.screenshot({ path: path.join(SHOTS, 'king-is-dead-pass.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

// A whole advanced team game (4 players, Cunning cards) played by clicking
// whatever is highlighted: every kind of step a card can ask (regions,
// followers, track spaces, factions, players) must be clickable on this
// board, and the game must reach its end with the result in words and the
// step of §12/§13 that decided it.
test('The King is Dead, 4-player advanced team game, played to the end by clicking', async () => {
  const page = await browser().newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#create');
  await page.selectOption('#game', 'king-is-dead');
  await page.waitForSelector('#opt-players');
  await page.fill('#opt-players', '4');
  await page.dispatchEvent('#opt-players', 'change');
  await page.check('#opt-advanced');
  await page.check('#opt-teams');
  await page.waitForSelector('select[data-seat="3"]');
  await page.selectOption('select[data-seat="0"]', 'you');
  for (const s of [1, 2, 3]) await page.selectOption(`select[data-seat="${s}"]`, 'computer:1');
  await page.click('#create');
  await page.waitForSelector('.kid-map');

  const kinds = new Set();
  for (let i = 0; i < 300; i++) {
    // Our move, or the end.
    await page.waitForFunction(() => document.querySelector('#result') ||
      document.querySelector('#turn')?.textContent.includes('your turn'), null, { timeout: 60000 });
    if (await page.$('#result')) break;
    const target = (await page.$('#hand button.kid-card.primary')) ? '#hand button.kid-card.primary'
      : (await page.$('.kid-map g.region.legal')) ? '.kid-map g.region.legal'
        : (await page.$('.kid-map g.cube.legal')) ? '.kid-map g.cube.legal'
          : (await page.$('#track li.legal')) ? '#track li.legal'
            : (await page.$('#kid-buttons button')) ? '#kid-buttons button' : '#pass';
    kinds.add(target.split(' ')[0] === '#hand' ? 'card' : target);
    await clickAndWait(page, target);
  }
  const result = await page.textContent('#result');
  assert.match(result, /^Game over \((the French invade|a coronation)\): Player [A-D]( and Player [A-D])? wins? \(team [AB]\)/);
  assert.ok(kinds.has('card') && kinds.has('.kid-map g.cube.legal'), [...kinds].join(', '));
  // The end screen explains the result: the numbers compared and the deciding step.
  const decided = await page.getAttribute('#verdict', 'data-decided-by');
  assert.ok(['sets', 'most_recent_play', 'first_faction', 'plot', 'second_faction', 'first_to_empty_hand', 'shared'].includes(decided), decided);
  assert.match(await page.textContent('#verdict'), /Decided by|decided by|shared victory/);
  await page.screenshot({ path: path.join(SHOTS, 'king-is-dead-end.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});
