#include "ai/careless.h"

#include <fmt/format.h>

namespace meeple {

Action CarelessBot::choose(const Decision& d) {
  const auto& legal = d.legal_actions();
  // Both draws happen at every decision, so the sequence of the bot's
  // choices depends only on its seed and the decisions it met.
  const bool random = rng_.unit() < careless_;
  const Action pick = legal[rng_.below(legal.size())];
  if (legal.size() == 1) return legal.front();
  return random ? pick : inner_->choose(d);
}

std::unique_ptr<Bot> make_careless(std::unique_ptr<Bot> inner, double careless, uint64_t seed,
                                   std::string name) {
  return std::make_unique<CarelessBot>(std::move(inner), careless, mix64(seed, 0x6361u),
                                       std::move(name));
}

std::unique_ptr<Bot> make_careless_level(std::unique_ptr<Bot> heuristic, double careless,
                                         uint64_t seed, const std::string& game, int level) {
  if (careless == 0) return heuristic;
  return make_careless(std::move(heuristic), careless, seed,
                       fmt::format("{} careless heuristic level {}", game, level));
}

std::string careless_level_name(double careless) {
  return fmt::format("the heuristic, {:.0f} % of its moves random", 100 * careless);
}

}  // namespace meeple
