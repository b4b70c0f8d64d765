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
}

impl Section {
    fn set(&mut self, key: &str, value: &str, line: usize) {
        match self.keys.iter_mut().find(|(k, _, _)| k == key) {
            Some(entry) => *entry = (key.to_string(), value.to_string(), line),
            None => self.keys.push((key.to_string(), value.to_string(), line)),
        }
    }
}

/// Every section of `text`, in order. Lines before the first section are
/// ignored (Fairy-Stockfish skips its file's preamble the same way); a
/// line inside a section that is neither a comment, blank, nor
/// `key = value` is refused.
pub fn sections(text: &str) -> Result<Vec<Section>, DefinitionError> {
    let mut out: Vec<Section> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with(';') {
            continue;
        }
        if let Some(rest) = trimmed.strip_prefix('[') {
            let header = rest.strip_suffix(']').ok_or(DefinitionError::Syntax {
                line,
                why: "a section header ends with ]".into(),
            })?;
            let (name, parent) = match header.split_once(':') {
                Some((name, parent)) => (name.trim(), Some(parent.trim().to_string())),
                None => (header.trim(), None),
            };
            if name.is_empty() || parent.as_deref() == Some("") {
                return Err(DefinitionError::Syntax {
                    line,
                    why: "a section needs a name".into(),
                });
            }
            out.push(Section {
                name: name.to_string(),
                parent,
                keys: Vec::new(),
                line,
            });
            continue;
        }
        let Some(section) = out.last_mut() else {
            continue;
        };
        let (key, value) = trimmed
            .split_once('=')
            .ok_or_else(|| DefinitionError::Syntax {
                line,
                why: format!("expected key = value, not {trimmed:?}"),
            })?;
        let key = key.trim_end();
        if key.is_empty() {
            return Err(DefinitionError::Syntax {
                line,
                why: "a key before =".into(),
            });
        }
        section.set(key, value.trim(), line);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_keys_parents_and_comments() {
        let text = "# preamble\nignored = yes\n[a]\nmaxRank = 10\n# c\n\n[b:a]\nking = k:KN\nmaxRank=9\nmaxRank = 8\n";
        let s = sections(text).unwrap();
        assert_eq!(s.len(), 2);
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
    fn a_line_that_is_no_key_is_refused_with_its_number() {
        let err = sections("[a]\nmaxRank 10\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2: expected key = value, not \"maxRank 10\""
        );
        assert!(sections("[a\n").is_err());
        assert!(sections("[:b]\n").is_err());
    }
}
