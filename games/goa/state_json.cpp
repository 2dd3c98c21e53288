// The full state as JSON and back, each seat's view (goa.md ruling 36), the
// determinization that redraws what a seat cannot see, and the hash.
//
// Hidden (ruling 36): the identity of other seats' expedition cards and
// Mission tiles, the deck's contents, the bonanza tiles not yet won (under
// the corners and undealt, and the deal's picks while it is under way), and
// other seats' ducats. Ducats change only in public, so they are hidden in
// views and observations but kept by determinize and shown in the
// information state (observation.cpp). Revealed at the end: hands, Mission
// tiles and ducats.
#include <algorithm>
#include <bit>

#include "core/copy_into.h"
#include "games/goa/gains.h"
#include "games/goa/goa_state.h"
#include "games/goa/round.h"
#include "games/goa/setup.h"

namespace meeple::goa {

namespace {

// The state format's version: a change of the document's meaning gets a new
// number and a migration (docs/state-format.md).
constexpr int64_t kStateFormat = 1;

json holding_json(const Holding& h) {
  return {{"tile", h.tile},         {"colony", h.colony},   {"colony_tile", h.colony_tile},
          {"capacity", h.capacity}, {"allowed", h.allowed}, {"spices", h.spices}};
}

Holding holding_from(const json& j) {
  Holding h;
  h.tile = j.at("tile").get<int>();
  h.colony = j.at("colony").get<int>();
  h.colony_tile = j.at("colony_tile").get<int>();
  h.capacity = j.at("capacity").get<int>();
  h.allowed = j.at("allowed").get<SpiceSet>();
  h.spices = j.at("spices").get<std::array<int, kNumSpices>>();
  return h;
}

}  // namespace

struct GoaJson {
  static json player(const Player& p) {
    json plantations = json::array(), colonies = json::array();
    for (const Holding& h : p.board.plantations) plantations.push_back(holding_json(h));
    for (const Holding& h : p.board.colonies) colonies.push_back(holding_json(h));
    return {{"ducats", p.ducats},
            {"ships", p.ships},
            {"colonists", p.colonists},
            {"additional_action_cards", p.extra_action_cards},
            {"hand", p.hand},
            {"levels", p.development.level},
            {"rows_rewarded", p.development.rows_rewarded},
            {"plantations", plantations},
            {"colonies", colonies},
            {"discarded_single_plantations", p.board.discarded_single_plantations}};
  }
  static Player player_from(const json& j) {
    Player p;
    p.ducats = j.at("ducats").get<int>();
    p.ships = j.at("ships").get<int>();
    p.colonists = j.at("colonists").get<int>();
    p.extra_action_cards = j.at("additional_action_cards").get<int>();
    p.hand = j.at("hand").get<std::vector<int>>();
    p.development.level = j.at("levels").get<std::array<int, kNumTracks>>();
    p.development.rows_rewarded = j.at("rows_rewarded").get<uint8_t>();
    for (const json& h : j.at("plantations")) p.board.plantations.push_back(holding_from(h));
    for (const json& h : j.at("colonies")) p.board.colonies.push_back(holding_from(h));
    p.board.discarded_single_plantations = j.at("discarded_single_plantations").get<int>();
    return p;
  }
  static json holdings(const Holdings& h) {
    json tiles = json::array();
    for (const KeptTile& k : h.tiles) tiles.push_back({{"tile", k.tile}, {"used", k.used}});
    return {{"tiles", tiles}, {"bonanza_vp", h.bonanza_vp}};
  }
  static Holdings holdings_from(const json& j) {
    Holdings h;
    for (const json& k : j.at("tiles"))
      h.tiles.push_back({k.at("tile").get<int>(), k.at("used").get<bool>()});
    h.bonanza_vp = j.at("bonanza_vp").get<std::vector<int>>();
    return h;
  }
};

json GoaState::to_json() const {
  json players = json::array(), holdings = json::array(), tasks = json::array(),
       pay = json::array();
  for (const Player& p : players_) players.push_back(GoaJson::player(p));
  for (const Holdings& h : holdings_) holdings.push_back(GoaJson::holdings(h));
  for (const Task& t : tasks_)
    tasks.push_back({static_cast<int>(t.kind), t.seat, t.count, t.arg, t.arg2});
  for (const SpiceMove& m : pay_moves_) pay.push_back({m.holding, m.spice});
  json auction = nullptr;
  if (auction_) auction = {{"auctioneer", auction_->auctioneer()}, {"bids", bids_}};
  json out = {{"format", kStateFormat},
              {"stage", static_cast<int>(stage_)},
              {"era", era_},
              {"round", round_},
              {"picks", picks_},
              {"players", players},
              {"holdings", holdings},
              {"deck", deck_.deck()},
              {"discard", deck_.discard()},
              {"revealed", deck_.revealed()},
              {"grid", grid_.tile},
              {"bonanza", grid_.bonanza},
              {"favor_pool", pool_},
              {"bonanza_won", bonanza_won_},
              {"bonanza_kept", bonanza_kept_},
              {"first_to_reach", first_},
              {"colony_taken", colony_taken_},
              {"first_seat", first_seat_},
              {"start_reveals", start_reveals_},
              {"flag_holder", flag_holder_},
              {"round_start", round_start_},
              {"flag", flag_pos_},
              {"markers", markers_},
              {"placed", placed_},
              {"lot", lot_},
              {"auction", auction},
              {"turn_order", turn_order_},
              {"turn", turn_},
              {"extra_seat", extra_seat_},
              {"extra_out", extra_out_},
              {"extra_acting", extra_acting_},
              {"tasks", tasks},
              {"pay_moves", pay},
              {"colony_fill", colony_fill_},
              {"found_revealed", found_revealed_},
              {"turn_action", turn_action_},
              {"card_played", card_played_},
              {"bought", bought_},
              {"a_card", a_card_},
              {"resupply_revealed", resupply_revealed_}};
  // The Quick starter's progress, only while it lasts: every other document
  // is as it was before the variant (saved tables, golden logs).
  if (stage_ == Stage::kQuickStart) {
    out["quick_done"] = quick_done_;
    out["quick_mask"] = quick_mask_;
  }
  return out;
}

Result<std::unique_ptr<State>> GoaState::from_json(std::shared_ptr<const GoaConfig> cfg,
                                                   const json& j) {
  auto s = std::make_unique<GoaState>(cfg);
  const Components& c = *cfg->c;
  const int n = cfg->players;
  const int num_tiles = static_cast<int>(c.tiles.size());
  const int num_cards = static_cast<int>(c.cards.size());
  auto bad = [](const std::string& what) { return invalid_argument("goa state: " + what); };
  try {
    if (!j.contains("format") || !j["format"].is_number_integer() ||
        j["format"].get<int64_t>() != kStateFormat)
      return bad("\"format\" must be " + std::to_string(kStateFormat) +
                 " (the state format version)");
    const int stage = j.at("stage").get<int>();
    if (stage < 0 || stage > static_cast<int>(Stage::kQuickStart)) return bad("no such stage");
    s->stage_ = static_cast<Stage>(stage);
    if (s->stage_ == Stage::kQuickStart) {
      if (!cfg->quick_start) return bad("the Quick starter is not played in this game");
      s->quick_done_ = j.at("quick_done").get<int>();
      s->quick_mask_ = j.at("quick_mask").get<unsigned>();
    } else if (j.contains("quick_done") || j.contains("quick_mask")) {
      return bad("\"quick_done\" and \"quick_mask\" belong to the Quick starter's stage only");
    }
    s->era_ = j.at("era").get<int>();
    s->round_ = j.at("round").get<int>();
    if (s->era_ < 0 || s->era_ > 1 || s->round_ < 1 || s->round_ > 9)
      return bad("era or round out of range");
    s->picks_ = j.at("picks").get<std::vector<int>>();
    if (j.at("players").size() != static_cast<size_t>(n) ||
        j.at("holdings").size() != static_cast<size_t>(n))
      return bad("one entry per player expected");
    for (int p = 0; p < n; ++p) {
      s->players_[p] = GoaJson::player_from(j["players"][p]);
      s->holdings_[p] = GoaJson::holdings_from(j["holdings"][p]);
      const Player& pl = s->players_[p];
      if (pl.ducats < 0 || pl.ships < 0 || pl.colonists < 0 || pl.extra_action_cards < 0)
        return bad("negative counts");
      for (int lv : pl.development.level)
        if (lv < 1 || lv > kNumLevels) return bad("level out of range");
      for (const KeptTile& k : s->holdings_[p].tiles)
        if (k.tile < 0 || k.tile >= num_tiles) return bad("kept tile out of range");
      if (static_cast<int>(pl.board.plantations.size()) > c.setup.plantation_spaces ||
          pl.board.colonies.size() > c.colonies.size())
        return bad("too many plantations or colonies");
      for (int h = 0; h < pl.board.num_holdings(); ++h) {
        const Holding& hd = pl.board.holding(h);
        if (hd.filled() > hd.capacity || hd.capacity < 0) return bad("spices above capacity");
        for (int x : hd.spices)
          if (x < 0) return bad("negative spices");
      }
    }
    auto cards = [&](const char* key) {
      auto v = j.at(key).get<std::vector<int>>();
      for (int x : v)
        if (x < 0 || x >= num_cards) throw std::out_of_range(std::string(key) + ": no such card");
      return v;
    };
    s->deck_ = ExpeditionDeck::restore(cards("deck"), cards("discard"), cards("revealed"));
    std::vector<std::vector<int>> hands;
    for (const Player& p : s->players_) hands.push_back(p.hand);
    if (!s->deck_.conserved(num_cards, hands)) return bad("expedition cards are not conserved");
    s->grid_.tile = j.at("grid").get<std::array<int, kNumCells>>();
    s->grid_.bonanza = j.at("bonanza").get<std::array<int, 4>>();
    for (int t : s->grid_.tile)
      if (t < -1 || t >= num_tiles) return bad("grid tile out of range");
    for (int b : s->grid_.bonanza)
      if (b < -1 || b >= static_cast<int>(c.bonanza.size())) return bad("bonanza out of range");
    s->pool_ = j.at("favor_pool").get<std::vector<int>>();
    for (int t : s->pool_)
      if (t < 0 || t >= num_tiles) return bad("favor pool tile out of range");
    s->bonanza_won_ = j.at("bonanza_won").get<unsigned>();
    s->bonanza_kept_ = j.at("bonanza_kept").get<unsigned>();
    s->first_ = j.at("first_to_reach").get<FirstToReach>();
    s->colony_taken_ = j.at("colony_taken").get<std::vector<int>>();
    if (s->colony_taken_.size() != c.colonies.size()) return bad("colony_taken: one per colony");
    s->first_seat_ = j.at("first_seat").get<int>();
    s->start_reveals_ = cards("start_reveals");
    s->flag_holder_ = j.at("flag_holder").get<int>();
    s->round_start_ = j.at("round_start").get<int>();
    for (int seat : {s->first_seat_, s->flag_holder_, s->round_start_})
      if (seat < -1 || seat >= n) return bad("seat out of range");
    s->flag_pos_ = j.at("flag").get<int>();
    s->markers_ = j.at("markers").get<std::array<int, 6>>();
    s->placed_ = j.at("placed").get<int>();
    s->lot_ = j.at("lot").get<int>();
    if (s->placed_ < 0 || s->placed_ > n + 1 || s->lot_ < 0 || s->lot_ > n + 2)
      return bad("markers or lot out of range");
    if (!j.at("auction").is_null()) {
      const int auctioneer = j["auction"].at("auctioneer").get<int>();
      if (auctioneer < 0 || auctioneer >= n) return bad("auctioneer out of range");
      s->auction_.emplace(n, auctioneer);
      s->bids_ = j["auction"].at("bids").get<std::vector<int>>();
      for (int b : s->bids_) {
        if (!s->auction_->bidding()) return bad("too many bids");
        const Status st = b == 0 ? s->auction_->pass() : s->auction_->bid(b, act::kMaxBid);
        if (!st) return bad("bids: " + st.to_string());
      }
    }
    s->turn_order_ = j.at("turn_order").get<std::vector<int>>();
    s->turn_ = j.at("turn").get<int>();
    s->extra_seat_ = j.at("extra_seat").get<int>();
    s->extra_out_ = j.at("extra_out").get<unsigned>();
    s->extra_acting_ = j.at("extra_acting").get<bool>();
    s->tasks_.clear();
    for (const json& t : j.at("tasks")) {
      Task task{static_cast<TaskKind>(t.at(0).get<int>()), t.at(1).get<int>(), t.at(2).get<int>(),
                t.at(3).get<int>(), t.at(4).get<int>()};
      if (t.at(0).get<int>() < 0 || t.at(0).get<int>() > static_cast<int>(TaskKind::kEspionage) ||
          task.seat < 0 || task.seat >= n)
        return bad("task out of range");
      s->tasks_.push_back(task);
    }
    for (const json& m : j.at("pay_moves"))
      s->pay_moves_.push_back({m.at(0).get<int>(), m.at(1).get<int>()});
    s->colony_fill_ = j.at("colony_fill").get<std::vector<int>>();
    s->found_revealed_ = j.at("found_revealed").get<int>();
    s->turn_action_ = j.at("turn_action").get<int>();
    s->card_played_ = j.at("card_played").get<bool>();
    s->bought_ = j.at("bought").get<bool>();
    s->a_card_ = j.at("a_card").get<int>();
    if (s->a_card_ < -1 || s->a_card_ >= num_cards) return bad("a_card out of range");
    s->resupply_revealed_ = j.at("resupply_revealed").get<int>();
    if (s->stage_ == Stage::kActionTurn &&
        (s->turn_ < 0 || s->turn_ >= static_cast<int>(s->turn_order_.size())))
      return bad("turn out of range");
    if ((s->stage_ == Stage::kBid || s->stage_ == Stage::kAuctioneer) && s->tasks_.empty() &&
        !s->auction_)
      return bad("an auction stage needs the auction");
    if (const std::string why = s->invalid_reason(); !why.empty()) return bad(why);
    s->refresh_pick_need();
  } catch (const std::exception& e) {
    return bad(e.what());
  }
  std::vector<Action> legal;
  s->legal_actions(legal);
  if (!s->is_terminal() && legal.empty()) return bad("no legal action");
  if (s->to_json() != j) return bad("the document has fields out of place");
  return std::unique_ptr<State>(std::move(s));
}

// What the loader checks beyond types (a hostile document must not reach an
// index out of range): every id in range, holdings of the right kinds, the
// task stack's references, and the stage's own fields. "" when valid.
std::string GoaState::invalid_reason() const {
  const int num_tiles = static_cast<int>(c().tiles.size());
  const int num_colonies = static_cast<int>(c().colonies.size());
  const int num_bonanza = static_cast<int>(c().bonanza.size());
  auto seat_ok = [&](int p) { return p >= 0 && p < n(); };
  for (int p = 0; p < n(); ++p) {
    const SupplyBoard& b = players_[p].board;
    for (const Holding& h : b.plantations) {
      if (h.tile < 0 || h.tile >= num_tiles || h.colony != -1 ||
          (c().tiles[h.tile].kind != TileKind::kPlantation &&
           c().tiles[h.tile].kind != TileKind::kCropRotation))
        return "a plantation space holds no plantation";
    }
    std::vector<int> owned;
    for (const Holding& h : b.colonies) {
      if (h.tile != -1 || h.colony < 0 || h.colony >= num_colonies || h.colony_tile < 0 ||
          h.colony_tile >= static_cast<int>(c().colonies[h.colony].tiles.size()))
        return "a colony space holds no colony";
      if (std::find(owned.begin(), owned.end(), h.colony) != owned.end()) return "a colony twice";
      owned.push_back(h.colony);
    }
    for (int h = 0; h < b.num_holdings(); ++h)
      if (b.holding(h).allowed & ~kAnySpice) return "no such spice allowed";
    if (b.discarded_single_plantations < 0) return "negative discarded plantations";
    std::vector<int> kept;
    for (const KeptTile& k : holdings_[p].tiles) {
      const TileTiming timing = tile_timing(c().tiles[k.tile].kind);
      if (timing == TileTiming::kPlantation || timing == TileTiming::kInstant)
        return "a kept tile that is never kept";
      if (std::find(kept.begin(), kept.end(), k.tile) != kept.end()) return "a tile kept twice";
      kept.push_back(k.tile);
    }
    for (int vp : holdings_[p].bonanza_vp)
      if (vp < 0) return "negative bonanza VP";
  }
  if ((bonanza_won_ | bonanza_kept_) >> num_bonanza) return "no such bonanza tile";
  for (size_t col = 0; col < colony_taken_.size(); ++col)
    if (colony_taken_[col] < 0 || colony_taken_[col] >> c().colonies[col].tiles.size())
      return "no such colony tile";
  if (flag_pos_ < -1 || flag_pos_ >= kNumPositions) return "flag out of range";
  for (int m : markers_)
    if (m < -1 || m >= kNumCells) return "marker out of range";
  for (int p : turn_order_)
    if (!seat_ok(p)) return "turn order seat out of range";
  if (extra_seat_ < -1 || extra_seat_ >= n()) return "extra seat out of range";
  if (turn_action_ < -1 || turn_action_ >= act::kNumDistinctActions) return "no such action";
  for (int sp : colony_fill_)
    if (sp < 0 || sp >= kNumSpices) return "no such spice";
  const int rounds = c().setup.rounds_per_era, last = rounds * c().setup.eras;
  if ((stage_ == Stage::kOver) != (round_ == last + 1)) return "the game ends after the last round";
  if (round_ <= last && era_ != (round_ - 1) / rounds) return "the era does not match the round";
  // Each round sells n tiles, 4 rounds an era: a grid with fewer full cells
  // (outside the era's set-up) could leave no place for the markers.
  if (stage_ != Stage::kEraStack && stage_ != Stage::kOver &&
      std::popcount(grid_.full()) < kNumCells - c().setup.rounds_per_era * n())
    return "too few tiles in the grid";
  if (stage_ == Stage::kQuickStart && !tasks_.empty()) return "no task during the Quick starter";
  // The stage's own fields (when no task is pending).
  if (tasks_.empty()) {
    switch (stage_) {
      case Stage::kEraStack:
      case Stage::kBonanzaDeal: {
        size_t i = 0;
        bool ok = true;
        const Pick pick = [&](int count) {
          if (i >= picks_.size()) return 0;
          const int v = picks_[i++];
          if (v < 0 || v >= count) ok = false;
          return ok ? v : 0;
        };
        if (stage_ == Stage::kEraStack) {
          prepare_era(c(), era_, pick);
        } else {
          if (num_bonanza - std::popcount(bonanza_kept_) < 4) return "too few bonanza tiles";
          deal_bonanza(c(), bonanza_kept_, pick);
        }
        if (!ok || i < picks_.size()) return "picks out of range";
        break;
      }
      case Stage::kStartDraw:
        if (first_seat_ < 0) return "no first seat";
        break;
      case Stage::kPlaceFlag:
      case Stage::kPlaceMarker:
        if (!seat_ok(round_start_)) return "no start player";
        if (stage_ == Stage::kPlaceMarker) {
          if (placed_ < 1 || placed_ > n() || flag_pos_ < 0) return "markers out of order";
          for (int k = 2; k <= placed_; ++k)
            if (markers_[k] < 0) return "a marker missing";
        }
        break;
      case Stage::kBid:
      case Stage::kAuctioneer:
        if (!seat_ok(round_start_) || lot_ < 1 || lot_ > n() + 1 ||
            (lot_ >= 2 && (markers_[lot_] < 0 || grid_.tile[markers_[lot_]] < 0)))
          return "no such lot";
        break;
      case Stage::kActionTurn:
        break;
      case Stage::kExtraTurn:
        if (extra_seat_ < 0) return "no seat in phase 4";
        break;
      case Stage::kQuickStart: {
        if (round_ != 1 || !seat_ok(flag_holder_)) return "the Quick starter comes before round 1";
        if (quick_done_ < 0 || quick_done_ >= n()) return "quick_done out of range";
        if (quick_mask_ >= (1u << kNumTracks) ||
            std::popcount(quick_mask_) >= c().setup.quick_starter_cubes)
          return "quick_mask out of range";
        // The seat choosing has moved exactly the tracks of its mask.
        const Player& p = players_[quick_seat()];
        for (int t = 0; t < kNumTracks; ++t)
          if (((quick_mask_ >> t) & 1) && p.development.level[t] != 2)
            return "quick_mask names a cube not on row 2";
        break;
      }
      default:
        break;
    }
  }
  // Tasks refer to what exists.
  for (const Task& t : tasks_) {
    const Player& p = players_[t.seat];
    const auto& kept = holdings_[t.seat].tiles;
    auto kept_is = [&](TileKind kind) {
      return t.arg >= 0 && t.arg < static_cast<int>(kept.size()) &&
             c().tiles[kept[t.arg].tile].kind == kind;
    };
    bool ok = true;
    switch (t.kind) {
      case TaskKind::kResolveTile:
        ok = t.arg >= 0 && t.arg < num_tiles && t.arg2 >= -1 &&
             t.arg2 < static_cast<int>(p.board.plantations.size());
        break;
      case TaskKind::kBonanza:
        ok = t.arg >= 0 && t.arg < num_bonanza;
        break;
      case TaskKind::kPayDevelop:
        ok = t.arg >= 0 && t.arg < kNumTracks && p.development.level[t.arg] < kNumLevels &&
             t.arg2 >= 0 && t.arg2 <= static_cast<int>(Waiver::kAll);
        break;
      case TaskKind::kFoundSettle:
      case TaskKind::kColonyTile:
        ok = t.arg >= 0 && t.arg < num_colonies;
        break;
      case TaskKind::kColonyFill:
        ok = t.arg >= 0 && t.arg < num_colonies && t.arg2 >= 0 &&
             t.arg2 < static_cast<int>(c().colonies[t.arg].tiles.size()) &&
             static_cast<int>(colony_fill_.size()) < c().colonies[t.arg].tiles[t.arg2].spaces;
        break;
      case TaskKind::kBuyProgress:
        ok = t.arg >= 0 && t.arg < static_cast<int>(c().cards.size());
        break;
      case TaskKind::kViceKing:
        ok = kept_is(TileKind::kViceKing);
        break;
      case TaskKind::kDuty:
        ok = kept_is(TileKind::kDuty);
        break;
      case TaskKind::kExtraHarvest:
        ok = kept_is(TileKind::kExtraHarvest) && t.count >= 0 && t.count < (1 << act::kMaxHoldings);
        break;
      case TaskKind::kResupply:
        ok = kept_is(TileKind::kResupply);
        break;
      case TaskKind::kSwap:
        ok = kept_is(TileKind::kSwap);
        break;
      case TaskKind::kEspionage:
        ok = kept_is(TileKind::kEspionage);
        break;
      default:
        ok = t.count >= 0;
        break;
    }
    if (!ok) return "a pending task refers to nothing";
  }
  if (!tasks_.empty()) {
    const SupplyBoard& b = players_[tasks_.back().seat].board;
    for (const SpiceMove& m : pay_moves_)
      if (m.holding < 0 || m.holding >= b.num_holdings() || m.spice < 0 || m.spice >= kNumSpices)
        return "a payment from nowhere";
  } else if (!pay_moves_.empty()) {
    return "a payment without a task";
  }
  return "";
}

// The hash mixes every field to_json writes, in the same order, as 64-bit
// words (vectors with their length first), without building the JSON: a
// random game spends most of its time hashing otherwise (Match logs a hash
// per step). Any field added to to_json must be added here; the tests check
// that changing any one field of a document changes the hash.
namespace {
struct Mix {
  uint64_t h = 0x84222325cbf29ce4ull;
  void add(int64_t v) {
    h ^= static_cast<uint64_t>(v);
    h *= 0x100000001b3ull;
    h ^= h >> 29;
  }
  template <typename Range>
  void all(const Range& r) {
    add(static_cast<int64_t>(std::size(r)));
    for (const auto& v : r) add(static_cast<int64_t>(v));
  }
  void holding(const Holding& x) {
    for (int v : {x.tile, x.colony, x.colony_tile, x.capacity, static_cast<int>(x.allowed)}) add(v);
    all(x.spices);
  }
};
}  // namespace

uint64_t GoaState::hash() const {
  Mix m;
  for (int v : {static_cast<int>(stage_), era_, round_}) m.add(v);
  m.all(picks_);
  for (const Player& p : players_) {
    for (int v : {p.ducats, p.ships, p.colonists, p.extra_action_cards}) m.add(v);
    m.all(p.hand);
    m.all(p.development.level);
    m.add(p.development.rows_rewarded);
    m.add(static_cast<int64_t>(p.board.plantations.size()));
    for (const Holding& h : p.board.plantations) m.holding(h);
    m.add(static_cast<int64_t>(p.board.colonies.size()));
    for (const Holding& h : p.board.colonies) m.holding(h);
    m.add(p.board.discarded_single_plantations);
  }
  for (const Holdings& h : holdings_) {
    m.add(static_cast<int64_t>(h.tiles.size()));
    for (const KeptTile& k : h.tiles) {
      m.add(k.tile);
      m.add(k.used);
    }
    m.all(h.bonanza_vp);
  }
  m.all(deck_.deck());
  m.all(deck_.discard());
  m.all(deck_.revealed());
  m.all(grid_.tile);
  m.all(grid_.bonanza);
  m.all(pool_);
  m.add(bonanza_won_);
  m.add(bonanza_kept_);
  m.all(first_);
  m.all(colony_taken_);
  m.add(first_seat_);
  m.all(start_reveals_);
  for (int v : {flag_holder_, round_start_, flag_pos_}) m.add(v);
  m.all(markers_);
  m.add(placed_);
  m.add(lot_);
  m.add(auction_ ? 1 + auction_->auctioneer() : 0);
  if (auction_) m.all(bids_);
  m.all(turn_order_);
  for (int v : {turn_, extra_seat_, static_cast<int>(extra_out_), static_cast<int>(extra_acting_)})
    m.add(v);
  if (stage_ == Stage::kQuickStart) {  // both 0 elsewhere; older hashes stay
    m.add(quick_done_);
    m.add(quick_mask_);
  }
  m.add(static_cast<int64_t>(tasks_.size()));
  for (const Task& t : tasks_)
    for (int v : {static_cast<int>(t.kind), t.seat, t.count, t.arg, t.arg2}) m.add(v);
  m.add(static_cast<int64_t>(pay_moves_.size()));
  for (const SpiceMove& x : pay_moves_) {
    m.add(x.holding);
    m.add(x.spice);
  }
  m.all(colony_fill_);
  m.add(found_revealed_);
  for (int v : {static_cast<int>(turn_action_), static_cast<int>(card_played_),
                static_cast<int>(bought_), a_card_, resupply_revealed_})
    m.add(v);
  return m.h;
}

// The names and printed numbers a board needs to draw the ids of a view
// (tile, card, colony and track indices), read from the data files so a
// corrected data file shows at once.
json catalog_json(const Components& c) {
  json tiles = json::array(), cards = json::array(), colonies = json::array(),
       tracks = json::array(), spices = json::array();
  for (const TileInfo& t : c.tiles)
    tiles.push_back({{"id", t.id},
                     {"name", t.name},
                     {"kind", std::string(tile_kind_name(t.kind))},
                     {"vp", t.vp},
                     {"spaces", t.spaces},
                     {"spice", t.spice},
                     {"amount", t.amount}});
  for (const ExpeditionCard& k : c.cards)
    cards.push_back({{"id", k.id},
                     {"effect", std::string(effect_name(k.effect))},
                     {"colonists", k.colonists},
                     {"symbol", c.symbols[k.symbol]}});
  for (const Colony& col : c.colonies) {
    json col_tiles = json::array();
    for (const ColonyTile& t : col.tiles)
      col_tiles.push_back({{"spaces", t.spaces}, {"allowed", t.allowed}});
    colonies.push_back(
        {{"id", col.id}, {"name", col.name}, {"required", col.required}, {"tiles", col_tiles}});
  }
  for (const TrackInfo& t : c.board.tracks)
    tracks.push_back(
        {{"id", t.id}, {"name", t.name}, {"value", t.value}, {"limit", t.limit}, {"cost", t.cost}});
  json bonanza = json::array();
  for (const BonanzaTile& b : c.bonanza)
    bonanza.push_back({{"id", b.id},
                       {"ships", b.ships},
                       {"colonists", b.colonists},
                       {"additional_action_cards", b.extra_action_cards},
                       {"expedition_cards", b.expedition_cards},
                       {"ducats", b.ducats},
                       {"spices", b.spices},
                       {"vp", b.vp}});
  for (const std::string& name : c.spice_names) spices.push_back(name);
  return {{"tiles", tiles},
          {"cards", cards},
          {"colonies", colonies},
          {"tracks", tracks},
          {"bonanza", bonanza},
          {"track_vp", c.board.track_vp},
          {"spices", spices},
          {"quick_starter",
           {{"cubes", c.setup.quick_starter_cubes}, {"ducats", c.setup.quick_starter_ducats}}}};
}

json GoaState::view(Seat seat) const {
  json v = to_json();
  v["catalog"] = cfg_->catalog;
  const bool over = stage_ == Stage::kOver;
  for (int p = 0; p < n(); ++p) {
    if (p == seat || over) continue;
    json& pj = v["players"][p];
    pj["hand"] = static_cast<int>(players_[p].hand.size());
    pj["ducats"] = nullptr;
    json& tiles = v["holdings"][p]["tiles"];
    for (json& k : tiles)
      if (c().tiles[k["tile"].get<int>()].kind == TileKind::kMission) k["tile"] = "mission";
  }
  v["deck"] = static_cast<int>(deck_.deck().size());
  if (!over)
    for (json& b : v["bonanza"])
      if (b.get<int>() >= 0) b = "hidden";
  if (stage_ == Stage::kBonanzaDeal) v["picks"] = static_cast<int>(picks_.size());
  v["current_player"] = current_player();
  v["terminal"] = over;
  if (over) v["scores"] = scores();
  return v;
}

void GoaState::determinize_into(Seat seat, Rng& rng, std::unique_ptr<State>& out) const {
  redraw_unseen(seat, rng, copy_into(*this, out));
}

// `d` is a copy of this state; what `seat` cannot see is redrawn in it.
// The pools live on the stack (the data files' counts bound them,
// components.h): a search draws thousands of samples a move.
void GoaState::redraw_unseen(Seat seat, Rng& rng, GoaState& d) const {
  if (stage_ == Stage::kOver) return;
  // Expedition cards: the deck and the other hands, redealt by hand size.
  std::array<int, kNumExpeditionCards> unknown;
  size_t count = 0;
  auto add = [&](const std::vector<int>& cards) {
    for (int card : cards) unknown[count++] = card;
  };
  add(deck_.deck());
  for (int p = 0; p < n(); ++p)
    if (p != seat) add(players_[p].hand);
  rng.shuffle(std::span<int>(unknown.data(), count));
  size_t k = 0;
  for (int p = 0; p < n(); ++p) {
    if (p == seat) continue;
    for (int& card : d.players_[p].hand) card = unknown[k++];
  }
  d.deck_.replace_deck(std::span<const int>(unknown.data() + k, count - k));
  // Bonanza tiles not won: under the corners or undealt.
  const int num_bonanza = static_cast<int>(c().bonanza.size());
  if (stage_ == Stage::kBonanzaDeal) {
    const int pool = num_bonanza - std::popcount(bonanza_kept_);
    for (size_t i = 0; i < d.picks_.size(); ++i)
      d.picks_[i] = static_cast<int>(rng.below(static_cast<uint64_t>(pool - static_cast<int>(i))));
  } else {
    std::array<int, kMaxBonanzaTiles> hidden;
    size_t num_hidden = 0;
    for (int b = 0; b < num_bonanza; ++b)
      if (!((bonanza_won_ >> b) & 1) && !((bonanza_kept_ >> b) & 1)) hidden[num_hidden++] = b;
    rng.shuffle(std::span<int>(hidden.data(), num_hidden));
    size_t h = 0;
    for (int& b : d.grid_.bonanza)
      if (b >= 0) b = hidden[h++];
  }
  // Mission tiles won by the others, face down.
  std::array<int*, 2 * kTilesPerEra> slots;
  std::array<int, 2 * kTilesPerEra> missions;
  size_t num_missions = 0;
  for (int p = 0; p < n(); ++p) {
    if (p == seat) continue;
    for (KeptTile& kt : d.holdings_[p].tiles)
      if (c().tiles[kt.tile].kind == TileKind::kMission) {
        slots[num_missions] = &kt.tile;
        missions[num_missions++] = kt.tile;
      }
  }
  rng.shuffle(std::span<int>(missions.data(), num_missions));
  for (size_t i = 0; i < num_missions; ++i) *slots[i] = missions[i];
}

}  // namespace meeple::goa
