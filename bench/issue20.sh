#!/bin/sh
# Runs the service targets of issue 20 one after another, each after
# `uptime` (the load average at its start), and keeps every output in
# $OUT (default /tmp/qixue-issue20). Run from the repository root:
#
#   sh bench/issue20.sh
#
# PG is the PostgreSQL server the benchmarks use (bench/load makes a new
# schema in it and drops it; the matrix benchmark one schema per case).
# Roster re-imports are measured by bench/roster (another helper's).
set -eu
PG=${PG:-'postgres://postgres@127.0.0.1:5432/qixue_load?sslmode=disable'}
OUT=${OUT:-/tmp/qixue-issue20}
mkdir -p "$OUT"
go build -o "$OUT/qixue" ./cmd/qixue
go build -o "$OUT/load" ./bench/load
psql "$PG" -XAtc "SELECT version(); SELECT name || '=' || setting FROM pg_settings WHERE name IN
 ('autovacuum','shared_buffers','work_mem','max_wal_size','checkpoint_timeout','synchronous_commit','fsync','plan_cache_mode')" \
  > "$OUT/postgres-settings.txt" || true
run() { # name, command...
  name=$1; shift
  echo "== $name: $* ($(uptime))" | tee "$OUT/$name.txt"
  "$@" >> "$OUT/$name.txt" 2>&1 || echo "   exit status $?" >> "$OUT/$name.txt"
  grep -E '^(window|p99 per second|rating passes|PostgreSQL|stored|errors|Benchmark)|exit status' "$OUT/$name.txt" || true
}
run pg-2000        "$OUT/load" -bin "$OUT/qixue" -db "$PG" -rate 2000
run pg-flat-out    "$OUT/load" -bin "$OUT/qixue" -db "$PG"
run sqlite-500     "$OUT/load" -bin "$OUT/qixue" -sqlite -rate 500
run sqlite-1000    "$OUT/load" -bin "$OUT/qixue" -sqlite -rate 1000
run matrix         env QIXUE_TEST_DATABASE_URL="$PG" go test ./api -run '^$' -bench 'ClassProgressHTTP/postgres' -benchtime 20x
