// The power struggle (shared/rules/king_is_dead.md §7, R7, R8, R36).
#include "games/king_is_dead/kid_state.h"

namespace meeple::king_is_dead {

int KidState::instability() const {
  int n = 0;
  for (int s : status_) n += s == kUnstable;
  return n;
}

void KidState::power_struggle() {
  // 1. The contested region lies on the lowest face-up space (R7).
  const int r = track_[static_cast<size_t>(struggles_)];
  auto& reg = regions_[static_cast<size_t>(r)];
  // 2./3. A strict majority takes control; a tie or an empty region is unstable.
  int leader = kUnstable;
  for (int f = 0; f < kNumFactions; ++f) {
    bool strict = reg[static_cast<size_t>(f)] > 0;
    for (int g = 0; g < kNumFactions; ++g)
      if (g != f && reg[static_cast<size_t>(g)] >= reg[static_cast<size_t>(f)]) strict = false;
    if (strict) leader = f;
  }
  status_[static_cast<size_t>(r)] = static_cast<int8_t>(leader);
  // 4. Every follower goes back to the supply.
  for (int f = 0; f < kNumFactions; ++f) {
    supply_[static_cast<size_t>(f)] =
        static_cast<int8_t>(supply_[static_cast<size_t>(f)] + reg[static_cast<size_t>(f)]);
    reg[static_cast<size_t>(f)] = 0;
  }
  // 5. The card turns face down.
  ++struggles_;
  // 6. Invasion at the last instability disc, else coronation after 8.
  if (invasion() || struggles_ == kNumRegions) phase_ = Phase::kEnded;
}

}  // namespace meeple::king_is_dead
