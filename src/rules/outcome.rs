//! Results of a game: who scored what, and why it ended.
//!
//! Why is an [`Ending`]: one type for every game, with one wording each
//! (shown in mails, replies and JSON) and one stable key (stored in
//! position texts, and for a declined game in its row, and named in JSON). The result notation (`1-0`, `0-1`,
//! `1/2-1/2`, `[1:0:0]`) and the winner are derived from the points; no
//! caller reads them back out of text.

use std::fmt;

/// A seat index in turn order (0 = White, 1 = Black or Red, ...).
pub type Seat = usize;

/// Why a game ended (or, for [`Ending::Resignation`],
/// [`Ending::TimeForfeit`] and [`Ending::SignedOff`] in a game of three,
/// why the last seat but one left it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Checkmate,
    Stalemate,
    /// The same position for the third time (FIDE 9.2).
    Repetition,
    /// The same position for another time than the third (a defined
    /// game's `nFoldRule`: fivefold in some variants).
    RepetitionTimes {
        times: u8,
    },
    /// 100 plies without a capture or a pawn move.
    MoveCount,
    /// Another number of moves of each side without a capture or a pawn
    /// move than chess's 50 (a defined game's `nMoveRule`: Shatranj's 70).
    MoveRule {
        moves: u16,
    },
    /// No sequence of legal moves can end the game any more (insufficient
    /// material, bare kings).
    DeadPosition,
    Resignation,
    TimeForfeit,
    /// The player closed their account (`signoff`) and lost as on time.
    SignedOff,
    /// A draw agreed by every seat still in the game.
    Agreement,
    /// One seat holds every royal piece (a game won by capturing royals):
    /// all `royals` of them, as many as the game has.
    AllRoyals {
        holder: Seat,
        name: &'static str,
        royals: u8,
    },
    /// A seat was taken down to its last piece.
    LastPiece {
        loser: Seat,
        name: &'static str,
    },
    /// Nobody still in the game can ever move again.
    NoMoveLeft,
    /// A flag piece reached its goal (a variant's flag rule: the king on
    /// the hill in King of the Hill).
    FlagReached,
    /// A side kept no piece of a kind whose loss ends the game (a
    /// variant's extinction rule: Extinction chess, Giveaway).
    Extinction,
    /// A side gave the last of the checks it had to give (3check).
    ChecksGiven,
    /// The weaker side's count passed its limit (Makruk's counting rule).
    Counting,
    /// A checkmate given by knights alone, which the mated side wins
    /// (Shatar's mate rule).
    KnightsMate,
    /// A checkmate at the end of a series of checks without a shak (a
    /// check by a rook, bers or knight): drawn, "niol" (Shatar's mate
    /// rule).
    Niol,
    /// A seat gave the game up before its own first turn: the game is
    /// cancelled, with no result (pbmserv's rule). The one ending that
    /// never comes with an [`Outcome`].
    Declined {
        seat: Seat,
        name: &'static str,
    },
}

impl Ending {
    /// Every ending that names no seat.
    pub const WITHOUT_SEAT: [Ending; 16] = [
        Ending::Checkmate,
        Ending::Stalemate,
        Ending::Repetition,
        Ending::MoveCount,
        Ending::DeadPosition,
        Ending::Resignation,
        Ending::TimeForfeit,
        Ending::SignedOff,
        Ending::Agreement,
        Ending::NoMoveLeft,
        Ending::FlagReached,
        Ending::Extinction,
        Ending::ChecksGiven,
        Ending::Counting,
        Ending::KnightsMate,
        Ending::Niol,
    ];

    /// The stable key: `checkmate`, `time-forfeit`, `all-royals:0:3` (the
    /// holder, then how many royal pieces), `last-piece:1`, ...
    pub fn key(&self) -> String {
        match self {
            Ending::AllRoyals { holder, royals, .. } => format!("all-royals:{holder}:{royals}"),
            Ending::LastPiece { loser, .. } => format!("last-piece:{loser}"),
            Ending::Declined { seat, .. } => format!("declined:{seat}"),
            Ending::MoveRule { moves } => format!("move-count:{moves}"),
            Ending::RepetitionTimes { times } => format!("repetition:{times}"),
            other => other.simple_key().to_string(),
        }
    }

    /// The draw after `moves` moves of each side without a capture or a
    /// pawn move: chess's [`Ending::MoveCount`] for 50.
    pub fn moves_without_progress(moves: u16) -> Ending {
        match moves {
            50 => Ending::MoveCount,
            moves => Ending::MoveRule { moves },
        }
    }

    /// The end by the `times`-th occurrence of a position: chess's
    /// [`Ending::Repetition`] for 3.
    pub fn repeated(times: u8) -> Ending {
        match times {
            3 => Ending::Repetition,
            times => Ending::RepetitionTimes { times },
        }
    }

    /// The PGN standard's value of the `Termination` tag (8.1.1 of the
    /// standard): how the game ended as a rated record sees it; the words
    /// of [`fmt::Display`] say why.
    pub fn pgn_termination(&self) -> &'static str {
        match self {
            Ending::TimeForfeit => "time forfeit",
            // A player who left the server, or declined to play at all.
            Ending::SignedOff | Ending::Declined { .. } => "abandoned",
            _ => "normal",
        }
    }

    fn simple_key(&self) -> &'static str {
        match self {
            Ending::Checkmate => "checkmate",
            Ending::Stalemate => "stalemate",
            Ending::Repetition | Ending::RepetitionTimes { .. } => "repetition",
            Ending::MoveCount | Ending::MoveRule { .. } => "move-count",
            Ending::DeadPosition => "dead-position",
            Ending::Resignation => "resignation",
            Ending::TimeForfeit => "time-forfeit",
            Ending::SignedOff => "signed-off",
            Ending::Agreement => "agreement",
            Ending::AllRoyals { .. } => "all-royals",
            Ending::LastPiece { .. } => "last-piece",
            Ending::NoMoveLeft => "no-move-left",
            Ending::FlagReached => "flag",
            Ending::Extinction => "extinction",
            Ending::ChecksGiven => "checks",
            Ending::Counting => "counting",
            Ending::KnightsMate => "knights-mate",
            Ending::Niol => "niol",
            Ending::Declined { .. } => "declined",
        }
    }

    /// Reads an ending as stored: its [`Ending::key`], its wording, or the
    /// wording of earlier versions (`forfeit`, `draw agreed`, `bare kings`,
    /// `Red resigned; the other two are out`, ...), so that positions
    /// cached by them stay readable. `seats` names the game's seats.
    pub fn read(text: &str, seats: &'static [&'static str]) -> Option<Ending> {
        let text = text.trim();
        if let Some(e) = Ending::WITHOUT_SEAT
            .into_iter()
            .find(|e| text == e.simple_key() || text == e.to_string())
        {
            return Some(e);
        }
        let seat_named = |name: &str| seats.iter().position(|s| *s == name);
        if let Some(moves) = text
            .strip_prefix("move-count:")
            .or_else(|| text.strip_suffix("-move rule"))
        {
            return Some(Ending::moves_without_progress(moves.parse().ok()?));
        }
        if let Some(times) = text.strip_prefix("repetition:") {
            return Some(Ending::repeated(times.parse().ok()?));
        }
        if let Some(times) = text
            .strip_suffix("fold repetition")
            .and_then(|t| FOLDS.iter().position(|f| !f.is_empty() && *f == t))
        {
            return Some(Ending::repeated(times as u8));
        }
        if let Some(times) = text
            .strip_prefix("the same position ")
            .and_then(|t| t.strip_suffix(" times"))
        {
            return Some(Ending::repeated(times.parse().ok()?));
        }
        // Records from before the count was written: the one game that
        // wrote them (Orwell) has a royal piece per seat.
        let one_per_seat = seats.len() as u8;
        if let Some(rest) = text.strip_prefix("all-royals:") {
            let (holder, royals) = rest.split_once(':').unwrap_or((rest, ""));
            let holder: Seat = holder.parse().ok()?;
            let royals = match royals {
                "" => one_per_seat,
                n => n.parse().ok().filter(|&n| n >= 2)?,
            };
            let name = *seats.get(holder)?;
            return Some(Ending::AllRoyals {
                holder,
                name,
                royals,
            });
        }
        if let Some((kind, seat)) = text.split_once(':') {
            let seat: Seat = seat.parse().ok()?;
            let name = *seats.get(seat)?;
            return match kind {
                "last-piece" => Some(Ending::LastPiece { loser: seat, name }),
                "declined" => Some(Ending::Declined { seat, name }),
                _ => None,
            };
        }
        if let Some((name, royals)) = text
            .strip_suffix(" royal pieces")
            .and_then(|t| t.split_once(" holds "))
        {
            let holder = seat_named(name)?;
            let royals = (2..=u8::MAX).find(|&n| all_of(n) == royals)?;
            return Some(Ending::AllRoyals {
                holder,
                name: seats[holder],
                royals,
            });
        }
        if let Some(name) = text.strip_suffix(" is down to a single piece") {
            let loser = seat_named(name)?;
            return Some(Ending::LastPiece {
                loser,
                name: seats[loser],
            });
        }
        if let Some(name) = text.strip_suffix(" declined to play") {
            let seat = seat_named(name)?;
            return Some(Ending::Declined {
                seat,
                name: seats[seat],
            });
        }
        match text {
            "forfeit" => Some(Ending::TimeForfeit),
            "insufficient material" | "bare kings" => Some(Ending::DeadPosition),
            t if t.starts_with("draw agreed") => Some(Ending::Agreement),
            t if t.ends_with(" resigned; the other two are out") => Some(Ending::Resignation),
            t if t.ends_with(" forfeited; the other two are out") => Some(Ending::TimeForfeit),
            _ => None,
        }
    }
}

impl fmt::Display for Ending {
    /// The one wording: `checkmate`, `time forfeit`, `Red is down to a
    /// single piece`, ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words = match self {
            Ending::Checkmate => "checkmate",
            Ending::Stalemate => "stalemate",
            Ending::Repetition => "threefold repetition",
            Ending::MoveCount => "50-move rule",
            Ending::MoveRule { moves } => return write!(f, "{moves}-move rule"),
            Ending::RepetitionTimes { times } => {
                return match FOLDS.get(*times as usize).filter(|w| !w.is_empty()) {
                    Some(fold) => write!(f, "{fold}fold repetition"),
                    None => write!(f, "the same position {times} times"),
                };
            }
            Ending::DeadPosition => "dead position",
            Ending::Resignation => "resignation",
            Ending::TimeForfeit => "time forfeit",
            Ending::SignedOff => "player signed off",
            Ending::Agreement => "agreement",
            Ending::AllRoyals { name, royals, .. } => {
                return write!(f, "{name} holds {} royal pieces", all_of(*royals));
            }
            Ending::LastPiece { name, .. } => return write!(f, "{name} is down to a single piece"),
            Ending::NoMoveLeft => "no player can move any more",
            Ending::FlagReached => "a flag piece reached its goal",
            Ending::Extinction => "a side kept no piece of a kind it needs",
            Ending::ChecksGiven => "the last check to give was given",
            Ending::Counting => "the count ran out",
            Ending::KnightsMate => "checkmate by knights alone, won by the side mated",
            Ending::Niol => "checkmate after a series of checks without a shak, drawn (niol)",
            Ending::Declined { name, .. } => return write!(f, "{name} declined to play"),
        };
        f.write_str(words)
    }
}

/// `both`, `all three`, ..., `all 13`: every one of `n` things.
/// The words of `n`-fold up to ten (`FOLDS[5]` is "five"), as in
/// "fivefold repetition"; none for 0 and 1.
const FOLDS: [&str; 11] = [
    "", "", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
];

fn all_of(n: u8) -> String {
    const WORDS: [&str; 11] = [
        "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "",
    ];
    match n {
        2 => "both".to_string(),
        3..=12 => format!("all {}", WORDS[n as usize - 3]),
        n => format!("all {n}"),
    }
}

/// How a game ended. `points` holds each seat's score in half points
/// (2 = win, 1 = draw share, 0 = loss), in seat order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub points: Vec<u8>,
    pub ending: Ending,
}

impl Outcome {
    /// A win for `winner` among `seats` seats.
    pub fn win(winner: Seat, seats: usize, ending: Ending) -> Self {
        let mut points = vec![0; seats];
        points[winner] = 2;
        Outcome { points, ending }
    }

    /// A draw shared by all seats.
    pub fn draw(seats: usize, ending: Ending) -> Self {
        Outcome {
            points: vec![1; seats],
            ending,
        }
    }

    /// The ending in words: `checkmate`, `time forfeit`, ...
    pub fn reason(&self) -> String {
        self.ending.to_string()
    }

    /// The one seat that won, if one did.
    pub fn winner(&self) -> Option<Seat> {
        match self.points.iter().filter(|&&p| p > 0).count() {
            1 => self.points.iter().position(|&p| p == 2),
            _ => None,
        }
    }

    /// True when the points are shared (no single winner).
    pub fn is_draw(&self) -> bool {
        self.winner().is_none()
    }

    /// The result as written in records: `1-0`, `0-1`, `1/2-1/2`; with three
    /// seats `[1:0:0]`.
    pub fn result_text(&self) -> String {
        let score = |p: u8| match p {
            2 => "1".to_string(),
            1 => "1/2".to_string(),
            _ => "0".to_string(),
        };
        if self.points.len() == 2 {
            format!("{}-{}", score(self.points[0]), score(self.points[1]))
        } else {
            let parts: Vec<String> = self.points.iter().map(|&p| score(p)).collect();
            format!("[{}]", parts.join(":"))
        }
    }

    /// The stored form inside a position text: `2,0 checkmate` (points,
    /// then the ending's key).
    pub fn encode(&self) -> String {
        let points: Vec<String> = self.points.iter().map(u8::to_string).collect();
        format!("{} {}", points.join(","), self.ending.key())
    }

    /// Reads points (`2,0`) and an ending as stored (see [`Ending::read`]);
    /// `seats` names the game's seats, whose number the points must match.
    pub fn read(
        points: &str,
        ending: &str,
        seats: &'static [&'static str],
    ) -> Result<Outcome, String> {
        let points: Vec<u8> = points
            .split(',')
            .map(|p| p.trim().parse().ok().filter(|&p| p <= 2))
            .collect::<Option<_>>()
            .ok_or_else(|| format!("bad result points {points:?}"))?;
        if points.len() != seats.len() {
            return Err(format!(
                "{} result points for {} seats",
                points.len(),
                seats.len()
            ));
        }
        let ending =
            Ending::read(ending, seats).ok_or_else(|| format!("unknown ending {ending:?}"))?;
        Ok(Outcome { points, ending })
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result_text(), self.ending)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn pgn_termination_takes_the_standards_values() {
        assert_eq!(Ending::Checkmate.pgn_termination(), "normal");
        assert_eq!(Ending::Agreement.pgn_termination(), "normal");
        assert_eq!(Ending::Resignation.pgn_termination(), "normal");
        assert_eq!(Ending::TimeForfeit.pgn_termination(), "time forfeit");
        assert_eq!(Ending::SignedOff.pgn_termination(), "abandoned");
        let declined = Ending::Declined {
            seat: 1,
            name: "Black",
        };
        assert_eq!(declined.pgn_termination(), "abandoned");
    }

    use super::*;

    const TWO: &[&str] = &["White", "Black"];
    const THREE: &[&str] = &["White", "Red", "Black"];

    #[test]
    fn result_texts() {
        assert_eq!(Outcome::win(0, 2, Ending::Checkmate).result_text(), "1-0");
        assert_eq!(Outcome::win(1, 2, Ending::Checkmate).result_text(), "0-1");
        assert_eq!(Outcome::draw(2, Ending::Stalemate).result_text(), "1/2-1/2");
        assert_eq!(
            Outcome::win(0, 3, Ending::Resignation).result_text(),
            "[1:0:0]"
        );
        assert_eq!(
            Outcome::win(0, 2, Ending::Checkmate).to_string(),
            "1-0 (checkmate)"
        );
    }

    #[test]
    fn winners_come_from_the_points() {
        assert_eq!(Outcome::win(1, 2, Ending::Checkmate).winner(), Some(1));
        assert_eq!(Outcome::win(2, 3, Ending::TimeForfeit).winner(), Some(2));
        assert!(Outcome::draw(2, Ending::Agreement).is_draw());
        let shared = Outcome {
            points: vec![1, 1, 0],
            ending: Ending::Agreement,
        };
        assert_eq!((shared.winner(), shared.is_draw()), (None, true));
        assert_eq!(shared.result_text(), "[1/2:1/2:0]");
    }

    #[test]
    fn every_ending_reads_back_from_its_key_and_its_words() {
        let with_seat = [
            Ending::AllRoyals {
                holder: 2,
                name: "Black",
                royals: 3,
            },
            Ending::AllRoyals {
                holder: 0,
                name: "White",
                royals: 2,
            },
            Ending::LastPiece {
                loser: 1,
                name: "Red",
            },
            Ending::Declined {
                seat: 0,
                name: "White",
            },
            Ending::MoveRule { moves: 70 },
            Ending::RepetitionTimes { times: 2 },
            Ending::RepetitionTimes { times: 5 },
            Ending::RepetitionTimes { times: 20 },
        ];
        for e in Ending::WITHOUT_SEAT.into_iter().chain(with_seat) {
            assert_eq!(Ending::read(&e.key(), THREE), Some(e), "{e:?}");
            assert_eq!(Ending::read(&e.to_string(), THREE), Some(e), "{e:?}");
        }
        assert_eq!(Ending::MoveRule { moves: 70 }.to_string(), "70-move rule");
        assert_eq!(Ending::moves_without_progress(50), Ending::MoveCount);
        assert_eq!(Ending::repeated(3), Ending::Repetition);
        assert_eq!(Ending::repeated(5).to_string(), "fivefold repetition");
        assert_eq!(Ending::repeated(2).key(), "repetition:2");
        assert_eq!(
            Ending::repeated(20).to_string(),
            "the same position 20 times"
        );
        assert_eq!(Ending::read("last-piece:3", THREE), None);
        assert_eq!(Ending::read("declined:2", TWO), None);
        // Before version 4 a declined game stored its decliner's userid;
        // the migration rewrites those, and a userid is no seat.
        assert_eq!(Ending::read("bob declined to play", TWO), None);
        assert_eq!(Ending::read("nonsense", TWO), None);
    }

    #[test]
    fn wordings_of_earlier_versions_still_read() {
        for (old, ending) in [
            ("forfeit", Ending::TimeForfeit),
            ("draw agreed", Ending::Agreement),
            ("draw agreed by all three players", Ending::Agreement),
            (
                "draw agreed by the players still in the game",
                Ending::Agreement,
            ),
            ("insufficient material", Ending::DeadPosition),
            ("bare kings", Ending::DeadPosition),
            ("Black resigned; the other two are out", Ending::Resignation),
            ("Red forfeited; the other two are out", Ending::TimeForfeit),
        ] {
            assert_eq!(Ending::read(old, THREE), Some(ending), "{old}");
        }
    }

    /// The wording counts the game's royal pieces; records written
    /// before the count read as one royal piece per seat.
    #[test]
    fn all_royals_says_how_many_the_game_has() {
        let held = |royals| Ending::AllRoyals {
            holder: 1,
            name: "Red",
            royals,
        };
        assert_eq!(held(3).to_string(), "Red holds all three royal pieces");
        assert_eq!(held(2).to_string(), "Red holds both royal pieces");
        assert_eq!(held(4).to_string(), "Red holds all four royal pieces");
        assert_eq!(held(20).to_string(), "Red holds all 20 royal pieces");
        assert_eq!(held(4).key(), "all-royals:1:4");
        assert_eq!(Ending::read("all-royals:1", THREE), Some(held(3)));
        assert_eq!(
            Ending::read("all-royals:1", TWO).unwrap().to_string(),
            "Black holds both royal pieces"
        );
        assert_eq!(Ending::read("all-royals:1:1", THREE), None);
        assert_eq!(
            Ending::read("Red holds all twelve royal pieces", THREE),
            Some(held(12))
        );
        assert_eq!(
            Ending::read("Red holds all 20 royal pieces", THREE),
            Some(held(20))
        );
    }

    #[test]
    fn a_declined_game_names_the_seat_once() {
        let declined = Ending::Declined {
            seat: 1,
            name: "Black",
        };
        assert_eq!(declined.key(), "declined:1");
        assert_eq!(declined.to_string(), "Black declined to play");
    }

    #[test]
    fn stored_outcomes_round_trip() {
        let o = Outcome::win(
            0,
            3,
            Ending::AllRoyals {
                holder: 0,
                name: "White",
                royals: 3,
            },
        );
        assert_eq!(o.encode(), "2,0,0 all-royals:0:3");
        let (points, ending) = o
            .encode()
            .split_once(' ')
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .unwrap();
        assert_eq!(Outcome::read(&points, &ending, THREE), Ok(o));
        assert!(Outcome::read("2,0", "checkmate", THREE).is_err());
        assert!(Outcome::read("2,x", "checkmate", TWO).is_err());
        assert!(Outcome::read("2,0", "won", TWO).is_err());
    }
}
