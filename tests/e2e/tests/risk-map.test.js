// The Risk world map (web/boards/risk-layout.json, made by tools/worldmap)
// checked as geometry, without a browser: every territory has a shape; every
// link of the board (data/risk/map.json) is either a shared border of the two
// shapes or drawn as a sea line; each badge sits inside its own shape; no two
// labels (badge and name) overlap. And, where the generator's packages are
// installed, regenerating gives the committed file byte for byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = new URL('../../../', import.meta.url);
const layoutFile = new URL('web/boards/risk-layout.json', root);
const layout = JSON.parse(fs.readFileSync(layoutFile, 'utf8'));
const board = JSON.parse(fs.readFileSync(new URL('data/risk/map.json', root), 'utf8'));

const R = 16; // badge radius (web/boards/risk.js)
const CHAR = 5.1; // average glyph width of the 9-unit name text
const TOUCH = 2; // units: shapes this close share a border

// Path data as written by the generator: "M x y x y ... Z" per ring
// (absolute coordinates, implicit line-tos).
function rings(d) {
  return d.split('Z').filter((r) => r.trim()).map((r) => {
    assert.match(r, /^M[-\d. ]+$/, 'only absolute move-to and implicit line-to');
    const n = r.slice(1).trim().split(/\s+/).map(Number);
    const pts = [];
    for (let i = 0; i + 1 < n.length; i += 2) pts.push([n[i], n[i + 1]]);
    return pts;
  });
}

function inside(rs, [x, y]) {
  let odd = false;
  for (const ring of rs) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
    }
  }
  return odd;
}

function distance(rs, [x, y]) {
  let d = Infinity;
  for (const ring of rs) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [ax, ay] = ring[j];
      const [bx, by] = ring[i];
      const len = (bx - ax) ** 2 + (by - ay) ** 2;
      const t = len ? Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / len)) : 0;
      d = Math.min(d, Math.hypot(x - ax - t * (bx - ax), y - ay - t * (by - ay)));
    }
  }
  return d;
}

// Some vertex of one shape lies on (within TOUCH of) the other's outline.
const touch = (a, b) => a.some((ring) => ring.some((p) => distance(b, p) <= TOUCH)) ||
  b.some((ring) => ring.some((p) => distance(a, p) <= TOUCH));

const shapes = new Map(layout.territories.map((t) => [t.id, rings(t.d || '')]));
const key = (a, b) => [a, b].sort().join('|');

test('42 territories, each with a shape inside the view box', () => {
  assert.equal(layout.territories.length, 42);
  for (const t of layout.territories) {
    const rs = shapes.get(t.id);
    assert.ok(rs.length > 0 && rs.every((r) => r.length >= 3), `${t.id} has a shape`);
    for (const [x, y] of rs.flat()) assert.ok(x >= 0 && x <= layout.width && y >= 0 && y <= layout.height, `${t.id}: ${x},${y}`);
  }
});

test('every link of the board is a shared border or a sea line', () => {
  const links = new Set();
  for (const t of board.territories) for (const a of t.adjacent) links.add(key(t.id, a));
  for (const [a, b] of board.sea_links) assert.ok(links.has(key(a, b)), `sea link ${a}-${b} is a link`);
  assert.equal(links.size, 83);
  const sea = new Set(layout.sea.map(([a, b]) => key(a, b)));
  for (const l of sea) assert.ok(links.has(l), `the sea line ${l} is a link of the board`);
  for (const l of layout.wrap) assert.ok(sea.has(key(...l)), `the wrapped line ${l} is a sea line`);
  const missing = [...links].filter((l) => !sea.has(l) && !touch(...l.split('|').map((id) => shapes.get(id))));
  assert.deepEqual(missing, [], 'links neither drawn nor bordering');
});

test('each badge sits inside its own territory, and no two labels overlap', () => {
  const boxes = layout.territories.map((t) => {
    assert.ok(inside(shapes.get(t.id), [t.x, t.y]), `${t.id}'s badge (${t.x}, ${t.y}) is inside its shape`);
    const at = t.label || { x: t.x, y: t.y + R + 11, anchor: 'middle' };
    const w = t.name.length * CHAR;
    const x0 = at.anchor === 'middle' ? at.x - w / 2 : at.anchor === 'start' ? at.x : at.x - w;
    const name = [x0, at.y - 8, x0 + w, at.y + 3];
    assert.ok(name[0] >= 0 && name[1] >= 0 && name[2] <= layout.width && name[3] <= layout.height, `${t.id}'s name is on the map`);
    return { id: t.id, boxes: [[t.x - R, t.y - R, t.x + R, t.y + R], name] };
  });
  const overlap = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
  const clashes = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      if (boxes[i].boxes.some((a) => boxes[j].boxes.some((b) => overlap(a, b)))) clashes.push(`${boxes[i].id}/${boxes[j].id}`);
    }
  }
  assert.deepEqual(clashes, []);
});

const tool = new URL('tools/worldmap/', root);
test('regenerating the map gives the committed file', { skip: !fs.existsSync(new URL('node_modules/world-atlas', tool)) && 'tools/worldmap has no node_modules (npm ci there)' }, () => {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'worldmap-')), 'risk-layout.json');
  execFileSync(process.execPath, ['generate.js', out], { cwd: tool, stdio: ['ignore', 'ignore', 'inherit'] });
  assert.ok(fs.readFileSync(out).equals(fs.readFileSync(layoutFile)), 'tools/worldmap/generate.js output differs from web/boards/risk-layout.json');
  fs.rmSync(path.dirname(out), { recursive: true });
});
