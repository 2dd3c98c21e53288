// Alpha-beta over whole turns (kid_search.h).
#include "ai/king_is_dead/kid_search.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "ai/king_is_dead/kid_beliefs.h"
#include "ai/king_is_dead/kid_eval.h"

namespace meeple::king_is_dead {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

class Searcher {
 public:
  Searcher(int me, size_t beam, long node_limit, bool prune)
      : me_(me), beam_(beam), limit_(node_limit), prune_(prune) {}

  // `turns`: turns still to search once the one under way is over.
  double value(const KidState& s, int turns, double alpha, double beta) {
    ++nodes_;
    if (s.is_terminal()) return evaluate(s, me_);
    const bool mid_turn = s.phase() != Phase::kAction;
    if (!mid_turn && turns <= 0) return evaluate(s, me_);
    if (out_of_nodes()) {
      // Abandoned: the caller discards this iteration; any value will do.
      return evaluate(s, me_);
    }
    const int mover = s.current_player();
    const bool ours = s.team_of(mover) == s.team_of(me_);
    double best = ours ? -kInf : kInf;
    for (Step& step : ordered_steps(s, mover, mid_turn ? beam_ : 0)) {
      const KidState& after = *step.after;
      const double v = value(after, turn_over(after, mover) ? turns - 1 : turns, alpha, beta);
      if (ours) {
        best = std::max(best, v);
        alpha = std::max(alpha, v);
      } else {
        best = std::min(best, v);
        beta = std::min(beta, v);
      }
      if (prune_ && alpha >= beta) break;
    }
    return best;
  }

  bool out_of_nodes() const { return nodes_ > limit_; }
  long nodes() const { return nodes_; }

 private:
  struct Step {
    double value;  // for the mover, negated: the mover's favourite sorts first
    std::unique_ptr<KidState> after;
  };
  // The positions after each legal step, the mover's favourites first (the
  // cut-offs come sooner), only the best `keep` of them if keep > 0.
  std::vector<Step> ordered_steps(const KidState& s, int mover, size_t keep) const {
    std::vector<Action> legal;
    s.legal_actions(legal);
    std::vector<Step> steps;
    steps.reserve(legal.size());
    for (Action a : legal) {
      auto after = std::make_unique<KidState>(s);
      after->apply(a);
      const double v = legal.size() > 1 ? -evaluate(*after, mover) : 0;
      steps.push_back({v, std::move(after)});
    }
    std::stable_sort(steps.begin(), steps.end(),
                     [](const Step& x, const Step& y) { return x.value < y.value; });
    if (keep > 0 && keep < steps.size()) steps.resize(keep);
    return steps;
  }

  int me_;
  size_t beam_;
  long limit_;
  bool prune_;
  long nodes_ = 0;
};

class TurnSearchBot final : public Bot {
 public:
  TurnSearchBot(TurnSearchOptions o, uint64_t seed, std::string name)
      : o_(o), rng_(seed), name_(std::move(name)) {
    if (o_.belief_beta > 0) beliefs_ = std::make_unique<CunningBeliefs>(o_.belief_beta);
  }
  std::string name() const override { return name_; }
  bool remembers() const override { return beliefs_ != nullptr; }

  Action choose(const Decision& d) override {
    const auto& legal = d.legal_actions();
    // The beliefs learn from every turn of the other, so they see every
    // decision, forced ones too, and the state each leaves.
    std::unique_ptr<State> seen;
    if (beliefs_ && d.has_hidden_information() && d.num_seats() == 2) {
      seen = d.determinize(rng_);
      beliefs_->observe(static_cast<const KidState&>(*seen), d.seat());
    }
    const Action a = decide(d, legal, static_cast<const KidState*>(seen.get()));
    if (seen) {
      seen->apply(a);
      beliefs_->after_my_action(static_cast<const KidState&>(*seen), d.seat());
    }
    return a;
  }

 private:
  // `seen`: a determinization the beliefs have observed, or null to draw
  // the hidden cards uniformly.
  Action decide(const Decision& d, const std::vector<Action>& legal, const KidState* seen) {
    if (legal.size() == 1) return legal.front();
    const int samples = d.has_hidden_information() ? std::max(1, o_.samples) : 1;
    // Votes for each sample's best action; its value breaks ties.
    std::vector<double> votes(legal.size(), 0);
    positions_ = 0;
    deepest_ = 0;
    for (int k = 0; k < samples; ++k) {
      const std::unique_ptr<State> world =
          seen ? std::unique_ptr<State>(beliefs_->sample(*seen, d.seat(), rng_))
               : d.determinize(rng_);
      const auto values =
          root_values(static_cast<const KidState&>(*world), d.seat(), legal, o_.nodes / samples);
      const size_t top =
          static_cast<size_t>(std::max_element(values.begin(), values.end()) - values.begin());
      votes[top] += 1;
      for (size_t i = 0; i < legal.size(); ++i)
        votes[i] += 1e-6 * std::clamp(values[i], -1000.0, 1000.0);
    }
    // What it searched: `meeple bench king-is-dead` and a curious bot writer.
    if (on_info) on_info({{"positions", positions_}, {"turns", deepest_}});
    return legal[static_cast<size_t>(std::max_element(votes.begin(), votes.end()) - votes.begin())];
  }

  // Each legal action's value, from the deepest iteration completed within
  // `budget` nodes (the first always completes). Values below the best are
  // only bounds, which is all choosing needs.
  std::vector<double> root_values(const KidState& s, int me, const std::vector<Action>& legal,
                                  long budget) {
    std::vector<double> best(legal.size(), 0);
    std::vector<size_t> order(legal.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    long spent = 0;
    for (int turns = 1; turns <= kMaxTurns; ++turns) {
      // The first iteration is never cut short, so there is always an answer.
      Searcher search(me, o_.beam, turns == 1 ? std::numeric_limits<long>::max() : budget - spent,
                      true);
      std::vector<double> values(legal.size(), -kInf);
      double alpha = -kInf;
      for (size_t i : order) {
        KidState after(s);
        after.apply(legal[i]);
        // A bound just below alpha: ties with the best so far stay exact.
        values[i] = search.value(after, turn_over(after, me) ? turns - 1 : turns,
                                 std::nextafter(alpha, -kInf), kInf);
        alpha = std::max(alpha, values[i]);
        if (search.out_of_nodes()) break;
      }
      spent += search.nodes();
      positions_ += search.nodes();
      if (search.out_of_nodes()) break;
      best = values;
      deepest_ = std::max(deepest_, turns);
      // The next iteration searches the best first: more cut-offs.
      std::stable_sort(order.begin(), order.end(),
                       [&](size_t a, size_t b) { return values[a] > values[b]; });
      if (std::abs(values[order.front()]) >= 1000 || spent >= budget) break;
    }
    return best;
  }

  static constexpr int kMaxTurns = 40;  // past any game's end

  TurnSearchOptions o_;
  Rng rng_;
  std::string name_;
  std::unique_ptr<CunningBeliefs> beliefs_;  // null: hidden cards drawn uniformly
  long positions_ = 0;                       // in the last choose(), over every sample
  int deepest_ = 0;                          // the most turns a search of it completed
};

}  // namespace

double turn_minimax(const KidState& s, int me, int turns, size_t beam, bool prune) {
  Searcher search(me, beam, std::numeric_limits<long>::max(), prune);
  return search.value(s, turns, -kInf, kInf);
}

std::unique_ptr<Bot> make_turn_search_bot(TurnSearchOptions options, uint64_t seed,
                                          std::string name) {
  return std::make_unique<TurnSearchBot>(options, seed, std::move(name));
}

}  // namespace meeple::king_is_dead
