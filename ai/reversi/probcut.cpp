#include "ai/reversi/probcut.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <set>
#include <utility>

#include "core/data_files.h"
#include "core/json_depth.h"
#include "core/json_reader.h"

namespace meeple::reversi {

namespace {

constexpr const char* kFormat = "meeple reversi probcut";
constexpr int kProbCutVersion = 1;
// Far beyond any measurement (a depth-d search takes exponential time),
// small enough that a hostile file cannot make the reader allocate much.
constexpr size_t kMaxPairs = 4096;
constexpr int64_t kMaxUnits = 1'000'000;  // 10,000 discs: any spread is far below

}  // namespace

int probcut_shallow_depth(int depth) {
  int shallow = depth / 2;
  if ((depth - shallow) & 1) --shallow;
  return shallow;
}

ProbCutTable::ProbCutTable(std::vector<ProbCutSpread> pairs) : pairs_(std::move(pairs)) {
  for (int d = 0; d <= kMaxDepth; ++d) {
    const int shallow = probcut_shallow_depth(d);
    if (shallow < 0) continue;
    const ProbCutSpread* best = nullptr;
    for (const ProbCutSpread& p : pairs_) {
      if (p.depth == d && p.shallow == shallow) {
        best = &p;
        break;
      }
      if (p.depth < d && p.depth - p.shallow == d - shallow && (!best || p.depth > best->depth))
        best = &p;
    }
    if (best) sigma_[static_cast<size_t>(d)] = static_cast<int>(std::lround(best->rms));
  }
}

std::string encode_probcut(const std::vector<ProbCutSpread>& pairs,
                           const std::string& measured_by) {
  // One pair a line, its fields in a fixed order: the file is read and
  // corrected by people, and a measurement rewrites it line for line.
  std::string out = fmt::format(
      "{{\n  \"format\": \"{}\",\n  \"version\": {},\n  \"measured_by\": {},\n  "
      "\"pairs\": [\n",
      kFormat, kProbCutVersion,
      nlohmann::json(measured_by).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  for (size_t i = 0; i < pairs.size(); ++i) {
    const ProbCutSpread& p = pairs[i];
    out += fmt::format(
        "    {{\"depth\":{},\"shallow\":{},\"positions\":{},\"mean\":{},\"rms\":{}}}{}\n", p.depth,
        p.shallow, p.positions, std::lround(p.mean), std::lround(p.rms),
        i + 1 < pairs.size() ? "," : "");
  }
  return out + "  ]\n}\n";
}

Result<ProbCutTable> decode_probcut(const std::string& text) {
  Result<nlohmann::json> parsed = parse_json_text(text, "the ProbCut table", 8);
  if (!parsed) return parsed.status();
  const nlohmann::json& doc = *parsed;
  JsonReader r("ProbCut table");
  if (!r.object(doc, "", {"format", "version", "measured_by", "pairs"})) return r.status();
  if (r.string(r.at(doc, "format"), "/format") != kFormat && r.ok())
    r.fail("/format", fmt::format("\"{}\"", kFormat), &r.at(doc, "format"));
  r.integer(r.at(doc, "version"), "/version", kProbCutVersion, kProbCutVersion, "the version");
  r.string(r.at(doc, "measured_by"), "/measured_by");
  const nlohmann::json& rows = r.at(doc, "pairs");
  if (r.ok() && (!rows.is_array() || rows.size() > kMaxPairs))
    r.fail("/pairs", fmt::format("an array of at most {} pairs", kMaxPairs), &rows);
  if (!r.ok()) return r.status();
  std::vector<ProbCutSpread> pairs;
  std::set<std::pair<int, int>> seen;
  for (size_t i = 0; i < rows.size() && r.ok(); ++i) {
    const nlohmann::json& row = rows[i];
    const std::string at = fmt::format("/pairs/{}", i);
    if (!r.object(row, at, {"depth", "shallow", "positions", "mean", "rms"})) break;
    ProbCutSpread p;
    p.depth = static_cast<int>(
        r.integer(r.at(row, "depth"), at + "/depth", 1, ProbCutTable::kMaxDepth, "a depth"));
    p.shallow = static_cast<int>(r.integer(r.at(row, "shallow"), at + "/shallow", 0,
                                           std::max(0, p.depth - 1), "a depth below \"depth\""));
    p.positions = static_cast<int>(
        r.integer(r.at(row, "positions"), at + "/positions", 1, INT32_MAX, "a count"));
    p.mean = static_cast<double>(
        r.integer(r.at(row, "mean"), at + "/mean", -kMaxUnits, kMaxUnits, "evaluation units"));
    p.rms = static_cast<double>(
        r.integer(r.at(row, "rms"), at + "/rms", 0, kMaxUnits, "evaluation units"));
    if (r.ok() && !seen.insert({p.depth, p.shallow}).second)
      r.fail(at,
             fmt::format("one pair of depths {} and {} (it is listed twice)", p.depth, p.shallow));
    pairs.push_back(p);
  }
  if (!r.ok()) return r.status();
  return ProbCutTable(std::move(pairs));
}

Result<const ProbCutTable*> shipped_probcut() {
  static const Result<ProbCutTable> loaded =
      decode_data_file<ProbCutTable>("reversi/probcut.json", decode_probcut);
  if (!loaded) return loaded.status();
  return &loaded.value();
}

}  // namespace meeple::reversi
