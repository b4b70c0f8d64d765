//! The system configuration file: which database the server's processes
//! share.
//!
//! The MTA's pipe, cron's `deliver` and `remind`, and an operator's shell
//! all start `boserv` with different users, directories and environments.
//! Without one place that names the database, each must be given `--db`,
//! and a shell command run elsewhere quietly made a second, empty database
//! whose mails no cron ever sent. `/etc/boserv/boserv.conf` (or the file
//! `BOSERV_CONFIG` names) is that place; `scripts/mta/setup.sh` writes it.
//!
//! The file is lines of `NAME = VALUE`; `#` starts a comment. Its one name
//! is `db`, the database's path (absolute). The server's other settings
//! live in the database itself (`boserv config`), so that this file never
//! has to be edited after setup.
//!
//! Which database a run uses, first found wins: `--db`, `BOSERV_DB`, the
//! configuration file's `db`, `./boserv.db`. A run that names another
//! database than the configured one is told so on stderr.

use std::path::{Path, PathBuf};

use thiserror::Error;

/// Where the configuration file is when `BOSERV_CONFIG` does not say.
pub const DEFAULT_PATH: &str = "/etc/boserv/boserv.conf";

/// The database a run uses when nothing names one.
pub const FALLBACK_DB: &str = "boserv.db";

/// A configuration file that cannot be used; the run stops (exit 2).
#[derive(Debug, Error, PartialEq)]
pub enum ConfigFileError {
    #[error("cannot read the configuration file {path}: {reason}")]
    Unreadable { path: PathBuf, reason: String },
    #[error("{path} line {line}: {problem}")]
    Bad {
        path: PathBuf,
        line: usize,
        problem: String,
    },
}

/// What the configuration file says.
#[derive(Debug, Clone, PartialEq)]
pub struct SystemConfig {
    /// The file it was read from.
    pub path: PathBuf,
    /// The server's database.
    pub db: Option<PathBuf>,
}

impl SystemConfig {
    /// Reads the file `BOSERV_CONFIG` names (`env_value`), or the default
    /// one. `None`: no file to read (`BOSERV_CONFIG` empty, or no default
    /// file); a file named by `BOSERV_CONFIG` must exist.
    pub fn find(env_value: Option<&str>) -> Result<Option<SystemConfig>, ConfigFileError> {
        let path = match env_value {
            Some("") => return Ok(None),
            Some(named) => PathBuf::from(named),
            None if Path::new(DEFAULT_PATH).exists() => PathBuf::from(DEFAULT_PATH),
            None => return Ok(None),
        };
        let text = std::fs::read_to_string(&path).map_err(|e| ConfigFileError::Unreadable {
            path: path.clone(),
            reason: e.to_string(),
        })?;
        Self::parse(&path, &text).map(Some)
    }

    /// Reads the file's text.
    pub fn parse(path: &Path, text: &str) -> Result<SystemConfig, ConfigFileError> {
        let bad = |line: usize, problem: String| ConfigFileError::Bad {
            path: path.to_path_buf(),
            line,
            problem,
        };
        let mut config = SystemConfig {
            path: path.to_path_buf(),
            db: None,
        };
        for (index, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let Some((name, value)) = line.split_once('=') else {
                return Err(bad(index + 1, format!("write NAME = VALUE, not {line:?}")));
            };
            let (name, value) = (name.trim(), value.trim());
            match name {
                "db" if value.is_empty() => {
                    return Err(bad(index + 1, "db names no file".into()));
                }
                "db" if !Path::new(value).is_absolute() => {
                    return Err(bad(
                        index + 1,
                        format!("db must be an absolute path, not {value}"),
                    ));
                }
                "db" => config.db = Some(PathBuf::from(value)),
                other => {
                    return Err(bad(
                        index + 1,
                        format!("unknown name {other:?} (the only one is db)"),
                    ));
                }
            }
        }
        Ok(config)
    }
}

/// The database a run uses, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Resolved {
    pub db: PathBuf,
    /// Set when the run names another database than the configured one:
    /// the line that says so.
    pub elsewhere: Option<String>,
}

/// Chooses the database: `named` is `--db` or `BOSERV_DB`, if given.
pub fn resolve(named: Option<PathBuf>, config: Option<&SystemConfig>) -> Resolved {
    let configured = config.and_then(|c| c.db.as_ref().map(|db| (db, &c.path)));
    match (named, configured) {
        (Some(named), Some((db, file))) if !same_file(&named, db) => Resolved {
            elsewhere: Some(format!(
                "note: this uses the database {}, not the server's {} (named in {}); \
                 leave out --db and BOSERV_DB to use the server's",
                named.display(),
                db.display(),
                file.display()
            )),
            db: named,
        },
        (Some(named), _) => Resolved {
            db: named,
            elsewhere: None,
        },
        (None, Some((db, _))) => Resolved {
            db: db.clone(),
            elsewhere: None,
        },
        (None, None) => Resolved {
            db: PathBuf::from(FALLBACK_DB),
            elsewhere: None,
        },
    }
}

/// Whether two paths name one file: compared as the file system resolves
/// them where they exist (a relative path, a symbolic link), as written
/// where they do not.
fn same_file(a: &Path, b: &Path) -> bool {
    let absolute = |p: &Path| {
        p.canonicalize()
            .or_else(|_| std::path::absolute(p))
            .unwrap_or_else(|_| p.to_path_buf())
    };
    absolute(a) == absolute(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(db: &str) -> SystemConfig {
        SystemConfig {
            path: PathBuf::from("/etc/boserv/boserv.conf"),
            db: Some(PathBuf::from(db)),
        }
    }

    #[test]
    fn the_file_names_the_database() {
        let text = "# boserv\n\ndb = /var/lib/boserv/boserv.db   # the games\n";
        let config = SystemConfig::parse(Path::new("/x.conf"), text).unwrap();
        assert_eq!(config.db, Some(PathBuf::from("/var/lib/boserv/boserv.db")));
    }

    #[test]
    fn a_bad_line_is_named_with_its_number() {
        let err = SystemConfig::parse(Path::new("/x.conf"), "\ndb /var/x.db\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "/x.conf line 2: write NAME = VALUE, not \"db /var/x.db\""
        );
        let err = SystemConfig::parse(Path::new("/x.conf"), "db = x.db").unwrap_err();
        assert!(err.to_string().contains("absolute"), "{err}");
        let err = SystemConfig::parse(Path::new("/x.conf"), "dbase = /x.db").unwrap_err();
        assert!(err.to_string().contains("unknown name \"dbase\""), "{err}");
    }

    #[test]
    fn an_empty_boserv_config_reads_no_file_and_a_missing_named_one_is_an_error() {
        assert_eq!(SystemConfig::find(Some("")), Ok(None));
        let err = SystemConfig::find(Some("/nonexistent/boserv.conf")).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("cannot read the configuration file")
        );
    }

    #[test]
    fn the_configured_database_is_used_unless_another_is_named() {
        let config = file("/var/lib/boserv/boserv.db");
        let chosen = resolve(None, Some(&config));
        assert_eq!(chosen.db, PathBuf::from("/var/lib/boserv/boserv.db"));
        assert_eq!(chosen.elsewhere, None);

        let same = resolve(Some("/var/lib/boserv/boserv.db".into()), Some(&config));
        assert_eq!(same.elsewhere, None);

        let other = resolve(Some("/tmp/other.db".into()), Some(&config));
        assert_eq!(other.db, PathBuf::from("/tmp/other.db"));
        assert!(other.elsewhere.unwrap().contains("not the server's"));
    }

    #[test]
    fn without_a_file_the_database_is_the_named_one_or_boserv_db_here() {
        assert_eq!(resolve(None, None).db, PathBuf::from("boserv.db"));
        assert_eq!(
            resolve(Some("/a.db".into()), None).db,
            PathBuf::from("/a.db")
        );
    }
}
