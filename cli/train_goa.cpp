// `meeple train goa`: fits the learned Goa leaf value (ai/goa/leaf_training.h)
// and writes the file level 5 reads, data/goa/leaf_model.json. docs/bots.md
// ("A learned leaf value") gives the command that made the shipped file.
#ifdef MEEPLE_HAVE_GOA  // a Goa command: absent from builds without the game
#include <fmt/format.h>

#include <chrono>
#include <fstream>
#include <iostream>

#include "ai/goa/leaf_training.h"
#include "cli/commands.h"

namespace meeple::cli {

std::string train_goa(const TrainGoaFlags& f) {
  if (f.games < 10 || f.games > 1'000'000)
    return fmt::format("--games is {}, expected 10..1000000", f.games);
  if (!(f.sample > 0 && f.sample <= 1))
    return fmt::format("--sample is {}, expected more than 0, at most 1", f.sample);
  if (!(f.l2 >= 0 && f.l2 <= 1)) return fmt::format("--l2 is {}, expected 0..1", f.l2);
  if (f.out.empty()) return "--out FILE is required";
  if (!std::ofstream(f.out, std::ios::binary | std::ios::app))
    return "cannot write --out " + f.out;  // before the work, not after
  goa::LeafTrainingOptions o;
  o.games = f.games;
  o.seed = f.seed;
  o.threads = f.threads;
  o.sample = f.sample;
  o.l2 = f.l2;
  const auto t0 = std::chrono::steady_clock::now();
  const int step = std::max(1, f.games / 50);
  goa::LeafTraining t = goa::train_leaf_model(o, [step](int done, int total) {
    if (done % step == 0 || done == total) std::cerr << fmt::format("\r  games {}/{}", done, total);
  });
  std::cerr << "\n";
  fmt::print("{} heuristic games of 3 and of 4 players in {:.0f} s\n", f.games,
             std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  fmt::print(
      "players  round  positions (held out)  log loss: fitted  hand-set  favourite won: fitted  "
      "hand-set\n");
  for (const goa::LeafFitReport& r : t.report)
    fmt::print("{:>7}  {:>5}  {:>9} {:>10}  {:>16.4f}  {:>8.4f}  {:>21.3f}  {:>8.3f}\n", r.players,
               r.round, r.train_positions, fmt::format("({})", r.holdout_positions), r.holdout_loss,
               r.hand_holdout_loss, r.holdout_accuracy, r.hand_accuracy);
  t.model.trained_by = fmt::format("meeple train goa --games {} --seed {} --sample {:g} --l2 {:g}",
                                   f.games, f.seed, f.sample, f.l2);
  std::ofstream out(f.out, std::ios::binary | std::ios::trunc);
  out << goa::encode_leaf_model(t.model);
  if (!out) return "writing " + f.out + " failed";
  fmt::print("wrote {}\n", f.out);
  return "";
}

}  // namespace meeple::cli

#endif  // MEEPLE_HAVE_GOA
