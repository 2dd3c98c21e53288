// Territory cards, sets and trade-in values (risk_classic.md §5.2–§5.4), and
// the edition's other tables (starting armies, 2-player constants, missions),
// all loaded from data/risk/classic.json.
//
// Card ids: 0..41 = the territory card of territory t (same index as the
// map), 42 and 43 = the two jokers. A hand, the deck and the discard pile are
// 44-bit masks, so drawing, trading and determinizing are bit operations.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/status.h"
#include "games/risk/map.h"

namespace meeple::risk {

inline constexpr int kNumCards = 44;
inline constexpr int kJoker1 = 42, kJoker2 = 43;
using CardMask = uint64_t;
inline constexpr CardMask kAllCards = (uint64_t{1} << kNumCards) - 1;
inline constexpr CardMask kJokers = (uint64_t{1} << kJoker1) | (uint64_t{1} << kJoker2);

enum class Symbol : uint8_t { kInfantry = 0, kCavalry = 1, kArtillery = 2, kJoker = 3 };
const char* symbol_name(Symbol s);

// Mission conditions of §8.3 (hold / occupy / presence / conquer_in_turn).
enum class MissionKind : uint8_t { kHold, kOccupy, kPresence, kConquerInTurn };
struct Mission {
  std::string id;  // "CPT2"
  int rank = 0;    // 0 captain, 1 major, 2 colonel, 3 general
  MissionKind kind = MissionKind::kHold;
  std::vector<int> continents;  // kHold
  int count = 0;                // occupy: territories; presence: continents; conquer: conquests
  int min_armies = 1;           // occupy
  bool confirmed = false;       // only GEN1 (§8.3)
  std::string text;             // readable condition
};
inline constexpr int kNumRanks = 4;
// §8.1: the mission deck; the action ids reserve one per card (risk_state.h).
inline constexpr int kNumMissions = 28;
const char* rank_name(int rank);

// The edition's data.
struct Edition {
  std::array<Symbol, kNumCards> symbol{};
  int cards_per_symbol = 0;           // §5.2: 14 of each symbol
  std::vector<int> cavalry_track;     // 4, 6, 8, ... 60 (then stays, R6)
  std::array<int, 4> fixed_values{};  // infantry3, cavalry3, artillery3, one_each
  std::array<int, 7> start_armies{};  // by player count 3..6
  int two_player_armies = 36, neutral_armies = 24, neutral_count = 4;
  int deal_player = 9, deal_neutral = 6, placement_own = 3;
  // §5.5: max(reinforcement_minimum, floor(T / reinforcement_divisor)).
  int reinforcement_divisor = 0, reinforcement_minimum = 0;
  // §5.3: a hand of mandatory_trade_at cards must trade when the step
  // begins; after an elimination a hand above elimination_trade_above trades
  // down to elimination_trade_until at once (R16).
  int mandatory_trade_at = 0, elimination_trade_above = 0, elimination_trade_until = 0;
  // §11.3: bribe cards one neutral may hold (R9); §11.6: status-roll faces
  // that move a neutral a step away from the active player (R13), by face.
  int bribe_cap = 0;
  std::array<bool, 7> status_shift{};
  std::vector<Mission> missions;  // 28, grouped by rank in file order
  // §8.2: after this many completed missions the last is shown to all.
  int missions_public_after = 0;

  static Result<Edition> parse(const std::string& text, const Map& map);
  std::string card_name(int card, const Map& map) const;
};
// The European Parker edition (data/risk/classic.json) on the shared board,
// loaded once like shared_world_map(): errors are returned, never fatal.
Result<const Edition*> shared_classic_edition();

// Is {a, b, c} a set (three of a kind or one of each; jokers wild)?
bool is_set(const Edition& e, int a, int b, int c);
// Value of a set on the fixed table, at the best reading of its jokers.
int fixed_set_value(const Edition& e, int a, int b, int c);
// Value of the n-th set of the game (n = sets already traded) on the track.
int cavalry_value(const Edition& e, int sets_traded);
// Does the hand contain at least one set?
bool hand_has_set(const Edition& e, CardMask hand);

inline int popcount(uint64_t m) {
  return __builtin_popcountll(m);
}

}  // namespace meeple::risk
