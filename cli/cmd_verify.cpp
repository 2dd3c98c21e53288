// `meeple verify LOG`: checks a finished table's fairness (commit-reveal).
//
// LOG is what GET /api/tables/{id}/log returns once a game has ended: the
// match log with the revealed seed and the seed's SHA-256 that the table
// published when it started. core/verify.h decides; this prints its verdict:
//   exit 0  "verified": the seed matches its published SHA-256, the log starts
//           from the initial position, every die, shuffle and draw follows
//           from the seed, and every hash matches;
//   exit 3  "referee log: dice entered by hand, not provably fair" (supplied
//           chance outcomes or a loaded start): consistent, never "verified";
//   exit 1  FAILED, naming the first bad entry;
//   exit 2  the file cannot be read or is not JSON.
#include <fmt/format.h>

#include <iostream>

#include "all_games/all_games.h"
#include "cli/commands.h"
#include "cli/json_input.h"
#include "core/verify.h"

namespace meeple::cli {

void add_verify_command(CLI::App& app) {
  auto path = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand(
      "verify",
      "Verify a finished table's log: seed matches its published SHA-256, every die follows "
      "from it (exit 0 verified, 3 referee log, 1 failed, 2 unreadable)");
  cmd->add_option("log", *path, "The log from GET /api/tables/{id}/log (`-` for standard input)")
      ->required();
  cmd->callback([path] {
    auto doc = read_json_input(*path);
    if (!doc) {
      std::cerr << "meeple verify: " << doc.status().message() << "\n";
      throw CLI::RuntimeError(2);
    }
    const Verification v = verify_log(*doc, all_games());
    if (v.verdict == Verdict::kFailed) {
      std::cerr << "meeple verify: FAILED: " << v.message << "\n";
      throw CLI::RuntimeError(1);
    }
    const State& s = v.match->state();
    std::cout << s.to_text(kSpectator) << "\n";
    std::cout << "final scores: " << s.scores().dump() << "\n";
    std::cout << "returns: " << json(s.returns()).dump() << "\n";
    if (v.verdict == Verdict::kReferee) {
      std::cout << fmt::format("replayed {} log entries; every state hash matches\n",
                               v.match->log().size());
      std::cout << v.message << "\n";
      throw CLI::RuntimeError(3);
    }
    std::cout << fmt::format("seed {} matches the published SHA-256 {}\n",
                             (*doc)["seed"].get<std::string>(),
                             (*doc)["seed_sha256"].get<std::string>());
    std::cout << fmt::format(
        "replayed {} log entries from the initial position; every chance outcome follows from "
        "the seed and every state hash matches\n",
        v.match->log().size());
    std::cout << "verified\n";
  });
}

}  // namespace meeple::cli
