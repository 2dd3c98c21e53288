// The JSON of the action ids both editions share (turn_actions.h).
#include "games/risk/turn_actions.h"

#include <algorithm>

namespace meeple::risk {

json battle_action_json(const Map& map, Action a) {
  if (a == kMoveDone) return {{"type", "done"}};
  if (a == kMoveMore) return {{"type", "more"}};
  if (a >= kDefendBase) return {{"type", "defend"}, {"dice", a - kDefendBase + 1}};
  if (a == kEndAttack) return {{"type", "end"}};
  const Edge& e = map.edges()[attack_edge_of(a)];
  return {{"type", "attack"},
          {"from", map.territory(e.from).id},
          {"to", map.territory(e.to).id},
          {"dice", attack_dice_of(a)}};
}

json move_action_json(const char* type, const Map& map, Action a) {
  const int code = static_cast<int>(a - kMoveBase);
  return {{"type", type},
          {"from", map.territory(code / kNumTerritories).id},
          {"to", map.territory(code % kNumTerritories).id}};
}

json losses_action_json(int attacker, int compared) {
  return {
      {"type", "losses"}, {"attacker", attacker}, {"defender", std::max(0, compared - attacker)}};
}

}  // namespace meeple::risk
