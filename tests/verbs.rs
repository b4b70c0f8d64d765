//! Every verb of the table, through the shell and through a mail, once
//! done and once refused: the cases are data (tests/data/verbs/shell.txt,
//! tests/data/mail/verbs/VERB.eml and VERB-refused.eml), and a verb the
//! table has without its cases fails here.

use std::path::{Path, PathBuf};

use boserv::command::verbs::VERBS;

use crate::util::Env;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

/// The world every case starts from, made once and copied per case; and
/// the code of dave's confirmation mail (dave signed up by mail), which
/// cases write as `{code}`.
fn template() -> (Env, String) {
    let env = Env::new();
    env.signup(&["alice", "bob", "carol"]);
    env.challenge("chess", "alice", "bob");
    env.ok(None, &["challenge", "orwell", "alice", "bob", "carol"]);
    // game3: chess carol v alice after carol's first move (a turn to take
    // back, a game to preview).
    env.challenge("chess", "carol", "alice");
    env.ok(Some("carol"), &["move", "game3", "e2-e4#1"]);
    // The social verbs' cases: carol watches every new chess game, and
    // alice may broadcast by mail.
    env.ok(Some("carol"), &["subscribe", "chess", "all"]);
    env.ok(None, &["config", "set", "operators", "alice"]);
    // game4: alice's invitation to bob, not accepted yet; seek1: alice's
    // open challenge to chess.
    env.ok(Some("alice"), &["challenge", "chess", "alice", "bob"]);
    env.ok(Some("alice"), &["seek", "chess"]);
    // spring: alice's open chess round robin, alice and carol in it.
    env.ok(
        Some("alice"),
        &["tournament", "create", "spring", "chess", "round-robin"],
    );
    env.ok(Some("alice"), &["tournament", "join", "spring"]);
    env.ok(Some("carol"), &["tournament", "join", "spring"]);
    // ladder1: alice's chess ladder, alice at place 1, bob at 2.
    env.ok(
        Some("alice"),
        &["tournament", "create", "ladder1", "chess", "ladder"],
    );
    env.ok(Some("alice"), &["tournament", "join", "ladder1"]);
    env.ok(Some("bob"), &["tournament", "join", "ladder1"]);
    // game5: a finished game of nocastle, fay v gus, fay resigned after
    // 1. f3 e5 (a game `analysis` looks at).
    env.signup(&["fay", "gus"]);
    let over = env.challenge("nocastle", "fay", "gus");
    env.play(&over, ["fay", "gus"], 1, &["f2-f3", "e7-e5"]);
    env.ok(Some("fay"), &["resign", &over]);
    env.mail(
        "From: dave@example.test\nTo: chess@example.net\nSubject: signup dave secret\n\
         Message-ID: <dave-signup@example.test>\n\n",
    );
    let code = env
        .queued()
        .iter()
        .find_map(|(_, subject, _)| subject.strip_prefix("confirm dave ").map(str::to_string))
        .expect("a confirmation mail to dave");
    let conn = rusqlite::Connection::open(&env.db).unwrap();
    conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)")
        .unwrap();
    (env, code)
}

fn copy_of(template: &Env) -> Env {
    let env = Env::new();
    std::fs::copy(&template.db, &env.db).unwrap();
    env
}

/// The tables a refusal must leave as they were (mail adds its own
/// records of the message and the answer).
fn game_state(db: &Path) -> String {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut out = String::new();
    for table in ["players", "games", "seats", "turns"] {
        let mut q = conn
            .prepare(&format!("SELECT * FROM {table} ORDER BY rowid"))
            .unwrap();
        let n = q.column_count();
        let rows = q
            .query_map([], |r| {
                (0..n)
                    .map(|i| {
                        r.get::<_, rusqlite::types::Value>(i)
                            .map(|v| format!("{v:?}"))
                    })
                    .collect::<Result<Vec<_>, _>>()
            })
            .unwrap();
        for row in rows {
            out.push_str(&format!("{table}: {}\n", row.unwrap().join("|")));
        }
    }
    out
}

struct ShellCase {
    ok: bool,
    user: Option<String>,
    args: Vec<String>,
    expect: String,
}

fn shell_cases() -> Vec<ShellCase> {
    let text = std::fs::read_to_string(format!("{DATA}/verbs/shell.txt")).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let parts: Vec<&str> = line.split(" | ").collect();
            assert_eq!(parts.len(), 3, "bad case line: {line}");
            let (kind, user) = parts[0].split_once(' ').expect(line);
            ShellCase {
                ok: kind == "ok",
                user: (user != "-").then(|| user.to_string()),
                args: parts[1].split(' ').map(str::to_string).collect(),
                expect: parts[2].to_string(),
            }
        })
        .collect()
}

/// The file name of a verb's mail case (`change password` ->
/// `change-password`).
fn fixture(verb: &str, refused: bool) -> PathBuf {
    let name = verb.replace(' ', "-");
    let suffix = if refused { "-refused" } else { "" };
    PathBuf::from(format!("{DATA}/mail/verbs/{name}{suffix}.eml"))
}

#[test]
fn every_verb_has_a_shell_and_a_mail_case_each_way() {
    let cases = shell_cases();
    let mut missing = Vec::new();
    for verb in VERBS {
        let words: Vec<&str> = verb.name.split(' ').collect();
        for ok in [true, false] {
            if !cases.iter().any(|c| {
                c.ok == ok && c.args.len() >= words.len() && c.args[..words.len()] == words[..]
            }) {
                missing.push(format!(
                    "shell.txt: a{} `{}` line",
                    if ok { "n ok" } else { " refused" },
                    verb.name
                ));
            }
            if !fixture(verb.name, !ok).exists() {
                missing.push(fixture(verb.name, !ok).display().to_string());
            }
        }
    }
    assert!(
        missing.is_empty(),
        "verbs without their cases:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_shell_case() {
    let (template, code) = template();
    for case in shell_cases() {
        let env = copy_of(&template);
        let before = game_state(&env.db);
        let args: Vec<String> = case
            .args
            .iter()
            .map(|a| a.replace("{code}", &code))
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = env.run(case.user.as_deref(), &args);
        let stdout = String::from_utf8_lossy(&out.stdout).to_string();
        let stderr = String::from_utf8_lossy(&out.stderr).to_string();
        let code = out.status.code();
        if case.ok {
            assert_eq!(code, Some(0), "{args:?}: {stderr}");
            assert!(
                stdout.contains(&case.expect),
                "{args:?} lacks `{}`: {stdout}",
                case.expect
            );
        } else {
            assert!(
                matches!(code, Some(1 | 2)),
                "{args:?} not refused: {stdout}"
            );
            assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
            assert!(
                stderr.contains(&case.expect),
                "{args:?} lacks `{}`: {stderr}",
                case.expect
            );
            assert_eq!(game_state(&env.db), before, "{args:?} changed the games");
        }
    }
}

#[test]
fn every_mail_case() {
    let (template, code) = template();
    let mut names: Vec<PathBuf> = std::fs::read_dir(format!("{DATA}/mail/verbs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    // A fixture that says nothing to expect would pass unread.
    let unread: Vec<String> = names
        .iter()
        .filter(|path| {
            !std::fs::read_to_string(path)
                .unwrap()
                .lines()
                .any(|l| l.starts_with("X-Expect: "))
        })
        .map(|path| path.display().to_string())
        .collect();
    assert!(unread.is_empty(), "fixtures without X-Expect: {unread:?}");
    for path in names {
        let raw = std::fs::read_to_string(&path)
            .unwrap()
            .replace("{code}", &code);
        let expect = raw
            .lines()
            .find_map(|l| l.strip_prefix("X-Expect: "))
            .unwrap();
        let refused = path.to_string_lossy().ends_with("-refused.eml");
        // What an answer must say is not what the mail said: its Subject
        // echoes the command.
        let input: String = raw
            .lines()
            .filter(|l| !l.starts_with("X-Expect: "))
            .collect::<Vec<_>>()
            .join("\n");
        assert!(
            refused || !input.contains(expect),
            "{}: `{expect}` is the fixture's own text",
            path.display()
        );
        let from = raw
            .lines()
            .find_map(|l| l.strip_prefix("From: "))
            .and_then(|f| f.split_once('<'))
            .map(|(_, a)| a.trim_end_matches('>').to_string())
            .unwrap();
        let env = copy_of(&template);
        let before = game_state(&env.db);
        let queued = env.queued().len();
        if refused {
            env.mail(&raw);
        } else {
            // Run, with no error mail: the command was done.
            env.mail_done(&raw);
        }
        let after = env.queued();
        let to_sender: Vec<&(String, String, String)> = after[queued..]
            .iter()
            .filter(|(to, _, _)| to.contains(&from))
            .collect();
        // An answer that says it, or an error mail whose reason does (not
        // its quote of the mail).
        assert!(
            to_sender.iter().any(|(_, subject, body)| match refused {
                true => {
                    subject.ends_with(" Error")
                        && body.split("Your message:").next().unwrap().contains(expect)
                }
                false => {
                    !subject.ends_with(" Error")
                        && (body.contains(expect) || subject.contains(expect))
                }
            }),
            "{}: no {} to {from} with `{expect}`: {to_sender:#?}",
            path.display(),
            if refused { "error mail" } else { "answer" },
        );
        if refused {
            assert_eq!(
                game_state(&env.db),
                before,
                "{} changed the games",
                path.display()
            );
        }
    }
}
