// Goa's invariants (goa.md), checked after every step of the random games
// (tests/games/goa) and the heuristic player's games (tests/ai/goa): ducats,
// ships, colonists and cards never negative, plantations within the board,
// spices within capacity and of an allowed type, expedition cards conserved,
// scoring into used storage as afresh.
#pragma once

#include <gtest/gtest.h>

#include <vector>

#include "games/goa/goa_state.h"

namespace meeple::goa::testing {

inline void check_invariants(const GoaState& s) {
  const Components& c = s.components();
  std::vector<std::vector<int>> hands;
  for (int p = 0; p < s.num_seats(); ++p) {
    const Player& pl = s.player(p);
    ASSERT_GE(pl.ducats, 0);
    ASSERT_GE(pl.ships, 0);
    ASSERT_GE(pl.colonists, 0);
    ASSERT_GE(pl.extra_action_cards, 0);
    ASSERT_LE(static_cast<int>(pl.board.plantations.size()), c.setup.plantation_spaces);
    for (int h = 0; h < pl.board.num_holdings(); ++h) {
      const Holding& hd = pl.board.holding(h);
      ASSERT_LE(hd.filled(), hd.capacity) << "spices above capacity";
      for (int sp = 0; sp < kNumSpices; ++sp)
        if (hd.spices[sp] > 0) {
          ASSERT_TRUE((hd.allowed >> sp) & 1) << "a spice of the wrong type";
        }
    }
    hands.push_back(pl.hand);
  }
  ASSERT_TRUE(s.deck().conserved(static_cast<int>(c.cards.size()), hands))
      << "expedition cards conserved";
  // The bots score into storage they reuse: it must score as afresh.
  std::vector<ScoreSheet> reused(kMaxPlayers + 1, ScoreSheet{9, 9, 9, 9, 9, 9, 9});
  s.score_sheets(reused);
  ASSERT_EQ(reused, s.score_sheets()) << "scoring into used storage";
}

}  // namespace meeple::goa::testing
