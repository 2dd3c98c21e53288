// ISMCTS (ai/ismcts.h): legal choices in every game and mode (hidden
// information through determinize only), the same choice for the same seed,
// visit counts that add up, and play that beats random.
#include "ai/ismcts.h"

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "all_games/all_games.h"
#include "core/match.h"

namespace meeple {
namespace {

struct PlayRun {
  std::vector<Action> moves;
  int searched = 0;  // decisions with a choice
  int kept = 0;      // of them, those that started from a kept tree
};

// Plays `decisions` decisions with ISMCTS, one bot a seat as the arena
// seats them, keeping trees or not; every choice legal, every root visit
// counted, and (when kept) no tree kept across chance.
PlayRun play(const std::string& name, const json& options, int decisions, int iterations,
             bool reuse = false, int threads = 1, uint64_t seed = 11) {
  PlayRun run;
  auto game = all_games().create(name, options);
  EXPECT_TRUE(game.is_ok()) << game.status().message();
  if (!game.is_ok()) return run;
  const size_t seats = static_cast<size_t>((*game)->num_seats());
  Match m = Match::start(*game, seed);
  IsmctsOptions o;
  o.iterations = iterations;
  o.threads = threads;
  o.rollout_limit = 100;
  o.reuse_tree = reuse;
  std::vector<std::unique_ptr<IsmctsBot>> bots;
  for (size_t s = 0; s < seats; ++s)
    bots.push_back(std::make_unique<IsmctsBot>(**game, o, seed + s));
  // Whether dice or a draw came since the seat's last searched decision.
  std::vector<bool> chance_since(seats, false);
  for (int k = 0; k < decisions && !m.state().is_terminal();) {
    if (m.state().is_chance()) {
      m.sample_chance();
      chance_since.assign(seats, true);
      continue;
    }
    const Decision d(**game, m.state());
    const auto seat = static_cast<size_t>(d.seat());
    IsmctsBot& bot = *bots[seat];
    const Action a = bot.choose(d);
    EXPECT_TRUE(d.is_legal(a)) << name << " " << options.dump() << ": " << a;
    if (d.legal_actions().size() > 1) {
      int visits = 0;
      for (const auto& [action, n] : bot.root_visits()) {
        EXPECT_TRUE(d.is_legal(action));
        visits += n;
      }
      // Every new iteration, and every kept one, passed through the root.
      EXPECT_EQ(bot.iterations_done(), iterations);
      EXPECT_EQ(visits, bot.iterations_done() + bot.iterations_kept());
      EXPECT_GE(bot.iterations_kept(), 0);
      // Open-loop trees store no chance: nothing is kept across it.
      if (!reuse || chance_since[seat]) {
        EXPECT_EQ(bot.iterations_kept(), 0) << name << " decision " << k;
      }
      chance_since[seat] = false;
      ++run.searched;
      run.kept += bot.iterations_kept() > 0;
    }
    run.moves.push_back(a);
    EXPECT_TRUE(m.act(a));
    ++k;
  }
  return run;
}

TEST(Ismcts, ChoosesLegalActionsInEveryGame) {
  play("reversi", json::object(), 30, 50);
  play("risk", {{"mode", "missions"}, {"players", 3}}, 80, 20);
  play("risk", {{"mode", "two-player-active"}, {"players", 2}, {"battles", "outcomes"}}, 80, 20);
  play("king-is-dead", {{"players", 3}, {"advanced", true}}, 60, 30);
  play("king-is-dead", {{"players", 4}, {"teams", true}}, 60, 30);
  play("goa", {{"players", 2}}, 80, 20);
  play("goa", {{"players", 4}}, 80, 20);
}

TEST(Ismcts, TheSameSeedGivesTheSameChoice) {
  auto game = all_games().create("king-is-dead", {{"players", 3}});
  ASSERT_TRUE(game.is_ok());
  Match m = Match::start(*game, 4);
  m.resolve_chance();
  const Decision d(**game, m.state());
  IsmctsOptions o;
  o.iterations = 200;
  IsmctsBot a(**game, o, 9), b(**game, o, 9);
  EXPECT_EQ(a.choose(d), b.choose(d));
  EXPECT_EQ(a.root_visits(), b.root_visits());
}

// 400 iterations against the random player, both colours, fixed seeds.
TEST(Ismcts, BeatsRandomAtReversi) {
  auto game = all_games().create("reversi", json::object());
  ASSERT_TRUE(game.is_ok());
  int wins = 0;
  for (int g = 0; g < 6; ++g) {
    Match m = Match::start(*game, static_cast<uint64_t>(g));
    IsmctsOptions o;
    o.iterations = 400;
    IsmctsBot bot(**game, o, static_cast<uint64_t>(g));
    RandomBot random(static_cast<uint64_t>(g) + 100);
    const Seat mine = g % 2;
    while (!m.state().is_terminal()) {
      const Decision d(**game, m.state());
      const Action a = m.state().current_player() == mine ? bot.choose(d) : random.choose(d);
      ASSERT_TRUE(m.act(a));
    }
    wins += m.state().returns()[static_cast<size_t>(mine)] > 0;
  }
  EXPECT_GE(wins, 5);
}

// Root parallelism: the threads' iterations add up to the budget, and with
// an iteration budget the choice depends on the seed only (run twice, and
// against the thread count's own repeat).
TEST(Ismcts, ThreadsShareTheBudgetAndRepeatForTheSameSeed) {
  auto game = all_games().create("goa", {{"players", 3}});
  ASSERT_TRUE(game.is_ok());
  Match m = Match::start(*game, 8);
  m.resolve_chance();
  const Decision d(**game, m.state());
  ASSERT_GT(d.legal_actions().size(), 1u);
  IsmctsOptions o;
  o.iterations = 301;
  o.threads = 3;
  o.rollout_limit = 50;
  IsmctsBot a(**game, o, 9), b(**game, o, 9);
  const Action x = a.choose(d);
  EXPECT_TRUE(d.is_legal(x));
  EXPECT_EQ(x, b.choose(d));
  EXPECT_EQ(a.root_visits(), b.root_visits());
  EXPECT_EQ(a.iterations_done(), 301);
  int visits = 0;
  for (const auto& [action, n] : a.root_visits()) visits += n;
  EXPECT_EQ(visits, 301);
  // One thread searches as the bot always did: tree 0 keeps the seed.
  o.threads = 1;
  IsmctsBot one(**game, o, 9), again(**game, o, 9);
  EXPECT_EQ(one.choose(d), again.choose(d));
  EXPECT_EQ(one.root_visits(), again.root_visits());
}

// A time budget stops the search long before an iteration cap it could
// never reach, and still chooses a legal action from what it searched.
TEST(Ismcts, ATimeBudgetStopsTheSearch) {
  auto game = all_games().create("king-is-dead", {{"players", 2}});
  ASSERT_TRUE(game.is_ok());
  Match m = Match::start(*game, 5);
  m.resolve_chance();
  const Decision d(**game, m.state());
  IsmctsOptions o;
  o.iterations = 1'000'000'000;
  o.milliseconds = 20;
  o.threads = 2;
  IsmctsBot bot(**game, o, 3);
  EXPECT_TRUE(d.is_legal(bot.choose(d)));
  EXPECT_GT(bot.iterations_done(), 0);
  EXPECT_LT(bot.iterations_done(), o.iterations);
}

// A rollout policy replaces random playouts; the leaf evaluation scores
// playouts cut short.
TEST(Ismcts, UsesTheRolloutPolicyAndTheLeafValue) {
  auto game = all_games().create("reversi", json::object());
  ASSERT_TRUE(game.is_ok());
  Match m = Match::start(*game, 1);
  const Decision d(**game, m.state());
  std::atomic<int> rollouts{0}, leaves{0}, other_searcher{0};
  IsmctsOptions o;
  o.iterations = 40;
  o.rollout_limit = 3;
  o.rollout = [&](const State&, const std::vector<Action>& legal, Rng&, Seat searcher) {
    ++rollouts;
    if (searcher != d.seat()) ++other_searcher;  // the policy knows whose search it serves
    return legal.front();
  };
  o.leaf_value = [&](const State& s) {
    ++leaves;
    return std::vector<double>(static_cast<size_t>(s.num_seats()), 0.25);
  };
  IsmctsBot bot(**game, o, 2);
  EXPECT_TRUE(d.is_legal(bot.choose(d)));
  EXPECT_EQ(leaves.load(), 40);  // no playout of 3 moves ends a game of 60
  EXPECT_GT(rollouts.load(), 0);
  EXPECT_EQ(other_searcher.load(), 0);
  EXPECT_DOUBLE_EQ(bot.root_value(), 0.25);
}

// Candidates narrow what the tree searches: only they are visited at the
// root, and the move played is one of them.
TEST(Ismcts, SearchesOnlyTheCandidates) {
  auto game = all_games().create("reversi", json::object());
  ASSERT_TRUE(game.is_ok());
  Match m = Match::start(*game, 1);
  const Decision d(**game, m.state());
  ASSERT_EQ(d.legal_actions().size(), 4u);
  const Action only = d.legal_actions()[2];
  std::atomic<int> asked{0};
  IsmctsOptions o;
  o.iterations = 50;
  std::atomic<int> handed_full{0};
  o.candidates = [&](const State&, const std::vector<Action>& legal, std::vector<Action>& out) {
    ++asked;
    // `out` arrives empty, so a game's candidates may simply append (the
    // search once handed over the previous node's, and appending to them
    // crashed it).
    if (!out.empty()) ++handed_full;
    // At the root (4 legal openings) only one; deeper, everything.
    if (legal.size() == 4 && legal[2] == only) {
      out.push_back(only);
    } else {
      out.insert(out.end(), legal.begin(), legal.end());
    }
  };
  IsmctsBot bot(**game, o, 5);
  EXPECT_EQ(bot.choose(d), only);
  EXPECT_GE(asked.load(), 50);
  EXPECT_EQ(handed_full.load(), 0);
  ASSERT_EQ(bot.root_visits().size(), 1u);
  EXPECT_EQ(bot.root_visits()[0].first, only);
  EXPECT_EQ(bot.root_visits()[0].second, 50);
}

// With no chance and nothing hidden (Reversi), nearly every decision after
// each seat's first starts from the tree of the one before: the opponent's
// reply was searched. With dice and hidden cards, trees are kept only where
// no chance came between, and every choice stays legal.
TEST(Ismcts, KeepsItsTreeOnlyWhereNoChanceCameBetween) {
  const PlayRun reversi = play("reversi", json::object(), 30, 300, true, 1, 3);
  // 28 of 30: all but each seat's first.
  EXPECT_GE(reversi.kept, reversi.searched - 4) << reversi.kept << " of " << reversi.searched;
  const PlayRun risk = play("risk", {{"players", 3}}, 120, 30, true, 1, 4);
  EXPECT_GT(risk.kept, 0);  // 5 of 119: dice and cards come between most
  EXPECT_LT(risk.kept, risk.searched);
  play("risk", {{"mode", "missions"}, {"players", 4}}, 80, 20, true, 1, 5);
  play("risk-2008", {{"players", 3}}, 80, 20, true, 1, 6);
  play("king-is-dead", {{"players", 3}, {"advanced", true}}, 60, 30, true, 1, 7);
  play("king-is-dead", {{"players", 4}, {"teams", true}}, 60, 30, true, 1, 8);
  const PlayRun goa = play("goa", {{"players", 2}}, 80, 30, true, 1, 9);
  EXPECT_GT(goa.kept, 0);
  play("goa", {{"players", 4}}, 80, 20, true, 1, 10);
}

// Kept trees change nothing about repeatability: the same seeds play the
// same game, on one thread and on several.
TEST(Ismcts, KeepingTreesRepeatsForTheSameSeed) {
  for (int threads : {1, 3}) {
    const PlayRun a = play("goa", {{"players", 3}}, 40, 61, true, threads, 12);
    const PlayRun b = play("goa", {{"players", 3}}, 40, 61, true, threads, 12);
    EXPECT_EQ(a.moves, b.moves) << threads << " threads";
    EXPECT_GT(a.kept, 0);
  }
}

}  // namespace
}  // namespace meeple
