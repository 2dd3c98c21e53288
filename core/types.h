// Small shared types of the game contract.
#pragma once

#include <cstdint>

namespace meeple {

// A seat at the table: 0 .. num_seats-1, or one of the markers below.
using Seat = int;
inline constexpr Seat kChance = -1;     // the current node is a chance node
inline constexpr Seat kTerminal = -2;   // the game is over
inline constexpr Seat kSpectator = -3;  // view(): public information only

// A dense action id. Its meaning belongs to the game and the state; ids are
// small non-negative integers so legal-action lists and AI policies are
// arrays, not maps.
using Action = int32_t;
inline constexpr Action kInvalidAction = -1;

}  // namespace meeple
