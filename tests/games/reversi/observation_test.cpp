// Contract v2 for Reversi (docs/contract.md): the observation tensor's
// planes, the metadata, returns for a win and a draw, and the allocation-free
// legal-action forms.
#include <gtest/gtest.h>

#include "all_games/all_games.h"
#include "core/registry.h"
#include "helpers.h"

namespace meeple::reversi {
namespace {

using testing::from_rows;
using testing::sq;

float at(const std::vector<float>& t, int plane, const char* square) {
  return t[static_cast<size_t>(plane * 64 + sq(square))];
}

TEST(ReversiObservation, PlanesSeenFromEachSide) {
  const ReversiState s;  // Black to move: d5 e4 black, d4 e5 white
  const auto black = s.observation_tensor(kBlack);
  const auto white = s.observation_tensor(kWhite);
  ASSERT_EQ(black.size(), 5u * 64u);
  EXPECT_EQ(at(black, 0, "d5"), 1);  // Black's own discs
  EXPECT_EQ(at(black, 0, "d4"), 0);
  EXPECT_EQ(at(black, 1, "d4"), 1);  // the other side's
  EXPECT_EQ(at(white, 0, "d4"), 1);  // White sees its own discs first
  EXPECT_EQ(at(white, 1, "e4"), 1);
  EXPECT_EQ(at(black, 2, "a1"), 1);  // empty
  EXPECT_EQ(at(black, 2, "d4"), 0);
  EXPECT_EQ(at(black, 3, "d3"), 1);  // a legal square of the side to move
  EXPECT_EQ(at(black, 3, "a1"), 0);
  EXPECT_EQ(at(black, 4, "a1"), 1);  // Black is to move
  EXPECT_EQ(at(white, 4, "a1"), 0);
  EXPECT_EQ(s.observation_tensor(kSpectator), black) << "a spectator sees from Black's side";
  EXPECT_EQ(s.information_state_tensor(kWhite), white) << "perfect information, Markov";
  EXPECT_NE(s.observation_string(kBlack).find("Black to move"), std::string::npos);
}

TEST(ReversiObservation, BadSeatOrBufferIsAnError) {
  const ReversiState s;
  std::vector<float> small(10, 3.0f);
  EXPECT_FALSE(s.observation_tensor(kBlack, small).is_ok());
  EXPECT_EQ(small, std::vector<float>(10, 3.0f));
  std::vector<float> right(5 * 64);
  EXPECT_FALSE(s.observation_tensor(2, right).is_ok());
  EXPECT_TRUE(s.observation_tensor(2).empty());
  EXPECT_TRUE(s.observation_tensor(kWhite, right).is_ok());
}

TEST(ReversiReturns, DrawWinAndLoss) {
  // Full boards: 32 discs each is a draw, 33-31 a win.
  const auto draw = from_rows({"XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "OOOOOOOO",
                               "OOOOOOOO", "OOOOOOOO", "OOOOOOOO"},
                              kBlack);
  ASSERT_TRUE(draw.is_terminal());
  EXPECT_EQ(draw.returns(), (std::vector<double>{0.0, 0.0}));
  const auto white_wins = from_rows({"XXXXXXXX", "XXXXXXXX", "XXXXXXXX", "XXXXXXXO", "OOOOOOOO",
                                     "OOOOOOOO", "OOOOOOOO", "OOOOOOOO"},
                                    kBlack);
  ASSERT_TRUE(white_wins.is_terminal());
  EXPECT_EQ(white_wins.returns(), (std::vector<double>{-1.0, 1.0}));
  EXPECT_EQ(ReversiState().returns(), (std::vector<double>{0.0, 0.0})) << "zero before the end";
}

TEST(ReversiMetadata, DeterministicPerfectZeroSum) {
  auto game = all_games().create("reversi");
  ASSERT_TRUE(game.is_ok());
  const GameMetadata m = (*game)->metadata();
  EXPECT_EQ(m.chance_mode, ChanceMode::kDeterministic);
  EXPECT_EQ(m.information, Information::kPerfect);
  EXPECT_EQ(m.utility, Utility::kZeroSum);
  EXPECT_EQ(m.max_game_length, 120);
  EXPECT_EQ(m.max_chance_outcomes, 0);
  EXPECT_EQ(m.seat_names, (std::vector<std::string>{"Black", "White"}));
  EXPECT_EQ(m.teams, (std::vector<std::vector<Seat>>{{0}, {1}}));
  EXPECT_EQ(m.observation_tensor_shape, (std::vector<int>{5, 8, 8}));
  const json listed = all_games().describe_with_metadata(*all_games().find("reversi"));
  ASSERT_EQ(listed["variants"].size(), 1u);
  EXPECT_EQ(listed["variants"][0]["metadata"]["utility"], "zero_sum");
  EXPECT_EQ(listed["variants"][0]["metadata"]["max_game_length"], 120);
}

TEST(ReversiLegalActions, BufferFormAndMask) {
  ReversiState s;
  std::vector<Action> buffer = {99, 98};
  s.legal_actions(buffer);
  EXPECT_EQ(buffer, s.legal_actions());
  const auto mask = s.legal_actions_mask();
  ASSERT_EQ(mask.size(), 65u);
  EXPECT_EQ(mask[static_cast<size_t>(sq("d3"))], 1);
  EXPECT_EQ(mask[static_cast<size_t>(sq("a1"))], 0);
  EXPECT_EQ(mask[64], 0) << "no pass while a move exists";
  EXPECT_FALSE(s.is_legal(65));
  EXPECT_FALSE(s.is_legal(-1));
}

}  // namespace
}  // namespace meeple::reversi
