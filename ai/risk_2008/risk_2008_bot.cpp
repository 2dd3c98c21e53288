#include "ai/risk_2008/risk_2008_bot.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "ai/careless.h"
#include "ai/narrowed_search.h"
#include "ai/risk_2008/heuristic.h"
#include "ai/sampled_policy.h"
#include "games/risk_2008/risk_2008_state.h"

namespace meeple::risk2008 {

namespace {

std::unique_ptr<Bot> heuristic_bot(uint64_t seed) {
  return std::make_unique<SampledPolicyBot<risk::Risk2008State>>(&heuristic_action, seed,
                                                                 "risk-2008-heuristic");
}

// The share of random moves of levels 1..kHeuristicLevel (0: the
// heuristic itself; docs/bots.md measures each against the one below).
constexpr std::array<double, kHeuristicLevel> kCareless = {0.5, 0.2, 0};

// Levels 4 and 5: the searches of the European edition's top level
// (ai/risk/risk_bot.cpp), before and after it finished the games it had
// won and searched wider and further. Level 5 searches four times the
// European edition's iterations: with 100 it won 150 of 180 three-player
// Command Room games against two heuristics (seeds 41 and 42), with 200
// 163, with 400 168, for about four times the time (docs/bots.md). Level 5
// with four times level 4's iterations but level 4's width and playouts
// had won only 29 of 60 three-player games against two level 4s.
constexpr NarrowedSearchLevel kSearch[] = {
    {.iterations = 100, .width = 4, .rollout_steps = 200},
    {.iterations = 400, .width = 6, .rollout_steps = 400, .settled = 0.999}};

}  // namespace

std::vector<std::string> level_names() {
  std::vector<std::string> names;
  for (double careless : kCareless)
    names.push_back(careless > 0 ? careless_level_name(careless)
                                 : "the heuristic (battle odds, borders, capital, objectives)");
  for (const NarrowedSearchLevel& k : kSearch) names.push_back(level_name(k));
  return names;
}

std::unique_ptr<Bot> make_risk_2008_bot(const Game& game, int level, uint64_t seed) {
  level = std::clamp(level, 1, kTopLevel);
  if (level < kHeuristicLevel) {
    return make_careless_level(heuristic_bot(seed), kCareless[static_cast<size_t>(level - 1)], seed,
                               "risk-2008", level);
  }
  if (level == kHeuristicLevel) return heuristic_bot(seed);
  const NarrowedSearchPolicy<risk::Risk2008State> search{
      .policy = &heuristic_action, .candidates = &candidate_actions, .leaf_values = &leaf_values};
  return std::make_unique<NarrowedSearchBot<risk::Risk2008State>>(
      game, kSearch[level - kHeuristicLevel - 1], search, seed,
      fmt::format("risk-2008 ismcts level {}", level));
}

}  // namespace meeple::risk2008
