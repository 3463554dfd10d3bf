#!/bin/bash
# Makes one database of this directory with a qixue binary built at the
# old commit: make.sh BINARY DIR [POSTGRES_URL]. Without a URL the
# database is DIR/qixue.db (the demo school comes from serve); with one,
# the seed makes the same school as the platform admin (-demo=false).
set -e
repo=$(cd "$(dirname "$0")/../../../.." && pwd)
bin=$1; dir=$2; url=$3
rm -rf "$dir"; mkdir -p "$dir"; cd "$dir"
export QIXUE_DEMO_PASSWORD=demo-teacher-pw QIXUE_ADDR=127.0.0.1:18424
seedflags=
if [ -n "$url" ]; then
	export QIXUE_DATABASE_URL=$url QIXUE_JWT_SECRET=seed-secret-seed-secret-seed-secret-0123456789
	seedflags=-demo=false
else
	export QIXUE_DATABASE_URL=$dir/qixue.db
fi
"$bin" serve >serve.log 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null' EXIT
for _ in $(seq 100); do curl -sf http://127.0.0.1:18424/readyz >/dev/null && break; sleep 0.3; done
printf '%s\n' 'admin-pw-123456' | "$bin" admin create --username admin --name 'Platform Admin' --password-stdin
(cd "$repo" && go run ./cmd/qixue/testdata/olddb/seed -admin-password admin-pw-123456 $seedflags)
kill $pid
wait $pid || true
trap - EXIT
