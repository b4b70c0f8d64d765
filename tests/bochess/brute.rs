//! An independent, deliberately naive Big Outer Chess move generator, used
//! only to cross-check the engine (perft and legal-move lists).
//!
//! It shares nothing with `src/rules`: plain `(x, y)` coordinates (a1 =
//! (0,0), corner squares at (-1,-1), (12,-1), (12,12), (-1,12)), a 14x14
//! array, piece moves written out from RULES.md by hand, and check found by
//! asking every enemy piece whether it hits the king. Slow and simple on
//! purpose: if it agrees with the engine, both read the rules the same way.

use std::collections::BTreeSet;

const CORNERS: [(i32, i32); 4] = [(-1, -1), (12, -1), (12, 12), (-1, 12)];
const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
const DIAGONALS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const ORTHOGONALS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const PROMOTIONS: [char; 7] = ['B', 'G', 'J', 'M', 'N', 'Q', 'R'];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Man {
    pub white: bool,
    /// Upper-case letter: P K Q R B G M J N.
    pub kind: char,
}

#[derive(Clone, Debug)]
pub struct Brute {
    cells: [[Option<Man>; 14]; 14],
    pub white_to_move: bool,
    /// Castling rights: white king side, white queen side, black king, black queen.
    rights: [bool; 4],
    /// After a pawn moved 2+ squares: the squares it passed and where it stands.
    passed: Vec<(i32, i32)>,
    passed_pawn: Option<(i32, i32)>,
}

pub fn exists(x: i32, y: i32) -> bool {
    ((0..12).contains(&x) && (0..12).contains(&y)) || CORNERS.contains(&(x, y))
}

/// 0 central, 1 mid, 2 outer.
pub fn zone(x: i32, y: i32) -> u8 {
    let dx = (4 - x).max(x - 7).max(0);
    let dy = (4 - y).max(y - 7).max(0);
    match dx.max(dy) {
        0 => 0,
        1 | 2 => 1,
        _ => 2,
    }
}

pub fn name(x: i32, y: i32) -> String {
    match (x, y) {
        (-1, -1) => "z1".into(),
        (12, -1) => "z2".into(),
        (12, 12) => "z3".into(),
        (-1, 12) => "z4".into(),
        _ => format!("{}{}", (b'a' + x as u8) as char, y + 1),
    }
}

fn parse_square(s: &str) -> (i32, i32) {
    match s {
        "z1" => (-1, -1),
        "z2" => (12, -1),
        "z3" => (12, 12),
        "z4" => (-1, 12),
        _ => {
            let x = (s.as_bytes()[0] - b'a') as i32;
            let y: i32 = s[1..].parse().unwrap();
            (x, y - 1)
        }
    }
}

/// The leaps of a piece standing on a square of `zone` (not the steps).
fn leaps(kind: char, zone: u8) -> Vec<(i32, i32)> {
    let mut shapes: Vec<(i32, i32)> = Vec::new();
    match (kind, zone) {
        ('G', _) => shapes.push((3, 1)),
        ('N', 0) => shapes.push((2, 1)),
        ('N', 1) => shapes.extend([(3, 1), (2, 2)]),
        ('N', _) => shapes.extend([(4, 1), (3, 2)]),
        ('J', 1) => shapes.extend([(2, 0), (2, 2)]),
        ('J', 2) => shapes.extend([(3, 0), (3, 3)]),
        _ => {}
    }
    let mut out = Vec::new();
    for (a, b) in shapes {
        for (p, q) in [(a, b), (b, a)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let v = (p * sx, q * sy);
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
    }
    out
}

impl Brute {
    pub fn start() -> Brute {
        Brute::from_fen(
            "(n)jrmgbqkbgmrj(n)/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/(N)JRMGBQKBGMRJ(N) w KQkq - 0 1",
        )
    }

    /// Reads the documented FEN extension (see the engine's help): 12 ranks
    /// from 12 down to 1; `(x)` before rank 12 / rank 1 is z4 / z1, after it
    /// z3 / z2; castling `KQkq`; en passant field `e2-e6` (the pawn move that
    /// may be taken) or `-`.
    pub fn from_fen(fen: &str) -> Brute {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut cells = [[None; 14]; 14];
        for (i, row) in fields[0].split('/').enumerate() {
            let y = 11 - i as i32;
            let mut chars = row.chars().peekable();
            let mut digits = String::new();
            let mut x_on_board = 0;
            while let Some(c) = chars.next() {
                if c == '(' {
                    let inner: String = chars.by_ref().take_while(|&c| c != ')').collect();
                    let cx = if x_on_board == 0 { -1 } else { 12 };
                    let cy = if y == 11 { 12 } else { -1 };
                    if let Some(p) = inner.chars().next() {
                        cells[(cx + 1) as usize][(cy + 1) as usize] = Some(Man {
                            white: p.is_ascii_uppercase(),
                            kind: p.to_ascii_uppercase(),
                        });
                    }
                    continue;
                }
                if c.is_ascii_digit() {
                    digits.push(c);
                    if chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                        continue;
                    }
                    x_on_board += digits.parse::<i32>().unwrap();
                    digits.clear();
                    continue;
                }
                let x = x_on_board;
                cells[(x + 1) as usize][(y + 1) as usize] = Some(Man {
                    white: c.is_ascii_uppercase(),
                    kind: c.to_ascii_uppercase(),
                });
                x_on_board += 1;
            }
        }
        let rights = fields.get(2).copied().unwrap_or("-");
        let mut b = Brute {
            cells,
            white_to_move: fields[1] == "w",
            rights: [
                rights.contains('K'),
                rights.contains('Q'),
                rights.contains('k'),
                rights.contains('q'),
            ],
            passed: Vec::new(),
            passed_pawn: None,
        };
        if let Some(ep) = fields.get(3).filter(|s| **s != "-") {
            let (from, to) = ep.split_once('-').unwrap();
            let (fx, fy) = parse_square(from);
            let (tx, ty) = parse_square(to);
            let dir = (ty - fy).signum();
            let mut y = fy + dir;
            while y != ty {
                b.passed.push((fx, y));
                y += dir;
            }
            b.passed_pawn = Some((tx, ty));
        }
        b
    }

    fn at(&self, x: i32, y: i32) -> Option<Man> {
        if exists(x, y) {
            self.cells[(x + 1) as usize][(y + 1) as usize]
        } else {
            None
        }
    }

    fn put(&mut self, x: i32, y: i32, m: Option<Man>) {
        self.cells[(x + 1) as usize][(y + 1) as usize] = m;
    }

    /// Squares a piece on (x, y) attacks or may move to, ignoring what stands
    /// on the target (pawns: their two capture squares only).
    fn reach(&self, x: i32, y: i32, man: Man) -> Vec<(i32, i32)> {
        let z = zone(x, y);
        let mut out = Vec::new();
        let slide = |dirs: &[(i32, i32)], limit: i32, out: &mut Vec<(i32, i32)>| {
            for &(dx, dy) in dirs {
                let (mut cx, mut cy) = (x + dx, y + dy);
                let mut n = 1;
                while exists(cx, cy) && n <= limit {
                    out.push((cx, cy));
                    if self.at(cx, cy).is_some() {
                        break;
                    }
                    cx += dx;
                    cy += dy;
                    n += 1;
                }
            }
        };
        match man.kind {
            'P' => {
                let dy = if man.white { 1 } else { -1 };
                out.push((x - 1, y + dy));
                out.push((x + 1, y + dy));
            }
            'K' | 'J' => out.extend(KING_STEPS.iter().map(|(a, b)| (x + a, y + b))),
            'G' => out.extend(DIAGONALS.iter().map(|(a, b)| (x + a, y + b))),
            'R' => slide(&ORTHOGONALS, 99, &mut out),
            'B' => slide(&DIAGONALS, 99, &mut out),
            'Q' => slide(&KING_STEPS, 99, &mut out),
            'M' => slide(&KING_STEPS, [3, 6, 99][z as usize], &mut out),
            _ => {}
        }
        out.extend(leaps(man.kind, z).iter().map(|(a, b)| (x + a, y + b)));
        out.retain(|&(a, b)| exists(a, b));
        out
    }

    fn attacked(&self, x: i32, y: i32, by_white: bool) -> bool {
        for cx in -1..13 {
            for cy in -1..13 {
                if let Some(m) = self.at(cx, cy)
                    && m.white == by_white
                    && self.reach(cx, cy, m).contains(&(x, y))
                {
                    return true;
                }
            }
        }
        false
    }

    fn king(&self, white: bool) -> (i32, i32) {
        for x in -1..13 {
            for y in -1..13 {
                if self.at(x, y) == Some(Man { white, kind: 'K' }) {
                    return (x, y);
                }
            }
        }
        panic!("no king")
    }

    /// Every legal move as (canonical text, resulting position).
    pub fn moves(&self) -> Vec<(String, Brute)> {
        let me = self.white_to_move;
        let mut out = Vec::new();
        for x in -1..13 {
            for y in -1..13 {
                let Some(man) = self.at(x, y) else { continue };
                if man.white != me {
                    continue;
                }
                if man.kind == 'P' {
                    self.pawn_moves(x, y, &mut out);
                } else {
                    for (tx, ty) in self.reach(x, y, man) {
                        match self.at(tx, ty) {
                            Some(t) if t.white == me => {}
                            target => {
                                let text = format!(
                                    "{}{}{}{}",
                                    man.kind,
                                    name(x, y),
                                    if target.is_some() { 'x' } else { '-' },
                                    name(tx, ty)
                                );
                                out.push((text, self.after(x, y, tx, ty, None, None, None)));
                            }
                        }
                    }
                }
            }
        }
        self.castlings(&mut out);
        out.retain(|(_, next)| {
            let (kx, ky) = next.king(me);
            !next.attacked(kx, ky, !me)
        });
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    fn pawn_moves(&self, x: i32, y: i32, out: &mut Vec<(String, Brute)>) {
        let white = self.white_to_move;
        let dy = if white { 1 } else { -1 };
        let first = if white { y == 1 } else { y == 10 };
        let last = if white { 11 } else { 0 };
        let longest = if first { 4 } else { 2 };
        let mut push = |text: String, next: Brute, (tx, ty): (i32, i32)| {
            if ty == last {
                for p in PROMOTIONS {
                    let mut n = next.clone();
                    n.put(tx, ty, Some(Man { white, kind: p }));
                    out.push((format!("{text}={p}"), n));
                }
            } else {
                out.push((text, next));
            }
        };
        for n in 1..=longest {
            let ty = y + n * dy;
            if !exists(x, ty) || self.at(x, ty).is_some() {
                break;
            }
            if ty == last && n > 1 {
                break;
            }
            let passed: Vec<(i32, i32)> = (1..n).map(|k| (x, y + k * dy)).collect();
            let next = self.after(x, y, x, ty, None, Some(passed), None);
            push(format!("{}-{}", name(x, y), name(x, ty)), next, (x, ty));
        }
        for tx in [x - 1, x + 1] {
            let ty = y + dy;
            match self.at(tx, ty) {
                Some(t) if t.white != white => {
                    let next = self.after(x, y, tx, ty, None, None, None);
                    push(format!("{}x{}", name(x, y), name(tx, ty)), next, (tx, ty));
                }
                None if self.passed.contains(&(tx, ty)) => {
                    let next = self.after(x, y, tx, ty, None, None, self.passed_pawn);
                    push(format!("{}x{}", name(x, y), name(tx, ty)), next, (tx, ty));
                }
                _ => {}
            }
        }
    }

    fn castlings(&self, out: &mut Vec<(String, Brute)>) {
        let me = self.white_to_move;
        let y = if me { 0 } else { 11 };
        let base = if me { 0 } else { 2 };
        if self.attacked(6, y, !me) {
            return;
        }
        // (right index, rook file, king target, rook target, files between)
        let sides = [(base, 10, 9, 8, 7..=9), (base + 1, 1, 3, 4, 2..=5)];
        for (right, rook_x, king_to, rook_to, between) in sides {
            if !self.rights[right]
                || self.at(6, y)
                    != Some(Man {
                        white: me,
                        kind: 'K',
                    })
                || self.at(rook_x, y)
                    != Some(Man {
                        white: me,
                        kind: 'R',
                    })
            {
                continue;
            }
            if between
                .clone()
                .any(|bx| self.at(bx, y).is_some() || self.attacked(bx, y, !me))
            {
                continue;
            }
            let next = self.after(6, y, king_to, y, Some((rook_x, rook_to)), None, None);
            out.push((format!("K{}-{}", name(6, y), name(king_to, y)), next));
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn after(
        &self,
        x: i32,
        y: i32,
        tx: i32,
        ty: i32,
        rook: Option<(i32, i32)>,
        passed: Option<Vec<(i32, i32)>>,
        taken_en_passant: Option<(i32, i32)>,
    ) -> Brute {
        let mut n = self.clone();
        let man = n.at(x, y);
        n.put(x, y, None);
        n.put(tx, ty, man);
        if let Some((rx, rt)) = rook {
            let r = n.at(rx, y);
            n.put(rx, y, None);
            n.put(rt, y, r);
        }
        if let Some((px, py)) = taken_en_passant {
            n.put(px, py, None);
        }
        let homes = [
            ((6, 0), (10, 0)),
            ((6, 0), (1, 0)),
            ((6, 11), (10, 11)),
            ((6, 11), (1, 11)),
        ];
        for (i, (king_home, rook_home)) in homes.into_iter().enumerate() {
            for touched in [(x, y), (tx, ty)] {
                if touched == king_home || touched == rook_home {
                    n.rights[i] = false;
                }
            }
        }
        n.passed = passed.clone().filter(|p| !p.is_empty()).unwrap_or_default();
        n.passed_pawn = if n.passed.is_empty() {
            None
        } else {
            Some((tx, ty))
        };
        n.white_to_move = !self.white_to_move;
        n
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|(_, n)| n.perft(depth - 1)).sum()
    }

    pub fn move_texts(&self) -> BTreeSet<String> {
        self.moves().into_iter().map(|(t, _)| t).collect()
    }
}

#[test]
fn zones_count_16_48_84() {
    let mut counts = [0; 3];
    for x in -1..13 {
        for y in -1..13 {
            if exists(x, y) {
                counts[zone(x, y) as usize] += 1;
            }
        }
    }
    assert_eq!(counts, [16, 48, 84]);
}
