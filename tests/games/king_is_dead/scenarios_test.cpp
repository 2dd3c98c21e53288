// The test scenarios of shared/rules/king_is_dead.md §16 (T1-T15), each
// named after the rule it checks, with the spec's exact outcomes.
#include <gtest/gtest.h>

#include "kid_helpers.h"

namespace meeple::king_is_dead::test {
namespace {

const std::vector<std::string> kT1Track = {"lancaster",   "moray",   "devon",   "essex",
                                           "strathclyde", "warwick", "gwynedd", "northumbria"};

Position t1() {
  Position p;
  p.players = 2;
  p.up = kT1Track;
  p.open = {{"moray", {3, 0, 1}},     {"strathclyde", {1, 2, 1}}, {"northumbria", {0, 1, 3}},
            {"lancaster", {2, 1, 1}}, {"gwynedd", {1, 2, 1}},     {"warwick", {1, 1, 2}},
            {"essex", {0, 1, 3}},     {"devon", {2, 2, 0}}};
  p.supply = {5, 4, 3};
  p.seats = {{{1, 1, 0}}, {{0, 1, 1}}};
  return p;
}

TEST(PowerStruggle, T1MajorityTakesControl) {
  auto s = load(t1());
  ASSERT_TRUE(s);
  play(*s, "pass");
  EXPECT_EQ(s->passes(), 1);
  EXPECT_EQ(s->struggles(), 0);
  play(*s, "pass");
  const int lancaster = region(*s, "lancaster");
  EXPECT_EQ(s->status(lancaster), kScots);
  EXPECT_EQ(supply(*s), (C3{7, 5, 4}));
  EXPECT_EQ(followers(*s, "lancaster"), (C3{0, 0, 0}));
  EXPECT_EQ(s->struggles(), 1);  // #1 face down
  EXPECT_EQ(s->instability(), 0);
  EXPECT_EQ(s->passes(), 0);
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_FALSE(s->is_terminal());
}

TEST(PowerStruggle, T2TieMakesRegionUnstable) {
  Position p = t1();
  p.open["lancaster"] = {2, 2, 0};
  p.supply = {5, 3, 4};
  auto s = load(p);
  ASSERT_TRUE(s);
  play(*s, "pass");
  play(*s, "pass");
  EXPECT_EQ(s->status(region(*s, "lancaster")), kUnstable);
  EXPECT_EQ(s->instability(), 1);
  EXPECT_EQ(supply(*s), (C3{7, 5, 4}));
  EXPECT_EQ(s->struggles(), 1);
  EXPECT_EQ(s->current_player(), 0);
}

TEST(Invasion, T3EmptyRegionThirdInstabilityMostRecentPlayWins) {
  Position p;
  p.players = 3;
  p.log = {{"moray", "scots"},
           {"essex", "unstable"},
           {"gwynedd", "welsh"},
           {"warwick", "unstable"},
           {"strathclyde", "english"}};
  p.up = {"devon", "lancaster", "northumbria"};
  p.open = {{"devon", {0, 0, 0}}, {"lancaster", {1, 2, 0}}, {"northumbria", {2, 0, 1}}};
  p.supply = {5, 11, 11};
  p.seats = {{{2, 2, 3}, 5, 14}, {{3, 2, 2}, 5, 13}, {{5, 1, 1}, 5, 15}};
  auto s = load(p);
  ASSERT_TRUE(s);
  play(*s, "pass");
  play(*s, "pass");
  play(*s, "pass");
  EXPECT_EQ(s->status(region(*s, "devon")), kUnstable);
  EXPECT_EQ(s->instability(), 3);
  EXPECT_TRUE(s->is_terminal());
  EXPECT_TRUE(s->invasion());
  EXPECT_TRUE(s->is_open(region(*s, "lancaster")));
  EXPECT_TRUE(s->is_open(region(*s, "northumbria")));
  EXPECT_EQ(s->winners(), std::vector<int>{0});
  EXPECT_EQ(s->returns(), (std::vector<double>{1, -1, -1}));
  // The verdict shows the numbers compared and the deciding step.
  const json why = s->view(kSpectator)["verdict"];
  EXPECT_EQ(why["end"], "invasion");
  EXPECT_EQ(why["sets"], json({2, 2, 1}));
  EXPECT_EQ(why["last_play"], json({14, 13, 15}));
  EXPECT_EQ(why["decided_by"], "most_recent_play");
  EXPECT_NE(s->to_text(0).find("Tied on sets: decided by the most recent card play"),
            std::string::npos);
}

Position t4() {
  Position p;
  p.players = 2;
  p.log = {{"moray", "scots"},         {"gwynedd", "welsh"}, {"essex", "english"},
           {"strathclyde", "scots"},   {"devon", "welsh"},   {"lancaster", "scots"},
           {"northumbria", "unstable"}};
  p.up = {"warwick"};
  p.open = {{"warwick", {0, 2, 1}}};
  p.supply = {13, 8, 10};
  p.seats = {{{1, 3, 4}, 6, 10}, {{2, 3, 1}, 4, 9}};
  return p;
}

TEST(Coronation, T4FactionTieByMostRecentWinThenSecondFaction) {
  auto s = load(t4());
  ASSERT_TRUE(s);
  play(*s, "pass");
  play(*s, "pass");
  EXPECT_EQ(s->status(region(*s, "warwick")), kWelsh);
  EXPECT_EQ(supply(*s), (C3{13, 10, 11}));
  EXPECT_EQ(s->struggles(), 8);
  EXPECT_EQ(s->instability(), 1);
  EXPECT_TRUE(s->is_terminal());
  EXPECT_FALSE(s->invasion());
  EXPECT_EQ(s->faction_ranking(), (std::array<int, 2>{kWelsh, kScots}));
  EXPECT_EQ(s->winners(), std::vector<int>{1});
  const json why = s->verdict();
  EXPECT_EQ(why["first"], "welsh");
  EXPECT_EQ(why["second"], "scots");
  EXPECT_EQ(why["first_counts"], json({3, 3}));
  EXPECT_EQ(why["second_counts"], json({1, 2}));
  EXPECT_EQ(why["tied"], json({0, 1}));
  EXPECT_EQ(why["decided_by"], "second_faction");
  EXPECT_NE(s->to_text(1).find("Decided by the second faction"), std::string::npos);
}

Position t5() {
  Position p;
  p.players = 2;
  p.phase = "ended";
  p.log = {{"essex", "english"},        {"warwick", "english"},     {"gwynedd", "welsh"},
           {"moray", "scots"},          {"devon", "english"},       {"lancaster", "welsh"},
           {"northumbria", "unstable"}, {"strathclyde", "unstable"}};
  p.supply = {7, 12, 10};
  p.seats = {{{5, 2, 3}, 8, 14}, {{4, 2, 3}, 7, 15}};
  return p;
}

TEST(Coronation, T5FirstToEmptyTheHandWins) {
  auto s = load(t5());
  ASSERT_TRUE(s);
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->faction_ranking(), (std::array<int, 2>{kEnglish, kWelsh}));
  EXPECT_EQ(s->winners(), std::vector<int>{0});
  EXPECT_EQ(s->verdict()["decided_by"], "first_to_empty_hand");
  EXPECT_EQ(s->verdict()["regions"], json({{"scots", 1}, {"welsh", 2}, {"english", 3}}));
  // Variant: B also emptied its hand, later (seq 16).
  Position v = t5();
  v.seats[1] = {{5, 2, 3}, 8, 16};
  v.supply = {6, 12, 10};
  auto s2 = load(v);
  ASSERT_TRUE(s2);
  EXPECT_EQ(s2->winners(), std::vector<int>{0});
}

Position t6() {
  Position p;
  p.players = 3;
  p.up = kT1Track;
  p.open = {{"moray", {3, 1, 0}},     {"strathclyde", {1, 1, 2}}, {"northumbria", {1, 1, 2}},
            {"lancaster", {0, 2, 2}}, {"gwynedd", {1, 3, 0}},     {"warwick", {2, 1, 1}},
            {"essex", {1, 0, 3}},     {"devon", {1, 2, 1}}};
  p.supply = {6, 6, 4};
  p.seats = {{{1, 1, 0}}, {{0, 0, 2}}, {{1, 0, 1}}};
  return p;
}

std::vector<std::string> support_targets(const KidState& s, const std::string& card) {
  auto c = s.clone();
  auto& k = static_cast<KidState&>(*c);
  play(k, "play " + card);
  std::vector<std::string> out;
  for (Action a : k.legal_actions())
    out.push_back(k.board().region_id[static_cast<size_t>(a - kRegionBase)]);
  std::sort(out.begin(), out.end());
  return out;
}

TEST(SupportCards, T6TargetsAtGameStart) {
  auto s = load(t6());
  ASSERT_TRUE(s);
  using V = std::vector<std::string>;
  EXPECT_EQ(support_targets(*s, "scottish_support"), (V{"strathclyde"}));
  EXPECT_EQ(support_targets(*s, "welsh_support"), (V{"devon", "lancaster", "warwick"}));
  EXPECT_EQ(support_targets(*s, "english_support"), (V{"devon", "northumbria", "warwick"}));
  play(*s, "play scottish_support");
  EXPECT_FALSE(legal(*s, "region moray"));
  EXPECT_FALSE(legal(*s, "region lancaster"));
  play(*s, "region strathclyde");
  EXPECT_EQ(followers(*s, "strathclyde"), (C3{3, 1, 2}));
  EXPECT_EQ(supply(*s), (C3{4, 6, 4}));
  EXPECT_EQ(s->phase(), Phase::kSummon);
  EXPECT_EQ(s->current_player(), 0);
  play(*s, "follower gwynedd welsh");
  EXPECT_EQ(followers(*s, "gwynedd"), (C3{1, 2, 0}));
  EXPECT_EQ(court(*s, 0), (C3{1, 2, 0}));
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(s->passes(), 0);
  // Variant: one Scot in the supply, one placed.
  Position v = t6();
  v.open["warwick"] = {7, 1, 1};
  v.supply = {1, 6, 4};
  auto s2 = load(v);
  ASSERT_TRUE(s2);
  play(*s2, "play scottish_support");
  play(*s2, "region strathclyde");
  EXPECT_EQ(followers(*s2, "strathclyde"), (C3{2, 1, 2}));
  EXPECT_EQ(supply(*s2), (C3{0, 6, 4}));
}

TEST(SupportCards, T7TargetsAfterTheHomeWasLost) {
  Position p;
  p.players = 3;
  p.log = {{"moray", "english"}, {"devon", "scots"}, {"essex", "english"}};
  p.up = {"strathclyde", "northumbria", "lancaster", "gwynedd", "warwick"};
  p.open = {{"strathclyde", {1, 1, 1}},
            {"northumbria", {2, 1, 1}},
            {"lancaster", {1, 2, 1}},
            {"gwynedd", {0, 3, 1}},
            {"warwick", {2, 1, 2}}};
  p.supply = {6, 6, 7};
  p.seats = {{{2, 1, 2}, 3, 7}, {{1, 2, 2}, 3, 8}, {{3, 1, 1}, 3, 9}};
  // Support cards are played first by helper order; give explicit hands.
  p.seats[0].hand = {"scottish_support", "welsh_support", "english_support", "outmanoeuvre",
                     "assemble"};
  p.seats[0].discard = {};
  auto s = load(p);
  ASSERT_TRUE(s);
  using V = std::vector<std::string>;
  EXPECT_EQ(support_targets(*s, "scottish_support"), (V{"gwynedd", "warwick"}));
  EXPECT_EQ(support_targets(*s, "welsh_support"), (V{"lancaster", "warwick"}));
  EXPECT_EQ(support_targets(*s, "english_support"), (V{"northumbria", "strathclyde", "warwick"}));
}

Position t8() {
  Position p;
  p.players = 2;
  p.log = {{"moray", "scots"},
           {"strathclyde", "unstable"},
           {"northumbria", "english"},
           {"gwynedd", "welsh"},
           {"devon", "welsh"}};
  p.up = {"lancaster", "warwick", "essex"};
  p.open = {{"lancaster", {1, 0, 0}}, {"warwick", {0, 1, 0}}, {"essex", {0, 0, 2}}};
  p.supply = {10, 10, 8};
  p.seats = {{{3, 2, 3}, 6, 11}, {{2, 3, 3}, 6, 12}};
  p.seats[0].hand = {"outmanoeuvre", "assemble"};
  return p;
}

TEST(Outmanoeuvre, T8OneForTwoWhenPossibleAnywhere) {
  auto s = load(t8());
  ASSERT_TRUE(s);
  play(*s, "play outmanoeuvre");
  EXPECT_EQ(s->legal_actions(),
            (std::vector<Action>{follower_action(region(*s, "warwick"), kWelsh)}));
  play(*s, "follower warwick welsh");
  EXPECT_EQ(s->legal_actions(),
            (std::vector<Action>{follower_action(region(*s, "essex"), kEnglish)}));
  play(*s, "follower essex english");
  play(*s, "follower essex english");
  EXPECT_EQ(followers(*s, "warwick"), (C3{0, 0, 2}));
  EXPECT_EQ(followers(*s, "essex"), (C3{0, 1, 0}));
  EXPECT_EQ(s->phase(), Phase::kSummon);
  // Variant: no 1-for-2 exists; the 1-for-1 swaps between bordering regions.
  Position v = t8();
  v.open["essex"] = {0, 0, 1};
  v.supply = {10, 10, 9};
  auto s2 = load(v);
  ASSERT_TRUE(s2);
  play(*s2, "play outmanoeuvre");
  EXPECT_TRUE(legal(*s2, "follower lancaster scots"));
  EXPECT_TRUE(legal(*s2, "follower warwick welsh"));
  EXPECT_FALSE(legal(*s2, "follower essex english"));  // essex is the higher region of its pair
  play(*s2, "follower lancaster scots");
  EXPECT_EQ(s2->legal_actions(),
            (std::vector<Action>{follower_action(region(*s2, "warwick"), kWelsh)}));
  auto s3 = s2->clone();
  auto& k3 = static_cast<KidState&>(*s3);
  play(k3, "follower warwick welsh");
  EXPECT_EQ(followers(k3, "lancaster"), (C3{0, 1, 0}));
  EXPECT_EQ(followers(k3, "warwick"), (C3{1, 0, 0}));
  // Warwick <-> Essex is the other legal 1-for-1.
  auto s4 = load(v);
  play(*s4, "play outmanoeuvre");
  play(*s4, "follower warwick welsh");
  play(*s4, "follower essex english");
  EXPECT_EQ(followers(*s4, "warwick"), (C3{0, 0, 1}));
  EXPECT_EQ(followers(*s4, "essex"), (C3{0, 1, 0}));
}

Position t9() {
  Position p;
  p.players = 3;
  p.up = kT1Track;
  p.open = {{"moray", {2, 1, 1}},     {"strathclyde", {1, 2, 1}}, {"northumbria", {1, 1, 2}},
            {"lancaster", {2, 0, 1}}, {"gwynedd", {1, 2, 1}},     {"warwick", {1, 1, 2}},
            {"essex", {1, 1, 2}},     {"devon", {0, 2, 1}}};
  p.supply = {7, 5, 4};
  p.seats = {{{1, 1, 0}}, {{1, 1, 1}, 1, 1}, {{0, 1, 2}, 1, 2}};
  return p;
}

TEST(NoImmediateUndo, T9ManoeuvreCannotBeReversedUntilAnotherCard) {
  auto s = load(t9());
  ASSERT_TRUE(s);
  play(*s, "play manoeuvre");
  play(*s, "follower lancaster scots");
  play(*s, "follower devon welsh");
  EXPECT_EQ(followers(*s, "lancaster"), (C3{1, 1, 1}));
  EXPECT_EQ(followers(*s, "devon"), (C3{1, 1, 1}));
  play(*s, "follower northumbria english");
  EXPECT_EQ(followers(*s, "northumbria"), (C3{1, 1, 1}));
  EXPECT_EQ(court(*s, 0), (C3{1, 1, 1}));
  EXPECT_EQ(s->seq(), 3);
  ASSERT_EQ(s->current_player(), 1);
  {
    auto b = s->clone();
    auto& k = static_cast<KidState&>(*b);
    play(k, "play manoeuvre");
    play(k, "follower lancaster welsh");
    EXPECT_FALSE(legal(k, "follower devon scots")) << "exact reversal";
  }
  {
    auto b = s->clone();
    auto& k = static_cast<KidState&>(*b);
    play(k, "play manoeuvre");
    play(k, "follower lancaster english");
    EXPECT_TRUE(legal(k, "follower devon scots"));
  }
  {
    auto b = s->clone();
    auto& k = static_cast<KidState&>(*b);
    play(k, "play manoeuvre");
    play(k, "follower lancaster scots");
    EXPECT_TRUE(legal(k, "follower devon welsh")) << "a repeat is not a reversal";
  }
  // 2a: a pass does not clear the restriction.
  {
    auto b = s->clone();
    auto& k = static_cast<KidState&>(*b);
    play(k, "pass");
    play(k, "play manoeuvre");
    play(k, "follower lancaster welsh");
    EXPECT_FALSE(legal(k, "follower devon scots"));
  }
  // 2b: another card in between clears it.
  {
    auto b = s->clone();
    auto& k = static_cast<KidState&>(*b);
    play(k, "play assemble");
    play(k, "follower moray scots");
    play(k, "follower moray welsh");
    play(k, "follower moray english");
    play(k, "follower moray scots");  // B's summon
    EXPECT_EQ(k.seq(), 4);
    play(k, "play manoeuvre");
    play(k, "follower lancaster welsh");
    EXPECT_TRUE(legal(k, "follower devon scots"));
  }
}

Position t10() {
  Position p;
  p.players = 3;
  p.log = {{"moray", "scots"}, {"essex", "unstable"}};
  p.up = {"devon", "warwick", "lancaster", "gwynedd", "strathclyde", "northumbria"};
  for (const auto& r : p.up) p.open[r] = {1, 1, 1};
  p.locked_spaces = {4};
  p.supply = {10, 10, 10};
  p.seats = {{{1, 1, 0}}, {{0, 1, 1}}, {{1, 0, 1}}};
  return p;
}

TEST(Negotiate, T10SwapAndDisc) {
  auto s = load(t10());
  ASSERT_TRUE(s);
  play(*s, "play negotiate");
  EXPECT_FALSE(legal(*s, "space 1"));
  EXPECT_FALSE(legal(*s, "space 2"));
  EXPECT_FALSE(legal(*s, "space 4"));
  play(*s, "space 3");
  EXPECT_FALSE(legal(*s, "space 4"));
  play(*s, "space 7");
  EXPECT_TRUE(legal(*s, "space 7"));
  EXPECT_FALSE(legal(*s, "space 5")) << "the disc goes on one of the two cards swapped";
  play(*s, "space 3");
  EXPECT_EQ(s->track(2), region(*s, "strathclyde"));
  EXPECT_TRUE(s->locked(2));
  EXPECT_EQ(s->track(6), region(*s, "devon"));
  EXPECT_FALSE(s->locked(6));
  EXPECT_EQ(followers(*s, "devon"), (C3{1, 1, 1}));
  EXPECT_EQ(s->phase(), Phase::kSummon);
  // The next struggle is Strathclyde.
  play(*s, "follower devon scots");
  for (int i = 0; i < 3; ++i) play(*s, "pass");
  EXPECT_NE(s->status(region(*s, "strathclyde")), kOpen);
  EXPECT_TRUE(s->is_open(region(*s, "devon")));
}

TEST(Negotiate, T10NoEffectWithOneEligibleCard) {
  Position p;
  p.players = 3;
  p.log = {{"moray", "scots"},   {"essex", "unstable"},    {"devon", "welsh"},
           {"warwick", "scots"}, {"lancaster", "english"}, {"gwynedd", "welsh"}};
  p.up = {"strathclyde", "northumbria"};
  p.open = {{"strathclyde", {1, 1, 1}}, {"northumbria", {1, 1, 1}}};
  p.locked_spaces = {7};
  p.supply = {14, 14, 14};
  p.seats = {{{1, 1, 0}}, {{0, 1, 1}}, {{1, 0, 1}}};
  auto s = load(p);
  ASSERT_TRUE(s);
  play(*s, "play negotiate");
  EXPECT_EQ(s->phase(), Phase::kSummon) << "no effect: straight to the summon";
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(s->track(6), region(*s, "strathclyde"));
}

TEST(Assemble, T11DepletedSupply) {
  Position p;
  p.players = 2;
  p.log = {{"moray", "scots"}, {"strathclyde", "welsh"}, {"essex", "english"}};
  p.up = {"northumbria", "lancaster", "warwick", "devon", "gwynedd"};
  p.open = {{"northumbria", {3, 2, 2}},
            {"lancaster", {2, 2, 2}},
            {"warwick", {3, 1, 1}},
            {"devon", {2, 2, 1}},
            {"gwynedd", {1, 1, 2}}};
  p.supply = {0, 2, 1};
  p.seats = {{{3, 3, 3}, 7, 13}, {{2, 3, 4}, 7, 14}};
  p.seats[0].hand = {"assemble"};
  auto s = load(p);
  ASSERT_TRUE(s);
  play(*s, "play assemble");
  EXPECT_FALSE(legal(*s, "follower devon scots")) << "no Scot in the supply";
  EXPECT_FALSE(legal(*s, "follower moray welsh"));
  EXPECT_FALSE(legal(*s, "follower strathclyde welsh"));
  EXPECT_FALSE(legal(*s, "follower essex welsh"));
  {
    auto c = s->clone();
    auto& k = static_cast<KidState&>(*c);
    play(k, "follower devon welsh");
    EXPECT_EQ(k.phase(), Phase::kEffect) << "the English follower must be placed too";
    EXPECT_TRUE(legal(k, "follower lancaster english"));
  }
  play(*s, "follower devon welsh");
  play(*s, "follower devon english");
  EXPECT_EQ(followers(*s, "devon"), (C3{2, 3, 2}));
  EXPECT_EQ(supply(*s), (C3{0, 1, 0}));
  EXPECT_EQ(s->player(0).hand_size(), 0);
  EXPECT_EQ(s->player(0).exhausted, s->seq());
  play(*s, "follower devon scots");
  EXPECT_EQ(s->current_player(), 1);
}

TEST(Invasion, T12ThirdInstabilityOnTheEighthStruggle) {
  Position p;
  p.players = 2;
  p.log = {{"moray", "scots"},          {"gwynedd", "welsh"}, {"essex", "english"},
           {"strathclyde", "unstable"}, {"devon", "welsh"},   {"lancaster", "scots"},
           {"northumbria", "unstable"}};
  p.up = {"warwick"};
  p.open = {{"warwick", {1, 1, 1}}};
  p.supply = {10, 9, 8};
  p.seats = {{{3, 4, 2}, 7, 13}, {{2, 2, 5}, 7, 14}};
  auto s = load(p);
  ASSERT_TRUE(s);
  play(*s, "pass");
  play(*s, "pass");
  EXPECT_TRUE(s->is_terminal());
  EXPECT_TRUE(s->invasion());
  EXPECT_EQ(s->struggles(), 8);
  EXPECT_EQ(s->winners(), std::vector<int>{1});
  EXPECT_EQ(s->view(kSpectator)["end"], "invasion");
}

Position t13() {
  Position p;
  p.players = 3;
  p.advanced = true;
  p.phase = "ended";
  p.log = {{"moray", "scots"},         {"gwynedd", "welsh"},  {"essex", "english"},
           {"strathclyde", "scots"},   {"devon", "welsh"},    {"warwick", "unstable"},
           {"northumbria", "english"}, {"lancaster", "scots"}};
  p.supply = {9, 11, 10};
  p.seats = {{{3, 4, 0}, 5, 16}, {{4, 1, 3}, 6, 17}, {{2, 2, 5}, 7, 18}};
  p.seats[0].hand = {"plot", "assemble", "dispute"};
  p.seats[0].discard = {};
  return p;
}

TEST(Coronation, T13PlotWinsTheTieBeforeTheSecondFaction) {
  auto s = load(t13());
  ASSERT_TRUE(s);
  EXPECT_EQ(s->faction_ranking(), (std::array<int, 2>{kScots, kEnglish}));
  EXPECT_EQ(s->winners(), std::vector<int>{0});
  EXPECT_EQ(s->verdict()["decided_by"], "plot");
  EXPECT_EQ(s->verdict()["plot"], json({0}));
  // The Plot is revealed at the end: every seat sees it.
  const json v = s->view(1);
  EXPECT_NE(v["players"][0]["hand"].dump().find("plot"), std::string::npos);
  EXPECT_EQ(v["players"][0]["hidden_cards"], 1);  // dispute stays hidden
  Position var = t13();
  var.seats[0].court = {2, 5, 0};
  var.supply = {10, 10, 10};
  auto s2 = load(var);
  ASSERT_TRUE(s2);
  EXPECT_EQ(s2->winners(), std::vector<int>{1});
}

TEST(TeamGame, T14InvasionWithCombinedCourts) {
  Position p;
  p.players = 4;
  p.log = {{"devon", "unstable"}, {"moray", "scots"}, {"essex", "unstable"}};
  p.up = {"warwick", "strathclyde", "northumbria", "lancaster", "gwynedd"};
  p.open = {{"warwick", {1, 1, 0}},
            {"strathclyde", {1, 1, 2}},
            {"northumbria", {2, 1, 1}},
            {"lancaster", {1, 2, 1}},
            {"gwynedd", {0, 3, 1}}};
  p.supply = {7, 4, 7};
  p.seats = {{{3, 0, 1}, 2, 7}, {{2, 2, 2}, 4, 9}, {{0, 3, 2}, 3, 10}, {{1, 1, 1}, 1, 4}};
  p.current = 3;
  auto s = load(p);
  ASSERT_TRUE(s);
  for (int i = 0; i < 4; ++i) play(*s, "pass");
  EXPECT_EQ(s->status(region(*s, "warwick")), kUnstable);
  EXPECT_TRUE(s->is_terminal());
  EXPECT_TRUE(s->invasion());
  EXPECT_EQ(s->winners(), (std::vector<int>{0, 2}));
  EXPECT_EQ(s->returns(), (std::vector<double>{1, -1, 1, -1}));
  EXPECT_EQ(s->verdict()["by"], "team");
  EXPECT_EQ(s->verdict()["sets"], json({3, 3}));
  EXPECT_EQ(s->verdict()["decided_by"], "most_recent_play");
}

TEST(CunningCards, T15MusterMustUseARegionHoldingAScot) {
  Position p;
  p.players = 2;
  p.advanced = true;
  p.log = {{"moray", "welsh"}, {"northumbria", "scots"}, {"essex", "english"}};
  p.up = {"strathclyde", "lancaster", "warwick", "gwynedd", "devon"};
  p.open = {{"strathclyde", {0, 2, 1}},
            {"lancaster", {1, 1, 2}},
            {"warwick", {0, 1, 1}},
            {"gwynedd", {2, 1, 1}},
            {"devon", {1, 2, 0}}};
  p.supply = {9, 6, 8};
  p.seats = {{{2, 1, 1}, 2, 4}, {{1, 2, 2}, 3, 5}};
  p.seats[0].hand = {"muster"};
  p.seats[0].discard = {"assemble", "assemble"};
  auto s = load(p);
  ASSERT_TRUE(s);
  play(*s, "play muster");
  EXPECT_EQ(s->legal_actions(), (std::vector<Action>{kRegionBase + region(*s, "lancaster")}));
  play(*s, "region lancaster");
  {
    auto c = s->clone();
    auto& k = static_cast<KidState&>(*c);
    play(k, "faction scots");
    play(k, "faction scots");
    EXPECT_EQ(followers(k, "lancaster"), (C3{2, 1, 2}));
    EXPECT_EQ(supply(k), (C3{8, 6, 8}));
  }
  play(*s, "faction welsh");
  play(*s, "faction welsh");
  EXPECT_EQ(followers(*s, "lancaster"), (C3{0, 3, 2}));
  EXPECT_EQ(supply(*s), (C3{10, 4, 8}));
  EXPECT_EQ(s->phase(), Phase::kSummon);
}

}  // namespace
}  // namespace meeple::king_is_dead::test
