// The step every bench/ game loop takes: a chance outcome drawn by the
// match's RNG, as in a real match, or the choice of the bot of the seat on
// turn, played.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "ai/bot.h"
#include "core/decision.h"
#include "core/match.h"

namespace meeple::bench {

inline void step(Match& m, const Game& game, const std::vector<std::unique_ptr<Bot>>& bots) {
  if (m.state().is_chance())
    m.sample_chance();
  else
    (void)m.act(
        bots[static_cast<size_t>(m.state().current_player())]->choose(Decision(game, m.state())));
}

// A whole game from match seed `seed` between one bot a seat,
// make_bot(seat), until it ends or `max_steps` steps (decisions and chance
// outcomes) are taken; the steps taken.
template <typename MakeBot>
int64_t play_game(const std::shared_ptr<const Game>& game, uint64_t seed, MakeBot make_bot,
                  int64_t max_steps = std::numeric_limits<int64_t>::max()) {
  Match m = Match::start(game, seed);
  std::vector<std::unique_ptr<Bot>> bots;
  for (int seat = 0; seat < game->num_seats(); ++seat) bots.push_back(make_bot(seat));
  int64_t steps = 0;
  for (; steps < max_steps && !m.state().is_terminal(); ++steps) step(m, *game, bots);
  return steps;
}

}  // namespace meeple::bench
