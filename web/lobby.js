// The lobby: create a table (game, options, seats) and list tables to join,
// watch or replay. Everything about games comes from GET /api/games.
import { api, tokens } from './api.js';
import { drawAfterClicks, h } from './dom.js';
import { rememberSeedHash } from './fairness.js';

function optionInput(opt) {
  const id = `opt-${opt.name}`;
  let input;
  if (opt.allowed && opt.allowed.length) {
    input = h('select', { id, name: opt.name },
      opt.allowed.map((v) => h('option', { value: JSON.stringify(v), selected: v === opt.default }, String(v))));
  } else if (opt.type === 'bool') {
    input = h('input', { id, name: opt.name, type: 'checkbox', checked: !!opt.default });
  } else if (opt.type === 'int') {
    input = h('input', { id, name: opt.name, type: 'number', value: opt.default, min: opt.min, max: opt.max });
  } else {
    input = h('input', { id, name: opt.name, type: 'text', value: opt.default ?? '' });
  }
  const read = () => {
    if (opt.allowed && opt.allowed.length) return JSON.parse(input.value);
    if (opt.type === 'bool') return input.checked;
    if (opt.type === 'int') return Number(input.value);
    return input.value;
  };
  return { el: h('label.field', { for: id, title: opt.description }, h('span', {}, opt.name), input), read, input };
}

function seatCount(game, options) {
  if (typeof options.players === 'number') return options.players;
  return game.min_seats;
}

// The computer's levels, named: 0 (random) up to the game's top level
// (GET /api/games: levels.names); levels above the top play as it.
function seatRow(i, choice, levels) {
  const sel = h('select', { 'data-seat': i, 'aria-label': `seat ${i + 1}` },
    h('option', { value: 'you' }, 'You'),
    h('option', { value: 'invite' }, 'A friend (invite link)'),
    h('option', { value: 'open' }, 'Anyone (open seat, joined from the lobby)'),
    ...levels.names.map((name, l) => h('option', { value: `computer:${l}` }, `Computer, level ${l}: ${name}`)));
  sel.value = choice;
  return { el: h('label.field', {}, h('span', {}, `Seat ${i + 1}`), sel), sel };
}

function renderCreate(box, games, onError) {
  const gameSel = h('select', { id: 'game', name: 'game' },
    games.map((g) => h('option', { value: g.name }, g.title)));
  const optsBox = h('div.options');
  const seatsBox = h('div.seats');
  let optInputs = [];
  let seatRows = [];
  const game = () => games.find((g) => g.name === gameSel.value);
  const options = () => Object.fromEntries(optInputs.map((o) => [o.name, o.read()]));
  const drawSeats = () => {
    const n = seatCount(game(), options());
    seatRows = [];
    seatsBox.replaceChildren();
    for (let i = 0; i < n; i++) {
      const levels = game().levels;
      const row = seatRow(i, i === 0 ? 'you' : `computer:${levels.standard ?? Math.min(3, levels.top)}`, levels);
      seatRows.push(row);
      seatsBox.append(row.el);
    }
  };
  const drawOptions = () => {
    optInputs = game().options.map((o) => {
      const inp = optionInput(o);
      inp.input.addEventListener('change', drawSeats);
      return { name: o.name, ...inp };
    });
    optsBox.replaceChildren(...optInputs.map((o) => o.el));
    drawSeats();
  };
  gameSel.addEventListener('change', drawOptions);
  // Your name, shown to the others at your seats (kept in this browser).
  const nameInput = h('input', { id: 'your-name', type: 'text', maxlength: 24, value: tokens.name(),
    placeholder: 'shown to the other players', autocomplete: 'nickname' });
  // The move timer: after it, the computer plays for a seat until its
  // player says they are back (docs/api.md "Move timers").
  const timerSel = h('select', { id: 'move-seconds', name: 'move_seconds' },
    [[0, 'No timer'], [30, '30 seconds'], [60, '1 minute'], [120, '2 minutes'], [300, '5 minutes'],
      [3600, '1 hour'], [86400, '1 day']].map(([v, label]) => h('option', { value: String(v) }, label)));
  const create = h('button.primary', { type: 'submit', id: 'create' }, 'Create table');
  const form = h('form.card', {
    onsubmit: async (ev) => {
      ev.preventDefault();
      create.disabled = true;
      try {
        // The first "You" seat is the creator's (hers from creation); more
        // "You" seats (one screen shared) are invited seats she holds.
        const mine = seatRows.findIndex((r) => r.sel.value === 'you');
        const seats = seatRows.map((r, i) => {
          const v = r.sel.value;
          if (v.startsWith('computer:')) return { kind: 'computer', level: Number(v.split(':')[1]) };
          if (v === 'you') {
            const seat = { kind: 'human', access: i === mine ? 'creator' : 'invite' };
            return nameInput.value.trim() ? { ...seat, name: nameInput.value.trim() } : seat;
          }
          return { kind: 'human', access: v };
        });
        tokens.setName(nameInput.value);
        const request = { game: gameSel.value, options: options(), seats };
        if (Number(timerSel.value) > 0) request.move_seconds = Number(timerSel.value);
        const res = await api.create(request);
        rememberSeedHash(res.id, res.table);
        for (const t of res.tokens) tokens.set(res.id, t.seat, t.token);
        const mineToken = res.tokens.find((t) => t.seat === mine);
        location.hash = mineToken ? `#/table/${res.id}?token=${mineToken.token}` : `#/table/${res.id}`;
      } catch (e) {
        onError(e.message);
      } finally {
        create.disabled = false;
      }
    },
  },
  h('h2', {}, 'New table'),
  h('label.field', { for: 'your-name' }, h('span', {}, 'Your name'), nameInput),
  h('label.field', { for: 'game' }, h('span', {}, 'Game'), gameSel),
  optsBox, seatsBox,
  h('label.field', { for: 'move-seconds' }, h('span', {}, 'Time per move'), timerSel),
  create);
  box.append(form);
  drawOptions();
}

function tableRow(t) {
  const seats = t.seats.map((s) => (s.kind === 'computer' ? `computer ${s.level}` : s.claimed ? s.name || 'player'
    : s.access === 'open' ? 'open seat' : 'invited')).join(' · ');
  const actions = [];
  // Only seats the creator marked open are offered; invited seats never are.
  if (t.status === 'open' && t.seats.some((s) => s.kind === 'human' && s.access === 'open' && !s.claimed)) {
    actions.push(h('button', {
      onclick: async () => {
        const j = await api.join(t.id, tokens.name());
        tokens.set(t.id, j.seat, j.token);
        location.hash = `#/table/${t.id}?token=${j.token}`;
      },
    }, 'Join'));
  }
  // A seat this browser plays is offered back, never as a spectator's view.
  const mine = tokens.mine(t.id);
  if (mine && t.status !== 'finished') {
    const label = t.to_move === mine.seat ? 'Your turn' : 'Play';
    actions.push(h('a.button.primary', { href: `#/table/${t.id}?token=${mine.token}` }, label));
  } else {
    actions.push(h('a.button', { href: `#/table/${t.id}` }, t.status === 'finished' ? 'Result' : 'Watch'));
  }
  if (t.status === 'finished') actions.push(h('a.button', { href: `#/replay/${t.id}` }, 'Replay'));
  return h('li.table-row', { 'data-status': t.status },
    h('span.title', {}, `${t.title}`),
    h('span.meta', {}, `${seats} · ${t.version} moves`),
    h('span.status', {}, t.status),
    h('span.actions', {}, actions));
}

export function renderLobby(root) {
  const err = h('p.error', { role: 'alert' });
  const createBox = h('section.create');
  const lists = h('section.lists');
  root.append(h('div.lobby', {}, createBox, lists), err);
  let timer = null;
  // The lists are redrawn every few seconds; never between the press and
  // the release of a click on them (dom.js), which would lose the click.
  const later = drawAfterClicks(lists);
  const showError = (m) => { err.textContent = m; };
  const refresh = async () => {
    try {
      const [open, running, finished] = await Promise.all(['open', 'running', 'finished'].map((s) => api.tables(s)));
      // Your tables first: games still on where this browser holds a seat.
      const yours = [...open, ...running].filter((t) => tokens.mine(t.id));
      const others = (rows) => rows.filter((t) => !yours.includes(t));
      const cards = [['Waiting for players', others(open)], ['Playing now', others(running)], ['Finished', finished]]
        .map(([title, rows]) => h('div.card', {}, h('h2', {}, title),
          rows.length ? h('ul.tables', {}, rows.slice(0, 20).map(tableRow)) : h('p.muted', {}, 'none')));
      if (yours.length) {
        cards.unshift(h('div.card.yours', { id: 'your-tables' }, h('h2', {}, 'Your tables'),
          h('ul.tables', {}, yours.map(tableRow))));
      }
      later.run(() => lists.replaceChildren(...cards));
    } catch (e) {
      showError(e.message);
    }
  };
  api.games().then((games) => renderCreate(createBox, games, showError)).catch((e) => showError(e.message));
  refresh();
  timer = setInterval(refresh, 5000);
  return () => {
    clearInterval(timer);
    later.close();
  };
}
