//! An independent generator for Rebellion and Squirm Chess (with or
//! without Berolina pawns), written from RULES.md alone: plain loops over
//! the 64 squares, each piece's moves written out by hand, rebel squares
//! from a hand table of which adjacent steps each piece makes, and the
//! check test by walking out from the king. It shares nothing with the
//! engine (no geometry, no piece data, no reach tables, no notation), so
//! when both count the same, both read the rules the same way.
//!
//! Not modelled: repetition (no perft here is deep enough to repeat a
//! position three times).

/// The two games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    Rebellion,
    Squirm,
}

/// A piece: its owner and its letter (`P N B R Q K`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Man {
    white: bool,
    kind: char,
}

/// One action of a turn.
#[derive(Clone, Copy, Debug)]
struct Step {
    from: usize,
    to: usize,
    promo: Option<char>,
    /// A move of an enemy piece (rebel move, squirm).
    rebel: bool,
    capture: bool,
    /// Castling: the rook's (from, to).
    rook: Option<(usize, usize)>,
    /// En passant: the square of the pawn taken.
    taken: Option<usize>,
}

/// A position.
#[derive(Clone, Debug)]
pub struct Brute {
    game: Game,
    berolina: bool,
    sq: [Option<Man>; 64],
    white: bool,
    /// Rights K Q k q.
    castle: [bool; 4],
    /// The pawn double step just made: (from, to).
    ep: Option<(usize, usize)>,
    /// Squirm: where the piece that moved last stands.
    last: Option<usize>,
    halfmove: u32,
}

fn at(f: i32, r: i32) -> Option<usize> {
    ((0..8).contains(&f) && (0..8).contains(&r)).then_some((r * 8 + f) as usize)
}

fn fr(i: usize) -> (i32, i32) {
    ((i % 8) as i32, (i / 8) as i32)
}

fn name(i: usize) -> String {
    let (f, r) = fr(i);
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

fn parse_square(s: &str) -> usize {
    let b = s.as_bytes();
    at((b[0] - b'a') as i32, (b[1] - b'1') as i32).expect("a square")
}

const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const ORTH: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The rebel steps from the owner's side: three ahead, two aside.
const REBEL: [(i32, i32); 5] = [(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0)];

/// Does a piece of this kind make the step (df, dr) (dr counted in its
/// owner's forward) by its own move or capture on an empty board? By hand,
/// piece by piece: a pawn (FIDE or Berolina) covers the three squares
/// ahead (one kind by moving, the others by capturing), a knight no
/// adjacent square, a bishop the diagonal ones, a rook the straight ones,
/// queen and king all.
fn covers(kind: char, df: i32, dr: i32) -> bool {
    match kind {
        'P' => dr == 1,
        'N' => false,
        'B' => df != 0 && dr != 0,
        'R' => df == 0 || dr == 0,
        _ => true,
    }
}

impl Brute {
    /// From the game's FEN (Squirm: an optional seventh field, the square
    /// of the piece moved last).
    pub fn from_fen(game: Game, berolina: bool, fen: &str) -> Brute {
        let f: Vec<&str> = fen.split_whitespace().collect();
        let mut b = Brute {
            game,
            berolina,
            sq: [None; 64],
            white: f[1] == "w",
            castle: [false; 4],
            ep: None,
            last: None,
            halfmove: f[4].parse().unwrap(),
        };
        for (i, row) in f[0].split('/').enumerate() {
            let r = 7 - i as i32;
            let mut file = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as i32;
                } else {
                    b.sq[at(file, r).unwrap()] = Some(Man {
                        white: c.is_ascii_uppercase(),
                        kind: c.to_ascii_uppercase(),
                    });
                    file += 1;
                }
            }
        }
        for (i, c) in "KQkq".chars().enumerate() {
            b.castle[i] = f[2].contains(c);
        }
        if f[3] != "-" {
            let (x, y) = f[3].split_once('-').unwrap();
            b.ep = Some((parse_square(x), parse_square(y)));
        }
        if let Some(&s) = f.get(6).filter(|s| **s != "-") {
            b.last = Some(parse_square(s));
        }
        b
    }

    fn forward(white: bool) -> i32 {
        if white { 1 } else { -1 }
    }

    fn king(&self, white: bool) -> usize {
        (0..64)
            .find(|&i| self.sq[i] == Some(Man { white, kind: 'K' }))
            .expect("a king")
    }

    /// Is `target` attacked by a piece of `by_white`? Walks out from it.
    fn attacked(&self, target: usize, by_white: bool) -> bool {
        let (f, r) = fr(target);
        let is = |i: Option<usize>, kinds: &str| {
            i.and_then(|i| self.sq[i])
                .is_some_and(|m| m.white == by_white && kinds.contains(m.kind))
        };
        if KNIGHT.iter().any(|&(df, dr)| is(at(f + df, r + dr), "N")) {
            return true;
        }
        if KING.iter().any(|&(df, dr)| is(at(f + df, r + dr), "K")) {
            return true;
        }
        // A pawn attacks where it captures: FIDE diagonally ahead,
        // Berolina straight ahead (ahead = its owner's forward).
        let back = -Self::forward(by_white);
        let pawn_steps: &[i32] = if self.berolina { &[0] } else { &[-1, 1] };
        if pawn_steps.iter().any(|&df| is(at(f + df, r + back), "P")) {
            return true;
        }
        for (dirs, kinds) in [(DIAG, "BQ"), (ORTH, "RQ")] {
            for (df, dr) in dirs {
                let (mut x, mut y) = (f + df, r + dr);
                while let Some(i) = at(x, y) {
                    if let Some(m) = self.sq[i] {
                        if m.white == by_white && kinds.contains(m.kind) {
                            return true;
                        }
                        break;
                    }
                    x += df;
                    y += dr;
                }
            }
        }
        false
    }

    fn in_check(&self, white: bool) -> bool {
        self.attacked(self.king(white), !white)
    }

    /// The side's own moves, castling aside, before the check test.
    fn pseudo(&self, white: bool, out: &mut Vec<Step>) {
        let step = |from, to, capture| Step {
            from,
            to,
            promo: None,
            rebel: false,
            capture,
            rook: None,
            taken: None,
        };
        for from in 0..64 {
            let Some(m) = self.sq[from] else { continue };
            if m.white != white {
                continue;
            }
            let (f, r) = fr(from);
            let enemy = |i: usize| self.sq[i].is_some_and(|x| x.white != white);
            let empty = |i: usize| self.sq[i].is_none();
            match m.kind {
                'P' => {
                    let up = Self::forward(white);
                    let home = if white { 1 } else { 6 };
                    let last = if white { 7 } else { 0 };
                    let (quiet, takes): (&[i32], &[i32]) = if self.berolina {
                        (&[-1, 1], &[0])
                    } else {
                        (&[0], &[-1, 1])
                    };
                    let mut targets = Vec::new();
                    for &df in quiet {
                        if let Some(one) = at(f + df, r + up).filter(|&i| empty(i)) {
                            targets.push((one, false));
                            if r == home
                                && let Some(two) = at(f + 2 * df, r + 2 * up).filter(|&i| empty(i))
                            {
                                targets.push((two, false));
                            }
                        }
                    }
                    for &df in takes {
                        if let Some(i) = at(f + df, r + up).filter(|&i| enemy(i)) {
                            targets.push((i, true));
                        }
                    }
                    for (to, capture) in targets {
                        if fr(to).1 == last {
                            for p in ['Q', 'R', 'B', 'N'] {
                                out.push(Step {
                                    promo: Some(p),
                                    ..step(from, to, capture)
                                });
                            }
                        } else {
                            out.push(step(from, to, capture));
                        }
                    }
                    // En passant onto the square the double step passed.
                    if let Some((ef, et)) = self.ep {
                        let (a, b) = (fr(ef), fr(et));
                        let mid = at((a.0 + b.0) / 2, (a.1 + b.1) / 2).unwrap();
                        if takes.iter().any(|&df| at(f + df, r + up) == Some(mid)) {
                            out.push(Step {
                                taken: Some(et),
                                ..step(from, mid, true)
                            });
                        }
                    }
                }
                'N' | 'K' => {
                    let offsets = if m.kind == 'N' { KNIGHT } else { KING };
                    for (df, dr) in offsets {
                        if let Some(to) = at(f + df, r + dr) {
                            if empty(to) {
                                out.push(step(from, to, false));
                            } else if enemy(to) {
                                out.push(step(from, to, true));
                            }
                        }
                    }
                }
                kind => {
                    let mut dirs = Vec::new();
                    if kind != 'R' {
                        dirs.extend(DIAG);
                    }
                    if kind != 'B' {
                        dirs.extend(ORTH);
                    }
                    for (df, dr) in dirs {
                        let (mut x, mut y) = (f + df, r + dr);
                        while let Some(to) = at(x, y) {
                            if empty(to) {
                                out.push(step(from, to, false));
                            } else {
                                if enemy(to) {
                                    out.push(step(from, to, true));
                                }
                                break;
                            }
                            x += df;
                            y += dr;
                        }
                    }
                }
            }
        }
    }

    /// Castlings (FIDE): king and rook at home with the right, the squares
    /// between empty, the king not in check and not passing or landing on
    /// an attacked square.
    fn castlings(&self, white: bool, out: &mut Vec<Step>) {
        let rank = if white { 0 } else { 7 };
        let base = if white { 0 } else { 2 };
        let sq = |f| at(f, rank).unwrap();
        let own = |f, kind| self.sq[sq(f)] == Some(Man { white, kind });
        if !own(4, 'K') {
            return;
        }
        // (right, rook file, king to, rook to, must be empty, must be safe)
        type Side<'a> = (usize, i32, i32, i32, &'a [i32], &'a [i32]);
        let sides: [Side; 2] = [
            (0, 7, 6, 5, &[5, 6], &[4, 5, 6]),
            (1, 0, 2, 3, &[1, 2, 3], &[4, 3, 2]),
        ];
        for (right, rook, to, rook_to, empty, safe) in sides {
            if self.castle[base + right]
                && own(rook, 'R')
                && empty.iter().all(|&f| self.sq[sq(f)].is_none())
                && safe.iter().all(|&f| !self.attacked(sq(f), !white))
            {
                out.push(Step {
                    from: sq(4),
                    to: sq(to),
                    promo: None,
                    rebel: false,
                    capture: false,
                    rook: Some((sq(rook), sq(rook_to))),
                    taken: None,
                });
            }
        }
    }

    /// The squares the piece on `from` may be moved to by a rebel move.
    fn rebel_squares(&self, from: usize) -> Vec<usize> {
        let m = self.sq[from].expect("a piece");
        let (f, r) = fr(from);
        let up = Self::forward(m.white);
        REBEL
            .iter()
            .filter(|&&(df, dr)| !covers(m.kind, df, dr))
            .filter_map(|&(df, dr)| at(f + df, r + dr * up))
            .filter(|&to| self.sq[to].is_none())
            .collect()
    }

    fn rebel(from: usize, to: usize) -> Step {
        Step {
            from,
            to,
            promo: None,
            rebel: true,
            capture: false,
            rook: None,
            taken: None,
        }
    }

    /// The board after one action (rights and counters aside).
    fn make(&self, s: &Step) -> Brute {
        let mut b = self.clone();
        let mut m = b.sq[s.from].take().expect("a piece moves");
        if let Some(p) = s.promo {
            m.kind = p;
        }
        b.sq[s.to] = Some(m);
        if let Some(t) = s.taken {
            b.sq[t] = None;
        }
        if let Some((rf, rt)) = s.rook {
            b.sq[rt] = b.sq[rf].take();
        }
        b
    }

    /// Squirm: could the opponent squirm the piece this action moved so as
    /// to check the mover's king (`after` is the board after it)?
    fn exposed(&self, after: &Brute, s: &Step) -> bool {
        if self.game != Game::Squirm || s.rook.is_some() {
            return false;
        }
        let white = self.white;
        if after.sq[s.to].is_some_and(|m| m.kind == 'K') {
            return false;
        }
        after
            .rebel_squares(s.to)
            .into_iter()
            .any(|r| after.make(&Self::rebel(s.to, r)).in_check(white))
    }

    /// The side's legal own actions here (check and, in Squirm, the squirm
    /// rule).
    fn own_legal(&self) -> Vec<Step> {
        let white = self.white;
        let mut steps = Vec::new();
        self.pseudo(white, &mut steps);
        self.castlings(white, &mut steps);
        steps
            .into_iter()
            .filter(|s| {
                let after = self.make(s);
                !after.in_check(white) && !self.exposed(&after, s)
            })
            .collect()
    }

    /// Every legal turn, as its actions.
    fn turns(&self) -> Vec<Vec<Step>> {
        let mut out: Vec<Vec<Step>> = self.own_legal().into_iter().map(|s| vec![s]).collect();
        let white = self.white;
        match self.game {
            Game::Rebellion => {
                for from in 0..64 {
                    if self.sq[from].is_none_or(|m| m.white == white) {
                        continue;
                    }
                    for to in self.rebel_squares(from) {
                        let s = Self::rebel(from, to);
                        if !self.make(&s).in_check(white) {
                            out.push(vec![s]);
                        }
                    }
                }
            }
            Game::Squirm => {
                let Some(last) = self.last else { return out };
                for to in self.rebel_squares(last) {
                    let s = Self::rebel(last, to);
                    let mut mid = self.make(&s);
                    mid.ep = None;
                    for m in mid.own_legal() {
                        out.push(vec![s, m]);
                    }
                }
            }
        }
        out
    }

    /// Only kings, or kings and one knight or bishop.
    fn dead(&self) -> bool {
        let others: Vec<char> = self
            .sq
            .iter()
            .flatten()
            .map(|m| m.kind)
            .filter(|&k| k != 'K')
            .collect();
        others.is_empty() || (others.len() == 1 && "NB".contains(others[0]))
    }

    /// The position after a turn.
    fn play(&self, turn: &[Step]) -> Brute {
        let mut b = self.clone();
        b.ep = None;
        let mut reset = false;
        for s in turn {
            let mover = b.sq[s.from].expect("a piece");
            reset |= s.capture || mover.kind == 'P';
            for (i, corner) in [(0, 7), (1, 0), (2, 63), (3, 56)] {
                let king = if i < 2 { 4 } else { 60 };
                if [s.from, s.to].contains(&corner) || [s.from, s.to].contains(&king) {
                    b.castle[i] = false;
                }
            }
            let double = !s.rebel && mover.kind == 'P' && (fr(s.to).1 - fr(s.from).1).abs() == 2;
            b = b.make(s);
            b.ep = double.then_some((s.from, s.to));
            b.last = if s.rook.is_some() { None } else { Some(s.to) };
        }
        b.halfmove = if reset { 0 } else { self.halfmove + 1 };
        b.white = !self.white;
        b
    }

    /// Counts the leaves `depth` turns deep (a game ended by a draw rule
    /// has none).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.dead() || self.halfmove >= 100 {
            return 0;
        }
        let turns = self.turns();
        if depth == 1 {
            return turns.len() as u64;
        }
        turns.iter().map(|t| self.play(t).perft(depth - 1)).sum()
    }

    fn text(&self, s: &Step) -> String {
        let m = self.sq[s.from].expect("a piece");
        let letter = if m.kind == 'P' {
            String::new()
        } else {
            m.kind.to_string()
        };
        let tilde = if s.rebel { "~" } else { "" };
        let sep = if s.capture { "x" } else { "-" };
        let promo = s.promo.map(|p| format!("={p}")).unwrap_or_default();
        format!("{tilde}{letter}{}{sep}{}{promo}", name(s.from), name(s.to))
    }

    fn turn_text(&self, turn: &[Step]) -> String {
        let mut b = self.clone();
        let mut parts = Vec::new();
        for s in turn {
            parts.push(b.text(s));
            b = b.make(s);
        }
        parts.join(", ")
    }

    /// Every legal turn in canonical notation, sorted, each with the
    /// position it leads to; none once a draw rule has ended the game.
    pub fn moves(&self) -> Vec<(String, Brute)> {
        if self.dead() || self.halfmove >= 100 {
            return Vec::new();
        }
        let mut out: Vec<(String, Brute)> = self
            .turns()
            .iter()
            .map(|t| (self.turn_text(t), self.play(t)))
            .collect();
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }
}
