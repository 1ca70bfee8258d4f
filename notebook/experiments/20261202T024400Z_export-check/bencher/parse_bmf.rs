//! Parse our exported Bencher Metric Format files with bencher_adapter's own BMF parsing
//! (AdapterJson::parse = serde_json::from_str::<AdapterResults>, and AdapterMagic / Adapter::Json),
//! asserting that every benchmark and every measure of the raw JSON is accepted.
use std::collections::BTreeSet;

use bencher_adapter::{Adaptable as _, AdapterResults, adapters::{json::AdapterJson, magic::AdapterMagic}};
use bencher_json::{BenchmarkNameId, MeasureNameId, MeasureSlug, ResourceName, NameId, project::report::{Adapter, JsonAverage}};
use bencher_adapter::Settings;

fn kind<U, S, N>(n: &NameId<U, S, N>) -> &'static str {
    match n { NameId::Uuid(_) => "uuid", NameId::Slug(_) => "slug", NameId::Name(_) => "name" }
}

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    assert!(!files.is_empty(), "usage: parse_bmf FILE.bencher.json...");
    let settings = Settings::new(Some(JsonAverage::Mean));
    let mut failed = false;
    for path in &files {
        let input = std::fs::read_to_string(path).unwrap();
        let raw: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&input).unwrap();
        let raw_benchmarks = raw.len();
        let raw_measures: usize = raw.values().map(|v| v.as_object().unwrap().len()).sum();

        let strict: Option<AdapterResults> = AdapterJson::parse(&input, settings);
        let magic = AdapterMagic::parse(&input, settings);
        let via_enum = Adapter::Json.convert(&input, settings);
        let Some(results) = strict else {
            // show the serde error that AdapterJson::parse swallows with .ok()
            let err = serde_json::from_str::<AdapterResults>(&input).unwrap_err();
            println!("FAIL {path}: AdapterJson::parse returned None: {err}");
            failed = true;
            continue;
        };
        let n_bench = results.inner.len();
        let n_meas: usize = results.inner.values().map(|m| m.inner.len()).sum();
        let mut bench_kinds = std::collections::BTreeMap::<&str, usize>::new();
        let mut measure_keys = BTreeSet::new();
        for (b, metrics) in &results.inner {
            *bench_kinds.entry(kind::<_, _, _>(b)).or_default() += 1;
            for (m, _) in &metrics.inner {
                measure_keys.insert(format!("{m:?}"));
                if !matches!(m, NameId::Slug(_)) { println!("  note: measure key parsed as {}: {m:?}", kind(m)); }
            }
        }
        println!("{path}\n  raw JSON: {raw_benchmarks} benchmarks, {raw_measures} benchmark×measure metrics");
        println!("  AdapterJson::parse: {n_bench} benchmarks, {n_meas} metrics; benchmark keys parsed as {bench_kinds:?}");
        println!("  AdapterMagic::parse same: {}; Adapter::Json.convert same: {}", magic.as_ref() == Some(&results), via_enum.as_ref() == Some(&results));
        println!("  distinct measure keys ({}): {:?}", measure_keys.len(), measure_keys);
        let ok = n_bench == raw_benchmarks && n_meas == raw_measures && magic.as_ref() == Some(&results) && via_enum.as_ref() == Some(&results);
        // every raw key must round-trip through the crate's own key types
        for (bname, v) in &raw {
            let _: BenchmarkNameId = bname.parse().unwrap_or_else(|e| panic!("benchmark {bname}: {e}"));
            for (mname, _) in v.as_object().unwrap() {
                let _: MeasureNameId = mname.parse().unwrap_or_else(|e| panic!("measure {mname}: {e}"));
            }
        }
        println!("  => {}", if ok { "PASS: every benchmark and measure accepted" } else { "FAIL: counts differ" });
        failed |= !ok;
    }
    // Optional: validate (name, slug, units) triples from the measures scripts, given as NAME\tSLUG\tUNITS on stdin
    if std::env::var("CHECK_MEASURE_TRIPLES").is_ok() {
        let mut n = 0; let mut bad = 0;
        for line in std::io::stdin().lines() {
            let line = line.unwrap(); if line.is_empty() { continue; }
            let p: Vec<&str> = line.split('\t').collect();
            let name = p[0].parse::<ResourceName>();
            let slug = p[1].parse::<MeasureSlug>();
            let units = p[2].parse::<ResourceName>();
            let valid_slug = bencher_json::Slug::new(p[1]).map(|s| s.as_ref() == p[1]).unwrap_or(false);
            let ok = name.is_ok() && slug.is_ok() && units.is_ok() && valid_slug;
            n += 1; if !ok { bad += 1; }
            println!("  measure name={:?} ok={} slug={:?} ok={} (slugify-identical={}) units={:?} ok={}", p[0], name.is_ok(), p[1], slug.is_ok(), valid_slug, p[2], units.is_ok());
        }
        println!("measure triples: {n} checked, {bad} invalid");
        failed |= bad > 0;
    }
    if failed { std::process::exit(1); }
}
