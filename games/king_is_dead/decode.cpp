// Actions as JSON and text, and back (the engine protocol and the terminal).
//
//   {"type":"pass"}                                        pass
//   {"type":"play","card":"manoeuvre"}                     play manoeuvre
//   {"type":"follower","region":"devon","faction":"scots"} follower devon scots
//   {"type":"region","region":"devon"}                     region devon
//   {"type":"faction","faction":"welsh"}                   faction welsh
//   {"type":"space","space":3}        (1..8)               space 3
//   {"type":"seat","seat":1}                               seat 1
//   chance: {"type":"draw","faction":"scots"}              draw scots
//           {"type":"region_card","region":"devon"}        region-card devon
//           {"type":"deal","card":"spy"}                   deal spy
// "summon devon scots" is accepted for a follower step.
#include <fmt/format.h>

#include <sstream>

#include "core/json_integer.h"
#include "core/text.h"
#include "games/king_is_dead/kid_state.h"

namespace meeple::king_is_dead {

json KidState::action_to_json(Action a) const {
  const Board& b = *cfg_->board;
  if (a == kPass) return {{"type", "pass"}};
  if (a >= kPlayBase && a < kFollowerBase)
    return {{"type", "play"}, {"card", b.card_id[static_cast<size_t>(a - kPlayBase)]}};
  if (a >= kFollowerBase && a < kRegionBase) {
    const int r = (a - kFollowerBase) / kNumFactions, f = (a - kFollowerBase) % kNumFactions;
    return {{"type", "follower"},
            {"region", b.region_id[static_cast<size_t>(r)]},
            {"faction", b.faction_id[static_cast<size_t>(f)]}};
  }
  if (a >= kRegionBase && a < kFactionBase)
    return {{"type", "region"}, {"region", b.region_id[static_cast<size_t>(a - kRegionBase)]}};
  if (a >= kFactionBase && a < kSpaceBase)
    return {{"type", "faction"}, {"faction", b.faction_id[static_cast<size_t>(a - kFactionBase)]}};
  if (a >= kSpaceBase && a < kSeatBase) return {{"type", "space"}, {"space", a - kSpaceBase + 1}};
  if (a >= kSeatBase && a < kDrawBase) return {{"type", "seat"}, {"seat", a - kSeatBase}};
  if (a >= kDrawBase && a < kRegionCardBase)
    return {{"type", "draw"}, {"faction", b.faction_id[static_cast<size_t>(a - kDrawBase)]}};
  if (a >= kRegionCardBase && a < kDealBase)
    return {{"type", "region_card"},
            {"region", b.region_id[static_cast<size_t>(a - kRegionCardBase)]}};
  if (a >= kDealBase && a < kNumDistinctActions)
    return {{"type", "deal"},
            {"card", b.card_id[static_cast<size_t>(kFirstCunning + a - kDealBase)]}};
  return {{"type", "invalid"}, {"id", a}};
}

std::string KidState::action_to_string(Action a) const {
  const json j = action_to_json(a);
  const std::string type = j["type"];
  if (type == "pass") return "pass";
  if (type == "play") return "play " + j["card"].get<std::string>();
  if (type == "follower")
    return "follower " + j["region"].get<std::string>() + " " + j["faction"].get<std::string>();
  if (type == "region") return "region " + j["region"].get<std::string>();
  if (type == "faction") return "faction " + j["faction"].get<std::string>();
  if (type == "space") return fmt::format("space {}", j["space"].get<int>());
  if (type == "seat") return fmt::format("seat {}", j["seat"].get<int>());
  if (type == "draw") return "draw " + j["faction"].get<std::string>();
  if (type == "region_card") return "region-card " + j["region"].get<std::string>();
  if (type == "deal") {
    // Shown to everyone (the terminal prints chance outcomes): the card is
    // secret (§4.4), only its receiver is named.
    const int dealt = setup_step_ - setup_court_draws() - setup_fill_draws() - kNumRegions;
    if (phase_ == Phase::kSetup && dealt >= 0)
      return "deal a Cunning card to " + seat_name(dealt / cfg_->board->cunning_per_player);
    return "deal a Cunning card";
  }
  return j.dump();
}

Result<std::vector<Action>> KidState::decode_action_object(const json& j) const {
  const Board& b = *cfg_->board;
  json obj;
  if (j.is_string()) {
    // Text: "<type> [args...]".
    std::istringstream in(ascii_lower(trim(j.get<std::string>())));
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    if (words.empty()) return invalid_argument("an empty command (try: pass, play <card>, ...)");
    std::string type = words[0];
    if (type == "summon") type = "follower";
    if (type == "region-card") type = "region_card";
    auto need = [&](size_t n) -> Status {
      if (words.size() != n + 1)
        return invalid_argument(
            fmt::format("'{}' takes {} argument(s), got {}", words[0], n, words.size() - 1));
      return Status::ok();
    };
    Status st;
    if (type == "pass") {
      st = need(0);
      obj = {{"type", "pass"}};
    } else if (type == "play" || type == "deal") {
      st = need(1);
      if (st.is_ok()) obj = {{"type", type}, {"card", words[1]}};
    } else if (type == "follower") {
      st = need(2);
      if (st.is_ok()) obj = {{"type", type}, {"region", words[1]}, {"faction", words[2]}};
    } else if (type == "region" || type == "region_card") {
      st = need(1);
      if (st.is_ok()) obj = {{"type", type}, {"region", words[1]}};
    } else if (type == "faction" || type == "draw") {
      st = need(1);
      if (st.is_ok()) obj = {{"type", type}, {"faction", words[1]}};
    } else if (type == "space" || type == "seat") {
      st = need(1);
      if (st.is_ok()) {
        if (words[1].size() > 2 || words[1].find_first_not_of("0123456789") != std::string::npos ||
            words[1].empty())
          return invalid_argument(
              fmt::format("'{}' needs a small number, got '{}'", type, words[1]));
        obj = {{"type", type}, {type, std::stoi(words[1])}};
      }
    } else {
      return invalid_argument(fmt::format(
          "unknown command '{}' (pass, play, follower, region, faction, space, seat, draw, "
          "region-card, deal)",
          words[0].substr(0, 40)));
    }
    if (!st.is_ok()) return st;
  } else {
    obj = j;
  }
  if (!obj.contains("type") || !obj["type"].is_string())
    return invalid_argument("an action needs a string field 'type'");
  const std::string type = obj["type"].get<std::string>();
  auto only = [&](std::initializer_list<const char*> fields) -> Status {
    for (const auto& [k, v] : obj.items()) {
      bool known = k == "type";
      for (const char* f : fields) known = known || k == f;
      if (!known)
        return invalid_argument(
            fmt::format("field '{}' is not part of a {} action", k.substr(0, 40), type));
    }
    for (const char* f : fields)
      if (!obj.contains(f)) return invalid_argument(fmt::format("a {} action needs '{}'", type, f));
    return Status::ok();
  };
  auto name = [&](const char* field, auto find, const char* what) -> Result<int> {
    const json& v = obj[field];
    const int id = v.is_string() ? find(v.get<std::string>()) : -1;
    if (id < 0)
      return invalid_argument(
          fmt::format("'{}' must be {}, got {}", field, what,
                      v.dump(-1, ' ', false, json::error_handler_t::replace).substr(0, 60)));
    return id;
  };
  auto region = [&]() {
    return name(
        "region", [&](const std::string& s) { return b.find_region(s); }, "a region id");
  };
  auto faction = [&]() {
    return name(
        "faction", [&](const std::string& s) { return b.find_faction(s); },
        "scots, welsh or english");
  };
  auto card = [&]() {
    return name(
        "card", [&](const std::string& s) { return b.find_card(s); }, "a card id");
  };
  Action a = kInvalidAction;
  Status st;
  if (type == "pass") {
    if (st = only({}); st.is_ok()) a = kPass;
  } else if (type == "play") {
    if (st = only({"card"}); st.is_ok()) {
      auto c = card();
      if (!c) return c.status();
      a = kPlayBase + *c;
    }
  } else if (type == "follower") {
    if (st = only({"region", "faction"}); st.is_ok()) {
      auto r = region();
      if (!r) return r.status();
      auto f = faction();
      if (!f) return f.status();
      a = follower_action(*r, *f);
    }
  } else if (type == "region" || type == "region_card") {
    if (st = only({"region"}); st.is_ok()) {
      auto r = region();
      if (!r) return r.status();
      a = (type == "region" ? kRegionBase : kRegionCardBase) + *r;
    }
  } else if (type == "faction" || type == "draw") {
    if (st = only({"faction"}); st.is_ok()) {
      auto f = faction();
      if (!f) return f.status();
      a = (type == "faction" ? kFactionBase : kDrawBase) + *f;
    }
  } else if (type == "space") {
    if (st = only({"space"}); st.is_ok()) {
      const auto k = json_integer(obj["space"], 1, kNumRegions);
      if (!k) return invalid_argument("'space' must be an integer 1..8");
      a = kSpaceBase + static_cast<int>(*k) - 1;
    }
  } else if (type == "seat") {
    if (st = only({"seat"}); st.is_ok()) {
      const auto p = json_integer(obj["seat"], 0, cfg_->players - 1);
      if (!p)
        return invalid_argument(fmt::format("'seat' must be an integer 0..{}", cfg_->players - 1));
      a = kSeatBase + static_cast<int>(*p);
    }
  } else if (type == "deal") {
    if (st = only({"card"}); st.is_ok()) {
      auto c = card();
      if (!c) return c.status();
      if (*c < kFirstCunning) return invalid_argument("only Cunning cards are dealt");
      a = kDealBase + *c - kFirstCunning;
    }
  } else {
    return invalid_argument(fmt::format("unknown action type '{}'", type.substr(0, 40)));
  }
  if (!st.is_ok()) return st;
  if (!is_legal(a))
    return illegal_action(
        fmt::format("{} is not legal now (ask for the legal actions)", action_to_string(a)));
  return std::vector<Action>{a};
}

}  // namespace meeple::king_is_dead
