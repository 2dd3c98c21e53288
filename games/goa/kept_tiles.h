// The tiles a player keeps in front of him after winning them (goa.md §2.2,
// §7.4, §8.9): recurring tiles usable once per round, once-per-game tiles
// (Duty flipped and kept for its VP), Swap, Foreman, Missions and kept
// bonanza tiles; and the player's final tally for scoring (§11).
#pragma once

#include <vector>

#include "core/status.h"
#include "games/goa/expedition_deck.h"
#include "games/goa/gains.h"
#include "games/goa/player.h"
#include "games/goa/scoring.h"

namespace meeple::goa {

struct KeptTile {
  int tile = -1;
  bool used = false;  // recurring: used this round; once-per-game: spent
  bool operator==(const KeptTile&) const = default;
};

struct Holdings {
  std::vector<KeptTile> tiles;
  std::vector<int> bonanza_vp;  // kept bonanza tiles' VP (BZ7)
};

// Adds a gain's counts to the player; its expedition cards are drawn in
// full (they may exceed the hand limit); its spices are placed by the
// caller (`spices` moves, at most as many as fit).
Status apply_gain(const Gain& g, Player& p, ExpeditionDeck& deck, const Pick& pick,
                  const std::vector<SpiceMove>& spices);

// A won tile: plantations go onto the supply board (`discard` / the crop
// spice as place_plantation); instant tiles resolve (`colonists`: the
// Ships/Colonists choice) and leave; the rest is kept face up.
Status take_won_tile(const Components& c, int tile, Player& p, Holdings& h, ExpeditionDeck& deck,
                     const Pick& pick, int discard = -1, int crop_spice = -1,
                     bool colonists = false);

// A recurring tile's benefit, once per round (`spices`: where the red Spice
// tile's spice goes).
Status use_recurring(const Components& c, int kept, Player& p, Holdings& h, ExpeditionDeck& deck,
                     const Pick& pick, const std::vector<SpiceMove>& spices);
// Start of a round: recurring tiles turn face up again.
void refresh_recurring(const Components& c, Holdings& h);
// The Duty tile: return its 6 spices and flip it (it then scores).
Status activate_duty(const Components& c, int kept, Player& p, Holdings& h,
                     const std::vector<SpiceMove>& paid);

// What the player brings to the final count.
Tally tally_of(const Components& c, const Player& p, const Holdings& h);

}  // namespace meeple::goa
