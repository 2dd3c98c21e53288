// The loop every game's `meeple bench` shares: full games between bots of one
// level (0: uniformly random; a game's heuristic is heuristic_level(name) in
// ai/bot.h, not level 1), chance sampled with the match RNG as in a real
// match, until a time budget is spent (at least one game).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>

#include "core/game.h"
#include "core/status.h"

namespace meeple::cli {

struct PlayoutRate {
  uint64_t games = 0, actions = 0;  // actions include chance outcomes
  uint64_t cut = 0;                 // of `games`: stopped at the step cap, unfinished
  double seconds = 0;
  double games_per_second() const { return seconds > 0 ? static_cast<double>(games) / seconds : 0; }
  double actions_per_second() const {
    return seconds > 0 ? static_cast<double>(actions) / seconds : 0;
  }
  double actions_per_game() const {
    return games ? static_cast<double>(actions) / static_cast<double>(games) : 0;
  }
};

// Wall-clock seconds since t0: every bench loop's budget check.
inline double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// A game longer than this many steps is an error, not a benchmark that never
// returns (careless players can wander in Risk for ever).
inline constexpr uint64_t kMaxStepsPerGame = 2000000;

// Match seeds and bot seeds are drawn from `seed`, so a run is repeatable
// up to where the clock stops it. An error: a bot chose an illegal action,
// or a game did not end within kMaxStepsPerGame steps. With `cut_at`, a
// game still on after that many steps is counted as played and `cut`
// instead: random players can stall for ever where the rules allow it
// (Risk 2008: a player with six objectives whose capital is behind 19,000
// armies it never masses against), which is not an error of the engine.
Result<PlayoutRate> measure_playouts(const std::shared_ptr<const Game>& game, int level,
                                     double seconds, uint64_t seed, uint64_t cut_at = 0);

}  // namespace meeple::cli
