#include "core/metadata.h"

namespace meeple {

const char* chance_mode_name(ChanceMode m) {
  switch (m) {
    case ChanceMode::kDeterministic:
      return "deterministic";
    case ChanceMode::kExplicitStochastic:
      return "explicit_stochastic";
    case ChanceMode::kSampledStochastic:
      return "sampled_stochastic";
  }
  return "?";
}

const char* information_name(Information i) {
  return i == Information::kPerfect ? "perfect" : "imperfect";
}

const char* utility_name(Utility u) {
  switch (u) {
    case Utility::kZeroSum:
      return "zero_sum";
    case Utility::kConstantSum:
      return "constant_sum";
    case Utility::kGeneralSum:
      return "general_sum";
    case Utility::kIdentical:
      return "identical";
  }
  return "?";
}

int tensor_size(const std::vector<int>& shape) {
  int n = 1;
  for (int d : shape) n *= d;
  return n;
}

nlohmann::json metadata_json(const GameMetadata& m) {
  nlohmann::json j = {
      {"chance_mode", chance_mode_name(m.chance_mode)},
      {"information", information_name(m.information)},
      {"utility", utility_name(m.utility)},
      {"min_utility", m.min_utility},
      {"max_utility", m.max_utility},
      {"max_game_length", m.max_game_length == kUnboundedLength
                              ? nlohmann::json(nullptr)
                              : nlohmann::json(m.max_game_length)},
      {"practical_game_length", m.practical_game_length},
      {"max_chance_outcomes", m.max_chance_outcomes},
      {"teams", m.teams},
      {"seat_names", m.seat_names},
      {"num_distinct_actions", m.num_distinct_actions},
      {"observation_tensor_shape", m.observation_tensor_shape},
      {"information_state_tensor_shape", m.information_state_tensor_shape},
  };
  if (m.utility == Utility::kZeroSum || m.utility == Utility::kConstantSum)
    j["utility_sum"] = m.utility_sum;
  return j;
}

}  // namespace meeple
