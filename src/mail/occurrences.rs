//! Where many words occur in a text: the leftmost, and of those the
//! longest, each in turn, in time linear in the text and the words.
//!
//! Masking ([`super::mask`]) replaces every secret of a message wherever
//! it stands in the stored copy, and the secrets of a message are its
//! own words: a stranger chooses both the words and the text. A general
//! leftmost-longest search (aho-corasick's) looks past a match for a
//! longer one, and starts again after the match: with the words `xxxx`
//! and `x`×20,000+`y` over a run of `x`, every match costs the longest
//! word again, and its DFA is built in the square of the longest word
//! (issue 48: a 20 KB Subject took half a minute). Here the automaton of
//! the *reversed* words runs once over the reversed text: at each
//! position its state is the longest reversed word prefix ending there,
//! and a link computed once per state gives the longest whole word among
//! that state's suffixes, that is, the longest word *starting* at that
//! position of the text. The matches are then taken left to right, each
//! from where the last ended, which is the leftmost-longest order.
//!
//! Words and text are bytes; a word that is UTF-8 can only match a UTF-8
//! text at character boundaries, so replacing matches keeps it UTF-8.

/// The automaton of a set of words, reversed: a state is a prefix of a
/// reversed word, five numbers and a byte (a word of 256 KB is 256 K
/// states, 4.5 MB).
pub struct Words {
    /// The start state's children, by byte (`START`: none).
    root: [u32; 256],
    /// The byte that leads to each state, its first child and its next
    /// sibling (`START`: none); few states have more than one child.
    byte: Vec<u8>,
    first_child: Vec<u32>,
    sibling: Vec<u32>,
    /// The longest proper suffix of each state that is a state.
    fail: Vec<u32>,
    /// The length of the longest word that is a suffix of the state
    /// (0: none).
    longest: Vec<u32>,
}

/// The start state; `root` holds it where a byte starts no word.
const START: u32 = 0;

impl Words {
    /// The automaton of `words` (empty ones left out), or `None` when no
    /// word is left.
    pub fn new<'a>(words: impl IntoIterator<Item = &'a str>) -> Option<Words> {
        let mut built = Words {
            root: [START; 256],
            byte: vec![0],
            first_child: vec![START],
            sibling: vec![START],
            fail: vec![START],
            longest: vec![0],
        };
        let mut depth = vec![0u32];
        let mut any = false;
        for word in words.into_iter().filter(|w| !w.is_empty()) {
            any = true;
            let mut state = START;
            for &byte in word.as_bytes().iter().rev() {
                state = match built.child(state, byte) {
                    Some(next) => next,
                    None => {
                        let next = built.byte.len() as u32;
                        built.byte.push(byte);
                        built.first_child.push(START);
                        built.fail.push(START);
                        built.longest.push(0);
                        depth.push(depth[state as usize] + 1);
                        if state == START {
                            built.sibling.push(START);
                            built.root[byte as usize] = next;
                        } else {
                            built.sibling.push(built.first_child[state as usize]);
                            built.first_child[state as usize] = next;
                        }
                        next
                    }
                };
            }
            built.longest[state as usize] = depth[state as usize];
        }
        if !any {
            return None;
        }
        built.link();
        Some(built)
    }

    /// The failure links and the longest word of each state, breadth
    /// first (a state's links are shorter, so computed before it).
    fn link(&mut self) {
        let mut queue = std::collections::VecDeque::new();
        for next in self.root {
            if next != START {
                queue.push_back(next);
            }
        }
        while let Some(state) = queue.pop_front() {
            let s = state as usize;
            // A word's own end keeps its length; any other state takes
            // the longest word among its suffixes (its link's, already
            // known: shorter states come first).
            if self.longest[s] == 0 {
                self.longest[s] = self.longest[self.fail[s] as usize];
            }
            let mut next = self.first_child[s];
            while next != START {
                let byte = self.byte[next as usize];
                let mut f = self.fail[s];
                let target = loop {
                    if let Some(to) = self.child(f, byte) {
                        break to;
                    }
                    if f == START {
                        break START;
                    }
                    f = self.fail[f as usize];
                };
                self.fail[next as usize] = target;
                queue.push_back(next);
                next = self.sibling[next as usize];
            }
        }
    }

    fn child(&self, state: u32, byte: u8) -> Option<u32> {
        if state == START {
            let next = self.root[byte as usize];
            return (next != START).then_some(next);
        }
        let mut next = self.first_child[state as usize];
        while next != START {
            if self.byte[next as usize] == byte {
                return Some(next);
            }
            next = self.sibling[next as usize];
        }
        None
    }

    /// For each position of `text`, the length of the longest word that
    /// starts there (0: none), until `stop` says a length is enough.
    fn longest_from(&self, text: &[u8], mut stop: impl FnMut(u32) -> bool) -> Vec<u32> {
        let mut out = vec![0u32; text.len()];
        let mut state = START;
        for at in (0..text.len()).rev() {
            let byte = text[at];
            state = loop {
                if let Some(next) = self.child(state, byte) {
                    break next;
                }
                if state == START {
                    break START;
                }
                state = self.fail[state as usize];
            };
            out[at] = self.longest[state as usize];
            if stop(out[at]) {
                break;
            }
        }
        out
    }

    /// `text` with each word where it occurs replaced by `with`: the
    /// leftmost occurrence first, the longest word where several start
    /// at the same place, the next search after it.
    pub fn replace_all(&self, text: &str, with: &str) -> String {
        let bytes = text.as_bytes();
        let longest = self.longest_from(bytes, |_| false);
        let mut out = Vec::with_capacity(bytes.len());
        let (mut at, mut kept) = (0, 0);
        while at < bytes.len() {
            match longest[at] as usize {
                0 => at += 1,
                n => {
                    out.extend_from_slice(&bytes[kept..at]);
                    out.extend_from_slice(with.as_bytes());
                    at += n;
                    kept = at;
                }
            }
        }
        out.extend_from_slice(&bytes[kept..]);
        String::from_utf8(out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }

    /// True when a word occurs in `text`.
    pub fn is_match(&self, text: &str) -> bool {
        let mut found = false;
        self.longest_from(text.as_bytes(), |n| {
            found |= n > 0;
            found
        });
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use aho_corasick::{AhoCorasick, MatchKind};
    use proptest::prelude::*;

    fn reference(words: &[String], text: &str) -> String {
        let words: Vec<&String> = words.iter().filter(|w| !w.is_empty()).collect();
        if words.is_empty() {
            return text.to_string();
        }
        let finder = AhoCorasick::builder()
            .match_kind(MatchKind::LeftmostLongest)
            .build(&words)
            .unwrap();
        finder.replace_all(text, &vec!["***"; words.len()])
    }

    #[test]
    fn leftmost_then_longest() {
        let words = Words::new(["abc", "abcd", "bcdef", "x"]).unwrap();
        assert_eq!(words.replace_all("zabcdefx", "*"), "z*ef*");
        assert_eq!(words.replace_all("ab bcdef", "*"), "ab *");
        assert!(words.is_match("..x.."));
        assert!(!words.is_match("ab bc"));
        assert!(Words::new(["", ""]).is_none());
        let words = Words::new(["né", "é"]).unwrap();
        assert_eq!(words.replace_all("café né", "*"), "caf* *");
    }

    #[test]
    fn a_long_word_over_a_long_run_is_linear() {
        // aho-corasick's worst case: every short match looks ahead the
        // long word's length.
        let long = format!("{}y", "x".repeat(50_000));
        let words = Words::new(["xxxx", long.as_str()]).unwrap();
        let text = "x".repeat(200_000);
        let masked = words.replace_all(&text, "*");
        assert_eq!(masked, "*".repeat(50_000));
    }

    proptest! {
        /// The same matches as aho-corasick's leftmost-longest search,
        /// on small alphabets where words overlap often.
        #[test]
        fn as_aho_corasick_finds_them(
            words in proptest::collection::vec("[abc]{0,5}|[aé ]{1,3}", 0..8),
            text in "[abcé ]{0,60}",
        ) {
            let got = match Words::new(words.iter().map(String::as_str)) {
                Some(found) => found.replace_all(&text, "***"),
                None => text.clone(),
            };
            prop_assert_eq!(got, reference(&words, &text));
        }
    }
}
