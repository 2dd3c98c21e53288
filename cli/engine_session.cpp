#include "cli/engine_session.h"

#include <fmt/format.h>

#include "ai/bot.h"
#include "all_games/all_games.h"
#include "core/json_depth.h"
#include "core/json_integer.h"
#include "core/registry.h"

namespace meeple::cli {

namespace {

json error_json(const Status& st) {
  return {{"ok", false},
          {"error", {{"code", status_code_name(st.code())}, {"message", st.message()}}}};
}

json seat_json(Seat s) {
  if (s == kChance) return "chance";
  if (s == kTerminal) return "terminal";
  return s;
}

Result<uint64_t> seed_field(const json& req) {
  if (!req.contains("seed")) return uint64_t{0};
  const json& s = req["seed"];
  if (s.is_string()) return Rng::parse(s.get<std::string>());
  if (s.is_number_unsigned()) return s.get<uint64_t>();
  return invalid_argument("'seed' must be a non-negative integer or a decimal string");
}

Result<bool> bool_field(const json& req, const char* name, bool fallback) {
  if (!req.contains(name)) return fallback;
  if (!req[name].is_boolean())
    return invalid_argument(fmt::format("'{}' must be true or false", name));
  return req[name].get<bool>();
}

}  // namespace

std::string EngineSession::handle_line(const std::string& line) {
  const auto req = parse_json_text(line, "the line");
  if (!req) {
    return error_json(invalid_argument(req.status().message() + " (expected one JSON object)"))
        .dump();
  }
  return handle(*req).dump();
}

json EngineSession::handle(const json& req) {
  json out;
  if (!req.is_object()) {
    out =
        error_json(invalid_argument(std::string("expected a JSON object, got ") + req.type_name()));
  } else if (!req.contains("cmd") || !req["cmd"].is_string()) {
    out = error_json(invalid_argument(
        "missing \"cmd\" (one of: list, new, load, legal, act, chance, roll, view, state, log, "
        "replay, undo, bot, quit)"));
  } else {
    try {
      auto r = dispatch(req["cmd"].get<std::string>(), req);
      if (r) {
        out = std::move(*r);
        out["ok"] = true;
      } else {
        out = error_json(r.status());
      }
    } catch (const std::exception& e) {
      // A game's to_json/view should never throw; if one does, the session
      // survives and says so rather than dying mid-protocol.
      out = error_json(internal_error(e.what()));
    }
  }
  if (req.is_object() && req.contains("id")) out["id"] = req["id"];
  return out;
}

Result<json> EngineSession::dispatch(const std::string& cmd, const json& req) {
  if (cmd == "list") {
    json games = json::array();
    for (const GameInfo* g : all_games().list()) games.push_back(Registry::describe(*g));
    return json{{"games", games}};
  }
  if (cmd == "new") return cmd_new(req);
  if (cmd == "load") return cmd_load(req);
  if (cmd == "replay") return cmd_replay(req);
  if (cmd == "quit") {
    quit_ = true;
    return json::object();
  }
  if (cmd == "legal") return cmd_legal();
  if (cmd == "act") return cmd_act(req);
  if (cmd == "chance") return cmd_chance(req);
  if (cmd == "roll") return cmd_roll();
  if (cmd == "view") return cmd_view(req);
  if (cmd == "bot") return cmd_bot(req);
  if (cmd == "undo") return cmd_undo();
  if (cmd == "state" || cmd == "log") {
    auto m = need_match();
    if (!m) return m.status();
    return json{{cmd, cmd == "state" ? (*m)->to_json() : (*m)->log_json()}};
  }
  return invalid_argument("unknown cmd '" + cmd +
                          "' (expected one of: list, new, load, legal, act, chance, roll, view, "
                          "state, log, replay, undo, bot, quit)");
}

Result<Match*> EngineSession::need_match() {
  if (!match_) return failed_precondition("no game yet: send {\"cmd\":\"new\",\"game\":...} first");
  return &*match_;
}

json EngineSession::status_json() const {
  const State& s = match_->state();
  json j = {{"game", match_->game().info().name},
            {"current_player", seat_json(s.current_player())},
            {"terminal", s.is_terminal()},
            {"hash", hash_to_hex(s.hash())},
            {"moves", match_->log().size()}};
  if (s.is_terminal()) {
    j["returns"] = s.returns();
    j["scores"] = s.scores();
  }
  return j;
}

void EngineSession::settle_chance() {
  if (auto_chance_) match_->resolve_chance();
}

Result<json> EngineSession::cmd_new(const json& req) {
  if (!req.contains("game") || !req["game"].is_string())
    return invalid_argument("'new' needs \"game\" (a name from `list`)");
  auto seed = seed_field(req);
  if (!seed) return seed.status();
  auto auto_chance = bool_field(req, "auto_chance", true);
  if (!auto_chance) return auto_chance.status();
  auto m = Match::start(req["game"].get<std::string>(), req.value("options", json::object()), *seed,
                        all_games());
  if (!m) return m.status();
  match_ = std::move(*m);
  auto_chance_ = *auto_chance;
  settle_chance();
  return status_json();
}

Result<json> EngineSession::cmd_load(const json& req) {
  if (!req.contains("game") || !req["game"].is_string())
    return invalid_argument("'load' needs \"game\" and \"state\"");
  if (!req.contains("state")) return invalid_argument("'load' needs \"state\" (a state JSON)");
  auto seed = seed_field(req);
  if (!seed) return seed.status();
  // The session's dice mode carries over unless the request names one: a
  // referee session that loads a position must not start rolling by itself.
  auto auto_chance = bool_field(req, "auto_chance", auto_chance_);
  if (!auto_chance) return auto_chance.status();
  auto game =
      all_games().create(req["game"].get<std::string>(), req.value("options", json::object()));
  if (!game) return game.status();
  auto state = (*game)->state_from_json(req["state"]);
  if (!state) return state.status();
  match_ = Match::start_from(*game, std::move(*state), *seed);
  auto_chance_ = *auto_chance;
  return status_json();
}

Result<json> EngineSession::cmd_legal() {
  auto m = need_match();
  if (!m) return m.status();
  const State& s = (*m)->state();
  json actions = json::array();
  if (s.is_chance()) {
    for (const auto& o : s.chance_outcomes())
      actions.push_back({{"id", o.action},
                         {"json", s.action_to_json(o.action)},
                         {"text", s.action_to_string(o.action)},
                         {"probability", o.probability}});
  } else {
    for (Action a : s.legal_actions())
      actions.push_back(
          {{"id", a}, {"json", s.action_to_json(a)}, {"text", s.action_to_string(a)}});
  }
  json out = status_json();
  out["actions"] = std::move(actions);
  return out;
}

Result<json> EngineSession::cmd_act(const json& req) {
  auto m = need_match();
  if (!m) return m.status();
  if (!req.contains("action"))
    return invalid_argument("'act' needs \"action\" (an action JSON, text command or id)");
  const size_t before = (*m)->log().size();
  auto ids = (*m)->act_json(req["action"]);
  if (!ids) return ids.status();
  settle_chance();
  json out = status_json();
  out["applied"] = *ids;
  // Chance outcomes sampled after the action, so a client can show the dice.
  json rolled = json::array();
  const auto& log = (*m)->log();
  for (size_t i = before + ids->size(); i < log.size(); ++i) rolled.push_back(log[i].action);
  if (!rolled.empty()) out["chance"] = rolled;
  return out;
}

Result<json> EngineSession::cmd_chance(const json& req) {
  auto m = need_match();
  if (!m) return m.status();
  const State& s = (*m)->state();
  if (!s.is_chance()) return failed_precondition("no chance outcome is due now");
  if (!req.contains("outcome"))
    return invalid_argument("'chance' needs \"outcome\" (an id, or its text or JSON from `legal`)");
  const json& o = req["outcome"];
  Action chosen = kInvalidAction;
  for (const auto& c : s.chance_outcomes()) {
    if ((o.is_number_integer() && o.get<int64_t>() == c.action) ||
        (o.is_string() && o.get<std::string>() == s.action_to_string(c.action)) ||
        (!o.is_number() && !o.is_string() && o == s.action_to_json(c.action)))
      chosen = c.action;
  }
  if (chosen == kInvalidAction)
    return illegal_action(o.dump() + " is not a possible chance outcome here (see `legal`)");
  if (auto st = (*m)->supply_chance(chosen); !st) return st;
  return status_json();
}

Result<json> EngineSession::cmd_roll() {
  auto m = need_match();
  if (!m) return m.status();
  if (!(*m)->state().is_chance()) return failed_precondition("no chance outcome is due now");
  const Action a = (*m)->sample_chance();
  json out = status_json();
  out["outcome"] = a;
  return out;
}

Result<json> EngineSession::cmd_view(const json& req) {
  auto m = need_match();
  if (!m) return m.status();
  Seat seat = kSpectator;
  if (req.contains("seat") && req["seat"] != "spectator") {
    const int seats = (*m)->game().num_seats();
    const auto n = json_integer(req["seat"], 0, seats - 1);
    if (!n)
      return invalid_argument(
          fmt::format("'seat' must be a seat number 0..{} or \"spectator\", got {}", seats - 1,
                      req["seat"].dump()));
    seat = static_cast<Seat>(*n);
  }
  return json{{"view", (*m)->state().view(seat)}};
}

Result<json> EngineSession::cmd_bot(const json& req) {
  auto m = need_match();
  if (!m) return m.status();
  const State& s = (*m)->state();
  if (s.is_terminal() || s.is_chance()) return failed_precondition("no seat is to decide now");
  int level = 5;
  if (req.contains("level")) {
    const auto n = json_integer(req["level"], kMinLevel, kMaxLevel);
    if (!n) return invalid_argument("'level' must be an integer 0..10, got " + req["level"].dump());
    level = static_cast<int>(*n);
  }
  auto seed = seed_field(req);
  if (!seed) return seed.status();
  auto apply = bool_field(req, "apply", false);
  if (!apply) return apply.status();
  auto bot = make_bot((*m)->game(), level, *seed);
  if (!bot) return bot.status();
  const Action a = (*bot)->choose(Decision((*m)->game(), s));  // the seat's information only
  json chosen = {{"id", a}, {"json", s.action_to_json(a)}, {"text", s.action_to_string(a)}};
  if (*apply) {
    if (auto st = (*m)->act(a); !st) return st;
    settle_chance();
  }
  json out = status_json();
  out["action"] = chosen;
  return out;
}

Result<json> EngineSession::cmd_replay(const json& req) {
  if (!req.contains("log")) return invalid_argument("'replay' needs \"log\" (a match log)");
  auto auto_chance = bool_field(req, "auto_chance", auto_chance_);
  if (!auto_chance) return auto_chance.status();
  auto m = Match::replay(req["log"], all_games());
  if (!m) return m.status();
  match_ = std::move(*m);
  auto_chance_ = *auto_chance;
  json out = status_json();
  // Dice typed by hand or a loaded start replay consistently, but nothing
  // shows they were fair: such a log is a referee log, never "verified".
  out["referee"] = match_->referee();
  out["verified"] = !match_->referee();
  return out;
}

Result<json> EngineSession::cmd_undo() {
  auto m = need_match();
  if (!m) return m.status();
  if (auto st = (*m)->undo(); !st) return st;
  return status_json();
}

}  // namespace meeple::cli
