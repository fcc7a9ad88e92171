#!/usr/bin/env bash
# A throw-away control plane for integration tests and `make demo`: one etcd and one kube-apiserver,
# both on 127.0.0.1 only, no Docker, no kubelet/scheduler/controller-manager.
#
#   hack/local-cluster.sh up [DIR]    start; prints DIR (default $LBDOCTOR_CLUSTER_DIR, else a mktemp -d)
#   hack/local-cluster.sh env [DIR]   print DIR/env (KUBECONFIG=admin, restricted kubeconfig, audit log, pids)
#   hack/local-cluster.sh down [DIR]  stop the apiserver, then etcd, by the pids in DIR; remove DIR (idempotent)
#   hack/local-cluster.sh restart-apiserver [DIR]  stop the apiserver and start it again, same flags and port
#   hack/local-cluster.sh stop-apiserver [DIR]     stop the apiserver only (etcd keeps running)
#   hack/local-cluster.sh start-apiserver [DIR]    start it again after stop-apiserver, same flags and port
#
# LBDOCTOR_APISERVER_ARGS (space-separated) adds flags to the apiserver `up` starts (and restarts), e.g.
# "--watch-cache=false --etcd-compaction-interval=0" for tests that force a watch to expire.
#
# Typical use:  dir=$(hack/local-cluster.sh up) && source "$dir/env" && kubectl get ns; hack/local-cluster.sh down "$dir"
#
# Everything lives in DIR: etcd data, CA + serving cert, service-account key, token file, audit policy and
# log, kubeconfigs, pid files and logs. Progress goes to stderr; only `up` writes DIR to stdout.
#
# Two users (static token file): `admin` (group system:masters) and `lbdoctor-restricted` (only
# system:authenticated, bound to nothing: tests grant it what they need with RBAC).
#
# ServiceAccount admission stays ON (the default plugin set), so pods get what they would on a real
# cluster. With no controller-manager, nothing creates a namespace's `default` ServiceAccount, and pods in a
# namespace without it are rejected ("serviceaccount default not found"): `up` creates it in `default` and
# `kube-system`; whoever creates another namespace must create it there too (kubectl create sa default -n NS).
# Other gaps of a bare apiserver: no EndpointSlices or LoadBalancer status are written for you; pods never
# bound to a node are deleted at once; the aggregated ClusterRoles view/edit/admin have NO rules (aggregation is
# a controller-manager job), so grant the restricted user explicit Roles, not `view`.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
KUBE_VERSION=${KUBE_VERSION:-v1.37.1}
ETCD_VERSION=${ETCD_VERSION:-v3.6.16}
MARKER=.lbdoctor-local-cluster # marks a directory this script created, the only kind `down` removes

log() { echo "local-cluster: $*" >&2; }
die() { log "error: $*"; exit 1; }

# resolve_dir DIR: the directory argument, else $LBDOCTOR_CLUSTER_DIR.
resolve_dir() {
  local d=${1:-${LBDOCTOR_CLUSTER_DIR:-}}
  [ -n "$d" ] || die "no DIR given and LBDOCTOR_CLUSTER_DIR is not set"
  echo "$d"
}

# ours PIDFILE: prints the pid if it is alive and its command line mentions our state dir (guards pid reuse).
ours() {
  local pid
  pid=$(cat "$1" 2>/dev/null) || return 1
  [ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF "$dir/" || return 1
  echo "$pid"
}

# stop NAME: SIGTERM the process in DIR/NAME.pid, wait up to 10 s, then SIGKILL.
stop() {
  local pid i
  pid=$(ours "$dir/$1.pid") || { rm -f "$dir/$1.pid"; return 0; }
  log "stopping $1 (pid $pid)"
  kill -TERM "$pid" 2>/dev/null || true
  for i in $(seq 100); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    log "$1 ignored SIGTERM for 10s; sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    for i in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -f "$dir/$1.pid"
}

# start NAME BIN ARGS...: runs BIN in its own session (survives this script and its terminal), output to
# DIR/NAME.log. The child writes its own pid before exec'ing, so the pid file holds the real process.
start() {
  local name=$1 i
  shift
  rm -f "$dir/$name.pid"
  setsid -f bash -c 'echo $$ >"$0.tmp" && mv "$0.tmp" "$0" && exec "$@"' "$dir/$name.pid" "$@" \
    </dev/null >"$dir/$name.log" 2>&1
  for i in $(seq 50); do [ -s "$dir/$name.pid" ] && return 0; sleep 0.1; done
  die "$name did not start (see $dir/$name.log)"
}

# wait_for NAME SECONDS CMD...: retries CMD until it succeeds; on timeout shows the log tail and fails.
wait_for() {
  local name=$1 secs=$2 i
  shift 2
  for i in $(seq $((secs * 5))); do
    "$@" >/dev/null 2>&1 && return 0
    ours "$dir/$name.pid" >/dev/null || { log "$name exited; last lines of $dir/$name.log:"; tail -n 30 "$dir/$name.log" >&2; exit 1; }
    sleep 0.2
  done
  log "$name not ready after ${secs}s; last lines of $dir/$name.log:"
  tail -n 30 "$dir/$name.log" >&2
  exit 1
}

# free_ports N: N distinct free TCP ports on 127.0.0.1 (all held open together, so they differ).
free_ports() {
  python3 - "$1" <<'PY'
import socket, sys
socks = [socket.socket() for _ in range(int(sys.argv[1]))]
for s in socks:
    s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in socks))
PY
}

# gen_certs: a CA and a serving cert for 127.0.0.1/localhost (so kubeconfigs verify TLS), and the
# service-account signing key pair.
gen_certs() {
  local p=$dir/pki
  mkdir -p "$p"
  (
    cd "$p"
    openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj /CN=lbdoctor-local-ca \
      -keyout ca.key -out ca.crt
    openssl req -newkey rsa:2048 -nodes -subj /CN=kube-apiserver -keyout apiserver.key -out apiserver.csr
    printf '%s\n' "basicConstraints=CA:FALSE" "keyUsage=critical,digitalSignature,keyEncipherment" \
      "extendedKeyUsage=serverAuth" \
      "subjectAltName=IP:127.0.0.1,DNS:localhost,IP:10.96.0.1,DNS:kubernetes,DNS:kubernetes.default.svc" >apiserver.ext
    openssl x509 -req -in apiserver.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 3650 \
      -extfile apiserver.ext -out apiserver.crt
    openssl genrsa -out sa.key 2048
    openssl rsa -in sa.key -pubout -out sa.pub
  ) >/dev/null 2>"$dir/openssl.log" || { cat "$dir/openssl.log" >&2; die "openssl failed"; }
}

# kubeconfig USER TOKEN: a kubeconfig for the user, verifying the server against our CA.
kubeconfig() {
  cat <<EOF
apiVersion: v1
kind: Config
clusters:
- name: lbdoctor-local
  cluster:
    server: https://127.0.0.1:$api_port
    certificate-authority-data: $(base64 -w0 <"$dir/pki/ca.crt")
users:
- name: $1
  user:
    token: $2
contexts:
- name: $1@lbdoctor-local
  context: {cluster: lbdoctor-local, user: $1, namespace: default}
current-context: $1@lbdoctor-local
EOF
}

ensure_default_sa() {
  local k=(kubectl --kubeconfig="$dir/admin.kubeconfig" -n "$1")
  "${k[@]}" get serviceaccount default || "${k[@]}" create serviceaccount default
}

cmd_up() {
  for t in openssl python3 curl kubectl setsid; do
    command -v "$t" >/dev/null || die "$t is required"
  done
  dir=${1:-${LBDOCTOR_CLUSTER_DIR:-}}
  [ -n "$dir" ] || dir=$(mktemp -d "${TMPDIR:-/tmp}/lbdoctor-cluster.XXXXXX")
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  if [ -e "$dir/$MARKER" ]; then
    if ours "$dir/apiserver.pid" >/dev/null || ours "$dir/etcd.pid" >/dev/null; then
      die "a cluster is already running in $dir (hack/local-cluster.sh down $dir)"
    fi
    log "reusing $dir (previous cluster is gone; wiping it)"
    find "$dir" -mindepth 1 -delete
  elif [ -n "$(ls -A "$dir")" ]; then
    die "$dir is not empty and was not made by this script"
  fi
  touch "$dir/$MARKER"
  local t0=$SECONDS bins
  bins=$(KUBE_VERSION=$KUBE_VERSION ETCD_VERSION=$ETCD_VERSION "$here/build-cluster-bins.sh")

  # On any failure from here on, stop what we started; DIR stays for its logs (up DIR again wipes it).
  trap 'rc=$?; if [ $rc -ne 0 ]; then stop apiserver; stop etcd; log "failed; logs kept in $dir"; fi' EXIT

  local etcd_port peer_port
  read -r etcd_port peer_port api_port < <(free_ports 3)
  local etcd_url=http://127.0.0.1:$etcd_port

  gen_certs
  local admin_token restricted_token
  admin_token=$(openssl rand -hex 24)
  restricted_token=$(openssl rand -hex 24)
  # token,user,uid,"groups"
  printf '%s\n' "$admin_token,admin,admin,\"system:masters\"" \
    "$restricted_token,lbdoctor-restricted,lbdoctor-restricted" >"$dir/tokens.csv"
  chmod 600 "$dir/tokens.csv"
  # Metadata for every request; RequestReceived is omitted so each request logs once (ResponseComplete).
  cat >"$dir/audit-policy.yaml" <<'EOF'
apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: ["RequestReceived"]
rules:
- level: Metadata
EOF

  log "starting etcd on $etcd_url"
  start etcd "$bins/etcd-$ETCD_VERSION" \
    --name=lbdoctor --data-dir="$dir/etcd-data" \
    --listen-client-urls="$etcd_url" --advertise-client-urls="$etcd_url" \
    --listen-peer-urls="http://127.0.0.1:$peer_port" --initial-advertise-peer-urls="http://127.0.0.1:$peer_port" \
    --initial-cluster="lbdoctor=http://127.0.0.1:$peer_port" --initial-cluster-state=new \
    --unsafe-no-fsync --log-level=warn
  wait_for etcd 30 curl -fsS "$etcd_url/health"

  # --endpoint-reconciler-type=none: since 1.37 the default (lease) reconciler refuses a loopback
  # --advertise-address; with none, the `kubernetes` Service exists but has no endpoints.
  log "starting kube-apiserver on https://127.0.0.1:$api_port"
  local api_args=("$bins/kube-apiserver-$KUBE_VERSION" \
    --etcd-servers="$etcd_url" \
    --bind-address=127.0.0.1 --advertise-address=127.0.0.1 --secure-port="$api_port" \
    --tls-cert-file="$dir/pki/apiserver.crt" --tls-private-key-file="$dir/pki/apiserver.key" \
    --service-account-issuer=https://kubernetes.default.svc \
    --service-account-key-file="$dir/pki/sa.pub" --service-account-signing-key-file="$dir/pki/sa.key" \
    --token-auth-file="$dir/tokens.csv" --authorization-mode=RBAC \
    --audit-policy-file="$dir/audit-policy.yaml" --audit-log-path="$dir/audit.log" --audit-log-format=json \
    --service-cluster-ip-range=10.96.0.0/16 --allow-privileged=true \
    --endpoint-reconciler-type=none)
  local extra
  read -r -a extra <<<"${LBDOCTOR_APISERVER_ARGS:-}"
  api_args+=("${extra[@]}")
  # restart-apiserver starts it again with the same flags.
  printf '%s\0' "${api_args[@]}" >"$dir/apiserver.cmd"
  start apiserver "${api_args[@]}"
  wait_for apiserver 90 curl -fsSk -H "Authorization: Bearer $admin_token" "https://127.0.0.1:$api_port/readyz"

  kubeconfig admin "$admin_token" >"$dir/admin.kubeconfig"
  kubeconfig lbdoctor-restricted "$restricted_token" >"$dir/restricted.kubeconfig"
  chmod 600 "$dir"/*.kubeconfig

  # Only loopback listeners (ss needs to see the pids; skip the check if ss is missing).
  local etcd_pid api_pid
  etcd_pid=$(cat "$dir/etcd.pid")
  api_pid=$(cat "$dir/apiserver.pid")
  if command -v ss >/dev/null; then
    local bad
    bad=$(ss -Hltnp | grep -E "pid=($etcd_pid|$api_pid)," | awk '{print $4}' | grep -v '^127\.0\.0\.1:' || true)
    [ -z "$bad" ] || die "listening beyond loopback: $bad"
  fi

  # The default ServiceAccount (see the header): the namespaces appear shortly after /readyz.
  local ns
  for ns in default kube-system; do wait_for apiserver 30 ensure_default_sa "$ns"; done

  {
    printf 'export KUBECONFIG=%q\n' "$dir/admin.kubeconfig"
    printf 'export LBDOCTOR_CLUSTER_DIR=%q\n' "$dir"
    printf 'export LBDOCTOR_AUDIT_LOG=%q\n' "$dir/audit.log"
    printf 'export LBDOCTOR_RESTRICTED_KUBECONFIG=%q\n' "$dir/restricted.kubeconfig"
    printf 'export LBDOCTOR_APISERVER_PID=%q\n' "$api_pid"
    printf 'export LBDOCTOR_ETCD_PID=%q\n' "$etcd_pid"
    printf 'export LBDOCTOR_ETCD_URL=%q\n' "$etcd_url"
  } >"$dir/env"
  log "up in $((SECONDS - t0))s: source $dir/env"
  echo "$dir"
}

cmd_down() {
  dir=$(resolve_dir "${1:-}")
  [ -d "$dir" ] || { log "$dir does not exist; nothing to do"; return 0; }
  dir=$(cd "$dir" && pwd)
  [ -e "$dir/$MARKER" ] || die "$dir was not made by this script; not touching it"
  # The apiserver first: one whose etcd is gone may hang on SIGTERM.
  stop apiserver
  stop etcd
  rm -rf "$dir"
  log "down: removed $dir"
}

# restart-apiserver DIR: stop the API server and start it again with the same flags, etcd, port and
# certificates (for tests of clients that must survive a restart); waits until it is ready.
cmd_restart_apiserver() {
  cmd_stop_apiserver "$@"
  cmd_start_apiserver "$@"
}

# stop-apiserver DIR: stop the API server only; etcd and DIR stay (start-apiserver brings it back).
cmd_stop_apiserver() {
  dir=$(resolve_dir "${1:-}")
  dir=$(cd "$dir" && pwd)
  [ -e "$dir/$MARKER" ] && [ -s "$dir/apiserver.cmd" ] || die "no cluster made by this script in $dir"
  stop apiserver
}

# start-apiserver DIR: start the API server with the flags `up` recorded; waits until it is ready.
cmd_start_apiserver() {
  dir=$(resolve_dir "${1:-}")
  dir=$(cd "$dir" && pwd)
  [ -e "$dir/$MARKER" ] && [ -s "$dir/apiserver.cmd" ] || die "no cluster made by this script in $dir"
  local args=() port token
  mapfile -d '' args <"$dir/apiserver.cmd"
  port=$(printf '%s\n' "${args[@]}" | sed -n 's/^--secure-port=//p')
  token=$(head -n1 "$dir/tokens.csv" | cut -d, -f1)
  ours "$dir/apiserver.pid" >/dev/null && die "the apiserver of $dir is running"
  log "starting kube-apiserver again on https://127.0.0.1:$port"
  start apiserver "${args[@]}"
  wait_for apiserver 90 curl -fsSk -H "Authorization: Bearer $token" "https://127.0.0.1:$port/readyz"
  sed -i "s/^export LBDOCTOR_APISERVER_PID=.*/export LBDOCTOR_APISERVER_PID=$(cat "$dir/apiserver.pid")/" "$dir/env"
}

cmd_env() {
  dir=$(resolve_dir "${1:-}")
  [ -f "$dir/env" ] || die "no $dir/env (is the cluster up?)"
  cat "$dir/env"
}

case "${1:-}" in
  up | down | env) c=$1; shift; "cmd_$c" "$@" ;;
  restart-apiserver) shift; cmd_restart_apiserver "$@" ;;
  stop-apiserver) shift; cmd_stop_apiserver "$@" ;;
  start-apiserver) shift; cmd_start_apiserver "$@" ;;
  *) echo "usage: $0 up|down|env|restart-apiserver|stop-apiserver|start-apiserver [DIR]" >&2; exit 2 ;;
esac
