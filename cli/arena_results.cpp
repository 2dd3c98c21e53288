#include "cli/arena_results.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "core/json_reader.h"
#include "core/rng.h"

namespace meeple::cli {

namespace {

constexpr double kZ95 = 1.959963984540054;

enum class Outcome { kWin, kDraw, kLoss };

// Each seat's outcome in a game (the rules in the header).
std::vector<Outcome> outcomes(const GameRecord& r, int n) {
  std::vector<Outcome> out(n, Outcome::kDraw);
  if (r.end == "forfeit") {
    for (int s = 0; s < n; ++s) out[s] = s == r.forfeit_seat ? Outcome::kLoss : Outcome::kWin;
  } else if (r.end == "finished" && static_cast<int>(r.returns.size()) == n) {
    const auto [lo, hi] = std::minmax_element(r.returns.begin(), r.returns.end());
    if (*lo != *hi) {
      for (int s = 0; s < n; ++s) out[s] = r.returns[s] == *hi ? Outcome::kWin : Outcome::kLoss;
    }
  }
  return out;
}

// 1 if seat a beat seat b, 0.5 for a draw, 0 if b beat a.
double pair_score(const GameRecord& r, int a, int b) {
  if (r.end == "forfeit") {
    if (a == r.forfeit_seat) return 0;
    if (b == r.forfeit_seat) return 1;
    return 0.5;
  }
  if (r.end != "finished" || r.returns.empty()) return 0.5;
  if (r.returns[a] > r.returns[b]) return 1;
  if (r.returns[a] < r.returns[b]) return 0;
  return 0.5;
}

// Distinct labels in config order; agent_label[i] = index of agents[i]'s label.
std::vector<std::string> labels_of(const ArenaConfig& c, std::vector<int>& agent_label) {
  std::vector<std::string> labels;
  for (const auto& a : c.agents) {
    auto it = std::find(labels.begin(), labels.end(), a.label);
    agent_label.push_back(static_cast<int>(it - labels.begin()));
    if (it == labels.end()) labels.push_back(a.label);
  }
  return labels;
}

// Bradley-Terry strengths by Hunter's MM iteration; wins[i][j] counts i's
// points against j, games[i][j] the pairings.
std::vector<double> bradley_terry(std::vector<std::vector<double>> wins,
                                  std::vector<std::vector<double>> games) {
  const size_t k = wins.size();
  for (size_t i = 0; i < k; ++i) {
    for (size_t j = 0; j < k; ++j) {
      if (i != j && games[i][j] > 0) {  // one virtual draw keeps ratings finite
        wins[i][j] += 0.5;
        games[i][j] += 1;
      }
    }
  }
  std::vector<double> gamma(k, 1.0);
  for (int iter = 0; iter < 10000; ++iter) {
    double change = 0;
    for (size_t i = 0; i < k; ++i) {
      double w = 0, denom = 0;
      for (size_t j = 0; j < k; ++j) {
        if (i == j || games[i][j] == 0) continue;
        w += wins[i][j];
        denom += games[i][j] / (gamma[i] + gamma[j]);
      }
      if (denom == 0) continue;
      const double next = w / denom;
      change = std::max(change, std::abs(std::log(next / gamma[i])));
      gamma[i] = next;
    }
    if (change < 1e-10) break;
  }
  return gamma;
}

std::string percent(double p) {
  return fmt::format("{:.1f}%", 100 * p);
}

std::string signed_elo(double e) {
  const long r = std::lround(e);
  return r > 0 ? fmt::format("+{}", r) : fmt::format("{}", r);
}

}  // namespace

std::pair<double, double> wilson_interval(double p, int n) {
  if (n <= 0) return {0, 1};
  const double z2 = kZ95 * kZ95, nn = n;
  const double center = (p + z2 / (2 * nn)) / (1 + z2 / nn);
  const double half = kZ95 * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
  return {std::max(0.0, center - half), std::min(1.0, center + half)};
}

double elo_from_score(double p) {
  p = std::clamp(p, 1e-4, 1 - 1e-4);
  return 400 * std::log10(p / (1 - p));
}

ArenaSummary summarize(const ArenaConfig& config, const GameMetadata& metadata,
                       const std::vector<GameRecord>& records) {
  ArenaSummary sum;
  sum.games_expected = config.games;
  std::vector<int> agent_label;
  const auto labels = labels_of(config, agent_label);
  const size_t k = labels.size();
  const int n = static_cast<int>(config.agents.size());
  const double seat_share =
      1.0 / std::max<size_t>(1, metadata.teams.empty() ? n : metadata.teams.size());
  sum.agents.resize(k);
  for (size_t l = 0; l < k; ++l) {
    sum.agents[l].label = labels[l];
    for (size_t i = 0; i < config.agents.size(); ++i) {
      if (agent_label[i] == static_cast<int>(l)) {
        sum.agents[l].spec = config.agents[i].spec;
        break;
      }
    }
    sum.agents[l].seat_share = seat_share;
  }
  std::vector<std::vector<double>> wins(k, std::vector<double>(k, 0)), games = wins;
  for (const auto& r : records) {
    ++sum.games_played;
    sum.finished += r.end == "finished";
    sum.move_limit += r.end == "move_limit";
    sum.forfeits += r.end == "forfeit";
    sum.moves += r.moves;
    sum.seconds += r.seconds;
    const auto out = outcomes(r, n);
    for (int s = 0; s < n; ++s) {
      AgentResult& a = sum.agents[agent_label[r.seating[s]]];
      ++a.games;
      a.wins += out[s] == Outcome::kWin;
      a.draws += out[s] == Outcome::kDraw;
      a.losses += out[s] == Outcome::kLoss;
      if (static_cast<size_t>(s) < r.thinking.size()) {
        a.think_seconds += r.thinking[static_cast<size_t>(s)].seconds;
        a.decisions += r.thinking[static_cast<size_t>(s)].decisions;
      }
      for (int t = 0; t < n; ++t) {
        const int i = agent_label[r.seating[s]], j = agent_label[r.seating[t]];
        if (t == s || i == j) continue;
        wins[i][j] += pair_score(r, s, t);
        games[i][j] += 1;
      }
    }
  }
  const auto gamma = bradley_terry(wins, games);
  for (size_t l = 0; l < k; ++l) {
    AgentResult& a = sum.agents[l];
    if (a.games > 0) {
      a.score = (a.wins + 0.5 * a.draws) / a.games;
      a.win_share = static_cast<double>(a.wins) / a.games;
    }
    std::tie(a.score_low, a.score_high) = wilson_interval(a.score, a.games);
    a.elo = 400 * std::log10(gamma[l] / gamma[0]);
    a.elo_low = a.elo_high = a.elo;
  }
  if (k == 2 && n == 2 && sum.agents[1].games > 0) {
    // Two agents in a two-seat game: the second's score is its score against
    // the first, so its Wilson interval gives the Elo difference's.
    AgentResult& b = sum.agents[1];
    b.elo_low = elo_from_score(b.score_low);
    b.elo_high = elo_from_score(b.score_high);
    // The anchor's interval stays [0, 0]: it is 0 by definition.
  }
  return sum;
}

std::string format_table(const ArenaConfig& config, const ArenaSummary& sum) {
  std::string out = fmt::format(
      "{} {}, {} of {} games (seed {}{}): {} finished, {} at the move limit, {} forfeits\n",
      config.game, config.options.dump(), sum.games_played, sum.games_expected, config.seed,
      config.opening_moves > 0 ? fmt::format(", {} random opening moves", config.opening_moves)
                               : "",
      sum.finished, sum.move_limit, sum.forfeits);
  const bool multi = config.agents.size() > 2;
  out += fmt::format("{:<16} {:>6} {:>6} {:>5} {:>6}  {:>6}  {:<15}", "agent", "games", "W", "D",
                     "L", "score", "95% interval");
  if (multi) out += fmt::format(" {:>7} {:>6}", "win %", "seat %");
  const bool elo_interval = sum.agents.size() == 2 && config.agents.size() == 2;
  out += fmt::format(" {:>7} {:>6}  {}\n", "s/move", "Elo", elo_interval ? "95% interval" : "");
  for (const auto& a : sum.agents) {
    out += fmt::format("{:<16} {:>6} {:>6} {:>5} {:>6}  {:>6}  {:<15}", a.label, a.games, a.wins,
                       a.draws, a.losses, percent(a.score),
                       fmt::format("[{}, {}]", percent(a.score_low), percent(a.score_high)));
    if (multi) out += fmt::format(" {:>7} {:>6}", percent(a.win_share), percent(a.seat_share));
    out += fmt::format(" {:>7} {:>6}",
                       a.decisions > 0 ? fmt::format("{:.4f}", a.seconds_a_move()) : "-",
                       signed_elo(a.elo));
    if (elo_interval && &a != &sum.agents[0]) {
      out += fmt::format("  [{}, {}]", signed_elo(a.elo_low), signed_elo(a.elo_high));
    }
    out += "\n";
  }
  out += fmt::format("Elo relative to {}; {:.1f} moves a game on average\n",
                     sum.agents.empty() ? "" : sum.agents[0].label,
                     sum.games_played ? static_cast<double>(sum.moves) / sum.games_played : 0.0);
  return out;
}

namespace {

json config_json(const ArenaConfig& c) {
  json agents = json::array();
  for (const auto& a : c.agents) agents.push_back({{"label", a.label}, {"spec", a.spec}});
  return {{"version", 2},
          {"game", c.game},
          {"options", c.options},
          {"agents", agents},
          {"games", c.games},
          {"seed", std::to_string(c.seed)},
          {"max_moves", c.max_moves},
          {"opening_moves", c.opening_moves},
          {"move_timeout_ms", c.move_timeout.count()},
          {"shard", c.shard},
          {"shards", c.shards},
          {"rotations", arena_rotations(c)}};
}

json record_json(const GameRecord& r) {
  json j = {
      {"index", r.index}, {"seed", std::to_string(r.seed)}, {"seating", r.seating}, {"end", r.end},
      {"moves", r.moves}, {"seconds", r.seconds},           {"hash", r.hash}};
  if (r.end == "finished") {
    j["returns"] = r.returns;
    j["scores"] = r.scores;
  }
  if (r.forfeit_seat >= 0) j["forfeit_seat"] = r.forfeit_seat;
  if (!r.error.empty()) j["error"] = r.error;
  if (!r.log.empty()) j["log"] = r.log;
  // Two arrays by seat, as files have held them since they were recorded.
  if (!r.thinking.empty()) {
    json seconds = json::array(), decisions = json::array();
    for (const Thinking& t : r.thinking) {
      seconds.push_back(t.seconds);
      decisions.push_back(t.decisions);
    }
    j["think_seconds"] = std::move(seconds);
    j["decisions"] = std::move(decisions);
  }
  return j;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

}  // namespace

json arena_json(const ArenaConfig& config, const ArenaSummary& sum,
                const std::vector<GameRecord>& records) {
  json recs = json::array();
  for (const auto& r : records) recs.push_back(record_json(r));
  json agents = json::array();
  for (const auto& a : sum.agents) {
    agents.push_back({{"label", a.label},
                      {"spec", a.spec},
                      {"games", a.games},
                      {"wins", a.wins},
                      {"draws", a.draws},
                      {"losses", a.losses},
                      {"score", a.score},
                      {"score_interval", {a.score_low, a.score_high}},
                      {"win_share", a.win_share},
                      {"seat_share", a.seat_share},
                      {"elo", a.elo},
                      {"elo_interval", {a.elo_low, a.elo_high}},
                      {"think_seconds", a.think_seconds},
                      {"decisions", a.decisions},
                      {"seconds_a_move", a.seconds_a_move()}});
  }
  return {{"arena", config_json(config)},
          {"records", recs},
          {"results",
           {{"games_played", sum.games_played},
            {"finished", sum.finished},
            {"move_limit", sum.move_limit},
            {"forfeits", sum.forfeits},
            {"agents", agents}}}};
}

std::string arena_csv(const ArenaConfig& config, const std::vector<GameRecord>& records) {
  const size_t n = config.agents.size();
  std::string out = "index,seed,end,moves,seconds";
  for (size_t s = 0; s < n; ++s) {
    out += fmt::format(",seat{}_agent,seat{}_return,seat{}_think_seconds,seat{}_decisions", s, s, s,
                       s);
  }
  out += ",forfeit_seat,error,log\n";
  for (const auto& r : records) {
    out += fmt::format("{},{},{},{},{:.3f}", r.index, r.seed, r.end, r.moves, r.seconds);
    for (size_t s = 0; s < n; ++s) {
      // Appended piece by piece: GCC 12 -O3 warns (wrongly) on "," + s + ",".
      out += ',';
      out += csv_field(config.agents[r.seating[s]].label);
      out += ',';
      if (s < r.returns.size()) out += fmt::format("{}", r.returns[s]);
      out += ',';
      if (s < r.thinking.size()) out += fmt::format("{:.4f}", r.thinking[s].seconds);
      out += ',';
      if (s < r.thinking.size()) out += fmt::format("{}", r.thinking[s].decisions);
    }
    out += fmt::format(",{},{},{}\n", r.forfeit_seat >= 0 ? std::to_string(r.forfeit_seat) : "",
                       csv_field(r.error), csv_field(r.log));
  }
  return out;
}

namespace {

constexpr int kMaxDocumentDepth = 32;
constexpr int64_t kMaxRecordMoves = 10'000'000'000;

// Reads an "arena" object back into a config (without re-deriving labels).
ArenaConfig read_config(JsonReader& rd, const json& a) {
  ArenaConfig c;
  rd.object(a, "/arena",
            {"version", "game", "options", "agents", "games", "seed", "max_moves", "opening_moves",
             "move_timeout_ms", "shard", "shards"},
            {"rotations"});
  if (!rd.ok()) return c;
  const int64_t version = rd.integer(rd.at(a, "version"), "/arena/version", 1, 2, "version 1 or 2");
  c.game = rd.string(rd.at(a, "game"), "/arena/game");
  c.options = rd.at(a, "options");
  if (!c.options.is_object()) rd.fail("/arena/options", "an object", &c.options);
  const json& agents = rd.at(a, "agents");
  if (!agents.is_array() || agents.empty() || agents.size() > 64) {
    rd.fail("/arena/agents", "an array of 1-64 agents", &agents);
    return c;
  }
  for (size_t i = 0; i < agents.size() && rd.ok(); ++i) {
    const std::string path = fmt::format("/arena/agents/{}", i);
    rd.object(agents[i], path, {"label", "spec"});
    if (!rd.ok()) break;
    AgentSpec s;
    s.label = rd.string(rd.at(agents[i], "label"), path + "/label");
    s.spec = rd.string(rd.at(agents[i], "spec"), path + "/spec");
    c.agents.push_back(s);
  }
  c.games = static_cast<int>(rd.integer(rd.at(a, "games"), "/arena/games", 1, 100000000));
  const json& seed = rd.at(a, "seed");
  if (seed.is_string()) {
    auto s = Rng::parse(seed.get<std::string>());
    if (s)
      c.seed = *s;
    else
      rd.fail("/arena/seed", "a decimal seed", &seed);
  } else {
    rd.fail("/arena/seed", "a decimal seed as a string", &seed);
  }
  c.max_moves = rd.integer(rd.at(a, "max_moves"), "/arena/max_moves", 0, INT64_MAX);
  c.opening_moves =
      static_cast<int>(rd.integer(rd.at(a, "opening_moves"), "/arena/opening_moves", -1, 1000));
  c.move_timeout = std::chrono::milliseconds(
      rd.integer(rd.at(a, "move_timeout_ms"), "/arena/move_timeout_ms", 1, INT32_MAX));
  c.shards = static_cast<int>(rd.integer(rd.at(a, "shards"), "/arena/shards", 1, 1000000));
  c.shard = static_cast<int>(rd.integer(rd.at(a, "shard"), "/arena/shard", 0, c.shards - 1));
  // Version 1 dealt num_seats games a deal whatever the agents; version 2
  // as many as there are distinct rotations, which it records.
  const int seats = static_cast<int>(c.agents.size());
  if (version == 1) {
    if (a.contains("rotations"))
      rd.fail("/arena/rotations", "no rotations in version 1", &a["rotations"]);
    c.rotations = seats;
  } else if (rd.ok()) {
    const json& r = rd.at(a, "rotations");
    c.rotations =
        static_cast<int>(rd.integer(r, "/arena/rotations", 1, seats, "the games of a deal"));
    if (rd.ok() && seats % c.rotations != 0)
      rd.fail("/arena/rotations", "a divisor of the number of seats", &r);
  }
  return c;
}

GameRecord read_record(JsonReader& rd, const json& j, const std::string& path, int games, int seats,
                       int rotations, uint64_t seed_of_arena) {
  GameRecord r;
  rd.object(j, path, {"index", "seed", "seating", "end", "moves", "seconds", "hash"},
            {"returns", "scores", "forfeit_seat", "error", "log", "think_seconds", "decisions"});
  if (!rd.ok()) return r;
  r.index = static_cast<int>(rd.integer(rd.at(j, "index"), path + "/index", 0, games - 1));
  const json& seed = rd.at(j, "seed");
  auto s = seed.is_string() ? Rng::parse(seed.get<std::string>())
                            : Result<uint64_t>(invalid_argument(""));
  if (s)
    r.seed = *s;
  else
    rd.fail(path + "/seed", "a decimal seed as a string", &seed);
  if (rd.ok() && r.seed != arena_game_seed(seed_of_arena, r.index, rotations)) {
    rd.fail(path + "/seed", "the seed the arena's seed gives this game", &seed);
  }
  const json& seating = rd.at(j, "seating");
  if (rd.array(seating, path + "/seating", seats)) {
    for (int i = 0; i < seats && rd.ok(); ++i) {
      r.seating.push_back(static_cast<int>(
          rd.integer(seating[i], fmt::format("{}/seating/{}", path, i), 0, seats - 1, "an agent")));
    }
    if (rd.ok() && r.seating != arena_seating(r.index, seats, rotations)) {
      rd.fail(path + "/seating", "the rotation the game's index gives", &seating);
    }
  }
  r.hash = rd.string(rd.at(j, "hash"), path + "/hash");
  r.end = rd.string(rd.at(j, "end"), path + "/end");
  if (rd.ok() && r.end != "finished" && r.end != "move_limit" && r.end != "forfeit") {
    rd.fail(path + "/end", "finished, move_limit or forfeit", &rd.at(j, "end"));
  }
  // Bounded so that the sums over up to 10^8 games cannot overflow.
  r.moves = rd.integer(rd.at(j, "moves"), path + "/moves", 0, kMaxRecordMoves,
                       "a number of log entries, 0-10^10");
  const json& secs = rd.at(j, "seconds");
  if (secs.is_number() && secs.get<double>() >= 0)
    r.seconds = secs.get<double>();
  else
    rd.fail(path + "/seconds", "a number of seconds", &secs);
  if (r.end == "finished" && rd.ok()) {
    const json& ret = rd.at(j, "returns");
    if (rd.array(ret, path + "/returns", seats)) {
      for (const auto& v : ret) {
        if (!v.is_number()) {
          rd.fail(path + "/returns", "numbers", &ret);
          break;
        }
        r.returns.push_back(v.get<double>());
      }
    }
    r.scores = rd.at(j, "scores");
  }
  if (r.end == "forfeit" && rd.ok()) {
    r.forfeit_seat = static_cast<int>(
        rd.integer(rd.at(j, "forfeit_seat"), path + "/forfeit_seat", 0, seats - 1));
  }
  // Thinking time: both by seat or neither (files written before it was
  // recorded have neither).
  if (rd.ok() && (j.contains("think_seconds") || j.contains("decisions"))) {
    const json& secs_by_seat = rd.at(j, "think_seconds");
    const json& decisions = rd.at(j, "decisions");
    if (rd.array(secs_by_seat, path + "/think_seconds", seats) &&
        rd.array(decisions, path + "/decisions", seats)) {
      int64_t total = 0;
      for (int i = 0; i < seats && rd.ok(); ++i) {
        const json& t = secs_by_seat[static_cast<size_t>(i)];
        if (!t.is_number() || !(t.get<double>() >= 0)) {
          rd.fail(fmt::format("{}/think_seconds/{}", path, i), "a number of seconds", &t);
          break;
        }
        const int64_t made =
            rd.integer(decisions[static_cast<size_t>(i)], fmt::format("{}/decisions/{}", path, i),
                       0, r.moves, "a number of decisions, at most the game's moves");
        r.thinking.push_back({t.get<double>(), made});
        total += made;
      }
      if (rd.ok() && total > r.moves)
        rd.fail(path + "/decisions", "at most the game's moves in all", &decisions);
    }
  }
  if (j.contains("error")) r.error = rd.string(j["error"], path + "/error");
  if (j.contains("log")) r.log = rd.string(j["log"], path + "/log");
  return r;
}

}  // namespace

Result<MergedArena> merge_arena_documents(const std::vector<std::pair<std::string, json>>& docs) {
  if (docs.empty()) return invalid_argument("merge: no files given");
  MergedArena merged;
  std::map<int, GameRecord> by_index;
  for (size_t f = 0; f < docs.size(); ++f) {
    const auto& [name, doc] = docs[f];
    if (!json_depth_at_most(doc, kMaxDocumentDepth)) {
      return invalid_argument(name +
                              ": nested deeper than 32 arrays and objects; an arena file "
                              "is not");
    }
    JsonReader rd(name);
    rd.object(doc, "", {"arena", "records"}, {"results"});
    ArenaConfig c = rd.ok() ? read_config(rd, doc["arena"]) : ArenaConfig{};
    const json* recs = rd.ok() ? &doc["records"] : nullptr;
    if (rd.ok() && !recs->is_array()) rd.fail("/records", "an array", recs);
    if (!rd.ok()) return rd.status();
    if (f == 0) {
      merged.config = c;
    } else {
      const ArenaConfig& m = merged.config;
      const bool same_agents =
          c.agents.size() == m.agents.size() &&
          std::equal(c.agents.begin(), c.agents.end(), m.agents.begin(), same_agent);
      if (c.game != m.game || c.options != m.options || !same_agents || c.games != m.games ||
          c.seed != m.seed || c.max_moves != m.max_moves || c.opening_moves != m.opening_moves ||
          c.rotations != m.rotations) {
        return invalid_argument(name + ": not a shard of the same arena as " + docs[0].first +
                                " (game, options, agents, games, seed, max_moves, opening_moves "
                                "and the games of a deal must match)");
      }
    }
    const int seats = static_cast<int>(c.agents.size());
    for (size_t i = 0; i < recs->size(); ++i) {
      GameRecord r = read_record(rd, (*recs)[i], fmt::format("/records/{}", i), c.games, seats,
                                 c.rotations, c.seed);
      if (!rd.ok()) return rd.status();
      if (by_index.count(r.index)) {
        return invalid_argument(
            fmt::format("{}: game {} appears twice among the files", name, r.index));
      }
      by_index.emplace(r.index, std::move(r));
    }
  }
  merged.config.shard = 0;
  merged.config.shards = 1;
  for (auto& [i, r] : by_index) merged.records.push_back(std::move(r));
  return merged;
}

}  // namespace meeple::cli
