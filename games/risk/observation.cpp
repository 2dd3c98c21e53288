// Risk for AI code (contract v2, docs/contract.md): observations,
// information states and the metadata of each mode.
//
// Observation (what the seat sees now): everything public in the state —
// the board, every count, the cavalryman, the discard pile, the battle or
// move in progress, the last roll, neutral statuses — and the seat's own
// private part: its hand (Team Risk: the team's hand, R20) and its missions.
// The string is view(seat) as JSON. A spectator gets the public part only.
//
// Information state (what the seat knows): the observation and the seat's
// beliefs about everything hidden from it, as probabilities that follow
// from what it knows — for each card, where it is (certain for the seat's
// own hand and the discard pile; for a card it has not seen, each hidden
// place in proportion to the number of cards there: the deck, each other
// hand, the bribe piles under the neutrals), and for each mission slot it
// cannot see, which mission it may hold (uniform over the missions of that
// rank it has not seen). These are the marginals of determinize(seat).
// The state keeps no history, so nothing remembered beyond the present
// position can enter yet (which cards formed the deck at the last
// reshuffle, which bribe cards the seat gave): docs/contract.md, "Risk".
//
// Tensors are flat vectors with one layout for every mode (parts a mode
// does not use stay zero), absolute seats (0 = red), raw counts.
#include <fmt/format.h>

#include "games/risk/risk_game.h"
#include "games/risk/risk_state.h"

namespace meeple::risk {

// Writes blocks one after the other, or only counts them (empty `out`), so
// the declared shape and the writer can never disagree.
struct TensorWriter {
  std::span<float> out;
  size_t pos = 0;
  void put(double v) {
    if (pos < out.size()) out[pos] = static_cast<float>(v);
    ++pos;
  }
  // A one-hot block of n entries; an index outside [0, n) leaves it zero.
  void one_hot(int index, int n) {
    if (index >= 0 && index < n && pos + static_cast<size_t>(index) < out.size())
      out[pos + static_cast<size_t>(index)] = 1.0f;
    pos += static_cast<size_t>(n);
  }
  void bits(uint64_t mask, int n) {
    for (int i = 0; i < n; ++i) put(static_cast<double>((mask >> i) & 1));
  }
};

namespace {

// Card places of the beliefs: the deck, the discard pile, the hand slots
// 0..5 (Team Risk: 0 and 1 are the teams' hands) and the bribe piles of
// neutrals 2..5.
constexpr int kPlaceDeck = 0, kPlaceDiscard = 1, kPlaceHand = 2, kPlaceBribes = 8 - 2;
constexpr int kNumPlaces = 12;

bool shows_battle(Phase p) {  // as view(): the battle while it is being fought
  return p == Phase::kDefend || p == Phase::kRollDice || p == Phase::kMoveIn ||
         p == Phase::kRemoveArmy;
}

}  // namespace

// ------------------------------------------------------------ observation

void RiskState::write_view(Seat seat, TensorWriter& w) const {
  const bool is_seat = seat >= 0 && seat < cfg_->players;
  const Seat cur = current_player();
  w.one_hot(is_seat ? seat : kMaxOwners, kMaxOwners + 1);  // the observer (last: spectator)
  w.one_hot(cur >= 0 ? cur : cur == kChance ? kMaxOwners : kMaxOwners + 1, kMaxOwners + 2);
  w.one_hot(static_cast<int>(phase_), kNumPhases);
  w.one_hot(static_cast<int>(cfg_->mode), 5);
  w.one_hot(cfg_->players - 2, 5);
  w.one_hot(active_, kMaxOwners);
  w.one_hot(first_, kMaxOwners);
  w.put(turn_number_);
  // The board: owner, armies; Team Risk: armies by seat and the controller.
  for (Territory t = 0; t < kNumTerritories; ++t) {
    w.one_hot(owner_[t], kMaxOwners);
    w.put(armies_[t]);
    for (int p = 0; p < kMaxOwners; ++p) w.put(cfg_->teams() ? stack_[t][p] : 0);
    w.one_hot(cfg_->teams() ? controller(t) : -1, kMaxOwners);
  }
  // Every owner (seats, then the neutrals of the 2-player game).
  for (int o = 0; o < kMaxOwners; ++o) {
    const bool plays = o < cfg_->players;
    w.put(plays ? popcount(hand_[hand_slot(o)]) : 0);
    w.put(territory_count(o));
    w.put(armies_on_board(o));
    w.put(eliminated_[o]);
    w.put(setup_left_[o]);
    w.bits(completed_[o], kNumRanks);
    const bool neutral = active_mode() && o >= 2;
    w.one_hot(neutral ? (status_[o] < 0 ? 3 : status_[o]) : -1, 4);
    w.put(popcount(bribes_[o]));
    w.one_hot(cfg_->teams() && plays ? RiskConfig::team_of(o) : -1, 2);
  }
  // Cards: the observer's hand, the discard pile, the deck's size.
  w.bits(is_seat ? hand_[hand_slot(seat)] : 0, kNumCards);
  w.bits(discard_, kNumCards);
  w.put(popcount(deck_));
  // Missions as the observer sees them (§8.2: completed ones, and all four
  // once three are completed, are public).
  for (int p = 0; p < kMaxOwners; ++p) {
    uint64_t seen = 0;
    for (int rank = 0; p < cfg_->players && rank < kNumRanks; ++rank) {
      const int m = missions_[p][rank];
      if (m >= 0 && (p == seat || mission_completed(p, rank) || missions_public(p)))
        seen |= uint64_t{1} << m;
    }
    w.bits(seen, kNumMissions);
  }
  // The turn.
  w.put(sets_traded_);
  w.put(cfg_->fixed_trade_table() ? 0 : cavalry_value(*cfg_->edition, sets_traded_));
  w.put(reinforcements_);
  w.put(must_trade_);
  w.put(placed_any_);
  w.put(conquests_this_turn_);
  w.put(declared_this_turn_);
  w.put(deal_index_);
  w.put(own_left_);
  w.bits(neutral_done_, kMaxOwners);
  w.one_hot(victim_, kMaxOwners);
  w.one_hot(winner_, kMaxOwners);
  // The battle in progress and the last roll (each die one-hot by face).
  const bool battle = shows_battle(phase_);
  w.one_hot(battle ? src_ : -1, kNumTerritories);
  w.one_hot(battle ? tgt_ : -1, kNumTerritories);
  w.put(battle ? att_dice_ : 0);
  w.put(battle ? def_dice_ : 0);
  for (int i = 0; i < 5; ++i) w.one_hot(battle && i < dice_rolled_ ? dice_[i] - 1 : -1, 6);
  w.put(last_att_);
  w.put(last_def_);
  for (int i = 0; i < 5; ++i) w.one_hot(i < last_att_ + last_def_ ? last_dice_[i] - 1 : -1, 6);
  // The move in progress (after a conquest, or the fortification).
  const bool moving = phase_ == Phase::kMoveIn || phase_ == Phase::kFortifyMove;
  w.one_hot(moving ? move_.from : -1, kNumTerritories);
  w.one_hot(moving ? move_.to : -1, kNumTerritories);
  w.put(moving ? move_.moved : 0);
  w.put(moving ? move_.at_least : 0);
  // Team Risk's removals (R30) and the active neutrals' turn (§11).
  w.put(pending_losses_);
  w.one_hot(decider_, kMaxOwners);
  w.bits(involved_, kMaxOwners);
  w.bits(ally_done_, kMaxOwners);
  w.one_hot(ally_pending_, kMaxOwners);
  w.put(ally_move_);
}

std::vector<int> RiskState::observation_tensor_shape() const {
  static const int size = [this] {
    TensorWriter counter;
    write_view(kSpectator, counter);
    return static_cast<int>(counter.pos);
  }();
  return {size};
}

void RiskState::write_observation_tensor(Seat seat, std::span<float> out) const {
  TensorWriter w{out};
  write_view(seat, w);
}

std::string RiskState::observation_string(Seat seat) const {
  return view(is_observer(seat) ? seat : kSpectator).dump();
}

// ------------------------------------------------------ information state

CardMask RiskState::unseen_cards(Seat seat) const {
  // Hidden from the seat: the deck, the other hands and every bribe pile
  // (face down, §11.3). As a set this is all cards but the seat's hand, the
  // discard pile and cards out of play (the jokers during the 2-player
  // deal), so it is the same in every determinization.
  const int own = seat >= 0 && seat < cfg_->players ? hand_slot(seat) : -1;
  CardMask pool = deck_;
  for (int h = 0; h < kMaxOwners; ++h)
    if (h != own) pool |= hand_[h];
  for (int n = 2; n < kMaxOwners; ++n) pool |= bribes_[n];
  return pool;
}

void RiskState::write_beliefs(Seat seat, TensorWriter& w) const {
  const int own = seat >= 0 && seat < cfg_->players ? hand_slot(seat) : -1;
  // 1. Cards: where each card is, as the seat may reckon it.
  std::array<int, kNumPlaces> hidden{};  // cards in each place the seat cannot see
  hidden[kPlaceDeck] = popcount(deck_);
  for (int h = 0; h < kMaxOwners; ++h)
    if (h != own) hidden[kPlaceHand + h] = popcount(hand_[h]);
  for (int n = 2; n < kMaxOwners; ++n) hidden[kPlaceBribes + n] = popcount(bribes_[n]);
  int total = 0;
  for (int n : hidden) total += n;
  const CardMask unseen = unseen_cards(seat);
  for (int c = 0; c < kNumCards; ++c) {
    const CardMask bit = CardMask{1} << c;
    std::array<double, kNumPlaces> p{};
    if (own >= 0 && (hand_[own] & bit))
      p[kPlaceHand + own] = 1;
    else if (discard_ & bit)
      p[kPlaceDiscard] = 1;
    else if ((unseen & bit) && total > 0)
      for (int k = 0; k < kNumPlaces; ++k) p[k] = static_cast<double>(hidden[k]) / total;
    for (double v : p) w.put(v);
  }
  // 2. Missions: for each seat, the chance it holds each mission.
  const auto& missions = cfg_->edition->missions;
  std::array<std::array<double, kNumMissions>, kMaxOwners> holds{};
  if (cfg_->mode == Mode::kMissions) {
    for (int rank = 0; rank < kNumRanks; ++rank) {
      std::array<bool, kNumMissions> seen{};
      int unseen_count = 0;
      for (int p = 0; p < cfg_->players; ++p) {
        const int m = missions_[p][rank];
        if (m >= 0 && (p == seat || mission_completed(p, rank) || missions_public(p))) {
          seen[static_cast<size_t>(m)] = true;
          holds[static_cast<size_t>(p)][static_cast<size_t>(m)] = 1;
        }
      }
      for (int m = 0; m < static_cast<int>(missions.size()); ++m)
        unseen_count +=
            missions[static_cast<size_t>(m)].rank == rank && !seen[static_cast<size_t>(m)];
      for (int p = 0; p < cfg_->players; ++p) {
        const int m = missions_[p][rank];
        const bool visible = p == seat || mission_completed(p, rank) || missions_public(p);
        if (m < 0 || visible) continue;  // not dealt yet, or known above
        for (int u = 0; u < static_cast<int>(missions.size()); ++u)
          if (missions[static_cast<size_t>(u)].rank == rank && !seen[static_cast<size_t>(u)])
            holds[static_cast<size_t>(p)][static_cast<size_t>(u)] = 1.0 / unseen_count;
      }
    }
  }
  for (const auto& row : holds)
    for (double v : row) w.put(v);
}

std::vector<int> RiskState::information_state_tensor_shape() const {
  static const int size = [this] {
    TensorWriter counter;
    write_view(kSpectator, counter);
    write_beliefs(kSpectator, counter);
    return static_cast<int>(counter.pos);
  }();
  return {size};
}

void RiskState::write_information_state_tensor(Seat seat, std::span<float> out) const {
  TensorWriter w{out};
  write_view(seat, w);
  write_beliefs(seat, w);
}

std::string RiskState::information_state_string(Seat seat) const {
  if (!is_observer(seat)) seat = kSpectator;
  const Map& map = *cfg_->map;
  const Edition& e = *cfg_->edition;
  const int own = seat >= 0 ? hand_slot(seat) : -1;
  json beliefs;
  json cards = json::array();
  for (CardMask m = unseen_cards(seat); m; m &= m - 1)
    cards.push_back(e.card_name(__builtin_ctzll(m), map));
  beliefs["unseen_cards"] = cards;
  json places = {{"deck", popcount(deck_)}};
  for (int h = 0; h < kMaxOwners; ++h)
    if (h != own && hand_[h] != 0)
      places[cfg_->teams() ? fmt::format("team {} hand", h == 0 ? "A" : "B")
                           : owner_name(h) + " hand"] = popcount(hand_[h]);
  for (int n = 2; n < kMaxOwners; ++n)
    if (bribes_[n] != 0) places[owner_name(n) + " bribes"] = popcount(bribes_[n]);
  beliefs["unseen_places"] = places;
  if (cfg_->mode == Mode::kMissions) {
    // The missions this seat has not seen, by rank: the hidden slots hold them.
    json unseen = json::object();
    for (int rank = 0; rank < kNumRanks; ++rank) {
      json ids = json::array();
      for (int m = 0; m < static_cast<int>(e.missions.size()); ++m) {
        if (e.missions[static_cast<size_t>(m)].rank != rank) continue;
        bool seen = false;
        for (int p = 0; p < cfg_->players; ++p)
          seen = seen || (missions_[p][rank] == m &&
                          (p == seat || mission_completed(p, rank) || missions_public(p)));
        if (!seen) ids.push_back(e.missions[static_cast<size_t>(m)].id);
      }
      unseen[rank_name(rank)] = ids;
    }
    beliefs["unseen_missions"] = unseen;
  }
  return json{{"view", view(seat)}, {"beliefs", beliefs}}.dump();
}

// ------------------------------------------------------------ metadata

GameMetadata risk_metadata(const RiskConfig& config, GameMetadata m) {
  m.chance_mode = ChanceMode::kExplicitStochastic;
  m.information = Information::kImperfect;  // hands, missions, the deck, bribes
  // returns(): 1 for the winner (Team Risk: every member of the winning
  // team), -1 for everyone else; Risk has no draw (docs/contract.md).
  m.min_utility = -1;
  m.max_utility = 1;
  const int n = config.players;
  if (config.teams()) {
    if (n % 2 == 0) {
      m.utility = Utility::kZeroSum;
      m.utility_sum = 0;
    } else {
      m.utility = Utility::kGeneralSum;  // 5 players: 3 against 2, the sum is +1 or -1
    }
    m.teams.assign(2, {});
    for (Seat p = 0; p < n; ++p) m.teams[static_cast<size_t>(RiskConfig::team_of(p))].push_back(p);
  } else {
    m.utility = n == 2 ? Utility::kZeroSum : Utility::kConstantSum;
    m.utility_sum = 1.0 - (n - 1);  // one winner, n - 1 losers
  }
  // The rulebook sets no limit on a game's length (docs/rulings.md, "Risk:
  // game length"); the practical bound is measured there.
  m.max_game_length = kUnboundedLength;
  m.practical_game_length = kPracticalGameLength;
  m.max_chance_outcomes = kNumCards;  // the end-of-turn draw from a full deck
  return m;
}

}  // namespace meeple::risk
