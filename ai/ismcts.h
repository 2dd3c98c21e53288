// Information-set Monte Carlo tree search for any game (single observer,
// Cowling, Powley and Whitehouse 2012), over the bot interface only.
//
// Every iteration draws a full state consistent with what the deciding seat
// knows (Decision::determinize: other hands, the deck order redrawn), then
// walks one tree shared by all determinizations: at a decision node the seat
// to move picks by UCB1 among the actions legal *in this determinization*,
// counting as "available" only the iterations where an action was legal (so
// an action legal in few worlds is not starved or over-trusted). Chance is
// open-loop: outcomes are sampled with their probabilities and not stored in
// the tree. The first untried action expands a node, a playout follows
// (random, or the game's rollout policy), and every seat's return (scaled to
// 0..1 by the game's utility bounds) is backed up; each node keeps the value
// of the seat that chose it. The move played is the root action visited most.
//
// Budget: `iterations`, or `milliseconds` of thinking (then `iterations` is
// only a cap). Threads: root parallelism — `threads` independent trees,
// each with its own RNG and its share of the iterations, whose root visits
// and values are summed (Chaslot, Winands and van den Herik 2008 found it
// as strong as sharing one tree, and it needs no locks). With an iteration
// budget the choice depends only on the seed, never on the scheduling.
//
// Candidates: a game may narrow what the tree searches at each decision
// (options.candidates); playouts still choose among all legal actions.
//
// Limits: a playout that reaches rollout_limit steps without ending is
// scored by the leaf evaluation (0.5 for everyone when there is none), so
// games that random play never ends (Risk) need one to play well.
//
// Tree reuse (options.reuse_tree): the next decision starts from the part
// of the last tree that leads to it, where that part can be found. The bot
// is given no history, so it replays the tree under its chosen action on a
// determinization of the last decision, following the most visited edges
// that are legal there, and takes the first node of its own seat whose
// view and legal actions are the new decision's. Chance is not stored in
// an open-loop tree, so the walk stops at a chance node: reuse reaches the
// seat's next decision only across decisions (its own and the others'),
// never across dice or a draw, where the old statistics would average
// over outcomes the seat now knows. Off by default; Goa's two-player
// level 5 uses it (docs/bots.md, "Tree reuse", measures it).
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "ai/bot.h"

namespace meeple {

struct IsmctsOptions {
  int iterations = 1000;     // in all threads together; a cap when timed
  double milliseconds = 0;   // > 0: think this long (wall clock)
  int threads = 1;           // independent trees searched at once
  double exploration = 0.7;  // UCB1's c on values in 0..1
  int rollout_limit = 400;   // playout steps (decisions and chance outcomes)
  // Optional: each seat's value in 0..1 of a state where a playout stopped
  // unfinished; default 0.5 for everyone.
  std::function<std::vector<double>(const State&)> leaf_value;
  // Optional: the playout's choice at a decision (legal: s's legal actions;
  // searcher: the seat whose search this is, so a policy may model the
  // other seats differently); default uniformly random. Called from every
  // search thread at once.
  std::function<Action(const State& s, const std::vector<Action>& legal, Rng& rng, Seat searcher)>
      rollout;
  // Optional: the actions the tree searches at a decision, a non-empty
  // subset of `legal` (default: all of them). Games with wide, mostly
  // hopeless choices (Risk's 42 places for an army) give the few worth
  // weighing; the move played is always one of them. `out` arrives empty.
  std::function<void(const State& s, const std::vector<Action>& legal, std::vector<Action>& out)>
      candidates;
  // The name the bot reports (default "ismcts:N").
  std::string name;
  // Keep the tree between decisions where the next is found in it (above).
  bool reuse_tree = false;
};

class IsmctsBot final : public Bot {
 public:
  IsmctsBot(const Game& game, IsmctsOptions options, uint64_t seed);
  ~IsmctsBot() override;
  std::string name() const override;
  Action choose(const Decision& d) override;
  std::optional<double> win_chance() const override { return root_value_; }
  bool keep_search_tree(bool keep) override {
    options_.reuse_tree = keep;
    return true;
  }
  // A kept tree helps only a bot that sees every decision of its seat.
  bool remembers() const override { return options_.reuse_tree; }

  // After choose(): visits of each root action (all threads), for hints
  // and tests.
  const std::vector<std::pair<Action, int>>& root_visits() const { return root_visits_; }
  // After choose(): the chosen action's mean value for the deciding seat
  // (0..1), an estimate of its chance to win.
  double root_value() const { return root_value_; }
  // After choose(): iterations searched, in all threads.
  int iterations_done() const { return iterations_done_; }
  // After choose(): iterations kept from earlier decisions' trees (tree
  // reuse), in all threads; root_visits() counts them too.
  int iterations_kept() const { return iterations_kept_; }

  class Searcher;  // one tree and its RNG (ismcts.cpp)

 private:
  IsmctsOptions options_;
  std::vector<std::unique_ptr<Searcher>> searchers_;
  std::vector<std::pair<Action, int>> root_visits_;
  double root_value_ = 0.5;
  int iterations_done_ = 0;
  int iterations_kept_ = 0;
};

}  // namespace meeple
