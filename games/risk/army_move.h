// Moving armies, as both Risk editions do it: the move-in after a conquest,
// the classic fortification and the 2008 manoeuvre all move armies from one
// territory to another one at a time ("one more", "done"), never emptying
// the source; a fortification or manoeuvre goes from a territory with 2 or
// more armies to any other reached through the mover's own territories.
// Each edition keeps its phases and what follows a move; this is the part
// whose rules and action ids (turn_actions.h) they share.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "core/game.h"
#include "games/risk/map.h"
#include "games/risk/turn_actions.h"

namespace meeple::risk {

// The id of the move from `from` to `to` (fortify / manoeuvre), and back.
inline Action path_move_id(Territory from, Territory to) {
  return kMoveBase + from * kNumTerritories + to;
}
inline Territory path_move_from(Action a) {
  return static_cast<Territory>((a - kMoveBase) / kNumTerritories);
}
inline Territory path_move_to(Action a) {
  return static_cast<Territory>((a - kMoveBase) % kNumTerritories);
}

// The territories reached from `from` through `own` (a territory mask that
// holds `from`), other than `from` itself.
inline uint64_t path_move_targets(const Map& map, Territory from, uint64_t own) {
  return map.reachable(from, own) & ~(uint64_t{1} << from);
}

// Appends every move from `from` through `own`, by destination.
inline void add_path_moves_from(std::vector<Action>& out, const Map& map, Territory from,
                                uint64_t own) {
  for (uint64_t m = path_move_targets(map, from, own); m; m &= m - 1)
    out.push_back(path_move_id(from, std::countr_zero(m)));
}

// Appends every move within `own` from a territory `may_leave` accepts (the
// editions ask for 2+ armies, Team Risk also for one's own among them), by
// source and then destination: the order is part of the replay format.
template <class MayLeave>
void add_path_moves(std::vector<Action>& out, const Map& map, uint64_t own, MayLeave may_leave) {
  for (uint64_t m = own; m; m &= m - 1) {
    const Territory s = std::countr_zero(m);
    if (may_leave(s)) add_path_moves_from(out, map, s, own);
  }
}

// The territories of `owner` (indices into an owner array) as the ids that
// place an army on each (ids 0..41 in both editions), in board order.
template <class Owners>
void add_territories_of(std::vector<Action>& out, const Owners& owners, int owner) {
  for (Territory t = 0; t < kNumTerritories; ++t)
    if (owners[t] == owner) out.push_back(t);
}

// The territories of `owner` as a mask (bit t: territory t), in both
// editions.
template <class Owners>
uint64_t mask_of(const Owners& owners, int owner) {
  uint64_t m = 0;
  for (Territory t = 0; t < kNumTerritories; ++t)
    if (owners[t] == owner) m |= uint64_t{1} << t;
  return m;
}

// A move in progress: `moved` armies have gone from `from` to `to`, and the
// mover may stop once `at_least` have (the dice of the conquering roll for a
// move-in, one for a fortification or manoeuvre).
struct ArmyMove {
  int from = -1, to = -1, moved = 0, at_least = 0;

  void begin(Territory f, Territory t, int already, int minimum) {
    from = f;
    to = t;
    moved = already;
    at_least = minimum;
  }
  void clear() { *this = ArmyMove{}; }
  bool may_stop() const { return moved >= at_least; }

  // "One more" while `more` (more than one army stays at the source, and
  // whatever else the edition asks); "done" once the minimum has moved.
  void add_steps(std::vector<Action>& out, bool more) const {
    if (more) out.push_back(kMoveMore);
    if (may_stop()) out.push_back(kMoveDone);
  }
  bool is_step_legal(Action a, bool more) const {
    return (a == kMoveMore && more) || (a == kMoveDone && may_stop());
  }
};

// More than one army at the source: a move never empties a territory.
inline bool can_spare(int armies_at_source) {
  return armies_at_source > 1;
}

}  // namespace meeple::risk
