// The 2008 edition's tables (risk_2008.md §2–§10), loaded from
// data/risk/2008.json on the shared board (map.h): card stars, the star
// chart, the draft's constants, cities, the 12 objectives with their
// conditions, the reward tokens, seat colours, starting troops and cards,
// and Basic Training's fixed cities, objectives and (once transcribed)
// opening. Every rule constant the spec lists lives in the data file, so a
// player with the printed game can correct a value without touching code;
// the parse is strict and an error names the field and what was expected.
//
// Card ids: 0..41 = the territory card of territory t (no wild cards), so a
// hand is a 42-bit mask like the classic edition's (cards.h).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/status.h"
#include "games/risk/map.h"

namespace meeple::risk {

inline constexpr int kMaxPlayers2008 = 5;
inline constexpr int kMaxStars2008 = 10;  // the star chart's last column
// §2's components: 12 objective cards (6 minor, 6 major) and 8 reward
// tokens, one on each of the 4 + 4 objectives laid out in Command Room. The
// state's action ids reserve exactly these, so the data must hold them.
inline constexpr int kNumObjectives2008 = 12;
inline constexpr int kLaidPerType2008 = 4;

// The condition kinds of §9's table, each checkable from the claim step's
// sets (objectives.h).
enum class ObjectiveKind : uint8_t {
  kControlContinents,         // every territory of each listed continent
  kControlAnyContinents,      // `count` whole continents, any
  kControlCities,             // `count` city territories
  kControlEnemyCapitals,      // `count` territories with another colour's capital
  kControlTerritories,        // `count` territories
  kConquerTerritoriesInTurn,  // `count` territories conquered this turn
  kConquerCitiesInTurn,       // `count` city territories conquered this turn
  kConquerContinentInTurn,    // a whole continent none of which was held at the turn's start
};

enum class ObjectiveType : uint8_t { kMinor, kMajor };

struct Objective {
  std::string id;    // "M1"
  std::string name;  // "Control Europe"
  ObjectiveType type = ObjectiveType::kMinor;
  ObjectiveKind kind = ObjectiveKind::kControlTerritories;
  std::vector<int> continents;  // kControlContinents
  int count = 0;                // the other kinds
};

// §10's tokens. Two Airfields exist, one minor and one major.
enum class Reward : uint8_t {
  kAirfield,
  kStartingManoeuvre,
  kAdditionalManoeuvre,
  kGuaranteedCard,
  kBonusAttackDie,
  kBonusDefenceDie,
  kBonusTroops,
};
const char* reward_id(Reward r);  // "bonus_attack_die"

// Basic Training's printed opening for one player count (§6.2, R1).
struct Opening {
  std::array<int, kNumTerritories> seat{};    // 0-based owner
  std::array<int, kNumTerritories> troops{};  // >= 1
  std::vector<Territory> capital;             // by seat
};

struct Edition2008 {
  int min_players = 3, max_players = 5;
  std::array<std::string, kMaxPlayers2008> seat_colour;    // seat 1 first
  std::array<int, kMaxPlayers2008 + 1> starting_troops{};  // by player count
  std::array<int, kMaxPlayers2008> starting_cards{};       // by seat
  // §7.1: max(draft_minimum, (territories + cities) / draft_divisor) + ...
  int draft_divisor = 3, draft_minimum = 3, per_capital = 1, bonus_troops = 2;
  // Troops for a trade of s stars; 0 where s cannot be traded (0, 1).
  std::array<int, kMaxStars2008 + 1> star_chart{};
  int trades_per_turn = 1;
  // §7.5 and the Additional Manoeuvre reward (§10).
  int manoeuvres_per_turn = 1, additional_manoeuvres = 1;
  std::array<int, kNumTerritories> stars{};               // 1 or 2 per card
  std::array<std::string, kNumTerritories> printed_name;  // "" where the board's
  // Other names of territories in the 2008 material ("Russia" for Ukraine).
  std::vector<std::pair<std::string, Territory>> aliases;
  int num_cities = 15;
  uint64_t basic_training_cities = 0;  // territory mask
  std::vector<Objective> objectives;   // the 12 of §9, in file order
  int command_room_per_type = 4;       // laid out of each type
  int objectives_to_win = 3;
  std::vector<int> basic_training_minor, basic_training_major;  // objective indices
  std::vector<Reward> minor_rewards, major_rewards;             // 4 each
  // By player count; empty until the printed charts are transcribed, and
  // then set-up falls back to Command Room's steps (R1).
  std::array<std::optional<Opening>, kMaxPlayers2008 + 1> basic_training_opening;

  static Result<Edition2008> parse(const std::string& text, const Map& map);
  // The objective's index, or -1.
  int find_objective(const std::string& id) const;
};

// data/risk/2008.json on the shared board, loaded once like
// shared_world_map(): errors are returned, never fatal.
Result<const Edition2008*> shared_2008_edition();

}  // namespace meeple::risk
