//! One scenario per ruling in RULES.md "Orwell Chess", played through the
//! game's public API on small hand-made positions.

use boserv::rules::board::Piece;
use boserv::rules::orwell::OrwellPosition;
use boserv::rules::orwell::TwoDice as Roll;
use boserv::rules::orwell::pieces::{self, PAWN};
use boserv::rules::{Conclusion, Position};

/// A position from pieces written owner, letter, square: `wGd4`, `r^c5`
/// (a Red pawn facing up), `bvc9` (a Black pawn facing down).
fn setup(pieces_at: &[&str], mover: usize) -> OrwellPosition {
    let mut p = OrwellPosition::empty();
    for text in pieces_at {
        let mut chars = text.chars();
        let owner = "wrb".find(chars.next().unwrap()).unwrap() as u8;
        let letter = chars.next().unwrap();
        let (kind, facing) = match letter {
            '^' => (PAWN, 1),
            'v' => (PAWN, -1),
            l => (pieces::kind_of_letter(l).unwrap(), 1),
        };
        p.put(
            sq(chars.as_str()),
            Some(Piece {
                owner,
                kind,
                facing,
            }),
        );
    }
    p.set_mover(mover);
    p
}

fn sq(name: &str) -> u8 {
    pieces::geometry().parse(name).unwrap()
}

/// Filler armies far from the action, so that no capture in a scenario
/// leaves a player with a single piece by accident.
const RED_AND_BLACK: [&str; 6] = ["rRd6", "rDb6", "rDf6", "bRd10", "bDb10", "bDf10"];

fn with_fillers(extra: &[&str], mover: usize) -> OrwellPosition {
    let mut all: Vec<&str> = RED_AND_BLACK.to_vec();
    all.extend_from_slice(extra);
    setup(&all, mover)
}

fn turns(p: &OrwellPosition, roll: Roll) -> Vec<String> {
    p.legal_turns(Some(roll.into()))
}

fn play(p: &OrwellPosition, turn: &str, roll: Roll) -> (OrwellPosition, String) {
    p.play_turn(turn, roll)
        .unwrap_or_else(|e| panic!("{turn} refused: {e}"))
}

fn refusal(p: &OrwellPosition, turn: &str, roll: Roll) -> String {
    p.play_turn(turn, roll)
        .map(|(_, t)| t)
        .expect_err("the turn should be refused")
        .to_string()
}

/// The target squares one die gives the piece on `from`, sorted.
fn reach(p: &OrwellPosition, from: &str, die: u8) -> Vec<String> {
    let geo = pieces::geometry();
    let mut v: Vec<String> = p
        .steps_for_die(die)
        .into_iter()
        .filter(|s| s.from == sq(from))
        .map(|s| geo.name(s.to).to_string())
        .collect();
    v.sort();
    v.dedup();
    v
}

/// The squares one die lets the piece on `from` capture, sorted.
fn captures(p: &OrwellPosition, from: &str, die: u8) -> Vec<String> {
    let geo = pieces::geometry();
    let mut v: Vec<String> = p
        .steps_for_die(die)
        .into_iter()
        .filter(|s| s.from == sq(from) && s.capture)
        .map(|s| geo.name(s.to).to_string())
        .collect();
    v.sort();
    v.dedup();
    v
}

fn names(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

// ---- The cylinder: every piece crosses the seam between ranks 12 and 1.

#[test]
fn berlinpeonos_cross_the_seam_both_ways_and_keep_their_facing() {
    let p = with_fillers(&["wRd2", "w^c12", "wvf1", "rDc1", "rDf12"], 0);
    assert_eq!(reach(&p, "c12", 1), names(&["b1", "d1", "c1"]));
    assert_eq!(reach(&p, "f1", 6), names(&["e12", "g12", "f12"]));
    let (p, _) = play(&p, "c12-d1, d1-e2=J", [1, 6]);
    assert_eq!(
        p.piece_at(sq("e2")).map(|x| x.kind),
        pieces::kind_of_letter('J')
    );
    // The rank-1 pawn of the start faces down: it moves to rank 12.
    let start = OrwellPosition::start();
    assert!(turns(&start, [1, 1]).contains(&"b1-c12, c12xc11".to_string()));
}

#[test]
fn dabbabah_from_d1_captures_at_b11_or_f11() {
    let start = OrwellPosition::start();
    let all = turns(&start, [2, 4]);
    assert!(all.iter().any(|t| t.starts_with("Dd1xb11")));
    assert!(all.iter().any(|t| t.starts_with("Dd1xf11")));
    assert_eq!(reach(&start, "d1", 2), names(&["c12", "e12", "b11", "f11"]));
}

#[test]
fn gryphon_rides_on_across_the_seam() {
    // The sample's Gf9xg2: f9-g10, then up the g-file over the seam.
    // g8 is blocked, so g1 and g2 can only be reached over the seam.
    let p = with_fillers(&["bGf9", "bDg8", "wGg2", "wRd2", "wJa1"], 2);
    let reached = reach(&p, "f9", 3);
    for s in [
        "g10", "g11", "g12", "g1", "g2", "e10", "e11", "e12", "e1", "e2", "e3",
    ] {
        assert!(reached.contains(&s.to_string()), "{s} in {reached:?}");
    }
    assert!(
        !reached.contains(&"g3".to_string()),
        "the capture on g2 ends the ride"
    );
    let (_, text) = play(&p, "Gf9xg2", [3, 4]);
    assert!(text.starts_with("Gf9xg2"));
}

#[test]
fn jugyo_circles_its_file_and_stops_before_its_own_square() {
    let p = with_fillers(&["wJd11", "wRa1", "wDg1"], 0);
    let reached = reach(&p, "d11", 4);
    let mut want: Vec<&str> = vec!["d12", "d1", "d2", "d3", "d4", "d5", "c11", "e11"];
    // d6 holds Red's Raja: a Jugyo captures it (and the ride stops there).
    want.extend(["d6", "d10"]);
    assert_eq!(reached, names(&want));
    let empty_file = setup(
        &["wJa5", "wRg1", "wDg3", "rRg6", "rDg7", "bRg9", "bDg11"],
        0,
    );
    assert_eq!(reach(&empty_file, "a5", 4).len(), 11 + 1);
}

#[test]
fn pao_screens_across_the_seam() {
    // Pao c11, screen c12 (White's own pawn here): the first piece beyond
    // the seam, c1, is taken; going down, c1 screens and c12 is taken.
    let p = with_fillers(&["bPc11", "wvc12", "w^c1", "wRd2", "wDa3"], 2);
    let reached = reach(&p, "c11", 5);
    assert!(reached.contains(&"c1".to_string()) && reached.contains(&"c12".to_string()));
    assert_eq!(captures(&p, "c11", 5), names(&["c1", "c12"]));
    let screen_at_seam = with_fillers(&["bPc11", "w^c1", "wGc3", "wRd2", "wDa3"], 2);
    assert_eq!(play(&screen_at_seam, "Pc11xc3", [5, 4]).1, "Pc11xc3, pass");
    // Quiet moves never jump; no capture without a screen, none of its own.
    let own = with_fillers(&["bPc11", "w^c1", "b^c3", "wRd2", "wDa3"], 2);
    // Up over the seam c1 screens and c3 is its own: no capture that way;
    // down, its own c3 screens and White's c1 is taken.
    assert_eq!(captures(&own, "c11", 5), names(&["c1"]));
    let no_screen = with_fillers(&["bPc11", "w^c12", "wRd2", "wDa3"], 2);
    assert!(!captures(&no_screen, "c11", 5).contains(&"c12".to_string()));
}

#[test]
fn raja_and_maharaja_step_and_leap_over_the_seam() {
    let p = with_fillers(&["wRd12", "wMb11", "wDa5"], 0);
    let raja = reach(&p, "d12", 1);
    for s in ["c1", "d1", "e1", "c11", "e11", "c12", "e12", "d11"] {
        assert!(raja.contains(&s.to_string()), "{s} in {raja:?}");
    }
    let maharaja = reach(&p, "b11", 6);
    for s in ["a1", "c1", "c9", "b1", "b12"] {
        assert!(maharaja.contains(&s.to_string()), "{s} in {maharaja:?}");
    }
    assert!(
        !maharaja.contains(&"d12".to_string()),
        "its own Raja stands there"
    );
    assert!(
        !maharaja.contains(&"d10".to_string()),
        "a royal never takes a royal"
    );
}

// ---- The Gryphon's bend.

#[test]
fn gryphon_bends_outward_only_and_never_jumps() {
    let p = with_fillers(&["wGd4", "wRa1", "wDa3", "w^e6"], 0);
    let reached = reach(&p, "d4", 3);
    assert!(reached.contains(&"e5".to_string()) && reached.contains(&"g5".to_string()));
    assert!(
        !reached.contains(&"e6".to_string()),
        "own piece on e6 stops the leg"
    );
    assert!(!reached.contains(&"d5".to_string()), "never back inward");
    assert!(!reached.contains(&"d4".to_string()));
    // e7 is reached the long way: d4-e3, then down the e-file over the seam.
    assert!(reached.contains(&"e7".to_string()));
    let message = refusal(&p, "Gd4-d6", [3, 2]);
    assert!(
        message.contains("a Gryphon moves one square diagonally"),
        "{message}"
    );
    let blocked_corner = with_fillers(&["wGd4", "wRa1", "wDa3", "w^e5"], 0);
    let reached = reach(&blocked_corner, "d4", 3);
    assert!(!reached.contains(&"f5".to_string()) && !reached.contains(&"g5".to_string()));
}

// ---- The Minipax.

#[test]
fn a_pawn_on_any_minipax_square_must_promote_own_included() {
    // White pawn facing down on d3 steps onto its own Minipax square c2.
    let p = with_fillers(&["wvd3", "wRa1", "wDg12"], 0);
    let message = refusal(&p, "d3-c2", [1, 2]);
    assert!(message.contains("=D, =G, =J or =P"), "{message}");
    let (after, text) = play(&p, "d3-c2=G, Dg12-f11", [1, 2]);
    assert_eq!(text, "d3-c2=G, Dg12-f11");
    assert_eq!(
        after.piece_at(sq("c2")).map(|x| x.kind),
        pieces::kind_of_letter('G')
    );
    let refused = refusal(&p, "d3-c2=M, Dg12-f11", [1, 2]);
    assert!(refused.contains("promotes to D, G, J or P"), "{refused}");
}

#[test]
fn a_pawn_taking_a_royal_on_a_minipax_square_becomes_a_maharaja() {
    let p = with_fillers(&["w^d5", "wRa1", "wDg12", "wDa3"], 0);
    // The =M may be left out; the canonical turn has it.
    let (after, text) = play(&p, "d5xd6, Dg12-f11", [1, 2]);
    assert_eq!(text, "d5xd6=M, Dg12-f11");
    assert_eq!(
        after.piece_at(sq("d6")).map(|x| x.kind),
        pieces::kind_of_letter('M')
    );
    assert!(refusal(&p, "d5xd6=J, Dg12-f11", [1, 2]).contains("promotes to M"));
}

// ---- Royals never capture royals; no check.

#[test]
fn royals_never_capture_royals_and_may_stand_in_attack() {
    let p = with_fillers(&["wRd7", "wMc5", "wDa1", "wDa3"], 0);
    assert!(!reach(&p, "d7", 1).contains(&"d6".to_string()));
    assert!(!reach(&p, "c5", 1).contains(&"d6".to_string()));
    let message = refusal(&p, "Rd7xd6", [1, 2]);
    assert!(
        message.contains("never captures a Raja or Maharaja"),
        "{message}"
    );
    // Moving next to an enemy Maharaja is fine: there is no check.
    assert!(reach(&p, "d7", 1).contains(&"e7".to_string()));
    let message = refusal(&p, "Mc5xd6", [6, 2]);
    assert!(
        message.contains("never captures a Raja or Maharaja"),
        "{message}"
    );
}

// ---- Shifting alliances, with a royal capture in between.

#[test]
fn captures_alternate_and_a_royal_capture_counts() {
    let mut p = with_fillers(&["wDd3", "wPg1", "wJa4", "wRa1", "r^e4", "r^f5", "b^c4"], 0);
    assert_eq!(
        captures(&p, "d3", 2),
        names(&["c4", "e4"]),
        "the first capture is free"
    );
    // White's last capture took a Red piece.
    p.set_last_victim(0, Some(1));
    assert!(
        !reach(&p, "d3", 2).contains(&"e4".to_string()),
        "Red again is barred"
    );
    assert!(
        reach(&p, "d3", 2).contains(&"c4".to_string()),
        "Black is next"
    );
    let message = refusal(&p, "Dd3xe4", [2, 3]);
    assert!(message.contains("alternate"), "{message}");
    // After a Black capture, a Red royal is allowed (any royal is), and it
    // makes Red the last victim: Black's pieces are fair game again.
    let mut p = setup(
        &[
            "wDd3", "wJa4", "wRa1", "wGg1", "rRb5", "rDc6", "rDg7", "r^g8", "bRd10", "bDb7",
            "bDf10",
        ],
        0,
    );
    p.set_last_victim(0, Some(2));
    let (after, text) = play(&p, "Dd3xb5, Ja4-a5", [2, 4]);
    assert_eq!(text, "Dd3xb5=M, Ja4-a5");
    assert_eq!(after.last_victim(0), Some(1));
    let mut again = after.clone();
    again.set_mover(0);
    let maharaja = reach(&again, "b5", 6);
    assert!(
        maharaja.contains(&"b7".to_string()),
        "Black is next: {maharaja:?}"
    );
    assert!(
        !maharaja.contains(&"c6".to_string()),
        "Red was the last victim: {maharaja:?}"
    );
}

// ---- Dice: order, passes.

#[test]
fn a_first_move_may_leave_the_second_die_unusable() {
    let p = with_fillers(&["wJa5", "wDa4", "wDa6", "w^c4"], 0);
    assert_eq!(
        turns(&p, [1, 4]),
        vec!["Ja5-b5, c4-d5", "c4-b5, pass", "c4-d5, Ja5-b5"]
    );
    // A move plus its forced pass may be sent alone.
    assert_eq!(play(&p, "c4-b5", [4, 1]).1, "c4-b5, pass");
    assert_eq!(play(&p, "c4b5, PASS", [4, 1]).1, "c4-b5, pass");
}

#[test]
fn a_die_that_becomes_usable_must_be_used() {
    let start = OrwellPosition::start();
    let message = refusal(&start, "b3-c4", [1, 3]);
    assert!(
        message.contains("the 3 must be used") && message.contains("Ga2-b3"),
        "{message}"
    );
    assert!(refusal(&start, "b3-c4, pass", [1, 3]).contains("the 3 must be used"));
    assert_eq!(play(&start, "b3-c4, Ga2-b3", [1, 3]).1, "b3-c4, Ga2-b3");
    assert_eq!(play(&start, "c3-d4", [1, 3]).1, "c3-d4, pass");
    assert!(refusal(&start, "Ga2-b3, b3-c4", [1, 3]).contains("Ga2-b3"));
    // Hand count: 16 pawn moves; the four that free b1, b3, f1 or f3 each
    // give the Gryphon 3 moves (12 x ... = 24 turns), the other 8 pass.
    assert_eq!(turns(&start, [1, 3]).len(), 32);
    assert_eq!(turns(&start, [3, 1]), turns(&start, [1, 3]));
    // 5,4: only the Paos can start (2 captures each way), then the Jugyo
    // beside the vacated square must follow.
    assert_eq!(
        turns(&start, [5, 4]),
        vec![
            "Pc2xc11, Jb2-c2",
            "Pc2xc5, Jb2-c2",
            "Pe2xe11, Jf2-e2",
            "Pe2xe5, Jf2-e2"
        ]
    );
}

#[test]
fn no_usable_die_passes_the_whole_turn_by_itself() {
    let start = OrwellPosition::start();
    assert!(!start.must_pass([1, 3].into()));
    // 4,4 at the start: the Jugyos are boxed in.
    assert!(start.must_pass([4, 4].into()));
    assert_eq!(turns(&start, [4, 4]), vec!["pass, pass"]);
    let (after, text) = play(&start, "pass", [4, 4]);
    assert_eq!(text, "pass, pass");
    assert_eq!(after.to_move(), Some(1));
    assert!(refusal(&start, "pass, pass", [1, 3]).contains("must be used"));
}

// ---- The two wins; a winning move ends the turn.

#[test]
fn holding_all_three_royals_wins_at_once() {
    // White holds a Raja and a Maharaja; its pawn c9 (facing up) takes the
    // Black Raja straight ahead on c10.
    let p = setup(
        &[
            "wRa1", "wMa3", "wDa5", "w^c9", "rDc6", "rDf6", "rGg6", "bRc10", "bDb10", "bDf10",
        ],
        0,
    );
    let (after, text) = play(&p, "c9xc10=M", [1, 2]);
    assert_eq!(text, "c9xc10=M", "the winning move is the whole turn");
    let result = after.result().expect("game over");
    assert_eq!(result.result_text(), "[1:0:0]");
    assert!(result.reason().contains("all three royal"));
    assert_eq!(after.to_move(), None);
    assert!(after.legal_turns(Some([1, 1].into())).is_empty());
    assert!(refusal(&p, "c9xc10=M, Da5-b6", [1, 2]).contains("the game ended"));
}

#[test]
fn leaving_a_player_one_piece_wins_for_the_capturer() {
    let p = setup(
        &[
            "rMa1", "r^b4", "w^b3", "wRg1", "wDa12", "bRd10", "bDb10", "bDf10",
        ],
        0,
    );
    let (after, text) = play(&p, "b3xb4", [1, 6]);
    assert_eq!(text, "b3xb4");
    let result = after.result().unwrap();
    assert_eq!(result.result_text(), "[1:0:0]");
    assert!(
        result.reason().contains("Red is down to a single piece"),
        "{}",
        result.reason()
    );
}

#[test]
fn a_board_where_nobody_can_ever_move_is_drawn() {
    // Every square full: White on files a-c, Red on d-e, Black on f-g, all
    // pawns facing up (straight ahead is always their own), one Raja each;
    // Red's Raja touches only White pieces, and White was its last victim.
    let mut all = Vec::new();
    for (files, owner) in [("abc", 'w'), ("de", 'r'), ("fg", 'b')] {
        for file in files.chars() {
            for rank in 1..=12 {
                all.push(format!("{owner}^{file}{rank}"));
            }
        }
    }
    for raja in ["wRa5", "rRd5", "bRg5"] {
        let square = &raja[2..];
        all.retain(|p| &p[2..] != square);
        all.push(raja.to_string());
    }
    let refs: Vec<&str> = all.iter().map(String::as_str).collect();
    let mut p = setup(&refs, 0);
    p.set_last_victim(1, Some(0));
    assert!(p.frozen());
    assert!(p.must_pass([1, 6].into()));
    let (after, text) = play(&p, "pass, pass", [1, 6]);
    assert_eq!(text, "pass, pass");
    let result = after.result().expect("drawn");
    assert_eq!(result.result_text(), "[1/2:1/2:1/2]");
    assert_eq!(result.reason(), "no player can move any more");
    // Without the alliance bar Red's Raja could take a White pawn: not frozen.
    p.set_last_victim(1, None);
    assert!(!p.frozen());
}

// ---- Leaving the game.

#[test]
fn resigned_players_pass_and_the_last_one_standing_wins() {
    let start = OrwellPosition::start();
    let p = start.conclude_with(&Conclusion::Resign(1)).unwrap();
    assert!(p.outcome().is_none());
    let (p, _) = play(&p, "c3-d4", [1, 3]);
    assert_eq!(p.to_move(), Some(1));
    assert!(p.must_pass([1, 3].into()));
    assert_eq!(turns(&p, [1, 3]), vec!["pass, pass"]);
    assert!(refusal(&p, "f7-g8", [1, 3]).contains("Red has left the game"));
    let (p, _) = play(&p, "pass, pass", [1, 3]);
    // Red's pieces can still be taken.
    assert!(
        turns(&p, [2, 2])
            .iter()
            .any(|t| t.contains("Dd9xf7") || t.contains("xd7"))
    );
    assert!(p.conclude_with(&Conclusion::Resign(1)).is_err());
    let end = p.conclude_with(&Conclusion::Forfeit(2)).unwrap();
    assert_eq!(end.outcome().unwrap().result_text(), "[1:0:0]");
    let draw = start.conclude_with(&Conclusion::DrawAgreed).unwrap();
    assert_eq!(draw.outcome().unwrap().result_text(), "[1/2:1/2:1/2]");
}

// ---- Notation.

#[test]
fn wrong_letters_and_marks_say_what_is_there() {
    let start = OrwellPosition::start();
    let m = refusal(&start, "Pb3-c4", [1, 3]);
    assert!(m.contains("the piece on b3 is a Berlinpeono, not P"), "{m}");
    let m = refusal(&start, "Jd3-c4", [2, 3]);
    assert!(m.contains("Dabbabah, not J"), "{m}");
    let m = refusal(&start, "b3xc4", [1, 3]);
    assert!(m.contains("c4 is empty"), "{m}");
    let m = refusal(&start, "f7-g8", [1, 3]);
    assert!(m.contains("Red's"), "{m}");
    let m = refusal(&start, "Dd3-c4", [1, 3]);
    assert!(m.contains("does not move a Dabbabah"), "{m}");
    assert_eq!(play(&start, "DD3-C4, dd1-e12", [2, 2]).1, "Dd3-c4, Dd1-e12");
    assert_eq!(play(&start, "Dc4, Dxb11", [2, 2]).1, "Dd3-c4, Dd1xb11");
    let m = refusal(&start, "d4", [1, 3]);
    assert!(m.contains("ambiguous: it could be c3-d4 or e3-d4"), "{m}");
}
