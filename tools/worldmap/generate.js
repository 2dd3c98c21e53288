// Builds the Risk world map of the web front end, web/boards/risk-layout.json,
// from Natural Earth's countries (world-atlas, 1:110m): countries are merged
// (and a few split) into the 42 territories of data/risk/map.json as
// territories.json says, projected, rounded, and given badge positions; links
// between territories whose shapes do not touch become sea lines.
//   node generate.js [out.json]     (default: web/boards/risk-layout.json)
// The output depends only on the pinned packages and the two data files, so
// running it again reproduces the committed file byte for byte.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { geoMercatorRaw } from 'd3-geo';
import polygonClipping from 'polygon-clipping';
import { feature } from 'topojson-client';
import { pathData, ringArea, sharedLength } from './geometry.js';
import { placeLabels } from './labels.js';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const read = (p) => JSON.parse(fs.readFileSync(p, 'utf8'));
const spec = read(here('./territories.json'));
const board = read(here('../../data/risk/map.json'));
const world = read(here('./node_modules/world-atlas/countries-110m.json'));
const out = process.argv[2] || here('../../web/boards/risk-layout.json');

const { west, north, south, width: W, height: H } = spec.projection;
const box = ([x0, y0, x1, y1]) => [[[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]];
const closed = (ring) => [...ring, ring[0]];

// 1. Countries in lon/lat, moved into the map's longitudes (west .. west+360)
// and clipped to its latitudes. A ring that crosses the antimeridian (Russia's
// Wrangel Island) is first made continuous, then each copy of the country a
// turn of the globe apart gives what falls inside the window.
const unwrap = (ring) => {
  const lons = ring.map(([x]) => x);
  return Math.max(...lons) - Math.min(...lons) > 180 ? ring.map(([x, y]) => [x < 0 ? x + 360 : x, y]) : ring;
};
const shift = (polys, dx) => polys.map((p) => p.map((ring) => ring.map(([x, y]) => [x + dx, y])));
const countries = new Map();
for (const f of feature(world, world.objects.countries).features) {
  const g = f.geometry;
  const polys = (g.type === 'Polygon' ? [g.coordinates] : g.coordinates).map((p) => p.map(unwrap));
  const window = box([west, south, west + 360, north]);
  const copies = [-360, 0, 360].map((dx) => polygonClipping.intersection(shift(polys, dx), window)).filter((m) => m.length);
  countries.set(f.properties.name, copies.length ? polygonClipping.union(...copies) : []);
}

// 2. Territories: whole countries plus pieces of split ones.
const parts = new Map(board.territories.map((t) => [t.id, []]));
const used = new Set(spec.dropped.countries);
for (const [id, t] of Object.entries(spec.territories)) {
  if (!parts.has(id)) throw new Error(`territories.json: ${id} is not on the board`);
  for (const name of t.countries) {
    if (!countries.has(name)) throw new Error(`territories.json: no country ${name}`);
    parts.get(id).push(countries.get(name));
    used.add(name);
  }
}
for (const [name, pieces] of Object.entries(spec.splits)) {
  if (!countries.has(name)) throw new Error(`territories.json: no country ${name}`);
  let rest = countries.get(name);
  for (const piece of pieces) {
    const clip = piece.box ? box(piece.box) : [closed(piece.polygon)];
    parts.get(piece.territory).push(polygonClipping.intersection(rest, clip));
    rest = polygonClipping.difference(rest, clip);
  }
  used.add(name);
}
const unused = [...countries.keys()].filter((n) => !used.has(n));
if (unused.length) throw new Error(`territories.json: assign or drop ${unused.join(', ')}`);

// 3. Projection: Mercator, the whole width for 360 degrees, centred vertically.
const scale = W / (2 * Math.PI);
const rad = Math.PI / 180;
const top = geoMercatorRaw(0, north * rad)[1];
const margin = (H - (top - geoMercatorRaw(0, south * rad)[1]) * scale) / 2;
const round = (v) => Math.round(v * 10) / 10;
const project = ([lon, lat]) => [round((lon - west) * rad * scale), round(margin + (top - geoMercatorRaw(0, lat * rad)[1]) * scale)];

// Rounded rings, without repeated points or specks of land (islands smaller
// than about 2x2 units disappear; a shared border is rounded the same way on
// both sides, so neighbours still meet).
const MIN_AREA = 4;
function projectPolygons(multi) {
  const polygons = [];
  for (const polygon of multi) {
    const rings = [];
    for (const ring of polygon) {
      const pts = [];
      for (const p of ring.slice(0, -1).map(project)) {
        const last = pts[pts.length - 1];
        if (!last || last[0] !== p[0] || last[1] !== p[1]) pts.push(p);
      }
      while (pts.length > 1 && pts[0][0] === pts[pts.length - 1][0] && pts[0][1] === pts[pts.length - 1][1]) pts.pop();
      if (pts.length >= 3 && Math.abs(ringArea(pts)) >= MIN_AREA) rings.push(pts);
      else if (!rings.length) break; // the outer ring vanished: so do its holes
    }
    if (rings.length) polygons.push(rings);
  }
  return polygons;
}

const territories = board.territories.map((t) => {
  const multi = polygonClipping.union(...parts.get(t.id));
  const polygons = projectPolygons(multi);
  if (!polygons.length) throw new Error(`${t.id}: no land`);
  return { id: t.id, name: t.name, continent: t.continent, polygons };
});

// 4. Continent labels (fixed, at sea), then the badges around them.
const continentLabels = board.continents.map((c) => {
  const [x, y] = project(spec.continent_labels[c.id]);
  const text = `${c.name} +${c.bonus}`;
  const w = text.length * 8; // 14-unit bold (risk.js CSS)
  return { id: c.id, name: c.name, bonus: c.bonus, label: { x: Math.round(x), y: Math.round(y) }, box: [x - w / 2, y - 12, x + w / 2, y + 4] };
});
const spots = placeLabels(territories, continentLabels.map((c) => c.box), W, H);

// 5. Links: the board's, once each, in the board's order. Those whose shapes
// do not share a stretch of border get a line; one longer than half the map
// runs off both edges (Alaska-Kamchatka across the Bering Strait).
const links = [];
const seen = new Set();
for (const t of board.territories) {
  for (const a of t.adjacent) {
    const key = [t.id, a].sort().join('|');
    if (!seen.has(key)) {
      seen.add(key);
      links.push([t.id, a]);
    }
  }
}
const byId = new Map(territories.map((t) => [t.id, t]));
const TOUCH = 2; // units: narrower straits count as borders
const MIN_SHARED = 6; // units of border: a mere point of contact (the Altai) gets a line too
const sea = links.filter(([a, b]) => sharedLength(byId.get(a).polygons.flat(), byId.get(b).polygons.flat(), TOUCH) < MIN_SHARED);
const wrap = sea.filter(([a, b]) => Math.abs(spots.get(a).x - spots.get(b).x) > W / 2);
// Neighbouring shapes the board does not link would mislead: say so.
for (let i = 0; i < territories.length; i++) {
  for (let j = i + 1; j < territories.length; j++) {
    const [a, b] = [territories[i], territories[j]];
    if (!seen.has([a.id, b.id].sort().join('|')) && sharedLength(a.polygons.flat(), b.polygons.flat(), TOUCH) >= MIN_SHARED) {
      console.warn(`warning: ${a.id} and ${b.id} touch but are not linked`);
    }
  }
}

// 6. The file: small parts pretty-printed, one line per territory and link.
const layout = {
  note: 'The Risk world map of the web front end (web/boards/risk.js), viewBox 0..width x 0..height. Generated by tools/worldmap (see its README) from Natural Earth countries: do not edit by hand. Territory ids, names, continents, bonuses and the 83 links are copies of data/risk/map.json (the server serves only web/); tests/web/risk_layout_test.cpp checks they match exactly. x, y: the badge centre, inside the territory; d: its outline (SVG path, even-odd). "sea": the links drawn as lines because the two shapes do not share a border; those also in "wrap" run off the map edges (Alaska-Kamchatka across the Bering Strait).',
  width: W,
  height: H,
  continents: continentLabels.map(({ id, name, bonus, label }) => ({ id, name, bonus, label })),
};
const line = (v) => JSON.stringify(v);
const text = `${JSON.stringify(layout, null, 1).slice(0, -2)},
 "territories": [
${territories.map((t) => `  ${line({ id: t.id, name: t.name, continent: t.continent, ...spots.get(t.id), d: pathData(t.polygons.flat()) })}`).join(',\n')}
 ],
 "links": [
${links.map((l) => `  ${line(l)}`).join(',\n')}
 ],
 "sea": [
${sea.map((l) => `  ${line(l)}`).join(',\n')}
 ],
 "wrap": [
${wrap.map((l) => `  ${line(l)}`).join(',\n')}
 ]
}
`;
fs.writeFileSync(out, text);
console.log(`${out}: ${territories.length} territories, ${links.length} links (${sea.length} drawn at sea), ${text.length} bytes`);
