#!/usr/bin/env python3
"""CacheMemory's table for docs/findings/cache-memory.md, from run folders' merged JMH JSON files.

Usage: cache_memory_table.py FOLDER... > table.md

Reads every contender file of each folder (not parts/, not all-clients.json; a file ending _2 is a
client's second listing, the A/A, and is read only for the A/A column). Per kind, one row per
client and remedy: the heap an object at each size (heap.bytesPerObject, the mean over forks), the
whole cache at the row's largest size (heap.retainedMiB), the process's RSS and the sync's time there, what a cached object
held (managedFields entries, spec), and the A/A's largest change of the heap over the sizes.
"""
import glob
import json
import os
import sys
from collections import defaultdict

CLIENTS = ["CLIENT_JAVA", "FABRIC8", "CLIENT_GO"]
NAMES = {"CLIENT_JAVA": "client-java", "FABRIC8": "fabric8", "CLIENT_GO": "client-go"}
KINDS = [("POD", "Pods"), ("SECRET", "Secrets"), ("CONFIG_MAP", "ConfigMaps")]
REMEDIES = [("FULL", "full"), ("NO_MANAGED_FIELDS", "managedFields dropped"),
            ("METADATA_ONLY", "metadata only"), ("SELECTOR_TENTH", "a tenth, by label")]


def files(folder):
    for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
        name = os.path.basename(path)
        if name.endswith(".meta.json") or name in ("all-clients.json", "interleave.json"):
            continue
        yield path, name.endswith("_2.json")


def read(folders):
    """(client, kind, remedy, objects, repeat) -> {metric: mean}"""
    out = {}
    for folder in folders:
        for path, repeat in files(folder):
            for row in json.load(open(path)):
                if not row["benchmark"].endswith("CacheMemoryBenchmark.sync"):
                    continue
                p = row["params"]
                m = {k: v["score"] for k, v in row["secondaryMetrics"].items()}
                m["ms"] = row["primaryMetric"]["score"]
                out[(p["client"], p["kind"], p["remedy"], int(p["objects"]), repeat)] = m
    return out


def fmt(x, digits=0):
    return f"{x:,.{digits}f}" if x is not None else "–"


def main(folders):
    data = read(folders)
    sizes = sorted({k[3] for k in data})
    for kind, kind_name in KINDS:
        json_bytes = next((m["object.jsonBytes"] for k, m in data.items() if k[1] == kind), None)
        big = max((k[3] for k in data if k[1] == kind), default=None)
        if big is None:
            continue
        print(f"**{kind_name}** ({fmt(json_bytes)} bytes of JSON each)\n")
        head = " | ".join(f"{n:,}" for n in sizes)
        print(f"| client | remedy | heap an object (bytes) at {head} | at the row's largest size: the cache (MiB) "
              f"| RSS (MiB) | sync (ms) | held: managedFields, spec | A/A, heap |")
        print("|---|---|" + "---:|" * len(sizes) + "---:|---:|---:|---|---:|")
        for client in CLIENTS:
            for remedy, remedy_name in REMEDIES:
                cells = [fmt(data.get((client, kind, remedy, n, False), {}).get("heap.bytesPerObject"))
                         for n in sizes]
                measured = [n for n in sizes if (client, kind, remedy, n, False) in data]
                top = data.get((client, kind, remedy, measured[-1], False)) if measured else None
                at = f" ({measured[-1] // 1000}k)" if measured and len(sizes) > 1 else ""
                if top is None and all(c == "–" for c in cells):
                    continue
                aa = []
                for n in sizes:
                    a, b = data.get((client, kind, remedy, n, False)), data.get((client, kind, remedy, n, True))
                    if a and b:
                        aa.append((b["heap.retainedMiB"] - a["heap.retainedMiB"]) / a["heap.retainedMiB"] * 100)
                aa_cell = f"{max(aa, key=abs):+.2f}%" if aa else "–"
                held = (f"{fmt(top.get('cache.managedFields'))}, {'yes' if top.get('cache.spec') else 'no'}"
                        if top else "–")
                print(f"| {NAMES[client]} | {remedy_name} | " + " | ".join(cells)
                      + f" | {fmt(top and top.get('heap.retainedMiB'), 1)}{at} | {fmt(top and top.get('process.rssMiB'))}"
                      + f" | {fmt(top and top.get('ms'))}"
                      + f" | {held} | {aa_cell} |")
        print()


if __name__ == "__main__":
    main(sys.argv[1:])
