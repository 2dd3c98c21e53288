// The browser's board for The King is Dead (web/boards/king-is-dead-layout.json)
// carries copies of the board's facts, because the server serves only web/:
// region ids, names, factions and the 13 borders. These tests keep the copy
// equal to data/king_is_dead/board.json, the board the rules use.
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
using Border = std::pair<std::string, std::string>;

using meeple::testing::read_json;

Border border(const std::string& a, const std::string& b) {
  return a < b ? Border{a, b} : Border{b, a};
}

class KidLayout : public ::testing::Test {
 protected:
  json layout = read_json(MEEPLE_SOURCE_DIR "/web/boards/king-is-dead-layout.json");
  json board = read_json(MEEPLE_SOURCE_DIR "/data/king_is_dead/board.json");
};

TEST_F(KidLayout, ListsExactlyTheRegionsOfTheBoardWithTheirNames) {
  std::map<std::string, std::string> want, got;
  for (const auto& r : board["regions"]) want[r["id"]] = r["name"];
  for (const auto& r : layout["regions"]) {
    EXPECT_FALSE(got.count(r["id"])) << "listed twice: " << r["id"];
    got[r["id"]] = r["name"];
  }
  EXPECT_EQ(got.size(), 8u);
  EXPECT_EQ(got, want);
}

// The view's per-region arrays (last_effect.delta) follow the board's order.
TEST_F(KidLayout, RegionsAreInTheBoardsOrder) {
  ASSERT_EQ(layout["regions"].size(), board["regions"].size());
  for (size_t i = 0; i < board["regions"].size(); ++i)
    EXPECT_EQ(layout["regions"][i]["id"], board["regions"][i]["id"]) << "region " << i;
}

TEST_F(KidLayout, ListsExactlyTheBordersOfTheBoard) {
  std::set<Border> want, got;
  for (const auto& r : board["regions"])
    for (const auto& b : r["borders"]) want.insert(border(r["id"], b));
  for (const auto& b : layout["borders"]) {
    ASSERT_EQ(b.size(), 2u);
    EXPECT_TRUE(got.insert(border(b[0], b[1])).second) << "listed twice: " << b.dump();
  }
  EXPECT_EQ(want.size(), 13u);  // §3.2
  EXPECT_EQ(got, want);
}

TEST_F(KidLayout, FactionsTheirColoursAndHomesMatchTheBoard) {
  EXPECT_EQ(layout["factions"], board["factions"]);
}

TEST_F(KidLayout, RegionsSitInsideTheViewBoxWithoutOverlapping) {
  const int w = layout["width"], h = layout["height"];
  const int rw = layout["region_width"], rh = layout["region_height"];
  const auto& rs = layout["regions"];
  for (const auto& r : rs) {
    const int x = r["x"], y = r["y"];
    EXPECT_TRUE(x - rw / 2 >= 0 && x + rw / 2 <= w && y - rh / 2 >= 0 && y + rh / 2 <= h)
        << r["id"] << " is off the board";
  }
  for (size_t i = 0; i < rs.size(); ++i)
    for (size_t j = i + 1; j < rs.size(); ++j) {
      const int dx = std::abs(rs[i]["x"].get<int>() - rs[j]["x"].get<int>());
      const int dy = std::abs(rs[i]["y"].get<int>() - rs[j]["y"].get<int>());
      EXPECT_TRUE(dx >= rw + 4 || dy >= rh + 4)
          << rs[i]["id"] << " and " << rs[j]["id"] << " overlap";
    }
}

}  // namespace
