// The JSON API routes (documented with examples in docs/api.md).
//
//   GET  /api/health                      liveness, table count; 503 if storage failed
//   GET  /api/games                       games, options, seat counts, levels
//   GET  /api/tables?status=open|running|finished
//   POST /api/tables                      {"game","options","seats"} -> tokens
//   GET  /api/tables/{id}                 snapshot for the token's seat
//   POST /api/tables/{id}/actions         {"action": <json>, "version": n?}
//   POST /api/tables/{id}/hint            {"level": n?}   (seat to move)
//   POST /api/tables/{id}/join            a free human seat's fresh token
//   GET  /api/tables/{id}/log             finished: log + revealed seed
//   GET  /api/tables/{id}/replay          finished: spectator view per step
// The token travels as "Authorization: Bearer <token>" (or ?token= where a
// header cannot be set, as for WebSockets). Every error is
//   {"error": {"code": "illegal_action", "message": "..."}}
// with the HTTP status of its core/status.h code; nothing changes on error.
// Messages quote request input only through printable() (safe_text.h): a
// path may be any bytes.
#pragma once

#include <functional>
#include <map>
#include <string>

#include "server/lobby.h"

namespace meeple::server {

struct ApiRequest {
  std::string method;  // "GET", "POST", ...
  std::string path;    // without the query
  std::map<std::string, std::string> query;
  std::string body;
  std::string token;  // from Authorization: Bearer, else ?token=
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
  explicit Api(Lobby& lobby, const Storage* storage = nullptr) : lobby_(lobby), storage_(storage) {}
  // Answers through `done`, possibly later and from another thread.
  void handle(const ApiRequest& req, std::function<void(ApiResponse)> done);

 private:
  void table_route(const ApiRequest& req, const std::string& id, const std::string& rest,
                   std::function<void(ApiResponse)> done);
  Lobby& lobby_;
  const Storage* storage_;
};

}  // namespace meeple::server
