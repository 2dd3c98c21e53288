// Observations for AI (contract v2, docs/contract.md), returns and scores.
//
// Observation string: view(seat) as JSON. Information state: the view plus
// every seat's ducats, which each seat can work out from the public
// payments (ruling 36); nothing else is remembered beyond the view, since
// the state keeps what a player could know (discard pile, reveals, won
// tiles) in the open.
//
// Tensor (both forms, one flat layout of kTensorSize floats, absolute
// seats, raw counts):
//   per seat slot (4 x 46): ducats (observation: own only; information
//     state: all), ships, colonists, additional action cards, hand size,
//     5 levels, 5 spices held, plantations, colonies owned (4 flags),
//     kept tiles by kind (22), kept bonanza VP, is-start-player, kept tiles
//     used (this round, or spent), Mission VP (own, or all once over)
//   own hand (30 flags), discard pile (30), revealed cards (30)
//   grid: 25 cells x (full, tile kind one-hot 22, is corner with bonanza)
//   flag position (45), marked cells (25)
//   stage (12), round (9), current player (4 + chance + terminal), observer (4)
//   auction: high bid, high bidder (4), lot
//   the Favor pool: tiles removed at set-up (58 flags, A01..B29)
//   first-to-reach bonuses taken: 5 tracks x 5 rows
#include <fmt/format.h>

#include "games/goa/goa_state.h"

namespace meeple::goa {

namespace {

constexpr int kSeatSlots = 4, kPerSeat = 46, kCards = 30, kTiles = 58;
constexpr int kCellWidth = 1 + kNumTileKinds + 1;
constexpr int kTensorSize = kSeatSlots * kPerSeat + 3 * kCards + kNumCells * kCellWidth +
                            kNumPositions + kNumCells + 12 + 9 + 6 + 4 + 6 + kTiles +
                            kNumTracks * kNumLevels;

}  // namespace

std::vector<int> GoaState::observation_tensor_shape() const {
  return {kTensorSize};
}
std::vector<int> GoaState::information_state_tensor_shape() const {
  return {kTensorSize};
}

std::string GoaState::observation_string(Seat seat) const {
  return view(is_observer(seat) ? seat : kSpectator).dump();
}

std::string GoaState::information_state_string(Seat seat) const {
  json v = view(is_observer(seat) ? seat : kSpectator);
  for (int p = 0; p < n(); ++p) v["players"][p]["ducats"] = players_[p].ducats;
  return v.dump();
}

namespace {

void write_tensor(const GoaState& s, const Components& c, Seat seat, bool information,
                  std::span<float> out) {
  size_t i = 0;
  auto put = [&](double x) { out[i++] = static_cast<float>(x); };
  const bool over = s.is_terminal();
  for (int p = 0; p < kSeatSlots; ++p) {
    if (p >= s.num_seats()) {
      i += kPerSeat;
      continue;
    }
    const Player& pl = s.player(p);
    put(information || p == seat || over ? pl.ducats : 0);
    put(pl.ships);
    put(pl.colonists);
    put(pl.extra_action_cards);
    put(static_cast<double>(pl.hand.size()));
    for (int lv : pl.development.level) put(lv);
    for (int x : pl.board.spices()) put(x);
    put(static_cast<double>(pl.board.plantations.size()));
    for (int col = 0; col < 4; ++col) {
      bool owned = false;
      for (const Holding& h : pl.board.colonies) owned |= h.colony == col;
      put(owned);
    }
    std::array<int, kNumTileKinds> kinds{};
    for (const KeptTile& k : s.holdings(p).tiles) ++kinds[static_cast<int>(c.tiles[k.tile].kind)];
    for (int x : kinds) put(x);
    int vp = 0;
    for (int x : s.holdings(p).bonanza_vp) vp += x;
    put(vp);
    put(p == s.start_player());
    int used = 0, mission = 0;
    for (const KeptTile& k : s.holdings(p).tiles) {
      used += k.used;
      if (c.tiles[k.tile].kind == TileKind::kMission) mission += c.tiles[k.tile].vp;
    }
    put(used);
    put(p == seat || over ? mission : 0);
  }
  std::array<float, kCards> hand{}, discard{}, revealed{};
  if (seat >= 0)
    for (int card : s.player(seat).hand) hand[card] = 1;
  for (int card : s.deck().discard()) discard[card] = 1;
  for (int card : s.deck().revealed()) revealed[card] = 1;
  for (float x : hand) put(x);
  for (float x : discard) put(x);
  for (float x : revealed) put(x);
  for (int cell = 0; cell < kNumCells; ++cell) {
    const int t = s.grid().tile[cell];
    put(t >= 0);
    for (int k = 0; k < kNumTileKinds; ++k) put(t >= 0 && static_cast<int>(c.tiles[t].kind) == k);
    const int corner = corner_index(cell);
    put(corner >= 0 && s.grid().bonanza[corner] >= 0);
  }
  for (int pos = 0; pos < kNumPositions; ++pos) put(pos == s.flag_position());
  std::array<float, kNumCells> marked{};
  for (int k = 2; k < 6; ++k)
    if (s.marker_cell(k) >= 0) marked[s.marker_cell(k)] = 1;
  for (float x : marked) put(x);
  for (int st = 0; st < 12; ++st) put(st == static_cast<int>(s.stage()));
  for (int r = 1; r <= 9; ++r) put(r == s.round());
  const Seat cur = s.current_player();
  for (int p = 0; p < kSeatSlots; ++p) put(p == cur);
  put(cur == kChance);
  put(cur == kTerminal);
  for (int p = 0; p < kSeatSlots; ++p) put(p == seat);
  const auto& auction = s.auction();
  put(auction ? auction->high_bid() : 0);
  for (int p = 0; p < kSeatSlots; ++p) put(auction && p == auction->high_bidder());
  put(s.lot());
  std::array<float, kTiles> pool{};
  for (int t : s.favor_pool())
    if (t >= 0 && t < kTiles) pool[static_cast<size_t>(t)] = 1;
  for (float x : pool) put(x);
  for (int t = 0; t < kNumTracks; ++t)
    for (int row = 1; row <= kNumLevels; ++row) put((s.first_to_reach()[t] >> row) & 1);
}

}  // namespace

void GoaState::write_observation_tensor(Seat seat, std::span<float> out) const {
  write_tensor(*this, c(), seat, false, out);
}

void GoaState::write_information_state_tensor(Seat seat, std::span<float> out) const {
  write_tensor(*this, c(), seat, true, out);
}

std::vector<double> GoaState::returns() const {
  std::vector<double> r(static_cast<size_t>(n()), 0.0);
  if (stage_ != Stage::kOver) return r;
  const std::vector<Tally> counts = tallies();
  std::fill(r.begin(), r.end(), -1.0);
  for (int w : winners(score(c(), counts), counts)) r[w] = 1.0;
  return r;
}

json GoaState::scores() const {
  json out = json::array();
  for (const ScoreSheet& s : score_sheets())
    out.push_back({{"total", s.total()},
                   {"development", s.development},
                   {"colonies", s.colonies},
                   {"expeditions", s.expeditions},
                   {"most_ducats", s.most_ducats},
                   {"plantations", s.plantations},
                   {"duty", s.duty},
                   {"printed", s.printed}});
  return out;
}

std::string GoaState::seat_name(Seat seat) const {
  static const char* names[] = {"red", "yellow", "green", "blue"};
  return seat >= 0 && seat < 4 ? names[seat] : State::seat_name(seat);
}

std::string GoaState::chance_description() const {
  if (!is_chance()) return "";
  if (!tasks_.empty()) {
    const Task& t = tasks_.back();
    return t.kind == TaskKind::kDraw
               ? fmt::format("{} draws an expedition card", seat_name(t.seat))
               : fmt::format("a card revealed for {}'s colony", seat_name(t.seat));
  }
  switch (stage_) {
    case Stage::kEraStack:
      return fmt::format("era {} stack: tile {} revealed or laid", era_ == 0 ? "A" : "B",
                         picks_.size() + 1);
    case Stage::kBonanzaDeal:
      return fmt::format("bonanza tile under corner {}", picks_.size() + 1);
    case Stage::kFirstSeat:
      return "the first seat to reveal for the start player";
    default:
      return "an expedition card revealed for the start player";
  }
}

}  // namespace meeple::goa
