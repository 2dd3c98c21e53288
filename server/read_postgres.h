// Reading tables back from PostgreSQL (server/storage_postgres.h for the
// whole database at start, server/lease_postgres.h for one table taken
// over from another process): rows into StoredTable, checked as they come.
#pragma once

#include <exception>
#include <pqxx/transaction_base>
#include <string>
#include <vector>

#include "server/storage.h"

namespace meeple::server {

// libpq's and libpqxx's messages end in a newline; ours do not. The
// message without it, and an error as ours read: "postgresql: " and that.
std::string pg_message(std::string s);
std::string pg_error(const std::exception& e);

// Every table (or only `only_id`, when not empty) with seats, log, notes
// and request ids, oldest first; with `with_expired` also expired ones.
// Malformed rows are kDataLoss; database errors throw (pqxx).
Result<std::vector<StoredTable>> read_tables(pqxx::transaction_base& tx, bool with_expired,
                                             const std::string& only_id);

}  // namespace meeple::server
