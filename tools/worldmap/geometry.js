// Planar helpers on projected shapes. A shape is a list of rings, each a
// list of [x, y] points (closed implicitly); holes are rings too, so
// "inside" is the even-odd rule over all rings, as SVG's fill-rule evenodd.

// Twice the signed area of a ring (positive when counter-clockwise in y-up axes).
export function ringArea(ring) {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) a += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  return a / 2;
}

export function inside(rings, [x, y]) {
  let odd = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
    }
  }
  return odd;
}

function segmentDistance([x, y], [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const len = dx * dx + dy * dy;
  const t = len ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len)) : 0;
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}

// Distance from a point to the nearest edge of any ring.
export function outlineDistance(rings, p) {
  let d = Infinity;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) d = Math.min(d, segmentDistance(p, ring[j], ring[i]));
  }
  return d;
}

export function bbox(rings) {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of rings) {
    for (const [x, y] of ring) {
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  return [x0, y0, x1, y1];
}

// How long a border two shapes share: the length of the outline of one that
// lies within `tolerance` of the other's outline (measured every half unit
// along the edges, the larger of the two ways round). Territories across a
// strait narrower than the tolerance count as neighbours.
export function sharedLength(a, b, tolerance) {
  const [ax0, ay0, ax1, ay1] = bbox(a);
  const [bx0, by0, bx1, by1] = bbox(b);
  if (ax0 > bx1 + tolerance || bx0 > ax1 + tolerance || ay0 > by1 + tolerance || by0 > ay1 + tolerance) return 0;
  const along = (from, to) => {
    let len = 0;
    for (const ring of from) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [[x0, y0], [x1, y1]] = [ring[j], ring[i]];
        const n = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / 0.5));
        for (let k = 0; k < n; k++) {
          const t = (k + 0.5) / n;
          if (outlineDistance(to, [x0 + t * (x1 - x0), y0 + t * (y1 - y0)]) <= tolerance) len += Math.hypot(x1 - x0, y1 - y0) / n;
        }
      }
    }
    return len;
  };
  return Math.max(along(a, b), along(b, a));
}

// SVG path data: absolute move-to, then the ring's points as implicit
// line-tos, closed; numbers as JSON would print them (no trailing zeros).
export function pathData(rings) {
  return rings.map((ring) => `M${ring.map(([x, y]) => `${x} ${y}`).join(' ')}Z`).join('');
}
