#!/bin/sh
# Bencher measures of this export, with their units: run once per project before the first
# upload (BENCHER_PROJECT, and BENCHER_API_TOKEN as for bencher run). A measure that exists
# already is refused by Bencher and left as it is; the other lines still run.
: "${BENCHER_PROJECT:?the Bencher project slug}"
bencher measure create "$BENCHER_PROJECT" --name 'gc.alloc.rate' --slug gc-alloc-rate --units 'MB/sec'
bencher measure create "$BENCHER_PROJECT" --name 'gc.alloc.rate.norm' --slug gc-alloc-rate-norm --units 'B/op'
bencher measure create "$BENCHER_PROJECT" --name 'gc.count' --slug gc-count --units 'counts'
