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
