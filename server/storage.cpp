#include "server/storage.h"

#include <fmt/format.h>

#include "server/storage_postgres.h"
#include "server/storage_sqlite.h"

namespace meeple::server {

namespace {

bool starts_with(const std::string& s, const char* prefix) {
  return s.rfind(prefix, 0) == 0;
}

}  // namespace

// Before the rest of the message, as quota.h marks 429s.
constexpr const char* kNotOwner = "not the owner: ";

Status not_owner(const std::string& table_id) {
  return unavailable(fmt::format(
      "{}another server took table {} over; retry the request (with the same request_id)",
      kNotOwner, table_id));
}

bool is_not_owner(const Status& st) {
  return st.code() == StatusCode::kUnavailable && st.message().rfind(kNotOwner, 0) == 0;
}

Status Storage::join_cluster(const std::string&, std::function<void()>) {
  return failed_precondition(
      "several servers on one database need PostgreSQL (--db postgresql://...); a SQLite file "
      "is served by one process");
}

Result<TableClaim> Storage::claim_table(const std::string&) {
  return TableClaim{true, ""};
}

Result<StoredTable> Storage::load_table(const std::string& id) {
  return not_found(fmt::format("no table '{}'", id));
}

Result<std::vector<StoredTable>> Storage::list_tables(const std::string&, size_t,
                                                      std::vector<size_t>*) {
  return std::vector<StoredTable>{};
}

bool is_postgres_url(const std::string& db) {
  return starts_with(db, "postgresql://") || starts_with(db, "postgres://");
}

std::string sqlite_path(const std::string& db) {
  if (is_postgres_url(db)) return "";
  return starts_with(db, "sqlite:") ? db.substr(7) : db;
}

Result<std::unique_ptr<Storage>> open_storage(const std::string& db, bool durable_fsync,
                                              std::chrono::milliseconds busy_timeout) {
  if (is_postgres_url(db)) {
    auto pg = PostgresStorage::open(db);
    if (!pg) return pg.status();
    return std::unique_ptr<Storage>(std::move(*pg));
  }
  auto lite = SqliteStorage::open(sqlite_path(db), durable_fsync, busy_timeout);
  if (!lite) return lite.status();
  return std::unique_ptr<Storage>(std::move(*lite));
}

int64_t Storage::now() const {
  if (now_ms_) return now_ms_();
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

bool same_table(const StoredTable& a, const StoredTable& b, std::string* difference) {
  std::string why;
  const auto differs = [&](const char* field) {
    if (why.empty()) why = fmt::format("table {}: {} differs", a.id, field);
  };
  if (a.id != b.id) differs("id");
  if (a.game != b.game) differs("game");
  if (a.options != b.options) differs("options");
  if (a.seed != b.seed) differs("seed");
  if (a.seed_hash != b.seed_hash) differs("seed_hash");
  if (a.status != b.status) differs("status");
  if (a.created_at != b.created_at) differs("created_at");
  if (a.updated_at != b.updated_at) differs("updated_at");
  if (a.client != b.client) differs("client");
  if (a.move_seconds != b.move_seconds) differs("move_seconds");
  if (a.rematch_id != b.rematch_id) differs("rematch_id");
  if (a.expired_at != b.expired_at) differs("expired_at");
  if (a.seats.size() != b.seats.size()) differs("the number of seats");
  for (size_t i = 0; i < std::min(a.seats.size(), b.seats.size()); ++i) {
    const StoredSeat& x = a.seats[i];
    const StoredSeat& y = b.seats[i];
    if (x.seat != y.seat || x.kind != y.kind || x.level != y.level ||
        x.token_hash != y.token_hash || x.claimed != y.claimed || x.access != y.access ||
        x.auto_answer != y.auto_answer || x.name != y.name || x.away != y.away ||
        x.resigned != y.resigned)
      differs("a seat");
  }
  if (a.log.size() != b.log.size()) differs("the log's length");
  for (size_t i = 0; i < std::min(a.log.size(), b.log.size()); ++i) {
    const LogEntry& x = a.log[i];
    const LogEntry& y = b.log[i];
    if (x.seat != y.seat || x.action != y.action || x.supplied != y.supplied || x.hash != y.hash)
      differs("a log entry");
  }
  if (a.notes.size() != b.notes.size()) differs("the number of notes");
  for (size_t i = 0; i < std::min(a.notes.size(), b.notes.size()); ++i) {
    const TableNote& x = a.notes[i];
    const TableNote& y = b.notes[i];
    if (x.index != y.index || x.seat != y.seat || x.kind != y.kind || x.at != y.at)
      differs("a note");
  }
  if (a.requests != b.requests) differs("the action requests' ids");
  if (difference) *difference = why;
  return why.empty();
}

bool is_table_id(const std::string& s) {
  return !s.empty() && s.size() <= 32 &&
         s.find_first_not_of("0123456789abcdef") == std::string::npos;
}

}  // namespace meeple::server
