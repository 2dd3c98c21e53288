// Actions as JSON and text, and back (core/game.h). Each id's JSON names
// its kind and its object in the game's words ({"type":"bid","amount":5},
// {"type":"develop","track":"ships"}); decoding accepts exactly the JSON or
// the text of a legal action, so a round trip always gives the same id and
// nothing else decodes.
#include <fmt/format.h>

#include "games/goa/goa_state.h"
#include "games/goa/play_area.h"

namespace meeple::goa {

namespace {

std::string lower(std::string s) {
  for (char& ch : s)
    if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
  return s;
}

}  // namespace

json GoaState::action_to_json(Action a) const {
  if (is_chance()) {
    // A referee types what he sees: the card drawn or revealed, the seat
    // that reveals first; the tile layout and bonanza deal by index.
    const int i = a - act::kOutcome;
    const bool card_draw = !tasks_.empty() || stage_ == Stage::kStartDraw;
    if (card_draw && deck_.peek(i) >= 0)
      return {{"type", "card"}, {"card", c().cards[deck_.peek(i)].id}};
    if (stage_ == Stage::kFirstSeat && tasks_.empty())
      return {{"type", "first_revealer"}, {"seat", seat_name(i)}};
    return {{"type", "outcome"}, {"index", i}};
  }
  auto spice = [&](int s) { return lower(c().spice_names[s]); };
  if (a >= act::kPosition && a < act::kPosition + kNumPositions)
    return {{"type", stage_ == Stage::kPlaceFlag ? "flag" : "marker"},
            {"at", position_name(a - act::kPosition)}};
  switch (a) {
    case act::kPass:
      return {{"type", "pass"}};
    case act::kSell:
      return {{"type", "sell"}};
    case act::kBuy:
      return {{"type", "buy"}};
    case act::kTake:
      return {{"type", "take_lot"}};
    case act::kPay:
      return {{"type", "pay_shortfall"}};
    case act::kDecline:
      return {{"type", "decline"}};
    case act::kDraw:
      return {{"type", "draw"}};
    case act::kStop:
      return {{"type", "stop"}};
    case act::kUseCard:
      return {{"type", "additional_action"}};
    case act::kTakeShips:
      return {{"type", "take"}, {"what", "ships"}};
    case act::kTakeColonists:
      return {{"type", "take"}, {"what", "colonists"}};
    case act::kShips:
      return {{"type", "ships"}};
    case act::kHarvest:
      return {{"type", "harvest"}};
    case act::kTaxes:
      return {{"type", "taxes"}};
    case act::kExpedition:
      return {{"type", "expedition"}};
    default:
      break;
  }
  if (a >= act::kDevelop && a < act::kDevelop + kNumTracks)
    return {{"type", "develop"}, {"track", c().board.tracks[a - act::kDevelop].id}};
  if (a >= act::kFound && a < act::kSpiceAt)
    return {{"type", "found"}, {"colony", c().colonies[a - act::kFound].id}};
  if (a >= act::kSpiceAt && a < act::kDiscardPlantation) {
    const int h = (a - act::kSpiceAt) / kNumSpices, s = (a - act::kSpiceAt) % kNumSpices;
    const TaskKind k = tasks_.empty() ? TaskKind::kNextLot : tasks_.back().kind;
    const char* type = k == TaskKind::kPayDevelop || k == TaskKind::kDuty ? "pay_spice"
                       : k == TaskKind::kSell                             ? "sell_spice"
                                                                          : "place_spice";
    return {{"type", type}, {"holding", h}, {"spice", spice(s)}};
  }
  if (a >= act::kDiscardPlantation && a < act::kSpiceType)
    return {{"type", "discard_plantation"}, {"plantation", a - act::kDiscardPlantation}};
  if (a >= act::kSpiceType && a < act::kColonyTile)
    return {{"type", "spice"}, {"spice", spice(a - act::kSpiceType)}};
  if (a >= act::kColonyTile && a < act::kCard)
    return {{"type", "colony_tile"}, {"tile", a - act::kColonyTile}};
  if (a >= act::kCard && a < act::kTile)
    return {{"type", "discard_card"}, {"card", c().cards[a - act::kCard].id}};
  if (a >= act::kTile && a < act::kBid)
    return {{"type", "favor"}, {"tile", c().tiles[a - act::kTile].id}};
  if (a >= act::kBid && a < act::kPlayCard) return {{"type", "bid"}, {"amount", a - act::kBid}};
  if (a >= act::kPlayCard && a < act::kUseTile)
    return {{"type", "play_card"}, {"card", c().cards[a - act::kPlayCard].id}};
  if (a >= act::kUseTile && a < act::kTrack)
    return {{"type", "use_tile"}, {"tile", c().tiles[a - act::kUseTile].id}};
  if (a >= act::kTrack && a < act::kBuyCard)
    return {{"type", "track"}, {"track", c().board.tracks[a - act::kTrack].id}};
  if (a == act::kBuyCard) return {{"type", "buy_additional_action"}};
  if (a == act::kTakeSpices) return {{"type", "take"}, {"what", "spices"}};
  if (a == act::kQuickDucats) return {{"type", "quick_ducats"}};
  if (a >= act::kSwapCell && a < act::kSpy)
    return {{"type", "swap"}, {"cell", position_name(a - act::kSwapCell)}};
  const int opponent = (a - act::kSpy) / 8, kind = (a - act::kSpy) % 8;
  static const char* kinds[] = {"ships", "harvest", "taxes"};
  json j = {{"type", "espionage"}, {"opponent", seat_name(opponent)}};
  if (kind < 3) {
    j["action"] = kinds[kind];
  } else {
    j["action"] = "found";
    j["colony"] = c().colonies[kind - 3].id;
  }
  return j;
}

std::string GoaState::action_to_string(Action a) const {
  const json j = action_to_json(a);
  std::string s = j["type"].get<std::string>();
  for (const auto& [key, value] : j.items()) {
    if (key == "type") continue;
    // Appended in two steps: " " + string trips GCC 12's false -Wrestrict
    // at -O3 (the release build), as in tests/golden/golden_files.h.
    s += ' ';
    s += value.is_string() ? value.get<std::string>() : value.dump();
  }
  return s;
}

Result<std::vector<Action>> GoaState::decode_action_object(const json& j) const {
  if (!j.is_object() && !j.is_string())
    return invalid_argument("a Goa action is an object with \"type\" or a text command");
  if (j.is_object() && !(j.contains("type") && j["type"].is_string()))
    return invalid_argument("the action needs \"type\" (a string)");
  std::vector<Action> legal;
  legal_actions(legal);
  for (Action a : legal)
    if (j.is_object() ? action_to_json(a) == j : action_to_string(a) == j.get<std::string>())
      return std::vector<Action>{a};
  std::string expected;
  for (size_t i = 0; i < legal.size() && i < 8; ++i)
    expected += (i ? ", " : "") + action_to_string(legal[i]);
  if (legal.size() > 8) expected += ", ...";
  // The input may hold invalid UTF-8 (replaced) and be long (cut at a
  // character boundary): the message goes back inside JSON.
  std::string shown = j.dump(-1, ' ', false, json::error_handler_t::replace);
  if (shown.size() > 200) {
    size_t cut = 200;
    while (cut > 0 && (static_cast<unsigned char>(shown[cut]) & 0xC0) == 0x80) --cut;
    shown.resize(cut);
  }
  return illegal_action(fmt::format("{} is not a legal action here; legal: {}", shown, expected));
}

}  // namespace meeple::goa
