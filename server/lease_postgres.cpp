#include "server/lease_postgres.h"

#include <fmt/format.h>

#include <map>
#include <pqxx/pqxx>

#include "server/changes_postgres.h"
#include "server/log.h"
#include "server/read_postgres.h"

namespace meeple::server {

namespace {

std::unique_ptr<pqxx::connection> connect_quietly(const std::string& url) {
  auto c = std::make_unique<pqxx::connection>(url);
  pqxx::nontransaction(*c).exec("SET client_min_messages = warning");
  return c;
}

const std::string kLeaseInterval = fmt::format("{} seconds", kLeaseTime.count());
const std::string kMirrorMarkInterval = fmt::format("{} seconds", kMirrorMarkTime.count());

}  // namespace

Result<std::unique_ptr<PostgresLease>> PostgresLease::open(const std::string& url,
                                                           const std::string& advertise_url,
                                                           std::function<void()> on_lost) {
  std::unique_ptr<PostgresLease> l(new PostgresLease());
  l->url_ = url;
  l->on_lost_ = std::move(on_lost);
  try {
    l->renew_conn_ = connect_quietly(url);
    l->query_conn_ = connect_quietly(url);
    pqxx::work w(*l->renew_conn_);
    const auto r = w.exec_params(
        "INSERT INTO servers(id, url, epoch, expires_at) "
        "VALUES(nextval('server_ids'), $1, nextval('server_epochs'), now() + $2::interval) "
        "RETURNING id, epoch",
        advertise_url, kLeaseInterval);
    w.commit();
    l->id_ = r[0][0].as<int64_t>();
    l->epoch_ = r[0][1].as<int64_t>();
  } catch (const std::exception& e) {
    return unavailable(fmt::format("cannot register this server: {}", pg_error(e)));
  }
  l->renewer_ = std::thread([raw = l.get()] { raw->renew_loop(); });
  return l;
}

PostgresLease::~PostgresLease() {
  stop();
}

void PostgresLease::stop() {
  {
    std::lock_guard lock(mu_);
    if (stopping_ && !renewer_.joinable()) return;
    stopping_ = true;
  }
  cv_.notify_all();
  if (renewer_.joinable()) renewer_.join();
  try {
    if (renew_conn_) {
      pqxx::work w(*renew_conn_);
      w.exec_params("UPDATE servers SET expires_at = now() WHERE id = $1 AND epoch = $2", id_,
                    epoch_);
      w.commit();
    }
  } catch (const std::exception&) {
    // The lease runs out by itself.
  }
}

void PostgresLease::renew_loop() {
  using clock = std::chrono::steady_clock;
  auto renewed = clock::now();  // when the last successful renewal was sent
  for (;;) {
    {
      std::unique_lock lock(mu_);
      if (cv_.wait_for(lock, kLeaseRenewEvery, [&] { return stopping_; })) return;
    }
    const auto sent = clock::now();
    std::string why;
    try {
      if (!renew_conn_ || !renew_conn_->is_open()) renew_conn_ = connect_quietly(url_);
      pqxx::work w(*renew_conn_);
      // Only a lease still alive is renewed: once expired, another
      // process may have taken this one's tables, and this epoch is done.
      const auto r = w.exec_params(
          "UPDATE servers SET expires_at = now() + $3::interval "
          "WHERE id = $1 AND epoch = $2 AND expires_at > now()",
          id_, epoch_, kLeaseInterval);
      w.commit();
      if (r.affected_rows() == 1) {
        renewed = sent;
        continue;
      }
      why = "the lease had expired before it could be renewed";
    } catch (const std::exception& e) {
      renew_conn_.reset();  // reconnect next time
      if (clock::now() - renewed < kLeaseTime) continue;
      why = fmt::format("no renewal for {} s: {}", kLeaseTime.count(), pg_error(e));
    }
    log_line(
        fmt::format("server {} (epoch {}) lost its lease: {}; it stops writing", id_, epoch_, why));
    lost_ = true;
    if (on_lost_) on_lost_();
    return;
  }
}

Result<TableClaim> PostgresLease::claim(const std::string& id) {
  std::lock_guard lock(query_mu_);
  try {
    // A race (the owner died between the two statements) is settled by
    // trying again; three rounds are plenty.
    for (int round = 0; round < 3; ++round) {
      pqxx::work w(*query_conn_);
      const auto taken = w.exec_params(
          "UPDATE tables t SET owner_id = $1, owner_epoch = $2 "
          "WHERE t.id = $3 AND t.expired_at IS NULL "
          "AND EXISTS (SELECT 1 FROM servers me WHERE me.id = $1 AND me.epoch = $2 "
          "            AND me.expires_at > now()) "
          "AND (t.owner_id IS NULL OR (t.owner_id = $1 AND t.owner_epoch = $2) "
          "     OR NOT EXISTS (SELECT 1 FROM servers s WHERE s.id = t.owner_id "
          "                    AND s.epoch = t.owner_epoch AND s.expires_at > now()))",
          id_, epoch_, id);
      if (taken.affected_rows() == 1) {
        w.commit();
        return TableClaim{true, ""};
      }
      const auto owner = w.exec_params(
          "SELECT s.url, s.id = $2 FROM tables t JOIN servers s ON s.id = t.owner_id "
          "AND s.epoch = t.owner_epoch AND s.expires_at > now() "
          "WHERE t.id = $1 AND t.expired_at IS NULL",
          id, id_);
      if (!owner.empty()) {
        if (owner[0][1].as<bool>())  // our own row, but our lease is not alive
          return unavailable("this server's lease has expired; it takes no tables");
        return TableClaim{false, owner[0][0].as<std::string>()};
      }
      if (w.exec_params("SELECT 1 FROM tables WHERE id = $1 AND expired_at IS NULL", id).empty())
        return not_found(fmt::format("no table '{}'", id));
    }
    return unavailable(fmt::format("table {} is changing owner; retry", id));
  } catch (const std::exception& e) {
    return unavailable(pg_error(e));
  }
}

Result<StoredTable> PostgresLease::load(const std::string& id) {
  std::lock_guard lock(query_mu_);
  try {
    pqxx::read_transaction tx(*query_conn_);
    auto tables = read_tables(tx, false, id);
    if (!tables) return tables.status();
    if (tables->empty()) return not_found(fmt::format("no table '{}'", id));
    return std::move(tables->front());
  } catch (const std::exception& e) {
    return unavailable(pg_error(e));
  }
}

Status PostgresLease::keep_mirrored(const std::vector<std::string>& ids) {
  // A PostgreSQL array literal; ids are hex (checked), so nothing to quote.
  std::string list = "{";
  for (const auto& id : ids) {
    if (!is_table_id(id)) return invalid_argument(fmt::format("'{}' is not a table id", id));
    if (list.size() > 1) list += ',';
    list += id;
  }
  list += '}';
  std::lock_guard lock(query_mu_);
  try {
    pqxx::work w(*query_conn_);
    w.exec_params(
        "UPDATE tables SET mirrored_until = now() + $2::interval WHERE id = ANY($1::text[])", list,
        kMirrorMarkInterval);
    w.commit();
    return Status::ok();
  } catch (const std::exception& e) {
    return unavailable(pg_error(e));
  }
}

Result<std::vector<std::string>> PostgresLease::orphans(size_t limit) {
  std::lock_guard lock(query_mu_);
  std::vector<std::string> out;
  try {
    pqxx::read_transaction tx(*query_conn_);
    for (const auto& row : tx.exec_params(
             "SELECT t.id FROM tables t WHERE t.expired_at IS NULL AND t.status <> 'finished' "
             "AND t.owner_id IS NOT NULL "
             "AND NOT EXISTS (SELECT 1 FROM servers s WHERE s.id = t.owner_id "
             "                AND s.epoch = t.owner_epoch AND s.expires_at > now()) "
             "AND (t.move_seconds > 0 OR EXISTS (SELECT 1 FROM seats st WHERE st.table_id = t.id "
             "     AND (st.kind = 'computer' OR st.away))) "
             "ORDER BY t.updated_at LIMIT $1",
             static_cast<int64_t>(limit)))
      out.push_back(row[0].as<std::string>());
  } catch (const std::exception& e) {
    return unavailable(pg_error(e));
  }
  return out;
}

Result<std::vector<StoredTable>> PostgresLease::list(const std::string& status, size_t limit,
                                                     std::vector<size_t>* versions) {
  std::lock_guard lock(query_mu_);
  std::vector<StoredTable> out;
  try {
    pqxx::read_transaction tx(*query_conn_);
    const std::string chosen =
        "SELECT id FROM tables WHERE expired_at IS NULL AND ($1 = '' OR status = $1) "
        "ORDER BY created_at DESC, id DESC LIMIT $2";
    std::map<std::string, size_t> index;
    for (const auto& row :
         tx.exec_params("SELECT t.id, t.game, t.options, t.status, t.created_at, t.move_seconds, "
                        "t.seed_hash, (SELECT count(*) FROM actions a WHERE a.table_id = t.id) "
                        "FROM tables t WHERE t.id IN (" +
                            chosen + ") ORDER BY t.created_at DESC, t.id DESC",
                        status, static_cast<int64_t>(limit))) {
      StoredTable t;
      t.id = row[0].as<std::string>();
      t.game = row[1].as<std::string>();
      t.options = json::parse(row[2].as<std::string>(), nullptr, false);
      if (t.options.is_discarded()) t.options = json::object();
      t.status = row[3].as<std::string>();
      t.created_at = row[4].as<int64_t>();
      t.move_seconds = row[5].as<int64_t>();
      t.seed_hash = row[6].as<std::string>();
      versions->push_back(static_cast<size_t>(row[7].as<int64_t>()));
      index[t.id] = out.size();
      out.push_back(std::move(t));
    }
    for (const auto& row : tx.exec_params(
             "SELECT table_id, seat, kind, level, claimed, access, auto_answer, name, away, "
             "resigned FROM seats WHERE table_id IN (" +
                 chosen + ") ORDER BY table_id, seat",
             status, static_cast<int64_t>(limit))) {
      auto it = index.find(row[0].as<std::string>());
      if (it == index.end()) continue;  // a table created between the two queries
      StoredSeat s;
      s.seat = row[1].as<int>();
      s.kind = row[2].as<std::string>();
      s.level = row[3].as<int>();
      s.claimed = row[4].as<bool>();
      s.access = row[5].as<std::string>();
      s.auto_answer = row[6].as<bool>();
      s.name = row[7].as<std::string>();
      s.away = row[8].as<bool>();
      s.resigned = row[9].as<bool>();
      out[it->second].seats.push_back(std::move(s));
    }
  } catch (const std::exception& e) {
    return unavailable(pg_error(e));
  }
  return out;
}

}  // namespace meeple::server
