// The shared map and the edition's data are loaded and checked strictly
// (risk_classic.md §3, §2, §5.4, §8.3).
#include "games/risk/map.h"

#include <gtest/gtest.h>

#include <array>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/data_files.h"
#include "games/risk/cards.h"
#include "tests/games/risk/risk_data.h"

namespace meeple::risk {
namespace {

TEST(RiskMap, Has42TerritoriesAnd83SymmetricLinks) {
  const Map& m = world_map();
  EXPECT_EQ(m.num_links(), 83);
  int degree_sum = 0;
  for (Territory a = 0; a < kNumTerritories; ++a) {
    degree_sum += static_cast<int>(m.territory(a).adjacent.size());
    for (Territory b = 0; b < kNumTerritories; ++b) EXPECT_EQ(m.adjacent(a, b), m.adjacent(b, a));
  }
  EXPECT_EQ(degree_sum, 166);
  EXPECT_EQ(m.territory(0).id, "alaska");
  EXPECT_EQ(m.territory(41).id, "eastern_australia");
  EXPECT_TRUE(m.adjacent(m.find("iceland"), m.find("scandinavia")));  // R3
  EXPECT_TRUE(m.adjacent(m.find("brazil"), m.find("north_africa")));
  EXPECT_EQ(m.find("North Africa"), m.find("north_africa"));
}

TEST(RiskMap, ContinentCountsAndBonusesAsTheSpecLists) {
  const Map& m = world_map();
  const int counts[] = {9, 4, 7, 6, 12, 4};
  const int bonus[] = {5, 2, 5, 3, 7, 2};  // R1
  for (int c = 0; c < kNumContinents; ++c) {
    EXPECT_EQ(static_cast<int>(m.continent(c).territories.size()), counts[c]) << m.continent(c).id;
    EXPECT_EQ(m.continent(c).bonus, bonus[c]) << m.continent(c).id;
  }
}

TEST(RiskMap, LoaderRejectsOneWayLinkAndUnknownNeighbour) {
  auto text = read_data_file("risk/map.json");
  ASSERT_TRUE(text.is_ok());
  auto doc = nlohmann::json::parse(*text);
  auto broken = doc;
  auto& adj = broken["territories"][0]["adjacent"];  // alaska
  adj.erase(adj.begin());                            // drop alaska -> northwest_territory
  auto r = Map::parse(broken.dump());
  ASSERT_FALSE(r.is_ok());
  EXPECT_NE(r.status().message().find("not symmetric"), std::string::npos) << r.status().message();
  broken = doc;
  broken["territories"][0]["adjacent"].push_back("atlantis");
  r = Map::parse(broken.dump());
  ASSERT_FALSE(r.is_ok());
  EXPECT_NE(r.status().message().find("atlantis"), std::string::npos);
  broken = doc;
  broken["territories"].erase(broken["territories"].begin() + 41);
  EXPECT_FALSE(Map::parse(broken.dump()).is_ok());
  broken = doc;
  broken["continents"][0]["territories"] = 8;
  r = Map::parse(broken.dump());
  ASSERT_FALSE(r.is_ok());
  EXPECT_NE(r.status().message().find("north_america"), std::string::npos);
}

TEST(RiskCards, DeckHas44CardsFourteenOfEachSymbolAndTwoJokers) {
  const Edition& e = classic_edition();
  int n[4] = {};
  for (int c = 0; c < kNumCards; ++c) ++n[static_cast<int>(e.symbol[c])];
  EXPECT_EQ(n[0], 14);
  EXPECT_EQ(n[1], 14);
  EXPECT_EQ(n[2], 14);
  EXPECT_EQ(n[3], 2);
}

TEST(RiskCards, MissionDeckHas28CardsSevenPerRankWithGen1Confirmed) {
  const Edition& e = classic_edition();
  ASSERT_EQ(e.missions.size(), 28u);
  int confirmed = 0;
  for (const auto& m : e.missions) confirmed += m.confirmed;
  EXPECT_EQ(confirmed, 1);
  EXPECT_EQ(e.missions[21].id, "GEN1");
  EXPECT_TRUE(e.missions[21].confirmed);
  EXPECT_EQ(e.cavalry_track.front(), 4);
  EXPECT_EQ(e.cavalry_track.back(), 60);
  EXPECT_EQ(e.start_armies[3], 35);
  EXPECT_EQ(e.start_armies[6], 20);
}

// §5.9's engine constants (and §5.2, §8.1, §8.2, §11.3, §11.6) as loaded
// from data/risk/classic.json: the rules read them from there, not from code.
TEST(RiskCards, RuleConstantsComeFromTheDataFileWithTheSpecsValues) {
  const Edition& e = classic_edition();
  EXPECT_EQ(e.reinforcement_minimum, 3);    // MIN_REINFORCEMENT
  EXPECT_EQ(e.reinforcement_divisor, 3);    // floor(T / 3)
  EXPECT_EQ(e.mandatory_trade_at, 5);       // MANDATORY_TRADE_AT
  EXPECT_EQ(e.elimination_trade_above, 5);  // ELIM_FORCED_TRADE: hand > 5 ...
  EXPECT_EQ(e.elimination_trade_until, 4);  // ... until hand <= 4 (R16)
  EXPECT_EQ(e.bribe_cap, 6);                // BRIBE_CAP
  for (int face = 1; face <= 6; ++face)     // STATUS_ROLL_SHIFT_ON = {1, 2, 3, 4}
    EXPECT_EQ(e.status_shift[face], face <= 4) << "face " << face;
  EXPECT_EQ(e.cards_per_symbol, 14);
  EXPECT_EQ(e.missions_public_after, 3);
  EXPECT_EQ(e.fixed_values, (std::array<int, 4>{4, 6, 8, 10}));
  EXPECT_EQ(e.cavalry_track,
            (std::vector<int>{4, 6, 8, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60}));
  EXPECT_EQ(e.two_player_armies, 36);
  EXPECT_EQ(e.neutral_armies, 24);
  EXPECT_EQ(e.deal_player, 9);
  EXPECT_EQ(e.deal_neutral, 6);
  EXPECT_EQ(e.placement_own, 3);
}

// A player with the printed game corrects a value in the data file, not in
// code: the edited values load and are the ones the edition carries.
TEST(RiskCards, EditedRuleConstantsAreTheOnesLoaded) {
  auto text = read_data_file("risk/classic.json");
  ASSERT_TRUE(text.is_ok());
  auto doc = nlohmann::json::parse(*text);
  doc["reinforcement"]["minimum"] = 4;
  doc["reinforcement"]["divisor"] = 2;
  doc["trading"]["mandatory_at"] = 6;
  doc["trading"]["elimination_above"] = 6;
  doc["trading"]["elimination_until"] = 5;
  doc["active_neutrals"]["bribe_cap"] = 3;
  doc["active_neutrals"]["status_shift_faces"] = {1, 2, 3};
  doc["missions"]["reveal_last_after"] = 2;
  auto r = Edition::parse(doc.dump(), world_map());
  ASSERT_TRUE(r.is_ok()) << r.status().to_string();
  EXPECT_EQ(r->reinforcement_minimum, 4);
  EXPECT_EQ(r->reinforcement_divisor, 2);
  EXPECT_EQ(r->mandatory_trade_at, 6);
  EXPECT_EQ(r->elimination_trade_above, 6);
  EXPECT_EQ(r->elimination_trade_until, 5);
  EXPECT_EQ(r->bribe_cap, 3);
  EXPECT_FALSE(r->status_shift[4]);
  EXPECT_EQ(r->missions_public_after, 2);
}

TEST(RiskCards, EditionLoaderRejectsWrongCardCount) {
  auto text = read_data_file("risk/classic.json");
  ASSERT_TRUE(text.is_ok());
  auto doc = nlohmann::json::parse(*text);
  doc["cards"]["territory_symbols"]["alaska"] = "cavalry";  // 13 infantry, 15 cavalry
  auto r = Edition::parse(doc.dump(), world_map());
  ASSERT_FALSE(r.is_ok());
  EXPECT_NE(r.status().message().find("expected 14"), std::string::npos) << r.status().message();
}

}  // namespace
}  // namespace meeple::risk
