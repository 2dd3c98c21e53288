// The learned Goa leaf value (leaf_model.h).
#include "ai/goa/leaf_model.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "core/data_files.h"
#include "core/json_depth.h"
#include "core/json_reader.h"

namespace meeple::goa {

using json = nlohmann::json;

const WorthTerms& LeafModel::at(int players, int round) const {
  const int p = std::clamp(players, kLeafMinPlayers, kLeafMaxPlayers) - kLeafMinPlayers;
  const int r = std::clamp(round, 1, kLeafRounds) - 1;
  return weights[static_cast<size_t>(p)][static_cast<size_t>(r)];
}

Result<LeafModel> decode_leaf_model(const std::string& text) {
  // The file nests three deep (weights, player count, round).
  Result<json> parsed = parse_json_text(text, "the goa leaf model", 4);
  if (!parsed) return parsed.status();
  const json& doc = *parsed;
  JsonReader r("goa leaf model");
  LeafModel m;
  if (!r.object(doc, "", {"format", "terms", "weights", "trained_by"})) return r.status();
  if (r.integer(r.at(doc, "format"), "/format", 1, 1, "format 1") != 1) return r.status();
  m.trained_by = r.string(r.at(doc, "trained_by"), "/trained_by");
  const json& terms = r.at(doc, "terms");
  if (!r.array(terms, "/terms", kNumWorthTerms)) return r.status();
  for (size_t t = 0; t < kNumWorthTerms; ++t)
    if (r.string(terms[t], fmt::format("/terms/{}", t)) != kWorthTermNames[t]) {
      r.fail(fmt::format("/terms/{}", t), fmt::format("\"{}\"", kWorthTermNames[t]), &terms[t]);
      return r.status();
    }
  const json& weights = r.at(doc, "weights");
  if (!r.object(weights, "/weights", {"3", "4"})) return r.status();
  for (int players = kLeafMinPlayers; players <= kLeafMaxPlayers; ++players) {
    const std::string key = std::to_string(players);
    const json& rounds = weights[key];
    if (!r.array(rounds, "/weights/" + key, kLeafRounds)) return r.status();
    for (size_t round = 0; round < kLeafRounds; ++round) {
      const std::string path = fmt::format("/weights/{}/{}", key, round);
      if (!r.array(rounds[round], path, kNumWorthTerms)) return r.status();
      for (size_t t = 0; t < kNumWorthTerms; ++t) {
        const json& v = rounds[round][t];
        // Finite and of a size a score can carry (e^50 would already swamp
        // every other seat).
        if (!v.is_number() || !std::isfinite(v.get<double>()) || std::fabs(v.get<double>()) > 50) {
          r.fail(fmt::format("{}/{}", path, t), "a weight -50..50", &v);
          return r.status();
        }
        m.weights[static_cast<size_t>(players - kLeafMinPlayers)][round][t] = v.get<double>();
      }
    }
  }
  if (!r.ok()) return r.status();
  return m;
}

std::string encode_leaf_model(const LeafModel& m) {
  // One round's weights a line, so a diff of a refit reads by round.
  std::string out = "{\n  \"format\": 1,\n";
  out += "  \"trained_by\": " + json(m.trained_by).dump() + ",\n";
  out += "  \"terms\": " +
         json(std::vector<std::string>(kWorthTermNames.begin(), kWorthTermNames.end())).dump() +
         ",\n  \"weights\": {\n";
  for (int players = kLeafMinPlayers; players <= kLeafMaxPlayers; ++players) {
    out += fmt::format("    \"{}\": [\n", players);
    for (int round = 1; round <= kLeafRounds; ++round) {
      const WorthTerms& w = m.at(players, round);
      out += "      [";
      for (size_t t = 0; t < kNumWorthTerms; ++t)
        out += fmt::format("{}{:.6f}", t ? ", " : "", w[t]);
      out += round < kLeafRounds ? "],\n" : "]\n";
    }
    out += players < kLeafMaxPlayers ? "    ],\n" : "    ]\n";
  }
  out += "  }\n}\n";
  return out;
}

Result<const LeafModel*> shipped_leaf_model() {
  static const Result<LeafModel> loaded =
      decode_data_file<LeafModel>("goa/leaf_model.json", decode_leaf_model);
  if (!loaded) return loaded.status();
  return &loaded.value();
}

void softmax_chances(const WorthTerms& w, const std::vector<WorthTerms>& terms,
                     std::vector<double>& out) {
  out.resize(terms.size());
  double top = -1e300;
  for (size_t p = 0; p < terms.size(); ++p) {
    double score = 0;
    for (size_t t = 0; t < kNumWorthTerms; ++t) score += w[t] * terms[p][t];
    out[p] = score;
    top = std::max(top, score);
  }
  double sum = 0;
  for (double& v : out) sum += v = std::exp(v - top);  // no overflow
  for (double& v : out) v /= sum;
}

std::vector<double> learned_leaf_values(const LeafModel& model, const GoaState& s) {
  const int n = s.num_seats();
  std::vector<double> out(static_cast<size_t>(n), 0.0);
  if (s.is_terminal()) {
    const auto r = s.returns();
    for (size_t p = 0; p < out.size(); ++p) out[p] = r[p] > 0 ? 1 : 0;
    return out;
  }
  softmax_chances(model.at(n, s.round()), seat_worth_terms(s), out);
  return out;
}

}  // namespace meeple::goa
