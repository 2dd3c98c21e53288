#include "ai/bot.h"

#include <fmt/format.h>

#include <map>

namespace meeple {

Action RandomBot::choose(const Decision& d) {
  const auto& legal = d.legal_actions();
  assert(!legal.empty());
  return legal[rng_.below(legal.size())];
}

namespace {

struct Registered {
  BotFactory factory;
  BotLevels levels;
};

std::map<std::string, Registered>& factories() {
  static std::map<std::string, Registered> f;
  return f;
}

}  // namespace

void register_bot(const std::string& game_name, BotFactory factory, BotLevels levels) {
  factories()[game_name] = Registered{std::move(factory), std::move(levels)};
}

const BotFactory* find_bot_factory(const std::string& game_name) {
  auto it = factories().find(game_name);
  return it == factories().end() ? nullptr : &it->second.factory;
}

const BotLevels* registered_levels(const std::string& game_name) {
  auto it = factories().find(game_name);
  return it == factories().end() ? nullptr : &it->second.levels;
}

Result<std::unique_ptr<Bot>> make_bot_from(const BotFactory* factory, const Game& game, int level,
                                           uint64_t seed) {
  if (level < kMinLevel || level > kMaxLevel)
    return invalid_argument(
        fmt::format("level {} is out of range (expected {} to {})", level, kMinLevel, kMaxLevel));
  if (level == 0) return std::unique_ptr<Bot>(std::make_unique<RandomBot>(seed));
  if (!factory) return std::unique_ptr<Bot>(std::make_unique<RandomBot>(seed));
  return (*factory)(game, level, seed);
}

}  // namespace meeple
