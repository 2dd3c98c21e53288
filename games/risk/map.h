// The Risk world map: 42 territories in 6 continents, 83 borders.
//
// Shared by both editions (risk_classic.md §3; risk_2008.md §3 reuses it).
// Loaded from data/risk/map.json and checked strictly at start-up: 42 unique
// ids, every neighbour known, adjacency symmetric, 83 links, and each
// continent's territory count as the data file declares (9/4/7/6/12/4).
// Territory ids are the order of the file (#1..#42 of the spec, 0-based) and
// are stable: action ids and saved games depend on them.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"

namespace meeple::risk {

inline constexpr int kNumTerritories = 42;
inline constexpr int kNumContinents = 6;

// A territory index 0..41 (the spec's # minus one).
using Territory = int;

struct TerritoryInfo {
  std::string id;    // "alaska"
  std::string name;  // "Alaska"
  int continent = 0;
  std::vector<Territory> adjacent;  // sorted ascending
};

struct ContinentInfo {
  std::string id;
  std::string name;
  int bonus = 0;
  std::vector<Territory> territories;  // sorted ascending
};

// A directed border (attack or move from `from` to `to`), indexed densely so
// attack actions are `edge * 3 + dice - 1`.
struct Edge {
  Territory from = 0, to = 0;
};

class Map {
 public:
  // Parses and checks a map document (the text of map.json).
  static Result<Map> parse(const std::string& text);

  const TerritoryInfo& territory(Territory t) const { return territories_[t]; }
  const ContinentInfo& continent(int c) const { return continents_[c]; }
  bool adjacent(Territory a, Territory b) const { return (adj_mask_[a] >> b) & 1; }
  uint64_t adjacency_mask(Territory t) const { return adj_mask_[t]; }
  // The territories reachable from t by steps between adjacent territories
  // that all lie in `through` (t itself included): fortification paths.
  uint64_t reachable(Territory t, uint64_t through) const;
  // -1 when the id is unknown. Accepts the id ("north_africa") or the display
  // name in any case ("North Africa").
  Territory find(std::string_view id_or_name) const;
  int find_continent(std::string_view id) const;

  const std::vector<Edge>& edges() const { return edges_; }  // sorted by (from, to)
  // Index of the directed edge from->to, or -1.
  int edge_index(Territory from, Territory to) const;
  int num_links() const { return static_cast<int>(edges_.size()) / 2; }

 private:
  static Result<Map> parse_checked(const std::string& text);

  std::vector<TerritoryInfo> territories_;
  std::vector<ContinentInfo> continents_;
  std::array<uint64_t, kNumTerritories> adj_mask_{};
  std::vector<Edge> edges_;
  std::array<std::array<int16_t, kNumTerritories>, kNumTerritories> edge_of_{};
};

// The board of the shared data file (data/risk/map.json), read and checked
// now; an error names the file and what is wrong in it.
Result<Map> load_world_map();
// The same board loaded once per process and shared by every game: the first
// successful load is kept; a failed one is returned as the error (and tried
// again next time, so a corrected file is picked up). make_game uses this,
// so a missing or broken data file is an error for the caller, never an abort.
Result<const Map*> shared_world_map();

}  // namespace meeple::risk
