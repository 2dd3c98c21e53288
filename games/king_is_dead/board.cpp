// Loading and checking data/king_is_dead/board.json and cards.json.
#include "games/king_is_dead/board.h"

#include <fmt/format.h>

#include <mutex>
#include <nlohmann/json.hpp>

#include "core/data_files.h"
#include "core/json_integer.h"

namespace meeple::king_is_dead {

namespace {

using nlohmann::json;

// The card ids the rules code numbers (enum Card), in order.
constexpr std::array<const char*, kNumCards> kCardIds = {"scottish_support",
                                                         "welsh_support",
                                                         "english_support",
                                                         "negotiate",
                                                         "manoeuvre",
                                                         "outmanoeuvre",
                                                         "assemble",
                                                         "spy",
                                                         "ambush",
                                                         "march",
                                                         "plot",
                                                         "aid",
                                                         "influence",
                                                         "dispute",
                                                         "edict",
                                                         "resist",
                                                         "quell",
                                                         "suppress",
                                                         "muster",
                                                         "betrayal"};

Status bad(const std::string& file, const std::string& what) {
  return invalid_argument("king_is_dead " + file + ": " + what);
}

Result<int> int_field(const json& obj, const char* key, int lo, int hi, const std::string& file) {
  if (!obj.contains(key)) return bad(file, fmt::format("missing '{}'", key));
  const auto v = json_integer(obj[key], lo, hi);
  if (!v) return bad(file, fmt::format("'{}' must be an integer {}..{}", key, lo, hi));
  return static_cast<int>(*v);
}

Result<std::vector<int>> card_list(const Board& b, const json& doc, const char* key) {
  if (!doc.contains(key) || !doc[key].is_array())
    return bad("cards.json", fmt::format("'{}' must be a list of card ids", key));
  std::vector<int> out;
  for (const auto& c : doc[key]) {
    const int id = c.is_string() ? b.find_card(c.get<std::string>()) : -1;
    if (id < 0)
      return bad("cards.json", fmt::format("'{}': unknown card {}", key,
                                           c.dump(-1, ' ', false, json::error_handler_t::replace)));
    out.push_back(id);
  }
  return out;
}

Result<Board> parse_checked(const std::string& board_text, const std::string& cards_text) {
  Board b;
  const json doc = json::parse(board_text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return bad("board.json", "not a JSON object");
  if (!doc.contains("regions") || !doc["regions"].is_array() ||
      doc["regions"].size() != kNumRegions)
    return bad("board.json", "expected 'regions', a list of 8 regions");
  if (!doc.contains("factions") || !doc["factions"].is_array() ||
      doc["factions"].size() != kNumFactions)
    return bad("board.json", "expected 'factions', a list of 3 factions (scots, welsh, english)");
  for (size_t r = 0; r < kNumRegions; ++r) {
    const json& reg = doc["regions"][r];
    if (!reg.is_object() || !reg.contains("id") || !reg["id"].is_string() ||
        !reg.contains("borders") || !reg["borders"].is_array())
      return bad("board.json", fmt::format("region {}: needs 'id' and 'borders'", r));
    b.region_id[r] = reg["id"].get<std::string>();
    b.region_name[r] = reg.contains("name") && reg["name"].is_string()
                           ? reg["name"].get<std::string>()
                           : b.region_id[r];
    for (size_t q = 0; q < r; ++q)
      if (b.region_id[q] == b.region_id[r])
        return bad("board.json", "duplicate region id " + b.region_id[r]);
  }
  for (size_t r = 0; r < kNumRegions; ++r) {
    for (const auto& n : doc["regions"][r]["borders"]) {
      const int q = n.is_string() ? b.find_region(n.get<std::string>()) : -1;
      if (q < 0)
        return bad("board.json",
                   fmt::format("region {}: unknown neighbour {}", b.region_id[r],
                               n.dump(-1, ' ', false, json::error_handler_t::replace)));
      if (q == static_cast<int>(r))
        return bad("board.json", fmt::format("region {} borders itself", b.region_id[r]));
      b.borders[r] = static_cast<uint8_t>(b.borders[r] | (1u << q));
    }
  }
  for (int r = 0; r < kNumRegions; ++r)
    for (int q = 0; q < kNumRegions; ++q)
      if (b.borders_on(r, q) != b.borders_on(q, r))
        return bad("board.json", fmt::format("border {}-{} is listed one way only",
                                             b.region_id[static_cast<size_t>(r)],
                                             b.region_id[static_cast<size_t>(q)]));
  // Connected (every region reachable from the first).
  uint8_t seen = 1, frontier = 1;
  while (frontier) {
    uint8_t next = 0;
    for (int r = 0; r < kNumRegions; ++r)
      if ((frontier >> r) & 1)
        next = static_cast<uint8_t>(next | b.borders[static_cast<size_t>(r)]);
    frontier = static_cast<uint8_t>(next & ~seen);
    seen = static_cast<uint8_t>(seen | next);
  }
  if (seen != 0xFF) return bad("board.json", "the map is not connected");
  constexpr std::array<const char*, kNumFactions> kFactionIds = {"scots", "welsh", "english"};
  for (size_t f = 0; f < kNumFactions; ++f) {
    const json& fac = doc["factions"][f];
    if (!fac.is_object() || !fac.contains("id") || fac["id"] != kFactionIds[f] ||
        !fac.contains("home") || !fac["home"].is_string())
      return bad("board.json", fmt::format("faction {}: expected id '{}' and a 'home' region", f,
                                           kFactionIds[f]));
    b.faction_id[f] = kFactionIds[f];
    b.faction_name[f] =
        fac.contains("name") && fac["name"].is_string() ? fac["name"].get<std::string>() : "";
    b.home[f] = b.find_region(fac["home"].get<std::string>());
    if (b.home[f] < 0)
      return bad("board.json",
                 fmt::format("faction {}: unknown home {}", b.faction_id[f],
                             fac["home"].dump(-1, ' ', false, json::error_handler_t::replace)));
  }
  if (b.home[0] == b.home[1] || b.home[0] == b.home[2] || b.home[1] == b.home[2])
    return bad("board.json", "two factions share a home region");
  auto home = int_field(doc, "home_followers", 0, 4, "board.json");
  auto per_region = int_field(doc, "followers_per_region", 1, 6, "board.json");
  auto court = int_field(doc, "court_draw", 0, 4, "board.json");
  auto discs = int_field(doc, "instability_discs", 1, 8, "board.json");
  if (!home) return home.status();
  if (!per_region) return per_region.status();
  if (!court) return court.status();
  if (!discs) return discs.status();
  b.home_followers = *home;
  b.followers_per_region = *per_region;
  b.court_draw = *court;
  b.instability_discs = *discs;
  if (b.home_followers > b.followers_per_region)
    return bad("board.json", "home_followers exceeds followers_per_region");
  for (const char* key : {"followers_per_faction", "supply_after_setup"}) {
    if (!doc.contains(key) || !doc[key].is_object())
      return bad("board.json", fmt::format("'{}' must map player counts 2, 3, 4 to numbers", key));
  }
  for (int n = 2; n <= kMaxPlayers; ++n) {
    const std::string k = std::to_string(n);
    auto followers = int_field(doc["followers_per_faction"], k.c_str(), 1, 100, "board.json");
    auto supply = int_field(doc["supply_after_setup"], k.c_str(), 0, 300, "board.json");
    if (!followers) return followers.status();
    if (!supply) return supply.status();
    b.followers_per_faction[static_cast<size_t>(n)] = *followers;
    b.supply_after_setup[static_cast<size_t>(n)] = *supply;
    // Bag arithmetic (§4.1): total - courts - every region filled.
    const int left = 3 * *followers - n * b.court_draw - kNumRegions * b.followers_per_region;
    if (left != *supply)
      return bad("board.json",
                 fmt::format("{} players: {} followers per faction leave a supply of {}, but "
                             "supply_after_setup says {}",
                             n, *followers, left, *supply));
  }
  // Cards.
  const json cards = json::parse(cards_text, nullptr, false);
  if (cards.is_discarded() || !cards.is_object()) return bad("cards.json", "not a JSON object");
  if (!cards.contains("cards") || !cards["cards"].is_array() || cards["cards"].size() != kNumCards)
    return bad("cards.json", fmt::format("expected 'cards', a list of {} cards", kNumCards));
  for (size_t c = 0; c < kNumCards; ++c) {
    const json& card = cards["cards"][c];
    if (!card.is_object() || !card.contains("id") || card["id"] != kCardIds[c])
      return bad("cards.json", fmt::format("card {}: expected id '{}'", c, kCardIds[c]));
    b.card_id[c] = kCardIds[c];
    b.card_name[c] = card.contains("name") && card["name"].is_string()
                         ? card["name"].get<std::string>()
                         : b.card_id[c];
  }
  auto basic = card_list(b, cards, "basic_hand");
  auto advanced = card_list(b, cards, "advanced_hand");
  if (!basic) return basic.status();
  if (!advanced) return advanced.status();
  b.basic_hand = *basic;
  b.advanced_hand = *advanced;
  auto cunning = int_field(cards, "cunning_per_player", 0, 3, "cards.json");
  if (!cunning) return cunning.status();
  b.cunning_per_player = *cunning;
  if (static_cast<int>(b.basic_hand.size()) != kHandSize)
    return bad("cards.json", "basic_hand must hold 8 cards");
  if (static_cast<int>(b.advanced_hand.size()) + b.cunning_per_player != kHandSize)
    return bad("cards.json", "advanced_hand plus cunning_per_player must make 8 cards");
  for (int c : b.basic_hand)
    if (c >= kFirstCunning) return bad("cards.json", "basic_hand may hold basic cards only");
  for (int c : b.advanced_hand)
    if (c >= kFirstCunning || c <= kEnglishSupport)
      return bad("cards.json", "advanced_hand holds basic cards other than Support only (§4.2)");
  if (!cards.contains("region_cards") || !cards["region_cards"].is_array() ||
      cards["region_cards"].size() != kNumRegions)
    return bad("cards.json", "expected 'region_cards', one per region");
  uint8_t regions = 0;
  for (const auto& r : cards["region_cards"]) {
    const int q = r.is_string() ? b.find_region(r.get<std::string>()) : -1;
    if (q < 0)
      return bad("cards.json", "region card for unknown region " +
                                   r.dump(-1, ' ', false, json::error_handler_t::replace));
    regions = static_cast<uint8_t>(regions | (1u << q));
  }
  if (regions != 0xFF) return bad("cards.json", "region_cards must name every region once");
  return b;
}

}  // namespace

int Board::find_region(const std::string& id) const {
  for (int r = 0; r < kNumRegions; ++r)
    if (region_id[static_cast<size_t>(r)] == id) return r;
  return -1;
}

int Board::find_faction(const std::string& id) const {
  for (int f = 0; f < kNumFactions; ++f)
    if (faction_id[static_cast<size_t>(f)] == id) return f;
  return -1;
}

int Board::find_card(const std::string& id) const {
  for (int c = 0; c < kNumCards; ++c)
    if (kCardIds[static_cast<size_t>(c)] == id) return c;
  return -1;
}

Result<Board> Board::parse(const std::string& board_text, const std::string& cards_text) {
  try {
    return parse_checked(board_text, cards_text);
  } catch (const nlohmann::json::exception& e) {
    return invalid_argument(std::string("king_is_dead data: mistyped field: ") + e.what());
  }
}

Result<std::shared_ptr<const Board>> shared_board() {
  static std::mutex mutex;
  static std::shared_ptr<const Board> cached;
  std::lock_guard<std::mutex> lock(mutex);
  if (cached) return cached;
  auto board_text = read_data_file("king_is_dead/board.json");
  if (!board_text) return board_text.status();
  auto cards_text = read_data_file("king_is_dead/cards.json");
  if (!cards_text) return cards_text.status();
  auto board = Board::parse(*board_text, *cards_text);
  if (!board) return board.status();
  cached = std::make_shared<const Board>(std::move(*board));
  return cached;
}

}  // namespace meeple::king_is_dead
