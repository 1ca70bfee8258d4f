#!/usr/bin/env bash
# Prints the RestartStorm tables of this folder again from the committed runs under results/, into the
# files they were committed as. Run from anywhere: it finds the checkout from where it is.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$here/../../.."
for run in 20261203T055751Z 20261203T062802Z 20261203T071648Z 20261203T072441Z; do
  python3 "$here/storm_table.py" "results/${run}_clients" > "$here/${run}_clients/storm-tables.txt"
done
