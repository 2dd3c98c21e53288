// The PostgreSQL database schema as numbered migrations, applied at start
// (SQLite's: server/schema_sqlite.h). The same tables and columns as
// SQLite's today, in PostgreSQL's types: BIGINT for ms times, BOOLEAN for
// flags, TEXT for the seed (a uint64 in decimal, as SQLite keeps it: BIGINT
// is signed and would not hold every seed) and the options JSON (kept as
// written).
//
// The version lives in the one-row table schema_version (0: no row, an
// empty database). Each migration runs in its own transaction together
// with its version bump, under an advisory lock so two servers starting
// on one database migrate it once. A database from a newer meeple is
// refused rather than misread.
//
// To change the schema, append a migration; never edit an old one.
#pragma once

#include <pqxx/connection>

#include "core/status.h"

namespace meeple::server {

// The schema version this build writes.
int postgres_schema_version();

// Brings the database behind `c` up to postgres_schema_version().
Status migrate_postgres(pqxx::connection& c);

}  // namespace meeple::server
