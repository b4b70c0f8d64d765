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
    ("system_config", "system_config"),
    // The front ends: the binary's files and the library's intake that
    // turns input into commands and runs them.
    ("front", "front end"),
    ("main", "front end"),
    ("mail_command", "front end"),
    ("mailbox_command", "front end"),
    ("publish_command", "front end"),
    ("shell_command", "front end"),
    ("out", "front end"),
    ("allocator", "front end"),
    ("huge_pages", "front end"),
    ("quick_args", "front end"),
    ("start", "front end"),
    ("lib", "front end"),
];

/// The layers from the top down: a module imports only modules after it.
/// `lib.rs` and README's layout say the same.
const LAYERS: &[&str] = &[
    "front end",
    "system_config",
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
    "system_config",
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
    let mut names = BTreeSet::new();
    for root in ["crate::", "boserv::"] {
        let mut rest = code;
        while let Some(at) = rest.find(root) {
            let before = rest[..at].chars().next_back();
            let tail = &rest[at + root.len()..];
            rest = tail;
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
                continue;
            }
            let tail = tail.trim_start();
            if let Some(group) = tail.strip_prefix('{') {
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
                names.extend(items.iter().filter_map(|i| first_ident(i.trim())));
            } else if let Some(name) = first_ident(tail) {
                names.insert(name);
            }
        }
    }
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
