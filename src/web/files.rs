//! Where each page lives under the web directory, and writing a page so
//! that a reader (a web server) never sees half of one: the text goes to
//! a temporary file beside it, is flushed, and is renamed over the page.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::WebError;

/// A userid as a file name: letters, digits, `-`, `_` and `.` kept, any
/// other byte written `%XX` (no path can be made of a userid).
pub fn file_name(userid: &str) -> String {
    let mut out = String::new();
    for byte in userid.bytes() {
        match byte {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' => out.push(byte as char),
            b'.' if !out.is_empty() => out.push('.'),
            other => out.push_str(&format!("%{other:02X}")),
        }
    }
    out
}

/// `index.html`, relative to the web directory.
pub fn index() -> PathBuf {
    PathBuf::from("index.html")
}

/// `games/N.html`.
pub fn game(id: u64) -> PathBuf {
    PathBuf::from(format!("games/{id}.html"))
}

/// `games/N/P.html`: the position after move P.
pub fn ply(id: u64, number: u32) -> PathBuf {
    PathBuf::from(format!("games/{id}/{number}.html"))
}

/// `players/USERID.html`.
pub fn player(userid: &str) -> PathBuf {
    PathBuf::from(format!("players/{}.html", file_name(userid)))
}

/// `standings/VARIANT.html`.
pub fn standings(variant: &str) -> PathBuf {
    PathBuf::from(format!("standings/{}.html", file_name(variant)))
}

/// `tournaments/NAME.html`.
pub fn tournament(name: &str) -> PathBuf {
    PathBuf::from(format!("tournaments/{}.html", file_name(name)))
}

/// Writes `text` at `dir/relative` atomically (temporary file + rename),
/// making the folders it needs.
pub fn write(dir: &Path, relative: &Path, text: &str) -> Result<(), WebError> {
    let path = dir.join(relative);
    let error = |source| WebError::Write {
        path: path.display().to_string(),
        source,
    };
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(error)?;
    }
    let mut temporary = path.clone().into_os_string();
    temporary.push(format!(".{}.tmp", std::process::id()));
    let temporary = PathBuf::from(temporary);
    let written = (|| {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&temporary, &path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written.map_err(error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_userid_never_makes_a_path() {
        assert_eq!(file_name("alice"), "alice");
        assert_eq!(file_name("../etc"), "%2E.%2Fetc");
        assert_eq!(player("a/b"), PathBuf::from("players/a%2Fb.html"));
    }

    #[test]
    fn a_page_is_replaced_whole_and_no_temporary_file_stays() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), &game(3), "one").unwrap();
        write(dir.path(), &game(3), "two").unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.path().join("games/3.html")).unwrap(),
            "two"
        );
        let names: Vec<_> = std::fs::read_dir(dir.path().join("games"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["3.html"]);
    }
}
