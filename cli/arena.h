// `meeple arena`: many games of one game and mode between agents, in
// parallel, with every game reproducible from (seed, index).
//
// Seating: the configuration lists one agent per seat. Games come in deals
// that share a seed; in game i of a deal the agents sit rotated by i seats,
// so every agent plays every seat of every deal (both colours in Reversi,
// every turn position in Risk), which cancels the seat advantage and, in
// games with chance, most of the luck. A deal has as many games as there
// are distinct rotations (arena_rotations): num_seats, but fewer when the
// list repeats itself (two teams of A, B, A, B: rotated by two seats, every
// seat has the same agent and the game would be played again, move for
// move; all agents alike: one game a deal).
//
// Agents (parse_agent): "random", "heuristic" (the game's heuristic level),
// "level:N" or "N" (make_bot at level N), "ismcts:N" (ai/ismcts.h with N
// iterations a move, random playouts), "careless:P" (the heuristic with P %
// of its moves random) or "careless:P:SPEC" (any of the forms before made
// careless the same way), "reuse:SPEC" ("level:N", "N" or "ismcts:N"
// keeping its search tree between decisions) or "noreuse:SPEC" (the same
// searching each decision afresh), "cmd:COMMAND" (an external
// program, cli/external_bot.h), each optionally labelled "NAME=SPEC".
// Entries with the same label are one agent in the results (e.g. one
// searcher against three copies of the heuristic).
//
// Openings: in a game without chance two deterministic bots would play the
// same game in every deal, so each deal begins with a few random moves
// (ArenaConfig::opening_moves), played out before the agents take over and
// kept in the match log like any move.
//
// Reproducibility: game i's match seed and each seat's bot seed depend only
// on (seed, i), so a run gives the same games on any number of threads and
// any sharding (time-limited bots aside). --shard k/n plays the games with
// i % n == k; arena_results.h merges the shards' records.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/registry.h"

namespace meeple::cli {

struct AgentSpec {
  std::string label;       // as shown in the results
  std::string spec;        // as given, without the label
  int level = -1;          // a built-in bot's level, or -1
  double seconds = 0;      // level:N@S: at most S seconds a move (time-limited levels), or 0
  bool heuristic = false;  // the game's heuristic level (known once the game is)
  int ismcts = 0;          // ISMCTS iterations (ai/ismcts.h), or 0
  int careless = 0;        // careless:P[:SPEC]: P % of the moves random, or 0
  // reuse:SPEC keeps the search tree between decisions, noreuse:SPEC
  // searches each afresh; otherwise the level decides (ai/ismcts.h).
  enum class Reuse { kAsLevel, kKeep, kDrop };
  Reuse reuse = Reuse::kAsLevel;
  std::string command;  // an external program, or ""
};

// Errors name the bad spec and list the forms above.
Result<AgentSpec> parse_agent(const std::string& text);

struct ArenaConfig {
  std::string game;
  json options = json::object();  // complete: every option with its value
  std::vector<AgentSpec> agents;  // one per seat
  int games = 0;                  // total over every shard
  uint64_t seed = 0;
  int shard = 0, shards = 1;
  int threads = 1;
  // A game still running after this many log entries (decisions and
  // chance outcomes) stops as "move_limit" and counts as a draw; 0: the
  // game's practical_game_length (core/metadata.h).
  int64_t max_moves = 0;
  // Each deal starts with this many uniformly random moves (the same for
  // every game of the deal, drawn from its seed), so that deterministic
  // bots in a game without chance do not replay one game over and over;
  // -1: 8 in a game without chance, else 0 (resolved by run_arena).
  int opening_moves = -1;
  std::chrono::milliseconds move_timeout{10000};  // external programs only
  std::string logs_dir;                           // "" = no match logs
  // The games of a deal as a results file gave them (a version 1 file:
  // num_seats); 0: arena_rotations(agents), as every new arena plays.
  int rotations = 0;
};

// The seconds one seat's agent spent choosing in a game, and how many
// choices it made.
struct Thinking {
  double seconds = 0;
  int64_t decisions = 0;
  bool operator==(const Thinking&) const = default;
};

// One game's result. `end` is "finished", "move_limit" or "forfeit" (an
// agent failed to give a legal action: it loses, the others win).
struct GameRecord {
  int index = 0;
  uint64_t seed = 0;
  std::vector<int> seating;  // seating[seat] = index into ArenaConfig::agents
  std::string end;
  int forfeit_seat = -1;
  std::string error;
  std::vector<double> returns;  // finished games only
  json scores;                  // finished games only
  int64_t moves = 0;            // log entries
  std::string hash;             // the final state's hash (core/match.h)
  double seconds = 0;
  // By seat: what its agent spent choosing (the random opening moves are
  // nobody's). Empty in results files written before it was recorded.
  std::vector<Thinking> thinking;
  std::string log;  // file name in logs_dir, or ""
};

// Fills in the defaults left at 0/-1: max_moves from the game's practical
// length, opening_moves 8 in a game without chance and 0 otherwise. One
// place, so the command line's JSON config and run_arena agree.
void resolve_arena_defaults(const Game& game, ArenaConfig& config);

// One agent in the results and in play: the same label and spec (the
// other fields follow from the spec).
bool same_agent(const AgentSpec& a, const AgentSpec& b);

// The games of a deal: the smallest rotation of `agents` (one per seat)
// that seats the same agent everywhere, which divides their number.
int arena_rotations(const std::vector<AgentSpec>& agents);
// The games of the config's deals: as a results file gave them, or else
// arena_rotations of its agents.
int arena_rotations(const ArenaConfig& config);

// The game index -> seed and seating rules described above, for deals of
// `rotations` games.
uint64_t arena_game_seed(uint64_t seed, int index, int rotations);
std::vector<int> arena_seating(int index, int num_seats, int rotations);

// Plays one game. Never throws for an agent's fault: that is a forfeit.
// `config.max_moves` 0 means no limit here (run_arena fills in the game's
// practical length).
GameRecord play_arena_game(const std::shared_ptr<const Game>& game, const ArenaConfig& config,
                           int index);

// Plays every game of the config's shard on config.threads threads and
// returns the records in index order. `progress(done, total)` is called from
// the calling thread about five times a second and once at the end.
Result<std::vector<GameRecord>> run_arena(const ArenaConfig& config, const Registry& registry,
                                          const std::function<void(int, int)>& progress = {});

}  // namespace meeple::cli
