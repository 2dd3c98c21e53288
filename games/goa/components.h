// Goa's components, read from data/goa/*.json (goa.md §2): the auction tiles
// of eras A and B, the progress (development) board, the expedition cards,
// the colony tiles, the bonanza tiles, the scoring tables and the set-up by
// player count. Provisional ([PROV]) values live only in those files, so the
// printed values can replace them without code changes.
//
// Every file is checked strictly when loaded (unknown fields, wrong types,
// out-of-range numbers, wrong counts, duplicate ids are errors that name the
// file and the field); a broken file is a Status, never an abort.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"

namespace meeple::goa {

// The five spices, in the order of data/goa/tiles.json "spices".
enum Spice : int { kGinger = 0, kPepper, kCinnamon, kNutmeg, kClove };
// Seats at the table (goa.md: 2-4 players).
inline constexpr int kMinPlayers = 2, kMaxPlayers = 4;
inline constexpr int kNumSpices = 5;
// A set of spice types as a bit mask (bit s = spice s).
using SpiceSet = uint8_t;
inline constexpr SpiceSet kAnySpice = (1 << kNumSpices) - 1;

// How a tile behaves when won and later (goa.md §2.2).
enum class TileKind : int {
  kPlantation,
  kCropRotation,
  kRecurringShip,
  kRecurringDucats,
  kRecurringColonist,
  kRecurringSpice,
  kRecurringExpedition,
  kDuty,
  kExtraActions,
  kExpeditions,
  kShips,
  kColonists,
  kSettlement,
  kShipsOrColonists,
  kForeman,
  kExtraHarvest,
  kSwap,
  kFavor,
  kEspionage,
  kResupply,
  kViceKing,
  kMission,
};
inline constexpr int kNumTileKinds = 22;
// "plantation", "recurring_ship", ... as in the data file.
std::string_view tile_kind_name(TileKind k);

struct TileInfo {
  std::string id;    // "A01"
  std::string name;  // "Clove plantation x1"
  int era = 0;       // 0 = A, 1 = B
  TileKind kind = TileKind::kPlantation;
  int vp = 0;      // printed VP (Duty: when activated; Mission: its value)
  int amount = 0;  // the number on the tile's effect (ships, cards, ducats...)
  int spaces = 0;  // plantation spaces (plantations, Crop rotation)
  int spice = -1;  // a plantation's spice, else -1
  bool is_plantation() const { return kind == TileKind::kPlantation; }
};

// The five columns of the progress board, left to right (goa.md §2.6).
enum Track : int { kShipsTrack = 0, kHarvestTrack, kTaxesTrack, kExpeditionTrack, kColonistsTrack };
inline constexpr int kNumTracks = 5;
inline constexpr int kNumLevels = 5;

struct TrackInfo {
  std::string id, name;
  // value[level - 1]: ships, spices, ducats, expedition cards taken, or
  // colonists counted when founding.
  std::array<int, kNumLevels> value{};
  // Expedition track only: the hand limit at each level (else 0).
  std::array<int, kNumLevels> limit{};
  // cost[level - 2]: how many spices of each type entering `level` costs.
  std::array<std::array<int, kNumSpices>, kNumLevels - 1> cost{};
};

struct ProgressBoard {
  std::array<TrackInfo, kNumTracks> tracks;
  std::array<int, kNumLevels> track_vp{};  // VP of a track at each level
  int ships_per_spice = 1;
  std::vector<int> row_bonus_rows;       // {2,3,4,5}
  int row_bonus_cards = 1;               // additional action cards per row
  std::vector<int> first_to_reach_rows;  // {4,5}
  int first_to_reach_cards = 1;          // expedition cards drawn
  // Spices and ships to enter `level` (2..5) of `track`.
  // Inline: the bots price every track's next step at every position they
  // weigh (ai/goa/worth.cpp).
  int spice_cost(int track, int level) const {
    int n = 0;
    for (int s : tracks[track].cost[level - 2]) n += s;
    return n;
  }
  int ship_cost(int track, int level) const { return spice_cost(track, level) * ships_per_spice; }
};

enum class Effect : int {
  kShips,
  kColonists,
  kDucats,
  kSpices,
  kSell,
  kBuyProgress,
  kHarvestMix,
  kColonyExtra,
  kProgressShips,
  kProgressSpices,
};
inline constexpr int kNumEffects = 10;
std::string_view effect_name(Effect e);  // "SHIPS", ...

// The counts the data files are held to (components.cpp checks them), so a
// search's samples can redraw hidden cards and tiles in stack arrays.
inline constexpr int kNumExpeditionCards = 30;
inline constexpr int kTilesPerEra = 29;
inline constexpr int kMaxBonanzaTiles = 16;

struct ExpeditionCard {
  int id = 0;  // 1..30
  Effect effect = Effect::kShips;
  int colonists = 1;  // 1..3, counted when revealed for a colony
  int symbol = 0;     // index into Components::symbols
  int price = 0;      // BUY_PROGRESS only: ducats to pay
};

struct EffectInfo {
  // The action an "A" card modifies ("harvest", "found_colony", "develop"),
  // or "bonus" for a card that may accompany any action.
  std::string kind;
  int amount = 0;            // ships, colonists, ducats, spices, cards revealed
  int ducats_per_spice = 0;  // SELL only
};

struct ColonyTile {
  int spaces = 1;
  SpiceSet allowed = kAnySpice;  // each space takes any of these spices
};

struct Colony {
  std::string id, name;  // "quilon", "Quilon"
  int required = 0;      // colonists needed (6/8/10/12)
  std::vector<ColonyTile> tiles;
};

struct BonanzaTile {
  std::string id;  // "BZ1"
  int ships = 0, colonists = 0, extra_action_cards = 0, expedition_cards = 0, ducats = 0,
      spices = 0, vp = 0;
};

struct Scoring {
  std::vector<int> colonies;  // VP by number of colonies owned, [0] = 0
  std::vector<int> symbols;   // VP by count of one symbol in hand, [0] = 0
  int most_ducats = 3;
  int single_plantation = 1;
  int single_plantation_with_foreman = 3;
};

struct Setup {
  std::map<int, int> markers;  // player count -> auction markers (n + 1)
  int grid_size = 5;
  int removed_per_era = 4;
  int max_removed_plantations = 2;
  int rounds_per_era = 4;
  int eras = 2;
  int actions_per_round = 3;
  int start_ships = 4, start_colonists = 2;
  int start_player_ducats = 5, other_ducats = 10;
  int plantation_spaces = 4;
  int extra_action_hand_limit = 1;
  int extra_action_price = 8;
  bool bonanza = true;
  // Quick starter (§4): cubes moved to row 2, or ducats taken instead.
  int quick_starter_cubes = 2, quick_starter_ducats = 10;
};

// The most expedition symbols the cards may use (expedition_cards.json).
inline constexpr int kMaxSymbols = 10;

struct Components {
  std::array<std::string, kNumSpices> spice_names;  // "Ginger", ...
  std::vector<TileInfo> tiles;                      // A01..A29, B01..B29
  // An activated Duty tile's VP (the last Duty tile's in tiles.json, as
  // scoring has always read it), kept so scoring needs no pass over tiles.
  int duty_vp = 0;
  std::array<std::vector<int>, 2> era_tiles;  // tile indices per era
  ProgressBoard board;
  std::vector<std::string> symbols;  // "elephant", ...
  int start_player_symbol = 0;
  std::array<EffectInfo, kNumEffects> effects;
  std::vector<ExpeditionCard> cards;  // 30, in id order
  int colony_reveal = 2, colony_extra_reveal = 3, failure_colonists = 1;
  std::vector<Colony> colonies;  // Quilon, Cochin, Madras, Calicut
  int bonanza_under_corners = 4;
  std::vector<BonanzaTile> bonanza;  // 8
  Scoring scoring;
  Setup setup;

  int find_tile(std::string_view id) const;  // -1 when unknown
};

// The data files, by name ("tiles.json" -> its text).
using DataFiles = std::map<std::string, std::string>;
// The names of the files Components::parse needs.
const std::vector<std::string>& component_file_names();

// Parses and checks every file; an error names the file and the field.
Result<Components> parse_components(const DataFiles& files);
// Reads data_dir()/goa/*.json and parses them.
Result<Components> load_components();
// Loaded once per process (a failed load is retried next time).
Result<const Components*> shared_components();

}  // namespace meeple::goa
