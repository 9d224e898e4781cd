#!/usr/bin/env bash
# One wrk run of put.lua against a running server, with what the server's process spent per request: user and
# system CPU (all its threads, GC included, from /proc/PID/stat) and voluntary context switches (its threads going to
# sleep for want of work). Steadier than req/s on a shared machine, and it says where a server's time goes.
#
#   src/jmh/wrk/cpu-per-request.sh PID PORT [CONNECTIONS] [SECONDS]     # defaults 16 connections, 10 s
#
# Needs wrk. The server must be warm (a JVM's compilers take tens of seconds) and, for the Lab, hold the bench table.
set -euo pipefail
PID=$1
PORT=$2
CONNS=${3:-16}
SECS=${4:-10}
LUA="$(dirname "$0")/put.lua"
ticks() { awk '{print $14, $15}' "/proc/$PID/stat"; } # utime, stime in clock ticks (comm has no spaces here)
sleeps() { grep -h '^voluntary_ctxt' /proc/"$PID"/task/*/status | awk '{s += $2} END {print s}'; }
hz=$(getconf CLK_TCK)
read -r u1 s1 < <(ticks)
v1=$(sleeps)
out=$(wrk -t2 -c"$CONNS" -d"${SECS}s" -s "$LUA" "http://127.0.0.1:$PORT/")
read -r u2 s2 < <(ticks)
v2=$(sleeps)
rps=$(awk '/Requests\/sec/{print $2}' <<< "$out")
n=$(awk '/requests in/{print $1}' <<< "$out")
awk -v r="$rps" -v n="$n" -v u=$((u2 - u1)) -v s=$((s2 - s1)) -v v=$((v2 - v1)) -v c="$CONNS" -v hz="$hz" 'BEGIN {
  printf "%s connections: %.0f req/s; per request: user %.1f us, system %.1f us, %.2f sleeps\n",
    c, r, u * 1e6 / hz / n, s * 1e6 / hz / n, v / n }'
