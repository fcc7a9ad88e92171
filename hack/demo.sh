#!/usr/bin/env bash
# make demo: diagnose every shipped example scenario with the built plugin.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=bin/kubectl-lbdoctor
for f in examples/*/*.yaml; do
  echo "=== kubectl lbdoctor -f $f"
  "$bin" -f "$f" --fix-hints --color=never
  echo "(exit $?)"
  echo
done
