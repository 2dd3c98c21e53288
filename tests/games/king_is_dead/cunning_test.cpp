// The Cunning Action cards (shared/rules/king_is_dead.md §10), Plot's
// exclusion from play, and the skipped summon (R5): each card's legal steps
// and its exact effect on a set position.
#include <gtest/gtest.h>

#include "kid_helpers.h"

namespace meeple::king_is_dead::test {
namespace {

// T1's board, advanced game; A holds `card` (and has played one Assemble),
// B has played `b_card`.
Position base(const std::string& card, const std::string& b_card = "assemble") {
  Position p = opening();
  p.advanced = true;
  p.seats = {{{1, 1, 0}, 1, 1}, {{0, 1, 1}, 1, 2}};
  p.seats[0].hand = {card};
  p.seats[0].discard = {"assemble"};
  p.seats[1].hand = {};
  p.seats[1].discard = {b_card};
  return p;
}

std::vector<std::string> texts(const KidState& s) {
  std::vector<std::string> out;
  for (Action a : s.legal_actions()) out.push_back(s.action_to_string(a));
  return out;
}

TEST(CunningCards, AmbushPlacesTwoScotsThenReturnsOne) {
  auto s = load(base("ambush"));
  ASSERT_TRUE(s);
  play(*s, "play ambush");
  EXPECT_EQ(s->legal_actions().size(), 8u);  // any open region
  play(*s, "region devon");
  EXPECT_EQ(texts(*s), (std::vector<std::string>{"follower devon scots", "follower devon welsh"}));
  play(*s, "follower devon welsh");
  EXPECT_EQ(followers(*s, "devon"), (C3{4, 1, 0}));
  EXPECT_EQ(supply(*s), (C3{3, 5, 3}));
}

TEST(CunningCards, AmbushWithoutScotsMustReturnFromANonEmptyRegion) {
  Position p = base("ambush");
  p.open["devon"] = {0, 0, 0};
  p.open["moray"] = {10, 0, 1};
  p.supply = {0, 6, 3};
  auto s = load(p);
  ASSERT_TRUE(s);
  play(*s, "play ambush");
  EXPECT_FALSE(legal(*s, "region devon")) << "R16: an empty region returns nothing";
  play(*s, "region moray");
  play(*s, "follower moray english");
  EXPECT_EQ(followers(*s, "moray"), (C3{10, 0, 0}));
}

TEST(CunningCards, MarchMovesTwoToABorderingRegion) {
  auto s = load(base("march"));
  ASSERT_TRUE(s);
  play(*s, "play march");
  play(*s, "follower moray scots");
  play(*s, "follower moray scots");
  EXPECT_EQ(texts(*s), (std::vector<std::string>{"region strathclyde"}));
  play(*s, "region strathclyde");
  EXPECT_EQ(followers(*s, "moray"), (C3{1, 0, 1}));
  EXPECT_EQ(followers(*s, "strathclyde"), (C3{3, 2, 1}));
}

TEST(CunningCards, AidPlacesTheFactionMostInTheSupply) {
  auto s = load(base("aid"));
  ASSERT_TRUE(s);
  play(*s, "play aid");
  EXPECT_EQ(texts(*s), (std::vector<std::string>{"faction scots"}));
  play(*s, "faction scots");
  play(*s, "region essex");
  EXPECT_EQ(followers(*s, "essex"), (C3{2, 1, 3}));
  EXPECT_EQ(supply(*s), (C3{3, 4, 3}));
}

TEST(CunningCards, InfluenceSwapsOneEnglishForTwoOthers) {
  auto s = load(base("influence"));
  ASSERT_TRUE(s);
  play(*s, "play influence");
  EXPECT_FALSE(legal(*s, "follower devon scots"));  // X gives an English follower
  play(*s, "follower essex english");
  EXPECT_FALSE(legal(*s, "follower essex welsh")) << "another region";
  EXPECT_FALSE(legal(*s, "follower strathclyde english")) << "non-English only";
  play(*s, "follower strathclyde scots");
  play(*s, "follower strathclyde welsh");
  EXPECT_EQ(followers(*s, "essex"), (C3{1, 2, 2}));
  EXPECT_EQ(followers(*s, "strathclyde"), (C3{0, 1, 2}));
}

TEST(CunningCards, DisputeSwapsAWelshForANonWelsh) {
  auto s = load(base("dispute"));
  ASSERT_TRUE(s);
  play(*s, "play dispute");
  EXPECT_FALSE(legal(*s, "follower moray scots"));
  play(*s, "follower devon welsh");
  EXPECT_FALSE(legal(*s, "follower gwynedd welsh"));
  play(*s, "follower northumbria english");
  EXPECT_EQ(followers(*s, "devon"), (C3{2, 1, 1}));
  EXPECT_EQ(followers(*s, "northumbria"), (C3{0, 2, 2}));
}

TEST(CunningCards, EdictTwoScotsForTwoNonScotsInABorderingRegion) {
  auto s = load(base("edict"));
  ASSERT_TRUE(s);
  play(*s, "play edict");
  EXPECT_FALSE(legal(*s, "follower strathclyde scots")) << "one Scot only: 2:2 exists elsewhere";
  play(*s, "follower moray scots");
  play(*s, "follower moray scots");
  // Two followers of one region are chosen in faction order (S, W, E).
  EXPECT_EQ(texts(*s), (std::vector<std::string>{"follower strathclyde welsh"}));
  play(*s, "follower strathclyde welsh");
  EXPECT_EQ(texts(*s), (std::vector<std::string>{"follower strathclyde welsh",
                                                 "follower strathclyde english"}));
  play(*s, "follower strathclyde english");
  EXPECT_EQ(followers(*s, "moray"), (C3{1, 1, 2}));
  EXPECT_EQ(followers(*s, "strathclyde"), (C3{3, 1, 0}));
}

TEST(CunningCards, ResistPlacesNonScotsNextToScottishTerritory) {
  auto s = load(base("resist"));
  ASSERT_TRUE(s);
  play(*s, "play resist");
  EXPECT_EQ(texts(*s), (std::vector<std::string>{"region strathclyde"}));
  play(*s, "region strathclyde");
  EXPECT_FALSE(legal(*s, "faction scots"));
  play(*s, "faction english");
  play(*s, "faction english");
  EXPECT_EQ(followers(*s, "strathclyde"), (C3{1, 2, 3}));
  EXPECT_EQ(supply(*s), (C3{5, 4, 1}));
}

TEST(CunningCards, QuellReturnsAWelshThenPlacesTwo) {
  auto s = load(base("quell"));
  ASSERT_TRUE(s);
  play(*s, "play quell");
  EXPECT_EQ(texts(*s),
            (std::vector<std::string>{"region lancaster", "region warwick", "region devon"}));
  play(*s, "region devon");
  play(*s, "faction scots");
  play(*s, "faction english");
  EXPECT_EQ(followers(*s, "devon"), (C3{3, 1, 1}));
  EXPECT_EQ(supply(*s), (C3{4, 5, 2}));
}

TEST(CunningCards, SuppressReturnsAnEnglishAndAnotherThenPlacesOne) {
  auto s = load(base("suppress"));
  ASSERT_TRUE(s);
  play(*s, "play suppress");
  EXPECT_EQ(texts(*s), (std::vector<std::string>{"region northumbria", "region warwick"}))
      << "Devon holds no English follower";
  play(*s, "region northumbria");
  play(*s, "follower northumbria welsh");
  play(*s, "faction scots");
  EXPECT_EQ(followers(*s, "northumbria"), (C3{1, 0, 2}));
  EXPECT_EQ(supply(*s), (C3{4, 5, 4}));
}

TEST(CunningCards, SpyCopiesAnotherPlayersTopDiscard) {
  auto s = load(base("spy", "manoeuvre"));
  ASSERT_TRUE(s);
  play(*s, "play spy");
  EXPECT_EQ(texts(*s), (std::vector<std::string>{"seat 1"}));
  play(*s, "seat 1");
  play(*s, "follower moray scots");
  play(*s, "follower devon welsh");
  EXPECT_EQ(followers(*s, "moray"), (C3{2, 1, 1}));
  EXPECT_EQ(followers(*s, "devon"), (C3{3, 1, 0}));
  EXPECT_EQ(s->player(0).discard.back(), kSpy);
  EXPECT_EQ(s->player(1).discard.back(), kManoeuvre);
  // The no-undo rule sees the copied card's type (§8.4).
  EXPECT_EQ(s->to_json()["last_effect"]["type"], "manoeuvre");
}

TEST(CunningCards, BetrayalSwapsACourtFollowerWithARegionFollower) {
  Position p = base("betrayal");
  p.betrayal = true;
  auto s = load(p);
  ASSERT_TRUE(s);
  play(*s, "play betrayal");
  EXPECT_EQ(texts(*s), (std::vector<std::string>{"faction scots", "faction welsh"}));
  play(*s, "faction scots");
  play(*s, "follower essex english");
  EXPECT_EQ(court(*s, 0), (C3{0, 1, 1}));
  EXPECT_EQ(followers(*s, "essex"), (C3{1, 1, 2}));
}

TEST(CunningCards, PlotIsNeverPlayed) {
  Position p = base("plot");
  p.seats[0].hand = {"plot"};
  p.seats[0].discard = {"negotiate", "manoeuvre", "outmanoeuvre", "assemble",
                        "assemble",  "spy",       "ambush"};
  p.seats[0].court = {3, 3, 3};
  p.seats[0].last_play = 7;
  p.seats[1].last_play = 8;
  p.supply = {0, 0, 0};
  p.open["essex"] = {0, 0, 0};  // 2 S, 1 W, 3 E... balanced below
  p.open["devon"] = {0, 0, 0};
  // Conservation: A's court took 2 Scots, 2 Welsh, 3 English; Essex and
  // Devon gave 2/3/3; the supply 5/4/3 gave the rest.
  p.open["moray"] = {3 + 5 - 2 + 2, 0 + 4 - 2 + 3 - 0, 1 + 3 - 3 + 3};
  auto s = load(p);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->legal_actions(), std::vector<Action>{kPass});
  EXPECT_EQ(s->player(0).exhausted, 7) << "R18: a hand of only Plot is empty";
}

TEST(Summon, SkippedWhenEveryOpenRegionIsEmpty) {
  Position p;
  p.players = 2;
  p.log = {{"moray", "scots"},        {"essex", "english"},      {"devon", "welsh"},
           {"warwick", "scots"},      {"lancaster", "unstable"}, {"gwynedd", "welsh"},
           {"strathclyde", "english"}};
  p.up = {"northumbria"};
  p.open = {{"northumbria", {0, 0, 0}}};
  p.supply = {15, 14, 15};
  p.seats = {{{1, 1, 0}}, {{0, 1, 1}}};
  auto s = load(p);
  ASSERT_TRUE(s);
  play(*s, "play negotiate");
  EXPECT_EQ(s->phase(), Phase::kAction);
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(court(*s, 0), (C3{1, 1, 0}));
}

}  // namespace
}  // namespace meeple::king_is_dead::test
