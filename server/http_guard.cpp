#include "server/http_guard.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/text.h"
#include "server/safe_text.h"

namespace meeple::server {

namespace {

struct HostPort {
  std::string name;  // lower case; an IPv6 literal without brackets
  bool ipv6 = false;
  std::optional<unsigned> port;
};

std::optional<unsigned> parse_port(std::string_view s) {
  if (s.empty() || s.size() > 5) return std::nullopt;
  unsigned v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + static_cast<unsigned>(c - '0');
  }
  if (v == 0 || v > 65535) return std::nullopt;
  return v;
}

// "name", "name:port", "[v6]", "[v6]:port" (RFC 9110 7.2).
std::optional<HostPort> parse_host(std::string_view s) {
  HostPort hp;
  std::string_view rest;
  if (!s.empty() && s[0] == '[') {
    const size_t close = s.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    hp.name = std::string(s.substr(1, close - 1));
    hp.ipv6 = true;
    rest = s.substr(close + 1);
  } else {
    const size_t colon = s.find(':');
    hp.name = std::string(s.substr(0, colon));
    rest = colon == std::string_view::npos ? std::string_view() : s.substr(colon);
  }
  if (hp.name.empty()) return std::nullopt;
  if (!rest.empty()) {
    if (rest[0] != ':') return std::nullopt;
    hp.port = parse_port(rest.substr(1));
    if (!hp.port) return std::nullopt;
  }
  for (char c : hp.name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '-' || c == '.' || (hp.ipv6 && c == ':');
    if (!ok) return std::nullopt;
  }
  hp.name = ascii_lower(hp.name);
  return hp;
}

bool is_ip_literal(const HostPort& hp) {
  boost::system::error_code ec;
  const auto a = boost::asio::ip::make_address(hp.name, ec);
  return !ec && a.is_v6() == hp.ipv6;
}

}  // namespace

std::optional<std::string> host_name(std::string_view host_header) {
  auto hp = parse_host(host_header);
  if (!hp) return std::nullopt;
  return hp->name;
}

std::optional<Refusal> check_host(const HostPolicy& policy, std::optional<std::string_view> host,
                                  unsigned http_version) {
  if (!host) {
    if (http_version < 11) return std::nullopt;
    return Refusal{400, "bad_request", "HTTP/1.1 requests must carry a Host header"};
  }
  const auto hp = parse_host(*host);
  if (!hp) return Refusal{400, "bad_request", "the Host header is not a host name and port"};
  if (hp->name == "localhost" || is_ip_literal(*hp)) return std::nullopt;
  if (std::find(policy.allowed_hosts.begin(), policy.allowed_hosts.end(), hp->name) !=
      policy.allowed_hosts.end())
    return std::nullopt;
  return Refusal{421, "misdirected_request",
                 fmt::format("this server does not answer for host '{}' (start it with "
                             "--allowed-host {} to allow that name)",
                             printable(hp->name, 64), printable(hp->name, 64))};
}

std::optional<Refusal> check_origin(std::optional<std::string_view> origin,
                                    std::optional<std::string_view> host) {
  if (!origin) return std::nullopt;
  const auto refuse = [&] {
    return Refusal{403, "permission_denied",
                   fmt::format("requests from the page at '{}' are refused: only pages served "
                               "by this server may change tables",
                               printable(*origin, 80))};
  };
  std::string_view o = *origin;
  unsigned default_port = 0;
  if (o.rfind("http://", 0) == 0) {
    default_port = 80;
    o.remove_prefix(7);
  } else if (o.rfind("https://", 0) == 0) {
    default_port = 443;
    o.remove_prefix(8);
  } else {
    return refuse();  // "null" (a sandboxed or file: page) or another scheme
  }
  const auto from = parse_host(o);
  const auto to = host ? parse_host(*host) : std::nullopt;
  if (!from || !to || from->name != to->name) return refuse();
  // Host and Origin leave out the scheme's default port.
  if (to->port.value_or(default_port) != from->port.value_or(default_port)) return refuse();
  return std::nullopt;
}

void add_security_headers(boost::beast::http::fields& h) {
  h.set("Content-Security-Policy",
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
        "frame-ancestors 'none'");
  h.set("X-Content-Type-Options", "nosniff");
  h.set("X-Frame-Options", "DENY");
  h.set("Referrer-Policy", "no-referrer");
  h.set("Cross-Origin-Opener-Policy", "same-origin");
}

ClientAddress client_address(const HostPolicy& policy, const std::string& peer,
                             std::optional<std::string_view> forwarded_for) {
  const auto& trusted = policy.trusted_proxies;
  if (!forwarded_for || std::find(trusted.begin(), trusted.end(), peer) == trusted.end())
    return {peer};
  std::string_view last = *forwarded_for;
  if (const size_t comma = last.rfind(','); comma != std::string_view::npos)
    last = last.substr(comma + 1);
  while (!last.empty() && (last.front() == ' ' || last.front() == '\t')) last.remove_prefix(1);
  while (!last.empty() && (last.back() == ' ' || last.back() == '\t')) last.remove_suffix(1);
  // A zone id ("fe80::1%eth0") names an interface of the proxy's machine,
  // never a client; asio would look it up and write it back differently.
  boost::system::error_code ec;
  const auto a = boost::asio::ip::make_address(std::string(last), ec);
  if (ec || last.empty() || last.find('%') != std::string_view::npos)
    return {peer, Refusal{400, "invalid_argument",
                          fmt::format("X-Forwarded-For from a trusted proxy must end with the "
                                      "client's IP address, not '{}'",
                                      printable(last, 60))}};
  return {a.to_string()};
}

}  // namespace meeple::server
