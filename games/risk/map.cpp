#include "games/risk/map.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>

#include "core/data_files.h"
#include "core/json_integer.h"
#include "core/text.h"

namespace meeple::risk {

Result<Map> Map::parse(const std::string& text) {
  // Any JSON type surprise the checks below miss is still an error, never an
  // exception through a host program (Python bindings, the server).
  try {
    return parse_checked(text);
  } catch (const nlohmann::json::exception& e) {
    return invalid_argument(std::string("risk map: missing or mistyped field: ") + e.what());
  }
}

Result<Map> Map::parse_checked(const std::string& text) {
  using nlohmann::json;
  json doc = json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object())
    return invalid_argument("risk map: not a JSON object");
  if (!doc.contains("continents") || !doc["continents"].is_array() ||
      !doc.contains("territories") || !doc["territories"].is_array())
    return invalid_argument("risk map: expected arrays 'continents' and 'territories'");
  Map m;
  std::vector<int> declared_counts;
  for (const auto& c : doc["continents"]) {
    if (!c.is_object() || !c.contains("id") || !c["id"].is_string() || !c.contains("bonus") ||
        !c.contains("territories"))
      return invalid_argument("risk map: a continent needs id, bonus and territories (count)");
    ContinentInfo info;
    info.id = c["id"].get<std::string>();
    info.name = c.value("name", info.id);
    const auto bonus = json_integer(c["bonus"], 0, 100);
    const auto count = json_integer(c["territories"], 1, kNumTerritories);
    if (!bonus || !count)
      return invalid_argument(fmt::format(
          "risk map: continent {}: 'bonus' must be an integer 0..100 and 'territories' 1..42",
          info.id));
    info.bonus = static_cast<int>(*bonus);
    declared_counts.push_back(static_cast<int>(*count));
    m.continents_.push_back(std::move(info));
  }
  if (m.continents_.size() != kNumContinents)
    return invalid_argument(
        fmt::format("risk map: {} continents, expected {}", m.continents_.size(), kNumContinents));
  const auto& terrs = doc["territories"];
  if (terrs.size() != kNumTerritories)
    return invalid_argument(
        fmt::format("risk map: {} territories, expected {}", terrs.size(), kNumTerritories));
  for (const auto& t : terrs) {
    if (!t.is_object() || !t.contains("adjacent") || !t["adjacent"].is_array())
      return invalid_argument("risk map: a territory needs id, continent and adjacent (a list)");
    for (const auto& n : t["adjacent"])
      if (!n.is_string())
        return invalid_argument(fmt::format("risk map: territory {}: neighbour {} is not an id",
                                            t.value("id", "?"), n.dump()));
    TerritoryInfo info;
    info.id = t.value("id", "");
    info.name = t.value("name", info.id);
    if (info.id.empty()) return invalid_argument("risk map: a territory has no id");
    info.continent = m.find_continent(t.value("continent", ""));
    if (info.continent < 0)
      return invalid_argument(fmt::format("risk map: territory {} has unknown continent '{}'",
                                          info.id, t.value("continent", "")));
    for (const auto& u : m.territories_)
      if (u.id == info.id) return invalid_argument("risk map: duplicate territory id " + info.id);
    m.territories_.push_back(std::move(info));
  }
  // Neighbours are resolved once every id is known; an unknown neighbour or a
  // one-way link stops loading (the trap of silently skipping them).
  for (size_t i = 0; i < terrs.size(); ++i) {
    for (const auto& n : terrs[i]["adjacent"]) {
      const Territory j = m.find(n.get<std::string>());
      if (j < 0)
        return invalid_argument(fmt::format("risk map: territory {} lists unknown neighbour '{}'",
                                            m.territories_[i].id, n.get<std::string>()));
      if (j == static_cast<int>(i))
        return invalid_argument("risk map: territory " + m.territories_[i].id + " borders itself");
      m.adj_mask_[i] |= uint64_t{1} << j;
    }
  }
  for (int a = 0; a < kNumTerritories; ++a) {
    for (int b = 0; b < kNumTerritories; ++b) {
      if (m.adjacent(a, b) != m.adjacent(b, a))
        return invalid_argument(
            fmt::format("risk map: adjacency is not symmetric: {} lists {} but not the reverse",
                        m.adjacent(a, b) ? m.territories_[a].id : m.territories_[b].id,
                        m.adjacent(a, b) ? m.territories_[b].id : m.territories_[a].id));
    }
  }
  for (auto& row : m.edge_of_) row.fill(-1);
  for (int a = 0; a < kNumTerritories; ++a) {
    m.continents_[m.territories_[a].continent].territories.push_back(a);
    for (int b = 0; b < kNumTerritories; ++b) {
      if (!m.adjacent(a, b)) continue;
      m.territories_[a].adjacent.push_back(b);
      m.edge_of_[a][b] = static_cast<int16_t>(m.edges_.size());
      m.edges_.push_back({a, b});
    }
  }
  for (int c = 0; c < kNumContinents; ++c) {
    if (static_cast<int>(m.continents_[c].territories.size()) != declared_counts[c])
      return invalid_argument(fmt::format("risk map: continent {} has {} territories, expected {}",
                                          m.continents_[c].id, m.continents_[c].territories.size(),
                                          declared_counts[c]));
  }
  if (m.num_links() != 83)
    return invalid_argument(fmt::format("risk map: {} links, expected 83", m.num_links()));
  return m;
}

Territory Map::find(std::string_view id_or_name) const {
  const std::string key = ascii_lower(id_or_name);
  for (size_t i = 0; i < territories_.size(); ++i)
    if (territories_[i].id == key || ascii_lower(territories_[i].name) == key)
      return static_cast<int>(i);
  return -1;
}

int Map::find_continent(std::string_view id) const {
  const std::string key = ascii_lower(id);
  for (size_t i = 0; i < continents_.size(); ++i)
    if (continents_[i].id == key || ascii_lower(continents_[i].name) == key)
      return static_cast<int>(i);
  return -1;
}

int Map::edge_index(Territory from, Territory to) const {
  if (from < 0 || to < 0 || from >= kNumTerritories || to >= kNumTerritories) return -1;
  return edge_of_[from][to];
}

Result<Map> load_world_map() {
  auto text = read_data_file("risk/map.json");
  if (!text) return text.status();
  return Map::parse(*text);
}

Result<const Map*> shared_world_map() {
  static std::mutex mu;
  static std::unique_ptr<const Map> loaded;
  std::lock_guard lock(mu);
  if (!loaded) {
    auto m = load_world_map();
    if (!m) return m.status();
    loaded = std::make_unique<const Map>(std::move(m).value());
  }
  return loaded.get();
}

uint64_t Map::reachable(Territory t, uint64_t through) const {
  uint64_t reach = uint64_t{1} << t, frontier = reach;
  while (frontier) {
    uint64_t next = 0;
    for (uint64_t f = frontier; f; f &= f - 1) next |= adj_mask_[__builtin_ctzll(f)];
    next &= through & ~reach;
    reach |= next;
    frontier = next;
  }
  return reach;
}

}  // namespace meeple::risk
