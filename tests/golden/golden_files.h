// Which golden logs must exist, and where (docs/golden.md).
//
// A "mode" is one combination of the values of every option whose values
// can be listed: an option with allowed values, a bool, or an int range of
// at most 17 values (Risk's mode x players). The combinations the game
// refuses (Risk's teams with 3 players) are left out. Its golden log is
// tests/golden/<game>/<values joined by '-'>.json, or standard.json for a
// game without such options. scripts/golden-generate.py enumerates the same
// way; keep the two in step.
#pragma once

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

#include "all_games/all_games.h"

namespace meeple::golden {

inline const Registry& registry() {
  return all_games();
}

struct Mode {
  std::string game;
  std::string name;  // "domination-3", "standard"
  json options;      // only the enumerated options
};

// The values an option may take, or an empty list (free text, wide range).
inline std::vector<json> option_domain(const json& spec) {
  if (spec.contains("allowed")) return spec["allowed"].get<std::vector<json>>();
  if (spec["type"] == "bool") return {false, true};
  if (spec["type"] == "int" && spec.contains("min") &&
      spec["max"].get<int64_t>() - spec["min"].get<int64_t>() <= 16) {
    std::vector<json> out;
    for (int64_t v = spec["min"].get<int64_t>(); v <= spec["max"].get<int64_t>(); ++v)
      out.push_back(v);
    return out;
  }
  return {};
}

inline std::string value_name(const json& v) {
  std::string s = v.is_string() ? v.get<std::string>() : v.dump();
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

inline std::vector<Mode> registered_modes(const Registry& reg) {
  std::vector<Mode> out;
  for (const GameInfo* info : reg.list()) {
    const json described = Registry::describe(*info);
    std::vector<std::pair<std::string, std::vector<json>>> axes;
    for (const auto& spec : described["options"]) {
      auto domain = option_domain(spec);
      if (!domain.empty()) axes.emplace_back(spec["name"].get<std::string>(), std::move(domain));
    }
    // Every combination, first option slowest (as itertools.product).
    std::vector<size_t> at(axes.size(), 0);
    while (true) {
      Mode m{info->name, "", json::object()};
      for (size_t k = 0; k < axes.size(); ++k) {
        const json& v = axes[k].second[at[k]];
        m.options[axes[k].first] = v;
        if (k) m.name += "-";  // not "lit" + string: GCC 12 -O3 warns falsely (-Wrestrict)
        m.name += value_name(v);
      }
      if (axes.empty()) m.name = "standard";
      if (reg.create(m.game, m.options).is_ok()) out.push_back(std::move(m));
      size_t k = axes.size();
      while (k > 0 && ++at[k - 1] == axes[k - 1].second.size()) at[--k] = 0;
      if (k == 0) break;
    }
  }
  return out;
}

inline std::filesystem::path golden_dir() {
  return MEEPLE_SOURCE_DIR "/tests/golden";
}

inline std::filesystem::path path_of(const Mode& m) {
  return golden_dir() / m.game / (m.name + ".json");
}

// Every golden log of a registered game (a build without a game skips its
// folder; server/ holds the saved database, not logs).
inline std::vector<std::filesystem::path> golden_files() {
  std::vector<std::filesystem::path> out;
  for (const auto& dir : std::filesystem::directory_iterator(golden_dir())) {
    if (!dir.is_directory() || !registry().find(dir.path().filename().string())) continue;
    for (const auto& f : std::filesystem::directory_iterator(dir.path()))
      if (f.path().extension() == ".json") out.push_back(f.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace meeple::golden
