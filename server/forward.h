// Forwarding a request to the process that owns its table (docs/scale.md
// "Requests on the wrong process"): one internal HTTP hop with a timeout.
// The forwarded request carries kForwardedHeader, and a process never
// forwards such a request again (no loops between processes that disagree
// about an owner for a moment): it answers 503, and the client retries.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

#include "server/api.h"

namespace boost::asio {
class io_context;
}

namespace meeple::server {

inline constexpr const char* kForwardedHeader = "X-Meeple-Forwarded";

// An advertised server URL: http://HOST:PORT with an optional trailing
// '/', HOST an IPv4 address or a host name ([a-z0-9.-]) or [IPv6]. The
// URLs come from the database (servers.url), so they are checked before
// use like any outside input.
struct HttpUrl {
  std::string host;  // without IPv6 brackets
  uint16_t port = 0;
  std::string host_header{};  // as the Host header wants it
};
Result<HttpUrl> parse_http_url(const std::string& url);

// Sends `req` (method, path and query, body, token as Authorization) to
// `url`, marked forwarded; `done` gets the owner's status and JSON body,
// or 503 if it did not answer within `timeout` (the client retries, by
// then the table has likely been taken over).
void forward_request(boost::asio::io_context& ioc, const std::string& url, const ApiRequest& req,
                     std::chrono::milliseconds timeout, std::function<void(ApiResponse)> done);

}  // namespace meeple::server
