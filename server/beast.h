// Boost.Asio and Boost.Beast, included in one place.
//
// Boost 1.74's asio/awaitable.hpp uses std::exchange without including
// <utility>, which GCC 12 in C++20 mode rejects; including <utility> first
// (in its own block, so formatting keeps the order) fixes it.
#pragma once

#include <utility>

// Must follow <utility>.
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
