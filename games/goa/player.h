// One player's holdings and the actions and payments that need no one else
// (goa.md §8.2-§8.5, §8.10, the Duty tile, the SELL card): ships, colonists,
// ducats and additional action cards are counts; spices lie on the supply
// board; the development board holds the cubes.
#pragma once

#include <functional>
#include <utility>
#include <vector>

#include "core/status.h"
#include "games/goa/components.h"
#include "games/goa/progress.h"
#include "games/goa/supply_board.h"

namespace meeple::goa {

// A spice taken from or put onto a holding of the supply board.
struct SpiceMove {
  int holding = 0;
  int spice = 0;
};

struct Player {
  int ducats = 0, ships = 0, colonists = 0, extra_action_cards = 0;
  std::vector<int> hand;  // expedition cards (indices)
  Development development;
  SupplyBoard board;
};

// SHIPS and TAXES: the track's value in ships / ducats.
void take_ships(const Components& c, Player& p);
void take_taxes(const Components& c, Player& p);
// How many spices a harvest (or any spice gain) of `amount` can place: each
// empty space takes at least one type, so min(amount, empty spaces).
int placeable_spices(const Player& p, int amount);
// Places spices chosen by the player (types and spaces), at most `amount`.
Status place_spices(Player& p, int amount, const std::vector<SpiceMove>& moves);
// DEVELOP `track` one level, paying the step's spices from the chosen
// spaces (exactly the required types, ruling 32) and its ships, unless a
// card waives them. Returns the bonuses earned (row, first-to-reach).
Result<ProgressGains> develop(const Components& c, Player& p, int track, Waiver w,
                              const std::vector<SpiceMove>& paid, FirstToReach& first);
// HARVEST with a HARVEST_MIX card: the Harvest value taken as any mix of
// ships, colonists and spices (the spices placed by `moves`).
Status harvest_mix(const Components& c, Player& p, int ships, int colonists,
                   const std::vector<SpiceMove>& moves);
// EXPEDITION (§8.6): `discards` (cards in hand) go first, then `draws`
// cards are drawn one at a time, never more than the level's take and never
// above its hand limit. Discarded cards go to the deck's discard pile.
class ExpeditionDeck;
Status expedition_action(const Components& c, Player& p, const std::vector<int>& discards,
                         int draws, ExpeditionDeck& deck, const std::function<int(int)>& pick);
// The Vice-king tile: the least advanced cube (the owner picks `track`
// among tied ones) moves down one row free; not while all are on row 5.
Result<ProgressGains> vice_king(const Components& c, Player& p, int track, FirstToReach& first);
// A BUY_PROGRESS card (`card` in hand): pay its printed ducats to move the
// cube of `track` down one row, no ships or spices (ruling 35). The card
// leaves the hand; the caller discards it.
Result<ProgressGains> buy_progress(const Components& c, Player& p, int card, int track,
                                   FirstToReach& first);
// The Duty tile: return exactly `amount` spices from the chosen spaces.
Status return_spices(Player& p, int amount, const std::vector<SpiceMove>& paid);
// The SELL card: return up to its number of spices, 3 ducats each.
Status sell_spices(const Components& c, Player& p, const std::vector<SpiceMove>& paid);
// The 8-ducat purchase of an additional action card (§8.10).
Status buy_extra_action_card(const Components& c, Player& p);

}  // namespace meeple::goa
