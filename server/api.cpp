#include "server/api.h"

#include <fmt/format.h>

#include "ai/bot.h"
#include "all_games/all_games.h"
#include "core/json_depth.h"
#include "core/json_integer.h"
#include "core/registry.h"
#include "server/player_name.h"
#include "server/safe_text.h"

namespace meeple::server {

namespace {

// A client's id for an action request: short, and plain ASCII so that both
// databases sort and compare it byte for byte.
bool valid_request_id(const std::string& id) {
  if (id.empty() || id.size() > 64) return false;
  for (const char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
          c == '_' || c == ':' || c == '-'))
      return false;
  return true;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string url_decode(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') {
      out += ' ';
    } else if (s[i] == '%' && i + 2 < s.size() && hex_value(s[i + 1]) >= 0 &&
               hex_value(s[i + 2]) >= 0) {
      out += static_cast<char>(hex_value(s[i + 1]) * 16 + hex_value(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

Result<json> parse_body(const std::string& body, bool allow_empty) {
  if (body.empty()) {
    if (allow_empty) return json::object();
    return invalid_argument("the request body must be a JSON object");
  }
  auto parsed = parse_json_text(body, "the request body");
  if (!parsed) return parsed.status();
  json j = std::move(*parsed);
  if (!j.is_object()) return invalid_argument("the request body must be a JSON object");
  return j;
}

// A seat's request that takes no fields (a rematch, resigning): a field, or
// no seat's token, is refused, the error naming `what` was asked.
Status seat_request_without_fields(const json& body, Seat seat, const std::string& what) {
  if (!body.empty())
    return invalid_argument(fmt::format("unknown field '{}' ({} takes no fields)",
                                        printable(body.begin().key()), what));
  if (seat == kSpectator)
    return permission_denied(
        fmt::format("{} needs a seat's token (Authorization: Bearer <token>)", what));
  return Status::ok();
}

std::function<void(Result<json>)> reply(std::function<void(ApiResponse)> done,
                                        int ok_status = 200) {
  return [done = std::move(done), ok_status](Result<json> r) {
    if (!r) return done(error_response(r.status()));
    done(ApiResponse{ok_status, std::move(*r)});
  };
}

Status method_not_allowed(const ApiRequest& req, const char* allowed) {
  return invalid_argument(fmt::format("{} {} is not supported (use {})", printable(req.method, 16),
                                      printable(req.path), allowed));
}

}  // namespace

void split_target(const std::string& target, std::string* path,
                  std::map<std::string, std::string>* query) {
  const size_t q = target.find('?');
  *path = url_decode(target.substr(0, q));
  if (q == std::string::npos) return;
  const std::string qs = target.substr(q + 1);
  size_t start = 0;
  while (start <= qs.size()) {
    size_t end = qs.find('&', start);
    if (end == std::string::npos) end = qs.size();
    const std::string part = qs.substr(start, end - start);
    if (!part.empty()) {
      const size_t eq = part.find('=');
      (*query)[url_decode(part.substr(0, eq))] =
          eq == std::string::npos ? "" : url_decode(part.substr(eq + 1));
    }
    start = end + 1;
  }
}

ApiResponse error_response(const Status& st) {
  int http = status_code_http(st.code());
  std::string code = status_code_name(st.code());
  std::string message = st.message();
  // 405 and 429 are HTTP notions, not core codes: recognise our messages.
  if (st.code() == StatusCode::kInvalidArgument &&
      st.message().find("is not supported (use") != std::string::npos) {
    http = 405;
    code = "method_not_allowed";
  } else if (is_too_many_requests(st)) {
    http = 429;
    code = "too_many_requests";
    message = st.message().substr(kTooManyRequests.size());
  }
  return ApiResponse{http, json{{"error", {{"code", code}, {"message", message}}}}};
}

bool Api::over_quota(RateLimiter& rate, const std::string& client, const char* what,
                     const std::function<void(ApiResponse)>& done) {
  const std::string key = client_key(client);
  const int64_t wait = rate.take(key, now_ms_());
  if (wait == 0) return false;
  ApiResponse r = error_response(too_many_requests(
      fmt::format("too many {} from {}: the limit is {} a minute per address; retry in {} s", what,
                  key.empty() ? "this client" : key, rate.per_minute(), wait)));
  r.body["error"]["retry_after"] = wait;
  done(std::move(r));
  return true;
}

void Api::prune_quotas() {
  create_rate_.prune(now_ms_());
  action_rate_.prune(now_ms_());
}

void Api::handle(const ApiRequest& req, std::function<void(ApiResponse)> done) {
  const std::string& p = req.path;
  if (p == "/api/health") {
    if (req.method != "GET") return done(error_response(method_not_allowed(req, "GET")));
    if (storage_ && storage_->failed())
      return done(
          ApiResponse{503,
                      {{"ok", false},
                       {"tables", lobby_.size()},
                       {"error",
                        {{"code", "unavailable"},
                         {"message", fmt::format("storage failed: {}; the server refuses writes",
                                                 printable(storage_->failure(), 300))}}}}});
    return done(ApiResponse{200, {{"ok", true}, {"tables", lobby_.size()}}});
  }
  if (p == "/api/games") {
    if (req.method != "GET") return done(error_response(method_not_allowed(req, "GET")));
    json games = json::array();
    for (const GameInfo* info : all_games().list()) {
      json g = all_games().describe_with_metadata(*info);
      g["levels"] = describe_levels(info->name);
      games.push_back(std::move(g));
    }
    return done(ApiResponse{200, {{"games", games}}});
  }
  if (p == "/api/tables") {
    if (req.method == "GET") {
      std::string status;
      if (auto it = req.query.find("status"); it != req.query.end()) status = it->second;
      if (!status.empty() && status != "open" && status != "running" && status != "finished")
        return done(error_response(invalid_argument(
            fmt::format("status '{}' is not one of open, running, finished", printable(status)))));
      return done(ApiResponse{200, {{"tables", lobby_.list(status, 200)}}});
    }
    if (req.method == "POST") {
      if (over_quota(create_rate_, req.client, "tables created", done)) return;
      auto body = parse_body(req.body, false);
      if (!body) return done(error_response(body.status()));
      return lobby_.create(*body, client_key(req.client), reply(std::move(done), 201));
    }
    return done(error_response(method_not_allowed(req, "GET or POST")));
  }
  const std::string prefix = "/api/tables/";
  if (p.rfind(prefix, 0) == 0) {
    const std::string tail = p.substr(prefix.size());
    const size_t slash = tail.find('/');
    const std::string id = tail.substr(0, slash);
    const std::string rest = slash == std::string::npos ? "" : tail.substr(slash + 1);
    return table_route(req, id, rest, std::move(done));
  }
  done(error_response(
      not_found(fmt::format("no API route {} {}", printable(req.method, 16), printable(p)))));
}

void Api::table_route(const ApiRequest& req, const std::string& id, const std::string& rest,
                      std::function<void(ApiResponse)> done) {
  if (rest != "" && rest != "actions" && rest != "hint" && rest != "join" && rest != "log" &&
      rest != "replay" && rest != "seat" && rest != "resign" && rest != "rematch")
    return done(error_response(not_found(
        fmt::format("no API route {} {}", printable(req.method, 16), printable(req.path)))));
  const bool post = rest == "actions" || rest == "hint" || rest == "join" || rest == "seat" ||
                    rest == "resign" || rest == "rematch";
  if (post && req.method != "POST") return done(error_response(method_not_allowed(req, "POST")));
  if (!post && req.method != "GET") return done(error_response(method_not_allowed(req, "GET")));

  // This process's table, one taken over from a dead process, or the live
  // owner's to forward to (a shared database, docs/scale.md).
  auto found = lobby_.acquire(id);
  if (!found) return done(error_response(found.status()));
  if (!found->table) {
    if (req.forwarded || !forward_)
      return done(error_response(unavailable(fmt::format(
          "table {} is served by another server right now; retry the request", printable(id)))));
    return forward_(found->owner_url, req, std::move(done));
  }
  const std::shared_ptr<Table> table = found->table;

  if (post && over_quota(action_rate_, req.client, "actions, hints and joins", done)) return;
  if (rest == "join") {
    auto body = parse_body(req.body, true);
    if (!body) return done(error_response(body.status()));
    std::optional<int> seat;
    std::string name;
    for (const auto& [k, v] : body->items()) {
      if (k == "name") {
        auto n = player_name(v, "name");
        if (!n) return done(error_response(n.status()));
        name = std::move(*n);
        continue;
      }
      if (k != "seat")
        return done(error_response(
            invalid_argument(fmt::format("unknown field '{}' (expected seat, name)", k))));
      const auto n = json_integer(v, 0, 63);
      if (!n)
        return done(error_response(
            invalid_argument("'seat' must be a seat number 0..63, got " + v.dump())));
      seat = static_cast<int>(*n);
    }
    return table->join(seat, std::move(name), reply(std::move(done)));
  }
  if (rest == "log") return reply(std::move(done))(table->log());
  if (rest == "replay") return reply(std::move(done))(table->replay());

  auto seat = table->authenticate(req.token);
  if (!seat) return done(error_response(seat.status()));
  if (rest.empty()) return done(ApiResponse{200, table->snapshot(*seat)});

  auto body = parse_body(req.body, rest == "hint" || rest == "resign" || rest == "rematch");
  if (!body) return done(error_response(body.status()));
  if (rest == "rematch") {
    if (Status st = seat_request_without_fields(*body, *seat, "a rematch"); !st)
      return done(error_response(st));
    // The first request creates a table: the creation quota applies.
    if (table->rematch_id().empty() && over_quota(create_rate_, req.client, "tables created", done))
      return;
    return lobby_.rematch(table, *seat, client_key(req.client), reply(std::move(done)));
  }
  if (rest == "resign") {
    if (Status st = seat_request_without_fields(*body, *seat, "resigning"); !st)
      return done(error_response(st));
    return table->resign(*seat, reply(std::move(done)));
  }
  if (rest == "hint") {
    for (const auto& [k, v] : body->items())
      if (k != "level")
        return done(error_response(
            invalid_argument(fmt::format("unknown field '{}' (expected level)", k))));
    int level = -1;  // the game's standard level
    if (body->contains("level")) {
      const auto n = json_integer((*body)["level"], kMinLevel, kMaxLevel);
      if (!n)
        return done(error_response(
            invalid_argument("'level' must be an integer 0..10, got " + (*body)["level"].dump())));
      level = static_cast<int>(*n);
    }
    return table->hint(*seat, level, reply(std::move(done)));
  }
  if (rest == "seat") {
    Table::SeatSettings settings;
    for (const auto& [k, v] : body->items()) {
      if (k == "auto_answer") {
        if (!v.is_boolean())
          return done(error_response(invalid_argument(
              "'auto_answer' must be true (the server answers with the default) or false")));
        settings.auto_answer = v.get<bool>();
      } else if (k == "away") {
        if (!v.is_boolean())
          return done(error_response(invalid_argument(
              "'away' must be true (the computer plays for the seat) or false (the player is "
              "back)")));
        settings.away = v.get<bool>();
      } else if (k == "name") {
        auto n = player_name(v, "name");
        if (!n) return done(error_response(n.status()));
        settings.name = std::move(*n);
      } else {
        return done(error_response(invalid_argument(
            fmt::format("unknown field '{}' (expected auto_answer, away, name)", printable(k)))));
      }
    }
    if (!settings.auto_answer && !settings.name && !settings.away)
      return done(error_response(invalid_argument("expected auto_answer, away or name")));
    if (*seat == kSpectator)
      return done(error_response(
          permission_denied("a seat's settings need its token (Authorization: Bearer <token>)")));
    return table->update_seat(*seat, std::move(settings), reply(std::move(done)));
  }
  // actions
  for (const auto& [k, v] : body->items())
    if (k != "action" && k != "version" && k != "request_id")
      return done(error_response(invalid_argument(
          fmt::format("unknown field '{}' (expected action, version, request_id)", printable(k)))));
  if (!body->contains("action"))
    return done(error_response(invalid_argument("'action' is required, e.g. {\"move\":\"d3\"}")));
  std::optional<size_t> expect;
  if (body->contains("version")) {
    const json& v = (*body)["version"];
    if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<int64_t>() >= 0))
      return done(error_response(invalid_argument("'version' must be a non-negative integer")));
    expect = v.get<size_t>();
  }
  std::string request_id;
  if (body->contains("request_id")) {
    const json& r = (*body)["request_id"];
    if (!r.is_string() || !valid_request_id(r.get_ref<const std::string&>()))
      return done(error_response(invalid_argument(
          "'request_id' must be 1 to 64 letters, digits or . _ : - (a fresh one per action, "
          "the same one when retrying it)")));
    request_id = r.get<std::string>();
  }
  if (*seat == kSpectator)
    return done(error_response(
        permission_denied("acting needs a seat's token (Authorization: Bearer <token>)")));
  // Lost to another process while this action waited (its write was
  // refused and rolled back): once more, now routed to the new owner.
  auto answer = [this, req, id, rest, done](Result<json> r) {
    if (!r && is_not_owner(r.status()) && !req.forwarded && !req.retried) {
      ApiRequest again = req;
      again.retried = true;
      return table_route(again, id, rest, done);
    }
    reply(done)(std::move(r));
  };
  table->act(*seat, (*body)["action"], expect, std::move(answer), std::move(request_id));
}

}  // namespace meeple::server
