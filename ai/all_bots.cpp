// Registers every game-specific bot, for the games built. One block per game.
#include <mutex>

#include "ai/bot.h"

#ifdef MEEPLE_HAVE_REVERSI
#include "ai/reversi/reversi_bot.h"
#endif
#ifdef MEEPLE_HAVE_RISK
#include "ai/risk/risk_bot.h"
#endif
#ifdef MEEPLE_HAVE_RISK_2008
#include "ai/risk_2008/risk_2008_bot.h"
#endif
#ifdef MEEPLE_HAVE_KING_IS_DEAD
#include "ai/king_is_dead/kid_bot.h"
#endif
#ifdef MEEPLE_HAVE_GOA
#include "ai/goa/goa_bot.h"
#endif

namespace meeple {

namespace {

void register_all_bots() {
#ifdef MEEPLE_HAVE_REVERSI
  // The standard levels are the ones the server played as "level 3" before
  // Risk, Risk 2008 and Goa had five levels and The King is Dead three
  // (docs/bots.md, "Levels"), so servers play as they did: a three-ply
  // search (Reversi's level 4 since it gained a level 1), the searches over
  // the heuristic's best choices, ISMCTS at 400 iterations (Goa; with three
  // or four players it searches longer since its four-player games showed
  // no step, goa_bot.h) and at 200 (The King is Dead, its top). Reversi's
  // heuristic is its noisy one-ply search, level 2 since level 1 became
  // that search made careless.
  register_bot("reversi", reversi::make_reversi_bot, {reversi::level_names(), 2, 4});
#endif
#ifdef MEEPLE_HAVE_RISK
  register_bot("risk", risk::make_risk_bot,
               {risk::level_names(), risk::kHeuristicLevel, risk::kTopLevel});
#endif
#ifdef MEEPLE_HAVE_RISK_2008
  // By name only: a registry that has the game (all_games/, or a test's
  // own) finds its bots here, whether or not all_games lists it.
  register_bot("risk-2008", risk2008::make_risk_2008_bot,
               {risk2008::level_names(), risk2008::kHeuristicLevel, risk2008::kHeuristicLevel + 1});
#endif
#ifdef MEEPLE_HAVE_KING_IS_DEAD
  register_bot(
      "king-is-dead", king_is_dead::make_kid_bot,
      {king_is_dead::level_names(), king_is_dead::kHeuristicLevel, king_is_dead::kTopLevel});
#endif
#ifdef MEEPLE_HAVE_GOA
  register_bot("goa", goa::make_goa_bot,
               {goa::level_names(), goa::kHeuristicLevel, goa::kHeuristicLevel + 1});
#endif
}

void ensure_registered() {
  static std::once_flag once;
  std::call_once(once, register_all_bots);
}

}  // namespace

Result<std::unique_ptr<Bot>> make_bot(const Game& game, int level, uint64_t seed) {
  ensure_registered();
  return make_bot_from(find_bot_factory(game.info().name), game, level, seed);
}

std::vector<std::string> level_names(const std::string& game_name) {
  ensure_registered();
  std::vector<std::string> names{"random"};
  if (const BotLevels* levels = registered_levels(game_name))
    names.insert(names.end(), levels->names.begin(), levels->names.end());
  return names;
}

int heuristic_level(const std::string& game_name) {
  ensure_registered();
  const BotLevels* levels = registered_levels(game_name);
  return levels ? levels->heuristic : 0;
}

int standard_level(const std::string& game_name) {
  ensure_registered();
  const BotLevels* levels = registered_levels(game_name);
  return levels ? levels->standard : 3;
}

json describe_levels(const std::string& game_name) {
  const std::vector<std::string> names = level_names(game_name);
  return {{"min", kMinLevel},
          {"max", kMaxLevel},
          {"top", static_cast<int>(names.size()) - 1},
          {"heuristic", heuristic_level(game_name)},
          {"standard", standard_level(game_name)},
          {"names", names}};
}

}  // namespace meeple
