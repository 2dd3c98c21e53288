#include "core/match.h"

#include <fmt/format.h>

#include "core/chance.h"
#include "core/json_integer.h"
#include "core/registry.h"

namespace meeple {

std::string hash_to_hex(uint64_t h) {
  return fmt::format("{:016x}", h);
}

Match::Match(std::shared_ptr<const Game> game, std::unique_ptr<State> state, uint64_t seed,
             json start)
    : game_(std::move(game)),
      state_(std::move(state)),
      seed_(seed),
      rng_(seed),
      start_(std::move(start)) {}

Match::Match(const Match& other)
    : game_(other.game_),
      state_(other.state_->clone()),
      seed_(other.seed_),
      rng_(other.rng_),
      start_(other.start_),
      log_(other.log_) {}

Match& Match::operator=(const Match& other) {
  if (this != &other) *this = Match(other);
  return *this;
}

Result<Match> Match::start(const std::string& game, const json& options, uint64_t seed,
                           const Registry& registry) {
  auto g = registry.create(game, options);
  if (!g) return g.status();
  return start(std::move(*g), seed);
}

Match Match::start(std::shared_ptr<const Game> game, uint64_t seed) {
  auto state = game->new_initial_state();
  return Match(std::move(game), std::move(state), seed, nullptr);
}

Match Match::start_from(std::shared_ptr<const Game> game, std::unique_ptr<State> state,
                        uint64_t seed) {
  json start = state->to_json();
  return Match(std::move(game), std::move(state), seed, std::move(start));
}

void Match::record(Seat seat, Action a, bool supplied) {
  state_->apply(a);
  log_.push_back(LogEntry{seat, a, supplied, state_->hash()});
}

Status Match::act(Action a) {
  const Seat seat = state_->current_player();
  if (seat == kTerminal) return failed_precondition("the game is over");
  if (seat == kChance)
    return failed_precondition("a chance outcome is due, not a decision (supply or roll it)");
  if (!state_->is_legal(a))
    return illegal_action(fmt::format("action id {} is not legal for seat {} here", a, seat));
  record(seat, a, false);
  return Status::ok();
}

Result<std::vector<Action>> Match::act_json(const json& action) {
  const Seat seat = state_->current_player();
  if (seat == kTerminal) return failed_precondition("the game is over");
  if (seat == kChance)
    return failed_precondition("a chance outcome is due, not a decision (supply or roll it)");
  auto ids = state_->decode_action(action);
  if (!ids) return ids.status();
  if (ids->empty()) return invalid_argument("the action stands for no step");
  // Check every step on a copy first: all or nothing.
  auto probe = state_->clone();
  for (size_t i = 0; i < ids->size(); ++i) {
    const Action a = (*ids)[i];
    if (probe->is_chance() || probe->is_terminal() || !probe->is_legal(a))
      return illegal_action(fmt::format("step {} of the action ({}) is not legal", i + 1, a));
    probe->apply(a);
  }
  for (Action a : *ids) record(state_->current_player(), a, false);
  return ids;
}

Status Match::supply_chance(Action outcome) {
  if (!state_->is_chance()) return failed_precondition("no chance outcome is due now");
  for (const auto& o : state_->chance_outcomes()) {
    if (o.action == outcome) {
      record(kChance, outcome, true);
      return Status::ok();
    }
  }
  return illegal_action(fmt::format("{} is not a possible chance outcome here", outcome));
}

Action Match::draw_chance(Rng& rng) const {
  assert(state_->is_chance());
  std::vector<double> weights;
  return sample_chance_outcome(*state_, rng, weights);
}

Action Match::sample_chance() {
  const Action a = draw_chance(rng_);
  record(kChance, a, false);
  return a;
}

void Match::resolve_chance() {
  while (state_->is_chance()) sample_chance();
}

Status Match::undo() {
  size_t cut = log_.size();
  while (cut > 0 && log_[cut - 1].seat == kChance) --cut;
  if (cut == 0) return failed_precondition("there is no move to take back");
  --cut;  // the decision itself
  // Rebuild from the start with the shorter log; the RNG rewinds with it.
  Match base = start_.is_null() ? start(game_, seed_)
                                : start_from(game_, game_->state_from_json(start_).value(), seed_);
  json entries = log_json()["entries"];
  entries.erase(entries.begin() + static_cast<std::ptrdiff_t>(cut), entries.end());
  auto rebuilt = replay_entries(std::move(base), entries);
  if (!rebuilt) return rebuilt.status();
  *this = std::move(*rebuilt);
  return Status::ok();
}

json Match::log_json() const {
  json entries = json::array();
  // Action JSON is for people reading the log; replay trusts ids and hashes.
  auto s = start_.is_null() ? game_->new_initial_state() : game_->state_from_json(start_).value();
  for (const auto& e : log_) {
    json je;
    if (e.seat == kChance) {
      je["seat"] = "chance";
      je["action"] = e.action;
      if (e.supplied) je["supplied"] = true;
    } else {
      je["seat"] = e.seat;
      je["action"] = e.action;
      je["json"] = s->action_to_json(e.action);
    }
    je["hash"] = hash_to_hex(e.hash);
    entries.push_back(std::move(je));
    s->apply(e.action);
  }
  json j = {{"game", game_->info().name},
            {"options", game_->options()},
            {"seed", Rng::to_string(seed_)},
            {"entries", std::move(entries)}};
  if (!start_.is_null()) j["start"] = start_;
  return j;
}

namespace {

Result<uint64_t> seed_from_json(const json& j) {
  if (j.is_string()) return Rng::parse(j.get<std::string>());
  if (j.is_number_unsigned()) return j.get<uint64_t>();
  if (j.is_number_integer() && j.get<int64_t>() >= 0)
    return static_cast<uint64_t>(j.get<int64_t>());
  return invalid_argument("'seed' must be a decimal string or a non-negative integer");
}

}  // namespace

Result<Match> Match::replay(const json& log, const Registry& registry) {
  if (!log.is_object()) return invalid_argument("a match log must be a JSON object");
  if (!log.contains("game") || !log["game"].is_string())
    return invalid_argument("match log: 'game' (string) is missing");
  if (!log.contains("seed")) return invalid_argument("match log: 'seed' is missing");
  auto seed = seed_from_json(log["seed"]);
  if (!seed) return seed.status();
  auto game = registry.create(log["game"].get<std::string>(), log.value("options", json::object()));
  if (!game) return game.status();
  Match m = start(*game, *seed);
  if (log.contains("start") && !log["start"].is_null()) {
    auto st = (*game)->state_from_json(log["start"]);
    if (!st) return invalid_argument("match log 'start': " + st.status().message());
    m = start_from(*game, std::move(*st), *seed);
  }
  if (!log.contains("entries")) return m;
  if (!log["entries"].is_array()) return invalid_argument("match log: 'entries' must be an array");
  return replay_entries(std::move(m), log["entries"]);
}

Result<Match> Match::replay_entries(Match m, const json& entries) {
  for (size_t i = 0; i < entries.size(); ++i) {
    if (auto st = m.replay_entry(entries[i]); !st)
      return Status(st.code(), fmt::format("match log entry {}: {}", i + 1, st.message()));
  }
  return m;
}

Status Match::replay_entry(const json& e) {
  if (!e.is_object())
    return invalid_argument(fmt::format("expected an object, got {}", e.type_name()));
  if (!e.contains("action")) return invalid_argument("'action' is missing");
  // Ids go through the same integer checks as clients' actions: true, 2.5,
  // -1 or 2^40 must not turn into some other id (core/json_integer.h).
  const auto id = json_integer(e["action"], 0, game_->num_distinct_actions() - 1);
  if (!id)
    return invalid_argument(fmt::format("'action': expected an integer action id 0..{}, got {}",
                                        game_->num_distinct_actions() - 1, e["action"].dump()));
  const auto a = static_cast<Action>(*id);
  const bool is_chance_entry = e.contains("seat") && e["seat"] == "chance";
  bool supplied = false;
  if (e.contains("supplied")) {
    if (!e["supplied"].is_boolean())
      return invalid_argument(
          fmt::format("'supplied': expected true or false, got {}", e["supplied"].dump()));
    supplied = e["supplied"].get<bool>();
    if (supplied && !is_chance_entry)
      return invalid_argument("'supplied' is only for chance entries (\"seat\":\"chance\")");
  }
  if (is_chance_entry) {
    if (!state_->is_chance()) return data_loss("a chance outcome where none is due");
    if (supplied) {
      if (auto st = supply_chance(a); !st) return data_loss(st.message());
    } else {
      // Draw with a copy of the RNG alone: copying the match would copy its
      // log and make replay quadratic in the log's length.
      Rng probe = rng_;
      const Action sampled = draw_chance(probe);
      if (sampled != a)
        return data_loss(fmt::format(
            "chance outcome {} does not follow from the seed (the seed gives {})", a, sampled));
      rng_ = probe;
      record(kChance, a, false);
    }
  } else {
    if (e.contains("seat")) {
      const auto seat = json_integer(e["seat"], 0, game_->num_seats() - 1);
      if (!seat)
        return invalid_argument(fmt::format("'seat': expected \"chance\" or a seat 0..{}, got {}",
                                            game_->num_seats() - 1, e["seat"].dump()));
      if (*seat != state_->current_player())
        return data_loss(fmt::format("seat {} acted but {} was to move", *seat,
                                     state_->is_chance() ? std::string("chance")
                                     : state_->is_terminal()
                                         ? std::string("nobody (game over)")
                                         : fmt::format("seat {}", state_->current_player())));
    }
    if (auto st = act(a); !st) return data_loss(st.message());
  }
  if (e.contains("hash")) {
    if (!e["hash"].is_string())
      return invalid_argument(
          fmt::format("'hash': expected 16 hex digits, got {}", e["hash"].dump()));
    const std::string& expected = e["hash"].get_ref<const std::string&>();
    if (hash_to_hex(state_->hash()) != expected)
      return data_loss(fmt::format("state hash {} differs from the logged {}",
                                   hash_to_hex(state_->hash()), expected));
  }
  return Status::ok();
}

bool Match::referee() const {
  if (!start_.is_null()) return true;
  for (const auto& e : log_)
    if (e.supplied) return true;
  return false;
}

json Match::to_json() const {
  json j = log_json();
  j["state"] = state_->to_json();
  j["rng"] = Rng::to_string(rng_.state());
  j["hash"] = hash_to_hex(state_->hash());
  return j;
}

Result<Match> Match::from_json(const json& j, const Registry& registry) {
  auto m = replay(j, registry);
  if (!m) return m.status();
  if (j.contains("rng")) {
    auto r = seed_from_json(j["rng"]);
    if (!r) return r.status();
    if (*r != m->rng_.state()) return data_loss("RNG position differs from the log's replay");
  }
  if (j.contains("hash") && j["hash"] != hash_to_hex(m->state().hash()))
    return data_loss("state hash differs from the log's replay");
  return m;
}

}  // namespace meeple
