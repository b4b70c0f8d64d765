//! The layers point one way: no import circle between the top-level
//! modules, and `rules` imports none of them.
//!
//! Reads every `src/**/*.rs`, takes each `crate::x` (and, in the binary's
//! files, `boserv::x`) path outside comments and string literals, whether
//! in a `use` line, a `use crate::{a, b}` group or inline code, and groups
//! the files by top-level module. A circle in that graph fails the test
//! with its modules and one file for each step, so whoever adds the import
//! that closes it sees where to look.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every top-level file or folder of `src/` and the group it belongs to.
/// A new top-level module must be placed here (the test says so).
const GROUPS: &[(&str, &str)] = &[
    ("rules", "rules"),
    ("tournament", "tournament"),
    ("ids", "ids"),
    ("clock", "clock"),
    ("dice", "dice"),
    ("store", "store"),
    ("command", "command"),
    ("mail", "mail"),
    ("letters", "letters"),
    ("web", "web"),
    ("service", "service"),
    ("bot", "bot"),
    // The front ends: the process's edge (the binary: `main.rs` and
    // `cli/`) and the library's intake that turns input into commands and
    // runs them.
    ("front", "front end"),
    ("cli", "front end"),
    ("main", "front end"),
    ("lib", "front end"),
];

/// The layers from the top down: a module imports only modules after it.
/// `lib.rs` and README's layout say the same.
const LAYERS: &[&str] = &[
    "front end",
    "service",
    "web",
    "mail",
    "letters",
    "command",
    "store",
    "clock",
    "dice",
    "ids",
    "bot",
    "tournament",
    "rules",
];

/// What the letters layer may import: it renders what it is given and
/// never reads the store or calls the service.
const LETTERS_MAY_IMPORT: &[&str] = &["ids", "rules"];

/// The modules `rules` may not import (it may import nothing of the crate
/// outside itself; this names the ones that matter).
const ABOVE_RULES: &[&str] = &[
    "ids",
    "clock",
    "dice",
    "store",
    "command",
    "mail",
    "letters",
    "web",
    "service",
    "bot",
    "front end",
];

/// One import edge with the first file that makes it.
type Graph = BTreeMap<String, BTreeMap<String, String>>;

/// The tree checked: this crate's `src/`, or `BOSERV_ARCH_SRC` (another
/// tree, e.g. an old commit unpacked with `git archive`, to see its knots).
fn source_dir() -> PathBuf {
    std::env::var_os("BOSERV_ARCH_SRC")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

#[test]
fn no_import_circle_between_top_level_modules() {
    let graph = import_graph(&source_dir());
    let circles = all_circles(&graph);
    let text: Vec<String> = circles.iter().map(|c| describe(&graph, c)).collect();
    assert!(text.is_empty(), "import circles:\n{}", text.join("\n"));
}

#[test]
fn every_import_points_down_the_layers() {
    let graph = import_graph(&source_dir());
    let rank = |m: &str| LAYERS.iter().position(|l| *l == m).unwrap();
    let upward: Vec<String> = graph
        .iter()
        .flat_map(|(from, tos)| tos.iter().map(move |(to, file)| (from, to, file)))
        .filter(|(from, to, _)| rank(from) >= rank(to))
        .map(|(from, to, file)| format!("{from} -> {to} (src/{file})"))
        .collect();
    assert!(
        upward.is_empty(),
        "imports against the layers: {}",
        upward.join(", ")
    );
}

#[test]
fn letters_read_no_store_and_call_no_service() {
    let graph = import_graph(&source_dir());
    let bad: Vec<String> = graph
        .get("letters")
        .into_iter()
        .flatten()
        .filter(|(to, _)| !LETTERS_MAY_IMPORT.contains(&to.as_str()))
        .map(|(to, file)| format!("letters -> {to} (src/{file})"))
        .collect();
    assert!(bad.is_empty(), "letters imports: {}", bad.join(", "));
}

#[test]
fn rules_import_nothing_of_the_other_modules() {
    let graph = import_graph(&source_dir());
    let bad: Vec<String> = graph
        .get("rules")
        .into_iter()
        .flatten()
        .filter(|(to, _)| ABOVE_RULES.contains(&to.as_str()))
        .map(|(to, file)| format!("rules -> {to} ({file})"))
        .collect();
    assert!(bad.is_empty(), "rules imports: {}", bad.join(", "));
}

/// The process's edge is one folder: the top of `src/` holds `main.rs`
/// (which only hands over to `cli/`), `lib.rs`, `ids.rs` and the library's
/// folders, and no file of the library names the binary's `cli`.
#[test]
fn the_process_edge_is_one_folder() {
    let src = source_dir();
    let loose: Vec<String> = std::fs::read_dir(&src)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .filter(|name| !matches!(name.as_str(), "main.rs" | "lib.rs" | "ids.rs"))
        .collect();
    assert!(
        loose.is_empty(),
        "loose files at the top of src/ (the edge belongs in src/cli/): {loose:?}"
    );
    let main = std::fs::read_to_string(src.join("main.rs")).unwrap();
    let main = code_only(&main);
    let code: Vec<&str> = main
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>();
    assert!(
        code.len() <= 6 && code.iter().any(|l| l.contains("cli::main")),
        "main.rs does more than hand argv to cli/: {code:?}"
    );
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    assert!(
        !code_only(&lib).contains("mod cli"),
        "cli/ is the binary's, not the library's"
    );
}

/// Builds the module graph of the source tree under `src`.
fn import_graph(src: &Path) -> Graph {
    let mut graph = Graph::new();
    for file in rust_files(src) {
        let rel = file.strip_prefix(src).unwrap();
        let from = group_of(top_name(rel));
        let text = std::fs::read_to_string(&file).unwrap();
        for target in crate_paths(&code_only(&text)) {
            let to = group_of(&target);
            if to != from {
                graph
                    .entry(from.to_string())
                    .or_default()
                    .entry(to.to_string())
                    .or_insert_with(|| rel.display().to_string());
            }
        }
        graph.entry(from.to_string()).or_default();
    }
    graph
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

/// `service/moves.rs` -> `service`, `main.rs` -> `main`.
fn top_name(rel: &Path) -> &str {
    let first = rel
        .components()
        .next()
        .unwrap()
        .as_os_str()
        .to_str()
        .unwrap();
    first.strip_suffix(".rs").unwrap_or(first)
}

fn group_of(name: &str) -> &'static str {
    GROUPS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, g)| *g)
        .unwrap_or_else(|| {
            panic!("src/{name} is not placed in a layer: add it to GROUPS in tests/architecture.rs")
        })
}

/// The source without comments and with string and char literals blanked.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !ident_before(&chars, i) {
            // A raw string r"..." or r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (0..hashes).all(|k| chars.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' {
            // A char literal ('x', '\n', '\u{..}'); otherwise a lifetime.
            if next == Some('\\') {
                let mut j = i + 2;
                while j < chars.len() && chars[j] != '\'' {
                    j += 1;
                }
                i = j + 1;
                out.push_str("' '");
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
                out.push_str("' '");
            } else {
                out.push(c);
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// The first name after every `crate::` (or `boserv::`), including each
/// name of a `crate::{a, b::c}` group.
fn crate_paths(code: &str) -> BTreeSet<String> {
    let mut names = names_after(code, "crate::");
    names.extend(names_after(code, "boserv::"));
    names.remove("self");
    names
}

fn first_ident(s: &str) -> Option<String> {
    let name: String = s
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty() && name != "self").then_some(name)
}

/// A circle in `graph` as the list of its modules, the first repeated at
/// the end; `None` when the graph has none.
fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        node: &str,
        graph: &Graph,
        marks: &mut BTreeMap<String, Mark>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match marks.get(node) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let start = path.iter().position(|n| n == node).unwrap();
                let mut circle = path[start..].to_vec();
                circle.push(node.to_string());
                return Some(circle);
            }
            None => {}
        }
        marks.insert(node.to_string(), Mark::Open);
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flat_map(|m| m.keys()) {
            if let Some(circle) = visit(next, graph, marks, path) {
                return Some(circle);
            }
        }
        path.pop();
        marks.insert(node.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for node in graph.keys() {
        if let Some(circle) = visit(node, graph, &mut marks, &mut Vec::new()) {
            return Some(circle);
        }
    }
    None
}

/// One circle through each knot of the graph: the first circle found, then
/// again without the edge that closed it, until none is left.
fn all_circles(graph: &Graph) -> Vec<Vec<String>> {
    let mut rest = graph.clone();
    let mut circles = Vec::new();
    while let Some(circle) = find_cycle(&rest) {
        let (from, to) = (&circle[circle.len() - 2], &circle[circle.len() - 1]);
        rest.get_mut(from).unwrap().remove(to);
        circles.push(circle);
    }
    circles
}

/// `a -> b (src/a/x.rs) -> a (src/b/y.rs)`.
fn describe(graph: &Graph, circle: &[String]) -> String {
    let mut text = circle[0].clone();
    for pair in circle.windows(2) {
        let file = &graph[&pair[0]][&pair[1]];
        text.push_str(&format!(" -> {} (src/{file})", pair[1]));
    }
    text
}

fn graph_of(edges: &[(&str, &str)]) -> Graph {
    let mut graph = Graph::new();
    for (from, to) in edges {
        graph
            .entry(from.to_string())
            .or_default()
            .insert(to.to_string(), format!("{from}/x.rs"));
        graph.entry(to.to_string()).or_default();
    }
    graph
}

#[test]
fn cycle_finder_names_the_circle() {
    let graph = graph_of(&[("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")]);
    let circle = find_cycle(&graph).expect("a circle");
    assert_eq!(circle, ["a", "b", "c", "a"]);
    assert_eq!(
        describe(&graph, &circle),
        "a -> b (src/a/x.rs) -> c (src/b/x.rs) -> a (src/c/x.rs)"
    );
}

#[test]
fn every_circle_is_named() {
    let graph = graph_of(&[("a", "b"), ("b", "a"), ("c", "d"), ("d", "c"), ("a", "c")]);
    assert_eq!(all_circles(&graph).len(), 2);
    assert!(all_circles(&graph_of(&[("a", "b")])).is_empty());
}

#[test]
fn cycle_finder_accepts_layers_and_diamonds() {
    let graph = graph_of(&[("a", "b"), ("a", "c"), ("b", "d"), ("c", "d")]);
    assert_eq!(find_cycle(&graph), None);
}

#[test]
fn cycle_finder_finds_a_two_step_circle_behind_a_layer() {
    let graph = graph_of(&[("top", "x"), ("x", "y"), ("y", "x")]);
    assert_eq!(find_cycle(&graph).unwrap(), ["x", "y", "x"]);
}

#[test]
fn paths_in_comments_and_strings_do_not_count() {
    let code = code_only(
        "use crate::store::Open; // crate::mail::x\n\
         /* crate::web::y */ let s = \"crate::bot::z\"; let c = '\"';\n\
         fn f<'a>() { crate::dice::roll(); }\n\
         use crate::{command::{GameId, Actor}, clock, self};\n\
         let r = r#\"crate::letters\"#; boserv::service::run();",
    );
    let names: Vec<String> = crate_paths(&code).into_iter().collect();
    assert_eq!(names, ["clock", "command", "dice", "service", "store"]);
}

/// Inside `service/`, the topics from the top down: a topic imports only
/// the topics after it. `remind` runs from cron over every topic; a
/// player's account reaches their games, records and invitations; the
/// records read the games; the community (challenges, consent, seeks,
/// ratings, tournaments, messages) starts and ends games through play;
/// play (a move and what answers it: the notices, letters and pages that
/// follow) uses the computer player's account and levels and the clocks
/// of `time`. The files at the top of `service/` are the common ground
/// every topic reads (the request, the errors, the reply, the loaded game,
/// notices, dice, the move list): they import no topic. `service/mod.rs`
/// is the dispatch: it imports every topic, and nothing imports it but
/// what it re-exports from the common ground. Test code (`#[cfg(test)]`
/// modules and files) is left out: a test may drive the whole service.
const SERVICE_TOPICS: &[&str] = &[
    "remind",
    "accounts",
    "records",
    "community",
    "play",
    "bot",
    "time",
    "common",
];

#[test]
fn service_topics_import_one_way() {
    let service = source_dir().join("service");
    let graph = service_graph(&service);
    let rank = |g: &str| SERVICE_TOPICS.iter().position(|t| *t == g);
    let mut bad = Vec::new();
    for (from, tos) in &graph {
        for (to, file) in tos {
            match (rank(from), rank(to)) {
                (Some(a), Some(b)) if a < b => {}
                _ => bad.push(format!("{from} -> {to} (src/service/{file})")),
            }
        }
    }
    assert!(
        bad.is_empty(),
        "imports against the service's topics:\n{}",
        bad.join("\n")
    );
}

/// The group of `service/`'s top-level entry `name`: a topic folder, the
/// dispatch (`mod.rs`), or the common ground (every other file).
fn service_group(service: &Path, name: &str) -> Option<String> {
    if SERVICE_TOPICS.contains(&name) && service.join(name).is_dir() {
        Some(name.to_string())
    } else if name == "mod" {
        Some("dispatch".to_string())
    } else if service.join(format!("{name}.rs")).is_file()
        || service.join(name).join("mod.rs").is_file()
    {
        Some("common".to_string())
    } else {
        None
    }
}

/// The import graph of `service/`'s groups, test code left out.
fn service_graph(service: &Path) -> Graph {
    let files = rust_files(service);
    let tests = test_files(&files);
    // What `service/mod.rs` re-exports (`pub use x::Y`), and defines.
    let root = code_only(&std::fs::read_to_string(service.join("mod.rs")).unwrap());
    let mut exported: BTreeMap<String, String> = BTreeMap::new();
    for line in root.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("pub use ") {
            let module = first_ident(rest).unwrap_or_default();
            let names = rest.trim_end_matches(';');
            for name in names
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .skip(1)
                .filter(|n| !n.is_empty())
            {
                exported.insert(name.to_string(), module.clone());
            }
        }
    }
    let resolve = |name: &str| -> Option<String> {
        service_group(service, name).or_else(|| match exported.get(name) {
            Some(module) => service_group(service, module),
            None => Some("dispatch".to_string()),
        })
    };
    let mut graph = Graph::new();
    for file in &files {
        if tests.contains(file) {
            continue;
        }
        let rel = file.strip_prefix(service).unwrap();
        let from = service_group(service, top_name(rel)).unwrap();
        if from == "dispatch" {
            continue;
        }
        let text = without_test_modules(&code_only(&std::fs::read_to_string(file).unwrap()));
        // The file's module path below `service`.
        let mut module: Vec<String> = rel
            .with_extension("")
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        if module.last().is_some_and(|m| m == "mod") {
            module.pop();
        }
        let mut targets: BTreeSet<String> = BTreeSet::new();
        for name in names_after(&text, "crate::service::") {
            targets.extend(resolve(&name));
        }
        for (ups, name) in super_paths(&text) {
            if ups > module.len() {
                continue;
            }
            let base = &module[..module.len() - ups];
            match base.first() {
                Some(top) => targets.extend(service_group(service, top)),
                None => targets.extend(resolve(&name)),
            }
        }
        for to in targets {
            if to != from {
                graph
                    .entry(from.clone())
                    .or_default()
                    .entry(to)
                    .or_insert_with(|| rel.display().to_string());
            }
        }
    }
    graph
}

/// The first name after every `prefix` (each name of a `prefix{a, b}` group).
fn names_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find(prefix) {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + prefix.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || matches!(c, '_' | ':' | '$')) {
            continue;
        }
        names.extend(group_or_name(rest));
    }
    names
}

/// The names a path continues with: `x::...` gives `x`, `{a, b::c}` gives
/// `a` and `b`.
fn group_or_name(tail: &str) -> Vec<String> {
    let tail = tail.trim_start();
    let Some(group) = tail.strip_prefix('{') else {
        return first_ident(tail).into_iter().collect();
    };
    let mut depth = 0;
    let mut item = String::new();
    let mut items = Vec::new();
    for c in group.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => items.push(std::mem::take(&mut item)),
            _ => {}
        }
        if depth == 0 && c != ',' {
            item.push(c);
        }
    }
    items.push(item);
    items.iter().filter_map(|i| first_ident(i.trim())).collect()
}

/// Every `super::super::x` path: how many levels it climbs, and the name
/// after them.
fn super_paths(code: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("super::") {
        let before = rest[..at].chars().next_back();
        rest = &rest[at..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            rest = &rest["super::".len()..];
            continue;
        }
        let mut ups = 0;
        while let Some(next) = rest.strip_prefix("super::") {
            ups += 1;
            rest = next;
        }
        for name in group_or_name(rest) {
            out.push((ups, name));
        }
    }
    out
}

/// The code before its first `#[cfg(test)]` module (test modules close
/// their files here).
fn without_test_modules(code: &str) -> String {
    let mut rest = code;
    let mut offset = 0;
    while let Some(at) = rest.find("#[cfg(test)]") {
        let after = rest[at + "#[cfg(test)]".len()..].trim_start();
        let declared_elsewhere = after["mod ".len().min(after.len())..]
            .trim_start()
            .split_once(';')
            .is_some_and(|(name, _)| !name.contains('{'));
        if after.starts_with("mod ") && !declared_elsewhere {
            return code[..offset + at].to_string();
        }
        offset += at + 1;
        rest = &rest[at + 1..];
    }
    code.to_string()
}

/// The files compiled only for tests: each `#[cfg(test)] mod name;` (with
/// its `#[path]`, if any), and everything under them.
fn test_files(files: &[PathBuf]) -> BTreeSet<PathBuf> {
    let mut out = BTreeSet::new();
    for file in files {
        let text = code_only(&std::fs::read_to_string(file).unwrap());
        let dir = file.parent().unwrap();
        let own_dir = if file.file_name().is_some_and(|n| n == "mod.rs") {
            dir.to_path_buf()
        } else {
            dir.join(file.file_stem().unwrap())
        };
        let mut rest = text.as_str();
        while let Some(at) = rest.find("#[cfg(test)]") {
            rest = &rest[at + "#[cfg(test)]".len()..];
            let mut decl = rest.trim_start();
            let mut path = None;
            if decl.starts_with("#[path") {
                // The literal is blanked by `code_only`: read it from the source.
                let source = std::fs::read_to_string(file).unwrap();
                if let Some(i) = source.find("#[path = \"") {
                    let p = &source[i + "#[path = \"".len()..];
                    path = p.split_once('"').map(|(p, _)| dir.join(p));
                }
                decl = decl
                    .split_once(']')
                    .map(|(_, d)| d.trim_start())
                    .unwrap_or(decl);
            }
            let decl = decl
                .strip_prefix("pub(crate) ")
                .or_else(|| decl.strip_prefix("pub "))
                .unwrap_or(decl);
            let Some(name) = decl.strip_prefix("mod ").and_then(|d| d.split_once(';')) else {
                continue;
            };
            let name = name.0.trim();
            if name.contains('{') {
                continue;
            }
            let child = path.unwrap_or_else(|| {
                let flat = own_dir.join(format!("{name}.rs"));
                if flat.exists() {
                    flat
                } else {
                    own_dir.join(name).join("mod.rs")
                }
            });
            let folder = child.parent().unwrap().join(child.file_stem().unwrap());
            out.insert(child.clone());
            out.extend(files.iter().filter(|f| f.starts_with(&folder)).cloned());
        }
    }
    out
}

#[test]
fn service_paths_climb_and_tests_are_left_out() {
    let code = code_only(
        "use super::super::play::moves;\nuse super::{game, error::ServiceError};\n\
         fn f() { crate::service::time::due::x(); }\n\
         #[cfg(test)]\nmod tests {\n    use crate::service::remind;\n}\n",
    );
    let kept = without_test_modules(&code);
    assert!(!kept.contains("remind"));
    assert_eq!(
        super_paths(&kept),
        [
            (2, "play".to_string()),
            (1, "game".to_string()),
            (1, "error".to_string())
        ]
    );
    let names: Vec<String> = names_after(&kept, "crate::service::").into_iter().collect();
    assert_eq!(names, ["time"]);
}
