// The table page's layout, measured in a real headless Chromium (issue 16):
// on a 1366×768 laptop screen the prompt, the action buttons and the error
// of a refused action sit beside the board (to its right) and in view
// without scrolling; on a 390×844 phone they sit above the board. At 390 px
// neither the lobby nor any board scrolls sideways, and every visible
// button, link and clickable place on the board is at least 32×32 CSS px.
// The tab title says "Your turn" when the viewer has something to do.
// Reversi, Risk (3 players), The King is Dead and Goa, each against
// computer seats. Screenshots (layout-*.png) go to SCREENSHOT_DIR.
//
// Needs MEEPLE_URL (a running `meeple serve`, see run.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { BASE, SHOTS, useBrowser } from '../browser.js';

const browser = useBrowser({ width: 1366, height: 768 });
const WIDE = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

// Each game: how to create it (you in seat 0 against the computer), the
// board's box, what shows that it is our turn, and the prompt to measure.
const GAMES = {
  reversi: {
    request: { game: 'reversi', seats: [{ kind: 'human' }, { kind: 'computer', level: 0 }] },
    board: '.reversi-board', ourTurn: '.reversi-board .sq.legal', prompt: '#turn', button: null, title: 'Reversi',
  },
  risk: {
    request: { game: 'risk', options: { mode: 'domination', players: 3 },
      seats: [{ kind: 'human' }, { kind: 'computer', level: 1 }, { kind: 'computer', level: 1 }] },
    board: '.risk-wrap', ourTurn: '.risk-map g.territory.legal', prompt: '#prompt', button: '.risk-now .all-legal > summary', title: 'Risk',
  },
  // Command Room: our first decision is a capital (the first player is rolled).
  'risk-2008': {
    request: { game: 'risk-2008', options: { mode: 'command-room', players: 3 },
      seats: [{ kind: 'human' }, { kind: 'computer', level: 1 }, { kind: 'computer', level: 1 }] },
    board: '.risk-wrap', ourTurn: '.risk-map g.territory.legal', prompt: '#prompt', button: '.risk-now .all-legal > summary', title: 'Risk',
  },
  'king-is-dead': {
    request: { game: 'king-is-dead', options: { players: 2 }, seats: [{ kind: 'human' }, { kind: 'computer', level: 1 }] },
    board: '.kid-wrap', ourTurn: '#hand button.kid-card.primary', prompt: '#prompt', button: '#hand button.kid-card.primary', title: 'The King is Dead',
  },
  // Our first decision may be the flag, a marker or a bid (the start player is drawn).
  goa: {
    request: { game: 'goa', options: { players: 2 }, seats: [{ kind: 'human' }, { kind: 'computer', level: 0 }] },
    board: '.goa-wrap', ourTurn: '#prompt', prompt: '#prompt', button: null, title: 'Goa: A New Expedition',
  },
};

async function createTable(request) {
  const res = await fetch(`${BASE}/api/tables`, { method: 'POST', body: JSON.stringify(request) });
  assert.equal(res.status, 201, await res.clone().text());
  const created = await res.json();
  return { id: created.id, token: created.tokens.find((t) => t.seat === 0).token };
}

// Opens the table as seat 0 at the given size and waits until it is our turn.
async function openTable(g, table, size) {
  const page = await browser().newPage();
  await page.setViewportSize(size);
  await page.goto(`${BASE}/#/table/${table.id}?token=${table.token}`);
  await page.waitForSelector(g.ourTurn, { timeout: 60000 });
  // Measured once connected ("connecting…" is wider than "● live").
  await page.waitForFunction(() => /● live/.test(document.querySelector('#live')?.textContent || ''));
  return page;
}

const box = (page, selector) => page.$eval(selector, (e) => {
  const r = e.getBoundingClientRect();
  return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height };
});

// The prompt, the first action button (if the game has one here) and the
// error line, each with its box.
async function controls(page, g) {
  const out = { prompt: await box(page, g.prompt), error: await box(page, '#error') };
  if (g.button) out.button = await box(page, g.button);
  return out;
}

// Every visible button, link, form control and clickable place on the page
// whose box is under 32×32 CSS px, with a name for the message. SVG places
// are measured by their transparent hit shape when they have one (the
// group's own box also holds the name label, which is not a target), and
// points 2 px inside that box must hit the place itself, so the hit shape is
// real and not covered. Exempted: a checkbox inside a label (the label is
// the target, and it is measured instead).
function smallTargets(page) {
  return page.evaluate(() => {
    const small = [];
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const sel = 'a[href], button, summary, input, select, [role="button"], [tabindex]:not([tabindex="-1"]), .reversi-board .sq.legal';
    for (const el of document.querySelectorAll(sel)) {
      let target = el;
      if (el.matches('input[type="checkbox"]') && el.closest('label')) target = el.closest('label');
      const hit = el instanceof SVGElement ? el.querySelector(':scope > .hit') : null;
      const r = (hit || target).getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue; // not shown (a closed <details>)
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} ${el.dataset.territory || el.dataset.faction || ''} "${(el.textContent || el.value || '').trim().slice(0, 30)}"`;
      if (r.width < 32 - 0.01 || r.height < 32 - 0.01) small.push(`${name}: ${r.width.toFixed(1)}×${r.height.toFixed(1)}`);
      // Map places whose own box is padded by their name label must bring a hit shape.
      if (!hit && el.matches('.risk-map g.territory, .kid-map g.cube')) small.push(`${name}: no hit shape`);
      if (!hit) continue;
      // Only where the whole box is on screen (a panned map hides the rest).
      const scroller = el.closest('.risk-wrap, .kid-wrap').getBoundingClientRect();
      if (r.left < Math.max(0, scroller.left) || r.right > Math.min(vw, scroller.right) || r.top < 0 || r.bottom > vh) continue;
      const cx = (r.left + r.right) / 2;
      const cy = (r.top + r.bottom) / 2;
      for (const [x, y] of [[r.left + 2, cy], [r.right - 2, cy], [cx, r.top + 2], [cx, r.bottom - 2]]) {
        if (!el.contains(document.elementFromPoint(x, y))) small.push(`${name}: (${x.toFixed(0)}, ${y.toFixed(0)}) does not hit it`);
      }
    }
    return small;
  });
}

const pageWidth = (page) => page.evaluate(() => document.documentElement.scrollWidth);

for (const [game, g] of Object.entries(GAMES)) {
  test(`${game}: the prompt beside the board at 1366×768, above it at 390×844`, async () => {
    const table = await createTable(g.request);
    const errors = [];

    // 1. A laptop screen.
    const page = await openTable(g, table, WIDE);
    page.on('pageerror', (e) => errors.push(String(e)));
    assert.match(await page.title(), new RegExp(`^● Your turn — ${g.title} · meeple$`));
    const board = await box(page, g.board);
    const c = await controls(page, g);
    for (const [what, r] of Object.entries(c)) {
      assert.ok(r.left >= board.right - 0.5, `${what} (left ${r.left}) is right of the board (right ${board.right})`);
      assert.ok(r.top < board.bottom, `${what} (top ${r.top}) starts beside the board, not below it (bottom ${board.bottom})`);
      assert.ok(r.top >= 0 && r.bottom <= WIDE.height && r.right <= WIDE.width, `${what} is in view: ${JSON.stringify(r)}`);
    }
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    assert.ok(await pageWidth(page) <= WIDE.width);
    assert.deepEqual(await smallTargets(page), []);
    await page.screenshot({ path: path.join(SHOTS, `layout-${game}-1366.png`) });

    // 2. A phone.
    const phone = await openTable(g, table, PHONE);
    phone.on('pageerror', (e) => errors.push(String(e)));
    const pboard = await box(phone, g.board);
    for (const [what, r] of Object.entries(await controls(phone, g))) {
      assert.ok(r.bottom <= pboard.top + 0.5, `${what} (bottom ${r.bottom}) is above the board (top ${pboard.top})`);
    }
    assert.ok(await pageWidth(phone) <= PHONE.width, `the page is ${await pageWidth(phone)}px wide on a 390px screen`);
    assert.deepEqual(await smallTargets(phone), []);
    await phone.screenshot({ path: path.join(SHOTS, `layout-${game}-390.png`) });
    await phone.close();

    // 3. A spectator's tab does not say "Your turn".
    const watcher = await browser().newPage();
    await watcher.goto(`${BASE}/#/table/${table.id}`);
    await watcher.waitForSelector(g.board);
    assert.equal(await watcher.title(), `${g.title} · meeple`);
    await watcher.close();

    assert.deepEqual(errors, []);
    await page.close();
  });
}

// A refused action's reason shows next to the prompt, in view. The refusal is
// the server's own: the click's request is sent with a version the table is
// not at, which it refuses as stale (as a click racing a snapshot would be).
test('a refused action shows its reason beside the board, and above it on a phone', async () => {
  const g = GAMES.reversi;
  for (const size of [WIDE, PHONE]) {
    const table = await createTable(g.request);
    const page = await openTable(g, table, size);
    await page.route('**/api/tables/*/actions', (route) => {
      const body = JSON.parse(route.request().postData());
      route.continue({ postData: JSON.stringify({ ...body, version: body.version + 100 }) });
    });
    await page.click(`${g.ourTurn}`);
    await page.waitForFunction(() => document.querySelector('#error')?.textContent.trim());
    const board = await box(page, g.board);
    const err = await box(page, '#error');
    assert.ok(err.height > 0 && err.bottom <= size.height && err.top >= 0, `the error is in view: ${JSON.stringify(err)}`);
    if (size === WIDE) assert.ok(err.left >= board.right - 0.5 && err.top < board.bottom, `beside the board: ${JSON.stringify({ err, board })}`);
    else assert.ok(err.bottom <= board.top + 0.5, `above the board: ${JSON.stringify({ err, board })}`);
    await page.screenshot({ path: path.join(SHOTS, `layout-error-${size.width}.png`) });
    await page.close();
  }
});

test('the lobby fits a 390px screen and its targets are large enough', async () => {
  for (const size of [WIDE, PHONE]) {
    const page = await browser().newPage();
    await page.setViewportSize(size);
    await page.goto(`${BASE}/`);
    await page.waitForSelector('#create');
    await page.waitForSelector('.lists .card');
    assert.equal(await page.title(), 'meeple');
    assert.ok(await pageWidth(page) <= size.width, `the lobby is ${await pageWidth(page)}px wide on a ${size.width}px screen`);
    assert.deepEqual(await smallTargets(page), []);
    await page.screenshot({ path: path.join(SHOTS, `layout-lobby-${size.width}.png`), fullPage: true });
    await page.close();
  }
});
