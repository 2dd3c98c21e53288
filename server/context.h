// What every connection of the server shares: the lobby, the API routes,
// the web root, the limits and the connection counts. Owned by Server
// (server.h).
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "server/api.h"
#include "server/lobby.h"

namespace meeple::server {

class ConnectionLimiter;

// Every limit `meeple serve` enforces on the network (flags in
// cli/cmd_serve.cpp, documented in docs/api.md "Security and limits").
struct Limits {
  size_t max_header_bytes = 8 * 1024;
  size_t max_body_bytes = 64 * 1024;       // an HTTP request body
  size_t max_ws_message_bytes = 4 * 1024;  // a message from a browser
  // An open HTTP connection with no request in progress (a fresh one, or
  // keep-alive between requests) is closed after this long.
  std::chrono::milliseconds http_idle_timeout{30'000};
  // From a request's first byte, its headers must be complete within this
  // (slowloris: a client trickling header bytes holds nothing for long).
  std::chrono::milliseconds header_timeout{10'000};
  // From a request's first byte, the whole request; also writing a response.
  std::chrono::milliseconds request_timeout{30'000};
  // A WebSocket whose client sends no message for this long is closed, even
  // if it answers pings (the web client sends {"type":"ping"} every 30 s).
  std::chrono::milliseconds ws_idle_timeout{300'000};
  // A WebSocket peer that sends nothing at all, not even a pong, for this
  // long is dropped (Beast pings it at half this time).
  std::chrono::milliseconds ws_ping_timeout{60'000};
  // Open connections (HTTP and WebSocket) at once, over the whole server
  // and per client IP address; 0 means: the server's own default
  // (Server::open, from RLIMIT_NOFILE).
  size_t max_connections = 0;
  size_t max_connections_per_address = 256;
};

// Who may talk to the server (Host / Origin checks, http_guard.h).
struct HostPolicy {
  // Host names allowed besides localhost and IP literals (lower case).
  std::vector<std::string> allowed_hosts;
  // Peers whose X-Forwarded-For is believed (IP addresses, as
  // address::to_string() writes them).
  std::vector<std::string> trusted_proxies;
};

struct ServerContext {
  Lobby* lobby = nullptr;
  Api* api = nullptr;
  std::string web_root;
  // Files never served even if they lie under the web root (the database
  // and its -wal/-shm/-journal files).
  std::vector<std::string> hidden_files;
  Limits limits;
  HostPolicy hosts;
  ConnectionLimiter* connections = nullptr;
  // Set when the server stops: answers still on their way are dropped
  // (shared, so it outlives the server for whoever still holds it).
  std::shared_ptr<std::atomic<bool>> stopping = std::make_shared<std::atomic<bool>>(false);
};

}  // namespace meeple::server
