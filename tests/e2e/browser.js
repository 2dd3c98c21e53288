// What every browser test shares: where the server and the screenshots are,
// and one headless Chromium (Debian's) with a fresh profile per test file,
// started before the file's tests and closed after them.
// (Outside tests/ so that `node --test tests/` does not run it as a test.)
import { before, after } from 'node:test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const BASE = process.env.MEEPLE_URL || 'http://127.0.0.1:8080';
export const SHOTS = process.env.SCREENSHOT_DIR || path.resolve('test-results');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

// Returns a getter: the context exists once `before` has run.
export function useBrowser({ width, height }) {
  let context;
  let profile;
  before(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    profile = fs.mkdtempSync(path.join(os.tmpdir(), 'meeple-chromium-'));
    // A fresh profile each run (playwright passes it as --user-data-dir).
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width, height },
      // Playwright's waitForFunction evaluates its predicate with eval, which
      // the server's CSP (script-src 'self') forbids. The policy itself is
      // checked header by header in tests/server/attack_test.cpp; the page's
      // own scripts never need eval.
      bypassCSP: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });
  after(async () => {
    if (context) await context.close();
    if (profile) fs.rmSync(profile, { recursive: true, force: true });
  });
  return () => context;
}

// From the lobby: picks `game`, sets each seat (`'you'`, `'computer:N'`,
// `'invite'`, `'open'`; seat 0 first), the move timer if `moveSeconds`,
// and creates the table. Answers the table's id and this browser's token,
// once the table page is open.
export async function createFromLobby(page, game, seats, { moveSeconds } = {}) {
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#create');
  await page.selectOption('#game', game);
  for (const [i, choice] of seats.entries()) {
    await page.waitForSelector(`select[data-seat="${i}"]`);
    await page.selectOption(`select[data-seat="${i}"]`, choice);
  }
  if (moveSeconds) await page.selectOption('#move-seconds', String(moveSeconds));
  await page.click('#create');
  await page.waitForFunction(() => location.hash.startsWith('#/table/'));
  return page.evaluate(() => ({
    id: location.hash.split('/')[2].split('?')[0],
    token: new URLSearchParams(location.hash.split('?')[1]).get('token'),
  }));
}
