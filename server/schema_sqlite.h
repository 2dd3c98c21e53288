// The SQLite database schema as numbered migrations, applied at start
// (PostgreSQL's: server/schema_postgres.h).
//
// The version lives in SQLite's `PRAGMA user_version`. Version 0 is an
// empty file or a database written before versions were kept (meeple up to
// the seat-access change): migration 1 is exactly that first schema with
// CREATE ... IF NOT EXISTS, so it is a no-op on such a file, and every later
// migration turns it into today's schema. Each migration runs in its own
// transaction together with its version bump: a crash leaves the database
// at the last whole version. A database from a newer meeple (a version
// beyond ours) is refused rather than misread.
//
// To change the schema, append a migration; never edit an old one (files
// written by older servers rely on them).
#pragma once

#include <sqlite3.h>

#include "core/status.h"

namespace meeple::server {

// The schema version this build writes.
int schema_version();

// Brings the open database `db` up to schema_version().
Status migrate(sqlite3* db);

}  // namespace meeple::server
