//! Feed each recorded `bencher ...` argv (one per line, \x1f-separated) to the real CLI parser
//! (bencher_cli::CliBencher, clap) without executing anything.
use clap::Parser as _;
fn main() {
    let path = std::env::args().nth(1).expect("argv file");
    let (mut ok, mut bad) = (0, 0);
    for line in std::fs::read_to_string(&path).unwrap().lines().filter(|l| !l.is_empty()) {
        let mut argv: Vec<String> = vec!["bencher".into()];
        argv.extend(line.trim_end_matches('\u{1f}').split('\u{1f}').map(str::to_owned));
        match bencher_cli::CliBencher::try_parse_from(&argv) {
            Ok(cli) => { ok += 1; println!("OK   {:?}", cli); }
            Err(e) => { bad += 1; println!("FAIL {:?}\n{e}", &argv[1..]); }
        }
    }
    println!("{path}: {ok} parsed OK, {bad} rejected");
    if bad > 0 { std::process::exit(1); }
}
