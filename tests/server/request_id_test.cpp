// Idempotent actions (docs/api.md "Retrying an action"): a seat's request
// sent again with the same request_id is answered as the first time and not
// applied twice — also after a restart (the id is stored with the action)
// and when both copies arrive at once.
#include <gtest/gtest.h>

#include <thread>

#include "tests/server/fixture.h"

namespace meeple::test {
namespace {

std::string actions_of(const json& created) {
  return "/api/tables/" + created["id"].get<std::string>() + "/actions";
}

int64_t version_of(unsigned short port, const json& created) {
  return get(port, "/api/tables/" + created["id"].get<std::string>())
      .j["table"]["version"]
      .get<int64_t>();
}

TEST_F(ServerFixture, ARetriedRequestIsAnsweredAgainNotAppliedTwice) {
  json c = create(kTwoHumans);
  const std::string t0 = token_of(c, 0), t1 = token_of(c, 1);
  auto first = post(port_, actions_of(c), {{"action", "d3"}, {"request_id", "move-1"}}, t0);
  ASSERT_EQ(first.status, 200) << first.body;
  EXPECT_EQ(first.j["version"], 1);
  EXPECT_FALSE(first.j.contains("repeated"));
  // The answer was lost; the client sends it again (it is now seat 1's turn).
  auto again = post(port_, actions_of(c), {{"action", "d3"}, {"request_id", "move-1"}}, t0);
  ASSERT_EQ(again.status, 200) << again.body;
  EXPECT_EQ(again.j["version"], 1);
  EXPECT_EQ(again.j["repeated"], true);
  EXPECT_EQ(version_of(port_, c), 1);
  // Ids are the seat's own: seat 1 may use the same one.
  auto other = post(port_, actions_of(c), {{"action", "c5"}, {"request_id", "move-1"}}, t1);
  ASSERT_EQ(other.status, 200) << other.body;
  EXPECT_EQ(other.j["version"], 2);
  EXPECT_FALSE(other.j.contains("repeated"));
  // Without an id nothing is deduplicated: a plain retry is refused as before.
  EXPECT_EQ(post(port_, actions_of(c), {{"action", "c5"}}, t1).status, 403);
  EXPECT_EQ(version_of(port_, c), 2);
}

TEST_F(ServerFixture, RequestIdsSurviveARestart) {
  json c = create(kTwoHumans);
  const std::string t0 = token_of(c, 0);
  ASSERT_EQ(post(port_, actions_of(c), {{"action", "d3"}, {"request_id", "a:1"}}, t0).status, 200);
  restart();
  auto again = post(port_, actions_of(c), {{"action", "d3"}, {"request_id", "a:1"}}, t0);
  ASSERT_EQ(again.status, 200) << again.body;
  EXPECT_EQ(again.j["version"], 1);
  EXPECT_EQ(again.j["repeated"], true);
  EXPECT_EQ(version_of(port_, c), 1);
}

TEST_F(ServerFixture, TwoCopiesSentAtOnceApplyOnce) {
  json c = create(kTwoHumans);
  const std::string t0 = token_of(c, 0);
  const json body = {{"action", "d3"}, {"request_id", "twin"}};
  HttpReply a, b;
  std::thread other([&] { b = post(port_, actions_of(c), body, t0); });
  a = post(port_, actions_of(c), body, t0);
  other.join();
  ASSERT_EQ(a.status, 200) << a.body;
  ASSERT_EQ(b.status, 200) << b.body;
  EXPECT_EQ(a.j["version"], 1);
  EXPECT_EQ(b.j["version"], 1);
  // Exactly one of them was the first.
  EXPECT_NE(a.j.contains("repeated"), b.j.contains("repeated"));
  EXPECT_EQ(version_of(port_, c), 1);
}

TEST_F(ServerFixture, AMalformedRequestIdIsRefusedAndChangesNothing) {
  json c = create(kTwoHumans);
  const std::string t0 = token_of(c, 0);
  for (const json& id : {json(""), json(std::string(65, 'a')), json("a b"), json("é"), json("a/b"),
                         json(7), json(nullptr), json::array({"x"})}) {
    auto r = post(port_, actions_of(c), {{"action", "d3"}, {"request_id", id}}, t0);
    EXPECT_EQ(r.status, 400) << id.dump() << " " << r.body;
    EXPECT_NE(r.body.find("request_id"), std::string::npos) << r.body;
  }
  EXPECT_EQ(version_of(port_, c), 0);
  // 64 characters is the most.
  auto longest =
      post(port_, actions_of(c), {{"action", "d3"}, {"request_id", std::string(64, 'Z')}}, t0);
  EXPECT_EQ(longest.status, 200) << longest.body;
}

}  // namespace
}  // namespace meeple::test
