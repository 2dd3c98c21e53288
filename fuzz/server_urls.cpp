// The strings one server takes from another in a cluster (docs/scale.md):
// advertised URLs (servers.url, `--advertise-url`), which forward.h parses
// before connecting; table ids in notifications (changes_postgres.h),
// checked before anything is read; and X-Forwarded-For from a trusted
// balancer or server (http_guard.h client_address).
//
// Input: byte 0 modulo 3 picks the parser (0: URL, 1: table id, 2:
// X-Forwarded-For); the rest is the string. Checks: no crash; an accepted
// URL has a host of allowed characters and a port 1..65535, its Host
// header names both, and http://{Host header} parses again to the same; an
// error names the URL and what was expected; an accepted id is 1-32
// lower-case hex digits; a forwarded client is an IP address written as
// asio writes one (so it parses back to itself), or a 400 that names the
// header.
#include <cstdint>
#include <string>

#include "fuzz/support/check.h"
#include "server/changes_postgres.h"
#include "server/forward.h"
#include "server/http_guard.h"
#include "server/storage.h"

using namespace meeple;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const std::string s(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (data[0] % 3 == 2) {
    server::HostPolicy policy;
    policy.trusted_proxies = {"127.0.0.1"};
    const auto c = server::client_address(policy, "127.0.0.1", s);
    if (c.refusal) {
      FUZZ_CHECK(c.refusal->status == 400, "a bad header is a 400");
      FUZZ_CHECK(c.refusal->message.find("X-Forwarded-For") != std::string::npos,
                 "the refusal names the header");
    } else {
      const auto again = server::client_address(policy, "127.0.0.1", c.address);
      FUZZ_CHECK(!again.refusal && again.address == c.address,
                 "the client address is an IP address written canonically");
    }
    return 0;
  }
  if (data[0] % 3 == 1) {
    if (server::is_table_id(s)) {
      FUZZ_CHECK(!s.empty() && s.size() <= 32, "an accepted id has 1-32 characters");
      for (char c : s)
        FUZZ_CHECK((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'),
                   "an accepted id is lower-case hex");
    }
    return 0;
  }
  auto url = server::parse_http_url(s);
  if (!url) {
    FUZZ_CHECK(url.status().message().find("http://HOST:PORT") != std::string::npos,
               "an error says what a server URL looks like");
    return 0;
  }
  FUZZ_CHECK(!url->host.empty() && url->port >= 1, "an accepted URL has a host and a port");
  for (char c : url->host)
    FUZZ_CHECK(c > ' ' && c < 0x7f && c != '/' && c != '@' && c != '?' && c != '#',
               "the host has no character that would change where the request goes");
  const auto again = server::parse_http_url("http://" + url->host_header);
  FUZZ_CHECK(again.is_ok(), "http://{Host header} parses again");
  FUZZ_CHECK(again->host == url->host && again->port == url->port,
             "and names the same host and port");
  return 0;
}
