#include "ai/ismcts.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cmath>
#include <map>
#include <thread>

#include "core/chance.h"
#include "core/decision.h"

namespace meeple {

namespace {

using Clock = std::chrono::steady_clock;

// Samples chance nodes until a seat decides or the game ends.
void play_chance(State& s, Rng& rng, std::vector<double>& weights) {
  while (s.is_chance()) s.apply(sample_chance_outcome(s, rng, weights));
}

}  // namespace

// One search tree, its RNG and its reused buffers; one per thread.
class IsmctsBot::Searcher {
 public:
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

  Searcher(const Game& game, const IsmctsOptions& options, uint64_t seed)
      : options_(options), rng_(seed), reuse_rng_(mix64(seed, 0x5245555345ull)) {
    const GameMetadata m = game.metadata();
    min_utility_ = m.min_utility;
    max_utility_ = m.max_utility > m.min_utility ? m.max_utility : m.min_utility + 1;
  }

  // Searches d for up to `iterations` iterations or until `deadline` (when
  // timed); returns the iterations done. The root's edges hold the result.
  int search(const Decision& d, int iterations, bool timed, Clock::time_point deadline) {
    const int kept = options_.reuse_tree ? find_kept(d) : -1;
    kept_child_ = -1;
    if (kept > 0) {
      reroot(kept);
    } else {
      nodes_.clear();
      nodes_.emplace_back();
    }
    int it = 0;
    for (; it < iterations; ++it) {
      // The clock is read every 8 iterations: a playout is microseconds.
      if (timed && it % 8 == 0 && it > 0 && Clock::now() >= deadline) break;
      iterate(d);
    }
    return it;
  }

  const std::vector<Edge>& root() const { return nodes_[0].edges; }

  // Tree reuse: the decision just searched and the action played there,
  // for the next search to find its own node under it. Its own RNG, so the
  // search draws what it drew without reuse.
  void remember(const Decision& d, Action played) {
    kept_child_ = -1;
    for (const Edge& e : root()) {
      if (e.action == played) kept_child_ = e.child;
    }
    if (kept_child_ < 0) return;
    d.determinize_into(reuse_rng_, before_);
    kept_action_ = played;
    kept_seat_ = d.seat();
  }

 private:
  struct Step {
    int node;
    size_t edge;
    Seat actor;
  };

  // The node of d's decision under the remembered action, or -1: a
  // breadth-first walk over a determinization of the remembered decision,
  // the more visited edges first, through decisions only (nearest first:
  // the decision sought is seldom more than a few plies down).
  int find_kept(const Decision& d) {
    // Only the same seat's: another seat's tree was grown on samples of
    // what that seat could not see (a bot playing several seats).
    if (kept_child_ < 0 || !before_ || kept_seat_ != d.seat()) return -1;
    struct Visit {
      int node;
      int parent;  // index into `states` (the parent's state), -1: before_
      Action action;
      int visits;
    };
    std::vector<Visit> queue{{kept_child_, -1, kept_action_, 0}};
    std::vector<std::unique_ptr<State>> states;  // of the nodes walked through
    for (size_t head = 0; head < queue.size() && head < kMaxKeptLooks; ++head) {
      const Visit v = queue[head];
      auto s = (v.parent < 0 ? *before_ : *states[static_cast<size_t>(v.parent)]).clone();
      if (!s->is_legal(v.action)) continue;  // legal in another determinization only
      s->apply(v.action);
      const auto& edges = nodes_[static_cast<size_t>(v.node)].edges;
      // Chance is not in the tree; a node without edges has nothing to give.
      if (s->is_chance() || s->is_terminal() || edges.empty()) continue;
      if (s->current_player() == d.seat()) {
        s->legal_actions(legal_);
        if (legal_ == d.legal_actions() && s->view(d.seat()) == d.view()) return v.node;
      }
      const int parent = static_cast<int>(states.size());
      states.push_back(std::move(s));
      const size_t first = queue.size();
      for (const Edge& e : edges) queue.push_back({e.child, parent, e.action, e.visits});
      std::stable_sort(queue.begin() + static_cast<std::ptrdiff_t>(first), queue.end(),
                       [](const Visit& a, const Visit& b) { return a.visits > b.visits; });
    }
    return -1;
  }

  // Makes `root`'s subtree the whole tree, rooted at index 0.
  void reroot(int root) {
    std::vector<Node> tree;
    tree.push_back(std::move(nodes_[static_cast<size_t>(root)]));
    for (size_t i = 0; i < tree.size(); ++i) {
      for (size_t k = 0; k < tree[i].edges.size(); ++k) {
        Node child = std::move(nodes_[static_cast<size_t>(tree[i].edges[k].child)]);
        tree.push_back(std::move(child));  // may reallocate: index again
        tree[i].edges[k].child = static_cast<int>(tree.size()) - 1;
      }
    }
    nodes_.swap(tree);
  }

  void iterate(const Decision& d) {
    d.determinize_into(rng_, sample_);
    State& s = *sample_;
    path_.clear();
    int node = 0;
    bool expanded = false;
    while (!expanded) {
      play_chance(s, rng_, weights_);
      if (s.is_terminal()) break;
      const Seat actor = s.current_player();
      s.legal_actions(legal_);
      if (options_.candidates) {
        narrowed_.clear();
        options_.candidates(s, legal_, narrowed_);
        assert(!narrowed_.empty());
        std::sort(narrowed_.begin(), narrowed_.end());
        legal_.swap(narrowed_);
      }
      auto& edges = nodes_[static_cast<size_t>(node)].edges;
      // Availability, and the legal actions this node has not tried yet.
      untried_.clear();
      size_t e = 0;
      for (Action a : legal_) {
        while (e < edges.size() && edges[e].action < a) ++e;
        if (e < edges.size() && edges[e].action == a) {
          ++edges[e].available;
        } else {
          untried_.push_back(a);
        }
      }
      size_t pick;
      if (!untried_.empty()) {
        const Action a = untried_[rng_.below(untried_.size())];
        nodes_.emplace_back();  // may reallocate: re-find the edges
        const int child = static_cast<int>(nodes_.size()) - 1;
        auto& es = nodes_[static_cast<size_t>(node)].edges;
        auto pos = std::lower_bound(es.begin(), es.end(), a,
                                    [](const Edge& x, Action y) { return x.action < y; });
        pos = es.insert(pos, Edge{a, child, 0, 1, 0});
        pick = static_cast<size_t>(pos - es.begin());
        expanded = true;
      } else {
        double best = -1;
        pick = 0;
        for (size_t i = 0, k = 0; i < legal_.size(); ++i) {
          while (edges[k].action < legal_[i]) ++k;
          const Edge& x = edges[k];
          const double ucb = x.value / x.visits +
                             options_.exploration * std::sqrt(std::log(x.available) / x.visits);
          if (ucb > best) best = ucb, pick = k;
        }
      }
      const Edge& chosen = nodes_[static_cast<size_t>(node)].edges[pick];
      path_.push_back({node, pick, actor});
      s.apply(chosen.action);
      node = chosen.child;
    }
    // Playout: the policy's (or random) decisions and sampled chance, to
    // the end or the limit.
    for (int step = 0; step < options_.rollout_limit && !s.is_terminal(); ++step) {
      if (s.is_chance()) {
        s.apply(sample_chance_outcome(s, rng_, weights_));
      } else {
        s.legal_actions(legal_);
        s.apply(options_.rollout ? options_.rollout(s, legal_, rng_, d.seat())
                                 : legal_[rng_.below(legal_.size())]);
      }
    }
    if (s.is_terminal()) {
      value_ = s.returns();
      for (double& v : value_) v = (v - min_utility_) / (max_utility_ - min_utility_);
    } else if (options_.leaf_value) {
      value_ = options_.leaf_value(s);
    } else {
      value_.assign(static_cast<size_t>(d.num_seats()), 0.5);
    }
    for (const Step& p : path_) {
      Edge& x = nodes_[static_cast<size_t>(p.node)].edges[p.edge];
      ++x.visits;
      x.value += value_[static_cast<size_t>(p.actor)];
    }
  }

  // How many nodes find_kept looks at: the decisions between two of the
  // seat's are few, and the walk must cost little beside a search.
  static constexpr size_t kMaxKeptLooks = 64;

  const IsmctsOptions& options_;
  double min_utility_, max_utility_;
  Rng rng_;
  Rng reuse_rng_;                  // determinizes the remembered decision
  std::unique_ptr<State> before_;  // the remembered decision, determinized
  Action kept_action_ = kInvalidAction;
  Seat kept_seat_ = 0;
  int kept_child_ = -1;            // its node under kept_action_, or -1
  std::vector<Node> nodes_;        // indexes, not pointers, so growth is safe
  std::unique_ptr<State> sample_;  // reused determinization storage
  std::vector<Step> path_;
  std::vector<Action> legal_, untried_, narrowed_;
  std::vector<double> weights_, value_;  // per-iteration buffers, reused
};

IsmctsBot::IsmctsBot(const Game& game, IsmctsOptions options, uint64_t seed)
    : options_(std::move(options)) {
  options_.threads = std::clamp(options_.threads, 1, 64);
  options_.iterations = std::max(options_.iterations, 1);
  // Tree 0 draws from the seed itself, so one thread searches exactly as
  // before threads existed; the others from seeds derived from it.
  for (int t = 0; t < options_.threads; ++t)
    searchers_.push_back(std::make_unique<Searcher>(
        game, options_, t == 0 ? seed : mix64(seed, static_cast<uint64_t>(t))));
}

IsmctsBot::~IsmctsBot() = default;

std::string IsmctsBot::name() const {
  if (!options_.name.empty()) return options_.name;
  return fmt::format("ismcts:{}", options_.iterations);
}

Action IsmctsBot::choose(const Decision& d) {
  // Decision caches its legal actions on first use: that happens here,
  // before the threads share d (they use only determinize and is_legal).
  const auto& root_legal = d.legal_actions();
  assert(!root_legal.empty());
  if (options_.reuse_tree) (void)d.view();  // cached, as the legal actions
  root_visits_.clear();
  root_value_ = 0.5;
  iterations_done_ = 0;
  iterations_kept_ = 0;
  if (root_legal.size() == 1) {
    root_visits_.emplace_back(root_legal[0], 0);
    return root_legal[0];
  }
  const bool timed = options_.milliseconds > 0;
  const auto deadline =
      Clock::now() + std::chrono::microseconds(static_cast<int64_t>(options_.milliseconds * 1000));
  const int n = options_.threads;
  std::vector<int> done(static_cast<size_t>(n), 0);
  auto run = [&](int t) {
    const int share = options_.iterations / n + (t < options_.iterations % n ? 1 : 0);
    done[static_cast<size_t>(t)] =
        searchers_[static_cast<size_t>(t)]->search(d, share, timed, deadline);
  };
  if (n == 1) {
    run(0);
  } else {
    std::vector<std::thread> pool;
    for (int t = 1; t < n; ++t) pool.emplace_back(run, t);
    run(0);
    for (auto& th : pool) th.join();
  }
  // Sum the trees' roots, over the actions legal in the true decision
  // (every determinization has the seat's legal actions, so all are).
  std::map<Action, std::pair<int, double>> total;
  int visits_total = 0;
  for (int t = 0; t < n; ++t) {
    iterations_done_ += done[static_cast<size_t>(t)];
    for (const auto& x : searchers_[static_cast<size_t>(t)]->root()) {
      visits_total += x.visits;
      if (!d.is_legal(x.action)) continue;
      auto& [visits, value] = total[x.action];
      visits += x.visits;
      value += x.value;
    }
  }
  Action best = kInvalidAction;
  int best_visits = -1;
  double best_value = 0;
  for (const auto& [action, vv] : total) {
    root_visits_.emplace_back(action, vv.first);
    if (vv.first > best_visits) best = action, best_visits = vv.first, best_value = vv.second;
  }
  iterations_kept_ = visits_total - iterations_done_;
  if (best == kInvalidAction) best = root_legal.front();
  if (best_visits > 0) root_value_ = best_value / best_visits;
  if (options_.reuse_tree) {
    for (auto& searcher : searchers_) searcher->remember(d, best);
  }
  return best;
}

}  // namespace meeple
