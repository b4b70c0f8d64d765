//! Ladders (issue 27, item 4): players ranked in the order they join;
//! `tournament challenge NAME USERID` starts a game at once against a
//! player at most `--reach` places above; a win from below takes the
//! loser's place and moves those between down one; a draw or a loss
//! changes nothing; at most `--max-games` ladder games per player at once.
//! By shell and by mail, and the tournament's web page.

use crate::util::Env;

/// A ladder `spring` of chess made by `org`, joined by `players` in order
/// (`extra`: options after `ladder`).
fn ladder(players: &[&str], extra: &[&str]) -> Env {
    let env = Env::new();
    env.signup(&["org"]);
    env.signup(players);
    let mut args = vec!["tournament", "create", "spring", "chess", "ladder"];
    args.extend_from_slice(extra);
    env.ok(Some("org"), &args);
    for player in players {
        env.ok(Some(player), &["tournament", "join", "spring"]);
    }
    env
}

/// The ladder's players, top first, from `tournament show --format json`.
fn ranks(env: &Env) -> Vec<String> {
    let shown: serde_json::Value =
        serde_json::from_str(&env.ok(None, &["tournament", "show", "spring", "--format", "json"]))
            .unwrap();
    let mut players: Vec<(u64, String)> = shown["players"]
        .as_array()
        .unwrap_or_else(|| panic!("players: {shown}"))
        .iter()
        .map(|p| {
            (
                p["rank"].as_u64().unwrap(),
                p["userid"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    players.sort();
    players.into_iter().map(|(_, p)| p).collect()
}

/// `who` challenges `whom` on the ladder; the new game's id.
fn challenge(env: &Env, who: &str, whom: &str) -> String {
    let out = env.ok(Some(who), &["tournament", "challenge", "spring", whom]);
    out.lines().last().unwrap().to_string()
}

/// White (the challenger) wins: 1. e4 e5 2. Nf3, Black resigns.
fn white_wins(env: &Env, game: &str, white: &str, black: &str) {
    env.play(game, [white, black], 1, &["e2-e4", "e7-e5", "g1-f3"]);
    env.ok(Some(black), &["resign", game]);
}

#[test]
fn a_win_from_below_takes_the_place_and_moves_the_others_down() {
    let env = ladder(&["ann", "bob", "cy", "dee"], &[]);
    assert_eq!(ranks(&env), ["ann", "bob", "cy", "dee"]);
    let game = challenge(&env, "dee", "ann");
    // The game began at once, the challenger as White: nobody accepts it.
    let shown = env.json(&game);
    assert_eq!(shown["players"], serde_json::json!(["dee", "ann"]));
    assert_eq!(shown["to_move"], "dee");
    let (subject, body) = env.last_mail_to("ann@");
    assert!(subject.starts_with("New Chess Board"), "{subject}");
    assert!(
        body.contains("spring"),
        "the new game's mail names the ladder: {body}"
    );
    white_wins(&env, &game, "dee", "ann");
    assert_eq!(ranks(&env), ["dee", "ann", "bob", "cy"]);
    // Everyone whose place changed is told (issue 42), the players of the
    // game beside its end.
    let climbs: Vec<(String, String)> = env
        .queued()
        .into_iter()
        .filter(|(_, subject, _)| subject.starts_with("Ladder"))
        .map(|(to, subject, body)| (to, subject + "\n" + &body))
        .collect();
    assert_eq!(climbs.len(), 4, "{climbs:#?}");
    for (who, (to, text)) in ["dee@", "ann@", "bob@", "cy@"].iter().zip(&climbs) {
        assert!(to.contains(who), "{to}");
        assert!(
            text.starts_with("Ladder spring: dee takes place 1\n"),
            "{text}"
        );
        assert!(
            text.contains("  1. dee\n  2. ann\n  3. bob\n  4. cy\n"),
            "{text}"
        );
    }
    // json: every player's place, games and points.
    let shown: serde_json::Value =
        serde_json::from_str(&env.ok(None, &["tournament", "show", "spring", "--format", "json"]))
            .unwrap();
    let dee = &shown["players"][0];
    assert_eq!(
        (&dee["userid"], &dee["rank"], &dee["games"], &dee["points"]),
        (
            &serde_json::json!("dee"),
            &serde_json::json!(1),
            &serde_json::json!(1),
            &serde_json::json!(1.0)
        ),
        "{shown}"
    );
    let text = env.ok(None, &["tournament", "show", "spring"]);
    assert!(text.contains("1. dee"), "{text}");
    // A win from above changes nothing: ann (2) beats cy (4) as White.
    let game = challenge(&env, "cy", "ann");
    env.play(
        &game,
        ["cy", "ann"],
        1,
        &["f2-f3", "e7-e5", "g2-g4", "Qd8-h4"],
    );
    assert_eq!(ranks(&env), ["dee", "ann", "bob", "cy"]);
}

#[test]
fn a_draw_changes_nothing() {
    let env = ladder(&["ann", "bob", "cy"], &[]);
    let game = challenge(&env, "cy", "bob");
    env.play(&game, ["cy", "bob"], 1, &["e2-e4", "e7-e5"]);
    env.ok(Some("cy"), &["draw", &game, "offer"]);
    env.ok(Some("bob"), &["draw", &game, "accept"]);
    assert_eq!(env.json(&game)["result"], "1/2-1/2");
    assert_eq!(ranks(&env), ["ann", "bob", "cy"]);
    let mails = env.queued();
    assert!(
        mails
            .iter()
            .all(|(_, subject, _)| !subject.starts_with("Ladder")),
        "no ladder mail after a draw"
    );
}

#[test]
fn challenges_out_of_reach_below_or_off_the_ladder_are_refused_in_one_line() {
    let env = ladder(&["ann", "bob", "cy", "dee", "eve"], &[]);
    env.signup(&["zed"]);
    assert_eq!(
        env.refused(Some("eve"), &["tournament", "challenge", "spring", "ann"]),
        "ann is 4 places above you; you may challenge at most 3 places up"
    );
    assert_eq!(
        env.refused(Some("bob"), &["tournament", "challenge", "spring", "dee"]),
        "dee is below you (place 4, you are 2): challenge someone above"
    );
    assert_eq!(
        env.refused(Some("bob"), &["tournament", "challenge", "spring", "bob"]),
        "you cannot challenge yourself"
    );
    assert_eq!(
        env.refused(Some("zed"), &["tournament", "challenge", "spring", "ann"]),
        "zed is not on this ladder: join it first"
    );
    assert_eq!(
        env.refused(Some("bob"), &["tournament", "challenge", "spring", "zed"]),
        "zed is not on this ladder"
    );
    assert_eq!(
        env.refused(Some("bob"), &["tournament", "challenge", "autumn", "ann"]),
        "there is no tournament called autumn"
    );
    // A shorter reach, set at creation.
    let short = ladder(&["ann", "bob", "cy"], &["--reach=1"]);
    assert_eq!(
        short.refused(Some("cy"), &["tournament", "challenge", "spring", "ann"]),
        "ann is 2 places above you; you may challenge at most 1 place up"
    );
    challenge(&short, "cy", "bob");
}

#[test]
fn a_player_has_at_most_max_games_ladder_games_and_one_per_opponent() {
    let env = ladder(&["ann", "bob", "cy", "dee"], &["--max-games=1"]);
    let game = challenge(&env, "dee", "cy");
    assert_eq!(
        env.refused(Some("dee"), &["tournament", "challenge", "spring", "cy"]),
        format!("you play cy in {game} already: finish that game first")
    );
    assert_eq!(
        env.refused(Some("dee"), &["tournament", "challenge", "spring", "bob"]),
        "you play 1 ladder game of spring already, the most at once: finish one first"
    );
    // The game's end frees both players.
    white_wins(&env, &game, "dee", "cy");
    assert_eq!(ranks(&env), ["ann", "bob", "dee", "cy"]);
    challenge(&env, "dee", "bob");
    assert_eq!(
        env.refused(Some("cy"), &["tournament", "challenge", "spring", "bob"]),
        "bob plays 1 ladder game of spring already, the most at once: challenge them when one ends"
    );
}

#[test]
fn the_default_is_two_games_at_once() {
    let env = ladder(&["ann", "bob", "cy", "dee"], &[]);
    challenge(&env, "dee", "cy");
    challenge(&env, "dee", "bob");
    assert_eq!(
        env.refused(Some("dee"), &["tournament", "challenge", "spring", "ann"]),
        "you play 2 ladder games of spring already, the most at once: finish one first"
    );
}

#[test]
fn leaving_the_ladder_forfeits_its_games_and_those_below_move_up() {
    let env = ladder(&["ann", "bob", "cy"], &[]);
    let game = challenge(&env, "cy", "ann");
    env.ok(Some("ann"), &["tournament", "leave", "spring"]);
    assert_eq!(ranks(&env), ["bob", "cy"]);
    let shown = env.json(&game);
    assert_eq!(shown["status"], "over", "{shown}");
    assert_eq!(shown["winner"], "cy", "{shown}");
    // A win over a player who left moves nobody; the places stored stay
    // 1, 2 ... without the leaver's.
    assert_eq!(ranks(&env), ["bob", "cy"]);
    let stored: Vec<i64> =
        env.query("SELECT rank FROM tournament_entrants WHERE rank IS NOT NULL ORDER BY rank");
    assert_eq!(stored, [1, 2]);
}

#[test]
fn a_ladder_challenge_by_mail() {
    let env = ladder(&["ann", "bob"], &[]);
    env.mail(
        "From: bob@example.test\r\nMessage-ID: <l1@example.test>\r\n\
         Subject: tournament challenge bob secret spring ann\r\n\r\nReady when you are.\r\n",
    );
    let (subject, body) = env.last_mail_to("ann@");
    assert_eq!(subject, "New Chess Board 1 bob");
    assert!(body.contains("Ready when you are."), "{body}");
    let shown = env.json("1");
    assert_eq!(shown["players"], serde_json::json!(["bob", "ann"]));
    // A refusal by mail is answered in one line.
    env.mail(
        "From: bob@example.test\r\nMessage-ID: <l2@example.test>\r\n\
         Subject: tournament challenge bob secret spring ann\r\n\r\n",
    );
    let (subject, body) = env.last_mail_to("bob@");
    assert!(subject.ends_with("Error"), "{subject}");
    assert!(
        body.contains("you play ann in game1 already: finish that game first"),
        "{body}"
    );
}

#[test]
fn a_cancelled_ladder_takes_no_challenges() {
    let env = ladder(&["ann", "bob"], &[]);
    env.ok(Some("org"), &["tournament", "cancel", "spring"]);
    assert_eq!(
        env.refused(Some("bob"), &["tournament", "challenge", "spring", "ann"]),
        "the ladder spring was cancelled"
    );
}

#[test]
fn the_ladders_page_shows_the_ranks_and_links_its_games() {
    let env = ladder(&["ann", "bob", "cy"], &[]);
    let dir = env.web_dir();
    let game = challenge(&env, "cy", "ann");
    let page = std::fs::read_to_string(dir.join("tournaments/spring.html")).unwrap();
    assert!(page.contains("href=\"../games/1.html\""), "{page}");
    assert!(page.contains("Chess ladder"), "{page}");
    white_wins(&env, &game, "cy", "ann");
    let page = std::fs::read_to_string(dir.join("tournaments/spring.html")).unwrap();
    let order: Vec<usize> = ["cy", "ann", "bob"]
        .iter()
        .map(|p| page.find(&format!("players/{p}.html")).unwrap())
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{page}");
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(index.contains("tournaments/spring.html"), "{index}");
}

#[test]
fn a_ladder_game_cannot_be_declined_resigning_at_once_loses_it() {
    let env = ladder(&["ann", "bob", "cy"], &[]);
    let game = challenge(&env, "cy", "ann");
    // No invitation stands: there is nothing to decline.
    env.refused(Some("ann"), &["decline", &game]);
    // Resigning before her first move (elsewhere a refusal to play, which
    // cancels the game) loses it.
    env.play(&game, ["cy", "ann"], 1, &["e2-e4"]);
    env.ok(Some("ann"), &["resign", &game]);
    let shown = env.json(&game);
    assert_eq!(shown["status"], "over", "{shown}");
    assert_eq!(shown["winner"], "cy", "{shown}");
    assert_eq!(ranks(&env), ["cy", "ann", "bob"]);
}
