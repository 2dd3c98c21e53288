// What the Risk browser tests share (risk.test.js, risk-2008.test.js): the
// map's selectors and links, and waiting for our turn on the map.
// (Outside tests/ so that `node --test tests/` does not run it as a test.)
import fs from 'node:fs';

// A territory of the map (web/boards/risk-map.js draws one group each).
export const T = '.risk-map g.territory';

const root = new URL('../../', import.meta.url);
export const LAYOUT = JSON.parse(fs.readFileSync(new URL('web/boards/risk-layout.json', root)));
export const IDS = LAYOUT.territories.map((t) => t.id);
export const neighbours = (id) => LAYOUT.links.filter((l) => l.includes(id)).map(([a, b]) => (a === id ? b : a));

export const phase = (page) => page.getAttribute('#phase', 'data-phase');

// Waits until we may click the map (a legal territory) or the phase is no
// longer one of `phases`; answers the phase then.
export async function ourTurnOr(page, phases) {
  await page.waitForFunction((ps) => {
    const ph = document.querySelector('#phase')?.dataset.phase;
    return ph && (!ps.includes(ph) || document.querySelector('.risk-map g.territory.legal'));
  }, phases, { timeout: 30000 });
  return phase(page);
}
