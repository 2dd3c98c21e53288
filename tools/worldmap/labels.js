// Where each territory's badge (army count) and name go. A badge centre must
// lie inside its own territory; the badge (radius 16) with its name beside it
// (9 units high; web/boards/risk.js writes it at `label`) must not overlap any
// other territory's badge or name, or a continent label, and badge centres
// stay 40 apart (tests/web/risk_layout_test.cpp: 32 px touch targets).
//
// Each territory gets candidate points on a grid inside it, scored by how far
// they are from the coast (badges in the middle of the land read best) and
// how close to the land's pole of inaccessibility (polylabel). Then a few
// rounds of local repair: each territory in turn takes its best candidate
// that collides with nothing already placed, fewest collisions first.
import polylabel from 'polylabel';
import { bbox, inside, outlineDistance, ringArea } from './geometry.js';

export const BADGE = 16;
const SPACING = 40;
const CHAR = 5.1; // average width of a 9-unit glyph in the page's sans-serif
const STEP = 2;

// Where the name may go around its badge, as the text's anchor point and
// alignment, best first: under it, over it, right, left.
const NAME_AT = [[0, BADGE + 11, 'middle'], [0, -BADGE - 5, 'middle'], [BADGE + 3, 3, 'start'], [-BADGE - 3, 3, 'end']];

// The box of a name (9 units high, baseline at y) written at x, y.
export function nameBox({ x, y, anchor }, name) {
  const w = name.length * CHAR;
  const x0 = anchor === 'middle' ? x - w / 2 : anchor === 'start' ? x : x - w;
  return [x0, y - 8, x0 + w, y + 3];
}

// The boxes a label covers: [x0, y0, x1, y1].
export function labelBoxes(x, y, name, label) {
  return [[x - BADGE, y - BADGE, x + BADGE, y + BADGE], nameBox(label, name)];
}

const overlap = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

// The rings of the territory's largest polygon, for polylabel (outer ring first).
function largestPolygon(polygons) {
  return polygons.reduce((best, p) => (Math.abs(ringArea(p[0])) > Math.abs(ringArea(best[0])) ? p : best));
}

function candidates(t, width, height) {
  const rings = t.polygons.flat();
  const [p0, p1] = polylabel(largestPolygon(t.polygons), 0.5);
  const [x0, y0, x1, y1] = bbox(rings);
  const out = [];
  for (let y = Math.ceil(y0); y <= y1; y += STEP) {
    for (let x = Math.ceil(x0); x <= x1; x += STEP) {
      if (!inside(rings, [x, y])) continue;
      if (x < 20 || x > width - 20 || y < 20 || y > height - 20) continue;
      const coast = outlineDistance(rings, [x, y]);
      NAME_AT.forEach(([dx, dy, anchor], i) => {
        const label = { x: x + dx, y: y + dy, anchor };
        const boxes = labelBoxes(x, y, t.name, label);
        if (boxes[1][0] < 0 || boxes[1][1] < 0 || boxes[1][2] > width || boxes[1][3] > height) return;
        out.push({ x, y, label, boxes, score: Math.min(coast, 12) - 0.04 * Math.hypot(x - p0, y - p1) - 3 * i });
      });
    }
  }
  return out.sort((a, b) => b.score - a.score || a.y - b.y || a.x - b.x);
}

function collisions(c, id, placed, fixed) {
  let n = 0;
  for (const [other, p] of placed) {
    if (other === id) continue;
    if (Math.hypot(c.x - p.x, c.y - p.y) < SPACING) n++;
    else if (c.boxes.some((a) => p.boxes.some((b) => overlap(a, b)))) n++;
  }
  for (const f of fixed) if (c.boxes.some((a) => overlap(a, f))) n++;
  return n;
}

// territories: [{id, name, polygons}], fixed: boxes to keep clear.
// Answers Map(id -> {x, y, label: {x, y, anchor}}).
export function placeLabels(territories, fixed, width, height) {
  const cands = new Map(territories.map((t) => [t.id, candidates(t, width, height)]));
  for (const [id, c] of cands) if (!c.length) throw new Error(`${id}: no room for a label inside it`);
  const placed = new Map();
  // The most constrained (fewest candidates) first.
  const order = [...territories].sort((a, b) => cands.get(a.id).length - cands.get(b.id).length || (a.id < b.id ? -1 : 1));
  for (let round = 0; round < 8; round++) {
    let clashes = 0;
    for (const t of order) {
      let best = null;
      let bestN = Infinity;
      for (const c of cands.get(t.id)) {
        const n = collisions(c, t.id, placed, fixed);
        if (n < bestN) [best, bestN] = [c, n];
        if (n === 0) break; // sorted by score: the first free one is the best
      }
      placed.set(t.id, best);
      clashes += bestN;
    }
    if (!clashes) break;
  }
  const bad = [...placed].filter(([id, c]) => collisions(c, id, placed, fixed)).map(([id]) => id);
  if (bad.length) throw new Error(`labels overlap: ${bad.join(', ')}`);
  return new Map([...placed].map(([id, c]) => [id, { x: c.x, y: c.y, label: c.label }]));
}
