// What tiles, bonanza tiles and bonus expedition cards give (goa.md §2.2,
// §2.3, §2.4, §2.7, §2.8), as plain amounts read from the data files. Spices
// in a gain still have to be placed on matching empty spaces by the player
// (§8.4); expedition draws from these sources may exceed the hand limit
// (§8.6, ruling 26).
#pragma once

#include "games/goa/components.h"

namespace meeple::goa {

struct Gain {
  int ships = 0, colonists = 0, ducats = 0, extra_action_cards = 0, expedition_cards = 0,
      spices = 0, vp = 0;
  bool operator==(const Gain&) const = default;
};

// When a won tile resolves (§2.2).
enum class TileTiming { kPlantation, kInstant, kRecurring, kOncePerGame, kSwap, kVictoryPoints };
TileTiming tile_timing(TileKind k);

// The immediate gain of an instant tile; Ships/Colonists needs the owner's
// choice (`colonists`: take colonists rather than ships). Favor, which takes
// a tile from the removed pool, gains nothing by itself.
Gain instant_gain(const TileInfo& t, bool colonists = false);
// A recurring (red) tile's benefit, once per round.
Gain recurring_gain(const TileInfo& t);
// A bonanza tile's bonus when its corner tile is won.
Gain bonanza_gain(const BonanzaTile& b);
// A bonus expedition card without choices (SHIPS, COLONISTS, DUCATS,
// SPICES); the other effects need decisions and give nothing here.
Gain card_gain(const Components& c, Effect e);

}  // namespace meeple::goa
