// Helpers for the Risk tests: build a game and a mid-turn position quickly.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>

#include "core/registry.h"
#include "games/risk/risk_game.h"
#include "games/risk/risk_state.h"
#include "tests/games/risk/risk_data.h"

namespace meeple::risk::test {

// Seats by colour, in risk_state.cpp's kColours order.
inline constexpr int kRed = 0, kBlue = 1, kGreen = 2, kYellow = 3, kBlack = 4, kPurple = 5;

inline std::shared_ptr<const Game> make(const std::string& mode, int players) {
  auto g = make_game(json{{"mode", mode}, {"players", players}});
  EXPECT_TRUE(g.is_ok()) << g.status().to_string();
  return *g;
}

inline const Map& M() {
  return world_map();
}
inline Territory T(const std::string& id) {
  const Territory t = M().find(id);
  EXPECT_GE(t, 0) << id;
  return t;
}
inline int card(const std::string& id) {
  if (id == "joker1") return kJoker1;
  if (id == "joker2") return kJoker2;
  return T(id);
}
inline CardMask cards(std::initializer_list<const char*> ids) {
  CardMask m = 0;
  for (const char* id : ids) m |= CardMask{1} << card(id);
  return m;
}

// A position with every territory owned by `filler` (1 army each), no cards
// in any hand, the whole deck in the draw pile.
inline std::unique_ptr<RiskState> board(const Game& game, int filler) {
  auto s = std::unique_ptr<RiskState>(static_cast<RiskState*>(game.new_initial_state().release()));
  for (Territory t = 0; t < kNumTerritories; ++t) s->set_territory(t, filler, 1);
  s->set_deck(kAllCards, 0);
  return s;
}

// Removes the given cards from the draw pile and gives them to p.
inline void give(RiskState& s, int p, CardMask h) {
  s.set_hand(p, s.hand(p) | h);
  s.set_deck(s.deck() & ~h, s.discard() & ~h);
}

// Applies a text command; fails the test on an error.
inline void act(RiskState& s, const std::string& command) {
  auto ids = s.decode_action(json(command));
  ASSERT_TRUE(ids.is_ok()) << command << ": " << ids.status().to_string();
  for (Action a : *ids) s.apply(a);
}
inline Status try_act(RiskState& s, const std::string& command) {
  auto ids = s.decode_action(json(command));
  if (!ids) return ids.status();
  for (Action a : *ids) s.apply(a);
  return Status::ok();
}
// Supplies dice as chance outcomes.
inline void roll(RiskState& s, std::initializer_list<int> faces) {
  for (int f : faces) {
    ASSERT_TRUE(s.is_chance()) << "expected a die roll, phase " << phase_name(s.phase());
    s.apply(kDieBase + f - 1);
  }
}

}  // namespace meeple::risk::test
