// What the turn search believes about the other's Cunning cards
// (ai/king_is_dead/kid_beliefs.h): never less than the truth allows, and
// more than chance about what the other holds.
#include "ai/king_is_dead/kid_beliefs.h"

#include <gtest/gtest.h>

#include <bit>

#include "ai/king_is_dead/kid_bot.h"
#include "all_games/all_games.h"
#include "core/decision.h"
#include "core/match.h"

namespace meeple::king_is_dead {
namespace {

uint32_t cunning_of(const KidState& s, int p, bool in_hand, bool played) {
  uint32_t m = 0;
  for (int c = kFirstCunning; c < kNumCards; ++c)
    if (in_hand && s.player(p).hand[static_cast<size_t>(c)] > 0) m |= 1u << (c - kFirstCunning);
  if (played)
    for (int c : s.player(p).discard)
      if (c >= kFirstCunning) m |= 1u << (c - kFirstCunning);
  return m;
}

// The Cunning cards seat p was dealt.
uint32_t dealt(const KidState& s, int p) {
  return cunning_of(s, p, true, true);
}

struct Watched {
  int decisions = 0;
  double truth = 0;  // the truth's mean probability over seat 0's decisions
};

// An advanced two-player game: seat 1 the heuristic, seat 0 a heuristic
// that keeps beliefs and checks them at each of its decisions.
Watched watch(uint64_t seed, double beta, CunningBeliefs* kept = nullptr) {
  auto game = all_games().create("king-is-dead", {{"players", 2}, {"advanced", true}});
  EXPECT_TRUE(game.is_ok());
  Match m = Match::start(*game, seed);
  auto me = make_kid_bot(**game, 2, seed);
  auto other = make_kid_bot(**game, 2, seed + 100);
  CunningBeliefs own(beta);
  CunningBeliefs& beliefs = kept ? *kept : own;
  Rng rng(seed);
  Watched w;
  while (!m.state().is_terminal()) {
    if (m.state().is_chance()) {
      m.sample_chance();
      continue;
    }
    const auto& truth = static_cast<const KidState&>(m.state());
    const Decision d(**game, truth);
    if (d.seat() == 1) {
      EXPECT_TRUE(m.act(other->choose(d)));
      continue;
    }
    auto seen = d.determinize(rng);
    beliefs.observe(static_cast<const KidState&>(*seen), 0);
    const double p = beliefs.probability(dealt(truth, 1));
    w.truth += p;
    EXPECT_GT(p, 0) << "seed " << seed << ": the truth was ruled out";
    // A sample is a hand the other could hold: as many cards, none seen.
    const auto sample = beliefs.sample(static_cast<const KidState&>(*seen), 0, rng);
    const uint32_t held = cunning_of(*sample, 1, true, false);
    EXPECT_EQ(std::popcount(held), std::popcount(cunning_of(truth, 1, true, false)));
    EXPECT_EQ(held & (dealt(truth, 0) | cunning_of(truth, 1, false, true)), 0u);
    EXPECT_GT(beliefs.probability(dealt(*sample, 1)), 0);
    const Action a = me->choose(d);
    seen->apply(a);
    beliefs.after_my_action(static_cast<const KidState&>(*seen), 0);
    EXPECT_TRUE(m.act(a));
    ++w.decisions;
  }
  w.truth /= w.decisions;
  return w;
}

TEST(CunningBeliefs, NeverRuleOutTheTruthAndLearnFromThePlays) {
  // The truth's mean probability over seat 0's decisions, modelling the
  // other as the heuristic it is (beta 5) and as indifferent between its
  // cards (beta near 0), when only the cards it has played tell anything.
  double judged = 0, indifferent = 0;
  constexpr int kGames = 12;
  for (uint64_t seed = 1; seed <= kGames; ++seed) {
    const Watched w = watch(seed, 5);
    EXPECT_GT(w.decisions, 10);
    judged += w.truth / kGames;
    indifferent += watch(seed, 1e-9).truth / kGames;
  }
  EXPECT_GT(judged, indifferent) << judged << " against " << indifferent;
}

// Beliefs kept from one game into the next (a bot kept for a game
// object, as Python's are) start again rather than rule the truth out.
TEST(CunningBeliefs, StartAgainForANewGame) {
  CunningBeliefs beliefs(5);
  for (uint64_t seed = 21; seed <= 23; ++seed) EXPECT_GT(watch(seed, 5, &beliefs).decisions, 10);
}

TEST(CunningBeliefs, KnowNothingBeforeTheyObserve) {
  auto game = all_games().create("king-is-dead", {{"players", 2}, {"advanced", true}});
  ASSERT_TRUE(game.is_ok());
  Match m = Match::start(*game, 3);
  while (m.state().is_chance()) m.sample_chance();
  CunningBeliefs beliefs(5);
  EXPECT_EQ(beliefs.probability(7), 0);
  Rng rng(1);
  const auto& s = static_cast<const KidState&>(m.state());
  EXPECT_EQ(beliefs.sample(s, 0, rng)->hash(), s.hash());
}

}  // namespace
}  // namespace meeple::king_is_dead
