//! What the templates are given: one plain struct per kind of mail.
//!
//! These are the variables an operator may use in `templates/*.txt`;
//! their names are part of the template interface, so change them only
//! with the built-in templates.

use serde::Serialize;

/// A game's board as mailed: `board.txt`, `new_game.txt`,
/// `game_over.txt`, and inside `nag.txt`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct BoardLetter {
    /// `Bochess`: the game's title.
    pub title: String,
    /// `bochess`: the game's command word.
    pub variant: String,
    /// The board number.
    pub board: u64,
    /// Userids in seat order.
    pub players: Vec<String>,
    /// Board turns played.
    pub ply: u32,
    pub to_move: Option<String>,
    pub winner: Option<String>,
    pub drawn: bool,
    /// Why the game ended (`checkmate`).
    pub reason: Option<String>,
    /// `1-0`, `1/2-1/2`, ...
    pub result: Option<String>,
    /// The last moves, one line each (`12. Nf3 Nc6`).
    pub moves: Vec<String>,
    /// The ASCII board.
    pub diagram: String,
    /// Dice games: the commitment, and the seed once revealed.
    pub commitment: Option<String>,
    pub seed: Option<String>,
    /// What just happened, one line each (`bob offers a draw; ...`).
    pub notes: Vec<String>,
    pub comments: Vec<Comment>,
}

/// A player's words under a board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Comment {
    pub author: String,
    pub text: String,
}

/// `nag.txt`: a reminder to the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NagLetter {
    #[serde(flatten)]
    pub board: BoardLetter,
    pub days_waited: u32,
    /// When the game is forfeited, as written to players.
    pub forfeit_at: String,
    /// Who offered the draw that still stands, if one does: at forfeit
    /// time it counts as accepted instead.
    pub draw_offered_by: Vec<String>,
}

/// `error.txt`: why a command was refused.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ErrorLetter {
    /// The game's title and board number, when the command named a board.
    pub title: Option<String>,
    pub board: Option<u64>,
    /// The one-line reason.
    pub reason: String,
    /// The board as it stands, when there is one.
    pub diagram: Option<String>,
    /// The original mail, line by line, to be quoted.
    pub original: Vec<String>,
}

/// `help.txt`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HelpLetter {
    pub topic: Option<String>,
    pub text: String,
}

/// `welcome.txt`: the answer to a signup by mail.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WelcomeLetter {
    pub userid: String,
    /// Where the player's mail goes.
    pub addresses: Vec<String>,
    /// Every game the server plays, as `variants` lists them.
    pub games: Vec<String>,
}

/// `confirm.txt`: the one mail an address given by mail gets before it
/// is confirmed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ConfirmLetter {
    pub userid: String,
    pub address: String,
    /// The link-free code, also in the Subject.
    pub code: String,
}

/// `reply.txt`: the answer to any other command (lists, confirmations).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReplyLetter {
    /// The command as the player wrote it.
    pub request: String,
    pub text: String,
}

/// The lines of an original mail to quote in an error: at most `limit`,
/// control characters removed.
pub fn quoted_original(raw: &[u8], limit: usize) -> Vec<String> {
    let text = String::from_utf8_lossy(raw);
    let mut lines: Vec<String> = text
        .lines()
        .take(limit)
        .map(|l| {
            l.chars()
                .filter(|&c| c == '\t' || !c.is_control())
                .collect()
        })
        .collect();
    if text.lines().nth(limit).is_some() {
        lines.push("[...]".to_string());
    }
    lines
}
