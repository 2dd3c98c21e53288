// `meeple migrate --from sqlite:FILE --to postgresql://...`: copies every
// table with its seats, notes and actions to another storage
// (cli/migrate.h; docs/api.md "Storage"). Exit 0 copied and verified,
// 1 refused or failed (nothing written unless the check after the copy
// failed, which says so).
#include <iostream>

#include "cli/commands.h"
#include "cli/migrate.h"

namespace meeple::cli {

void add_migrate_command(CLI::App& app) {
#ifdef MEEPLE_HAVE_SERVER
  auto from = std::make_shared<std::string>();
  auto to = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand(
      "migrate",
      "Copy every stored table (seats, notes, actions) from one database to another, "
      "e.g. from SQLite to PostgreSQL, in one transaction, then check the copy");
  cmd->add_option("--from", *from, "The source: sqlite:FILE or FILE, or postgresql://...")
      ->required();
  cmd->add_option("--to", *to, "The target: postgresql://... (or sqlite:FILE)")->required();
  cmd->callback([from, to] {
    auto counts = migrate_storage(*from, *to);
    if (!counts) {
      std::cerr << "meeple migrate: " << counts.status().to_string() << "\n";
      throw CLI::RuntimeError(1);
    }
    std::cout << "meeple migrate: moved " << counts->tables << " tables and " << counts->actions
              << " actions; the target matches the source\n";
  });
#else
  (void)app;
#endif
}

}  // namespace meeple::cli
