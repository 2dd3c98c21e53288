// The test scenarios of risk_classic.md §15 (T01–T12), with the exact dice,
// each named after the rule it checks. T13–T14 (the active 2-player game)
// are in active_test.cpp, T15–T16 (Team Risk) in team_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>

#include "risk_helpers.h"

namespace meeple::risk {
namespace {

using test::act;
using test::board;
using test::cards;
using test::give;
using test::make;
using test::roll;
using test::T;

using test::kRed, test::kBlue, test::kGreen;

bool legal(const RiskState& s, Action a) {
  return s.is_legal(a);
}
int count_trades(const RiskState& s) {
  const auto l = s.legal_actions();
  return static_cast<int>(
      std::count_if(l.begin(), l.end(), [](Action a) { return a >= kTradeBase; }));
}

// T01 — Reinforcement with two continents (§5.5).
TEST(RiskReinforcement, T01_TwoContinentsAddTheirBonuses) {
  auto g = make("domination", 4);
  auto s = board(*g, kBlue);
  for (const char* id :
       {"venezuela", "peru", "brazil", "argentina", "indonesia", "new_guinea", "western_australia",
        "eastern_australia", "central_america", "north_africa", "egypt", "east_africa", "congo"})
    s->set_territory(T(id), kRed, 1);
  EXPECT_EQ(s->base_reinforcement(kRed), 8);
  s->begin_turn_for_test(kRed);
  EXPECT_EQ(s->reinforcements_left(), 8);
}

// T02 — Territory-count table: max(3, floor(T/3)).
TEST(RiskReinforcement, T02_TerritoryCountTable) {
  auto g = make("domination", 3);
  const std::pair<int, int> table[] = {{1, 3},  {8, 3},  {11, 3}, {12, 4},
                                       {14, 4}, {15, 5}, {20, 6}, {41, 13}};
  for (auto [n, expected] : table) {
    auto s = board(*g, kBlue);
    // Take territories leaving one out of every continent first, so no bonus
    // applies while possible; subtract the bonuses of any completed continent.
    std::vector<Territory> order;
    for (int c = 0; c < kNumContinents; ++c) {
      const auto& ts = world_map().continent(c).territories;
      order.insert(order.end(), ts.begin() + 1, ts.end());
    }
    for (int c = 0; c < kNumContinents; ++c)
      order.push_back(world_map().continent(c).territories[0]);
    for (int i = 0; i < n; ++i) s->set_territory(order[i], kRed, 1);
    int bonuses = 0;
    for (int c = 0; c < kNumContinents; ++c)
      if (s->holds_continent(kRed, c)) bonuses += world_map().continent(c).bonus;
    EXPECT_EQ(s->base_reinforcement(kRed) - bonuses, expected) << n << " territories";
    if (n <= 36) {
      EXPECT_EQ(bonuses, 0);
    }
  }
}

// T03 — Golden Cavalryman progression (§5.4).
TEST(RiskCards, T03_GoldenCavalrymanAdvancesOneSpacePerSet) {
  auto g = make("domination", 3);
  auto s = board(*g, kGreen);
  s->set_territory(T("alaska"), kRed, 1);
  s->set_territory(T("ural"), kBlue, 1);
  s->set_sets_traded(3);
  give(*s, kRed, cards({"alaska", "venezuela", "peru", "greenland"}));  // 3 infantry + cavalry
  give(*s, kBlue, cards({"northwest_territory", "western_united_states", "eastern_united_states"}));
  s->begin_turn_for_test(kRed);
  const int before = s->reinforcements_left();
  act(*s, "trade alaska venezuela peru");
  EXPECT_EQ(s->reinforcements_left() - before, 10);
  EXPECT_EQ(cavalry_value(classic_edition(), s->sets_traded()), 15);
  s->begin_turn_for_test(kBlue);
  const int blue_before = s->reinforcements_left();
  act(*s, "trade northwest_territory western_united_states eastern_united_states");
  EXPECT_EQ(s->reinforcements_left() - blue_before, 15);
  EXPECT_EQ(cavalry_value(classic_edition(), s->sets_traded()), 20);
}

// T04 — Mandatory trade at five cards (§5.3).
TEST(RiskCards, T04_FiveCardsForceATradeBeforePlacing) {
  auto g = make("domination", 3);
  auto s = board(*g, kBlue);
  for (const char* id :
       {"alaska", "peru", "ural", "egypt", "brazil", "iceland", "japan", "siam", "congo"})
    s->set_territory(T(id), kRed, 1);
  give(*s, kRed, cards({"alaska", "peru", "ural", "egypt", "brazil"}));
  s->begin_turn_for_test(kRed);
  EXPECT_EQ(s->reinforcements_left(), 3);
  EXPECT_FALSE(legal(*s, T("alaska")));
  auto r = s->decode_action(json("place 1 alaska"));
  ASSERT_FALSE(r.is_ok());
  EXPECT_NE(r.status().message().find("trade"), std::string::npos) << r.status().message();
  EXPECT_EQ(count_trades(*s), 4);  // infantry + cavalry + artillery, 2 x 2 x 1 ways
  act(*s, "trade alaska ural brazil");
  EXPECT_EQ(s->reinforcements_left(), 7);
  EXPECT_EQ(popcount(s->hand(kRed)), 2);
  EXPECT_EQ(cavalry_value(classic_edition(), s->sets_traded()), 6);
  EXPECT_EQ(count_trades(*s), 0);
  act(*s, "place 7 alaska");
  EXPECT_EQ(s->armies(T("alaska")), 8);
  EXPECT_EQ(s->phase(), Phase::kAttack);
}

// T05 — 3 v 2 with a tie on the high die (§4.2).
TEST(RiskBattle, T05_TieOnTheHighDieGoesToTheDefender) {
  auto g = make("domination", 3);
  auto s = board(*g, kGreen);
  s->set_territory(T("ukraine"), kRed, 6);
  s->set_territory(T("middle_east"), kBlue, 4);
  s->begin_attack_for_test(kRed);
  act(*s, "attack ukraine middle_east 3");
  EXPECT_EQ(s->current_player(), kBlue);  // the defender chooses after the attacker (R8)
  act(*s, "defend 2");
  roll(*s, {5, 3, 1, 5, 2});
  EXPECT_EQ(s->armies(T("ukraine")), 5);
  EXPECT_EQ(s->armies(T("middle_east")), 3);
  EXPECT_EQ(s->owner(T("middle_east")), kBlue);
  EXPECT_EQ(s->phase(), Phase::kAttack);
}

// T06 — Conquest and minimum move-in (§4.4, R22).
TEST(RiskBattle, T06_ConquestMovesInAtLeastTheCommittedArmies) {
  auto g = make("domination", 3);
  auto s = board(*g, kBlue);
  s->set_territory(T("east_africa"), kRed, 7);
  s->set_territory(T("egypt"), kBlue, 1);
  s->begin_attack_for_test(kRed);
  act(*s, "attack east_africa egypt 3");
  // Blue must roll one die: no decision is asked.
  roll(*s, {6, 2, 1, 4});
  EXPECT_EQ(s->owner(T("egypt")), kRed);
  ASSERT_EQ(s->phase(), Phase::kMoveIn);
  for (int total : {3, 4, 5, 6}) {
    RiskState copy(*s);
    act(copy, "move " + std::to_string(total));
    EXPECT_EQ(copy.armies(T("egypt")), total);
    EXPECT_EQ(copy.armies(T("east_africa")), 7 - total);
    EXPECT_EQ(copy.phase(), Phase::kAttack);
  }
  EXPECT_FALSE(s->decode_action(json("move 2")).is_ok());
  EXPECT_FALSE(s->decode_action(json("move 7")).is_ok());
  act(*s, "move 3");
  act(*s, "end");
  act(*s, "end");
  EXPECT_EQ(s->phase(), Phase::kDrawCard);  // one card at the end of the turn (§5.8)
  const auto before = s->hand(kRed);
  s->apply(s->legal_actions().front());
  EXPECT_EQ(popcount(s->hand(kRed)), popcount(before) + 1);
}

// T07 — Elimination, card transfer, forced trade that must stop at 4 (§5.3, R16, R28).
TEST(RiskElimination, T07_CardsPassAndTheForcedTradeStopsAtFour) {
  auto g = make("domination", 4);
  auto s = board(*g, kBlue);
  s->set_sets_traded(2);
  s->set_territory(T("siam"), kGreen, 1);
  s->set_territory(T("india"), kRed, 5);
  s->set_territory(T("alaska"), kRed, 1);
  give(*s, kRed, cards({"alaska", "greenland", "alberta"}));           // inf, cav, cav
  give(*s, kGreen, cards({"venezuela", "peru", "brazil", "joker1"}));  // inf, inf, art, joker
  s->begin_attack_for_test(kRed);
  act(*s, "attack india siam 3");
  roll(*s, {4, 4, 2, 3});
  EXPECT_EQ(s->owner(T("siam")), kRed);
  EXPECT_TRUE(s->eliminated(kGreen));
  EXPECT_FALSE(s->is_terminal());
  // R28: the move-in comes first (3 or 4 armies into siam) ...
  ASSERT_EQ(s->phase(), Phase::kMoveIn);
  EXPECT_EQ(popcount(s->hand(kRed)), 3);
  act(*s, "move 4");
  // ... then the 4 cards pass to Red (7 > 5): trade now.
  EXPECT_EQ(popcount(s->hand(kRed)), 7);
  EXPECT_EQ(s->hand(kGreen), 0u);
  ASSERT_EQ(s->phase(), Phase::kForcedTrade);
  act(*s, "trade alaska greenland brazil");  // infantry + cavalry + artillery
  EXPECT_EQ(s->reinforcements_left(), 8);
  EXPECT_EQ(cavalry_value(classic_edition(), s->sets_traded()), 10);
  EXPECT_EQ(popcount(s->hand(kRed)), 4);
  // Hand 4: must stop, although infantry + infantry + joker is still a set.
  EXPECT_EQ(s->phase(), Phase::kForcedPlace);
  EXPECT_EQ(count_trades(*s), 0);
  act(*s, "place 8 siam");
  EXPECT_EQ(s->armies(T("siam")), 12);
  EXPECT_EQ(s->phase(), Phase::kAttack);  // Red may keep attacking
}

// T08 — Attack legality (§4.1).
TEST(RiskBattle, T08_AttackNeedsAdjacencyTwoArmiesAndAnEnemyTarget) {
  auto g = make("domination", 3);
  auto s = board(*g, kGreen);
  s->set_territory(T("alberta"), kRed, 1);
  s->set_territory(T("ontario"), kRed, 2);
  s->set_territory(T("quebec"), kRed, 3);
  s->set_territory(T("greenland"), kBlue, 5);
  s->begin_attack_for_test(kRed);
  const Map& m = world_map();
  auto attack = [&](const char* from, const char* to, int dice) {
    const int e = m.edge_index(T(from), T(to));
    return e < 0 ? kInvalidAction : kAttackBase + e * 3 + dice - 1;
  };
  EXPECT_EQ(attack("alberta", "greenland", 1), kInvalidAction);  // not adjacent
  EXPECT_FALSE(s->decode_action(json("attack alberta greenland 1")).is_ok());
  EXPECT_TRUE(legal(*s, attack("ontario", "greenland", 1)));
  EXPECT_FALSE(legal(*s, attack("ontario", "greenland", 2)));
  EXPECT_TRUE(legal(*s, attack("quebec", "greenland", 1)));
  EXPECT_TRUE(legal(*s, attack("quebec", "greenland", 2)));
  EXPECT_FALSE(s->decode_action(json("attack quebec greenland 3")).is_ok());
  EXPECT_FALSE(s->decode_action(json("attack ontario quebec 1")).is_ok());  // own territory
  EXPECT_FALSE(legal(*s, attack("ontario", "quebec", 1)));
  for (const char* from : {"ontario", "quebec"}) {
    RiskState copy(*s);
    act(copy, std::string("attack ") + from + " greenland 1");
    EXPECT_EQ(copy.legal_actions(), (std::vector<Action>{kDefendBase, kDefendBase + 1}));
  }
}

// T09 — Fortification path and single move (§5.7).
TEST(RiskFortify, T09_MoveAlongAChainOfOwnTerritoriesOncePerTurn) {
  auto g = make("domination", 3);
  auto s = board(*g, kBlue);
  s->set_territory(T("indonesia"), kRed, 6);
  for (const char* id : {"siam", "india", "middle_east", "east_africa"})
    s->set_territory(T(id), kRed, 1);
  s->set_territory(T("alaska"), kRed, 1);
  RiskState b(*s);
  s->begin_attack_for_test(kRed);
  act(*s, "end");
  act(*s, "fortify indonesia east_africa 5");
  EXPECT_EQ(s->armies(T("indonesia")), 1);
  EXPECT_EQ(s->armies(T("east_africa")), 6);
  EXPECT_NE(s->phase(), Phase::kFortify);  // the turn moved on: no second fortification
  EXPECT_NE(s->active(), kRed);
  // Alternative: india is Blue: no Red path.
  b.set_territory(T("india"), kBlue, 1);
  b.begin_attack_for_test(kRed);
  act(b, "end");
  auto r = b.decode_action(json("fortify indonesia east_africa 5"));
  ASSERT_FALSE(r.is_ok());
  EXPECT_NE(r.status().message().find("chain"), std::string::npos);
}

// T10 — Fixed trade table (Mission / Team, §5.4).
TEST(RiskCards, T10_FixedTradeTable) {
  const Edition& e = classic_edition();
  auto v = [&](const char* a, const char* b, const char* c) {
    return fixed_set_value(e, test::card(a), test::card(b), test::card(c));
  };
  // alaska/peru/venezuela infantry; greenland/alberta cavalry; brazil/japan/egypt... artillery
  EXPECT_EQ(v("alaska", "peru", "venezuela"), 4);
  EXPECT_EQ(v("greenland", "alberta", "joker1"), 6);
  EXPECT_EQ(v("brazil", "japan", "indonesia"), 8);
  EXPECT_EQ(v("alaska", "greenland", "brazil"), 10);
  EXPECT_EQ(v("alaska", "greenland", "joker1"), 10);
  EXPECT_EQ(v("joker1", "joker2", "alaska"), 10);
  EXPECT_EQ(v("alaska", "peru", "joker1"), 4);
  EXPECT_FALSE(is_set(e, test::card("alaska"), test::card("peru"), test::card("greenland")));
  // No escalation: two 3-artillery trades are worth 8 and 8.
  auto g = make("missions", 3);
  auto s = board(*g, kBlue);
  s->set_territory(T("alaska"), kRed, 1);
  give(*s, kRed,
       cards({"brazil", "japan", "indonesia", "south_africa", "western_australia",
              "eastern_australia"}));
  s->begin_turn_for_test(kRed);
  const int base = s->reinforcements_left();
  act(*s, "trade brazil japan indonesia");
  act(*s, "trade south_africa western_australia eastern_australia");
  EXPECT_EQ(s->reinforcements_left() - base, 16);
}

// T11 — Mission bookkeeping (§8.2, R17, R36).
TEST(RiskMissions, T11_DeclaredMissionsStayCompletedAndTheFourthWins) {
  auto g = make("missions", 4);
  auto s = board(*g, kBlue);
  const auto& ms = classic_edition().missions;
  auto idx = [&](const char* id) {
    for (int i = 0; i < static_cast<int>(ms.size()); ++i)
      if (ms[i].id == id) return i;
    return -1;
  };
  s->set_missions(kRed, {idx("CPT2"), idx("MAJ3"), idx("COL2"), idx("GEN1")}, 0b0011);
  s->set_missions(kBlue, {idx("CPT1"), idx("MAJ1"), idx("COL1"), idx("GEN2")}, 0);
  s->set_missions(kGreen, {idx("CPT3"), idx("MAJ2"), idx("COL3"), idx("GEN3")}, 0);
  s->set_missions(3, {idx("CPT4"), idx("MAJ4"), idx("COL4"), idx("GEN4")}, 0);
  for (Territory t : world_map().continent(world_map().find_continent("asia")).territories)
    s->set_territory(t, kRed, 2);
  s->set_territory(T("siam"), kBlue, 1);
  s->set_territory(T("india"), kRed, 5);
  s->begin_attack_for_test(kRed);
  EXPECT_FALSE(s->decode_action(json("declare GEN1")).is_ok());  // Asia not complete yet
  // Spectators and Blue see Red's hidden missions as unknown.
  EXPECT_TRUE(s->view(kBlue)["players"][kRed]["missions"][2]["mission"].is_null());
  act(*s, "attack india siam 3");
  roll(*s, {6, 6, 6, 1});
  act(*s, "move 4");
  act(*s, "declare GEN1");
  EXPECT_TRUE(s->mission_completed(kRed, 3));
  // Three completed: the 4th (COL2) is revealed to everyone.
  EXPECT_EQ(s->view(kBlue)["players"][kRed]["missions"][2]["mission"], "COL2");
  EXPECT_EQ(s->view(kSpectator)["players"][kRed]["missions"][2]["mission"], "COL2");
  // One declaration per turn: Europe is Red's too, but COL2 must wait.
  for (Territory t : world_map().continent(world_map().find_continent("europe")).territories)
    s->set_territory(t, kRed, 1);
  auto again = s->decode_action(json("declare COL2"));
  ASSERT_FALSE(again.is_ok());
  EXPECT_NE(again.status().message().find("one declaration per turn"), std::string::npos);
  // Blue takes ural in his turn: GEN1 stays completed.
  s->set_territory(T("ural"), kBlue, 3);
  s->begin_attack_for_test(kBlue);
  EXPECT_TRUE(s->mission_completed(kRed, 3));
  EXPECT_FALSE(s->decode_action(json("declare COL2")).is_ok());  // never in another's turn
  // Red's next turn: declaring COL2 wins at once.
  s->begin_attack_for_test(kRed);
  act(*s, "declare COL2");
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->returns()[kRed], 1.0);
  EXPECT_EQ(s->returns()[kBlue], -1.0);
}

// T12 — Two-player set-up arithmetic (§9).
TEST(RiskTwoPlayer, T12_DealAndPlacementArithmetic) {
  auto g = make("two-player-passive", 2);
  auto s = std::unique_ptr<RiskState>(static_cast<RiskState*>(g->new_initial_state().release()));
  EXPECT_EQ(s->deck() & kJokers, 0u);  // jokers removed for the deal
  Rng rng(7);
  while (s->phase() == Phase::kDealTerritories) {
    const auto l = s->legal_actions();
    s->apply(l[rng.below(l.size())]);
  }
  const int expected_count[] = {9, 9, 6, 6, 6, 6};
  for (int o = 0; o < kMaxOwners; ++o) EXPECT_EQ(s->territory_count(o), expected_count[o]) << o;
  EXPECT_EQ(s->deck(), kAllCards);  // every card, jokers too, back in the deck
  ASSERT_EQ(s->phase(), Phase::kRollFirst);
  s->apply(kSeatBase + 1);  // Blue places first
  int placement_turns = 0;
  while (s->phase() == Phase::kTwoPlayerPlace) {
    const int placer = s->active();
    ++placement_turns;
    // A placement turn: 3 own armies and one army of each neutral.
    int own = 0, neutral = 0;
    while (s->phase() == Phase::kTwoPlayerPlace && s->active() == placer) {
      const auto l = s->legal_actions();
      const Action a = l[rng.below(l.size())];
      (s->owner(a) == placer ? own : neutral)++;
      s->apply(a);
      if (own + neutral == 7) break;
    }
    EXPECT_EQ(own, 3);
    EXPECT_EQ(neutral, 4);
  }
  EXPECT_EQ(placement_turns, 18);
  EXPECT_EQ(s->phase(), Phase::kRollStarter);
  for (int p = 0; p < 2; ++p) EXPECT_EQ(s->armies_on_board(p), 36);
  for (int n = 2; n < kMaxOwners; ++n) EXPECT_EQ(s->armies_on_board(n), 24);
}

// §9 / R15 / R34: neutrals are defended by the non-active player, and the
// game ends when the opponent has no territory, neutrals remaining.
TEST(RiskTwoPlayer, NeutralsDefendedByTheOpponentAndWinWhenOpponentIsGone) {
  auto g = make("two-player-passive", 2);
  auto s = board(*g, 2);  // everything neutral (green)
  s->set_territory(T("alaska"), kRed, 10);
  s->set_territory(T("kamchatka"), 3, 2);  // yellow neutral
  s->set_territory(T("alberta"), kBlue, 1);
  s->begin_attack_for_test(kRed);
  act(*s, "attack alaska kamchatka 3");
  EXPECT_EQ(s->current_player(), kBlue);
  act(*s, "defend 2");
  roll(*s, {6, 6, 1, 1, 1});
  EXPECT_EQ(s->owner(T("kamchatka")), kRed);
  act(*s, "move 3");
  act(*s, "attack alaska alberta 3");
  roll(*s, {6, 1, 1, 2});
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->winner(), kRed);
}

}  // namespace
}  // namespace meeple::risk
