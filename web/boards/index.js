// Board renderers by game name; any other game gets the generic one.
import { renderReversi } from './reversi.js';
import { renderGeneric } from './generic.js';

const boards = { reversi: renderReversi };
const seatNames = { reversi: ['Black', 'White'] };

export function boardFor(game) {
  return boards[game] || renderGeneric;
}

export function seatName(game, seat) {
  const names = seatNames[game];
  return names && names[seat] ? names[seat] : `Seat ${seat + 1}`;
}
