// The development ("progress") board of one player (goa.md §2.6, §8.2):
// five tracks at levels 1..5, the cost of entering a level, the row bonus
// (an additional action card the first time all five cubes reach row r) and
// the first-to-reach bonus (an expedition card for the first player in the
// game to enter row 4, and row 5, of each column).
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

#include "games/goa/components.h"

namespace meeple::goa {

struct Development {
  std::array<int, kNumTracks> level{1, 1, 1, 1, 1};
  uint8_t rows_rewarded = 0;  // bit r: the row-r bonus was taken
  bool operator==(const Development&) const = default;
};

// Per column, the rows (bit r) whose first-to-reach card is already taken.
using FirstToReach = std::array<uint8_t, kNumTracks>;

// A PROGRESS_SHIPS card waives the spices, PROGRESS_SPICES the ships;
// BUY_PROGRESS and the Vice-king waive both.
enum class Waiver { kNone, kSpices, kShips, kAll };

struct DevelopCost {
  std::array<int, kNumSpices> spices{};
  int ships = 0;
};
// What entering `level` (2..5) of `track` costs. Inline for the bots, which
// price every track's next step at every position they weigh.
inline DevelopCost develop_cost(const ProgressBoard& b, int track, int level, Waiver w) {
  assert(level >= 2 && level <= kNumLevels);
  DevelopCost c;
  if (w != Waiver::kSpices && w != Waiver::kAll) c.spices = b.tracks[track].cost[level - 2];
  if (w != Waiver::kShips && w != Waiver::kAll) c.ships = b.ship_cost(track, level);
  return c;
}

// Whether `held` spices (by type) and `ships` pay `cost`.
bool can_pay(const DevelopCost& cost, const std::array<int, kNumSpices>& held, int ships);

struct ProgressGains {
  int extra_action_cards = 0;  // row bonuses
  int expedition_cards = 0;    // first-to-reach bonuses
};
// Moves `track` one row down (it must be below level 5; payment is the
// caller's) and returns the bonuses earned, marking them taken.
ProgressGains advance(const ProgressBoard& b, Development& d, int track, FirstToReach& first);

// The track's value at the player's level (ships, spices, ducats, cards
// taken, colonists counted); the expedition hand limit.
inline int track_value(const ProgressBoard& b, const Development& d, int track) {
  return b.tracks[track].value[d.level[track] - 1];
}
inline int expedition_limit(const ProgressBoard& b, const Development& d) {
  return b.tracks[kExpeditionTrack].limit[d.level[kExpeditionTrack] - 1];
}
int development_vp(const ProgressBoard& b, const Development& d);

}  // namespace meeple::goa
