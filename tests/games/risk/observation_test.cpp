// Contract v2 for Risk (docs/contract.md): observations and information
// states that hide what they must (hands, missions, the deck, bribes) and
// show what they may, beliefs that are probabilities, the metadata of every
// mode, and returns for a team win.
#include <gtest/gtest.h>

#include <numeric>

#include "ai/risk/risk_bot.h"
#include "all_games/all_games.h"
#include "core/decision.h"
#include "core/match.h"
#include "risk_helpers.h"

namespace meeple::risk {
namespace {

using test::board;
using test::cards;
using test::give;
using test::make;

// Everything a seat could get from the contract, to compare two states.
struct Seen {
  std::string obs, info;
  std::vector<float> obs_t, info_t;
  bool operator==(const Seen&) const = default;
};
Seen seen(const State& s, Seat seat) {
  return {s.observation_string(seat), s.information_state_string(seat), s.observation_tensor(seat),
          s.information_state_tensor(seat)};
}

// Two 3-player positions that differ only in which cards blue and green hold.
TEST(RiskObservation, OtherHandsAreHidden) {
  auto game = make("domination", 3);
  auto a = board(*game, 0);
  a->begin_attack_for_test(0);
  auto b = std::make_unique<RiskState>(*a);
  give(*a, 1, cards({"alaska", "peru", "joker1"}));
  give(*a, 2, cards({"egypt", "ural"}));
  give(*b, 1, cards({"egypt", "ural", "joker1"}));  // same sizes, other cards
  give(*b, 2, cards({"alaska", "peru"}));
  EXPECT_EQ(seen(*a, 0), seen(*b, 0)) << "red sees neither hand";
  EXPECT_EQ(seen(*a, kSpectator), seen(*b, kSpectator));
  EXPECT_NE(seen(*a, 1).obs_t, seen(*b, 1).obs_t) << "blue sees its own hand";
  EXPECT_NE(seen(*a, 1).info, seen(*b, 1).info);
  EXPECT_NE(seen(*a, 2).obs, seen(*b, 2).obs);
  // A card moved from the deck into blue's hand, against another: blue's
  // hand size is the same, so only blue can tell.
  auto c = std::make_unique<RiskState>(*a);
  c->set_hand(1, cards({"alaska", "peru", "joker2"}));
  c->set_deck((c->deck() & ~cards({"joker2"})) | cards({"joker1"}), 0);
  EXPECT_EQ(seen(*a, 0), seen(*c, 0));
  EXPECT_EQ(seen(*a, kSpectator), seen(*c, kSpectator));
  EXPECT_NE(seen(*a, 1), seen(*c, 1));
}

TEST(RiskObservation, HiddenMissionsAreHidden) {
  auto game = make("missions", 3);
  auto a = board(*game, 0);
  a->begin_attack_for_test(0);
  a->set_missions(0, {0, 7, 14, 21}, 0);
  a->set_missions(1, {1, 8, 15, 22}, 0);
  a->set_missions(2, {2, 9, 16, 23}, 0);
  auto b = std::make_unique<RiskState>(*a);
  b->set_missions(1, {2, 8, 15, 22}, 0);  // blue and green swap their captains
  b->set_missions(2, {1, 9, 16, 23}, 0);
  EXPECT_EQ(seen(*a, 0), seen(*b, 0));
  EXPECT_EQ(seen(*a, kSpectator), seen(*b, kSpectator));
  EXPECT_NE(seen(*a, 1), seen(*b, 1));
  // A completed mission is public (§8.2): now red can tell them apart.
  a->set_missions(1, {1, 8, 15, 22}, 1);
  b->set_missions(1, {2, 8, 15, 22}, 1);
  EXPECT_NE(seen(*a, 0), seen(*b, 0));
}

TEST(RiskObservation, BribeCardsAreHidden) {
  auto game = make("two-player-active", 2);
  auto a = board(*game, 0);
  a->begin_attack_for_test(0);
  auto b = std::make_unique<RiskState>(*a);
  a->set_deck(kAllCards & ~cards({"alaska"}), 0);
  a->set_bribes(3, cards({"alaska"}));
  b->set_deck(kAllCards & ~cards({"peru"}), 0);
  b->set_bribes(3, cards({"peru"}));
  for (Seat seat : {0, 1, kSpectator}) EXPECT_EQ(seen(*a, seat), seen(*b, seat)) << seat;
}

TEST(RiskInformationState, BeliefsAreProbabilities) {
  auto game = make("domination", 4);
  auto s = board(*game, 0);
  s->begin_attack_for_test(0);
  give(*s, 0, cards({"alaska", "peru"}));
  give(*s, 1, cards({"egypt"}));
  give(*s, 3, cards({"ural", "siam", "china"}));
  s->set_deck(s->deck() & ~cards({"joker1", "joker2"}), cards({"joker1", "joker2"}));
  const auto obs = s->observation_tensor(0);
  const auto info = s->information_state_tensor(0);
  ASSERT_EQ(std::vector<float>(info.begin(), info.begin() + static_cast<long>(obs.size())), obs)
      << "the information state starts with the observation";
  // 44 cards x 12 places, then 6 seats x 28 missions.
  const size_t base = obs.size();
  ASSERT_EQ(info.size(), base + 44 * 12 + 6 * 28);
  auto place = [&](int card, int p) { return info[base + static_cast<size_t>(card * 12 + p)]; };
  EXPECT_EQ(place(test::card("alaska"), 2 + 0), 1) << "red's own card, in red's hand";
  EXPECT_EQ(place(kJoker1, 1), 1) << "a discarded card, in the discard pile";
  // An unseen card: deck 36, blue 1, yellow 3 (green none): 40 hidden cards.
  const int egypt = test::card("egypt");
  EXPECT_FLOAT_EQ(place(egypt, 0), 36.0f / 40);
  EXPECT_FLOAT_EQ(place(egypt, 2 + 1), 1.0f / 40);
  EXPECT_FLOAT_EQ(place(egypt, 2 + 3), 3.0f / 40);
  EXPECT_EQ(place(egypt, 2 + 2), 0);
  for (int c = 0; c < kNumCards; ++c) {
    float sum = 0;
    for (int p = 0; p < 12; ++p) sum += place(c, p);
    EXPECT_NEAR(sum, 1.0, 1e-6) << "card " << c;
  }
  // Yellow does not see blue's egypt either: deck 36, red 2, blue 1 hidden.
  const auto yellow = s->information_state_tensor(3);
  EXPECT_FLOAT_EQ(yellow[base + static_cast<size_t>(egypt * 12 + 2 + 1)], 1.0f / 39);
  EXPECT_FLOAT_EQ(yellow[base + static_cast<size_t>(egypt * 12 + 2 + 0)], 2.0f / 39);
}

TEST(RiskInformationState, MissionBeliefs) {
  auto game = make("missions", 3);
  auto s = board(*game, 0);
  s->begin_attack_for_test(0);
  s->set_missions(0, {0, 7, 14, 21}, 0);
  s->set_missions(1, {1, 8, 15, 22}, 1);  // blue's captain completed: public
  s->set_missions(2, {2, 9, 16, 23}, 0);
  const auto obs = s->observation_tensor(0);
  const auto info = s->information_state_tensor(0);
  const size_t missions = obs.size() + 44 * 12;
  auto holds = [&](int p, int m) { return info[missions + static_cast<size_t>(p * 28 + m)]; };
  EXPECT_EQ(holds(0, 0), 1);
  EXPECT_EQ(holds(1, 1), 1);
  // Green's captain: one of the 5 captains red has not seen (7 - red's - blue's).
  EXPECT_FLOAT_EQ(holds(2, 2), 1.0f / 5);
  EXPECT_EQ(holds(2, 0), 0);
  EXPECT_EQ(holds(2, 1), 0);
  // Blue's major: one of the 6 majors red has not seen.
  EXPECT_FLOAT_EQ(holds(1, 8), 1.0f / 6);
}

TEST(RiskMetadata, EveryMode) {
  struct Want {
    const char* mode;
    int players;
    Utility utility;
    double sum;
    std::vector<std::vector<Seat>> teams;
  };
  const Want wants[] = {
      {"domination", 3, Utility::kConstantSum, -1, {{0}, {1}, {2}}},
      {"missions", 6, Utility::kConstantSum, -4, {{0}, {1}, {2}, {3}, {4}, {5}}},
      {"two-player-passive", 2, Utility::kZeroSum, 0, {{0}, {1}}},
      {"two-player-active", 2, Utility::kZeroSum, 0, {{0}, {1}}},
      {"teams", 4, Utility::kZeroSum, 0, {{0, 2}, {1, 3}}},
      {"teams", 5, Utility::kGeneralSum, 0, {{0, 2, 4}, {1, 3}}},
      {"teams", 6, Utility::kZeroSum, 0, {{0, 2, 4}, {1, 3, 5}}},
  };
  for (const auto& w : wants) {
    const GameMetadata m = make(w.mode, w.players)->metadata();
    EXPECT_EQ(m.chance_mode, ChanceMode::kExplicitStochastic) << w.mode;
    EXPECT_EQ(m.information, Information::kImperfect);
    EXPECT_EQ(m.utility, w.utility) << w.mode << " " << w.players;
    if (w.utility != Utility::kGeneralSum) {
      EXPECT_EQ(m.utility_sum, w.sum) << w.mode;
    }
    EXPECT_EQ(m.teams, w.teams) << w.mode << " " << w.players;
    EXPECT_EQ(m.max_game_length, kUnboundedLength);
    EXPECT_EQ(m.practical_game_length, kPracticalGameLength);
    EXPECT_EQ(m.max_chance_outcomes, kNumCards);
    EXPECT_EQ(static_cast<int>(m.seat_names.size()), w.players);
    EXPECT_EQ(m.seat_names[0], "red");
  }
  const json listed = all_games().describe_with_metadata(*all_games().find("risk"));
  ASSERT_EQ(listed["variants"].size(), 13u)
      << "domination 3-6, missions 3-6, 2 two-player, teams 4-6";
  for (const auto& v : listed["variants"]) {
    ASSERT_TRUE(v.contains("metadata")) << v.dump();
    EXPECT_TRUE(v["metadata"]["max_game_length"].is_null());
  }
}

// A Team Risk game played to the end: both members of the winning team win.
TEST(RiskReturns, TeamWinIsSharedByTheTeam) {
  auto game = make("teams", 4);
  Match m = Match::start(game, 11);
  std::vector<std::unique_ptr<Bot>> bots;
  for (int p = 0; p < 4; ++p)
    bots.push_back(make_risk_bot(*game, kHeuristicLevel, 100 + static_cast<uint64_t>(p)));
  int steps = 0;
  while (!m.state().is_terminal() && ++steps < 200000) {
    if (m.state().is_chance())
      m.sample_chance();
    else
      ASSERT_TRUE(m.act(bots[static_cast<size_t>(m.state().current_player())]->choose(
                            Decision(m.game(), m.state())))
                      .is_ok());
  }
  ASSERT_TRUE(m.state().is_terminal());
  const auto& s = static_cast<const RiskState&>(m.state());
  const int team = RiskConfig::team_of(s.winner());
  const auto r = s.returns();
  for (int p = 0; p < 4; ++p)
    EXPECT_EQ(r[static_cast<size_t>(p)], RiskConfig::team_of(p) == team ? 1.0 : -1.0) << p;
  EXPECT_EQ(std::accumulate(r.begin(), r.end(), 0.0), 0.0);
}

TEST(RiskLegalActions, IsLegalWithoutTheList) {
  auto game = make("domination", 3);
  auto s = board(*game, 1);
  s->set_territory(test::T("ukraine"), 0, 5);
  s->begin_attack_for_test(0);
  const Action three =
      kAttackBase + test::M().edge_index(test::T("ukraine"), test::T("ural")) * 3 + 2;
  EXPECT_TRUE(s->is_legal(three));
  EXPECT_TRUE(s->is_legal(kEndAttack));
  EXPECT_FALSE(s->is_legal(kEndTurn)) << "not the fortification";
  s->set_territory(test::T("ukraine"), 0, 3);
  EXPECT_FALSE(s->is_legal(three)) << "3 armies attack with 2 dice at most";
  std::vector<Action> buffer(500, 7);
  s->legal_actions(buffer);
  EXPECT_EQ(buffer, s->legal_actions());
}

}  // namespace
}  // namespace meeple::risk
