// The playable Goa state (games/goa/goa_state.h): the shared conformance
// suite on an unregistered game, random games checking the invariants of
// goa.md (ducats never negative, spices within capacity, exactly 8 rounds,
// expedition cards conserved, every game ends) with JSON round trips and
// hashes, and the sequencing scenarios of goa.md §12 (T2, T4, T6-T13, T15,
// T14's tie-break) played through the state's own actions.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <set>

#include "core/rng.h"
#include "games/goa/goa_game.h"
#include "games/goa/play_area.h"
#include "tests/common/conformance.h"
#include "tests/games/goa/goa_helpers.h"
#include "tests/games/goa/invariants.h"

namespace meeple::goa {
namespace {

using testing::check_invariants;
using testing::components;

std::shared_ptr<const Game> make(int players, bool bonanza = true) {
  auto g = make_game({{"players", players}, {"bonanza", bonanza}});
  EXPECT_TRUE(g.is_ok()) << g.status().to_string();
  return *g;
}

const Registry& goa_registry() {
  static const Registry r = [] {
    Registry reg;
    register_game(reg);
    return reg;
  }();
  return r;
}

GoaState& goa(std::unique_ptr<State>& s) {
  return static_cast<GoaState&>(*s);
}

// The chance outcome that draws `card` (the deck lists its cards ascending).
Action draw_outcome(const GoaState& s, int card) {
  const auto& d = s.deck().deck();
  const auto it = std::find(d.begin(), d.end(), card);
  EXPECT_NE(it, d.end()) << "card " << card << " is not in the deck";
  return act::kOutcome + static_cast<Action>(it - d.begin());
}

// The cards (indices) with the start-player symbol, and without.
std::vector<int> cards_where(bool elephant) {
  const Components& c = components();
  std::vector<int> out;
  for (int i = 0; i < static_cast<int>(c.cards.size()); ++i)
    if ((c.cards[i].symbol == c.start_player_symbol) == elephant) out.push_back(i);
  return out;
}

// Plays the set-up's chance nodes: the first outcome for the stack and the
// bonanza deal, `first` reveals first and the first elephant card is drawn
// at once, so `first` is start player.
std::unique_ptr<State> set_up(int players, int first, bool bonanza = true) {
  auto s = make(players, bonanza)->new_initial_state();
  while (goa(s).stage() == Stage::kEraStack || goa(s).stage() == Stage::kBonanzaDeal)
    s->apply(act::kOutcome);
  EXPECT_EQ(goa(s).stage(), Stage::kFirstSeat);
  s->apply(act::kOutcome + first);
  s->apply(draw_outcome(goa(s), cards_where(true)[0]));
  EXPECT_EQ(goa(s).stage(), Stage::kPlaceFlag);
  return s;
}

// A whole action turn without window options: the action, then "stop"
// in the closing window (ruling 27).
void turn(std::unique_ptr<State>& s, Action a) {
  s->apply(a);
  ASSERT_EQ(goa(s).tasks().back().kind, TaskKind::kEndTurn);
  s->apply(act::kStop);
}

// Places the flag and markers with the first legal choice each.
void place_all(std::unique_ptr<State>& s) {
  while (goa(s).stage() == Stage::kPlaceFlag || goa(s).stage() == Stage::kPlaceMarker)
    s->apply(s->legal_actions().front());
}

// Every lot: everybody passes, the auctioneer takes it (first choices for
// any tile decisions, first outcomes for draws).
void pass_auctions(std::unique_ptr<State>& s) {
  while (goa(s).stage() == Stage::kBid || goa(s).stage() == Stage::kAuctioneer ||
         !goa(s).tasks().empty()) {
    if (goa(s).stage() == Stage::kActionTurn && goa(s).tasks().empty()) break;
    s->apply(s->legal_actions().front());
  }
}

// --- Conformance ---------------------------------------------------------------

TEST(GoaConformance, TwoThreeAndFourPlayers) {
  for (int players = 2; players <= 4; ++players) {
    SCOPED_TRACE(players);
    meeple::testing::run_conformance("goa", {{"players", players}},
                                     {.games = 1,
                                      .seed = static_cast<uint64_t>(players),
                                      .deep_check_every = 47,
                                      .id_sweep_every = 25},
                                     goa_registry());
  }
}

TEST(GoaConformance, QuickStarter) {
  meeple::testing::run_conformance(
      "goa", {{"players", 3}, {"quick_start", true}},
      {.games = 1, .seed = 11, .deep_check_every = 43, .id_sweep_every = 25}, goa_registry());
}

TEST(GoaConformance, WithoutBonanza) {
  meeple::testing::run_conformance(
      "goa", {{"players", 3}, {"bonanza", false}},
      {.games = 1, .seed = 9, .deep_check_every = 41, .id_sweep_every = 25}, goa_registry());
}

// --- Random games ----------------------------------------------------------------

// The kinds of decisions ("type" of the action JSON) random games reached.
std::set<std::string>& types_seen() {
  static std::set<std::string> seen;
  return seen;
}

// Plays one random game; `round_trip`: JSON and hash checks at every step.
void random_game(const Game& game, uint64_t seed, bool round_trip) {
  Rng rng(seed);
  auto s = game.new_initial_state();
  std::set<int> rounds;
  int steps = 0;
  while (!s->is_terminal()) {
    const GoaState& g = static_cast<const GoaState&>(*s);
    ASSERT_NO_FATAL_FAILURE(check_invariants(g));
    if (g.stage() == Stage::kPlaceFlag) rounds.insert(g.round());
    if (round_trip) {
      const json j = s->to_json();
      auto back = game.state_from_json(j);
      ASSERT_TRUE(back.is_ok()) << back.status().to_string();
      ASSERT_EQ((*back)->to_json(), j);
      ASSERT_EQ((*back)->hash(), s->hash());
      ASSERT_EQ((*back)->legal_actions(), s->legal_actions());
    }
    const auto legal = s->legal_actions();
    ASSERT_FALSE(legal.empty());
    const Action a = legal[rng.below(legal.size())];
    if (!s->is_chance()) types_seen().insert(s->action_to_json(a)["type"].get<std::string>());
    s->apply(a);
    ASSERT_LT(++steps, kPracticalGameLength) << "the game must end";
  }
  const GoaState& g = static_cast<const GoaState&>(*s);
  ASSERT_NO_FATAL_FAILURE(check_invariants(g));
  ASSERT_EQ(rounds, (std::set<int>{1, 2, 3, 4, 5, 6, 7, 8})) << "exactly 8 rounds";
  ASSERT_EQ(g.round(), 9);
  int winners = 0;
  for (double r : s->returns()) {
    ASSERT_TRUE(r == 1.0 || r == -1.0);
    winners += r == 1.0;
  }
  ASSERT_GE(winners, 1);
}

// Random games per player count: 200 in CI; MEEPLE_GOA_PROPERTY_GAMES=N
// for a long run.
uint64_t property_games() {
  if (const char* env = std::getenv("MEEPLE_GOA_PROPERTY_GAMES"))
    return std::strtoull(env, nullptr, 10);
  return 200;
}

TEST(GoaRandomGames, InvariantsHoldAndEveryGameEnds) {
  for (int players = 2; players <= 4; ++players) {
    auto game = make(players);
    for (uint64_t seed = 0; seed < property_games(); ++seed) {
      SCOPED_TRACE(::testing::Message() << players << " players, seed " << seed);
      ASSERT_NO_FATAL_FAILURE(random_game(*game, seed * 7919 + players, false));
    }
  }
  // Random play reaches every kind of decision the state offers.
  for (const char* type : {"flag",
                           "marker",
                           "pass",
                           "bid",
                           "sell",
                           "buy",
                           "take_lot",
                           "develop",
                           "ships",
                           "harvest",
                           "taxes",
                           "expedition",
                           "found",
                           "pay_spice",
                           "place_spice",
                           "sell_spice",
                           "discard_plantation",
                           "spice",
                           "colony_tile",
                           "discard_card",
                           "favor",
                           "pay_shortfall",
                           "decline",
                           "draw",
                           "stop",
                           "additional_action",
                           "take",
                           "play_card",
                           "use_tile",
                           "track",
                           "buy_additional_action",
                           "swap",
                           "espionage"})
    EXPECT_TRUE(types_seen().count(type)) << type << " never reached";
}

TEST(GoaRandomGames, JsonRoundTripAndHashAtEveryStep) {
  for (int players = 2; players <= 4; ++players) {
    auto game = make(players, players != 3);
    for (uint64_t seed = 0; seed < 1; ++seed) {
      SCOPED_TRACE(::testing::Message() << players << " players, seed " << seed);
      ASSERT_NO_FATAL_FAILURE(random_game(*game, seed + 1000 * players, true));
    }
  }
}

// --- Scenarios (goa.md §12) ----------------------------------------------------

// T2: three players, P0 reveals first; three cards without the elephant,
// then one with it: P0 (the fourth reveal comes round to him) starts.
TEST(GoaScenario, T2StartPlayerAndStartingResources) {
  auto s = make(3)->new_initial_state();
  while (goa(s).stage() != Stage::kFirstSeat) s->apply(act::kOutcome);
  s->apply(act::kOutcome + 0);
  const auto plain = cards_where(false);
  for (int k = 0; k < 3; ++k) {
    s->apply(draw_outcome(goa(s), plain[k]));
    ASSERT_EQ(goa(s).stage(), Stage::kStartDraw);
  }
  s->apply(draw_outcome(goa(s), cards_where(true)[0]));
  const GoaState& g = goa(s);
  ASSERT_EQ(g.stage(), Stage::kPlaceFlag);
  EXPECT_EQ(g.start_player(), 0);
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(g.player(0).ducats, 5);
  EXPECT_EQ(g.player(1).ducats, 10);
  EXPECT_EQ(g.player(2).ducats, 10);
  for (int p = 0; p < 3; ++p) {
    EXPECT_EQ(g.player(p).ships, 4);
    EXPECT_EQ(g.player(p).colonists, 2);
    EXPECT_EQ(g.player(p).extra_action_cards, 0);
    EXPECT_TRUE(g.player(p).hand.empty());
    EXPECT_EQ(g.player(p).development.level, (std::array<int, 5>{1, 1, 1, 1, 1}));
  }
  EXPECT_EQ(g.deck().discard().size(), 4u);
  EXPECT_EQ(g.deck().deck().size(), 26u);
}

// The Quick-starter variant (§4): after set-up, from the start player, each
// player moves 2 cubes to row 2 (one track at a time, never the same one
// twice) or takes 10 ducats; then round 1 begins with the flag.
TEST(GoaScenario, QuickStarterCubesOrDucats) {
  auto g = make_game({{"players", 3}, {"quick_start", true}});
  ASSERT_TRUE(g.is_ok());
  auto s = (*g)->new_initial_state();
  while (goa(s).stage() != Stage::kFirstSeat) s->apply(act::kOutcome);
  s->apply(act::kOutcome + 1);  // seat 1 reveals first and draws an elephant
  s->apply(draw_outcome(goa(s), cards_where(true)[0]));
  ASSERT_EQ(goa(s).stage(), Stage::kQuickStart);
  EXPECT_EQ(goa(s).start_player(), 1);
  // Seat 1 (start): ships, then harvest; ships is not offered again, nor
  // the ducats once a cube has moved.
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(s->legal_actions(),
            (std::vector<Action>{act::kTrack, act::kTrack + 1, act::kTrack + 2, act::kTrack + 3,
                                 act::kTrack + 4, act::kQuickDucats}));
  s->apply(act::kTrack + kShipsTrack);
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_FALSE(s->is_legal(act::kTrack + kShipsTrack));
  EXPECT_FALSE(s->is_legal(act::kQuickDucats));
  // Mid-choice, the state survives a JSON round trip.
  const json mid = s->to_json();
  EXPECT_EQ(mid["quick_mask"], 1);
  auto back = (*g)->state_from_json(mid);
  ASSERT_TRUE(back.is_ok()) << back.status().to_string();
  EXPECT_EQ((*back)->hash(), s->hash());
  EXPECT_EQ((*back)->legal_actions(), s->legal_actions());
  s->apply(act::kTrack + kHarvestTrack);
  // Seat 2 takes the ducats; seat 0 develops Colonists and Taxes.
  EXPECT_EQ(s->current_player(), 2);
  {
    auto before = s->clone();
    s->apply(act::kQuickDucats);
    EXPECT_EQ(before->describe(act::kQuickDucats, *s, kSpectator),
              "Green takes 10 ducats (Quick starter)");
  }
  EXPECT_EQ(s->current_player(), 0);
  s->apply(act::kTrack + kColonistsTrack);
  s->apply(act::kTrack + kTaxesTrack);
  const GoaState& st = goa(s);
  ASSERT_EQ(st.stage(), Stage::kPlaceFlag);
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_EQ(st.player(1).development.level, (std::array<int, 5>{2, 2, 1, 1, 1}));
  EXPECT_EQ(st.player(2).development.level, (std::array<int, 5>{1, 1, 1, 1, 1}));
  EXPECT_EQ(st.player(0).development.level, (std::array<int, 5>{1, 1, 2, 1, 2}));
  EXPECT_EQ(st.player(1).ducats, 5);
  EXPECT_EQ(st.player(2).ducats, 20);
  EXPECT_EQ(st.player(0).ducats, 10);
  for (int p = 0; p < 3; ++p) EXPECT_EQ(st.player(p).extra_action_cards, 0) << "no row bonus";
  // Outside the variant's stage the document has no quick fields.
  EXPECT_FALSE(s->to_json().contains("quick_done"));
  // Two players at 2 of 5 tracks score 1 VP each (track_vp at level 2).
  EXPECT_EQ(st.score_sheets()[1].development, 2);
}

// Quick-starter documents that cannot be: the variant off, a mask naming a
// cube still on row 1, the fields outside the stage.
TEST(GoaScenario, QuickStarterDocumentsAreChecked) {
  auto g = make_game({{"players", 2}, {"quick_start", true}});
  ASSERT_TRUE(g.is_ok());
  auto s = (*g)->new_initial_state();
  while (goa(s).stage() != Stage::kQuickStart) s->apply(s->legal_actions().front());
  const json j = s->to_json();
  ASSERT_TRUE((*g)->state_from_json(j).is_ok());
  EXPECT_FALSE(make(2)->state_from_json(j).is_ok()) << "a game without the variant";
  json bad = j;
  bad["quick_mask"] = 2;
  EXPECT_FALSE((*g)->state_from_json(bad).is_ok()) << "mask names a cube on row 1";
  bad = j;
  bad["quick_done"] = 2;
  EXPECT_FALSE((*g)->state_from_json(bad).is_ok());
  s->apply(act::kQuickDucats);
  s->apply(act::kQuickDucats);
  bad = s->to_json();
  ASSERT_EQ(goa(s).stage(), Stage::kPlaceFlag);
  bad["quick_done"] = 0;
  EXPECT_FALSE((*g)->state_from_json(bad).is_ok()) << "quick fields outside the stage";
}

// T4: full grid, 4 players, P0 start, flag at L(2): marker 2 may go on
// (1,0), (2,0), (3,0); after (1,0), marker 3 on (0,0), (0,1), (1,1), (2,0),
// (2,1).
TEST(GoaScenario, T4MarkerAdjacency) {
  auto s = set_up(4, 0);
  EXPECT_EQ(s->current_player(), 0);
  s->apply(act::kPosition + left_slot(2));
  EXPECT_EQ(s->current_player(), 1);
  auto cells = [&] {
    std::vector<Action> want;
    for (Action a : s->legal_actions()) want.push_back(a - act::kPosition);
    return want;
  };
  EXPECT_EQ(cells(), (std::vector<Action>{cell(1, 0), cell(2, 0), cell(3, 0)}));
  s->apply(act::kPosition + cell(1, 0));
  EXPECT_EQ(s->current_player(), 2);
  EXPECT_EQ(cells(),
            (std::vector<Action>{cell(0, 0), cell(0, 1), cell(1, 1), cell(2, 0), cell(2, 1)}));
}

// T3 on the state: the flag may not stand on a full cell, and every edge
// slot of a full grid is legal in round 1.
TEST(GoaScenario, T3FlagOnAFullGridStandsOnTheEdge) {
  auto s = set_up(2, 0);
  const auto legal = s->legal_actions();
  EXPECT_EQ(legal.size(), 20u);
  for (Action a : legal) EXPECT_GE(a - act::kPosition, kNumCells);
}

// T6: P1 auctions lot 2; P2 bids 3, P3 bids 5, P0 passes; P1 sells.
// T7: the same bids, P1 buys for 4.
void auction_lot2(bool buy) {
  auto s = set_up(4, 0);
  place_all(s);
  // Lot 1 (flag): all pass, P0 keeps it (T8: +1 additional action card).
  ASSERT_EQ(goa(s).stage(), Stage::kBid);
  for (int k = 0; k < 3; ++k) s->apply(act::kPass);
  ASSERT_EQ(s->legal_actions(), std::vector<Action>{act::kTake});
  s->apply(act::kTake);
  EXPECT_EQ(goa(s).player(0).extra_action_cards, 1) << "T8";
  EXPECT_EQ(goa(s).player(0).ducats, 5) << "T8: free";
  // Equal money for the scenario.
  for (int p = 0; p < 4; ++p) goa(s).mutable_player(p).ducats = 10;
  ASSERT_EQ(goa(s).lot(), 2);
  EXPECT_EQ(s->current_player(), 2) << "bidding starts left of the auctioneer P1";
  s->apply(act::kBid + 3);
  EXPECT_EQ(s->current_player(), 3);
  EXPECT_FALSE(s->is_legal(act::kBid + 3)) << "a bid must beat the highest";
  s->apply(act::kBid + 5);
  EXPECT_EQ(s->current_player(), 0);
  s->apply(act::kPass);
  EXPECT_EQ(s->current_player(), 1);
  const int tile_cell = goa(s).marker_cell(2);
  s->apply(buy ? act::kBuy : act::kSell);
  // Resolve any decision the tile asks of its winner.
  while (!goa(s).tasks().empty() && !s->is_chance()) s->apply(s->legal_actions().front());
  const GoaState& g = goa(s);
  EXPECT_EQ(g.grid().tile[tile_cell], -1) << "the tile left the grid";
  if (buy) {
    EXPECT_EQ(g.player(1).ducats, 6);
    EXPECT_EQ(g.player(3).ducats, 10);
  } else {
    EXPECT_EQ(g.player(3).ducats, 5);
    EXPECT_EQ(g.player(1).ducats, 15);
  }
  EXPECT_EQ(g.player(0).ducats, 10);
  EXPECT_EQ(g.player(2).ducats, 10);
}

TEST(GoaScenario, T6AuctioneerSells) {
  auction_lot2(false);
}
TEST(GoaScenario, T7AuctioneerBuys) {
  auction_lot2(true);
}

// T9: P0 holds the flag with 5 ducats; P1 bids 2, P2 passes, P3 bids 4, P0
// sells: P3 takes flag and card; lots 2-5 are auctioned by P1, P2, P3, P0;
// phase 3 runs P3, P0, P1, P2; P3 places the flag next round.
TEST(GoaScenario, T9FlagChangesHands) {
  auto s = set_up(4, 0);
  place_all(s);
  s->apply(act::kBid + 2);
  s->apply(act::kPass);
  s->apply(act::kBid + 4);
  EXPECT_EQ(s->current_player(), 0);
  s->apply(act::kSell);
  const GoaState& g = goa(s);
  EXPECT_EQ(g.player(3).ducats, 6);
  EXPECT_EQ(g.player(3).extra_action_cards, 1);
  EXPECT_EQ(g.player(0).ducats, 9);
  EXPECT_EQ(g.player(0).extra_action_cards, 0);
  EXPECT_EQ(g.start_player(), 3);
  std::vector<int> auctioneers;
  while (g.stage() != Stage::kActionTurn || !g.tasks().empty()) {
    if (g.stage() == Stage::kBid && g.tasks().empty() &&
        (auctioneers.empty() || auctioneers.back() != (g.lot() + 0)))
      auctioneers.push_back(g.lot());
    if (g.stage() == Stage::kAuctioneer && g.tasks().empty()) {
      auctioneers.back() = s->current_player();
    }
    s->apply(s->is_chance() ? act::kOutcome : s->legal_actions().front());
  }
  EXPECT_EQ(auctioneers, (std::vector<int>{1, 2, 3, 0}));
  std::vector<int> order;
  for (int k = 0; k < 4; ++k) {
    order.push_back(s->current_player());
    turn(s, act::kTaxes);
  }
  EXPECT_EQ(order, (std::vector<int>{3, 0, 1, 2}));
  // Finish the round with taxes and passes; P3 then places the flag.
  while (g.stage() != Stage::kPlaceFlag) {
    const auto legal = s->legal_actions();
    if (std::find(legal.begin(), legal.end(), act::kTaxes) != legal.end())
      s->apply(act::kTaxes);
    else
      s->apply(legal.front());
  }
  EXPECT_EQ(g.round(), 2);
  EXPECT_EQ(s->current_player(), 3);
}

// Plays to the first action turn with everyone passing in the auctions.
std::unique_ptr<State> to_phase3(int players) {
  auto s = set_up(players, 0);
  place_all(s);
  pass_auctions(s);
  EXPECT_EQ(goa(s).stage(), Stage::kActionTurn);
  EXPECT_EQ(s->current_player(), 0);
  return s;
}

// A card (index) in the deck with this many colonists, not in `avoid`.
int card_with_colonists(const State& s, int colonists, std::vector<int> avoid = {}) {
  const Components& c = components();
  for (int i : static_cast<const GoaState&>(s).deck().deck())
    if (c.cards[i].colonists == colonists &&
        std::find(avoid.begin(), avoid.end(), i) == avoid.end())
      return i;
  ADD_FAILURE() << "no card with " << colonists << " colonists";
  return -1;
}

int colony_index(const char* id) {
  const Components& c = components();
  for (int i = 0; i < static_cast<int>(c.colonies.size()); ++i)
    if (c.colonies[i].id == id) return i;
  ADD_FAILURE() << id;
  return -1;
}

// T10: Colonists level 3 (value 4), 2 colonists; FOUND Cochin (8); reveals
// of 1 and 2 colonists: 7, shortfall 1, paid with a colonist card.
TEST(GoaScenario, T10ColonyFoundedWithColonistCards) {
  auto s = to_phase3(2);
  Player& p = goa(s).mutable_player(0);
  p.development.level = {1, 1, 1, 1, 3};
  p.colonists = 2;
  p.hand.clear();
  const int cochin = colony_index("cochin");
  s->apply(act::kFound + cochin);
  ASSERT_TRUE(s->is_chance());
  const int c1 = card_with_colonists(*s, 1), c2 = card_with_colonists(*s, 2);
  s->apply(draw_outcome(goa(s), c1));
  s->apply(draw_outcome(goa(s), c2));
  ASSERT_EQ(s->current_player(), 0);
  EXPECT_EQ(s->legal_actions(), (std::vector<Action>{act::kPay, act::kDecline}));
  s->apply(act::kPay);
  // The tile of the name, then its one space (Cochin: any spice).
  EXPECT_EQ(s->action_to_json(s->legal_actions().front())["type"], "colony_tile");
  s->apply(s->legal_actions().front());
  EXPECT_EQ(s->legal_actions().size(), 5u) << "a Cochin space takes any spice";
  s->apply(act::kSpiceType + kPepper);
  const GoaState& g = goa(s);
  EXPECT_EQ(g.player(0).colonists, 1);
  ASSERT_EQ(g.player(0).board.colonies.size(), 1u);
  EXPECT_EQ(g.player(0).board.colonies[0].colony, cochin);
  EXPECT_EQ(g.player(0).board.colonies[0].spices[kPepper], 1);
  const auto& discard = g.deck().discard();
  EXPECT_NE(std::find(discard.begin(), discard.end(), c1), discard.end());
  EXPECT_NE(std::find(discard.begin(), discard.end(), c2), discard.end());
  EXPECT_TRUE(g.deck().revealed().empty());
  s->apply(act::kStop);
  EXPECT_EQ(s->current_player(), 1) << "the turn is over";
  EXPECT_TRUE(s->is_legal(act::kFound + cochin)) << "P1 may found Cochin too";
}

// T11: Colonists value 2, 3 colonists, Calicut (12); reveals 1 + 1: total 4,
// shortfall 8 > 3: only failure is possible; P0 gets 1 colonist.
TEST(GoaScenario, T11ColonyAttemptFails) {
  auto s = to_phase3(2);
  Player& p = goa(s).mutable_player(0);
  p.development.level = {1, 1, 1, 1, 2};
  p.colonists = 3;
  const int calicut = colony_index("calicut");
  s->apply(act::kFound + calicut);
  const int c1 = card_with_colonists(*s, 1);
  s->apply(draw_outcome(goa(s), c1));
  s->apply(draw_outcome(goa(s), card_with_colonists(*s, 1, {c1})));
  EXPECT_EQ(s->legal_actions(), std::vector<Action>{act::kDecline});
  s->apply(act::kDecline);
  s->apply(act::kStop);
  EXPECT_EQ(goa(s).player(0).colonists, 4);
  EXPECT_TRUE(goa(s).player(0).board.colonies.empty());
  EXPECT_TRUE(s->is_legal(act::kFound + calicut)) << "P1's turn: Calicut still open";
}

// Success is automatic when base + reveals reach the requirement (ruling 30).
TEST(GoaScenario, ColonySuccessIsAutomatic) {
  auto s = to_phase3(2);
  goa(s).mutable_player(0).development.level = {1, 1, 1, 1, 5};  // value 6
  goa(s).mutable_player(0).colonists = 0;
  s->apply(act::kFound + colony_index("quilon"));  // 6: reached by the base
  s->apply(act::kOutcome);
  s->apply(act::kOutcome);
  EXPECT_EQ(s->action_to_json(s->legal_actions().front())["type"], "colony_tile");
}

// T12: dev (2,2,2,2,1); 1 ship; Clove x2 holding 1 clove: DEVELOP
// Colonists 1 -> 2 costs 1 clove + 1 ship and brings the row-2 card.
TEST(GoaScenario, T12DevelopmentAndRowBonus) {
  auto s = to_phase3(2);
  Player& p = goa(s).mutable_player(0);
  p.development.level = {2, 2, 2, 2, 1};
  p.ships = 1;
  p.extra_action_cards = 0;
  p.board = SupplyBoard{};
  const Components& c = components();
  const int clove2 = testing::tile("A02");
  ASSERT_TRUE(place_plantation(c, p.board, clove2, -1).is_ok());
  p.board.plantations[0].spices[kClove] = 1;
  EXPECT_FALSE(s->is_legal(act::kDevelop + kShipsTrack)) << "2 -> 3 needs 2 ships";
  ASSERT_TRUE(s->is_legal(act::kDevelop + kColonistsTrack));
  s->apply(act::kDevelop + kColonistsTrack);
  EXPECT_EQ(s->legal_actions(), std::vector<Action>{act::kSpiceAt + 0 * kNumSpices + kClove});
  s->apply(act::kSpiceAt + kClove);
  const GoaState& g = goa(s);
  EXPECT_EQ(g.player(0).ships, 0);
  EXPECT_EQ(g.player(0).board.plantations[0].filled(), 0);
  EXPECT_EQ(g.player(0).development.level, (std::array<int, 5>{2, 2, 2, 2, 2}));
  EXPECT_EQ(g.player(0).extra_action_cards, 1);
  s->apply(act::kStop);
  EXPECT_EQ(s->current_player(), 1);
}

// §8.6: at Expedition level 1 (take 1, limit 1) a hand of 3 must first be
// cut to 1, and then no card may be drawn (the limit is reached).
TEST(GoaScenario, ExpeditionActionRespectsTheLimit) {
  auto s = to_phase3(2);
  Player& p = goa(s).mutable_player(0);
  const auto& deck = goa(s).deck().deck();
  std::vector<int> hand(deck.begin(), deck.begin() + 3);
  ExpeditionDeck& d = goa(s).mutable_deck();
  std::vector<int> rest(deck.begin() + 3, deck.end());
  d = ExpeditionDeck::restore(rest, d.discard(), d.revealed());
  p.hand = hand;
  s->apply(act::kExpedition);
  auto legal = s->legal_actions();
  ASSERT_EQ(legal.size(), 3u) << "only discards while above the limit";
  for (Action a : legal) EXPECT_EQ(s->action_to_json(a)["type"], "discard_card");
  s->apply(legal[0]);
  s->apply(s->legal_actions()[0]);
  legal = s->legal_actions();
  EXPECT_EQ(std::count(legal.begin(), legal.end(), act::kDraw), 0) << "hand at its limit";
  s->apply(act::kStop);
  s->apply(act::kStop);  // the closing window
  EXPECT_EQ(goa(s).player(0).hand.size(), 1u);
  // P1 with an empty hand draws one card (a chance node), then stops.
  s->apply(act::kExpedition);
  s->apply(act::kDraw);
  ASSERT_TRUE(s->is_chance());
  s->apply(act::kOutcome);
  EXPECT_EQ(goa(s).player(1).hand.size(), 1u);
  EXPECT_FALSE(s->is_legal(act::kDraw)) << "take 1";
  s->apply(act::kStop);
}

// T13: 3 players; additional action cards P0 3, P1 1, P2 0. P0 plays one
// (TAXES), P1 passes, P2 is out, P0 plays one (SHIPS), P0 passes: P0 and P1
// keep 1, P2 0.
TEST(GoaScenario, T13PhaseFourAndHandLimit) {
  auto s = to_phase3(3);
  GoaState& g = goa(s);
  for (int k = 0; k < 8; ++k) turn(s, act::kTaxes);  // 9 turns; the last below
  g.mutable_player(0).extra_action_cards = 3;
  g.mutable_player(1).extra_action_cards = 1;
  g.mutable_player(2).extra_action_cards = 0;
  turn(s, act::kTaxes);
  ASSERT_EQ(g.stage(), Stage::kExtraTurn);
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(s->legal_actions(), (std::vector<Action>{act::kPass, act::kUseCard}));
  s->apply(act::kUseCard);
  const int ducats = g.player(0).ducats;
  turn(s, act::kTaxes);
  EXPECT_EQ(g.player(0).ducats, ducats + 4);
  EXPECT_EQ(s->current_player(), 1);
  s->apply(act::kPass);
  EXPECT_EQ(s->current_player(), 0) << "P2 holds no card: out";
  s->apply(act::kUseCard);
  const int ships = g.player(0).ships;
  turn(s, act::kShips);
  EXPECT_EQ(g.player(0).ships, ships + 1);
  EXPECT_EQ(s->current_player(), 0);
  s->apply(act::kPass);
  EXPECT_EQ(g.stage(), Stage::kPlaceFlag);
  EXPECT_EQ(g.round(), 2);
  EXPECT_EQ(g.player(0).extra_action_cards, 1);
  EXPECT_EQ(g.player(1).extra_action_cards, 1);
  EXPECT_EQ(g.player(2).extra_action_cards, 0);
}

// T13 variant: passing at once with 3 cards leaves 1.
TEST(GoaScenario, T13HandLimitDiscardsDownToOne) {
  auto s = to_phase3(2);
  GoaState& g = goa(s);
  for (int k = 0; k < 5; ++k) turn(s, act::kTaxes);
  g.mutable_player(0).extra_action_cards = 3;
  g.mutable_player(1).extra_action_cards = 0;
  turn(s, act::kTaxes);
  s->apply(act::kPass);
  EXPECT_EQ(g.round(), 2);
  EXPECT_EQ(g.player(0).extra_action_cards, 1);
}

// T15: after round 4 the grid's tiles leave; 25 B tiles, 4 more removed
// tiles in the Favor pool (at most 2 plantations each era), 4 bonanza
// tiles dealt; everyone keeps his goods; the flag holder opens round 5.
TEST(GoaScenario, T15EraChange) {
  const Components& c = components();
  auto game = make(4);
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    Rng rng(seed);
    auto s = game->new_initial_state();
    GoaState& g = goa(s);
    json before;
    while (!(g.round() == 5 && g.stage() == Stage::kPlaceFlag)) {
      if (g.round() == 4 && g.stage() == Stage::kExtraTurn) before = s->to_json();
      const auto legal = s->legal_actions();
      s->apply(legal[rng.below(legal.size())]);
    }
    int b_tiles = 0;
    std::set<int> seen;
    for (int t : g.grid().tile) {
      ASSERT_GE(t, 0);
      b_tiles += c.tiles[t].era == 1;
      seen.insert(t);
    }
    EXPECT_EQ(b_tiles, 25);
    EXPECT_EQ(seen.size(), 25u);
    ASSERT_EQ(g.favor_pool().size(), 8u);
    for (int era = 0; era < 2; ++era) {
      int plantations = 0;
      for (int k = 0; k < 4; ++k) {
        const TileInfo& t = c.tiles[g.favor_pool()[era * 4 + k]];
        EXPECT_EQ(t.era, era);
        plantations += t.is_plantation();
      }
      EXPECT_LE(plantations, 2);
    }
    std::set<int> bonanza(g.grid().bonanza.begin(), g.grid().bonanza.end());
    EXPECT_EQ(bonanza.size(), 4u);
    for (int b : bonanza) EXPECT_GE(b, 0);
    EXPECT_EQ(s->current_player(), g.start_player());
    for (int p = 0; p < 4; ++p)
      EXPECT_EQ(g.player(p).development.level,
                (before["players"][p]["levels"].get<std::array<int, 5>>()));
  }
}

// T14's tie-break at the end: equal VP, more ducats wins; equal ducats too:
// a shared victory.
TEST(GoaScenario, T14TieBreakOnDucatsThenShared) {
  auto game = make(3);
  Rng rng(5);
  auto s = game->new_initial_state();
  while (!s->is_terminal()) {
    const auto legal = s->legal_actions();
    s->apply(legal[rng.below(legal.size())]);
  }
  GoaState& g = goa(s);
  for (int p = 0; p < 3; ++p) {
    Player& pl = g.mutable_player(p);
    pl = Player{};
    g.mutable_holdings(p) = Holdings{};
  }
  ExpeditionDeck& d = g.mutable_deck();
  d = ExpeditionDeck::restore(std::vector<int>(30, 0), {}, {});
  g.mutable_player(0).ducats = 12;
  g.mutable_player(1).ducats = 10;
  g.mutable_player(1).development.level = {2, 1, 1, 1, 1};  // +1 VP: 1 + 0
  g.mutable_player(2).ducats = 7;
  // P0: 3 (most ducats); P1: 1; P2: 0.
  EXPECT_EQ(s->returns(), (std::vector<double>{1, -1, -1}));
  g.mutable_player(1).development.level = {3, 1, 1, 1, 1};  // 3 VP: tie on VP
  EXPECT_EQ(s->returns(), (std::vector<double>{1, -1, -1})) << "more ducats wins";
  g.mutable_player(1).ducats = 12;  // both get the money bonus: 3 vs 6
  g.mutable_player(1).development.level = {1, 1, 1, 1, 1};
  EXPECT_EQ(s->returns(), (std::vector<double>{1, 1, -1})) << "shared victory";
}

// Views hide other hands, ducats and bonanza tiles; determinize keeps them.
// The tensor (observation.cpp's layout): a Mission's value only to its
// owner, kept tiles used, the Favor pool and first-to-reach to all.
TEST(GoaViews, TensorShowsOwnMissionValueAndPublicTiles) {
  auto s = to_phase3(2);
  auto& g = static_cast<GoaState&>(*s);
  int mission = -1;
  for (size_t t = 0; t < components().tiles.size() && mission < 0; ++t)
    if (components().tiles[t].kind == TileKind::kMission) mission = static_cast<int>(t);
  ASSERT_GE(mission, 0);
  g.mutable_holdings(0).tiles.push_back({mission, true});
  constexpr size_t kPerSeat = 46, kUsed = 44, kMissionVp = 45;
  const auto own = s->observation_tensor(0), other = s->observation_tensor(1),
             other_info = s->information_state_tensor(1);
  ASSERT_EQ(own.size(), 1064u);
  EXPECT_EQ(own[kMissionVp], components().tiles[static_cast<size_t>(mission)].vp);
  EXPECT_GT(own[kMissionVp], 0);
  EXPECT_EQ(other[kMissionVp], 0) << "another seat's Mission value is hidden";
  EXPECT_EQ(other_info[kMissionVp], 0);
  EXPECT_EQ(other[kUsed], 1) << "used kept tiles are public";
  EXPECT_EQ(other[kPerSeat + kMissionVp], 0);
  // The Favor pool (58 flags) and first-to-reach (25) close the layout.
  const size_t pool = own.size() - 25 - 58;
  int flags = 0;
  for (size_t t = 0; t < 58; ++t) flags += other[pool + t] == 1;
  EXPECT_EQ(flags, static_cast<int>(g.favor_pool().size()));
  EXPECT_GT(flags, 0);
}

TEST(GoaViews, HiddenPartsAndDeterminize) {
  auto s = to_phase3(3);
  const json v = s->view(0);
  EXPECT_TRUE(v["players"][0]["ducats"].is_number());
  EXPECT_TRUE(v["players"][1]["ducats"].is_null());
  EXPECT_TRUE(v["players"][1]["hand"].is_number());
  EXPECT_TRUE(v["deck"].is_number());
  for (const json& b : v["bonanza"]) EXPECT_TRUE(b == "hidden" || b == -1);
  Rng rng(3);
  const auto d = s->determinize(0, rng);
  EXPECT_EQ(d->view(0), v);
  EXPECT_NE(s->information_state_string(0), s->observation_string(0))
      << "the information state knows every seat's ducats";
  // A different deck order is redrawn for a spectator at some point.
  bool differs = false;
  for (int k = 0; k < 20 && !differs; ++k) {
    const auto e = s->determinize(kSpectator, rng);
    differs = e->to_json() != s->to_json();
  }
  EXPECT_TRUE(differs) << "hidden bonanza tiles are redrawn";
}

}  // namespace
}  // namespace meeple::goa

namespace meeple::goa {
namespace {

// Moves a card with this effect from the deck into the seat's hand.
int give_card(std::unique_ptr<State>& s, int seat, Effect e) {
  const Components& c = components();
  ExpeditionDeck& d = goa(s).mutable_deck();
  std::vector<int> deck = d.deck();
  for (size_t i = 0; i < deck.size(); ++i) {
    if (c.cards[deck[i]].effect != e) continue;
    const int card = deck[i];
    deck.erase(deck.begin() + static_cast<long>(i));
    d = ExpeditionDeck::restore(deck, d.discard(), d.revealed());
    goa(s).mutable_player(seat).hand.push_back(card);
    return card;
  }
  ADD_FAILURE() << "no such card in the deck";
  return -1;
}

bool legal(const State& s, Action a) {
  return s.is_legal(a);
}

// §8.8, ruling 10: one expedition card per action, before or after it.
TEST(GoaWindows, OneExpeditionCardPerAction) {
  auto s = to_phase3(2);
  const int ships = give_card(s, 0, Effect::kShips);
  const int ducats = give_card(s, 0, Effect::kDucats);
  EXPECT_TRUE(legal(*s, act::kPlayCard + ships));
  EXPECT_TRUE(legal(*s, act::kPlayCard + ducats));
  const int before = goa(s).player(0).ships;
  s->apply(act::kPlayCard + ships);
  EXPECT_EQ(goa(s).player(0).ships, before + components().effects[0].amount);
  EXPECT_FALSE(legal(*s, act::kPlayCard + ducats)) << "one card per action";
  s->apply(act::kTaxes);
  EXPECT_FALSE(legal(*s, act::kPlayCard + ducats)) << "nor after it";
  EXPECT_TRUE(legal(*s, act::kCard + ducats)) << "discarding stays possible";
  s->apply(act::kStop);
  turn(s, act::kTaxes);  // P1
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_TRUE(legal(*s, act::kPlayCard + ducats)) << "a new action, a new card";
  s->apply(act::kTaxes);
  EXPECT_TRUE(legal(*s, act::kPlayCard + ducats)) << "after the action too";
}

// §8.10: the 8-ducat card, once per action, never with Taxes.
TEST(GoaWindows, EightDucatPurchaseNotWithTaxes) {
  auto s = to_phase3(2);
  goa(s).mutable_player(0).ducats = 20;
  const int cards = goa(s).player(0).extra_action_cards;
  ASSERT_TRUE(legal(*s, act::kBuyCard));
  s->apply(act::kBuyCard);
  EXPECT_EQ(goa(s).player(0).ducats, 12);
  EXPECT_EQ(goa(s).player(0).extra_action_cards, cards + 1);
  EXPECT_FALSE(legal(*s, act::kBuyCard)) << "once per action";
  EXPECT_FALSE(legal(*s, act::kTaxes)) << "not in a Taxes turn";
  turn(s, act::kShips);
  turn(s, act::kShips);  // P1
  goa(s).mutable_player(0).ducats = 20;
  s->apply(act::kTaxes);
  EXPECT_FALSE(legal(*s, act::kBuyCard)) << "after Taxes neither";
}

// §2.7: an "A" card binds the action it modifies.
TEST(GoaWindows, HarvestMixBindsHarvestAndMayTakeShips) {
  auto s = to_phase3(2);
  goa(s).mutable_player(0).board = SupplyBoard{};
  const int card = give_card(s, 0, Effect::kHarvestMix);
  s->apply(act::kPlayCard + card);
  std::vector<Action> actions;
  for (Action a : s->legal_actions())
    if (a >= act::kDevelop && a < act::kSpiceAt) actions.push_back(a);
  EXPECT_EQ(actions, std::vector<Action>{act::kHarvest});
  const int ships = goa(s).player(0).ships;
  s->apply(act::kHarvest);
  s->apply(act::kTakeShips);  // Harvest level 1: one unit
  EXPECT_EQ(goa(s).player(0).ships, ships + 1);
  EXPECT_EQ(goa(s).tasks().back().kind, TaskKind::kEndTurn);
}

// §2.7: PROGRESS_SHIPS pays only the ships of a step.
TEST(GoaWindows, ProgressShipsWaivesTheSpices) {
  auto s = to_phase3(2);
  Player& p = goa(s).mutable_player(0);
  p.board = SupplyBoard{};
  p.ships = 1;
  EXPECT_FALSE(legal(*s, act::kDevelop + kShipsTrack)) << "no spice for the step";
  const int card = give_card(s, 0, Effect::kProgressShips);
  s->apply(act::kPlayCard + card);
  ASSERT_TRUE(legal(*s, act::kDevelop + kShipsTrack));
  s->apply(act::kDevelop + kShipsTrack);
  EXPECT_EQ(goa(s).player(0).development.level[kShipsTrack], 2);
  EXPECT_EQ(goa(s).player(0).ships, 0);
}

// T16 (ruling 27): a COLONISTS card played in the foundation's window covers
// the shortfall.
TEST(GoaScenario, T16FoundationWindow) {
  auto s = to_phase3(2);
  Player& p = goa(s).mutable_player(0);
  p.development.level = {1, 1, 1, 1, 2};
  p.colonists = 0;
  p.hand.clear();
  const int card = give_card(s, 0, Effect::kColonists);
  s->apply(act::kFound + colony_index("quilon"));
  const int c1 = card_with_colonists(*s, 1);
  s->apply(draw_outcome(goa(s), c1));
  s->apply(draw_outcome(goa(s), card_with_colonists(*s, 1, {c1})));
  EXPECT_FALSE(legal(*s, act::kPay)) << "shortfall 2, no colonists";
  ASSERT_TRUE(legal(*s, act::kPlayCard + card));
  s->apply(act::kPlayCard + card);
  ASSERT_TRUE(legal(*s, act::kPay));
  s->apply(act::kPay);
  s->apply(s->legal_actions().front());  // the tile
  s->apply(s->legal_actions().front());  // its spice
  EXPECT_EQ(goa(s).player(0).colonists, 0);
  EXPECT_EQ(goa(s).player(0).board.colonies.size(), 1u);
  EXPECT_TRUE(goa(s).player(0).hand.empty());
  const auto& discard = goa(s).deck().discard();
  EXPECT_NE(std::find(discard.begin(), discard.end(), card), discard.end());
}

// §8.9: a red tile once per round, back face up next round.
TEST(GoaWindows, RedTileOncePerRound) {
  auto s = to_phase3(2);
  const int red_ship = testing::tile("A16");
  goa(s).mutable_holdings(0).tiles.push_back({red_ship, false});
  const int ships = goa(s).player(0).ships;
  ASSERT_TRUE(legal(*s, act::kUseTile + red_ship));
  s->apply(act::kUseTile + red_ship);
  EXPECT_EQ(goa(s).player(0).ships, ships + 1);
  EXPECT_FALSE(legal(*s, act::kUseTile + red_ship));
  // Play the round out (first choices, taxes where offered).
  while (goa(s).round() == 1) {
    const auto l = s->legal_actions();
    s->apply(std::find(l.begin(), l.end(), act::kTaxes) != l.end() ? act::kTaxes : l.front());
  }
  while (
      !(goa(s).stage() == Stage::kActionTurn && goa(s).tasks().empty() && s->current_player() == 0))
    s->apply(s->legal_actions().front());
  EXPECT_TRUE(legal(*s, act::kUseTile + red_ship)) << "face up again in round 2";
}

// The Duty tile (A20): 6 spices paid from chosen spaces, 5 VP once flipped.
TEST(GoaWindows, DutyTilePaysSixSpicesForFiveVp) {
  auto s = to_phase3(2);
  const Components& c = components();
  const int duty = testing::tile("A20");
  Player& p = goa(s).mutable_player(0);
  p.board = SupplyBoard{};
  for (const char* id : {"B06", "B07"}) {  // two 3-space plantations, full
    ASSERT_TRUE(place_plantation(c, p.board, testing::tile(id), -1).is_ok());
  }
  goa(s).mutable_holdings(0).tiles.push_back({duty, false});
  const int vp = goa(s).score_sheets()[0].duty;
  s->apply(act::kUseTile + duty);
  for (int k = 0; k < 6; ++k) s->apply(s->legal_actions().front());
  EXPECT_EQ(goa(s).player(0).board.plantations[0].filled(), 0);
  EXPECT_EQ(goa(s).player(0).board.plantations[1].filled(), 0);
  EXPECT_TRUE(goa(s).holdings(0).tiles.back().used);
  EXPECT_EQ(goa(s).score_sheets()[0].duty, vp + 5);
  EXPECT_FALSE(legal(*s, act::kUseTile + duty));
}

// Ruling 28: Espionage takes Taxes with the opponent's level, is not the
// turn's action and is spent.
TEST(GoaWindows, EspionageUsesTheOpponentsLevel) {
  auto s = to_phase3(2);
  const Components& c = components();
  const int spy = testing::tile("B15");
  goa(s).mutable_holdings(0).tiles.push_back({spy, false});
  goa(s).mutable_player(1).development.level[kTaxesTrack] = 4;
  const int ducats = goa(s).player(0).ducats;
  s->apply(act::kUseTile + spy);
  const Action taxes_of_p1 = act::kSpy + 1 * 8 + 2;
  EXPECT_EQ(s->action_to_json(taxes_of_p1)["action"], "taxes");
  s->apply(taxes_of_p1);
  EXPECT_EQ(goa(s).player(0).ducats,
            ducats + track_value(c.board, goa(s).player(1).development, kTaxesTrack));
  EXPECT_NE(track_value(c.board, goa(s).player(1).development, kTaxesTrack),
            track_value(c.board, goa(s).player(0).development, kTaxesTrack));
  EXPECT_TRUE(goa(s).tasks().empty()) << "still before the turn's own action";
  EXPECT_FALSE(legal(*s, act::kUseTile + spy)) << "once per game";
  turn(s, act::kShips);
  EXPECT_EQ(s->current_player(), 1);
}

// B12: Swap takes a grid tile (with its corner's bonanza tile) and leaves
// the Swap tile in the cell, to be auctioned again.
TEST(GoaWindows, SwapTakesACornerTileAndItsBonanza) {
  auto s = to_phase3(2);
  const int swap = testing::tile("B12");
  goa(s).mutable_holdings(0).tiles.push_back({swap, false});
  // A corner still full: (4,4) unless it was sold.
  int corner = -1;
  for (int cl : {24, 20, 4, 0})
    if (goa(s).grid().tile[cl] >= 0 && goa(s).grid().bonanza[corner_index(cl)] >= 0) corner = cl;
  ASSERT_GE(corner, 0);
  s->apply(act::kUseTile + swap);
  s->apply(act::kSwapCell + corner);
  while (!goa(s).tasks().empty() && !s->is_chance()) s->apply(s->legal_actions().front());
  while (s->is_chance()) s->apply(act::kOutcome);
  EXPECT_EQ(goa(s).grid().tile[corner], swap);
  EXPECT_EQ(goa(s).grid().bonanza[corner_index(corner)], -1);
  for (const KeptTile& k : goa(s).holdings(0).tiles) EXPECT_NE(k.tile, swap);
}

// T1 through the state's chance nodes: over many set-ups at most 2
// plantations are removed and the A grid holds 13-15 plantations.
TEST(GoaScenario, T1RemovalConstraintOverRandomSetUps) {
  const Components& c = components();
  auto game = make(2);
  Rng rng(17);
  std::set<int> counts;
  for (int k = 0; k < 300; ++k) {
    auto s = game->new_initial_state();
    while (goa(s).stage() == Stage::kEraStack) {
      const auto legal = s->legal_actions();
      s->apply(legal[rng.below(legal.size())]);
    }
    int removed = 0, grid = 0;
    for (int t : goa(s).favor_pool()) removed += c.tiles[t].is_plantation();
    for (int t : goa(s).grid().tile) grid += c.tiles[t].is_plantation();
    ASSERT_EQ(goa(s).favor_pool().size(), 4u);
    ASSERT_LE(removed, 2);
    ASSERT_EQ(grid + removed, 15);
    counts.insert(grid);
  }
  EXPECT_EQ(counts, (std::set<int>{13, 14, 15}));
}

// T3: 2 players, (0,0) and (0,1) sold: exactly 19 flag positions, the 17
// other edge slots and the two empty cells.
TEST(GoaScenario, T3FlagPositionLegality) {
  auto s = set_up(2, 0);
  goa(s).mutable_grid().tile[cell(0, 0)] = -1;
  goa(s).mutable_grid().tile[cell(0, 1)] = -1;
  const auto legal = s->legal_actions();
  EXPECT_EQ(legal.size(), 19u);
  for (int pos : {top_slot(0), left_slot(0), top_slot(1), cell(2, 2)})
    EXPECT_FALSE(s->is_legal(act::kPosition + pos)) << position_name(pos);
  for (int pos : {cell(0, 0), cell(0, 1), top_slot(2)})
    EXPECT_TRUE(s->is_legal(act::kPosition + pos)) << position_name(pos);
}

// T5: blocked placement: after markers 2 on (2,3) and 3 on (2,2), marker 4
// may go on any full unmarked cell; after (4,4), marker 5 on (3,4) or (4,3).
TEST(GoaScenario, T5BlockedPlacement) {
  auto s = set_up(4, 0);
  for (int cl : {cell(0, 0), cell(1, 1), cell(1, 2), cell(1, 3), cell(2, 1), cell(3, 1), cell(3, 2),
                 cell(3, 3)})
    goa(s).mutable_grid().tile[cl] = -1;
  s->apply(act::kPosition + cell(1, 3));
  s->apply(act::kPosition + cell(2, 3));
  s->apply(act::kPosition + cell(2, 2));
  EXPECT_EQ(s->current_player(), 3);
  const auto legal = s->legal_actions();
  EXPECT_EQ(legal.size(), 25u - 8u - 2u) << "every full unmarked cell";
  EXPECT_TRUE(s->is_legal(act::kPosition + cell(4, 4)));
  EXPECT_FALSE(s->is_legal(act::kPosition + cell(2, 3)));
  EXPECT_FALSE(s->is_legal(act::kPosition + cell(1, 2)));
  s->apply(act::kPosition + cell(4, 4));
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(s->legal_actions(),
            (std::vector<Action>{act::kPosition + cell(3, 4), act::kPosition + cell(4, 3)}));
}

// Ruling 28: a HARVEST_MIX card played first modifies an Espionage
// Harvest, and the turn's own action is then free.
TEST(GoaWindows, EspionageHarvestWithHarvestMix) {
  auto s = to_phase3(2);
  const Components& c = components();
  const int spy = testing::tile("B15");
  goa(s).mutable_holdings(0).tiles.push_back({spy, false});
  goa(s).mutable_player(1).development.level[kHarvestTrack] = 3;
  const int card = give_card(s, 0, Effect::kHarvestMix);
  s->apply(act::kPlayCard + card);
  EXPECT_FALSE(legal(*s, act::kTaxes)) << "the card binds Harvest";
  s->apply(act::kUseTile + spy);
  s->apply(act::kSpy + 1 * 8 + 1);  // P1's Harvest
  const int value = track_value(c.board, goa(s).player(1).development, kHarvestTrack);
  const int ships = goa(s).player(0).ships;
  for (int k = 0; k < value; ++k) s->apply(act::kTakeShips);
  EXPECT_EQ(goa(s).player(0).ships, ships + value);
  EXPECT_TRUE(legal(*s, act::kTaxes)) << "the turn's own action is free again";
  EXPECT_TRUE(legal(*s, act::kBuyCard) || goa(s).player(0).ducats < 8);
}

// §8.8: one "A" card modifies one action. HARVEST_MIX modifies the turn's
// Harvest; an Espionage Harvest later in the same turn is a plain harvest.
TEST(GoaWindows, AnACardModifiesOnlyOneAction) {
  auto s = to_phase3(2);
  const int spy = testing::tile("B15");
  goa(s).mutable_holdings(0).tiles.push_back({spy, false});
  const int card = give_card(s, 0, Effect::kHarvestMix);
  s->apply(act::kPlayCard + card);
  s->apply(act::kHarvest);
  ASSERT_EQ(goa(s).tasks().back().kind, TaskKind::kHarvestMix);
  while (goa(s).tasks().back().kind == TaskKind::kHarvestMix) s->apply(act::kTakeShips);
  ASSERT_EQ(goa(s).tasks().back().kind, TaskKind::kEndTurn);
  const int ships = goa(s).player(0).ships;
  s->apply(act::kUseTile + spy);
  s->apply(act::kSpy + 1 * 8 + 1);  // P1's Harvest: spices only, as far as they fit
  ASSERT_FALSE(goa(s).tasks().empty());
  EXPECT_NE(goa(s).tasks().back().kind, TaskKind::kHarvestMix) << "not mixed again";
  EXPECT_FALSE(legal(*s, act::kTakeShips));
  EXPECT_EQ(goa(s).player(0).ships, ships);
}

// §8.7: the foundation's base is the Colonists value when the action is
// chosen, before the reveal; a step on the track taken in the window after
// the reveal (Vice-king, BUY_PROGRESS) does not lower the shortfall.
TEST(GoaScenario, FoundationBaseIsFixedBeforeTheReveal) {
  auto s = to_phase3(2);
  const Components& c = components();
  Player& p = goa(s).mutable_player(0);
  p.development.level = {1, 1, 1, 1, 3};  // Colonists value 4
  p.colonists = 0;
  p.hand.clear();
  s->apply(act::kFound + colony_index("cochin"));  // 8 needed
  const int c1 = card_with_colonists(*s, 1), c2 = card_with_colonists(*s, 2);
  s->apply(draw_outcome(goa(s), c1));
  s->apply(draw_outcome(goa(s), c2));
  ASSERT_EQ(goa(s).tasks().back().kind, TaskKind::kFoundSettle);
  EXPECT_FALSE(s->is_legal(act::kPay)) << "shortfall 1, no colonists";
  goa(s).mutable_player(0).development.level[kColonistsTrack] = 4;
  ASSERT_GE(track_value(c.board, goa(s).player(0).development, kColonistsTrack), 5);
  EXPECT_FALSE(s->is_legal(act::kPay)) << "the base stays 4";
  s->apply(act::kDecline);
  EXPECT_EQ(goa(s).player(0).colonists, 1) << "the consolation colonist";
}

// state_from_json refuses broken documents with a message.
// An illegal action from outside is named in the error, which travels
// inside JSON: invalid UTF-8 is replaced and a long input is cut at a
// character boundary (a fuzz regression: the message's dump threw).
TEST(GoaJson, IllegalActionMessagesAreValidUtf8) {
  auto s = to_phase3(2);
  std::string long_text;
  for (int i = 0; i < 150; ++i) long_text += "\xc3\xa9";  // é, two bytes each
  for (const json& input : {json(std::string("bid \xff\xfe")), json(long_text),
                            json{{"type", std::string("\xa3x")}}, json{{"type", long_text}}}) {
    const auto r = s->decode_action_object(input);
    ASSERT_FALSE(r.is_ok());
    EXPECT_NO_THROW((void)json(r.status().message()).dump()) << r.status().message();
    EXPECT_NE(r.status().message().find("is not a legal action here"), std::string::npos);
  }
}

TEST(GoaJson, BrokenDocumentsAreRefused) {
  auto game = make(3);
  auto s = to_phase3(3);
  s->apply(act::kFound + colony_index("quilon"));  // a pending task
  const json good = s->to_json();
  ASSERT_TRUE(game->state_from_json(good).is_ok());
  std::vector<json> bad;
  auto with = [&](auto change) {
    json j = good;
    change(j);
    bad.push_back(j);
  };
  with([](json& j) { j["tasks"][1][3] = 77; });              // FOUND: no such colony
  with([](json& j) { j["tasks"].back()[1] = 5; });           // no such seat
  with([](json& j) { j["players"].erase(2); });              // a player missing
  with([](json& j) { j["grid"][3] = 999; });                 // no such tile
  with([](json& j) { j["deck"].push_back(j["deck"][0]); });  // a card twice
  with([](json& j) { j["players"][0]["levels"][1] = 6; });   // no such level
  with([](json& j) { j["stage"] = 42; });
  with([](json& j) { j["holdings"][0]["tiles"].push_back({{"tile", 0}, {"used", false}}); });
  with([](json& j) { j["markers"][2] = 25; });
  with([](json& j) { j["extra"] = 1; });  // a field out of place
  with([](json& j) { j.erase("format"); });
  with([](json& j) { j["format"] = 2; });  // a version this build cannot read
  for (const json& j : bad) {
    auto r = game->state_from_json(j);
    EXPECT_FALSE(r.is_ok()) << j.dump().substr(0, 300);
    if (!r.is_ok()) {
      EXPECT_FALSE(r.status().message().empty());
    }
  }
}

// Damaged documents from real games either load into a state that plays
// on safely (ASan watches) or are refused: every top-level field of sampled
// states is nudged in turn.
TEST(GoaJson, NudgedDocumentsLoadSafelyOrAreRefused) {
  auto game = make(2);
  Rng rng(77);
  auto s = game->new_initial_state();
  int steps = 0, loaded = 0, refused = 0;
  while (!s->is_terminal()) {
    if (steps++ % 163 == 0) {
      const json good = s->to_json();
      for (const auto& [key, value] : good.items()) {
        for (int variant = 0; variant < 3; ++variant) {
          json j = good;
          json& v = j[key];
          if (v.is_number_integer()) {
            v = variant == 0 ? v.get<int64_t>() + 1 : variant == 1 ? -2 : 1000;
          } else if (v.is_array() && !v.empty()) {
            if (variant == 0) v.erase(v.size() - 1);
            if (variant == 1) v.push_back(v.back());
            if (variant == 2 && v[0].is_number_integer()) v[0] = v[0].get<int64_t>() + 3;
          } else if (v.is_boolean()) {
            v = !v.get<bool>();
          } else {
            v = nullptr;
          }
          auto r = game->state_from_json(j);
          if (!r.is_ok()) {
            ++refused;
            continue;
          }
          ++loaded;
          auto& t = *r;
          Rng play(variant);
          for (int k = 0; k < 30 && !t->is_terminal(); ++k) {
            const auto legal = t->legal_actions();
            ASSERT_FALSE(legal.empty()) << key << " variant " << variant << " step " << k;
            t->apply(legal[play.below(legal.size())]);
            (void)t->view(0);
          }
        }
      }
    }
    const auto legal = s->legal_actions();
    s->apply(legal[rng.below(legal.size())]);
  }
  EXPECT_GT(refused, 0);
  EXPECT_GT(loaded, 0);
}

// hash() mixes the fields itself (not the JSON text): any change to any
// field, at any depth, that still loads must change the hash. Every integer
// and bool leaf of sampled documents is nudged and every array grown and
// shrunk in turn; a field hash() forgot would load with the same hash.
void nudge_leaves(const Game& game, const json& good, uint64_t hash, json& at, int& loaded,
                  const std::string& path) {
  auto check = [&] {
    auto r = game.state_from_json(good);  // `at` is a reference into a copy
    (void)r;
  };
  (void)check;
  if (at.is_object()) {
    for (auto& [key, value] : at.items())
      nudge_leaves(game, good, hash, value, loaded, path + "/" + key);
    return;
  }
  if (at.is_array()) {
    for (size_t i = 0; i < at.size(); ++i)
      nudge_leaves(game, good, hash, at[i], loaded, path + "/" + std::to_string(i));
  }
}

TEST(GoaJson, EveryFieldChangesTheHash) {
  auto game = make(3);
  Rng rng(91);
  auto s = game->new_initial_state();
  int steps = 0, loaded = 0;
  std::set<std::string> changed;
  while (!s->is_terminal()) {
    if (steps++ % 97 == 0) {
      const json good = s->to_json();
      const uint64_t hash = s->hash();
      // Every leaf path (JSON pointer) and every array.
      const json flat = good.flatten();
      std::vector<std::pair<std::string, json>> variants;
      for (const auto& [pointer, value] : flat.items()) {
        if (value.is_number_integer()) variants.push_back({pointer, value.get<int64_t>() + 1});
        if (value.is_number_integer()) variants.push_back({pointer, value.get<int64_t>() - 1});
        if (value.is_boolean()) variants.push_back({pointer, !value.get<bool>()});
      }
      for (const auto& [pointer, value] : variants) {
        json j = good;
        j[json::json_pointer(pointer)] = value;
        auto r = game->state_from_json(j);
        if (!r.is_ok()) continue;
        ++loaded;
        changed.insert(pointer.substr(0, pointer.find('/', 1)));
        ASSERT_NE((*r)->hash(), hash) << pointer << " -> " << value.dump();
      }
      // Arrays one longer or shorter (a card more in a hand, a task less).
      for (const auto& [key, value] : good.items()) {
        if (!value.is_array() || value.empty()) continue;
        json j = good;
        j[key].erase(j[key].size() - 1);
        auto r = game->state_from_json(j);
        if (r.is_ok()) {
          ++loaded;
          ASSERT_NE((*r)->hash(), hash) << key << " shortened";
        }
      }
    }
    const auto legal = s->legal_actions();
    s->apply(legal[rng.below(legal.size())]);
  }
  EXPECT_GT(loaded, 100);
  // The nudges that load reach the players, the grid and the round's fields.
  for (const char* key : {"/players", "/grid", "/round"})
    EXPECT_TRUE(changed.count(key)) << key << " never changed in a loadable way";
}

}  // namespace
}  // namespace meeple::goa
