#include "server/read_postgres.h"

#include <fmt/format.h>

#include <cstdlib>
#include <map>
#include <pqxx/pqxx>

namespace meeple::server {

std::string pg_message(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

std::string pg_error(const std::exception& e) {
  return "postgresql: " + pg_message(e.what());
}

Result<std::vector<StoredTable>> read_tables(pqxx::transaction_base& tx, bool with_expired,
                                             const std::string& only_id) {
  std::vector<StoredTable> out;
  std::map<std::string, size_t> index;
  // $1: one table's id, or '' for all of them.
  const std::string live =
      std::string(" WHERE ($1 = '' OR id = $1)") + (with_expired ? "" : " AND expired_at IS NULL");
  const std::string of_live = " WHERE table_id IN (SELECT id FROM tables" + live + ")";
  {
    for (const auto& row : tx.exec_params(
             "SELECT id, game, options, seed, seed_hash, status, created_at, updated_at, "
             "client, move_seconds, rematch_id, expired_at FROM tables" +
                 live + " ORDER BY created_at, id",
             only_id)) {
      StoredTable t;
      t.id = row[0].as<std::string>();
      t.game = row[1].as<std::string>();
      t.options = json::parse(row[2].as<std::string>(), nullptr, false);
      if (t.options.is_discarded())
        return data_loss(fmt::format("table {}: stored options are not JSON", t.id));
      auto seed = Rng::parse(row[3].as<std::string>());
      if (!seed) return data_loss(fmt::format("table {}: stored seed is not a number", t.id));
      t.seed = *seed;
      t.seed_hash = row[4].as<std::string>();
      t.status = row[5].as<std::string>();
      t.created_at = row[6].as<int64_t>();
      t.updated_at = row[7].as<int64_t>();
      t.client = row[8].as<std::string>();
      t.move_seconds = row[9].as<int64_t>();
      t.rematch_id = row[10].as<std::string>();
      if (!row[11].is_null()) t.expired_at = row[11].as<int64_t>();
      index[t.id] = out.size();
      out.push_back(std::move(t));
    }
    for (const auto& row : tx.exec_params(
             "SELECT table_id, seat, kind, level, token_hash, claimed, access, auto_answer, "
             "name, away, resigned FROM seats" +
                 of_live + " ORDER BY table_id, seat",
             only_id)) {
      auto it = index.find(row[0].as<std::string>());
      if (it == index.end()) return data_loss("a seat row names an unknown table");
      StoredSeat s;
      s.seat = row[1].as<int>();
      s.kind = row[2].as<std::string>();
      s.level = row[3].as<int>();
      s.token_hash = row[4].as<std::string>();
      s.claimed = row[5].as<bool>();
      s.access = row[6].as<std::string>();
      s.auto_answer = row[7].as<bool>();
      s.name = row[8].as<std::string>();
      s.away = row[9].as<bool>();
      s.resigned = row[10].as<bool>();
      out[it->second].seats.push_back(std::move(s));
    }
    for (const auto& row :
         tx.exec_params("SELECT table_id, idx, seat, action, supplied, hash FROM actions" +
                            of_live + " ORDER BY table_id, idx",
                        only_id)) {
      auto it = index.find(row[0].as<std::string>());
      if (it == index.end()) return data_loss("an action row names an unknown table");
      auto& log = out[it->second].log;
      if (row[1].as<int64_t>() != static_cast<int64_t>(log.size()))
        return data_loss(fmt::format("table {}: action log has a gap at entry {}",
                                     out[it->second].id, log.size()));
      LogEntry e;
      e.seat = static_cast<Seat>(row[2].as<int>());
      e.action = static_cast<Action>(row[3].as<int64_t>());
      e.supplied = row[4].as<bool>();
      const std::string hash = row[5].as<std::string>();
      char* end = nullptr;
      e.hash = std::strtoull(hash.c_str(), &end, 16);
      if (hash.empty() || hash.size() > 16 || *end != '\0')
        return data_loss(fmt::format("table {}: entry {} has a malformed state hash",
                                     out[it->second].id, log.size()));
      log.push_back(e);
    }
    for (const auto& row : tx.exec_params("SELECT table_id, idx, seat, kind, at FROM notes" +
                                              of_live + " ORDER BY table_id, seq",
                                          only_id)) {
      auto it = index.find(row[0].as<std::string>());
      if (it == index.end()) return data_loss("a note row names an unknown table");
      TableNote n;
      n.index = static_cast<size_t>(row[1].as<int64_t>());
      n.seat = row[2].as<int>();
      n.kind = row[3].as<std::string>();
      n.at = row[4].as<int64_t>();
      out[it->second].notes.push_back(std::move(n));
    }
    // Byte order, as SQLite sorts them (meeple migrate compares the two).
    for (const auto& row :
         tx.exec_params("SELECT table_id, seat, request_id, version FROM requests" + of_live +
                            " ORDER BY table_id, seat, request_id COLLATE \"C\"",
                        only_id)) {
      auto it = index.find(row[0].as<std::string>());
      if (it == index.end()) return data_loss("a request row names an unknown table");
      StoredRequest r;
      r.seat = row[1].as<int>();
      r.id = row[2].as<std::string>();
      r.version = static_cast<size_t>(row[3].as<int64_t>());
      out[it->second].requests.push_back(std::move(r));
    }
  }
  return out;
}

}  // namespace meeple::server
