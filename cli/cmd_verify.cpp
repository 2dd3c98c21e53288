// `meeple verify LOG`: checks a finished table's fairness (commit-reveal);
// the checks themselves are in cli/verify.h.
#include <iostream>

#include "cli/commands.h"
#include "cli/json_input.h"
#include "cli/verify.h"

namespace meeple::cli {

void add_verify_command(CLI::App& app) {
#ifdef MEEPLE_HAVE_SERVER
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
    const Verdict v = verify_log(*doc);
    std::cout << v.report;
    if (v.kind != Verdict::kVerified) {
      std::cerr << "meeple verify: " << (v.kind == Verdict::kNotALog ? *path + ": " : "") << v.error
                << "\n";
      throw CLI::RuntimeError(v.kind);
    }
  });
#else
  (void)app;
#endif
}

}  // namespace meeple::cli
