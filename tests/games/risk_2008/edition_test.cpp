// The 2008 edition's data (data/risk/2008.json) and its arithmetic:
// risk_2008.md §4 (cards, star chart), §6 (set-up tables), §7.1 (draft,
// scenarios T1-T4), §9 (objectives, T11, T12), and every kind of damage to
// the data file as a Status that names the field.
#include "games/risk_2008/edition.h"

#include <gtest/gtest.h>

#include <functional>
#include <nlohmann/json.hpp>

#include "core/data_files.h"
#include "games/risk_2008/objectives.h"
#include "tests/games/risk/risk_data.h"

namespace meeple::risk {
namespace {

using nlohmann::json;

const Edition2008& edition_2008() {
  auto e = shared_2008_edition();
  if (!e) {
    ADD_FAILURE() << e.status().to_string();
    std::abort();
  }
  return **e;
}

Territory at(const char* id) {
  const Territory t = world_map().find(id);
  EXPECT_GE(t, 0) << id;
  return t;
}

uint64_t mask(std::initializer_list<const char*> ids) {
  uint64_t m = 0;
  for (const char* id : ids) m |= uint64_t{1} << at(id);
  return m;
}

uint64_t continent(const char* id) {
  uint64_t m = 0;
  for (const Territory t : world_map().continent(world_map().find_continent(id)).territories)
    m |= uint64_t{1} << t;
  return m;
}

const Objective& objective(const char* id) {
  const int k = edition_2008().find_objective(id);
  EXPECT_GE(k, 0) << id;
  return edition_2008().objectives[k];
}

TEST(Risk2008Data, CardsCarryTheSpecsStars) {
  const Edition2008& e = edition_2008();
  int two = 0, total = 0;
  for (int t = 0; t < kNumTerritories; ++t) {
    two += e.stars[t] == 2;
    total += e.stars[t];
  }
  // §4.2: 12 two-star and 30 one-star cards, 54 stars (Ontario as 2, R19).
  EXPECT_EQ(two, 12);
  EXPECT_EQ(total, 54);
  EXPECT_EQ(e.stars[at("ontario")], 2);
  EXPECT_EQ(e.stars[at("japan")], 2);
  EXPECT_EQ(e.stars[at("peru")], 1);
  EXPECT_EQ(e.printed_name[at("ukraine")], "Russia");
  EXPECT_EQ(e.printed_name[at("alaska")], "");
  EXPECT_EQ(hand_stars(e, (uint64_t{1} << kNumTerritories) - 1), 54);
}

TEST(Risk2008Data, TheDataFileKeepsItsMarks) {
  // A player with the printed game corrects these in the file; the marks say
  // which values are uncertain (developers' guide, [UNVERIFIED] / [CONFLICT]).
  auto text = read_data_file("risk/2008.json");
  ASSERT_TRUE(text.is_ok());
  EXPECT_NE(text->find("[CONFLICT]"), std::string::npos);
  EXPECT_NE(text->find("[UNVERIFIED"), std::string::npos);
}

TEST(Risk2008Data, StarChartAndTradeLegality) {
  const Edition2008& e = edition_2008();
  const int chart[] = {0, 0, 2, 4, 7, 10, 13, 17, 21, 25, 30};
  for (int s = 0; s <= kMaxStars2008; ++s) EXPECT_EQ(e.star_chart[s], chart[s]) << s;
  // T4: six two-star cards.
  const uint64_t six =
      mask({"japan", "ural", "yakutsk", "irkutsk", "great_britain", "western_europe"});
  const uint64_t five = six & ~mask({"western_europe"});
  EXPECT_EQ(trade_troops(e, six, five), 30);  // (a) 10 stars
  EXPECT_EQ(trade_troops(e, six, six), -1);   // (b) 12 stars
  EXPECT_EQ(best_trade_stars(e, six), 10);
  const uint64_t iceland = mask({"iceland"});
  EXPECT_EQ(trade_troops(e, iceland, iceland), -1);  // (d) 1 star
  EXPECT_EQ(best_trade_stars(e, iceland), 0);
  const uint64_t two_cards = mask({"venezuela", "peru"});
  EXPECT_EQ(trade_troops(e, two_cards, two_cards), 4);  // (e) 3 stars
  // A card not in the hand, and an empty trade, are not trades.
  EXPECT_EQ(trade_troops(e, two_cards, mask({"japan"})), -1);
  EXPECT_EQ(trade_troops(e, two_cards, 0), -1);
  // Only two-star cards: an odd total cannot be made, the best is even.
  EXPECT_EQ(best_trade_stars(e, mask({"japan", "ural", "yakutsk"})), 6);
  // Eleven one-star cards and more: 10 is the most.
  uint64_t ones = 0;
  for (int t = 0; t < kNumTerritories && __builtin_popcountll(ones) < 11; ++t)
    if (e.stars[t] == 1) ones |= uint64_t{1} << t;
  EXPECT_EQ(best_trade_stars(e, ones), 10);
  EXPECT_EQ(trade_troops(e, ones, ones), -1);
}

TEST(Risk2008Data, DraftScenarios) {
  const Edition2008& e = edition_2008();
  const Map& map = world_map();
  // T1: 10 territories, 3 of them cities, own capital: 4 + 1.
  const uint64_t t1 = mask({"alaska", "northwest_territory", "alberta", "ontario", "greenland",
                            "iceland", "great_britain", "western_europe", "egypt", "india"});
  EXPECT_EQ(draft_troops(e, {10, 3, continent_bonus(map, t1), 1, 0, false}), 5);
  // T2: 5 territories, Australia, own capital: 3 (not 1) + 2 + 1.
  const uint64_t t2 = continent("australia") | mask({"siam"});
  EXPECT_EQ(continent_bonus(map, t2), 2);
  EXPECT_EQ(draft_troops(e, {5, 0, continent_bonus(map, t2), 1, 0, false}), 6);
  // T3: Europe and Africa, 17 territories, 3 cities, 2 capitals, a 4-star
  // trade and Bonus Troops: 6 + 8 + 2 + 7 + 2.
  const uint64_t t3 = continent("europe") | continent("africa") |
                      mask({"brazil", "venezuela", "middle_east", "india"});
  ASSERT_EQ(__builtin_popcountll(t3), 17);
  const uint64_t hand = mask({"japan", "peru", "iceland"});
  EXPECT_EQ(
      draft_troops(e, {17, 3, continent_bonus(map, t3), 2, trade_troops(e, hand, hand), true}), 25);
  // The edges: no territory or city at all still drafts the minimum; the
  // minimum is not added to, it is a floor of the first part only.
  EXPECT_EQ(draft_troops(e, {0, 0, 0, 0, 0, false}), 3);
  EXPECT_EQ(draft_troops(e, {8, 0, 0, 0, 0, false}), 3);
  EXPECT_EQ(draft_troops(e, {9, 0, 0, 0, 0, false}), 3);
  EXPECT_EQ(draft_troops(e, {11, 1, 0, 0, 0, false}), 4);
  EXPECT_EQ(draft_troops(e, {42, 15, 24, 5, 30, true}), 19 + 24 + 5 + 30 + 2);
}

TEST(Risk2008Data, ObjectivesInOneTurnUseTheTurnsStart) {
  const Map& map = world_map();
  // T11: 12 territories at the start; (a) 10 conquered, (b) 9.
  uint64_t own0 = 0;
  for (int t = 0; t < 12; ++t) own0 |= uint64_t{1} << t;
  uint64_t own = own0;
  for (int t = 12; t < 22; ++t) own |= uint64_t{1} << t;
  EXPECT_TRUE(objective_holds(objective("J1"), map, {own, own0, 0, 0}));
  EXPECT_TRUE(objective_holds(objective("J3"), map, {own, own0, 0, 0}));
  own &= ~(uint64_t{1} << 21);
  EXPECT_FALSE(objective_holds(objective("J1"), map, {own, own0, 0, 0}));
  EXPECT_TRUE(objective_holds(objective("J3"), map, {own, own0, 0, 0}));
  // T12: (a) Peru held at the start: South America is not conquered in one
  // turn; (b) none of Australia held at the start: it is.
  const uint64_t south = continent("south_america");
  EXPECT_FALSE(objective_holds(objective("J5"), map, {south, mask({"peru"}), 0, 0}));
  const uint64_t b0 = mask({"siam"});
  EXPECT_TRUE(objective_holds(objective("J5"), map, {b0 | continent("australia"), b0, 0, 0}));
}

TEST(Risk2008Data, ObjectivesOnControl) {
  const Edition2008& e = edition_2008();
  const Map& map = world_map();
  const uint64_t cities = e.basic_training_cities;
  ASSERT_EQ(__builtin_popcountll(cities), 15);
  EXPECT_TRUE(objective_holds(objective("M1"), map, {continent("europe"), 0, 0, 0}));
  EXPECT_FALSE(
      objective_holds(objective("M1"), map, {continent("europe") & ~mask({"iceland"}), 0, 0, 0}));
  EXPECT_TRUE(objective_holds(objective("M3"), map, {continent("asia"), 0, 0, 0}));
  // Cities: 8 of them, then 11; conquered this turn, 4.
  uint64_t seven = 0, rest = cities;
  while (__builtin_popcountll(seven) < 7) {
    seven |= rest & -rest;
    rest &= rest - 1;
  }
  const uint64_t eight = seven | (rest & -rest);
  EXPECT_FALSE(objective_holds(objective("M4"), map, {seven, seven, cities, 0}));
  EXPECT_TRUE(objective_holds(objective("M4"), map, {eight, eight, cities, 0}));
  EXPECT_FALSE(objective_holds(objective("J6"), map, {eight, eight, cities, 0}));
  EXPECT_TRUE(objective_holds(objective("J6"), map, {cities, cities, cities, 0}));
  // M6: four of the eight were conquered this turn; then only three.
  uint64_t held_at_start = eight;
  for (int i = 0; i < 4; ++i) held_at_start &= held_at_start - 1;
  EXPECT_TRUE(objective_holds(objective("M6"), map, {eight, held_at_start, cities, 0}));
  held_at_start |= eight & -eight;
  EXPECT_FALSE(objective_holds(objective("M6"), map, {eight, held_at_start, cities, 0}));
  // Enemy capitals (own capital not needed; R13).
  const uint64_t caps = mask({"argentina", "egypt"});
  EXPECT_TRUE(objective_holds(objective("M5"), map, {mask({"argentina"}), 0, 0, caps}));
  EXPECT_FALSE(objective_holds(objective("J2"), map, {mask({"argentina"}), 0, 0, caps}));
  EXPECT_TRUE(objective_holds(objective("J2"), map, {caps, 0, 0, caps}));
  // Two whole continents, any.
  EXPECT_FALSE(objective_holds(objective("J4"), map, {continent("africa"), 0, 0, 0}));
  EXPECT_TRUE(objective_holds(objective("J4"), map,
                              {continent("africa") | continent("australia"), 0, 0, 0}));
}

TEST(Risk2008Data, SetUpTables) {
  const Edition2008& e = edition_2008();
  EXPECT_EQ(e.min_players, 3);
  EXPECT_EQ(e.max_players, 5);
  EXPECT_EQ(e.starting_troops[3], 30);
  EXPECT_EQ(e.starting_troops[4], 25);
  EXPECT_EQ(e.starting_troops[5], 20);
  EXPECT_EQ(e.starting_cards, (std::array<int, 5>{0, 0, 1, 1, 2}));
  EXPECT_EQ(e.seat_colour[0], "yellow");
  EXPECT_EQ(e.seat_colour[4], "black");
  // T15(c): Basic Training's board objectives are exactly these 8.
  std::vector<std::string> minor, major;
  for (int k : e.basic_training_minor) minor.push_back(e.objectives[k].id);
  for (int k : e.basic_training_major) major.push_back(e.objectives[k].id);
  EXPECT_EQ(minor, (std::vector<std::string>{"M4", "M2", "M1", "M3"}));
  EXPECT_EQ(major, (std::vector<std::string>{"J1", "J2", "J3", "J4"}));
  EXPECT_EQ(
      e.basic_training_cities,
      mask({"western_united_states", "ontario", "eastern_united_states", "brazil", "great_britain",
            "northern_europe", "western_europe", "southern_europe", "ukraine", "egypt",
            "south_africa", "india", "china", "japan", "eastern_australia"}));
  EXPECT_EQ(e.objectives.size(), 12u);
  EXPECT_EQ(e.command_room_per_type, 4);
  EXPECT_EQ(e.objectives_to_win, 3);
  ASSERT_EQ(e.minor_rewards.size(), 4u);
  ASSERT_EQ(e.major_rewards.size(), 4u);
  EXPECT_EQ(e.minor_rewards[0], Reward::kAirfield);
  EXPECT_EQ(e.major_rewards[0], Reward::kAirfield);
  EXPECT_STREQ(reward_id(e.major_rewards[3]), "bonus_troops");
  // R1: the printed openings are not transcribed; set-up falls back.
  for (int n = 3; n <= 5; ++n) EXPECT_FALSE(e.basic_training_opening[n].has_value());
}

json data_2008() {
  auto text = read_data_file("risk/2008.json");
  EXPECT_TRUE(text.is_ok());
  return json::parse(*text);
}

void expect_2008_error(const std::function<void(json&)>& damage, const std::string& words) {
  json doc = data_2008();
  damage(doc);
  auto e = Edition2008::parse(doc.dump(), world_map());
  ASSERT_FALSE(e.is_ok()) << words;
  EXPECT_EQ(e.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(e.status().message().find(words), std::string::npos) << e.status().message();
}

TEST(Risk2008Data, ABrokenFileIsAnErrorNamingTheField) {
  EXPECT_FALSE(Edition2008::parse("not json", world_map()).is_ok());
  EXPECT_FALSE(Edition2008::parse("[]", world_map()).is_ok());
  expect_2008_error([](json& d) { d["cards"]["list"].erase(3); },
                    "'cards.list' must be a list of 42");
  expect_2008_error([](json& d) { d["cards"]["list"][3]["territory"] = "alaska"; },
                    "a second card for 'alaska'");
  expect_2008_error([](json& d) { d["cards"]["list"][3]["territory"] = "atlantis"; },
                    "unknown territory id 'atlantis'");
  expect_2008_error([](json& d) { d["cards"]["list"][0]["stars"] = 3; },
                    "'cards.list[0].stars' must be an integer 1..2");
  expect_2008_error([](json& d) { d["cards"]["list"][0]["stars"] = true; },
                    "'cards.list[0].stars' must be an integer");
  expect_2008_error([](json& d) { d["star_chart"]["troops"]["11"] = 35; },
                    "'11' is not a number of stars");
  expect_2008_error([](json& d) { d["star_chart"]["troops"]["5"] = 3; },
                    "5 stars give 3 troops, fewer than 4 stars' 7");
  expect_2008_error([](json& d) { d["star_chart"]["troops"]["5"] = -1; },
                    "'star_chart.troops.5' must be an integer 1..1000");
  expect_2008_error([](json& d) { d["draft"].erase("divisor"); }, "'draft.divisor' is missing");
  expect_2008_error([](json& d) { d.erase("manoeuvres"); }, "'manoeuvres' is missing");
  expect_2008_error([](json& d) { d["manoeuvres"]["per_turn"] = -1; },
                    "'manoeuvres.per_turn' must be an integer 0..42");
  expect_2008_error([](json& d) { d["manoeuvres"].erase("additional"); },
                    "'manoeuvres.additional' is missing");
  expect_2008_error([](json& d) { d["star_chart"]["trades_per_turn"] = 2; },
                    "'star_chart.trades_per_turn' must be an integer 1..1");
  expect_2008_error([](json& d) { d["draft"]["divisor"] = 0; }, "'draft.divisor' must be");
  expect_2008_error([](json& d) { d["starting_troops"]["5"] = 8; },
                    "'starting_troops.5' must be an integer 9..1000");
  expect_2008_error([](json& d) { d["seat_colours"][1] = "yellow"; }, "'yellow' twice");
  expect_2008_error([](json& d) { d["players"]["max"] = 6; }, "'players.max' must be");
  expect_2008_error(
      [](json& d) { d["cities"]["basic_training"]["territories"][1] = "western_united_states"; },
      "'western_united_states' twice");
  expect_2008_error([](json& d) { d["objectives"]["list"][0]["condition"]["kind"] = "win"; },
                    "unknown kind 'win'");
  expect_2008_error(
      [](json& d) { d["objectives"]["list"][0]["condition"]["continents"][0] = "mu"; },
      "unknown continent id 'mu'");
  expect_2008_error([](json& d) { d["objectives"]["list"][3]["condition"]["count"] = 16; },
                    "'objectives.list[3].condition.count' must be an integer 1..15");
  expect_2008_error([](json& d) { d["objectives"]["list"][1]["id"] = "M1"; }, "id 'M1' twice");
  expect_2008_error([](json& d) { d["objectives"]["list"].erase(11); },
                    "'objectives.list' must be a list of 12");
  expect_2008_error(
      [](json& d) {
        for (int i = 0; i < 3; ++i) d["objectives"]["list"][i]["type"] = "major";
      },
      "3 minor objectives, 4 are laid out");
  expect_2008_error([](json& d) { d["objectives"]["command_room_per_type"] = 3; },
                    "'objectives.command_room_per_type' must be an integer 4..4");
  expect_2008_error([](json& d) { d["objectives"]["list"][0]["type"] = "huge"; },
                    "must be \"minor\" or \"major\"");
  expect_2008_error([](json& d) { d["objectives"]["basic_training"]["minor"][0] = "J1"; },
                    "'J1' is not a minor objective");
  expect_2008_error([](json& d) { d["objectives"]["basic_training"]["major"][1] = "J1"; },
                    "'J1' twice");
  expect_2008_error([](json& d) { d["rewards"]["minor"][0] = "free_lunch"; },
                    "unknown reward 'free_lunch'");
  expect_2008_error([](json& d) { d["rewards"]["major"].erase(0); },
                    "'rewards.major' must be a list of 4");
  expect_2008_error([](json& d) { d["aliases"]["atlantis"] = {"Mu"}; },
                    "unknown territory id 'atlantis'");
  expect_2008_error(
      [](json& d) {
        d["basic_training_opening"]["4"] = {{"territories", json::object()}};
      },
      "'basic_training_opening.4.territories' must give all 42");
}

// An opening in the data file: all 42 territories dealt round the seats.
json dealt_opening(int players) {
  json territories = json::object();
  for (int t = 0; t < kNumTerritories; ++t)
    territories[world_map().territory(t).id] = {{"seat", t % players + 1}, {"troops", 2}};
  json capitals = json::array();
  for (int s = 0; s < players; ++s) capitals.push_back(world_map().territory(s).id);
  return {{"territories", territories}, {"capitals", capitals}};
}

TEST(Risk2008Data, ATranscribedOpeningIsReadAndChecked) {
  json doc = data_2008();
  doc["basic_training_opening"]["3"] = dealt_opening(3);
  auto e = Edition2008::parse(doc.dump(), world_map());
  ASSERT_TRUE(e.is_ok()) << e.status().to_string();
  ASSERT_TRUE(e->basic_training_opening[3].has_value());
  EXPECT_FALSE(e->basic_training_opening[4].has_value());
  const Opening& o = *e->basic_training_opening[3];
  EXPECT_EQ(o.seat[at("greenland")], 2);
  EXPECT_EQ(o.troops[at("greenland")], 2);
  EXPECT_EQ(o.capital, (std::vector<Territory>{0, 1, 2}));

  expect_2008_error(
      [](json& d) {
        d["basic_training_opening"]["3"] = dealt_opening(3);
        d["basic_training_opening"]["3"]["capitals"][0] = "northwest_territory";
      },
      "seat 1's capital on 'northwest_territory', which it does not own");
  expect_2008_error(
      [](json& d) {
        d["basic_training_opening"]["5"] = dealt_opening(5);
        d["basic_training_opening"]["5"]["territories"]["alaska"]["seat"] = 6;
      },
      "'basic_training_opening.5.territories.alaska.seat' must be an integer 1..5");
  expect_2008_error(
      [](json& d) {
        d["basic_training_opening"]["4"] = dealt_opening(4);
        d["basic_training_opening"]["4"]["territories"]["alaska"]["troops"] = 0;
      },
      "troops' must be an integer 1..1000");
}

}  // namespace
}  // namespace meeple::risk
