// Set-up through the state (risk_2008.md §6, scenario T15): Command Room's
// chance steps, capitals, claims, one-troop reinforcement in seat order and
// the starting cards; Basic Training's fixed board with R1's fallback.
#include <gtest/gtest.h>

#include <bit>

#include "tests/games/risk_2008/state_util.h"

namespace meeple::risk::state2008 {
namespace {

// Plays Command Room's chance steps with the first outcome each time, the
// die roll making `first` seat 1, then claims the lowest empty territory.
Risk2008State claimed_board(int players, int first) {
  Risk2008State s(config(false, players));
  int city_cards = 0, objectives = 0, tokens = 0;
  while (s.phase() != Phase2008::kFirst) {
    EXPECT_TRUE(s.is_chance());
    const auto outcomes = s.chance_outcomes();
    double total = 0;
    for (const auto& o : outcomes) total += o.probability;
    EXPECT_NEAR(total, 1.0, 1e-12);
    city_cards += s.phase() == Phase2008::kCities;
    objectives += s.phase() == Phase2008::kObjectives;
    tokens += s.phase() == Phase2008::kTokens;
    play(s, outcomes.front().action);
  }
  EXPECT_EQ(city_cards, 15);
  EXPECT_EQ(objectives, 8);
  EXPECT_EQ(tokens, 8);
  EXPECT_EQ(std::popcount(s.cities()), 15);
  EXPECT_EQ(std::popcount(s.deck()), 42);  // the city cards went back
  play(s, kFirstBase + first);
  EXPECT_EQ(s.phase(), Phase2008::kCapital);
  EXPECT_EQ(s.current_player(), first);
  while (s.phase() == Phase2008::kCapital || s.phase() == Phase2008::kClaim)
    play(s, s.legal_actions().front());
  return s;
}

int placements_until_deal(Risk2008State& s, std::vector<int>& order) {
  int n = 0;
  while (s.phase() == Phase2008::kSetupPlace) {
    order.push_back(s.current_player());
    play(s, s.legal_actions().front());
    ++n;
  }
  return n;
}

TEST(Risk2008Setup, T15aCommandRoomFourPlayers) {
  Risk2008State s = claimed_board(4, 0);
  const Edition2008& e = edition();
  for (int i = 0; i < kNumObjectives; ++i) {
    if (s.objective_place(i) == kOnBoard) {
      const int token = s.objective_token(i);
      ASSERT_GE(token, 0);
      EXPECT_EQ(token < 4, e.objectives[i].type == ObjectiveType::kMinor);
    }
  }
  EXPECT_EQ(s.claim_count(0), 11);
  EXPECT_EQ(s.claim_count(1), 11);
  EXPECT_EQ(s.claim_count(2), 10);
  EXPECT_EQ(s.claim_count(3), 10);
  for (int p = 0; p < 4; ++p) EXPECT_GE(s.capital(p), 0);
  EXPECT_EQ(s.setup_left(0), 14);
  EXPECT_EQ(s.setup_left(2), 15);
  std::vector<int> order;
  EXPECT_EQ(placements_until_deal(s, order), 58);
  ASSERT_GE(order.size(), 4u);
  EXPECT_EQ(order[0], 2);
  EXPECT_EQ(order[1], 3);
  EXPECT_EQ(order[2], 0);
  EXPECT_EQ(order[56], 2);
  EXPECT_EQ(order[57], 3);
  // Starting cards: seats 3 and 4 (game seats 2 and 3) one each.
  while (s.is_chance()) play(s, s.chance_outcomes().front().action);
  EXPECT_EQ(std::popcount(s.hand(0)), 0);
  EXPECT_EQ(std::popcount(s.hand(1)), 0);
  EXPECT_EQ(std::popcount(s.hand(2)), 1);
  EXPECT_EQ(std::popcount(s.hand(3)), 1);
  EXPECT_EQ(s.phase(), Phase2008::kDraft);
  EXPECT_EQ(s.active(), 0);
}

TEST(Risk2008Setup, T15bCommandRoomFivePlayersFromAnotherSeat) {
  // The die roll makes game seat 3 seat 1: seat k of the spec is (3 + k - 1) % 5.
  Risk2008State s = claimed_board(5, 3);
  const int seat_counts[] = {9, 9, 8, 8, 8}, left[] = {11, 11, 12, 12, 12};
  for (int k = 0; k < 5; ++k) {
    EXPECT_EQ(s.claim_count((3 + k) % 5), seat_counts[k]) << k;
    EXPECT_EQ(s.setup_left((3 + k) % 5), left[k]) << k;
  }
  std::vector<int> order;
  placements_until_deal(s, order);
  EXPECT_EQ(order.front(), (3 + 2) % 5);
  while (s.is_chance()) play(s, s.chance_outcomes().front().action);
  const int cards_by_seat[] = {0, 0, 1, 1, 2};
  for (int k = 0; k < 5; ++k) EXPECT_EQ(std::popcount(s.hand((3 + k) % 5)), cards_by_seat[k]);
  EXPECT_EQ(s.active(), 3);
  EXPECT_EQ(s.phase(), Phase2008::kDraft);
}

TEST(Risk2008Setup, T15cBasicTrainingFivePlayers) {
  Risk2008State s(config(true, 5));
  const Edition2008& e = edition();
  // No die roll: Yellow places its capital first (R1's fallback).
  EXPECT_EQ(s.current_player(), kY);
  EXPECT_EQ(s.phase(), Phase2008::kCapital);
  EXPECT_EQ(s.cities(), e.basic_training_cities);
  std::vector<int> board;
  for (int i = 0; i < kNumObjectives; ++i) {
    if (s.objective_place(i) == kOnBoard) board.push_back(i);
    EXPECT_EQ(s.objective_token(i), -1);
  }
  std::vector<int> expected = e.basic_training_minor;
  expected.insert(expected.end(), e.basic_training_major.begin(), e.basic_training_major.end());
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(board, expected);
  EXPECT_EQ(board.size(), 8u);
  while (!s.is_chance()) play(s, s.legal_actions().front());
  while (s.is_chance()) play(s, s.chance_outcomes().front().action);
  EXPECT_EQ(std::popcount(s.hand(kY)), 0);
  EXPECT_EQ(std::popcount(s.hand(kG)), 0);
  EXPECT_EQ(std::popcount(s.hand(kB)), 1);
  EXPECT_EQ(std::popcount(s.hand(kR)), 1);
  EXPECT_EQ(std::popcount(s.hand(kK)), 2);
  EXPECT_EQ(s.active(), kY);
  EXPECT_EQ(s.phase(), Phase2008::kDraft);
  for (int k = 0; k < 8; ++k) EXPECT_EQ(s.token_holder(k), -1);
}

TEST(Risk2008Setup, BasicTrainingUsesAnOpeningWhenTheDataHasOne) {
  // The printed charts are not transcribed (R1); a chart in the data is used.
  static Edition2008 with_opening = edition();
  Opening o;
  for (int t = 0; t < kNumTerritories; ++t) {
    o.seat[t] = t % 3;
    o.troops[t] = 2;
  }
  o.capital = {0, 1, 2};
  with_opening.basic_training_opening[3] = o;
  auto c = std::make_shared<Risk2008Config>(*config(true, 3));
  c->edition = &with_opening;
  Risk2008State s(c);
  ASSERT_EQ(s.phase(), Phase2008::kDeal);  // Blue's starting card
  EXPECT_EQ(s.active(), kB);
  for (int t = 0; t < kNumTerritories; ++t) {
    EXPECT_EQ(s.owner(t), t % 3);
    EXPECT_EQ(s.troops(t), 2);
  }
  EXPECT_EQ(s.capital(kG), 1);
  play(s, s.chance_outcomes().front().action);
  EXPECT_EQ(s.phase(), Phase2008::kDraft);
  EXPECT_EQ(s.active(), kY);
}

TEST(Risk2008Setup, ThreePlayersReinforcementStartsWithSeatOne) {
  Risk2008State s = claimed_board(3, 1);
  for (int p = 0; p < 3; ++p) {
    EXPECT_EQ(s.claim_count(p), 14);
    EXPECT_EQ(s.setup_left(p), 16);
  }
  EXPECT_EQ(s.current_player(), 1);
}

}  // namespace
}  // namespace meeple::risk::state2008
