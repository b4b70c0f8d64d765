//! An independent, deliberately naive Orphic Chess generator, used only to
//! cross-check the engine (perft and legal-move lists).
//!
//! It shares nothing with `src/rules`: an 8x8 array of letters (upper case
//! White), reserves as counts per letter, moves written out from RULES.md
//! "Orphic Chess" with plain loops, and check found by asking every enemy
//! piece whether it hits the king. Slow and simple on purpose.

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
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const ORTHO: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The reserve kinds in the order the FEN writes them.
const HAND: [char; 5] = ['Q', 'R', 'B', 'N', 'K'];

#[derive(Clone, Debug)]
pub struct Brute {
    /// cells[x][y], a1 = (0, 0); upper case White.
    cells: [[Option<char>; 8]; 8],
    pub white: bool,
    /// hands[seat][i] counts HAND[i].
    hands: [[u8; 5]; 2],
    /// Per seat: the colour of the first bishop's drop square
    /// (Some(true) = dark), once one was dropped.
    first_bishop: [Option<bool>; 2],
    /// The square a double step passed over, and where that pawn stands.
    ep: Option<((i32, i32), (i32, i32))>,
}

fn seat(white: bool) -> usize {
    usize::from(!white)
}

fn dark(x: i32, y: i32) -> bool {
    (x + y) % 2 == 0
}

fn on(x: i32, y: i32) -> bool {
    (0..8).contains(&x) && (0..8).contains(&y)
}

pub fn name(x: i32, y: i32) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

fn parse(s: &str) -> (i32, i32) {
    let b = s.as_bytes();
    ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
}

impl Brute {
    pub fn from_fen(fen: &str) -> Brute {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let (placement, hand) = fields[0].split_once('[').unwrap();
        let mut cells = [[None; 8]; 8];
        for (i, row) in placement.split('/').enumerate() {
            let y = 7 - i as i32;
            let mut x = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    x += d as i32;
                } else {
                    cells[x as usize][y as usize] = Some(c);
                    x += 1;
                }
            }
        }
        let mut hands = [[0u8; 5]; 2];
        let mut first_bishop = [None, None];
        let hand = hand.trim_end_matches(']');
        let chars: Vec<char> = hand.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let s = seat(c.is_ascii_uppercase());
            let k = HAND
                .iter()
                .position(|&h| h == c.to_ascii_uppercase())
                .unwrap();
            hands[s][k] += 1;
            if chars.get(i + 1) == Some(&':') {
                // `:d`: the next bishop goes on dark, so the first was light.
                first_bishop[s] = Some(chars[i + 2] == 'l');
                i += 2;
            }
            i += 1;
        }
        let ep = (fields[3] != "-").then(|| {
            let (a, b) = fields[3].split_once('-').unwrap();
            let (from, to) = (parse(a), parse(b));
            ((from.0, (from.1 + to.1) / 2), to)
        });
        Brute {
            cells,
            white: fields[1] == "w",
            hands,
            first_bishop,
            ep,
        }
    }

    fn at(&self, x: i32, y: i32) -> Option<char> {
        self.cells[x as usize][y as usize]
    }

    fn mine(&self, c: char) -> bool {
        c.is_ascii_uppercase() == self.white
    }

    fn king(&self, white: bool) -> Option<(i32, i32)> {
        let k = if white { 'K' } else { 'k' };
        (0..8)
            .flat_map(|x| (0..8).map(move |y| (x, y)))
            .find(|&(x, y)| self.at(x, y) == Some(k))
    }

    /// True when a piece of the side `by_white` attacks (x, y).
    fn attacked(&self, x: i32, y: i32, by_white: bool) -> bool {
        for fx in 0..8 {
            for fy in 0..8 {
                let Some(c) = self.at(fx, fy) else { continue };
                if c.is_ascii_uppercase() != by_white {
                    continue;
                }
                let (dx, dy) = (x - fx, y - fy);
                let hit = match c.to_ascii_uppercase() {
                    'P' => dy == if by_white { 1 } else { -1 } && dx.abs() == 1,
                    'N' => KNIGHT.contains(&(dx, dy)),
                    'K' => dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0),
                    k => {
                        let lines: Vec<(i32, i32)> = match k {
                            'B' => DIAG.to_vec(),
                            'R' => ORTHO.to_vec(),
                            _ => DIAG.iter().chain(ORTHO.iter()).copied().collect(),
                        };
                        lines.iter().any(|&(sx, sy)| {
                            let (mut cx, mut cy) = (fx + sx, fy + sy);
                            while on(cx, cy) {
                                if (cx, cy) == (x, y) {
                                    return true;
                                }
                                if self.at(cx, cy).is_some() {
                                    return false;
                                }
                                cx += sx;
                                cy += sy;
                            }
                            false
                        })
                    }
                };
                if hit {
                    return true;
                }
            }
        }
        false
    }

    fn in_check(&self) -> bool {
        self.king(self.white)
            .is_some_and(|(x, y)| self.attacked(x, y, !self.white))
    }

    /// Every legal turn: (text, position after).
    pub fn moves(&self) -> Vec<(String, Brute)> {
        let mut out = Vec::new();
        let has_king = self.king(self.white).is_some();
        let up = if self.white { 1 } else { -1 };
        // Board moves.
        for x in 0..8 {
            for y in 0..8 {
                let Some(c) = self.at(x, y) else { continue };
                if !self.mine(c) {
                    continue;
                }
                let kind = c.to_ascii_uppercase();
                let mut targets: Vec<(i32, i32)> = Vec::new();
                match kind {
                    'P' => {
                        for dx in [-1, 1] {
                            let (tx, ty) = (x + dx, y + up);
                            if on(tx, ty) {
                                match self.at(tx, ty) {
                                    Some(t) if !self.mine(t) => targets.push((tx, ty)),
                                    None if self.ep.is_some_and(|(p, _)| p == (tx, ty)) => {
                                        targets.push((tx, ty))
                                    }
                                    _ => {}
                                }
                            }
                        }
                        if on(x, y + up) && self.at(x, y + up).is_none() {
                            targets.push((x, y + up));
                            let second = if self.white { 1 } else { 6 };
                            if y == second && self.at(x, y + 2 * up).is_none() {
                                targets.push((x, y + 2 * up));
                            }
                        }
                    }
                    'N' | 'K' => {
                        let steps: Vec<(i32, i32)> = if kind == 'N' {
                            KNIGHT.to_vec()
                        } else {
                            DIAG.iter().chain(ORTHO.iter()).copied().collect()
                        };
                        for (dx, dy) in steps {
                            let (tx, ty) = (x + dx, y + dy);
                            if on(tx, ty) && !self.at(tx, ty).is_some_and(|t| self.mine(t)) {
                                targets.push((tx, ty));
                            }
                        }
                    }
                    _ => {
                        let lines: Vec<(i32, i32)> = match kind {
                            'B' => DIAG.to_vec(),
                            'R' => ORTHO.to_vec(),
                            _ => DIAG.iter().chain(ORTHO.iter()).copied().collect(),
                        };
                        for (sx, sy) in lines {
                            let (mut tx, mut ty) = (x + sx, y + sy);
                            while on(tx, ty) {
                                match self.at(tx, ty) {
                                    None => targets.push((tx, ty)),
                                    Some(t) => {
                                        if !self.mine(t) {
                                            targets.push((tx, ty));
                                        }
                                        break;
                                    }
                                }
                                tx += sx;
                                ty += sy;
                            }
                        }
                    }
                }
                for (tx, ty) in targets {
                    let en_passant = kind == 'P' && tx != x && self.at(tx, ty).is_none();
                    let capture = self.at(tx, ty).is_some() || en_passant;
                    if !has_king && !capture {
                        continue;
                    }
                    let sep = if capture { 'x' } else { '-' };
                    let letter = if kind == 'P' {
                        String::new()
                    } else {
                        kind.to_string()
                    };
                    let base = format!("{letter}{}{sep}{}", name(x, y), name(tx, ty));
                    let last = if self.white { 7 } else { 0 };
                    let promotions: Vec<Option<char>> = if kind == 'P' && ty == last {
                        ['Q', 'R', 'B', 'N'].into_iter().map(Some).collect()
                    } else {
                        vec![None]
                    };
                    for promo in promotions {
                        let mut next = self.clone();
                        next.cells[x as usize][y as usize] = None;
                        let piece = match promo {
                            Some(p) if self.white => p,
                            Some(p) => p.to_ascii_lowercase(),
                            None => c,
                        };
                        next.cells[tx as usize][ty as usize] = Some(piece);
                        if en_passant {
                            let (vx, vy) = self.ep.unwrap().1;
                            next.cells[vx as usize][vy as usize] = None;
                        }
                        next.ep =
                            (kind == 'P' && (ty - y).abs() == 2).then_some(((x, y + up), (tx, ty)));
                        let text = match promo {
                            Some(p) => format!("{base}={p}"),
                            None => base.clone(),
                        };
                        next.finish(&mut out, text);
                    }
                }
            }
        }
        // Drops.
        let s = seat(self.white);
        let total: u8 = self.hands[s].iter().sum();
        let checked = self.in_check();
        for (k, &letter) in HAND.iter().enumerate() {
            let held = self.hands[s][k];
            if held == 0 {
                continue;
            }
            let first_rank = if self.white { 0 } else { 7 };
            for x in 0..8 {
                for y in 0..8 {
                    if letter == 'K' && total > held && y != first_rank {
                        continue;
                    }
                    if letter == 'B' && self.first_bishop[s] == Some(dark(x, y)) {
                        continue;
                    }
                    let piece = if self.white {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    };
                    let own_pawn = if self.white { 'P' } else { 'p' };
                    let drop = |next: &mut Brute| {
                        next.cells[x as usize][y as usize] = Some(piece);
                        next.hands[s][k] -= 1;
                        next.ep = None;
                        if letter == 'B' && next.first_bishop[s].is_none() {
                            next.first_bishop[s] = Some(dark(x, y));
                        }
                    };
                    match self.at(x, y) {
                        None => {
                            let mut next = self.clone();
                            drop(&mut next);
                            next.finish(&mut out, format!("{letter}@{}", name(x, y)));
                        }
                        Some(p) if p == own_pawn && !checked => {
                            let ranks = if self.white { 1..=3 } else { 4..=6 };
                            for rx in 0..8 {
                                for ry in ranks.clone() {
                                    if self.at(rx, ry).is_some() {
                                        continue;
                                    }
                                    let mut next = self.clone();
                                    next.cells[rx as usize][ry as usize] = Some(own_pawn);
                                    drop(&mut next);
                                    let text = format!("{letter}@{}/{}", name(x, y), name(rx, ry));
                                    next.finish(&mut out, text);
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        out
    }

    /// Keeps the position after a turn of the side to move if it leaves
    /// that side's king safe; hands the move to the other side.
    fn finish(mut self, out: &mut Vec<(String, Brute)>, text: String) {
        if self.in_check() {
            return;
        }
        self.white = !self.white;
        out.push((text, self));
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|(_, b)| b.perft(depth - 1)).sum()
    }

    /// The legal turns' texts, sorted.
    pub fn move_texts(&self) -> Vec<String> {
        let mut v: Vec<String> = self.moves().into_iter().map(|(t, _)| t).collect();
        v.sort();
        v
    }
}
