#include "cli/migrate.h"

#ifdef MEEPLE_HAVE_SERVER
#include <fmt/format.h>

#include <filesystem>
#include <map>

#include "server/storage.h"

namespace meeple::cli {

Result<MigrateCounts> migrate_storage(const std::string& from, const std::string& to) {
  if (from == to) return invalid_argument("--from and --to name the same database");
  // 1. The source must exist: opening a SQLite path would create it.
  if (const std::string path = server::sqlite_path(from); !path.empty()) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
      return not_found(fmt::format("--from {}: no such database file", path));
  }
  auto source = server::open_storage(from, true);
  if (!source) return source.status();
  auto tables = (*source)->load(true);
  if (!tables) return tables.status();
  // 2. Everything in one transaction, refused whole if an id is taken.
  auto target = server::open_storage(to, true);
  if (!target) return target.status();
  if (auto st = (*target)->import_tables(*tables); !st) return st;
  // 3. Read back what was written and compare it with the source.
  auto written = (*target)->load(true);
  if (!written) return written.status();
  std::map<std::string, const server::StoredTable*> by_id;
  for (const auto& t : *written) by_id[t.id] = &t;
  MigrateCounts counts;
  for (const auto& t : *tables) {
    auto it = by_id.find(t.id);
    if (it == by_id.end())
      return data_loss(fmt::format("table {} is missing from the target after the copy", t.id));
    std::string why;
    if (!server::same_table(t, *it->second, &why))
      return data_loss(fmt::format("the copy differs from the source: {}", why));
    ++counts.tables;
    counts.actions += t.log.size();
  }
  return counts;
}

}  // namespace meeple::cli
#endif
