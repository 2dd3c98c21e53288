// What every connection of the server shares: the lobby, the API routes,
// the web root and the limits. Owned by Server (server.h).
#pragma once

#include <cstddef>
#include <string>

#include "server/api.h"
#include "server/lobby.h"

namespace meeple::server {

struct Limits {
  size_t max_header_bytes = 8 * 1024;
  size_t max_body_bytes = 64 * 1024;       // an HTTP request body
  size_t max_ws_message_bytes = 4 * 1024;  // a message from a browser
  int http_timeout_seconds = 30;           // reading a request / writing a response
};

struct ServerContext {
  Lobby* lobby = nullptr;
  Api* api = nullptr;
  std::string web_root;
  Limits limits;
};

}  // namespace meeple::server
