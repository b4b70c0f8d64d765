//! The operator's server: one configuration file names the database for
//! every process (the MTA pipe, cron, any shell, from any directory),
//! `boserv backup` takes a consistent copy of a live server, and the
//! shell's `help mail` is the players' page.

use crate::util::Env;

/// Writes a system configuration file naming `env`'s database.
fn config_file(env: &Env) -> std::path::PathBuf {
    let path = env.dir.path().join("boserv.conf");
    std::fs::write(
        &path,
        format!("# written by the test\ndb = {}\n", env.db.display()),
    )
    .unwrap();
    path
}

/// `boserv` as an operator's shell runs it: in another directory, with no
/// BOSERV_DB, the configuration file named by BOSERV_CONFIG.
fn elsewhere(env: &Env, config: &std::path::Path, cwd: &std::path::Path) -> assert_cmd::Command {
    let mut cmd = env.cmd(None);
    cmd.env_remove("BOSERV_DB")
        .env("BOSERV_CONFIG", config)
        .current_dir(cwd);
    cmd
}

/// Runs `boserv ARGS` as [`elsewhere`] starts it.
fn run_elsewhere(
    env: &Env,
    config: &std::path::Path,
    cwd: &std::path::Path,
    args: &[&str],
) -> std::process::Output {
    elsewhere(env, config, cwd).args(args).output().unwrap()
}

#[test]
fn the_shell_finds_the_configured_database_from_another_directory() {
    let env = Env::new();
    env.cmd(None)
        .args(["signup", "alice", "secret", "alice@example.org"])
        .assert()
        .success();
    env.cmd(None)
        .args(["signup", "bob", "secret", "bob@example.org"])
        .assert()
        .success();
    env.cmd(None)
        .args(["challenge", "chess", "alice", "bob"])
        .assert()
        .success();
    let config = config_file(&env);
    let cwd = tempfile::tempdir().unwrap();

    let out = run_elsewhere(&env, &config, cwd.path(), &["config", "show"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(shown.contains(&env.db.display().to_string()), "{shown}");
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let out = run_elsewhere(&env, &config, cwd.path(), &["games"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("alice"));
    let out = run_elsewhere(
        &env,
        &config,
        cwd.path(),
        &["--as", "alice", "move", "1", "e2-e4"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Nothing was made where the shell stood.
    assert!(!cwd.path().join("boserv.db").exists());
    let out = env.cmd(None).args(["history", "1"]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("e2-e4"));
}

#[test]
fn a_command_on_another_database_than_the_configured_one_says_so() {
    let env = Env::new();
    env.cmd(None)
        .args(["signup", "alice", "secret"])
        .assert()
        .success();
    let config = config_file(&env);
    let cwd = tempfile::tempdir().unwrap();
    let stray = cwd.path().join("stray.db");

    let out = run_elsewhere(
        &env,
        &config,
        cwd.path(),
        &["--db", stray.to_str().unwrap(), "signup", "carol", "secret"],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("not the server's") && err.contains(&env.db.display().to_string()),
        "{err}"
    );
    // The configured database itself, named again, is no other one.
    let out = run_elsewhere(
        &env,
        &config,
        cwd.path(),
        &["--db", env.db.to_str().unwrap(), "games"],
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Help needs no database, so it says nothing of one.
    let out = run_elsewhere(
        &env,
        &config,
        cwd.path(),
        &["--db", stray.to_str().unwrap(), "help", "move"],
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_broken_configuration_file_is_one_line_naming_the_line() {
    let env = Env::new();
    let config = env.dir.path().join("boserv.conf");
    std::fs::write(&config, "db: /var/lib/boserv/boserv.db\n").unwrap();
    let cwd = tempfile::tempdir().unwrap();
    let out = run_elsewhere(&env, &config, cwd.path(), &["games"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("line 1: write NAME = VALUE"), "{err}");
    let missing = env.dir.path().join("none.conf");
    let out = run_elsewhere(&env, &missing, cwd.path(), &["games"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read the configuration file"));
}

#[test]
fn the_mta_pipe_reads_the_configured_database_too() {
    let env = Env::new();
    env.cmd(None)
        .args(["signup", "alice", "secret", "alice@example.org"])
        .assert()
        .success();
    let config = config_file(&env);
    let cwd = tempfile::tempdir().unwrap();
    let raw = "From: alice@example.org\r\nTo: chess@example.net\r\nSubject: help\r\n\
               Message-ID: <op-1@example.org>\r\n\r\n";
    let out = elsewhere(&env, &config, cwd.path())
        .arg("mail")
        .env("BOSERV_FROM", crate::util::SERVER)
        .write_stdin(raw)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!cwd.path().join("boserv.db").exists());
    assert!(
        env.queued()
            .iter()
            .any(|(to, _, _)| to.contains("alice@example.org"))
    );
}

#[test]
fn backup_writes_a_consistent_copy_of_the_database_and_the_spool() {
    let env = Env::new();
    env.cmd(None)
        .args(["signup", "alice", "secret"])
        .assert()
        .success();
    env.cmd(None)
        .args(["signup", "bob", "secret"])
        .assert()
        .success();
    env.cmd(None)
        .args(["challenge", "chess", "alice", "bob"])
        .assert()
        .success();
    env.cmd(Some("alice"))
        .args(["move", "1", "e2-e4"])
        .assert()
        .success();
    // A spool, as a boserv mail leaves it.
    boserv::mail::spool::Spool::open(&env.db, std::time::Duration::from_secs(5)).unwrap();
    let copy = env.dir.path().join("nightly.db");
    let out = env
        .cmd(None)
        .args(["backup", copy.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let conn = rusqlite::Connection::open(&copy).unwrap();
    let ok: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(ok, "ok");
    assert!(env.dir.path().join("nightly.db.spool").exists());
    // The copy is a working database: the game goes on from it.
    let restored = Env::new();
    std::fs::copy(&copy, &restored.db).unwrap();
    restored
        .cmd(Some("bob"))
        .args(["move", "1", "e7-e5"])
        .assert()
        .success();
    // A second backup to the same file is refused, the first kept.
    let first = std::fs::read(&copy).unwrap();
    let out = env
        .cmd(None)
        .args(["backup", copy.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("exists already"));
    assert_eq!(std::fs::read(&copy).unwrap(), first);
}

#[test]
fn help_mail_in_the_shell_is_the_players_page_and_mail_pipe_the_mtas() {
    let env = Env::new();
    let out = env.cmd(None).args(["help", "mail"]).output().unwrap();
    let page = String::from_utf8_lossy(&out.stdout);
    assert!(page.to_lowercase().contains("reply"), "{page}");
    assert!(!page.contains("RFC 5322"), "{page}");
    let out = env.cmd(None).args(["help", "mail-pipe"]).output().unwrap();
    let page = String::from_utf8_lossy(&out.stdout);
    assert!(page.contains("RFC 5322") && page.contains("75"), "{page}");
}
