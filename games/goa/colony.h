// FOUND A COLONY (goa.md §8.7): base (the Colonists track) plus the
// colonists on the 2 (or 3) revealed expedition cards against the colony's
// requirement; success is automatic when they reach it (ruling 30),
// otherwise the player may pay exactly the shortfall in colonist cards, or
// fail and take 1 colonist.
#pragma once

#include "core/status.h"
#include "games/goa/components.h"

namespace meeple::goa {

struct Foundation {
  int required = 0;  // 6 / 8 / 10 / 12
  int base = 0;      // the Colonists track value
  int revealed = 0;  // colonists on the revealed cards (a missing card counts 0)
  int total() const { return base + revealed; }
  int shortfall() const { return total() >= required ? 0 : required - total(); }
};

struct FoundationOutcome {
  bool success = false;
  int colonists_paid = 0;    // colonist cards returned to the supply
  int colonists_gained = 0;  // the consolation colonist on failure
};

// `pay`: the player's decision to cover the shortfall (ignored when there is
// none: success cannot be declined). Paying more colonists than held is an
// illegal action.
Result<FoundationOutcome> settle_foundation(const Components& c, const Foundation& f,
                                            int colonists_held, bool pay);

// Colonies the player may attempt: not owned (bit i of `owned` = colony i),
// with a tile left in the supply (`supply[i]` tiles left).
template <typename Supply>
int foundable_colonies(const Components& c, unsigned owned, const Supply& supply) {
  int mask = 0;
  for (size_t i = 0; i < c.colonies.size(); ++i)
    if (!((owned >> i) & 1) && supply[i] > 0) mask |= 1 << i;
  return mask;
}

}  // namespace meeple::goa
