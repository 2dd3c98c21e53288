// Helpers for the Risk 2008 state tests: a configured state, positions
// set up by hand, and dice / battles entered as chance outcomes. Named
// (not anonymous) so the unity build's batches see one definition.
#pragma once

#include <gtest/gtest.h>

#include <bit>
#include <cstdlib>
#include <initializer_list>
#include <memory>
#include <utility>

#include "games/risk_2008/risk_2008_state.h"
#include "tests/games/risk/risk_data.h"

namespace meeple::risk::state2008 {

using namespace r2008;

// Seats by colour: Yellow, Green, Blue, Red, Black.
inline constexpr int kY = 0, kG = 1, kB = 2, kR = 3, kK = 4;

inline const Edition2008& edition() {
  auto e = shared_2008_edition();
  if (!e) {
    ADD_FAILURE() << e.status().to_string();
    std::abort();
  }
  return **e;
}

inline std::shared_ptr<const Risk2008Config> config(bool basic_training, int players) {
  auto c = std::make_shared<Risk2008Config>();
  c->mode = basic_training ? Mode2008::kBasicTraining : Mode2008::kCommandRoom;
  c->players = players;
  c->map = &world_map();
  c->edition = &edition();
  return c;
}

// World Conquest (§13, [UNVERIFIED]): Command Room without objectives or rewards.
inline std::shared_ptr<const Risk2008Config> world_conquest_config(int players) {
  auto c = std::make_shared<Risk2008Config>(*config(false, players));
  c->mode = Mode2008::kWorldConquest;
  return c;
}

inline Territory terr(const char* id) {
  const Territory t = world_map().find(id);
  EXPECT_GE(t, 0) << id;
  return t;
}

inline uint64_t cards(std::initializer_list<const char*> ids) {
  uint64_t m = 0;
  for (const char* id : ids) m |= uint64_t{1} << terr(id);
  return m;
}

inline int objective_index(const char* id) {
  const int i = edition().find_objective(id);
  EXPECT_GE(i, 0) << id;
  return i;
}

// The token id (0..3 minor, 4..7 major) of a reward; `major` picks which
// airfield.
inline int token_of(Reward r, bool major = false) {
  const Edition2008& e = edition();
  for (int k = 0; k < 4; ++k) {
    if (!major && e.minor_rewards[k] == r) return k;
    if (major && e.major_rewards[k] == r) return k + 4;
  }
  for (int k = 0; k < 4; ++k) {
    if (e.minor_rewards[k] == r) return k;
    if (e.major_rewards[k] == r) return k + 4;
  }
  ADD_FAILURE() << "no token for reward " << reward_id(r);
  return 0;
}

// A game with every territory held by `filler` with 1 troop, no cities, no
// capitals, no objectives out, the whole deck in the draw pile; `cfg`, when
// given, replaces the configuration of the shipped data.
inline Risk2008State blank(bool basic_training, int players, int filler,
                           std::shared_ptr<const Risk2008Config> cfg = nullptr) {
  Risk2008State s(cfg ? std::move(cfg) : config(basic_training, players));
  for (int t = 0; t < kNumTerritories; ++t) s.set_territory(t, filler, 1);
  s.set_cities(0);
  for (int p = 0; p < players; ++p) s.set_capital(p, -1);
  for (int i = 0; i < kNumObjectives; ++i) s.set_objective(i, kBoxed, -1);
  return s;
}

inline Action attack(const char* from, const char* to, int dice) {
  const int e = world_map().edge_index(terr(from), terr(to));
  EXPECT_GE(e, 0) << from << "->" << to;
  return kAttackBase + e * 3 + dice - 1;
}

inline Action manoeuvre(const char* from, const char* to) {
  return kManoeuvreBase + terr(from) * kNumTerritories + terr(to);
}

// Applies a legal action; fails the test when it is not legal.
inline void play(Risk2008State& s, Action a) {
  ASSERT_TRUE(s.is_legal(a)) << s.action_to_json(a).dump() << " in phase "
                             << phase_2008_name(s.phase());
  s.apply(a);
}

inline void roll(Risk2008State& s, std::initializer_list<int> faces) {
  for (const int f : faces) {
    ASSERT_EQ(s.phase(), Phase2008::kRoll);
    play(s, kDieBase + f - 1);
  }
}

// Conquers `to` (1 troop) from `from` with 3 dice of six, moving the 3 in.
inline void win(Risk2008State& s, const char* from, const char* to) {
  play(s, attack(from, to, 3));
  if (s.phase() == Phase2008::kDefend) play(s, kDefendBase);
  roll(s, {6, 6, 6});
  while (s.phase() == Phase2008::kRoll) play(s, kDieBase);  // bonus dice, if any
  if (s.phase() == Phase2008::kMove) play(s, kMoveDone);
}

// The invariants every reachable state keeps (the property tests and the
// bot tests check them after every step): troops never negative and every
// territory owned with a troop once set-up has claimed it, the 42 cards each
// in exactly one place, the 12 objectives each in one place (8 out once the
// game is under way; none in World Conquest, and no reward token either),
// held only by players still in the game.
inline void check_invariants(const Risk2008State& s) {
  const int n = s.num_seats();
  bool setup_done = s.phase() >= Phase2008::kDeal;
  for (int t = 0; t < kNumTerritories; ++t) {
    ASSERT_GE(s.troops(t), 0);
    if (setup_done) {
      ASSERT_GE(s.owner(t), 0);
      ASSERT_FALSE(s.eliminated(s.owner(t)));
      // Only a conquered territory awaiting its move-in can be empty, and
      // the move-in puts troops there at once.
      ASSERT_GE(s.troops(t), 1) << "territory " << t;
    }
  }
  uint64_t all = s.deck() | s.discard();
  int count = std::popcount(s.deck()) + std::popcount(s.discard());
  for (int p = 0; p < n; ++p) {
    all |= s.hand(p);
    count += std::popcount(s.hand(p));
  }
  ASSERT_EQ(count, 42);
  ASSERT_EQ(all, (uint64_t{1} << kNumTerritories) - 1);
  int board = 0, held = 0, boxed = 0;
  for (int i = 0; i < kNumObjectives; ++i) {
    const int w = s.objective_place(i);
    board += w == kOnBoard;
    boxed += w == kBoxed;
    held += w >= 0;
    if (w >= 0) {
      ASSERT_FALSE(s.eliminated(w));
    }
  }
  ASSERT_EQ(board + held + boxed, 12);
  if (s.config().world_conquest()) {
    ASSERT_EQ(boxed, 12);
    for (int k = 0; k < kNumTokens; ++k) {
      ASSERT_EQ(s.token_holder(k), -1);
      ASSERT_EQ(s.airfield_at(k), -1);
    }
  } else if (s.phase() >= Phase2008::kDraft) {
    ASSERT_EQ(board + held, 8);
  }
}

}  // namespace meeple::risk::state2008
