// The world map that the Risk boards share (risk.js for European Risk,
// risk-2008.js for the 2008 edition): the layout file, the SVG with its
// shapes, sea links, continent names and one badge per territory, the
// start of every render (the generic view until the files are here), and
// the mounting that keeps keyboard focus and panning across re-renders.
// What a territory shows (owner, count, marks) and what clicking it does is
// the board's: each territory is drawn from the spec the board gives for it.
import { h, s } from '../dom.js';
import { renderGeneric } from './generic.js';

export const R = 16; // badge radius; tests/web/risk_layout_test.cpp spaces centres by 2.5 R

// The layout is static data next to this file (generated from Natural Earth
// by tools/worldmap); it is fetched once, and `redraw` runs when it arrives.
// Its territories are in the order of data/risk/map.json, so index i of a
// state's per-territory arrays is layout.territories[i].
let layout = null;
let loading = null;
export function mapLayout() {
  return layout;
}
export function loadLayout(redraw) {
  if (!loading) {
    loading = fetch(new URL('./risk-layout.json', import.meta.url))
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`risk-layout.json: HTTP ${r.status}`))))
      .then((l) => {
        layout = l;
        layout.byId = Object.fromEntries(l.territories.map((t) => [t.id, t]));
      });
  }
  loading.then(redraw, (e) => console.error(e));
}

export const tname = (id) => (layout && layout.byId[id] ? layout.byId[id].name : id);

// What every render of a Risk board begins with. Until the layout and the
// board's own data (`loaded()`, fetched by `load(again)`) are here, the
// board is the generic view, never unplayable, and `render` runs again when
// they arrive: answers null. Then answers what the render works from:
// {onAction, hint, redraw, v (the view), legal, key (the table, or
// 'replay': the per-table choice in progress is reset on a new key)}.
export function startRender(render, container, snap, opts, { loaded = () => true, load = () => {} } = {}) {
  if (!layout || !loaded()) {
    renderGeneric(container, snap, opts);
    const again = () => { if (container.isConnected && layout && loaded()) render(container, snap, opts); };
    loadLayout(again);
    load(again);
    return null;
  }
  return {
    onAction: opts.onAction,
    hint: opts.hint,
    redraw: () => render(container, snap, opts),
    v: snap.view,
    legal: snap.legal || [],
    key: (snap.table && snap.table.id) || 'replay',
  };
}

// The map: the territories' shapes (tinted by continent and owner), the
// links drawn at sea, the continent names, the board's extra lines
// (`lines`: [{from, to, cls}]), and on top of everything the badges, so
// that no shape ever covers a neighbour's badge.
//
// `territory(lt)` answers the spec of one territory: {classes (the first
// 'territory', then the owner's colour class and states such as 'legal'),
// owner (data-owner), armies (the count drawn, data-armies), label (its
// accessible name and tooltip), act (what a click or Enter does, or null),
// decorate(g) (optional: more marks inside the territory's group)}.
export function drawMap({ territory, lines = [], ariaLabel = 'Risk world map' }) {
  const W = layout.width;
  const H = layout.height;
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'risk-map', role: 'group', 'aria-label': ariaLabel });
  svg.append(s('rect', { x: 0, y: 0, width: W, height: H, class: 'sea' }));
  // The shapes repeat what the badges say: hidden from screen readers, which
  // reach every territory through its badge.
  const landLayer = s('g', { class: 'lands', 'aria-hidden': 'true' });
  const drawn = layout.territories.map((lt) => drawTerritory(lt, territory(lt)));
  // Highlighted shapes last, so their outline is not hidden under a neighbour's.
  const lit = (p) => p.classList.contains('lit');
  landLayer.append(...drawn.map((d) => d.land).filter((p) => !lit(p)), ...drawn.map((d) => d.land).filter(lit));
  svg.append(landLayer);
  // Neighbours whose shapes share a border need no line; the others are
  // joined badge to badge across the sea (layout.sea).
  const wraps = new Set(layout.wrap.map(([a, b]) => `${a}|${b}`));
  for (const [a, b] of layout.sea) {
    const p = layout.byId[a];
    const q = layout.byId[b];
    if (wraps.has(`${a}|${b}`) || wraps.has(`${b}|${a}`)) {
      // Across the Bering Strait: a stub off each edge of the map.
      const [l, r] = p.x < q.x ? [p, q] : [q, p];
      svg.append(s('line', { x1: l.x, y1: l.y, x2: 0, y2: l.y, class: 'link wrap' }));
      svg.append(s('line', { x1: r.x, y1: r.y, x2: W, y2: r.y, class: 'link wrap' }));
    } else {
      svg.append(s('line', { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: 'link' }));
    }
  }
  for (const c of layout.continents) {
    const t = s('text', { x: c.label.x, y: c.label.y, class: `continent-label ${c.id}` });
    t.textContent = `${c.name} +${c.bonus}`;
    svg.append(t);
  }
  for (const { from, to, cls } of lines) {
    const p = layout.byId[from];
    const q = layout.byId[to];
    if (p && q) svg.append(s('line', { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: cls }));
  }
  svg.append(...drawn.map((d) => d.badge));
  return svg;
}

function drawTerritory(lt, spec) {
  const { classes, owner, armies, label, act, decorate } = spec;
  const g = s('g', { class: classes.join(' '), 'data-territory': lt.id, 'data-owner': owner, 'data-armies': armies, 'aria-label': label });
  // The shape: clicking it does what clicking the badge does.
  const lit = classes.some((c) => ['legal', 'source', 'target', 'in-battle'].includes(c));
  const land = s('path', { d: lt.d, 'fill-rule': 'evenodd', 'data-land': lt.id,
    class: `land ${lt.continent} ${classes.slice(1).join(' ')}${lit ? ' lit' : ''}` });
  const tip = s('title', {});
  tip.textContent = label;
  land.append(tip);
  // No <title> on the badge: its text would count as the badge's visible
  // text (axe, WCAG 2.5.3); the shape beside it carries the tooltip.
  // A transparent hit circle larger than the badge: 32 px targets (centres are at least 2.5 R apart).
  g.append(s('circle', { cx: lt.x, cy: lt.y, r: R + 4, class: 'hit' }));
  g.append(s('circle', { cx: lt.x, cy: lt.y, r: R, class: 'badge' }));
  // The name goes where the layout found room for it (under the badge by
  // default); before the count in the document, as in the label.
  const at = lt.label || { x: lt.x, y: lt.y + R + 11, anchor: 'middle' };
  const name = s('text', { x: at.x, y: at.y, 'text-anchor': at.anchor, class: 'name' });
  // The trailing space keeps name and count two words to assistive
  // technology ("Alaska 3", not "Alaska3"); SVG drops it on screen.
  name.textContent = `${lt.name} `;
  g.append(name);
  // Long games pile up armies: smaller digits keep 3- and 4-digit counts inside the badge.
  const digits = String(armies).length;
  const n = s('text', { x: lt.x, y: lt.y + 5 - (digits > 2 ? 1 : 0), class: `armies${digits > 2 ? ` d${Math.min(digits, 4)}` : ''}` });
  n.textContent = String(armies);
  g.append(n);
  if (decorate) decorate(g);
  if (act) {
    g.setAttribute('tabindex', '0');
    g.setAttribute('role', 'button');
    g.addEventListener('click', act);
    land.addEventListener('click', act);
    g.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); act(); } });
  }
  return { land, badge: g };
}

// Puts the map and the side facts (`now`: what is happening and the
// controls; `standing`: everyone's position) into the board's container.
// Every snapshot redraws the map; keyboard users keep their place on it.
export function mountMap(container, svg, now, standing, version) {
  const active = container.contains(document.activeElement) ? document.activeElement : null;
  const focused = active && active.getAttribute('data-territory');
  // A count box being typed in keeps the focus too, and exactly what is in
  // it (even "" while the player retypes it): the next keystrokes still go
  // into it, after what was there.
  const typing = active && active.matches('input[id]') ? { id: active.id, text: active.value } : null;
  const panned = container.querySelector('.risk-wrap')?.scrollLeft || 0; // narrow screens pan the map (style.css)
  // The wrapper pans the map on narrow screens: focusable, so the keyboard can scroll it too.
  container.replaceChildren(h('div.risk-wrap', { 'data-version': version,
    tabindex: 0, role: 'region', 'aria-label': 'Map' }, svg),
  h('div.facts.risk-facts', {}, h('div.risk-now', {}, now), h('div.risk-standing', {}, standing)));
  if (focused) svg.querySelector(`[data-territory="${focused}"][tabindex]`)?.focus();
  const box = typing ? container.querySelector(`input#${CSS.escape(typing.id)}`) : null;
  if (box) {
    box.focus();
    // Set once focused, which puts the caret after the text (focus() alone
    // puts it first: "1", a snapshot, "2" made 21).
    box.value = '';
    box.value = typing.text;
  }
  if (panned) svg.parentNode.scrollLeft = panned;
}
