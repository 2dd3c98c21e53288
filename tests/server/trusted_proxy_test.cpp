// Behind a load balancer every request comes from the balancer's address:
// with --trusted-proxy, the per-address quotas count the client that the
// balancer names in X-Forwarded-For (its last entry), and only a trusted
// peer's header is believed (docs/api.md "Several servers on one database").
#include <gtest/gtest.h>

#include "server/http_guard.h"
#include "tests/server/fixture.h"
#include "tests/server/raw_client.h"

namespace meeple::test {
namespace {

TEST(ClientAddress, OnlyATrustedPeersLastForwardedEntryCounts) {
  server::HostPolicy policy;
  policy.trusted_proxies = {"10.0.0.5", "::1"};
  using server::client_address;
  // No proxy trusted, or this peer not among them: the peer, header or not.
  EXPECT_EQ(client_address({}, "10.0.0.5", "1.2.3.4").address, "10.0.0.5");
  EXPECT_EQ(client_address(policy, "10.0.0.6", "1.2.3.4").address, "10.0.0.6");
  // A trusted peer without the header: the peer.
  EXPECT_EQ(client_address(policy, "10.0.0.5", std::nullopt).address, "10.0.0.5");
  // The entry the proxy appended, not what the client wrote before it.
  EXPECT_EQ(client_address(policy, "10.0.0.5", "6.6.6.6, 1.2.3.4").address, "1.2.3.4");
  EXPECT_EQ(client_address(policy, "10.0.0.5", " 203.0.113.9\t").address, "203.0.113.9");
  EXPECT_EQ(client_address(policy, "::1", "2001:DB8::1").address, "2001:db8::1");
  // A trusted peer's malformed header is refused, naming what was wrong.
  for (const char* bad :
       {"", "1.2.3.4,", "unknown", "1.2.3.4:80", "1.2.3.999", "a\x01b", "fe80::1%eth0"}) {
    const auto c = client_address(policy, "10.0.0.5", bad);
    ASSERT_TRUE(c.refusal) << bad;
    EXPECT_EQ(c.refusal->status, 400);
    EXPECT_NE(c.refusal->message.find("X-Forwarded-For"), std::string::npos);
  }
}

class TrustedProxy : public ServerFixture {
 protected:
  void configure(server::ServerOptions& o) override {
    o.trusted_proxies = {"127.0.0.1"};
    o.quotas = {.tables_per_minute = 1, .live_tables = 0, .actions_per_minute = 0};
  }
  // Creates a table from 127.0.0.1 with this X-Forwarded-For; the status.
  int create_as(const std::string& forwarded_for) {
    const std::string header = "X-Forwarded-For: " + forwarded_for + "\r\n";
    auto r = raw_request(port_, http_bytes("POST", "/api/tables", header, kTwoHumans.dump()));
    return r ? r->status : 0;
  }
};

// The same, with a balancer at another address: this peer's header is
// whatever a client wrote.
class UntrustedPeer : public TrustedProxy {
 protected:
  void configure(server::ServerOptions& o) override {
    TrustedProxy::configure(o);
    o.trusted_proxies = {"127.0.0.9"};
  }
};

TEST_F(TrustedProxy, QuotasCountTheClientTheBalancerNames) {
  EXPECT_EQ(create_as("198.51.100.1"), 201);
  EXPECT_EQ(create_as("198.51.100.1"), 429);  // that client's one a minute
  EXPECT_EQ(create_as("198.51.100.2"), 201);  // another client, same balancer
  // What a client writes before the balancer's entry does not matter.
  EXPECT_EQ(create_as("198.51.100.2, 198.51.100.3"), 201);
  EXPECT_EQ(create_as("198.51.100.9, 198.51.100.3"), 429);
  // A malformed header from the trusted balancer: 400, nothing created.
  const size_t before = get(port_, "/api/tables").j["tables"].size();
  auto r = raw_request(
      port_, http_bytes("POST", "/api/tables", "X-Forwarded-For: nobody\r\n", kTwoHumans.dump()));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  EXPECT_NE(r->body.find("X-Forwarded-For"), std::string::npos);
  EXPECT_EQ(get(port_, "/api/tables").j["tables"].size(), before);
}

TEST_F(UntrustedPeer, AnUntrustedPeersHeaderIsIgnored) {
  // 127.0.0.1 is not trusted: whatever it claims, it is the client.
  EXPECT_EQ(create_as("198.51.100.1"), 201);
  EXPECT_EQ(create_as("198.51.100.2"), 429);
  EXPECT_EQ(create_as("nobody"), 429);  // not even read: no 400
}

TEST(TrustedProxyFlag, AnAddressThatIsNotOneIsRefusedAtStart) {
  server::ServerOptions o;
  o.port = 0;
  o.db_path = temp_db_path("trusted_proxy_flag");
  o.trusted_proxies = {"balancer.local"};
  auto s = server::Server::open(o);
  ASSERT_FALSE(s.is_ok());
  EXPECT_NE(s.status().message().find("--trusted-proxy 'balancer.local'"), std::string::npos)
      << s.status().message();
}

}  // namespace
}  // namespace meeple::test
