// How long a computer's move takes to reach the screen (issue 16), measured
// in headless Chromium against a Reversi table: a human (seat 0, Black,
// played by clicking the first legal square) against the computer (level 1).
// Log entries carry no server time, so everything is timed inside the page
// on one clock (performance.now()):
//   frame → log line   a WebSocket snapshot with a new computer entry
//                      arrives → its line is in the DOM of #log (a
//                      MutationObserver) → and the next animation frame;
//   click → reply      our click on a square → the computer's reply line
//                      in #log (our move's round trip, the computer's
//                      thinking, its snapshot and the redraw).
// The figures are printed (median and max), not asserted: only that every
// line appears. Needs MEEPLE_URL (a running `meeple serve`, see run.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, useBrowser } from '../browser.js';

const browser = useBrowser({ width: 1366, height: 768 });
const MOVES = 12;

// Runs in the page before its own scripts: records when each log entry
// first arrives in a snapshot, when each #log line first appears, and every
// click. A subclass of WebSocket, so the app's socket is the recorded one.
function instrument() {
  const rec = { frames: {}, lines: {}, clicks: [] };
  window.__latency = rec;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (ev) => {
        const t = performance.now();
        let m;
        try { m = JSON.parse(ev.data); } catch { return; }
        if (m.type !== 'state' || !m.log) return;
        for (const e of m.log.entries) if (!rec.frames[e.text]) rec.frames[e.text] = { t, seat: e.seat };
      });
    }
  };
  document.addEventListener('click', () => rec.clicks.push(performance.now()), true);
  new MutationObserver(() => {
    const t = performance.now();
    const fresh = [];
    for (const li of document.querySelectorAll('#log li')) {
      if (rec.lines[li.textContent]) continue;
      rec.lines[li.textContent] = { t };
      fresh.push(rec.lines[li.textContent]);
    }
    if (fresh.length) requestAnimationFrame(() => { for (const r of fresh) r.paint = performance.now(); });
  }).observe(document, { childList: true, subtree: true });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const stats = (xs) => `median ${median(xs).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms (n=${xs.length})`;

test('Reversi: from the computer\'s move to its log line on screen', async () => {
  const res = await fetch(`${BASE}/api/tables`, { method: 'POST',
    body: JSON.stringify({ game: 'reversi', seats: [{ kind: 'human' }, { kind: 'computer', level: 1 }] }) });
  assert.equal(res.status, 201);
  const created = await res.json();
  const token = created.tokens.find((t) => t.seat === 0).token;

  const page = await browser().newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.addInitScript(instrument);
  await page.goto(`${BASE}/#/table/${created.id}?token=${token}`);

  let moves = 0;
  for (; moves < MOVES; moves++) {
    await page.waitForFunction(() => document.querySelector('#result') ||
      document.querySelector('.reversi-board .sq.legal, button[data-action="pass"]'), null, { timeout: 30000 });
    if (await page.$('#result')) break;
    await page.click('.reversi-board .sq.legal, button[data-action="pass"]');
    // Until the computer's reply (a line of seat 1 newer than the click) is shown.
    await page.waitForFunction(() => {
      const rec = window.__latency;
      const click = rec.clicks[rec.clicks.length - 1];
      return document.querySelector('#result') || Object.entries(rec.lines).some(([text, r]) =>
        r.t > click && rec.frames[text] && rec.frames[text].seat === 1);
    }, null, { timeout: 30000 });
  }
  assert.ok(moves >= 5, `only ${moves} moves`);

  const rec = await page.evaluate(() => window.__latency);
  const computer = Object.entries(rec.frames).filter(([, f]) => f.seat === 1).map(([text]) => text);
  for (const text of computer) assert.ok(rec.lines[text], `the computer's "${text}" is not in the log on screen`);
  const toDom = computer.map((text) => rec.lines[text].t - rec.frames[text].t);
  const toPaint = computer.filter((text) => rec.lines[text].paint).map((text) => rec.lines[text].paint - rec.frames[text].t);
  // For each click: the first computer line shown after it, and our own line.
  const reply = [];
  const own = [];
  for (const click of rec.clicks) {
    const after = (seat) => Object.entries(rec.lines).filter(([text, r]) => r.t > click && rec.frames[text]?.seat === seat)
      .map(([, r]) => r.t - click).sort((a, b) => a - b)[0];
    if (after(1) !== undefined) reply.push(after(1));
    if (after(0) !== undefined) own.push(after(0));
  }
  console.log(`latency, Reversi against computer level 1, ${moves} moves (issue 16):`);
  console.log(`  computer's snapshot frame → its log line in the DOM:  ${stats(toDom)}`);
  console.log(`  computer's snapshot frame → next animation frame:     ${stats(toPaint)}`);
  console.log(`  our click → our own line in the log:                  ${stats(own)}`);
  console.log(`  our click → the computer's reply line in the log:     ${stats(reply)}`);
  assert.deepEqual(errors, []);
  await page.close();
});
