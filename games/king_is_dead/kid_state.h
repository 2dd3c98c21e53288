// The King is Dead (2nd edition): the state of one game
// (shared/rules/king_is_dead.md §5) and its contract adapter.
//
// Phases: set-up is a run of chance nodes (§4.4: bag draws to the courts,
// then to the regions, the region cards space by space, the Cunning deal);
// then each turn is an action (pass or play a card), the card's effect as
// sub-decisions (effects.cpp: every legal parameter sequence of maximal
// extent, §8.2, offered one step at a time), and the summon (§8.3).
//
// Action ids (dense, kNumDistinctActions in all):
//   0            pass
//   1 + c        play card c (enum Card)
//   21 + 3r + f  a follower of faction f in region r (effect steps, summon)
//   45 + r       a region
//   53 + f       a faction (placed from the supply, or from the court)
//   56 + k       track space k (0-based: space k+1)
//   64 + p       a seat (Spy's target)
//   68 + f       chance: the bag gives a follower of faction f
//   71 + r       chance: region r's card goes on the next space
//   79 + i       chance: Cunning card kFirstCunning + i is dealt
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "games/king_is_dead/board.h"

namespace meeple::king_is_dead {

inline constexpr Action kPass = 0;
inline constexpr Action kPlayBase = 1;
inline constexpr Action kFollowerBase = kPlayBase + kNumCards;                     // 21
inline constexpr Action kRegionBase = kFollowerBase + kNumRegions * kNumFactions;  // 45
inline constexpr Action kFactionBase = kRegionBase + kNumRegions;                  // 53
inline constexpr Action kSpaceBase = kFactionBase + kNumFactions;                  // 56
inline constexpr Action kSeatBase = kSpaceBase + kNumRegions;                      // 64
inline constexpr Action kDrawBase = kSeatBase + kMaxPlayers;                       // 68
inline constexpr Action kRegionCardBase = kDrawBase + kNumFactions;                // 71
inline constexpr Action kDealBase = kRegionCardBase + kNumRegions;                 // 79
inline constexpr int kNumDistinctActions = kDealBase + kNumCunning;                // 92

inline constexpr Action follower_action(int r, int f) {
  return kFollowerBase + r * kNumFactions + f;
}

struct KidConfig {
  std::shared_ptr<const Board> board;
  int players = 2;
  bool advanced = false;
  bool teams = false;     // 4 players (§13)
  bool betrayal = false;  // promo in the Cunning deck (R29)
  int first_player = 0;
  int total_followers() const { return board->followers_per_faction[static_cast<size_t>(players)]; }
};

enum class Phase : uint8_t { kSetup, kAction, kEffect, kSummon, kEnded };
enum RegionStatus : int8_t { kOpen = -1, kUnstable = 3 };  // 0..2: controlled by that faction
enum class EffectType : uint8_t { kNone, kOther, kManoeuvre, kOutmanoeuvre };

using Counts = std::array<int8_t, kNumFactions>;
using Delta = std::array<Counts, kNumRegions>;

// One complete way to resolve a card (effects.cpp): its steps as action ids,
// its extent (§8.2) and what it does.
struct Candidate {
  std::array<Action, 6> steps{};
  int len = 0;
  int extent = 0;
  Delta delta{};                               // followers added to (removed from) regions
  Counts court{};                              // followers added to the player's court (Betrayal)
  int8_t swap_a = -1, swap_b = -1, disc = -1;  // Negotiate: spaces swapped, disc
  EffectType type = EffectType::kOther;
};

struct PlayerState {
  std::array<int8_t, kNumCards> hand{};  // copies of each card
  std::vector<int8_t> discard;           // oldest first
  Counts court{};
  int last_play = 0;  // seq of the latest card play, 0 never
  int exhausted = 0;  // seq of the play that emptied the hand (Plot ignored), 0 not yet
  int hand_size() const {
    int n = 0;
    for (int c : hand) n += c;
    return n;
  }
  int cards_left() const { return hand_size() - hand[kPlot]; }
};

class KidState final : public State {
 public:
  explicit KidState(std::shared_ptr<const KidConfig> cfg);

  // --- core/game.h State ---
  std::unique_ptr<State> clone() const override { return std::make_unique<KidState>(*this); }
  int num_seats() const override { return cfg_->players; }
  Seat current_player() const override;
  using State::legal_actions;
  void legal_actions(std::vector<Action>& out) const override;
  bool is_legal(Action a) const override;
  int num_distinct_actions() const override { return kNumDistinctActions; }
  void apply(Action a) override;
  std::vector<ChanceOutcome> chance_outcomes() const override;
  json action_to_json(Action a) const override;
  std::string action_to_string(Action a) const override;
  std::string describe(Action a, const State& after, Seat viewer) const override;  // log_words.cpp
  Result<std::vector<Action>> decode_action_object(const json& j) const override;
  json view(Seat seat) const override;
  json to_json() const override;
  void determinize_into(Seat seat, Rng& rng, std::unique_ptr<State>& out) const override;
  // A copy in which seat p's Cunning cards in hand are exactly `cards` (bit
  // i: card kFirstCunning + i), for a searcher that draws the hidden hands
  // from its own beliefs (ai/king_is_dead/kid_beliefs.h). Precondition: as
  // many cards as p holds now, none of them in another hand or a discard.
  std::unique_ptr<KidState> with_cunning_hand(int p, uint32_t cards) const;
  std::vector<double> returns() const override;
  json scores() const override;
  uint64_t hash() const override;
  std::string seat_name(Seat seat) const override;
  std::string to_text(Seat seat) const override;
  std::string observation_string(Seat seat) const override;
  std::string information_state_string(Seat seat) const override;
  std::vector<int> observation_tensor_shape() const override;
  std::vector<int> information_state_tensor_shape() const override;

  static Result<std::unique_ptr<State>> from_json(std::shared_ptr<const KidConfig> cfg,
                                                  const json& j);

  // --- reading the position (tests, bots, text) ---
  const KidConfig& config() const { return *cfg_; }
  const Board& board() const { return *cfg_->board; }
  Phase phase() const { return phase_; }
  int followers(int r, int f) const {
    return regions_[static_cast<size_t>(r)][static_cast<size_t>(f)];
  }
  int status(int r) const { return status_[static_cast<size_t>(r)]; }
  bool is_open(int r) const { return status_[static_cast<size_t>(r)] == kOpen; }
  int supply(int f) const { return supply_[static_cast<size_t>(f)]; }
  int court(int p, int f) const {
    return players_[static_cast<size_t>(p)].court[static_cast<size_t>(f)];
  }
  const PlayerState& player(int p) const { return players_[static_cast<size_t>(p)]; }
  int track(int k) const { return track_[static_cast<size_t>(k)]; }
  bool locked(int k) const { return (locked_ >> k) & 1; }
  int struggles() const { return struggles_; }
  int instability() const;
  int passes() const { return passes_; }
  int seq() const { return seq_; }
  // Winners at the end (empty before): seats that get 1.
  std::vector<int> winners() const;
  // At the end, why (empty object before): how the game ended and the step
  // of §12/§13 that decided it, with the numbers compared there, so players
  // can check the result ("decided_by": sets, most_recent_play, first_faction,
  // plot, second_faction, first_to_empty_hand or shared).
  json verdict() const;
  std::string verdict_text() const;  // the same in words, for the terminal
  bool invasion() const { return instability() >= cfg_->board->instability_discs; }
  // The faction ranking at coronation (§12.2 step 1): first, second (-1 if
  // undefined, R9).
  std::array<int, 2> faction_ranking() const;
  // Regions eligible for faction f (§9.1 / §10): a bit mask.
  uint8_t eligible(int f) const;
  // Every complete, legal, maximal way to resolve `card` for `seat` now.
  void candidates(int seat, int card, std::vector<Candidate>& out) const;
  int team_of(int p) const { return cfg_->teams ? p % 2 : p; }

 protected:
  void write_observation_tensor(Seat seat, std::span<float> out) const override;
  void write_information_state_tensor(Seat seat, std::span<float> out) const override;

 private:
  // `d` is a copy of this state: what `seat` cannot see is redrawn in it
  // (determinize, determinize_into).
  void redraw_unseen(Seat seat, Rng& rng, KidState& d) const;
  // setup.cpp
  void chance_ids(std::vector<Action>& out) const;
  void apply_chance(Action a);
  int setup_court_draws() const;
  int setup_fill_draws() const;
  int setup_deal_draws() const;
  uint32_t undealt_mask() const;  // Cunning cards in neither hand nor discard
  // effects.cpp
  void raw_candidates(int seat, int card, std::vector<Candidate>& out) const;
  void keep_maximal(std::vector<Candidate>& c) const;
  bool forbidden_undo(int seat, const Candidate& c) const;
  void execute(int seat, const Candidate& c);
  // turn.cpp
  void play_card(int card);
  void effect_step(Action a);
  void begin_summon();
  void end_turn();
  // The candidates of the card being resolved that extend the steps so far,
  // computed afresh (effect_cands_ holds them during play).
  void matching(std::vector<Candidate>& out) const;
  // power_struggle.cpp
  void power_struggle();
  // victory.cpp
  // `why`, when given, receives the deciding step and its numbers.
  std::vector<int> invasion_winners(json* why = nullptr) const;
  std::vector<int> coronation_winners(json* why = nullptr) const;
  // state_json.cpp
  Status check_loaded() const;
  json to_json_for(Seat seat, bool full) const;
  // observation.cpp
  void write_tensor(Seat seat, std::span<float> out) const;
  bool card_known(Seat seat, int p) const;

  std::shared_ptr<const KidConfig> cfg_;
  Phase phase_ = Phase::kSetup;
  int setup_step_ = 0;
  Counts bag_{};
  std::array<Counts, kNumRegions> regions_{};
  std::array<int8_t, kNumRegions> status_{};
  Counts supply_{};
  std::array<int8_t, kNumRegions> track_{};  // region on each space, -1 not yet placed
  uint8_t locked_ = 0;                       // negotiation discs, per space
  int struggles_ = 0;
  std::array<PlayerState, kMaxPlayers> players_{};
  int current_ = 0;
  int passes_ = 0;
  int seq_ = 0;
  // The most recent card play's effect, for the no-undo rule (§8.4).
  EffectType last_type_ = EffectType::kNone;
  int last_player_ = -1;
  Delta last_delta_{};
  // The card being resolved (phase kEffect): its steps so far.
  int effect_card_ = -1;
  std::vector<Action> steps_;
  // Its candidates that extend steps_: what matching() computes. Nothing
  // changes the board before one is executed, so they are computed once,
  // when the card is played (or the state loaded), and narrowed at each
  // step; a search would otherwise spend half its time recomputing them.
  std::vector<Candidate> effect_cands_;
};

}  // namespace meeple::king_is_dead
