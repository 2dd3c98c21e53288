// A table page: live snapshots over the WebSocket, the board, the move
// list, hints, invite links and the fairness record. Actions go through
// POST /api/tables/{id}/actions with the snapshot's version, so a stale
// click is refused by the server rather than misapplied.
import { api, tokens, watch } from './api.js';
import { autoAnswerLabel, boardFor, seatName } from './boards/index.js';
import { drawAfterClicks, h, keyboardScrollable } from './dom.js';
import { checkSeed, firstSeen, rememberSeedHash } from './fairness.js';

export function renderTable(root, id, token) {
  let snap = null;
  let hint = null; // the hinted action entry, highlighted by the board
  let hintChance = null; // the hint's estimated chance to win, 0..1
  // The level asked for hints (1..10), or undefined: the game's standard
  // level (GET /api/games: levels.standard), which the server picks.
  let hintLevel;
  let confirmResign = false; // "Resign" asks once more before it counts
  // The version of the snapshot the action on its way was sent against
  // (null: none on its way).
  let sentAt = null;
  let named = false;
  let rematching = false; // a rematch request is on its way
  let pageClosed = false; // the route moved on
  const live = h('span.live', { id: 'live' }, 'connecting…');
  const title = h('h2', {}, 'Table');
  const who = h('p.who');
  const board = h('section.board');
  const side = h('aside.side');
  const err = h('p.error', { role: 'alert', id: 'error' });
  // The error sits in the table body's grid next to the board's prompt
  // (style.css), where a refused action's reason is seen.
  const page = h('div.table-page', {}, h('div.table-head', {}, title, live), who, h('div.table-body', {}, board, err, side));
  root.append(page);

  // A second click on the snapshot an action was sent from is dropped (a
  // double click); a click on a newer snapshot is sent at once, though the
  // first answer may not be here yet: the server commits and pushes what
  // follows (a computer's reply, our turn again) before that answer reaches
  // the page, and it refuses an action sent against a stale version anyway.
  const act = async (entry) => {
    if (!snap || sentAt === snap.table.version) return;
    const version = snap.table.version;
    sentAt = version;
    err.textContent = '';
    try {
      await api.act(id, token, entry.json, version);
      hint = null;
      hintChance = null;
    } catch (e) {
      // A newer action's outcome is the one to show.
      if (sentAt === version) err.textContent = e.message;
    } finally {
      if (sentAt === version) sentAt = null;
    }
  };

  const draw = () => {
    if (!snap) return;
    const t = snap.table;
    title.textContent = `${t.title}`;
    const me = snap.you;
    if (typeof me === 'number' && token) tokens.setMine(id, me, token);
    // An invited player who has a name in this browser takes it to the seat.
    if (typeof me === 'number' && token && !named && !t.seats[me].name && tokens.name()) {
      named = true;
      api.seat(id, token, { name: tokens.name() }).catch(() => {});
    }
    who.textContent = me === 'spectator' ? 'You are watching.' : `You play ${seatName(t.game, me)}.`;
    boardFor(t.game)(board, snap, { onAction: act, hint });
    // The tab says when this viewer has something to do (the server sends
    // legal actions only to the seat to move), so a background tab is noticed.
    const name = `${t.title.replace(/\s*\(.*\)$/, '')} · meeple`;
    document.title = snap.legal.length ? `● Your turn — ${name}` : name;
    side.replaceChildren(...sidePanel(snap));
    keyboardScrollable(side.querySelector('#log'));
  };

  const sidePanel = (sn) => {
    const t = sn.table;
    const parts = [];
    // Seats.
    parts.push(h('div.card', {}, h('h3', {}, 'Seats'), h('ul.seats-list', {}, t.seats.map((s) =>
      h('li', { class: t.to_move === s.seat ? 'to-move' : '' },
        `${seatName(t.game, s.seat)}: `,
        s.kind === 'computer' ? `computer (level ${s.level})` : s.claimed ? s.name || 'player'
          : s.access === 'open' ? 'open: anyone may join from the lobby' : 'waiting for the invited player',
        sn.you === s.seat ? ' — you' : '',
        // Whether the seat's player has the table open now (any tab).
        s.kind === 'human' && s.claimed
          ? h('span', { class: s.online ? 'presence online' : 'presence offline', 'data-online': String(!!s.online) },
            s.online ? ' ● online' : ' ○ offline')
          : null,
        s.away ? h('span.computer-plays', { 'data-away': 'true' }, ' — the computer plays for them') : null,
        s.resigned ? h('span.computer-plays', { 'data-resigned': 'true' },
          t.seats.length === 2 ? ' — resigned' : ' — resigned; the computer plays for them') : null)),
    t.move_seconds > 0 ? h('p.small.muted', { id: 'move-timer' }, `Time per move: ${timerWords(t.move_seconds)}`,
      // Counted down here from the server's figure (tick() below).
      typeof t.time_left_ms === 'number' && typeof t.to_move === 'number'
        ? [` · ${seatName(t.game, t.to_move)}: `,
          h('span', { id: 'time-left', 'data-deadline': String(performance.now() + t.time_left_ms) }, clock(t.time_left_ms)),
          ' left']
        : null) : null)));
    // An away seat of yours: the computer plays it until you take it back;
    // otherwise you may hand it over (a break, a lost connection to come).
    const own = typeof sn.you === 'number' ? t.seats[sn.you] : null;
    if (own && own.kind === 'human' && !own.resigned && t.status !== 'finished') {
      const setAway = (away) => async (ev) => {
        ev.target.disabled = true;
        err.textContent = '';
        try {
          await api.seat(id, token, { away });
        } catch (e) {
          err.textContent = e.message;
          ev.target.disabled = false;
        }
      };
      if (own.away) {
        parts.unshift(h('div.card.away-card', { id: 'away' },
          h('p', {}, h('strong', {}, 'The computer is playing for you.'),
            t.move_seconds > 0 ? ' Your time ran out or you left your seat to it.' : ''),
          h('button.primary', { id: 'back', onclick: setAway(false) }, "I'm back")));
      } else {
        parts[parts.length - 1].append(
          h('button', { id: 'leave-seat', onclick: setAway(true) }, 'Let the computer play for me'));
      }
      // Resigning is for good: it asks once more.
      const resign = async (ev) => {
        ev.target.disabled = true;
        err.textContent = '';
        try {
          await api.resign(id, token);
        } catch (e) {
          err.textContent = e.message;
        }
        confirmResign = false;
        draw();
      };
      parts[parts.length - 1].append(confirmResign
        ? h('p.confirm', { id: 'confirm-resign' },
          t.seats.length === 2 ? 'Resign? The other player wins at once. ' : 'Resign? The computer plays your seat to the end. ',
          h('button.danger', { id: 'resign-yes', onclick: resign }, 'Yes, resign'), ' ',
          h('button', { id: 'resign-no', onclick: () => { confirmResign = false; draw(); } }, 'Cancel'))
        : h('button', { id: 'resign', onclick: () => { confirmResign = true; draw(); } }, 'Resign'));
    }
    // A finished table's rematch, at the top (the result, if any, above it).
    const again = rematchCard(sn);
    if (again) parts.unshift(again);
    // A game ended by resignation: the state has no result, the table does.
    const resigned = t.seats.find((s) => s.resigned);
    if (t.status === 'finished' && resigned && !sn.view.terminal) {
      const winner = t.seats.find((s) => !s.resigned);
      parts.unshift(h('div.card.result', { id: 'resigned' }, h('strong', {},
        `${seatName(t.game, resigned.seat)} resigned: ${seatName(t.game, winner.seat)} wins.`)));
    }
    // The seat's own choice: leave default answers to the server, or decide.
    const mySeat = typeof sn.you === 'number' ? t.seats[sn.you] : null;
    const autoLabel = autoAnswerLabel(t.game);
    if (mySeat && mySeat.kind === 'human' && autoLabel && t.status !== 'finished') {
      const box = h('input', { type: 'checkbox', id: 'auto-answer', checked: mySeat.auto_answer !== false,
        onchange: async () => {
          box.disabled = true;
          err.textContent = '';
          try {
            await api.seat(id, token, { auto_answer: box.checked });
          } catch (e) {
            err.textContent = e.message;
            box.checked = !box.checked;
          } finally {
            box.disabled = false;
          }
        } });
      parts[parts.length - 1].append(h('label.check', { for: 'auto-answer' }, box, ` ${autoLabel}`));
    }
    // Hint.
    if (sn.legal.length) {
      const btn = h('button', { id: 'hint', onclick: async () => {
        btn.disabled = true;
        try {
          const r = await api.hint(id, token, hintLevel);
          hint = r.action;
          hintChance = typeof r.win_chance === 'number' ? r.win_chance : null;
          draw();
        } catch (e) {
          err.textContent = e.message;
        } finally {
          btn.disabled = false;
        }
      } }, 'Hint');
      // The level the hint thinks at: its move and its estimated chance.
      const level = h('select', { id: 'hint-level', onchange: (e) => { hintLevel = e.target.value ? Number(e.target.value) : undefined; } },
        h('option', { value: '', selected: hintLevel === undefined }, 'standard'),
        Array.from({ length: 10 }, (_, i) => h('option', { value: String(i + 1), selected: i + 1 === hintLevel }, String(i + 1))));
      const chance = hintChance === null ? '' : ` — about ${Math.round(hintChance * 100)}% to win`;
      parts.push(h('div.card', {}, btn, ' ', h('label.small', { for: 'hint-level' }, 'level '), level,
        hint ? h('p.hint-text', { id: 'hint-text' }, `Try ${hint.text}${chance}.`) : null));
    }
    // What happened, in words: since this seat last decided, then the log.
    if (sn.log) parts.push(...logCards(sn));
    // Invite links this browser holds for other seats.
    const mine = tokens.get(id);
    const invites = Object.entries(mine).filter(([seat]) => String(seat) !== String(sn.you));
    if (invites.length && t.status !== 'finished') {
      parts.push(h('div.card', {}, h('h3', {}, 'Invite'), invites.map(([seat, tok]) => {
        const link = `${location.origin}/#/table/${id}?token=${tok}`;
        const who = seatName(t.game, Number(seat));
        return h('p.invite', {}, `${who}: `, h('input', { readonly: true, value: link, 'aria-label': `Invite link for ${who}`,
          onclick: (e) => e.target.select() }));
      }), h('p.muted', {}, `Spectators: ${location.origin}/#/table/${id}`)));
    }
    // Move list.
    if (sn.history) {
      parts.push(h('div.card', {}, h('h3', {}, `Moves (${sn.history.filter((e) => e.seat !== 'chance').length})`),
        h('ol.moves', { id: 'moves' }, sn.history.filter((e) => e.seat !== 'chance').map((e) =>
          h('li', {}, `${seatName(t.game, e.seat)} ${e.text}`)))));
    }
    // Fairness.
    const seen = firstSeen(id);
    const fair = h('div.card.fair', {}, h('h3', {}, 'Fair dice'),
      h('p.small', {}, 'Seed SHA-256: ', h('code', {}, t.seed_sha256)),
      seen && !seen.revealed && seen.hash !== t.seed_sha256
        ? h('p.small', {}, 'First seen here: ', h('code', { id: 'seed-first-seen' }, seen.hash)) : null);
    if (t.expired) fair.append(h('p.small', { id: 'expired' }, 'This table has expired and left the lobby.'));
    if (t.seed) {
      const check = h('p.small', { id: 'seed-check' }, 'checking…');
      fair.append(h('p.small', {}, 'Seed: ', h('code', {}, t.seed)), check,
        h('p.small', {}, h('a', { href: `/api/tables/${id}/log`, download: `meeple-${id}.json` }, 'download log'),
          ' (check with ', h('code', {}, 'meeple verify'), ') · ', h('a', { href: `#/replay/${id}` }, 'replay')));
      checkSeed(id, t).then((r) => {
        check.textContent = r.text;
        check.dataset.ok = String(r.ok);
      });
    }
    parts.push(fair);
    parts.push(h('p', {}, h('a', { href: '#/' }, '← lobby')));
    return parts;
  };

  // A finished table offers a rematch (POST /api/tables/{id}/rematch): one
  // new table, same game, options and seats, made by the first seat holder
  // who asks; the others get their own seat there the same way. The token
  // it answers is kept like a created or joined seat's, so coming back here
  // goes straight to the rematch ("Go to the rematch"); once it exists every
  // viewer's summary names it (`rematch`), pushed to open pages, and a
  // spectator may follow it.
  const rematchCard = (sn) => {
    const t = sn.table;
    if (t.status !== 'finished') return null;
    const next = t.rematch || '';
    if (typeof sn.you !== 'number' || !token) {
      return next ? h('div.card.rematch', { id: 'rematch-card' },
        h('p', {}, 'The players started a rematch.'),
        h('a.button.primary', { id: 'watch-rematch', href: `#/table/${encodeURIComponent(next)}` }, 'Watch the rematch'))
        : null;
    }
    const held = next ? tokens.get(next)[sn.you] : undefined;
    const open = (tableId, tok) => { location.hash = `#/table/${encodeURIComponent(tableId)}?token=${encodeURIComponent(tok)}`; };
    const ask = async () => {
      if (rematching) return;
      rematching = true;
      err.textContent = '';
      draw();
      try {
        const r = await api.rematch(id, token);
        tokens.setMine(r.id, r.seat, r.token);
        rematching = false;
        if (!pageClosed) open(r.id, r.token);
      } catch (e) {
        rematching = false;
        err.textContent = e.message;
        draw();
      }
    };
    const [label, words, onclick] = held
      ? ['Go to the rematch', 'Your seat at the rematch is waiting.', () => open(next, held)]
      : next
        ? ['Join the rematch', 'The rematch has started; your seat there is kept for you.', ask]
        : ['Rematch', 'Play again at a new table: the same game, options and players.', ask];
    return h('div.card.rematch', { id: 'rematch-card' }, h('p', {}, words),
      h('button.primary', { id: 'rematch', disabled: rematching, onclick }, rematching ? 'Starting the rematch…' : label));
  };

  // Keep the newest log line in sight after each redraw.
  const scrollLog = () => {
    const list = side.querySelector('#log');
    if (list) list.scrollTop = list.scrollHeight;
  };

  // A snapshot is drawn once any click in progress has landed (dom.js),
  // and `snap` (what a click acts on, and the version it is sent against)
  // changes only when it is drawn: a click on the board as the player saw
  // it is never sent against a newer version they have not seen.
  let newest = null; // the newest snapshot received, drawn or not
  const later = drawAfterClicks(page);
  const show = () => {
    snap = newest;
    draw();
    scrollLog();
  };

  const w = watch(id, token, (m) => {
    if (m.type !== 'state') return;
    if (newest && m.table.version < newest.table.version) return;
    rememberSeedHash(id, m.table);  // the commitment, as first seen here
    newest = m;
    later.run(show);
  }, (st) => {
    live.textContent = st === 'live' ? '● live' : st === 'refused' ? 'link refused' : 'reconnecting…';
    live.className = `live ${st}`;
  });
  // A wrong link gets a clear message (the WebSocket only says "closed").
  api.state(id, token).catch((e) => { err.textContent = e.message; });
  // The move timer's countdown, between snapshots.
  const tick = setInterval(() => {
    const el = side.querySelector('#time-left');
    if (el) el.textContent = clock(Number(el.dataset.deadline) - performance.now());
  }, 1000);
  return () => {
    pageClosed = true;
    clearInterval(tick);
    later.close();
    w.close();
    document.title = 'meeple';
  };
}

// "0:42", "12:05", "3:04:10" for the time left.
function clock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const two = (n) => String(n).padStart(2, '0');
  if (s >= 3600) return `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
  return `${Math.floor(s / 60)}:${two(s % 60)}`;
}

// "30 s", "2 min", "1 h", "1 day" for a move timer.
function timerWords(seconds) {
  if (seconds % 86400 === 0) return seconds === 86400 ? '1 day' : `${seconds / 86400} days`;
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

// Consecutive equal lines (seven armies placed one by one) fold into one.
function foldRepeats(entries) {
  const out = [];
  for (const e of entries) {
    const last = out[out.length - 1];
    if (last && last.text === e.text && last.seat === e.seat) last.count += 1;
    else out.push({ ...e, count: 1 });
  }
  return out;
}

const line = (e, cls) => h('li', { class: cls }, e.count > 1 ? `${e.text} (×${e.count})` : e.text);

// The log in words the server keeps for this viewer (State::describe: only
// what this seat may know), and, when it is this seat's turn, what the
// others did since it last decided.
function logCards(sn) {
  const entries = sn.log.entries;
  const you = sn.you;
  // Since your last turn: back from the end past what this turn of yours
  // did so far, then everything back to your previous turn. Entries name
  // the turn they fell in, so a defence you made (or the server made for
  // you) inside another player's turn does not cut the summary short.
  let mine = -1;
  let end = entries.length;
  if (typeof you === 'number') {
    while (end > 0 && entries[end - 1].turn === you) end -= 1;
    for (let k = end - 1; k >= 0; --k) {
      if (entries[k].turn === you) { mine = k; break; }
    }
  }
  const cards = [];
  const since = mine >= 0 ? entries.slice(mine + 1, end) : [];
  if (sn.table.to_move === you && since.length) {
    cards.push(h('div.card.since', { id: 'since' }, h('h3', {}, 'Since your last turn'),
      h('ul.log-lines', {}, foldRepeats(since).map((e) => line(e, '')))));
  }
  const older = sn.log.total > entries.length ? h('li.muted', {}, `… ${sn.log.total - entries.length} earlier`) : null;
  cards.push(h('div.card', {}, h('h3', {}, 'Log'),
    h('ol.log', { id: 'log', 'aria-label': 'Log' }, older, foldRepeats(entries).map((e) =>
      line(e, mine >= 0 && e.i > entries[mine].i ? 'new' : '')))));
  return cards;
}
