#include "server/lobby.h"

#include <fmt/format.h>

#include <chrono>

#include "ai/bot.h"
#include "all_games/all_games.h"
#include "core/json_integer.h"
#include "core/registry.h"
#include "server/crypto.h"

namespace meeple::server {

namespace {

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Seat list from the request: [{"kind":"human"} | {"kind":"computer","level":n}].
Result<std::vector<StoredSeat>> parse_seats(const json& request, int num_seats) {
  std::vector<StoredSeat> seats;
  if (!request.contains("seats")) {
    for (int i = 0; i < num_seats; ++i) seats.push_back(StoredSeat{i, "human", 0, "", false});
    return seats;
  }
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
      if (k != "kind" && k != "level")
        return invalid_argument(
            fmt::format("seats[{}]: unknown field '{}' (expected kind, level)", i, k));
    }
    StoredSeat seat{static_cast<int>(i), s["kind"].get<std::string>(), 0, "", false};
    if (seat.kind == "computer") {
      if (!s.contains("level"))
        seat.level = 3;
      else if (const auto n = json_integer(s["level"], kMinLevel, kMaxLevel))
        seat.level = static_cast<int>(*n);
      else
        return invalid_argument(fmt::format("seats[{}].level: expected an integer 0..10, got {}", i,
                                            s["level"].dump()));
      seat.claimed = true;
    } else if (seat.kind == "human") {
      if (s.contains("level"))
        return invalid_argument(fmt::format("seats[{}]: 'level' is only for computer seats", i));
    } else {
      return invalid_argument(
          fmt::format("seats[{}].kind: '{}' (expected \"human\" or \"computer\")", i, seat.kind));
    }
    seats.push_back(std::move(seat));
  }
  return seats;
}

}  // namespace

std::vector<std::string> Lobby::restore(std::vector<StoredTable> stored) {
  std::vector<std::string> errors;
  for (auto& t : stored) {
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
    if (!m) {
      errors.push_back(fmt::format("table {}: {}", t.id, m.status().to_string()));
      continue;
    }
    if (static_cast<int>(t.seats.size()) != m->game().num_seats()) {
      errors.push_back(fmt::format("table {}: {} stored seats for a {}-seat game", t.id,
                                   t.seats.size(), m->game().num_seats()));
      continue;
    }
    auto table = std::make_shared<Table>(env_, std::move(t), std::move(*m));
    std::unique_lock lock(mu_);
    tables_[table->id()] = table;
    order_.push_back(table);
  }
  return errors;
}

void Lobby::start_bots() {
  std::vector<std::shared_ptr<Table>> all;
  {
    std::shared_lock lock(mu_);
    all = order_;
  }
  for (auto& t : all) t->start_bot_if_due();
}

void Lobby::create(const json& request, Table::Reply done) {
  // 1. Validate everything before anything is drawn or stored.
  if (!request.is_object()) return done(invalid_argument("expected a JSON object"));
  for (const auto& [k, v] : request.items()) {
    if (k != "game" && k != "options" && k != "seats")
      return done(
          invalid_argument(fmt::format("unknown field '{}' (expected game, options, seats)", k)));
  }
  if (!request.contains("game") || !request["game"].is_string())
    return done(invalid_argument("'game' (string) is required, e.g. \"reversi\""));
  const std::string name = request["game"].get<std::string>();
  if (!all_games().find(name)) return done(not_found(fmt::format("unknown game '{}'", name)));
  const json options = request.value("options", json::object());
  if (!options.is_object()) return done(invalid_argument("'options' must be an object"));
  auto game = all_games().create(name, options);
  if (!game) return done(game.status());
  auto seats = parse_seats(request, (*game)->num_seats());
  if (!seats) return done(seats.status());

  // 2. Secrets: seed (published as its hash) and one token per human seat.
  StoredTable t;
  t.id = random_hex(8);
  t.game = name;
  t.options = (*game)->options();
  t.seed = random_u64();
  t.seed_hash = sha256_hex(Rng::to_string(t.seed));
  t.created_at = now_ms();
  t.seats = std::move(*seats);
  json tokens = json::array();
  for (auto& s : t.seats) {
    if (s.kind != "human") {
      s.token_hash = "";
      continue;
    }
    const std::string token = random_hex(16);
    s.token_hash = sha256_hex(token);
    tokens.push_back({{"seat", s.seat}, {"token", token}});
  }

  // 3. Opening chance, then store.
  Match match = Match::start(*game, t.seed);
  match.resolve_chance();
  t.log = match.log();
  t.status = match.state().is_terminal() ? "finished" : "open";
  auto table = std::make_shared<Table>(env_, t, std::move(match));
  const json summary = table->summary();
  env_.storage->create_table(t, [this, table, tokens, summary, done](const Status& st) {
    if (!st) return done(st);
    // 4. Listed and answered only once durable.
    {
      std::unique_lock lock(mu_);
      tables_[table->id()] = table;
      order_.push_back(table);
    }
    done(json{{"id", table->id()}, {"tokens", tokens}, {"table", summary}});
    env_.post_io([table] { table->start_bot_if_due(); });
  });
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
