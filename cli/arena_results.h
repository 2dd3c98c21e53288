// What an arena's games add up to: per agent W/D/L, score with its 95 %
// interval, win share against seat share, and Elo ratings; the table, JSON
// and CSV that `meeple arena` writes, and the merge of shards.
//
// Outcomes: in a finished game the seats with the highest return win (all of
// them: a team wins together), the rest lose; equal returns everywhere is a
// draw. A game stopped at the move limit is a draw for all; in a forfeit the
// failing seat loses and the others win. An agent's score is (W + D/2) / games.
//
// Elo: a Bradley-Terry fit (Hunter's MM algorithm) of every pair of seats
// held by different agents in every game (the higher return wins the pair,
// equal returns draw, a draw counts half to each), with one virtual draw
// between every pair of agents so that an agent that won everything still
// has a finite rating. The first agent is anchored at 0. With two agents in a
// two-seat game the interval is the Wilson interval of the score in Elo.
#pragma once

#include <string>
#include <vector>

#include "cli/arena.h"
#include "core/json_depth.h"
#include "core/metadata.h"

namespace meeple::cli {

struct AgentResult {
  std::string label, spec;
  int games = 0, wins = 0, draws = 0, losses = 0;
  double score = 0, score_low = 0, score_high = 0;  // 95 % Wilson interval
  double win_share = 0;                             // wins / games
  double seat_share = 0;             // the win share of an equal player: 1 / number of teams
  double elo = 0;                    // relative to the first agent
  double elo_low = 0, elo_high = 0;  // two agents, two seats only (else equal to elo)
  // Time spent choosing, over the games that recorded it: what
  // "equal thinking time a move" comparisons need.
  double think_seconds = 0;
  int64_t decisions = 0;
  double seconds_a_move() const { return decisions > 0 ? think_seconds / decisions : 0; }
};

struct ArenaSummary {
  int games_expected = 0;  // config.games
  int games_played = 0;
  int finished = 0, move_limit = 0, forfeits = 0;
  int64_t moves = 0;
  double seconds = 0;               // summed over games (CPU-ish time, not wall time)
  std::vector<AgentResult> agents;  // one per distinct label, in config order
};

// The 95 % Wilson score interval of a proportion p over n trials.
std::pair<double, double> wilson_interval(double p, int n);
// The Elo difference that an expected score p gives (p clamped into (0,1)).
double elo_from_score(double p);

ArenaSummary summarize(const ArenaConfig& config, const GameMetadata& metadata,
                       const std::vector<GameRecord>& records);

// The results table for a terminal.
std::string format_table(const ArenaConfig& config, const ArenaSummary& summary);
// {"arena": config, "records": [...], "results": {...}}; merge_arena_files
// reads it back.
json arena_json(const ArenaConfig& config, const ArenaSummary& summary,
                const std::vector<GameRecord>& records);
// One line per game: index, seed, the agents by seat, end, moves, returns...
std::string arena_csv(const ArenaConfig& config, const std::vector<GameRecord>& records);

// Reads shard outputs (arena_json documents) of one arena: the same game,
// options, agents, seed and number of games, no game twice. The config's
// shard is reset to 0/1. Errors name the file and the field.
struct MergedArena {
  ArenaConfig config;
  std::vector<GameRecord> records;  // by index
};
Result<MergedArena> merge_arena_documents(const std::vector<std::pair<std::string, json>>& docs);

}  // namespace meeple::cli
