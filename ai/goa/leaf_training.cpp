// Fitting the learned Goa leaf value (leaf_training.h).
#include "ai/goa/leaf_training.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>
#include <thread>

#include "ai/goa/goa_bot.h"
#include "core/decision.h"
#include "core/match.h"
#include "core/rng.h"
#include "games/goa/goa_game.h"

namespace meeple::goa {

namespace {

constexpr size_t kTerms = kNumWorthTerms;

// One kept position: every seat's terms and its share of the win.
struct Sample {
  int round = 0;
  std::vector<WorthTerms> terms;
  std::vector<double> won;
};

// One heuristic game from `seed`; a `share` of its decisions kept.
std::vector<Sample> play_game(const std::shared_ptr<const Game>& game, uint64_t seed,
                              double share) {
  Match m = Match::start(game, seed);
  const int n = game->num_seats();
  std::vector<std::unique_ptr<Bot>> bots;
  for (int seat = 0; seat < n; ++seat)
    // The heuristic reads no data file, so it is always made.
    bots.push_back(
        make_goa_bot(*game, kHeuristicLevel, seed * 8 + static_cast<uint64_t>(seat)).value());
  Rng keep(seed ^ 0x9e3779b97f4a7c15ULL);
  std::vector<Sample> kept;
  while (!m.state().is_terminal()) {
    if (m.state().is_chance()) {
      m.sample_chance();
      continue;
    }
    const auto& s = static_cast<const GoaState&>(m.state());
    if (keep.unit() < share) {
      Sample x;
      x.round = s.round();
      x.terms = seat_worth_terms(s);
      kept.push_back(std::move(x));
    }
    const Decision d(*game, m.state());
    (void)m.act(bots[static_cast<size_t>(m.state().current_player())]->choose(d));
  }
  const auto r = m.state().returns();
  const double winners =
      static_cast<double>(std::count_if(r.begin(), r.end(), [](double v) { return v > 0; }));
  std::vector<double> won(static_cast<size_t>(n));
  for (size_t p = 0; p < won.size(); ++p) won[p] = r[p] > 0 ? 1 / winners : 0;
  for (Sample& x : kept) x.won = won;
  return kept;
}

// Solves a x = b (a symmetric positive definite, kTerms square) in place by
// Gaussian elimination with partial pivoting; b becomes x.
void solve(std::array<std::array<double, kTerms>, kTerms>& a, WorthTerms& b) {
  for (size_t c = 0; c < kTerms; ++c) {
    size_t pivot = c;
    for (size_t r = c + 1; r < kTerms; ++r)
      if (std::fabs(a[r][c]) > std::fabs(a[pivot][c])) pivot = r;
    std::swap(a[c], a[pivot]);
    std::swap(b[c], b[pivot]);
    for (size_t r = c + 1; r < kTerms; ++r) {
      const double f = a[r][c] / a[c][c];
      for (size_t k = c; k < kTerms; ++k) a[r][k] -= f * a[c][k];
      b[r] -= f * b[c];
    }
  }
  for (size_t c = kTerms; c-- > 0;) {
    for (size_t k = c + 1; k < kTerms; ++k) b[c] -= a[c][k] * b[k];
    b[c] /= a[c][c];
  }
}

// Mean log loss of the winners' chances, and how often the favourite won.
std::pair<double, double> measure(const std::vector<const Sample*>& xs,
                                  const std::function<WorthTerms(int round)>& weights) {
  if (xs.empty()) return {0, 0};
  double loss = 0, right = 0;
  std::vector<double> p;
  for (const Sample* x : xs) {
    softmax_chances(weights(x->round), x->terms, p);
    size_t top = 0;
    for (size_t q = 0; q < p.size(); ++q) {
      if (x->won[q] > 0) loss -= x->won[q] * std::log(std::max(p[q], 1e-12));
      if (p[q] > p[top]) top = q;
    }
    right += x->won[top] > 0 ? 1 : 0;
  }
  const double n = static_cast<double>(xs.size());
  return {loss / n, right / n};
}

// Newton's method on the ridge-penalised conditional logit likelihood. The
// likelihood is concave, so full steps converge near the optimum; far from
// it a full step can overshoot, so a step that lowers the likelihood is
// halved until it does not.
WorthTerms fit(const std::vector<const Sample*>& xs, double l2) {
  WorthTerms w{};
  if (xs.empty()) return w;
  const double ridge = 2 * l2 * static_cast<double>(xs.size());
  // The penalised log likelihood: measure()'s mean log loss, summed, less
  // the ridge.
  auto objective = [&xs, ridge](const WorthTerms& v) {
    double value = -static_cast<double>(xs.size()) * measure(xs, [&](int) { return v; }).first;
    for (double wt : v) value -= ridge / 2 * wt * wt;
    return value;
  };
  std::vector<double> p;
  double now = objective(w);
  for (int iteration = 0; iteration < 50; ++iteration) {
    WorthTerms g{};
    std::array<std::array<double, kTerms>, kTerms> h{};
    for (const Sample* x : xs) {
      softmax_chances(w, x->terms, p);
      WorthTerms mean{};
      for (size_t q = 0; q < p.size(); ++q)
        for (size_t t = 0; t < kTerms; ++t) {
          mean[t] += p[q] * x->terms[q][t];
          g[t] += (x->won[q] - p[q]) * x->terms[q][t];
        }
      for (size_t q = 0; q < p.size(); ++q)
        for (size_t i = 0; i < kTerms; ++i)
          for (size_t j = 0; j < kTerms; ++j)
            h[i][j] += p[q] * (x->terms[q][i] - mean[i]) * (x->terms[q][j] - mean[j]);
    }
    for (size_t t = 0; t < kTerms; ++t) {
      g[t] -= ridge * w[t];
      h[t][t] += ridge;
    }
    solve(h, g);
    WorthTerms next = w;
    double next_value = now;
    for (double scale = 1; scale > 1e-6; scale /= 2) {
      for (size_t t = 0; t < kTerms; ++t) next[t] = w[t] + scale * g[t];
      next_value = objective(next);
      if (next_value >= now - 1e-12 * std::fabs(now)) break;
    }
    if (next_value < now - 1e-12 * std::fabs(now)) break;  // no step helps: optimum
    double step = 0;
    for (size_t t = 0; t < kTerms; ++t) step = std::max(step, std::fabs(next[t] - w[t]));
    w = next;
    now = next_value;
    if (step < 1e-9) break;
  }
  return w;
}

}  // namespace

LeafTraining train_leaf_model(const LeafTrainingOptions& o,
                              const std::function<void(int, int)>& progress) {
  LeafTraining out;
  const int total = o.games * (kLeafMaxPlayers - kLeafMinPlayers + 1);
  std::atomic<int> done{0};
  std::mutex report;
  for (int players = kLeafMinPlayers; players <= kLeafMaxPlayers; ++players) {
    auto game = make_game({{"players", players}, {"bonanza", true}});
    if (!game) continue;  // the game's own options; cannot fail
    // Each game's positions in its own slot: the result is the same
    // whatever the threads.
    std::vector<std::vector<Sample>> per_game(static_cast<size_t>(o.games));
    std::atomic<int> next{0};
    auto work = [&] {
      for (int g; (g = next++) < o.games;) {
        per_game[static_cast<size_t>(g)] =
            play_game(*game, o.seed + static_cast<uint64_t>(g), o.sample);
        const int d = ++done;
        if (progress) {
          std::lock_guard lock(report);
          progress(d, total);
        }
      }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < std::max(1, o.threads); ++t) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    for (int round = 1; round <= kLeafRounds; ++round) {
      std::vector<const Sample*> train, held;
      for (size_t g = 0; g < per_game.size(); ++g)
        for (const Sample& x : per_game[g])
          if (x.round == round || (round == kLeafRounds && x.round > kLeafRounds))
            (g % 5 == 4 ? held : train).push_back(&x);
      const WorthTerms w = fit(train, o.l2);
      out.model
          .weights[static_cast<size_t>(players - kLeafMinPlayers)][static_cast<size_t>(round - 1)] =
          w;
      LeafFitReport r;
      r.players = players;
      r.round = round;
      r.train_positions = static_cast<long>(train.size());
      r.holdout_positions = static_cast<long>(held.size());
      std::tie(r.holdout_loss, r.holdout_accuracy) = measure(held, [&](int) { return w; });
      std::tie(r.hand_holdout_loss, r.hand_accuracy) = measure(held, [](int rd) {
        WorthTerms h = hand_weights(time_left(rd));
        for (double& v : h) v /= kHandLeafScale;
        return h;
      });
      out.report.push_back(r);
    }
  }
  return out;
}

}  // namespace meeple::goa
