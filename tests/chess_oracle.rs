//! Differential test of the chess move generator against cozy-chess (MIT):
//! seeded random games, and at every ply both must offer the same set of
//! legal moves (as UCI strings; cozy-chess writes castling as king takes
//! rook, which is translated to the king's two-square move). Ours is the
//! chess game of the shared core with its bitboard backend, as played.

use boserv::rules::Position;
use boserv::rules::chess::pieces::LETTERS;
use boserv::rules::chess::rules::RULES;
use boserv::rules::chesslike::{Act, ChessLike, from_fen, to_fen};
use cozy_chess::{Board, Piece};

/// A small deterministic generator (splitmix64) for the random games.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn square(sq: u8) -> String {
    format!("{}{}", (b'a' + sq % 8) as char, sq / 8 + 1)
}

fn ours(p: &ChessLike) -> Vec<(String, Act)> {
    let mut v: Vec<_> = p
        .legal_acts()
        .into_iter()
        .map(|a| (our_uci(&a), a))
        .collect();
    v.sort_by(|x, y| x.0.cmp(&y.0));
    v
}

/// UCI text of a cozy-chess move, castling as the king's two-square move.
fn cozy_uci(b: &Board, mv: cozy_chess::Move) -> String {
    let mut to = mv.to;
    if b.piece_on(mv.from) == Some(Piece::King) && b.color_on(mv.to) == Some(b.side_to_move()) {
        let file = if (mv.to.file() as u8) > (mv.from.file() as u8) {
            cozy_chess::File::G
        } else {
            cozy_chess::File::C
        };
        to = cozy_chess::Square::new(file, mv.to.rank());
    }
    let promo = mv
        .promotion
        .map(|p| char::from(p).to_string())
        .unwrap_or_default();
    format!("{}{}{promo}", mv.from, to)
}

fn theirs(b: &Board) -> Vec<(String, cozy_chess::Move)> {
    let mut v = Vec::new();
    b.generate_moves(|moves| {
        v.extend(moves.into_iter().map(|mv| (cozy_uci(b, mv), mv)));
        false
    });
    v.sort_by(|x, y| x.0.cmp(&y.0));
    v
}

fn our_uci(a: &Act) -> String {
    let boserv::rules::Action::Move {
        from,
        to,
        promotion,
    } = a.action
    else {
        panic!("chess has only moves: {a:?}");
    };
    let promo = promotion
        .map(|k| LETTERS[k as usize].to_ascii_lowercase().to_string())
        .unwrap_or_default();
    format!("{}{}{promo}", square(from), square(to))
}

/// Each canonical turn is accepted by `play` and comes back unchanged, and
/// there is one canonical text per legal move.
fn every_turn_reads_back(p: &ChessLike, count: usize) {
    let turns = p.legal_turns(None);
    assert_eq!(turns.len(), count, "{}", to_fen(p));
    for t in &turns {
        let played = p
            .play(t, None)
            .unwrap_or_else(|e| panic!("{}: {e}", to_fen(p)));
        assert_eq!(&played.canonical, t);
        let text = played.position.encode();
        let back = ChessLike::decode(&RULES, &text).unwrap();
        // The debug text shows the game's rules too, whose shared tables
        // are built lazily: another test's thread may build one between
        // the two texts. Each is built once, so the texts made again
        // differ only if the positions do.
        let texts = || (format!("{back:?}"), format!("{:?}", played.position));
        let (a, b) = texts();
        if a != b {
            let (a, b) = texts();
            assert_eq!(a, b, "{text}");
        }
    }
}

fn play_random_games(games: u64, plies: usize, start: &str) {
    let mut rng = Rng(0xB05E_4A11);
    for game in 0..games {
        let mut ours_pos = from_fen(&RULES, start).unwrap();
        let mut cozy = Board::from_fen(start, false).unwrap();
        for ply in 0..plies {
            let a = ours(&ours_pos);
            let b = theirs(&cozy);
            let ours_names: Vec<&String> = a.iter().map(|(n, _)| n).collect();
            let their_names: Vec<&String> = b.iter().map(|(n, _)| n).collect();
            assert_eq!(
                ours_names,
                their_names,
                "game {game} ply {ply}: {}",
                to_fen(&ours_pos)
            );
            if a.is_empty() {
                break;
            }
            // A game the draw rules ended offers no turn; the moves stay.
            if ply % 10 == 0 && ours_pos.outcome().is_none() {
                every_turn_reads_back(&ours_pos, a.len());
            }
            let pick = (rng.next() % a.len() as u64) as usize;
            ours_pos = ours_pos.after(&[a[pick].1], String::new());
            cozy.play_unchecked(b[pick].1);
        }
    }
}

#[test]
fn random_games_from_the_start_agree_with_cozy_chess() {
    play_random_games(
        200,
        150,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
}

#[test]
fn random_games_from_kiwipete_agree_with_cozy_chess() {
    play_random_games(
        50,
        100,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    );
}
