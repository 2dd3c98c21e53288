// The log in words (RiskState::describe) on T05's and T06's battles: a roll
// is told once complete, with its dice and the armies each side lost; a
// conquest and the move-in say what fell and where the armies stand; the
// card drawn at the end of the turn is read only by its drawer.
#include <gtest/gtest.h>

#include "risk_helpers.h"

namespace meeple::risk {
namespace {

using test::act;
using test::board;
using test::make;
using test::T;

using test::kRed, test::kBlue, test::kGreen;

// Applies each id and returns the non-empty words `viewer` reads.
std::vector<std::string> told(RiskState& s, const std::vector<Action>& ids,
                              Seat viewer = kSpectator) {
  std::vector<std::string> out;
  for (Action a : ids) {
    auto after = s.clone();
    after->apply(a);
    std::string w = s.describe(a, *after, viewer);
    if (!w.empty()) out.push_back(std::move(w));
    s.apply(a);
  }
  return out;
}
std::vector<std::string> told(RiskState& s, const std::string& cmd, Seat viewer = kSpectator) {
  auto ids = s.decode_action(json(cmd));
  EXPECT_TRUE(ids.is_ok()) << cmd;
  return ids ? told(s, *ids, viewer) : std::vector<std::string>{};
}
std::vector<Action> dice(std::initializer_list<int> faces) {
  std::vector<Action> ids;
  for (int f : faces) ids.push_back(kDieBase + f - 1);
  return ids;
}
using Lines = std::vector<std::string>;

TEST(RiskLogWords, T05ARollIsToldOnceWithItsDiceAndLosses) {
  auto g = make("domination", 3);
  auto s = board(*g, kGreen);
  s->set_territory(T("ukraine"), kRed, 6);
  s->set_territory(T("middle_east"), kBlue, 4);
  s->begin_attack_for_test(kRed);
  EXPECT_EQ(told(*s, "attack ukraine middle_east 3"),
            Lines{"Red attacks Middle East (Blue) from Ukraine with 3 dice."});
  EXPECT_EQ(told(*s, "defend 2"), Lines{"Blue defends Middle East with 2 dice."});
  EXPECT_EQ(told(*s, dice({5, 3, 1, 5, 2})),
            Lines{"Red v Blue at Middle East, dice 5 3 1 v 5 2: Red loses 1, Blue loses 1."});
}

TEST(RiskLogWords, T06AConquestTheMoveInAndAHiddenCard) {
  auto g = make("domination", 3);
  auto s = board(*g, kBlue);
  s->set_territory(T("east_africa"), kRed, 7);
  s->set_territory(T("egypt"), kBlue, 1);
  s->begin_attack_for_test(kRed);
  told(*s, "attack east_africa egypt 3");
  EXPECT_EQ(told(*s, dice({6, 2, 1, 4})),
            Lines{"Red v Blue at Egypt, dice 6 2 1 v 4: Red loses 0, Blue loses 1. Egypt falls to "
                  "Red."});
  EXPECT_EQ(told(*s, "move 4"),
            Lines{"Red moves armies from East Africa to Egypt: Egypt now 4, East Africa 3."});
  EXPECT_EQ(told(*s, "end"), Lines{"Red ends the attack."});
  EXPECT_EQ(told(*s, "end"), Lines{"Red ends the turn."});
  ASSERT_EQ(s->phase(), Phase::kDrawCard);
  const Action draw = s->legal_actions().front();
  for (Seat viewer : {kSpectator, Seat{kBlue}, Seat{kGreen}}) {
    RiskState copy(*s);
    EXPECT_EQ(told(copy, std::vector<Action>{draw}, viewer), Lines{"Red draws a territory card."});
  }
  RiskState copy(*s);
  const Lines mine = told(copy, std::vector<Action>{draw}, kRed);
  ASSERT_EQ(mine.size(), 1u);
  EXPECT_TRUE(mine[0].starts_with("Red draws ") && mine[0].ends_with(").")) << mine[0];
}

}  // namespace
}  // namespace meeple::risk
