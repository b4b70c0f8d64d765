//! A refused `boserv backup PATH` (PATH exists already) writes nothing:
//! no `PATH.spool` is left behind to refuse the next try as well.

use crate::util::Env;

#[test]
fn a_refused_backup_leaves_no_spool_copy_and_the_retry_works() {
    let env = Env::new();
    env.signup(&["alice"]);
    // A mail taken in makes the spool beside the database.
    env.mail("From: alice@example.test\r\nMessage-ID: <b1@example.test>\r\nSubject: help\r\n\r\n");
    assert!(env.dir.path().join("boserv.db.spool").exists());
    let path = env.dir.path().join("nightly.db");
    std::fs::write(&path, "an old backup").unwrap();
    let refused = env.run(None, &["backup", path.to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("exists already"));
    let spool_copy = env.dir.path().join("nightly.db.spool");
    assert!(
        !spool_copy.exists(),
        "a refused backup wrote {spool_copy:?}"
    );
    std::fs::remove_file(&path).unwrap();
    env.ok(None, &["backup", path.to_str().unwrap()]);
    assert!(path.exists() && spool_copy.exists());
}
