//! The bot's promises: it finds a mate in one, never returns an illegal
//! turn (random positions of every game), gives the same turn for the
//! same inputs, and stays within its level's budget.

use proptest::prelude::*;

use super::*;
use crate::rules::{Roll, VARIANTS, find_variant};

fn variant(name: &str) -> &'static dyn Variant {
    find_variant(name).unwrap()
}

/// The bot's turn from a FEN position, and the position it leads to.
fn bot_from_fen(game: &str, fen: &str, level: u8) -> (Choice, Box<dyn Position>) {
    let v = variant(game);
    let pos = v.from_fen(&[], fen).unwrap();
    let choice = choose(v, pos.as_ref(), None, Level::new(level).unwrap(), 7).unwrap();
    let after = pos.apply(&choice.turn, None).unwrap();
    (choice, after)
}

#[test]
fn it_mates_in_one_in_chess() {
    for level in 1..=5 {
        let (choice, after) = bot_from_fen("chess", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", level);
        assert_eq!(choice.text, "Ra1-a8", "level {level}");
        assert_eq!(after.outcome().and_then(|o| o.winner()), Some(0));
    }
}

#[test]
fn it_mates_in_one_in_rebellion_and_squirm() {
    // Black to move: Qd1 mates on the back rank (no rebel move helps).
    for game in ["rebellion", "squirm"] {
        let (choice, after) = bot_from_fen(game, "3q2k1/6pp/8/8/8/8/5PPP/6K1 b - - 0 1", 2);
        assert_eq!(
            after.outcome().and_then(|o| o.winner()),
            Some(1),
            "{game}: {}",
            choice.text
        );
    }
}

#[test]
fn it_takes_a_hanging_queen_rather_than_a_pawn() {
    let (choice, _) = bot_from_fen("chess", "4k3/8/8/3q4/4P3/8/3P4/4K3 w - - 0 1", 1);
    assert_eq!(choice.text, "e4xd5");
}

#[test]
fn the_same_inputs_give_the_same_turn() {
    let chess = variant("chess");
    let start = chess.start(&[]).unwrap();
    let pos = start.play("e2-e4", None).unwrap().position;
    let level = Level::new(2).unwrap();
    let a = choose(chess, pos.as_ref(), None, level, 42).unwrap();
    let b = choose(chess, pos.as_ref(), None, level, 42).unwrap();
    assert_eq!(
        (a.turn, a.nodes, a.score),
        (b.turn.clone(), b.nodes, b.score)
    );
    let orwell = variant("orwell");
    let start = orwell.start(&[]).unwrap();
    let roll = Some(Roll::from([1, 3]));
    let level = Level::new(5).unwrap();
    // Without the clock's safety cap, which a loaded machine (a debug build
    // among other builds) can reach: then only the node budget counts.
    let budget = Budget {
        cap: None,
        nodes: 400_000,
        ..level.budget()
    };
    let a = choose_within(orwell, start.as_ref(), roll, level, budget, 5).unwrap();
    let b = choose_within(orwell, start.as_ref(), roll, level, budget, 5).unwrap();
    assert_eq!((a.turn, a.nodes), (b.turn, b.nodes));
}

#[test]
fn the_seed_decides_between_equal_turns() {
    // At the start of chess many turns score alike at depth 1: different
    // seeds pick different ones.
    let chess = variant("chess");
    let start = chess.start(&[]).unwrap();
    let level = Level::new(1).unwrap();
    let turns: std::collections::BTreeSet<String> = (0..8)
        .map(|seed| {
            choose(chess, start.as_ref(), None, level, seed)
                .unwrap()
                .text
        })
        .collect();
    assert!(turns.len() > 1, "{turns:?}");
}

#[test]
fn the_budget_bounds_the_search() {
    let v = variant("bochess");
    let pos = v.start(&[]).unwrap();
    let level = Level::default();
    for nodes in [50, 400] {
        let budget = Budget::plain(8, nodes);
        let choice = choose_within(v, pos.as_ref(), None, level, budget, 1).unwrap();
        assert!(choice.nodes <= nodes, "{} > {nodes}", choice.nodes);
    }
    // A bigger budget searches deeper.
    let small = Budget::plain(8, 60);
    let big = Budget::plain(8, 3_000);
    let chess = variant("chess");
    let pos = chess.start(&[]).unwrap();
    let shallow = choose_within(chess, pos.as_ref(), None, level, small, 1).unwrap();
    let deep = choose_within(chess, pos.as_ref(), None, level, big, 1).unwrap();
    assert!(
        deep.depth > shallow.depth,
        "{} vs {}",
        deep.depth,
        shallow.depth
    );
    // Each level's own budget holds.
    let mut before = 0;
    for n in 1..=5 {
        let budget = Level::new(n).unwrap().budget();
        assert!(budget.nodes > before);
        before = budget.nodes;
    }
    let one = choose(chess, pos.as_ref(), None, Level::new(1).unwrap(), 3).unwrap();
    assert!(one.nodes <= Level::new(1).unwrap().budget().nodes);
}

#[test]
fn refusals_say_why() {
    let orwell = variant("orwell");
    let start = orwell.start(&[]).unwrap();
    let err = choose(orwell, start.as_ref(), None, Level::default(), 0).unwrap_err();
    assert_eq!(
        err.to_string(),
        "orwell needs the roll of the dice for the bot's turn"
    );
    let chess = variant("chess");
    let over = chess
        .from_fen(&[], "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1")
        .unwrap();
    assert_eq!(
        choose(chess, over.as_ref(), None, Level::default(), 0).unwrap_err(),
        BotError::GameOver
    );
    assert_eq!(
        "9".parse::<Level>().unwrap_err().to_string(),
        "9: a bot level is a number from 1 to 5"
    );
}

/// Mate in two: 1.Kb6 (Kb8) 2.Rh8#; no check mates at once.
#[test]
fn it_finds_a_mate_in_two_by_deepening() {
    let chess = variant("chess");
    let pos = chess
        .from_fen(&[], "k7/8/2K5/8/8/8/8/7R w - - 0 1")
        .unwrap();
    let level = Level::new(4).unwrap();
    let budget = Budget::plain(6, 20_000);
    let choice = choose_within(chess, pos.as_ref(), None, level, budget, 1).unwrap();
    assert_eq!(choice.score, MATE - 3, "{}", choice.text);
    assert!(choice.nodes <= budget.nodes);
    // Whatever Black answers, the bot mates next.
    let after = pos.apply(&choice.turn, None).unwrap();
    for reply in after.legal(None) {
        let next = after.apply(&reply, None).unwrap();
        let mate = choose_within(chess, next.as_ref(), None, level, budget, 1).unwrap();
        let end = next.apply(&mate.turn, None).unwrap();
        assert_eq!(
            end.outcome().and_then(|o| o.winner()),
            Some(0),
            "{}",
            mate.text
        );
    }
}

/// A queen may take a pawn that a pawn defends: one ply deep it wins a
/// pawn, the capture search sees the queen lost.
#[test]
fn the_capture_search_sees_a_piece_left_hanging() {
    let chess = variant("chess");
    let pos = chess
        .from_fen(&[], "4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1")
        .unwrap();
    let budget = Budget::plain(1, 5_000);
    let choice =
        choose_within(chess, pos.as_ref(), None, Level::new(4).unwrap(), budget, 1).unwrap();
    assert_ne!(choice.text, "Qd2xd5");
    assert!(choice.score > 500, "a queen up: {}", choice.score);
}

/// Levels 1 to 3 keep to their node budgets; the timed levels stop on
/// their clock.
#[test]
fn each_level_keeps_to_its_budget() {
    let chess = variant("chess");
    let pos = chess
        .start(&[])
        .unwrap()
        .play("e2-e4", None)
        .unwrap()
        .position;
    for n in 1..=3 {
        let level = Level::new(n).unwrap();
        let choice = choose(chess, pos.as_ref(), None, level, 2).unwrap();
        assert!(
            choice.nodes <= level.budget().nodes,
            "level {n}: {}",
            choice.nodes
        );
    }
    for n in 4..=5 {
        let level = Level::new(n).unwrap();
        let cap = level.budget().cap.expect("a timed level");
        assert!(
            cap <= std::time::Duration::from_secs(5),
            "level {n}: {cap:?}"
        );
        let short = std::time::Duration::from_millis(150);
        let budget = Budget {
            cap: Some(short),
            ..level.budget()
        };
        let started = std::time::Instant::now();
        let choice = choose_within(chess, pos.as_ref(), None, level, budget, 2).unwrap();
        let took = started.elapsed();
        assert!(
            took < short + std::time::Duration::from_millis(850),
            "level {n}: {took:?}"
        );
        assert!(choice.depth >= 1, "level {n}: no iteration finished");
    }
}

/// Every game gets a legal turn from every level (the timed levels with
/// a node budget here, to stay quick).
#[test]
fn every_level_plays_every_game() {
    for v in VARIANTS.iter().copied() {
        let start = v.start(&[]).unwrap();
        let roll = v.dice().map(|_| Roll::from([2, 5]));
        for n in 1..=5 {
            let level = Level::new(n).unwrap();
            let budget = Budget {
                nodes: level.budget().nodes.min(1_500),
                cap: None,
                ..level.budget()
            };
            let choice = choose_within(v, start.as_ref(), roll, level, budget, 3).unwrap();
            assert!(
                start.legal(roll).contains(&choice.turn),
                "{} level {n}: {}",
                v.name(),
                choice.text
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// From random positions of every game (random turns from the start),
    /// the bot's turn is always one of the legal turns, and plays.
    #[test]
    fn the_bot_never_returns_an_illegal_turn(seed in any::<u64>(), plies in 0usize..60) {
        for v in VARIANTS.iter().copied() {
            let mut rng = SplitMix::new(seed);
            let mut pos = v.start(&[]).unwrap();
            let roll = |rng: &mut SplitMix| {
                v.dice().map(|_| Roll::from([rng.below(6) as u8 + 1, rng.below(6) as u8 + 1]))
            };
            for _ in 0..plies {
                let r = roll(&mut rng);
                let turns = pos.legal(r);
                if turns.is_empty() {
                    break;
                }
                let t = &turns[rng.below(turns.len())];
                pos = pos.apply(t, r).unwrap();
            }
            if pos.to_move().is_none() {
                continue;
            }
            let r = roll(&mut rng);
            let budget = Budget::plain(2, 150);
            let choice = choose_within(v, pos.as_ref(), r, Level::new(3).unwrap(), budget, seed)
                .unwrap();
            let legal = pos.legal(r);
            if legal.is_empty() {
                // A forced pass in a dice game: the dice's own turn.
                prop_assert_eq!(choice.text.as_str(), v.dice().unwrap().forced_turn);
            } else {
                prop_assert!(legal.contains(&choice.turn), "{}: {}", v.name(), choice.text);
            }
            prop_assert!(pos.apply(&choice.turn, r).is_ok());
        }
    }
}

#[test]
fn in_three_check_the_checks_given_count_and_the_last_ones_most() {
    // The same board, White having given none, one and two of its three
    // checks (Black none): each check given is worth more to White.
    let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    let worth = |checks: &str| white_worth("3check", &format!("{board} {checks} 0 1"));
    let (none, one, two) = (worth("3+3"), worth("2+3"), worth("1+3"));
    assert!(none < one && one < two, "{none} {one} {two}");
    assert!(two - one > one - none, "{none} {one} {two}");
}

#[test]
fn in_giveaway_and_losers_fewer_pieces_are_better() {
    // White without its queen, in a game won by losing every piece, is
    // better off than with it; in chess, worse.
    let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w - - 0 1";
    let full = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    for game in ["antichess", "losers"] {
        assert!(white_worth(game, board) > white_worth(game, full), "{game}");
    }
    assert!(white_worth("chess", board) < white_worth("chess", full));
}

#[test]
fn a_king_nearer_its_goal_is_worth_more_where_the_goal_wins() {
    // Racing Kings: White's king a rank nearer the eighth is better for
    // White; in chess the same step is worth nothing of the kind.
    let back = "8/8/8/8/8/8/krbnNBR1/qrbnNBRK w - - 0 1";
    let ahead = "8/8/8/8/8/7K/krbnNBR1/qrbnNBR1 w - - 0 1";
    assert!(white_worth("racingkings", ahead) > white_worth("racingkings", back));
    let hill_far = "rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    let hill_near = "rnbq1bnr/pppp1ppp/4k3/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    // King of the Hill: Black's king a step from the centre is better for
    // Black (worse for White).
    assert!(white_worth("kingofthehill", hill_near) < white_worth("kingofthehill", hill_far));
}

/// Where every legal turn takes (Antichess's compulsory captures), the
/// capture search cannot stand on the position's worth: after e4-e5
/// Black must take, and a piece taken is one White need not lose. One
/// ply deep, only a search that makes Black take sees it.
#[test]
fn where_captures_are_compulsory_the_capture_search_takes() {
    let antichess = variant("antichess");
    let pos = antichess
        .from_fen(&[], "8/8/3p4/8/4P3/8/8/R7 w - - 0 1")
        .unwrap();
    let budget = Budget::plain(1, 5_000);
    let choice = choose_within(
        antichess,
        pos.as_ref(),
        None,
        Level::new(4).unwrap(),
        budget,
        1,
    )
    .unwrap();
    assert_eq!(choice.text, "e4-e5", "score {}", choice.score);
}

/// A lone bishop cannot mate: the position is dead, a draw, and worth
/// nothing to the side with the bishop, where a pawn beside it still is.
#[test]
fn a_dead_position_is_worth_a_draw_whatever_the_material() {
    for game in ["chess", "squirm"] {
        assert_eq!(
            white_worth(game, "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1"),
            0,
            "{game}"
        );
        assert!(
            white_worth(game, "8/8/8/4k3/8/8/P7/2B1K3 w - - 0 1") > 300,
            "{game}"
        );
    }
}

/// The two-seat evaluation of a position of `game` (a FEN) for White.
fn white_worth(game: &str, fen: &str) -> i32 {
    worth_in_play(game, fen, false)
}

/// [`white_worth`], judging the pieces in play where `in_play` (as
/// level 5 does: the squares they reach, or how many are left to lose).
fn worth_in_play(game: &str, fen: &str, in_play: bool) -> i32 {
    let pos = variant(game).from_fen(&[], fen).unwrap();
    let chess = two_seat::chesslike(pos.as_ref()).unwrap();
    let judge = two_seat::TwoSeat::new(chess, None);
    let read = if in_play {
        judge.in_play(&mut crate::rules::chesslike::Walk::new(chess))
    } else {
        two_seat::InPlay::Values
    };
    judge.eval_in_play(chess, 0, read)
}

/// In a game won by losing every piece, level 5 counts the pieces left
/// to lose, not their kinds: White's lone queen against Black's two
/// pawns is the better for White (one piece to give away against two),
/// where the values (levels 1 to 4) say a queen is more to lose; and it
/// reads no reach there.
#[test]
fn in_a_game_won_by_losing_pieces_level_5_counts_them() {
    let queen = "8/p7/8/8/8/8/7p/3Q4 w - - 0 1";
    for game in ["antichess", "giveaway", "losers"] {
        let fen = if game == "losers" {
            "k7/p7/8/8/8/8/7p/3QK3 w - - 0 1"
        } else {
            queen
        };
        assert!(worth_in_play(game, fen, true) > 0, "{game}");
        assert!(worth_in_play(game, fen, false) < 0, "{game}");
    }
    let pos = variant("antichess").from_fen(&[], queen).unwrap();
    let chess = two_seat::chesslike(pos.as_ref()).unwrap();
    let judge = two_seat::TwoSeat::new(chess, None);
    let read = judge.in_play(&mut crate::rules::chesslike::Walk::new(chess));
    assert_eq!(read, two_seat::InPlay::PiecesToLose);
}

/// Weighing the squares the pieces reach (level 5), a bishop shut in by
/// its own pawns is worth less than one whose diagonals are open, beyond
/// what the pawns' places say; in the start position both sides reach as
/// much, and the worth is as without it.
#[test]
fn level_5_weighs_what_the_pieces_reach_in_play() {
    let shut = "4k3/8/8/8/8/8/1P1P4/2B1K3 w - - 0 1";
    let open = "4k3/8/8/8/8/1P1P4/8/2B1K3 w - - 0 1";
    let gain =
        |in_play| worth_in_play("chess", open, in_play) - worth_in_play("chess", shut, in_play);
    assert!(gain(true) > gain(false), "{} {}", gain(true), gain(false));
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        worth_in_play("chess", start, true),
        worth_in_play("chess", start, false)
    );
}

/// Mobility is weighed where it paid, not in Duck chess, whose duck
/// shuts a different line every half-turn (the A/B in docs/bot.md): there
/// level 5's search with the term asked for is the search without it,
/// where in chess the same comparison tells them apart.
#[test]
fn mobility_is_not_weighed_where_a_wall_moves_every_turn() {
    let search = |game: &str, fen: Option<&str>, in_play: bool| {
        let v = variant(game);
        let pos = match fen {
            Some(fen) => v.from_fen(&[], fen).unwrap(),
            None => v.start(&[]).unwrap(),
        };
        let level = Level::new(5).unwrap();
        let budget = Budget {
            nodes: 20_000,
            cap: None,
            in_play,
            ..level.budget()
        };
        let c = choose_within(v, pos.as_ref(), None, level, budget, 7).unwrap();
        (c.text, c.score, c.nodes)
    };
    let bishop = Some("4k3/8/8/8/8/1P1P4/8/2B1K3 w - - 0 1");
    assert_ne!(
        search("chess", bishop, true),
        search("chess", bishop, false)
    );
    assert_eq!(search("duck", None, true), search("duck", None, false));
}

/// Orwell's level 1 judges no turn: it draws one from the seed (one
/// position reached), and different seeds draw different turns.
#[test]
fn orwell_level_1_moves_at_random() {
    let orwell = variant("orwell");
    let start = orwell.start(&[]).unwrap();
    let roll = Some(Roll::from([1, 3]));
    let level = Level::new(1).unwrap();
    let turns: std::collections::BTreeSet<String> = (0..8)
        .map(|seed| {
            let choice = choose(orwell, start.as_ref(), roll, level, seed).unwrap();
            assert_eq!(choice.nodes, 1, "{}", choice.text);
            choice.text
        })
        .collect();
    assert!(turns.len() >= 4, "{turns:?}");
}

/// The top level's selective search on a node budget: the same budget as
/// the full search of the levels below (and, to tell the searches apart,
/// the same evaluation: without level 5's count of what pieces reach).
fn searched(fen: &str, nodes: u64, selective: bool) -> Choice {
    let chess = variant("chess");
    let pos = chess.from_fen(&[], fen).unwrap();
    let budget = Budget {
        selective,
        ..Budget::plain(40, nodes)
    };
    choose_within(chess, pos.as_ref(), None, Level::new(5).unwrap(), budget, 7).unwrap()
}

/// Leaving turns unsearched pays: on the same budget the selective search
/// completes iterations at least two plies deeper in a middle game.
#[test]
fn the_selective_search_reaches_deeper_on_the_same_budget() {
    let fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8";
    let full = searched(fen, 300_000, false);
    let selective = searched(fen, 300_000, true);
    assert!(
        selective.depth >= full.depth + 2,
        "selective {} plies, full {}",
        selective.depth,
        full.depth
    );
}

/// What it leaves out is never the point of the position: Morphy's quiet
/// rook move that mates in two (1.Ra6 bxa6 2.b7#) is still found.
#[test]
fn the_selective_search_finds_a_quiet_mate_in_two() {
    let choice = searched("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 300_000, true);
    assert_eq!(choice.text, "Ra1-a6");
    assert!(choice.score >= MATE - 10, "{}", choice.score);
}

/// A side with only pawns (and its king) is never assumed able to pass:
/// in a pawn ending every turn may make things worse.
#[test]
fn a_side_with_only_pawns_has_no_pieces_to_pass_with() {
    let chess = variant("chess");
    let pos = chess
        .from_fen(&[], "8/8/8/4k3/8/8/4P3/3NK3 w - - 0 1")
        .unwrap();
    let pos = two_seat::chesslike(pos.as_ref()).unwrap();
    let judge = two_seat::TwoSeat::new(pos, None);
    assert!(judge.has_pieces(pos, 0), "White has a knight");
    assert!(!judge.has_pieces(pos, 1), "Black has its king alone");
}

/// Squirm's own capture: the knight that moved last squirmed onto a
/// pawn's diagonal and taken there is a knight taken, not a pawn (the
/// capture search and the move order see the knight where the squirm put
/// it).
#[test]
fn a_piece_squirmed_then_taken_is_worth_what_it_is() {
    use crate::rules::chesslike::Walk;
    let pos = variant("squirm")
        .from_fen(&[], "4k3/8/5n2/8/4P3/8/8/4K3 w - - 0 1 f6")
        .unwrap();
    let chess = two_seat::chesslike(pos.as_ref()).unwrap();
    let judge = two_seat::TwoSeat::new(chess, None);
    let geometry = &chess.rules().spec.geometry;
    let f5 = geometry.parse("f5").unwrap();
    let mut steps = Vec::new();
    Walk::new(chess).turns(&mut steps);
    let take = steps
        .iter()
        .find(|s| s.squirm.is_some_and(|q| q.action.to() == Some(f5)) && s.act.capture)
        .expect("~Nf6-f5, e4xf5 is a turn");
    let (gain, attacker) = judge.trade(chess, take);
    assert!(gain > 250, "a knight taken is worth {gain}");
    assert!(attacker < 150, "a pawn takes: {attacker}");
    assert_eq!(judge.gain(pos.as_ref(), &take.turn()), gain);
}

/// The null move judges a position with pieces fairly in chess, never in
/// Squirm: a pass moves no piece, so it would take from the other side
/// its squirm of the piece that moved last.
#[test]
fn in_squirm_the_search_never_passes() {
    use crate::rules::chesslike::Walk;
    let fen = "4k3/8/5n2/8/4P3/8/8/4K1N1 w - - 0 1";
    for (game, fair) in [("chess", true), ("squirm", false)] {
        let pos = variant(game).from_fen(&[], fen).unwrap();
        let chess = two_seat::chesslike(pos.as_ref()).unwrap();
        let judge = two_seat::TwoSeat::new(chess, None);
        let mut steps = Vec::new();
        Walk::new(chess).turns(&mut steps);
        assert_eq!(search::fair_to_pass(&judge, chess, &steps), fair, "{game}");
    }
}

/// At the top level a side's only legal turn costs no depth: two plies
/// deep, White sees the rook's mate behind Black's one pawn push (Re1,
/// Rf3 or others, a5-a4 forced, then the rook to the h-file or the
/// eighth rank); the full search of the levels below does not, at the
/// same depth.
#[test]
fn at_the_top_level_a_forced_turn_costs_no_depth() {
    let chess = variant("chess");
    let pos = chess
        .from_fen(&[], "7k/8/6K1/p7/2B1P3/4R1P1/8/8 w - - 0 1")
        .unwrap();
    let level = Level::new(5).unwrap();
    let search = |selective: bool| {
        let budget = Budget {
            selective,
            ..Budget::plain(2, 100_000)
        };
        choose_within(chess, pos.as_ref(), None, level, budget, 1).unwrap()
    };
    let top = search(true);
    assert!(top.score > MATE - 100, "{} {}", top.text, top.score);
    assert!(top.text.starts_with("Re3-"), "{}", top.text);
    let full = search(false);
    assert!(full.score < MATE - 1000, "{} {}", full.text, full.score);
}

/// Level 5's capture search lists only the turns that take
/// (`Budget::takes`), where the game allows: the same search, so on the
/// same depth it finds the same turn and score, on 10x8 through the
/// same positions (a stalemate, a repetition or a single legal turn
/// below the horizon aside, which these positions do not reach), and in
/// chess and the drop games.
#[test]
fn listing_only_the_takes_below_the_horizon_searches_the_same_tree() {
    let positions = [
        (
            "chessgi",
            "r1b1k2r/ppp2ppp/2n5/3q4/3P4/5N2/PP3PPP/R2QKB1R[BNPbnp] w KQkq - 0 10",
        ),
        (
            "crazyhouse",
            "r2qk2r/ppp2ppp/2n1bn2/3p4/1b1P4/2N1PN2/PP3PPP/R1BQKB1R[Pp] w KQkq - 0 8",
        ),
        (
            "centaur",
            "rc1bqkbncr/pppp1ppppp/3n6/4p5/4P5/6N3/PPPP1PPPPP/RCNBQKB1CR w KQkq - 2 3",
        ),
        (
            "chess",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8",
        ),
    ];
    for (game, fen) in positions {
        let pos = variant(game).from_fen(&[], fen).expect(game);
        let search = |takes: bool| {
            let budget = Budget {
                selective: true,
                in_play: true,
                takes,
                ..Budget::plain(4, u64::MAX)
            };
            let level = Level::new(5).unwrap();
            choose_within(variant(game), pos.as_ref(), None, level, budget, 7).expect(game)
        };
        let (every, takes) = (search(false), search(true));
        assert_eq!(
            (&takes.text, takes.score),
            (&every.text, every.score),
            "{game}"
        );
        // Chess lists its legal turns by its own generator, and the drop
        // games out of check by the narrow walk (`count_narrow.rs`), in
        // another order than the core's: equal takes are tried in another
        // order.
        if game == "centaur" {
            assert_eq!(takes.nodes, every.nodes, "{game}");
        }
        assert!(every.nodes > 1000, "{game}: {} positions", every.nodes);
    }
}

/// The turn of `pos` that moves from `from` to `to` (square names).
fn step_between(
    chess: &crate::rules::chesslike::ChessLike,
    from: &str,
    to: &str,
) -> crate::rules::chesslike::Step {
    use crate::rules::chesslike::Walk;
    let geometry = &chess.rules().spec.geometry;
    let (from, to) = (geometry.parse(from).unwrap(), geometry.parse(to).unwrap());
    let mut steps = Vec::new();
    Walk::new(chess).turns(&mut steps);
    steps
        .into_iter()
        .find(|s| s.act.action.from() == Some(from) && s.act.action.to() == Some(to))
        .expect("a legal turn")
}

/// A capture loses the exchange when the taker is worth more than it
/// takes and is taken back for less than it is worth: a queen taking a
/// pawn a pawn defends, covered or not; a rook taking a knight its king
/// defends, unless the rook is covered (a king cannot take back a
/// covered piece), by a piece beside it or by one behind it. Never a
/// capture of a piece worth as much, nor one nobody can take back, nor
/// one that gives check, nor in a game where a capture is not a trade
/// of material (Antichess, Atomic) or where a piece taken comes back
/// as a drop (Crazyhouse).
#[test]
fn a_capture_that_loses_the_exchange_is_told_apart() {
    let cases = [
        (
            "chess",
            "4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1",
            "d2",
            "d5",
            true,
        ),
        (
            "chess",
            "4k3/8/2p5/3p4/8/8/3Q4/3RK3 w - - 0 1",
            "d2",
            "d5",
            true,
        ),
        (
            "chess",
            "4k3/8/8/3p4/8/8/3Q4/4K3 w - - 0 1",
            "d2",
            "d5",
            false,
        ),
        (
            "chess",
            "8/8/8/4k3/3n4/8/8/3RK3 w - - 0 1",
            "d1",
            "d4",
            true,
        ),
        (
            "chess",
            "8/8/8/4k3/3n4/4P3/8/3RK3 w - - 0 1",
            "d1",
            "d4",
            false,
        ),
        (
            "chess",
            "4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1",
            "e4",
            "d5",
            false,
        ),
        (
            "chess",
            "4k3/8/2p5/3n4/8/4N3/8/4K3 w - - 0 1",
            "e3",
            "d5",
            false,
        ),
        (
            "chess",
            "8/8/8/4k3/3n4/8/3R4/3RK3 w - - 0 1",
            "d2",
            "d4",
            false,
        ),
        (
            "chess",
            "4k3/5p2/8/8/2B5/8/8/4K3 w - - 0 1",
            "c4",
            "f7",
            false,
        ),
        (
            "chess",
            "3k3n/5p2/8/8/2B5/8/8/4K3 w - - 0 1",
            "c4",
            "f7",
            true,
        ),
        (
            "crazyhouse",
            "4k3/8/2p5/3p4/8/8/3Q4/4K3[Nn] w - - 0 1",
            "d2",
            "d5",
            false,
        ),
        (
            "antichess",
            "4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1",
            "d2",
            "d5",
            false,
        ),
        (
            "atomic",
            "4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1",
            "d2",
            "d5",
            false,
        ),
    ];
    for (game, fen, from, to, loses) in cases {
        let pos = variant(game).from_fen(&[], fen).expect(game);
        let chess = two_seat::chesslike(pos.as_ref()).unwrap();
        let judge = two_seat::TwoSeat::new(chess, None);
        let step = step_between(chess, from, to);
        let (gain, attacker) = judge.trade(chess, &step);
        let mut walk = crate::rules::chesslike::Walk::new(chess);
        walk.play(&step);
        assert_eq!(
            judge.loses_exchange(walk.position(), &step, gain, attacker),
            loses,
            "{game} {fen} {from}x{to}"
        );
    }
}

/// Level 5's capture search leaves out the captures that lose the
/// exchange (`Budget::exchanges`): where the queen may take any of four
/// defended pawns, the same turn and score through fewer positions.
#[test]
fn the_capture_search_leaves_out_the_captures_that_lose_the_exchange() {
    let chess = variant("chess");
    let pos = chess
        .from_fen(&[], "4k3/1p3p2/2p1p3/3p4/8/8/3Q4/4K3 w - - 0 1")
        .unwrap();
    let search = |exchanges: bool| {
        let budget = Budget {
            exchanges,
            ..Budget::plain(2, u64::MAX)
        };
        choose_within(chess, pos.as_ref(), None, Level::new(4).unwrap(), budget, 1).unwrap()
    };
    let (every, fewer) = (search(false), search(true));
    assert_eq!((&fewer.text, fewer.score), (&every.text, every.score));
    assert!(
        fewer.nodes < every.nodes,
        "{} positions with, {} without",
        fewer.nodes,
        every.nodes
    );
}
