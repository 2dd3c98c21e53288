#include "games/risk/cards.h"

#include <fmt/format.h>

#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>

#include "core/data_files.h"
#include "core/json_integer.h"

namespace meeple::risk {

const char* symbol_name(Symbol s) {
  switch (s) {
    case Symbol::kInfantry:
      return "infantry";
    case Symbol::kCavalry:
      return "cavalry";
    case Symbol::kArtillery:
      return "artillery";
    case Symbol::kJoker:
      return "joker";
  }
  return "?";
}

const char* rank_name(int rank) {
  static const char* names[] = {"captain", "major", "colonel", "general"};
  return rank >= 0 && rank < 4 ? names[rank] : "?";
}

Result<Edition> Edition::parse(const std::string& text, const Map& map) {
  using nlohmann::json;
  json doc = json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object())
    return invalid_argument("risk edition: not a JSON object");
  Edition e;
  try {
    // Every number is a whole number in the range the rules can use (a
    // negative deal or a track of zeros would break the game, not just its
    // balance); `bad` names the first that is not.
    std::string bad;
    auto number = [&](const json& v, const std::string& name, int lo, int hi) {
      const auto x = json_integer(v, lo, hi);
      if (!x && bad.empty())
        bad = fmt::format("'{}' must be an integer {}..{}, got {}", name, lo, hi, v.dump());
      return x ? static_cast<int>(*x) : lo;
    };
    // 1. Cards: one per territory with its symbol, plus the jokers; the data
    // gives how many of each symbol (14/14/14).
    const auto& syms = doc.at("cards").at("territory_symbols");
    if (syms.size() != kNumTerritories)
      return invalid_argument(fmt::format("risk edition: {} territory cards, expected {}",
                                          syms.size(), kNumTerritories));
    std::array<int, 3> per_symbol{};
    for (const auto& [id, sym] : syms.items()) {
      const Territory t = map.find(id);
      if (t < 0) return invalid_argument("risk edition: card for unknown territory '" + id + "'");
      const auto s = sym.get<std::string>();
      if (s == "infantry")
        e.symbol[t] = Symbol::kInfantry;
      else if (s == "cavalry")
        e.symbol[t] = Symbol::kCavalry;
      else if (s == "artillery")
        e.symbol[t] = Symbol::kArtillery;
      else
        return invalid_argument("risk edition: card " + id + " has symbol '" + s +
                                "', expected infantry, cavalry or artillery");
      ++per_symbol[static_cast<int>(e.symbol[t])];
    }
    // Card ids and hand masks are sized for 42 territory cards and 2 jokers,
    // so the counts may only say so again.
    if (doc["cards"].at("jokers").get<int>() != kNumCards - kNumTerritories)
      return invalid_argument("risk edition: expected 2 jokers (44 cards)");
    e.symbol[kJoker1] = e.symbol[kJoker2] = Symbol::kJoker;
    e.cards_per_symbol = number(doc["cards"].at("per_symbol"), "cards.per_symbol",
                                kNumTerritories / 3, kNumTerritories / 3);
    if (!bad.empty()) return invalid_argument("risk edition: " + bad);
    for (int s = 0; s < 3; ++s)
      if (per_symbol[s] != e.cards_per_symbol)
        return invalid_argument(fmt::format("risk edition: {} {} cards, expected {}", per_symbol[s],
                                            symbol_name(static_cast<Symbol>(s)),
                                            e.cards_per_symbol));
    // 2. Trade values.
    const auto& track = doc.at("golden_cavalryman").at("track");
    if (!track.is_array() || track.empty())
      return invalid_argument("risk edition: golden_cavalryman.track must be a non-empty list");
    for (const auto& v : track)
      e.cavalry_track.push_back(number(v, "golden_cavalryman.track", 1, 1000));
    const auto& fixed = doc.at("fixed_set_values");
    e.fixed_values = {number(fixed.at("infantry3"), "fixed_set_values.infantry3", 1, 1000),
                      number(fixed.at("cavalry3"), "fixed_set_values.cavalry3", 1, 1000),
                      number(fixed.at("artillery3"), "fixed_set_values.artillery3", 1, 1000),
                      number(fixed.at("one_each"), "fixed_set_values.one_each", 1, 1000)};
    // 3. Reinforcement (§5.5) and when cards must be traded (§5.3). Five
    // cards always hold a set and four may not, so a hand forced to trade
    // must hold at least five, else the game would stall.
    const auto& reinforce = doc.at("reinforcement");
    e.reinforcement_divisor =
        number(reinforce.at("divisor"), "reinforcement.divisor", 1, kNumTerritories);
    e.reinforcement_minimum = number(reinforce.at("minimum"), "reinforcement.minimum", 1, 1000);
    const auto& trading = doc.at("trading");
    e.mandatory_trade_at = number(trading.at("mandatory_at"), "trading.mandatory_at", 5, kNumCards);
    e.elimination_trade_until =
        number(trading.at("elimination_until"), "trading.elimination_until", 4, kNumCards);
    e.elimination_trade_above = number(trading.at("elimination_above"), "trading.elimination_above",
                                       e.elimination_trade_until, kNumCards);
    // 4. Starting armies (enough for every player's share of the claims, §6)
    // and the 2-player constants (four neutrals, a deal of all 42, §9).
    for (int n = 3; n <= 6; ++n)
      e.start_armies[n] =
          number(doc.at("start_armies").at(std::to_string(n)), "start_armies." + std::to_string(n),
                 (kNumTerritories + n - 1) / n, 1000);
    const auto& two = doc.at("two_player");
    e.deal_player = number(two.at("deal_player"), "two_player.deal_player", 1, kNumTerritories);
    e.deal_neutral = number(two.at("deal_neutral"), "two_player.deal_neutral", 1, kNumTerritories);
    e.two_player_armies =
        number(two.at("player_armies"), "two_player.player_armies", e.deal_player, 1000);
    e.neutral_armies =
        number(two.at("neutral_armies"), "two_player.neutral_armies", e.deal_neutral, 1000);
    e.neutral_count = number(two.at("neutral_count"), "two_player.neutral_count", 4, 4);
    e.placement_own = number(two.at("placement_own"), "two_player.placement_own", 1, 100);
    if (!bad.empty()) return invalid_argument("risk edition: " + bad);
    if (2 * e.deal_player + e.neutral_count * e.deal_neutral != kNumTerritories)
      return invalid_argument("risk edition: the 2-player deal does not cover the 42 territories");
    // 5. The active neutrals' bribe cap (§11.3) and status-roll faces (§11.6).
    const auto& active = doc.at("active_neutrals");
    e.bribe_cap = number(active.at("bribe_cap"), "active_neutrals.bribe_cap", 1, kNumCards);
    const auto& faces = active.at("status_shift_faces");
    if (!faces.is_array())
      return invalid_argument("risk edition: active_neutrals.status_shift_faces must be a list");
    for (const auto& f : faces)
      e.status_shift[number(f, "active_neutrals.status_shift_faces", 1, 6)] = true;
    if (!bad.empty()) return invalid_argument("risk edition: " + bad);
    // 6. Missions: 28 cards (the action ids reserve 28), the same number per
    // rank; the last one is shown once `reveal_last_after` are done (§8.2).
    const auto& missions = doc.at("missions");
    const int per_rank_expected = number(missions.at("per_rank"), "missions.per_rank",
                                         kNumMissions / kNumRanks, kNumMissions / kNumRanks);
    e.missions_public_after =
        number(missions.at("reveal_last_after"), "missions.reveal_last_after", 0, kNumRanks);
    if (!bad.empty()) return invalid_argument("risk edition: " + bad);
    std::array<int, kNumRanks> per_rank{};
    for (const auto& m : missions.at("cards")) {
      Mission mi;
      mi.id = m.at("id");
      const std::string rank = m.at("rank");
      mi.rank = -1;
      for (int r = 0; r < kNumRanks; ++r)
        if (rank == rank_name(r)) mi.rank = r;
      if (mi.rank < 0)
        return invalid_argument("risk edition: mission " + mi.id + " has unknown rank " + rank);
      const std::string kind = m.at("condition");
      if (kind == "hold") {
        mi.kind = MissionKind::kHold;
        std::string names;
        for (const auto& c : m.at("continents")) {
          const int ci = map.find_continent(c.get<std::string>());
          if (ci < 0)
            return invalid_argument("risk edition: mission " + mi.id + " names unknown continent " +
                                    c.get<std::string>());
          mi.continents.push_back(ci);
          names += (names.empty() ? "" : " and ") + map.continent(ci).name;
        }
        mi.text = "Conquer " + names;
      } else if (kind == "occupy") {
        mi.kind = MissionKind::kOccupy;
        mi.count = number(m.at("territories"), mi.id + ".territories", 1, kNumTerritories);
        mi.min_armies = number(m.at("min_armies"), mi.id + ".min_armies", 1, 1000);
        mi.text = fmt::format("Occupy {} territories with at least {} armies each", mi.count,
                              mi.min_armies);
      } else if (kind == "presence") {
        mi.kind = MissionKind::kPresence;
        mi.count = number(m.at("continents_min"), mi.id + ".continents_min", 1, kNumContinents);
        mi.text = fmt::format("Hold a territory in each of {} continents", mi.count);
      } else if (kind == "conquer_in_turn") {
        mi.kind = MissionKind::kConquerInTurn;
        mi.count = number(m.at("conquests"), mi.id + ".conquests", 1, kNumTerritories);
        mi.text = fmt::format("Conquer {} territories in one turn", mi.count);
      } else {
        return invalid_argument("risk edition: mission " + mi.id + " has unknown condition " +
                                kind);
      }
      if (!bad.empty()) return invalid_argument("risk edition: mission " + bad);
      mi.confirmed = m.value("status", "") == "confirmed";
      ++per_rank[mi.rank];
      e.missions.push_back(std::move(mi));
    }
    if (e.missions.size() != kNumMissions)
      return invalid_argument(
          fmt::format("risk edition: {} missions, expected {}", e.missions.size(), kNumMissions));
    for (int r = 0; r < kNumRanks; ++r)
      if (per_rank[r] != per_rank_expected)
        return invalid_argument(fmt::format("risk edition: {} {} missions, expected {}",
                                            per_rank[r], rank_name(r), per_rank_expected));
  } catch (const json::exception& ex) {
    return invalid_argument(std::string("risk edition: missing or mistyped field: ") + ex.what());
  }
  return e;
}

std::string Edition::card_name(int card, const Map& map) const {
  if (card >= kNumTerritories) return card == kJoker1 ? "joker1" : "joker2";
  return map.territory(card).id;
}

Result<const Edition*> shared_classic_edition() {
  static std::mutex mu;
  static std::unique_ptr<const Edition> loaded;
  std::lock_guard lock(mu);
  if (!loaded) {
    auto map = shared_world_map();
    if (!map) return map.status();
    auto text = read_data_file("risk/classic.json");
    if (!text) return text.status();
    auto e = Edition::parse(*text, **map);
    if (!e) return e.status();
    loaded = std::make_unique<const Edition>(std::move(e).value());
  }
  return loaded.get();
}

bool is_set(const Edition& e, int a, int b, int c) {
  std::array<int, 4> n{};
  ++n[static_cast<int>(e.symbol[a])];
  ++n[static_cast<int>(e.symbol[b])];
  ++n[static_cast<int>(e.symbol[c])];
  const int jokers = n[3];
  if (jokers >= 2) return true;
  if (jokers == 1) return true;  // two cards + joker: pair -> three of a kind, distinct -> one each
  return n[0] == 3 || n[1] == 3 || n[2] == 3 || (n[0] == 1 && n[1] == 1 && n[2] == 1);
}

int fixed_set_value(const Edition& e, int a, int b, int c) {
  std::array<int, 4> n{};
  ++n[static_cast<int>(e.symbol[a])];
  ++n[static_cast<int>(e.symbol[b])];
  ++n[static_cast<int>(e.symbol[c])];
  const int jokers = n[3];
  int best = 0;
  // Try every reading of the jokers; keep the best legal one (§5.4).
  for (int j1 = 0; j1 < 3; ++j1) {
    for (int j2 = 0; j2 < 3; ++j2) {
      std::array<int, 3> m = {n[0], n[1], n[2]};
      if (jokers >= 1) ++m[j1];
      if (jokers >= 2) ++m[j2];
      for (int s = 0; s < 3; ++s)
        if (m[s] == 3) best = std::max(best, e.fixed_values[s]);
      if (m[0] == 1 && m[1] == 1 && m[2] == 1) best = std::max(best, e.fixed_values[3]);
    }
  }
  return best;
}

int cavalry_value(const Edition& e, int sets_traded) {
  const int last = static_cast<int>(e.cavalry_track.size()) - 1;
  return e.cavalry_track[std::min(sets_traded, last)];
}

bool hand_has_set(const Edition& e, CardMask hand) {
  std::array<int, 4> n{};
  for (CardMask m = hand; m; m &= m - 1) ++n[static_cast<int>(e.symbol[__builtin_ctzll(m)])];
  const int j = n[3];
  const int kinds = (n[0] > 0) + (n[1] > 0) + (n[2] > 0);
  if (j >= 2) return popcount(hand) >= 3;
  if (j == 1) return n[0] >= 2 || n[1] >= 2 || n[2] >= 2 || kinds >= 2;
  return n[0] >= 3 || n[1] >= 3 || n[2] >= 3 || kinds == 3;
}

}  // namespace meeple::risk
