// The browser's Risk map (web/boards/risk-layout.json) carries copies of the
// board's facts because the server serves only web/: territory ids, names,
// continents, bonuses and the 83 links. These tests keep the copy equal to
// data/risk/map.json, the board the rules use, so the two cannot drift.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>

#include "tests/common/json_file.h"

namespace {

using json = nlohmann::json;
using Link = std::pair<std::string, std::string>;

using meeple::testing::read_json;

Link link(const std::string& a, const std::string& b) {
  return a < b ? Link{a, b} : Link{b, a};
}

class RiskLayout : public ::testing::Test {
 protected:
  json layout = read_json(MEEPLE_SOURCE_DIR "/web/boards/risk-layout.json");
  json map = read_json(MEEPLE_SOURCE_DIR "/data/risk/map.json");
};

TEST_F(RiskLayout, ListsExactlyTheTerritoriesOfTheMapWithTheirNamesAndContinents) {
  std::map<std::string, std::pair<std::string, std::string>> want, got;
  for (const auto& t : map["territories"]) want[t["id"]] = {t["name"], t["continent"]};
  for (const auto& t : layout["territories"]) {
    EXPECT_FALSE(got.count(t["id"])) << "listed twice: " << t["id"];
    got[t["id"]] = {t["name"], t["continent"]};
  }
  EXPECT_EQ(got.size(), 42u);
  EXPECT_EQ(got, want);
}

TEST_F(RiskLayout, ListsExactlyTheLinksOfTheMap) {
  std::set<Link> want, got;
  for (const auto& t : map["territories"])
    for (const auto& a : t["adjacent"]) want.insert(link(t["id"], a));
  for (const auto& l : layout["links"]) {
    ASSERT_EQ(l.size(), 2u);
    EXPECT_TRUE(got.insert(link(l[0], l[1])).second) << "listed twice: " << l.dump();
  }
  EXPECT_EQ(want.size(), 83u);
  EXPECT_EQ(got, want);
  // A link drawn around the edge of the map must be one of the links.
  for (const auto& l : layout["wrap"]) EXPECT_TRUE(want.count(link(l[0], l[1]))) << l.dump();
}

TEST_F(RiskLayout, ContinentsAndBonusesMatchTheMap) {
  std::map<std::string, int> want, got;
  for (const auto& c : map["continents"]) want[c["id"]] = c["bonus"];
  for (const auto& c : layout["continents"]) got[c["id"]] = c["bonus"];
  EXPECT_EQ(got, want);
}

TEST_F(RiskLayout, EveryTerritorySitsInsideTheViewBoxAndNoTwoOverlap) {
  const int w = layout["width"], h = layout["height"];
  const auto& ts = layout["territories"];
  for (const auto& t : ts) {
    const int x = t["x"], y = t["y"];
    EXPECT_TRUE(x >= 20 && x <= w - 20 && y >= 20 && y <= h - 20) << t["id"] << " is off the map";
  }
  // Badges have radius 16 (risk.js): centres closer than 40 would collide.
  for (size_t i = 0; i < ts.size(); ++i)
    for (size_t j = i + 1; j < ts.size(); ++j) {
      const int dx = ts[i]["x"].get<int>() - ts[j]["x"].get<int>();
      const int dy = ts[i]["y"].get<int>() - ts[j]["y"].get<int>();
      EXPECT_GE(dx * dx + dy * dy, 40 * 40) << ts[i]["id"] << " and " << ts[j]["id"];
    }
}

}  // namespace
