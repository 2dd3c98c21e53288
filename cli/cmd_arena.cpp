// `meeple arena GAME --agent A --agent B ...`: a tournament between agents
// (cli/arena.h), with a progress bar, a results table (W/D/L, score with its
// 95 % interval, Elo), JSON and CSV output and the match logs.
// `meeple arena merge SHARD.json...` adds up the shards of a big run.
// docs/arena.md is the manual.
#include <fmt/format.h>
#include <unistd.h>

#include <fstream>
#include <iostream>
#include <thread>

#include "all_games/all_games.h"
#include "cli/arena.h"
#include "cli/arena_results.h"
#include "cli/commands.h"
#include "cli/json_input.h"
#include "cli/options.h"

namespace meeple::cli {

namespace {

using Clock = std::chrono::steady_clock;

struct ArenaArgs {
  std::string game;
  GameFlags flags;
  std::vector<std::string> agents;
  int games = 100;
  std::string seed = "1";
  int threads = 0;
  std::string shard = "0/1";
  int64_t max_moves = 0;
  int opening_moves = -1;
  double move_timeout = 10;
  std::string logs, json_out, csv_out;
  bool progress = false, quiet = false;
  std::vector<std::string> merge_files;
};

class ProgressBar {
 public:
  explicit ProgressBar(bool on) : on_(on), t0_(Clock::now()) {}
  void operator()(int done, int total) {
    if (!on_) return;
    const double secs = std::chrono::duration<double>(Clock::now() - t0_).count();
    const double rate = secs > 0 ? done / secs : 0;
    const int width = 30;
    const int filled = total > 0 ? done * width / total : width;
    std::string eta = "--:--";
    if (done > 0 && done < total) {
      const long left = std::lround((total - done) / rate);
      eta = fmt::format("{}:{:02d}:{:02d}", left / 3600, (left / 60) % 60, left % 60);
    } else if (done == total) {
      eta = "done";
    }
    std::cerr << fmt::format("\r{:>6}/{} [{}{}] {:3d}%  {:.1f} games/s  ETA {}   ", done, total,
                             std::string(filled, '#'), std::string(width - filled, '-'),
                             total ? done * 100 / total : 100, rate, eta)
              << std::flush;
    if (done == total) std::cerr << "\n";
  }

 private:
  bool on_;
  Clock::time_point t0_;
};

Status write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  out.close();
  if (!out) return invalid_argument("cannot write " + path);
  return Status::ok();
}

// Prints the table and writes --json/--csv. Returns the exit code.
int report(const ArenaConfig& config, const std::vector<GameRecord>& records, const ArenaArgs& a) {
  auto game = all_games().create(config.game, config.options);
  if (!game) {
    std::cerr << "meeple arena: " << game.status().message() << "\n";
    return 2;
  }
  if (static_cast<int>(config.agents.size()) != (*game)->num_seats()) {
    std::cerr << fmt::format("meeple arena: {} has {} seats but the arena lists {} agents\n",
                             config.game, (*game)->num_seats(), config.agents.size());
    return 2;
  }
  const ArenaSummary sum = summarize(config, (*game)->metadata(), records);
  if (!a.quiet) std::cout << format_table(config, sum);
  if (!a.json_out.empty()) {
    if (Status st = write_file(a.json_out, arena_json(config, sum, records).dump(1) + "\n");
        !st.is_ok()) {
      std::cerr << "meeple arena: " << st.message() << "\n";
      return 2;
    }
  }
  if (!a.csv_out.empty()) {
    if (Status st = write_file(a.csv_out, arena_csv(config, records)); !st.is_ok()) {
      std::cerr << "meeple arena: " << st.message() << "\n";
      return 2;
    }
  }
  for (const auto& r : records) {
    if (r.end == "forfeit" && !a.quiet) {
      std::cerr << fmt::format("game {}: {} (seat {}) forfeited: {}\n", r.index,
                               config.agents[r.seating[r.forfeit_seat]].label, r.forfeit_seat,
                               r.error);
    }
  }
  return 0;
}

int run(const ArenaArgs& a) {
  ArenaConfig c;
  c.game = a.game;
  auto options = options_from_flags(a.game, a.flags);
  if (!options) {
    std::cerr << "meeple arena: " << options.status().message() << "\n";
    return 2;
  }
  auto game = all_games().create(a.game, *options);
  if (!game) {
    std::cerr << "meeple arena: " << game.status().message() << "\n";
    return 2;
  }
  c.options = (*game)->options();
  for (const auto& text : a.agents) {
    auto spec = parse_agent(text);
    if (!spec) {
      std::cerr << "meeple arena: " << spec.status().message() << "\n";
      return 2;
    }
    c.agents.push_back(*spec);
  }
  auto seed = Rng::parse(a.seed);
  if (!seed) {
    std::cerr << "meeple arena: --seed: " << seed.status().message() << "\n";
    return 2;
  }
  c.seed = *seed;
  if (a.games < 1) {
    std::cerr << "meeple arena: --games must be at least 1\n";
    return 2;
  }
  c.games = a.games;
  if (std::sscanf(a.shard.c_str(), "%d/%d", &c.shard, &c.shards) != 2 ||
      a.shard != fmt::format("{}/{}", c.shard, c.shards)) {
    std::cerr << "meeple arena: --shard " << a.shard << ": expected K/N, e.g. 0/8\n";
    return 2;
  }
  c.threads = a.threads > 0 ? a.threads
                            : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  c.max_moves = a.max_moves;
  if (!(a.move_timeout > 0 && a.move_timeout <= 86400)) {
    std::cerr << "meeple arena: --move-timeout must be more than 0 and at most 86400 seconds\n";
    return 2;
  }
  c.move_timeout = std::chrono::milliseconds(std::llround(a.move_timeout * 1000));
  if (a.opening_moves < -1 || a.opening_moves > 1000) {
    std::cerr << "meeple arena: --opening-moves must be 0..1000\n";
    return 2;
  }
  c.opening_moves = a.opening_moves;
  resolve_arena_defaults(**game, c);
  c.logs_dir = a.logs;
  ProgressBar bar(!a.quiet && (a.progress || ::isatty(STDERR_FILENO)));
  auto records = run_arena(c, all_games(), std::ref(bar));
  if (!records) {
    std::cerr << "meeple arena: " << records.status().message() << "\n";
    return 2;
  }
  return report(c, *records, a);
}

int merge(const ArenaArgs& a) {
  std::vector<std::pair<std::string, json>> docs;
  for (const auto& f : a.merge_files) {
    auto doc = read_json_input(f);
    if (!doc) {
      std::cerr << "meeple arena merge: " << doc.status().message() << "\n";
      return 2;
    }
    docs.emplace_back(f, std::move(*doc));
  }
  auto merged = merge_arena_documents(docs);
  if (!merged) {
    std::cerr << "meeple arena merge: " << merged.status().message() << "\n";
    return 2;
  }
  // Labels and specs were checked equal across files; re-parse the specs so
  // the config is what a single run would have had.
  for (auto& agent : merged->config.agents) {
    auto spec = parse_agent(agent.label + "=" + agent.spec);
    if (!spec) {
      std::cerr << "meeple arena merge: " << spec.status().message() << "\n";
      return 2;
    }
    agent = *spec;
  }
  return report(merged->config, merged->records, a);
}

}  // namespace

void add_arena_command(CLI::App& app) {
  auto a = std::make_shared<ArenaArgs>();
  auto* cmd = app.add_subcommand(
      "arena",
      "Play many games between agents (levels, random, heuristic or your own program) and "
      "report W/D/L, score with its 95% interval and Elo");
  cmd->add_option("game", a->game, "reversi, risk, king-is-dead or goa");
  add_game_flags(cmd, a->flags);
  cmd->add_option(
      "--agent", a->agents,
      "One per seat: random, heuristic, level:N or N (0-10), level:N@SECONDS (Reversi: N "
      "searching SECONDS a move), ismcts:N, careless:P (the heuristic with P % of "
      "its moves random), careless:P:SPEC (SPEC made careless), reuse:SPEC (level:N or ismcts:N "
      "keeping its search tree between decisions), noreuse:SPEC (the same searching each "
      "decision afresh), cmd:COMMAND (a program "
      "speaking docs/arena.md's protocol); LABEL=SPEC names it");
  cmd->add_option("--games", a->games, "Games in total (over every shard)")->capture_default_str();
  cmd->add_option("--seed", a->seed, "Seed of the whole arena (game i's seed follows from it)")
      ->capture_default_str();
  cmd->add_option("--threads", a->threads, "Games played at once (default: every core)");
  cmd->add_option("--shard", a->shard, "Play only games i with i % N == K (K/N), for array jobs")
      ->capture_default_str();
  cmd->add_option("--max-moves", a->max_moves,
                  "Stop a game after this many log entries as a draw (default: the game's "
                  "practical length)");
  cmd->add_option("--opening-moves", a->opening_moves,
                  "Random moves that open each deal (default: 8 in a game without chance, "
                  "else 0)");
  cmd->add_option("--move-timeout", a->move_timeout,
                  "Seconds an external program may think per move before it forfeits")
      ->capture_default_str();
  cmd->add_option("--logs", a->logs, "Folder for every game's match log (game-NNNNNN.json)");
  cmd->add_option("--json", a->json_out, "Write the configuration, every game and the results");
  cmd->add_option("--csv", a->csv_out, "Write one line per game");
  cmd->add_flag("--progress", a->progress, "Show the progress bar even when not on a terminal");
  cmd->add_flag("--quiet", a->quiet, "No table, no progress bar (use with --json/--csv)");

  auto* merge_cmd = cmd->add_subcommand(
      "merge", "Add up the --json outputs of the shards of one arena and report the results");
  merge_cmd->add_option("files", a->merge_files, "The shards' --json files")->required();
  merge_cmd->add_option("--json", a->json_out, "Write the merged JSON");
  merge_cmd->add_option("--csv", a->csv_out, "Write one line per game");
  merge_cmd->add_flag("--quiet", a->quiet, "No table");

  cmd->callback([a, merge_cmd] {
    if (merge_cmd->parsed()) return;
    if (a->game.empty()) {
      std::cerr << "meeple arena: give a game (reversi, risk, king-is-dead, goa), or `merge`\n";
      throw CLI::RuntimeError(2);
    }
    if (int rc = run(*a); rc != 0) throw CLI::RuntimeError(rc);
  });
  merge_cmd->callback([a] {
    if (int rc = merge(*a); rc != 0) throw CLI::RuntimeError(rc);
  });
}

}  // namespace meeple::cli
