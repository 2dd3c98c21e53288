// The JSON API routes (documented with examples in docs/api.md).
//
//   GET  /api/health                      liveness, table count; 503 if storage failed
//   GET  /api/games                       games, options, seat counts, levels
//   GET  /api/tables?status=open|running|finished
//   POST /api/tables                      {"game","options","seats"} -> tokens
//   GET  /api/tables/{id}                 snapshot for the token's seat
//   POST /api/tables/{id}/actions         {"action": <json>, "version": n?}
//   POST /api/tables/{id}/hint            {"level": n?}   (seat to move)
//   POST /api/tables/{id}/join            {"seat": n?} an open seat's fresh token
//   GET  /api/tables/{id}/log             finished: log + revealed seed
//   GET  /api/tables/{id}/replay          finished: spectator view per step
// The token travels as "Authorization: Bearer <token>" (or ?token= where a
// header cannot be set, as for WebSockets). Every error is
//   {"error": {"code": "illegal_action", "message": "..."}}
// with the HTTP status of its core/status.h code; nothing changes on error.
// Quotas per client address (quota.h): creating tables and sending actions,
// hints and joins beyond the limits is 429 with "retry_after" (seconds) in
// the error object.
// Messages quote request input only through printable() (safe_text.h): a
// path may be any bytes.
#pragma once

#include <functional>
#include <map>
#include <string>

#include "server/lobby.h"
#include "server/quota.h"

namespace meeple::server {

struct ApiRequest {
  std::string method;  // "GET", "POST", ...
  std::string path;    // without the query
  std::map<std::string, std::string> query;
  std::string body;
  std::string token;     // from Authorization: Bearer, else ?token=
  std::string client;    // the peer's IP address (quotas)
  std::string target{};  // path and query as received (forwarding, forward.h)
  // Sent by another process of a shared database (forward.h): never
  // forwarded again.
  bool forwarded = false;
  bool retried = false;  // re-routed once after this process lost the table
};

struct ApiResponse {
  int status = 200;
  json body;
};

// Splits "/a/b?x=1&y=2" into path and decoded query parameters.
void split_target(const std::string& target, std::string* path,
                  std::map<std::string, std::string>* query);

// JSON error body for a status.
ApiResponse error_response(const Status& st);

class Api {
 public:
  // `storage` (may be null) is reported by /api/health.
  Api(Lobby& lobby, const QuotaLimits& quotas, std::function<int64_t()> now_ms,
      const Storage* storage = nullptr)
      : lobby_(lobby),
        storage_(storage),
        now_ms_(std::move(now_ms)),
        create_rate_(quotas.tables_per_minute),
        action_rate_(quotas.actions_per_minute) {}
  // Answers through `done`, possibly later and from another thread.
  void handle(const ApiRequest& req, std::function<void(ApiResponse)> done);
  // Forgets quota counters of clients that are back to full allowance.
  void prune_quotas();
  // How a request for a table another live process owns reaches it
  // (forward.h); unset, such requests are answered 503.
  using Forward = std::function<void(const std::string& owner_url, const ApiRequest& req,
                                     std::function<void(ApiResponse)> done)>;
  void set_forward(Forward f) { forward_ = std::move(f); }

 private:
  void table_route(const ApiRequest& req, const std::string& id, const std::string& rest,
                   std::function<void(ApiResponse)> done);
  // 0 if `client` may go on, else it is told to wait (done is called).
  bool over_quota(RateLimiter& rate, const std::string& client, const char* what,
                  const std::function<void(ApiResponse)>& done);

  Lobby& lobby_;
  const Storage* storage_;
  std::function<int64_t()> now_ms_;
  RateLimiter create_rate_;
  RateLimiter action_rate_;
  Forward forward_;
};

}  // namespace meeple::server
