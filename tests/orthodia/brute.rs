//! An independent, deliberately naive Orthodia move generator, used only to
//! cross-check the engine (perft and legal-move lists) in both versions.
//!
//! It shares nothing with `src/rules`: an 8x8 array indexed `[x][y]` (a1 =
//! (0,0)), every piece's moves written out from RULES.md "Orthodia and
//! simplified Orthodia" with plain loops over squares, and check found by
//! asking every enemy piece whether its check lines reach the king. Slow
//! and simple on purpose.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Man {
    pub white: bool,
    /// Upper-case letter: P W K G B R T.
    pub kind: char,
}

#[derive(Clone, Debug)]
pub struct Brute {
    cells: [[Option<Man>; 8]; 8],
    pub white_to_move: bool,
    /// `orthodia-simple`: B moves as a rook and captures as a bishop, R the
    /// other way round; no en passant.
    simple: bool,
    /// The two-square move just made by a pawn or a Warrior: from, to.
    double_step: Option<((i32, i32), (i32, i32))>,
}

#[derive(Clone, Copy, Debug)]
struct Mv {
    from: (i32, i32),
    to: (i32, i32),
    capture: bool,
    promotion: Option<char>,
    /// En passant: the square of the piece taken.
    taken: Option<(i32, i32)>,
}

/// A square as (file, rank), a1 = (0, 0).
type Sq = (i32, i32);

const PROMOTIONS: [char; 3] = ['B', 'G', 'R'];
const DIAGONALS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const ORTHOGONALS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

fn on_board(x: i32, y: i32) -> bool {
    (0..8).contains(&x) && (0..8).contains(&y)
}

fn name((x, y): (i32, i32)) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

fn parse_square(s: &str) -> (i32, i32) {
    let b = s.as_bytes();
    ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
}

fn forward(white: bool) -> i32 {
    if white { 1 } else { -1 }
}

impl Brute {
    /// Reads plain FEN; the en passant field is the double step just made
    /// (`a2-c4`) or `-`.
    pub fn from_fen(fen: &str, simple: bool) -> Brute {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut cells = [[None; 8]; 8];
        for (i, row) in fields[0].split('/').enumerate() {
            let y = 7 - i as i32;
            let mut x = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    x += d as i32;
                } else {
                    cells[x as usize][y as usize] = Some(Man {
                        white: c.is_ascii_uppercase(),
                        kind: c.to_ascii_uppercase(),
                    });
                    x += 1;
                }
            }
        }
        let double_step = fields.get(3).filter(|s| **s != "-").map(|s| {
            let (a, b) = s.split_once('-').unwrap();
            (parse_square(a), parse_square(b))
        });
        Brute {
            cells,
            white_to_move: fields[1] == "w",
            simple,
            double_step,
        }
    }

    fn at(&self, (x, y): (i32, i32)) -> Option<Man> {
        if on_board(x, y) {
            self.cells[x as usize][y as usize]
        } else {
            None
        }
    }

    fn put(&mut self, (x, y): (i32, i32), m: Option<Man>) {
        self.cells[x as usize][y as usize] = m;
    }

    /// The directions a kind moves along without capturing (riders).
    fn move_lines(&self, kind: char) -> &'static [(i32, i32)] {
        match (kind, self.simple) {
            ('B', false) | ('R', true) => &DIAGONALS,
            _ => &ORTHOGONALS,
        }
    }

    /// The directions a kind captures along (riders).
    fn capture_lines(&self, kind: char) -> &'static [(i32, i32)] {
        match (kind, self.simple) {
            ('B', false) | ('R', true) => &ORTHOGONALS,
            _ => &DIAGONALS,
        }
    }

    /// The directions it gives check along: move lines in orthodia,
    /// capture lines in orthodia-simple.
    fn check_lines(&self, kind: char) -> &'static [(i32, i32)] {
        if self.simple {
            self.capture_lines(kind)
        } else {
            self.move_lines(kind)
        }
    }

    /// The squares the Torch on `from` reaches: odd distances along the 8
    /// lines; even distances jumped; the first piece at an odd distance
    /// ends the line (included).
    fn torch_reach(&self, from: (i32, i32)) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for (dx, dy) in DIAGONALS.iter().chain(ORTHOGONALS.iter()) {
            for d in (1..8).step_by(2) {
                let sq = (from.0 + dx * d, from.1 + dy * d);
                if !on_board(sq.0, sq.1) {
                    break;
                }
                out.push(sq);
                if self.at(sq).is_some() {
                    break;
                }
            }
        }
        out
    }

    /// The first square along each line (empty squares before it), and
    /// the empty squares passed.
    fn ride(&self, from: Sq, lines: &[Sq]) -> (Vec<Sq>, Vec<Sq>) {
        let (mut empty, mut hit) = (Vec::new(), Vec::new());
        for (dx, dy) in lines {
            let mut sq = (from.0 + dx, from.1 + dy);
            while on_board(sq.0, sq.1) {
                if self.at(sq).is_some() {
                    hit.push(sq);
                    break;
                }
                empty.push(sq);
                sq = (sq.0 + dx, sq.1 + dy);
            }
        }
        (empty, hit)
    }

    fn steps(man: Man) -> Vec<(i32, i32)> {
        let f = forward(man.white);
        match man.kind {
            'K' => vec![
                (1, 0),
                (-1, 0),
                (0, 1),
                (0, -1),
                (1, 1),
                (1, -1),
                (-1, 1),
                (-1, -1),
            ],
            'G' => vec![(1, 0), (-1, 0), (0, 1), (0, -1), (1, f), (-1, f)],
            _ => vec![],
        }
    }

    /// Does the piece on `from` give check to `target`?
    fn checks(&self, from: (i32, i32), man: Man, target: (i32, i32)) -> bool {
        let f = forward(man.white);
        let d = (target.0 - from.0, target.1 - from.1);
        match man.kind {
            'P' => d.1 == f && d.0.abs() == 1,
            'W' => d == (0, f),
            'K' | 'G' => Self::steps(man).contains(&d),
            'T' => self.torch_reach(from).contains(&target),
            kind => self.ride(from, self.check_lines(kind)).1.contains(&target),
        }
    }

    fn in_check(&self, white: bool) -> bool {
        let mut king = None;
        for x in 0..8 {
            for y in 0..8 {
                if self.at((x, y)) == Some(Man { white, kind: 'K' }) {
                    king = Some((x, y));
                }
            }
        }
        let king = king.expect("a king");
        for x in 0..8 {
            for y in 0..8 {
                if let Some(m) = self.at((x, y))
                    && m.white != white
                    && self.checks((x, y), m, king)
                {
                    return true;
                }
            }
        }
        false
    }

    fn push_pawn_move(&self, out: &mut Vec<Mv>, from: (i32, i32), to: (i32, i32), capture: bool) {
        let last = if self.white_to_move { 7 } else { 0 };
        if to.1 == last {
            for p in PROMOTIONS {
                out.push(Mv {
                    from,
                    to,
                    capture,
                    promotion: Some(p),
                    taken: None,
                });
            }
        } else {
            out.push(Mv {
                from,
                to,
                capture,
                promotion: None,
                taken: None,
            });
        }
    }

    fn pseudo(&self) -> Vec<Mv> {
        let white = self.white_to_move;
        let f = forward(white);
        let home = if white { 1 } else { 6 };
        // A king is never captured, not even on a capture line that gives
        // no check (it may stand there).
        let enemy = |sq: (i32, i32)| {
            self.at(sq)
                .is_some_and(|m| m.white != white && m.kind != 'K')
        };
        let empty = |sq: (i32, i32)| on_board(sq.0, sq.1) && self.at(sq).is_none();
        let mut out = Vec::new();
        let plain = |from, to, capture| Mv {
            from,
            to,
            capture,
            promotion: None,
            taken: None,
        };
        for x in 0..8 {
            for y in 0..8 {
                let from = (x, y);
                let Some(man) = self.at(from).filter(|m| m.white == white) else {
                    continue;
                };
                match man.kind {
                    'P' => {
                        let one = (x, y + f);
                        if empty(one) {
                            self.push_pawn_move(&mut out, from, one, false);
                            let two = (x, y + 2 * f);
                            if y == home && empty(two) {
                                out.push(plain(from, two, false));
                            }
                        }
                        for dx in [-1, 1] {
                            if enemy((x + dx, y + f)) {
                                self.push_pawn_move(&mut out, from, (x + dx, y + f), true);
                            }
                        }
                    }
                    'W' => {
                        for dx in [-1, 1] {
                            let one = (x + dx, y + f);
                            if empty(one) {
                                self.push_pawn_move(&mut out, from, one, false);
                                let two = (x + 2 * dx, y + 2 * f);
                                if y == home && empty(two) {
                                    out.push(plain(from, two, false));
                                }
                            }
                        }
                        if enemy((x, y + f)) {
                            self.push_pawn_move(&mut out, from, (x, y + f), true);
                        }
                    }
                    'K' | 'G' => {
                        for (dx, dy) in Self::steps(man) {
                            let to = (x + dx, y + dy);
                            if empty(to) {
                                out.push(plain(from, to, false));
                            } else if enemy(to) {
                                out.push(plain(from, to, true));
                            }
                        }
                    }
                    'T' => {
                        for to in self.torch_reach(from) {
                            if empty(to) {
                                out.push(plain(from, to, false));
                            } else if enemy(to) {
                                out.push(plain(from, to, true));
                            }
                        }
                    }
                    kind => {
                        for to in self.ride(from, self.move_lines(kind)).0 {
                            out.push(plain(from, to, false));
                        }
                        for to in self.ride(from, self.capture_lines(kind)).1 {
                            if enemy(to) {
                                out.push(plain(from, to, true));
                            }
                        }
                    }
                }
            }
        }
        // En passant (orthodia only): onto the square the double step
        // passed over; a pawn diagonally (victim a pawn or a Warrior), a
        // Warrior straight ahead (victim a Warrior only).
        if let Some((a, b)) = self.double_step.filter(|_| !self.simple) {
            let passed = ((a.0 + b.0) / 2, (a.1 + b.1) / 2);
            let victim = self.at(b).expect("the piece that stepped");
            for (dx, kind) in [(-1, 'P'), (1, 'P'), (0, 'W')] {
                let from = (passed.0 + dx, passed.1 - f);
                let ours = self.at(from) == Some(Man { white, kind });
                let allowed = kind == 'P' || victim.kind == 'W';
                if ours && allowed && on_board(from.0, from.1) {
                    out.push(Mv {
                        from,
                        to: passed,
                        capture: true,
                        promotion: None,
                        taken: Some(b),
                    });
                }
            }
        }
        out
    }

    fn make(&self, m: &Mv) -> Brute {
        let mut next = self.clone();
        let man = self.at(m.from).unwrap();
        next.put(m.from, None);
        if let Some(t) = m.taken {
            next.put(t, None);
        }
        let kind = m.promotion.unwrap_or(man.kind);
        next.put(
            m.to,
            Some(Man {
                white: man.white,
                kind,
            }),
        );
        next.double_step = None;
        if matches!(man.kind, 'P' | 'W') && (m.to.1 - m.from.1).abs() == 2 {
            next.double_step = Some((m.from, m.to));
        }
        next.white_to_move = !self.white_to_move;
        next
    }

    fn bare_kings(&self) -> bool {
        self.cells.iter().flatten().flatten().all(|m| m.kind == 'K')
    }

    fn legal(&self) -> Vec<Mv> {
        if self.bare_kings() {
            return Vec::new();
        }
        self.pseudo()
            .into_iter()
            .filter(|m| !self.make(m).in_check(self.white_to_move))
            .collect()
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.make(m).perft(depth - 1)).sum()
    }

    /// The legal moves in the server's canonical notation, sorted.
    pub fn move_texts(&self) -> Vec<String> {
        let mut v = self.move_texts_unsorted();
        v.sort();
        v
    }

    /// Plays the move written `text` (canonical), panicking if it is not legal.
    pub fn play(&self, text: &str) -> Brute {
        let m = self
            .legal()
            .into_iter()
            .zip(self.move_texts_unsorted())
            .find(|(_, t)| t == text)
            .unwrap_or_else(|| panic!("brute: {text} is not legal"))
            .0;
        self.make(&m)
    }

    fn move_texts_unsorted(&self) -> Vec<String> {
        self.legal()
            .iter()
            .map(|m| {
                let man = self.at(m.from).unwrap();
                let letter = if man.kind == 'P' {
                    String::new()
                } else {
                    man.kind.to_string()
                };
                let sep = if m.capture { 'x' } else { '-' };
                let promo = m.promotion.map(|p| format!("={p}")).unwrap_or_default();
                format!("{letter}{}{sep}{}{promo}", name(m.from), name(m.to))
            })
            .collect()
    }
}
