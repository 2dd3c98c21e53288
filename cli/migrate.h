// `meeple migrate --from DB --to DB` (cli/cmd_migrate.cpp): copies every
// stored table, expired ones kept with their rows too, from one storage
// to another (docs/api.md "Storage"), typically from a SQLite file to
// PostgreSQL.
#pragma once

#include <cstddef>
#include <string>

#include "core/status.h"

namespace meeple::cli {

struct MigrateCounts {
  size_t tables = 0;
  size_t actions = 0;
};

// Reads every table of `from` and writes them all to `to` in one
// transaction, then reloads `to` and compares each table with its source
// field by field. Refused, with nothing written, if `to` already holds a
// table with one of the ids; `from` must exist (a SQLite file is never
// created by reading it).
Result<MigrateCounts> migrate_storage(const std::string& from, const std::string& to);

}  // namespace meeple::cli
