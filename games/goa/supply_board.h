// A player's supply board (goa.md §2.1, §2.2, §7.4, §8.4): up to 4
// plantations (and Crop rotation) on the plantation spaces, one colony per
// name, and the spices lying on them. Spices never move; they arrive with a
// plantation, by harvests and bonuses onto empty matching spaces, and leave
// only by paying costs, the Duty tile, the SELL card or a discarded
// plantation (ruling 16).
#pragma once

#include <array>
#include <vector>

#include "core/status.h"
#include "games/goa/components.h"

namespace meeple::goa {

// One plantation or colony tile with its spaces.
struct Holding {
  int tile = -1;    // a tile index (plantation, Crop rotation), or -1 for a colony
  int colony = -1;  // colony index (with `colony_tile`), or -1
  int colony_tile = -1;
  int capacity = 0;
  SpiceSet allowed = 0;
  std::array<int, kNumSpices> spices{};
  int filled() const {
    int n = 0;
    for (int s : spices) n += s;
    return n;
  }
  int empty() const { return capacity - filled(); }
  bool accepts(int spice) const { return ((allowed >> spice) & 1) && empty() > 0; }
  bool operator==(const Holding&) const = default;
};

struct SupplyBoard {
  std::vector<Holding> plantations;  // at most Setup::plantation_spaces
  std::vector<Holding> colonies;
  int discarded_single_plantations = 0;  // still score (§7.4)

  // Spices held by type, over plantations and colonies. Inline, as is
  // spaces(): the heuristic weighs them for every seat at every step.
  std::array<int, kNumSpices> spices() const {
    std::array<int, kNumSpices> total{};
    for (const auto* side : {&plantations, &colonies})
      for (const Holding& h : *side)
        for (int s = 0; s < kNumSpices; ++s) total[s] += h.spices[s];
    return total;
  }
  // Spaces for spices, full or empty, over plantations and colonies.
  int spaces() const {
    int n = 0;
    for (const auto* side : {&plantations, &colonies})
      for (const Holding& h : *side) n += h.capacity;
    return n;
  }
  // Holdings in a fixed order: plantations, then colonies.
  int num_holdings() const { return static_cast<int>(plantations.size() + colonies.size()); }
  Holding& holding(int h) {
    const int p = static_cast<int>(plantations.size());
    return h < p ? plantations[h] : colonies[h - p];
  }
  const Holding& holding(int h) const {
    const int p = static_cast<int>(plantations.size());
    return h < p ? plantations[h] : colonies[h - p];
  }
  // Empty spaces that would accept `spice`.
  int room_for(int spice) const;
  // Whether all plantation spaces are taken (a new plantation needs a discard).
  bool plantations_full(const Components& c) const;
  int single_plantations() const;  // on the board (plantation tiles of 1 space)
};

// Places a won plantation (or Crop rotation, filled with `crop_spice`)
// filled to capacity; with all spaces taken `discard` names the plantation
// thrown away first (with its spices), else it must be -1.
Status place_plantation(const Components& c, SupplyBoard& b, int tile, int discard,
                        int crop_spice = -1);
// Places a founded colony's tile, its spaces filled with `fill` (one spice
// per space, each allowed by the tile).
Status place_colony(const Components& c, SupplyBoard& b, int colony, int colony_tile,
                    const std::vector<int>& fill);
// One spice onto holding `h` (harvest, SPICES card, red Spice tile...).
Status add_spice(SupplyBoard& b, int h, int spice);
// One spice off holding `h` (paying, Duty, SELL).
Status remove_spice(SupplyBoard& b, int h, int spice);

}  // namespace meeple::goa
