// Hints (ai/hint.h): the level's legal move with a chance to win in 0..1,
// from the search where the bot has one (Reversi) and from playouts of
// determinized worlds otherwise, the same for the same seed; the win-share
// rule for finished games.
#include "ai/hint.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "all_games/all_games.h"
#include "core/match.h"

namespace meeple {
namespace {

TEST(WinShare, TopReturnWinsEqualReturnsShare) {
  EXPECT_EQ(win_share({1, -1}, 0), 1.0);
  EXPECT_EQ(win_share({1, -1}, 1), 0.0);
  EXPECT_EQ(win_share({0, 0}, 1), 0.5);
  EXPECT_DOUBLE_EQ(win_share({0, 0, 0}, 2), 1.0 / 3);
  EXPECT_EQ(win_share({-1, 1, -1, 1}, 3), 1.0);  // a team's win is each teammate's
  EXPECT_EQ(win_share({-1, 1, -1, 1}, 0), 0.0);
}

// Plays the match to its first decision.
Match at_decision(const std::string& name, const json& options, uint64_t seed) {
  Match m = Match::start(name, options, seed, all_games()).value();
  m.resolve_chance();
  return m;
}

int empties(const State& s) {
  const std::string board = s.to_json()["board"].get<std::string>();
  return static_cast<int>(std::count(board.begin(), board.end(), '-'));
}

// Level-2 moves (the noisy one-ply search) from the start until `left`
// empty squares remain.
Match reversi_with_empties(int left, uint64_t seed) {
  Match m = at_decision("reversi", json::object(), seed);
  auto bot = make_bot(m.game(), 2, seed).value();
  while (!m.state().is_terminal() && empties(m.state()) > left) {
    EXPECT_TRUE(m.act(bot->choose(Decision(m.game(), m.state()))).is_ok());
  }
  return m;
}

TEST(Hint, ReversiSearchGivesItsOwnChance) {
  Match m = at_decision("reversi", json::object(), 1);
  for (int level : {2, 3, 5}) {
    auto h = make_hint(m.game(), m.state(), level, 7);
    ASSERT_TRUE(h.is_ok()) << h.status().message();
    EXPECT_TRUE(m.state().is_legal(h->action));
    EXPECT_EQ(h->estimated_by, "search");
    EXPECT_EQ(h->playouts, 0);
    // The opening is balanced: no level is sure of anything.
    EXPECT_GT(h->win_chance, 0.2) << level;
    EXPECT_LT(h->win_chance, 0.8) << level;
    EXPECT_NE(describe_hint(*h, level).find("% to win (level"), std::string::npos);
  }
}

TEST(Hint, ReversiExactSolveIsCertain) {
  // Level 5 solves 12 empties exactly: a win, a draw or a loss, nothing else.
  Match m = reversi_with_empties(12, 3);
  ASSERT_FALSE(m.state().is_terminal());
  auto h = make_hint(m.game(), m.state(), 5, 7);
  ASSERT_TRUE(h.is_ok());
  ASSERT_EQ(h->estimated_by, "search");
  EXPECT_TRUE(h->win_chance == 0 || h->win_chance == 0.5 || h->win_chance == 1) << h->win_chance;
}

TEST(Hint, PlayoutsWhereTheBotHasNoEstimateSameForTheSameSeed) {
  HintOptions o;
  o.playouts = 3;
  o.max_seconds = 1e9;  // reproducible: never cut short by time
  for (const auto& [name, options] : std::vector<std::pair<std::string, json>>{
           {"king-is-dead", {{"players", 3}}}, {"goa", {{"players", 2}}}}) {
    Match m = at_decision(name, options, 5);
    auto a = make_hint(m.game(), m.state(), 1, 42, o);
    auto b = make_hint(m.game(), m.state(), 1, 42, o);
    ASSERT_TRUE(a.is_ok()) << a.status().message();
    ASSERT_TRUE(b.is_ok());
    EXPECT_TRUE(m.state().is_legal(a->action)) << name;
    EXPECT_EQ(a->estimated_by, "playouts") << name;
    EXPECT_EQ(a->playouts, 3) << name;
    EXPECT_GE(a->win_chance, 0.0);
    EXPECT_LE(a->win_chance, 1.0);
    EXPECT_EQ(a->action, b->action) << name;
    EXPECT_EQ(a->win_chance, b->win_chance) << name;
    EXPECT_NE(describe_hint(*a, 1).find("3 playouts"), std::string::npos);
  }
}

TEST(Hint, ADecidedGameIsCertainByPlayouts) {
  // Reversi with one empty square: every playout ends the same way.
  Match m = reversi_with_empties(1, 3);
  ASSERT_FALSE(m.state().is_terminal());
  const Decision d(m.game(), m.state());
  const auto est = estimate_by_playouts(m.game(), d, d.legal_actions().front(), 1);
  EXPECT_EQ(est.playouts, HintOptions{}.playouts);
  EXPECT_TRUE(est.win_chance == 0 || est.win_chance == 0.5 || est.win_chance == 1)
      << est.win_chance;
}

TEST(Hint, BadLevelIsAnError) {
  Match m = at_decision("reversi", json::object(), 1);
  EXPECT_FALSE(make_hint(m.game(), m.state(), 11, 1).is_ok());
  EXPECT_FALSE(make_hint(m.game(), m.state(), -1, 1).is_ok());
}

}  // namespace
}  // namespace meeple
