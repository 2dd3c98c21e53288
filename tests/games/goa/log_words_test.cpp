// The log in words (GoaState::describe, games/goa/log_words.cpp): a drawn
// expedition card is named to its drawer only; the layouts, the start player
// and cards revealed for a colony are told to everyone; every decision is
// told with its seat; to_text names the auction in progress.
#include <gtest/gtest.h>

#include "core/rng.h"
#include "games/goa/goa_game.h"

namespace meeple::goa {
namespace {

std::shared_ptr<const Game> make(int players) {
  auto g = make_game({{"players", players}, {"bonanza", true}});
  EXPECT_TRUE(g.is_ok()) << g.status().to_string();
  return *g;
}

std::string card_words(const GoaState& s, int card) {
  return "expedition card " + std::to_string(s.components().cards[card].id) + " (";
}

TEST(GoaLogWords, DrawnCardsReachOnlyTheirDrawer) {
  for (int players = 2; players <= 4; ++players) {
    auto game = make(players);
    Rng rng(17 + players);
    auto s = game->new_initial_state();
    int draws = 0, layouts = 0, start = 0;
    while (!s->is_terminal()) {
      const auto& before = static_cast<const GoaState&>(*s);
      const auto legal = s->legal_actions();
      const Action a = legal[rng.below(legal.size())];
      auto after = s->clone();
      after->apply(a);
      const auto& next = static_cast<const GoaState&>(*after);
      const std::string spectator = s->describe(a, *after, kSpectator);
      if (!s->is_chance()) {
        const std::string name = s->seat_name(s->current_player());
        ASSERT_EQ(spectator.substr(1, name.size() - 1), name.substr(1)) << spectator;
      } else if (!before.tasks().empty() && before.tasks().back().kind == TaskKind::kDraw) {
        const int seat = before.tasks().back().seat;
        const int card = next.player(seat).hand.back();
        for (int viewer = 0; viewer < players; ++viewer) {
          const std::string words = s->describe(a, *after, viewer);
          if (viewer == seat) {
            EXPECT_NE(words.find(card_words(before, card)), std::string::npos) << words;
          } else {
            EXPECT_EQ(words.find("expedition card "), std::string::npos) << words;
          }
        }
        EXPECT_EQ(spectator.find("expedition card "), std::string::npos) << spectator;
        ++draws;
      } else if (!before.tasks().empty()) {
        // A card revealed for a colony or Resupply is public and named.
        EXPECT_NE(spectator.find("Revealed for"), std::string::npos) << spectator;
        EXPECT_NE(spectator.find("expedition card "), std::string::npos) << spectator;
      } else if (before.stage() == Stage::kEraStack && next.stage() != Stage::kEraStack) {
        EXPECT_NE(spectator.find("the tiles are laid out"), std::string::npos) << spectator;
        ++layouts;
      } else if (before.stage() == Stage::kBonanzaDeal) {
        // Face down: no tile is named.
        EXPECT_EQ(spectator.find("BZ"), std::string::npos) << spectator;
      } else if (before.stage() == Stage::kStartDraw && next.stage() != Stage::kStartDraw) {
        EXPECT_NE(spectator.find("is the start player"), std::string::npos) << spectator;
        ++start;
      }
      s = std::move(after);
    }
    EXPECT_GT(draws, 0);
    EXPECT_EQ(layouts, 2) << "era A and era B";
    EXPECT_EQ(start, 1);
  }
}

TEST(GoaLogWords, TextShowsTheAuctionAndOnlyTheOwnHand) {
  auto game = make(3);
  Rng rng(5);
  auto s = game->new_initial_state();
  bool saw_auction = false, saw_hand = false;
  while (!s->is_terminal()) {
    const auto& g = static_cast<const GoaState&>(*s);
    // A lot under auction (between lots the won tile's tasks come first).
    if ((g.stage() == Stage::kBid || g.stage() == Stage::kAuctioneer) && g.tasks().empty()) {
      EXPECT_NE(s->to_text(0).find("auction of "), std::string::npos) << s->to_text(0);
      saw_auction = true;
    }
    if (!g.player(1).hand.empty() && g.stage() != Stage::kOver) {
      EXPECT_NE(s->to_text(1).find("| hand"), std::string::npos);
      // Seat 0 sees seat 1's hand size only: no "| hand" on seat 1's line.
      const std::string text = s->to_text(0);
      const auto line = text.find("  yellow:");
      ASSERT_NE(line, std::string::npos) << text;
      EXPECT_EQ(text.substr(line, text.find('\n', line) - line).find("| hand"), std::string::npos);
      saw_hand = true;
    }
    const auto legal = s->legal_actions();
    s->apply(legal[rng.below(legal.size())]);
  }
  EXPECT_TRUE(saw_auction);
  EXPECT_TRUE(saw_hand);
}

// A referee types what he sees: chance outcomes that draw or reveal a card
// are named by the card's number, the first revealer by the seat; each name
// decodes back to its outcome.
TEST(GoaLogWords, ChanceOutcomesNameTheCardForAReferee) {
  auto game = make(3);
  Rng rng(11);
  auto s = game->new_initial_state();
  int cards = 0, firsts = 0;
  while (!s->is_terminal()) {
    const auto& g = static_cast<const GoaState&>(*s);
    const auto legal = s->legal_actions();
    if (s->is_chance()) {
      const bool card_draw = !g.tasks().empty() || g.stage() == Stage::kStartDraw;
      for (Action a : legal) {
        const json j = s->action_to_json(a);
        if (card_draw) {
          ASSERT_EQ(j["type"], "card") << j.dump();
          const auto& d = g.deck().deck();
          if (!d.empty()) {
            EXPECT_EQ(j["card"], g.components().cards[d[a - act::kOutcome]].id);
          }
          ++cards;
        } else if (g.stage() == Stage::kFirstSeat) {
          EXPECT_EQ(j, (json{{"type", "first_revealer"}, {"seat", s->seat_name(a)}}));
          ++firsts;
        }
        auto back = s->decode_action(j);
        ASSERT_TRUE(back.is_ok()) << back.status().to_string();
        EXPECT_EQ(*back, std::vector<Action>{a});
      }
    }
    s->apply(legal[rng.below(legal.size())]);
  }
  EXPECT_GT(cards, 0);
  EXPECT_EQ(firsts, 3);
}

}  // namespace
}  // namespace meeple::goa
