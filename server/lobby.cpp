#include "server/lobby.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>

#include "ai/bot.h"
#include "all_games/all_games.h"
#include "core/json_integer.h"
#include "core/registry.h"
#include "server/crypto.h"
#include "server/log.h"
#include "server/player_name.h"
#include "server/quota.h"
#include "server/safe_text.h"
#include "server/seat_json.h"

namespace meeple::server {

namespace {

// Writes `text` to `path` whole or not at all (a temporary file, renamed).
Status write_file_atomically(const std::filesystem::path& path, const std::string& text) {
  const std::filesystem::path tmp = path.string() + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return unavailable(fmt::format("cannot write {}", tmp.string()));
    out << text;
    out.flush();
    if (!out) return unavailable(fmt::format("cannot write {} (disk full?)", tmp.string()));
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::filesystem::remove(tmp, ec);
    return unavailable(fmt::format("cannot rename {} to {}", tmp.string(), path.string()));
  }
  return Status::ok();
}

// Seat list from the request: [{"kind":"human","access":a?} |
// {"kind":"computer","level":n?}], one per seat. Human access (docs/api.md
// "Seats"): "creator", "invite" or "open". At most one creator; when no seat
// names one, the first human seat that does not say its access is the
// creator's, and every other human seat without one is invite-only — so a
// request from before access existed means what its creator meant.
Result<std::vector<StoredSeat>> parse_seats(const json& request, int num_seats,
                                            int standard_level) {
  std::vector<StoredSeat> seats;
  std::vector<bool> access_given;
  if (!request.contains("seats")) {
    for (int i = 0; i < num_seats; ++i)
      seats.push_back(StoredSeat{i, "human", 0, "", false, "", true, "", false, false});
    access_given.assign(seats.size(), false);
  } else {
    const json& js = request["seats"];
    if (!js.is_array())
      return invalid_argument("'seats' must be an array of {\"kind\":\"human\"|\"computer\"}");
    if (static_cast<int>(js.size()) != num_seats)
      return invalid_argument(fmt::format("'seats' has {} entries; this game and mode has {} seats",
                                          js.size(), num_seats));
    for (size_t i = 0; i < js.size(); ++i) {
      const json& s = js[i];
      if (!s.is_object() || !s.contains("kind") || !s["kind"].is_string())
        return invalid_argument(fmt::format("seats[{}]: expected an object with 'kind'", i));
      for (const auto& [k, v] : s.items()) {
        if (k != "kind" && k != "level" && k != "access" && k != "auto_answer" && k != "name")
          return invalid_argument(fmt::format(
              "seats[{}]: unknown field '{}' (expected kind, level, access, auto_answer, name)", i,
              k));
      }
      StoredSeat seat{static_cast<int>(i),
                      s["kind"].get<std::string>(),
                      0,
                      "",
                      false,
                      "",
                      true,
                      "",
                      false,
                      false};
      bool given = false;
      if (seat.kind == "computer") {
        if (!s.contains("level"))
          seat.level = standard_level;
        else if (const auto n = json_integer(s["level"], kMinLevel, kMaxLevel))
          seat.level = static_cast<int>(*n);
        else
          return invalid_argument(fmt::format("seats[{}].level: expected an integer 0..10, got {}",
                                              i, s["level"].dump()));
        if (s.contains("access") || s.contains("auto_answer") || s.contains("name"))
          return invalid_argument(fmt::format(
              "seats[{}]: 'access', 'auto_answer' and 'name' are only for human seats", i));
        seat.claimed = true;
      } else if (seat.kind == "human") {
        if (s.contains("level"))
          return invalid_argument(fmt::format("seats[{}]: 'level' is only for computer seats", i));
        if (s.contains("access")) {
          const json& a = s["access"];
          if (!a.is_string() || (a != "creator" && a != "invite" && a != "open"))
            return invalid_argument(fmt::format(
                "seats[{}].access: expected \"creator\", \"invite\" or \"open\", got {}", i,
                a.dump()));
          seat.access = a.get<std::string>();
          given = true;
        }
        if (s.contains("auto_answer")) {
          if (!s["auto_answer"].is_boolean())
            return invalid_argument(
                fmt::format("seats[{}].auto_answer: expected true or false, got {}", i,
                            s["auto_answer"].dump()));
          seat.auto_answer = s["auto_answer"].get<bool>();
        }
        if (s.contains("name")) {
          auto name = player_name(s["name"], fmt::format("seats[{}].name", i));
          if (!name) return name.status();
          seat.name = std::move(*name);
        }
      } else {
        return invalid_argument(
            fmt::format("seats[{}].kind: '{}' (expected \"human\" or \"computer\")", i, seat.kind));
      }
      seats.push_back(std::move(seat));
      access_given.push_back(given);
    }
  }
  // Defaults, then the creator's seat is claimed from the start.
  int creators = 0;
  for (const auto& s : seats) creators += s.access == "creator" ? 1 : 0;
  if (creators > 1)
    return invalid_argument(
        fmt::format("{} seats have access \"creator\"; a table has at most one", creators));
  for (size_t i = 0; i < seats.size(); ++i) {
    auto& s = seats[i];
    if (s.kind != "human" || access_given[i]) continue;
    s.access = creators == 0 ? "creator" : "invite";
    if (creators == 0) creators = 1;
  }
  for (auto& s : seats)
    if (s.access == "creator") s.claimed = true;
  return seats;
}

}  // namespace

namespace {

// A stored table's log replayed with Match::replay, which checks every
// state hash and chance outcome.
Result<Match> replay_stored(const StoredTable& t) {
  json entries = json::array();
  for (const auto& e : t.log) {
    json je = {{"action", e.action}, {"hash", hash_to_hex(e.hash)}};
    if (e.seat == kChance) {
      je["seat"] = "chance";
      if (e.supplied) je["supplied"] = true;
    } else {
      je["seat"] = e.seat;
    }
    entries.push_back(std::move(je));
  }
  json log = {{"game", t.game},
              {"options", t.options},
              {"seed", Rng::to_string(t.seed)},
              {"entries", std::move(entries)}};
  auto m = Match::replay(log, all_games());
  if (!m) return Status(m.status().code(), fmt::format("table {}: {}", t.id, m.status().message()));
  if (static_cast<int>(t.seats.size()) != m->game().num_seats())
    return data_loss(fmt::format("table {}: {} stored seats for a {}-seat game", t.id,
                                 t.seats.size(), m->game().num_seats()));
  return std::move(*m);
}

Result<std::shared_ptr<Table>> rebuild_table(const TableEnv& env, StoredTable t,
                                             bool mirror = false) {
  auto m = replay_stored(t);
  if (!m) return m.status();
  if (mirror) return Table::mirror(env, std::move(t), std::move(*m));
  return std::make_shared<Table>(env, std::move(t), std::move(*m));
}

// The lobby row of a table another process serves (Table::summary's
// fields that the database knows; "to_move" is not stored).
json stored_summary(const StoredTable& t, size_t version) {
  json seats = json::array();
  for (const auto& s : t.seats) seats.push_back(seat_row_json(s, false));
  const GameInfo* info = all_games().find(t.game);
  return json{{"id", t.id},
              {"game", t.game},
              {"title", info ? info->title : t.game},
              {"options", t.options},
              {"status", t.status},
              {"seats", std::move(seats)},
              {"version", version},
              {"to_move", nullptr},
              {"seed_sha256", t.seed_hash},
              {"created_at", t.created_at},
              {"move_seconds", t.move_seconds}};
}

}  // namespace

std::vector<std::string> Lobby::restore(std::vector<StoredTable> stored) {
  std::vector<std::string> errors;
  for (auto& t : stored) {
    auto table = rebuild_table(env_, std::move(t));
    if (!table) {
      errors.push_back(table.status().message());
      continue;
    }
    std::unique_lock lock(mu_);
    tables_[(*table)->id()] = *table;
    order_.push_back(*table);
  }
  return errors;
}

Result<Lobby::Found> Lobby::acquire(const std::string& id) {
  if (auto t = find(id)) return Found{t};
  if (!env_.storage->shared()) return not_found(fmt::format("no table '{}'", printable(id)));
  if (!is_table_id(id))  // never reaches the database
    return not_found(fmt::format("no table '{}'", printable(id)));
  std::lock_guard one_at_a_time(acquire_mu_);
  if (auto t = find(id)) return Found{t};  // taken by the request before us
  auto claim = env_.storage->claim_table(id);
  if (!claim) return claim.status();
  if (!claim->ours) return Found{nullptr, claim->owner_url};
  // Ours now: the log as stored after the takeover (the old owner's
  // writes are fenced off from here on), replayed as at start.
  auto stored = env_.storage->load_table(id);
  if (!stored) return stored.status();
  auto table = rebuild_table(env_, std::move(*stored));
  if (!table) return table.status();
  {
    std::unique_lock lock(mu_);
    tables_[id] = *table;
    order_.push_back(*table);
  }
  // Computer seats and move timers go on from the stored state.
  env_.post_io([t = *table] { t->start_bot_if_due(); });
  return Found{*table};
}

Result<std::shared_ptr<Table>> Lobby::watch(const std::string& id) {
  auto found = acquire(id);
  if (!found) return found.status();
  if (found->table) return found->table;
  {
    std::lock_guard lock(mirrors_mu_);
    if (auto it = mirrors_.find(id); it != mirrors_.end())
      if (auto m = it->second.lock()) return m;
  }
  const uint64_t refreshes_before = refreshes_;
  // Marked before it is read: every commit after the mark announces
  // itself, every one before it is in what is read.
  if (auto st = env_.storage->keep_mirrored({id}); !st) return st;
  auto stored = env_.storage->load_table(id);
  if (!stored) return stored.status();
  auto built = rebuild_table(env_, std::move(*stored), true);
  if (!built) return built.status();
  std::shared_ptr<Table> mirror;
  {
    std::lock_guard lock(mirrors_mu_);
    auto& slot = mirrors_[id];
    mirror = slot.lock();
    if (!mirror) slot = mirror = *built;  // else another watcher's came first
  }
  // A change told while this one was read may be newer than what it read.
  if (refreshes_ != refreshes_before) refresh_mirror(id, mirror);
  return mirror;
}

void Lobby::refresh_mirrors(const std::vector<std::string>& ids, bool all) {
  ++refreshes_;
  std::vector<std::pair<std::string, std::shared_ptr<Table>>> due;
  {
    std::lock_guard lock(mirrors_mu_);
    std::erase_if(mirrors_, [](const auto& kv) { return kv.second.expired(); });
    if (all) {
      for (const auto& [id, weak] : mirrors_)
        if (auto m = weak.lock()) due.emplace_back(id, std::move(m));
    } else {
      for (const auto& id : ids)
        if (auto it = mirrors_.find(id); it != mirrors_.end())
          if (auto m = it->second.lock()) due.emplace_back(id, std::move(m));
    }
  }
  if (all && !due.empty()) {
    std::vector<std::string> shown;
    for (const auto& [id, mirror] : due) shown.push_back(id);
    if (auto st = env_.storage->keep_mirrored(shown); !st)
      log_line("marking the tables shown here failed: " + st.message());
  }
  for (const auto& [id, mirror] : due) refresh_mirror(id, mirror);
}

void Lobby::refresh_mirror(const std::string& id, const std::shared_ptr<Table>& mirror) {
  auto stored = env_.storage->load_table(id);
  if (!stored) {
    // Expired (or its rows exported and deleted): gone for the watchers too.
    if (stored.status().code() == StatusCode::kNotFound) return mirror->follow_expired();
    return log_line(
        fmt::format("reading table {} for its watchers failed: {}", id, stored.status().message()));
  }
  auto m = replay_stored(*stored);
  if (!m)
    return log_line(
        fmt::format("replaying table {} for its watchers failed: {}", id, m.status().message()));
  mirror->follow(std::move(*stored), std::move(*m));
}

size_t Lobby::mirror_count() const {
  std::lock_guard lock(mirrors_mu_);
  return static_cast<size_t>(std::count_if(mirrors_.begin(), mirrors_.end(),
                                           [](const auto& kv) { return !kv.second.expired(); }));
}

void Lobby::forget(const std::string& id) {
  std::unique_lock lock(mu_);
  auto it = tables_.find(id);
  if (it == tables_.end()) return;
  std::erase(order_, it->second);
  tables_.erase(it);
}

void Lobby::start_bots() {
  std::vector<std::shared_ptr<Table>> all;
  {
    std::shared_lock lock(mu_);
    all = order_;
  }
  for (auto& t : all) t->start_bot_if_due();
}

size_t Lobby::live_tables_of(const std::string& client) const {
  size_t n = 0;
  if (auto it = creating_.find(client); it != creating_.end()) n += it->second;
  for (const auto& t : order_)
    if (t->client() == client && t->status() != "finished") ++n;
  return n;
}

void Lobby::create(const json& request, const std::string& client, Table::Reply done) {
  // 1. Validate everything before anything is drawn or stored.
  if (!request.is_object()) return done(invalid_argument("expected a JSON object"));
  for (const auto& [k, v] : request.items()) {
    if (k != "game" && k != "options" && k != "seats" && k != "move_seconds")
      return done(invalid_argument(
          fmt::format("unknown field '{}' (expected game, options, seats, move_seconds)", k)));
  }
  // The move timer: off, or kMinMoveSeconds..kMaxMoveSeconds per decision.
  int64_t move_seconds = 0;
  if (request.contains("move_seconds")) {
    const auto n = json_integer(request["move_seconds"], 0, kMaxMoveSeconds);
    if (!n || (*n != 0 && *n < kMinMoveSeconds))
      return done(invalid_argument(
          fmt::format("'move_seconds': expected 0 (no timer) or an integer {}..{}, got {}",
                      kMinMoveSeconds, kMaxMoveSeconds, request["move_seconds"].dump())));
    move_seconds = *n;
  }
  if (!request.contains("game") || !request["game"].is_string())
    return done(invalid_argument("'game' (string) is required, e.g. \"reversi\""));
  const std::string name = request["game"].get<std::string>();
  if (!all_games().find(name)) return done(not_found(fmt::format("unknown game '{}'", name)));
  const json options = request.value("options", json::object());
  if (!options.is_object()) return done(invalid_argument("'options' must be an object"));
  auto game = all_games().create(name, options);
  if (!game) return done(game.status());
  auto seats = parse_seats(request, (*game)->num_seats(), standard_level(name));
  if (!seats) return done(seats.status());

  // 2. Secrets: one token per creator or invite seat (an open seat's token
  // is drawn when someone joins it).
  StoredTable t;
  t.game = name;
  t.options = (*game)->options();
  t.move_seconds = move_seconds;
  t.seats = std::move(*seats);
  json tokens = json::array();
  for (auto& s : t.seats) {
    if (s.kind != "human" || s.access == "open") {
      s.token_hash = "";
      continue;
    }
    const std::string token = random_hex(16);
    s.token_hash = sha256_hex(token);
    tokens.push_back({{"seat", s.seat}, {"token", token}});
  }
  open_table(
      std::move(t), *game, client, nullptr, [tokens, done](Result<std::shared_ptr<Table>> table) {
        if (!table) return done(table.status());
        done(json{{"id", (*table)->id()}, {"tokens", tokens}, {"table", (*table)->summary()}});
      });
}

void Lobby::open_table(StoredTable t, const std::shared_ptr<const Game>& game,
                       const std::string& client, const std::string* rematch_of,
                       std::function<void(Result<std::shared_ptr<Table>>)> done) {
  // Quota: unfinished tables per client address, counting those being stored.
  {
    std::unique_lock lock(mu_);
    const auto limit = static_cast<size_t>(limits_.live_tables_per_client);
    if (limit > 0 && live_tables_of(client) >= limit)
      return done(too_many_requests(fmt::format(
          "{} already has {} unfinished tables, the limit per address; finish one or wait "
          "for an idle one to expire",
          client.empty() ? "this client" : client, limit)));
    ++creating_[client];
  }
  auto created = [this, client] {
    std::unique_lock lock(mu_);
    if (--creating_[client] == 0) creating_.erase(client);
  };

  // The seed, published as its hash (commit-reveal).
  t.id = random_hex(8);
  t.seed = random_u64();
  t.seed_hash = sha256_hex(Rng::to_string(t.seed));
  t.created_at = env_.now_ms();
  t.updated_at = t.created_at;
  t.client = client;

  // 3. Opening chance, then store.
  Match match = Match::start(game, t.seed);
  match.resolve_chance();
  t.log = match.log();
  t.status = match.state().is_terminal() ? "finished" : "open";
  auto table = std::make_shared<Table>(env_, t, std::move(match));
  env_.storage->create_table(
      t,
      [this, table, done, created](const Status& st) {
        if (!st) {
          created();
          return done(st);
        }
        // On a shared database a new table has no owner: the process the
        // balancer routes its id to takes it on its first request
        // (docs/scale.md). Unless a computer is to move now: this process
        // takes it and starts the move.
        if (env_.storage->shared()) {
          const json row = table->summary();
          const json& to_move = row["to_move"];
          const bool computer_first = to_move.is_number_integer() && to_move.get<int64_t>() >= 0 &&
                                      to_move.get<size_t>() < row["seats"].size() &&
                                      row["seats"][to_move.get<size_t>()]["kind"] == "computer";
          auto claim = computer_first ? env_.storage->claim_table(table->id())
                                      : Result<TableClaim>(TableClaim{});
          if (!claim || !claim->ours) {
            created();
            return done(table);
          }
        }
        // 4. Listed and answered only once durable.
        {
          std::unique_lock lock(mu_);
          tables_[table->id()] = table;
          order_.push_back(table);
        }
        created();
        done(table);
        env_.post_io([table] { table->start_bot_if_due(); });
      },
      rematch_of);
}

void Lobby::rematch(const std::shared_ptr<Table>& old, Seat seat, const std::string& client,
                    Table::Reply done) {
  // The player's own seat at the rematch, with its token (once per seat).
  auto take_seat = [this, seat, done](Result<std::string> id) {
    if (!id) return done(id.status());
    // On a shared database the rematch may be another process's.
    auto found = acquire(*id);
    if (!found) return done(failed_precondition("the rematch has expired"));
    if (!found->table)
      return done(unavailable("the rematch is served by another server right now; retry"));
    found->table->take_reserved(seat, [id = *id, done](Result<json> r) {
      if (!r) return done(r);
      json answer = std::move(*r);
      answer["id"] = id;
      done(std::move(answer));
    });
  };
  const std::string linked = old->rematch_id();
  const bool alive = !linked.empty() && acquire(linked).is_ok();
  auto start = old->begin_rematch(seat, alive, take_seat);
  if (!start) return done(start.status());
  if (!start->create) {
    if (!start->id.empty()) take_seat(start->id);
    return;  // otherwise take_seat runs once the rematch exists
  }

  // The same game, options, timer and seats: computers at their levels,
  // each human seat reserved for its player (no token until they ask), an
  // open seat nobody took open again.
  StoredTable t = std::move(start->meta);
  for (auto& s : t.seats) {
    if (s.kind != "human") continue;
    s.access = s.access == "open" && !s.claimed ? "open" : "invite";
    s.token_hash = "";
    s.claimed = false;
    s.away = false;
    s.resigned = false;
  }
  auto game = all_games().create(t.game, t.options);
  if (!game) {
    old->end_rematch(game.status());
    return done(game.status());
  }
  const std::string old_id = old->id();
  open_table(std::move(t), *game, client, &old_id,
             [old, take_seat](Result<std::shared_ptr<Table>> table) {
               if (!table) {
                 old->end_rematch(table.status());
                 return take_seat(table.status());
               }
               old->end_rematch((*table)->id());
               take_seat((*table)->id());
             });
}

size_t Lobby::expire_due(int64_t now_ms, std::vector<std::string>* errors) {
  std::vector<std::shared_ptr<Table>> all;
  {
    std::shared_lock lock(mu_);
    all = order_;
  }
  size_t n = 0;
  for (auto& table : all) {
    const auto reason = table->begin_expiry(now_ms, limits_.expiry);
    if (!reason) continue;
    const bool keep = limits_.export_dir.empty();
    if (!keep) {
      const auto path = std::filesystem::path(limits_.export_dir) / (table->id() + ".json");
      if (auto st = write_file_atomically(path, table->export_json(*reason, now_ms).dump(1)); !st) {
        table->cancel_expiry();
        errors->push_back(fmt::format("table {} not expired: {}", table->id(), st.message()));
        continue;
      }
    }
    ++n;
    env_.storage->expire_table(table->id(), keep, now_ms, [this, table](const Status& st) {
      if (!st) {
        if (is_not_owner(st)) forget(table->id());  // another process has it now
        return table->cancel_expiry();
      }
      remove(table);
      table->finish_expiry();
    });
  }
  return n;
}

void Lobby::check_timers(int64_t now_ms) {
  std::vector<std::shared_ptr<Table>> all;
  {
    std::shared_lock lock(mu_);
    all = order_;
  }
  for (auto& table : all)
    if (table->move_seconds() > 0) table->check_timer(now_ms);
}

void Lobby::remove(const std::shared_ptr<Table>& table) {
  std::unique_lock lock(mu_);
  tables_.erase(table->id());
  std::erase(order_, table);
}

std::shared_ptr<Table> Lobby::find(const std::string& id) const {
  std::shared_lock lock(mu_);
  auto it = tables_.find(id);
  return it == tables_.end() ? nullptr : it->second;
}

size_t Lobby::size() const {
  std::shared_lock lock(mu_);
  return tables_.size();
}

json Lobby::list(const std::string& status, size_t limit) const {
  if (env_.storage->shared()) return list_shared(status, limit);
  std::vector<std::shared_ptr<Table>> all;
  {
    std::shared_lock lock(mu_);
    all = order_;
  }
  json out = json::array();
  for (auto it = all.rbegin(); it != all.rend() && out.size() < limit; ++it) {
    if (!status.empty() && (*it)->status() != status) continue;
    out.push_back((*it)->summary());
  }
  return out;
}

}  // namespace meeple::server

namespace meeple::server {

json Lobby::list_shared(const std::string& status, size_t limit) const {
  // Every process's tables: a query, at most once a second per status
  // (docs/scale.md "Fan-out"); the tables this process serves are shown
  // as they are now (who is online, who is to move).
  const int64_t now = env_.now_ms();
  std::lock_guard cache(list_mu_);
  if (list_status_ != status || now - list_at_ms_ >= 1000 || list_cache_.is_null()) {
    std::vector<size_t> versions;
    auto stored = env_.storage->list_tables(status, limit, &versions);
    if (!stored) return list_cache_.is_array() ? list_cache_ : json::array();
    json out = json::array();
    for (size_t i = 0; i < stored->size(); ++i) {
      const auto& t = (*stored)[i];
      out.push_back(stored_summary(t, versions[i]));
    }
    list_cache_ = std::move(out);
    list_at_ms_ = now;
    list_status_ = status;
  }
  json out = json::array();
  for (const auto& row : list_cache_) {
    if (out.size() >= limit) break;
    auto local = find(row["id"].get<std::string>());
    out.push_back(local ? local->summary() : row);
  }
  return out;
}

}  // namespace meeple::server
