// A turn through the state (risk_2008.md §7, §9, §10): the draft and its
// trade (T3, T4, T16a), claiming objectives and rewards (T10, T11, T12,
// T16b-d), manoeuvres (T13) and the card draw.
#include <gtest/gtest.h>

#include <bit>

#include "tests/games/risk_2008/state_util.h"

namespace meeple::risk::state2008 {
namespace {

constexpr uint64_t kAll = (uint64_t{1} << kNumTerritories) - 1;

Action select(const char* card) {
  return kSelectBase + terr(card);
}

void hand_of(Risk2008State& s, int p, uint64_t hand) {
  s.set_hand(p, hand);
  s.set_deck(kAll & ~hand, 0);
}

void own_continent(Risk2008State& s, const char* continent, int p, int troops) {
  for (const Territory t : world_map().continent(world_map().find_continent(continent)).territories)
    s.set_territory(t, p, troops);
}

TEST(Risk2008Turn, T1T2DraftAtTheStartOfTheTurn) {
  Risk2008State s = blank(false, 3, kY);
  for (const char* t : {"alaska", "northwest_territory", "alberta", "ontario", "greenland",
                        "iceland", "great_britain", "western_europe", "egypt", "india"})
    s.set_territory(terr(t), kG, 1);
  s.set_cities(cards({"ontario", "great_britain", "india"}));
  s.set_capital(kG, terr("ontario"));
  s.begin_turn_for_test(kG);
  EXPECT_EQ(s.draft_left(), 5);

  Risk2008State b = blank(false, 3, kY);
  own_continent(b, "australia", kB, 1);
  b.set_territory(terr("siam"), kB, 1);
  b.set_capital(kB, terr("eastern_australia"));
  b.begin_turn_for_test(kB);
  EXPECT_EQ(b.draft_left(), 6);
}

TEST(Risk2008Turn, T3FullDraftWithTrade) {
  Risk2008State s = blank(false, 3, kB);
  own_continent(s, "europe", kY, 1);
  own_continent(s, "africa", kY, 1);
  for (const char* t : {"brazil", "venezuela", "middle_east", "india"})
    s.set_territory(terr(t), kY, 1);
  s.set_cities(cards({"great_britain", "egypt", "india"}));
  s.set_capital(kY, terr("egypt"));
  s.set_capital(kG, terr("brazil"));
  s.give_token(kY, token_of(Reward::kBonusTroops));
  hand_of(s, kY, cards({"japan", "peru", "iceland"}));
  s.begin_turn_for_test(kY);
  EXPECT_EQ(s.draft_left(), 6 + 8 + 2 + 2);
  for (const char* c : {"japan", "peru", "iceland"}) play(s, select(c));
  play(s, kConfirmTrade);
  EXPECT_EQ(s.draft_left(), 25);
  EXPECT_EQ(s.hand(kY), 0u);
  EXPECT_EQ(s.discard(), cards({"japan", "peru", "iceland"}));
  // No second trade, and the troops are placed one at a time.
  for (int k = 0; k < 25; ++k) {
    EXPECT_FALSE(s.is_legal(kConfirmTrade));
    play(s, terr("egypt"));
  }
  EXPECT_EQ(s.phase(), Phase2008::kAttack);
  EXPECT_EQ(s.troops(terr("egypt")), 26);
}

TEST(Risk2008Turn, T4TradeLegality) {
  const uint64_t six =
      cards({"japan", "ural", "yakutsk", "irkutsk", "great_britain", "western_europe"});
  Risk2008State s = blank(false, 4, kG);
  s.set_territory(terr("alaska"), kR, 1);
  hand_of(s, kR, six);
  s.begin_turn_for_test(kR);
  const int base = s.draft_left();
  for (const char* c : {"japan", "ural", "yakutsk", "irkutsk", "great_britain"}) play(s, select(c));
  // (b) a sixth card would make 12 stars: it cannot even be selected.
  EXPECT_FALSE(s.is_legal(select("western_europe")));
  // Unselecting is always possible.
  play(s, select("japan"));
  play(s, select("japan"));
  play(s, kConfirmTrade);  // (a)
  EXPECT_EQ(s.draft_left(), base + 30);
  EXPECT_EQ(s.hand(kR), cards({"western_europe"}));
  // (c) one trade per turn.
  EXPECT_FALSE(s.is_legal(select("western_europe")));
  EXPECT_FALSE(s.is_legal(kConfirmTrade));

  // (d) one one-star card: selectable, but no legal trade.
  Risk2008State d = blank(false, 4, kG);
  d.set_territory(terr("alaska"), kR, 1);
  hand_of(d, kR, cards({"iceland"}));
  d.begin_turn_for_test(kR);
  play(d, select("iceland"));
  EXPECT_FALSE(d.is_legal(kConfirmTrade));

  // (e) 3 stars give 4 troops.
  Risk2008State e = blank(false, 4, kG);
  e.set_territory(terr("alaska"), kR, 1);
  hand_of(e, kR, cards({"venezuela", "peru"}));
  e.begin_turn_for_test(kR);
  const int base_e = e.draft_left();
  play(e, select("venezuela"));
  play(e, select("peru"));
  play(e, kConfirmTrade);
  EXPECT_EQ(e.draft_left(), base_e + 4);
}

// G holds 21 territories, no cities, capitals or continents: a draft of 7.
Risk2008State t16_position() {
  Risk2008State s = blank(false, 3, kY);
  for (int t = 0; t < 42; t += 2) s.set_territory(t, kG, 1);
  hand_of(s, kG, cards({"venezuela", "peru"}));
  s.begin_turn_for_test(kG);
  return s;
}

TEST(Risk2008Turn, T16aTradeOnlyBeforeTheFirstPlacement) {
  Risk2008State s = t16_position();
  ASSERT_EQ(s.draft_left(), 7);
  const Territory t = 0;
  ASSERT_EQ(s.owner(t), kG);
  play(s, t);
  play(s, t);
  EXPECT_FALSE(s.is_legal(select("venezuela")));
  EXPECT_FALSE(s.is_legal(kConfirmTrade));
  EXPECT_EQ(s.draft_left(), 5);

  Risk2008State f = t16_position();
  play(f, select("venezuela"));
  play(f, select("peru"));
  play(f, kConfirmTrade);
  EXPECT_EQ(f.draft_left(), 11);
}

TEST(Risk2008Turn, PlacingDropsAnUnconfirmedSelection) {
  Risk2008State s = t16_position();
  play(s, select("venezuela"));
  play(s, 0);
  EXPECT_EQ(s.selected(), 0u);
  EXPECT_EQ(s.hand(kG), cards({"venezuela", "peru"}));
}

// Y holds 11 of Asia's 12 territories and attacks Kamchatka from Japan.
Risk2008State t10_position(bool basic_training) {
  Risk2008State s = blank(basic_training, 3, kG);
  own_continent(s, "asia", kY, 2);
  s.set_territory(terr("japan"), kY, 5);
  s.set_territory(terr("kamchatka"), kG, 1);
  const int asia = objective_index("M3");
  s.set_objective(asia, kOnBoard, basic_training ? -1 : token_of(Reward::kAirfield));
  s.begin_attack_for_test(kY);
  win(s, "japan", "kamchatka");
  return s;
}

TEST(Risk2008Turn, T10ClaimVersusCard) {
  const int asia = objective_index("M3");
  {  // (a) claim: the airfield is placed at once, no card is drawn
    Risk2008State s = t10_position(false);
    play(s, kEndAttack);
    ASSERT_EQ(s.phase(), Phase2008::kClaimObjective);
    EXPECT_EQ(s.legal_actions(), (std::vector<Action>{kClaimBase + asia, kNoClaim}));
    play(s, kClaimBase + asia);
    ASSERT_EQ(s.phase(), Phase2008::kAirfield);
    EXPECT_FALSE(s.is_legal(terr("alaska")));
    play(s, terr("kamchatka"));
    EXPECT_EQ(s.airfield_at(token_of(Reward::kAirfield)), terr("kamchatka"));
    EXPECT_EQ(s.objective_place(asia), kY);
    play(s, kEndManoeuvre);
    EXPECT_EQ(s.active(), kG);
    EXPECT_EQ(s.hand(kY), 0u);
  }
  {  // (b) decline: exactly one card, Control Asia stays
    Risk2008State s = t10_position(false);
    play(s, kEndAttack);
    play(s, kNoClaim);
    play(s, kEndManoeuvre);
    ASSERT_EQ(s.phase(), Phase2008::kDraw);
    EXPECT_EQ(s.chance_outcomes().size(), 42u);
    play(s, kCardBase + terr("peru"));
    EXPECT_EQ(s.hand(kY), cards({"peru"}));
    EXPECT_EQ(s.objective_place(asia), kOnBoard);
    EXPECT_EQ(s.active(), kG);
  }
  {  // (c) Basic Training: the card, no reward
    Risk2008State s = t10_position(true);
    play(s, kEndAttack);
    play(s, kClaimBase + asia);
    EXPECT_EQ(s.phase(), Phase2008::kManoeuvre);
    EXPECT_EQ(s.objective_place(asia), kY);
  }
}

// G starts with Asia (12) and conquers `n` more.
Risk2008State t11_position(int n) {
  Risk2008State s = blank(false, 3, kB);
  own_continent(s, "asia", kG, 20);
  s.set_objective(objective_index("J1"), kOnBoard, -1);
  s.set_objective(objective_index("J3"), kOnBoard, -1);
  s.begin_attack_for_test(kG);
  const char* plan[][2] = {{"ural", "ukraine"},
                           {"ukraine", "scandinavia"},
                           {"ukraine", "northern_europe"},
                           {"ukraine", "southern_europe"},
                           {"northern_europe", "western_europe"},
                           {"northern_europe", "great_britain"},
                           {"great_britain", "iceland"},
                           {"middle_east", "egypt"},
                           {"middle_east", "east_africa"},
                           {"kamchatka", "alaska"}};
  for (int k = 0; k < n; ++k) {
    win(s, plan[k][0], plan[k][1]);
    s.set_territory(terr(plan[k][1]), kG, 20);
  }
  return s;
}

TEST(Risk2008Turn, T11InOneTurnUsesTheStartSnapshot) {
  const int j1 = objective_index("J1"), j3 = objective_index("J3");
  Risk2008State a = t11_position(10);
  play(a, kEndAttack);
  std::vector<Action> both{kClaimBase + j1, kClaimBase + j3, kNoClaim};
  std::sort(both.begin(), both.end());
  EXPECT_EQ(a.legal_actions(), both);
  play(a, kClaimBase + j1);
  EXPECT_EQ(a.phase(), Phase2008::kManoeuvre);  // one claim only
  EXPECT_EQ(a.objective_place(j3), kOnBoard);

  Risk2008State b = t11_position(9);
  play(b, kEndAttack);
  EXPECT_EQ(b.legal_actions(), (std::vector<Action>{kClaimBase + j3, kNoClaim}));
}

TEST(Risk2008Turn, T12ConquerAContinentInOneTurn) {
  const int j5 = objective_index("J5");
  {
    Risk2008State s = blank(false, 4, kG);
    s.set_territory(terr("peru"), kR, 10);
    s.set_territory(terr("central_america"), kR, 10);
    s.set_objective(j5, kOnBoard, -1);
    s.begin_attack_for_test(kR);
    win(s, "central_america", "venezuela");
    win(s, "peru", "brazil");
    s.set_territory(terr("brazil"), kR, 10);
    win(s, "brazil", "argentina");
    play(s, kEndAttack);
    EXPECT_EQ(s.phase(), Phase2008::kManoeuvre);  // nothing claimable
  }
  {
    Risk2008State s = blank(false, 4, kG);
    s.set_territory(terr("siam"), kB, 10);
    s.set_objective(j5, kOnBoard, -1);
    s.begin_attack_for_test(kB);
    win(s, "siam", "indonesia");
    s.set_territory(terr("indonesia"), kB, 20);
    win(s, "indonesia", "new_guinea");
    win(s, "indonesia", "western_australia");
    s.set_territory(terr("western_australia"), kB, 10);
    win(s, "western_australia", "eastern_australia");
    play(s, kEndAttack);
    EXPECT_EQ(s.legal_actions(), (std::vector<Action>{kClaimBase + j5, kNoClaim}));
  }
}

Risk2008State t13_position(bool additional, std::shared_ptr<const Risk2008Config> cfg = nullptr) {
  Risk2008State s = blank(false, 5, kG, std::move(cfg));
  s.set_territory(terr("alaska"), kK, 6);
  s.set_territory(terr("northwest_territory"), kK, 1);
  s.set_territory(terr("greenland"), kK, 2);
  s.set_territory(terr("iceland"), kK, 1);
  s.set_territory(terr("western_united_states"), kK, 1);
  if (additional) s.give_token(kK, token_of(Reward::kAdditionalManoeuvre));
  s.begin_attack_for_test(kK);
  play(s, kEndAttack);
  return s;
}

TEST(Risk2008Turn, T13Manoeuvre) {
  for (const bool additional : {false, true}) {
    Risk2008State s = t13_position(additional);
    ASSERT_EQ(s.phase(), Phase2008::kManoeuvre);
    EXPECT_FALSE(s.is_legal(manoeuvre("alaska", "western_united_states")));  // (b)
    play(s, manoeuvre("alaska", "iceland"));                                 // (a)
    for (int k = 0; k < 4; ++k) play(s, kMoveMore);
    // (c) the sixth troop cannot go: the move ended by itself.
    EXPECT_EQ(s.troops(terr("alaska")), 1);
    EXPECT_EQ(s.troops(terr("iceland")), 6);
    if (!additional) {
      EXPECT_EQ(s.active(), kY);  // (d) the turn is over
      continue;
    }
    ASSERT_EQ(s.phase(), Phase2008::kManoeuvre);
    play(s, manoeuvre("iceland", "greenland"));
    play(s, kMoveMore);
    play(s, kMoveMore);
    play(s, kMoveDone);
    EXPECT_EQ(s.troops(terr("iceland")), 3);
    EXPECT_EQ(s.troops(terr("greenland")), 5);
    EXPECT_EQ(s.active(), kY);
  }
}

// The number of manoeuvres is the data file's (manoeuvres.per_turn and the
// Additional Manoeuvre reward's manoeuvres.additional), not the code's.
TEST(Risk2008Turn, ManoeuvreCountsComeFromTheData) {
  struct Case {
    int per_turn, additional;
    bool reward;
    int expected;
  };
  for (const Case& k :
       {Case{2, 1, false, 2}, Case{1, 2, true, 3}, Case{0, 1, false, 0}, Case{0, 1, true, 1}}) {
    SCOPED_TRACE(testing::Message()
                 << k.per_turn << " + " << k.additional << " reward " << k.reward);
    auto e = std::make_shared<Edition2008>(edition());
    e->manoeuvres_per_turn = k.per_turn;
    e->additional_manoeuvres = k.additional;
    auto c = std::make_shared<Risk2008Config>(*config(false, 5));
    c->edition = e.get();
    Risk2008State s = t13_position(k.reward, c);
    if (k.expected == 0) {  // no manoeuvre step: the turn is over
      EXPECT_EQ(s.active(), kY);
      continue;
    }
    ASSERT_EQ(s.phase(), Phase2008::kManoeuvre);
    EXPECT_EQ(s.manoeuvres_left(), k.expected);
    for (int m = 0; m < k.expected; ++m) {
      ASSERT_EQ(s.active(), kK);
      play(s, manoeuvre(m % 2 ? "northwest_territory" : "alaska",
                        m % 2 ? "alaska" : "northwest_territory"));
      if (s.phase() == Phase2008::kMove) play(s, kMoveDone);
    }
    EXPECT_EQ(s.active(), kY);
  }
}

// G holds North America (Control North America is on the board with the
// given reward) and conquers nothing.
Risk2008State t16_claim(Reward r) {
  Risk2008State s = blank(false, 3, kY);
  own_continent(s, "north_america", kG, 3);
  s.set_objective(objective_index("M2"), kOnBoard, token_of(r, r == Reward::kBonusTroops));
  s.begin_turn_for_test(kG);
  return s;
}

void place_all(Risk2008State& s) {
  while (s.phase() == Phase2008::kDraft) play(s, terr("alaska"));
}

TEST(Risk2008Turn, T16RewardTiming) {
  const int m2 = objective_index("M2");
  {  // (b) Additional Manoeuvre: two manoeuvres this turn
    Risk2008State s = t16_claim(Reward::kAdditionalManoeuvre);
    place_all(s);
    play(s, kEndAttack);
    play(s, kClaimBase + m2);
    EXPECT_EQ(s.manoeuvres_left(), 2);
  }
  {  // (c) Starting Manoeuvre: one manoeuvre now; next turn one before the attacks
    Risk2008State s = t16_claim(Reward::kStartingManoeuvre);
    place_all(s);
    EXPECT_FALSE(s.is_legal(manoeuvre("alaska", "alberta")));
    play(s, kEndAttack);
    play(s, kClaimBase + m2);
    EXPECT_EQ(s.manoeuvres_left(), 1);
    play(s, kEndManoeuvre);
    ASSERT_EQ(s.active(), kB);
    s.begin_turn_for_test(kG);
    place_all(s);
    EXPECT_TRUE(s.is_legal(manoeuvre("alaska", "alberta")));
    play(s, manoeuvre("alaska", "alberta"));
    play(s, kMoveDone);
    EXPECT_EQ(s.phase(), Phase2008::kAttack);
    EXPECT_FALSE(s.is_legal(manoeuvre("alaska", "alberta")));  // used
    // It lapses with the first battle too.
    s.begin_turn_for_test(kG);
    place_all(s);
    play(s, attack("alaska", "kamchatka", 1));
    roll(s, {1, 6});
    EXPECT_FALSE(s.is_legal(manoeuvre("alaska", "alberta")));
  }
  {  // (d) Bonus Troops: from the next draft on
    Risk2008State s = t16_claim(Reward::kBonusTroops);
    const int draft = s.draft_left();
    place_all(s);
    play(s, kEndAttack);
    play(s, kClaimBase + m2);
    play(s, kEndManoeuvre);
    s.begin_turn_for_test(kG);
    EXPECT_EQ(s.draft_left(), draft + 2);
  }
}

TEST(Risk2008Turn, GuaranteedCardDrawsOneCardWithoutConquest) {
  Risk2008State s = blank(false, 3, kY);
  s.set_territory(terr("alaska"), kG, 3);
  s.give_token(kG, token_of(Reward::kGuaranteedCard));
  s.begin_attack_for_test(kG);
  play(s, kEndAttack);
  play(s, kEndManoeuvre);
  ASSERT_EQ(s.phase(), Phase2008::kDraw);
  play(s, kCardBase + terr("peru"));
  EXPECT_EQ(s.hand(kG), cards({"peru"}));
}

TEST(Risk2008Turn, EmptyDrawPileReshufflesDiscardsOrDrawsNothing) {
  Risk2008State s = blank(false, 3, kY);
  s.set_territory(terr("alaska"), kG, 3);
  s.give_token(kG, token_of(Reward::kGuaranteedCard));
  s.set_hand(kY, kAll & ~cards({"peru"}));
  s.set_deck(0, cards({"peru"}));
  s.begin_attack_for_test(kG);
  play(s, kEndAttack);
  play(s, kEndManoeuvre);
  ASSERT_EQ(s.phase(), Phase2008::kDraw);
  EXPECT_EQ(s.legal_actions(), (std::vector<Action>{kCardBase + terr("peru")}));
  play(s, kCardBase + terr("peru"));
  // Next time both piles are empty: no card, no error (R17).
  s.begin_attack_for_test(kG);
  play(s, kEndAttack);
  play(s, kEndManoeuvre);
  EXPECT_EQ(s.active(), kB);
  EXPECT_EQ(s.phase(), Phase2008::kDraft);
}

}  // namespace
}  // namespace meeple::risk::state2008
