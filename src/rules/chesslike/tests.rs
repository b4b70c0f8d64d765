//! The core's capabilities on a toy game, so that the games still to come
//! (Orphic drops, Rebellion and Squirm rebel moves, Orthodia's Warriors)
//! stand on tested ground: a drop, a drop that relocates a pawn, a move of
//! an enemy piece, a two-action turn, a Warrior-like pawn with its own en
//! passant, a reserve in the repetition key, and the check test after each
//! kind of action.

use super::*;
use crate::rules::Position;
use crate::rules::castling::CastlingRule;
use crate::rules::geometry::{Geometry, Square};
use crate::rules::movement::{
    PieceKind, Primitive, Range, all_eight, diagonal, forward_only, orthogonal, queen_lines,
};
use crate::rules::royal_guard::RoyalGuard;

const PAWN: u8 = 0;
const WARRIOR: u8 = 1;
const KNIGHT: u8 = 2;
const BISHOP: u8 = 3;
const ROOK: u8 = 4;
const QUEEN: u8 = 5;
const KING: u8 = 6;

struct Toy;

impl Hooks for Toy {
    fn render(&self, pos: &ChessLike, _flipped: bool) -> String {
        to_fen(pos)
    }
}

fn spec() -> &'static BoardSpec {
    let ride = |v| vec![Primitive::Ride(v, Range::Unlimited)];
    let kinds = vec![
        PieceKind::simple('P', "pawn", "moves straight ahead", vec![])
            .capturing(vec![Primitive::Leap(forward_only(diagonal()))])
            .unlettered(),
        PieceKind::simple(
            'W',
            "Warrior",
            "moves diagonally forward",
            vec![Primitive::Leap(forward_only(diagonal()))],
        )
        .capturing(vec![Primitive::Leap(vec![(0, 1)])]),
        PieceKind::simple(
            'N',
            "knight",
            "moves in an L shape",
            vec![Primitive::Leap(all_eight(2, 1))],
        ),
        PieceKind::simple('B', "bishop", "moves diagonally", ride(diagonal())),
        PieceKind::simple(
            'R',
            "rook",
            "moves along files and ranks",
            ride(orthogonal()),
        ),
        PieceKind::simple('Q', "queen", "moves along lines", ride(queen_lines())),
        PieceKind::simple(
            'K',
            "king",
            "moves one square",
            vec![Primitive::Leap(queen_lines())],
        )
        .royal(),
    ];
    Box::leak(Box::new(BoardSpec::new(Geometry::rect(8, 8), kinds)))
}

/// The toy game: chess pieces plus Warriors, with the given drops and
/// rebel moves.
fn toy(drops: Option<Drops>, rebels: Rebels) -> &'static Rules {
    let spec = spec();
    let g = &spec.geometry;
    let pawn = |kind, steps, captures| PawnRule {
        kind,
        steps,
        home_rank: [1, 6],
        first_range: 2,
        also_home: [0, 0],
        home_files: [[0; 12]; 2],
        single_steps: 0,
        promoted_as: None,
        en_passant_ranks: u32::MAX,
        on_first_rank: false,
        range: 1,
        last_by_one_step: false,
        promotion_rank: [7, 0],
        choice: None,
        promotions: [vec![QUEEN, KNIGHT], vec![QUEEN, KNIGHT]],
        leaps_first: false,
        taken_by: vec![PAWN, WARRIOR],
        captures,
        how: "moves ahead",
    };
    let castle = |right, seat, long, rank, files| {
        CastlingRule::on_rank(g, right, seat, long, rank, files, false)
    };
    Box::leak(Box::new(Rules {
        name: "toy",
        spec,
        seats: ["White", "Black"],
        pawns: vec![
            pawn(PAWN, vec![(0, 1)], "diagonally"),
            pawn(WARRIOR, vec![(-1, 1), (1, 1)], "straight ahead"),
        ],
        castlings: vec![
            castle(0, 0, false, "1", ['e', 'g', 'h', 'f']),
            castle(1, 0, true, "1", ['e', 'c', 'a', 'd']),
            castle(2, 1, false, "8", ['e', 'g', 'h', 'f']),
            castle(3, 1, true, "8", ['e', 'c', 'a', 'd']),
        ],
        castling_pieces: (KING, ROOK),
        castling_letters: "KQkq",
        drops,
        rebels,
        own_legality: false,
        king_may_be_absent: true,
        dead: bare_kings,
        hooks: &Toy,
        backend: None,
    }))
}

fn plain() -> &'static Rules {
    toy(None, Rebels::No)
}

fn with_drops() -> &'static Rules {
    toy(
        Some(Drops {
            onto_own_pawn: Some([(1, 3), (4, 6)]),
            ..Drops::default()
        }),
        Rebels::No,
    )
}

fn at(rules: &'static Rules, fen: &str) -> ChessLike {
    from_fen(rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(name: &str) -> Square {
    Geometry::rect(8, 8).parse(name).unwrap()
}

fn play(p: &ChessLike, text: &str) -> ChessLike {
    let played = p.play(text, None).unwrap_or_else(|e| panic!("{text}: {e}"));
    ChessLike::decode(p.rules(), &played.position.encode()).unwrap()
}

fn refusal(p: &ChessLike, text: &str) -> String {
    match p.play(text, None) {
        Ok(played) => panic!("{text} was accepted as {}", played.canonical),
        Err(e) => e.to_string(),
    }
}

/// The square of the piece an action takes en passant.
fn taken(act: &Act) -> Option<Square> {
    match act.special {
        Special::EnPassant { taken } => Some(taken),
        _ => None,
    }
}

/// Every action the guard's shortcut judges, checked against the full test.
fn guard_agrees(p: &ChessLike) {
    let guard = RoyalGuard::new(p.board(), p.side(), 2);
    let mut acts = p.pseudo_moves();
    acts.extend(p.drop_acts());
    acts.extend(p.rebel_acts(None));
    for act in acts {
        let after = p.board_after(std::slice::from_ref(&act));
        assert_eq!(
            guard.safe_after_action(p.board(), &after, &act.action, taken(&act)),
            !ChessLike::royal_attacked(&after, p.side()),
            "{act:?} in {}",
            to_fen(p)
        );
    }
}

#[test]
fn a_drop_from_the_reserve() {
    let p = at(with_drops(), "4k3/8/8/8/8/8/8/4K3[NNr] w - - 0 1");
    assert_eq!(p.in_reserve(0, KNIGHT), 2);
    assert!(p.legal_turns(None).contains(&"N@e4".to_string()));
    let next = play(&p, "n@E4");
    assert_eq!(next.last_move(), Some("N@e4"));
    assert_eq!(next.in_reserve(0, KNIGHT), 1);
    assert_eq!(
        next.board().get(sq("e4")),
        Some(ChessLike::piece(0, KNIGHT))
    );
    assert_eq!(to_fen(&next), "4k3/8/8/8/4N3/8/8/4K3[Nr] b - - 1 1");
    assert_eq!(refusal(&p, "Q@e4"), "Q@e4: you have no Q in reserve");
    assert_eq!(refusal(&p, "N@e1"), "N@e1: e1 is occupied by your king");
    // Black drops its rook with check; White's knight drop can block it.
    let checked = play(&next, "R@a1");
    assert!(checked.in_check());
    assert!(checked.legal_turns(None).contains(&"N@d1".to_string()));
    assert!(!checked.legal_turns(None).contains(&"N@a2".to_string()));
    guard_agrees(&checked);
}

#[test]
fn a_drop_onto_an_own_pawn_relocates_it() {
    let p = at(with_drops(), "4k3/8/8/8/8/4P3/8/4K3[B] w - - 0 1");
    let next = play(&p, "B@e3/c4");
    assert_eq!(next.last_move(), Some("B@e3/c4"));
    assert_eq!(
        next.board().get(sq("e3")),
        Some(ChessLike::piece(0, BISHOP))
    );
    assert_eq!(next.board().get(sq("c4")), Some(ChessLike::piece(0, PAWN)));
    assert_eq!(
        refusal(&p, "B@e3"),
        "B@e3: say where the pawn on e3 goes (B@e3/square)"
    );
    // The pawn may go only to its side's ranks 2-4.
    assert_eq!(
        refusal(&p, "B@e3/c5"),
        "B@e3/c5: the pawn goes to an empty square on ranks 2-4, not c5"
    );
    // The piece dropped takes the pinned pawn's place: the line stays shut.
    let pinned = at(with_drops(), "4k3/4r3/8/8/8/4P3/8/4K3[B] w - - 0 1");
    assert!(pinned.legal_turns(None).contains(&"B@e3/c4".to_string()));
    guard_agrees(&pinned);
}

#[test]
fn a_move_of_an_enemy_piece() {
    let rules = toy(None, Rebels::InsteadOfMove);
    let p = at(rules, "rn2k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let rebels = |from: &str| -> Vec<String> {
        p.legal_turns(None)
            .into_iter()
            .filter(|t| t.starts_with('~') && t.contains(from))
            .collect::<Vec<_>>()
    };
    // Black's knight: all five squares (by Black's forward: down the board).
    // (a8 holds Black's rook: a rebel move goes to an empty square.)
    assert_eq!(rebels("b8"), ["~Nb8-a7", "~Nb8-b7", "~Nb8-c7", "~Nb8-c8"]);
    // A rook: only the two forward diagonals (here only one is on the board).
    assert_eq!(rebels("a8"), ["~Ra8-b7"]);
    let next = play(&p, "~Nb8-b7");
    assert_eq!(next.last_move(), Some("~Nb8-b7"));
    assert_eq!(
        next.board().get(sq("b7")),
        Some(ChessLike::piece(1, KNIGHT))
    );
    assert_eq!(next.side(), 1);
    assert_eq!(
        refusal(&p, "~Ra8-a7"),
        "~Ra8-a7: a rebel move takes a rook one square ahead or aside to an empty square it could not reach by its own moves; from a8 that is b7"
    );
    assert_eq!(
        refusal(&p, "~Ke1-e2"),
        "~Ke1-e2: a rebel move moves an enemy piece; the king on e1 is yours"
    );
}

#[test]
fn check_after_a_move_of_an_enemy_piece() {
    let rules = toy(None, Rebels::InsteadOfMove);
    // The black knight on e4 shields White's king from the rook on e8:
    // moving it aside would check one's own king.
    let p = at(rules, "4r1k1/8/8/8/4n3/8/8/4K3 w - - 0 1");
    let turns = p.legal_turns(None);
    let knight: Vec<&String> = turns.iter().filter(|t| t.starts_with("~Ne4")).collect();
    assert_eq!(knight, ["~Ne4-e3"], "only e3 keeps the line shut");
    assert_eq!(
        refusal(&p, "~Ne4-d4"),
        "~Ne4-d4: this would leave your king in check"
    );
    guard_agrees(&p);
    // A rook moved diagonally onto the king's file gives check: illegal.
    let q = at(rules, "6k1/8/8/8/8/8/5r2/K7 w - - 0 1");
    assert!(!q.legal_turns(None).contains(&"~Rf2-e1".to_string()));
    guard_agrees(&q);
    // Rebel moves count for stalemate: Black's king has no move, but
    // Black may still move White's knight.
    let fen = "k7/8/1Q6/8/8/8/8/2K1N3 b - - 0 1";
    assert_eq!(
        at(plain(), fen).result().unwrap().ending,
        crate::rules::Ending::Stalemate
    );
    let rebel = at(rules, fen);
    assert_eq!(rebel.result(), None);
    assert_eq!(rebel.legal_turns(None).len(), 5);
}

#[test]
fn a_turn_of_two_actions() {
    let rules = toy(None, Rebels::SquirmFirst);
    let p = at(rules, "4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1");
    // White's first move: nothing has moved yet, nothing to squirm.
    assert!(!p.legal_turns(None).iter().any(|t| t.starts_with('~')));
    let q = play(&p, "e4");
    // Black may squirm White's pawn sideways, then move.
    let turns = q.legal_turns(None);
    assert!(turns.contains(&"~e4-d4, e7-e5".to_string()), "{turns:?}");
    assert!(turns.contains(&"e7-e5".to_string()));
    let r = play(&q, "~e4-f4, e5");
    assert_eq!(r.last_move(), Some("~e4-f4, e7-e5"));
    assert_eq!(r.board().get(sq("f4")), Some(ChessLike::piece(0, PAWN)));
    assert_eq!(r.board().get(sq("e5")), Some(ChessLike::piece(1, PAWN)));
    assert_eq!(
        refusal(&q, "~e4-d4"),
        "~e4-d4: the turn needs another move (Ke8-d7, Ke8-d8, Ke8-f7, ...)"
    );
    // The squirm alone may leave the mover's king in check as long as the
    // whole turn does not: White's rook just moved to e2; squirmed to d3
    // it checks Black's king, which must then step out of the d-file.
    let mut s = at(rules, "3k4/p7/8/8/8/8/4R3/4K3 b - - 0 1");
    s.last_moved = Some(sq("e2"));
    let turns = s.legal_turns(None);
    assert!(turns.contains(&"~Re2-d3, Kd8-e7".to_string()), "{turns:?}");
    assert!(!turns.contains(&"~Re2-d3, a7-a6".to_string()), "{turns:?}");
    assert_eq!(
        refusal(&s, "~Re2-d3, a6"),
        "a6: your king is in check and this does not save it"
    );
    assert!(s.legal(None).iter().any(|t| t.actions().len() == 2));
}

/// A rule judged on the turn so far: no king move while an enemy pawn
/// stands on d4. The hook sees each action in the position the turn has
/// reached, so after a squirm it sees the squirmed piece where it went.
struct NoKingMoveBesideD4;

impl Hooks for NoKingMoveBesideD4 {
    fn forbids(&self, pos: &ChessLike, act: &Act) -> Option<String> {
        let enemy_pawn = Some(ChessLike::piece(1 - pos.side(), PAWN));
        let king_moves = act
            .action
            .from()
            .and_then(|f| pos.board().get(f))
            .is_some_and(|p| p.kind == KING);
        (king_moves && pos.board().get(sq("d4")) == enemy_pawn)
            .then(|| "no king move while a pawn stands on d4".into())
    }

    fn render(&self, pos: &ChessLike, _flipped: bool) -> String {
        to_fen(pos)
    }
}

#[test]
fn a_game_s_own_legality_sees_the_turn_so_far() {
    let squirm = toy(None, Rebels::SquirmFirst);
    let rules = with_own_legality("no-king-move-beside-d4", &NoKingMoveBesideD4, squirm);
    let q = play(&at(rules, "4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1"), "e4");
    let turns = q.legal_turns(None);
    for legal in ["Ke8-d8", "~e4-f4, Ke8-d8", "~e4-d4, e7-e5"] {
        assert!(turns.contains(&legal.to_string()), "{legal}: {turns:?}");
    }
    assert!(!turns.contains(&"~e4-d4, Ke8-d8".to_string()), "{turns:?}");
}

#[test]
fn a_warrior_like_pawn() {
    let p = at(plain(), "4k3/8/8/8/8/8/W7/4K3 w - - 0 1");
    let moves: Vec<String> = p
        .legal_turns(None)
        .into_iter()
        .filter(|t| t.starts_with('W'))
        .collect();
    // Diagonally forward, two on its first move; never straight ahead.
    assert_eq!(moves, ["Wa2-b3", "Wa2-c4"]);
    assert_eq!(
        refusal(&p, "Wa2-a3"),
        "Wa2-a3: a3 is empty: a Warrior moves straight ahead only to capture (or en passant onto a square a pawn just passed over)"
    );
    // It captures straight forward, not on its step.
    let cap = at(plain(), "4k3/8/8/8/8/np6/W7/4K3 w - - 0 1");
    let turns = cap.legal_turns(None);
    assert!(turns.contains(&"Wa2xa3".to_string()), "{turns:?}");
    assert!(!turns.iter().any(|t| t.contains("xb3")));
    assert_eq!(
        refusal(&cap, "Wa2-b3"),
        "Wa2-b3: b3 is occupied: a Warrior captures straight ahead"
    );
    // Its double step may be taken en passant on the square passed over:
    // by a pawn diagonally, by a Warrior straight ahead.
    let ep = at(plain(), "4k3/8/8/8/pw6/8/W7/4K3 w - - 0 1");
    let after = play(&ep, "Wa2-c4");
    let turns = after.legal_turns(None);
    assert!(turns.contains(&"a4xb3".to_string()), "{turns:?}");
    assert!(turns.contains(&"Wb4xb3".to_string()), "{turns:?}");
    let taken = play(&after, "Wb4xb3");
    assert_eq!(taken.board().get(sq("c4")), None);
    assert_eq!(
        taken.board().get(sq("b3")),
        Some(ChessLike::piece(1, WARRIOR))
    );
    // Only on the very next move.
    let later = play(&play(&after, "Ke8-d8"), "Ke1-d1");
    assert!(!later.legal_turns(None).contains(&"a4xb3".to_string()));
}

#[test]
fn the_reserve_is_part_of_the_repetition_key() {
    let a = at(with_drops(), "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1");
    let b = at(with_drops(), "4k3/8/8/8/8/8/8/4K3[B] w - - 0 1");
    let c = at(with_drops(), "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1");
    assert_ne!(a.repetition_key(), b.repetition_key());
    assert_eq!(a.repetition_key(), c.repetition_key());
    // A bare board with a piece in hand is no dead position.
    assert_eq!(a.result(), None);
    let bare = at(with_drops(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        bare.result().unwrap().ending,
        crate::rules::Ending::DeadPosition
    );
}

#[test]
fn check_after_an_own_move() {
    // The bishop on e2 is pinned by the rook on e8.
    let p = at(plain(), "4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1");
    assert_eq!(
        refusal(&p, "Be2-d3"),
        "Be2-d3: this would leave your king in check"
    );
    assert_eq!(
        refusal(&p, "Bd3"),
        "Bd3: this would leave your king in check"
    );
    guard_agrees(&p);
}

/// A game's own legality through the hook: board moves must be captures
/// until the side's king is on the board (Orphic Chess's rule).
struct CapturesUntilKing;

impl Hooks for CapturesUntilKing {
    fn forbids(&self, pos: &ChessLike, act: &Act) -> Option<String> {
        let king_on_board = pos.board().royal_square(pos.side()).is_some();
        let board_move = matches!(act.action, crate::rules::Action::Move { .. });
        (board_move && !act.capture && !king_on_board)
            .then(|| "until your king is on the board, board moves must be captures".into())
    }

    fn render(&self, pos: &ChessLike, _flipped: bool) -> String {
        to_fen(pos)
    }
}

#[test]
fn a_game_s_own_legality() {
    let rules = with_own_legality("captures-until-king", &CapturesUntilKing, with_drops());
    let p = at(rules, "4k3/8/8/8/1p6/P7/8/8[K] w - - 0 1");
    let mut turns = p.legal_turns(None);
    turns.retain(|t| !t.starts_with("K@"));
    assert_eq!(turns, ["a3xb4"]);
    assert_eq!(
        refusal(&p, "a3-a4"),
        "a3-a4: until your king is on the board, board moves must be captures"
    );
    let q = play(&p, "K@e1");
    assert_eq!(q.in_reserve(0, KING), 0);
}

/// `base` with a game's own legality through `hooks`.
fn with_own_legality(
    name: &'static str,
    hooks: &'static dyn Hooks,
    base: &'static Rules,
) -> &'static Rules {
    let mut rules = Rules {
        own_legality: true,
        hooks,
        ..clone_rules(base)
    };
    rules.name = name;
    Box::leak(Box::new(rules))
}

fn clone_rules(r: &Rules) -> Rules {
    Rules {
        name: r.name,
        spec: r.spec,
        seats: r.seats,
        pawns: r.pawns.clone(),
        castlings: r.castlings.clone(),
        castling_pieces: r.castling_pieces,
        castling_letters: r.castling_letters,
        drops: r.drops.clone(),
        rebels: r.rebels,
        own_legality: r.own_legality,
        king_may_be_absent: r.king_may_be_absent,
        dead: r.dead,
        hooks: r.hooks,
        backend: r.backend,
    }
}

/// The stored text is `FEN | last move | repetition keys | end`, the keys
/// as 16 hex digits joined by commas and the end's points and ending
/// joined by a colon (written in place now; held here to the format as
/// it was written by parts), and it reads back to the same position.
#[test]
fn the_stored_text_is_fen_last_move_keys_and_end() {
    let by_parts = |p: &ChessLike| {
        let keys: Vec<String> = p.history.iter().map(|k| format!("{k:016x}")).collect();
        let ended = p
            .ended
            .as_ref()
            .map_or("-".to_string(), |o| o.encode().replacen(' ', ":", 1));
        format!(
            "{} | {} | {} | {}",
            to_fen(p),
            p.last_move.as_deref().unwrap_or("-"),
            keys.join(","),
            ended
        )
    };
    let chess: &'static Rules = &crate::rules::chess::rules::RULES;
    let start = at(chess, "4k3/8/8/8/8/8/4P3/R3K2R w KQ - 0 1");
    let after = play(&play(&start, "e2-e4"), "Ke8-d7");
    let resigned = after
        .conclude(&crate::rules::Conclusion::Resign(0))
        .unwrap();
    let resigned = resigned.encode();
    for (p, keys) in [(&start, 1), (&after, 3)] {
        assert_eq!(p.encode_text(), by_parts(p));
        assert_eq!(p.encode_text().matches(',').count(), keys - 1);
        assert_eq!(
            ChessLike::decode(p.rules(), &p.encode_text())
                .unwrap()
                .encode_text(),
            p.encode_text()
        );
    }
    let back = ChessLike::decode(chess, &resigned).unwrap();
    assert!(back.ended.is_some(), "{resigned}");
    assert_eq!(back.encode_text(), by_parts(&back));
    assert_eq!(back.encode_text(), resigned);
}

/// Counters and runs of empty squares of more than one digit are written
/// as they are read (the numbers are written without the formatter).
#[test]
fn fen_numbers_of_several_digits_read_back() {
    let chess: &'static Rules = &crate::rules::chess::rules::RULES;
    for fen in [
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 57 123",
        "4k3/8/8/8/8/8/8/4K3 b - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 99 1000",
    ] {
        assert_eq!(to_fen(&at(chess, fen)), fen);
    }
    let big = crate::rules::bochess::start_position();
    assert!(to_fen(&big).contains("/12/"), "{}", to_fen(&big));
}
