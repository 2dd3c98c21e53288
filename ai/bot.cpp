#include "ai/bot.h"

#include <fmt/format.h>

#include <map>
#include <mutex>

namespace meeple {

Action RandomBot::choose(const State& state) {
  const auto legal = state.legal_actions();
  assert(!legal.empty());
  return legal[rng_.below(legal.size())];
}

namespace {

std::map<std::string, BotFactory>& factories() {
  static std::map<std::string, BotFactory> f;
  return f;
}

}  // namespace

void register_bot(const std::string& game_name, BotFactory factory) {
  factories()[game_name] = std::move(factory);
}

Result<std::unique_ptr<Bot>> make_bot(const Game& game, int level, uint64_t seed) {
  static std::once_flag once;
  std::call_once(once, register_all_bots);
  if (level < kMinLevel || level > kMaxLevel)
    return invalid_argument(
        fmt::format("level {} is out of range (expected {} to {})", level, kMinLevel, kMaxLevel));
  if (level == 0) return std::unique_ptr<Bot>(std::make_unique<RandomBot>(seed));
  auto it = factories().find(game.info().name);
  if (it == factories().end()) return std::unique_ptr<Bot>(std::make_unique<RandomBot>(seed));
  return it->second(game, level, seed);
}

}  // namespace meeple
