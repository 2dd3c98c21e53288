#include "ai/hint.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/chance.h"

namespace meeple {

double win_share(const std::vector<double>& returns, Seat seat) {
  if (returns.empty()) return 0.5;
  const auto [lo, hi] = std::minmax_element(returns.begin(), returns.end());
  if (*lo == *hi) return 1.0 / static_cast<double>(returns.size());
  return returns[static_cast<size_t>(seat)] == *hi ? 1.0 : 0.0;
}

PlayoutEstimate estimate_by_playouts(const Game& game, const Decision& d, Action action,
                                     uint64_t seed, const HintOptions& options) {
  using Clock = std::chrono::steady_clock;
  const auto deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(std::clamp(options.max_seconds, 0.0, 1e6)));
  const Seat me = d.seat();
  const int n = game.num_seats();
  const int64_t length = game.metadata().practical_game_length;
  const int64_t max_steps = length > 0 ? length : 100000;
  // One heuristic bot per seat (heuristic_level: fast; a level 1 may play
  // carelessly on purpose), reused by every playout (a bot keeps no state
  // between decisions that would leak one world into the next).
  std::vector<std::unique_ptr<Bot>> bots;
  for (Seat s = 0; s < n; ++s) {
    auto bot = make_bot(game, heuristic_level(game.info().name),
                        mix64(seed, static_cast<uint64_t>(s) + 1));
    bots.push_back(bot ? std::move(*bot) : std::make_unique<RandomBot>(seed + s));
  }
  Rng rng(seed);
  std::vector<double> weights;
  PlayoutEstimate est;
  double total = 0;
  const int wanted = std::max(1, options.playouts);
  for (int p = 0; p < wanted; ++p) {
    if (p >= 4 && Clock::now() >= deadline) break;
    std::unique_ptr<State> world = d.determinize(rng);
    world->apply(action);
    int64_t steps = 0;
    for (; !world->is_terminal() && steps < max_steps; ++steps) {
      if (world->is_chance()) {
        world->apply(sample_chance_outcome(*world, rng, weights));
      } else {
        const Decision next(game, *world);
        world->apply(bots[static_cast<size_t>(next.seat())]->choose(next));
      }
    }
    total += world->is_terminal() ? win_share(world->returns(), me) : 1.0 / n;
    ++est.playouts;
  }
  est.win_chance = total / est.playouts;
  return est;
}

std::string describe_hint(const Hint& hint, int level) {
  const double pct = std::round(hint.win_chance * 100);
  std::string how = hint.estimated_by == "search"
                        ? fmt::format("level {} searched", level)
                        : fmt::format("level {}, {} playouts", level, hint.playouts);
  return fmt::format("      about {:.0f}% to win ({})", pct, how);
}

Result<Hint> make_hint(const Game& game, const State& state, int level, uint64_t seed,
                       const HintOptions& options) {
  auto bot = make_bot(game, level, seed);
  if (!bot) return bot.status();
  const Decision d(game, state);
  Hint h;
  h.action = (*bot)->choose(d);
  h.bot = (*bot)->name();
  if (const auto own = (*bot)->win_chance()) {
    h.win_chance = std::clamp(*own, 0.0, 1.0);
    h.estimated_by = "search";
  } else {
    const PlayoutEstimate est =
        estimate_by_playouts(game, d, h.action, mix64(seed, 0x68696e74), options);
    h.win_chance = est.win_chance;
    h.playouts = est.playouts;
    h.estimated_by = "playouts";
  }
  return h;
}

}  // namespace meeple
