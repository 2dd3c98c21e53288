#include "games/goa/components.h"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>

#include "core/data_files.h"
#include "core/json_reader.h"

namespace meeple::goa {
namespace {

using json = nlohmann::json;

constexpr std::array<std::string_view, kNumTileKinds> kTileKindNames = {"plantation",
                                                                        "crop_rotation",
                                                                        "recurring_ship",
                                                                        "recurring_ducats",
                                                                        "recurring_colonist",
                                                                        "recurring_spice",
                                                                        "recurring_expedition",
                                                                        "duty",
                                                                        "extra_actions",
                                                                        "expeditions",
                                                                        "ships",
                                                                        "colonists",
                                                                        "settlement",
                                                                        "ships_or_colonists",
                                                                        "foreman",
                                                                        "extra_harvest",
                                                                        "swap",
                                                                        "favor",
                                                                        "espionage",
                                                                        "resupply",
                                                                        "vice_king",
                                                                        "mission"};

constexpr std::array<std::string_view, kNumEffects> kEffectNames = {
    "SHIPS",        "COLONISTS",   "DUCATS",       "SPICES",         "SELL",
    "BUY_PROGRESS", "HARVEST_MIX", "COLONY_EXTRA", "PROGRESS_SHIPS", "PROGRESS_SPICES"};

constexpr std::array<std::string_view, kNumSpices> kSpiceIds = {"GI", "PE", "CI", "NU", "CL"};

// A JSON document being read: a reader plus the checks every file shares.
class Doc {
 public:
  explicit Doc(const std::string& file) : reader_("goa data " + file) {}
  JsonReader& r() { return reader_; }
  bool ok() const { return reader_.ok(); }

  // The array at v (any length within lo..hi), or null after a failure.
  const json* list(const json& v, const std::string& path, size_t lo, size_t hi) {
    if (!reader_.ok()) return nullptr;
    if (!v.is_array() || v.size() < lo || v.size() > hi) {
      reader_.fail(path, fmt::format("an array of {}..{} entries", lo, hi), &v);
      return nullptr;
    }
    return &v;
  }
  int integer(const json& obj, std::string_view key, const std::string& path, int lo, int hi) {
    return static_cast<int>(
        reader_.integer(reader_.at(obj, key), path + "/" + std::string(key), lo, hi));
  }
  int optional_integer(const json& obj, std::string_view key, const std::string& path, int lo,
                       int hi) {
    if (!obj.is_object() || !obj.contains(key)) return 0;
    return integer(obj, key, path, lo, hi);
  }
  std::string string(const json& obj, std::string_view key, const std::string& path) {
    return reader_.string(reader_.at(obj, key), path + "/" + std::string(key));
  }
  int spice(const json& v, const std::string& path) {
    const std::string s = reader_.string(v, path);
    for (int i = 0; i < kNumSpices; ++i)
      if (s == kSpiceIds[i]) return i;
    if (reader_.ok()) reader_.fail(path, "a spice GI, PE, CI, NU or CL", &v);
    return 0;
  }
  void fail(const std::string& path, const std::string& expected, const json* got = nullptr) {
    reader_.fail(path, expected, got);
  }

 private:
  JsonReader reader_;
};

Result<json> parse_json(const DataFiles& files, const std::string& name) {
  auto it = files.find(name);
  if (it == files.end()) return not_found("goa data: missing file " + name);
  json doc = json::parse(it->second, nullptr, false);
  if (doc.is_discarded() || !doc.is_object())
    return invalid_argument("goa data " + name + ": not a JSON object");
  return doc;
}

Status read_tiles(const json& doc, Components& c) {
  Doc d("tiles.json");
  auto& r = d.r();
  r.object(doc, "", {"spices", "tiles"}, {"_comment"});
  if (const json* sp = d.list(r.at(doc, "spices"), "/spices", kNumSpices, kNumSpices)) {
    for (int i = 0; i < kNumSpices && d.ok(); ++i) {
      const std::string p = fmt::format("/spices/{}", i);
      r.object((*sp)[i], p, {"id", "name"});
      if (d.spice(r.at((*sp)[i], "id"), p + "/id") != i && d.ok())
        d.fail(p + "/id",
               fmt::format("spice {} (the fixed order GI, PE, CI, NU, CL)", kSpiceIds[i]));
      c.spice_names[i] = d.string((*sp)[i], "name", p);
    }
  }
  const json* tiles = d.list(r.at(doc, "tiles"), "/tiles", 58, 58);
  for (size_t i = 0; tiles && i < tiles->size() && d.ok(); ++i) {
    const json& t = (*tiles)[i];
    const std::string p = fmt::format("/tiles/{}", i);
    if (!r.object(t, p, {"id", "stack", "name", "kind", "vp", "source"},
                  {"amount", "spice", "spaces"}))
      break;
    TileInfo info;
    info.id = d.string(t, "id", p);
    info.name = d.string(t, "name", p);
    const std::string stack = d.string(t, "stack", p);
    if (stack != "A" && stack != "B") d.fail(p + "/stack", "\"A\" or \"B\"", &r.at(t, "stack"));
    info.era = stack == "B" ? 1 : 0;
    const std::string kind = d.string(t, "kind", p);
    auto k = std::find(kTileKindNames.begin(), kTileKindNames.end(), kind);
    if (k == kTileKindNames.end() && d.ok()) d.fail(p + "/kind", "a tile kind", &r.at(t, "kind"));
    info.kind = static_cast<TileKind>(k == kTileKindNames.end() ? 0 : k - kTileKindNames.begin());
    info.vp = d.integer(t, "vp", p, 0, 10);
    info.amount = d.optional_integer(t, "amount", p, 0, 10);
    info.spaces = d.optional_integer(t, "spaces", p, 0, 3);
    if (t.contains("spice")) info.spice = d.spice(r.at(t, "spice"), p + "/spice");
    const bool plantation_like =
        info.kind == TileKind::kPlantation || info.kind == TileKind::kCropRotation;
    if (d.ok() && plantation_like && (info.spaces < 1))
      d.fail(p + "/spaces", "1..3 plantation spaces");
    if (d.ok() && !plantation_like && info.spaces != 0)
      d.fail(p + "/spaces", "no spaces (only plantations have them)");
    if (d.ok() && (info.kind == TileKind::kPlantation) != (info.spice >= 0))
      d.fail(p + "/spice", "a spice exactly on plantation tiles");
    if (d.ok() && c.find_tile(info.id) >= 0) d.fail(p + "/id", "a unique tile id", &r.at(t, "id"));
    c.era_tiles[info.era].push_back(static_cast<int>(c.tiles.size()));
    if (info.kind == TileKind::kDuty) c.duty_vp = info.vp;
    c.tiles.push_back(std::move(info));
  }
  if (d.ok() &&
      (std::ssize(c.era_tiles[0]) != kTilesPerEra || std::ssize(c.era_tiles[1]) != kTilesPerEra))
    d.fail("/tiles", fmt::format("{} tiles of each stack (found A {}, B {})", kTilesPerEra,
                                 c.era_tiles[0].size(), c.era_tiles[1].size()));
  return d.r().status();
}

Status read_board(const json& doc, Components& c) {
  Doc d("progress_board.json");
  auto& r = d.r();
  ProgressBoard& b = c.board;
  r.object(doc, "",
           {"levels", "track_vp", "ships_per_spice", "row_bonus", "first_to_reach", "tracks"},
           {"_comment"});
  d.integer(doc, "levels", "", kNumLevels, kNumLevels);
  if (r.array(r.at(doc, "track_vp"), "/track_vp", kNumLevels))
    for (int l = 0; l < kNumLevels; ++l)
      b.track_vp[l] = static_cast<int>(
          r.integer(doc["track_vp"][l], fmt::format("/track_vp/{}", l), 0, 100, "VP"));
  b.ships_per_spice = d.integer(doc, "ships_per_spice", "", 0, 5);
  auto rows = [&](const char* key, std::vector<int>& out, int& cards, const char* count_key) {
    const json& o = r.at(doc, key);
    const std::string p = std::string("/") + key;
    if (!r.object(o, p, {"rows", count_key}, {"source"})) return;
    if (const json* l = d.list(r.at(o, "rows"), p + "/rows", 0, kNumLevels - 1))
      for (size_t i = 0; i < l->size(); ++i)
        out.push_back(static_cast<int>(
            r.integer((*l)[i], fmt::format("{}/rows/{}", p, i), 2, kNumLevels, "a row")));
    cards = d.integer(o, count_key, p, 0, 5);
  };
  rows("row_bonus", b.row_bonus_rows, b.row_bonus_cards, "extra_action_cards");
  rows("first_to_reach", b.first_to_reach_rows, b.first_to_reach_cards, "expedition_cards");
  const json* tracks = d.list(r.at(doc, "tracks"), "/tracks", kNumTracks, kNumTracks);
  static constexpr std::array<std::string_view, kNumTracks> kIds = {"ships", "harvest", "taxes",
                                                                    "expedition", "colonists"};
  for (int t = 0; tracks && t < kNumTracks && d.ok(); ++t) {
    const json& o = (*tracks)[t];
    const std::string p = fmt::format("/tracks/{}", t);
    if (!r.object(o, p, {"id", "name", "values", "costs"}, {"source", "cost_source"})) break;
    TrackInfo& info = b.tracks[t];
    info.id = d.string(o, "id", p);
    info.name = d.string(o, "name", p);
    if (d.ok() && info.id != kIds[t])
      d.fail(p + "/id", fmt::format("\"{}\" (tracks in board order)", kIds[t]), &o["id"]);
    if (!r.array(r.at(o, "values"), p + "/values", kNumLevels)) break;
    for (int l = 0; l < kNumLevels; ++l) {
      const json& v = o["values"][l];
      const std::string vp = fmt::format("{}/values/{}", p, l);
      if (t == kExpeditionTrack) {
        if (!r.array(v, vp, 2)) break;
        info.value[l] = static_cast<int>(r.integer(v[0], vp + "/0", 0, 10, "cards taken"));
        info.limit[l] = static_cast<int>(r.integer(v[1], vp + "/1", 1, 30, "a hand limit"));
        if (d.ok() && info.value[l] > info.limit[l]) d.fail(vp, "cards taken <= limit", &v);
      } else {
        info.value[l] = static_cast<int>(r.integer(v, vp, 0, 30));
      }
      if (d.ok() && l > 0 && info.value[l] < info.value[l - 1])
        d.fail(vp, "a value no smaller than the level above", &v);
    }
    if (!r.array(r.at(o, "costs"), p + "/costs", kNumLevels - 1)) break;
    for (int s = 0; s < kNumLevels - 1; ++s) {
      const std::string cp = fmt::format("{}/costs/{}", p, s);
      if (const json* l = d.list(o["costs"][s], cp, 1, 10))
        for (size_t i = 0; i < l->size(); ++i)
          ++info.cost[s][d.spice((*l)[i], fmt::format("{}/{}", cp, i))];
    }
  }
  return d.r().status();
}

Status read_cards(const json& doc, Components& c) {
  Doc d("expedition_cards.json");
  auto& r = d.r();
  r.object(doc, "", {"symbols", "start_player_symbol", "effects", "cards"}, {"_comment", "source"});
  if (const json* s = d.list(r.at(doc, "symbols"), "/symbols", 1, kMaxSymbols))
    for (size_t i = 0; i < s->size(); ++i)
      c.symbols.push_back(r.string((*s)[i], fmt::format("/symbols/{}", i)));
  auto symbol = [&](const json& v, const std::string& p) {
    const std::string s = r.string(v, p);
    auto it = std::find(c.symbols.begin(), c.symbols.end(), s);
    if (it == c.symbols.end() && d.ok()) d.fail(p, "one of the symbols", &v);
    return it == c.symbols.end() ? 0 : static_cast<int>(it - c.symbols.begin());
  };
  c.start_player_symbol = symbol(r.at(doc, "start_player_symbol"), "/start_player_symbol");
  const json& effects = r.at(doc, "effects");
  if (d.ok() && (!effects.is_object() || effects.size() != kNumEffects))
    d.fail("/effects", "an object with the 10 effect types", &effects);
  for (int e = 0; d.ok() && e < kNumEffects; ++e) {
    const std::string name(kEffectNames[e]);
    const std::string p = "/effects/" + name;
    const json& o = r.at(effects, name);
    if (!r.object(o, p, {"kind", "amount"}, {"ducats_per_spice"})) break;
    EffectInfo& info = c.effects[e];
    info.kind = d.string(o, "kind", p);
    if (d.ok() && info.kind != "bonus" && info.kind != "harvest" && info.kind != "found_colony" &&
        info.kind != "develop")
      d.fail(p + "/kind", "bonus, harvest, found_colony or develop", &o["kind"]);
    info.amount = d.integer(o, "amount", p, 0, 12);
    info.ducats_per_spice = d.optional_integer(o, "ducats_per_spice", p, 0, 20);
  }
  const json* cards =
      d.list(r.at(doc, "cards"), "/cards", kNumExpeditionCards, kNumExpeditionCards);
  std::vector<int> per_symbol(c.symbols.size(), 0);
  for (size_t i = 0; cards && i < cards->size() && d.ok(); ++i) {
    const json& o = (*cards)[i];
    const std::string p = fmt::format("/cards/{}", i);
    if (!r.object(o, p, {"id", "effect", "colonists", "symbol"}, {"price"})) break;
    ExpeditionCard card;
    card.id = d.integer(o, "id", p, 1, kNumExpeditionCards);
    if (d.ok() && card.id != static_cast<int>(i) + 1)
      d.fail(p + "/id", fmt::format("{} (cards in id order)", i + 1), &o["id"]);
    const std::string e = d.string(o, "effect", p);
    auto it = std::find(kEffectNames.begin(), kEffectNames.end(), e);
    if (it == kEffectNames.end() && d.ok()) d.fail(p + "/effect", "an effect type", &o["effect"]);
    card.effect = static_cast<Effect>(it == kEffectNames.end() ? 0 : it - kEffectNames.begin());
    card.colonists = d.integer(o, "colonists", p, 1, 3);
    card.symbol = symbol(r.at(o, "symbol"), p + "/symbol");
    const bool priced = card.effect == Effect::kBuyProgress;
    if (d.ok() && priced != o.contains("price"))
      d.fail(p + "/price", "a price exactly on BUY_PROGRESS cards");
    card.price = d.optional_integer(o, "price", p, 1, 50);
    if (d.ok()) ++per_symbol[card.symbol];
    c.cards.push_back(card);
  }
  for (size_t s = 0; d.ok() && s < per_symbol.size(); ++s)
    if (per_symbol[s] != 5)
      d.fail("/cards", fmt::format("each symbol on exactly 5 cards ({} is on {})", c.symbols[s],
                                   per_symbol[s]));
  return d.r().status();
}

Status read_colonies(const json& doc, Components& c) {
  Doc d("colonies.json");
  auto& r = d.r();
  r.object(doc, "", {"reveal", "reveal_with_colony_extra", "failure_colonists", "colonies"},
           {"_comment"});
  c.colony_reveal = d.integer(doc, "reveal", "", 0, 5);
  c.colony_extra_reveal = d.integer(doc, "reveal_with_colony_extra", "", 0, 5);
  c.failure_colonists = d.integer(doc, "failure_colonists", "", 0, 5);
  const json* cols = d.list(r.at(doc, "colonies"), "/colonies", 4, 4);
  for (size_t i = 0; cols && i < cols->size() && d.ok(); ++i) {
    const json& o = (*cols)[i];
    const std::string p = fmt::format("/colonies/{}", i);
    if (!r.object(o, p, {"id", "name", "required", "tiles"}, {"source"})) break;
    Colony col;
    col.id = d.string(o, "id", p);
    col.name = d.string(o, "name", p);
    col.required = d.integer(o, "required", p, 1, 30);
    const json* tiles = d.list(r.at(o, "tiles"), p + "/tiles", 4, 10);
    for (size_t t = 0; tiles && t < tiles->size() && d.ok(); ++t) {
      const json& to = (*tiles)[t];
      const std::string tp = fmt::format("{}/tiles/{}", p, t);
      if (!r.object(to, tp, {"spaces", "spices"}, {"source"})) break;
      ColonyTile tile;
      tile.spaces = d.integer(to, "spaces", tp, 1, 3);
      tile.allowed = 0;
      if (const json* l = d.list(r.at(to, "spices"), tp + "/spices", 1, kNumSpices))
        for (size_t s = 0; s < l->size(); ++s)
          tile.allowed |= SpiceSet(1 << d.spice((*l)[s], fmt::format("{}/spices/{}", tp, s)));
      col.tiles.push_back(tile);
    }
    c.colonies.push_back(std::move(col));
  }
  return d.r().status();
}

Status read_bonanza(const json& doc, Components& c) {
  Doc d("bonanza.json");
  auto& r = d.r();
  r.object(doc, "", {"under_corners", "tiles"}, {"_comment", "source"});
  c.bonanza_under_corners = d.integer(doc, "under_corners", "", 0, 4);
  const json* tiles = d.list(r.at(doc, "tiles"), "/tiles", 4, kMaxBonanzaTiles);
  for (size_t i = 0; tiles && i < tiles->size() && d.ok(); ++i) {
    const json& o = (*tiles)[i];
    const std::string p = fmt::format("/tiles/{}", i);
    if (!r.object(o, p, {"id"},
                  {"ships", "colonists", "extra_action_cards", "expedition_cards", "ducats",
                   "spices", "vp"}))
      break;
    BonanzaTile b;
    b.id = d.string(o, "id", p);
    b.ships = d.optional_integer(o, "ships", p, 0, 10);
    b.colonists = d.optional_integer(o, "colonists", p, 0, 10);
    b.extra_action_cards = d.optional_integer(o, "extra_action_cards", p, 0, 5);
    b.expedition_cards = d.optional_integer(o, "expedition_cards", p, 0, 5);
    b.ducats = d.optional_integer(o, "ducats", p, 0, 30);
    b.spices = d.optional_integer(o, "spices", p, 0, 10);
    b.vp = d.optional_integer(o, "vp", p, 0, 10);
    c.bonanza.push_back(std::move(b));
  }
  if (d.ok() && static_cast<int>(c.bonanza.size()) < 2 * c.bonanza_under_corners)
    d.fail("/tiles", "at least twice as many tiles as corners dealt");
  return d.r().status();
}

Status read_scoring(const json& doc, Components& c) {
  Doc d("scoring.json");
  auto& r = d.r();
  r.object(
      doc, "",
      {"colonies", "symbols", "most_ducats", "single_plantation", "single_plantation_with_foreman"},
      {"_comment", "source"});
  auto table = [&](const char* key, std::vector<int>& out, size_t size) {
    if (!r.array(r.at(doc, key), std::string("/") + key, size)) return;
    for (size_t i = 0; i < size; ++i)
      out.push_back(
          static_cast<int>(r.integer(doc[key][i], fmt::format("/{}/{}", key, i), 0, 100, "VP")));
  };
  table("colonies", c.scoring.colonies, 5);
  table("symbols", c.scoring.symbols, 6);
  c.scoring.most_ducats = d.integer(doc, "most_ducats", "", 0, 20);
  c.scoring.single_plantation = d.integer(doc, "single_plantation", "", 0, 20);
  c.scoring.single_plantation_with_foreman =
      d.integer(doc, "single_plantation_with_foreman", "", 0, 20);
  return d.r().status();
}

Status read_setup(const json& doc, Components& c) {
  Doc d("setup.json");
  auto& r = d.r();
  Setup& s = c.setup;
  r.object(doc, "",
           {"players", "grid_size", "removed_per_era", "max_removed_plantations", "eras",
            "rounds_per_era", "actions_per_round", "start_ships", "start_colonists",
            "start_player_ducats", "other_ducats", "plantation_spaces", "extra_action_hand_limit",
            "extra_action_price", "bonanza", "quick_starter"},
           {"_comment", "source"});
  if (const json* l = d.list(r.at(doc, "players"), "/players", 3, 3))
    for (size_t i = 0; i < l->size() && d.ok(); ++i) {
      const std::string p = fmt::format("/players/{}", i);
      r.object((*l)[i], p, {"players", "markers"});
      const int n = d.integer((*l)[i], "players", p, 2, 4);
      const int m = d.integer((*l)[i], "markers", p, n + 1, n + 1);
      if (d.ok() && s.markers.count(n)) d.fail(p + "/players", "each player count once");
      s.markers[n] = m;
    }
  s.grid_size = d.integer(doc, "grid_size", "", 5, 5);
  s.removed_per_era = d.integer(doc, "removed_per_era", "", 4, 4);
  s.max_removed_plantations = d.integer(doc, "max_removed_plantations", "", 0, 4);
  if (d.ok() && !(r.at(doc, "eras") == json::array({"A", "B"})))
    d.fail("/eras", "[\"A\", \"B\"]", &doc["eras"]);
  s.rounds_per_era = d.integer(doc, "rounds_per_era", "", 1, 4);
  s.actions_per_round = d.integer(doc, "actions_per_round", "", 1, 5);
  s.start_ships = d.integer(doc, "start_ships", "", 0, 20);
  s.start_colonists = d.integer(doc, "start_colonists", "", 0, 20);
  s.start_player_ducats = d.integer(doc, "start_player_ducats", "", 0, 50);
  s.other_ducats = d.integer(doc, "other_ducats", "", 0, 50);
  s.plantation_spaces = d.integer(doc, "plantation_spaces", "", 1, 8);
  s.extra_action_hand_limit = d.integer(doc, "extra_action_hand_limit", "", 0, 10);
  s.extra_action_price = d.integer(doc, "extra_action_price", "", 1, 50);
  s.bonanza = r.boolean(r.at(doc, "bonanza"), "/bonanza");
  if (d.ok()) {
    const json& q = r.at(doc, "quick_starter");
    r.object(q, "/quick_starter", {"cubes", "ducats"}, {"source"});
    // At most 4: with all five cubes on row 2 a row bonus would be due.
    s.quick_starter_cubes = d.integer(q, "cubes", "/quick_starter", 1, kNumTracks - 1);
    s.quick_starter_ducats = d.integer(q, "ducats", "/quick_starter", 0, 50);
  }
  return d.r().status();
}

}  // namespace

std::string_view tile_kind_name(TileKind k) {
  return kTileKindNames[static_cast<int>(k)];
}
std::string_view effect_name(Effect e) {
  return kEffectNames[static_cast<int>(e)];
}

int Components::find_tile(std::string_view id) const {
  for (size_t i = 0; i < tiles.size(); ++i)
    if (tiles[i].id == id) return static_cast<int>(i);
  return -1;
}

const std::vector<std::string>& component_file_names() {
  static const std::vector<std::string> kNames = {
      "tiles.json",    "progress_board.json", "expedition_cards.json",
      "colonies.json", "bonanza.json",        "scoring.json",
      "setup.json"};
  return kNames;
}

Result<Components> parse_components(const DataFiles& files) {
  using Reader = Status (*)(const json&, Components&);
  static constexpr std::array<Reader, 7> kReaders = {
      read_tiles, read_board, read_cards, read_colonies, read_bonanza, read_scoring, read_setup};
  Components c;
  for (size_t i = 0; i < kReaders.size(); ++i) {
    const std::string& name = component_file_names()[i];
    auto doc = parse_json(files, name);
    if (!doc) return doc.status();
    // Any JSON type surprise the checks miss is still an error, never an
    // exception through the host.
    try {
      Status s = kReaders[i](*doc, c);
      if (!s) return s;
    } catch (const json::exception& e) {
      return invalid_argument("goa data " + name + ": " + e.what());
    }
  }
  return c;
}

Result<Components> load_components() {
  DataFiles files;
  for (const auto& name : component_file_names()) {
    auto text = read_data_file("goa/" + name);
    if (!text) return text.status();
    files[name] = std::move(text).value();
  }
  return parse_components(files);
}

Result<const Components*> shared_components() {
  static std::mutex mu;
  static std::unique_ptr<const Components> loaded;
  std::lock_guard lock(mu);
  if (!loaded) {
    auto c = load_components();
    if (!c) return c.status();
    loaded = std::make_unique<const Components>(std::move(c).value());
  }
  return loaded.get();
}

}  // namespace meeple::goa
