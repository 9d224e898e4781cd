#!/usr/bin/env bash
# Two Lab builds under the same PutItem load, alternated: both started together, the bench table created on each, each
# warmed up, then per round and per connection count one cpu-per-request.sh run on the old and one on the new. Pairs
# measured a few seconds apart see the same machine, which two side-by-side runs at different times do not.
#
#   src/jmh/wrk/ab.sh OLD_JAR NEW_JAR [ROUNDS] [SECONDS]     # from the project root; defaults 3 rounds, 10 s
#   (an old jar: git worktree add /tmp/old <commit> && (cd /tmp/old && mvn -o -q -DskipTests package))
#   (WARMUP=30: seconds of load on each before the first round; OLD_OPTS, NEW_OPTS: JVM options for each, e.g. one
#   build against itself with NEW_OPTS=-Dpartitionscope.lab.loops=2. Ports 8231 and 8232 must be free.)
set -euo pipefail
cd "$(dirname "$0")/../../.."
OLD=$1
NEW=$2
ROUNDS=${3:-3}
SECS=${4:-10}
for f in "$OLD" "$NEW"; do [ -f "$f" ] || { echo "missing $f" >&2; exit 2; }; done
command -v wrk > /dev/null || { echo "wrk is not installed (apt-get install wrk)" >&2; exit 2; }
. src/jmh/wrk/servers.sh
java ${OLD_OPTS:-} -jar "$OLD" lab --port 8231 > /tmp/ab-old.log 2>&1 & P1=$!
java ${NEW_OPTS:-} -jar "$NEW" lab --port 8232 > /tmp/ab-new.log 2>&1 & P2=$!
trap 'kill $P1 $P2 2> /dev/null || true' EXIT
for p in 8231 8232; do await_server $p; create_bench_table $p; done
sleep 2
for p in 8231 8232; do wrk -t2 -c64 -d"${WARMUP:-30}"s -s src/jmh/wrk/put.lua "http://127.0.0.1:$p/" > /dev/null; done
for r in $(seq 1 "$ROUNDS"); do
  for c in 16 256; do
    echo -n "round $r old: "; src/jmh/wrk/cpu-per-request.sh $P1 8231 "$c" "$SECS"
    echo -n "round $r new: "; src/jmh/wrk/cpu-per-request.sh $P2 8232 "$c" "$SECS"
  done
done
