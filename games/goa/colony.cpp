#include "games/goa/colony.h"

#include <fmt/format.h>

namespace meeple::goa {

Result<FoundationOutcome> settle_foundation(const Components& c, const Foundation& f,
                                            int colonists_held, bool pay) {
  FoundationOutcome o;
  const int shortfall = f.shortfall();
  if (shortfall == 0) {
    o.success = true;
    return o;
  }
  if (pay) {
    if (colonists_held < shortfall)
      return illegal_action(
          fmt::format("the shortfall is {} colonists; only {} held", shortfall, colonists_held));
    o.success = true;
    o.colonists_paid = shortfall;
    return o;
  }
  o.colonists_gained = c.failure_colonists;
  return o;
}

}  // namespace meeple::goa
