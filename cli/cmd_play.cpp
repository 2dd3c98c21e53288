// `meeple play GAME`: play in the terminal against the computer, with
// friends at one keyboard, or referee a physical game (--dice manual).
#include <fmt/format.h>

#include <iostream>
#include <random>

#include "all_games/all_games.h"
#include "cli/commands.h"
#include "cli/json_input.h"
#include "cli/options.h"
#include "cli/play_loop.h"
#include "core/registry.h"

namespace meeple::cli {

namespace {

struct PlayArgs {
  std::string game;
  std::string edition;
  GameFlags flags;
  std::string seats;
  int level = 5;
  int hint_level = 6;
  std::string seed;
  std::string dice = "auto";
  bool no_auto = false;
  std::string load;
};

int run_play(const PlayArgs& a) {
  uint64_t seed = 0;
  if (a.seed.empty()) {
    // A fresh game: the seed is the only place where outside entropy enters;
    // it is printed so the game can be replayed.
    std::random_device rd;
    seed = (static_cast<uint64_t>(rd()) << 32) ^ rd();
  } else {
    auto s = Rng::parse(a.seed);
    if (!s) {
      std::cerr << "meeple play: " << s.status().message() << "\n";
      return 2;
    }
    seed = *s;
  }
  std::optional<Match> match;
  if (!a.load.empty()) {
    auto log = read_json_input(a.load);
    if (!log) {
      std::cerr << "meeple play: " << log.status().message() << "\n";
      return 2;
    }
    auto m = Match::replay(*log, all_games());
    if (!m) {
      std::cerr << "meeple play: " << a.load << ": " << m.status().message() << "\n";
      return 2;
    }
    match = std::move(*m);
    seed = match->seed();
  } else {
    auto game = game_for_edition(a.game, a.edition);
    if (!game) {
      std::cerr << "meeple play: " << game.status().message() << "\n";
      return 2;
    }
    auto options = options_from_flags(*game, a.flags);
    if (!options) {
      std::cerr << "meeple play: " << options.status().message() << "\n";
      return 2;
    }
    auto m = Match::start(*game, *options, seed, all_games());
    if (!m) {
      std::cerr << "meeple play: " << m.status().message() << "\n";
      return 2;
    }
    match = std::move(*m);
  }
  if (a.dice != "auto" && a.dice != "manual") {
    std::cerr << "meeple play: --dice must be auto or manual\n";
    return 2;
  }
  auto seats = parse_seats(a.seats, match->game().num_seats(), a.level);
  if (!seats) {
    std::cerr << "meeple play: " << seats.status().message() << "\n";
    return 2;
  }
  PlayConfig config;
  config.seats = std::move(*seats);
  config.manual_chance = a.dice == "manual";
  config.auto_answers = !a.no_auto;
  config.hint_level = a.hint_level;
  config.seed = seed;
  std::cout << fmt::format("meeple: {} (seed {}). Type `help` for commands.\n",
                           match->game().info().title, seed);
  PlayLoop loop(std::move(*match), std::move(config), std::cin, std::cout);
  return loop.run();
}

}  // namespace

void add_play_command(CLI::App& app) {
  auto args = std::make_shared<PlayArgs>();
  auto* cmd = app.add_subcommand("play", "Play a game in the terminal");
  cmd->add_option("game", args->game, "Game name (see `meeple list`)")->required();
  add_game_flags(cmd, args->flags);
  cmd->add_option("--edition", args->edition,
                  "The edition of a game with several: risk --edition european (the default) "
                  "or 2008 (the same as `meeple play risk-2008`)");
  cmd->add_option("--seats", args->seats,
                  "Who sits where, in seat order: human or computer[:LEVEL], comma-separated "
                  "(default: you in seat 0, the computer elsewhere)");
  cmd->add_option("--level", args->level,
                  "Level of computer seats without one (0 random .. 10; `meeple list` names "
                  "each game's levels)")
      ->check(CLI::Range(0, 10));
  cmd->add_option("--hint-level", args->hint_level,
                  "Level whose move and chance to win `hint` shows (1 .. 10)")
      ->check(CLI::Range(1, 10))
      ->capture_default_str();
  cmd->add_option("--seed", args->seed, "Match seed (default: random, printed)");
  cmd->add_option("--dice", args->dice,
                  "auto: the computer rolls; manual: type what the real dice/cards showed");
  cmd->add_flag("--no-auto", args->no_auto,
                "Answer every decision yourself (e.g. choose the defender's dice in Risk)");
  cmd->add_option("--load", args->load, "Resume a match log saved with `save FILE`");
  cmd->callback([args] {
    const int rc = run_play(*args);
    if (rc == 2) throw CLI::RuntimeError(2);
  });
}

}  // namespace meeple::cli
