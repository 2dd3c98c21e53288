// Board renderers by game name; any other game gets the generic one.
import { renderReversi } from './reversi.js';
import { renderRisk, seatNames as riskSeats } from './risk.js';
import { renderRisk2008, seatNames as risk2008Seats } from './risk-2008.js';
import { renderKingIsDead } from './king-is-dead.js';
import { renderGoa, seatNames as goaSeats } from './goa.js';
import { renderGeneric } from './generic.js';

const boards = { reversi: renderReversi, risk: renderRisk, 'risk-2008': renderRisk2008, 'king-is-dead': renderKingIsDead, goa: renderGoa };
const seatNames = {
  reversi: ['Black', 'White'],
  risk: riskSeats,
  // data/risk/2008.json's seat colours, in seat order.
  'risk-2008': risk2008Seats,
  // As the engine names them in the log and the terminal.
  'king-is-dead': ['Player A', 'Player B', 'Player C', 'Player D'],
  // The engine's seat names (red, yellow, green, blue), capitalised.
  goa: goaSeats,
};

// Games whose decisions have a default the server can give for a seat
// (docs/api.md "Seats", auto_answer): what the seat's checkbox says.
const autoAnswers = {
  risk: 'Defend with the most dice without asking me',
  'risk-2008': 'Defend with the most dice without asking me',
};
export function autoAnswerLabel(game) {
  return autoAnswers[game] || null;
}

export function boardFor(game) {
  return boards[game] || renderGeneric;
}

// A view, when given, names seats by their colour in the game (Risk's
// players[].colour); otherwise the game's fixed names, else "Seat N".
export function seatName(game, seat, view) {
  const colour = view && Array.isArray(view.players) && view.players[seat] && view.players[seat].colour;
  if (typeof colour === 'string' && colour) return colour[0].toUpperCase() + colour.slice(1);
  const names = seatNames[game];
  return names && names[seat] ? names[seat] : `Seat ${seat + 1}`;
}
