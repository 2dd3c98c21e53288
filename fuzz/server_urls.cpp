// The strings one server takes from another through the shared database
// (docs/scale.md): advertised URLs (servers.url, `--advertise-url`), which
// forward.h parses before connecting, and table ids in notifications
// (changes_postgres.h), which are checked before anything is read.
//
// Input: byte 0 picks the parser (even: URL, odd: table id); the rest is
// the string. Checks: no crash; an accepted URL has a host of allowed
// characters and a port 1..65535, its Host header names both, and
// http://{Host header} parses again to the same; an error names the URL
// and what was expected; an accepted id is 1-32 lower-case hex digits.
#include <cstdint>
#include <string>

#include "fuzz/support/check.h"
#include "server/changes_postgres.h"
#include "server/forward.h"

using namespace meeple;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const std::string s(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (data[0] % 2 == 1) {
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
