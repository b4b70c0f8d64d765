//! Perft of orthodox chess against the published tables in
//! tests/data/chess.perft: the move generator's count of leaf nodes must
//! match exactly at every depth we can afford.

use boserv::rules::find_variant;

struct Case {
    id: String,
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/chess.perft"
    ))
    .unwrap();
    let mut out: Vec<Case> = Vec::new();
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (tag, rest) = line.split_once(' ').unwrap();
        match tag {
            "id" => out.push(Case {
                id: rest.into(),
                fen: String::new(),
                counts: Vec::new(),
            }),
            "epd" => out.last_mut().unwrap().fen = rest.into(),
            "perft" => {
                let (d, n) = rest.split_once(' ').unwrap();
                out.last_mut()
                    .unwrap()
                    .counts
                    .push((d.parse().unwrap(), n.parse().unwrap()));
            }
            _ => panic!("unknown line {line}"),
        }
    }
    out
}

fn check(max_nodes: u64, max_depth: u32) -> usize {
    let chess = find_variant("chess").unwrap();
    let mut checked = 0;
    for case in cases() {
        let pos = chess
            .from_fen(&[], &case.fen)
            .unwrap_or_else(|e| panic!("{}: {e}", case.id));
        for &(depth, nodes) in case
            .counts
            .iter()
            .filter(|&&(d, n)| n <= max_nodes && d <= max_depth)
        {
            assert_eq!(pos.perft(depth), nodes, "{} depth {depth}", case.id);
            checked += 1;
        }
    }
    checked
}

#[test]
fn perft_tables_within_a_debug_budget() {
    let checked = check(1_000_000, 6);
    assert!(checked >= 20, "only {checked} counts checked");
}

/// The proof: all six published positions at depth 4 and the
/// start at depth 5 (about a second at the dev profile's opt-level 1).
#[test]
fn perft_tables_deep() {
    check(u64::MAX, 4);
    let chess = find_variant("chess").unwrap();
    let start = chess.start(&[]).unwrap();
    let clock = std::time::Instant::now();
    assert_eq!(start.perft(5), 4_865_609);
    let secs = clock.elapsed().as_secs_f64();
    println!(
        "perft 5 from the start: {secs:.3} s, {:.1} M nodes/s",
        4_865_609.0 / secs / 1e6
    );
}
