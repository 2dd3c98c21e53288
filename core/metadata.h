// A configured game's facts for AI code (contract v2, docs/contract.md):
// what kind of game it is, the range of its returns, how long it can last,
// who plays together and the shapes of its tensors. The fields follow
// OpenSpiel's GameType and Game (open_spiel/spiel.h) so that researchers
// find what they expect.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/types.h"

namespace meeple {

// How chance shows itself to a caller.
enum class ChanceMode {
  kDeterministic,       // no chance node ever
  kExplicitStochastic,  // chance nodes list every outcome with its probability
  kSampledStochastic,   // chance nodes can only be sampled (no game uses this yet)
};
// Whether some seat can ever lack information another seat has.
enum class Information { kPerfect, kImperfect };
// What is known about the returns at the end (OpenSpiel's Utility).
enum class Utility {
  kZeroSum,      // returns always sum to 0
  kConstantSum,  // returns always sum to utility_sum
  kGeneralSum,   // no constraint beyond [min_utility, max_utility]
  kIdentical,    // every seat gets the same return
};

// max_game_length when the rules set no bound (Risk: docs/rulings.md).
inline constexpr int64_t kUnboundedLength = -1;

struct GameMetadata {
  ChanceMode chance_mode = ChanceMode::kDeterministic;
  Information information = Information::kPerfect;
  Utility utility = Utility::kZeroSum;
  // Bounds of every returns() value at the end; the sum for kZeroSum (0) and
  // kConstantSum.
  double min_utility = -1, max_utility = 1, utility_sum = 0;
  // The most actions (decisions and chance outcomes together) a game can take
  // from new_initial_state() to the end, or kUnboundedLength.
  int64_t max_game_length = kUnboundedLength;
  // A length real games stay far below, for drivers that need a number
  // (arena time-outs, buffers): max_game_length when bounded, else measured
  // and documented by the game. Not a rule: longer games are still legal.
  int64_t practical_game_length = 0;
  // The most outcomes one chance node can have (0 without chance).
  int max_chance_outcomes = 0;
  // Seats that share one result (every seat in exactly one team; a game
  // without teams has one team per seat), in seat order.
  std::vector<std::vector<Seat>> teams;
  // Seat names in the game's words ("Black", "red").
  std::vector<std::string> seat_names;
  int num_distinct_actions = 0;
  std::vector<int> observation_tensor_shape;
  std::vector<int> information_state_tensor_shape;
};

const char* chance_mode_name(ChanceMode m);
const char* information_name(Information i);
const char* utility_name(Utility u);
// For `meeple list --json` and the server's /api/games.
nlohmann::json metadata_json(const GameMetadata& m);
// The number of floats a tensor of this shape holds (1 for an empty shape).
int tensor_size(const std::vector<int>& shape);

}  // namespace meeple
