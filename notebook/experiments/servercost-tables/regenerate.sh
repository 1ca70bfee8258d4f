#!/usr/bin/env bash
# Prints the ServerCost tables of this folder again from the committed runs under results/, into the
# files they were committed as. Run from anywhere: it finds the checkout from where it is.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../../.." && pwd)
cd "$root" # the tables name the runs' files relative to the checkout
t=notebook/experiments/servercost-tables
python3 "$t/servercost_table.py" results/20261202T161047Z_clients results/20261202T164800Z_clients \
  > "$t/20261202T161047Z_clients/servercost-tables.txt"
for run in 20261202T161047Z 20261202T164800Z; do
  python3 "$t/servercost_readme_table.py" "results/${run}_clients" > "$t/${run}_clients/servercost-readme-table.md"
done
run=20261204T005037Z_clients
# each client twice: the first listings, then the second (files ending _2)
(cd "results/$run" && python3 "$root/$t/servercost_table.py" ./*_k8s-1.36.3.json ./*_k8s-1.36.3_2.json) \
  | sed 's/(\.\//(/' > "$t/$run/servercost-tables.txt"
{ python3 "$t/servercost_readme_table.py" "results/$run"; echo; echo '== the second listing (#2)'
  python3 "$t/servercost_readme_table.py" "results/$run" repeat; } > "$t/$run/readme-tables.txt"
{ python3 "$t/servercost_breakeven.py" "results/$run"; echo '== the second listing (#2)'
  python3 "$t/servercost_breakeven.py" "results/$run" repeat; } > "$t/$run/breakeven.txt"
