#include "cli/bench_playouts.h"

#include <chrono>
#include <string>
#include <vector>

#include "ai/bot.h"
#include "core/match.h"

namespace meeple::cli {

Result<PlayoutRate> measure_playouts(const std::shared_ptr<const Game>& game, int level,
                                     double seconds, uint64_t seed, uint64_t cut_at) {
  Rng rng(seed);
  PlayoutRate rate;
  const auto t0 = std::chrono::steady_clock::now();
  auto spent = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  while (spent() < seconds || rate.games == 0) {
    Match m = Match::start(game, rng.next());
    std::vector<std::unique_ptr<Bot>> bots;
    for (int p = 0; p < game->num_seats(); ++p) {
      auto bot = make_bot(*game, level, rng.next());
      if (!bot) return bot.status();
      bots.push_back(std::move(*bot));
    }
    for (uint64_t steps = 0; !m.state().is_terminal(); ++steps) {
      if (cut_at > 0 && steps == cut_at) {
        ++rate.cut;
        break;
      }
      if (steps == kMaxStepsPerGame)
        return Status(StatusCode::kInternal, "a game between level-" + std::to_string(level) +
                                                 " bots did not end within " +
                                                 std::to_string(kMaxStepsPerGame) + " steps");
      if (m.state().is_chance()) {
        m.sample_chance();
      } else {
        const Seat p = m.state().current_player();
        if (Status st = m.act(bots[static_cast<size_t>(p)]->choose(Decision(*game, m.state())));
            !st.is_ok())
          return st;
      }
      ++rate.actions;
    }
    ++rate.games;
  }
  rate.seconds = spent();
  return rate;
}

}  // namespace meeple::cli
