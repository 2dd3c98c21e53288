// The log in words (State::describe): each event as it would be announced at
// the table. Hidden are only the expedition card a player draws (its owner
// reads it) and the bonanza tiles dealt face down (goa.md §2.8); cards
// revealed for a foundation, Resupply or the start player, the tiles laid
// out and every player's decision are public (docs/rulings.md, Goa).
#include <fmt/format.h>

#include "games/goa/goa_state.h"
#include "games/goa/play_area.h"

namespace meeple::goa {

namespace {

std::string capitalized(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

std::string text_of(const json& v) {
  return v.is_string() ? v.get<std::string>() : v.dump();
}

// A player's decision as a phrase after their name ("bids 5").
std::string decision_words(const json& j) {
  const std::string type = j["type"].get<std::string>();
  auto arg = [&](const char* key) { return j.contains(key) ? text_of(j[key]) : std::string(); };
  if (type == "flag") return "places the flag at " + arg("at");
  if (type == "marker") return "places a number marker at " + arg("at");
  if (type == "pass") return "passes";
  if (type == "bid") return "bids " + arg("amount");
  if (type == "sell") return "sells the lot to the highest bidder";
  if (type == "buy") return "buys the lot, paying the highest bid less 1 to the bank";
  if (type == "take_lot") return "takes the lot (no bids)";
  if (type == "pay_shortfall") return "pays the shortfall";
  if (type == "decline") return "declines";
  if (type == "draw") return "draws an expedition card";
  if (type == "stop") return "ends the turn";
  if (type == "additional_action") return "uses an additional action card";
  if (type == "buy_additional_action") return "buys an additional action card";
  if (type == "take") return "takes " + arg("what");
  if (type == "ships" || type == "harvest" || type == "taxes" || type == "expedition")
    return "chooses " + type;
  if (type == "develop") return "develops " + arg("track");
  if (type == "found") return "founds a colony in " + arg("colony");
  if (type == "place_spice") return fmt::format("places {} on {}", arg("spice"), arg("holding"));
  if (type == "pay_spice") return fmt::format("pays {} from {}", arg("spice"), arg("holding"));
  if (type == "sell_spice") return fmt::format("sells {} from {}", arg("spice"), arg("holding"));
  if (type == "discard_plantation") return "discards plantation " + arg("plantation");
  if (type == "spice") return "chooses " + arg("spice");
  if (type == "colony_tile") return "takes colony tile " + arg("tile");
  if (type == "discard_card") return "discards expedition card " + arg("card");
  if (type == "favor") return "takes tile " + arg("tile") + " from the removed tiles";
  if (type == "play_card") return "plays expedition card " + arg("card");
  if (type == "use_tile") return "uses tile " + arg("tile");
  if (type == "track") return "chooses the " + arg("track") + " track";
  if (type == "swap") return "swaps at " + arg("cell");
  if (type == "espionage") {
    std::string s = "spies on " + arg("opponent") + "'s " + arg("action");
    if (j.contains("colony")) s += " in " + arg("colony");
    return s;
  }
  std::string s = type;
  for (const auto& [key, value] : j.items())
    if (key != "type") s += " " + text_of(value);
  return s;
}

}  // namespace

std::string GoaState::describe(Action a, const State& after_state, Seat viewer) const {
  const auto& after = static_cast<const GoaState&>(after_state);
  if (!is_chance()) {
    const Seat who = current_player();
    if (who < 0) return "";
    if (stage_ == Stage::kQuickStart && tasks_.empty()) {
      const std::string who_name = capitalized(seat_name(who));
      if (a == act::kQuickDucats)
        return fmt::format("{} takes {} ducats (Quick starter)", who_name,
                           c().setup.quick_starter_ducats);
      return fmt::format("{} moves the {} cube to row 2 (Quick starter)", who_name,
                         c().board.tracks[a - act::kTrack].name);
    }
    json j = action_to_json(a);
    // Name what the ids stand for: the plantation or colony a spice moves
    // on, the expedition card played or discarded (both public).
    if (a >= act::kSpiceAt && a < act::kDiscardPlantation) {
      const int h = (a - act::kSpiceAt) / kNumSpices;
      const Holding& held = players_[who].board.holding(h);
      j["holding"] = held.tile >= 0 ? "the " + c().tiles[held.tile].name
                                    : "the colony " + c().colonies[held.colony].name;
    } else if ((a >= act::kCard && a < act::kTile) || (a >= act::kPlayCard && a < act::kUseTile)) {
      const int card = a - (a < act::kTile ? act::kCard : act::kPlayCard);
      j["card"] = fmt::format("{} ({})", c().cards[card].id, effect_name(c().cards[card].effect));
    }
    return capitalized(seat_name(who)) + " " + decision_words(j);
  }
  const int i = a - act::kOutcome;
  auto card_words = [&](int card) {
    if (card < 0) return std::string("no card");
    const ExpeditionCard& k = c().cards[card];
    return fmt::format("expedition card {} ({}, {})", k.id, effect_name(k.effect),
                       c().symbols[k.symbol]);
  };
  if (!tasks_.empty()) {
    const Task& t = tasks_.back();
    const int card = deck_.peek(i);
    if (t.kind == TaskKind::kDraw) {
      const std::string who = capitalized(seat_name(t.seat));
      return viewer == t.seat ? who + " draws " + card_words(card)
                              : who + " draws an expedition card";
    }
    return fmt::format("Revealed for {}'s {}: {}", seat_name(t.seat),
                       t.arg2 == 1 ? "Resupply" : "colony", card_words(card));
  }
  switch (stage_) {
    case Stage::kEraStack: {
      if (after.stage_ == Stage::kEraStack) return "";  // the layout is not complete yet
      std::string removed;
      for (size_t k = pool_.size(); k < after.pool_.size(); ++k)
        removed += (removed.empty() ? "" : ", ") + c().tiles[after.pool_[k]].id;
      return fmt::format("Era {}: the tiles are laid out on the grid{}", era_ == 0 ? "A" : "B",
                         removed.empty() ? "" : " (removed: " + removed + ")");
    }
    case Stage::kBonanzaDeal:
      if (after.stage_ == Stage::kBonanzaDeal) return "";
      return "The bonanza tiles are dealt face down under the corners";
    case Stage::kFirstSeat:
      return capitalized(seat_name(i)) + " reveals first for the start player";
    case Stage::kStartDraw: {
      std::string s = "Revealed for the start player: " + card_words(deck_.peek(i));
      if (after.flag_holder_ >= 0)
        s += "; " + capitalized(seat_name(after.flag_holder_)) + " is the start player";
      return s;
    }
    default:
      return "";
  }
}

}  // namespace meeple::goa
