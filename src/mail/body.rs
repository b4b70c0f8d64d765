//! The text body of a player's mail: a comment, or (Subject `multiple`) a
//! list of commands.
//!
//! A comment is what the other players read under the board, so only what
//! the player wrote is kept. Mail programs add a lot around it, in shapes
//! that are stable enough to recognise:
//!
//! - quoted lines (`> ...`) and the attribution above them (`On Mon, Dec
//!   7, 2026 at 10:12 AM Alice <alice@example.org> wrote:`, which webmail
//!   wraps over two or three lines anywhere in it);
//! - a whole quoted original below the reply, with no `>` at all:
//!   Outlook's `-----Original Message-----` and `From: ... Sent: ...`
//!   header blocks, `Begin forwarded message:`, or an attribution naming
//!   an address over text nobody quoted;
//! - client footers (`Sent from my iPhone`, `Get Outlook for Android`,
//!   privacy-mail clients' `Sent with Proton Mail secure email.`);
//! - signatures (`-- `, `--=20` seen raw, lines of underscores).
//!
//! HTML-only mail ([`html_text`]) loses its `<blockquote>`s, Gmail's
//! `gmail_quote` and Outlook's reply header before it becomes text. Blank
//! lines are squeezed so a comment never pushes the board off the screen.

/// The comment a body carries, or `None` when nothing is left of it.
pub fn comment(text: &str) -> Option<String> {
    let all: Vec<String> = lines(text).collect();
    let mut kept: Vec<String> = Vec::new();
    for (n, line) in all.iter().enumerate() {
        let after = &all[n + 1..];
        if ends_the_comment(line, after) {
            break;
        }
        if is_quoted(line) {
            continue;
        }
        if let Some(back) = attribution_start(&kept, line) {
            let start = kept.len() - back;
            match attribution_reach(&joined(&kept[start..], line), after) {
                Some(Reach::Quote) => {
                    kept.truncate(start);
                    continue;
                }
                Some(Reach::Rest) => {
                    kept.truncate(start);
                    break;
                }
                None => {}
            }
        }
        if line.is_empty() && kept.last().is_none_or(|last| last.is_empty()) {
            continue;
        }
        kept.push(line.clone());
    }
    while kept.last().is_some_and(|last| last.is_empty()) {
        kept.pop();
    }
    (!kept.is_empty()).then(|| kept.join("\n"))
}

/// A reply to a board mail: its first line that is neither blank nor
/// quoted (before any signature) nor a client's attribution is the
/// command; what follows it is the comment.
pub fn reply(text: &str) -> (Option<String>, Option<String>) {
    let all: Vec<String> = lines(text).collect();
    for (n, line) in all.iter().enumerate() {
        if is_signature(line) {
            break;
        }
        let after = &all[n + 1..];
        let attribution = begins_attribution(line)
            || attribution_start(&all[..n], line).is_some_and(|back| {
                attribution_reach(&joined(&all[n - back..n], line), after).is_some()
            });
        if line.trim().is_empty() || is_quoted(line) || attribution {
            continue;
        }
        return (Some(line.trim().to_string()), comment(&after.join("\n")));
    }
    (None, None)
}

/// The commands of a `multiple` mail: one per line from the first
/// non-blank line up to a blank line or a signature (quoted lines
/// skipped), and the comment that follows them.
pub fn commands(text: &str) -> (Vec<String>, Option<String>) {
    let mut commands = Vec::new();
    let mut rest = String::new();
    let mut in_commands = true;
    for line in lines(text) {
        if in_commands {
            if is_signature(&line) {
                break;
            }
            if line.is_empty() && !commands.is_empty() {
                in_commands = false;
            } else if !line.is_empty() && !is_quoted(&line) {
                commands.push(line.trim().to_string());
            }
        } else {
            rest.push_str(&line);
            rest.push('\n');
        }
    }
    (commands, comment(&rest))
}

/// The text of an HTML-only body, without what the mail program quoted:
/// `<blockquote>`s, Gmail's `gmail_quote` and signature blocks,
/// Thunderbird's citation prefix and signature, Proton Mail's quote and
/// signature block, Tuta's quote, and everything from
/// Outlook's reply header (`divRplyFwdMsg`, or the `<hr>` above it) on.
pub fn html_text(html: &str) -> String {
    let mut html = cut_outlook_original(html).to_string();
    for (tag, marker) in [
        ("blockquote", ""),
        ("div", "gmail_quote"),
        ("div", "gmail_signature"),
        ("div", "moz-cite-prefix"),
        ("div", "moz-signature"),
        ("pre", "moz-signature"),
        ("div", "protonmail_quote"),
        ("div", "protonmail_signature_block"),
        ("div", "tutanota_quote"),
    ] {
        html = remove_elements(&html, tag, marker);
    }
    // Blocks become lines before the markup goes.
    let mut lined = String::with_capacity(html.len());
    let lower = html.to_ascii_lowercase();
    let mut last = 0;
    for (at, _) in lower.match_indices('<') {
        let tag = &lower[at + 1..];
        let block = ["/div", "/p>", "/p ", "br", "/li", "/tr", "/h"]
            .iter()
            .any(|t| tag.starts_with(t))
            || (tag.starts_with("div") && !tag.starts_with("div>"));
        if block {
            lined.push_str(&html[last..at]);
            lined.push_str("<br>");
            last = at;
        }
    }
    lined.push_str(&html[last..]);
    mail_parser::decoders::html::html_to_text(&lined)
        .replace('\u{a0}', " ")
        .lines()
        .map(str::trim)
        .collect::<Vec<_>>()
        .join("\n")
}

/// `html` up to Outlook's reply header (`<div id="divRplyFwdMsg">`, with
/// the `<hr>` that draws the line above it), or whole.
fn cut_outlook_original(html: &str) -> &str {
    let lower = html.to_ascii_lowercase();
    let Some(header) = ["id=\"divrplyfwdmsg\"", "id=\"appendonsend\""]
        .iter()
        .filter_map(|marker| lower.find(marker))
        .min()
    else {
        return html;
    };
    let start = lower[..header].rfind('<').unwrap_or(header);
    let start = match lower[..start].rfind("<hr") {
        Some(hr) if lower[hr..start].matches('<').count() <= 3 => hr,
        _ => start,
    };
    &html[..start]
}

/// `html` without every `<tag ...>...</tag>` whose opening tag holds
/// `marker` (any such element when `marker` is empty), nested ones
/// counted. Every opening, closing and `>` is found once, up front: each
/// look for the next one is a binary search, so a page of unclosed or
/// unopened tags costs its length, not its square.
fn remove_elements(html: &str, tag: &str, marker: &str) -> String {
    let lower = html.to_ascii_lowercase();
    let open = format!("<{tag}");
    let close = format!("</{tag}");
    let places =
        |needle: &str| -> Vec<usize> { lower.match_indices(needle).map(|(i, _)| i).collect() };
    let (opens, closes, ends) = (places(&open), places(&close), places(">"));
    // The first place at or after `at`.
    let next = |all: &[usize], at: usize| all.get(all.partition_point(|&p| p < at)).copied();
    let mut out = String::with_capacity(html.len());
    let mut from = 0;
    while let Some(start) = next(&opens, from) {
        let after = lower.as_bytes().get(start + open.len()).copied();
        let end_of_open = next(&ends, start);
        let is_tag = matches!(after, Some(b'>' | b' ' | b'\t' | b'\r' | b'\n' | b'/'));
        let Some(end_of_open) = end_of_open.filter(|_| is_tag) else {
            out.push_str(&html[from..start + open.len()]);
            from = start + open.len();
            continue;
        };
        if !lower[start..end_of_open].contains(marker) {
            out.push_str(&html[from..=end_of_open]);
            from = end_of_open + 1;
            continue;
        }
        out.push_str(&html[from..start]);
        // Find the matching close tag, counting nested opens.
        let mut depth = 1;
        let mut at = end_of_open + 1;
        while depth > 0 {
            let next_open = next(&opens, at);
            let Some(next_close) = next(&closes, at) else {
                at = lower.len();
                break;
            };
            match next_open {
                Some(o) if o < next_close => {
                    depth += 1;
                    at = o + open.len();
                }
                _ => {
                    depth -= 1;
                    at = next(&ends, next_close).map_or(lower.len(), |e| e + 1);
                }
            }
        }
        from = at;
    }
    out.push_str(&html[from..]);
    out
}

/// The lines of a text, without control characters (tab aside) and
/// without trailing spaces.
fn lines(text: &str) -> impl Iterator<Item = String> {
    text.lines().map(|line| {
        let printable: String = line
            .chars()
            .filter(|&c| c == '\t' || !c.is_control())
            .map(|c| if c == '\u{a0}' { ' ' } else { c })
            .collect();
        printable.trim_end().to_string()
    })
}

/// True from where nothing the player wrote follows: a signature, a
/// client footer, or the start of an original quoted whole (Outlook,
/// forwards).
fn ends_the_comment(line: &str, after: &[String]) -> bool {
    is_signature(line) || is_footer(line) || starts_original(line, after)
}

/// What comes after an attribution: quoted lines, nothing of the
/// player's (end, signature, footer, quoted original), or text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Follows {
    Quote,
    Nothing,
    Text,
}

fn what_follows(after: &[String]) -> Follows {
    match after.iter().enumerate().find(|(_, l)| !l.is_empty()) {
        None => Follows::Nothing,
        Some((_, l)) if is_quoted(l) => Follows::Quote,
        Some((n, l)) if ends_the_comment(l, &after[n + 1..]) => Follows::Nothing,
        Some(_) => Follows::Text,
    }
}

/// When `line` ends a mail program's attribution (`On Tue, 24 Nov 2026 at
/// 10:02, Alice Example <alice@example.org> wrote:`), how many of the
/// lines just before it (0 to 2, no blank among them) it began on: webmail
/// wraps it anywhere, even inside a word pair (`... Alice Example <alice@
/// example.org> a` / `écrit :`). Whether it is one depends also on what
/// follows ([`what_follows`]).
fn attribution_start(before: &[String], line: &str) -> Option<usize> {
    if begins_attribution(line) {
        return is_attribution(line).then_some(0);
    }
    let n = before.len();
    for back in 1..=2.min(n) {
        let tail = &before[n - back..];
        if tail.iter().any(|l| l.is_empty()) {
            break;
        }
        if begins_attribution(&tail[0]) {
            if is_attribution(&joined(tail, line)) {
                return Some(back);
            }
            break;
        }
    }
    is_attribution(line).then_some(0)
}

/// The lines of an attribution as one.
fn joined(start: &[String], end: &str) -> String {
    let mut whole: Vec<&str> = start.iter().map(|l| l.trim()).collect();
    whole.push(end.trim());
    whole.join(" ")
}

/// `wrote:` (in the languages players write in) at the end, or an address
/// and a colon (mutt's `* Alice <alice@example.org> [2026-12-07 10:12]:`,
/// Gmail's German `... schrieb Alice <alice@example.org>:`, Tuta's `24
/// Nov 2026, 10:02 by alice@example.org:`).
fn is_attribution(text: &str) -> bool {
    ends_with_wrote(text) || (text.contains('@') && text.trim_end().ends_with(':'))
}

fn ends_with_wrote(text: &str) -> bool {
    let lower = text.trim_end().to_lowercase();
    [
        "wrote:",
        "wrote :",
        "writes:",
        "schrieb:",
        "a écrit :",
        "a écrit:",
        "escribió:",
        "escreveu:",
        "scrisse:",
        "ha scritto:",
        "schreef:",
        "skrev:",
    ]
    .iter()
    .any(|w| lower.ends_with(w))
}

/// What an attribution takes with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reach {
    /// Itself: the quote it introduces is dropped line by line, and the
    /// player may answer between quoted lines.
    Quote,
    /// Everything from it on: a mail program's attribution (it opens like
    /// one or says `wrote:`, and names an address) over an original it did
    /// not quote.
    Rest,
}

/// Whether the attribution `whole`, followed by `after`, is the mail
/// program's (and what goes with it) or a sentence of the player's that
/// ends in a colon (`None`). One without an opening or a `wrote:` (an
/// address and a colon) never takes the text below it.
fn attribution_reach(whole: &str, after: &[String]) -> Option<Reach> {
    let strong = begins_attribution(whole) || ends_with_wrote(whole);
    match what_follows(after) {
        Follows::Quote | Follows::Nothing => Some(Reach::Quote),
        Follows::Text if strong && whole.contains('@') => Some(Reach::Rest),
        _ => None,
    }
}

fn begins_attribution(line: &str) -> bool {
    ["On ", "Le ", "Am ", "El ", "Il ", "Op "]
        .iter()
        .any(|w| line.trim_start().starts_with(w))
}

fn is_quoted(line: &str) -> bool {
    line.trim_start().starts_with('>')
}

/// `-- ` (the standard), `--`, `--=20` (a quoted-printable `-- ` seen
/// raw) and lines of underscores (what webmail and Outlook put above a
/// footer or the quoted original).
fn is_signature(line: &str) -> bool {
    line == "--" || line == "--=20" || (line.len() >= 2 && line.bytes().all(|b| b == b'_'))
}

/// What phones, webmail and privacy-mail clients add under every mail
/// (`Sent from my iPhone`, `Get Outlook for iOS`, `Sent with Proton Mail
/// secure email.`, `Sent with [Proton Mail](https://proton.me/) secure
/// email.`, `Secured with Tuta Mail:`), in a few languages. Compared on
/// letters alone, so spacing, brackets and links do not matter.
fn is_footer(line: &str) -> bool {
    let line = line.trim();
    let letters: String = line
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    [
        "sentfrommy",
        "getoutlookfor",
        "sentfromoutlook",
        "sentfrommailforwindows",
        "sentfromyahoomail",
        "sentfromaol",
        "sentfromtheallnewaol",
        "sentvia",
        "sentwithprotonmail",
        "sentfromprotonmail",
        "sentwithtutanota",
        "sentfromtutanota",
        "sentwithtutamail",
        "securedwithtutamail",
        "sentfromtutamail",
        "sentusingzohomail",
        "envoyédemon",
        "vonmeinem",
        "enviadodesdemi",
        "inviatodalmio",
        "inviatodaiphone",
        "verzondenvanafmijn",
    ]
    .iter()
    .any(|f| letters.starts_with(f))
        && line.chars().count() <= 80
}

/// The first line of an original quoted whole: `-----Original
/// Message-----`, a forward's banner, or a `From:` line with a `Sent:` or
/// `Date:` line just below (Outlook's header block).
fn starts_original(line: &str, after: &[String]) -> bool {
    let lower = line.trim().to_ascii_lowercase();
    let banner = lower.trim_matches(|c: char| c == '-' || c == ' ');
    if lower.starts_with('-')
        && [
            "original message",
            "forwarded message",
            "ursprüngliche nachricht",
            "message d'origine",
        ]
        .contains(&banner)
    {
        return true;
    }
    if lower == "begin forwarded message:" {
        return true;
    }
    let header = |l: &str, names: &[&str]| {
        let l = l.trim_start().trim_start_matches('*').to_ascii_lowercase();
        names.iter().any(|n| l.starts_with(n))
    };
    header(line, &["from:", "von:", "de :", "de:"])
        && after
            .iter()
            .take(4)
            .any(|l| header(l, &["sent:", "date:", "gesendet:", "envoyé :", "enviado:"]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_and_signature_are_cut_and_blanks_squeezed() {
        let text = "\r\n\r\nNice move!\r\n\r\n\r\n\r\nReally.\r\nBob wrote:\r\n> old text\r\n  > older\r\n\r\n-- \r\nAlice\r\n";
        assert_eq!(comment(text).as_deref(), Some("Nice move!\n\nReally."));
    }

    #[test]
    fn every_signature_form_ends_the_comment() {
        for sig in ["-- ", "--", "--=20", "__", "________________"] {
            let text = format!("hello\n{sig}\nsignature text\n");
            assert_eq!(comment(&text).as_deref(), Some("hello"), "{sig:?}");
        }
        assert_eq!(
            comment("-- not a signature\nstill\n").as_deref(),
            Some("-- not a signature\nstill")
        );
    }

    #[test]
    fn nothing_left_is_no_comment() {
        assert_eq!(comment(""), None);
        assert_eq!(comment("\n\n> quoted\n\n-- \nBob\n"), None);
    }

    #[test]
    fn a_reply_is_its_first_unquoted_line_then_a_comment() {
        let text = "\r\ne7-e5\r\nYour move!\r\n\r\nOn Mon, bob wrote:\r\n> Chess board 1\r\n";
        assert_eq!(
            reply(text),
            (Some("e7-e5".to_string()), Some("Your move!".to_string()))
        );
        assert_eq!(reply("> quoted only\n-- \nsig\n"), (None, None));
    }

    #[test]
    fn a_wrapped_attribution_goes_whole() {
        let text = "Good luck!\n\nOn Mon, Dec 7, 2026 at 10:12 AM Alice Example <\nalice@example.org> wrote:\n\n> Your move\n";
        assert_eq!(comment(text).as_deref(), Some("Good luck!"));
        // Interleaved answers stay.
        let text = "On Monday, Bob wrote:\n> Draw?\nNo thanks.\n> Sure?\nSure.\n";
        assert_eq!(comment(text).as_deref(), Some("No thanks.\nSure."));
    }

    #[test]
    fn outlook_and_forward_originals_are_cut() {
        for original in [
            "-----Original Message-----\nFrom: boserv\nSent: Monday\n\nboard",
            "From: Bochess Server <bochess@example.net>\nSent: Monday, December 7, 2026 10:12\nTo: bob\nSubject: board\n\nboard",
            "________________________________\nFrom: x\nSent: y\nboard",
            "Begin forwarded message:\n\nFrom: x\nboard",
        ] {
            let text = format!("Take that.\n\n{original}\n");
            assert_eq!(comment(&text).as_deref(), Some("Take that."), "{original}");
        }
        // A line that only starts with From: is the player's.
        assert_eq!(
            comment("From: here on I attack.\nReally.").as_deref(),
            Some("From: here on I attack.\nReally.")
        );
    }

    #[test]
    fn client_footers_are_cut() {
        for footer in [
            "Sent from my iPhone",
            "Get Outlook for Android",
            "Get Outlook for iOS<https://aka.ms/o0ukef>",
        ] {
            let text = format!("Check.\n\n{footer}\n\n> quoted\n");
            assert_eq!(comment(&text).as_deref(), Some("Check."), "{footer}");
        }
    }

    #[test]
    fn an_attribution_wrapped_anywhere_goes_whole() {
        for attribution in [
            "On Tue, 24 Nov 2026 at 10:02, Alice Example\n<alice@example.org> wrote:",
            "On Tue, 24 Nov 2026 at 10:02, Alice Example via\nBochess\n<alice@example.org> wrote:",
            "Le mar. 24 nov. 2026 à 10:02, Alice Example <alice@example.org> a\nécrit :",
            "Am Di., 24. Nov. 2026 um 10:02 Uhr schrieb Alice Example <\nalice@example.org>:",
            "24 Nov 2026, 10:02 by alice@example.org:",
        ] {
            for below in [
                "\n> Your move\n",
                "\n\n> Your move\n",
                "\n",
                "\n\n-- \nBob\n",
            ] {
                let text = format!("Good luck!\n\n{attribution}{below}");
                assert_eq!(comment(&text).as_deref(), Some("Good luck!"), "{text:?}");
            }
        }
    }

    #[test]
    fn an_attribution_over_an_unquoted_original_ends_the_comment() {
        let text = "Your knight is in trouble.\n\nOn Tue, 24 Nov 2026 at 10:02, Alice Example\n<alice@example.org> wrote:\n\nBig Outer Chess, board 42\n\nbob played Mg10-j7.\n";
        assert_eq!(comment(text).as_deref(), Some("Your knight is in trouble."));
        // Without an address it may be the player's own sentence.
        let text = "On Monday you wrote:\nI will never resign.\n";
        assert_eq!(comment(text).as_deref(), Some(text.trim_end()));
        let text = "Write to me at bob@example.org:\nI read it daily.";
        assert_eq!(comment(text).as_deref(), Some(text));
    }

    #[test]
    fn a_reply_skips_a_wrapped_attribution_above_its_command() {
        let text = "On Tue, 24 Nov 2026 at 10:02, Alice Example\n<alice@example.org> wrote:\n> Your move\ne7-e5\nThere.\n";
        assert_eq!(
            reply(text),
            (Some("e7-e5".to_string()), Some("There.".to_string()))
        );
    }

    #[test]
    fn privacy_mail_and_localised_footers_are_cut() {
        for footer in [
            "Sent with Proton Mail secure email.",
            "Sent with [Proton Mail](https://proton.me/) secure email.",
            "Sent with ProtonMail Secure Email.",
            "Sent from Proton Mail for iOS",
            "Sent with Tutanota, the secure & ad-free mailbox.",
            "Secured with Tuta Mail:",
            "Von meinem iPhone gesendet",
            "Envoyé de mon iPhone",
        ] {
            let text = format!("Check.\n\n{footer}\nhttps://tuta.com\n");
            assert_eq!(comment(&text).as_deref(), Some("Check."), "{footer}");
        }
        let text = "Sent with love: take my queen.";
        assert_eq!(comment(text).as_deref(), Some(text));
    }

    #[test]
    fn html_quotes_and_signatures_go() {
        let html = "<div dir=\"ltr\">Well played.<div><br></div><div>Again?</div></div><br>\
            <div class=\"gmail_quote\"><div dir=\"ltr\" class=\"gmail_attr\">On Mon, Alice wrote:<br></div>\
            <blockquote class=\"gmail_quote\" style=\"margin:0\"><div>Board <div>nested</div></div></blockquote></div>";
        assert_eq!(
            comment(&html_text(html)).as_deref(),
            Some("Well played.\n\nAgain?")
        );
        let outlook = "<html><body><div>Resign.</div><div id=\"appendonsend\"></div>\
            <hr style=\"display:inline-block\"><div id=\"divRplyFwdMsg\"><b>From:</b> x</div><div>board</div></body></html>";
        assert_eq!(comment(&html_text(outlook)).as_deref(), Some("Resign."));
        let apple = "<html><body>Nice &amp; quick.<br><br><blockquote type=\"cite\">old</blockquote></body></html>";
        assert_eq!(comment(&html_text(apple)).as_deref(), Some("Nice & quick."));
        let proton = "<div>Resign.</div><div class=\"protonmail_signature_block\"><div class=\"protonmail_signature_block-proton\">Sent with <a href=\"https://proton.me/\">Proton Mail</a> secure email.</div></div>\
            <div class=\"protonmail_quote\">On Tuesday, Alice &lt;alice@example.org&gt; wrote:<br><blockquote class=\"protonmail_quote\">board</blockquote></div>";
        assert_eq!(comment(&html_text(proton)).as_deref(), Some("Resign."));
    }

    #[test]
    fn multiple_reads_commands_then_comment() {
        let text =
            "\nchess show 1\r\n  chess show 2  \r\n> chess show 3\r\n\r\nThanks!\r\n-- \r\nx\r\n";
        let (commands, comment) = commands(text);
        assert_eq!(commands, vec!["chess show 1", "chess show 2"]);
        assert_eq!(comment.as_deref(), Some("Thanks!"));
        let (commands, comment) = super::commands("chess show 1\n--\nsig\n");
        assert_eq!(
            (commands, comment),
            (vec!["chess show 1".to_string()], None)
        );
    }

    #[test]
    fn a_quote_of_a_quote_goes_whole_and_what_follows_it_stays() {
        // Apple Mail and Thunderbird nest the older quote inside the newer
        // one; the text between the two closings is still quoted.
        let html = "<div>Your move.</div><blockquote type=\"cite\">Mine:<blockquote type=\"cite\">\
            older</blockquote>still quoted</blockquote><div>See you.</div>";
        assert_eq!(html_text(html), "Your move.\nSee you.");
        // A player answering between two quotes keeps every answer.
        let html = "<div>e2-e4</div><blockquote>old board</blockquote><div>Good luck.</div>\
            <blockquote>older board</blockquote><div>Bob</div>";
        assert_eq!(html_text(html), "e2-e4\nGood luck.\nBob");
    }

    #[test]
    fn a_tag_that_only_begins_like_a_quote_is_kept() {
        // `<preview>` begins like `<pre`, `<blockquotes>` like `<blockquote`:
        // neither is one, and the text in them is the player's.
        assert_eq!(html_text("<preview>e2-e4</preview>"), "e2-e4");
        assert_eq!(html_text("Hi<blockquotes>kept</blockquotes>"), "Hikept");
    }

    #[test]
    fn a_div_with_attributes_starts_a_line() {
        // Gmail writes each line as `<div dir="ltr">`.
        assert_eq!(
            html_text("e2-e4<div dir=\"ltr\">Good luck.</div>"),
            "e2-e4\nGood luck."
        );
    }

    #[test]
    fn a_rule_far_above_outlooks_reply_header_is_the_players() {
        // Outlook's `<hr>` is just above its reply header; one the player
        // drew above more of their own text is not the start of the original.
        let html = "<div>Resign?</div><hr><div>No:</div><div>I play on.</div><div>Bob</div>\
            <div id=\"divRplyFwdMsg\"><b>From:</b> x</div><div>board</div>";
        assert_eq!(
            comment(&html_text(html)).as_deref(),
            Some("Resign?\nNo:\nI play on.\nBob")
        );
    }

    #[test]
    fn control_characters_go_and_tabs_stay() {
        assert_eq!(
            comment("Nf3\tNc6\u{7}\u{1b}[31m!\r\n").as_deref(),
            Some("Nf3\tNc6[31m!")
        );
    }

    #[test]
    fn an_opening_or_a_wrote_alone_over_an_unquoted_original_ends_the_comment() {
        for attribution in [
            // Gmail in German: an opening and an address, no `wrote:`.
            "Am Di., 24. Nov. 2026 um 10:02 Uhr schrieb Alice <alice@example.org>:",
            // No opening, a `wrote:` and an address.
            "Alice Example <alice@example.org> wrote:",
        ] {
            let text = format!("Check.\n\n{attribution}\n\nChess Board 42\nbob played e7-e5.\n");
            assert_eq!(comment(&text).as_deref(), Some("Check."), "{attribution}");
        }
    }

    #[test]
    fn a_reply_below_a_one_line_attribution_is_read() {
        // Tuta's and a bare `Name <address> wrote:` attribution stand on
        // one line; a player who answers below the quote moves there.
        for attribution in [
            "24 Nov 2026, 10:02 by alice@example.org:",
            "Alice Example <alice@example.org> wrote:",
        ] {
            let text = format!("{attribution}\n> Chess board 1\n> Your move\ne7-e5\nGood luck.\n");
            assert_eq!(
                reply(&text),
                (Some("e7-e5".to_string()), Some("Good luck.".to_string())),
                "{attribution}"
            );
        }
    }

    #[test]
    fn what_stands_between_outlooks_rule_and_its_reply_header_goes_with_the_original() {
        let html = "<div>Resign.</div><hr><span>Original message</span>\
            <div id=\"divRplyFwdMsg\"><b>From:</b> x</div><div>board</div>";
        assert_eq!(comment(&html_text(html)).as_deref(), Some("Resign."));
    }

    #[test]
    fn quotes_whose_tags_touch_go_whole_and_what_follows_them_stays() {
        // Apple Mail closes an older quote and the newer one together.
        let html = "<div>Your move.</div><blockquote type=\"cite\">Mine:<blockquote type=\"cite\">\
            older</blockquote></blockquote><div>See you.</div>";
        assert_eq!(html_text(html), "Your move.\nSee you.");
        // Two quotes one right after the other both go.
        let html = "<div>e2-e4</div><blockquote>old board</blockquote><blockquote>older board</blockquote><div>Bob</div>";
        assert_eq!(html_text(html), "e2-e4\nBob");
    }

    #[test]
    fn a_players_last_line_with_an_address_or_a_colon_is_kept() {
        // Only `wrote:`, or an address and a colon, make an attribution:
        // a line with one of the two is the player's, even last.
        for last in ["Mail me at bob@example.org", "My next move will be:"] {
            let text = format!("Good game.\n{last}\n\n-- \nBob\n");
            assert_eq!(
                comment(&text),
                Some(format!("Good game.\n{last}")),
                "{last}"
            );
        }
    }

    #[test]
    fn an_attribution_over_a_forwarded_header_block_goes_with_it() {
        // `Date:` four lines below `From:` still makes a header block, and
        // the attribution above it is the mail program's.
        let text = "Check.\nAlice wrote:\nFrom: Alice\nTo: bob\nCc: carol\nSubject: board\nDate: Monday\n\nboard\n";
        assert_eq!(comment(text).as_deref(), Some("Check."));
    }
}
