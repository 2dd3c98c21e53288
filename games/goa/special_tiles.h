// The once-per-game tiles that act on the owner's goods (goa.md §2.4, rulings
// 28, 29): Resupply, Extra harvest and Espionage's borrowed level. (Duty is
// return_spices, Vice-king vice_king in player.h; Swap and Favor move tiles
// between the grid, the removed pool and the owner, which the round state
// does.)
#pragma once

#include <vector>

#include "core/status.h"
#include "games/goa/expedition_deck.h"
#include "games/goa/player.h"

namespace meeple::goa {

// Resupply: the colonists on `cards` revealed cards (the tile's amount, 2;
// 0 for a card that cannot be revealed), set aside until take_resupply.
int reveal_resupply(const Components& c, int cards, ExpeditionDeck& deck, const Pick& pick);
enum class ResupplyKind { kSpices, kColonists, kShips };
// Takes `amount` of one kind; spices only as far as they fit (the moves say
// where, at most `amount`); the revealed cards then go to the discard pile.
Status take_resupply(Player& p, int amount, ResupplyKind kind, const std::vector<SpiceMove>& spices,
                     ExpeditionDeck& deck);

// Extra harvest: fill up to `max_holdings` (3) of the owner's plantations
// and/or colonies completely; `moves` must leave every holding they touch
// full, and touch at most that many.
Status extra_harvest(Player& p, int max_holdings, const std::vector<SpiceMove>& moves);

// Espionage: the chosen opponent's level stands in for the owner's in one
// Ships, Harvest, Taxes or Found-a-colony action (ruling 28).
Status check_espionage_track(int track);
Development borrowed_development(const Development& own, const Development& opponent, int track);

}  // namespace meeple::goa
