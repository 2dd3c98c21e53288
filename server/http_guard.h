// The checks a request passes before it is routed, and the headers every
// answer carries (docs/api.md "Security and limits").
//
// Host (against DNS rebinding): a page on another site whose name is made
// to resolve to this server still sends its own name as Host, so only
// names we know are answered: localhost, any IP literal (127.0.0.1, [::1],
// the LAN address: an address cannot be rebound), and the names given
// with --allowed-host. Anything else gets 421.
// Origin (against cross-site requests): a browser names the page's origin
// on every POST and WebSocket handshake; when it is present it must be this
// server (same host and port as Host), or the request gets 403. Programs
// that send no Origin (curl, bots) are not affected.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "server/beast.h"
#include "server/context.h"

namespace meeple::server {

struct Refusal {
  int status;        // 400, 403, 421
  std::string code;  // "misdirected_request", "permission_denied", ...
  std::string message;
};

// Host header check; `host` is the header's value (absent: nullopt).
// HTTP/1.0 requests may leave Host out.
std::optional<Refusal> check_host(const HostPolicy& policy, std::optional<std::string_view> host,
                                  unsigned http_version);

// Origin check for state-changing requests and WebSocket handshakes.
std::optional<Refusal> check_origin(std::optional<std::string_view> origin,
                                    std::optional<std::string_view> host);

// Content-Security-Policy (no inline script or style, no framing),
// nosniff, no Referer (tokens can sit in URLs), on every answer.
void add_security_headers(boost::beast::http::fields& headers);

// The client a request is counted against (quotas): the peer's address,
// or, when the peer is one of policy.trusted_proxies and sent
// X-Forwarded-For (`forwarded_for`, the header's value), the last address
// in it, the one that proxy appended (earlier ones are whatever the client
// wrote). A trusted proxy's header whose last entry is not an IP address is
// a 400: a misconfigured balancer must not make every client one.
struct ClientAddress {
  std::string address;
  std::optional<Refusal> refusal{};
};
ClientAddress client_address(const HostPolicy& policy, const std::string& peer,
                             std::optional<std::string_view> forwarded_for);

// The host part of a Host header value, lower case, without brackets or
// port; nullopt if malformed. Exposed for tests.
std::optional<std::string> host_name(std::string_view host_header);

}  // namespace meeple::server
