// Accessibility checks with axe-core, run inside a playwright page. The
// script comes from node_modules (no network: the tests run offline, and the
// server's CSP would refuse a CDN anyway). Outside tests/ so that
// `node --test tests/` does not take it for a test file.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const SERIOUS = new Set(['serious', 'critical']);

// Runs axe on the page as it is now (the WCAG 2.0/2.1 A and AA rules and
// axe's best practices) and answers its violations: [{id, impact, help,
// nodes: [{target, html, summary, waived}]}]. `waive` lists known problems
// reported elsewhere, [{rule, within: 'css selector'}]: a node of that rule
// inside such an element is marked waived (still reported, not failing).
export async function axeViolations(page, { waive = [] } = {}) {
  // Injected once per document: the single-page app keeps its document
  // between routes, so a later check on the same page reuses it.
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) {
    await page.addScriptTag({ content: AXE_SOURCE });
  }
  return page.evaluate(async (waivers) => {
    const r = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
      elementRef: true,
    });
    return r.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.join(' '),
        html: n.html.length > 140 ? `${n.html.slice(0, 140)}…` : n.html,
        summary: n.failureSummary,
        waived: waivers.some((w) => w.rule === v.id && n.element && n.element.closest(w.within)),
      })),
    }));
  }, waive);
}

// Splits violations into those that fail a check (serious or critical, not
// waived) and the rest.
export function triage(violations) {
  const failing = [];
  const rest = [];
  for (const v of violations) {
    const bad = v.nodes.filter((n) => SERIOUS.has(v.impact) && !n.waived);
    const ok = v.nodes.filter((n) => !bad.includes(n));
    if (bad.length) failing.push({ ...v, nodes: bad });
    if (ok.length) rest.push({ ...v, nodes: ok });
  }
  return { failing, rest };
}

// Rule id, impact, summary, then each element (the first `limit` of them),
// for the test output.
export function describeViolations(violations, limit = 5) {
  return violations.map((v) => {
    const lines = [`[${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} element${v.nodes.length === 1 ? '' : 's'})`];
    for (const n of v.nodes.slice(0, limit)) {
      lines.push(`    ${n.waived ? '(known, waived) ' : ''}at ${n.target}: ${n.html}`);
      if (n.summary) lines.push(`      ${n.summary.replace(/\n/g, '\n      ')}`);
    }
    if (v.nodes.length > limit) lines.push(`    … and ${v.nodes.length - limit} more`);
    return lines.join('\n');
  }).join('\n');
}
