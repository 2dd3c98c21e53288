// Tiny DOM helpers: h('div.class', {attr}, ...children).
export function h(tag, attrs = {}, ...children) {
  const [name, ...classes] = tag.split('.');
  const el = document.createElement(name);
  if (classes.length) el.className = classes.join(' ');
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'text') el.textContent = v;
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export const SVG_NS = 'http://www.w3.org/2000/svg';
export function s(tag, attrs = {}) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

// A list that scrolls inside its box (the log) must be reachable from the
// keyboard to be scrolled without a mouse: focusable while its content
// overflows, and not a stop in the tab order otherwise. Call it once the
// element is in the page (it measures).
export function keyboardScrollable(el) {
  if (!el) return;
  if (el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth) el.setAttribute('tabindex', '0');
  else el.removeAttribute('tabindex');
}

// Redraws that wait for a click to finish. The browser makes a click only of
// a press and a release on the same element; a redraw in between (a live
// snapshot, the lobby's refresh) replaces the element pressed and the click
// is lost: the player clicked and nothing happened. `later.run(draw)` draws
// at once, or, while a button is down inside `area`, just after the click
// its release produces (only the newest draw waiting is kept). At most
// `maxHoldMs`: a press may be released outside the window, where the page
// never hears of it. While a draw waits, `area` carries data-held-draw
// (the browser tests look for it). `later.close()` when the page goes.
export function drawAfterClicks(area, { maxHoldMs = 1000 } = {}) {
  let pressed = false;
  let waiting = null; // the draw waiting for the release
  let timer = null; // draws it anyway after maxHoldMs
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pressed = false;
    delete area.dataset.heldDraw;
    const draw = waiting;
    waiting = null;
    if (draw) draw();
  };
  const onPress = () => { pressed = true; };
  const onRelease = (e) => {
    if (!pressed) return;
    pressed = false;
    // A mouse's click follows its release in the same task; a tap's may
    // come a little later.
    if (waiting) setTimeout(flush, e.pointerType === 'mouse' ? 0 : 100);
  };
  area.addEventListener('pointerdown', onPress);
  window.addEventListener('pointerup', onRelease);
  window.addEventListener('pointercancel', onRelease);
  return {
    run(draw) {
      waiting = draw;
      if (!pressed) return flush();
      if (timer === null) {
        timer = setTimeout(flush, maxHoldMs);
        area.dataset.heldDraw = 'true';
      }
    },
    close() {
      if (timer !== null) clearTimeout(timer);
      waiting = null;
      area.removeEventListener('pointerdown', onPress);
      window.removeEventListener('pointerup', onRelease);
      window.removeEventListener('pointercancel', onRelease);
    },
  };
}
