// meeple: play, referee, analyse and serve five published board games.
#include <fmt/format.h>

#include "cli/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"meeple: Reversi, Risk, The King is Dead and Goa, played exactly by their rules"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "meeple 0.1.0");
  meeple::cli::add_list_command(app);
  meeple::cli::add_play_command(app);
#ifdef MEEPLE_HAVE_REVERSI  // Reversi's own commands; a build may leave the game out
  meeple::cli::add_perft_command(app);
#endif
  meeple::cli::add_engine_command(app);
  meeple::cli::add_bench_command(app);
  meeple::cli::add_replay_command(app);
  meeple::cli::add_odds_command(app);
  meeple::cli::add_serve_command(app);
  meeple::cli::add_verify_command(app);
  meeple::cli::add_arena_command(app);
  meeple::cli::add_migrate_command(app);
#ifdef MEEPLE_HAVE_REVERSI
  meeple::cli::add_train_command(app);
#endif
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  return 0;
}
