//! Intake of real-shaped mails (tests/data/mail/*.eml): what boserv reads
//! from each kind of message a player's mail program or a robot sends.

use boserv::mail::inbound::{Intake, Letter, Refusal, SIZE_LIMIT, read};
use boserv::mail::robot::Robot;

fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/data/mail/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn letter(name: &str) -> Letter {
    match read(&fixture(name)) {
        Intake::Letter(letter) => letter,
        other => panic!("{name}: not a letter: {other:?}"),
    }
}

#[test]
fn plain_mail() {
    let l = letter("plain.eml");
    assert_eq!(l.sender, "alice@example.org");
    assert_eq!(l.message_id.as_deref(), Some("plain-1@example.org"));
    assert_eq!(l.commands, vec!["bochess move 42 alice secret e2-e4#1"]);
    assert_eq!(l.comment.as_deref(), Some("Your move, Bob."));
}

#[test]
fn multipart_alternative_uses_the_plain_part() {
    let l = letter("multipart.eml");
    assert_eq!(l.commands, vec!["chess show 7"]);
    assert_eq!(l.comment.as_deref(), Some("Plain words here."));
}

#[test]
fn quoted_printable_and_base64_are_decoded() {
    let qp = letter("quoted-printable.eml");
    assert_eq!(
        qp.comment.as_deref(),
        Some("Naïve move, I know. This is a long line that is soft-wrapped by the encoder.")
    );
    let b64 = letter("base64.eml");
    assert_eq!(b64.commands, vec!["chess move 3 dave pw e5"]);
    assert_eq!(
        b64.comment.as_deref(),
        Some("Bonne chance, à toi !\nMerci.")
    );
}

#[test]
fn encoded_subjects_are_decoded() {
    let l = letter("rfc2047-subject.eml");
    assert_eq!(l.sender, "emile@example.org");
    assert_eq!(l.commands, vec!["bochess show 42"]);
}

#[test]
fn html_only_mail_becomes_text() {
    let l = letter("html-only.eml");
    assert_eq!(l.commands, vec!["chess move 5 erin pw d4"]);
    // The only words were a phone's footer: no comment is left.
    assert_eq!(l.comment, None);
}

#[test]
fn reply_and_forward_prefixes_and_the_comment_marker_go() {
    let l = letter("reply-forward.eml");
    assert_eq!(l.commands, vec!["Bochess Board 42 frank"]);
    assert_eq!(l.comment, None, "a body of quotes only is no comment");
}

#[test]
fn multiple_runs_one_command_per_line() {
    let l = letter("multiple.eml");
    assert_eq!(
        l.commands,
        vec!["chess show 1", "bochess move 42 grace pw e7-e5#2"]
    );
    assert_eq!(
        l.comment.as_deref(),
        Some("These words are a comment, not commands.")
    );
}

#[test]
fn quotes_attribution_and_signature_are_dropped() {
    let l = letter("signature-quotes.eml");
    assert_eq!(l.commands, vec!["chess move 9 heidi pw Qxf7#"]);
    assert_eq!(l.comment.as_deref(), Some("Mate, I think.\n\nGood game."));
}

#[test]
fn robots_are_never_letters() {
    let robot = |name: &str| match read(&fixture(name)) {
        Intake::Robot { robot, .. } => robot,
        other => panic!("{name}: {other:?}"),
    };
    assert_eq!(robot("bounce.eml"), Robot::NullReturnPath);
    assert_eq!(
        robot("autoreply.eml"),
        Robot::AutoSubmitted("auto-replied".into())
    );
    assert_eq!(robot("list.eml"), Robot::Precedence("list".into()));
}

#[test]
fn an_injected_header_stays_in_the_subject_line() {
    let l = letter("header-injection.eml");
    assert_eq!(l.commands, vec!["chess show 1 Bcc: victim@example.org"]);
    assert!(!l.subject.contains(['\r', '\n']));
}

#[test]
fn oversized_mail_is_refused_but_answerable() {
    let mut raw = fixture("plain.eml");
    raw.resize(SIZE_LIMIT + 1, b'x');
    let intake = read(&raw);
    assert_eq!(intake.sender(), Some("alice@example.org"));
    assert_eq!(intake.message_id(), Some("plain-1@example.org"));
    match intake {
        Intake::Refused {
            reason: Refusal::TooLarge { size, limit },
            ..
        } => {
            assert_eq!((size, limit), (SIZE_LIMIT + 1, SIZE_LIMIT));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn garbage_is_refused_without_a_sender() {
    let intake = read(&fixture("garbage.eml"));
    assert!(
        matches!(intake, Intake::Refused { sender: None, .. }),
        "{intake:?}"
    );
}

/// One mail in the shape each common client writes a reply (tests/data/
/// mail/clients): the command it carries and the exact comment the other
/// players receive, without quotes, attributions, footers or signatures.
#[test]
fn each_clients_reply_carries_exactly_what_the_player_wrote() {
    let cases = [
        (
            "gmail.eml",
            "Bochess Board 42 alice secret e2-e6#13",
            "Your knight is in trouble.",
        ),
        (
            "outlook-desktop.eml",
            "Bochess Board 42 bob secret h11-h9#14",
            "Not for long.\n\nBob",
        ),
        (
            "outlook-android.eml",
            "Bochess Board 42 bob secret propose",
            "Draw? I have to travel.",
        ),
        (
            "iphone.eml",
            "Bochess Board 42 alice secret accept",
            "Good game!",
        ),
        (
            "thunderbird.eml",
            "Bochess Board 42 bob secret resign",
            "You win this one. Well played.",
        ),
        (
            "html-only-gmail.eml",
            "Chess Board 5 erin secret d2-d4#1",
            "Here we go.\n\nHave fun!",
        ),
        (
            "html-only-outlook.eml",
            "Chess Board 5 frank secret d7-d5#2",
            "Symmetry it is.",
        ),
        (
            "mutt.eml",
            "Bochess Board 42 grace secret e7-e5#2",
            "The classic answer.\n\nAnd a second thought.",
        ),
        (
            "outlook-ios.eml",
            "Bochess Board 42 bob secret h11-h9#14",
            "On it.",
        ),
        (
            "outlook-underscores.eml",
            "Bochess Board 42 bob secret propose",
            "A draw would suit me.",
        ),
    ];
    for (name, command, comment) in cases {
        let l = letter(&format!("clients/{name}"));
        assert_eq!(l.commands, vec![command], "{name}");
        assert_eq!(l.comment.as_deref(), Some(comment), "{name}");
    }
}

/// The client shapes that leaked into comments (issue 23): an attribution
/// that webmail wrapped before the address, over an original it did not
/// quote or in German; privacy-mail clients' footers and quote blocks
/// (Proton Mail as text and as HTML, Tuta).
#[test]
fn wrapped_attributions_and_privacy_mail_footers_stay_out_of_comments() {
    let cases = [
        (
            "webmail-wrapped.eml",
            "Bochess Board 42 alice secret e2-e6#13",
            "Your knight is in trouble.",
        ),
        (
            "webmail-wrapped-de.eml",
            "Bochess Board 42 grete secret e7-e5#2",
            "Mal sehen.",
        ),
        (
            "proton.eml",
            "Bochess Board 42 carol secret e7-e5#2",
            "Symmetry again.",
        ),
        (
            "proton-html.eml",
            "Bochess Board 42 carol secret resign",
            "Too strong for me.",
        ),
        (
            "tuta.eml",
            "Bochess Board 42 dave secret d7-d5#2",
            "Centre first.",
        ),
    ];
    for (name, command, comment) in cases {
        let l = letter(&format!("clients/{name}"));
        assert_eq!(l.commands, vec![command], "{name}");
        assert_eq!(l.comment.as_deref(), Some(comment), "{name}");
    }
}
