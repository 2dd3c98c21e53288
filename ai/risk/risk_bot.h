// Risk's computer players (every mode of the European edition).
//
// Levels (level 0 is the random bot; 6..10 play as 5): 1-3 are the
// heuristic (ai/risk/heuristic.h) with 85, 60 and 35 % of its moves random
// (ai/careless.h), 4 the heuristic (the seed only breaks ties among equally
// scored choices), 5 ISMCTS (ai/ismcts.h) over the heuristic's six best
// choices at each decision, with heuristic playouts of about two turns and
// leaves valued by leaf_values; a position already won in all but name is
// the heuristic's to finish (NarrowedSearchLevel::settled). The ladder was
// filled from below, where a share of random moves weakens the heuristic
// evenly.
// The team game's level 5 searches 800 iterations a decision, not 100:
// 100 played no better than the heuristic there.
// Calibration: docs/bots.md, "Levels".
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ai/bot.h"

namespace meeple::risk {

inline constexpr int kTopLevel = 5;
// The plain heuristic's level (`heuristic` in the arena and the lobby).
inline constexpr int kHeuristicLevel = 4;
// The leaf value's scale in strength units (a territory; two armies; half
// a continent's bonus): a lead of kLeafScale + kLeafRelativeScale × the
// mean strength of the two is worth a 73 % chance to win.
inline constexpr double kLeafScale = 4.0;
inline constexpr double kLeafRelativeScale = 0.15;

// What each level plays, levels 1..kTopLevel.
std::vector<std::string> level_names();

// Each seat's chance to win a position, 0..1: a logistic of its strength
// (territories, armies, continents held at twice their bonus, cards)
// against the best other seat's. Eliminated seats: 0.
std::vector<double> leaf_values(const State& state);

std::unique_ptr<Bot> make_risk_bot(const Game& game, int level, uint64_t seed);

}  // namespace meeple::risk
