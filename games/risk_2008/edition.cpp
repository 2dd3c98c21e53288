#include "games/risk_2008/edition.h"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>

#include "core/data_files.h"
#include "core/json_integer.h"

namespace meeple::risk {
namespace {

using nlohmann::json;

constexpr const char* kRewardIds[] = {
    "airfield",         "starting_manoeuvre", "additional_manoeuvre", "guaranteed_card",
    "bonus_attack_die", "bonus_defence_die",  "bonus_troops",
};

// The parse keeps the first problem it meets and names the field, so a
// player correcting the data file is told exactly which value to fix.
class Reader {
 public:
  explicit Reader(const Map& map) : map_(map) {}

  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  const Map& map() const { return map_; }
  void fail(const std::string& what) {
    if (error_.empty()) error_ = what;
  }

  // The member `key` of object `v`, or a failure naming `path`.
  const json& at(const json& v, const std::string& key, const std::string& path) {
    static const json kNull;
    if (!v.is_object() || !v.contains(key)) {
      fail(fmt::format("'{}' is missing", path.empty() ? key : path + "." + key));
      return kNull;
    }
    return v[key];
  }
  int integer(const json& v, const std::string& path, int lo, int hi) {
    const auto x = json_integer(v, lo, hi);
    if (!x) fail(fmt::format("'{}' must be an integer {}..{}, got {}", path, lo, hi, v.dump()));
    return x ? static_cast<int>(*x) : lo;
  }
  std::string text(const json& v, const std::string& path) {
    if (!v.is_string() || v.get<std::string>().empty()) {
      fail(fmt::format("'{}' must be a non-empty string, got {}", path, v.dump()));
      return {};
    }
    return v.get<std::string>();
  }
  const json& list(const json& v, const std::string& path, size_t lo, size_t hi) {
    static const json kEmpty = json::array();
    if (!v.is_array() || v.size() < lo || v.size() > hi) {
      fail(lo == hi ? fmt::format("'{}' must be a list of {}", path, lo)
                    : fmt::format("'{}' must be a list of {} to {}", path, lo, hi));
      return kEmpty;
    }
    return v;
  }
  Territory territory(const json& v, const std::string& path) {
    const std::string id = text(v, path);
    if (id.empty()) return 0;
    const Territory t = map_.find(id);
    if (t < 0 || map_.territory(t).id != id) {
      fail(fmt::format("'{}': unknown territory id '{}'", path, id));
      return 0;
    }
    return t;
  }
  int continent(const json& v, const std::string& path) {
    const std::string id = text(v, path);
    const int c = id.empty() ? 0 : map_.find_continent(id);
    if (c < 0) fail(fmt::format("'{}': unknown continent id '{}'", path, id));
    return std::max(c, 0);
  }

 private:
  const Map& map_;
  std::string error_;
};

void read_cards(Reader& r, const json& doc, Edition2008& e) {
  const json& cards = r.list(r.at(r.at(doc, "cards", ""), "list", "cards"), "cards.list",
                             kNumTerritories, kNumTerritories);
  std::set<Territory> seen;
  for (size_t i = 0; i < cards.size() && r.ok(); ++i) {
    const std::string path = fmt::format("cards.list[{}]", i);
    const Territory t = r.territory(r.at(cards[i], "territory", path), path + ".territory");
    if (!r.ok()) return;
    if (!seen.insert(t).second)
      r.fail(fmt::format("'{}': a second card for '{}'", path, r.map().territory(t).id));
    e.stars[t] = r.integer(r.at(cards[i], "stars", path), path + ".stars", 1, 2);
    if (cards[i].contains("printed_name"))
      e.printed_name[t] = r.text(cards[i]["printed_name"], path + ".printed_name");
  }
}

void read_seats(Reader& r, const json& doc, Edition2008& e) {
  const json& players = r.at(doc, "players", "");
  e.min_players = r.integer(r.at(players, "min", "players"), "players.min", 2, kMaxPlayers2008);
  e.max_players =
      r.integer(r.at(players, "max", "players"), "players.max", e.min_players, kMaxPlayers2008);
  const json& colours =
      r.list(r.at(doc, "seat_colours", ""), "seat_colours", kMaxPlayers2008, kMaxPlayers2008);
  std::set<std::string> distinct;
  for (size_t i = 0; i < colours.size(); ++i) {
    e.seat_colour[i] = r.text(colours[i], fmt::format("seat_colours[{}]", i));
    if (r.ok() && !distinct.insert(e.seat_colour[i]).second)
      r.fail(fmt::format("'seat_colours': '{}' twice", e.seat_colour[i]));
  }
  // Enough troops for every seat's share of the 42 claims (capital included).
  const json& troops = r.at(doc, "starting_troops", "");
  for (int n = e.min_players; n <= e.max_players; ++n)
    e.starting_troops[n] =
        r.integer(r.at(troops, std::to_string(n), "starting_troops"),
                  fmt::format("starting_troops.{}", n), (kNumTerritories + n - 1) / n, 1000);
  const json& cards =
      r.list(r.at(r.at(doc, "starting_cards_by_seat", ""), "cards", "starting_cards_by_seat"),
             "starting_cards_by_seat.cards", kMaxPlayers2008, kMaxPlayers2008);
  int dealt = 0;
  for (size_t i = 0; i < cards.size(); ++i) {
    e.starting_cards[i] =
        r.integer(cards[i], fmt::format("starting_cards_by_seat.cards[{}]", i), 0, kNumTerritories);
    dealt += e.starting_cards[i];
  }
  if (dealt > kNumTerritories - e.num_cities && r.ok())
    r.fail("'starting_cards_by_seat': more cards dealt than the deck holds");
}

void read_draft(Reader& r, const json& doc, Edition2008& e) {
  const json& draft = r.at(doc, "draft", "");
  e.draft_divisor = r.integer(r.at(draft, "divisor", "draft"), "draft.divisor", 1, kNumTerritories);
  e.draft_minimum = r.integer(r.at(draft, "minimum", "draft"), "draft.minimum", 0, 1000);
  e.per_capital = r.integer(r.at(draft, "per_capital", "draft"), "draft.per_capital", 0, 1000);
  e.bonus_troops = r.integer(r.at(draft, "bonus_troops", "draft"), "draft.bonus_troops", 0, 1000);
  // The chart: stars -> troops. Stars it does not list cannot be traded; more
  // stars never give fewer troops.
  const json& chart = r.at(doc, "star_chart", "");
  const json& troops = r.at(chart, "troops", "star_chart");
  if (!troops.is_object() || troops.empty())
    r.fail("'star_chart.troops' must be a non-empty object");
  if (!r.ok()) return;
  for (const auto& [key, value] : troops.items()) {
    int stars = -1;
    for (int s = 1; s <= kMaxStars2008; ++s)
      if (key == std::to_string(s)) stars = s;
    if (stars < 0) {
      r.fail(fmt::format("'star_chart.troops': '{}' is not a number of stars 1..{}", key,
                         kMaxStars2008));
      return;
    }
    e.star_chart[stars] = r.integer(value, "star_chart.troops." + key, 1, 1000);
  }
  int last = 0;
  for (int s = 0; s <= kMaxStars2008; ++s) {
    if (e.star_chart[s] == 0) continue;
    if (last > 0 && e.star_chart[s] < e.star_chart[last] && r.ok())
      r.fail(fmt::format("'star_chart.troops': {} stars give {} troops, fewer than {} stars' {}", s,
                         e.star_chart[s], last, e.star_chart[last]));
    last = s;
  }
  // R4 rules one trade a turn (two would pass the chart's 10-star cap), and
  // the state keeps one flag for it: the field says so, and is checked.
  e.trades_per_turn =
      r.integer(r.at(chart, "trades_per_turn", "star_chart"), "star_chart.trades_per_turn", 1, 1);
}

void read_manoeuvres(Reader& r, const json& doc, Edition2008& e) {
  const json& m = r.at(doc, "manoeuvres", "");
  e.manoeuvres_per_turn =
      r.integer(r.at(m, "per_turn", "manoeuvres"), "manoeuvres.per_turn", 0, kNumTerritories);
  e.additional_manoeuvres =
      r.integer(r.at(m, "additional", "manoeuvres"), "manoeuvres.additional", 0, kNumTerritories);
}

void read_cities(Reader& r, const json& doc, Edition2008& e) {
  const json& cities = r.at(doc, "cities", "");
  e.num_cities = r.integer(r.at(cities, "count", "cities"), "cities.count", 1, kNumTerritories);
  const json& fixed =
      r.list(r.at(r.at(cities, "basic_training", "cities"), "territories", "cities.basic_training"),
             "cities.basic_training.territories", e.num_cities, e.num_cities);
  for (size_t i = 0; i < fixed.size() && r.ok(); ++i) {
    const Territory t =
        r.territory(fixed[i], fmt::format("cities.basic_training.territories[{}]", i));
    const uint64_t bit = uint64_t{1} << t;
    if (r.ok() && (e.basic_training_cities & bit))
      r.fail(
          fmt::format("'cities.basic_training.territories': '{}' twice", r.map().territory(t).id));
    e.basic_training_cities |= bit;
  }
}

Objective read_objective(Reader& r, const json& v, const std::string& path, const Edition2008& e) {
  Objective o;
  o.id = r.text(r.at(v, "id", path), path + ".id");
  o.name = r.text(r.at(v, "name", path), path + ".name");
  const std::string type = r.text(r.at(v, "type", path), path + ".type");
  if (type == "major") {
    o.type = ObjectiveType::kMajor;
  } else if (type != "minor" && r.ok()) {
    r.fail(fmt::format("'{}.type' must be \"minor\" or \"major\", got \"{}\"", path, type));
  }
  const json& c = r.at(v, "condition", path);
  const std::string kind = r.text(r.at(c, "kind", path + ".condition"), path + ".condition.kind");
  if (!r.ok()) return o;
  const std::string count_path = path + ".condition.count";
  auto count = [&](int hi) {
    return r.integer(r.at(c, "count", path + ".condition"), count_path, 1, hi);
  };
  if (kind == "control_continents") {
    o.kind = ObjectiveKind::kControlContinents;
    const json& list = r.list(r.at(c, "continents", path + ".condition"),
                              path + ".condition.continents", 1, kNumContinents);
    for (size_t i = 0; i < list.size(); ++i) {
      const int k = r.continent(list[i], fmt::format("{}.condition.continents[{}]", path, i));
      if (std::find(o.continents.begin(), o.continents.end(), k) != o.continents.end() && r.ok())
        r.fail(fmt::format("'{}.condition.continents': a continent twice", path));
      o.continents.push_back(k);
    }
  } else if (kind == "control_any_continents") {
    o.kind = ObjectiveKind::kControlAnyContinents;
    o.count = count(kNumContinents);
  } else if (kind == "control_cities") {
    o.kind = ObjectiveKind::kControlCities;
    o.count = count(e.num_cities);
  } else if (kind == "control_enemy_capitals") {
    o.kind = ObjectiveKind::kControlEnemyCapitals;
    o.count = count(kMaxPlayers2008 - 1);
  } else if (kind == "control_territories") {
    o.kind = ObjectiveKind::kControlTerritories;
    o.count = count(kNumTerritories);
  } else if (kind == "conquer_territories_in_turn") {
    o.kind = ObjectiveKind::kConquerTerritoriesInTurn;
    o.count = count(kNumTerritories);
  } else if (kind == "conquer_cities_in_turn") {
    o.kind = ObjectiveKind::kConquerCitiesInTurn;
    o.count = count(e.num_cities);
  } else if (kind == "conquer_continent_in_turn") {
    o.kind = ObjectiveKind::kConquerContinentInTurn;
    o.count = count(1);
  } else {
    r.fail(fmt::format(
        "'{}.condition.kind': unknown kind '{}' (expected control_continents, "
        "control_any_continents, control_cities, control_enemy_capitals, control_territories, "
        "conquer_territories_in_turn, conquer_cities_in_turn or conquer_continent_in_turn)",
        path, kind));
  }
  return o;
}

// The ids in `v` as objective indices of type `type`, each once.
std::vector<int> objective_list(Reader& r, const json& v, const std::string& path,
                                const Edition2008& e, ObjectiveType type) {
  std::vector<int> out;
  const json& list = r.list(v, path, e.command_room_per_type, e.command_room_per_type);
  for (size_t i = 0; i < list.size() && r.ok(); ++i) {
    const std::string id = r.text(list[i], fmt::format("{}[{}]", path, i));
    const int k = e.find_objective(id);
    if (k < 0 || e.objectives[k].type != type) {
      r.fail(fmt::format("'{}': '{}' is not a {} objective", path, id,
                         type == ObjectiveType::kMinor ? "minor" : "major"));
    } else if (std::find(out.begin(), out.end(), k) != out.end()) {
      r.fail(fmt::format("'{}': '{}' twice", path, id));
    }
    out.push_back(k);
  }
  return out;
}

void read_objectives(Reader& r, const json& doc, Edition2008& e) {
  const json& section = r.at(doc, "objectives", "");
  const json& list = r.list(r.at(section, "list", "objectives"), "objectives.list",
                            kNumObjectives2008, kNumObjectives2008);
  std::array<int, 2> per_type{};
  for (size_t i = 0; i < list.size() && r.ok(); ++i) {
    Objective o = read_objective(r, list[i], fmt::format("objectives.list[{}]", i), e);
    if (r.ok() && e.find_objective(o.id) >= 0)
      r.fail(fmt::format("'objectives.list': id '{}' twice", o.id));
    ++per_type[static_cast<int>(o.type)];
    e.objectives.push_back(std::move(o));
  }
  if (!r.ok()) return;
  for (int t = 0; t < 2 && r.ok(); ++t)
    if (per_type[t] < kLaidPerType2008)
      r.fail(fmt::format("'objectives.list': {} {} objectives, {} are laid out", per_type[t],
                         t == 0 ? "minor" : "major", kLaidPerType2008));
  e.command_room_per_type =
      r.integer(r.at(section, "command_room_per_type", "objectives"),
                "objectives.command_room_per_type", kLaidPerType2008, kLaidPerType2008);
  e.objectives_to_win = r.integer(r.at(section, "to_win", "objectives"), "objectives.to_win", 1,
                                  2 * e.command_room_per_type);
  const json& basic = r.at(section, "basic_training", "objectives");
  e.basic_training_minor =
      objective_list(r, r.at(basic, "minor", "objectives.basic_training"),
                     "objectives.basic_training.minor", e, ObjectiveType::kMinor);
  e.basic_training_major =
      objective_list(r, r.at(basic, "major", "objectives.basic_training"),
                     "objectives.basic_training.major", e, ObjectiveType::kMajor);
}

std::vector<Reward> reward_list(Reader& r, const json& v, const std::string& path, size_t n) {
  std::vector<Reward> out;
  const json& list = r.list(v, path, n, n);
  for (size_t i = 0; i < list.size() && r.ok(); ++i) {
    const std::string id = r.text(list[i], fmt::format("{}[{}]", path, i));
    int found = -1;
    for (int k = 0; k < static_cast<int>(std::size(kRewardIds)); ++k)
      if (id == kRewardIds[k]) found = k;
    if (found < 0 && r.ok()) r.fail(fmt::format("'{}[{}]': unknown reward '{}'", path, i, id));
    out.push_back(static_cast<Reward>(std::max(found, 0)));
  }
  return out;
}

// One player count's printed opening: every territory's owner and troops and
// each seat's capital on a territory it owns.
std::optional<Opening> read_opening(Reader& r, const json& v, int players) {
  const std::string path = fmt::format("basic_training_opening.{}", players);
  if (v.is_null()) return std::nullopt;
  Opening o;
  const json& territories = r.at(v, "territories", path);
  if (!territories.is_object() || territories.size() != kNumTerritories) {
    r.fail(fmt::format("'{}.territories' must give all {} territories", path, kNumTerritories));
    return std::nullopt;
  }
  std::array<bool, kNumTerritories> given{};
  std::array<int, kMaxPlayers2008> owned{};
  for (const auto& [id, entry] : territories.items()) {
    const std::string at = path + ".territories." + id;
    const Territory t = r.territory(json(id), at);
    if (!r.ok()) return std::nullopt;
    given[t] = true;
    o.seat[t] = r.integer(r.at(entry, "seat", at), at + ".seat", 1, players) - 1;
    o.troops[t] = r.integer(r.at(entry, "troops", at), at + ".troops", 1, 1000);
    ++owned[o.seat[t]];
  }
  const json& capitals = r.list(r.at(v, "capitals", path), path + ".capitals", players, players);
  for (size_t s = 0; s < capitals.size() && r.ok(); ++s) {
    const Territory t = r.territory(capitals[s], fmt::format("{}.capitals[{}]", path, s));
    if (r.ok() && o.seat[t] != static_cast<int>(s))
      r.fail(fmt::format("'{}.capitals[{}]': seat {}'s capital on '{}', which it does not own",
                         path, s, s + 1, r.map().territory(t).id));
    o.capital.push_back(t);
  }
  for (int s = 0; s < players && r.ok(); ++s)
    if (owned[s] == 0) r.fail(fmt::format("'{}': seat {} owns no territory", path, s + 1));
  if (!r.ok()) return std::nullopt;
  return o;
}

}  // namespace

const char* reward_id(Reward r) {
  return kRewardIds[static_cast<int>(r)];
}

int Edition2008::find_objective(const std::string& id) const {
  for (size_t i = 0; i < objectives.size(); ++i)
    if (objectives[i].id == id) return static_cast<int>(i);
  return -1;
}

Result<Edition2008> Edition2008::parse(const std::string& text, const Map& map) {
  const json doc = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !doc.is_object())
    return invalid_argument("risk 2008 edition: not a JSON object");
  Edition2008 e;
  Reader r(map);
  read_cities(r, doc, e);
  read_seats(r, doc, e);
  read_draft(r, doc, e);
  read_manoeuvres(r, doc, e);
  read_cards(r, doc, e);
  read_objectives(r, doc, e);
  if (r.ok()) {
    const json& rewards = r.at(doc, "rewards", "");
    const size_t n = static_cast<size_t>(e.command_room_per_type);
    e.minor_rewards = reward_list(r, r.at(rewards, "minor", "rewards"), "rewards.minor", n);
    e.major_rewards = reward_list(r, r.at(rewards, "major", "rewards"), "rewards.major", n);
  }
  if (r.ok() && doc.contains("aliases")) {
    for (const auto& [id, names] : doc["aliases"].items()) {
      if (id == "note") continue;
      const Territory t = r.territory(json(id), "aliases." + id);
      const json& list = r.list(names, "aliases." + id, 1, 8);
      for (size_t i = 0; i < list.size() && r.ok(); ++i)
        e.aliases.emplace_back(r.text(list[i], fmt::format("aliases.{}[{}]", id, i)), t);
    }
  }
  if (r.ok()) {
    const json& opening = r.at(doc, "basic_training_opening", "");
    for (int n = e.min_players; n <= e.max_players && r.ok(); ++n)
      e.basic_training_opening[n] =
          read_opening(r, r.at(opening, std::to_string(n), "basic_training_opening"), n);
  }
  if (!r.ok()) return invalid_argument("risk 2008 edition: " + r.error());
  return e;
}

Result<const Edition2008*> shared_2008_edition() {
  static std::mutex mu;
  static std::unique_ptr<const Edition2008> loaded;
  std::lock_guard lock(mu);
  if (!loaded) {
    auto map = shared_world_map();
    if (!map) return map.status();
    auto text = read_data_file("risk/2008.json");
    if (!text) return text.status();
    auto e = Edition2008::parse(*text, **map);
    if (!e) return Status(e.status().code(), "data/risk/2008.json: " + e.status().message());
    loaded = std::make_unique<const Edition2008>(std::move(e).value());
  }
  return loaded.get();
}

}  // namespace meeple::risk
