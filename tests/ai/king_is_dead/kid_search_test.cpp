// The King is Dead's turn search (ai/king_is_dead/kid_search.h): alpha-beta
// cut-offs never change a value, and the bot never passes up a win.
#include "ai/king_is_dead/kid_search.h"

#include <gtest/gtest.h>

#include "ai/king_is_dead/kid_bot.h"
#include "all_games/all_games.h"
#include "core/match.h"
#include "games/king_is_dead/kid_state.h"

namespace meeple::king_is_dead {
namespace {

// Every `every`-th decision of a random game with these options.
std::vector<std::unique_ptr<State>> positions(const json& options, uint64_t seed, int every) {
  auto game = all_games().create("king-is-dead", options);
  EXPECT_TRUE(game.is_ok()) << game.status().to_string();
  Match m = Match::start(*game, seed);
  Rng rng(seed);
  std::vector<std::unique_ptr<State>> out;
  std::vector<Action> legal;
  for (int k = 0; !m.state().is_terminal(); ++k) {
    if (m.state().is_chance()) {
      m.sample_chance();
      continue;
    }
    if (k % every == 0) out.push_back(m.state().clone());
    m.state().legal_actions(legal);
    EXPECT_TRUE(m.act(legal[rng.below(legal.size())]));
  }
  return out;
}

TEST(TurnSearch, CutOffsNeverChangeTheValue) {
  int compared = 0;
  for (const json& options : {json{{"players", 2}}, json{{"players", 2}, {"advanced", true}},
                              json{{"players", 4}, {"teams", true}}}) {
    for (const auto& p : positions(options, 5, 9)) {
      const auto& s = static_cast<const KidState&>(*p);
      const int me = s.current_player();
      for (int turns = 0; turns <= 2; ++turns) {
        EXPECT_DOUBLE_EQ(turn_minimax(s, me, turns, 2, true), turn_minimax(s, me, turns, 2, false))
            << options << " turns " << turns << "\n"
            << s.to_json().dump();
        ++compared;
      }
      // Every step of the turn, not only the best two.
      EXPECT_DOUBLE_EQ(turn_minimax(s, me, 0, 0, true), turn_minimax(s, me, 0, 0, false));
    }
  }
  EXPECT_GT(compared, 100);
}

// Wherever a step wins the game at once, the bot plays a step that wins by
// the end of its turn.
TEST(TurnSearch, NeverPassesUpAWin) {
  auto game = all_games().create("king-is-dead", {{"players", 2}});
  ASSERT_TRUE(game.is_ok());
  int wins_offered = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    for (const auto& p : positions({{"players", 2}}, seed, 1)) {
      const auto& s = static_cast<const KidState&>(*p);
      const int me = s.current_player();
      bool can_win = false;
      for (Action a : s.legal_actions()) {
        auto after = s.clone();
        after->apply(a);
        if (after->is_terminal() && after->returns()[static_cast<size_t>(me)] > 0) can_win = true;
      }
      if (!can_win) continue;
      ++wins_offered;
      auto bot = make_kid_bot(**game, kTopLevel, seed);
      const Action chosen = bot->choose(Decision(**game, s));
      auto after = s.clone();
      after->apply(chosen);
      EXPECT_GE(turn_minimax(static_cast<const KidState&>(*after), me, 0, 0, false), 1000)
          << "seed " << seed << ": " << s.action_to_string(chosen) << "\n"
          << s.to_json().dump();
    }
  }
  EXPECT_GT(wins_offered, 5);
}

// Where Cunning cards are hidden the bot searches determinizations of them:
// legal choices, the same for the same seed.
TEST(TurnSearch, PlaysTheAdvancedGameFromItsInformation) {
  const json options = {{"players", 2}, {"advanced", true}};
  auto game = all_games().create("king-is-dead", options);
  ASSERT_TRUE(game.is_ok());
  const TurnSearchOptions small{.nodes = 3000, .samples = 3, .beam = 2};
  int decided = 0;
  for (const auto& p : positions(options, 3, 7)) {
    const Decision d(**game, *p);
    auto a = make_turn_search_bot(small, 11, "a");
    auto b = make_turn_search_bot(small, 11, "b");
    const Action x = a->choose(d);
    EXPECT_TRUE(d.is_legal(x));
    EXPECT_EQ(x, b->choose(d));
    ++decided;
  }
  EXPECT_GT(decided, 5);
}

}  // namespace
}  // namespace meeple::king_is_dead
