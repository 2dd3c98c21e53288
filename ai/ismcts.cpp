#include "ai/ismcts.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <cmath>

#include "ai/chance.h"
#include "core/decision.h"

namespace meeple {

// The tree: nodes in one vector (indexes, not pointers, so growth is safe).
struct IsmctsBot::Tree {
  struct Edge {
    Action action;
    int child;
    int visits = 0;
    int available = 0;  // iterations in which `action` was legal here
    double value = 0;   // summed value for the seat that chose it
  };
  struct Node {
    std::vector<Edge> edges;  // sorted by action
  };
  std::vector<Node> nodes;

  void reset() {
    nodes.clear();
    nodes.emplace_back();
  }
  int add_node() {
    nodes.emplace_back();
    return static_cast<int>(nodes.size()) - 1;
  }
};

namespace {

// Samples chance nodes until a seat decides or the game ends.
void play_chance(State& s, Rng& rng, std::vector<double>& weights) {
  while (s.is_chance()) s.apply(sample_chance_outcome(s, rng, weights));
}

}  // namespace

IsmctsBot::IsmctsBot(const Game& game, IsmctsOptions options, uint64_t seed)
    : options_(std::move(options)), rng_(seed), tree_(std::make_unique<Tree>()) {
  const GameMetadata m = game.metadata();
  min_utility_ = m.min_utility;
  max_utility_ = m.max_utility > m.min_utility ? m.max_utility : m.min_utility + 1;
}

IsmctsBot::~IsmctsBot() = default;

std::string IsmctsBot::name() const {
  return fmt::format("ismcts:{}", options_.iterations);
}

void IsmctsBot::scaled_returns(const State& s, std::vector<double>& out) const {
  out = s.returns();
  for (double& v : out) v = (v - min_utility_) / (max_utility_ - min_utility_);
}

Action IsmctsBot::choose(const Decision& d) {
  const auto& root_legal = d.legal_actions();
  assert(!root_legal.empty());
  root_visits_.clear();
  root_value_ = 0.5;
  if (root_legal.size() == 1) {
    root_visits_.emplace_back(root_legal[0], 0);
    return root_legal[0];
  }
  Tree& tree = *tree_;
  tree.reset();
  struct Step {
    int node;
    size_t edge;
    Seat actor;
  };
  std::vector<Step> path;
  std::vector<Action> legal, untried;
  for (int it = 0; it < options_.iterations; ++it) {
    d.determinize_into(rng_, sample_);
    State& s = *sample_;
    path.clear();
    int node = 0;
    bool expanded = false;
    while (!expanded) {
      play_chance(s, rng_, weights_);
      if (s.is_terminal()) break;
      const Seat actor = s.current_player();
      s.legal_actions(legal);
      auto& edges = tree.nodes[node].edges;
      // Availability, and the legal actions this node has not tried yet.
      untried.clear();
      size_t e = 0;
      for (Action a : legal) {
        while (e < edges.size() && edges[e].action < a) ++e;
        if (e < edges.size() && edges[e].action == a) {
          ++edges[e].available;
        } else {
          untried.push_back(a);
        }
      }
      size_t pick;
      if (!untried.empty()) {
        const Action a = untried[rng_.below(untried.size())];
        const int child = tree.add_node();  // may reallocate: re-find edges
        auto& es = tree.nodes[node].edges;
        auto pos = std::lower_bound(es.begin(), es.end(), a,
                                    [](const Tree::Edge& x, Action y) { return x.action < y; });
        pos = es.insert(pos, Tree::Edge{a, child, 0, 1, 0});
        pick = static_cast<size_t>(pos - es.begin());
        expanded = true;
      } else {
        double best = -1;
        pick = 0;
        for (size_t i = 0, k = 0; i < legal.size(); ++i) {
          while (edges[k].action < legal[i]) ++k;
          const Tree::Edge& x = edges[k];
          const double ucb = x.value / x.visits +
                             options_.exploration * std::sqrt(std::log(x.available) / x.visits);
          if (ucb > best) best = ucb, pick = k;
        }
      }
      const Tree::Edge& chosen = tree.nodes[node].edges[pick];
      path.push_back({node, pick, actor});
      s.apply(chosen.action);
      node = chosen.child;
    }
    // Playout: random decisions and sampled chance to the end or the limit.
    for (int step = 0; step < options_.rollout_limit && !s.is_terminal(); ++step) {
      if (s.is_chance()) {
        s.apply(sample_chance_outcome(s, rng_, weights_));
      } else {
        s.legal_actions(legal);
        s.apply(legal[rng_.below(legal.size())]);
      }
    }
    if (s.is_terminal()) {
      scaled_returns(s, value_);
    } else if (options_.leaf_value) {
      value_ = options_.leaf_value(s);
    } else {
      value_.assign(static_cast<size_t>(d.num_seats()), 0.5);
    }
    for (const Step& p : path) {
      Tree::Edge& x = tree.nodes[p.node].edges[p.edge];
      ++x.visits;
      x.value += value_[static_cast<size_t>(p.actor)];
    }
  }
  // The root's most visited action that is legal in the true decision (every
  // determinization has the seat's legal actions, so all of them are).
  const Tree::Edge* best = nullptr;
  for (const auto& x : tree.nodes[0].edges) {
    if (!d.is_legal(x.action)) continue;
    root_visits_.emplace_back(x.action, x.visits);
    if (!best || x.visits > best->visits) best = &x;
  }
  if (!best) return root_legal[rng_.below(root_legal.size())];
  root_value_ = best->visits > 0 ? best->value / best->visits : 0.5;
  return best->action;
}

}  // namespace meeple
