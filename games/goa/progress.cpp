#include "games/goa/progress.h"

#include <algorithm>
#include <cassert>

namespace meeple::goa {

bool can_pay(const DevelopCost& cost, const std::array<int, kNumSpices>& held, int ships) {
  for (int s = 0; s < kNumSpices; ++s)
    if (held[s] < cost.spices[s]) return false;
  return ships >= cost.ships;
}

ProgressGains advance(const ProgressBoard& b, Development& d, int track, FirstToReach& first) {
  assert(d.level[track] < kNumLevels);
  ProgressGains g;
  const int row = ++d.level[track];
  for (int r : b.first_to_reach_rows)
    if (r == row && !((first[track] >> r) & 1)) {
      first[track] |= uint8_t(1 << r);
      g.expedition_cards += b.first_to_reach_cards;
    }
  const int lowest = *std::min_element(d.level.begin(), d.level.end());
  for (int r : b.row_bonus_rows)
    if (lowest >= r && !((d.rows_rewarded >> r) & 1)) {
      d.rows_rewarded |= uint8_t(1 << r);
      g.extra_action_cards += b.row_bonus_cards;
    }
  return g;
}

int development_vp(const ProgressBoard& b, const Development& d) {
  int vp = 0;
  for (int l : d.level) vp += b.track_vp[l - 1];
  return vp;
}

}  // namespace meeple::goa
