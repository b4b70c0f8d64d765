//! The `variants.ini` file as text: sections `[name]` or `[name:parent]`,
//! `key = value` lines, `#` comments, as Fairy-Stockfish reads them (a key
//! is trimmed at its end, a value at its start; a later line for the same
//! key replaces an earlier one). What the keys mean is `definition.rs`'s.

use super::DefinitionError;

/// One section of the file, its keys in the order written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub name: String,
    pub parent: Option<String>,
    /// (key, value, line number) for each key, the last line of a key kept.
    pub keys: Vec<(String, String, usize)>,
    /// The line of the `[name]` header.
    pub line: usize,
    /// The first line of the section that could not be read: the section
    /// is refused for it, the file's other sections are not.
    pub error: Option<DefinitionError>,
}

impl Section {
    fn set(&mut self, key: &str, value: &str, line: usize) {
        match self.keys.iter_mut().find(|(k, _, _)| k == key) {
            Some(entry) => *entry = (key.to_string(), value.to_string(), line),
            None => self.keys.push((key.to_string(), value.to_string(), line)),
        }
    }

    fn spoil(&mut self, line: usize, why: String) {
        self.error
            .get_or_insert(DefinitionError::Syntax { line, why });
    }
}

/// Every section of `text`, in order. Lines before the first section are
/// ignored (Fairy-Stockfish skips its file's preamble the same way); a
/// line inside a section that is neither a comment, blank, nor
/// `key = value`, or a header that is not `[name]` or `[name:parent]`,
/// marks its section as refused ([`Section::error`]).
pub fn sections(text: &str) -> Vec<Section> {
    let mut out: Vec<Section> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with(';') {
            continue;
        }
        if let Some(rest) = trimmed.strip_prefix('[') {
            let header = rest.strip_suffix(']');
            let (name, parent) = match header.unwrap_or(rest).split_once(':') {
                Some((name, parent)) => (name.trim(), Some(parent.trim().to_string())),
                None => (header.unwrap_or(rest).trim(), None),
            };
            let mut section = Section {
                name: if name.is_empty() { "(unnamed)" } else { name }.to_string(),
                parent,
                keys: Vec::new(),
                line,
                error: None,
            };
            if header.is_none() {
                section.spoil(line, "a section header ends with ]".into());
            } else if name.is_empty() || section.parent.as_deref() == Some("") {
                section.spoil(line, "a section needs a name".into());
            }
            out.push(section);
            continue;
        }
        let Some(section) = out.last_mut() else {
            continue;
        };
        match trimmed.split_once('=') {
            None => section.spoil(line, format!("expected key = value, not {trimmed:?}")),
            Some((key, _)) if key.trim_end().is_empty() => {
                section.spoil(line, "a key before =".into())
            }
            Some((key, value)) => section.set(key.trim_end(), value.trim(), line),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_keys_parents_and_comments() {
        let text = "# preamble\nignored = yes\n[a]\nmaxRank = 10\n# c\n\n[b:a]\nking = k:KN\nmaxRank=9\nmaxRank = 8\n";
        let s = sections(text);
        assert_eq!(s.len(), 2);
        assert!(s.iter().all(|s| s.error.is_none()));
        assert_eq!(s[0].name, "a");
        assert_eq!(s[0].parent, None);
        assert_eq!(s[0].keys, vec![("maxRank".into(), "10".into(), 4)]);
        assert_eq!(s[1].parent.as_deref(), Some("a"));
        assert_eq!(
            s[1].keys,
            vec![
                ("king".into(), "k:KN".into(), 8),
                ("maxRank".into(), "8".into(), 10)
            ]
        );
    }

    #[test]
    fn a_line_that_is_no_key_refuses_its_section_with_its_number() {
        let s = sections("[a]\nmaxRank 10\n[b]\nmaxRank = 10\n");
        let err = s[0].error.as_ref().unwrap();
        assert_eq!(
            err.to_string(),
            "line 2: expected key = value, not \"maxRank 10\""
        );
        // The next section is read as if nothing were wrong before it.
        assert_eq!(s[1].error, None);
        assert_eq!(s[1].keys, vec![("maxRank".into(), "10".into(), 4)]);
        assert!(sections("[a\n")[0].error.is_some());
        assert!(sections("[:b]\n")[0].error.is_some());
    }
}
