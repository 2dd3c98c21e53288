// Test helpers for The King is Dead: a position described the way the
// spec's test scenarios describe it (shared/rules/king_is_dead.md §16),
// turned into state JSON and loaded through the validating loader — so every
// scenario also checks that its position satisfies the §5 invariants.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "all_games/all_games.h"
#include "core/registry.h"
#include "games/king_is_dead/kid_state.h"

namespace meeple::king_is_dead::test {

using C3 = std::array<int, 3>;

struct PlayerSpec {
  PlayerSpec(C3 c = {}, int n = 0, int last = 0) : court(c), plays(n), last_play(last) {}
  C3 court{};
  int plays = 0;                     // cards played (taken from the hand in a fixed order)
  int last_play = 0;                 // 0: never played
  std::vector<std::string> hand;     // explicit hand (then discard = the rest of the dealt cards)
  std::vector<std::string> discard;  // explicit discard (with `hand`)
};

struct Position {
  int players = 2;
  bool advanced = false;
  bool betrayal = false;
  // Resolved regions in struggle order, with their outcome
  // ("scots", "welsh", "english", "unstable").
  std::vector<std::pair<std::string, std::string>> log;
  // The face-up region cards, from the next space on.
  std::vector<std::string> up;
  std::map<std::string, C3> open;  // followers of the open regions
  std::vector<int> locked_spaces;  // 1-based
  C3 supply{};
  std::vector<PlayerSpec> seats;
  int current = 0;
  int passes = 0;
  std::string phase = "action";
};

// A 2-player basic position right after set-up: every region open with
// its followers, nothing played. Tests change what they need.
inline Position opening() {
  Position p;
  p.players = 2;
  p.up = {"lancaster",   "moray",   "devon",   "essex",
          "strathclyde", "warwick", "gwynedd", "northumbria"};
  p.open = {{"moray", {3, 0, 1}},     {"strathclyde", {1, 2, 1}}, {"northumbria", {0, 1, 3}},
            {"lancaster", {2, 1, 1}}, {"gwynedd", {1, 2, 1}},     {"warwick", {1, 1, 2}},
            {"essex", {0, 1, 3}},     {"devon", {2, 2, 0}}};
  p.supply = {5, 4, 3};
  p.seats = {{{1, 1, 0}}, {{0, 1, 1}}};
  return p;
}

inline std::shared_ptr<const Game> make_game(int players, bool advanced, bool betrayal = false) {
  auto g = all_games().create("king-is-dead", {{"players", players},
                                               {"advanced", advanced},
                                               {"betrayal", betrayal},
                                               {"teams", players == 4}});
  EXPECT_TRUE(g.is_ok()) << g.status().to_string();
  return *g;
}

inline json position_json(const Position& pos) {
  const std::vector<std::string> basic_order = {
      "negotiate",       "manoeuvre",    "scottish_support", "welsh_support",
      "english_support", "outmanoeuvre", "assemble",         "assemble"};
  const std::vector<std::string> adv_order = {"negotiate", "manoeuvre", "outmanoeuvre", "assemble",
                                              "assemble"};
  std::vector<std::string> cunning = {"spy",       "ambush",   "march", "aid",
                                      "influence", "dispute",  "edict", "resist",
                                      "quell",     "suppress", "muster"};
  if (pos.betrayal) cunning.push_back("betrayal");
  json j;
  j["format"] = 1;
  j["phase"] = pos.phase;
  const int courts = pos.players * 2, fill = 26, deal = pos.advanced ? pos.players * 3 : 0;
  j["setup_step"] = courts + fill + 8 + deal;
  j["bag"] = {0, 0, 0};
  json regions = json::object();
  json track = json::array();
  for (const auto& [r, outcome] : pos.log) {
    regions[r] = {{"followers", {0, 0, 0}}, {"status", outcome}};
    track.push_back(r);
  }
  for (const auto& r : pos.up) {
    const auto it = pos.open.find(r);
    const C3 c = it == pos.open.end() ? C3{} : it->second;
    regions[r] = {{"followers", {c[0], c[1], c[2]}}, {"status", "open"}};
    track.push_back(r);
  }
  j["regions"] = regions;
  j["track"] = track;
  json locked = json::array();
  for (int k = 1; k <= 8; ++k)
    locked.push_back(std::find(pos.locked_spaces.begin(), pos.locked_spaces.end(), k) !=
                     pos.locked_spaces.end());
  j["locked"] = locked;
  j["struggles"] = pos.log.size();
  j["supply"] = {pos.supply[0], pos.supply[1], pos.supply[2]};
  json players = json::array();
  int seq = 0;
  size_t next_cunning = 0;
  for (const auto& p : pos.seats) {
    json pj;
    std::vector<std::string> dealt = pos.advanced ? adv_order : basic_order;
    if (pos.advanced) {
      // Three Cunning cards: the explicit hand's first, then unused ones.
      std::vector<std::string> mine;
      for (const auto& c : p.hand)
        if (std::find(cunning.begin(), cunning.end(), c) != cunning.end() || c == "plot")
          mine.push_back(c);
      for (const auto& c : p.discard)
        if (std::find(cunning.begin(), cunning.end(), c) != cunning.end()) mine.push_back(c);
      while (mine.size() < 3) {
        const std::string c = cunning[next_cunning++ % cunning.size()];
        bool used = false;
        for (const auto& q : pos.seats) {
          used = used || std::find(q.hand.begin(), q.hand.end(), c) != q.hand.end();
          used = used || std::find(q.discard.begin(), q.discard.end(), c) != q.discard.end();
        }
        if (!used && std::find(mine.begin(), mine.end(), c) == mine.end()) mine.push_back(c);
      }
      dealt.insert(dealt.end(), mine.begin(), mine.end());
    }
    std::vector<std::string> hand, discard;
    if (!p.hand.empty() || !p.discard.empty()) {
      hand = p.hand;
      discard = p.discard;
      std::vector<std::string> rest = dealt;
      for (const auto& c : hand) rest.erase(std::find(rest.begin(), rest.end(), c));
      for (const auto& c : discard) rest.erase(std::find(rest.begin(), rest.end(), c));
      if (discard.empty())
        discard = rest;
      else
        hand.insert(hand.end(), rest.begin(), rest.end());
    } else {
      // Plot stays in the hand; play the others in order.
      std::vector<std::string> order = dealt;
      std::stable_partition(order.begin(), order.end(),
                            [](const std::string& c) { return c != "plot"; });
      discard.assign(order.begin(), order.begin() + p.plays);
      hand.assign(order.begin() + p.plays, order.end());
    }
    pj["hand"] = hand;
    pj["discard"] = discard;
    pj["court"] = {p.court[0], p.court[1], p.court[2]};
    pj["last_play"] = p.last_play;
    seq += static_cast<int>(discard.size());
    players.push_back(pj);
  }
  j["players"] = players;
  j["current"] = pos.current;
  j["passes"] = pos.passes;
  j["seq"] = seq;
  json delta = json::array();
  for (int r = 0; r < 8; ++r) delta.push_back({0, 0, 0});
  j["last_effect"] = {{"type", "none"}, {"player", -1}, {"delta", delta}};
  j["effect"] = nullptr;
  return j;
}

inline std::unique_ptr<KidState> load(const Position& pos) {
  auto game = make_game(pos.players, pos.advanced, pos.betrayal);
  auto s = game->state_from_json(position_json(pos));
  EXPECT_TRUE(s.is_ok()) << s.status().to_string() << "\n" << position_json(pos).dump();
  if (!s.is_ok()) return nullptr;
  return std::unique_ptr<KidState>(static_cast<KidState*>(s->release()));
}

inline int region(const KidState& s, const std::string& id) {
  return s.board().find_region(id);
}

inline C3 followers(const KidState& s, const std::string& id) {
  const int r = region(s, id);
  return {s.followers(r, 0), s.followers(r, 1), s.followers(r, 2)};
}

inline C3 supply(const KidState& s) {
  return {s.supply(0), s.supply(1), s.supply(2)};
}

inline C3 court(const KidState& s, int p) {
  return {s.court(p, 0), s.court(p, 1), s.court(p, 2)};
}

inline Action act(const KidState& s, const json& j) {
  auto ids = s.decode_action(j);
  EXPECT_TRUE(ids.is_ok()) << j.dump() << ": " << ids.status().to_string();
  return ids.is_ok() ? ids->front() : kInvalidAction;
}

// Applies a text command; fails the test if it is not legal.
inline void play(KidState& s, const std::string& cmd) {
  auto ids = s.decode_action(json(cmd));
  ASSERT_TRUE(ids.is_ok()) << cmd << ": " << ids.status().to_string() << "\n" << s.to_text(0);
  for (Action a : *ids) s.apply(a);
}

inline bool legal(const KidState& s, const std::string& cmd) {
  return s.decode_action(json(cmd)).is_ok();
}

}  // namespace meeple::king_is_dead::test
