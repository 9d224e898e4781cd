#!/usr/bin/env bash
# PutItem side by side, one run: the Lab, dynalite, a bare Netty server answering {} (the limit) and the Lab's HTTP
# layer alone (its server answering {} after the parse and checks, no engine), each warmed up and then measured with
# wrk at 16 and at 256 connections; prints a table with the ratios issue 23 asks about.
#
#   mvn -o -Pbench -DskipTests package                    # target/partitionscope.jar + target/benchmarks.jar
#   npm install --prefix target/dynalite dynalite@4.0.0   # once
#   src/jmh/wrk/side-by-side.sh [SECONDS] [ROUNDS]        # from the project root; defaults 15 s, 1 round
#   (WARMUP=30: seconds of load on each server before the first round; POINT_WARMUP=15: seconds at the measured
#   connection count just before each measurement; LAB_JAR, BENCH_JAR, DYNALITE: other builds)
#
# Needs wrk (Debian package `wrk`), node, curl. Ports 8221-8224 must be free.
set -euo pipefail
cd "$(dirname "$0")/../../.."
SECONDS_PER_RUN=${1:-15}
ROUNDS=${2:-1}
LAB_JAR=${LAB_JAR:-target/partitionscope.jar}
BENCH_JAR=${BENCH_JAR:-target/benchmarks.jar}
DYNALITE=${DYNALITE:-target/dynalite/node_modules/dynalite/cli.js}
for f in "$LAB_JAR" "$BENCH_JAR" "$DYNALITE"; do
  [ -f "$f" ] || { echo "missing $f (see the comment at the top of $0)" >&2; exit 2; }
done
command -v wrk > /dev/null || { echo "wrk is not installed (apt-get install wrk)" >&2; exit 2; }
. src/jmh/wrk/servers.sh

PIDS=()
trap 'kill "${PIDS[@]}" 2> /dev/null || true' EXIT
java -jar "$LAB_JAR" lab --port 8221 > /tmp/side-by-side-lab.log 2>&1 & PIDS+=($!)
node "$DYNALITE" --host 127.0.0.1 --port 8222 > /tmp/side-by-side-dynalite.log 2>&1 & PIDS+=($!)
java -cp "$BENCH_JAR" dev.partitionscope.lab.bench.BareNettyServer 8223 > /tmp/side-by-side-bare.log 2>&1 & PIDS+=($!)
java -cp "$BENCH_JAR" dev.partitionscope.lab.bench.LabThreading noop 8224 > /tmp/side-by-side-http.log 2>&1 & PIDS+=($!)
for p in 8221 8222 8223 8224; do await_server $p; done
for p in 8221 8222; do create_bench_table $p; done
sleep 2
# Every server warmed up before the first measurement (the JVM's compilers and V8's take tens of seconds).
for p in 8221 8222 8223 8224; do wrk -t2 -c64 -d"${WARMUP:-30}"s -s src/jmh/wrk/put.lua "http://127.0.0.1:$p/" > /dev/null; done

declare -A RPS P50 P99 ERR
run() { # port connections → fills RPS/P50/P99/ERR[port-c]
  local out
  out=$(wrk -t2 -c"$2" -d"${SECONDS_PER_RUN}s" --latency -s src/jmh/wrk/put.lua "http://127.0.0.1:$1/")
  local k="$1-$2"
  RPS[$k]=$(awk '/Requests\/sec/{print $2}' <<< "$out")
  P50[$k]=$(awk '$1=="50%"{print $2}' <<< "$out")
  P99[$k]=$(awk '$1=="99%"{print $2}' <<< "$out")
  ERR[$k]=$(grep -E "Socket errors|Non-2xx" <<< "$out" | tr -s ' ' | paste -sd';' || true)
}
echo "| round | connections | server | req/s | p50 | p99 | errors |"
echo "|---|---|---|---|---|---|---|"
for r in $(seq 1 "$ROUNDS"); do
  for c in 16 256; do
    for p in 8221 8222 8223 8224; do
      # Warm-up at this connection count: after a change of count the JVM recompiles for a while (the Lab's C2
      # thread took 1.4 s of CPU in the first 10 s at 16 connections after 60 s at 64, then about none).
      wrk -t2 -c"$c" -d"${POINT_WARMUP:-15}"s -s src/jmh/wrk/put.lua "http://127.0.0.1:$p/" > /dev/null
      run "$p" "$c"
    done
    for p in 8221 8222 8223 8224; do
      case $p in 8221) name=Lab ;; 8222) name=dynalite ;; 8223) name="bare Netty {}" ;; *) name="Lab's HTTP layer {}" ;; esac
      k="$p-$c"
      printf "| %s | %s | %s | %'.0f | %s | %s | %s |\n" "$r" "$c" "$name" "${RPS[$k]}" "${P50[$k]}" "${P99[$k]}" \
        "${ERR[$k]:-none}"
    done
    awk -v lab="${RPS[8221-$c]}" -v dyn="${RPS[8222-$c]}" -v bare="${RPS[8223-$c]}" -v http="${RPS[8224-$c]}" \
      -v c="$c" 'BEGIN {
      printf "|   | %s | **Lab ÷ dynalite %.2f×** (target ≥ 4) | **bare ÷ Lab %.2f×** (target ≤ 1.5) | bare ÷ HTTP layer %.2f× | | |\n",
        c, lab / dyn, bare / lab, bare / http }'
  done
done
echo "load average after the run: $(cut -d' ' -f1-3 /proc/loadavg)"
