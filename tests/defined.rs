//! Games defined as data (`variants/library.ini`) against Fairy-Stockfish:
//! perft from the start and from positions of seeded random games, as
//! Fairy-Stockfish counted them (`tests/data/fsf_perft.txt`, written by
//! `scripts/fsf_perft.py` from pyffish; the script checks the file again
//! and boserv's binary against it where pyffish is installed).

use boserv::rules::defined::{LIBRARY, library_refusals};
use boserv::rules::find_variant;

/// (game, depth, nodes, fen) of every line of the table.
fn table() -> Vec<(String, u32, u64, String)> {
    let text = include_str!("data/fsf_perft.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut parts = l.splitn(4, ' ');
            let mut next = || parts.next().unwrap().to_string();
            (
                next(),
                next().parse().unwrap(),
                next().parse().unwrap(),
                next(),
            )
        })
        .collect()
}

#[test]
fn every_library_section_loads() {
    let refused: Vec<String> = library_refusals().iter().map(|r| r.to_string()).collect();
    assert!(refused.is_empty(), "{refused:?}");
    assert!(LIBRARY.len() >= 15, "{}", LIBRARY.len());
}

#[test]
fn defined_games_agree_with_fairy_stockfish_on_perft() {
    let rows = table();
    // Every game of the library is in the table, from its start position
    // (the table's first line for it) and from at least one position of a
    // random game.
    for game in LIBRARY.iter() {
        let of_game: Vec<_> = rows.iter().filter(|r| r.0 == game.name).collect();
        assert!(
            of_game.len() >= 2,
            "{} has {} positions",
            game.name,
            of_game.len()
        );
        let start = find_variant(game.name).unwrap().start(&[]).unwrap();
        let from_fen = find_variant(game.name)
            .unwrap()
            .from_fen(&[], &of_game[0].3)
            .unwrap();
        assert_eq!(
            start.encode(),
            from_fen.encode(),
            "{}: the start position",
            game.name
        );
    }
    let mut wrong = Vec::new();
    for (game, depth, nodes, fen) in &rows {
        let variant = find_variant(game).unwrap_or_else(|| panic!("no game {game}"));
        let position = variant
            .from_fen(&[], fen)
            .unwrap_or_else(|e| panic!("{game} {fen}: {e}"));
        let ours = position.perft(*depth);
        if ours != *nodes {
            wrong.push(format!(
                "{game} {fen} depth {depth}: boserv {ours}, Fairy-Stockfish {nodes}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// King of the Hill's flag rule decides the game the moment a king
/// stands on a centre square: a win for its side, and no turn after it;
/// the same move in chess (`normal`) ends nothing.
#[test]
fn a_king_on_the_hill_wins_at_once() {
    let fen = "rnbq1bnr/ppp1pppp/3k4/3p4/4P3/3K4/PPPP1PPP/RNBQ1BNR w - - 0 1";
    let hill = find_variant("kingofthehill").unwrap();
    let on_hill = hill
        .from_fen(&[], fen)
        .unwrap()
        .play("Kd3-d4", None)
        .unwrap()
        .position;
    let outcome = on_hill.outcome().expect("the game is over");
    assert_eq!(outcome.points, [2, 0]);
    assert_eq!(outcome.ending, boserv::rules::Ending::FlagReached);
    assert_eq!(outcome.ending.to_string(), "a flag piece reached its goal");
    assert!(on_hill.play("Kd6-e6", None).is_err());
    assert_eq!(on_hill.perft(1), 0);
    // A step beside the hill is no goal.
    let beside = hill
        .from_fen(&[], fen)
        .unwrap()
        .play("Kd3-c3", None)
        .unwrap();
    assert_eq!(beside.position.outcome(), None);
    let chess = find_variant("normal").unwrap();
    let played = chess
        .from_fen(&[], fen)
        .unwrap()
        .play("Kd3-d4", None)
        .unwrap();
    assert_eq!(played.position.outcome(), None);
}

/// The position after `moves` from `fen` in the library game `game`.
/// The one game of `env` is over with `result` (its reason saying
/// `reason`, when given), and its stored position is Fairy-Stockfish's
/// `fen` after the same moves.
pub(crate) fn assert_game_over(
    env: &crate::util::Env,
    result: &str,
    reason: Option<&str>,
    fen: &str,
) {
    let game = env.json("1");
    assert_eq!(game["status"], "over", "{game}");
    assert_eq!(game["result"], result, "{game}");
    if let Some(reason) = reason {
        let stored = env.query::<String>("SELECT reason FROM games");
        assert!(stored[0].contains(reason), "{stored:?}");
    }
    let position = env.query::<String>("SELECT position FROM games");
    assert!(
        position[0].starts_with(&format!("{fen} |")),
        "Fairy-Stockfish's FEN after the game: {position:?}"
    );
}

/// A turn as boserv writes it (`Nb1-c3`, `e7-e8=G`, `a2-b1=K`) in UCI,
/// as Fairy-Stockfish writes it (`b1c3`, `e7e8g`, `a2b1k`).
pub(crate) fn uci(turn: &str) -> String {
    let squares: String = turn
        .split(['-', 'x', '='])
        .take(2)
        .map(|part| part.trim_start_matches(|c: char| c.is_ascii_uppercase()))
        .collect();
    match turn.split_once('=') {
        Some((_, piece)) => format!("{squares}{}", piece.to_ascii_lowercase()),
        None => squares,
    }
}

/// boserv's legal turns in `fen` of the library game `game`, each
/// written by `write` (UCI: [`uci`]), sorted: to compare with
/// Fairy-Stockfish's `legal_moves`.
pub(crate) fn legal_as(game: &str, fen: &str, write: fn(&str) -> String) -> Vec<String> {
    let pos = find_variant(game).unwrap().from_fen(&[], fen).unwrap();
    let mut turns: Vec<String> = pos.legal_turns(None).iter().map(|t| write(t)).collect();
    turns.sort();
    turns
}

/// The computer player at every level plays `game` against itself from
/// the start for up to `plies` turns, searching at most `depth` plies
/// and 4 000 positions a turn (for the test's time): every turn it
/// chooses is one the game plays.
pub(crate) fn bot_plays_every_level(game: &str, depth: u32, plies: usize) {
    use boserv::bot::{Level, choose_within};
    let variant = find_variant(game).unwrap();
    for level in 1..=5 {
        let level = Level::new(level).unwrap();
        let mut pos = variant.start(&[]).unwrap();
        for ply in 0..plies {
            if pos.outcome().is_some() {
                break;
            }
            let choice = choose_within(
                variant,
                &*pos,
                None,
                level,
                small_budget(level, depth),
                ply as u64,
            )
            .unwrap();
            pos = pos.apply(&choice.turn, None).unwrap();
        }
    }
}

/// A level's budget cut to `depth` plies and 4 000 positions.
pub(crate) fn small_budget(level: boserv::bot::Level, depth: u32) -> boserv::bot::Budget {
    boserv::bot::Budget::plain(level.budget().depth.min(depth), 4_000)
}

fn played(game: &str, fen: &str, moves: &[&str]) -> Box<dyn boserv::rules::Position> {
    let mut pos = find_variant(game).unwrap().from_fen(&[], fen).unwrap();
    for m in moves {
        pos = pos
            .play(m, None)
            .unwrap_or_else(|e| panic!("{game} {m}: {e}"))
            .position;
    }
    pos
}

/// A king move onto the hill that also leaves the other side without a
/// move wins, as Fairy-Stockfish judges it (the flag before the
/// stalemate); the same move in chess is a stalemate.
#[test]
fn a_flag_move_that_stalemates_wins_king_of_the_hill() {
    use boserv::rules::Ending;
    let fen = "7k/7p/7P/8/2K5/8/B7/8 w - - 0 1";
    let hill = played("kingofthehill", fen, &["Kc4-d4"]).outcome().unwrap();
    assert_eq!(
        (hill.points, hill.ending),
        (vec![2, 0], Ending::FlagReached)
    );
    let chess = played("normal", fen, &["Kc4-d4"]).outcome().unwrap();
    assert_eq!(
        (chess.points, chess.ending),
        (vec![1, 1], Ending::Stalemate)
    );
}

/// Racing Kings: no move may give check; White's king on the eighth rank
/// lets Black answer, a draw when Black's king arrives too, White's win
/// when it does not.
#[test]
fn racing_kings_is_raced_to_the_eighth_rank() {
    use boserv::rules::Ending;
    let fen = "8/1k5K/8/8/8/8/1rbnNBR1/qrbnNBRQ w - - 0 1";
    let start = find_variant("racingkings")
        .unwrap()
        .from_fen(&[], fen)
        .unwrap();
    let check = start.play("Rg2-g6", None).unwrap_err().to_string();
    assert!(check.contains("no move may give check"), "{check}");
    let arrived = played("racingkings", fen, &["Kh7-h8"]);
    assert_eq!(arrived.outcome(), None, "Black may still answer");
    let both = played("racingkings", fen, &["Kh7-h8", "Kb7-b8"])
        .outcome()
        .unwrap();
    assert_eq!(
        (both.points, both.ending),
        (vec![1, 1], Ending::FlagReached)
    );
    let late = played("racingkings", fen, &["Kh7-h8", "Kb7-c6"])
        .outcome()
        .unwrap();
    assert_eq!(
        (late.points, late.ending),
        (vec![2, 0], Ending::FlagReached)
    );
}

/// Giveaway and Antichess: captures are compulsory; a side wins by losing
/// its last piece, or by having no move.
#[test]
fn giveaway_is_won_by_giving_everything_away() {
    use boserv::rules::Ending;
    let must = find_variant("giveaway")
        .unwrap()
        .from_fen(
            &[],
            "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        )
        .unwrap()
        .play("Ng1-f3", None)
        .unwrap_err()
        .to_string();
    assert!(must.contains("a capture is compulsory"), "{must}");
    let gone = played("giveaway", "8/8/8/8/8/8/p7/1R6 b - - 0 1", &["a2xb1=Q"])
        .outcome()
        .unwrap();
    assert_eq!((gone.points, gone.ending), (vec![2, 0], Ending::Extinction));
    let stuck = played("antichess", "8/8/8/8/p7/8/P7/8 b - - 0 1", &["a4-a3"])
        .outcome()
        .unwrap();
    assert_eq!(
        (stuck.points, stuck.ending),
        (vec![2, 0], Ending::Stalemate)
    );
}

/// Losers: the side left with its king alone wins; Extinction: the side
/// that loses its last piece of a kind loses.
#[test]
fn losers_and_extinction_end_on_the_pieces_left() {
    use boserv::rules::Ending;
    let bare = played("losers", "4k3/8/8/8/8/8/3q4/3QK3 w - - 0 1", &["Qd1xd2"])
        .outcome()
        .unwrap();
    assert_eq!((bare.points, bare.ending), (vec![0, 2], Ending::Extinction));
    let quiet = find_variant("losers")
        .unwrap()
        .from_fen(&[], "4k3/8/8/8/8/8/3q4/3QK3 w - - 0 1")
        .unwrap()
        .play("Ke1-f1", None);
    assert!(quiet.is_err());
    let fen = "rnb1kbnr/pppppppp/8/8/8/5q2/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let extinct = played("extinction", fen, &["g2xf3"]).outcome().unwrap();
    assert_eq!(
        (extinct.points, extinct.ending),
        (vec![2, 0], Ending::Extinction)
    );
    assert_eq!(played("normal", fen, &["g2xf3"]).outcome(), None);
    let help = find_variant("losers").unwrap().help();
    let words = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("a capture must be played"), "{help}");
    assert!(words.contains("at most 1 of its pieces"), "{help}");
}

/// Three-check: the position holds the checks each side still has to
/// give (its FEN's `2+3` after White's first), and the third check wins
/// at once, though the king could take the checking bishop.
#[test]
fn three_check_is_won_by_the_third_check() {
    use boserv::rules::Ending;
    let start = find_variant("3check").unwrap().start(&[]).unwrap().encode();
    let start = start.split(" | ").next().unwrap().to_string();
    let moves = [
        "e2-e4", "f7-f6", "Qd1-h5", "g7-g6", "Qh5xg6", "h7xg6", "Bf1-c4", "Ng8-h6", "Bc4-f7",
    ];
    let first = played("3check", &start, &moves[..3]).encode();
    assert!(first.contains(" 2+3 "), "{first}");
    let before = played("3check", &start, &moves[..8]);
    assert_eq!(before.outcome(), None);
    assert!(before.encode().contains(" 1+3 "));
    let won = played("3check", &start, &moves).outcome().unwrap();
    assert_eq!((won.points, won.ending), (vec![2, 0], Ending::ChecksGiven));
    let chess = played("normal", chess_start(), &moves);
    assert_eq!(chess.outcome(), None, "chess plays on");
}

fn chess_start() -> &'static str {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
}

/// Crazyhouse by mail: the knight's capture puts a pawn in White's hand,
/// and its drop on f7 mates; the board mail shows the hand.
#[test]
fn crazyhouse_is_played_by_mail_to_a_drop_mate() {
    let env = crate::util::Env::new();
    env.signup(&["alice", "bob"]);
    env.challenge("crazyhouse", "alice", "bob");
    let reply = |user: &str, body: &str| env.answer(&env.token_mail(user), body);
    for (user, mv) in [
        ("alice", "Nb1-a3"),
        ("bob", "g7-g5"),
        ("alice", "d2-d3"),
        ("bob", "f7-f6"),
        ("alice", "Ng1-f3"),
        ("bob", "h7-h6"),
        ("alice", "Nf3xg5"),
    ] {
        reply(user, mv);
    }
    let game = env.json("1");
    assert_eq!(game["status"], "active", "{game}");
    let board = env.delivered_to("bob@", "Board 1").text();
    assert!(
        board.contains("White's hand: P"),
        "White holds the pawn it took: {board}"
    );
    assert!(board.contains("Black's hand: none"), "{board}");
    let words = |game: &str| {
        let help = find_variant(game).unwrap().help();
        help.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    assert!(
        words("crazyhouse").contains("hand, a promoted one as a pawn"),
        "{}",
        words("crazyhouse")
    );
    assert!(words("horde").contains("twice from ranks 1 and 2 (White)"));
    reply("bob", "h6-h5");
    reply("alice", "P@f7");
    let game = env.json("1");
    assert_eq!(game["status"], "over", "{game}");
    assert_eq!(game["result"], "1-0", "{game}");
    let turns = env.query::<String>("SELECT text FROM turns ORDER BY ply");
    assert_eq!(turns.last().unwrap(), "P@f7", "{turns:?}");
}

/// Crazyhouse's promoted queen goes back to hand as a pawn, Loop's as a
/// queen; a pawn is never dropped on the last rank, nor on the first but
/// in Chessgi; Pocket Knight's knight is dropped once.
#[test]
fn drop_games_keep_their_hands() {
    let fen = |promoted: &str| format!("4k3/8/8/8/8/8/3q4/3Q{promoted}2K1[] b - - 0 1");
    let crazy = played("crazyhouse", &fen("~"), &["Qd2xd1+"]).encode();
    assert!(crazy.contains("[p]"), "{crazy}");
    let looped = played("loop", &fen(""), &["Qd2xd1+"]).encode();
    assert!(looped.contains("[q]"), "{looped}");
    let pawns = "4k3/1P6/8/8/8/8/8/4K3[Pp] w - - 0 1";
    let drop = |game: &str, mv: &str| {
        find_variant(game)
            .unwrap()
            .from_fen(&[], pawns)
            .unwrap()
            .play(mv, None)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    let last = drop("crazyhouse", "P@a8").unwrap_err();
    assert!(last.contains("never dropped on its last rank"), "{last}");
    let first = drop("crazyhouse", "P@a1").unwrap_err();
    assert!(first.contains("never dropped on its first rank"), "{first}");
    assert_eq!(drop("chessgi", "P@a1"), Ok(()));
    assert!(drop("chessgi", "P@a8").is_err());
    let start = find_variant("pocketknight").unwrap().start(&[]).unwrap();
    let dropped = start.play("N@e4", None).unwrap().position;
    let again = dropped
        .play("e7-e6", None)
        .unwrap()
        .position
        .play("N@d4", None);
    assert!(again.is_err(), "one knight in hand");
}

/// Horde: White's pawns step twice from the first rank too, and White
/// loses when its last piece is taken; Berolina's pawn steps diagonally
/// and is taken en passant straight ahead; Torpedo's pawn steps twice
/// from any rank.
#[test]
fn pawns_as_horde_berolina_and_torpedo_play_them() {
    use boserv::rules::Ending;
    assert!(
        played("horde", "4k3/8/8/8/8/8/8/P7 w - - 0 1", &["a1-a3"])
            .outcome()
            .is_none()
    );
    let gone = played("horde", "4k3/8/8/8/8/8/1p6/P7 b - - 0 1", &["b2xa1=Q"])
        .outcome()
        .unwrap();
    assert_eq!((gone.points, gone.ending), (vec![0, 2], Ending::Extinction));
    let fen = "rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let taken = played("berolina", fen, &["d2-f4", "e4xe3"]).encode();
    assert!(
        taken.starts_with("rnbqkbnr/pppp1ppp/8/8/8/4p3/PPP1PPPP/"),
        "{taken}"
    );
    let far = played(
        "torpedo",
        "4k3/8/8/3p4/8/4P3/8/4K3 w - - 0 1",
        &["e3-e5", "d5xe4"],
    );
    assert!(
        far.encode().starts_with("4k3/8/8/8/4p3/8/8/4K3"),
        "{}",
        far.encode()
    );
}

/// A defined game's n-move rule says its own number: Shatranj draws
/// after 70 moves of each side without capture or pawn move.
#[test]
fn the_move_rule_says_the_games_number() {
    use boserv::rules::Ending;
    let fen = "4k3/8/8/8/8/8/r7/R3K3 w - - 139 80";
    let drawn = played("shatranj", fen, &["Ra1-b1"]).outcome().unwrap();
    assert_eq!(drawn.ending, Ending::MoveRule { moves: 70 });
    assert_eq!(drawn.reason(), "70-move rule");
    let fen = "4k3/8/8/8/8/8/r7/R3K3 w - - 99 80";
    let chess = played("normal", fen, &["Ra1-b1"]).outcome().unwrap();
    assert_eq!(chess.reason(), "50-move rule");
    assert!(played("shatranj", fen, &["Ra1-b1"]).outcome().is_none());
}

/// Makruk's counting rule as Fairy-Stockfish plays it (each FEN is
/// pyffish's after the same moves): a bare king counts from the pieces
/// on the board to 16 moves against a rook (32 plies, written in the en
/// passant field), one less when its king took the last pawn; with no
/// pawn left and pieces on both sides, the board's honour (128 plies),
/// counted anew when a capture bares a king; a count past its limit
/// draws, unless the move mates.
#[test]
fn makruk_counts_the_ending_as_fairy_stockfish() {
    use boserv::rules::Ending;
    let fen_after = |fen: &str, moves: &[&str]| {
        let encoded = played("makruk", fen, moves).encode();
        encoded.split(" | ").next().unwrap().to_string()
    };
    let lone = "8/8/8/3k4/8/8/4R3/4K3";
    assert_eq!(
        fen_after(&format!("{lone} w - - 0 1"), &["Re2-a2"]),
        "8/8/8/3k4/8/8/R7/4K3 b - 32 6 1"
    );
    assert_eq!(
        fen_after("8/8/8/3k4/3P4/8/4R3/4K3 b - - 0 1", &["Kd5xd4"]),
        "8/8/8/8/3k4/8/4R3/4K3 w - 32 5 2"
    );
    assert_eq!(
        fen_after("8/8/8/3k4/3s4/8/4R3/4K3 w - - 0 1", &["Re2-a2", "Sd4-c3"]),
        "8/8/8/3k4/8/2s5/R7/4K3 w - 128 1 2"
    );
    assert_eq!(
        fen_after("8/8/8/3k4/3s4/8/3R4/4K3 w - 128 20 30", &["Rd2xd4"]),
        "8/8/8/3k4/3R4/8/8/4K3 b - 32 6 30"
    );
    let counting = played("makruk", &format!("{lone} w - - 0 1"), &["Re2-a2"]);
    assert!(
        counting
            .render_for(1)
            .contains("Count: 6 of 32 plies (past 32 the game is drawn)"),
        "{}",
        counting.render_for(1)
    );
    let drawn = played("makruk", &format!("{lone} b - 32 32 1"), &["Kd5-c4"])
        .outcome()
        .unwrap();
    assert_eq!(drawn.ending, Ending::Counting);
    assert_eq!(drawn.reason(), "the count ran out");
    assert!(
        played("makruk", &format!("{lone} b - 32 31 1"), &["Kd5-c4"])
            .outcome()
            .is_none()
    );
    let edge = "3k4/8/3K4/8/8/8/8/7R w - 32 32 1";
    let mate = played("makruk", edge, &["Rh1-h8"]).outcome().unwrap();
    assert_eq!(mate.ending, Ending::Checkmate);
    let drawn = played("makruk", edge, &["Rh1-h7"]).outcome().unwrap();
    assert_eq!(drawn.ending, Ending::Counting);
    let help = find_variant("makruk").unwrap().help();
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("to 8 against two rooks, 16 against one")
            && help.contains("step one square at a time")
            && !help.contains("plies without a capture or pawn move are a draw"),
        "{help}"
    );
    // Chess's 50-move rule is not Makruk's: 200 plies without a capture
    // or pawn move draw nothing before a count.
    let pawns = "4k3/8/3p4/8/8/3P4/8/4K3 w - - 200 120";
    assert!(played("makruk", pawns, &["Ke1-f1"]).outcome().is_none());
}

/// A game of Makruk played from the start by Reply to the board mails,
/// 110 plies (from a seeded greedy game of pyffish's), to a draw by the
/// count: White's rook, khon and king against the bare king, whose
/// count reaches its 16 moves as it takes the rook.
const MAKRUK_BY_MAIL: &str = concat!(
    "c3-c4 e6-e5 d3-d4 e5xd4 e3xd4 b6-b5 c4xb5 c6xb5 Me1-d2 h6-h5 Ra1-a2 f6-f5 Sf1-e2 ",
    "f5-f4 g3xf4 Ng8-e7 Sc1-b2 Ne7-f5 Nb1-c3 Nf5xd4 Nc3xb5 Nd4xb5 Kd1-e1 Nb5xa3 ",
    "Ra2xa3 Ke8-f7 Ra3xa6 Ra8xa6 Sb2-c1 Md8-c7 h3-h4 Kf7-g7 Ke1-f1 g6-g5 f4xg5 Sf8-f7 ",
    "Sc1-b2 d6-d5 Md2-c3 Ra6-d6 Ng1-h3 Rh8-f8 Se2-e3 Sf7-e6 Se3-f4 Rf8xf4 Nh3xf4 ",
    "Sc8-b7 Nf4xe6 Rd6xe6 f3-f4 Kg7-h8 Kf1-g1 Re6-e4 b3-b4 Re4xf4 b4-b5 Rf4xh4 Rh1xh4 ",
    "Kh8-h7 Rh4xh5 Kh7-g8 Rh5-h4 Sb7-c6 b5xc6=M Nb8xc6 Kg1-g2 Mc7-d6 Kg2-f1 d5-d4 ",
    "Mc3xd4 Nc6xd4 Rh4xd4 Kg8-g7 Rd4xd6 Kg7-h7 Sb2-c1 Kh7-g7 Kf1-g2 Kg7-f7 Rd6-d1 ",
    "Kf7-g8 Rd1-d4 Kg8-g7 Rd4-a4 Kg7-f7 g5-g6=M Kf7xg6 Ra4-e4 Kg6-f7 Kg2-f2 Kf7-g7 ",
    "Re4-e1 Kg7-f8 Re1-h1 Kf8-g8 Rh1-g1 Kg8-h8 Rg1-g2 Kh8-h7 Sc1-d2 Kh7-h8 Sd2-e1 ",
    "Kh8-h7 Kf2-e2 Kh7-h6 Rg2-g8 Kh6-h7 Ke2-d3 Kh7xg8 ",
);

#[test]
fn makruk_is_played_by_mail_to_a_draw_by_the_count() {
    let env = crate::util::Env::new();
    env.signup(&["alice", "bob"]);
    env.challenge("makruk", "alice", "bob");
    let reply = |user: &str, body: &str| env.answer(&env.token_mail(user), body);
    let moves: Vec<&str> = MAKRUK_BY_MAIL.split_whitespace().collect();
    let (last, before) = moves.split_last().unwrap();
    for (i, mv) in before.iter().enumerate() {
        reply(["alice", "bob"][i % 2], mv);
    }
    let game = env.json("1");
    assert_eq!(game["status"], "active", "{game}");
    let board = env.delivered_to("bob@", "Board 1").text();
    assert!(board.contains("Ke2-d3"), "White's last move: {board}");
    reply("bob", last);
    assert_game_over(
        &env,
        "1/2-1/2",
        Some("count"),
        "6k1/8/8/8/8/3K4/8/4S3 w - 32 33 56",
    );
}

/// The FEN part of a position's encoded text.
fn fen_of(pos: &dyn boserv::rules::Position) -> String {
    pos.encode().split(" | ").next().unwrap().to_string()
}

/// Atomic and its rules as Fairy-Stockfish plays them: each FEN and each
/// list of legal king moves below is pyffish's (0.0.90) for the same
/// position and moves.
#[test]
fn atomic_explodes_as_fairy_stockfish() {
    use boserv::rules::Ending;
    // En passant explodes on the square the pawn lands on: both pawns
    // go, the neighbours are pawns (spared) or empty.
    let ep = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    assert_eq!(
        fen_of(&*played("atomic", ep, &["e5xf6"])),
        "rnbqkbnr/ppp1p1pp/8/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"
    );
    // The queen takes the knight on b1: queen, knight and the rook on a1
    // beside it are blown up, and White's long castling with the rook.
    let rook = "rq2k2r/8/8/8/8/8/8/RN2K2R b KQkq - 0 1";
    assert_eq!(
        fen_of(&*played("atomic", rook, &["Qb8xb1"])),
        "r3k2r/8/8/8/8/8/8/4K2R w Kkq - 0 2"
    );
    // A king never captures in Atomic (it would blow itself up); in
    // Atomic without checks it may, and its side loses at once.
    let pawn = "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1";
    let why = find_variant("atomic")
        .unwrap()
        .from_fen(&[], pawn)
        .unwrap()
        .play("Ke1xd2", None)
        .unwrap_err()
        .to_string();
    assert!(why.contains("blow up your own king"), "{why}");
    let lost = played("nocheckatomic", pawn, &["Ke1xd2"]);
    assert_eq!(fen_of(&*lost), "4k3/8/8/8/8/8/8/8 b - - 0 1");
    let lost = lost.outcome().unwrap();
    assert_eq!((lost.points, lost.ending), (vec![0, 2], Ending::Extinction));
    // Kings that touch are immune: White's king may step beside Black's
    // onto the second rank the rook sweeps.
    let touch = find_variant("atomic")
        .unwrap()
        .from_fen(&[], "8/8/8/8/8/4k3/r7/4K3 w - - 0 1")
        .unwrap();
    let mut kings: Vec<String> = touch
        .legal(None)
        .iter()
        .map(|t| touch.turn_text(t))
        .collect();
    kings.sort();
    assert_eq!(kings, ["Ke1-d1", "Ke1-d2", "Ke1-e2", "Ke1-f1", "Ke1-f2"]);
    // In check, a capture that blows up the other king is legal and wins.
    let check = "4k3/5p2/8/7Q/8/8/8/r3K3 w - - 0 1";
    let blown = played("atomic", check, &["Qh5xf7"]);
    assert_eq!(fen_of(&*blown), "8/8/8/8/8/8/8/r3K3 b - - 0 1");
    let won = blown.outcome().unwrap();
    assert_eq!((won.points, won.ending), (vec![2, 0], Ending::Extinction));
    let quiet = find_variant("atomic")
        .unwrap()
        .from_fen(&[], check)
        .unwrap()
        .play("Qh5-h6", None)
        .unwrap_err()
        .to_string();
    assert!(quiet.contains("leave your king attacked"), "{quiet}");
    // A king attacked without a move is mated (pyffish: -32000).
    let mate = played("atomic", "7k/6pp/6PP/8/8/8/8/R5K1 w - - 0 1", &["Ra1-a8"]);
    let mate = mate.outcome().unwrap();
    assert_eq!((mate.points, mate.ending), (vec![2, 0], Ending::Checkmate));
    let help = find_variant("atomic").unwrap().help();
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("A capture explodes")
            && help.contains("two that touch cannot attack each other"),
        "{help}"
    );
}

/// Ouk Chatrang's initial moves as Fairy-Stockfish plays them (each FEN
/// and move list is pyffish 0.0.90's after the same moves): the king's
/// knight leap to the rank in front (not out of check, never onto a
/// piece), the met's two squares forward over a piece, the rights in
/// the castling field lost as the pieces move, and a rook move aiming
/// at a king with its leap (through a pawn) taking that leap away.
#[test]
fn cambodian_initial_moves_as_fairy_stockfish() {
    let start = find_variant("cambodian").unwrap().start(&[]).unwrap();
    let fen_of =
        |pos: &dyn boserv::rules::Position| pos.encode().split(" | ").next().unwrap().to_string();
    let fen_after = |fen: &str, moves: &[&str]| fen_of(played("cambodian", fen, moves).as_ref());
    let start_fen = fen_of(start.as_ref());
    assert_eq!(
        start_fen,
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1"
    );
    assert_eq!(
        fen_after(&start_fen, &["Kd1-b2"]),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/1K6/RNS1MSNR b Ede - 1 1"
    );
    assert_eq!(
        fen_after(&start_fen, &["Kd1-b2", "Ke8-g7"]),
        "rnsm1snr/6k1/pppppppp/8/8/PPPPPPPP/1K6/RNS1MSNR w Ed - 2 2"
    );
    assert_eq!(
        fen_after(&start_fen, &["Me1-d2", "Md8-e7"]),
        "rns1ksnr/4m3/pppppppp/8/8/PPPPPPPP/3M4/RNSK1SNR w De - 2 2"
    );
    // The leaps and the met's step over a pawn; in check, no leap.
    let moves = |fen: &str| {
        let mut m = played("cambodian", fen, &[]).legal_turns(None);
        m.sort();
        m
    };
    let open = moves("4k3/8/8/8/8/8/4P3/3KM3 w DEde - 0 1");
    for m in ["Kd1-b2", "Kd1-f2", "Me1-e3"] {
        assert!(open.contains(&m.to_string()), "{m} in {open:?}");
    }
    assert_eq!(open.len(), 9, "pyffish's 9 moves: {open:?}");
    let checked = moves("4k3/8/8/8/8/8/4p3/3KM3 w DEde - 0 1");
    assert_eq!(
        checked.len(),
        4,
        "pyffish's 4 moves out of check: {checked:?}"
    );
    assert!(!checked.iter().any(|m| m.contains("b2")), "{checked:?}");
    // Onto a piece neither leaps nor steps: the black khon on e3.
    let blocked = moves("4k3/8/8/8/8/4s3/8/3KM3 w DEde - 0 1");
    assert!(!blocked.iter().any(|m| m.ends_with("e3")), "{blocked:?}");
    // The rook aims at the king on d1 through the pawn on d2: its leap is
    // gone (and the board's honour starts its count).
    let aimed = "r3k3/8/8/8/8/8/3P4/3KM3 b DEde - 0 1";
    assert_eq!(
        fen_after(aimed, &["Ra8-d8"]),
        "3rk3/8/8/8/8/8/3P4/3KM3 w Ee 126 0 2"
    );
    assert_eq!(
        fen_after(aimed, &["Ra8-b8"]),
        "1r2k3/8/8/8/8/8/3P4/3KM3 w DEe 126 0 2"
    );
    let refused = played("cambodian", aimed, &["Ra8-d8"])
        .play("Kd1-b2", None)
        .err()
        .unwrap()
        .to_string();
    assert!(refused.contains("king"), "{refused}");
    let help = find_variant("cambodian").unwrap().help();
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("leap as a knight to the rank in front of it (d1-b2 or d1-f2)")
            && help.contains("step two squares straight forward"),
        "{help}"
    );
}

/// The computer player plays Atomic at every level: a short game of
/// each level against itself (a small budget, for the test's time).
#[test]
fn the_bot_plays_atomic_at_every_level() {
    bot_plays_every_level("atomic", 3, 16);
}

/// Atomic by Reply to the board mails: White's knight takes on f7 and
/// blows up Black's king beside it, a win at once; the stored position
/// is pyffish's FEN after the same moves.
#[test]
fn atomic_is_played_by_mail_to_a_king_blown_up() {
    let env = crate::util::Env::new();
    env.signup(&["alice", "bob"]);
    env.challenge("atomic", "alice", "bob");
    let reply = |user: &str, body: &str| env.answer(&env.token_mail(user), body);
    for (i, mv) in ["Ng1-f3", "a7-a6", "Nf3-e5", "a6-a5"].iter().enumerate() {
        reply(["alice", "bob"][i % 2], mv);
    }
    let game = env.json("1");
    assert_eq!(game["status"], "active", "{game}");
    let board = env.delivered_to("alice@", "Board 1").text();
    assert!(board.contains("a6-a5"), "Black's last move: {board}");
    reply("alice", "Ne5xf7");
    assert_game_over(
        &env,
        "1-0",
        None,
        "rnbq3r/1pppp1pp/8/p7/8/8/PPPPPPPP/RNBQKB1R b KQ - 0 3",
    );
}

/// A game of Ouk Chatrang by Reply to the board mails: White's king
/// leaps (Kd1-b2), Black's met steps two (Md8-d6), White's too
/// (Me1-e3), Black's king leaps (Ke8-g7), then the knights go back and
/// forth to a draw by the third repetition. The stored positions are
/// pyffish's FENs, the rights in the castling field as it writes them.
#[test]
fn cambodian_is_played_by_mail_to_a_draw_by_repetition() {
    let env = crate::util::Env::new();
    env.signup(&["alice", "bob"]);
    env.challenge("cambodian", "alice", "bob");
    let reply = |user: &str, body: &str| env.answer(&env.token_mail(user), body);
    let moves = [
        "Kd1-b2", "d6-d5", "e3-e4", "Md8-d6", "Me1-e3", "Ke8-g7", "Ng1-e2", "Ng8-e7", "Ne2-g1",
        "Ne7-g8", "Ng1-e2", "Ng8-e7", "Ne2-g1",
    ];
    for (i, mv) in moves.iter().enumerate() {
        reply(["alice", "bob"][i % 2], mv);
        if i == 3 {
            let position = env.query::<String>("SELECT position FROM games");
            assert!(
                position[0]
                    .starts_with("rns1ksnr/8/pppmpppp/3p4/4P3/PPPP1PPP/1K6/RNS1MSNR w Ee - 1 3 |"),
                "pyffish's FEN after four plies: {position:?}"
            );
        }
    }
    let game = env.json("1");
    assert_eq!(game["status"], "active", "{game}");
    let board = env.delivered_to("bob@", "Board 1").text();
    assert!(board.contains("Ne2-g1"), "White's last move: {board}");
    reply("bob", "Ne7-g8");
    assert_game_over(
        &env,
        "1/2-1/2",
        Some("repetition"),
        "rns2snr/6k1/pppmpppp/3p4/4P3/PPPPMPPP/1K6/RNS2SNR w - - 11 8",
    );
}

/// Grand chess's promotion as Fairy-Stockfish plays it (each move list
/// pyffish 0.0.90's): on the eighth and ninth ranks a pawn may stay a
/// pawn, on the tenth it must promote, and only to a piece its side has
/// fewer of than at the start; a move written without a promotion
/// stays a pawn, one to a piece the side still has all of is refused.
#[test]
fn grand_promotes_only_to_lost_pieces() {
    let moves = |fen: &str, from: &str| {
        let mut m: Vec<String> = played("grand", fen, &[])
            .legal_turns(None)
            .into_iter()
            .filter(|t| t.contains(from))
            .collect();
        m.sort();
        m
    };
    // Nothing lost: the f7 pawn only steps on as a pawn (pyffish: f7e8
    // f7f8 f7g8).
    let whole = "r8r/1nbqkcabn1/ppppp1pppp/5P4/10/10/10/10/1NBQKCABN1/R8R w - - 0 1";
    assert_eq!(moves(whole, "f7"), ["f7-f8", "f7xe8", "f7xg8"]);
    // The chancellor lost: each of the three may also become one.
    let lost = "r8r/1nbqkc1bn1/ppppp1pppp/5P4/10/10/10/10/1NBQK1ABN1/R8R w - - 0 1";
    assert_eq!(moves(lost, "f7").len(), 6, "{:?}", moves(lost, "f7"));
    // On the tenth rank only promotion, to the knight alone (pyffish:
    // j9j10n), or to a rook, bishop or knight.
    let ninth = "rr8/1nbqk1abnP/10/10/10/10/10/10/1NBQ1CAB2/R3K4R w - - 0 1";
    assert_eq!(moves(ninth, "j9"), ["j9-j10=N"]);
    let three = "r1r7/1nbqk1ab1P/10/10/10/10/10/10/1NBQ1CA3/R3K5 w - - 0 1";
    assert_eq!(moves(three, "j9").len(), 3, "{:?}", moves(three, "j9"));
    let stays = played("grand", lost, &["f7-f8"]).encode();
    assert!(stays.starts_with("r8r/1nbqkc1bn1/pppppPpppp/"), "{stays}");
    let promoted = played("grand", lost, &["f7-f8=C"]).encode();
    assert!(
        promoted.starts_with("r8r/1nbqkc1bn1/pppppCpppp/"),
        "{promoted}"
    );
    let refused = played("grand", lost, &[])
        .play("f7-f8=Q", None)
        .err()
        .unwrap()
        .to_string();
    assert!(refused.contains("promotes to C"), "{refused}");
    let help = find_variant("grand").unwrap().help();
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(help.contains("may stay a pawn"), "{help}");
}

/// Shatar by Reply to the board mails, to a mate that is no win: White
/// brings a knight to e5 (it guards f7), then mates with the bishop
/// (Be2-h5), a series of checks without a shak (no check by a rook,
/// bers or knight), so the game is drawn, "niol", as pyffish 0.0.90
/// judges it (`game_result` 0, no legal move); the stored position is
/// its FEN after the same moves.
#[test]
fn shatar_is_played_by_mail_to_a_mate_without_shak() {
    let env = crate::util::Env::new();
    env.signup(&["alice", "bob"]);
    env.challenge("shatar", "alice", "bob");
    let reply = |user: &str, body: &str| env.answer(&env.token_mail(user), body);
    let moves = [
        "Ng1-f3", "f7-f6", "Nf3-e5", "g7-g6", "e2-e3", "g6-g5", "Bf1-e2", "Nb8-d7",
    ];
    for (i, mv) in moves.iter().enumerate() {
        reply(["alice", "bob"][i % 2], mv);
    }
    let game = env.json("1");
    assert_eq!(game["status"], "active", "{game}");
    let board = env.delivered_to("alice@", "Board 1").text();
    assert!(board.contains("Nb8-d7"), "Black's last move: {board}");
    reply("alice", "Be2-h5");
    assert_game_over(
        &env,
        "1/2-1/2",
        Some("niol"),
        "r1bjkbnr/pppnp2p/5p2/3pN1pB/3P4/4P3/PPP2PPP/RNBJK2R b - - 3 5",
    );
}

/// The computer player judges Shatar's mates by its rule (pyffish
/// 0.0.90's values after each move): with a bishop's mate (a draw,
/// niol) and a rook's (a shak, a win) on the board it mates with the
/// rook; it never mates with a knight alone, a loss for the mater.
#[test]
fn the_bot_mates_in_shatar_only_where_the_rule_wins() {
    use boserv::bot::{Budget, Level, MATE, choose_within};
    use boserv::rules::Ending;
    let shatar = find_variant("shatar").unwrap();
    let level = Level::new(4).unwrap();
    let budget = Budget::plain(3, 20_000);
    // Bc1-b2 and Bc1-h6 mate drawn (0), Ra1-a8 mate won (-32000 for Black).
    let pos = shatar
        .from_fen(&[], "7k/5K1p/8/8/8/8/8/R1B5 w - - 0 1")
        .unwrap();
    let choice = choose_within(shatar, pos.as_ref(), None, level, budget, 1).unwrap();
    assert_eq!(choice.text, "Ra1-a8");
    assert!(choice.score >= MATE - 2, "{}", choice.score);
    // Ne5-g6 mates, and is won by Black (+32000 for Black).
    let pos = shatar
        .from_fen(&[], "7k/5K1n/8/4N3/8/8/8/R7 w - - 0 1")
        .unwrap();
    let mated = pos
        .play("Ne5-g6", None)
        .unwrap()
        .position
        .outcome()
        .unwrap();
    assert_eq!(
        (mated.points, mated.ending),
        (vec![0, 2], Ending::KnightsMate)
    );
    let choice = choose_within(shatar, pos.as_ref(), None, level, budget, 1).unwrap();
    assert_ne!(choice.text, "Ne5-g6");
    assert!(choice.score > -MATE / 2, "{}", choice.score);
}

/// Wolf chess's pawns as Fairy-Stockfish plays them (each move list and
/// FEN pyffish 0.0.90's for the same position and moves): a pawn
/// promotes to a queen, wolf, fox, rook or bishop or to an elephant
/// (`a9a10+`, Fairy-Stockfish's `promotedPieceType = p:e`), a sergeant to
/// the five; both step twice from the second rank and from b3, c3, f3
/// and g3 only, the sergeant straight ahead only; a pawn takes a
/// sergeant's double step en passant, a sergeant takes nothing so.
#[test]
fn wolf_pawns_and_sergeants_as_fairy_stockfish() {
    let moves = |fen: &str, from: &str| {
        let mut m: Vec<String> = played("wolf", fen, &[])
            .legal_turns(None)
            .into_iter()
            .filter(|t| t.starts_with(from) || t.contains(&format!("{from}-")))
            .collect();
        m.sort();
        m
    };
    // pyffish: a9a10+ a9a10b a9a10f a9a10q a9a10r a9a10w.
    let pawn = "4k3/P7/8/8/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        moves(pawn, "a9"),
        [
            "a9-a10=B", "a9-a10=E", "a9-a10=F", "a9-a10=Q", "a9-a10=R", "a9-a10=W"
        ]
    );
    let elephant = played("wolf", pawn, &["a9-a10=E", "Ke10-d9"]).encode();
    assert!(
        elephant.starts_with("E7/3k4/8/8/8/8/8/8/8/4K3 w - - 1 2"),
        "pyffish: +P7/3k4/8/8/8/8/8/8/8/4K3 w - - 1 2 (its +P the elephant): {elephant}"
    );
    // Fairy-Stockfish's FEN, its promoted pawn written +P, is read as
    // the elephant; a sergeant has no promoted type.
    let theirs = played("wolf", "+P7/3k4/8/8/8/8/8/8/8/4K3 w - - 1 2", &[]).encode();
    assert!(theirs.starts_with("E7/3k4/"), "{theirs}");
    let why = find_variant("wolf")
        .unwrap()
        .from_fen(&[], "+S7/3k4/8/8/8/8/8/8/8/4K3 w - - 1 2")
        .err()
        .unwrap()
        .to_string();
    assert!(why.contains("+S: no piece promotes so"), "{why}");
    // pyffish: a9a10 and a9b10, each to b f q r w (no elephant).
    let sergeant = moves("4k3/S7/8/8/8/8/8/8/8/4K3 w - - 0 1", "a9");
    assert_eq!(sergeant.len(), 10, "{sergeant:?}");
    assert!(!sergeant.iter().any(|m| m.ends_with("=E")), "{sergeant:?}");
    // pyffish: a3a4 c3c4 c3c5 f3e4 f3f4 f3f5 f3g4.
    let homes = "4k3/8/8/8/8/8/8/P1P2S2/8/4K3 w - - 0 1";
    let all: Vec<String> = ["a3", "c3", "f3"]
        .iter()
        .flat_map(|s| moves(homes, s))
        .collect();
    assert_eq!(
        all,
        [
            "a3-a4", "c3-c4", "c3-c5", "f3-e4", "f3-f4", "f3-f5", "f3-g4"
        ]
    );
    // A sergeant's double step taken en passant by a pawn (pyffish after
    // a2a4 b4a3: 4k3/8/8/8/8/8/8/p7/8/4K3 w - - 0 2).
    let ep = played(
        "wolf",
        "4k3/8/8/8/8/8/1p6/8/S7/4K3 w - - 0 1",
        &["a2-a4", "b4xa3"],
    )
    .encode();
    assert!(ep.starts_with("4k3/8/8/8/8/8/8/p7/8/4K3 w - - 0 2"), "{ep}");
    // A sergeant beside a pawn's double step only steps onto the square
    // passed over (pyffish after a9a7 b7a8: 4k3/8/S7/p7/... b - - 0 2).
    let no_ep = played(
        "wolf",
        "4k3/p7/8/1S6/8/8/8/8/8/4K3 b - - 0 1",
        &["a9-a7", "b7-a8"],
    )
    .encode();
    assert!(
        no_ep.starts_with("4k3/8/S7/p7/8/8/8/8/8/4K3 b - - 0 2"),
        "{no_ep}"
    );
    let help = find_variant("wolf").unwrap().help();
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("moves and captures one square forward, straight or diagonally, two squares straight ahead on its first move"),
        "{help}"
    );
    assert!(help.contains("b3, c3, f3, g3"), "{help}");
    assert!(help.contains("to one of QWFRB;"), "{help}");
}

/// A game of Wolf chess by Reply to the board mails: a pawn's double
/// step from c3 (one of the squares it may step twice from), Black's from
/// b8, a sergeant's diagonal step each, then White's nightrider and
/// Black's king go back and forth to a draw by the third repetition. The
/// stored position is pyffish's FEN after the same moves.
#[test]
fn wolf_is_played_by_mail_to_a_draw_by_repetition() {
    let env = crate::util::Env::new();
    env.signup(&["alice", "bob"]);
    env.challenge("wolf", "alice", "bob");
    let reply = |user: &str, body: &str| env.answer(&env.token_mail(user), body);
    let moves = [
        "c3-c5", "b8-b6", "b2-c3", "g9-h8", "Nb1-a3", "Kh10-g9", "Na3-b1", "Kg9-h10", "Nb1-a3",
        "Kh10-g9", "Na3-b1",
    ];
    for (i, mv) in moves.iter().enumerate() {
        reply(["alice", "bob"][i % 2], mv);
        if i == 3 {
            let position = env.query::<String>("SELECT position FROM games");
            assert!(
                position[0].starts_with(
                    "qwfrbbnk/psspps1p/2p2pps/8/1p6/2P5/8/1PS2PP1/P1SPPSSP/KNBBRFWQ w - - 0 3 |"
                ),
                "pyffish's FEN after four plies: {position:?}"
            );
        }
    }
    let game = env.json("1");
    assert_eq!(game["status"], "active", "{game}");
    let board = env.delivered_to("bob@", "Board 1").text();
    assert!(board.contains("Na3-b1"), "White's last move: {board}");
    reply("bob", "Kg9-h10");
    assert_game_over(
        &env,
        "1/2-1/2",
        Some("repetition"),
        "qwfrbbnk/psspps1p/2p2pps/8/1p6/2P5/8/1PS2PP1/P1SPPSSP/KNBBRFWQ w - - 8 7",
    );
}
