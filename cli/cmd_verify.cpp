// `meeple verify LOG`: checks a finished table's fairness (commit-reveal).
//
// LOG is what GET /api/tables/{id}/log returns once a game has ended: the
// match log with the revealed seed and the seed's SHA-256 that the table
// published when it started. Two checks:
//   1. SHA-256(decimal seed) equals the published seed_sha256, so the seed
//      was fixed before the first move;
//   2. Match::replay of the log from that seed reproduces every state hash
//      and every sampled chance outcome (dice, shuffles, draws).
// Together they show that the outcome follows from the seed and the moves.
#include <fmt/format.h>

#include <iostream>

#include "all_games/all_games.h"
#include "cli/commands.h"
#include "cli/json_input.h"
#include "core/match.h"

#ifdef MEEPLE_HAVE_SERVER
#include "server/crypto.h"
#endif

namespace meeple::cli {

void add_verify_command(CLI::App& app) {
#ifdef MEEPLE_HAVE_SERVER
  using server::sha256_hex;
  auto path = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand(
      "verify", "Verify a finished table's log: seed matches its published SHA-256, replay holds");
  cmd->add_option("log", *path, "The log from GET /api/tables/{id}/log (`-` for standard input)")
      ->required();
  cmd->callback([path] {
    auto doc = read_json_input(*path);
    if (!doc) {
      std::cerr << "meeple verify: " << doc.status().message() << "\n";
      throw CLI::RuntimeError(2);
    }
    json log = std::move(*doc);
    if (!log.is_object()) {
      std::cerr << "meeple verify: " << *path << " is not a JSON object\n";
      throw CLI::RuntimeError(2);
    }
    // 1. Commitment.
    if (!log.contains("seed") || !log["seed"].is_string() || !log.contains("seed_sha256") ||
        !log["seed_sha256"].is_string()) {
      std::cerr << "meeple verify: the log needs 'seed' (string) and 'seed_sha256'\n";
      throw CLI::RuntimeError(2);
    }
    const std::string digest = sha256_hex(log["seed"].get<std::string>());
    if (digest != log["seed_sha256"].get<std::string>()) {
      std::cerr << fmt::format(
          "meeple verify: FAILED: SHA-256 of seed {} is {}, not the published {}\n",
          log["seed"].get<std::string>(), digest, log["seed_sha256"].get<std::string>());
      throw CLI::RuntimeError(1);
    }
    std::cout << fmt::format("seed {} matches the published SHA-256 {}\n",
                             log["seed"].get<std::string>(), digest);
    // 2. Replay.
    auto m = Match::replay(log, all_games());
    if (!m) {
      std::cerr << "meeple verify: FAILED: " << m.status().to_string() << "\n";
      throw CLI::RuntimeError(1);
    }
    const State& s = m->state();
    std::cout << fmt::format(
        "replayed {} log entries; every state hash and chance outcome matches\n", m->log().size());
    std::cout << s.to_text(kSpectator) << "\n";
    if (s.is_terminal()) {
      std::cout << "final scores: " << s.scores().dump() << "\n";
      std::cout << "returns: " << json(s.returns()).dump() << "\n";
    } else {
      std::cout << "note: the game in this log has not ended\n";
    }
    std::cout << "verified\n";
  });
#else
  (void)app;
#endif
}

}  // namespace meeple::cli
