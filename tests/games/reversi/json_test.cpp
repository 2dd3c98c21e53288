// The JSON boundary: state and action round trips, strict validation with
// errors that name the problem, and the pinned legal-action order.
#include <gtest/gtest.h>

#include "all_games/all_games.h"
#include "core/registry.h"
#include "core/rng.h"
#include "games/reversi/reversi.h"
#include "games/reversi/text.h"
#include "tests/games/reversi/helpers.h"

namespace meeple::reversi::testing {
namespace {

std::shared_ptr<const Game> game() {
  auto g = all_games().create("reversi");
  EXPECT_TRUE(g.is_ok()) << g.status().to_string();
  return *g;
}

TEST(ReversiJson, GameInfoIsTwoSeatsNoChanceNoOptions) {
  auto g = game();
  EXPECT_EQ(g->info().name, "reversi");
  EXPECT_EQ(g->info().title, "Reversi");
  EXPECT_EQ(g->num_seats(), 2);
  EXPECT_FALSE(g->info().has_chance);
  EXPECT_FALSE(g->info().has_hidden_information);
  EXPECT_TRUE(g->info().options.empty());
  EXPECT_EQ(g->options(), json::object());
  EXPECT_EQ(g->num_distinct_actions(), 65);
  EXPECT_FALSE(all_games().create("reversi", {{"size", 10}}).is_ok());
}

TEST(ReversiJson, StateAndActionsRoundTripOnEveryPositionOfRandomGames) {
  auto g = game();
  Rng rng(99);
  for (int games = 0; games < 200; ++games) {
    auto s = g->new_initial_state();
    for (;;) {
      const json j = s->to_json();
      auto back = g->state_from_json(j);
      ASSERT_TRUE(back.is_ok()) << back.status().to_string() << "\n" << j.dump();
      EXPECT_EQ((*back)->to_json(), j);
      EXPECT_EQ((*back)->hash(), s->hash());
      EXPECT_EQ((*back)->legal_actions(), s->legal_actions());
      EXPECT_EQ((*back)->current_player(), s->current_player());
      EXPECT_EQ((*back)->view(0), s->view(0));
      // The simple form loses only the memory of the last move.
      auto simple = g->state_from_json({{"board", j["board"]}, {"to_move", j["to_move"]}});
      ASSERT_TRUE(simple.is_ok());
      EXPECT_EQ((*simple)->hash(), s->hash());
      // Perfect information: every seat and spectators see the same.
      EXPECT_EQ(s->view(0), s->view(1));
      EXPECT_EQ(s->view(0), s->view(kSpectator));
      if (s->is_terminal()) break;
      const auto legal = s->legal_actions();
      for (Action a : legal) {
        const json aj = s->action_to_json(a);
        auto ids = s->decode_action(aj);
        ASSERT_TRUE(ids.is_ok()) << aj.dump() << ": " << ids.status().to_string();
        EXPECT_EQ(*ids, std::vector<Action>{a});
        auto from_text = s->decode_action(json(s->action_to_string(a)));
        ASSERT_TRUE(from_text.is_ok());
        EXPECT_EQ(*from_text, std::vector<Action>{a});
      }
      s->apply(legal[rng.below(legal.size())]);
    }
  }
}

TEST(ReversiJson, ActionFormsAcceptedAndIdsPinned) {
  ReversiState s;
  EXPECT_EQ(s.action_to_json(19), (json{{"move", "d3"}}));
  EXPECT_EQ(s.action_to_string(19), "d3");
  EXPECT_EQ(s.action_to_json(kPassAction), (json{{"move", "pass"}}));
  EXPECT_EQ(s.action_to_string(kPassAction), "pass");
  for (const json& j : {json{{"move", "d3"}}, json{{"move", "D3"}}, json("d3"), json("D3"),
                        json(" d3 "), json(19)}) {
    auto ids = s.decode_action(j);
    ASSERT_TRUE(ids.is_ok()) << j.dump() << ": " << ids.status().to_string();
    EXPECT_EQ(*ids, std::vector<Action>{19}) << j.dump();
  }
}

// The order of legal actions is part of the contract (seeded bots, replays).
TEST(ReversiJson, LegalActionOrderSnapshot) {
  ReversiState s;
  EXPECT_EQ(s.legal_actions(), (std::vector<Action>{19, 26, 37, 44}));  // d3 c4 f5 e6
  // After f5 d6 c3 d3 c4 (checked by hand: White b3 f3 f4 b5 g5 g6).
  for (const char* m : {"f5", "d6", "c3", "d3", "c4"}) s.apply(sq(m));
  EXPECT_EQ(board_string(s.black(), s.white()),
            "------------------XO------XXX------OXX-----O--------------------");
  EXPECT_EQ(s.legal_actions(), (std::vector<Action>{17, 21, 29, 33, 38, 46}));
  EXPECT_EQ(square_list(s.moves()), "b3 f3 f4 b5 g5 g6");
}

struct BadAction {
  json action;
  StatusCode code;
  std::string message;
};

TEST(ReversiJson, MalformedOrIllegalActionsGivePreciseErrorsAndChangeNothing) {
  ReversiState s;
  const json before = s.to_json();
  const BadAction cases[] = {
      {json("e9"), StatusCode::kInvalidArgument, "'e9' is not a square (expected a1..h8 or pass)"},
      {json{{"move", "z1"}}, StatusCode::kInvalidArgument, "'z1' is not a square"},
      {json{{"move", ""}}, StatusCode::kInvalidArgument, "'' is not a square"},
      {json("d4"), StatusCode::kIllegalAction, "d4 is occupied (a white disc)"},
      {json("a1"), StatusCode::kIllegalAction,
       "a1 is not a legal move for Black; legal: c4 d3 e6 f5"},
      {json("pass"), StatusCode::kIllegalAction,
       "Black may not pass while a move is possible; legal: c4 d3 e6 f5"},
      {json{{"mvoe", "d3"}}, StatusCode::kInvalidArgument, "unknown field 'mvoe'"},
      {json{{"move", "d3"}, {"extra", 1}}, StatusCode::kInvalidArgument, "unknown field 'extra'"},
      {json::object(), StatusCode::kInvalidArgument, "no 'move' field"},
      {json{{"move", 19}}, StatusCode::kInvalidArgument, "'move' must be a string"},
      {json{{"move", nullptr}}, StatusCode::kInvalidArgument, "'move' must be a string"},
      {json::array({"d3"}), StatusCode::kInvalidArgument, "must be a JSON object"},
      {json(true), StatusCode::kInvalidArgument, "must be a JSON object"},
      {json(7), StatusCode::kIllegalAction, "action id 7 is not legal"},
      {json(64), StatusCode::kIllegalAction, "action id 64 is not legal"},
  };
  for (const auto& c : cases) {
    auto r = s.decode_action(c.action);
    ASSERT_FALSE(r.is_ok()) << c.action.dump();
    EXPECT_EQ(r.status().code(), c.code) << c.action.dump() << ": " << r.status().to_string();
    EXPECT_NE(r.status().message().find(c.message), std::string::npos)
        << c.action.dump() << ": " << r.status().message();
    EXPECT_EQ(s.to_json(), before);
  }
}

TEST(ReversiJson, ActionsAfterTheEndAreRefused) {
  ReversiState s(square_bit(0), square_bit(63), kBlack);
  ASSERT_TRUE(s.is_terminal());
  auto r = s.decode_action(json("pass"));
  ASSERT_FALSE(r.is_ok());
  EXPECT_EQ(r.status().code(), StatusCode::kFailedPrecondition);
}

TEST(ReversiJson, ForcedPassIsTheOnlyActionAndAMoveIsRefused) {
  auto b = parse_board("X-O------X------OXXOOOO--X-OOO--X-OOOOO---OOXO-----OXO-----OXOO-");
  ASSERT_TRUE(b.is_ok());
  ReversiState s(b->first, b->second, kWhite);
  auto ok = s.decode_action(json{{"move", "pass"}});
  ASSERT_TRUE(ok.is_ok());
  EXPECT_EQ(*ok, std::vector<Action>{kPassAction});
  EXPECT_TRUE(s.decode_action(json("PASS")).is_ok());
  auto bad = s.decode_action(json("h8"));
  ASSERT_FALSE(bad.is_ok());
  EXPECT_EQ(bad.status().message(),
            "h8 is not a legal move for White (no disc would flip anywhere: pass); legal: pass");
}

struct BadState {
  json state;
  std::string message;
};

TEST(ReversiJson, MalformedStatesAreRejectedWithPreciseErrors) {
  auto g = game();
  const std::string start = board_string(kStartBlack, kStartWhite);
  const std::string with_z = start.substr(0, 10) + "Z" + start.substr(11);
  const BadState cases[] = {
      {json::array(), "a Reversi state is an object"},
      {json{{"to_move", "black"}}, "needs 'board'"},
      {json{{"board", start}}, "needs 'to_move'"},
      {json{{"board", start.substr(1)}, {"to_move", "black"}}, "got 63 characters"},
      {json{{"board", start + "-"}, {"to_move", "black"}}, "got 65 characters"},
      {json{{"board", with_z}, {"to_move", "black"}},
       "board character 11 ('Z', square c2) is not X, O, - or ."},
      {json{{"board", 5}, {"to_move", "black"}}, "needs 'board'"},
      {json{{"board", start}, {"to_move", "red"}}, "'to_move' is 'red'"},
      {json{{"board", start}, {"to_move", 0}}, "needs 'to_move'"},
      {json{{"board", start}, {"to_move", "black"}, {"colour", 1}}, "unknown field 'colour'"},
      {json{{"board", start}, {"to_move", "black"}, {"last_move", "k9"}}, "'last_move' is 'k9'"},
      {json{{"board", start}, {"to_move", "black"}, {"last_move", "a1"}},
       "'last_move' a1 must hold a white disc"},
      {json{{"board", start}, {"to_move", "black"}, {"last_move", "e5"}, {"last_flips", {"e4"}}},
       "'last_flips' squares e4 do not hold a white disc"},
      {json{{"board", start},
            {"to_move", "black"},
            {"last_move", "e5"},
            {"last_flips", {"d4", "d4"}}},
       "lists d4 twice"},
      {json{{"board", start}, {"to_move", "black"}, {"last_move", "e5"}},
       "every move flips a disc"},
      {json{{"board", start}, {"to_move", "black"}, {"last_move", "pass"}, {"last_flips", {"d4"}}},
       "must be empty when the last move is a pass"},
      {json{{"board", start}, {"to_move", "black"}, {"last_flips", "d4"}},
       "'last_flips' must be an array"},
  };
  for (const auto& c : cases) {
    auto r = g->state_from_json(c.state);
    ASSERT_FALSE(r.is_ok()) << c.state.dump();
    EXPECT_EQ(r.status().code(), StatusCode::kInvalidArgument);
    EXPECT_NE(r.status().message().find(c.message), std::string::npos)
        << c.state.dump() << "\n  got: " << r.status().message();
  }
}

TEST(ReversiJson, SimpleFormLoadsAnyPosition) {
  auto g = game();
  auto r = g->state_from_json(
      {{"board", "...........................OX......XO..........................."},
       {"to_move", "white"}});
  ASSERT_TRUE(r.is_ok()) << r.status().to_string();
  EXPECT_EQ((*r)->current_player(), kWhite);
  EXPECT_EQ((*r)->to_json()["board"],
            "---------------------------OX------XO---------------------------");
  EXPECT_TRUE((*r)->to_json()["last_move"].is_null());
}

TEST(ReversiJson, FromPositionRejectsOverlapAndBadSide) {
  auto overlap = ReversiState::from_position(0x3, 0x2, kBlack);
  ASSERT_FALSE(overlap.is_ok());
  EXPECT_NE(overlap.status().message().find("overlap on b1"), std::string::npos);
  EXPECT_FALSE(ReversiState::from_position(kStartBlack, kStartWhite, 2).is_ok());
  EXPECT_TRUE(ReversiState::from_position(kStartBlack, kStartWhite, kWhite).is_ok());
}

TEST(ReversiJson, ViewShowsEverythingTheUiNeeds) {
  ReversiState s;
  s.apply(sq("f5"));
  const json v = s.view(kSpectator);
  EXPECT_EQ(v["current_player"], kWhite);
  EXPECT_EQ(v["terminal"], false);
  EXPECT_EQ(v["to_move"], "white");
  EXPECT_EQ(v["legal_moves"], (json{"f4", "d6", "f6"}));
  EXPECT_EQ(v["discs"], (json{{"black", 4}, {"white", 1}}));
  EXPECT_EQ(v["last_move"], "f5");
  EXPECT_EQ(v["last_flips"], json{"e5"});
  EXPECT_EQ(v["last_was_pass"], false);
  EXPECT_EQ(v["board"].size(), 8u);
  EXPECT_EQ(v["board"][4], "---XXX--");
}

TEST(ReversiJson, TextShowsCoordinatesDiscsAndLegalMoves) {
  ReversiState s;
  const std::string t = s.to_text(0);
  EXPECT_NE(t.find("a b c d e f g h"), std::string::npos) << t;
  EXPECT_NE(t.find("4 · · * ○ ● · · ·"), std::string::npos) << t;
  EXPECT_NE(t.find("Black to move"), std::string::npos) << t;
  EXPECT_NE(t.find("legal: c4 d3 e6 f5"), std::string::npos) << t;
  s.apply(sq("f5"));
  const std::string ascii = board_text(s, false);
  EXPECT_NE(ascii.find("5 . . . X X[X]. ."), std::string::npos) << ascii;
  EXPECT_NE(ascii.find("White to move (O); legal: d6 f4 f6"), std::string::npos) << ascii;
}

}  // namespace
}  // namespace meeple::reversi::testing
