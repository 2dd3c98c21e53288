// Schema migrations: the shape both back ends list them in, and the ones
// both run, in SQL both accept.
//
// kRenumberComputerLevels: schema_sqlite.cpp's 8th, schema_postgres.cpp's 5th.
//
// Risk, Risk 2008 and Goa gained levels below their heuristic (docs/bots.md,
// "Levels"), which moved their old levels up: a computer seat saved before
// keeps the player it had. Risk: 1 (half random) -> 2 (60 % random, the
// nearest), 2 (the heuristic) -> 4, 3 and above (the search) -> 5. Risk 2008
// and Goa: 1 stays, 2 (the heuristic) -> 3, 3 (the first search) -> 4, 4
// and above -> 5 (Goa's old 4, 1,600 iterations, lies as far from 400 as
// from 12,800: the stronger).
#pragma once

namespace meeple::server {

// One step of a back end's schema: what it adds, and its SQL.
struct Migration {
  const char* what;
  const char* sql;
};

inline constexpr const char* kRenumberComputerLevels = R"SQL(
UPDATE seats SET level = (
  SELECT CASE
    WHEN t.game = 'risk' THEN CASE seats.level WHEN 1 THEN 2 WHEN 2 THEN 4 ELSE 5 END
    WHEN seats.level = 1 THEN 1
    WHEN seats.level = 2 THEN 3
    WHEN seats.level = 3 THEN 4
    ELSE 5 END
  FROM tables t WHERE t.id = seats.table_id)
WHERE kind = 'computer' AND level > 0
  AND (SELECT t.game FROM tables t WHERE t.id = seats.table_id) IN ('risk', 'risk-2008', 'goa');
)SQL";

// kRenumberKingIsDeadLevels: schema_sqlite.cpp's 9th, schema_postgres.cpp's
// 6th. The King is Dead gained a level below its heuristic (the heuristic
// with 95 % of its moves random): 1 (the heuristic) -> 2, 2 and above (the
// search, the top) -> 3.
inline constexpr const char* kRenumberKingIsDeadLevels = R"SQL(
UPDATE seats SET level = CASE level WHEN 1 THEN 2 ELSE 3 END
WHERE kind = 'computer' AND level > 0
  AND (SELECT t.game FROM tables t WHERE t.id = seats.table_id) = 'king-is-dead';
)SQL";

// kRenumberKingIsDeadSearch: schema_sqlite.cpp's 10th, schema_postgres.cpp's
// 7th. The King is Dead gained two levels between its heuristic and its
// search (the search with some of its moves random), which moved the search
// from 3 to 5: 3 and above -> 5; 1 and 2 stay.
inline constexpr const char* kRenumberKingIsDeadSearch = R"SQL(
UPDATE seats SET level = 5
WHERE kind = 'computer' AND level > 2
  AND (SELECT t.game FROM tables t WHERE t.id = seats.table_id) = 'king-is-dead';
)SQL";

// kRenumberRiskTeamLevels: schema_sqlite.cpp's 11th, schema_postgres.cpp's
// 8th. Risk's team game played the heuristic at levels 4 and 5 (its search
// plays the team game no better); now 5 is the heuristic and 4 the
// heuristic with 15 % of its moves random, so a team-game seat at 4 moves
// to 5 and keeps its player. Options are stored as compact JSON
// (json::dump), so the mode reads "mode":"teams".
inline constexpr const char* kRenumberRiskTeamLevels = R"SQL(
UPDATE seats SET level = 5
WHERE kind = 'computer' AND level = 4
  AND (SELECT t.game FROM tables t WHERE t.id = seats.table_id) = 'risk'
  AND (SELECT t.options FROM tables t WHERE t.id = seats.table_id) LIKE '%"mode":"teams"%';
)SQL";

// kRenumberReversiLevels: schema_sqlite.cpp's 12th, schema_postgres.cpp's
// 9th. Reversi gained a level 1 (its noisy one-ply search with 30 % of its
// moves random) and its time-limited levels became 0.02, 0.16 and 1.25 s a
// move at 8, 9 and 10, so that each level takes 65 % from the one below
// (docs/bots.md): 1..6 (the depth-limited searches) move up one; 7 (0.5 s),
// 8 (1 s), 9 (2.5 s) and 10 (5 s) become 10, the nearest (0.5 s lies
// closer to 1.25 s than to 0.16 s) and the strongest.
inline constexpr const char* kRenumberReversiLevels = R"SQL(
UPDATE seats SET level = CASE WHEN level <= 6 THEN level + 1 ELSE 10 END
WHERE kind = 'computer' AND level > 0
  AND (SELECT t.game FROM tables t WHERE t.id = seats.table_id) = 'reversi';
)SQL";

}  // namespace meeple::server
