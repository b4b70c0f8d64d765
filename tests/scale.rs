//! Issue 43: one incoming mail never costs more than its share. With the
//! computer player taking every seek (`bot-seeks on`), a mail of twenty
//! `seek` lines starts no more games against it than the player's quota
//! (`bot-games-per-player`) and the per-mail bound of mails lets through,
//! and queues at most 10 mails, the bot's replies included.

use crate::util::Env;

#[test]
fn a_mail_of_twenty_seeks_with_the_bot_taking_them_queues_at_most_ten_mails() {
    let env = Env::new();
    env.signup(&["alice"]);
    env.ok(None, &["config", "set", "bot-seeks", "on"]);
    let before = env.queued().len();
    let lines = "chess seek alice secret\r\n".repeat(20);
    env.mail(&format!(
        "From: alice@example.test\r\nMessage-ID: <twenty@example.test>\r\n\
         Subject: multiple\r\n\r\n{lines}"
    ));
    let sent = env.queued().len() - before;
    assert!(sent <= 10, "{sent} mails queued by one mail");
    let against_bot: Vec<i64> =
        env.query("SELECT count(*) FROM games WHERE bot_level IS NOT NULL AND status = 'active'");
    assert!(against_bot[0] >= 1, "the bot took the first seeks");
    assert!(
        against_bot[0] <= 5,
        "{} games against the bot",
        against_bot[0]
    );
}

#[test]
fn a_quota_is_a_setting_and_its_refusal_names_it() {
    let env = Env::new();
    env.signup(&["alice"]);
    env.ok(None, &["config", "set", "seeks-per-player", "1"]);
    env.ok(Some("alice"), &["seek", "chess"]);
    let refused = env.refused(Some("alice"), &["seek", "chess"]);
    assert!(refused.contains("`seeks-per-player`"), "{refused}");
    let bad = env.run(None, &["config", "set", "seeks-per-player", "lots"]);
    assert!(!bad.status.success());
}
