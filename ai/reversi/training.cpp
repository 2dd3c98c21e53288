#include "ai/reversi/training.h"

#include <algorithm>
#include <atomic>
#include <climits>
#include <cmath>
#include <cstdint>
#include <memory>
#include <thread>

#include "ai/reversi/eval.h"
#include "ai/reversi/search.h"
#include "core/rng.h"
#include "games/reversi/playout.h"

namespace meeple::reversi {

namespace {

// Runs job(i, t) for i in [0, n) on `threads` threads t = 0.., each index once.
template <typename Job>
void parallel_for(int n, int threads, Job job) {
  std::atomic<int> next{0};
  auto worker = [&](int t) {
    for (int i = next++; i < n; i = next++) job(i, t);
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < std::max(1, threads); ++t) pool.emplace_back(worker, t);
  worker(0);
  for (std::thread& t : pool) t.join();
}

struct Recorded {
  Bitboard P, O;
  bool black;     // the side to move
  bool searched;  // its move came from a search, whose value is `value`
  double value;   // discs, for the side to move
};

// A search result in discs for the side to move.
double search_value_discs(const SearchResult& r) {
  if (r.exact) return r.score;
  if (r.score >= kDecided) return (r.score - kDecided) / 100.0;
  if (r.score <= -kDecided) return (r.score + kDecided) / 100.0;
  return r.score / 100.0;
}

// One self-play game from the start; appends its labelled positions.
void play_game(Searcher& searcher, Rng& rng, const SelfPlayOptions& o,
               std::vector<TrainingSample>& out) {
  Bitboard black = kStartBlack, white = kStartWhite;
  bool black_to_move = true;
  const int opening =
      o.random_min +
      static_cast<int>(rng.below(static_cast<uint64_t>(o.random_max - o.random_min + 1)));
  std::vector<Recorded> seen;
  SearchLimits limits;
  limits.max_depth = o.depth;
  limits.exact_empties = o.exact_empties;
  // Full width, as the shipped tables' games were played (ProbCut came
  // after them; docs/reversi_eval.md's commands still reproduce the file).
  limits.probcut = false;
  for (int ply = 0;; ++ply) {
    const Bitboard P = black_to_move ? black : white, O = black_to_move ? white : black;
    const Bitboard moves = legal_moves(P, O);
    if (!moves) {
      if (!legal_moves(O, P)) break;
      black_to_move = !black_to_move;  // a pass
      continue;
    }
    Recorded& rec = seen.emplace_back(Recorded{P, O, black_to_move, false, 0});
    int sq;
    if (ply < opening) {
      sq = nth_square(moves, static_cast<int>(rng.below(static_cast<uint64_t>(popcount(moves)))));
    } else {
      const SearchResult r = searcher.search(P, O, limits);
      sq = r.move;
      rec.searched = true;
      rec.value = search_value_discs(r);
    }
    const Bitboard f = flips(sq, P, O);
    const Bitboard np = P ^ f ^ square_bit(sq), no = O ^ f;
    (black_to_move ? black : white) = np;
    (black_to_move ? white : black) = no;
    black_to_move = !black_to_move;
  }
  const int black_margin = final_score(black, white);
  const double w = o.weights != nullptr ? o.search_weight : 0;
  for (const Recorded& r : seen) {
    const double outcome = r.black ? black_margin : -black_margin;
    const double label =
        r.searched ? (1 - w) * outcome + w * std::clamp(r.value, -64.0, 64.0) : outcome;
    out.push_back({r.P, r.O, static_cast<int8_t>(std::lround(label))});
  }
}

}  // namespace

std::vector<TrainingSample> self_play(const SelfPlayOptions& o) {
  const int threads = std::max(1, o.threads);
  std::vector<std::vector<TrainingSample>> per_game(static_cast<size_t>(std::max(0, o.games)));
  std::vector<std::unique_ptr<Searcher>> searchers;
  for (int t = 0; t < threads; ++t) searchers.push_back(std::make_unique<Searcher>(4, o.weights));
  std::atomic<int> done{0};
  // Each thread has its searcher; a game clears it first, so a game's moves
  // do not depend on which thread played the games before.
  parallel_for(o.games, threads, [&](int i, int t) {
    Searcher& searcher = *searchers[static_cast<size_t>(t)];
    searcher.clear();
    Rng rng(mix64(o.seed, static_cast<uint64_t>(i)));
    play_game(searcher, rng, o, per_game[static_cast<size_t>(i)]);
    const int d = ++done;
    if (o.on_progress) o.on_progress(d);
  });
  std::vector<TrainingSample> all;
  for (auto& g : per_game) all.insert(all.end(), g.begin(), g.end());
  return all;
}

namespace {

struct StageData {
  std::vector<FeatureIndex> slots;
  std::vector<float> target;  // evaluation units
};

double mean_abs_error(const StageData& d, const std::vector<float>& w, size_t begin, size_t end) {
  if (begin >= end) return 0;
  double sum = 0;
  for (size_t i = begin; i < end; ++i) {
    float pred = w[static_cast<size_t>(bias_slot())];
    for (int s : d.slots[i].slot) pred += w[static_cast<size_t>(s)];
    sum += std::abs(d.target[i] - pred);
  }
  return sum / static_cast<double>(end - begin) / 100.0;
}

// `b` under symmetry `sym` of the board (patterns.h's transform_square).
Bitboard transform_board(Bitboard b, int sym) {
  Bitboard out = 0;
  for (; b; b &= b - 1) out |= square_bit(transform_square(sym, lowest_square(b)));
  return out;
}

void fit_stage(int stage, const std::vector<TrainingSample>& samples, const PatternWeights& start,
               const FitOptions& o, PatternWeights& out, StageFit& report) {
  std::vector<const TrainingSample*> mine;
  for (const TrainingSample& s : samples)
    if (stage_of(popcount(~(s.P | s.O))) == stage) mine.push_back(&s);
  size_t n = mine.size();
  // A seeded shuffle; the tail is held out. Only the training positions are
  // also seen under the board's other symmetries: a symmetric copy of a
  // held-out position would leak it into training.
  Rng rng(mix64(o.seed, static_cast<uint64_t>(stage)));
  for (size_t i = n; i > 1; --i) std::swap(mine[i - 1], mine[rng.below(i)]);
  const size_t held_positions = static_cast<size_t>(static_cast<double>(n) * o.holdout);
  const int symmetries = std::clamp(o.symmetries, 1, 8);
  StageData d;
  auto add = [&d](Bitboard P, Bitboard O, int margin) {
    FeatureIndex fi;
    feature_slots(P, O, fi);
    d.slots.push_back(fi);
    d.target.push_back(100.0f * static_cast<float>(margin));
  };
  for (size_t i = 0; i < n - held_positions; ++i)
    for (int sym = 0; sym < symmetries; ++sym)
      add(transform_board(mine[i]->P, sym), transform_board(mine[i]->O, sym), mine[i]->margin);
  const size_t train = d.slots.size();
  // The augmented copies of one position sit together: shuffle again.
  {
    std::vector<size_t> order(train);
    for (size_t i = 0; i < train; ++i) order[i] = i;
    for (size_t i = train; i > 1; --i) std::swap(order[i - 1], order[rng.below(i)]);
    StageData shuffled;
    for (size_t i : order) {
      shuffled.slots.push_back(d.slots[i]);
      shuffled.target.push_back(d.target[i]);
    }
    d = std::move(shuffled);
  }
  for (size_t i = n - held_positions; i < n; ++i) add(mine[i]->P, mine[i]->O, mine[i]->margin);
  const size_t held = held_positions;
  n = d.slots.size();

  const int count = stage_weight_count();
  std::vector<float> w(static_cast<size_t>(count));
  for (int j = 0; j < count; ++j) w[static_cast<size_t>(j)] = start.stage(stage)[j];
  std::vector<float> best = w;
  double best_error = mean_abs_error(d, w, train, n);
  report = {stage, mine.size(), mean_abs_error(d, w, 0, train), best_error, 0};
  constexpr float kActive = kNumInstances + 3;  // patterns, two mobilities, bias
  for (int epoch = 1; epoch <= o.epochs && train > 0; ++epoch) {
    const double rate = o.rate * (1.0 - 0.9 * (epoch - 1) / std::max(1, o.epochs - 1));
    const float step = static_cast<float>(rate) / kActive;
    const float decay = step * static_cast<float>(o.l2);
    for (size_t i = 0; i < train; ++i) {
      const FeatureIndex& fi = d.slots[i];
      float pred = w[static_cast<size_t>(bias_slot())];
      for (int s : fi.slot) pred += w[static_cast<size_t>(s)];
      const float delta = step * (d.target[i] - pred);
      w[static_cast<size_t>(bias_slot())] += delta;
      for (int s : fi.slot) {
        float& x = w[static_cast<size_t>(s)];
        x += delta - decay * x;
      }
    }
    const double err = held > 0 ? mean_abs_error(d, w, train, n) : 0;
    if (held == 0 || err < best_error) {
      best_error = err;
      best = w;
      report.best_epoch = epoch;
    }
  }
  report.train_error = mean_abs_error(d, best, 0, train);
  report.holdout_error = best_error;
  int16_t* dst = out.stage(stage);
  for (int j = 0; j < count; ++j)
    dst[j] = static_cast<int16_t>(
        std::clamp(std::lround(best[static_cast<size_t>(j)]), -32767L, 32767L));
}

}  // namespace

PatternWeights fit_patterns(const std::vector<TrainingSample>& samples, const PatternWeights& start,
                            const FitOptions& o, std::vector<StageFit>* report) {
  PatternWeights out = zero_weights();
  std::vector<StageFit> fits(kNumStages);
  parallel_for(kNumStages, o.threads, [&](int stage, int /*thread*/) {
    fit_stage(stage, samples, start, o, out, fits[static_cast<size_t>(stage)]);
  });
  if (report) *report = fits;
  return out;
}

double fit_win_chance_scale(const std::vector<TrainingSample>& samples,
                            const PatternWeights& weights, int min_empties) {
  std::vector<std::pair<double, double>> points;  // evaluation, result
  for (const TrainingSample& s : samples) {
    if (popcount(~(s.P | s.O)) <= min_empties) continue;
    points.emplace_back(evaluate(&weights, s.P, s.O), s.margin > 0   ? 1.0
                                                      : s.margin < 0 ? 0.0
                                                                     : 0.5);
  }
  if (points.empty()) return 0;
  auto log_likelihood = [&points](double scale) {
    double sum = 0;
    for (const auto& [e, y] : points) {
      const double p = std::clamp(1.0 / (1.0 + std::exp(-e / scale)), 1e-9, 1 - 1e-9);
      sum += y * std::log(p) + (1 - y) * std::log(1 - p);
    }
    return sum;
  };
  // Golden-section search: the likelihood is unimodal in the scale.
  double lo = 50, hi = 5000;
  const double g = (std::sqrt(5.0) - 1) / 2;
  double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
  double fa = log_likelihood(a), fb = log_likelihood(b);
  while (hi - lo > 1) {
    if (fa > fb) {
      hi = b, b = a, fb = fa;
      a = hi - g * (hi - lo), fa = log_likelihood(a);
    } else {
      lo = a, a = b, fa = fb;
      b = lo + g * (hi - lo), fb = log_likelihood(b);
    }
  }
  return (lo + hi) / 2;
}

std::vector<ProbCutSpread> measure_probcut_spreads(const PatternWeights& weights, int positions,
                                                   int max_depth, uint64_t seed, int threads) {
  // The positions first, in order from one generator, so the result does
  // not depend on the threads.
  struct Board {
    Bitboard P, O;
  };
  std::vector<Board> boards;
  Rng rng(seed);
  for (int i = 0; i < positions; ++i) {
    const int target = 12 + static_cast<int>(rng.below(45));
    Bitboard P = kStartBlack, O = kStartWhite;
    random_play_to(P, O, target, rng);
    if (legal_moves(P, O) && popcount(~(P | O)) >= 12) boards.push_back({P, O});
  }
  // scores[i][d]: position i's full-width score at depth d (0: its
  // evaluation), or kNoScore for a decided game.
  constexpr int kNoScore = INT32_MIN;
  std::vector<std::vector<int>> scores(boards.size());
  std::vector<std::unique_ptr<Searcher>> searchers;
  for (int t = 0; t < std::max(1, threads); ++t)
    searchers.push_back(std::make_unique<Searcher>(64, &weights));
  parallel_for(static_cast<int>(boards.size()), threads, [&](int i, int t) {
    Searcher& searcher = *searchers[static_cast<size_t>(t)];
    searcher.clear();
    const Board& b = boards[static_cast<size_t>(i)];
    std::vector<int>& v = scores[static_cast<size_t>(i)];
    v.assign(static_cast<size_t>(max_depth) + 1, kNoScore);
    v[0] = evaluate(&weights, b.P, b.O);
    SearchLimits limits;
    limits.max_depth = max_depth;
    limits.exact_empties = 0;
    limits.probcut = false;
    searcher.search(b.P, b.O, limits, [&](const SearchResult& r) {
      if (std::abs(r.score) <= kEvalLimit) v[static_cast<size_t>(r.depth)] = r.score;
    });
  });
  std::vector<ProbCutSpread> out;
  for (int d = 1; d <= max_depth; ++d) {
    // The depth below (the odd-even effect), then every depth of d's parity.
    std::vector<int> shallows = {d - 1};
    for (int s = d - 2; s >= 0; s -= 2) shallows.push_back(s);
    for (int s : shallows) {
      ProbCutSpread p;
      p.depth = d;
      p.shallow = s;
      double sum = 0, squares = 0;
      for (const std::vector<int>& v : scores) {
        if (v[static_cast<size_t>(d)] == kNoScore || v[static_cast<size_t>(s)] == kNoScore)
          continue;
        const double diff = v[static_cast<size_t>(d)] - v[static_cast<size_t>(s)];
        sum += diff;
        squares += diff * diff;
        ++p.positions;
      }
      if (p.positions == 0) continue;
      p.mean = sum / p.positions;
      p.rms = std::sqrt(squares / p.positions);
      out.push_back(p);
    }
  }
  return out;
}

}  // namespace meeple::reversi
