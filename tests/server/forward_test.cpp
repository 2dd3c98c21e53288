// The server URLs a process forwards to come from the database
// (servers.url) and from --advertise-url: only http://HOST:PORT passes
// (server/forward.h).
#include "server/forward.h"

#include <gtest/gtest.h>

namespace meeple::test {
namespace {

TEST(ForwardUrl, AcceptsHostAndPortOnly) {
  auto u = server::parse_http_url("http://127.0.0.1:8080");
  ASSERT_TRUE(u.is_ok()) << u.status().to_string();
  EXPECT_EQ(u->host, "127.0.0.1");
  EXPECT_EQ(u->port, 8080);
  EXPECT_EQ(u->host_header, "127.0.0.1:8080");
  u = server::parse_http_url("http://game-2.example:1/");
  ASSERT_TRUE(u.is_ok());
  EXPECT_EQ(u->host, "game-2.example");
  u = server::parse_http_url("http://[::1]:80");
  ASSERT_TRUE(u.is_ok());
  EXPECT_EQ(u->host, "::1");
  EXPECT_EQ(u->host_header, "[::1]:80");
}

TEST(ForwardUrl, RefusesAnythingElse) {
  for (const char* bad :
       {"", "https://x:1", "http://x", "http://x:", "http://x:0", "http://x:65536",
        "http://x:99999999", "http://x:1/path", "http://user@x:1", "http://a b:1", "http://x:1?q=1",
        "http://[::1:80", "http://[zz]:80", "ftp://x:1", "http://:80", "http://x:1\r\nHost: evil"})
    EXPECT_FALSE(server::parse_http_url(bad).is_ok()) << bad;
}

}  // namespace
}  // namespace meeple::test
