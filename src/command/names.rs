//! What a userid and a password may look like: part of the command
//! language (a password must fit on a mail's command line), read by the
//! service when an account is made and by the mail edge when it guesses
//! which words of a message are secrets.

/// Why `userid` cannot be a userid, or `None` when it can be one.
pub fn userid_problem(userid: &str) -> Option<&'static str> {
    if userid.is_empty() || userid.len() > 32 {
        return Some("1 to 32 characters");
    }
    if !userid.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return Some("it must start with a letter");
    }
    if !userid
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c))
    {
        return Some("letters, digits, _ - . only");
    }
    None
}

/// Why `password` cannot be a password (no spaces, quotes or colons: they
/// would break the mail command line; at least 4 characters), or `None`.
pub fn password_problem(password: &str) -> Option<&'static str> {
    if password.chars().count() < 4 {
        return Some("at least 4 characters");
    }
    if password
        .chars()
        .any(|c| c.is_whitespace() || c.is_control() || "\"':".contains(c))
    {
        return Some("no spaces, quotes or colons");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn userids_and_passwords() {
        assert_eq!(userid_problem("alice_2"), None);
        assert_eq!(userid_problem("7up"), Some("it must start with a letter"));
        assert!(userid_problem("a b").is_some());
        assert!(password_problem("pass word").is_some());
        assert!(password_problem("a:bc").is_some());
        assert_eq!(password_problem("fine!"), None);
    }
}
