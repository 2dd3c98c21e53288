// The shared map and the edition's data are loaded and checked strictly
// (risk_classic.md §3, §2, §5.4, §8.3).
#include "games/risk/map.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

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
