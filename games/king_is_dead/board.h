// The King is Dead (2nd edition): the board and the cards as data
// (shared/rules/king_is_dead.md §2-§4), loaded from data/king_is_dead/ and
// checked when loaded: 8 regions, symmetric irreflexive borders, one home per
// faction, follower totals that give the supply sizes of §4.1, the card list
// in the order the rules code numbers them. A broken file is an error value
// naming the file, the entry and what was expected.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/status.h"

namespace meeple::king_is_dead {

inline constexpr int kNumRegions = 8;
inline constexpr int kNumFactions = 3;  // S, W, E
inline constexpr int kMaxPlayers = 4;
inline constexpr int kHandSize = 8;

enum Faction : int { kScots = 0, kWelsh = 1, kEnglish = 2 };

// Card kinds, in the order of data/king_is_dead/cards.json (checked).
enum Card : int {
  kScottishSupport = 0,
  kWelshSupport,
  kEnglishSupport,
  kNegotiate,
  kManoeuvre,
  kOutmanoeuvre,
  kAssemble,
  kSpy,  // first Cunning Action card
  kAmbush,
  kMarch,
  kPlot,
  kAid,
  kInfluence,
  kDispute,
  kEdict,
  kResist,
  kQuell,
  kSuppress,
  kMuster,
  kBetrayal,  // promo (R29)
  kNumCards
};
inline constexpr int kFirstCunning = kSpy;
inline constexpr int kNumCunning = 13;  // 12 + Betrayal

struct Board {
  std::array<std::string, kNumRegions> region_id, region_name;
  std::array<uint8_t, kNumRegions> borders{};  // bit mask of neighbours
  std::array<int, kNumFactions> home{};        // home region per faction
  std::array<std::string, kNumFactions> faction_id, faction_name;
  std::array<int, 5> followers_per_faction{};  // by player count 2..4
  std::array<int, 5> supply_after_setup{};
  int home_followers = 2, followers_per_region = 4, court_draw = 2;
  int instability_discs = 3;
  std::array<std::string, kNumCards> card_id, card_name;
  std::vector<int> basic_hand, advanced_hand;
  int cunning_per_player = 3;

  bool borders_on(int a, int b) const { return (borders[static_cast<size_t>(a)] >> b) & 1; }
  int find_region(const std::string& id) const;   // -1 if unknown
  int find_faction(const std::string& id) const;  // -1 if unknown
  int find_card(const std::string& id) const;     // -1 if unknown

  // Parses the two data files' texts and checks them.
  static Result<Board> parse(const std::string& board_text, const std::string& cards_text);
};

// The board from data_dir()/king_is_dead/, loaded once.
Result<std::shared_ptr<const Board>> shared_board();

}  // namespace meeple::king_is_dead
