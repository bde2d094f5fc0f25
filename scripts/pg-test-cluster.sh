#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests of a PostgreSQL archive (tests/postgres_cli.rs).
#
#   eval "$(scripts/pg-test-cluster.sh start)"   # prints the exports below; logs go to stderr
#   cargo test --test postgres_cli
#   scripts/pg-test-cluster.sh stop              # stops it and deletes its folder
#
# `start` makes a cluster in a new temporary folder (initdb -A trust, fsync off: nothing in it
# is worth keeping), listening on 127.0.0.1 only, on a free port, and prints
#   export DATELINE_TEST_PG=postgres://postgres@127.0.0.1:PORT/postgres
#   export DATELINE_PG_CLUSTER=FOLDER
# for `eval`. `stop` stops the cluster in $DATELINE_PG_CLUSTER (or the folder given after
# `stop`) and deletes the folder.
#
# PostgreSQL's server refuses to run as root: run as root (CI, a container), the cluster belongs
# to the `postgres` account that Debian's package creates. The binaries are the newest under
# /usr/lib/postgresql/*/bin (Debian's layout), else those on PATH.
#
# Every local connection is trusted except for the role `dateline_pw`, which must give its
# password (scram-sha-256): the tests use it to check what a wrong password says.
set -euo pipefail

log() { echo "pg-test-cluster: $*" >&2; }

bindir() {
    local newest
    newest=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    if [ -n "$newest" ] && [ -x "$newest/initdb" ]; then
        echo "$newest"
    elif command -v initdb >/dev/null 2>&1; then
        dirname "$(command -v initdb)"
    else
        log "no initdb: install PostgreSQL (Debian: apt-get install postgresql)"
        exit 1
    fi
}

# Runs a command as the cluster's owner: this user, or `postgres` when this is root.
as_owner() {
    if [ "$(id -u)" -ne 0 ]; then
        "$@"
    elif command -v runuser >/dev/null 2>&1; then
        runuser -u postgres -- "$@"
    else
        su postgres -s /bin/sh -c "$(printf '%q ' "$@")"
    fi
}

# True when something listens on 127.0.0.1:$1.
port_busy() {
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

start() {
    local bin dir port tries
    bin=$(bindir)
    if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then
        log "running as root and there is no postgres account to own the cluster (Debian's postgresql package creates it)"
        exit 1
    fi
    dir=$(mktemp -d "${TMPDIR:-/tmp}/dateline-pg.XXXXXX")
    chmod 700 "$dir"
    if [ "$(id -u)" -eq 0 ]; then
        chown postgres: "$dir"
    fi
    log "initdb in $dir ($bin)"
    if ! as_owner "$bin/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --no-locale \
        --no-sync >"$dir/initdb.log" 2>&1; then
        cat "$dir/initdb.log" >&2
        rm -rf "$dir"
        exit 1
    fi
    # The password check for one role goes before initdb's trust lines (the first match wins).
    as_owner sh -c "{ echo 'host all dateline_pw 127.0.0.1/32 scram-sha-256'; cat '$dir/data/pg_hba.conf'; } > '$dir/data/pg_hba.new' && mv '$dir/data/pg_hba.new' '$dir/data/pg_hba.conf'"
    for tries in 1 2 3 4 5 6 7 8; do
        port=$((20000 + RANDOM % 30000))
        port_busy "$port" && continue
        if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
            -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
            start >&2; then
            log "listening on 127.0.0.1:$port"
            echo "export DATELINE_TEST_PG=postgres://postgres@127.0.0.1:$port/postgres"
            echo "export DATELINE_PG_CLUSTER=$dir"
            return 0
        fi
        log "could not start on port $port (try $tries):"
        tail -n 5 "$dir/server.log" >&2 || true
    done
    rm -rf "$dir"
    exit 1
}

stop() {
    local dir=${1:-${DATELINE_PG_CLUSTER:-}}
    if [ -z "$dir" ]; then
        log "which cluster? give its folder or set DATELINE_PG_CLUSTER (start prints it)"
        exit 1
    fi
    case "$dir" in
        */dateline-pg.*) ;;
        *)
            log "$dir is not a folder made by start; not deleting it"
            exit 1
            ;;
    esac
    if [ -d "$dir/data" ]; then
        as_owner "$(bindir)/pg_ctl" -D "$dir/data" -m immediate -w stop >&2 || true
    fi
    rm -rf "$dir"
    log "stopped and deleted $dir"
}

case "${1:-}" in
    start) start ;;
    stop) stop "${2:-}" ;;
    *)
        echo "usage: $0 start | stop [FOLDER]" >&2
        exit 2
        ;;
esac
