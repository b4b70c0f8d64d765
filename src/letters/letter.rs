//! A letter: its kind and every fact it shows, as one value.
//!
//! The service decides who is told what and builds one [`Letter`] per
//! reader; the kind names the template that words it, so nothing above
//! this layer names a template file. [`Templates::letter`] renders it into
//! the [`Parts`] of a mail.
//!
//! [`Templates::letter`]: super::templates::Templates::letter
//! [`Parts`]: super::templates::Parts

use super::away::AwayLetter;
use super::consent::{DeclinedLetter, ExpiredLetter, InvitationLetter};
use super::digest::DigestLetter;
use super::farewell::FarewellLetter;
use super::ladder::LadderLetter;
use super::social::{BroadcastLetter, ChatLetter, MessageLetter};
use super::tournament::TournamentLetter;
use super::{
    BoardLetter, ConfirmLetter, ErrorLetter, HelpLetter, NagLetter, ReplyLetter, WelcomeLetter,
};

/// One letter to one reader (or to one Bcc list).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Letter {
    /// A game begins (`new_game.txt`).
    NewGame(BoardLetter),
    /// A move or other news of a game (`board.txt`).
    Board(BoardLetter),
    /// A game ended (`game_over.txt`).
    GameOver(BoardLetter),
    /// A draw offer waits for this reader's answer (`vote.txt`).
    Vote(BoardLetter),
    /// The player to move is reminded (`nag.txt`).
    Nag(NagLetter),
    /// An address given by mail must be confirmed (`confirm.txt`).
    Confirm(ConfirmLetter),
    Chat(ChatLetter),
    Message(MessageLetter),
    Broadcast(BroadcastLetter),
    /// A command was refused (`error.txt`).
    Error(ErrorLetter),
    Help(HelpLetter),
    /// A signup by mail is answered (`welcome.txt`).
    Welcome(WelcomeLetter),
    /// Any other command's answer (`reply.txt`).
    Reply(ReplyLetter),
    /// A challenge waits for the reader's consent (`invitation.txt`).
    Invitation(InvitationLetter),
    /// A player declined; the game is cancelled (`declined.txt`).
    Declined(DeclinedLetter),
    /// Nobody completed the invitation in time (`expired.txt`).
    Expired(ExpiredLetter),
    /// The daily digest of a player's games (`digest.txt`).
    Digest(DigestLetter),
    /// Places changed on a ladder (`ladder.txt`).
    Ladder(LadderLetter),
    /// A tournament's start, round, winner or cancellation (`tournament.txt`).
    Tournament(TournamentLetter),
    /// A player of the reader's games went on vacation or came back
    /// (`away.txt`).
    Away(AwayLetter),
    /// A player of the reader's games signed off: the games that ended
    /// or changed (`farewell.txt`).
    Farewell(FarewellLetter),
}

impl Letter {
    /// Draws a board letter's ASCII board left for later
    /// ([`BoardLetter::draw_diagram`]); whether there was one to draw.
    pub fn draw_diagram(&mut self) -> bool {
        self.board_mut().is_some_and(BoardLetter::draw_diagram)
    }

    /// Leaves for later again the board [`Self::draw_diagram`] drew, so
    /// that the thread that drew it frees it (`mail::ahead`).
    pub fn undraw_diagram(&mut self) {
        if let Some(board) = self.board_mut() {
            board.undraw_diagram();
        }
    }

    /// The board of a board letter (a reminder's too).
    pub fn board_mut(&mut self) -> Option<&mut BoardLetter> {
        match self {
            Letter::NewGame(l) | Letter::Board(l) | Letter::GameOver(l) | Letter::Vote(l) => {
                Some(l)
            }
            Letter::Nag(l) => Some(&mut l.board),
            _ => None,
        }
    }

    /// The template that words this kind of letter.
    pub fn template(&self) -> &'static str {
        match self {
            Letter::NewGame(_) => "new_game.txt",
            Letter::Board(_) => "board.txt",
            Letter::GameOver(_) => "game_over.txt",
            Letter::Vote(_) => "vote.txt",
            Letter::Nag(_) => "nag.txt",
            Letter::Confirm(_) => "confirm.txt",
            Letter::Chat(_) => "chat.txt",
            Letter::Message(_) => "message.txt",
            Letter::Broadcast(_) => "broadcast.txt",
            Letter::Error(_) => "error.txt",
            Letter::Help(_) => "help.txt",
            Letter::Welcome(_) => "welcome.txt",
            Letter::Reply(_) => "reply.txt",
            Letter::Invitation(_) => "invitation.txt",
            Letter::Declined(_) => "declined.txt",
            Letter::Expired(_) => "expired.txt",
            Letter::Digest(_) => "digest.txt",
            Letter::Ladder(_) => "ladder.txt",
            Letter::Tournament(_) => "tournament.txt",
            Letter::Away(_) => "away.txt",
            Letter::Farewell(_) => "farewell.txt",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::letters::templates::BUILT_IN;

    #[test]
    fn every_kind_has_a_built_in_template() {
        let kinds = [
            Letter::NewGame(BoardLetter::default()),
            Letter::Board(BoardLetter::default()),
            Letter::GameOver(BoardLetter::default()),
            Letter::Vote(BoardLetter::default()),
            Letter::Error(ErrorLetter::default()),
            Letter::Digest(DigestLetter::default()),
            Letter::Tournament(TournamentLetter::default()),
            Letter::Away(AwayLetter::default()),
            Letter::Farewell(FarewellLetter::default()),
            Letter::Broadcast(BroadcastLetter {
                from: String::new(),
                text: String::new(),
            }),
        ];
        for letter in kinds {
            let name = letter.template();
            assert!(BUILT_IN.iter().any(|(n, _)| *n == name), "{name}");
        }
    }
}
