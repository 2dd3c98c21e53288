#include "games/goa/player.h"

#include <fmt/format.h>

#include <algorithm>

#include "games/goa/expedition_deck.h"
#include "games/goa/round.h"

namespace meeple::goa {
namespace {

// Takes the listed spices off the board, or changes nothing and fails.
Status take_off(Player& p, const std::vector<SpiceMove>& paid) {
  SupplyBoard after = p.board;
  for (const SpiceMove& m : paid)
    if (Status s = remove_spice(after, m.holding, m.spice); !s) return s;
  p.board = std::move(after);
  return Status::ok();
}

}  // namespace

void take_ships(const Components& c, Player& p) {
  p.ships += track_value(c.board, p.development, kShipsTrack);
}

void take_taxes(const Components& c, Player& p) {
  p.ducats += track_value(c.board, p.development, kTaxesTrack);
}

int placeable_spices(const Player& p, int amount) {
  int empty = 0;
  for (int h = 0; h < p.board.num_holdings(); ++h) empty += p.board.holding(h).empty();
  return std::min(amount, empty);
}

Status place_spices(Player& p, int amount, const std::vector<SpiceMove>& moves) {
  if (static_cast<int>(moves.size()) > amount)
    return illegal_action(fmt::format("at most {} spices", amount));
  SupplyBoard after = p.board;
  for (const SpiceMove& m : moves)
    if (Status s = add_spice(after, m.holding, m.spice); !s) return s;
  p.board = std::move(after);
  return Status::ok();
}

Result<ProgressGains> develop(const Components& c, Player& p, int track, Waiver w,
                              const std::vector<SpiceMove>& paid, FirstToReach& first) {
  if (track < 0 || track >= kNumTracks) return invalid_argument("no such track");
  const int level = p.development.level[track] + 1;
  if (level > kNumLevels) return illegal_action("the track is at its last row");
  const DevelopCost cost = develop_cost(c.board, track, level, w);
  std::array<int, kNumSpices> given{};
  for (const SpiceMove& m : paid) {
    if (m.spice < 0 || m.spice >= kNumSpices) return invalid_argument("no such spice");
    ++given[m.spice];
  }
  if (given != cost.spices) return illegal_action("pay exactly the spices shown for the step");
  if (p.ships < cost.ships)
    return illegal_action(fmt::format("the step costs {} ships; {} held", cost.ships, p.ships));
  if (Status s = take_off(p, paid); !s) return s;
  p.ships -= cost.ships;
  const ProgressGains g = advance(c.board, p.development, track, first);
  p.extra_action_cards += g.extra_action_cards;
  return g;
}

Status harvest_mix(const Components& c, Player& p, int ships, int colonists,
                   const std::vector<SpiceMove>& moves) {
  const int value = track_value(c.board, p.development, kHarvestTrack);
  if (ships < 0 || colonists < 0 || ships + colonists + static_cast<int>(moves.size()) != value)
    return illegal_action(fmt::format("the mix must total the Harvest value {}", value));
  if (Status s = place_spices(p, value, moves); !s) return s;
  p.ships += ships;
  p.colonists += colonists;
  return Status::ok();
}

Status expedition_action(const Components& c, Player& p, const std::vector<int>& discards,
                         int draws, ExpeditionDeck& deck, const std::function<int(int)>& pick) {
  const int take = track_value(c.board, p.development, kExpeditionTrack);
  const int limit = expedition_limit(c.board, p.development);
  std::vector<int> hand = p.hand;
  for (int card : discards) {
    auto it = std::find(hand.begin(), hand.end(), card);
    if (it == hand.end()) return illegal_action("that card is not in the hand");
    hand.erase(it);
  }
  const int size = static_cast<int>(hand.size());
  if (expedition_discards_needed(limit, size) > 0)
    return illegal_action(fmt::format("first shed cards down to the limit {}", limit));
  if (draws < 0 || draws > expedition_max_draws(take, limit, size))
    return illegal_action(
        fmt::format("draw at most {} cards", expedition_max_draws(take, limit, size)));
  for (int card : discards) deck.to_discard(card);
  p.hand = std::move(hand);
  for (int i = 0; i < draws; ++i)
    if (const int card = deck.draw(pick); card >= 0) p.hand.push_back(card);
  return Status::ok();
}

Result<ProgressGains> vice_king(const Components& c, Player& p, int track, FirstToReach& first) {
  if (track < 0 || track >= kNumTracks) return invalid_argument("no such track");
  const auto& level = p.development.level;
  const int lowest = *std::min_element(level.begin(), level.end());
  if (lowest == kNumLevels) return illegal_action("all five cubes are on the last row");
  if (level[track] != lowest) return illegal_action("the Vice-king moves the least advanced cube");
  const ProgressGains g = advance(c.board, p.development, track, first);
  p.extra_action_cards += g.extra_action_cards;
  return g;
}

Result<ProgressGains> buy_progress(const Components& c, Player& p, int card, int track,
                                   FirstToReach& first) {
  if (track < 0 || track >= kNumTracks) return invalid_argument("no such track");
  auto it = std::find(p.hand.begin(), p.hand.end(), card);
  if (it == p.hand.end()) return illegal_action("that card is not in the hand");
  const ExpeditionCard& info = c.cards[card];
  if (info.effect != Effect::kBuyProgress) return illegal_action("not a BUY_PROGRESS card");
  if (p.development.level[track] == kNumLevels) return illegal_action("the cube cannot move on");
  if (p.ducats < info.price)
    return illegal_action(fmt::format("the card asks {} ducats; {} held", info.price, p.ducats));
  p.ducats -= info.price;
  p.hand.erase(it);
  const ProgressGains g = advance(c.board, p.development, track, first);
  p.extra_action_cards += g.extra_action_cards;
  return g;
}

Status return_spices(Player& p, int amount, const std::vector<SpiceMove>& paid) {
  if (static_cast<int>(paid.size()) != amount)
    return illegal_action(fmt::format("return exactly {} spices", amount));
  return take_off(p, paid);
}

Status sell_spices(const Components& c, Player& p, const std::vector<SpiceMove>& paid) {
  const EffectInfo& sell = c.effects[static_cast<int>(Effect::kSell)];
  if (static_cast<int>(paid.size()) > sell.amount)
    return illegal_action(fmt::format("sell at most {} spices", sell.amount));
  if (Status s = take_off(p, paid); !s) return s;
  p.ducats += sell.ducats_per_spice * static_cast<int>(paid.size());
  return Status::ok();
}

Status buy_extra_action_card(const Components& c, Player& p) {
  if (p.ducats < c.setup.extra_action_price)
    return illegal_action(
        fmt::format("the card costs {} ducats; {} held", c.setup.extra_action_price, p.ducats));
  p.ducats -= c.setup.extra_action_price;
  ++p.extra_action_cards;
  return Status::ok();
}

}  // namespace meeple::goa
