// Hidden information stays hidden: for every registered game, along random
// playouts, each seat's view must not change when everything that seat
// cannot know is redrawn (State::determinize). A view that showed another
// seat's cards, or the deck order, would differ between redraws. The server
// sends exactly State::view(seat) for a seat's token (api_test checks the
// seat and legal actions), so this is the check of every game's views.
#include <gtest/gtest.h>

#include "all_games/all_games.h"
#include "core/match.h"
#include "core/registry.h"

namespace meeple::test {
namespace {

TEST(Views, NoSeatSeesWhatRedrawingItsUnknownsWouldChange) {
  for (const GameInfo* info : all_games().list()) {
    auto game = all_games().create(info->name);
    ASSERT_TRUE(game.is_ok()) << info->name;
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      Match m = Match::start(*game, seed);
      Rng pick(seed * 7919);
      for (int step = 0; step < 400 && !m.state().is_terminal(); ++step) {
        m.resolve_chance();
        if (m.state().is_terminal()) break;
        const State& s = m.state();
        if (step % 5 == 0) {
          for (Seat seat = kSpectator; seat < s.num_seats(); ++seat) {
            if (seat == kChance || seat == kTerminal) continue;
            const json view = s.view(seat);
            for (uint64_t k = 1; k <= 2; ++k) {
              Rng r(seed * 1000 + static_cast<uint64_t>(step) * 10 + k);
              auto other = s.determinize(seat == kSpectator ? 0 : seat, r);
              if (seat == kSpectator) continue;  // determinize is per seat
              ASSERT_EQ(other->view(seat), view)
                  << info->name << " seed " << seed << " step " << step << " seat " << seat;
            }
          }
        }
        const auto legal = s.legal_actions();
        ASSERT_TRUE(m.act(legal[pick.below(legal.size())]).is_ok());
      }
    }
  }
}

}  // namespace
}  // namespace meeple::test
