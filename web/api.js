// The server's JSON API (docs/api.md) and the live WebSocket, for the UI.
//
//   api.games()                    -> [{name, title, options, ...}]
//   api.tables(status)             -> [summary]
//   api.create({game, options, seats}) -> {id, tokens, table}
//   api.state(id, token)           -> snapshot
//   api.act(id, token, action, version) -> {version} (sent again, same
//                                     request_id, if the answer is lost)
//   api.hint(id, token, level)     -> {action: {id, json, text}}
//   api.join(id)                   -> {seat, token} (an open seat)
//   api.seat(id, token, settings)  -> the seat's settings (auto_answer, away, name)
//   api.resign(id, token)          -> {seat, status}
//   api.rematch(id, token)         -> {id, seat, token}: the finished table's
//                                     rematch (made by the first call) and
//                                     this seat's fresh token there
//   api.log(id), api.replay(id)    (finished tables)
//   watch(id, token, onMessage, onStatus) -> {close()}: live snapshots,
//                                     reconnecting; onStatus('live'|'reconnecting'|'refused')
// Errors are thrown as ApiError with the server's code and message.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function call(method, path, { token, body } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const e = (data && data.error) || {};
    throw new ApiError(res.status, e.code || 'http_error', e.message || `HTTP ${res.status}`);
  }
  return data;
}

const t = (id) => `/api/tables/${encodeURIComponent(id)}`;

// An action whose answer never came (the connection dropped, the server
// restarted or a load balancer had no server for a moment: 502/503/504)
// may or may not have been applied. Each action carries an id of the page's
// making and is sent again with the same id: the server applies it at most
// once and answers a repeat with the first answer (docs/api.md "Retrying an
// action"). Other errors (a refused move) are final.
export const RETRY_DELAYS_MS = [250, 500, 1000, 2000, 4000];

// 96 random bits in hex (crypto.randomUUID needs a secure context; a table
// on a LAN address is not one).
function requestId() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function callAgainIfLost(method, path, options) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(method, path, options);
    } catch (e) {
      const lost = !(e instanceof ApiError) || [502, 503, 504].includes(e.status);
      if (!lost || attempt >= RETRY_DELAYS_MS.length) throw e;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
    }
  }
}

export const api = {
  games: async () => (await call('GET', '/api/games')).games,
  tables: async (status) =>
    (await call('GET', `/api/tables${status ? `?status=${status}` : ''}`)).tables,
  create: (request) => call('POST', '/api/tables', { body: request }),
  state: (id, token) => call('GET', t(id), { token }),
  act: (id, token, action, version) =>
    callAgainIfLost('POST', `${t(id)}/actions`,
      { token, body: { action, version, request_id: requestId() } }),
  hint: (id, token, level) => call('POST', `${t(id)}/hint`, { token, body: { level } }),
  join: (id, name) => call('POST', `${t(id)}/join`, { body: name ? { name } : {} }),
  seat: (id, token, settings) => call('POST', `${t(id)}/seat`, { token, body: settings }),
  resign: (id, token) => call('POST', `${t(id)}/resign`, { token, body: {} }),
  rematch: (id, token) => call('POST', `${t(id)}/rematch`, { token, body: {} }),
  log: (id) => call('GET', `${t(id)}/log`),
  replay: (id) => call('GET', `${t(id)}/replay`),
};

// Live snapshots for a seat (token) or a spectator (no token). The token
// goes in the first message, not the URL (URLs end up in logs); until the
// server answers it, the spectator snapshot it sends first is skipped. A
// keep-alive message every 30 s keeps the server from closing the socket
// as idle (docs/api.md "WebSocket"). Reconnects at once after a drop, then
// with a growing delay; every (re)connection starts with the current
// snapshot, so nothing is missed. A refused token (close code 1008) stops
// reconnecting and reports 'refused'.
export const KEEP_ALIVE_MS = 30000;

export function watch(id, token, onMessage, onStatus = () => {}) {
  let ws = null;
  let closed = false;
  let delay = 250;
  let keepAlive = null;
  const url = () => {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}/ws/tables/${encodeURIComponent(id)}`;
  };
  const connect = () => {
    if (closed) return;
    const socket = new WebSocket(url());
    ws = socket;
    let authed = !token;
    socket.onopen = () => {
      delay = 250;
      if (token) socket.send(JSON.stringify({ type: 'auth', token }));
      keepAlive = setInterval(() => socket.send('{"type":"ping"}'), KEEP_ALIVE_MS);
      onStatus('live');
    };
    socket.onmessage = (ev) => {
      let m;
      try {
        m = JSON.parse(ev.data);
      } catch (e) {
        console.error('bad message', e);
        return;
      }
      if (m.type === 'error') {
        console.error('server:', m.error && m.error.message);
        return;
      }
      if (!authed) {
        if (m.you === 'spectator') return;  // sent before our token was read
        authed = true;
      }
      onMessage(m);
    };
    socket.onclose = (ev) => {
      clearInterval(keepAlive);
      if (closed) return;
      if (ev.code === 1008) {
        onStatus('refused');
        return;
      }
      onStatus('reconnecting');
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 5000);
    };
  };
  connect();
  return {
    close() {
      closed = true;
      clearInterval(keepAlive);
      if (ws) ws.close();
    },
  };
}

// Tokens this browser holds, per table (so a reload keeps the seat).
export const tokens = {
  get(id) {
    try {
      return JSON.parse(localStorage.getItem(`meeple.tokens.${id}`) || '{}');
    } catch {
      return {};
    }
  },
  set(id, seat, token) {
    const all = tokens.get(id);
    all[seat] = token;
    localStorage.setItem(`meeple.tokens.${id}`, JSON.stringify(all));
  },
  // The name this browser's player goes by ("" until given in the lobby).
  name() {
    return localStorage.getItem('meeple.name') || '';
  },
  setName(name) {
    localStorage.setItem('meeple.name', name.trim());
  },
  // The seat this browser plays at a table (it may hold other seats' invite
  // links too): remembered when a snapshot names it, so the lobby can offer
  // the way back after the tab was closed. {seat, token} or null.
  mine(id) {
    try {
      const m = JSON.parse(localStorage.getItem(`meeple.you.${id}`) || 'null');
      return m && Number.isInteger(m.seat) && typeof m.token === 'string' ? m : null;
    } catch {
      return null;
    }
  },
  setMine(id, seat, token) {
    if (tokens.mine(id)?.token === token) return;
    tokens.set(id, seat, token);
    localStorage.setItem(`meeple.you.${id}`, JSON.stringify({ seat, token }));
  },
};
