// Quotas per client address (server/quota.h, docs/api.md "Limits"): table
// creation per minute, unfinished tables held, actions per minute — each
// refused with 429, the limit and when to retry, and counted per address
// (127.0.0.2 is another client on loopback). The clock is the test's.
#include "server/quota.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "tests/server/fixture.h"

namespace meeple::test {
namespace {

class Quotas : public ClockedServerFixture {
 protected:
  void configure(server::ServerOptions& o) override {
    ClockedServerFixture::configure(o);
    o.quotas = {.tables_per_minute = 2, .live_tables = 0, .actions_per_minute = 3};
  }
};

TEST_F(Quotas, TableCreationIsLimitedPerMinutePerAddress) {
  EXPECT_EQ(post(port_, "/api/tables", kTwoHumans).status, 201);
  EXPECT_EQ(post(port_, "/api/tables", kTwoHumans).status, 201);
  auto r = post(port_, "/api/tables", kTwoHumans);
  ASSERT_EQ(r.status, 429) << r.body;
  EXPECT_EQ(r.j["error"]["code"], "too_many_requests");
  EXPECT_NE(r.j["error"]["message"].get<std::string>().find("2 a minute"), std::string::npos);
  EXPECT_NE(r.j["error"]["message"].get<std::string>().find("127.0.0.1"), std::string::npos);
  EXPECT_EQ(r.j["error"]["retry_after"], 30);  // 2 a minute: one back every 30 s
  // Another address has its own allowance.
  EXPECT_EQ(post_from("127.0.0.2", port_, "/api/tables", kTwoHumans).status, 201);
  // Half a minute later one more is allowed, not two.
  offset_ms_ += 30'000;
  EXPECT_EQ(post(port_, "/api/tables", kTwoHumans).status, 201);
  EXPECT_EQ(post(port_, "/api/tables", kTwoHumans).status, 429);
  EXPECT_EQ(get(port_, "/api/tables").j["tables"].size(), 4u);
}

TEST_F(Quotas, ActionsHintsAndJoinsAreLimitedPerMinutePerAddress) {
  json c = create(kTwoHumans);
  const std::string path = "/api/tables/" + c["id"].get<std::string>();
  const std::string t0 = token_of(c, 0), t1 = token_of(c, 1);
  EXPECT_EQ(post(port_, path + "/actions", {{"action", "d3"}}, t0).status, 200);
  EXPECT_EQ(post(port_, path + "/hint", {{"level", 0}}, t1).status, 200);
  EXPECT_EQ(post(port_, path + "/join", json::object()).status, 409);  // counted too
  auto r = post(port_, path + "/actions", {{"action", "c3"}}, t1);
  ASSERT_EQ(r.status, 429) << r.body;
  EXPECT_NE(r.j["error"]["message"].get<std::string>().find("3 a minute"), std::string::npos);
  EXPECT_EQ(r.j["error"]["retry_after"], 20);
  EXPECT_EQ(get(port_, path).j["table"]["version"], 1);  // nothing happened
  EXPECT_EQ(post_from("127.0.0.2", port_, path + "/actions", {{"action", "c3"}}, t1).status, 200);
  offset_ms_ += 20'000;
  EXPECT_EQ(post(port_, path + "/actions", {{"action", "c4"}}, t0).status, 200);
}

class LiveTables : public ServerFixture {
 protected:
  void configure(server::ServerOptions& o) override {
    o.quotas = {.tables_per_minute = 0, .live_tables = 2, .actions_per_minute = 0};
  }
};

TEST_F(LiveTables, AnAddressHoldsAtMostSoManyUnfinishedTables) {
  // Two humans, so it stays unfinished until seat 1 resigns below (a table
  // of two random computers could finish before the third request).
  json first = create(kTwoHumans);
  create(kTwoHumans);
  auto r = post(port_, "/api/tables", kTwoHumans);
  ASSERT_EQ(r.status, 429) << r.body;
  EXPECT_NE(r.j["error"]["message"].get<std::string>().find("2 unfinished tables"),
            std::string::npos);
  EXPECT_EQ(post_from("127.0.0.2", port_, "/api/tables", kTwoHumans).status, 201);
  // A finished table no longer counts.
  auto resigned = post(port_, path_of(first["id"]) + "/resign", json::object(), token_of(first, 1));
  ASSERT_EQ(resigned.status, 200) << resigned.body;
  EXPECT_EQ(get(port_, path_of(first["id"])).j["table"]["status"], "finished");
  EXPECT_EQ(post(port_, "/api/tables", kTwoHumans).status, 201);
  EXPECT_EQ(post(port_, "/api/tables", kTwoHumans).status, 429);
}

TEST(QuotaKey, IPv6CountsPerSlash64AndMappedIPv4AsIPv4) {
  EXPECT_EQ(server::client_key("127.0.0.1"), "127.0.0.1");
  EXPECT_EQ(server::client_key("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
  EXPECT_EQ(server::client_key("2001:db8:1:2:bbbb::9"), "2001:db8:1:2::/64");
  EXPECT_EQ(server::client_key("::ffff:10.0.0.7"), "10.0.0.7");
}

TEST(RateLimiter, RefillsEvenlyAndForgetsFullBuckets) {
  server::RateLimiter r(60);  // one a second
  for (int i = 0; i < 60; ++i) ASSERT_EQ(r.take("a", 1000), 0);
  EXPECT_EQ(r.take("a", 1000), 1);
  EXPECT_EQ(r.take("a", 2000), 0);
  EXPECT_EQ(r.take("b", 2000), 0);
  r.prune(2000);
  EXPECT_EQ(r.size(), 2u);
  r.prune(2000 + 61'000);
  EXPECT_EQ(r.size(), 0u);
  EXPECT_EQ(server::RateLimiter(0).take("a", 0), 0);  // 0: no limit
}

}  // namespace
}  // namespace meeple::test
