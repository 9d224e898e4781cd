#!/usr/bin/env bash
# PutItem side by side, one run: the Lab, dynalite, a bare Netty server answering {} (the limit) and the Lab's HTTP
# layer alone (its server answering {} after the parse and checks, no engine), each warmed up and then measured with
# wrk at 16 and at 256 connections, the four in turn in slices (SLICES=3 of SECONDS/3 each); prints a table with the
# ratios issue 23 asks about.
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
PORTS=(8221 8222 8223 8224)
SLICES=${SLICES:-3}
SLICE_SECONDS=$(( (SECONDS_PER_RUN + SLICES - 1) / SLICES ))
HIST=$(mktemp -d)
# Measures every server at one connection count: SLICES slices each, taken in turn (Lab, dynalite, bare, HTTP layer,
# Lab, ...), so that a change in this VM's speed during the measurement falls on all four alike — measured one whole
# run after the other, the bare server and the Lab were a minute apart and the ratio moved with the VM (1.19-2.22 in
# eight rounds on 3 December). Each server's slices are then added up: requests over time, and its percentiles from
# the slices' latency histograms merged (put.lua writes them).
measure() { # connections → fills RPS/P50/P99/ERR[port-c]
  local c=$1
  for s in $(seq 1 "$SLICES"); do
    for p in "${PORTS[@]}"; do
      WRK_HIST="$HIST/$p-$c-$s" wrk -t2 -c"$c" -d"${SLICE_SECONDS}s" -s src/jmh/wrk/put.lua "http://127.0.0.1:$p/" \
        > /dev/null
    done
  done
  for p in "${PORTS[@]}"; do
    local k="$p-$c" out
    # The slices' lines, latencies in ascending order, read twice: first for the totals, then for the percentiles.
    cat "$HIST/$p-$c-"* | sort -k1,1 -k2,2n > "$HIST/merged"
    out=$(awk '
      NR == FNR { if ($1 == "lat") total += $3; next }
      $1 == "requests" { n += $2 } $1 == "duration" { d += $2 }
      $1 == "errors" { for (i = 2; i <= 6; i++) e[i] += $i }
      $1 == "lat" {
        seen += $3
        if (p50 == "" && seen >= 0.50 * total) p50 = $2
        if (p99 == "" && seen >= 0.99 * total) p99 = $2
      }
      END {
        err = ""
        if (e[2] + e[3] + e[4] + e[6] > 0) err = sprintf("socket errors connect %d, read %d, write %d, timeout %d", e[2], e[3], e[4], e[6])
        if (e[5] > 0) err = err (err == "" ? "" : "; ") sprintf("non-2xx %d", e[5])
        printf "%.2f %.2fms %.2fms %s\n", n / (d / 1e6), p50 / 1000, p99 / 1000, err == "" ? "none" : err
      }' "$HIST/merged" "$HIST/merged")
    read -r RPS[$k] P50[$k] P99[$k] ERR[$k] <<< "$out"
  done
}
echo "| round | connections | server | req/s | p50 | p99 | errors |"
echo "|---|---|---|---|---|---|---|"
for r in $(seq 1 "$ROUNDS"); do
  for c in 16 256; do
    for p in "${PORTS[@]}"; do
      # Warm-up at this connection count: after a change of count the JVM recompiles for a while (the Lab's C2
      # thread took 1.4 s of CPU in the first 10 s at 16 connections after 60 s at 64, then about none).
      wrk -t2 -c"$c" -d"${POINT_WARMUP:-15}"s -s src/jmh/wrk/put.lua "http://127.0.0.1:$p/" > /dev/null
    done
    measure "$c"
    for p in "${PORTS[@]}"; do
      case $p in 8221) name=Lab ;; 8222) name=dynalite ;; 8223) name="bare Netty {}" ;; *) name="Lab's HTTP layer {}" ;; esac
      k="$p-$c"
      printf "| %s | %s | %s | %'.0f | %s | %s | %s |\n" "$r" "$c" "$name" "${RPS[$k]}" "${P50[$k]}" "${P99[$k]}" \
        "${ERR[$k]}"
    done
    awk -v lab="${RPS[8221-$c]}" -v dyn="${RPS[8222-$c]}" -v bare="${RPS[8223-$c]}" -v http="${RPS[8224-$c]}" \
      -v c="$c" 'BEGIN {
      printf "|   | %s | **Lab ÷ dynalite %.2f×** (target ≥ 4) | **bare ÷ Lab %.2f×** (target ≤ 1.5) | bare ÷ HTTP layer %.2f× | | |\n",
        c, lab / dyn, bare / lab, bare / http }'
  done
done
rm -rf "$HIST"
echo "load average after the run: $(cut -d' ' -f1-3 /proc/loadavg)"
