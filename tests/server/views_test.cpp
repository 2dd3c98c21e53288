// Hidden information stays hidden: for every registered game, along random
// playouts, each seat's view must not change when everything that seat
// cannot know is redrawn (State::determinize). A view that showed another
// seat's cards, or the deck order, would differ between redraws. The server
// sends exactly State::view(seat) for a seat's token (api_test checks the
// seat and legal actions), so this is the check of every game's views.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

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

// The log in words (State::describe, shown per seat by the server) tells a
// seat no more than its view: wherever two legal steps (two cards that could
// be dealt, two cards that could go under a bribe) leave that seat's view the
// same, they must read the same in its log. Every step's words are built,
// which also proves describe() total on random playouts of every game.
TEST(Views, TheLogInWordsTellsNoSeatWhatItsViewHides) {
  for (const GameInfo* info : all_games().list()) {
    auto game = all_games().create(info->name);
    ASSERT_TRUE(game.is_ok()) << info->name;
    for (uint64_t seed = 1; seed <= 2; ++seed) {
      auto s = (*game)->new_initial_state();
      Rng rng(seed * 104729);
      size_t told = 0;
      for (int step = 0; step < 600 && !s->is_terminal(); ++step) {
        const auto legal = s->legal_actions();
        // Every 3rd step, compare up to 24 of its legal steps seat by seat.
        if (step % 3 == 0) {
          std::vector<std::unique_ptr<State>> after;
          std::vector<Action> tried;
          for (size_t k = 0; k < legal.size() && k < 24; ++k) {
            const Action a = legal[(k * 7919 + static_cast<size_t>(step)) % legal.size()];
            if (std::find(tried.begin(), tried.end(), a) != tried.end()) continue;
            tried.push_back(a);
            after.push_back(s->clone());
            after.back()->apply(a);
          }
          for (Seat seat = kSpectator; seat < s->num_seats(); ++seat) {
            if (seat == kChance || seat == kTerminal) continue;
            std::map<std::string, std::string> words_by_view;
            for (size_t k = 0; k < tried.size(); ++k) {
              const std::string words = s->describe(tried[k], *after[k], seat);
              told += !words.empty();
              auto [it, fresh] = words_by_view.emplace(after[k]->view(seat).dump(), words);
              ASSERT_TRUE(fresh || it->second == words)
                  << info->name << " seed " << seed << " step " << step << " seat " << seat << ": '"
                  << it->second << "' and '" << words << "' look the same in the view";
            }
          }
        }
        s->apply(legal[rng.below(legal.size())]);
      }
      EXPECT_GT(told, 0u) << info->name << ": the log says nothing";
    }
  }
}

}  // namespace
}  // namespace meeple::test
