// What a Goa position holds for one player, term by term: the heuristic's
// worth (goa_bot.cpp) weighs these terms by hand, the learned leaf value
// (leaf_model.h) by weights fitted from the engine's own games.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>
#include <vector>

#include "games/goa/goa_state.h"

namespace meeple::goa {

// The terms, in this order (their names in data/goa/leaf_model.json).
namespace term {
enum : size_t {
  kPoints,     // victory points as the game would count them now
  kDucats,     // ducats in hand
  kSpices,     // spices on the supply board
  kShips,      // ships in hand
  kColonists,  // colonists in hand
  kCards,      // expedition cards in hand
  kExtra,      // extra action cards
  kEmpty,      // empty supply spaces (room to harvest)
  kLevels,     // development steps above level 1, all tracks
  kKept,       // kept tiles not yet used
  kReady,      // the next development step's points times the share of
               // its spices and ships in hand (the best track's)
  kCount
};
}  // namespace term
inline constexpr size_t kNumWorthTerms = term::kCount;
inline constexpr std::array<std::string_view, kNumWorthTerms> kWorthTermNames = {
    "points", "ducats", "spices", "ships", "colonists", "cards",
    "extra",  "empty",  "levels", "kept",  "ready"};

using WorthTerms = std::array<double, kNumWorthTerms>;

// Player p's terms in `s`; `sheets` are s.score_sheets().
WorthTerms worth_terms(const GoaState& s, const std::vector<ScoreSheet>& sheets, int p);
// Every seat's terms in `s`, by seat.
std::vector<WorthTerms> seat_worth_terms(const GoaState& s);

// The hand-set weights of the terms when `time_left` of the game is still
// to play (goa_bot.cpp's heuristic worth): points count in full; a unit in
// hand is worth its weight at the start of the game and falls to nothing
// as the rounds run out (ducats keep a little: most ducats scores and
// breaks ties).
WorthTerms hand_weights(double time_left);
// The heuristic's worth: the terms under hand_weights(time_left(s)).
double hand_worth(const GoaState& s, const std::vector<ScoreSheet>& sheets, int p);
// The worth lead, in victory points, the hand-set leaf value counts as a
// win about 73 % likely (1 / (1 + e^-1)).
inline constexpr double kHandLeafScale = 3.0;

// The share of the game still to play in `round`: 1 in round 1, 1/8 in
// round 8, 0 after it.
double time_left(int round);
// time_left(s.round()).
double time_left(const GoaState& s);

}  // namespace meeple::goa
