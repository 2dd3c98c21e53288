#include "cli/arena.h"

#include <fmt/format.h>

#include <algorithm>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>

#include "ai/bot.h"
#include "ai/careless.h"
#include "ai/ismcts.h"
#include "cli/external_bot.h"
#include "core/decision.h"
#include "core/match.h"

namespace meeple::cli {

namespace {

using Clock = std::chrono::steady_clock;

constexpr const char* kAgentForms =
    "expected random, heuristic, level:N or N (0..10), level:N@SECONDS, ismcts:N (iterations), "
    "careless:P (the heuristic, P % of its moves random), careless:P:SPEC (SPEC one of the "
    "built-in forms above, P % of its moves random), reuse:SPEC (level:N or ismcts:N keeping its "
    "search tree between decisions), noreuse:SPEC (the same searching each decision afresh), or "
    "cmd:COMMAND, optionally as LABEL=SPEC";

bool valid_label(const std::string& s) {
  if (s.empty() || s.size() > 40) return false;
  for (char c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' && c != '.') {
      return false;
    }
  }
  return true;
}

Result<int> parse_level(const std::string& text, const std::string& whole) {
  if (text.empty() || text.size() > 2 ||
      text.find_first_not_of("0123456789") != std::string::npos) {
    return invalid_argument("agent \"" + whole + "\": " + kAgentForms);
  }
  const int level = std::stoi(text);
  if (level < kMinLevel || level > kMaxLevel) {
    return invalid_argument(
        fmt::format("agent \"{}\": level must be {}..{}", whole, kMinLevel, kMaxLevel));
  }
  return level;
}

// The S of level:N@S: a plain decimal number of seconds, 0.001..600.
Result<double> parse_seconds(const std::string& text, const std::string& whole) {
  const auto bad = [&] {
    return invalid_argument("agent \"" + whole +
                            "\": level:N@SECONDS needs seconds a move, 0.001..600 (e.g. 0.25)");
  };
  if (text.empty() || text.size() > 12 ||
      text.find_first_not_of("0123456789.") != std::string::npos ||
      std::count(text.begin(), text.end(), '.') > 1 || text == ".")
    return bad();
  const double seconds = std::stod(text);
  if (!(seconds >= 0.001 && seconds <= 600)) return bad();
  return seconds;
}

// The prefix that asks for `reuse` ("reuse:" or "noreuse:"), without its colon.
std::string reuse_prefix(AgentSpec::Reuse reuse) {
  return reuse == AgentSpec::Reuse::kKeep ? "reuse" : "noreuse";
}

// "level3", "level7@0.25", "random", "heuristic", or for a program the name of its script
// ("cmd:python3 bots/corner_bot.py" -> "corner_bot").
std::string default_label(const AgentSpec& a) {
  if (a.reuse != AgentSpec::Reuse::kAsLevel) {
    const std::string prefix = reuse_prefix(a.reuse);
    AgentSpec inner = a;
    inner.reuse = AgentSpec::Reuse::kAsLevel;
    inner.spec = a.spec.substr(prefix.size() + 1);
    return prefix + "-" + default_label(inner);
  }
  if (a.careless > 0) {
    const std::string c = "careless" + std::to_string(a.careless);
    if (a.heuristic) return c;  // careless:P
    AgentSpec inner = a;
    inner.careless = 0;
    inner.spec = a.spec.substr(a.spec.find(':', 9) + 1);
    return c + "-" + default_label(inner);
  }
  if (a.ismcts > 0) return "ismcts" + std::to_string(a.ismcts);
  if (a.command.empty()) {
    if (a.spec == "random" || a.spec == "heuristic") return a.spec;
    std::string label = "level" + std::to_string(a.level);
    if (a.seconds > 0) label += "@" + a.spec.substr(a.spec.find('@') + 1);
    return label;
  }
  std::string pick;
  size_t i = 0;
  while (i < a.command.size()) {
    const size_t end = std::min(a.command.find(' ', i), a.command.size());
    std::string word = a.command.substr(i, end - i);
    if (!word.empty() && (pick.empty() || word.find_first_of("/.") != std::string::npos)) {
      pick = word;
    }
    i = end + 1;
  }
  pick = pick.substr(pick.find_last_of('/') == std::string::npos ? 0 : pick.find_last_of('/') + 1);
  if (const size_t dot = pick.find('.'); dot != std::string::npos && dot > 0) pick.resize(dot);
  std::string label;
  for (char c : pick) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-') label += c;
  }
  return label.empty() ? "program" : label.substr(0, 40);
}

// The seed of seat `seat`'s bot in the game with match seed `game_seed`.
uint64_t bot_seed(uint64_t game_seed, Seat seat) {
  return mix64(mix64(game_seed, 0x626f74 /* "bot" */), static_cast<uint64_t>(seat));
}

// A seat's agent for one game: a built-in bot, or a program.
struct SeatAgent {
  std::unique_ptr<Bot> bot;
  ExternalBot* external = nullptr;  // == bot.get() for a program
};

Result<SeatAgent> make_agent(const Game& game, const ArenaConfig& config, const AgentSpec& spec,
                             Seat seat, uint64_t game_seed) {
  SeatAgent agent;
  if (!spec.command.empty()) {
    const json start = {{"cmd", "start"},
                        {"protocol", 1},
                        {"game", config.game},
                        {"options", game.options()},
                        {"num_seats", game.num_seats()},
                        {"seat", seat},
                        {"seed", std::to_string(bot_seed(game_seed, seat))},
                        {"move_timeout_ms", config.move_timeout.count()}};
    auto external = std::make_unique<ExternalBot>(spec.command, start, config.move_timeout);
    agent.external = external.get();
    agent.bot = std::move(external);
    return agent;
  }
  const int level = spec.heuristic ? heuristic_level(game.info().name) : spec.level;
  Result<std::unique_ptr<Bot>> bot = std::unique_ptr<Bot>();
  if (spec.ismcts > 0) {
    IsmctsOptions options;
    options.iterations = spec.ismcts;
    bot =
        std::unique_ptr<Bot>(std::make_unique<IsmctsBot>(game, options, bot_seed(game_seed, seat)));
  } else {
    bot = make_bot(game, level, bot_seed(game_seed, seat));
    if (!bot) return bot.status();
  }
  if (spec.careless > 0) {
    // The same seed as a level made careless (ai/careless.h), so that
    // careless:P:level:N with a level's P is that level.
    agent.bot = make_careless(std::move(*bot), spec.careless / 100.0, bot_seed(game_seed, seat),
                              fmt::format("careless:{}", spec.careless));
    return agent;
  }
  if (spec.reuse != AgentSpec::Reuse::kAsLevel &&
      !(*bot)->keep_search_tree(spec.reuse == AgentSpec::Reuse::kKeep)) {
    return invalid_argument(fmt::format(
        "agent \"{}\": {}'s level {} keeps no search tree, so {}: cannot keep or drop it (the "
        "ISMCTS levels and ismcts:N can)",
        spec.spec, game.info().name, level, reuse_prefix(spec.reuse)));
  }
  if (spec.seconds > 0 && !(*bot)->limit_move_seconds(spec.seconds)) {
    return invalid_argument(
        fmt::format("agent \"{}\": {}'s level {} is not limited by time, so @SECONDS cannot set it "
                    "(Reversi's levels can)",
                    spec.spec, game.info().name, level));
  }
  agent.bot = std::move(*bot);
  return agent;
}

}  // namespace

Result<AgentSpec> parse_agent(const std::string& text) {
  AgentSpec a;
  a.spec = text;
  const size_t eq = text.find('=');
  const size_t colon = text.find(':');
  if (eq != std::string::npos && (colon == std::string::npos || eq < colon)) {
    a.label = text.substr(0, eq);
    a.spec = text.substr(eq + 1);
    if (!valid_label(a.label)) {
      return invalid_argument("agent \"" + text +
                              "\": a label is 1-40 letters, digits, '_', '-' or '.'");
    }
  }
  const std::string& s = a.spec;
  if (s == "random") {
    a.level = 0;
  } else if (s == "heuristic") {
    a.heuristic = true;
  } else if (s.rfind("level:", 0) == 0) {
    const size_t at = s.find('@');
    auto level =
        parse_level(s.substr(6, at == std::string::npos ? std::string::npos : at - 6), text);
    if (!level) return level.status();
    a.level = *level;
    if (at != std::string::npos) {
      auto seconds = parse_seconds(s.substr(at + 1), text);
      if (!seconds) return seconds.status();
      a.seconds = *seconds;
    }
  } else if (s.rfind("ismcts:", 0) == 0) {
    const std::string n = s.substr(7);
    if (n.empty() || n.size() > 7 || n.find_first_not_of("0123456789") != std::string::npos ||
        std::stoi(n) < 1) {
      return invalid_argument("agent \"" + text + "\": ismcts:N needs 1..9999999 iterations");
    }
    a.ismcts = std::stoi(n);
  } else if (s.rfind("careless:", 0) == 0) {
    // Between a player and random play: where a game's levels are
    // calibrated (docs/bots.md). careless:P is the heuristic; careless:P:SPEC
    // any other built-in player.
    const size_t colon2 = s.find(':', 9);
    const std::string p = s.substr(9, colon2 == std::string::npos ? std::string::npos : colon2 - 9);
    if (p.empty() || p.size() > 3 || p.find_first_not_of("0123456789") != std::string::npos ||
        std::stoi(p) < 1 || std::stoi(p) > 100) {
      return invalid_argument("agent \"" + text + "\": careless:P needs a percentage 1..100");
    }
    if (colon2 == std::string::npos) {
      a.heuristic = true;
    } else {
      const std::string inner_text = s.substr(colon2 + 1);
      auto inner = parse_agent(inner_text);
      if (!inner) return invalid_argument("agent \"" + text + "\": " + inner.status().message());
      if (!inner->command.empty() || inner->careless > 0 || inner->seconds > 0 ||
          inner->reuse != AgentSpec::Reuse::kAsLevel || inner_text.find('=') != std::string::npos) {
        return invalid_argument("agent \"" + text +
                                "\": careless:P:SPEC needs a built-in SPEC: random, heuristic, "
                                "level:N, N or ismcts:N");
      }
      a.level = inner->level;
      a.heuristic = inner->heuristic;
      a.ismcts = inner->ismcts;
    }
    a.careless = std::stoi(p);
  } else if (s.rfind("reuse:", 0) == 0 || s.rfind("noreuse:", 0) == 0) {
    // The same player keeping its search tree between decisions, or
    // searching each afresh (ai/ismcts.h), to measure what tree reuse is
    // worth.
    const auto reuse = s[0] == 'r' ? AgentSpec::Reuse::kKeep : AgentSpec::Reuse::kDrop;
    const std::string prefix = reuse_prefix(reuse);
    const std::string inner_text = s.substr(prefix.size() + 1);
    auto inner = parse_agent(inner_text);
    if (!inner) return invalid_argument("agent \"" + text + "\": " + inner.status().message());
    if ((inner->level < 1 && inner->ismcts == 0) || inner->careless > 0 || inner->heuristic ||
        inner->seconds > 0 || inner->reuse != AgentSpec::Reuse::kAsLevel ||
        inner_text.find('=') != std::string::npos) {
      return invalid_argument("agent \"" + text + "\": " + prefix +
                              ":SPEC needs a searching SPEC: level:N, N (1..10) or ismcts:N");
    }
    a.level = inner->level;
    a.ismcts = inner->ismcts;
    a.reuse = reuse;
  } else if (s.rfind("cmd:", 0) == 0) {
    a.command = s.substr(4);
    if (a.command.find_first_not_of(' ') == std::string::npos) {
      return invalid_argument("agent \"" + text + "\": cmd: needs a command to run");
    }
  } else {
    auto level = parse_level(s, text);
    if (!level) return level.status();
    a.level = *level;
  }
  if (a.label.empty()) a.label = default_label(a);
  return a;
}

void resolve_arena_defaults(const Game& game, ArenaConfig& config) {
  // A game without a length bound (Risk between weak players) needs a stop.
  if (config.max_moves <= 0) config.max_moves = game.metadata().practical_game_length;
  if (config.opening_moves < 0) config.opening_moves = game.info().has_chance ? 0 : 8;
}

bool same_agent(const AgentSpec& a, const AgentSpec& b) {
  return a.label == b.label && a.spec == b.spec;
}

int arena_rotations(const std::vector<AgentSpec>& agents) {
  const int n = static_cast<int>(agents.size());
  for (int r = 1; r < n; ++r) {
    if (n % r != 0) continue;
    bool same = true;
    for (int j = 0; j < n && same; ++j)
      same = same_agent(agents[static_cast<size_t>(j)], agents[static_cast<size_t>((j + r) % n)]);
    if (same) return r;
  }
  return std::max(n, 1);
}

int arena_rotations(const ArenaConfig& config) {
  return config.rotations > 0 ? config.rotations : arena_rotations(config.agents);
}

uint64_t arena_game_seed(uint64_t seed, int index, int rotations) {
  return mix64(seed, static_cast<uint64_t>(index / rotations));
}

std::vector<int> arena_seating(int index, int num_seats, int rotations) {
  // Agent j sits at seat (j + r) % n in game r of a deal.
  const int r = index % rotations;
  std::vector<int> seating(num_seats);
  for (int seat = 0; seat < num_seats; ++seat) seating[seat] = (seat - r + num_seats) % num_seats;
  return seating;
}

GameRecord play_arena_game(const std::shared_ptr<const Game>& game_ptr, const ArenaConfig& config,
                           int index) {
  const Game& game = *game_ptr;
  const auto t0 = Clock::now();
  const int n = game.num_seats();
  GameRecord rec;
  rec.index = index;
  const int rotations = arena_rotations(config);
  rec.seed = arena_game_seed(config.seed, index, rotations);
  rec.seating = arena_seating(index, n, rotations);
  rec.thinking.assign(static_cast<size_t>(n), Thinking{});
  Match match = Match::start(game_ptr, rec.seed);
  const auto forfeit = [&rec](Seat seat, std::string why) {
    rec.end = "forfeit";
    rec.forfeit_seat = seat;
    rec.error = std::move(why);
  };
  std::vector<SeatAgent> agents;
  for (Seat seat = 0; seat < n; ++seat) {
    auto agent = make_agent(game, config, config.agents[rec.seating[seat]], seat, rec.seed);
    if (!agent) {
      forfeit(seat, agent.status().message());
      return rec;
    }
    agents.push_back(std::move(*agent));
  }
  // The deal's opening: random moves from an RNG of the deal's seed.
  Rng opening(mix64(rec.seed, 0x6f70656e /* "open" */));
  std::vector<Action> legal;
  for (int k = 0; k < config.opening_moves; ++k) {
    match.resolve_chance();
    if (match.state().is_terminal()) break;
    match.state().legal_actions(legal);
    (void)match.act(legal[opening.below(legal.size())]);
  }
  for (;;) {
    match.resolve_chance();
    const State& s = match.state();
    if (s.is_terminal()) {
      rec.end = "finished";
      rec.returns = s.returns();
      rec.scores = s.scores();
      break;
    }
    if (config.max_moves > 0 && static_cast<int64_t>(match.log().size()) >= config.max_moves) {
      rec.end = "move_limit";
      break;
    }
    const Seat seat = s.current_player();
    const Decision d(game, s);
    SeatAgent& agent = agents[seat];
    const auto asked = Clock::now();
    const Action a = agent.bot->choose(d);
    Thinking& thinking = rec.thinking[static_cast<size_t>(seat)];
    thinking.seconds += std::chrono::duration<double>(Clock::now() - asked).count();
    ++thinking.decisions;
    if (a == kInvalidAction || !d.is_legal(a)) {
      forfeit(seat, agent.external && !agent.external->error().empty()
                        ? agent.external->error()
                        : fmt::format("{} chose {}, which is not legal", agent.bot->name(), a));
      break;
    }
    if (Status st = match.act(a); !st.is_ok()) {  // cannot happen after is_legal
      forfeit(seat, st.message());
      break;
    }
  }
  rec.moves = static_cast<int64_t>(match.log().size());
  rec.hash = hash_to_hex(match.state().hash());
  json end = {{"cmd", "end"}, {"end", rec.end}};
  if (rec.end == "finished") {
    end["returns"] = rec.returns;
    end["scores"] = rec.scores;
  }
  for (auto& agent : agents) {
    if (agent.external) agent.external->finish(end);
  }
  if (!config.logs_dir.empty()) {
    rec.log = fmt::format("game-{:06d}.json", index);
    std::ofstream out(std::filesystem::path(config.logs_dir) / rec.log);
    out << match.log_json().dump() << "\n";
    if (!out) {
      rec.error += (rec.error.empty() ? "" : "; ") + std::string("could not write the log");
      rec.log.clear();
    }
  }
  rec.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return rec;
}

Result<std::vector<GameRecord>> run_arena(const ArenaConfig& config, const Registry& registry,
                                          const std::function<void(int, int)>& progress) {
  auto game = registry.create(config.game, config.options);
  if (!game) return game.status();
  ArenaConfig run = config;
  resolve_arena_defaults(**game, run);
  if (static_cast<int>(config.agents.size()) != (*game)->num_seats()) {
    return invalid_argument(fmt::format("{} has {} seats; give one --agent per seat (got {})",
                                        config.game, (*game)->num_seats(), config.agents.size()));
  }
  for (const auto& x : config.agents) {
    for (const auto& y : config.agents) {
      if (x.label == y.label && x.spec != y.spec) {
        return invalid_argument("agents \"" + x.spec + "\" and \"" + y.spec +
                                "\" share the label " + x.label +
                                "; name them apart with LABEL=SPEC");
      }
    }
  }
  if (config.shards < 1 || config.shard < 0 || config.shard >= config.shards) {
    return invalid_argument(
        fmt::format("shard {}/{}: expected K/N with 0 <= K < N", config.shard, config.shards));
  }
  // A time limit or a kept tree the game's bots cannot take is refused
  // before any game, not forfeited in every one.
  for (const auto& a : config.agents) {
    if (a.seconds <= 0 && a.reuse == AgentSpec::Reuse::kAsLevel) continue;
    auto probe = make_agent(**game, run, a, 0, 0);
    if (!probe) return probe.status();
  }
  if (!config.logs_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(config.logs_dir, ec);
    if (ec) return invalid_argument("--logs " + config.logs_dir + ": " + ec.message());
  }
  std::vector<int> indexes;
  for (int i = config.shard; i < config.games; i += config.shards) indexes.push_back(i);
  std::vector<GameRecord> records(indexes.size());
  std::atomic<size_t> next{0};
  std::atomic<int> done{0};
  std::mutex mu;
  std::condition_variable cv;
  const int threads = std::max(1, std::min<int>(config.threads, static_cast<int>(indexes.size())));
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t) {
    workers.emplace_back([&] {
      for (size_t k; (k = next.fetch_add(1)) < indexes.size();) {
        records[k] = play_arena_game(*game, run, indexes[k]);
        done.fetch_add(1);
        cv.notify_one();
      }
    });
  }
  const int total = static_cast<int>(indexes.size());
  {
    std::unique_lock lock(mu);
    auto next_report = Clock::now();
    while (done.load() < total) {
      cv.wait_for(lock, std::chrono::milliseconds(200));
      const int d = done.load();
      if (progress && d < total && Clock::now() >= next_report) {
        progress(d, total);
        next_report = Clock::now() + std::chrono::milliseconds(200);
      }
    }
  }
  for (auto& w : workers) w.join();
  if (progress) progress(total, total);
  return records;
}

}  // namespace meeple::cli
