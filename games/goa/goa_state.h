// The playable state of Goa (goa.md): the rule modules of games/goa/
// sequenced into the whole game behind the contract of core/game.h.
//
// Flow (goa.md §4-§11): set-up chance nodes (the A stack's removal and
// layout, the bonanza deal, the first revealer and the start-player draws),
// then 8 rounds of 1. marker placement, 2. the auctions (flag, then one lot
// per marker k >= 2), 3. three action turns each from the flag holder,
// 4. additional actions, 5. the hand limit and, after round 4, the era
// change (B stack, new bonanza deal); then final scoring.
//
// Sub-decisions live on a stack of tasks (`Task`): each says whose decision
// or which chance draw is due (place a spice, pay a spice for a step, draw a
// card, reveal for a foundation, resolve a won tile...). Continuation tasks
// (next lot, end of turn) sit below the work they wait for. Every chance
// node lists the outcomes 0..n-1 of the module's pick(n) (docs/rulings.md,
// Goa: draws are chance outcomes over what is left, in ascending order).
//
// Action ids (stable; the ranges never overlap):
//   [0, 64)      chance outcome i (the i-th of the choices)
//   [64, 109)    a grid position (play_area.h numbering): flag or marker
//   110 pass, 111 sell, 112 buy, 113 take (no bids), 114 pay the
//   shortfall, 115 decline, 116 draw a card, 117 stop, 118 use an
//   additional action card, 119 take ships, 120 take colonists
//   [121, 126)   DEVELOP track t; 126 SHIPS, 127 HARVEST, 128 TAXES,
//   129 EXPEDITION, [130, 134) FOUND colony c
//   [140, 185)   the spice s on holding h (h * 5 + s): placed or paid
//   [185, 190)   discard plantation i (a fifth plantation arrives)
//   [190, 195)   spice type s (Crop rotation, a colony space)
//   [195, 200)   colony tile i of the name being founded
//   [200, 230)   expedition card (discarded)
//   [240, 298)   a tile (Favor: taken from the removed pool)
//   [300, 800)   bid 1..499 ducats
//   [800, 830)   play expedition card c in a window (ruling 27)
//   [830, 888)   use kept tile t (red, once-per-game, Swap)
//   [890, 895)   track t (BUY_PROGRESS, Vice-king)
//   895 buy an additional action card (8 ducats), 896 take spices
//   (Resupply), [900, 925) the grid cell a Swap takes
//   [925, 957)   Espionage: opponent o, action k at 925 + o * 8 + k (k: 0
//                Ships, 1 Harvest, 2 Taxes, 3 + c Found colony c)
//   957 take the Quick starter's ducats (its cubes are [890, 895), track t)
//
// Action turns (ruling 27): before the action (no task, stage kActionTurn
// or an acting kExtraTurn) the seat may choose the action or use a window
// option; after it a closing window (task kEndTurn) offers the options
// again and "stop" ends the turn. FOUND's settle decision is the window
// "during" the foundation. Options: one expedition card per action (bonus
// cards at any window; an "A" card only in the opening window, and it then
// binds the action: HARVEST_MIX -> Harvest, PROGRESS_* -> Develop,
// COLONY_EXTRA -> Found, which may also be played in the settle window),
// discarding expedition cards, red and once-per-game tiles and Swap, and
// the 8-ducat card (not in a Taxes turn).
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/game.h"
#include "games/goa/auction.h"
#include "games/goa/expedition_deck.h"
#include "games/goa/grid.h"
#include "games/goa/kept_tiles.h"
#include "games/goa/player.h"
#include "games/goa/scoring.h"

namespace meeple::goa {

struct GoaConfig {
  int players = 2;
  bool bonanza = true;
  bool quick_start = false;  // the Quick-starter variant (§4)
  const Components* c = nullptr;
  // The view's "catalog" (catalog_json below), built once per game: every
  // seat's view of every position carries the same one.
  json catalog;
};

// The names and printed numbers a board needs to draw a view's ids
// (state_json.cpp).
json catalog_json(const Components& c);

namespace act {
inline constexpr Action kOutcome = 0, kMaxOutcomes = 64;
inline constexpr Action kPosition = 64;
inline constexpr Action kPass = 110, kSell = 111, kBuy = 112, kTake = 113, kPay = 114,
                        kDecline = 115, kDraw = 116, kStop = 117, kUseCard = 118, kTakeShips = 119,
                        kTakeColonists = 120;
inline constexpr Action kDevelop = 121, kShips = 126, kHarvest = 127, kTaxes = 128,
                        kExpedition = 129, kFound = 130;
inline constexpr Action kSpiceAt = 140, kMaxHoldings = 9;
inline constexpr Action kDiscardPlantation = 185, kSpiceType = 190, kColonyTile = 195;
inline constexpr Action kCard = 200, kTile = 240, kBid = 300, kMaxBid = 499;
inline constexpr Action kPlayCard = 800, kUseTile = 830, kTrack = 890, kBuyCard = 895,
                        kTakeSpices = 896, kSwapCell = 900, kSpy = 925, kQuickDucats = 957;
inline constexpr int kNumDistinctActions = 958;
}  // namespace act

// Where the round stands when no task is pending.
enum class Stage : int {
  kEraStack,     // chance: the era stack's removal and layout (picks)
  kBonanzaDeal,  // chance: the bonanza tiles under the corners (picks)
  kFirstSeat,    // chance: who reveals first for the start player
  kStartDraw,    // chance: the next card revealed for the start player
  kPlaceFlag,
  kPlaceMarker,
  kBid,
  kAuctioneer,
  kActionTurn,  // phase 3: the seat on turn chooses its action
  kExtraTurn,   // phase 4: use an additional action card or pass
  kOver,
  // The Quick-starter variant, after set-up (§4): from the start player,
  // each seat moves cubes to row 2 (one track at a time) or takes ducats.
  // Last so that the numbers of the stages before it (saved states) stay.
  kQuickStart,
};

enum class TaskKind : int {
  kDraw,          // chance: `seat` draws `count` cards (beyond the limit)
  kPlaceSpices,   // `seat` places up to `count` spices (as many as fit)
  kResolveTile,   // `seat` won tile `arg` (arg2: plantation to discard, -1)
  kBonanza,       // `seat` won bonanza tile `arg`
  kPayDevelop,    // `seat` pays the spices of a step of track `arg`
  kExpedition,    // `seat`'s Expedition action; `count` cards drawn so far
  kReveal,        // chance: `count` cards still to reveal for a foundation
  kFoundSettle,   // `seat` settles the foundation of colony `arg`
  kColonyTile,    // `seat` picks the tile of colony `arg`
  kColonyFill,    // `seat` fills the spaces of the tile (colony arg, tile arg2)
  kNextLot,       // continuation: the lot is resolved
  kEndTurn,       // the closing window of an action turn; "stop" ends it
  kHarvestMix,    // `seat` takes `count` more units: ship, colonist or spice
  kSell,          // `seat` returns spices for ducats (SELL); `count` sold
  kBuyProgress,   // `seat` picks the track for BUY_PROGRESS card `arg`
  kViceKing,      // `seat` picks the track for the Vice-king (kept tile `arg`)
  kDuty,          // `seat` pays the Duty tile's spices (kept tile `arg`)
  kExtraHarvest,  // `seat` fills holdings (bit mask in `count`; kept tile `arg`)
  kResupply,      // `seat` chooses what Resupply gives (kept tile `arg`)
  kSwap,          // `seat` picks the grid cell for Swap (kept tile `arg`)
  kEspionage,     // `seat` picks the opponent and action (kept tile `arg`)
};

struct Task {
  TaskKind kind = TaskKind::kNextLot;
  int seat = -1, count = 0, arg = -1, arg2 = -1;
  bool operator==(const Task&) const = default;
};

class GoaState final : public State {
 public:
  explicit GoaState(std::shared_ptr<const GoaConfig> cfg);

  std::unique_ptr<State> clone() const override { return std::make_unique<GoaState>(*this); }
  int num_seats() const override { return cfg_->players; }
  Seat current_player() const override;
  void legal_actions(std::vector<Action>& out) const override;
  bool is_legal(Action a) const override;
  int num_distinct_actions() const override { return act::kNumDistinctActions; }
  void apply(Action a) override;
  std::vector<ChanceOutcome> chance_outcomes() const override;
  std::string chance_description() const override;
  json action_to_json(Action a) const override;
  std::string action_to_string(Action a) const override;
  std::string describe(Action a, const State& after, Seat viewer) const override;  // log_words.cpp
  Result<std::vector<Action>> decode_action_object(const json& j) const override;
  json view(Seat seat) const override;
  json to_json() const override;
  static Result<std::unique_ptr<State>> from_json(std::shared_ptr<const GoaConfig> cfg,
                                                  const json& j);
  void determinize_into(Seat seat, Rng& rng, std::unique_ptr<State>& out) const override;
  std::vector<double> returns() const override;
  json scores() const override;
  uint64_t hash() const override;
  std::string seat_name(Seat seat) const override;
  std::string to_text(Seat seat) const override;
  std::string observation_string(Seat seat) const override;
  std::string information_state_string(Seat seat) const override;
  std::vector<int> observation_tensor_shape() const override;
  std::vector<int> information_state_tensor_shape() const override;

  // For tests and tools.
  const Components& components() const { return *cfg_->c; }
  Stage stage() const { return stage_; }
  int round() const { return round_; }  // 1..8 (9 once over)
  int era() const { return era_; }
  int start_player() const { return flag_holder_; }
  const Player& player(int seat) const { return players_[seat]; }
  const Holdings& holdings(int seat) const { return holdings_[seat]; }
  const ExpeditionDeck& deck() const { return deck_; }
  const Grid& grid() const { return grid_; }
  const std::vector<int>& favor_pool() const { return pool_; }
  const FirstToReach& first_to_reach() const { return first_; }
  const std::optional<Auction>& auction() const { return auction_; }
  const std::vector<Task>& tasks() const { return tasks_; }
  int flag_position() const { return flag_pos_; }
  int marker_cell(int k) const { return markers_[k]; }
  int lot() const { return lot_; }
  int quick_done() const { return quick_done_; }
  // Score sheets as the game would count them now (final once over).
  std::vector<ScoreSheet> score_sheets() const;
  // The same into `out`, its storage reused (the bots' every step).
  void score_sheets(std::vector<ScoreSheet>& out) const;
  // Test hooks: set holdings or counts directly (keeps the flow as is).
  Player& mutable_player(int seat) { return players_[seat]; }
  Holdings& mutable_holdings(int seat) { return holdings_[seat]; }
  ExpeditionDeck& mutable_deck() { return deck_; }
  Grid& mutable_grid() { return grid_; }

 protected:
  void write_observation_tensor(Seat seat, std::span<float> out) const override;
  void write_information_state_tensor(Seat seat, std::span<float> out) const override;

 private:
  friend struct GoaJson;
  int n() const { return cfg_->players; }
  // The seat choosing in the Quick starter (from the start player).
  int quick_seat() const { return (flag_holder_ + quick_done_) % n(); }
  // Each seat's counts as scoring reads them (kept_tiles.h), in seat order.
  std::vector<Tally> tallies() const;
  // The same into `out` (n() of them), allocating nothing.
  void tallies(std::span<Tally> out) const;
  // Why a loaded state is unusable ("" when it is fine): state_json.cpp.
  std::string invalid_reason() const;
  // `d` is a copy of this state: what `seat` cannot see is redrawn in it
  // (determinize, determinize_into).
  void redraw_unseen(Seat seat, Rng& rng, GoaState& d) const;
  std::string goods_text(int p, Seat seat) const;  // text.cpp
  const Components& c() const { return *cfg_->c; }
  // The number of outcomes at the current chance node (0: not chance).
  int chance_count() const;
  // Runs the procedure with the recorded picks; `need` gets the n of the
  // first pick not yet recorded (0: complete).
  // With `in_layout`: whether that pick lays out the grid (each such pick
  // has one outcome fewer than the one before).
  EraStack probe_era(int& need, bool* in_layout = nullptr) const;
  std::array<int, 4> probe_bonanza(int& need) const;
  // The outcomes of the next era-stack or bonanza pick, replayed from the
  // picks (0 in any other stage); refresh_pick_need keeps pick_need_ equal.
  int probe_pick_need(bool* in_layout = nullptr) const;
  void refresh_pick_need() { pick_need_ = probe_pick_need(&pick_in_layout_); }
  void apply_chance(int i);
  void apply_decision(Action a);
  // Pops finished tasks and runs automatic ones until a decision or a
  // chance node is due, or the flow moves on.
  void run();
  bool step_task();  // false: the top task waits for a decision/chance
  void flow();       // no task pending: the stage moves on
  void start_round();
  void start_era(int era);
  void open_lot();
  void settle_lot(const Settlement& s);
  void start_phase3();
  void start_phase4();
  void next_extra_seat(int from);
  void end_round();
  void finish_game();
  void choose_action(int seat, Action a);
  bool action_legal(int seat, Action a) const;
  // FOUND's base: the Colonists value, or the borrowed one (Espionage).
  int found_base(const Task& t) const;
  // Window options of the seat on turn (ruling 27), appended to `out`.
  void window_options(int seat, bool opening, bool founding, std::vector<Action>& out) const;
  void apply_window(int seat, Action a);
  void start_action_turn();
  int kept_index(int seat, int tile) const;
  bool tile_usable(int seat, const KeptTile& k) const;
  bool card_playable(int seat, int card, bool opening, bool founding) const;
  Waiver a_card_waiver() const;
  int holding_spice(int seat, int h, int s) const;  // spices s on holding h
  int pay_count(int s) const;                       // spice s paid so far
  int next_payment_spice() const;                   // -1: fully paid
  std::array<int, kNumSpices> step_cost(int seat, int track) const;

  std::shared_ptr<const GoaConfig> cfg_;
  Stage stage_ = Stage::kEraStack;
  int era_ = 0, round_ = 1;
  std::vector<int> picks_;  // the picks of the procedure under way
  // probe_pick_need() as of the last change to picks_ or the stage: every
  // current_player() asks for it, and replaying the era's set-up for each
  // ask was a sixth of a Goa search's time. Derived: neither saved nor hashed.
  int pick_need_ = 0;
  bool pick_in_layout_ = false;  // the next pick lays out the grid
  std::vector<Player> players_;
  std::vector<Holdings> holdings_;
  ExpeditionDeck deck_;
  Grid grid_{};
  std::vector<int> pool_;          // the Favor pool: tiles removed at set-up
  unsigned bonanza_won_ = 0;       // bonanza tiles won this era
  unsigned bonanza_kept_ = 0;      // bonanza tiles kept for scoring
  FirstToReach first_{};           // first-to-reach rows taken per column
  std::vector<int> colony_taken_;  // per colony: bit i = tile i founded
  int first_seat_ = -1;            // first revealer for the start player
  std::vector<int> start_reveals_;
  int flag_holder_ = -1, round_start_ = -1;
  int flag_pos_ = -1;
  std::array<int, 6> markers_{-1, -1, -1, -1, -1, -1};  // cell of marker k
  int placed_ = 0;                                      // markers placed
  int lot_ = 0;
  std::optional<Auction> auction_;
  std::vector<int> bids_;  // this lot's decisions so far (0: pass)
  std::vector<int> turn_order_;
  int turn_ = 0;         // index into turn_order_ (phase 3)
  int extra_seat_ = -1;  // phase 4: the seat on turn
  unsigned extra_out_ = 0;
  bool extra_acting_ = false;  // phase 4: the seat used a card, acts now
  // This action's window (ruling 27): the action chosen (-1: not yet), an
  // expedition card played, the 8-ducat card bought, an "A" card binding.
  Action turn_action_ = -1;
  bool card_played_ = false, bought_ = false;
  int a_card_ = -1;
  int resupply_revealed_ = 0;
  std::vector<Task> tasks_;  // back = top
  std::vector<SpiceMove> pay_moves_;
  std::vector<int> colony_fill_;
  int found_revealed_ = 0;  // colonists on the cards revealed
  // Quick starter: seats done, and the tracks moved by the seat choosing.
  int quick_done_ = 0;
  unsigned quick_mask_ = 0;
};

}  // namespace meeple::goa
